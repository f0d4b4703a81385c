//! Sprouts for the search engine ([`crate::search`]): a component is one land, keyed by its
//! canonical string, and a move's option is the sum of the lands it leaves.

use std::cell::RefCell;
use std::sync::Arc;

use super::canon::simplify;
use super::moves::{children, move_bound};
use super::notation::{parse, write_land, Land};
use rustc_hash::FxHashMap as HashMap;

use crate::search::table::{mix64, Pair};
use crate::search::{OptionSink, SplitGame, TableKey};

/// One land in canonical form ([`super::canon`]): its lives and a bound on its moves, then
/// its string's bytes. Equal keys are the same game. Shared, not copied: a land is one of
/// many options' lands, and a listing meets the same lands again and again.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LandKey(Arc<[u8]>);

/// The bytes before a key's text: its lives (`u16`) and the bound on its moves (`u32`).
const HEADER: usize = 6;

impl LandKey {
    /// The key of `land`, simplified and in canonical order, written `canonical`.
    pub fn of(land: &Land, canonical: &str) -> LandKey {
        let lives: u32 = (0..land.lines.len() as u16).map(|s| land.lives(s)).sum();
        LandKey::from_parts(lives, move_bound(land), canonical)
    }

    /// The key of a land of `lives` and at least `bound` moves, written `canonical`.
    pub(super) fn from_parts(lives: u32, bound: usize, canonical: &str) -> LandKey {
        let bound = u32::try_from(bound).unwrap_or(u32::MAX);
        let mut bytes = Vec::with_capacity(HEADER + canonical.len());
        bytes.extend_from_slice(&(lives.min(u32::from(u16::MAX)) as u16).to_le_bytes());
        bytes.extend_from_slice(&bound.to_le_bytes());
        bytes.extend_from_slice(canonical.as_bytes());
        LandKey(bytes.into())
    }

    /// The key of a land written canonically.
    pub fn new(canonical: &str) -> LandKey {
        let land = parse(canonical)
            .ok()
            .and_then(|mut lands| lands.pop())
            .unwrap_or_default();
        LandKey::of(&land, canonical)
    }

    /// Its bytes: the header, then the text.
    pub(super) fn bytes(&self) -> &[u8] {
        &self.0
    }

    /// The key whose bytes ([`LandKey::bytes`]) are `bytes`.
    pub(super) fn from_bytes(bytes: &[u8]) -> LandKey {
        LandKey(bytes.into())
    }

    /// The land's canonical string.
    pub fn text(&self) -> &str {
        // Keys are made from strings and read back only when they parse.
        std::str::from_utf8(self.0.get(HEADER..).unwrap_or_default()).unwrap_or_default()
    }

    /// The land itself.
    pub fn land(&self) -> Land {
        parse(self.text())
            .ok()
            .and_then(|mut lands| lands.pop())
            .unwrap_or_default()
    }

    /// The land's lives (three per spot less its lines).
    pub fn lives(&self) -> u32 {
        self.0
            .first_chunk::<2>()
            .map_or(0, |b| u16::from_le_bytes(*b).into())
    }

    /// At least the number of its moves.
    pub fn move_bound(&self) -> usize {
        self.0
            .get(2..HEADER)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }
}

impl TableKey for LandKey {
    type Slot = Pair<LandKey>;
    const OWNS_HEAP: bool = true;

    fn hash64(&self) -> u64 {
        self.0.chunks(8).fold(0x5350_524f_5554_5321, |h, chunk| {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            mix64(h ^ u64::from_le_bytes(word))
        })
    }

    /// Its bytes and the two counts an `Arc` keeps beside them.
    fn heap_bytes(&self) -> usize {
        self.0.len() + 16
    }

    fn write(&self, out: &mut Vec<u8>) {
        let text = self.text();
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(text.as_bytes());
    }

    /// `None` unless the bytes are one land in the notation.
    fn read(bytes: &mut &[u8]) -> Option<Self> {
        let (len, rest) = bytes.split_first_chunk::<4>()?;
        let len = u32::from_le_bytes(*len) as usize;
        let text = std::str::from_utf8(rest.get(..len)?).ok()?;
        if parse(text).ok()?.len() != 1 {
            return None;
        }
        *bytes = &rest[len..];
        Some(LandKey::new(text))
    }
}

/// Sprouts, normal play, for [`crate::search::Engine`]: it keeps the options of the lands
/// it lists (the engine asks a land again as its questions narrow), within a memory bound.
#[derive(Debug, Default)]
pub struct Sprouts {
    cache: RefCell<OptionCache>,
}

/// Options listed, by land, in two generations: the lands listed or asked since the older
/// one was dropped, and the older. When the newer is full the older is dropped and the newer
/// takes its place, so the lands the search is working on stay and the rest go, never all at
/// once.
#[derive(Debug)]
struct OptionCache {
    newer: HashMap<LandKey, Options>,
    older: HashMap<LandKey, Options>,
    bytes: usize,
    /// Bytes a generation holds.
    limit: usize,
}

impl Default for OptionCache {
    fn default() -> Self {
        OptionCache {
            newer: HashMap::default(),
            older: HashMap::default(),
            bytes: 0,
            limit: GENERATION_BYTES,
        }
    }
}

/// The options of one land, each the keys of the lands it leaves.
pub type Options = Arc<Vec<Vec<LandKey>>>;

/// Bytes of options one generation of the cache holds.
const GENERATION_BYTES: usize = 64 << 20;

impl OptionCache {
    /// The options of `key` if kept, moved to the newer generation.
    fn get(&mut self, key: &LandKey) -> Option<Options> {
        if let Some(found) = self.newer.get(key) {
            return Some(Arc::clone(found));
        }
        let (key, found) = self.older.remove_entry(key)?;
        self.insert(key, Arc::clone(&found));
        Some(found)
    }

    /// Keeps `options` of `key`, dropping the older generation when the newer is full.
    fn insert(&mut self, key: LandKey, options: Options) {
        let bytes = key.0.len()
            + 64
            + options
                .iter()
                .flatten()
                .map(|k| k.0.len() + 40)
                .sum::<usize>();
        if self.bytes + bytes > self.limit {
            self.older = std::mem::take(&mut self.newer);
            self.bytes = 0;
        }
        self.bytes += bytes;
        self.newer.insert(key, options);
    }
}

impl Sprouts {
    /// The game, with an empty cache.
    pub fn new() -> Sprouts {
        Sprouts::default()
    }

    /// The game with a cache whose two generations hold at most `bytes` of options each.
    pub fn with_cache_bytes(bytes: usize) -> Sprouts {
        let game = Sprouts::default();
        game.cache.borrow_mut().limit = bytes.max(1);
        game
    }

    /// The options of the land `key` (each the keys of the lands it leaves), from the cache or
    /// listed.
    pub fn land_options(&self, key: &LandKey) -> Options {
        if let Some(found) = self.cache.borrow_mut().get(key) {
            return found;
        }
        let options = Arc::new(super::flat::options_of(&key.land()));
        self.cache
            .borrow_mut()
            .insert(key.clone(), Arc::clone(&options));
        options
    }
}

/// The distinct options of `land`, each the keys of the lands it leaves (sorted), in a fixed
/// order: fewest lives first. The definition: the search lists them as [`super::flat`] does,
/// the same options faster.
pub fn options_by_definition(land: &Land) -> Vec<Vec<LandKey>> {
    let mut options: Vec<(u32, Vec<LandKey>)> = children(land)
        .into_iter()
        .map(|child| {
            let lands = canonical_keys(child);
            (lands.iter().map(LandKey::lives).sum(), lands)
        })
        .collect();
    // Sorted, equal options are neighbours: each kept once, without a set of copies.
    options.sort_unstable();
    options.dedup();
    options.into_iter().map(|(_, o)| o).collect()
}

/// The keys of the lands of `land` once simplified, sorted by their text.
pub fn canonical_keys(land: Land) -> Vec<LandKey> {
    let mut keys: Vec<LandKey> = simplify(land)
        .iter()
        .map(|l| LandKey::of(l, &write_land(l)))
        .collect();
    keys.sort_by(|a, b| a.text().cmp(b.text()));
    keys
}

impl SplitGame for Sprouts {
    type Key = LandKey;

    fn table_tag(&self) -> String {
        "sprouts".into()
    }

    /// Its lives.
    fn size(&self, key: &LandKey) -> u32 {
        key.lives()
    }

    /// The number of its distinct options, listed (and kept) to count them: the bound the
    /// key carries grows with the ways a region's boundaries can be shared out and would send
    /// most lands to the engine's full mex, while the options are few once canonical.
    fn move_count(&self, key: &LandKey) -> usize {
        self.land_options(key).len()
    }

    /// The land in the notation, as Glop and SPOTS write it.
    fn key_text(&self, key: &LandKey) -> String {
        key.text().to_string()
    }

    /// One land in the notation, as [`SplitGame::key_text`] writes it: a key is the land its
    /// text reads as, so any land names a key (two lands, `0*1+0*2`, name none).
    fn key_from_text(&self, text: &str) -> Option<LandKey> {
        match parse(text).ok()?.as_slice() {
            [land] => Some(LandKey::of(land, text)),
            _ => None,
        }
    }

    /// A land's options differ widely in cost (a loop that ends the game at once beside a
    /// line that leaves dozens of moves), so the search that deepens the cheapest first
    /// proves outcomes with a small fraction of the lands: `0*9` is valued in under two
    /// seconds where the depth-first search took more than an hour (docs/performance-search.md).
    fn proof_numbers(&self) -> bool {
        true
    }

    fn options<S: OptionSink<LandKey>>(&self, key: &LandKey, out: &mut S) {
        for option in self.land_options(key).iter() {
            out.begin();
            for land in option {
                out.component(land.clone());
            }
            if !out.end() {
                return;
            }
        }
    }
}

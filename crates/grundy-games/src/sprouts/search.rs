//! Sprouts for the search engine ([`crate::search`]): a component is one land, keyed by its
//! canonical string, and a move's option is the sum of the lands it leaves.

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use super::flat::options_of;
use super::key::LandKey;
use super::notation::parse;
use crate::search::{OptionSink, SplitGame};

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
        let bytes = key.bytes().len()
            + 64
            + options
                .iter()
                .flatten()
                .map(|k| k.bytes().len() + 40)
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
        let options = Arc::new(options_of(&key.land()));
        self.cache
            .borrow_mut()
            .insert(key.clone(), Arc::clone(&options));
        options
    }
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

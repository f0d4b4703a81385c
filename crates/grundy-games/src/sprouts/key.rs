//! A land's key: its canonical string with its lives and a bound on its moves, the key of the
//! search engine's table; and the options of a land by the definition (the moves, then the
//! canonical form), which the search lists faster on lands laid flat (`flat.rs`).

use std::sync::Arc;

use super::canon::simplify;
use super::moves::{children, move_bound};
use super::notation::{parse, write_land, Land};
use crate::search::table::{mix64, Pair};
use crate::search::TableKey;

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
        hash_bytes(0x5350_524f_5554_5321, &self.0)
    }

    /// Its bytes and the two counts an `Arc` keeps beside them.
    fn heap_bytes(&self) -> usize {
        self.0.len() + 16
    }

    fn write(&self, out: &mut Vec<u8>) {
        write_text(self.text(), out);
    }

    /// `None` unless the bytes are one land in the notation.
    fn read(bytes: &mut &[u8]) -> Option<Self> {
        let (text, rest) = read_text(bytes)?;
        if parse(text).ok()?.len() != 1 {
            return None;
        }
        *bytes = rest;
        Some(LandKey::new(text))
    }
}

/// A hash of a key's bytes, from `seed` (one per kind of key), eight bytes a step.
pub(super) fn hash_bytes(seed: u64, bytes: &[u8]) -> u64 {
    bytes.chunks(8).fold(seed, |h, chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        mix64(h ^ u64::from_le_bytes(word))
    })
}

/// Writes a key as a saved table keeps it: its text's length, then the text.
pub(super) fn write_text(text: &str, out: &mut Vec<u8>) {
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
}

/// The text [`write_text`] wrote at the start of `bytes`, and the bytes after it.
pub(super) fn read_text(bytes: &[u8]) -> Option<(&str, &[u8])> {
    let (len, rest) = bytes.split_first_chunk::<4>()?;
    let len = u32::from_le_bytes(*len) as usize;
    let text = std::str::from_utf8(rest.get(..len)?).ok()?;
    Some((text, &rest[len..]))
}

/// The distinct options of `land`, each the keys of the lands it leaves (sorted), in a fixed
/// order: fewest lives first. The definition: the search lists the same options faster
/// (`flat.rs`, held equal to this by its tests).
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

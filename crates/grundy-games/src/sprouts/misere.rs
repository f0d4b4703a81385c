//! Misère Sprouts (whoever draws the last line loses) by proof-number search on whole
//! positions. Lands do not add under misère play as they do under normal play (a land's
//! nimber says nothing of a sum's misère outcome), so a node is a whole position, its lands
//! together.
//!
//! The search is the engine's own ([`crate::search::Engine`], its table, budgets and proof
//! numbers), on a game whose normal-play outcome is the misère outcome of Sprouts: the finished
//! position (no line left to draw) is given one move, to a position without any. The player
//! who cannot draw a line then still has a move, and wins by it, as misère play says; every
//! other position keeps its moves. A position is a P-position of misère Sprouts exactly when
//! the engine finds it worth 0 in that game.
//!
//! One reduction, exact for every position `X` (docs/theory.md, "Sprouts"): a land whose
//! game is `*1` (one move, which ends the game) counts only by the parity of its copies,
//! `G⁻(X + *1 + *1) = G⁻(X)`; pairs of them are dropped.

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::FxHashSet;

use super::key::{hash_bytes, read_text, write_text, LandKey};
use super::search::Sprouts;
use super::SproutsPosition;
use crate::kernel::error::Result;
use crate::search::table::Pair;
use crate::search::{Engine, OptionSink, SplitGame, TableKey};

/// A whole position for the misère search: its lives, then each land's key (with its length),
/// lands in the order of their text, pairs of `*1` lands dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PositionKey(Arc<[u8]>);

impl PositionKey {
    /// The key of the position made of `lands` (sorted by their text).
    fn of(lands: &[LandKey]) -> PositionKey {
        let lives: u32 = lands.iter().map(LandKey::lives).sum();
        let mut bytes =
            Vec::with_capacity(2 + lands.iter().map(|l| 4 + l.bytes().len()).sum::<usize>());
        bytes.extend_from_slice(&(lives.min(u32::from(u16::MAX)) as u16).to_le_bytes());
        for land in lands {
            bytes.extend_from_slice(&(land.bytes().len() as u32).to_le_bytes());
            bytes.extend_from_slice(land.bytes());
        }
        PositionKey(bytes.into())
    }

    /// Its lands, in order.
    fn lands(&self) -> Vec<LandKey> {
        let mut out = Vec::new();
        let mut rest = self.0.get(2..).unwrap_or_default();
        while let Some((len, tail)) = rest.split_first_chunk::<4>() {
            let len = u32::from_le_bytes(*len) as usize;
            out.push(LandKey::from_bytes(&tail[..len]));
            rest = &tail[len..];
        }
        out
    }

    fn lives(&self) -> u32 {
        self.0
            .first_chunk::<2>()
            .map_or(0, |b| u16::from_le_bytes(*b).into())
    }

    /// The position in the notation (`0*0` when finished).
    pub fn text(&self) -> String {
        let lands = self.lands();
        match lands.is_empty() {
            true => "0*0".into(),
            false => lands
                .iter()
                .map(LandKey::text)
                .collect::<Vec<_>>()
                .join("+"),
        }
    }
}

impl TableKey for PositionKey {
    type Slot = Pair<PositionKey>;
    const OWNS_HEAP: bool = true;

    fn hash64(&self) -> u64 {
        hash_bytes(0x4d49_5345_5245_2121, &self.0)
    }

    /// Its bytes and the two counts an `Arc` keeps beside them.
    fn heap_bytes(&self) -> usize {
        self.0.len() + 16
    }

    fn write(&self, out: &mut Vec<u8>) {
        write_text(&self.text(), out);
    }

    /// `None` unless the bytes are a position in the notation.
    fn read(bytes: &mut &[u8]) -> Option<Self> {
        let (text, rest) = read_text(bytes)?;
        let position: SproutsPosition = text.parse().ok()?;
        *bytes = rest;
        Some(MISERE_LANDS.with(|game| game.key(position.keys())))
    }
}

/// Misère Sprouts for [`Engine`]: a component is a whole position; the lands' options come
/// from normal play's cache ([`Sprouts::land_options`]).
#[derive(Debug, Default)]
pub struct SproutsMisere {
    lands: Sprouts,
}

thread_local! {
    /// The lands' options this thread has listed, for keys read from saved tables.
    static MISERE_LANDS: SproutsMisere = SproutsMisere::default();
}

impl SproutsMisere {
    /// Whether `land` is `*1`: one move, which leaves nothing.
    fn is_star_one(&self, land: &LandKey) -> bool {
        matches!(self.lands.land_options(land).as_slice(), [only] if only.is_empty())
    }

    /// The key of the position of `lands` (in any order): sorted, pairs of `*1` lands dropped.
    pub fn key(&self, mut lands: Vec<LandKey>) -> PositionKey {
        lands.sort_by(|a, b| a.text().cmp(b.text()));
        // Equal lands are neighbours: of each run of a `*1` land, its parity is kept.
        let mut kept: Vec<LandKey> = Vec::with_capacity(lands.len());
        for land in lands {
            match kept.last() == Some(&land) && self.is_star_one(&land) {
                true => {
                    kept.pop();
                }
                false => kept.push(land),
            }
        }
        PositionKey::of(&kept)
    }
}

impl SplitGame for SproutsMisere {
    type Key = PositionKey;

    fn table_tag(&self) -> String {
        "sprouts-misere".into()
    }

    /// Its lives.
    fn size(&self, key: &PositionKey) -> u32 {
        key.lives()
    }

    /// Its lands' options together (some may leave the same position), one for a finished
    /// position.
    fn move_count(&self, key: &PositionKey) -> usize {
        let lands = key.lands();
        match lands.is_empty() {
            true => 1,
            false => lands.iter().map(|l| self.lands.land_options(l).len()).sum(),
        }
    }

    fn key_text(&self, key: &PositionKey) -> String {
        key.text()
    }

    fn key_from_text(&self, text: &str) -> Option<PositionKey> {
        let position: SproutsPosition = text.parse().ok()?;
        Some(self.key(position.keys()))
    }

    /// Misère outcomes are proved as normal play's are: proof numbers spend the search on the
    /// cheapest proof.
    fn proof_numbers(&self) -> bool {
        true
    }

    /// Each distinct position one line away; for the finished position, the one move that
    /// makes misère play's winner the player who cannot draw (to the empty sum).
    fn options<S: OptionSink<PositionKey>>(&self, key: &PositionKey, out: &mut S) {
        let lands = key.lands();
        if lands.is_empty() {
            out.begin();
            out.end();
            return;
        }
        let mut seen = FxHashSet::default();
        for (i, land) in lands.iter().enumerate() {
            if i > 0 && lands[i - 1] == *land {
                continue;
            }
            for option in self.lands.land_options(land).iter() {
                let mut next: Vec<LandKey> = Vec::with_capacity(lands.len() + option.len());
                next.extend(lands[..i].iter().cloned());
                next.extend(lands[i + 1..].iter().cloned());
                next.extend(option.iter().cloned());
                let next = self.key(next);
                if seen.insert(next.clone()) {
                    out.begin();
                    out.component(next);
                    if !out.end() {
                        return;
                    }
                }
            }
        }
    }
}

thread_local! {
    /// This thread's misère engine: a game played or analysed asks of the same positions
    /// again and again.
    static ENGINE: RefCell<Option<Engine<SproutsMisere>>> = const { RefCell::new(None) };
}

/// Most bytes the misère search's table takes (less within a question's memory budget).
const MISERE_MEMORY: usize = 1 << 30;

/// Whether the position of `lands` is a P-position of misère Sprouts (the player to move loses when the
/// last line loses), by proof-number search within the question's budget or else
/// [`super::DEFAULT_TIME_BUDGET`].
pub fn is_p_position(lands: Vec<LandKey>) -> Result<bool> {
    ENGINE.with(|cell| {
        let mut cell = cell.borrow_mut();
        let engine = cell.get_or_insert_with(|| {
            let memory = crate::kernel::budget::table_bytes(MISERE_MEMORY);
            Engine::new(SproutsMisere::default(), memory)
        });
        engine.set_time_budget(Some(super::DEFAULT_TIME_BUDGET));
        let key = engine.game().key(lands);
        engine.sum_has_value(&[key], 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lands(text: &str) -> Vec<LandKey> {
        text.parse::<SproutsPosition>().unwrap().keys()
    }

    /// `22` is `*1` (its one line leaves nothing): pairs of it drop from a position's key, and
    /// the outcomes are misère Nim's on heaps of 1 (an odd number of them loses), beside
    /// anything else too.
    #[test]
    fn pairs_of_star_one_lands_drop() {
        let game = SproutsMisere::default();
        assert!(game.is_star_one(&lands("22")[0]));
        assert!(!game.is_star_one(&lands("0")[0]));
        assert_eq!(game.key(lands("22+22")), game.key(Vec::new()));
        assert_eq!(game.key(lands("22+0*2+22+22")), game.key(lands("0*2+22")));
        for (text, p) in [
            ("22", true),
            ("22+22", false),
            ("22+22+22", true),
            ("0*0", false),
        ] {
            assert_eq!(is_p_position(lands(text)).unwrap(), p, "{text}");
        }
        // Beside any position, a pair changes nothing.
        for text in ["0*2", "0*3", "1a1a", "0.1a1a", "0*2+0"] {
            let alone = is_p_position(lands(text)).unwrap();
            let beside = is_p_position(lands(&format!("{text}+22+22"))).unwrap();
            assert_eq!(alone, beside, "{text}");
        }
    }

    /// A key written to a saved table reads back as itself.
    #[test]
    fn keys_read_back() {
        let game = SproutsMisere::default();
        for text in ["0*0", "0*5", "0*2+1a1a", "22+0*3"] {
            let key = game.key(lands(text));
            let mut bytes = Vec::new();
            key.write(&mut bytes);
            let mut slice = bytes.as_slice();
            assert_eq!(PositionKey::read(&mut slice), Some(key.clone()), "{text}");
            assert!(slice.is_empty());
            assert_eq!(game.key_from_text(&key.text()), Some(key));
        }
    }
}

//! All-but subtraction games: every amount may be taken from a heap except those in a finite
//! excluded set.
//!
//! The values grow without bound (an all-but game is Nim with a few amounts removed), so no
//! ordinary period exists; they are computed directly, in `O(|E|²)` per value, and are
//! arithmetic-periodic: `period` proves `G(n + p) = G(n) + s` from finitely many of them
//! (docs/theory.md, "All-but games"). Once proven (computed once per game, searching at most
//! [`big::PERIOD_SEARCH`] values), a heap of any size is a lookup, and its winning moves are
//! found by arithmetic (`big`); a game whose period is not proven there answers heaps up to
//! [`MAX_ALL_BUT_HEAP`] only.
//!
//! ```
//! use grundy_games::all_but::AllButGame;
//! let game = AllButGame::new([2, 3]).unwrap();
//! let values: Vec<u64> = (0..8).map(|n| game.value(n).unwrap()).collect();
//! assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 3]);
//! ```

pub mod big;
pub mod period;
pub(crate) mod sequence;

use std::sync::{Arc, Mutex, OnceLock};

use num_bigint::BigUint;

use crate::family::{known, Drawing, Family, Param, ParamKind, Positions};
use crate::kernel::error::{GameError, Result};
use crate::kernel::list::parse_list_in;
use crate::kernel::moves::MoveList;
use crate::kernel::BigHeaps;
use crate::kernel::{uniform_below, Ruleset};
use crate::nimber::Nimber;
use crate::subtraction::{list_text, parse_amounts, MAX_TAKE};
use big::ProvenPeriod;

/// The most values of an all-but subtraction game computed heap by heap (and searched for a
/// period): the largest heap answered when no period is proven among them.
pub const MAX_ALL_BUT_HEAP: u64 = 10_000_000;

/// Heaps up to here are answered from the table of values; larger ones through the period
/// when it is proven.
const TABLE_HEAP: u64 = big::PERIOD_SEARCH;

/// All-but games in the registry: `allbut{2,3}:10`.
pub static FAMILY: Family = Family {
    name: "all-but",
    aliases: &["allbut"],
    title: "All-but subtraction game",
    rules: "A move takes any number of tokens from one heap except the excluded amounts.",
    params: &[Param {
        name: "except",
        short: None,
        positional: false,
        kind: ParamKind::Amounts,
        label: "Excluded amounts",
        help: "the amounts a move may not take, e.g. 2,3 (each from 1 to 1000000)",
        example: "2,3",
    }],
    positions: Positions {
        label: "Heaps",
        help: "heap sizes, of any size (through the game's proven arithmetic period)",
        example: "10, 11",
        drawing: Drawing::HEAPS,
    },
    example: "allbut{2,3}:10,11",
    sequence: true,
    known_by: known::sequence,
    heap_game: true,
    search: None,
    at_once: None,
    reasoning: None,
    build: |params| {
        // `allbut{}` excludes nothing: it is Nim, written so that it reads back.
        let excluded = if params[0].trim().is_empty() {
            Vec::new()
        } else {
            parse_list_in(params[0], "excluded set element", 1..=MAX_TAKE)?
        };
        Ok(Arc::new(AllButGame::new(excluded)?))
    },
};

/// An all-but subtraction game: every amount may be taken except those in a finite set.
#[derive(Debug)]
pub struct AllButGame {
    excluded: Vec<u64>,
    values: Mutex<Vec<u32>>,
    /// The proven period, computed once (`None`: none within [`big::PERIOD_SEARCH`] values).
    period: OnceLock<Option<ProvenPeriod>>,
}

impl AllButGame {
    /// The game that forbids taking exactly the amounts in `excluded` (which may be empty:
    /// then it is Nim).
    pub fn new(excluded: impl IntoIterator<Item = u64>) -> Result<Self> {
        let excluded: Vec<u64> = excluded.into_iter().collect();
        let excluded = if excluded.is_empty() {
            excluded
        } else {
            parse_amounts(excluded, "excluded set")?
        };
        Ok(AllButGame {
            excluded,
            values: Mutex::new(Vec::new()),
            period: OnceLock::new(),
        })
    }

    /// The excluded amounts, sorted.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// `G(0..count)`, computed incrementally.
    pub fn values(&self, count: u64) -> Result<Vec<u32>> {
        if count > MAX_ALL_BUT_HEAP + 1 {
            return Err(beyond_the_table(count - 1, &self.excluded));
        }
        let mut cache = self.values.lock().unwrap_or_else(|e| e.into_inner());
        if (cache.len() as u64) < count {
            *cache = all_but_values(&self.excluded, count as usize);
        }
        Ok(cache[..count as usize].to_vec())
    }

    /// `G(0..=heap)`, for heaps up to [`MAX_ALL_BUT_HEAP`]. Takes the heap itself, not a count:
    /// `heap + 1` does not fit in a `u64` for the largest heap, and a count saturated there
    /// would name the wrong heap in the error.
    pub fn values_through(&self, heap: u64) -> Result<Vec<u32>> {
        check_all_but_heap(heap, &self.excluded)?;
        self.values(heap + 1)
    }

    /// The proven arithmetic period and the values it reads from, computed the first time
    /// (values are computed until the period is proven); `None` when no period is proven
    /// within the first [`big::PERIOD_SEARCH`] values.
    pub fn proven_period(&self) -> Option<&ProvenPeriod> {
        self.period
            .get_or_init(|| match big::find_period(&self.excluded) {
                Ok(proven) => Some(proven),
                Err(values) => {
                    // Kept for the heaps up to the limit, which are still answered.
                    let mut cache = self.values.lock().unwrap_or_else(|e| e.into_inner());
                    if cache.len() < values.len() {
                        *cache = values;
                    }
                    None
                }
            })
            .as_ref()
    }

    /// The proven period, or the refusal of `heap` (beyond [`MAX_ALL_BUT_HEAP`]) naming why.
    fn period_for(&self, heap: impl std::fmt::Display) -> Result<&ProvenPeriod> {
        self.proven_period()
            .ok_or_else(|| beyond_the_table(heap, &self.excluded))
    }

    /// Whether `heap` is answered through the period rather than the table.
    fn through_period(&self, heap: u64) -> bool {
        let cached = {
            let cache = self.values.lock().unwrap_or_else(|e| e.into_inner());
            cache.len() as u64
        };
        heap >= cached
            && (heap > TABLE_HEAP || matches!(self.period.get(), Some(Some(_))))
            && (heap > MAX_ALL_BUT_HEAP || self.proven_period().is_some())
    }

    /// `G(heap)` at any size within `u64`: from the table, or through the proven period (a heap
    /// beyond [`MAX_ALL_BUT_HEAP`] is refused when no period is proven).
    pub fn value(&self, heap: u64) -> Result<Nimber> {
        if self.through_period(heap) {
            return Ok(self.period_for(heap)?.value(heap));
        }
        check_all_but_heap(heap, &self.excluded)?;
        let mut cache = self.values.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() as u64 <= heap {
            // Doubling, so that questions about growing heaps cost linear time in all.
            let count = (heap + 1)
                .max(2 * cache.len() as u64)
                .min(MAX_ALL_BUT_HEAP + 1);
            *cache = all_but_values(&self.excluded, count as usize);
        }
        // Looked up in place: copying the prefix would cost O(heap) per question.
        Ok(cache[heap as usize] as Nimber)
    }
}

rules_compared_by!(AllButGame, excluded);

impl Ruleset for AllButGame {
    type Position = u64;

    fn term(&self) -> String {
        format!("allbut{{{}}}", list_text(&self.excluded))
    }

    fn name(&self) -> String {
        format!("all-but {{{}}}", list_text(&self.excluded))
    }

    fn title(&self) -> String {
        format!(
            "All-but subtraction game, excluded {{{}}}",
            list_text(&self.excluded)
        )
    }

    fn amounts(&self) -> &[u64] {
        &self.excluded
    }

    fn sequence(&self) -> Option<&dyn crate::kernel::heap_sequence::HeapSequence> {
        Some(self)
    }

    /// Taking `heap − t` tokens, allowed unless that amount is excluded.
    fn option_to(&self, &heap: &u64, parts: &[u64]) -> Option<Vec<u64>> {
        let left = match *parts {
            [] => 0,
            [t] => t,
            _ => return None,
        };
        let taken = heap.checked_sub(left).filter(|&k| k > 0)?;
        self.excluded
            .binary_search(&taken)
            .is_err()
            .then(|| vec![left])
    }

    fn options(&self, &heap: &u64) -> Vec<Vec<u64>> {
        (1..=heap)
            .filter(|s| self.excluded.binary_search(s).is_err())
            .map(|s| vec![heap - s])
            .collect()
    }

    fn grundy(&self, &heap: &u64) -> Result<Nimber> {
        self.value(heap)
    }

    fn gentlest_option(&self, &heap: &u64) -> Option<Vec<u64>> {
        (1..=heap)
            .find(|s| self.excluded.binary_search(s).is_err())
            .map(|s| vec![heap - s])
    }

    fn moves_to_value(
        &self,
        &heap: &u64,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<u64>>> {
        if self.through_period(heap) {
            let found = self.period_for(heap)?.moves_to_value(
                &self.excluded,
                &BigUint::from(heap),
                &BigUint::from(target),
                limit,
            );
            return Ok(found.map(|to| {
                to.iter()
                    .map(|m| u64::try_from(m).expect("a heap below a u64 heap"))
                    .collect()
            }));
        }
        let values = self.values_through(heap)?;
        let mut found = MoveList::with_limit(limit);
        (1..=heap)
            .filter(|s| self.excluded.binary_search(s).is_err())
            .filter(|&s| values[(heap - s) as usize] as Nimber == target)
            .for_each(|s| found.push(vec![heap - s]));
        Ok(found)
    }

    /// One of the `heap − |{e in E: e <= heap}|` moves, uniformly, without listing them.
    fn random_option(&self, &heap: &u64, rng: &mut dyn rand_core::RngCore) -> Option<Vec<u64>> {
        let allowed = heap - self.excluded.iter().filter(|&&e| e <= heap).count() as u64;
        if allowed == 0 {
            return None;
        }
        // The i-th amount not excluded, ascending.
        let mut taken = uniform_below(rng, allowed) + 1;
        for &e in &self.excluded {
            if e <= taken {
                taken += 1;
            }
        }
        Some(vec![heap - taken])
    }

    /// Heaps beyond `2^64 - 1` are answered (see [`BigHeaps`]).
    fn big_heaps(&self) -> Option<&dyn BigHeaps> {
        Some(self)
    }
}

impl BigHeaps for AllButGame {
    fn value_huge(&self, heap: &BigUint) -> Option<Result<BigUint>> {
        Some(self.big_value_huge(heap))
    }

    /// The heaps of value `target` a move leaves, found through the proven period
    /// ([`ProvenPeriod::moves_to_value`]), in the order of [`Ruleset::options`].
    fn moves_to_huge_value(
        &self,
        heap: &BigUint,
        target: &BigUint,
        limit: usize,
    ) -> Option<Result<MoveList<Vec<BigUint>>>> {
        Some(
            self.period_for(heap)
                .map(|p| p.moves_to_value(&self.excluded, heap, target, limit)),
        )
    }

    fn is_option_big(&self, heap: &BigUint, parts: &[BigUint]) -> Option<bool> {
        Some(big::is_option_big(&self.excluded, heap, parts))
    }
}

/// The answers of [`BigHeaps`] at heaps beyond `2^64 - 1`, each a lookup.
impl AllButGame {
    /// Through the proven period, at any size (the value of a heap grows with it).
    fn big_value_huge(&self, heap: &BigUint) -> Result<BigUint> {
        match u64::try_from(heap) {
            Ok(h) => self.value(h).map(BigUint::from),
            Err(_) => Ok(self.period_for(heap)?.value_big(heap)),
        }
    }
}

fn check_all_but_heap(heap: u64, excluded: &[u64]) -> Result<()> {
    if heap > MAX_ALL_BUT_HEAP {
        return Err(beyond_the_table(heap, excluded));
    }
    Ok(())
}

/// Why a heap beyond [`MAX_ALL_BUT_HEAP`] is refused, in one line: its game's values are
/// computed heap by heap up to there, and no arithmetic period was proven within the first
/// [`big::PERIOD_SEARCH`] (by the test of [`period`], docs/theory.md), so a larger heap is not
/// a lookup.
fn beyond_the_table(heap: impl std::fmt::Display, excluded: &[u64]) -> GameError {
    GameError::out_of_range(
        "all-but heap",
        heap,
        format!(
            "at most {MAX_ALL_BUT_HEAP} for allbut{{{}}}: its values are computed heap by heap \
             up to there, and no arithmetic period was proven within its first {} values, so larger \
             heaps are not a lookup",
            list_text(excluded),
            big::PERIOD_SEARCH
        ),
    )
}

/// `G(0..count)` for the all-but game excluding `excluded`.
fn all_but_values(excluded: &[u64], count: usize) -> Vec<u32> {
    let mut sequencer = sequence::AllButSequencer::new(excluded);
    sequencer.extend_to(count);
    sequencer.values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mex;

    #[test]
    fn all_but_matches_naive() {
        for excluded in [
            vec![],
            vec![1u64],
            vec![2, 3],
            vec![1, 4, 5],
            vec![3, 6, 7, 12],
        ] {
            let game = AllButGame::new(excluded.clone()).unwrap();
            let fast = game.values(400).unwrap();
            let mut g: Vec<u32> = Vec::new();
            for n in 0..400u64 {
                let v = mex((1..=n)
                    .filter(|s| !excluded.contains(s))
                    .map(|s| g[(n - s) as usize] as Nimber));
                g.push(v as u32);
            }
            assert_eq!(fast, g, "{excluded:?}");
        }
    }

    /// `analyze all-but --except 3 18446744073709551615` reported the heap as
    /// 18446744073709551614 (a count `heap + 1` saturated at `u64::MAX`); now that heap and
    /// those beyond the table are answered through the period, by value and by their moves.
    #[test]
    fn heaps_beyond_the_table_are_answered() {
        let game = AllButGame::new([3]).unwrap();
        for heap in [
            MAX_ALL_BUT_HEAP,
            MAX_ALL_BUT_HEAP + 1,
            u64::MAX - 1,
            u64::MAX,
        ] {
            let g = game.value(heap).unwrap();
            assert!(g > 0 && g <= heap, "{heap}: {g}");
            let found = game.moves_to_value(&heap, 0, usize::MAX).unwrap();
            assert!(found.total() > 0, "{heap}");
            for m in found.moves() {
                assert_eq!(game.value(m[0]).unwrap(), 0, "{heap} -> {m:?}");
                assert!(game.option_to(&heap, m).is_some(), "{heap} -> {m:?}");
            }
        }
    }

    /// A game whose period is not proven within the search (excluding 5000: its period is longer
    /// than the values searched) answers heaps up to the table's limit, heap by heap, and
    /// refuses larger ones naming the heap, the limit and the game.
    #[test]
    fn without_a_proven_period_the_table_limit_remains() {
        let game = AllButGame::new([5000]).unwrap();
        assert!(game.proven_period().is_none());
        let table = game.values(100_001).unwrap();
        assert_eq!(game.value(100_000).unwrap(), table[100_000] as Nimber);
        for heap in [MAX_ALL_BUT_HEAP + 1, u64::MAX] {
            let e = game.value(heap).unwrap_err().to_string();
            let quoted = format!("\"{heap}\"");
            for part in [
                quoted.as_str(),
                "10000000",
                "allbut{5000}",
                "no arithmetic period",
            ] {
                assert!(e.contains(part), "{part}: {e}");
            }
        }
        let huge = BigUint::from(1u8) << 70;
        assert!(game.big_value_huge(&huge).is_err());
        assert!(game.moves_to_huge_value(&huge, &huge, 5).unwrap().is_err());
    }
}

//! All-but subtraction games: every amount may be taken from a heap except those in a finite
//! excluded set.
//!
//! The values grow without bound (an all-but game is Nim with a few amounts removed), so no
//! ordinary period exists; they are computed directly, in `O(|E|²)` per value, up to
//! [`MAX_ALL_BUT_HEAP`], and are arithmetic-periodic: `period` proves `G(n + p) = G(n) + s`
//! from finitely many of them (docs/theory.md, "All-but games").
//!
//! ```
//! use grundy_core::games::all_but::AllButGame;
//! let game = AllButGame::new([2, 3]).unwrap();
//! let values: Vec<u64> = (0..8).map(|n| game.value(n).unwrap()).collect();
//! assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 3]);
//! ```

pub mod period;
pub(crate) mod sequence;

use std::sync::{Arc, Mutex};

use crate::games::subtraction::{list_text, parse_amounts};
use crate::kernel::error::{GameError, Result};
use crate::kernel::family::{Drawing, Family, Param, ParamKind, Positions};
use crate::kernel::moves::MoveList;
use crate::kernel::parse_list;
use crate::kernel::Ruleset;
use crate::nimber::Nimber;

/// The largest heap of an all-but subtraction game whose value is computed.
pub const MAX_ALL_BUT_HEAP: u64 = 10_000_000;

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
        help: "heap sizes, at most 10000000 each",
        example: "10, 11",
        drawing: Drawing::Heaps,
    },
    example: "allbut{2,3}:10,11",
    sequence: true,
    build: |params| {
        // `allbut{}` excludes nothing: it is Nim, written so that it reads back.
        let excluded = if params[0].trim().is_empty() {
            Vec::new()
        } else {
            parse_list(params[0], "excluded amount")?
        };
        Ok(Arc::new(AllButGame::new(excluded)?))
    },
};

/// An all-but subtraction game: every amount may be taken except those in a finite set.
#[derive(Debug)]
pub struct AllButGame {
    excluded: Vec<u64>,
    values: Mutex<Vec<u32>>,
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
        })
    }

    /// The excluded amounts, sorted.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// `G(0..count)`, computed incrementally.
    pub fn values(&self, count: u64) -> Result<Vec<u32>> {
        if count > MAX_ALL_BUT_HEAP + 1 {
            return Err(beyond_the_table(count - 1));
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
        check_all_but_heap(heap)?;
        self.values(heap + 1)
    }

    /// `G(heap)`, for heaps up to [`MAX_ALL_BUT_HEAP`].
    pub fn value(&self, heap: u64) -> Result<Nimber> {
        check_all_but_heap(heap)?;
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
        let values = self.values_through(heap)?;
        let mut found = MoveList::with_limit(limit);
        (1..=heap)
            .filter(|s| self.excluded.binary_search(s).is_err())
            .filter(|&s| values[(heap - s) as usize] as Nimber == target)
            .for_each(|s| found.push(vec![heap - s]));
        Ok(found)
    }
}

fn check_all_but_heap(heap: u64) -> Result<()> {
    if heap > MAX_ALL_BUT_HEAP {
        return Err(beyond_the_table(heap));
    }
    Ok(())
}

/// Why a heap beyond [`MAX_ALL_BUT_HEAP`] is refused, in one line: the values are computed one
/// by one (all-but games are arithmetic-periodic by Angela Siegel's theorem, but no bound that
/// proves a period from finitely many values is implemented here, so a larger heap is not a
/// lookup).
fn beyond_the_table(heap: u64) -> GameError {
    GameError::out_of_range(
        "all-but heap",
        heap,
        format!(
            "at most {MAX_ALL_BUT_HEAP}: all-but values are computed heap by heap up to there, \
             and no arithmetic period is proven for them, so larger heaps are not a lookup"
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
        assert!(AllButGame::new([])
            .unwrap()
            .value(MAX_ALL_BUT_HEAP + 1)
            .is_err());
    }

    /// `analyze all-but --except 3 18446744073709551615` reported the heap as
    /// 18446744073709551614: the count `heap + 1` saturated at `u64::MAX`.
    #[test]
    fn all_but_errors_name_the_heap_given() {
        let game = AllButGame::new([3]).unwrap();
        for heap in [MAX_ALL_BUT_HEAP + 1, u64::MAX - 1, u64::MAX] {
            let quoted = format!("\"{heap}\"");
            let e = game.value(heap).unwrap_err().to_string();
            assert!(e.contains(&quoted), "{heap}: {e}");
            let e = game
                .moves_to_value(&heap, 0, usize::MAX)
                .unwrap_err()
                .to_string();
            assert!(e.contains(&quoted), "{heap}: {e}");
        }
        // The largest heap allowed is answered, by value and by its moves.
        let last = MAX_ALL_BUT_HEAP;
        let g = game.value(last).unwrap();
        assert_eq!(
            game.values_through(last).unwrap()[last as usize] as Nimber,
            g
        );
        for m in game.moves_to_value(&last, 0, usize::MAX).unwrap() {
            assert_eq!(game.value(m[0]).unwrap(), 0);
        }
    }
}

//! Nim: heaps of tokens; a move takes one or more tokens from one heap.
//!
//! A heap of `h` tokens is worth exactly `h` (its options are the heaps `0..h`, whose mex is
//! `h`), so a Nim position's value is the nim-sum of its heaps (Bouton, 1901). Misère Nim, where
//! taking the last token loses, is played the same way until the move would leave only heaps of
//! size 0 or 1; then the winner leaves an odd number of 1-heaps.

use crate::error::Result;
use crate::games::Ruleset;
use crate::moves::MoveList;
use crate::nimber::{nim_sum, Nimber};

/// The largest heap accepted anywhere a Nim heap is read: heaps are `u64`.
pub const MAX_HEAP: u64 = u64::MAX;

/// The Nim ruleset. A position is one heap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Nim;

impl Ruleset for Nim {
    type Position = u64;

    fn options(&self, &heap: &u64) -> Vec<Vec<u64>> {
        (0..heap).rev().map(|h| vec![h]).collect()
    }

    fn grundy(&self, &heap: &u64) -> Result<Nimber> {
        Ok(heap)
    }

    fn gentlest_option(&self, &heap: &u64) -> Option<Vec<u64>> {
        heap.checked_sub(1).map(|h| vec![h])
    }

    fn random_option(&self, &heap: &u64, rng: &mut dyn rand_core::RngCore) -> Option<Vec<u64>> {
        (heap > 0).then(|| vec![super::uniform_below(rng, heap)])
    }

    fn moves_to_value(
        &self,
        &heap: &u64,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<u64>>> {
        let mut found = MoveList::with_limit(limit);
        if target < heap {
            found.push(vec![target]);
        }
        Ok(found)
    }
}

/// A move in multi-heap Nim: heap `heap` (0-based) goes from `from` tokens to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct NimMove {
    /// Index of the heap, from 0.
    pub heap: usize,
    /// Tokens before the move.
    pub from: u64,
    /// Tokens after the move (`to < from`).
    pub to: u64,
}

impl NimMove {
    /// How many tokens the move takes.
    pub fn taken(&self) -> u64 {
        self.from - self.to
    }
}

/// Whether the player to move loses (a P-position) in normal-play Nim: the nim-sum is zero.
pub fn is_p_position(heaps: &[u64]) -> bool {
    nim_sum(heaps.iter().copied()) == 0
}

/// Every winning move of normal-play Nim, in heap order; empty for a P-position.
///
/// With nim-sum `s != 0`, a heap `h` can be cut to `h ^ s` exactly when `h ^ s < h`, that is when
/// `h` has the highest set bit of `s`; the result has nim-sum zero.
pub fn winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    let s = nim_sum(heaps.iter().copied());
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ s < h)
        .map(|(i, &h)| NimMove {
            heap: i,
            from: h,
            to: h ^ s,
        })
        .collect()
}

/// Whether the player to move loses in misère Nim.
///
/// A P-position iff (some heap is at least 2 and the nim-sum is 0) or (every heap is 0 or 1 and
/// the nim-sum is 1, i.e. an odd number of 1-heaps).
pub fn is_misere_p_position(heaps: &[u64]) -> bool {
    let s = nim_sum(heaps.iter().copied());
    if heaps.iter().any(|&h| h >= 2) {
        s == 0
    } else {
        s == 1
    }
}

/// Every winning move of misère Nim, in heap order, then by target size; empty for a
/// P-position.
///
/// A move to a misère P-position either leaves a heap of at least 2 and nim-sum 0 (the target
/// is forced: the nim-sum of the other heaps) or leaves only heaps of size 0 or 1 with an odd
/// number of 1s (the target is 0 or 1).
pub fn misere_winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    let total = nim_sum(heaps.iter().copied());
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let others_xor = total ^ h;
        let others_big = big - usize::from(h >= 2);
        let mut targets = Vec::with_capacity(3);
        // Either the result keeps a big heap and has nim-sum 0...
        let t = others_xor;
        if t < h && (others_big > 0 || t >= 2) {
            targets.push(t);
        }
        // ...or it is all 0s and 1s with nim-sum 1.
        if others_big == 0 {
            for t in [0, 1] {
                if t < h && others_xor ^ t == 1 {
                    targets.push(t);
                }
            }
        }
        targets.sort_unstable();
        targets.dedup();
        moves.extend(targets.into_iter().map(|to| NimMove {
            heap: i,
            from: h,
            to,
        }));
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_000_example() {
        assert_eq!(nim_sum([2, 3, 4]), 5);
        assert!(!is_p_position(&[2, 3, 4]));
        assert_eq!(
            winning_moves(&[2, 3, 4]),
            vec![NimMove {
                heap: 2,
                from: 4,
                to: 1
            }]
        );
        assert!(is_p_position(&[1, 4, 5]));
        assert!(winning_moves(&[1, 4, 5]).is_empty());
    }

    #[test]
    fn edge_cases() {
        assert!(is_p_position(&[]));
        assert!(is_p_position(&[0]));
        assert!(!is_p_position(&[1]));
        assert_eq!(winning_moves(&[7]).len(), 1);
        assert_eq!(winning_moves(&[u64::MAX])[0].to, 0);
        // Empty misère Nim: the previous player took the last token and lost, so the
        // player to move has won: an N-position.
        assert!(!is_misere_p_position(&[]));
        assert!(is_misere_p_position(&[1]));
        assert!(!is_misere_p_position(&[2]));
        assert_eq!(
            misere_winning_moves(&[2]),
            vec![NimMove {
                heap: 0,
                from: 2,
                to: 1
            }]
        );
        assert!(is_misere_p_position(&[1, 1, 1]));
        assert!(is_misere_p_position(&[2, 2]));
    }
}

//! Nim: heaps of tokens; a move takes one or more tokens from one heap.
//!
//! A heap of `h` tokens is worth exactly `h` (its options are the heaps `0..h`, whose mex is
//! `h`), so a Nim position's value is the nim-sum of its heaps (Bouton, 1901). Misère Nim, where
//! taking the last token loses, is played the same way until the move would leave only heaps of
//! size 0 or 1; then the winner leaves an odd number of 1-heaps.

use std::sync::Arc;

use crate::kernel::error::Result;
use crate::kernel::moves::MoveList;
use crate::kernel::Derivation;
use crate::kernel::{NimHeap, Ruleset};
use crate::nimber::{nim_sum, Nimber};
use crate::registry::{Drawing, Family, Positions};
use num_bigint::BigUint;

/// Nim in the registry: `nim:3,4,5`.
pub static FAMILY: Family = Family {
    name: "nim",
    aliases: &[],
    title: "Nim",
    rules: "A move takes one or more tokens from one heap.",
    params: &[],
    positions: Positions {
        label: "Heaps",
        help: "heap sizes, whole numbers (the command line takes Nim heaps of any size)",
        example: "3, 4, 5",
        drawing: Drawing::Heaps,
    },
    example: "nim:3,4,5",
    sequence: false,
    build: |_| Ok(Nim::shared().clone()),
};

/// The largest heap of the [`Nim`] ruleset (and so of Nim heaps in a `sum::Sum`):
/// `u64`. Heaps of any size go through the `_big` functions below and `big_nim`.
pub const MAX_HEAP: u64 = u64::MAX;

/// The Nim ruleset. A position is one heap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nim;

impl Nim {
    /// The ruleset shared by the whole process: Nim heaps are made often (simulations, every
    /// request of the page), and sharing spares an allocation each time.
    pub fn shared() -> &'static Arc<Nim> {
        static RULES: std::sync::OnceLock<Arc<Nim>> = std::sync::OnceLock::new();
        RULES.get_or_init(|| Arc::new(Nim))
    }
}

impl Ruleset for Nim {
    type Position = u64;

    fn term(&self) -> String {
        "nim".into()
    }

    fn name(&self) -> String {
        "nim".into()
    }

    fn title(&self) -> String {
        "Nim".into()
    }

    /// Any smaller heap, without listing them (heaps can hold 2^64 − 1 tokens).
    fn option_to(&self, &heap: &u64, parts: &[u64]) -> Option<Vec<u64>> {
        match *parts {
            [] if heap > 0 => Some(vec![0]),
            [t] if t < heap => Some(vec![t]),
            _ => None,
        }
    }

    /// A heap of `h` is worth `h`: its options are the heaps `0..h`, which hold every value
    /// below `h` and nothing else.
    fn explain_value(&self, &heap: &u64) -> Result<Derivation> {
        if heap == 0 {
            return crate::kernel::derive_from(self, &heap, Vec::new());
        }
        Ok(Derivation::closed_form(
            heap.to_string(),
            heap,
            if heap == 1 {
                "a Nim heap of 1 can only become the empty heap, of value 0; the mex of {0} is 1"
                    .to_string()
            } else {
                format!(
                    "a Nim heap of {heap} can become any smaller heap, of values 0 to {}; their mex is {heap}",
                    heap - 1
                )
            },
        ))
    }

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
        (heap > 0).then(|| vec![crate::kernel::uniform_below(rng, heap)])
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
///
/// Heaps are `u64` by default; [`BigNimMove`] is the same move with heaps of any size.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(bound(serialize = "H: NimHeap", deserialize = "H: serde::Deserialize<'de>"))]
pub struct NimMove<H = u64> {
    /// Index of the heap, from 0.
    pub heap: usize,
    /// Tokens before the move.
    #[serde(serialize_with = "NimHeap::serialize_heap")]
    pub from: H,
    /// Tokens after the move (`to < from`).
    #[serde(serialize_with = "NimHeap::serialize_heap")]
    pub to: H,
}

/// A move in Nim with heaps of any size.
pub type BigNimMove = NimMove<BigUint>;

impl Copy for NimMove<u64> {}

impl<H: NimHeap> NimMove<H> {
    /// How many tokens the move takes.
    pub fn taken(&self) -> H {
        self.from.minus(&self.to)
    }
}

/// A heap of any size as JSON: a number when it fits in `u64`, else a decimal string.
#[derive(Debug, Clone, Copy)]
pub struct HeapJson<'a, H>(pub &'a H);

impl<H: NimHeap> serde::Serialize for HeapJson<'_, H> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        self.0.serialize_heap(s)
    }
}

/// Serialises a list of heaps with [`HeapJson`] (for `serialize_with`).
pub(crate) fn serialize_heaps<H: NimHeap, S: serde::Serializer>(
    heaps: &[H],
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.collect_seq(heaps.iter().map(HeapJson))
}

/// The nim-sum of heaps of any size.
pub fn nim_sum_of<H: NimHeap>(heaps: &[H]) -> H {
    heaps.iter().fold(H::small(0), |acc, h| acc.xor(h))
}

/// Whether the player to move loses (a P-position) in normal-play Nim: the nim-sum is zero.
pub fn is_p_position(heaps: &[u64]) -> bool {
    nim_sum(heaps.iter().copied()) == 0
}

/// [`is_p_position`] for heaps of any size.
pub fn is_p_position_big(heaps: &[BigUint]) -> bool {
    nim_sum_of(heaps).bits() == 0
}

/// Every winning move of normal-play Nim, in heap order; empty for a P-position.
///
/// With nim-sum `s != 0`, a heap `h` can be cut to `h ^ s` exactly when `h ^ s < h`, that is when
/// `h` has the highest set bit of `s`; the result has nim-sum zero.
pub fn winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    winning_moves_of(heaps)
}

/// [`winning_moves`] for heaps of any size: one move per heap that has the highest set bit of
/// the nim-sum.
pub fn winning_moves_big(heaps: &[BigUint]) -> Vec<BigNimMove> {
    winning_moves_of(heaps)
}

/// Bouton's winning moves for either heap size.
pub(crate) fn winning_moves_of<H: NimHeap>(heaps: &[H]) -> Vec<NimMove<H>> {
    let s = nim_sum_of(heaps);
    let Some(top) = s.bits().checked_sub(1) else {
        return Vec::new();
    };
    heaps
        .iter()
        .enumerate()
        .filter(|(_, h)| h.bit(top))
        .map(|(i, h)| NimMove {
            heap: i,
            from: h.clone(),
            to: h.xor(&s),
        })
        .collect()
}

/// Whether the player to move loses in misère Nim.
///
/// A P-position iff (some heap is at least 2 and the nim-sum is 0) or (every heap is 0 or 1 and
/// the nim-sum is 1, i.e. an odd number of 1-heaps).
pub fn is_misere_p_position(heaps: &[u64]) -> bool {
    is_misere_p_position_of(heaps)
}

/// [`is_misere_p_position`] for heaps of any size.
pub fn is_misere_p_position_big(heaps: &[BigUint]) -> bool {
    is_misere_p_position_of(heaps)
}

pub(crate) fn is_misere_p_position_of<H: NimHeap>(heaps: &[H]) -> bool {
    let s = nim_sum_of(heaps);
    if heaps.iter().any(|h| h.bits() >= 2) {
        s.bits() == 0
    } else {
        s.bits() == 1
    }
}

/// Every winning move of misère Nim, in heap order, then by target size; empty for a
/// P-position.
///
/// A move to a misère P-position either leaves a heap of at least 2 and nim-sum 0 (the target
/// is forced: the nim-sum of the other heaps) or leaves only heaps of size 0 or 1 with an odd
/// number of 1s (the target is 0 or 1).
pub fn misere_winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    misere_winning_moves_of(heaps)
}

/// [`misere_winning_moves`] for heaps of any size.
pub fn misere_winning_moves_big(heaps: &[BigUint]) -> Vec<BigNimMove> {
    misere_winning_moves_of(heaps)
}

pub(crate) fn misere_winning_moves_of<H: NimHeap>(heaps: &[H]) -> Vec<NimMove<H>> {
    // A heap is "big" here when it holds at least 2 tokens (two or more binary digits).
    let is_big = |h: &H| h.bits() >= 2;
    let total = nim_sum_of(heaps);
    let big = heaps.iter().filter(|h| is_big(h)).count();
    let (zero, one) = (H::small(0), H::small(1));
    let mut moves = Vec::new();
    for (i, h) in heaps.iter().enumerate() {
        let others_xor = total.xor(h);
        let others_big = big - usize::from(is_big(h));
        let mut targets = Vec::with_capacity(3);
        // Either the result keeps a big heap and has nim-sum 0...
        if others_xor < *h && (others_big > 0 || is_big(&others_xor)) {
            targets.push(others_xor.clone());
        }
        // ...or it is all 0s and 1s with nim-sum 1.
        if others_big == 0 {
            for t in [&zero, &one] {
                if t < h && others_xor.xor(t) == one {
                    targets.push(t.clone());
                }
            }
        }
        targets.sort_unstable();
        targets.dedup();
        moves.extend(targets.into_iter().map(|to| NimMove {
            heap: i,
            from: h.clone(),
            to,
        }));
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_of_a_heap_is_explained_in_words_that_fit_its_size() {
        let one = Nim.explain_value(&1).unwrap();
        assert_eq!(one.value, 1);
        let reason = one.reason.unwrap();
        assert!(reason.contains("only become the empty heap"), "{reason}");
        assert!(!reason.contains("0 to 0"), "{reason}");
        let five = Nim.explain_value(&5).unwrap();
        assert_eq!(five.value, 5);
        assert!(five.reason.unwrap().contains("values 0 to 4"));
        assert_eq!(Nim.explain_value(&0).unwrap().value, 0);
    }

    #[test]
    fn worked_examples_of_avansyah_2025() {
        // [2, 3, 4] and [1, 4, 5] from Avansyah (2025) (docs/bibliography.md).
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

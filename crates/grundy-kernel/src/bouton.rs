//! Bouton's theory of Nim (Bouton, 1901), on heaps of any width: the nim-sum of a row of heaps,
//! normal play's winning moves (cut a heap that has the nim-sum's highest bit to its XOR with
//! the nim-sum), and misère Nim's rule (play as in normal Nim until only heaps of 0 and 1 would
//! remain, then leave an odd number of 1-heaps).
//!
//! This is the bottom of the theory rather than one ruleset's business: by the Sprague–Grundy
//! theorem every sum plays like Nim on its components' values, so the strategy, the
//! explanations and misère search use these functions on values as well as on heaps. They live
//! in the kernel so that those engines need no ruleset; the Nim ruleset re-exports them.

use crate::nimber::nim_sum;
use crate::NimHeap;
use num_bigint::BigUint;

/// A move in multi-heap Nim: heap `heap` (0-based) goes from `from` tokens to `to`.
///
/// Heaps are `u64` by default; [`BigNimMove`] is the same move with heaps of any size.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(bound(serialize = "H: NimHeap", deserialize = "H: serde::Deserialize<'de>"))]
#[schemars(bound = "")]
pub struct NimMove<H = u64> {
    /// Index of the heap, from 0.
    pub heap: usize,
    /// Tokens before the move.
    #[serde(serialize_with = "NimHeap::serialize_heap")]
    #[schemars(with = "crate::nim_heap::ExactNumber")]
    pub from: H,
    /// Tokens after the move (`to < from`).
    #[serde(serialize_with = "NimHeap::serialize_heap")]
    #[schemars(with = "crate::nim_heap::ExactNumber")]
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
pub fn serialize_heaps<H: NimHeap, S: serde::Serializer>(
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
pub fn winning_moves_of<H: NimHeap>(heaps: &[H]) -> Vec<NimMove<H>> {
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

/// [`is_misere_p_position`] for heaps of either width ([`NimHeap`]).
pub fn is_misere_p_position_of<H: NimHeap>(heaps: &[H]) -> bool {
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

/// [`misere_winning_moves`] for heaps of either width ([`NimHeap`]).
pub fn misere_winning_moves_of<H: NimHeap>(heaps: &[H]) -> Vec<NimMove<H>> {
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

//! Lasker's Nim: a move takes any positive number of tokens from one heap, or splits a heap
//! into two non-empty heaps (taking nothing).
//!
//! Its values have a closed form (Lasker 1931; Winning Ways, ch. 4 — see
//! `docs/bibliography.md`): `G(0) = 0` and for `k >= 0`
//!
//! ```text
//! G(4k + 1) = 4k + 1,   G(4k + 2) = 4k + 2,   G(4k + 3) = 4k + 4,   G(4k + 4) = 4k + 3.
//! ```
//!
//! `G` only swaps `4k + 3` and `4k + 4`, so it is its own inverse. Writing a heap `a >= 1` as
//! `4X + r + 1` (`r = 0..3`), its value is `4X' + d` with `(X', d) = (X, 1), (X, 2), (X + 1, 0),
//! (X, 3)`: the low two bits come from `r` alone and the rest is `X` or `X + 1`. That makes
//! every winning move countable at any size ([`split_moves_to_value`]): a split `a + b = n` has
//! value `G(a) XOR G(b) = t` exactly when the low parts `d_a XOR d_b` give the low two bits of
//! `t` and the high parts satisfy `X'_a + X'_b = K`, `X'_a XOR X'_b = T` (the rest of `t`), and
//! since `x + y = (x XOR y) + 2 (x AND y)` those are the `2^popcount(T)` pairs `C | S`,
//! `C | (T - S)` with `C = (K - T) / 2` (when `C` is a whole number sharing no bit with `T`) and
//! `S` any subset of `T`'s bits.
//!
//! ```
//! use grundy_games::lasker::{lasker_value, Lasker};
//! use grundy_kernel::Ruleset;
//! let values: Vec<u64> = (0..9).map(|n| lasker_value(n).unwrap()).collect();
//! assert_eq!(values, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
//! // A heap of 7 is worth 8. Its options: the splits 1 + 6, 2 + 5, 3 + 4, each worth
//! // 1 XOR 6 = 2 XOR 5 = 4 XOR 3 = 7, and the heaps 6 down to 0, worth 6 5 3 4 2 1 0.
//! // So against a Nim heap of 7, the winning moves are the three splits:
//! let moves = Lasker.moves_to_value(&7, 7, 10).unwrap();
//! assert_eq!(moves.moves(), [vec![1, 6], vec![2, 5], vec![3, 4]]);
//! ```

use std::sync::Arc;

use num_bigint::BigUint;

use crate::family::{known, Drawing, Family, Positions};
use crate::kernel::error::Result;
use crate::kernel::moves::MoveList;
use crate::kernel::tree_estimate::split_estimate;
use crate::kernel::BigHeaps;
use crate::kernel::Derivation;
use crate::kernel::TreeEstimate;
use crate::kernel::{uniform_below, PositionForm, Ruleset};
use crate::nimber::Nimber;

mod big;
pub use big::{is_option_big, lasker_value_big, moves_to_value_big};

/// Lasker's Nim in the registry: `lasker:7,9`.
pub static FAMILY: Family = Family {
    name: "lasker",
    aliases: &["laskers-nim", "lasker-nim"],
    title: "Lasker's Nim",
    rules:
        "A move takes one or more tokens from one heap, or splits a heap into two non-empty heaps.",
    params: &[],
    positions: Positions {
        label: "Heaps",
        help: "heap sizes, whole numbers of any size",
        example: "7, 9",
        drawing: Drawing::HEAPS,
    },
    example: "lasker:7,9",
    sequence: false,
    known_by: known::closed_form,
    heap_game: true,
    search: None,
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(Lasker)),
};

/// The Lasker's Nim ruleset. A position is one heap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lasker;

/// `G(n)` of Lasker's Nim (see the module documentation): `n`, except that `4k + 3` and
/// `4k + 4` swap. `None` only for `n = 2^64 − 1`, whose value `2^64` does not fit in `u64`.
pub fn lasker_value(n: u64) -> Option<u64> {
    match n % 4 {
        3 => n.checked_add(1),
        0 if n > 0 => Some(n - 1),
        _ => Some(n),
    }
}

/// The low part `d` and the carry into the high part of a heap `a = 4X + r + 1 >= 1`: its value
/// is `4(X + carry) + d`.
fn low_part(r: u64) -> (u64, u64) {
    match r {
        0 => (1, 0),
        1 => (2, 0),
        2 => (0, 1),
        _ => (3, 0),
    }
}

/// The largest heap whose value fits in `u64`.
pub const MAX_HEAP: u64 = u64::MAX - 1;

impl Ruleset for Lasker {
    type Position = u64;

    fn term(&self) -> String {
        "lasker".into()
    }

    fn name(&self) -> String {
        "lasker".into()
    }

    fn title(&self) -> String {
        "Lasker's Nim".into()
    }

    /// The splits first (they take nothing), smaller part ascending, then taking 1, 2, ...
    /// tokens (leaving `n - 1, n - 2, ..., 0`).
    fn options(&self, &heap: &u64) -> Vec<Vec<u64>> {
        let splits = (1..=heap / 2).map(|a| vec![a, heap - a]);
        let takes = (0..heap).rev().map(|left| vec![left]);
        splits.chain(takes).collect()
    }

    fn grundy(&self, &heap: &u64) -> Result<Nimber> {
        lasker_value(heap).ok_or_else(|| {
            crate::kernel::error::GameError::out_of_range(
                "Lasker's Nim heap",
                heap,
                format!("at most {MAX_HEAP} (the value of 2^64 - 1 is 2^64, beyond 64 bits)"),
            )
        })
    }

    fn splits(&self) -> bool {
        true
    }

    /// The splits of value `target` (counted by [`split_moves_to_value`]), then the one heap of
    /// value `target` below `heap`, if any: `G` is its own inverse, so that heap is
    /// `G(target)`.
    fn moves_to_value(
        &self,
        &heap: &u64,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<u64>>> {
        self.grundy(&heap)?;
        let mut found = split_moves_to_value(heap, target, limit);
        // G is its own inverse: the one heap of value `target` is G(target).
        if let Some(left) = lasker_value(target).filter(|&left| left < heap) {
            let mut take = MoveList::with_limit(found.room());
            take.push(vec![left]);
            found.append(take);
        }
        Ok(found)
    }

    fn option_to(&self, &heap: &u64, parts: &[u64]) -> Option<Vec<u64>> {
        match *parts {
            [] if heap > 0 => Some(vec![0]),
            [t] if t < heap => Some(vec![t]),
            [a, b] if a > 0 && b > 0 && a.checked_add(b) == Some(heap) => {
                Some(vec![a.min(b), a.max(b)])
            }
            _ => None,
        }
    }

    fn gentlest_option(&self, &heap: &u64) -> Option<Vec<u64>> {
        match heap {
            0 => None,
            1 => Some(vec![0]),
            _ => Some(vec![1, heap - 1]),
        }
    }

    /// One of the `heap` takes and `heap / 2` splits, uniformly, without listing them.
    fn random_option(&self, &heap: &u64, rng: &mut dyn rand_core::RngCore) -> Option<Vec<u64>> {
        let total = heap.checked_add(heap / 2)?;
        if total == 0 {
            return None;
        }
        let i = uniform_below(rng, total);
        Some(if i < heap / 2 {
            vec![i + 1, heap - i - 1]
        } else {
            vec![i - heap / 2]
        })
    }

    fn tree_estimate(&self, group: &[&u64], limit: u64) -> TreeEstimate {
        split_estimate(group, limit)
    }

    fn explain_value(&self, heap: &u64) -> Result<Derivation> {
        let bound = heap.option_bound();
        if bound <= 40 {
            return crate::kernel::derive_from(self, heap, self.options(heap));
        }
        Ok(Derivation::closed_form(
            heap.to_string(),
            self.grundy(heap)?,
            self.value_source(heap),
        ))
    }

    fn value_source(&self, heap: &u64) -> String {
        let rule = match heap % 4 {
            0 if *heap > 0 => "G(4k + 4) = 4k + 3",
            3 => "G(4k + 3) = 4k + 4",
            1 => "G(4k + 1) = 4k + 1",
            2 => "G(4k + 2) = 4k + 2",
            _ => "G(0) = 0",
        };
        format!("Lasker's closed form {rule}, proved by induction on the heap")
    }

    /// Heaps beyond `2^64 - 1` are answered (see [`BigHeaps`]).
    fn big_heaps(&self) -> Option<&dyn BigHeaps> {
        Some(self)
    }
}

impl BigHeaps for Lasker {
    /// The closed form, at any size (the value of `2^64 - 1` is `2^64`).
    fn value_huge(&self, heap: &BigUint) -> Option<Result<BigUint>> {
        Some(Ok(lasker_value_big(heap)))
    }

    /// Every split and the one heap of value `target`, found by the closed form's arithmetic
    /// ([`moves_to_value_big`]), in the order of [`Ruleset::options`].
    fn moves_to_huge_value(
        &self,
        heap: &BigUint,
        target: &BigUint,
        limit: usize,
    ) -> Option<Result<MoveList<Vec<BigUint>>>> {
        Some(Ok(moves_to_value_big(heap, target, limit)))
    }

    fn is_option_big(&self, heap: &BigUint, parts: &[BigUint]) -> Option<bool> {
        Some(is_option_big(heap, parts))
    }
}

/// The splits `a + b = heap` (`1 <= a <= b`) with `G(a) XOR G(b) = target`, ascending in `a`:
/// the first `limit` listed, all counted, in `O(16 · (64 + listed))` steps at any size (see the
/// module documentation).
pub fn split_moves_to_value(heap: u64, target: Nimber, limit: usize) -> MoveList<Vec<u64>> {
    let mut found = MoveList::with_limit(limit);
    if heap < 2 {
        return found;
    }
    // Ordered pairs (a, b), both >= 1: one stream per low parts (r, s), each ascending in a.
    let streams: Vec<SplitStream> = (0..4)
        .flat_map(|r| (0..4).map(move |s| (r, s)))
        .filter_map(|(r, s)| SplitStream::new(heap, target, r, s))
        .collect();
    let ordered: u128 = streams.iter().map(SplitStream::count).sum();
    // Each unordered split is two ordered pairs, except a = b (value 0: needs target 0).
    let equal = u128::from(heap % 2 == 0 && target == 0);
    let total = (ordered + equal) / 2;
    // List the ordered pairs with a <= b, merging the streams by a.
    let mut streams = streams;
    let mut cursors: Vec<Option<u64>> = streams.iter_mut().map(SplitStream::next).collect();
    let mut listed = 0u128;
    while found.wants_more() {
        let Some((i, a)) = cursors
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|a| (i, a)))
            .min_by_key(|&(_, a)| a)
        else {
            break;
        };
        if a > heap - a {
            break;
        }
        found.push(vec![a, heap - a]);
        listed += 1;
        cursors[i] = streams[i].next();
    }
    found.count_unlisted(total - listed);
    found
}

/// The ordered pairs `(a, b)`, `a + b = heap`, `a = 4X + r + 1`, `b = 4Y + s + 1`, with
/// `G(a) XOR G(b) = target`, ascending in `a`.
struct SplitStream {
    r: u64,
    c: u64,
    t: u64,
    /// The next subset of `t`'s bits to try, or `None` when done.
    subset: Option<u64>,
    /// Which high parts are excluded because the heap would be empty (`X' = 0` when the carry
    /// is 1 means `X = -1`).
    carry_a: u64,
    carry_b: u64,
}

impl SplitStream {
    fn new(heap: u64, target: Nimber, r: u64, s: u64) -> Option<Self> {
        let (da, ca) = low_part(r);
        let (db, cb) = low_part(s);
        if da ^ db != target & 3 {
            return None;
        }
        // 4(X + Y) + r + s + 2 = heap.
        let rest = heap.checked_sub(r + s + 2)?;
        if rest % 4 != 0 {
            return None;
        }
        let k = rest / 4 + ca + cb; // X' + Y'
        let t = target >> 2; // X' XOR Y'
        let twice_c = k.checked_sub(t)?;
        if twice_c % 2 != 0 {
            return None;
        }
        let c = twice_c / 2;
        if c & t != 0 {
            return None;
        }
        Some(SplitStream {
            r,
            c,
            t,
            subset: Some(0),
            carry_a: ca,
            carry_b: cb,
        })
    }

    /// How many pairs the stream holds: `2^popcount(t)`, less the ones with an empty heap.
    fn count(&self) -> u128 {
        let all = 1u128 << self.t.count_ones();
        if self.c != 0 {
            return all;
        }
        // X'_a = c | S is 0 only for S = {}; X'_b = c | (t - S) only for S = t. With t = 0
        // those are one and the same pair.
        if self.t == 0 {
            return u128::from(self.carry_a == 0 && self.carry_b == 0);
        }
        all - u128::from(self.carry_a) - u128::from(self.carry_b)
    }

    /// The next `a`, ascending (subsets of `t` in increasing order give increasing `X'_a`).
    fn next(&mut self) -> Option<u64> {
        loop {
            let s = self.subset?;
            self.subset = if s == self.t {
                None
            } else {
                Some(((s | !self.t).wrapping_add(1)) & self.t)
            };
            let xa = self.c | s;
            let xb = self.c | (self.t & !s);
            if (self.carry_a == 1 && xa == 0) || (self.carry_b == 1 && xb == 0) {
                continue;
            }
            // a = 4X + r + 1 with X = X' - carry.
            return Some(4 * (xa - self.carry_a) + self.r + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::component::Component;
    use crate::nimber::mex;
    use crate::solve::{grundy_by_search, DEFAULT_POSITION_LIMIT};
    use crate::sum::Sum;

    /// The closed form against the mex rule applied to the options, bottom-up.
    #[test]
    fn closed_form_matches_the_mex_rule() {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..600u64 {
            let values = (1..=n / 2)
                .map(|a| g[a as usize] ^ g[(n - a) as usize])
                .chain((0..n).map(|m| g[m as usize]));
            g.push(mex(values));
            assert_eq!(Some(g[n as usize]), lasker_value(n), "G({n})");
        }
    }

    /// Exhaustive search over sums of Lasker heaps agrees with the XOR of the closed form.
    #[test]
    fn sums_by_exhaustive_search() {
        let rules = Arc::new(Lasker);
        for a in 0..7u64 {
            for b in 0..7u64 {
                let sum = Sum::new(vec![Component::new(&rules, a), Component::new(&rules, b)]);
                let searched = grundy_by_search(&sum, DEFAULT_POSITION_LIMIT).unwrap();
                let closed = lasker_value(a).unwrap() ^ lasker_value(b).unwrap();
                assert_eq!(searched, closed, "{a} + {b}");
            }
        }
    }

    /// The counted and listed moves equal the options of that value, in the same order, for
    /// every heap below 300 and every target up to past the heap's value.
    #[test]
    fn moves_to_value_match_the_options() {
        for heap in 0..300u64 {
            let options = Lasker.options(&heap);
            for target in 0..=lasker_value(heap).unwrap() + 3 {
                let slow: Vec<Vec<u64>> = options
                    .iter()
                    .filter(|o| Lasker.value_of_all(o).unwrap() == target)
                    .cloned()
                    .collect();
                let fast = Lasker.moves_to_value(&heap, target, usize::MAX).unwrap();
                assert_eq!(fast.total(), slow.len() as u128, "{heap} to {target}");
                assert_eq!(fast.moves(), slow.as_slice(), "{heap} to {target}");
                // Cut lists keep the exact count and the first moves.
                let cut = Lasker.moves_to_value(&heap, target, 2).unwrap();
                assert_eq!(cut.total(), slow.len() as u128);
                assert_eq!(cut.moves(), &slow[..slow.len().min(2)]);
            }
        }
    }

    /// Heaps far beyond enumeration: every listed split has the value asked, the list is
    /// ascending, and the count agrees with a direct count over a window of `a` where the
    /// window covers every solution (targets with few bits have few solutions).
    #[test]
    fn huge_heaps_are_counted() {
        for heap in [1u64 << 40, (1u64 << 62) + 12345, u64::MAX - 1] {
            for target in [0u64, 1, 2, 3, 5, 12, 1 << 20] {
                let found = Lasker.moves_to_value(&heap, target, 50).unwrap();
                let mut last = 0;
                for m in found.moves() {
                    assert_eq!(Lasker.value_of_all(m).unwrap(), target, "{heap} {m:?}");
                    if m.len() == 2 {
                        assert!(m[0] > last && m[0] <= m[1] && m[0] + m[1] == heap);
                        last = m[0];
                    }
                }
                assert!(found.total() >= found.len() as u128);
            }
        }
        assert!(Lasker.grundy(&u64::MAX).is_err());
    }
}

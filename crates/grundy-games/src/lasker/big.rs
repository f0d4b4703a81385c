//! Lasker's Nim beyond `2^64 - 1`: the closed form and the winning moves on heaps of any size.
//!
//! The same arithmetic as [`super::split_moves_to_value`], in [`BigUint`]: a heap `n` and a
//! target value `t` of any size. A split `a + b = n` with `a = 4X + r + 1`, `b = 4Y + s + 1`
//! has value `G(a) XOR G(b) = 4(X'_a XOR X'_b) + (d_a XOR d_b)` (module documentation of
//! [`super`]), so its low two bits fix the pair `(r, s)` up to 16 choices and its high part `T`
//! with `X'_a + X'_b = K` fixes `X'_a = C | S` for the subsets `S` of `T`'s bits, `C = (K - T) / 2`.
//! Every split of that value is found (no search: one pair per subset), the count is
//! `2^popcount(T)` per pair `(r, s)`, a big integer.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::low_part;
use crate::kernel::moves::MoveList;

/// `G(n)` of Lasker's Nim at any size: `n`, except that `4k + 3` and `4k + 4` swap.
pub fn lasker_value_big(n: &BigUint) -> BigUint {
    match low_two(n) {
        3 => n + 1u8,
        0 if !n.is_zero() => n - 1u8,
        _ => n.clone(),
    }
}

fn low_two(n: &BigUint) -> u64 {
    n.iter_u64_digits().next().unwrap_or(0) & 3
}

/// The moves of a heap of `heap` tokens to value `target`, in the order of the ruleset's
/// options: the splits `a + b = heap` (`1 <= a <= b`, ascending in `a`), then the one heap of
/// value `target` below `heap` (`G` is its own inverse: it is `G(target)`). The first `limit`
/// listed, all counted.
pub fn moves_to_value_big(
    heap: &BigUint,
    target: &BigUint,
    limit: usize,
) -> MoveList<Vec<BigUint>> {
    let mut found = split_moves_big(heap, target, limit);
    let left = lasker_value_big(target);
    if &left < heap {
        let mut take = MoveList::with_limit(found.room());
        take.push(vec![left]);
        found.append(take);
    }
    found
}

/// The splits of `heap` of value `target` (see [`moves_to_value_big`]).
pub fn split_moves_big(heap: &BigUint, target: &BigUint, limit: usize) -> MoveList<Vec<BigUint>> {
    let mut found = MoveList::with_limit(limit);
    if heap < &BigUint::from(2u8) {
        return found;
    }
    let mut streams: Vec<BigStream> = (0..4)
        .flat_map(|r| (0..4).map(move |s| (r, s)))
        .filter_map(|(r, s)| BigStream::new(heap, target, r, s))
        .collect();
    let ordered: BigUint = streams.iter().map(BigStream::count).sum();
    // Each unordered split is two ordered pairs, except a = b (value 0: needs target 0).
    let equal = u8::from(!heap.bit(0) && target.is_zero());
    let total: BigUint = (ordered + equal) / 2u8;
    let mut cursors: Vec<Option<BigUint>> = streams.iter_mut().map(BigStream::next).collect();
    let mut listed = 0u64;
    while found.wants_more() {
        let Some((i, a)) = cursors
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.as_ref().map(|a| (i, a)))
            .min_by_key(|&(_, a)| a)
        else {
            break;
        };
        let b = heap - a;
        if a > &b {
            break;
        }
        found.push(vec![a.clone(), b]);
        listed += 1;
        cursors[i] = streams[i].next();
    }
    found.count_unlisted_big(&(total - listed));
    found
}

/// The ordered pairs `(a, b)`, `a + b = heap`, `a = 4X + r + 1`, `b = 4Y + s + 1`, with
/// `G(a) XOR G(b) = target`, ascending in `a`.
struct BigStream {
    r: u64,
    c: BigUint,
    t: BigUint,
    /// The next subset of `t`'s bits, or `None` when done.
    subset: Option<BigUint>,
    carry_a: u64,
    carry_b: u64,
}

impl BigStream {
    fn new(heap: &BigUint, target: &BigUint, r: u64, s: u64) -> Option<Self> {
        let (da, ca) = low_part(r);
        let (db, cb) = low_part(s);
        if da ^ db != low_two(target) {
            return None;
        }
        // 4(X + Y) + r + s + 2 = heap.
        let low = BigUint::from(r + s + 2);
        if heap < &low {
            return None;
        }
        let rest = heap - low;
        if low_two(&rest) != 0 {
            return None;
        }
        let k = (rest >> 2) + (ca + cb); // X' + Y'
        let t = target >> 2; // X' XOR Y'
        if k < t {
            return None;
        }
        let twice_c: BigUint = k - &t;
        if twice_c.bit(0) {
            return None;
        }
        let c: BigUint = twice_c >> 1;
        if !(&c & &t).is_zero() {
            return None;
        }
        Some(BigStream {
            r,
            c,
            t,
            subset: Some(BigUint::zero()),
            carry_a: ca,
            carry_b: cb,
        })
    }

    /// `2^popcount(t)` pairs, less the ones with an empty heap.
    fn count(&self) -> BigUint {
        let all = BigUint::one() << self.t.count_ones();
        if !self.c.is_zero() {
            return all;
        }
        if self.t.is_zero() {
            return BigUint::from(u8::from(self.carry_a == 0 && self.carry_b == 0));
        }
        all - (self.carry_a + self.carry_b)
    }

    /// The next `a`, ascending: subsets of `t` in increasing order (`S' = (S - t) & t` in
    /// two's complement, here `S + 2^L - t` with `L` the bits of `t`).
    fn next(&mut self) -> Option<BigUint> {
        loop {
            let s = self.subset.take()?;
            if s != self.t {
                let wrap = BigUint::one() << self.t.bits();
                self.subset = Some((&s + wrap - &self.t) & &self.t);
            }
            let xa = &self.c | &s;
            let xb = &self.c | (&self.t ^ &s);
            if (self.carry_a == 1 && xa.is_zero()) || (self.carry_b == 1 && xb.is_zero()) {
                continue;
            }
            // a = 4X + r + 1 with X = X' - carry.
            return Some(((xa - self.carry_a) << 2) + self.r + 1u8);
        }
    }
}

/// Whether a heap of `heap` tokens may become `parts` (none empty): one smaller heap, or two
/// heaps that add up to it.
pub fn is_option_big(heap: &BigUint, parts: &[BigUint]) -> bool {
    match parts {
        [] => !heap.is_zero(),
        [t] => t < heap,
        [a, b] => &(a + b) == heap && !a.is_zero() && !b.is_zero(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Ruleset;
    use crate::lasker::{lasker_value, Lasker};

    fn big(n: u64) -> BigUint {
        BigUint::from(n)
    }

    /// On every heap up to 200 and every target up to past its value, the any-size moves are
    /// the engine's ordinary ones: same moves, same order, same count.
    #[test]
    fn agrees_with_the_engine_on_small_heaps() {
        for heap in 0..=200u64 {
            assert_eq!(
                lasker_value_big(&big(heap)),
                big(lasker_value(heap).unwrap())
            );
            for target in 0..=lasker_value(heap).unwrap() + 3 {
                let small = Lasker.moves_to_value(&heap, target, usize::MAX).unwrap();
                let any = moves_to_value_big(&big(heap), &big(target), usize::MAX);
                assert_eq!(any.total(), small.total(), "{heap} to {target}");
                let as_big: Vec<Vec<BigUint>> = small
                    .moves()
                    .iter()
                    .map(|m| m.iter().map(|&h| big(h)).collect())
                    .collect();
                assert_eq!(any.moves(), as_big.as_slice(), "{heap} to {target}");
            }
        }
    }

    /// At `2^64 - 1`, `2^64` and about `10^30`: the value is the closed form, and every listed
    /// move of every target tried has that value (checked by the closed form, part by part).
    #[test]
    fn huge_heaps_follow_the_closed_form() {
        let two64: BigUint = BigUint::one() << 64;
        let huge: BigUint = "1000000000000000000000000000003".parse().unwrap();
        for heap in [
            &two64 - 1u8,
            two64.clone(),
            &two64 + 1u8,
            huge.clone(),
            &huge + 1u8,
        ] {
            let g = lasker_value_big(&heap);
            let expected = match low_two(&heap) {
                3 => &heap + 1u8,
                0 => &heap - 1u8,
                _ => heap.clone(),
            };
            assert_eq!(g, expected, "G({heap})");
            // Winning moves against a Nim heap of 0, 1, 5, 2^70 + 3 beside it.
            for beside in [big(0), big(1), big(5), (BigUint::one() << 70) + 3u8] {
                let target = &g ^ &beside;
                let found = moves_to_value_big(&heap, &target, 40);
                for m in found.moves() {
                    let value = m
                        .iter()
                        .fold(BigUint::zero(), |v, h| v ^ lasker_value_big(h));
                    assert_eq!(value, target, "{heap} -> {m:?}");
                    assert!(is_option_big(&heap, m), "{heap} -> {m:?}");
                }
                // Against a heap of 0 the one winning move is none: the value is not 0.
                if beside.is_zero() {
                    assert_eq!(found.total(), 0, "{heap}");
                }
            }
        }
    }

    /// A huge heap beside small Nim heaps whose values push the target above the heap's own
    /// value: no single heap has it, so every winning move is a split, found exactly.
    #[test]
    fn a_winning_split_of_a_huge_heap_is_found_exactly() {
        let n: BigUint = "1000000000000000000000000000001".parse().unwrap(); // 4k + 1
        let mut only_splits = 0;
        for beside in 1..=64u64 {
            let target = lasker_value_big(&n) ^ big(beside);
            let found = moves_to_value_big(&n, &target, 5);
            if target > n && found.total() > 0 {
                only_splits += 1;
                for m in found.moves() {
                    assert_eq!(m.len(), 2, "{m:?}");
                    assert_eq!(lasker_value_big(&m[0]) ^ lasker_value_big(&m[1]), target);
                }
            }
        }
        assert!(only_splits > 0);
    }
}

//! The reference path: every option of every heap, listed one by one.
//!
//! Slow (`O(n²)` options per heap for three-way splits, more for codes that repeat for ever)
//! but obviously right: the fast solver ([`super::solver`]) and the tests of periods are
//! checked against it.

use super::code::{TakeBreakCode, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, UNEQUAL};
use crate::nimber::{MexSet, Nimber};

/// Calls `visit` with every option of a heap of `heap` tokens, in the order of
/// [`crate::kernel::Ruleset::options`]: by amount removed; for each, the one heap left, the
/// splits in two (smaller part ascending), the splits in three (`a <= b <= c`, by `a` then
/// `b`), then taking the whole heap. Stops early when `visit` returns false.
pub fn for_each_option(code: &TakeBreakCode, heap: u64, visit: &mut dyn FnMut(&[u64]) -> bool) {
    let last = code.max_removed().map_or(heap, |t| heap.min(t as u64));
    for k in 0..=last {
        let cell = code.cell(k);
        if cell & 15 == 0 {
            continue;
        }
        let rest = heap - k;
        let unequal = cell & UNEQUAL != 0;
        if cell & LEAVE_ONE != 0 && k > 0 && rest > 0 && !visit(&[rest]) {
            return;
        }
        if cell & LEAVE_TWO != 0 {
            for a in 1..=rest / 2 {
                if unequal && 2 * a == rest {
                    continue;
                }
                if !visit(&[a, rest - a]) {
                    return;
                }
            }
        }
        if cell & LEAVE_THREE != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    let c = rest - a - b;
                    if unequal && (a == b || b == c) {
                        continue;
                    }
                    if !visit(&[a, b, c]) {
                        return;
                    }
                }
            }
        }
        if cell & LEAVE_NONE != 0 && k == heap && heap > 0 && !visit(&[]) {
            return;
        }
    }
}

/// `G(0..count)` by the definition: `G(n)` is the mex of the values of all options of `n`.
pub fn naive_values(code: &TakeBreakCode, count: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(count);
    let mut seen = MexSet::new();
    for n in 0..count {
        for_each_option(code, n as u64, &mut |parts| {
            let v = parts.iter().fold(0, |acc, &p| acc ^ values[p as usize]);
            seen.insert(v as Nimber);
            true
        });
        values.push(seen.take_mex() as u32);
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(code: &str, count: usize) -> Vec<u32> {
        naive_values(&TakeBreakCode::parse(code).unwrap(), count)
    }

    #[test]
    fn small_games_by_hand() {
        // Nim: take any number.
        assert_eq!(values("0.[3]", 8), [0, 1, 2, 3, 4, 5, 6, 7]);
        // Lasker's Nim: its closed form swaps 4k + 3 and 4k + 4.
        assert_eq!(values("4.[3]", 9), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
        // Grundy's game, written as a code (OEIS A002188).
        assert_eq!(values("4!.0", 10), [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]);
        // 0.8: remove one token and split the rest in three. G(4) = mex{G(1) ^ G(1) ^ G(1)}.
        assert_eq!(values("0.8", 10), [0, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
        // 8.0: split in three; 5 = 1 + 1 + 3 = 1 + 2 + 2, both worth 0.
        assert_eq!(values("8.0", 7), [0, 0, 0, 1, 1, 2, 2]);
    }

    #[test]
    fn options_in_order() {
        let code = TakeBreakCode::parse("4.F").unwrap();
        let mut all = Vec::new();
        for_each_option(&code, 5, &mut |p| {
            all.push(p.to_vec());
            true
        });
        let expected: Vec<Vec<u64>> = vec![
            vec![1, 4],
            vec![2, 3],
            vec![4],
            vec![1, 3],
            vec![2, 2],
            vec![1, 1, 2],
        ];
        assert_eq!(all, expected);
        // Unequal heaps: 6 = 1 + 2 + 3 is the only split in three allowed.
        let code = TakeBreakCode::parse("8!.0").unwrap();
        let mut all = Vec::new();
        for_each_option(&code, 6, &mut |p| {
            all.push(p.to_vec());
            true
        });
        assert_eq!(all, vec![vec![1, 2, 3]]);
    }
}

//! The options of a heap counted, and one picked uniformly, without listing them.
//!
//! For one amount `k`, the options leave `rest = heap - k` tokens: one heap (1 option), a pair
//! `a + (rest - a)` with `a <= rest/2` (`⌊rest/2⌋`, one fewer when equal heaps are forbidden),
//! a triple `a <= b <= c` (the partitions of `rest` into three parts: `C(⌊rest/3⌋)` below),
//! or nothing. The triples are ordered by `a` then `b`; `C(a)`, the number with smallest part
//! at most `a`, has a closed form from `F(X) = Σ_{x <= X} ⌊x/2⌋ = ⌊X/2⌋·⌈X/2⌉`, so the `j`-th
//! triple is found by a binary search.
//!
//! A code that repeats for ever has an option at nearly every amount up to the heap: those are
//! sampled by rejection from a box of `(amounts) × (most options of one amount)` — every option
//! equally likely, in a few tries for every code whose repeating digits leave heaps.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::code::{TakeBreakCode, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, UNEQUAL};

/// `Σ_{x=0}^{X} ⌊x/2⌋`, 0 for `X < 0`.
fn half_sum(x: i128) -> i128 {
    if x < 0 {
        0
    } else {
        (x / 2) * ((x + 1) / 2)
    }
}

/// The triples of `rest` (distinct parts when `unequal`) whose smallest part is at most `a`.
fn triples_up_to(rest: u64, a: u64, unequal: bool) -> u128 {
    let (rest, a) = (rest as i128, a as i128);
    let shift = i128::from(unequal);
    // Σ_{a'=1}^{a} (⌊(rest - a' - shift)/2⌋ - a' + 1 - shift).
    let halves = half_sum(rest - 1 - shift) - half_sum(rest - a - 1 - shift);
    (halves - a * (a + 1) / 2 + a * (1 - shift)).max(0) as u128
}

/// The largest smallest part of a triple of `rest`.
fn largest_smallest(rest: u64, unequal: bool) -> u64 {
    if unequal {
        rest.saturating_sub(3) / 3
    } else {
        rest / 3
    }
}

/// Options removing exactly `k` (cell `cell`) from `heap`: (one heap, pairs, triples, none).
fn parts_at(cell: u8, k: u64, heap: u64) -> [u128; 4] {
    let rest = heap - k;
    let unequal = cell & UNEQUAL != 0;
    let one = u128::from(cell & LEAVE_ONE != 0 && k > 0 && rest > 0);
    let pairs = if cell & LEAVE_TWO != 0 {
        u128::from(
            if unequal {
                rest.saturating_sub(1)
            } else {
                rest
            } / 2,
        )
    } else {
        0
    };
    let triples = if cell & LEAVE_THREE != 0 {
        triples_up_to(rest, largest_smallest(rest, unequal), unequal)
    } else {
        0
    };
    let none = u128::from(cell & LEAVE_NONE != 0 && rest == 0 && heap > 0);
    [one, pairs, triples, none]
}

/// The `j`-th option removing `k` (in the order of [`super::naive::for_each_option`]).
fn nth_at(cell: u8, k: u64, heap: u64, mut j: u128) -> Option<Vec<u64>> {
    let rest = heap - k;
    let unequal = cell & UNEQUAL != 0;
    let [one, pairs, triples, none] = parts_at(cell, k, heap);
    if j < one {
        return Some(vec![rest]);
    }
    j -= one;
    if j < pairs {
        let a = 1 + j as u64;
        return Some(vec![a, rest - a]);
    }
    j -= pairs;
    if j < triples {
        // The least a with triples_up_to(a) > j.
        let (mut lo, mut hi) = (1u64, largest_smallest(rest, unequal));
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if triples_up_to(rest, mid, unequal) > j {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let a = lo;
        let before = triples_up_to(rest, a - 1, unequal);
        let b = a + u64::from(unequal) + (j - before) as u64;
        return Some(vec![a, b, rest - a - b]);
    }
    j -= triples;
    (j < none).then(Vec::new)
}

/// How many options `heap` has, capped a little above `cap` (exact when at most `cap`).
pub fn option_count_capped(code: &TakeBreakCode, heap: u64, cap: u128) -> u128 {
    let last = code.max_removed().map_or(heap, |t| heap.min(t as u64));
    let start = code.repeat_start() as u64;
    // Repeating digits that only take whole heaps add nothing below the heap itself.
    let tail_moves = code.repeat().iter().any(|c| c & !LEAVE_NONE & 15 != 0);
    let mut total = 0u128;
    for k in 0..=last {
        if k >= start && !tail_moves && k < heap {
            continue;
        }
        total = total.saturating_add(parts_at(code.cell(k), k, heap).iter().sum());
        if total > cap {
            return total;
        }
        if k >= start && !tail_moves {
            break;
        }
    }
    total
}

/// How many options `heap` has (a loop over every amount: for small heaps).
#[cfg(test)]
pub fn option_count(code: &TakeBreakCode, heap: u64) -> u128 {
    option_count_capped(code, heap, u128::MAX / 2)
}

/// A uniformly random integer below `n > 0`.
fn uniform_big(rng: &mut dyn rand_core::RngCore, n: &BigUint) -> BigUint {
    let bits = n.bits();
    let bytes = bits.div_ceil(8) as usize;
    loop {
        let mut buf = vec![0u8; bytes];
        rng.fill_bytes(&mut buf);
        if bits % 8 != 0 {
            buf[bytes - 1] &= (1u8 << (bits % 8)) - 1;
        }
        let x = BigUint::from_bytes_le(&buf);
        if &x < n {
            return x;
        }
    }
}

/// A uniformly random option of `heap`, or `None` when it has none.
pub fn random_option(
    code: &TakeBreakCode,
    heap: u64,
    rng: &mut dyn rand_core::RngCore,
) -> Option<Vec<u64>> {
    let start = code.repeat_start() as u64;
    // The amounts counted exactly: before the repeating block, and taking the whole heap.
    let fixed_last = code
        .max_removed()
        .map_or(start.min(heap + 1), |t| (t as u64 + 1).min(heap + 1));
    let mut exact: Vec<(u64, u128)> = (0..fixed_last)
        .map(|k| (k, parts_at(code.cell(k), k, heap).iter().sum::<u128>()))
        .filter(|&(_, c)| c > 0)
        .collect();
    let tail = !code.is_finite() && heap >= start;
    if tail && code.cell(heap) & LEAVE_NONE != 0 && heap > 0 {
        exact.push((heap, 1));
    }
    let exact_total: BigUint = exact.iter().map(|&(_, c)| BigUint::from(c)).sum();
    // The box of the repeating amounts start <= k < heap (those take no whole heap).
    let (amounts, most) = if tail && heap > start {
        let flags = code.repeat().iter().fold(0u8, |a, &c| a | c);
        let widest = heap - start;
        let most = u128::from(flags & LEAVE_ONE != 0)
            + if flags & LEAVE_TWO != 0 {
                u128::from(widest / 2)
            } else {
                0
            }
            + if flags & LEAVE_THREE != 0 {
                triples_up_to(widest, widest / 3, false)
            } else {
                0
            };
        (heap - start, most)
    } else {
        (0, 0)
    };
    let total = &exact_total + BigUint::from(amounts) * BigUint::from(most);
    if total.is_zero() {
        return None;
    }
    loop {
        let x = uniform_big(rng, &total);
        if x < exact_total {
            let mut j = x.to_u128().expect("below a sum of u128 counts");
            for &(k, c) in &exact {
                if j < c {
                    return nth_at(code.cell(k), k, heap, j);
                }
                j -= c;
            }
        }
        let y = x - &exact_total;
        let most = BigUint::from(most);
        let k = start + (&y / &most).to_u64().expect("an amount below the heap");
        let j = (&y % &most).to_u128().expect("below most");
        let cell = code.cell(k);
        if j < parts_at(cell, k, heap).iter().sum::<u128>() {
            return nth_at(cell, k, heap, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::naive::for_each_option;
    use super::*;

    fn listed(code: &TakeBreakCode, heap: u64) -> Vec<Vec<u64>> {
        let mut all = Vec::new();
        for_each_option(code, heap, &mut |p| {
            all.push(p.to_vec());
            true
        });
        all
    }

    #[test]
    fn counts_and_nth_options_match_the_list() {
        for text in [
            "0.F", "8.0", "8!.0", "4!.F!", "0.[F]", "C.[3]", "0.1[8!7]", "0.[1]",
        ] {
            let code = TakeBreakCode::parse(text).unwrap();
            for heap in 0..40u64 {
                let all = listed(&code, heap);
                assert_eq!(
                    option_count(&code, heap),
                    all.len() as u128,
                    "{text} {heap}"
                );
                let mut i = 0;
                for k in 0..=heap {
                    let cell = code.cell(k);
                    let here: u128 = parts_at(cell, k, heap).iter().sum();
                    for j in 0..here {
                        assert_eq!(
                            nth_at(cell, k, heap, j).as_ref(),
                            Some(&all[i]),
                            "{text} {heap} {k} {j}"
                        );
                        i += 1;
                    }
                }
                assert_eq!(i, all.len());
            }
        }
    }

    #[test]
    fn random_options_are_uniform() {
        struct Lcg(u64);
        impl rand_core::RngCore for Lcg {
            fn next_u32(&mut self) -> u32 {
                self.next_u64() as u32
            }
            fn next_u64(&mut self) -> u64 {
                self.0 = self
                    .0
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                self.0 ^ (self.0 >> 29)
            }
            fn fill_bytes(&mut self, dest: &mut [u8]) {
                rand_core::impls::fill_bytes_via_next(self, dest)
            }
            fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
                self.fill_bytes(dest);
                Ok(())
            }
        }
        let mut rng = Lcg(7);
        for text in ["4.[3]", "0.8", "0.[F]", "0.[1]"] {
            let code = TakeBreakCode::parse(text).unwrap();
            let all = listed(&code, 12);
            let mut seen = std::collections::HashMap::new();
            let draws = 400 * all.len();
            for _ in 0..draws {
                let o = random_option(&code, 12, &mut rng).unwrap();
                *seen.entry(o).or_insert(0usize) += 1;
            }
            assert_eq!(seen.len(), all.len(), "{text}: every option drawn");
            for (o, n) in seen {
                assert!(all.contains(&o));
                assert!(
                    (250..=550).contains(&n),
                    "{text}: {o:?} drawn {n} times of {draws}"
                );
            }
        }
        let none = TakeBreakCode::parse("0.8").unwrap();
        assert_eq!(random_option(&none, 3, &mut rng), None);
        // A huge heap of a code that repeats: still one option, in a few tries.
        let nim = TakeBreakCode::parse("0.[F]").unwrap();
        let o = random_option(&nim, u64::MAX / 3, &mut rng).unwrap();
        assert!(o.iter().sum::<u64>() < u64::MAX / 3);
    }
}

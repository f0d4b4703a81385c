//! Grundy sequences of heap games and their periods.
//!
//! For a heap game, `G(n)` is the value of a single heap of `n` tokens. For the games in this
//! crate the sequence is *eventually periodic* — `G(n + p) = G(n)` for all `n >= preperiod` — and
//! a theorem turns a finite check into a proof:
//!
//! * **Subtraction games** with largest move `s`: if `G(n + p) = G(n)` for `s` consecutive `n`
//!   starting at `n0`, the equality holds for every `n >= n0` (each value depends only on the `s`
//!   values below it).
//! * **Octal games** (Guy–Smith): with moves removing at most `t` tokens, equality for
//!   `n0 <= n < 2·n0 + p + t` suffices.
//!
//! [`report`] is the one report of a sequence (values, period certificate, single values) that
//! every ruleset with a sequence gives through [`HeapSequence`](crate::kernel::heap_sequence::HeapSequence).
//!
//! [`Period`] records the least period, the least preperiod for it, and the number of values
//! that were computed to prove it. [`GrundySequence::value_at`] then answers any heap size, and
//! [`GrundySequence::value_at_big`] answers heap sizes beyond `u64`.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

pub mod arithmetic;
pub mod checkpoint;
pub mod document;
pub mod report;
pub mod table;

use crate::kernel::heap_sequence::Period;
use crate::nimber::Nimber;

/// Values `G(0), G(1), ...` of a heap game, with their period once one is proven.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GrundySequence {
    /// `values[n] = G(n)` for every computed `n`.
    pub values: Vec<u32>,
    /// The proven period, if any.
    pub period: Option<Period>,
}

impl GrundySequence {
    /// `G(n)`: from the table when computed, from the period otherwise; `None` when `n` is
    /// beyond the table and no period is proven.
    pub fn value_at(&self, n: u64) -> Option<Nimber> {
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(v as Nimber);
        }
        let p = self.period?;
        let (index, _) = p.reduce(n);
        let base = *self.values.get(index as usize)? as Nimber;
        p.value(n, base)
    }

    /// `G(n)` for a heap of any size, like [`GrundySequence::value_at`]; `None` also when the
    /// value (of an arithmetic-periodic sequence) does not fit in 64 bits.
    pub fn value_at_big(&self, n: &BigUint) -> Option<Nimber> {
        if let Some(small) = n.to_u64() {
            return self.value_at(small);
        }
        let p = self.period?;
        let (index, _) = p.value_big(n, 0);
        let base = *self.values.get(index as usize)? as Nimber;
        p.value_big(n, base).1.to_u64()
    }
}

/// Looks for a period proven by the *window rule*: if the last `window` values repeat `p`
/// places earlier, the sequence has period `p` from `len - window - p` on. Valid for sequences
/// where each value depends only on the `window` values below it (subtraction games, with
/// `window = max S`).
///
/// Returns the least period and its least preperiod. Because any proven period is a multiple of
/// the least eventual period, the smallest matching `p` is the least period.
pub fn find_window_period(values: &[u32], window: usize) -> Option<Period> {
    let len = values.len();
    if window == 0 || len < window + 1 {
        return None;
    }
    let p = least_shift_of_tail(values, window)?;
    Some(Period::new(
        least_preperiod(values, p, len - window - p) as u64,
        p as u64,
        len as u64,
    ))
}

/// The least `p >= 1` with `values[len - window - p..len - p] == values[len - window..]`: where
/// the last `window` values occurred before, nearest first.
///
/// Comparing the tail at every shift costs `O(len · window)` when the values repeat long runs
/// (take-set {1000000} makes runs of a million equal values, and the naive scan took minutes;
/// found by fuzzing). Read backwards, this is the first occurrence of the reversed tail in the
/// reversed prefix, which Knuth–Morris–Pratt finds in `O(len)` time and `O(window)` memory.
fn least_shift_of_tail(values: &[u32], window: usize) -> Option<usize> {
    let len = values.len();
    // The pattern, backwards from the last value: pattern(i) = values[len - 1 - i].
    let pattern = |i: usize| values[len - 1 - i];
    // failure[i]: the length of the longest proper border of pattern(0..=i).
    let mut failure = vec![0u32; window];
    let mut k = 0usize;
    for i in 1..window {
        while k > 0 && pattern(i) != pattern(k) {
            k = failure[k - 1] as usize;
        }
        if pattern(i) == pattern(k) {
            k += 1;
        }
        failure[i] = k as u32;
    }
    // Scan the text values[len - 2], values[len - 3], ..., values[0] (the shift p starts at 1).
    let mut matched = 0usize;
    for (j, &v) in values[..len - 1].iter().rev().enumerate() {
        while matched > 0 && v != pattern(matched) {
            matched = failure[matched - 1] as usize;
        }
        if v == pattern(matched) {
            matched += 1;
        }
        if matched == window {
            // The match ends at text index j, i.e. at values[len - 2 - j]; it starts window - 1
            // text places earlier, at values[len - 2 - j + window - 1] = values[len - 1 - p].
            return Some(j + 2 - window);
        }
    }
    None
}

/// What a Guy–Smith search over a prefix of an octal game's sequence found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodSearch {
    /// A period proven by the theorem: least period, least preperiod for it.
    Proven(Period),
    /// No proof yet, but `period` repeats from `preperiod` to the end of the prefix; if it goes
    /// on, `needed` values will prove it.
    Candidate {
        /// The repeating period.
        period: u64,
        /// Where the repetition starts.
        preperiod: u64,
        /// The number of values that would prove it.
        needed: u64,
    },
    /// Nothing repeats over a full period.
    Nothing,
}

/// Looks for a period of an octal game's sequence proven by the **Guy–Smith theorem**: with
/// moves removing at most `max_removed` tokens, if `n0 >= 1` and `G(n + p) = G(n)` for all
/// `n0 <= n < 2·n0 + p + t`, then `G(n + p) = G(n)` for every `n >= n0`. (Each value depends on
/// the values of the two parts of a split; one part is always at least half the heap, so
/// periodicity climbs from the checked window to all larger heaps.)
///
/// The periods `p` are tried in increasing order and for each the least `n0` is found by
/// scanning back from the end. The first proven one is the least period: every proven period is
/// a multiple of the least eventual period, which then holds from the same `n0` and is proven
/// by the same prefix. Multiples of a long-repeating but unproven `p` are skipped (they cannot
/// be proven before `p` is), which keeps the search close to linear; a wrong skip could only
/// delay a proof to a later search, never give a wrong period.
///
/// Not valid for Grundy's game, whose splits must be unequal.
pub fn find_guy_smith_period<T: Copy + Eq>(values: &[T], max_removed: usize) -> PeriodSearch {
    let len = values.len();
    let mut candidate = PeriodSearch::Nothing;
    let mut repeating: Vec<usize> = Vec::new();
    for p in 1..=len / 2 {
        if repeating.iter().any(|&q| p % q == 0) {
            continue;
        }
        let mut n0 = len - p;
        while n0 > 0 && values[n0 - 1] == values[n0 - 1 + p] {
            n0 -= 1;
        }
        let needed = 2 * n0.max(1) + 2 * p + max_removed;
        if len - n0 >= 2 * p && len >= needed {
            return PeriodSearch::Proven(Period::new(n0 as u64, p as u64, len as u64));
        }
        // A repetition counts as a candidate (and its multiples are skipped) only when it is
        // long: a short one at the end of the prefix is usually a coincidence.
        if len - n0 < (2 * p).max(len / 8) {
            continue;
        }
        repeating.push(p);
        if candidate == PeriodSearch::Nothing {
            candidate = PeriodSearch::Candidate {
                period: p as u64,
                preperiod: n0 as u64,
                needed: needed as u64,
            };
        }
    }
    candidate
}

/// Given that `values` has period `p` from `known_start` on, the least `n0` from which it does.
pub fn least_preperiod(values: &[u32], p: usize, known_start: usize) -> usize {
    let mut n0 = known_start;
    while n0 > 0 && values[n0 - 1] == values[n0 - 1 + p] {
        n0 -= 1;
    }
    n0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_period_of_a_pure_cycle() {
        let values: Vec<u32> = (0..40).map(|n| [0, 1, 2][n % 3]).collect();
        let p = find_window_period(&values, 2).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 3));
    }

    #[test]
    fn window_period_with_preperiod() {
        let mut values = vec![5, 5, 5, 7];
        values.extend((0..30).map(|n| [0, 1][n % 2]));
        let p = find_window_period(&values, 3).unwrap();
        assert_eq!((p.preperiod, p.period), (4, 2));
    }

    /// The definition, shift by shift (what `find_window_period` did before it used KMP).
    fn least_shift_naive(values: &[u32], window: usize) -> Option<usize> {
        let len = values.len();
        let tail = &values[len - window..];
        (1..=len - window).find(|&p| &values[len - window - p..len - p] == tail)
    }

    #[test]
    fn least_shift_equals_the_definition() {
        // Every sequence over {0, 1, 2} of length up to 9, every window: exhaustive.
        for len in 1..=9usize {
            for code in 0..3usize.pow(len as u32) {
                let values: Vec<u32> = (0..len)
                    .map(|i| (code / 3usize.pow(i as u32) % 3) as u32)
                    .collect();
                for window in 1..len {
                    assert_eq!(
                        least_shift_of_tail(&values, window),
                        least_shift_naive(&values, window),
                        "{values:?}, window {window}"
                    );
                }
            }
        }
    }

    #[test]
    fn long_runs_of_equal_values() {
        // Take-set {1000000}: G(n) = (n / 1000000) % 2, runs of a million equal values. The
        // naive scan compared about a million values at each shift (found by fuzzing `spec` with
        // `sub{24,469441}:15`; `sub{1000000}:1` took minutes).
        let run = 1_000_000usize;
        let values: Vec<u32> = (0..4 * run).map(|n| ((n / run) % 2) as u32).collect();
        let p = find_window_period(&values, run).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 2 * run as u64));
    }

    #[test]
    fn no_period_when_too_short() {
        assert_eq!(find_window_period(&[0, 1], 2), None);
        assert_eq!(find_window_period(&[0, 1, 2, 3, 4, 5], 2), None);
    }

    #[test]
    fn guy_smith_needs_the_whole_window() {
        // Period 3 from 0, t = 1: proven once 2·1 + 2·3 + 1 = 9 values are known.
        let values: Vec<u32> = (0..9).map(|n| [0, 1, 2][n % 3]).collect();
        assert_eq!(
            find_guy_smith_period(&values, 1),
            PeriodSearch::Proven(Period::new(0, 3, 9))
        );
        assert!(matches!(
            find_guy_smith_period(&values[..8], 1),
            PeriodSearch::Candidate {
                period: 3,
                needed: 9,
                ..
            }
        ));
        let mut late = vec![7u32, 7, 7, 5];
        late.extend((0..40).map(|n| [1, 2][n % 2]));
        match find_guy_smith_period(&late, 2) {
            PeriodSearch::Proven(p) => assert_eq!((p.preperiod, p.period), (4, 2)),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            find_guy_smith_period(&[0u32, 1, 2, 3], 1),
            PeriodSearch::Nothing
        );
    }

    #[test]
    fn lookups_beyond_the_table() {
        let seq = GrundySequence {
            values: vec![9, 0, 1, 0, 1],
            period: Some(Period::new(1, 2, 5)),
        };
        assert_eq!(seq.value_at(0), Some(9));
        assert_eq!(seq.value_at(1_000_001), Some(0));
        assert_eq!(seq.value_at(u64::MAX), Some(0));
        let big: BigUint = BigUint::from(10u32).pow(40) + 1u32;
        assert_eq!(seq.value_at_big(&big), Some(0));
        let no_period = GrundySequence {
            values: vec![0, 1],
            period: None,
        };
        assert_eq!(no_period.value_at(2), None);
    }
}

//! Arithmetic periods of all-but games, proven from finitely many values.
//!
//! Angela Siegel proved that the values of every all-but subtraction game are ultimately
//! arithmetic periodic [A. Siegel 2005], but an observed repetition is not a proof. This module proves one by
//! the following finite check (docs/theory.md, "All-but games"); `t` is the largest excluded
//! amount.
//!
//! **Theorem.** Let `p ≥ 1`, `s ≥ 0`, `n0 ≥ 0` and `N ≥ n0 + t` with `G(n + p) = G(n) + s` for
//! every `n0 ≤ n < N`. Write `U` for the values of the heaps below `n0 + p`, `L` for those
//! below `n0` and `X` for those of the heaps `n0 ≤ m < N − t`. If
//! (i) every value below `s` is in `U`,
//! (ii) every `v ≥ s` in `U` has `v − s` in `L` or `X`, and
//! (iii) every `v` in `L` has `v + s` in `U` or `v` in `X`,
//! then `G(n + p) = G(n) + s` for every `n ≥ n0`.
//!
//! *Proof*, by induction on `n ≥ N`, assuming the relation below `n`. The options of `n` are
//! the heaps `m < n − t` (never excluded: `n − m > t`), whose values form
//! `A(n) = L ∪ X(n)` with `X(n)` the values of `n0 ≤ m < n − t` (`n − t ≥ n0`), and the
//! recent heaps `n − k` with `1 ≤ k ≤ t` not excluded, whose values form `R(n)`. For `n + p`,
//! the recent heaps are `n − k + p` with `n0 ≤ n − k < n`, so `R(n + p) = R(n) + s`; the old
//! heaps below `n0 + p` give `U`, and those from `n0 + p` to `n + p − t − 1` are `m + p` for
//! `n0 ≤ m < n − t`, so `A(n + p) = U ∪ (X(n) + s)`. Then `[0, s)` lies in the options of
//! `n + p` by (i), and for `v ≥ s`, `v` is among them exactly when `v − s` is among those of
//! `n`: from `U` by (ii) (as `X ⊆ X(n)`), from `X(n) + s` and `R(n) + s` directly, and back
//! from `L` by (iii). So the mex of the options of `n + p` is `s` more than that of `n`. ∎
//!
//! `X` only grows with `N`, so the least `N` whose `X` covers what (ii) and (iii) ask is found
//! in one scan.

use std::collections::BTreeSet;

use crate::kernel::heap_sequence::{
    period_heading, Certificate, Compared, OwnPeriodSearch, OwnPeriodTest, Period, Theorem,
};

/// The largest period looked for (every all-but game the tests and the published examples
/// show has a period of at most a few times its largest excluded amount).
const MAX_PERIOD: usize = 1 << 12;

/// An all-but game's period test: its excluded amounts, of which the largest is `t`.
#[derive(Debug, Clone)]
pub struct AllButPeriod {
    /// The largest excluded amount (0 when none: Nim).
    pub max_excluded: u64,
}

/// A proven period: the repetition the theorem proves (`base`, with its `N`) and the least
/// period it reduces to (`period`, a divisor of the base's: see [`AllButPeriod::find`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proof {
    /// The least period, its saltus and the least preperiod for it.
    pub period: Period,
    /// The repetition proven by the theorem: period, saltus and preperiod `n0`.
    pub base: Period,
    /// The `N` of the theorem for `base`.
    pub n: u64,
}

impl AllButPeriod {
    /// The test of the game excluding `excluded`.
    pub fn of(excluded: &[u64]) -> Self {
        AllButPeriod {
            max_excluded: excluded.iter().copied().max().unwrap_or(0),
        }
    }

    /// The least period of `values`' game that the values prove, or the values the first
    /// candidate's proof needs (when known), or nothing.
    ///
    /// Every `p` whose repetition runs over at least two periods to the end of the values is
    /// tried in increasing order, and the first one the theorem proves is reduced to its least
    /// divisor `d` that is a period too: beyond `n0`, `D(n) = G(n + d) − G(n)` repeats with
    /// period `p`, so `D = s·d/p` on one whole window of `p` heaps at the end proves it for
    /// every `n ≥ n0`, and below `n0` it is compared heap by heap. The least period of an
    /// arithmetic-periodic sequence divides all its periods, so `d` is the least.
    pub fn find(&self, values: &[u32]) -> Result<Proof, Option<u64>> {
        let len = values.len();
        let mut needed: Option<u64> = None;
        for p in 1..=MAX_PERIOD.min(len / 3) {
            let Some(s) = values[len - 1].checked_sub(values[len - 1 - p]) else {
                continue;
            };
            let n0 = repeats_from(values, p, s);
            // A repetition of less than two periods is chance, not a candidate.
            if len - p - n0 < 2 * p {
                continue;
            }
            match self.least_n(values, n0, p, s) {
                Some(n) if n + p as u64 <= len as u64 => {
                    let base = Period {
                        preperiod: n0 as u64,
                        period: p as u64,
                        checked: len as u64,
                        saltus: u64::from(s),
                    };
                    return Ok(Proof {
                        period: least_divisor_period(values, base),
                        base,
                        n,
                    });
                }
                Some(n) => {
                    let want = n + p as u64;
                    needed = Some(needed.map_or(want, |w| w.min(want)));
                }
                None => {}
            }
        }
        Err(needed)
    }

    /// The least `N` for which conditions (i)–(iii) hold with `X` the values of
    /// `n0 ≤ m < N − t` among `values` (`N` may lie beyond them: the values needed then);
    /// `None` when (i) fails or the values do not cover what (ii) and (iii) ask.
    fn least_n(&self, values: &[u32], n0: usize, p: usize, s: u32) -> Option<u64> {
        let t = self.max_excluded;
        let lower: BTreeSet<u32> = values[..n0].iter().copied().collect();
        let upper: BTreeSet<u32> = values[..n0 + p].iter().copied().collect();
        // (i)
        if (0..s).any(|v| !upper.contains(&v)) {
            return None;
        }
        // What X must hold: (ii) and (iii).
        let mut wanted: BTreeSet<u32> = upper
            .iter()
            .filter(|&&v| v >= s && !lower.contains(&(v - s)))
            .map(|&v| v - s)
            .collect();
        wanted.extend(
            lower
                .iter()
                .filter(|&&v| !upper.contains(&(v + s)))
                .copied(),
        );
        // X = G(n0..N - t): the least N - t that covers `wanted`.
        let mut end = n0;
        while !wanted.is_empty() {
            let &v = values.get(end)?;
            wanted.remove(&v);
            end += 1;
        }
        Some((end as u64 + t).max(n0 as u64 + t))
    }
}

/// The least `n0` from which `G(n + p) = G(n) + s` holds to the end of `values`.
fn repeats_from(values: &[u32], p: usize, s: u32) -> usize {
    let mut n0 = values.len() - p;
    while n0 > 0 && values[n0 - 1].checked_add(s) == Some(values[n0 - 1 + p]) {
        n0 -= 1;
    }
    n0
}

/// The least divisor `d` of the proven `base` period that is a period too (see
/// [`AllButPeriod::find`]), with the least preperiod for it.
fn least_divisor_period(values: &[u32], base: Period) -> Period {
    let (p, s, n0, len) = (
        base.period,
        base.saltus,
        base.preperiod,
        values.len() as u64,
    );
    for d in (1..p).filter(|d| p % d == 0 && (s * d) % p == 0) {
        let s_d = s * d / p;
        let Ok(s_d32) = u32::try_from(s_d) else {
            continue;
        };
        let from = repeats_from(values, d as usize, s_d32) as u64;
        // The relation must hold on a whole window of `p` heaps from `n0` on.
        if len >= n0 + p + d && from + d + p <= len && from <= len - d - p {
            return Period {
                preperiod: from,
                period: d,
                checked: len,
                saltus: s_d,
            };
        }
    }
    base
}

impl OwnPeriodTest for AllButPeriod {
    fn search(&self, values: &[u32]) -> OwnPeriodSearch {
        match self.find(values) {
            Ok(proof) => OwnPeriodSearch::Proven(proof.period),
            Err(Some(needed)) => OwnPeriodSearch::Candidate { needed },
            Err(None) => OwnPeriodSearch::Nothing,
        }
    }

    fn certificate(&self, values: &[u32], p: Period) -> Option<Certificate> {
        let proof = self.find(values).ok()?;
        if proof.period.period != p.period || proof.period.saltus != p.saltus {
            return None;
        }
        let base = proof.base;
        let (n0, n, t) = (base.preperiod, proof.n, self.max_excluded);
        let mut text = format!(
            "{}\nProof (the all-but test, docs/theory.md): G(n + {period}) = G(n) + {saltus} was \
             checked for {n0} <= n < {n}; every value below {saltus} occurs among G(0..{u}), each \
             value v >= {saltus} there has v - {saltus} among G(0..{n0}) or G({n0}..{x}), and \
             each value of G(0..{n0}) is {saltus} less than one of G(0..{u}) or occurs among \
             G({n0}..{x}) ({x} = N - t, with N = {n} and the largest excluded amount t = {t}), \
             so the relation holds for every n >= {n0}; G(0..{last}) computed.",
            period_heading(p),
            period = base.period,
            saltus = base.saltus,
            u = n0 + base.period,
            x = n - t,
            last = p.checked - 1,
        );
        if base.period != p.period {
            text.push_str(&format!(
                " Then G(n + {d}) - G(n) repeats with period {bp} from {n0} on, and equals {sd} \
                 for {from} <= n < {end}, a whole period of it beyond {n0}: so G(n + {d}) = G(n) \
                 + {sd} for every n >= {from}.",
                d = p.period,
                bp = base.period,
                sd = p.saltus,
                from = p.preperiod,
                end = p.checked - p.period,
            ));
        }
        Some(Certificate {
            period: p.period,
            preperiod: p.preperiod,
            saltus: p.saltus,
            theorem: Theorem::AllBut { max_excluded: t },
            checked: p.checked,
            compared: Compared {
                from: p.preperiod,
                to: n.max(p.checked - p.period),
            },
            text,
        })
    }
}

#[cfg(test)]
mod tests;

//! Periods and arithmetic periods of take-and-break codes, found in the values and proven.
//!
//! A repetition `G(n + p) = G(n) + s` seen at the end of the values
//! ([`crate::sequence::arithmetic::find_repetition`]) is proven by one of two theorems:
//!
//! * **Guy–Smith for up to `h` heaps** (finite codes, `s = 0`): if every move removes at most
//!   `t` tokens and leaves at most `h` heaps, `G(n + p) = G(n)` for `n0 <= n < h·n0 + (h-1)·p
//!   + t` implies it for every `n >= n0` (`n0 >= 1`). From a heap of `N + p` tokens, `N` at
//!   least that bound, every move leaves a heap of at least `n0 + p` tokens; taking `p` from it
//!   gives a move of `N` worth the same, and adding `p` to the largest heap of a move of `N`
//!   gives one of `N + p`. With `h = 2` this is the Guy–Smith theorem.
//! * **The move-class test** ([`super::classes`]) for codes that repeat for ever and for
//!   arithmetic periods (`s > 0`): a block of `l·p` heaps with saltus `l·s = 2^m` (`l` a power
//!   of two making every heap below the preperiod worth less than the saltus).
//!
//! Splits into unequal heaps (`!`) void both arguments (taking `p` from the larger heap may make
//! two heaps equal), so no period is claimed for such codes — as for Grundy's game.

use super::classes::{self, ClassProof, Refusal};
use super::code::TakeBreakCode;
use crate::kernel::heap_sequence::Period;
use crate::sequence::arithmetic::find_repetition;

/// Which theorem proves a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// Guy–Smith for moves leaving up to `heaps` heaps, removing at most `max_removed`.
    GuySmith {
        /// The most tokens a move removes.
        max_removed: u64,
        /// The most heaps a move leaves.
        heaps: u64,
    },
    /// The move-class test.
    Classes(ClassProof),
}

/// What a search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// A proven period (saltus included) and its proof.
    Proven(Period, Proof),
    /// A repetition that `needed` values would prove if it goes on.
    Candidate {
        /// Values needed.
        needed: u64,
    },
    /// Nothing to prove yet (or nothing this code's theorems can prove).
    Nothing,
}

/// Looks for a period of `code` proven by `values`.
pub fn search(code: &TakeBreakCode, values: &[u32]) -> Search {
    if code.has_unequal() {
        return Search::Nothing;
    }
    let Some(rep) = find_repetition(values) else {
        return Search::Nothing;
    };
    let len = values.len() as u64;
    // Heaps are at least 1 token: a heap of 0 is no heap, so the arguments start at n0 >= 1.
    let n0 = rep.preperiod.max(1);
    let found = |proof| {
        Search::Proven(
            Period {
                preperiod: rep.preperiod,
                period: rep.period,
                checked: len,
                saltus: rep.saltus,
            },
            proof,
        )
    };
    if let (0, Some(t)) = (rep.saltus, code.max_removed()) {
        let heaps = code.max_heaps().max(1) as u64;
        let t = t as u64;
        let needed = heaps * n0 + heaps * rep.period + t;
        return if len >= needed {
            found(Proof::GuySmith {
                max_removed: t,
                heaps,
            })
        } else {
            Search::Candidate { needed }
        };
    }
    let Some((block, block_saltus)) = block(code, values, n0, rep.period, rep.saltus) else {
        return Search::Nothing;
    };
    match classes::test(code, values, n0, block, block_saltus) {
        // The repetition covers n0 <= n < len - period; the block's relation follows from it.
        Ok(proof) if proof.window <= len => found(Proof::Classes(proof)),
        Ok(proof) => Search::Candidate {
            needed: proof.window,
        },
        Err(Refusal::Fails | Refusal::NotApplicable(_) | Refusal::TooMany(_)) => Search::Nothing,
    }
}

/// The block `(l·p, l·s)` the move-class test works with: `l·p` a multiple of the repeating
/// digits, `l·s` a power of two above the values below `n0` (`l` a power of two when `s > 0`).
fn block(code: &TakeBreakCode, values: &[u32], n0: u64, p: u64, s: u64) -> Option<(u64, u64)> {
    let q = code.repeat().len().max(1) as u64;
    let mut l = q / gcd(p, q);
    if s == 0 {
        return Some((p * l, 0));
    }
    if !s.is_power_of_two() || !l.is_power_of_two() {
        return None;
    }
    let small = values[1..(n0 as usize).min(values.len())]
        .iter()
        .copied()
        .max()
        .unwrap_or(0);
    while u64::from(small) >= s * l {
        l *= 2;
        if p * l > classes::MAX_BLOCK {
            return None;
        }
    }
    Some((p * l, s * l))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

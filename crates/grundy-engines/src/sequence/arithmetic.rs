//! Arithmetic periodicity seen in a prefix of a sequence: `G(n + p) = G(n) + s` for the last
//! values, with `s >= 0` (`s = 0` is an ordinary period).
//!
//! Seeing is not proving: a repetition found here is a *candidate*, which a theorem for the
//! game at hand turns into a proof (for take-and-break codes, the move-class test of
//! `games::take_break`). The sequences of many hexadecimal games grow without bound
//! (Howse and Nowakowski 2004) and are arithmetic-periodic: Nim `G(n) = n` is, with `p = s = 1`.

/// `G(n + period) = G(n) + saltus` for `preperiod <= n < len - period`, where `len` is the
/// length of the prefix it was found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Repetition {
    /// Where the repetition starts (the least such `n`).
    pub preperiod: u64,
    /// Its period.
    pub period: u64,
    /// What a period adds.
    pub saltus: u64,
}

/// The repetition with the least period among those covering at least two periods and an
/// eighth of the prefix (a shorter one at the end of a prefix is usually a coincidence), with
/// the least preperiod for that period.
///
/// Any arithmetic period of the sequence is a multiple of its least one (two of them
/// `(p, s)`, `(p', s')` give `(gcd(p, p'), ·)` on a long enough prefix), so trying the periods
/// in increasing order finds the least first. The scan back from the end stops at the first
/// difference, so wrong periods cost little.
pub fn find_repetition(values: &[u32]) -> Option<Repetition> {
    let len = values.len();
    for p in 1..=len / 3 {
        let last = len - 1;
        let saltus = i64::from(values[last]) - i64::from(values[last - p]);
        if saltus < 0 {
            continue;
        }
        let mut n0 = len - p;
        while n0 > 0 && i64::from(values[n0 - 1 + p]) - i64::from(values[n0 - 1]) == saltus {
            n0 -= 1;
        }
        if len - n0 >= (2 * p).max(len / 8) {
            return Some(Repetition {
                preperiod: n0 as u64,
                period: p as u64,
                saltus: saltus as u64,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_least_period_and_preperiod() {
        // G(n) = n: Nim.
        let nim: Vec<u32> = (0..50).collect();
        assert_eq!(
            find_repetition(&nim),
            Some(Repetition {
                preperiod: 0,
                period: 1,
                saltus: 1
            })
        );
        // Lasker's Nim: period 4, saltus 4 from n = 1 (G(0) = 0 breaks it: G(4) = 3).
        let lasker: Vec<u32> = (0..60u32)
            .map(|n| match n % 4 {
                3 => n + 1,
                0 if n > 0 => n - 1,
                _ => n,
            })
            .collect();
        assert_eq!(
            find_repetition(&lasker),
            Some(Repetition {
                preperiod: 1,
                period: 4,
                saltus: 4
            })
        );
        // An ordinary period is saltus 0.
        let mut periodic = vec![9, 9, 9];
        periodic.extend((0..40).map(|n| [0, 1, 2][n % 3]));
        assert_eq!(
            find_repetition(&periodic),
            Some(Repetition {
                preperiod: 3,
                period: 3,
                saltus: 0
            })
        );
        // Nothing repeats in the ruler function's first values.
        let ruler: Vec<u32> = (1..40u32).map(|n| n.trailing_zeros()).collect();
        assert_eq!(find_repetition(&ruler), None);
        assert_eq!(find_repetition(&[]), None);
    }
}

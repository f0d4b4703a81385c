//! Coin-turning rules as a person describes them: which sets of coins one move may turn over,
//! given its rightmost coin (Winning Ways, ch. 14; Ferguson, *Game Theory*, Part I §5; see
//! `docs/bibliography.md`). The move's rightmost coin must go from heads to tails; the other
//! coins turned may show either side.
//!
//! | rule | a move turns | published as |
//! | --- | --- | --- |
//! | `at-most=K` | 1 to `K` coins | Turning Turtles (`K = 2`), Mock Turtles (`K = 3`), Moebius (`K = 5`), Mogul (`K = 7`) |
//! | `exactly=K` | exactly `K` coins | Twins (`K = 2`), Triplets (`K = 3`) |
//! | `any` | any set of coins | |
//! | `consecutive`, `consecutive=K`, `consecutive=A..B`, `consecutive=A..` | a run of consecutive coins, of any length, 1 to `K`, `A` to `B`, at least `A` | Ruler (`consecutive`), Rulerette (`consecutive=2..`) |
//! | `two-at=D` | two coins at a distance in `D` | the subtraction game with take-set `D` |
//! | `one-or-two-at=D` | one coin, or two at a distance in `D` | |
//! | `spaced=K` | `K` equally spaced coins | Ternups (`K = 3`) |
//! | `grunt` | four coins `0, a, r − a, r`: the leftmost and three symmetric about the middle | Grunt, Grundy's game in disguise |
//!
//! A rule knows its moves ([`CoinRule::for_each_set`], [`CoinRule::allows`]), how many there
//! are ([`CoinRule::set_count`], exactly, without listing them) and, where one is known, the
//! closed form of a lone head's value ([`CoinRule::closed_form`]); the values of the others come
//! from the mex rule, bottom-up (`line`). Coins are counted by their **index** from 0
//! at the left; how a game numbers them for people is `line::CoinLine`'s business.

use std::fmt;
use std::ops::ControlFlow;

use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;

/// The most coins a rule is described for: a row has at most 64 coins.
pub const RULE_COINS: usize = 64;

/// One move's coins as [`CoinRule::for_each_set`] gives them: indices from the rightmost coin
/// (the head turned to tails) leftwards, strictly decreasing.
pub type TurnSet<'a> = &'a [usize];

/// A coin-turning rule (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CoinRule {
    /// Turn 1 to `K` coins (`1 <= K <= 64`).
    AtMost(usize),
    /// Turn exactly `K` coins (`1 <= K <= 64`).
    Exactly(usize),
    /// Turn any set of coins.
    Any,
    /// Turn a run of consecutive coins whose length is from `shortest` to `longest` (no upper
    /// bound when `None`); `1 <= shortest <= longest <= 64`.
    Consecutive {
        /// The fewest coins a run may have.
        shortest: usize,
        /// The most, if bounded.
        longest: Option<usize>,
    },
    /// Turn exactly two coins whose distance is in the set (ascending, distinct, 1 to 63).
    TwoAt(Vec<usize>),
    /// Turn one coin, or two whose distance is in the set (ascending, distinct, 1 to 63).
    OneOrTwoAt(Vec<usize>),
    /// Turn `K` equally spaced coins (`2 <= K <= 64`).
    Spaced(usize),
    /// Turn the coins `0, a, r − a, r` with `0 < a < r − a`.
    Grunt,
}

/// What a rule may be, for errors.
pub const RULE_FORMS: &str = "a coin rule: at-most=K or exactly=K (K from 1 to 64), any, consecutive (also consecutive=K, consecutive=A..B, consecutive=A..), two-at=D or one-or-two-at=D (D a list of distances from 1 to 63, e.g. 1,2,3), spaced=K (K from 2 to 64) or grunt; e.g. at-most=3";

impl CoinRule {
    /// Reads a rule written as in the module documentation (any case, spaces allowed).
    pub fn parse(text: &str) -> Result<CoinRule> {
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        let (kind, arg) = match compact.split_once('=') {
            Some((kind, arg)) => (kind, Some(arg)),
            None => (compact.as_str(), None),
        };
        let bad = || GameError::invalid("coin rule", text.trim(), RULE_FORMS);
        let rule = match (kind, arg) {
            ("at-most", Some(k)) => CoinRule::AtMost(coin_count(k, "K of at-most=K", 1)?),
            ("exactly", Some(k)) => CoinRule::Exactly(coin_count(k, "K of exactly=K", 1)?),
            ("spaced", Some(k)) => CoinRule::Spaced(coin_count(k, "K of spaced=K", 2)?),
            ("any", None) => CoinRule::Any,
            ("grunt", None) => CoinRule::Grunt,
            ("consecutive", None) => CoinRule::Consecutive {
                shortest: 1,
                longest: None,
            },
            ("consecutive", Some(range)) => consecutive(range)?,
            ("two-at", Some(list)) => CoinRule::TwoAt(distances(list, "two-at")?),
            ("one-or-two-at", Some(list)) => {
                CoinRule::OneOrTwoAt(distances(list, "one-or-two-at")?)
            }
            _ => return Err(bad()),
        };
        Ok(rule)
    }

    /// The rule in a sentence's words: `turn over 1 to 3 coins`.
    pub fn describe(&self) -> String {
        match self {
            CoinRule::AtMost(1) | CoinRule::Exactly(1) => "turn over one coin".into(),
            CoinRule::AtMost(k) => format!("turn over 1 to {k} coins"),
            CoinRule::Exactly(k) => format!("turn over exactly {k} coins"),
            CoinRule::Any => "turn over any set of coins".into(),
            CoinRule::Consecutive { shortest, longest } => match (shortest, longest) {
                (1, None) => "turn over any number of consecutive coins".into(),
                (a, None) => format!("turn over {a} or more consecutive coins"),
                (a, Some(b)) if a == b => format!("turn over {a} consecutive coins"),
                (a, Some(b)) => format!("turn over {a} to {b} consecutive coins"),
            },
            CoinRule::TwoAt(d) => format!("turn over two coins at a distance in {{{}}}", list(d)),
            CoinRule::OneOrTwoAt(d) => format!(
                "turn over one coin, or two at a distance in {{{}}}",
                list(d)
            ),
            CoinRule::Spaced(k) => format!("turn over {k} equally spaced coins"),
            CoinRule::Grunt => {
                "turn over four coins: the leftmost of the row and three symmetric about the middle of the rest (0, a, r - a, r)".into()
            }
        }
    }

    /// How many sets a move whose rightmost coin is at index `r` may turn, exactly.
    pub fn set_count(&self, r: usize) -> u128 {
        let r128 = r as u128;
        match self {
            CoinRule::AtMost(k) => (0..(*k).min(r + 1)).map(|j| binomial(r, j)).sum(),
            CoinRule::Exactly(k) => binomial(r, k - 1),
            CoinRule::Any => 1u128 << r,
            CoinRule::Consecutive { shortest, longest } => {
                let most = longest.unwrap_or(RULE_COINS).min(r + 1);
                (most + 1).saturating_sub(*shortest) as u128
            }
            CoinRule::TwoAt(d) => d.iter().filter(|&&d| d <= r).count() as u128,
            CoinRule::OneOrTwoAt(d) => 1 + d.iter().filter(|&&d| d <= r).count() as u128,
            CoinRule::Spaced(k) => r128 / (*k as u128 - 1),
            CoinRule::Grunt => r128.saturating_sub(1) / 2,
        }
    }

    /// Calls `f` with every set a move whose rightmost coin is at index `r` may turn (indices
    /// from `r` leftwards, [`TurnSet`]), in a fixed order: fewest coins first, and among sets of
    /// the same size the ones whose coins lie nearest `r` first. Stops when `f` breaks.
    pub fn for_each_set(
        &self,
        r: usize,
        f: &mut dyn FnMut(TurnSet) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut set = Vec::with_capacity(RULE_COINS);
        set.push(r);
        match self {
            CoinRule::AtMost(k) => {
                for size in 1..=(*k).min(r + 1) {
                    subsets(&mut set, r, size - 1, f)?;
                }
            }
            CoinRule::Exactly(k) => subsets(&mut set, r, k - 1, f)?,
            CoinRule::Any => {
                for size in 1..=r + 1 {
                    subsets(&mut set, r, size - 1, f)?;
                }
            }
            CoinRule::Consecutive { shortest, longest } => {
                let most = longest.unwrap_or(RULE_COINS).min(r + 1);
                for len in *shortest..=most {
                    let run: Vec<usize> = (r + 1 - len..=r).rev().collect();
                    f(&run)?;
                }
            }
            CoinRule::TwoAt(d) => {
                for &d in d.iter().filter(|&&d| d <= r) {
                    f(&[r, r - d])?;
                }
            }
            CoinRule::OneOrTwoAt(d) => {
                f(&[r])?;
                for &d in d.iter().filter(|&&d| d <= r) {
                    f(&[r, r - d])?;
                }
            }
            CoinRule::Spaced(k) => {
                for gap in (1..=r).take_while(|gap| gap * (k - 1) <= r) {
                    let spaced: Vec<usize> = (0..*k).map(|i| r - i * gap).collect();
                    f(&spaced)?;
                }
            }
            CoinRule::Grunt => {
                for a in (1..r).take_while(|&a| a < r - a) {
                    f(&[r, r - a, a, 0])?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether a move may turn exactly the coins `set`, given as [`TurnSet`] (indices
    /// strictly decreasing, the rightmost first; any other list is no move).
    pub fn allows(&self, set: TurnSet) -> bool {
        let Some(&r) = set.first() else {
            return false;
        };
        if set.windows(2).any(|w| w[0] <= w[1]) {
            return false;
        }
        let len = set.len();
        let gap = |i: usize| r - set[i];
        match self {
            CoinRule::AtMost(k) => len <= *k,
            CoinRule::Exactly(k) => len == *k,
            CoinRule::Any => true,
            CoinRule::Consecutive { shortest, longest } => {
                len >= *shortest
                    && longest.map_or(true, |b| len <= b)
                    && (0..len).all(|i| gap(i) == i)
            }
            CoinRule::TwoAt(d) => len == 2 && d.contains(&gap(1)),
            CoinRule::OneOrTwoAt(d) => len == 1 || (len == 2 && d.contains(&gap(1))),
            CoinRule::Spaced(k) => len == *k && (0..len).all(|i| gap(i) == i * gap(1)),
            CoinRule::Grunt => len == 4 && set[3] == 0 && set[2] >= 1 && set[1] + set[2] == r,
        }
    }

    /// The value of a row whose only head is at index `i`, when a closed form is known; `None`
    /// when only the mex rule gives it. Each closed form is checked against the mex rule on
    /// every coin of a 64-coin row, for every parameter the rule admits (`rule/tests.rs`).
    pub fn closed_form(&self, i: usize) -> Option<Nimber> {
        let i64 = i as u64;
        Some(match self {
            CoinRule::AtMost(1) | CoinRule::Exactly(1) => 1,
            // Turning Turtles: the coin's number, counting from 1.
            CoinRule::AtMost(2) => i64 + 1,
            // Mock Turtles: the odious numbers.
            CoinRule::AtMost(3) => odious(i64),
            // Twins: the coin's number, counting from 0.
            CoinRule::Exactly(2) => i64,
            // Triplets: Mock Turtles two coins to the left (the first two coins have no move).
            CoinRule::Exactly(3) => i64.checked_sub(2).map_or(0, odious),
            // Every set of the coins to the left: the binary numbers, so 2^i.
            CoinRule::Any => 1 << i,
            CoinRule::Consecutive { shortest, longest } => {
                let n = i64 + 1;
                let a = *shortest as u64;
                if n % a != 0 {
                    0
                } else {
                    let ruler = (n / a) & (n / a).wrapping_neg();
                    match longest {
                        None => ruler,
                        Some(b) => ruler.min(floor_power_of_two((*b as u64).div_ceil(a))),
                    }
                }
            }
            _ => return None,
        })
    }

    /// The closed form of [`CoinRule::closed_form`] in words, for coins numbered from `first`.
    pub fn closed_form_words(&self, first: u64) -> Option<String> {
        // The index of coin `n` plus `k`, as an expression in `n`.
        let index_plus = |k: i64| shifted(k - first as i64);
        Some(match self {
            CoinRule::AtMost(1) | CoinRule::Exactly(1) => "a head at any coin is worth 1".into(),
            CoinRule::AtMost(2) => format!("a head at coin n is worth {}", index_plus(1)),
            CoinRule::AtMost(3) => format!(
                "a head at coin n is worth the ({})-th odious number (OEIS A000069, from the 0-th: 1, 2, 4, 7, ...)",
                index_plus(0)
            ),
            CoinRule::Exactly(2) => format!("a head at coin n is worth {}", index_plus(0)),
            CoinRule::Exactly(3) => format!(
                "a head at coin n is worth the ({})-th odious number (0 on the first two coins)",
                index_plus(-2)
            ),
            CoinRule::Any => format!("a head at coin n is worth 2^({})", index_plus(0)),
            CoinRule::Consecutive { shortest, longest } => {
                let m = index_plus(1);
                let base = if *shortest == 1 {
                    format!("the largest power of 2 dividing {m}")
                } else {
                    format!(
                        "0 unless {shortest} divides {m}, and then the largest power of 2 dividing ({m})/{shortest}"
                    )
                };
                match longest {
                    None => format!("a head at coin n is worth {base}"),
                    Some(b) => format!(
                        "a head at coin n is worth {base}, but at most {}",
                        floor_power_of_two((*b as u64).div_ceil(*shortest as u64))
                    ),
                }
            }
            _ => return None,
        })
    }
}

/// `n + k` as text: `n`, `n + 1`, `n - 2`.
fn shifted(k: i64) -> String {
    match k {
        0 => "n".into(),
        k if k > 0 => format!("n + {k}"),
        k => format!("n - {}", -k),
    }
}

impl fmt::Display for CoinRule {
    /// The rule as it is typed: `at-most=3`, `consecutive=2..`, `two-at=1,2,3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoinRule::AtMost(k) => write!(f, "at-most={k}"),
            CoinRule::Exactly(k) => write!(f, "exactly={k}"),
            CoinRule::Any => f.write_str("any"),
            CoinRule::Consecutive { shortest, longest } => match (shortest, longest) {
                (1, None) => f.write_str("consecutive"),
                (1, Some(b)) => write!(f, "consecutive={b}"),
                (a, None) => write!(f, "consecutive={a}.."),
                (a, Some(b)) => write!(f, "consecutive={a}..{b}"),
            },
            CoinRule::TwoAt(d) => write!(f, "two-at={}", list(d)),
            CoinRule::OneOrTwoAt(d) => write!(f, "one-or-two-at={}", list(d)),
            CoinRule::Spaced(k) => write!(f, "spaced={k}"),
            CoinRule::Grunt => f.write_str("grunt"),
        }
    }
}

/// Calls `f` with `set` extended by every choice of `more` indices below the last one, in
/// decreasing order, the nearest choices first.
fn subsets(
    set: &mut Vec<usize>,
    below: usize,
    more: usize,
    f: &mut dyn FnMut(TurnSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if more == 0 {
        return f(set);
    }
    // The next index leaves room for the `more - 1` after it.
    for next in (more - 1..below).rev() {
        set.push(next);
        let flow = subsets(set, next, more - 1, f);
        set.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

/// `C(n, k)`, exact (at most `C(63, 31) < 2^63` here).
pub fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

/// The `n`-th odious number (an odd number of 1s in binary), from the 0-th, 1: `2n`, plus 1
/// when `n` has an even number of 1s.
pub fn odious(n: u64) -> u64 {
    2 * n + u64::from(n.count_ones() % 2 == 0)
}

/// The largest power of 2 not above `n >= 1`.
fn floor_power_of_two(n: u64) -> u64 {
    1 << (63 - n.leading_zeros())
}

fn list(d: &[usize]) -> String {
    d.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
}

/// A rule's `K` (`what` names it), from `least` to 64.
fn coin_count(text: &str, what: &str, least: usize) -> Result<usize> {
    let allowed = format!("a whole number from {least} to {RULE_COINS}");
    match crate::kernel::list::parse_whole::<usize>(text) {
        Ok(k) if (least..=RULE_COINS).contains(&k) => Ok(k),
        Ok(_) | Err(crate::kernel::list::NotWhole::TooLarge) => {
            Err(GameError::out_of_range(what, text, allowed))
        }
        Err(crate::kernel::list::NotWhole::Malformed) => {
            Err(GameError::invalid(what, text, allowed))
        }
    }
}

/// `K`, `A..B` or `A..` of `consecutive=`.
fn consecutive(text: &str) -> Result<CoinRule> {
    let (shortest, longest) = match text.split_once("..") {
        None => (1, Some(coin_count(text, "length of consecutive", 1)?)),
        Some((a, "")) => (coin_count(a, "length of consecutive", 1)?, None),
        Some((a, b)) => (
            coin_count(a, "length of consecutive", 1)?,
            Some(coin_count(b, "length of consecutive", 1)?),
        ),
    };
    if let Some(b) = longest.filter(|&b| b < shortest) {
        return Err(GameError::invalid(
            "consecutive range",
            format!("{shortest}..{b}"),
            "A..B with A at most B, e.g. consecutive=2..5",
        ));
    }
    Ok(CoinRule::Consecutive { shortest, longest })
}

/// The distances of `two-at=` and `one-or-two-at=`: 1 to 63, sorted and deduplicated.
fn distances(text: &str, kind: &str) -> Result<Vec<usize>> {
    let what = format!("distance of {kind}");
    let mut d = Vec::new();
    for item in crate::kernel::list::parse_list_in(text, &what, 1..=RULE_COINS as u64 - 1)? {
        d.push(item as usize);
    }
    d.sort_unstable();
    d.dedup();
    Ok(d)
}

#[cfg(test)]
pub(crate) mod tests;

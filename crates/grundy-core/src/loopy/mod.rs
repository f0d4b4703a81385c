//! Loopy impartial games: move graphs with cycles, where a position may be a **draw**.
//!
//! Every other ruleset of this crate is *short*: play always ends, so every position has a
//! Sprague–Grundy value. Here a move may undo an earlier one (a token walks round a cycle of a
//! graph, a heap grows back), and the theory is C. A. B. Smith's ("Graphs and composite
//! games", 1966), made an algorithm by A. S. Fraenkel and Y. Yesha (1986): the **generalized
//! Sprague–Grundy function** γ ([`Gamma`]) gives every position either a finite value `m` or
//! `∞(K)`, `K` the finite values of its options.
//!
//! * `γ = 0` is a P-position, a finite `γ > 0` an N-position; `∞(K)` is an N-position when
//!   `0 ∈ K` (move to a 0) and a **draw** otherwise.
//! * A **sum** is valued by [`SumValue::of`]: all finite, the XOR; one `∞(L)` with the rest
//!   XORing to `a`, `∞(L ⊕ a)`, an N-position when `a ∈ L` and a draw otherwise; two or more
//!   infinite, a draw.
//! * **Winning play must end.** Moving to *some* 0 is not enough: with moves 0 → 1, 0 → 2,
//!   1 → 0, a player at 0 who always picks 1 never wins. [`strategy`] picks, among the moves
//!   to a P-position, the one whose result is least in the order (sum of values, sum of
//!   counters), and proves that this falls at every exchange, so the play ends.
//!
//! ```
//! use grundy_core::loopy::{LoopySum, Outcome};
//!
//! // A token on the cycle 0 ⇄ 1 with an exit 0 → 2 (value 1), plus a Wind-Up heap of value
//! // ∞{0}: the sum is ∞{1}, a draw, and one move keeps it.
//! let sum = LoopySum::parse("digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1").unwrap();
//! let report = sum.analyze().unwrap();
//! assert_eq!(report.value.to_string(), "∞{1}");
//! assert_eq!(report.outcome, Outcome::Draw);
//! assert_eq!(report.moves[0].words, "1 -> 3 (subtract 3 mod 5)");
//! ```
//!
//! The loopy rulesets are a family of their own ([`family::LOOPY_REGISTRY`]) with their own
//! sum ([`LoopySum`]): a value here is not a nimber, so they do not enter [`crate::sum::Sum`]
//! (see `docs/theory.md`, "Loopy games", for why).

pub mod ended;
pub mod explore;
pub mod family;
pub mod gamma;
pub mod graph;
pub mod report;
pub mod retrograde;
pub mod rules;
pub mod strategy;
mod sum;

pub use report::{LoopyGame, LoopyMove, LoopyReport, LoopySum};
pub use sum::SumValue;

use std::fmt;

use serde::Serialize;

/// The generalized Sprague–Grundy value of a position of a loopy game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Gamma {
    /// A finite value `m`: the position acts in sums like a Nim heap of `m`.
    Finite(u64),
    /// `∞(K)`: `K` (sorted, without repeats) are the finite values of its options.
    Infinite(Vec<u64>),
}

impl Gamma {
    /// The outcome of a lone position of this value.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite(k) if k.contains(&0) => Outcome::N,
            Gamma::Infinite(_) => Outcome::Draw,
        }
    }

    /// The finite value, if it is one.
    pub fn finite(&self) -> Option<u64> {
        match self {
            Gamma::Finite(m) => Some(*m),
            Gamma::Infinite(_) => None,
        }
    }
}

impl fmt::Display for Gamma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(m) => write!(f, "{m}"),
            Gamma::Infinite(k) => write!(f, "∞{}", set(k)),
        }
    }
}

/// A set of values as `{0,2}`.
fn set(k: &[u64]) -> String {
    let items: Vec<String> = k.iter().map(u64::to_string).collect();
    format!("{{{}}}", items.join(","))
}

/// Who wins a loopy position with best play, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub enum Outcome {
    /// The previous player wins: whoever moves from here loses.
    P,
    /// The next player wins.
    N,
    /// Neither player can force a win: best play goes on for ever.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P-position: the player to move loses",
            Outcome::N => "N-position: the player to move wins",
            Outcome::Draw => "draw: neither player can force a win",
        })
    }
}

#[cfg(test)]
mod tests;

//! The value of a sum of loopy components (Smith 1966).

use std::fmt;

use serde::Serialize;

use super::{set, Gamma, Outcome};

/// The generalized value of a sum: γ of each component combined by Smith's rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SumValue {
    /// Every component finite: the XOR of their values.
    Finite(u64),
    /// One component `∞(L)`, the others XORing to `a`: `∞(L ⊕ a)`, the set `{l ⊕ a}`.
    Infinite(Vec<u64>),
    /// Two or more infinite components (as many as said): always a draw.
    ManyInfinite(usize),
}

impl SumValue {
    /// Smith's rule over the components' values.
    pub fn of<'a>(values: impl IntoIterator<Item = &'a Gamma>) -> Self {
        let mut xor = 0;
        let mut infinite: Option<&[u64]> = None;
        let mut infinities = 0;
        for value in values {
            match value {
                Gamma::Finite(m) => xor ^= m,
                Gamma::Infinite(k) => {
                    infinities += 1;
                    infinite = Some(k);
                }
            }
        }
        match (infinities, infinite) {
            (0, _) => SumValue::Finite(xor),
            (1, Some(k)) => {
                let mut shifted: Vec<u64> = k.iter().map(|l| l ^ xor).collect();
                shifted.sort_unstable();
                SumValue::Infinite(shifted)
            }
            (many, _) => SumValue::ManyInfinite(many),
        }
    }

    /// Who wins: P at XOR 0, N at another finite value or at `∞(K)` with `0 ∈ K`, else a draw.
    pub fn outcome(&self) -> Outcome {
        match self {
            SumValue::Finite(0) => Outcome::P,
            SumValue::Finite(_) => Outcome::N,
            SumValue::Infinite(k) if k.contains(&0) => Outcome::N,
            _ => Outcome::Draw,
        }
    }
}

impl fmt::Display for SumValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumValue::Finite(m) => write!(f, "{m}"),
            SumValue::Infinite(k) => write!(f, "∞{}", set(k)),
            SumValue::ManyInfinite(n) => write!(f, "∞ ({n} infinite components)"),
        }
    }
}

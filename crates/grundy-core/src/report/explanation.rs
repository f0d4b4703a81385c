//! The reasoning of a report ([`Explanation`]): Bouton's columns, a sum's values, a misère
//! quotient, a ruleset's own theory or plain text, each tagged by its `kind` for the page and
//! Python, and planned for the hint's move.

use std::sync::Arc;

use num_bigint::BigUint;
use serde::Serialize;

use crate::explain::{NimExplanation, SumExplanation};
use crate::kernel::reasoning::{Argument, PositionReasoning};
use crate::sum::{Sum, SumMove};

/// The `kind` of a sum's values explained ([`Explanation::Sum`], [`Explanation::BigSum`]).
pub const SUM_KIND: &str = "sum";

/// The reasoning, as data and as text, tagged by `kind`.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Explanation {
    /// Bouton's columns, for Nim.
    Nim(Explained<NimExplanation>),
    /// Bouton's columns, for Nim heaps beyond `u64`.
    BigNim(Explained<NimExplanation<BigUint>>),
    /// Each component's value and the nim-sum, for sums under normal play.
    Sum(Explained<SumExplanation>),
    /// The same, with values beyond `u64`.
    BigSum(Explained<SumExplanation<BigUint>>),
    /// A lone position explained by its ruleset's own theory (`Ruleset::explain_position`,
    /// tagged by the ruleset's `kind`): Moore's theorem's binary columns counted modulo
    /// `k + 1` (`moore`), a Wythoff board's P-positions on the queen's row, column and diagonal
    /// (`wythoff`). Any ruleset can give one; the report has no variant per ruleset.
    Ruleset(Explained<Arc<dyn PositionReasoning>>),
    /// A misère sum of one heap ruleset answered through its misère quotient: each heap's
    /// element, the product, the P-portion and a winning move checked.
    Quotient(Explained<crate::misere::Explanation>),
    /// Misère sums and lone components answered without values: the text says how.
    Text(Explained<NoDetail>),
}

/// An explanation's detail with its `kind` and its plain-text rendering.
#[derive(Debug, Clone, Serialize)]
pub struct Explained<E> {
    /// `nim`, `sum`, `quotient`, `search` or `closed-form`, `symmetry` (a square Chomp bar's
    /// one winning bite), `strategy` (a winning move known without search, the value not
    /// computed), or a ruleset's own (`moore`, `wythoff`: [`PositionReasoning::kind`]).
    pub kind: &'static str,
    /// The data.
    #[serde(flatten)]
    pub detail: E,
    /// The same reasoning as text.
    pub text: String,
}

/// No data beyond the text.
#[derive(Debug, Clone, Serialize)]
pub struct NoDetail {}

impl Explanation {
    /// The reasoning as text.
    pub fn text(&self) -> &str {
        match self {
            Explanation::Nim(e) => &e.text,
            Explanation::BigNim(e) => &e.text,
            Explanation::Sum(e) => &e.text,
            Explanation::BigSum(e) => &e.text,
            Explanation::Ruleset(e) => &e.text,
            Explanation::Quotient(e) => &e.text,
            Explanation::Text(e) => &e.text,
        }
    }

    /// The ruleset's own reasoning when `sum` is a lone component whose ruleset gives one
    /// (Moore's Nim).
    pub(super) fn by_ruleset(sum: &Sum) -> Option<Self> {
        let [c] = sum.components.as_slice() else {
            return None;
        };
        c.explain_position(None).map(Explanation::reasoned)
    }

    /// A ruleset's reasoning with its kind and text.
    pub(super) fn reasoned(detail: Arc<dyn PositionReasoning>) -> Self {
        let text = detail.to_text();
        Explanation::Ruleset(Explained {
            kind: detail.kind(),
            detail,
            text,
        })
    }

    /// The same explanation, its plan made for the move `m` where it has one (a sum's, see
    /// [`SumExplanation::plan_for`]; a ruleset's own, remade by the ruleset for the move, see
    /// [`crate::kernel::Ruleset::explain_position`]); other kinds are returned as they are.
    pub fn planned_for(self, m: &SumMove) -> Self {
        match self {
            Explanation::Ruleset(e) if m.component == 0 => {
                match m.from.explain_position(Some(&m.to)) {
                    Some(detail) => Explanation::reasoned(detail),
                    None => Explanation::Ruleset(e),
                }
            }
            Explanation::Sum(e) => {
                let detail = e.detail.plan_for(m);
                let text = detail.to_text();
                Explanation::Sum(Explained {
                    kind: e.kind,
                    detail,
                    text,
                })
            }
            other => other,
        }
    }

    /// An explanation in words only, by the argument `kind`.
    pub(crate) fn text_only(kind: Argument, text: String) -> Self {
        Explanation::Text(Explained {
            kind: kind.name(),
            detail: NoDetail {},
            text,
        })
    }
}

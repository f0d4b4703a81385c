//! A ruleset's own reasoning on one of its positions ([`PositionReasoning`]): the theorem that
//! decides it, as data for the page and Python and as text for the terminal.
//!
//! Most positions are explained by the engines alone (the mex rule, Bouton's columns of a sum's
//! values, a misère quotient). Some rulesets know more about a lone position than any engine
//! does: Moore's theorem counts the heaps' binary columns modulo `k + 1`, Wythoff's P-positions
//! lie on the queen's row, column and diagonal. Such a ruleset builds its reasoning itself
//! (`Ruleset::explain_position`) and hands it over behind this trait, so that the report
//! carries it without a variant of its own for every ruleset.

use std::fmt::Debug;

/// A ruleset's reasoning on one position: serialisable (its fields are the JSON's, flattened
/// beside `kind` and `text`), tagged by a `kind`, and written as text.
pub trait PositionReasoning: Debug + Send + Sync + erased_serde::Serialize {
    /// The `kind` of the JSON explanation, e.g. `moore` or `wythoff`: what the page and Python
    /// draw it by.
    fn kind(&self) -> &'static str;

    /// The same reasoning as text, one idea per line.
    fn to_text(&self) -> String;
}

erased_serde::serialize_trait_object!(PositionReasoning);

/// The kind of argument of an explanation given in words only (no data beside its text): its
/// `kind` in the JSON, what the page and Python label it by. The explanations with data have
/// kinds of their own (`nim`, `sum`, `quotient`, and each ruleset's [`PositionReasoning::kind`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Argument {
    /// A theorem gives the answer outright (Wythoff's P-positions beyond `u64`, a two-row
    /// Chomp bar, a position decided by its P-positions without its value).
    ClosedForm,
    /// A mirror strategy (a square Chomp bar's bite).
    Symmetry,
    /// Strategy stealing: the player to move wins, no move named.
    StrategyStealing,
    /// A winning move known without search, the value not computed.
    Strategy,
    /// Misère play decided on the components' simplest forms.
    SimplestForms,
    /// Misère play decided through a misère quotient, told in words.
    Quotient,
    /// An exhaustive search of the position.
    Search,
}

impl Argument {
    /// Every argument, in the order above.
    pub const ALL: [Argument; 7] = [
        Argument::ClosedForm,
        Argument::Symmetry,
        Argument::StrategyStealing,
        Argument::Strategy,
        Argument::SimplestForms,
        Argument::Quotient,
        Argument::Search,
    ];

    /// The `kind` written in the JSON: `closed-form`, `symmetry`, ...
    pub fn name(self) -> &'static str {
        match self {
            Argument::ClosedForm => "closed-form",
            Argument::Symmetry => "symmetry",
            Argument::StrategyStealing => "strategy-stealing",
            Argument::Strategy => "strategy",
            Argument::SimplestForms => "simplest-forms",
            Argument::Quotient => "quotient",
            Argument::Search => "search",
        }
    }
}

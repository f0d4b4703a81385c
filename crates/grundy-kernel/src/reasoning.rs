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

//! How an answer is known ([`Provenance`]): the argument behind a value, which each family
//! declares for its positions (`games::family::Family::known_by`) and the answer reports.

use std::fmt;

use serde::Serialize;

/// The argument behind an answer (serialised in kebab case: `closed-form`, `proven-period`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Provenance {
    /// A theorem gives it outright: Bouton's for Nim, Wythoff's P-positions, Lasker's and
    /// Moore's Nim, the coin-turning games' formulas, Tartan products, Green Hackenbush by
    /// fusion and colon, Chomp's rows and L shapes, Cram's regions known without search.
    ClosedForm,
    /// A heap beyond the values computed: read through the sequence's proven period.
    ProvenPeriod,
    /// Values computed bottom up by the mex rule (a heap game's sequence, an acrostic grid,
    /// every Cram region of a small box).
    Table,
    /// The search engine: decomposition into independent regions, canonical forms, a table.
    Search,
    /// A mirror strategy: a Cram board of even sides (the second player answers each domino by
    /// its half turn), a square Chomp bar (bite the square diagonally above the poison, then
    /// mirror across the diagonal).
    Symmetry,
    /// A misère sum of heaps of one ruleset through its misère quotient.
    Quotient,
    /// A misère sum of a game's heaps beside Nim heaps, added as Conway's misère simplest
    /// forms.
    SimplestForms,
    /// A misère sum by exhaustive search of its positions.
    ExhaustiveSearch,
    /// Strategy stealing: the player to move wins a full Chomp bar beyond the search, by an
    /// argument that names no move (no value, no winning move).
    StrategyStealing,
}

impl Provenance {
    /// The argument in words.
    pub fn describe(self) -> &'static str {
        match self {
            Provenance::ClosedForm => "a closed form (a theorem gives it outright)",
            Provenance::ProvenPeriod => "the sequence's proven period",
            Provenance::Table => "values computed bottom up by the mex rule",
            Provenance::Search => "search (independent regions, canonical forms, a table)",
            Provenance::Symmetry => "a mirror strategy",
            Provenance::Quotient => "the misère quotient",
            Provenance::SimplestForms => "misère simplest forms, added",
            Provenance::ExhaustiveSearch => "exhaustive search",
            Provenance::StrategyStealing => "strategy stealing (the winner named, no move)",
        }
    }
}

impl fmt::Display for Provenance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

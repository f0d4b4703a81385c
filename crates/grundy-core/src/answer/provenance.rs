//! How an answer is known: the argument behind each component's value (normal play) or behind
//! the whole misère sum.

use std::fmt;

use serde::Serialize;

use crate::big_nim::BigComponent;
use crate::games::chomp::ChompBoard;
use crate::games::cram::{tabled_value, CramBoard};
use crate::games::rules::chomp::ChompGame;
use crate::games::rules::cram::CramGame;
use crate::games::searched::Searched;
use crate::report::Piece;
use crate::strategy::Convention;
use crate::sum::{Component, Sum};

/// Heaps from this size on are beyond the values a sequence computes bottom up for a question
/// (2^18, the octal period search's reach in `analyze`, docs/limits.md): their values are read
/// through the proven period.
const PERIOD_FROM: u64 = 1 << 18;

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

/// How the answer about `sum` under `convention` is known: one entry per component under
/// normal play, one for the whole sum under misère play.
pub fn provenance(sum: &Sum, convention: Convention) -> Vec<Provenance> {
    match convention {
        Convention::Normal => sum.components.iter().map(of_component).collect(),
        Convention::Misere if sum.nim_heaps().is_some() => vec![Provenance::ClosedForm],
        // The forms, the search's memo and the quotient's answers are kept for the process:
        // asking again costs a lookup.
        Convention::Misere
            if crate::misere::mixed::explain_by_forms(sum, || {
                crate::misere::sums::answer(sum).is_some()
            })
            .is_some() =>
        {
            vec![Provenance::SimplestForms]
        }
        Convention::Misere if crate::misere::sums::answer(sum).is_some() => {
            vec![Provenance::Quotient]
        }
        Convention::Misere => vec![Provenance::ExhaustiveSearch],
    }
}

/// How the answer about a position with heaps or Wythoff boards beyond `u64` (`pieces`) is
/// known: Nim heaps, Lasker's Nim heaps and boards by their closed forms (Bouton, Lasker's,
/// Beatty), heaps of the other rulesets beyond `u64` (subtraction, all-but, octal and
/// take-and-break games) through their proven periods, the other components as in
/// [`provenance`]; under misère play such a sum is misère Nim beside nothing else (a closed
/// form) or is answered by the sum's engines whole.
pub(super) fn of_pieces(pieces: &[Piece], convention: Convention) -> Vec<Provenance> {
    let of = |p: &Piece| match p {
        Piece::Component(BigComponent::Small(c)) => of_component(c),
        Piece::Component(BigComponent::Heap(b)) if family_of(&b.empty) != "lasker" => {
            Provenance::ProvenPeriod
        }
        _ => Provenance::ClosedForm,
    };
    match convention {
        Convention::Normal => pieces.iter().map(of).collect(),
        Convention::Misere if pieces.iter().all(|p| p.ruleset_name() == "nim") => {
            vec![Provenance::ClosedForm]
        }
        Convention::Misere => vec![Provenance::ExhaustiveSearch],
    }
}

/// The family's name of `c` (`subtraction` for `sub{1,4,9}:11`).
fn family_of(c: &Component) -> &'static str {
    let term = Sum::new(vec![c.clone()]).to_terms();
    let rules = term.split([':', '{']).next().unwrap_or_default();
    crate::registry::family(rules).map_or("", |f| f.name)
}

pub(super) fn of_component(c: &Component) -> Provenance {
    if let Some(board) = c.position::<Searched<CramGame>>() {
        return cram(board);
    }
    if let Some(board) = c.position::<Searched<ChompGame>>() {
        return chomp(board);
    }
    match family_of(c) {
        "nim" | "bachet" | "wythoff" | "lasker" | "moore" | "turtles" | "twins"
        | "mock-turtles" | "ruler" | "hackenbush" | "tartan" | "turning-corners" | "rugs" => {
            Provenance::ClosedForm
        }
        "subtraction" | "all-but" | "octal" | "grundys-game" | "hex"
            if c.heaps().iter().any(|&h| h >= PERIOD_FROM) =>
        {
            Provenance::ProvenPeriod
        }
        "node-kayles" | "arc-kayles" => Provenance::Search,
        // Sequences below the period's reach, coin rules by the mex rule, acrostic grids.
        _ => Provenance::Table,
    }
}

/// Cram: a board whose regions are all known without search or tables (nothing left to search)
/// is a mirror strategy when it is a full board of even sides, a closed form otherwise (lone
/// squares, dominoes, lines as Dawson's Kayles); one whose other regions all fit the boxes of
/// the tables of small regions is a table; else search.
fn cram(board: &CramBoard) -> Provenance {
    let (keys, _) = board.components_without_tables();
    let full = board.empty_squares() == board.rows() * board.cols();
    match (
        keys.is_empty(),
        full && board.rows() % 2 == 0 && board.cols() % 2 == 0,
    ) {
        (true, true) => Provenance::Symmetry,
        (true, false) => Provenance::ClosedForm,
        (false, _) if keys.iter().all(|&k| tabled_value(k).is_some()) => Provenance::Table,
        (false, _) => Provenance::Search,
    }
}

/// Chomp: a square bar by its mirror move, a bar beyond the search by strategy stealing, one
/// row or an L shape by its two Nim heaps and two rows or columns by their P-positions (a
/// closed form each), else search.
fn chomp(board: &ChompBoard) -> Provenance {
    let rows = board.row_lengths();
    if super::instant::is_square_bar(board) {
        Provenance::Symmetry
    } else if super::instant::is_stolen_bar(board) {
        Provenance::StrategyStealing
    } else if rows.len() < 2 || rows[1] <= 1 || super::instant::is_two_row_bar(board) {
        Provenance::ClosedForm
    } else {
        Provenance::Search
    }
}

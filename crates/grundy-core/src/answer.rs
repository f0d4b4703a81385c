//! One question, one answer: the entry every door goes through.
//!
//! A [`Question`] is a position (a sum of terms of any rulesets, as text or already read), its
//! convention, what is asked beyond who wins ([`Asked`]: the reasoning, a computer move) and a
//! [`Budget`]. [`ask`] gives an [`Answer`] — the [`Report`] (the value, the outcome, every
//! winning move with a distinct label, equal moves grouped with their count, the reasoning),
//! how it is known ([`Provenance`]) and the computer's move when asked — or a refusal, a
//! [`GameError`](crate::GameError) that names the part too large and the option that allows more.
//!
//! `grundy analyze`, `grundy play`'s hints and computer moves, `POST /api/analyze`, `/api/hint`,
//! `/api/move` ([`player_move`]) and the Python package's `Position` ask here, so an answer known at once to one door is known at once to
//! all: a Cram board of even sides by the mirror strategy, a square Chomp bar by its mirror
//! move ([`instant`]), Nim and Wythoff's game by their closed forms; and, to a door that asks
//! for a move only (a hint, the computer's turn), a board of many options with a move known to
//! win without search, by that move, its value not computed (the central domino of a Cram board
//! that is its own half turn with one side odd).
//!
//! The budget is installed for the whole question ([`crate::kernel::budget::within`]): every
//! long loop of the engine checks it, so a refusal comes within a few milliseconds of the
//! deadline, wherever the work was.
//!
//! ```
//! use std::time::Duration;
//! use grundy_core::answer::{ask, Asked, Question};
//! use grundy_core::kernel::provenance::Provenance;
//! use grundy_core::kernel::budget::Budget;
//! use grundy_core::strategy::Convention;
//!
//! let budget = Budget::new(Duration::from_secs(10), "--time SECONDS");
//! let question = Question::text("chomp:12x12", Convention::Normal, Asked::default(), budget);
//! let answer = ask(&question).unwrap();
//! assert_eq!(answer.provenance, vec![Provenance::Symmetry]);
//! assert_eq!(answer.report.winning_moves.len(), 1);
//! ```

use std::time::Duration;

use serde::Serialize;

use crate::kernel::budget::{self, Budget};
use crate::kernel::component::Component;
use crate::kernel::error::Result;
use crate::kernel::provenance::Provenance;
use crate::report::{self, Report};
use crate::spec::parse_big_sum;
use crate::strategy::Convention;
use crate::sum::{Sum, SumMove};

mod computer;
mod instant;
mod known_move;
mod provenance;

pub use computer::{player_move, unvalued_move};
pub use instant::{beyond_search, instant};
pub use provenance::provenance;

/// The budget of a door that sets none of its own: ten seconds (docs/limits.md, "search of a
/// board or graph in `analyze`") and 1 GiB of memory, more allowed by `time_option` and
/// `memory_option`.
pub fn default_budget(time_option: impl Into<String>, memory_option: impl Into<String>) -> Budget {
    Budget::new(DEFAULT_TIME, time_option).with_memory(DEFAULT_MEMORY, memory_option)
}

/// The time of [`default_budget`].
pub const DEFAULT_TIME: Duration = Duration::from_secs(10);

/// The memory of [`default_budget`]: 1 GiB of growth (kept where the program counts its
/// memory: `kernel::budget::install_meter`).
pub const DEFAULT_MEMORY: u64 = 1 << 30;

/// What is asked beyond the value and the outcome (always answered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asked {
    /// Every winning move, listed and counted (the default). A door that wants only the
    /// computer's move (a hint, the computer's turn) leaves it out: proving each option lost
    /// for the opponent costs far more than finding one (Cram 5 × 8: 59 winning moves, 4 s,
    /// against a tenth of that for the first). The report then lists none
    /// ([`Answer::winning_moves_listed`]).
    pub winning_moves: bool,
    /// The reasoning for a person.
    pub explanation: bool,
    /// The move a perfect player makes here (the quickest win or the slowest loss where the
    /// tree is small enough to measure), with the moves left after it when measured.
    pub computer_move: bool,
}

impl Default for Asked {
    /// The winning moves, without the reasoning or the computer's move.
    fn default() -> Self {
        Asked {
            winning_moves: true,
            explanation: false,
            computer_move: false,
        }
    }
}

impl Asked {
    /// Only the computer's move (and the value and outcome): what a computer player asks.
    pub fn computer_move_only() -> Self {
        Asked {
            winning_moves: false,
            explanation: false,
            computer_move: true,
        }
    }
}

/// A position as a door gives it.
#[derive(Debug, Clone, Copy)]
enum Given<'a> {
    /// In the text format (`nim:3,4 + cram:4x4`), Nim heaps and Wythoff boards of any size.
    Text(&'a str),
    /// Already read (within `u64`).
    Sum(&'a Sum),
}

/// One question (see the module documentation).
pub struct Question<'a> {
    given: Given<'a>,
    /// Normal or misère play.
    pub convention: Convention,
    /// What is asked.
    pub asked: Asked,
    /// The time the question may take.
    pub budget: Budget,
    /// Which lone components' values the door affords (the server keeps a lone Wythoff board's
    /// table below its own limit); `None`: every value.
    pub affordable: Option<&'a (dyn Fn(&Component) -> bool + Sync)>,
}

impl<'a> Question<'a> {
    /// A question about the position written `text`.
    pub fn text(text: &'a str, convention: Convention, asked: Asked, budget: Budget) -> Self {
        Question {
            given: Given::Text(text),
            convention,
            asked,
            budget,
            affordable: None,
        }
    }

    /// A question about `sum`.
    pub fn sum(sum: &'a Sum, convention: Convention, asked: Asked, budget: Budget) -> Self {
        Question {
            given: Given::Sum(sum),
            convention,
            asked,
            budget,
            affordable: None,
        }
    }
}

/// The answer to a [`Question`].
#[derive(Debug, Clone)]
pub struct Answer {
    /// Value, outcome, winning moves (grouped, distinct labels), reasoning.
    pub report: Report,
    /// How it is known: one entry per component under normal play (each component's value is
    /// its own), one for the whole sum under misère play (misère sums are answered whole).
    pub provenance: Vec<Provenance>,
    /// The computer's move, when asked and there is a move.
    pub computer_move: Option<SumMove>,
    /// How many moves the game lasts after the computer's move with perfect play, when
    /// measured.
    pub moves_left: Option<u64>,
    /// Whether [`Report::winning_moves`] and its count were looked for ([`Asked::winning_moves`]):
    /// when not, under normal play they are empty whatever the position, and the JSON gives
    /// `null` for both.
    pub winning_moves_listed: bool,
    /// The computer's move at any size, when asked and there is a move: [`Answer::computer_move`]
    /// for a position within `u64`, else the move of a position with a heap beyond `u64`
    /// ([`crate::any_size::AnyPosition::computer_move`]: the first winning move, else a move
    /// that takes little).
    pub any_move: Option<report::Move>,
}

impl Answer {
    /// Writes the answer's fields into a JSON object being written: the report's, then
    /// `provenance` (a door adds fields of its own, as the server's `position`).
    pub fn serialize_fields<M: serde::ser::SerializeMap>(
        &self,
        map: &mut M,
    ) -> std::result::Result<(), M::Error> {
        self.report
            .serialize_fields_listing(map, self.winning_moves_listed)?;
        map.serialize_entry("provenance", &self.provenance)
    }
}

impl Serialize for Answer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        self.serialize_fields(&mut map)?;
        map.end()
    }
}

/// `sum` unvalued ([`report::Unvalued`]), for a door that plays on when its value was refused
/// with `refusal`: only where every part is a board or graph valued by search, so that the time
/// goes to the value while moves known without search (a mirror strategy) can still be played.
/// `None` otherwise: a heap whose value is refused stays refused, since no move of it is known
/// either.
pub fn unvalued(
    sum: &Sum,
    convention: Convention,
    refusal: impl Into<String>,
) -> Option<report::Unvalued> {
    all_searched(sum).then(|| report::Unvalued::of(sum, convention, refusal))
}

/// Whether every part of `sum` (and there is one) is a board or graph valued by search (or, for
/// Cram, by the tables of small regions, which stand for it).
fn all_searched(sum: &Sum) -> bool {
    let searched = |c: &Component| match provenance::of_component(c) {
        Provenance::Search => true,
        // Cram's regions valued by the tables of small regions, which stand for its search.
        Provenance::Table => crate::registry::family_of(c).is_some_and(|f| f.search.is_some()),
        _ => false,
    };
    !sum.components.is_empty() && sum.components.iter().all(searched)
}

/// Answers `question` within its budget, or refuses (see the module documentation).
pub fn ask(question: &Question) -> Result<Answer> {
    budget::within(&question.budget, || answer(question))
}

/// The analysis of the loopy sum written `terms` (`windup{5;1,3}:1 + fair-shares:6,3`,
/// [`crate::loopy`]) within `budget`, or a refusal: the loopy door of every front end
/// (`grundy analyze loopy`, the API's loopy positions, the Python package's loopy
/// positions). The exploration and labelling of each term's graph keep the budget like every
/// other engine, so a refusal comes within milliseconds of it and names the term.
pub fn loopy(terms: &str, budget: &Budget) -> Result<crate::loopy::LoopyReport> {
    budget::within(budget, || Ok(loopy_game(terms, budget)?.report()))
}

/// The loopy sum written `terms`, its graphs explored and labelled within `budget` (what a
/// play session or the API's moves keep), or a refusal (see [`loopy`]).
pub fn loopy_game(terms: &str, budget: &Budget) -> Result<crate::loopy::LoopyGame> {
    budget::within(budget, || crate::loopy::LoopySum::parse(terms)?.solve())
}

fn answer(q: &Question) -> Result<Answer> {
    let explain = q.asked.explanation;
    let small;
    let sum = match q.given {
        Given::Sum(sum) => sum,
        Given::Text(text) => match parse_big_sum(text).ok().and_then(|big| big.to_sum()) {
            Some(s) => {
                small = s;
                &small
            }
            // Nim heaps or Wythoff boards beyond `u64`: closed forms only (Bouton, Beatty).
            None => {
                let report = report::analyze(text, q.convention, explain)?;
                let provenance = provenance::of_pieces(&report.components, q.convention);
                let any_move = match q.asked.computer_move {
                    true => crate::any_size::AnyPosition::parse(text)?.computer_move(&report)?,
                    false => None,
                };
                return Ok(Answer {
                    report,
                    provenance,
                    computer_move: None,
                    moves_left: None,
                    winning_moves_listed: true,
                    any_move,
                });
            }
        },
    };
    let part = || crate::sum::refusal_name(sum);
    // Known at once: every winning move (a square Chomp bar), or one, when only a move is
    // asked (`known_winning_move`).
    let mut winning_moves_listed = q.asked.winning_moves;
    let mut by_strategy = None;
    let known = match instant(sum, q.convention, explain) {
        Some(report) => {
            winning_moves_listed = true;
            Some(report)
        }
        None if !q.asked.winning_moves => {
            known_move::known_winning_move(sum, q.convention, explain).map(|(report, to)| {
                by_strategy = Some(to);
                report
            })
        }
        None => None,
    };
    let report = match known {
        Some(report) => report,
        None => budget::in_part(part, || {
            let affordable = q.affordable.unwrap_or(&|_| true);
            let scope = report::Scope {
                explain,
                winning_moves: q.asked.winning_moves,
            };
            report::analyze_sum_within(sum, q.convention, scope, affordable)
        })?,
    };
    // A move known to win: the answer is known as the option it leads to is.
    let provenance = match by_strategy {
        Some(to) if !to.is_empty() => provenance(&Sum::new(to), q.convention),
        _ => provenance(sum, q.convention),
    };
    let (computer_move, moves_left) = match q.asked.computer_move {
        true => computer_move(sum, q.convention, &report)?,
        false => (None, None),
    };
    let any_move = computer_move
        .clone()
        .map(|m| report::Move::Sum(crate::big_nim::BigMove::Small(m)));
    Ok(Answer {
        report,
        provenance,
        computer_move,
        moves_left,
        winning_moves_listed,
        any_move,
    })
}

/// The perfect player's move ([`crate::strategy::best_move`], the engine's one perfect move:
/// the quickest win or the slowest loss where the tree is small enough to measure, with the
/// game's length after it), or the report's first winning move for positions answered at once
/// (a square Chomp bar, a Cram board by symmetry).
fn computer_move(
    sum: &Sum,
    convention: Convention,
    report: &Report,
) -> Result<(Option<SumMove>, Option<u64>)> {
    if sum.is_terminal() {
        return Ok((None, None));
    }
    // Won, but no winning move is known (a bar won by strategy stealing): a move that gives
    // least away, without search.
    if report.moves_unknown.is_some() {
        return Ok((instant::holding_move(sum), None));
    }
    let listed = report.winning_moves.iter().find_map(|m| match &m.mv {
        report::Move::Sum(crate::big_nim::BigMove::Small(m)) => Some(m.clone()),
        _ => None,
    });
    if listed.is_some() && instant(sum, convention, false).is_some() {
        return Ok((listed, None));
    }
    let (best, moves_left) = crate::strategy::best_move_with_length(sum, convention)?;
    Ok((best.or(listed), moves_left))
}

#[cfg(test)]
mod tests;

//! The analysis of a position as the front ends show it: one type for the command line's text,
//! its JSON and the server's API.
//!
//! [`analyze`] reads a position in the text format of [`crate::registry`], decides who wins and
//! lists every winning move, and (on request) explains why. It picks the method:
//!
//! * Nim heaps of any size, alone or in sums ([`crate::big_nim`]);
//! * a lone component under normal play from its P-positions alone ([`Ruleset::is_p_position`]
//!   and its moves to value 0), so that a Wythoff board or a Moore's Nim position of any size is
//!   answered even where its Grundy value is out of reach (the value is then `null`);
//! * a lone Wythoff board whose coordinates exceed `u64`, by the closed form;
//! * every other sum by the Sprague–Grundy theorem, or under misère play by
//!   [`crate::strategy::analyze`].
//!
//! ```
//! use grundy_core::report::analyze;
//! use grundy_core::strategy::Convention;
//! let report = analyze("sub{1,4,9}:11 + nim:3", Convention::Normal, true).unwrap();
//! assert_eq!(report.winning_move_count, 1u8.into());
//! assert!(report.to_text().contains("G(11) = mex{G(10), G(7), G(2)} = mex{0, 0, 0} = 1"));
//! ```
//!
//! [`Ruleset::is_p_position`]: crate::kernel::Ruleset::is_p_position

use std::fmt::{self, Write as _};
use std::sync::Arc;

use num_bigint::BigUint;
use serde::Serialize;

use crate::big_nim::{analyze_big, BigComponent, BigMove, BigSum};
use crate::explain::{NimExplanation, SumExplanation};
use crate::games::wythoff::{
    self as wythoff, beatty::is_p_position_big, winning_moves_big, WythoffExplanation, WythoffMove,
};
use crate::kernel::bouton::{serialize_heaps, HeapJson};
use crate::kernel::component::Component;
use crate::kernel::error::{GameError, Result};
use crate::kernel::moves::{MoveList, MAX_LISTED_MOVES};
use crate::kernel::reasoning::Argument;
use crate::spec::{parse_big, parse_big_sum};
use crate::strategy::Convention;
use crate::sum::{Outcome, Sum, SumMove};

mod explanation;
mod unvalued;

pub use explanation::{Explained, Explanation, NoDetail, SUM_KIND};
pub use unvalued::Unvalued;

/// One component of an analysed position: an ordinary component or a Nim heap of any size
/// ([`BigComponent`]), or a Wythoff board beyond `u64`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A component of a [`BigSum`].
    Component(BigComponent),
    /// A Wythoff board `(x, y)` with a coordinate beyond `u64`.
    Wythoff(BigUint, BigUint),
}

/// A winning move of an analysed position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    /// A move of a [`BigSum`].
    Sum(BigMove),
    /// A move of a Wythoff board beyond `u64` (the only component: index 0).
    Wythoff {
        /// Where the queen stands.
        from: (BigUint, BigUint),
        /// The move.
        to: WythoffMove<BigUint>,
    },
}

/// A winning move as listed: moves that lead to the same position (every vertex of a complete
/// graph in Node-Kayles, parallel edges of a Hackenbush picture) are one entry, with `count`
/// the number of them, so that no two entries carry the same label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinningMove {
    /// The move (the first of its equals, in the rulesets' order).
    pub mv: Move,
    /// How many moves lead to the same position (1 for most).
    pub count: u64,
}

impl fmt::Display for WinningMove {
    /// The move's label, with `(one of N equal moves: each leaves the same position)` when
    /// several moves are grouped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.mv.fmt(f)?;
        if self.count > 1 {
            write!(
                f,
                " (one of {} equal moves: each leaves the same position)",
                self.count
            )?;
        }
        Ok(())
    }
}

impl Serialize for WinningMove {
    /// The move's fields (`component`, `from`, `to`, `text`) and `count`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        match &self.mv {
            Move::Sum(BigMove::Small(m)) => {
                map.serialize_entry("component", &m.component)?;
                map.serialize_entry("from", &m.from)?;
                map.serialize_entry("to", &m.to)?;
            }
            other => {
                // Moves beyond `u64` serialise as one object; copy its fields.
                let value = serde_json::to_value(other).map_err(serde::ser::Error::custom)?;
                if let serde_json::Value::Object(fields) = value {
                    for (k, v) in fields.iter().filter(|(k, _)| *k != "text") {
                        map.serialize_entry(k, v)?;
                    }
                }
            }
        }
        map.serialize_entry("text", &self.to_string())?;
        map.serialize_entry("count", &crate::kernel::nim_heap::ExactU64(self.count))?;
        map.end()
    }
}

/// `moves` with equal moves listed once and counted ([`MoveList::grouped`]).
fn grouped(moves: MoveList<Move>) -> MoveList<WinningMove> {
    moves
        .grouped(Move::to_string)
        .map(|(mv, count)| WinningMove { mv, count })
}

/// The analysis of a position (see the module documentation). Serialised as the JSON of
/// `grundy analyze --json` and of `POST /api/analyze` (which adds fields of its own through
/// [`Report::serialize_fields`]).
#[derive(Debug, Clone)]
pub struct Report {
    /// The game's title, e.g. `Subtraction game S = {1,4,9}` or `Sum of games`.
    pub game: String,
    /// The convention analysed.
    pub convention: Convention,
    /// The components, in order.
    pub components: Vec<Piece>,
    /// Each component's Sprague–Grundy value (normal play), or `None` when some value is
    /// beyond reach and the position was answered from its P-positions alone.
    pub values: Option<Vec<BigUint>>,
    /// The nim-sum of the values, when they are known.
    pub nim_sum: Option<BigUint>,
    /// Who wins.
    pub outcome: Outcome,
    /// `player to move` or `previous player`.
    pub winner: &'static str,
    /// Whether no move is left.
    pub finished: bool,
    /// How many winning moves there are in all, exactly (beyond `u128` for Moore's Nim of many
    /// huge heaps), equal moves counted once (see [`WinningMove`]).
    pub winning_move_count: BigUint,
    /// The first [`MAX_LISTED_MOVES`] winning moves, each distinct.
    pub winning_moves: MoveList<WinningMove>,
    /// The reasoning, when asked for.
    pub explanation: Option<Explanation>,
    /// Why no winning move is listed where the player to move is known to win: a position won
    /// by strategy stealing, whose winning move no method here finds (a Chomp bar beyond the
    /// search). `None` wherever the winning moves are the list above.
    pub moves_unknown: Option<String>,
}

impl Report {
    /// Writes the report's fields into a JSON object being written, so that a front end can add
    /// fields of its own without building the document twice (the server adds `position`).
    pub fn serialize_fields<M: serde::ser::SerializeMap>(
        &self,
        map: &mut M,
    ) -> std::result::Result<(), M::Error> {
        self.serialize_fields_listing(map, true)
    }

    /// [`Report::serialize_fields`], with `null` for the winning moves and their count unless
    /// `listed` (they were not asked for: the question wanted only a move).
    pub fn serialize_fields_listing<M: serde::ser::SerializeMap>(
        &self,
        map: &mut M,
        listed: bool,
    ) -> std::result::Result<(), M::Error> {
        map.serialize_entry("game", &self.game)?;
        map.serialize_entry("convention", &self.convention)?;
        map.serialize_entry("components", &self.components)?;
        map.serialize_entry("values", &Values(&self.values))?;
        map.serialize_entry("nim_sum", &self.nim_sum.as_ref().map(HeapJson))?;
        map.serialize_entry("outcome", &self.outcome)?;
        map.serialize_entry("winner", self.winner)?;
        map.serialize_entry("finished", &self.finished)?;
        if let Some(why) = &self.moves_unknown {
            map.serialize_entry("winning_move_count", &None::<u8>)?;
            map.serialize_entry("winning_moves", &None::<u8>)?;
            map.serialize_entry("winning_moves_unknown", why)?;
        } else if listed {
            map.serialize_entry("winning_move_count", &JsonCount(&self.winning_move_count))?;
            map.serialize_entry("winning_moves", &self.winning_moves)?;
        } else {
            map.serialize_entry("winning_move_count", &None::<u8>)?;
            map.serialize_entry("winning_moves", &None::<u8>)?;
        }
        if let Some(e) = &self.explanation {
            map.serialize_entry("explanation", e)?;
        }
        Ok(())
    }
}

impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        self.serialize_fields(&mut map)?;
        map.end()
    }
}

/// A count as a JSON number up to 2^53 - 1 (what every JSON reader holds exactly), else as a
/// decimal string (docs/api.md, "Numbers").
pub struct JsonCount<'a>(pub &'a BigUint);

impl Serialize for JsonCount<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        HeapJson(self.0).serialize(s)
    }
}

/// Values as numbers when they fit in `u64`, else decimal strings; `null` when unknown.
struct Values<'a>(&'a Option<Vec<BigUint>>);

impl Serialize for Values<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self.0 {
            Some(v) => serialize_heaps(v, s),
            None => s.serialize_none(),
        }
    }
}

/// Analyses the position written `text` (see the module documentation) under `convention`,
/// with the reasoning when `explain`.
pub fn analyze(text: &str, convention: Convention, explain: bool) -> Result<Report> {
    let sum = match parse_big_sum(text) {
        Ok(sum) => sum,
        Err(e) => return big_wythoff(text, convention, explain).unwrap_or(Err(e)),
    };
    match sum.to_sum() {
        Some(small) => analyze_sum(&small, convention, explain),
        None => analyze_big_sum(&sum, convention, explain),
    }
}

/// The title of a position: its ruleset's when it has one ruleset, else `Sum of games`.
pub fn title(sum: &Sum) -> String {
    match sum.components.first() {
        Some(c) if sum.is_one_ruleset() => c.rules().title(),
        _ => "Sum of games".into(),
    }
}

/// The title of a position with heaps beyond `u64`: its ruleset's when it has one ruleset
/// (`subtraction --set 1,4,9 HUGE`), else `Sum of games`.
fn big_title(sum: &BigSum) -> String {
    let rules = |c: &BigComponent| match c {
        BigComponent::Small(c) => Some(c.rules()),
        BigComponent::Heap(b) => Some(b.empty.rules()),
        BigComponent::Nim(_) => None,
    };
    let terms: Option<Vec<_>> = sum.components.iter().map(rules).collect();
    match terms.as_deref() {
        Some([first, rest @ ..]) if rest.iter().all(|r| r.term() == first.term()) => first.title(),
        _ => "Sum of games".into(),
    }
}

/// Analyses `sum` (every component within `u64`).
pub fn analyze_sum(sum: &Sum, convention: Convention, explain: bool) -> Result<Report> {
    let scope = Scope {
        explain,
        winning_moves: true,
    };
    analyze_sum_within(sum, convention, scope, &|_| true)
}

/// What a report holds beyond the values and the outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    /// The reasoning.
    pub explain: bool,
    /// Every winning move. Without it, a sum under normal play of components other than Nim
    /// heaps reports none (empty list, count 0): the question asked only for a move, and
    /// proving every winning move is the costliest part of an analysis.
    pub winning_moves: bool,
}

/// [`analyze_sum`] for a front end that bounds the cost of values: a lone component under
/// normal play whose value `affordable` refuses is answered from its P-positions alone, as one
/// whose value is out of reach (the server keeps Wythoff tables below its own limit this way).
pub fn analyze_sum_within(
    sum: &Sum,
    convention: Convention,
    scope: Scope,
    affordable: &dyn Fn(&Component) -> bool,
) -> Result<Report> {
    let explain = scope.explain;
    if let ([c], Convention::Normal) = (sum.components.as_slice(), convention) {
        if let Some((x, y)) = crate::registry::queen(c) {
            return lone_wythoff(sum, (x, y), affordable(c), explain);
        }
        let value = if affordable(c) {
            c.value()
        } else {
            Err(GameError::too_large(
                "its Grundy value",
                "this front end computes it only for smaller positions",
            ))
        };
        if let Err(e) = value {
            return lone_without_value(sum, e, explain);
        }
    }
    let analysis = crate::strategy::analyze_listing(sum, convention, scope.winning_moves)?;
    let values: Vec<BigUint> = analysis.values.iter().map(|&v| BigUint::from(v)).collect();
    let explanation = match explain {
        true => Some(explain_sum(sum, convention, analysis.outcome)?),
        false => None,
    };
    let winning_moves = grouped(analysis.winning_moves.map(|m| Move::Sum(BigMove::Small(m))));
    Ok(Report {
        game: title(sum),
        convention,
        components: pieces(sum),
        nim_sum: Some(BigUint::from(analysis.total)),
        values: Some(values),
        outcome: analysis.outcome,
        winner: winner(analysis.outcome),
        finished: sum.is_terminal(),
        winning_move_count: winning_moves.count(),
        winning_moves,
        explanation,
        moves_unknown: None,
    })
}

/// A lone Wythoff board under normal play: outcome and winning moves from the closed form at
/// any size, its value when `valued` and within the table, and the reasoning on its row,
/// column and diagonal.
fn lone_wythoff(sum: &Sum, (x, y): (u64, u64), valued: bool, explain: bool) -> Result<Report> {
    let max_table = if valued { u64::MAX } else { 0 };
    let e = WythoffExplanation::new(x, y, max_table)?;
    let c = &sum.components[0];
    let moves = c.moves_to_value(0, MAX_LISTED_MOVES)?;
    let outcome = e.outcome();
    let value = e.value.map(BigUint::from);
    let winning_moves = grouped(moves.map(|to| Move::Sum(BigMove::Small(SumMove::new(0, c, to)))));
    Ok(Report {
        game: title(sum),
        convention: Convention::Normal,
        components: pieces(sum),
        values: value.clone().map(|v| vec![v]),
        nim_sum: value,
        outcome,
        winner: winner(outcome),
        finished: (x, y) == (0, 0),
        winning_move_count: winning_moves.count(),
        winning_moves,
        explanation: explain.then(|| Explanation::reasoned(Arc::new(e))),
        moves_unknown: None,
    })
}

/// A lone component under normal play whose value failed with `error`: answered from its
/// P-positions when the ruleset knows them at this size, otherwise the error.
fn lone_without_value(sum: &Sum, error: GameError, explain: bool) -> Result<Report> {
    let c = &sum.components[0];
    let Ok(p) = c.is_p_position() else {
        return Err(error);
    };
    let outcome = if p { Outcome::P } else { Outcome::N };
    let moves = c.moves_to_value(0, MAX_LISTED_MOVES)?;
    let explanation = explain.then(|| {
        Explanation::by_ruleset(sum).unwrap_or_else(|| {
            Explanation::text_only(
                Argument::ClosedForm,
                format!(
                    "{}\nThe Grundy value is not needed to play: {}\n{}.",
                    title(sum),
                    error,
                    outcome.describe()
                ),
            )
        })
    });
    let winning_moves = grouped(moves.map(|to| Move::Sum(BigMove::Small(SumMove::new(0, c, to)))));
    Ok(Report {
        game: title(sum),
        convention: Convention::Normal,
        components: pieces(sum),
        values: None,
        nim_sum: None,
        outcome,
        winner: winner(outcome),
        finished: c.is_terminal(),
        winning_move_count: winning_moves.count(),
        winning_moves,
        explanation,
        moves_unknown: None,
    })
}

fn explain_sum(sum: &Sum, convention: Convention, outcome: Outcome) -> Result<Explanation> {
    Ok(match (sum.nim_heaps(), convention) {
        (Some(heaps), c) => {
            let detail = NimExplanation::new(&heaps, c);
            let text = detail.to_text();
            Explanation::Nim(Explained {
                kind: crate::kernel::nim::NAME,
                detail,
                text,
            })
        }
        (None, Convention::Normal) => match Explanation::by_ruleset(sum) {
            Some(own) => own,
            None => {
                let detail = SumExplanation::new(sum)?;
                let text = detail.to_text();
                Explanation::Sum(Explained {
                    kind: SUM_KIND,
                    detail,
                    text,
                })
            }
        },
        (None, Convention::Misere) => match crate::misere::mixed::explain_by_forms(sum, || {
            crate::misere::sums::answer(sum).is_some()
        }) {
            Some(text) => Explanation::text_only(
                Argument::SimplestForms,
                format!("{text}\n{}.", outcome.describe()),
            ),
            None => explain_misere(sum, outcome),
        },
    })
}

/// The explanation of a misère sum not answered on simplest forms: through the quotient, the
/// search of its heaps, or the exhaustive search.
fn explain_misere(sum: &Sum, outcome: Outcome) -> Explanation {
    match crate::misere::sums::answer(sum) {
            // The quotient's heaps then number the game's and the Nim heaps together: the
            // text says what was done without them.
            Some(answer) if answer.nim_beside.is_some() => {
                Explanation::text_only(Argument::Quotient, answer.text())
            }
            Some(answer) => {
                let text = answer.text();
                Explanation::Quotient(Explained {
                    kind: Argument::Quotient.name(),
                    detail: answer.analysis.explanation,
                    text,
                })
            }
            None if crate::misere::mixed::answers(sum) => Explanation::text_only(
                Argument::Search,
                format!(
                    "Under misère play Grundy values do not add up: this sum of a game's heaps \
                     and Nim heaps was solved by exhaustive search of its positions, memoised \
                     on the heaps as multisets (heaps that are Nim heaps as trees counted with \
                     the Nim heaps, pairs of *1 cancelled: X + *1 + *1 plays as X).\n{}.",
                    outcome.describe()
                ),
            ),
            None => Explanation::text_only(
            Argument::Search,
            format!(
                "Under misère play Grundy values do not add up, and this game has no misère theory here: this position was solved by exhaustive search.\n{}.",
                outcome.describe()
            ),
        ),
    }
}

/// Analyses a sum holding Nim heaps beyond `u64`.
fn analyze_big_sum(sum: &BigSum, convention: Convention, explain: bool) -> Result<Report> {
    let analysis = analyze_big(sum, convention)?;
    let explanation = match (explain, sum.nim_heaps(), convention) {
        (false, _, _) => None,
        (true, Some(heaps), c) => {
            let detail = NimExplanation::new(&heaps, c);
            let text = detail.to_text();
            Some(Explanation::BigNim(Explained {
                kind: crate::kernel::nim::NAME,
                detail,
                text,
            }))
        }
        (true, None, _) => {
            let detail = SumExplanation::new_big(sum)?;
            let text = detail.to_text();
            Some(Explanation::BigSum(Explained {
                kind: SUM_KIND,
                detail,
                text,
            }))
        }
    };
    let nim = sum.nim_heaps().is_some();
    let winning_moves = grouped(analysis.winning_moves.map(Move::Sum));
    Ok(Report {
        game: if nim { "Nim".into() } else { big_title(sum) },
        convention,
        components: sum
            .components
            .iter()
            .cloned()
            .map(Piece::Component)
            .collect(),
        nim_sum: Some(analysis.total),
        values: Some(analysis.values),
        outcome: analysis.outcome,
        winner: winner(analysis.outcome),
        finished: false,
        winning_move_count: winning_moves.count(),
        winning_moves,
        explanation,
        moves_unknown: None,
    })
}

/// A lone `wythoff:X,Y` term whose coordinates are beyond `u64` (up to
/// [`crate::spec::MAX_HEAP_DIGITS`] digits): `None` when `text` is not one.
fn big_wythoff(text: &str, convention: Convention, explain: bool) -> Option<Result<Report>> {
    let (rules, list) = text.trim().rsplit_once(':')?;
    if !std::ptr::eq(crate::registry::family(rules)?, &wythoff::FAMILY) || text.contains('+') {
        return None;
    }
    let (x, y) = list.split_once(',')?;
    let (x, y) = match (parse_big(x.trim(), "heap"), parse_big(y.trim(), "heap")) {
        (Ok(x), Ok(y)) => (x, y),
        _ => return None,
    };
    if convention == Convention::Misere {
        return Some(Err(GameError::too_large(
            "misère Wythoff's game",
            "boards beyond 2^64 - 1 are answered under normal play only (by the closed form of the P-positions)",
        )));
    }
    let p = is_p_position_big(&x, &y);
    let outcome = if p { Outcome::P } else { Outcome::N };
    let moves: Vec<Move> = winning_moves_big(&x, &y)
        .into_iter()
        .map(|to| Move::Wythoff {
            from: (x.clone(), y.clone()),
            to,
        })
        .collect();
    let explanation = explain.then(|| {
        Explanation::text_only(
            Argument::ClosedForm,
            format!(
                "Wythoff's game at ({x}, {y}): its P-positions are (a_n, b_n) and (b_n, a_n) with a_n = floor(n·φ) and b_n = a_n + n (Wythoff 1907), computed exactly with integer square roots.\n{}.",
                outcome.describe()
            ),
        )
    });
    let winning_moves = grouped(MoveList::complete(moves));
    Some(Ok(Report {
        game: "Wythoff's game".into(),
        convention,
        components: vec![Piece::Wythoff(x, y)],
        values: if p {
            Some(vec![BigUint::from(0u32)])
        } else {
            None
        },
        nim_sum: if p { Some(BigUint::from(0u32)) } else { None },
        outcome,
        winner: winner(outcome),
        finished: false,
        winning_move_count: winning_moves.count(),
        winning_moves,
        explanation,
        moves_unknown: None,
    }))
}

pub(crate) fn pieces(sum: &Sum) -> Vec<Piece> {
    sum.components
        .iter()
        .cloned()
        .map(|c| Piece::Component(BigComponent::Small(c)))
        .collect()
}

/// `player to move` or `previous player`.
pub fn winner(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "player to move",
        Outcome::P => "previous player",
    }
}

/// The rule of the convention in words.
pub fn convention_text(c: Convention) -> &'static str {
    match c {
        Convention::Normal => "normal play: whoever makes the last move wins",
        Convention::Misere => "misère play: whoever makes the last move loses",
    }
}

impl Report {
    /// The analysis as text: the game, the reasoning (or each component's value and their
    /// nim-sum), who wins and every winning move.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out)
            .expect("writing to a String cannot fail");
        out
    }

    fn write_text(&self, out: &mut String) -> fmt::Result {
        writeln!(out, "{} ({})", self.game, convention_text(self.convention))?;
        match &self.explanation {
            Some(e) => {
                out.push_str(e.text());
                if !e.text().ends_with('\n') {
                    out.push('\n');
                }
            }
            None => self.write_values(out)?,
        }
        match self.outcome {
            // No move is left (`nim 0 0`): say why the outcome is what it is, not that every
            // move loses or wins (there is none), and print no empty list of moves.
            Outcome::P if self.finished => {
                out.push_str("No move is left: the player to move cannot move, and so loses.\n")
            }
            Outcome::N if self.finished => out.push_str(
                "No move is left: the player to move cannot move, and so wins (misère play: \
                 whoever makes the last move loses).\n",
            ),
            Outcome::P => out.push_str("No winning move: every move leads to an N-position.\n"),
            Outcome::N if self.moves_unknown.is_some() => {
                let why = self.moves_unknown.as_deref().unwrap_or_default();
                writeln!(out, "No winning move is known: {why}")?;
            }
            Outcome::N => {
                let total = &self.winning_move_count;
                let plural = if *total == BigUint::from(1u8) {
                    ""
                } else {
                    "s"
                };
                if self.winning_moves.is_complete() {
                    writeln!(out, "Winning move{plural}:")?;
                } else {
                    writeln!(
                        out,
                        "{total} winning move{plural}; the first {} are listed:",
                        self.winning_moves.len()
                    )?;
                }
                for m in &self.winning_moves {
                    writeln!(out, "  {m}")?;
                }
            }
        }
        Ok(())
    }

    /// One line per component with its value, the nim-sum, and who wins.
    fn write_values(&self, out: &mut String) -> fmt::Result {
        let is_nim = self.components.iter().all(|c| match c {
            Piece::Component(c) => c.nim_heap().is_some(),
            Piece::Wythoff(..) => false,
        });
        for (i, c) in self.components.iter().enumerate() {
            let name = if is_nim {
                String::new()
            } else {
                format!(" [{}]", c.ruleset_name())
            };
            let value = match (&self.values, is_nim) {
                (_, true) => String::new(),
                (Some(values), false) => format!("  Grundy value {}", values[i]),
                (None, false) => "  Grundy value not computed (not needed to play)".into(),
            };
            writeln!(out, "  {} {}{name}: {c}{value}", c.noun(), i + 1)?;
        }
        // Under misère play the nim-sum of a sum other than Nim decides nothing: it is left out.
        let nim_sum_counts = is_nim || self.convention == Convention::Normal;
        if let (Some(values), Some(total), true) = (&self.values, &self.nim_sum, nim_sum_counts) {
            let label = if is_nim {
                "Nim-sum"
            } else {
                "Nim-sum of the values"
            };
            let terms: Vec<String> = values.iter().map(BigUint::to_string).collect();
            if terms.len() > 1 {
                writeln!(out, "{label}: {} = {total}", terms.join(" XOR "))?;
            } else {
                writeln!(out, "{label}: {total}")?;
            }
        }
        writeln!(out, "{}.", self.outcome.describe())
    }
}

impl Piece {
    /// The ruleset's short name.
    pub fn ruleset_name(&self) -> String {
        match self {
            Piece::Component(c) => c.ruleset_name(),
            Piece::Wythoff(..) => wythoff::FAMILY.name.into(),
        }
    }

    /// What the piece is called in an analysis: `heap`, `row`, `board` or `graph`.
    pub fn noun(&self) -> &'static str {
        match self {
            Piece::Component(c) => c.noun(),
            Piece::Wythoff(..) => "heap",
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Component(c) => c.fmt(f),
            Piece::Wythoff(x, y) => write!(f, "({x}, {y})"),
        }
    }
}

impl Serialize for Piece {
    /// As [`crate::kernel::component::Component`]: `{"ruleset": "wythoff", "heaps": [x, y]}`, numbers beyond
    /// `u64` as decimal strings.
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Piece::Component(c) => c.serialize(s),
            Piece::Wythoff(x, y) => {
                let mut out = s.serialize_map(Some(2))?;
                out.serialize_entry("ruleset", wythoff::FAMILY.name)?;
                out.serialize_entry("heaps", &Heaps(&[x.clone(), y.clone()]))?;
                out.end()
            }
        }
    }
}

/// Heaps serialised as numbers when they fit in `u64`, else as decimal strings.
struct Heaps<'a>(&'a [BigUint]);

impl Serialize for Heaps<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        serialize_heaps(self.0, s)
    }
}

impl fmt::Display for Move {
    /// `heap 3: 4 -> 1 (take 3)`; `heap 1: queen (x, y) -> (a, b): take k from both heaps`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Sum(m) => m.fmt(f),
            Move::Wythoff { from: (x, y), to } => {
                let (a, b) = &to.to;
                let which = match to.kind {
                    crate::games::wythoff::MoveKind::FromFirst => "the first heap",
                    crate::games::wythoff::MoveKind::FromSecond => "the second heap",
                    crate::games::wythoff::MoveKind::FromBoth => "both heaps",
                };
                write!(
                    f,
                    "heap 1: queen ({x}, {y}) -> ({a}, {b}): take {} from {which}",
                    to.taken
                )
            }
        }
    }
}

impl Serialize for Move {
    /// `{"component", "from", "to", "text"}`, as [`SumMove`].
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        match self {
            Move::Sum(m) => m.serialize(s),
            Move::Wythoff { from, to } => {
                let mut out = s.serialize_struct("SumMove", 4)?;
                out.serialize_field("component", &0)?;
                out.serialize_field("from", &Piece::Wythoff(from.0.clone(), from.1.clone()))?;
                out.serialize_field("to", &[Piece::Wythoff(to.to.0.clone(), to.to.1.clone())])?;
                out.serialize_field("text", &self.to_string())?;
                out.end()
            }
        }
    }
}

#[cfg(test)]
mod tests;

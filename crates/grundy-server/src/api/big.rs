//! Heaps of any size through the same endpoints: a position of heaps (a ruleset's `heaps`, or a
//! `sum`'s `terms`) with a heap beyond `max_heap` (given as a string of digits, e.g.
//! `{"game": "subtraction", "set": [1, 4, 9], "heaps": ["1000000000000000000000000000000"]}`)
//! is answered by the core's one answer ([`grundy_core::answer::ask`] on the position's text, as
//! `grundy analyze` answers it) wherever that answer is a lookup at any size: Nim (Bouton), a
//! proven period (subtraction, octal and take-and-break games), Lasker's Nim and Wythoff's game
//! (closed forms). `/api/analyze`, `/api/hint`, `/api/move` and `/api/apply` answer it; the
//! computer's move is the answer's ([`grundy_core::answer::Answer::any_move`]), a player's move
//! is checked and applied by [`AnyPosition`], and the position after a move is written back in
//! the form it came in (heaps beyond 2^53 - 1 as strings). `/api/moves` values every move where
//! they are few (a subtraction heap has one per amount) and refuses where a heap has about as
//! many moves as tokens. Where the value is not a lookup (an octal code
//! without a proven period beyond its computed range), the core refuses in one line naming the
//! heap and its limit.

use grundy_core::answer::{ask, Asked, Question};
use grundy_core::any_size::AnyPosition;
use grundy_core::big_nim::BigMove;
use grundy_core::games::family::Drawing;
use grundy_core::report::Move;
use num_bigint::BigUint;

use super::*;
use crate::position::{rules_of_position, Heap};

/// The position's text when it holds a heap beyond `max_heap` (and is a position of heaps:
/// not loopy, not a board or a graph): the core's answer at any size. `None` for the usual
/// path, which holds heaps to `max_heap`.
pub(super) fn big_terms(spec: &PositionSpec, limits: &Limits) -> Result<Option<String>, ApiError> {
    let max = BigUint::from(limits.max_heap);
    let text = if spec.game == "sum" {
        let Some(terms) = spec.terms.as_deref() else {
            return Ok(None);
        };
        let Ok(position) = AnyPosition::parse(terms) else {
            return Ok(None);
        };
        if !position.heaps().iter().any(|h| *h > max) {
            return Ok(None);
        }
        terms.to_string()
    } else {
        let (Some(family), Some(heaps)) = (registry::family(&spec.game), spec.heaps.as_ref())
        else {
            return Ok(None);
        };
        let drawn = matches!(family.positions.drawing, Drawing::HEAPS | Drawing::QUEEN);
        if !drawn || spec.position.is_some() || !heaps.iter().any(|h| h.0 > max) {
            return Ok(None);
        }
        let rules = rules_of_position(family, spec, limits)?;
        let texts: Vec<String> = heaps.iter().map(|h| h.0.to_string()).collect();
        format!("{}:{}", rules.term(), texts.join(","))
    };
    let position = AnyPosition::parse(&text)?;
    crate::position::check_component_count(position.heaps().len(), limits)?;
    Ok(Some(text))
}

/// The core's answer to the text, within the question's budget.
fn answer(
    terms: &str,
    spec: &PositionSpec,
    limits: &Limits,
    computer_move: bool,
) -> Result<grundy_core::answer::Answer, ApiError> {
    let asked = Asked {
        winning_moves: !computer_move,
        explanation: true,
        computer_move,
    };
    let budget = question_budget(limits);
    within_question_budget(limits, || {
        ask(&Question::text(terms, spec.convention, asked, budget))
    })
}

/// `/api/analyze` of [`big_terms`]: the core's answer, with the position as the client sent it.
pub(super) fn analyze_terms(
    terms: &str,
    spec: &PositionSpec,
    limits: &Limits,
) -> Result<Response, ApiError> {
    let answer = answer(terms, spec, limits, false)?;
    Ok(Json(AnalysisJson {
        answer,
        position: spec,
    })
    .into_response())
}

/// The JSON form of `after`, in the form of `like`: its terms, or its heaps.
fn spec_after(like: &PositionSpec, after: &AnyPosition) -> PositionSpec {
    let mut spec = like.clone();
    if spec.terms.is_some() {
        spec.terms = Some(after.to_terms());
    } else {
        spec.heaps = Some(after.heaps().into_iter().map(Heap).collect());
    }
    spec
}

/// A move played: the move, the position after it (as JSON), whether the game is then over.
type Played = (Move, PositionSpec, bool);

/// The perfect player's move (the core's answer's) and the position after it.
fn perfect_move(
    terms: &str,
    spec: &PositionSpec,
    limits: &Limits,
) -> Result<(grundy_core::answer::Answer, Option<Played>), ApiError> {
    let answer = answer(terms, spec, limits, true)?;
    let played = match &answer.any_move {
        Some(m) => {
            let after = AnyPosition::parse(terms)?.after(m);
            Some((m.clone(), spec_after(spec, &after), after.is_terminal()))
        }
        None => None,
    };
    Ok((answer, played))
}

/// `/api/hint` of [`big_terms`]: the perfect player's move, the position after it, the outcome
/// and the reasoning.
pub(super) fn hint(terms: &str, spec: &PositionSpec, limits: &Limits) -> ApiResult {
    let (answer, played) = perfect_move(terms, spec, limits)?;
    let report = answer.report;
    let explanation = match &answer.any_move {
        Some(Move::Sum(BigMove::Small(m))) => report.explanation.map(|e| e.planned_for(m)),
        _ => report.explanation,
    };
    let (m, position) = match played {
        Some((m, position, _)) => (Some(m), Some(position)),
        None => (None, None),
    };
    Ok(wire(Hint {
        mv: m,
        position,
        moves_left: answer.moves_left,
        outcome: report.outcome,
        winning: report.outcome == Outcome::N,
        explanation,
        provenance: answer.provenance,
    }))
}

/// `/api/move` of [`big_terms`]: the computer plays the perfect move (the hint's) at every
/// strength.
pub(super) fn computer_move(
    terms: &str,
    spec: &PositionSpec,
    player: super::PlayerSpec,
    seed: u64,
    limits: &Limits,
) -> ApiResult {
    let (_, played) = perfect_move(terms, spec, limits)?;
    let (m, position, finished) = match played {
        Some((m, position, finished)) => (Some(m), Some(position), finished),
        None => (None, None, true),
    };
    Ok(wire(ComputerMove {
        index: None,
        mv: m,
        position,
        finished,
        player,
        seed,
        refused: None,
    }))
}

/// `/api/moves` of [`big_terms`]: every move valued where they are few (a heap beyond
/// `max_heap` of a subtraction game or of a code that never splits has as many moves as its
/// take-set or code allows), the hint's move marked `best`; refused in one line naming the heap
/// and the limit where a heap has about as many moves as tokens (Nim, Lasker's Nim, codes that
/// split, Wythoff's game), pointing to `/api/hint` and `/api/analyze`.
pub(super) fn moves(terms: &str, spec: &PositionSpec, limits: &Limits) -> ApiResult {
    let position = AnyPosition::parse(terms)?;
    let answer = answer(terms, spec, limits, true)?;
    let valued = position
        .valued_moves(answer.any_move.as_ref())
        .map_err(|e| ApiError::limit("max_heap", e.to_string()))?;
    Ok(wire(AtPosition::new(valued, spec)))
}

/// A heap of a move's `to` as JSON: a number, a string of digits, or a component as the API
/// lists it (`{"heap": ...}`, `{"heaps": [...]}`).
fn heaps_of(to: &[Value]) -> Option<Vec<BigUint>> {
    super::moves::heaps_read_by(to, |v| match v {
        Value::Number(n) => n.as_u64().map(BigUint::from),
        Value::String(s) => grundy_core::spec::parse_big(s, "heap").ok(),
        _ => None,
    })
}

/// `/api/apply` of [`big_terms`]: `{"component": N, "to": [...]}` (heaps as numbers or strings
/// of digits) or `{"typed": "1 to 5"}`, checked by the core at any size.
pub(super) fn apply(
    terms: &str,
    spec: &PositionSpec,
    mv: &MoveSpec,
    _limits: &Limits,
) -> ApiResult {
    let position = AnyPosition::parse(terms)?;
    let checked = match (mv.component, &mv.to, &mv.typed, mv.index) {
        (Some(i), Some(to), None, None) => match heaps_of(to) {
            Some(to) => position.checked_move(i, &to)?,
            None => {
                return Err(ApiError::invalid(
                    "move.to: the heaps a move leaves, each a number or a string of digits, e.g. [\"999999999999999999999999999999\"]",
                ))
            }
        },
        (None, None, Some(typed), None) => position.typed_move(typed)?,
        _ => {
            return Err(ApiError::invalid(
                "move: a move of a heap beyond max_heap is {\"component\": N, \"to\": [...]} (the heaps it leaves) or {\"typed\": \"1 to 5\"}",
            ))
        }
    };
    Ok(wire(Legality::of(checked, |m| {
        let after = position.after(&m);
        Legality::legal(None, m, spec_after(spec, &after), Some(after.is_terminal()))
    })))
}

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

use grundy_core::answer::{ask, Answer, Asked, Question};
use grundy_core::any_size::AnyPosition;
use grundy_core::big_nim::BigMove;
use grundy_core::games::family::Drawing;
use grundy_core::report::Move;
use num_bigint::BigUint;

use super::super::analyze::{question_budget, within_question_budget, AnalysisJson};
use super::*;
use crate::position::{rules_of_position, Heap};

/// A position of heaps with a heap beyond `max_heap`: its text in the core's format, the
/// position the core reads from it, and the JSON it came in (the form the position after a
/// move is written back in).
pub(super) struct AnySize {
    terms: String,
    position: AnyPosition,
    spec: PositionSpec,
}

impl AnySize {
    /// The position `spec` when it holds a heap beyond `max_heap` (and is a position of heaps:
    /// not loopy, not a board or a graph); `None` for the usual path, which holds heaps to
    /// `max_heap`.
    pub(super) fn read(spec: &PositionSpec, limits: &Limits) -> Result<Option<AnySize>, ApiError> {
        Ok(big_terms(spec, limits)?.map(|(terms, position)| AnySize {
            terms,
            position,
            spec: spec.clone(),
        }))
    }

    /// The core's answer to the text, within the question's budget.
    fn answer(&self, limits: &Limits, computer_move: bool) -> Result<Answer, ApiError> {
        let asked = Asked {
            winning_moves: !computer_move,
            explanation: true,
            computer_move,
        };
        let budget = question_budget(limits);
        within_question_budget(limits, || {
            ask(&Question::text(
                &self.terms,
                self.spec.convention,
                asked,
                budget,
            ))
        })
    }

    /// The JSON form of `after`, in the form the position came in: its terms, or its heaps.
    fn spec_after(&self, after: &AnyPosition) -> PositionSpec {
        let mut spec = self.spec.clone();
        if spec.terms.is_some() {
            spec.terms = Some(after.to_terms());
        } else {
            spec.heaps = Some(after.heaps().into_iter().map(Heap).collect());
        }
        spec
    }

    /// The perfect player's move (the core's answer's) and the position after it.
    fn perfect_move(&self, limits: &Limits) -> Result<(Answer, Option<Played>), ApiError> {
        let answer = self.answer(limits, true)?;
        let played = answer.any_move.as_ref().map(|m| {
            let after = self.position.after(m);
            (m.clone(), self.spec_after(&after), after.is_terminal())
        });
        Ok((answer, played))
    }
}

/// A move played: the move, the position after it (as JSON), whether the game is then over.
type Played = (Move, PositionSpec, bool);

impl Answers for AnySize {
    /// The core's answer, with the position as the client sent it.
    fn analyze(&self, limits: &Limits) -> Result<Response, ApiError> {
        let answer = self.answer(limits, false)?;
        Ok(Json(AnalysisJson {
            answer,
            position: &self.spec,
        })
        .into_response())
    }

    /// The perfect player's move, the position after it, the outcome and the reasoning.
    fn hint(&self, limits: &Limits) -> ApiResult {
        let (answer, played) = self.perfect_move(limits)?;
        let small = match &answer.any_move {
            Some(Move::Sum(BigMove::Small(m))) => Some(m.clone()),
            _ => None,
        };
        let (m, position) = match played {
            Some((m, position, _)) => (Some(m), Some(position)),
            None => (None, None),
        };
        hint_of(answer, m, position, |e| match &small {
            Some(m) => e.planned_for(m),
            None => e,
        })
    }

    /// The computer plays the perfect move (the hint's) at every strength.
    fn computer_move(&self, player: PlayerSpec, seed: u64, limits: &Limits) -> ApiResult {
        let (_, played) = self.perfect_move(limits)?;
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

    /// Every move valued where they are few (a heap beyond `max_heap` of a subtraction game or
    /// of a code that never splits has as many moves as its take-set or code allows), the
    /// hint's move marked `best`; refused in one line naming the heap and the limit where a
    /// heap has about as many moves as tokens (Nim, Lasker's Nim, codes that split, Wythoff's
    /// game), pointing to `/api/hint` and `/api/analyze`.
    fn moves(&self, limits: &Limits) -> ApiResult {
        let answer = self.answer(limits, true)?;
        let valued = self
            .position
            .valued_moves(answer.any_move.as_ref())
            .map_err(|e| ApiError::limit("max_heap", e.to_string()))?;
        Ok(wire(AtPosition::new(valued, &self.spec)))
    }

    /// `{"component": N, "to": [...]}` (heaps as numbers or strings of digits) or
    /// `{"typed": "1 to 5"}`, checked by the core at any size.
    fn apply(&self, mv: &MoveSpec, _limits: &Limits) -> ApiResult {
        let position = &self.position;
        let checked = match (mv.component, &mv.to, &mv.typed, mv.index) {
            (Some(i), Some(to), None, None) => match big_heaps_of(to) {
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
            Legality::legal(None, m, self.spec_after(&after), Some(after.is_terminal()))
        })))
    }
}

/// The position's text when it holds a heap beyond `max_heap` (see [`AnySize::read`]).
fn big_terms(
    spec: &PositionSpec,
    limits: &Limits,
) -> Result<Option<(String, AnyPosition)>, ApiError> {
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
    Ok(Some((text, position)))
}

/// A heap of a move's `to` as JSON at any size: a number, a string of digits, or a component
/// as the API lists it (`{"heap": ...}`, `{"heaps": [...]}`).
fn big_heaps_of(to: &[Value]) -> Option<Vec<BigUint>> {
    heaps_read_by(to, |v| match v {
        Value::Number(n) => n.as_u64().map(BigUint::from),
        Value::String(s) => grundy_core::spec::parse_big(s, "heap").ok(),
        _ => None,
    })
}

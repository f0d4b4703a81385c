//! The one position of the endpoints that play: `/api/analyze`, `/api/hint`, `/api/move`,
//! `/api/moves` and `/api/apply` read the request's position once ([`read`]) and ask it, never
//! which kind it is. Three kinds of position answer the same questions ([`Answers`]), each
//! through its own door of the core:
//!
//! | kind | what it holds | the core's door |
//! | --- | --- | --- |
//! | `ended` | a sum of any rulesets within `max_heap` (heaps, boards, graphs) | `answer::ask` on the sum |
//! | `any_size` | heaps beyond `max_heap` where the answer is a lookup | `answer::ask` on the text, `any_size::AnyPosition` |
//! | `loopy` | a sum with a loopy term (play may cycle) | `answer::loopy_game` |
//!
//! A new kind of position is a module here and one line of [`read`]; the handlers do not
//! change.

use std::sync::Arc;

use grundy_core::report::Explanation;

use super::*;

mod any_size;
mod ended;
mod loopy;

/// What every endpoint that plays asks of a position. Each method runs on the compute pool
/// (except [`Answers::analyze`] of a position [`Answers::is_cheap`] to answer), within the
/// server's `limits`.
pub(super) trait Answers: Send + Sync {
    /// `/api/analyze`: who wins, every winning move, and why.
    fn analyze(&self, limits: &Limits) -> Result<Response, ApiError>;

    /// `/api/analyze` with `partial`, after `refusal`: the position unvalued, where the
    /// refusal is of its value and the position can be played without it (boards and graphs
    /// valued by search); `None` keeps the refusal.
    fn unvalued(&self, _refusal: &ApiError) -> Option<Response> {
        None
    }

    /// Whether [`Answers::analyze`] is a few operations (Nim heaps), answered without the pool.
    fn is_cheap(&self) -> bool {
        false
    }

    /// `/api/hint`: the perfect player's move, the position after it, and the reasoning.
    fn hint(&self, limits: &Limits) -> ApiResult;

    /// `/api/move`: the computer's move at `player`'s strength, its random choices from
    /// `seed`.
    fn computer_move(&self, player: PlayerSpec, seed: u64, limits: &Limits) -> ApiResult;

    /// `/api/move` with `partial`, after `refusal`: a move at random (from `seed`), played
    /// without the value, where the refusal is of its value and the position can be played
    /// without it (boards and graphs valued by search); `None` keeps the refusal. Asked after
    /// the pool's answer, as [`Answers::unvalued`] is, so that it comes whether the core refused
    /// at the question's budget or the pool at its deadline (a job starved of the processor
    /// on a busy machine reaches neither in time).
    fn unvalued_move(
        &self,
        _player: PlayerSpec,
        _seed: u64,
        _refusal: &ApiError,
    ) -> Option<ApiResult> {
        None
    }

    /// `/api/moves`: every move valued.
    fn moves(&self, limits: &Limits) -> ApiResult;

    /// `/api/apply`: whether `mv` is legal here, and the position after it.
    fn apply(&self, mv: &MoveSpec, limits: &Limits) -> ApiResult;
}

/// A position read from a request, shared between the handler and the pool.
pub(super) type Game = Arc<dyn Answers>;

/// Reads `spec` once, checked against `limits`, as the kind of position it is: loopy (a
/// `loopy` game, or a `sum` with a loopy term), heaps beyond `max_heap` answered at any size,
/// or a sum within the limits.
pub(super) fn read(spec: PositionSpec, limits: &Limits) -> Result<Game, ApiError> {
    if loopy::is_loopy(&spec) {
        return Ok(Arc::new(loopy::Loopy::read(spec)?));
    }
    if let Some(position) = any_size::AnySize::read(&spec, limits)? {
        return Ok(Arc::new(position));
    }
    Ok(Arc::new(Position::parse(spec, limits)?))
}

/// `/api/hint`'s answer: `answer`'s move `mv`, the position after it, and the reasoning planned
/// for that move by `plan` (the kinds plan it for moves of their own type).
pub(super) fn hint_of<M: serde::Serialize, P: serde::Serialize>(
    answer: grundy_core::answer::Answer,
    mv: Option<M>,
    position: Option<P>,
    plan: impl FnOnce(Explanation) -> Explanation,
) -> ApiResult {
    let report = answer.report;
    Ok(wire(Hint {
        mv,
        position,
        moves_left: answer.moves_left,
        outcome: report.outcome,
        winning: report.outcome == Outcome::N,
        explanation: report.explanation.map(plan),
        provenance: answer.provenance,
    }))
}

/// The heaps of a move's `to` (numbers, strings of digits, or components listed by their
/// heaps: `{"ruleset": "nim", "heap": 4}`, `{"heaps": [x, y]}`), each read by `number`: `u64`
/// for positions within `max_heap`, any size beyond; `None` when a part is a position written
/// otherwise (a board, a graph, a picture).
pub(super) fn heaps_read_by<T>(
    to: &[Value],
    number: impl Fn(&Value) -> Option<T>,
) -> Option<Vec<T>> {
    let mut heaps = Vec::new();
    for part in to {
        match part {
            Value::Number(_) | Value::String(_) => heaps.push(number(part)?),
            Value::Object(fields) => match (fields.get("heap"), fields.get("heaps")) {
                (Some(h), None) => heaps.push(number(h)?),
                (None, Some(Value::Array(list))) => {
                    for h in list {
                        heaps.push(number(h)?);
                    }
                }
                _ => return None,
            },
            _ => return None,
        }
    }
    Some(heaps)
}

/// A heap of a move's `to` within `u64`: a number, or a string of digits (as heaps beyond
/// 2^53 - 1 are written).
pub(super) fn heaps_of(to: &[Value]) -> Option<Vec<u64>> {
    heaps_read_by(to, |v| match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => grundy_core::kernel::parse_whole(s).ok(),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    /// The handlers of the endpoints that play ask the position read by [`super::read`] and
    /// never which kind it is: no handler names a kind or its module.
    #[test]
    fn handlers_never_ask_which_kind_a_position_is() {
        let handlers = [
            ("analyze.rs", include_str!("analyze.rs")),
            ("moves.rs", include_str!("moves.rs")),
            ("values.rs", include_str!("values.rs")),
        ];
        for (file, text) in handlers {
            assert!(
                text.contains("game::read("),
                "{file} reads its position elsewhere"
            );
            for kind in [
                "loopy",
                "any_size",
                "AnySize",
                "big_terms",
                "Position::parse",
            ] {
                assert!(!text.contains(kind), "{file} names the kind {kind:?}");
            }
        }
    }
}

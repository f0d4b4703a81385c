//! Nim heaps of any size through the same endpoints: a Nim position with a heap beyond
//! `max_heap` (given as a string of digits, e.g. `{"game": "nim", "heaps":
//! ["1000000000000000000000000000000", 7]}`) is answered by the core's big-Nim path
//! ([`grundy_core::big_nim`], [`grundy_core::answer::ask`]) in `/api/analyze`,
//! `/api/hint`, `/api/move` and `/api/apply`; `/api/moves` refuses to list its moves (a heap of
//! n tokens has n of them). Heaps beyond 2^53 - 1 are written back as strings.
//!
//! A heap of any other ruleset beyond 2^64 - 1 (in a `sum`'s terms, or a string of digits in
//! `heaps`) is answered by `/api/analyze` wherever the core's answer is a lookup at any size (a
//! proven period, arithmetic periodicity, a closed form), as `grundy analyze` answers it; heaps
//! between `max_heap` and 2^64 - 1 are refused as before (numbers in JSON stay exact)
//! ([`big_terms`], [`analyze_terms`]); the other endpoints refuse it with the limit's name.

use std::time::Duration;

use grundy_core::answer::{ask, Asked, Question};
use grundy_core::big_nim::{analyze_big, BigMove, BigSum};
use grundy_core::games::nim::NimMove;
use grundy_core::kernel::budget::Budget;
use grundy_core::strategy::Convention;
use num_bigint::BigUint;

use grundy_core::registry::Drawing;

use super::*;
use crate::position::{rules_of_position, Heap};

/// Whether the request's position is Nim with a heap beyond `max_heap`.
pub(super) fn is_big(spec: &PositionSpec, limits: &Limits) -> bool {
    let max = BigUint::from(limits.max_heap);
    registry::family(&spec.game).is_some_and(|f| f.answers_to("nim"))
        && spec
            .heaps
            .as_ref()
            .is_some_and(|heaps| heaps.iter().any(|h| h.0 > max))
}

/// The text terms of a position of a ruleset other than Nim with a heap beyond 2^64 - 1, for
/// the core's answer at any size; `None` when every heap is within 64 bits (the usual path,
/// which holds heaps to `max_heap`), or the position is not one of heaps.
pub(super) fn big_terms(spec: &PositionSpec, limits: &Limits) -> Result<Option<String>, ApiError> {
    if spec.game == "sum" {
        let Some(terms) = spec.terms.as_deref() else {
            return Ok(None);
        };
        let Ok(big) = grundy_core::spec::parse_big_sum(terms) else {
            return Ok(None);
        };
        // Within 64 bits the usual path reads it (and holds it to max_heap, so that every
        // number it writes back is exact in JSON).
        return Ok(big.to_sum().is_none().then(|| terms.to_string()));
    }
    let (Some(family), Some(heaps)) = (registry::family(&spec.game), spec.heaps.as_ref()) else {
        return Ok(None);
    };
    let max = BigUint::from(u64::MAX);
    if !heaps.iter().any(|h| h.0 > max) || family.positions.drawing != Drawing::Heaps {
        return Ok(None);
    }
    let rules = rules_of_position(family, spec, limits)?;
    let texts: Vec<String> = heaps.iter().map(|h| h.0.to_string()).collect();
    Ok(Some(format!("{}:{}", rules.term(), texts.join(","))))
}

/// `/api/analyze` of [`big_terms`]: the core's answer to the text, within the question's
/// budget, with the position as the client sent it.
pub(super) fn analyze_terms(
    terms: &str,
    spec: &PositionSpec,
    limits: &Limits,
) -> Result<Response, ApiError> {
    let asked = Asked {
        explanation: true,
        computer_move: false,
    };
    let budget = question_budget(limits);
    let answer = within_question_budget(limits, || {
        ask(&Question::text(terms, spec.convention, asked, budget))
    })?;
    Ok(Json(AnalysisJson {
        answer,
        position: spec,
    })
    .into_response())
}

/// The refusal of a heap beyond `max_heap` of a ruleset other than Nim by the endpoints that
/// move or list moves.
pub(super) fn only_analyzed(limits: &Limits) -> ApiError {
    ApiError::limit(
        "max_heap",
        format!(
            "a heap beyond 2^64 - 1 tokens of a ruleset other than Nim is answered by /api/analyze only (its value, outcome and winning moves, where the value is a lookup at any size); hints, computer moves and moves take heaps up to {} tokens",
            limits.max_heap_text()
        ),
    )
}

/// The position as the core's [`BigSum`], checked: heaps only, at most `max_components`.
fn sum_of(spec: &PositionSpec, limits: &Limits) -> Result<BigSum, ApiError> {
    if spec.position.is_some() || spec.terms.is_some() || !spec.params.is_empty() {
        return Err(ApiError::invalid(
            "position: a Nim position has only game, heaps and convention fields",
        ));
    }
    let heaps: Vec<BigUint> = spec.heaps.iter().flatten().map(|h| h.0.clone()).collect();
    if heaps.len() > limits.max_components {
        return Err(ApiError::limit(
            "max_components",
            format!(
                "the position has {} heaps: at most {} are allowed",
                heaps.len(),
                limits.max_components
            ),
        ));
    }
    Ok(BigSum::nim(&heaps))
}

/// The JSON form of `sum`, keeping the game and convention of `like`.
fn spec_after(like: &PositionSpec, sum: &BigSum) -> PositionSpec {
    let mut spec = like.clone();
    spec.heaps = sum
        .nim_heaps()
        .map(|heaps| heaps.into_iter().map(Heap).collect());
    spec
}

/// The perfect player's move: a winning move, else (from a P-position) one token from the
/// largest heap, which makes the game last longest; `None` when every heap is empty.
fn best_move(sum: &BigSum, convention: Convention) -> Result<Option<BigMove>, ApiError> {
    let analysis = analyze_big(sum, convention)?;
    if let Some(m) = analysis.winning_moves.iter().next() {
        return Ok(Some(m.clone()));
    }
    let heaps = sum.nim_heaps().unwrap_or_default();
    let largest = heaps
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.cmp(b.1))
        .filter(|(_, h)| h.bits() > 0);
    Ok(largest.map(|(heap, h)| {
        BigMove::Nim(NimMove {
            heap,
            from: h.clone(),
            to: h - 1u32,
        })
    }))
}

/// `/api/analyze`: the core's report (as `grundy analyze nim ... --json`) and the position.
pub(super) fn analyze(spec: PositionSpec, limits: &Limits) -> Result<Response, ApiError> {
    let sum = sum_of(&spec, limits)?;
    let terms = sum.to_terms();
    let asked = Asked {
        explanation: true,
        computer_move: false,
    };
    let budget = Budget::new(
        Duration::from_millis((limits.compute_time_ms * 9 / 10).max(1)),
        "a larger compute_time_ms (grundy serve --compute-time-ms MS)",
    );
    let answer = ask(&Question::text(&terms, spec.convention, asked, budget))?;
    Ok(Json(AnalysisJson {
        answer,
        position: &spec,
    })
    .into_response())
}

/// `/api/hint` and `/api/move`: the perfect player's move and the position after it.
pub(super) fn best(spec: PositionSpec, limits: &Limits) -> ApiResult {
    let sum = sum_of(&spec, limits)?;
    let report = grundy_core::report::analyze(&sum.to_terms(), spec.convention, true)?;
    let m = best_move(&sum, spec.convention)?;
    Ok(Json(json!({
        "move": m,
        "position": m.as_ref().map(|m| spec_after(&spec, &sum.after(m))),
        "moves_left": null,
        "outcome": report.outcome,
        "winning": report.outcome == Outcome::N,
        "explanation": report.explanation,
    })))
}

/// `/api/moves`: refused, a heap of n tokens has n moves.
pub(super) fn moves() -> ApiError {
    ApiError::limit(
        "engine",
        "valuing every move is too large for a heap beyond 2^53 - 1 tokens (it has as many moves as tokens): ask for a hint, or type the heap's new size",
    )
}

/// `/api/apply`: `{"component": N, "to": [M]}` (a number or a string of digits: the heap's new
/// size, smaller than it was).
pub(super) fn apply(spec: PositionSpec, mv: MoveSpec, limits: &Limits) -> ApiResult {
    let sum = sum_of(&spec, limits)?;
    let heaps = sum.nim_heaps().unwrap_or_default();
    let (i, to) = match (mv.component, &mv.to, &mv.typed, mv.index) {
        (Some(i), Some(to), None, None) => match to.as_slice() {
            [Value::Number(n)] if n.as_u64().is_some() => {
                (i, BigUint::from(n.as_u64().unwrap_or(0)))
            }
            [Value::String(s)] => (i, grundy_core::spec::parse_big(s, "move.to[0]")?),
            _ => {
                return Err(ApiError::invalid(
                    "move.to: a Nim move gives the heap's new size, a number or a string of digits, e.g. [\"7\"]",
                ))
            }
        },
        (None, None, Some(typed), None) => match typed_move(typed, &heaps) {
            Ok(found) => found,
            Err(reason) => return Ok(Json(json!({"legal": false, "reason": reason}))),
        },
        _ => {
            return Err(ApiError::invalid(
                "move: a move of a Nim heap beyond 2^53 - 1 is {\"component\": N, \"to\": [M]} (M the heap's new size) or {\"typed\": \"heap 1 to 7\"}",
            ))
        }
    };
    let Some(from) = heaps.get(i) else {
        return Ok(Json(json!({
            "legal": false,
            "reason": format!("there is no heap {}: the position has {} heaps", i + 1, heaps.len()),
        })));
    };
    if to >= *from {
        return Ok(Json(json!({
            "legal": false,
            "reason": format!("heap {} has {} tokens: a move takes at least one, so it becomes fewer", i + 1, Heap(from.clone()).shown()),
        })));
    }
    let m = BigMove::Nim(NimMove {
        heap: i,
        from: from.clone(),
        to,
    });
    Ok(Json(json!({
        "legal": true,
        "position": spec_after(&spec, &sum.after(&m)),
        "move": m,
    })))
}

/// A typed Nim move as `grundy play` reads it: `"3 2"` (take 2 from heap 3), `"heap 3 to 1"`
/// or `"take 2 from 3"`; the heap (from 0) and its new size.
fn typed_move(text: &str, heaps: &[BigUint]) -> Result<(usize, BigUint), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let number = |w: &str| grundy_core::spec::parse_big(w, "number").map_err(|e| e.to_string());
    let heap = |w: &str| -> Result<usize, String> {
        match w.parse::<usize>() {
            Ok(n) if (1..=heaps.len()).contains(&n) => Ok(n - 1),
            _ => Err(format!(
                "there is no heap {w}: the heaps are numbered 1 to {}",
                heaps.len()
            )),
        }
    };
    let take = |i: usize, amount: BigUint| -> Result<(usize, BigUint), String> {
        if amount.bits() == 0 || amount > heaps[i] {
            return Err(format!(
                "heap {} has {} tokens: take from 1 to all of them",
                i + 1,
                Heap(heaps[i].clone()).shown()
            ));
        }
        Ok((i, &heaps[i] - amount))
    };
    match words.as_slice() {
        [h, n] => take(heap(h)?, number(n)?),
        ["heap", h, "to", n] => Ok((heap(h)?, number(n)?)),
        ["take", n, "from", h] => take(heap(h)?, number(n)?),
        _ => Err(format!(
            "\"{text}\" is not a Nim move: write \"3 2\" (take 2 from heap 3), \"heap 3 to 1\" or \"take 2 from 3\""
        )),
    }
}

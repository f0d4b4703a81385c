//! `POST /api/analyze` and `POST /api/hint`: who wins, the winning moves, and why.

use std::time::Duration;

use grundy_core::answer::{ask, unvalued, Answer, Asked, Question};
use grundy_core::kernel::budget::Budget;
use grundy_core::report::Unvalued;
use grundy_core::GameError;

use super::*;

/// A request about one position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The position.
    pub position: PositionSpec,
}

/// The request of `POST /api/analyze`: a position, and whether a value refused at the
/// server's limits may be answered by the position unvalued.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// The position.
    pub position: PositionSpec,
    /// `true`: when the value of a position of boards and graphs (searched games) is refused
    /// at `compute_time_ms` or `compute_memory_mib`, answer 200 with the position unvalued
    /// ([`grundy_core::answer::unvalued`]) instead of the refusal. The page asks so, to play a
    /// board whose value takes longer than the server allows.
    #[serde(default)]
    pub partial: bool,
}

/// `POST /api/analyze`: who wins, every winning move, and why.
pub async fn analyze(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<AnalyzeRequest>,
) -> Result<Response, ApiError> {
    if loopy::is_loopy(&req.position) {
        return loopy::analyze(app, req.position).await;
    }
    if let Some(terms) = big::big_terms(&req.position, &app.limits)? {
        let limits = app.limits.clone();
        return app
            .compute
            .run(move || big::analyze_terms(&terms, &req.position, &limits))
            .await;
    }
    let position = Position::parse(req.position, &app.limits)?;
    if position.is_cheap() {
        return analysis_response(&position, &app.limits);
    }
    let limits = app.limits.clone();
    let shown = req.partial.then(|| position.clone());
    let answered = app
        .compute
        .run(move || analysis_response(&position, &limits))
        .await;
    let (Err(refusal), Some(position)) = (&answered, shown) else {
        return answered;
    };
    let convention = position.convention();
    match unvalued(&position.sum, convention, refusal.error.clone()) {
        Some(unvalued) if refusal.refuses_the_value() => Ok(Json(AnalysisJson {
            answer: unvalued,
            position: &position.spec,
        })
        .into_response()),
        _ => answered,
    }
}

/// The answer of `/api/analyze`: the core's [`Answer`] (the same as `grundy analyze --json`),
/// or with `partial` the position [`Unvalued`], with the position as the client sent it.
/// Serialised straight from the engine's types: this is the cheap request the page sends after
/// every move.
pub(super) struct AnalysisJson<'a, A = Answer> {
    pub(super) answer: A,
    pub(super) position: &'a PositionSpec,
}

/// An answer of the core that writes its fields into a JSON object being written.
pub(super) trait Fields {
    fn write<M: serde::ser::SerializeMap>(&self, map: &mut M) -> Result<(), M::Error>;
}

impl Fields for Answer {
    fn write<M: serde::ser::SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        self.serialize_fields(map)
    }
}

impl Fields for Unvalued {
    fn write<M: serde::ser::SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        self.serialize_fields(map)
    }
}

impl<A: Fields> Serialize for AnalysisJson<'_, A> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        self.answer.write(&mut map)?;
        map.serialize_entry("position", self.position)?;
        map.end()
    }
}

pub(super) fn analysis_response(
    position: &Position,
    limits: &Limits,
) -> Result<Response, ApiError> {
    let answer = answer_of(position, limits, false)?;
    Ok(Json(AnalysisJson {
        answer,
        position: &position.spec,
    })
    .into_response())
}

/// `POST /api/hint`: the move a perfect player would make here (the quickest win, or the
/// slowest loss, where the tree is small enough to measure), how many moves the game then
/// lasts when measured, and the reasoning, planned for that move: the core's answer with its
/// computer move.
pub async fn hint(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<PositionRequest>,
) -> ApiResult {
    if loopy::is_loopy(&req.position) {
        return loopy::best(app, req.position).await;
    }
    if let Some(terms) = big::big_terms(&req.position, &app.limits)? {
        let limits = app.limits.clone();
        return app
            .compute
            .run(move || big::hint(&terms, &req.position, &limits))
            .await;
    }
    let position = Position::parse(req.position, &app.limits)?;
    let limits = app.limits.clone();
    app.compute
        .run(move || {
            let answer = answer_of(&position, &limits, true)?;
            let m = answer.computer_move;
            let report = answer.report;
            let explanation = match &m {
                Some(m) => report.explanation.map(|e| e.planned_for(m)),
                None => report.explanation,
            };
            Ok(wire(Hint {
                position: m.as_ref().map(|m| position.after(m)),
                mv: m,
                moves_left: answer.moves_left,
                outcome: report.outcome,
                winning: report.outcome == Outcome::N,
                explanation,
                provenance: answer.provenance,
            }))
        })
        .await
}

/// The core's answer on `position` with its explanation (and the computer's move when
/// `computer_move`), within the server's time limit (`compute_time_ms`, the option a refusal
/// names); a lone Wythoff board's value is given only within `max_wythoff_table` (its table
/// would cost seconds beyond).
pub(super) fn answer_of(
    position: &Position,
    limits: &Limits,
    computer_move: bool,
) -> Result<Answer, ApiError> {
    let affordable = |c: &Component| {
        grundy_core::registry::queen(c).map_or(true, |(x, y)| x.max(y) <= limits.max_wythoff_table)
    };
    // A hint shows one move: every winning move is listed only for an analysis.
    let asked = Asked {
        winning_moves: !computer_move,
        explanation: true,
        computer_move,
    };
    let budget = question_budget(limits);
    let mut question = Question::sum(&position.sum, position.convention(), asked, budget);
    question.affordable = Some(&affordable);
    within_question_budget(limits, || ask(&question))
}

/// The budget of one question: four fifths of the pool's deadline, so that the core's refusal,
/// which names the term too large, comes before the pool's own, which can only name the time
/// limit (a job that waited for its slot, or a machine busy on every core, can start late: a
/// tenth was not always margin enough).
pub(super) fn question_budget(limits: &Limits) -> Budget {
    Budget::new(
        Duration::from_millis((limits.compute_time_ms * 4 / 5).max(1)),
        "a larger compute_time_ms (grundy serve --compute-time-ms MS)",
    )
    .with_memory(limits.compute_memory_mib << 20, MEMORY_OPTION)
}

/// How the server allows a question more memory, as the core's refusal ends.
const MEMORY_OPTION: &str = "a larger compute_memory_mib (grundy serve --compute-memory-mib MIB)";

/// Whether `e` is the core's refusal at the question's memory budget.
fn is_memory_refusal(e: &GameError) -> bool {
    matches!(e, GameError::TooLarge { limit, .. } if limit.ends_with(MEMORY_OPTION))
}

/// Runs `f` (which asks within [`question_budget`]), naming a refusal that came at the
/// question's deadline as the server's time limit.
pub(super) fn within_question_budget<T>(
    limits: &Limits,
    f: impl FnOnce() -> Result<T, GameError>,
) -> Result<T, ApiError> {
    let started = std::time::Instant::now();
    f().map_err(|e| refusal(limits, started, e))
}

/// The core's refusal `e` of a question asked within [`question_budget`] at `started`: one
/// that came at the question's deadline names the server's time limit, as the pool's own
/// would (`limit: "compute_time_ms"`), with the part that was too large; one at its memory
/// budget `limit: "compute_memory_mib"`.
pub(super) fn refusal(limits: &Limits, started: std::time::Instant, e: GameError) -> ApiError {
    match e {
        GameError::TooLarge { .. } if started.elapsed() >= question_budget(limits).time => {
            ApiError::limit("compute_time_ms", e.to_string())
        }
        e if is_memory_refusal(&e) => ApiError::limit("compute_memory_mib", e.to_string()),
        e => e.into(),
    }
}

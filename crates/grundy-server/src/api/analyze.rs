//! `POST /api/analyze` and `POST /api/hint`: who wins, the winning moves, and why.

use std::time::Duration;

use grundy_core::answer::Answer;
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
    let game = game::read(req.position, &app.limits)?;
    if game.is_cheap() {
        return game.analyze(&app.limits);
    }
    let limits = app.limits.clone();
    let asked = game.clone();
    match app.compute.run(move || asked.analyze(&limits)).await {
        Err(refusal) if req.partial => game.unvalued(&refusal).ok_or(refusal),
        answered => answered,
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

/// `POST /api/hint`: the move a perfect player would make here (the quickest win, or the
/// slowest loss, where the tree is small enough to measure), how many moves the game then
/// lasts when measured, and the reasoning, planned for that move: the core's answer with its
/// computer move.
pub async fn hint(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<PositionRequest>,
) -> ApiResult {
    let game = game::read(req.position, &app.limits)?;
    let limits = app.limits.clone();
    app.compute.run(move || game.hint(&limits)).await
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

//! `POST /api/analyze` and `POST /api/hint`: who wins, the winning moves, and why.

use super::*;

/// A request about one position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The position.
    pub position: PositionSpec,
}

/// `POST /api/analyze`: who wins, every winning move, and why.
pub async fn analyze(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<PositionRequest>,
) -> Result<Response, ApiError> {
    if loopy::is_loopy(&req.position) {
        return loopy::analyze(app, req.position).await;
    }
    if big::is_big(&req.position, &app.limits) {
        return big::analyze(req.position, &app.limits);
    }
    let position = Position::parse(req.position, &app.limits)?;
    if position.is_cheap() {
        return analysis_response(&position, &app.limits);
    }
    let limits = app.limits.clone();
    app.compute
        .run(move || analysis_response(&position, &limits))
        .await
}

/// The answer of `/api/analyze`: the core's [`Report`] (the same as `grundy analyze --json`)
/// with the position as the client sent it. Serialised straight from the engine's types: this
/// is the cheap request the page sends after every move.
pub(super) struct AnalysisJson<'a> {
    pub(super) report: Report,
    pub(super) position: &'a PositionSpec,
}

impl Serialize for AnalysisJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        self.report.serialize_fields(&mut map)?;
        map.serialize_entry("position", self.position)?;
        map.end()
    }
}

pub(super) fn analysis_response(
    position: &Position,
    limits: &Limits,
) -> Result<Response, ApiError> {
    let report = report_of(position, limits)?;
    Ok(Json(AnalysisJson {
        report,
        position: &position.spec,
    })
    .into_response())
}

/// `POST /api/hint`: the move a perfect player would make here (the quickest win, or the
/// slowest loss, where the tree is small enough to measure: the core's `teaching_move`), how
/// many moves the game then lasts when measured, and the reasoning, planned for that move.
pub async fn hint(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<PositionRequest>,
) -> ApiResult {
    if loopy::is_loopy(&req.position) {
        return loopy::best(app, req.position).await;
    }
    if big::is_big(&req.position, &app.limits) {
        return big::best(req.position, &app.limits);
    }
    let position = Position::parse(req.position, &app.limits)?;
    let limits = app.limits.clone();
    app.compute
        .run(move || {
            let convention = position.convention();
            // The valued moves give the best move and its length; positions with too many
            // moves to value get the teaching player's move alone.
            let (m, moves_left) = match move_values(&position.sum, convention) {
                Ok(values) => match values.moves.into_iter().find(|m| m.best) {
                    Some(best) => (Some(best.mv), best.moves_left),
                    None => (None, None),
                },
                Err(_) => (teaching_move(&position.sum, convention)?, None),
            };
            let report = report_of(&position, &limits)?;
            let explanation = match &m {
                Some(m) => report.explanation.map(|e| e.planned_for(m)),
                None => report.explanation,
            };
            Ok(Json(json!({
                "move": m,
                "position": m.as_ref().map(|m| position.after(m)),
                "moves_left": moves_left,
                "outcome": report.outcome,
                "winning": report.outcome == Outcome::N,
                "explanation": explanation,
            })))
        })
        .await
}

/// The core's report on `position` with its explanation; a lone Wythoff board's value is
/// given only within `max_wythoff_table` (its table would cost seconds beyond).
pub(super) fn report_of(position: &Position, limits: &Limits) -> Result<Report, ApiError> {
    let affordable = |c: &Component| {
        c.position::<Wythoff>()
            .map_or(true, |&(x, y)| x.max(y) <= limits.max_wythoff_table)
    };
    Ok(analyze_sum_within(
        &position.sum,
        position.convention(),
        true,
        &affordable,
    )?)
}

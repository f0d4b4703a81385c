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
    let position = Position::parse(req.position, &app.limits)?;
    if position.is_cheap() {
        return analysis_response(&position, &app.limits);
    }
    let limits = app.limits.clone();
    app.compute
        .run(move || analysis_response(&position, &limits))
        .await
}

/// The answer of `/api/analyze`, serialised straight from the engine's types: this is the
/// cheap request the page sends after every move, and building a `serde_json::Value` tree
/// first cost about half of its time (measured with `examples/api_cost.rs`).
#[derive(Serialize)]
pub(super) struct AnalysisJson<'a> {
    components: &'a [Component],
    convention: Convention,
    explanation: Explanation,
    finished: bool,
    nim_sum: Nimber,
    outcome: Outcome,
    position: &'a PositionSpec,
    values: Vec<Nimber>,
    winner: &'static str,
    /// The first [`grundy_core::moves::MAX_LISTED_MOVES`] winning moves.
    winning_moves: MoveList<SumMove>,
    /// How many winning moves there are in all (more than listed when the list is cut).
    winning_move_count: u128,
}

pub(super) fn analysis_response(
    position: &Position,
    limits: &Limits,
) -> Result<Response, ApiError> {
    if let Some(queen) = position.lone_wythoff() {
        return Ok(Json(wythoff_analysis_json(position, queen, limits)?).into_response());
    }
    let sum = &position.sum;
    let analysis = core_analyze(sum, position.convention())?;
    let explanation = explanation(sum, analysis.convention, analysis.outcome)?;
    Ok(Json(AnalysisJson {
        components: &sum.components,
        convention: analysis.convention,
        explanation,
        finished: sum.is_terminal(),
        nim_sum: analysis.total,
        outcome: analysis.outcome,
        position: &position.spec,
        values: analysis.values,
        winner: winner_text(analysis.outcome),
        winning_move_count: analysis.winning_moves.total(),
        winning_moves: analysis.winning_moves,
    })
    .into_response())
}

pub(super) fn winner_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "player to move",
        Outcome::P => "previous player",
    }
}

/// The reasoning, as data for the page's "why" panel: the fields of one of the engine's
/// explanations, tagged by `kind`, with a plain-text rendering in `text`.
#[derive(Serialize)]
pub(super) struct Explained<E> {
    kind: &'static str,
    #[serde(flatten)]
    detail: E,
    text: String,
}

/// Every kind of reasoning the API explains with.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum Explanation {
    Nim(Explained<NimExplanation>),
    Sum(Explained<SumExplanation>),
    /// Misère sums: no detail beyond the text.
    Search(Explained<NoDetail>),
    /// A lone Wythoff position.
    Wythoff(Explained<WythoffExplanation>),
}

impl Explanation {
    /// The reasoning on a lone Wythoff position (`kind: "wythoff"`).
    pub(super) fn wythoff(detail: WythoffExplanation) -> Self {
        let text = detail.to_text();
        Explanation::Wythoff(Explained {
            kind: "wythoff",
            detail,
            text,
        })
    }
}

/// The empty detail of an exhaustive search.
#[derive(Serialize)]
pub(super) struct NoDetail {}

pub(super) fn explanation(
    sum: &Sum,
    convention: Convention,
    outcome: Outcome,
) -> Result<Explanation, ApiError> {
    Ok(match (nim_heaps(sum), convention) {
        (Some(heaps), c) => {
            let detail = NimExplanation::new(&heaps, c);
            let text = detail.to_text();
            Explanation::Nim(Explained {
                kind: "nim",
                detail,
                text,
            })
        }
        (None, Convention::Normal) => {
            let detail = SumExplanation::new(sum)?;
            let text = detail.to_text();
            Explanation::Sum(Explained {
                kind: "sum",
                detail,
                text,
            })
        }
        (None, Convention::Misere) => Explanation::Search(Explained {
            kind: "search",
            detail: NoDetail {},
            text: format!(
                "Misère sums have no Grundy-value shortcut: this position was solved by exhaustive search.\n{}.",
                outcome.describe()
            ),
        }),
    })
}

/// `POST /api/hint`: the move a perfect player would make here, and the reasoning.
pub async fn hint(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<PositionRequest>,
) -> ApiResult {
    let position = Position::parse(req.position, &app.limits)?;
    let limits = app.limits.clone();
    app.compute
        .run(move || {
            let m = best_move(&position.sum, position.convention())?;
            let (outcome, explanation) = match position.lone_wythoff() {
                Some((x, y)) => {
                    let e = WythoffExplanation::new(x, y, limits.max_wythoff_table)?;
                    (e.outcome(), Explanation::wythoff(e))
                }
                None => {
                    let analysis = core_analyze(&position.sum, position.convention())?;
                    let e = explanation(&position.sum, analysis.convention, analysis.outcome)?;
                    (analysis.outcome, e)
                }
            };
            Ok(Json(json!({
                "move": m,
                "position": m.as_ref().map(|m| position.after(m)),
                "outcome": outcome,
                "winning": outcome == Outcome::N,
                "explanation": explanation,
            })))
        })
        .await
}

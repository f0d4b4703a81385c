//! `POST /api/sprouts/lines`: a Sprouts position as the page draws it (the core's
//! [`SproutsDrawing`]): its spots numbered, its regions, and every line a move can draw.

use grundy_core::games::sprouts::SproutsPosition;
use grundy_core::wire::SproutsDrawing;

use super::*;

/// `POST /api/sprouts/lines` request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinesRequest {
    /// The position in the notation of Applegate, Jacobson and Sleator: `0*3`, `0.1a1a`.
    pub position: String,
}

/// `POST /api/sprouts/lines`: the position as written back (canonical), its lands, regions
/// and boundaries as spot numbers, each spot's lives, and every line a move can draw (its ends,
/// its words, the position it leaves).
pub async fn sprouts_lines(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<LinesRequest>,
) -> ApiResult {
    app.compute
        .run(move || {
            let position: SproutsPosition = req.position.parse()?;
            Ok(wire(SproutsDrawing::of(&position)?))
        })
        .await
}

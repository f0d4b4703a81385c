//! `POST /api/hackenbush/layout`: where to draw a Green Hackenbush picture (the core's
//! [`layout`]), which the page draws and keeps for the whole game.

use grundy_core::games::hackenbush::Picture;

use super::*;

/// `POST /api/hackenbush/layout` request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutRequest {
    /// The picture in the `hackenbush` ruleset's text form: `0-1,1-2,2-2`, `stalk:3,cycle:4`.
    pub position: String,
}

/// `POST /api/hackenbush/layout`: the picture as written back (`position`), its edges as
/// `[a, b]` pairs in order (`edges`), and the layout: the ground at `y = 0`, every other
/// vertex's `x` and `y`, and each edge's shape (a line with its Bézier control point, or a
/// loop), each with the `handle` where a click or a mark goes.
pub async fn hackenbush_layout(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<LayoutRequest>,
) -> ApiResult {
    app.compute
        .run(move || {
            let picture: Picture = req.position.parse()?;
            Ok(wire(HackenbushLayout::of(&picture)?))
        })
        .await
}

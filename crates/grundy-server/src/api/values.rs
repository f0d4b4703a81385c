//! `POST /api/moves`: every move of a position valued, for the page's coloured moves.

use grundy_core::strategy::move_values::move_values as value_moves;

use super::*;

/// `POST /api/moves`: every move with whether it wins or loses for the player who makes it,
/// the Grundy value it leaves (normal play) and, where the game tree is small enough, how many
/// moves the game then lasts with perfect play (the core's `MoveValues`), and the position.
pub async fn valued_moves(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<PositionRequest>,
) -> ApiResult {
    if loopy::is_loopy(&req.position) {
        return loopy::moves(app, req.position).await;
    }
    if let Some(terms) = big::big_terms(&req.position, &app.limits)? {
        let limits = app.limits.clone();
        return app
            .compute
            .run(move || big::moves(&terms, &req.position, &limits))
            .await;
    }
    let position = Position::parse(req.position, &app.limits)?;
    app.compute
        .run(move || {
            let values = value_moves(&position.sum, position.convention())?;
            Ok(wire(AtPosition::new(values, position.spec)))
        })
        .await
}

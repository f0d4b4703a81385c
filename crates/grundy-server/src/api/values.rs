//! `POST /api/moves`: every move of a position valued, for the page's coloured moves.

use super::*;

/// `POST /api/moves`: every move with whether it wins or loses for the player who makes it,
/// the Grundy value it leaves (normal play) and, where the game tree is small enough, how many
/// moves the game then lasts with perfect play (the core's `MoveValues`), and the position.
///
/// With `partial`, a position the server accepts but whose moves it does not list (too many to
/// value one by one, or not within the time a question may take: a refusal at a limit) answers
/// 200 with `moves: null` and `unlisted`, the refusal's message, so that a client asks only
/// this once and knows why (the page, for a Nim heap of 10^40).
pub async fn valued_moves(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<AnalyzeRequest>,
) -> ApiResult {
    let spec = req.position.clone();
    let game = game::read(req.position, &app.limits)?;
    let limits = app.limits.clone();
    match app.compute.run(move || game.moves(&limits)).await {
        Err(refusal) if req.partial && refusal.limit.is_some() => Ok(wire(UnlistedMoves {
            moves: (),
            unlisted: refusal.error,
            position: spec,
        })),
        answered => answered,
    }
}

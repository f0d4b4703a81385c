//! `POST /api/moves`: every move of a position valued, for the page's coloured moves.

use grundy_core::strategy::move_values::move_values as value_moves;

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
    if loopy::is_loopy(&req.position) {
        return loopy::moves(app, req.position).await;
    }
    let spec = req.position.clone();
    let listed = if let Some(terms) = big::big_terms(&req.position, &app.limits)? {
        let limits = app.limits.clone();
        app.compute
            .run(move || big::moves(&terms, &req.position, &limits))
            .await
    } else {
        let position = Position::parse(req.position, &app.limits)?;
        app.compute
            .run(move || {
                // Each option of a bar beyond the search is beyond it too: refused at once,
                // where valuing them would run out the server's time.
                if let Some((_, beyond)) = grundy_core::answer::beyond_search(&position.sum) {
                    return Err(ApiError::limit(
                        "engine",
                        format!(
                            "the moves of this bar are not valued: it has {beyond}, beyond the search"
                        ),
                    ));
                }
                let values = value_moves(&position.sum, position.convention())?;
                Ok(wire(AtPosition::new(values, position.spec)))
            })
            .await
    };
    match listed {
        Err(refusal) if req.partial && refusal.limit.is_some() => Ok(wire(UnlistedMoves {
            moves: (),
            unlisted: refusal.error,
            position: spec,
        })),
        answered => answered,
    }
}

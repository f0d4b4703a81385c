//! `POST /api/remoteness`: who wins each of a few positions and how many moves it lasts with
//! perfect play (Steinhaus's remoteness: the winner hurrying, the loser delaying), for the
//! page's pictures of win/loss distance (a strip of heap sizes, a Wythoff board).

use grundy_core::strategy::{analyze as classify, remoteness, Convention};

use super::*;

/// Most positions in one request: a strip of heaps 0..255, or a 16 × 16 Wythoff board.
pub const MAX_REMOTENESS_POSITIONS: usize = 256;

/// `POST /api/remoteness` request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemotenessRequest {
    /// The positions, each as every endpoint takes one.
    pub positions: Vec<PositionSpec>,
}

/// `POST /api/remoteness`: for each position its `outcome` (`P`/`N`) and `moves_left`, the
/// number of moves the game lasts with perfect play on both sides (null where the game tree is
/// too large to search: the core's remoteness budgets), as `POST /api/moves` counts them.
pub async fn remoteness_of(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<RemotenessRequest>,
) -> ApiResult {
    if req.positions.len() > MAX_REMOTENESS_POSITIONS {
        return Err(ApiError::invalid(format!(
            "positions: {} positions were sent; at most {MAX_REMOTENESS_POSITIONS} are measured per request",
            req.positions.len()
        )));
    }
    let positions = req
        .positions
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            Position::parse(p, &app.limits).map_err(|e| e.within(&format!("positions[{i}]")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    app.compute
        .run(move || {
            let mut answers = Vec::with_capacity(positions.len());
            for p in &positions {
                let convention = p.convention();
                let outcome = classify(&p.sum, convention)?.outcome;
                // A finished game counts 1 under misère play (the player to move has won).
                let offset = u64::from(convention == Convention::Misere);
                let left = remoteness(&p.sum, convention).map(|r| r.saturating_sub(offset));
                answers.push(Remoteness {
                    outcome,
                    moves_left: left,
                });
            }
            Ok(wire(RemotenessList { positions: answers }))
        })
        .await
}

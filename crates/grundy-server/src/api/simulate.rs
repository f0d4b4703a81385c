//! `POST /api/simulate`: many games between two players.

use grundy_core::simulation::{self, Series};

use super::*;

/// `POST /api/simulate` request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimulateRequest {
    /// The starting position.
    pub position: PositionSpec,
    /// The player who moves first (default `perfect`).
    #[serde(default)]
    pub first: PlayerSpec,
    /// The other player (default `random`).
    #[serde(default = "random_player")]
    pub second: PlayerSpec,
    /// How many games (default 100).
    #[serde(default = "default_games")]
    pub games: u64,
    /// Seed of the random choices (default: a fresh one, returned in the answer).
    pub seed: Option<u64>,
}

pub(super) fn random_player() -> PlayerSpec {
    PlayerSpec(Player::Random)
}

pub(super) fn default_games() -> u64 {
    100
}

/// `POST /api/simulate`: plays `games` games from the position between two computer players:
/// the core's simulation (`grundy_core::simulation`), answered as `grundy simulate --json`
/// answers. A game longer than `max_moves` is refused with that limit; the compute pool's
/// deadline stops the series between moves.
pub async fn simulate(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<SimulateRequest>,
) -> ApiResult {
    let limits = app.limits.clone();
    if req.games == 0 {
        return Err(ApiError::invalid(format!(
            "games: 0 games requested: expected a whole number of games from 1 to {}",
            limits.max_games
        )));
    }
    if req.games > limits.max_games {
        return Err(ApiError::limit(
            "max_games",
            format!(
                "{} games requested: at most {} are simulated",
                req.games, limits.max_games
            ),
        ));
    }
    let position = Position::parse(req.position, &limits)?;
    let series = Series {
        games: req.games,
        seed: req.seed.unwrap_or_else(fresh_seed),
        max_moves: limits.max_moves,
        keep_first: false,
    };
    let players = [req.first.0, req.second.0];
    app.compute
        .run(move || {
            match simulation::run(&position.sum, position.convention(), players, series)? {
                Some(sim) => Ok(Json(serde_json::to_value(&sim).map_err(|e| {
                    ApiError::invalid(format!("the simulation could not be written: {e}"))
                })?)),
                None => Err(ApiError::limit(
                    "max_moves",
                    format!(
                        "a game went on for more than {} moves (max_moves): start from a smaller position",
                        limits.max_moves
                    ),
                )),
            }
        })
        .await
}

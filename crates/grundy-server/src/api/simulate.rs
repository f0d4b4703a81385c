//! `POST /api/simulate`: many games between two players.

use grundy_core::kernel::budget;
use grundy_core::simulation::{self, Series, Stop};

use super::analyze::{question_budget, refusal};

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
    /// Whether a series stopped early (the server's time limit spent, a game longer than
    /// `max_moves`) answers with the games it finished, `stopped` saying why, rather than
    /// with the error (default false).
    #[serde(default)]
    pub partial: bool,
}

pub(super) fn random_player() -> PlayerSpec {
    PlayerSpec(Player::Random)
}

pub(super) fn default_games() -> u64 {
    100
}

/// `POST /api/simulate`: plays `games` games from the position between two computer players:
/// the core's simulation (`grundy_core::simulation`), answered as `grundy simulate --json`
/// answers, within the budget of one question (four fifths of the pool's deadline, so that the
/// series stops before the pool gives up on it). A series stopped early (a game longer than
/// `max_moves`, the budget spent) is refused with that limit, or with `partial` answered with
/// the games it finished, `stopped` saying why.
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
    let partial = req.partial;
    app.compute
        .run(move || {
            let started = std::time::Instant::now();
            let sim = budget::within(&question_budget(&limits), || {
                simulation::run(&position.sum, position.convention(), players, series)
            })
            .map_err(|e| refusal(&limits, started, e))?;
            match &sim.stopped {
                Some(stop) if !partial || sim.tally.games == 0 => {
                    Err(stop_error(stop, &limits, started))
                }
                _ => Ok(Json(serde_json::to_value(&sim).map_err(|e| {
                    ApiError::invalid(format!("the simulation could not be written: {e}"))
                })?)),
            }
        })
        .await
}

/// Why a series stopped, as the API refuses it.
fn stop_error(stop: &Stop, limits: &Limits, started: std::time::Instant) -> ApiError {
    match stop {
        Stop::TooLong { max_moves } => ApiError::limit(
            "max_moves",
            format!(
                "a game went on for more than {max_moves} moves (max_moves): start from a smaller position"
            ),
        ),
        Stop::Refused(e) => refusal(limits, started, e.clone()),
    }
}

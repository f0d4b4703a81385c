//! `POST /api/simulate`: many games between two players.

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

/// `POST /api/simulate`: plays `games` games from the position between two computer players.
pub async fn simulate(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<SimulateRequest>,
) -> ApiResult {
    let limits = app.limits.clone();
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
    let seed = req.seed.unwrap_or_else(fresh_seed);
    let players = [req.first, req.second];
    let games = req.games;
    // The pool gives up waiting at the time limit; the loop itself stops there too, so that an
    // abandoned simulation frees its thread at once.
    let deadline = Instant::now() + Duration::from_millis(limits.compute_time_ms);
    app.compute
        .run(move || {
            let bounds = (limits.max_moves, deadline);
            let tally = play_games(&position, players, games, bounds, seed)?;
            Ok(Json(json!({
                "games": games,
                "first": players[0],
                "second": players[1],
                "first_wins": tally.wins[0],
                "second_wins": tally.wins[1],
                "unfinished": tally.unfinished,
                "average_moves": if games > tally.unfinished {
                    tally.moves as f64 / (games - tally.unfinished) as f64
                } else {
                    0.0
                },
                "seed": seed,
            })))
        })
        .await
}

#[derive(Default)]
pub(super) struct Tally {
    wins: [u64; 2],
    unfinished: u64,
    moves: u64,
}

pub(super) fn play_games(
    position: &Position,
    players: [PlayerSpec; 2],
    games: u64,
    (max_moves, deadline): (u64, Instant),
    seed: u64,
) -> Result<Tally, ApiError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let convention = position.convention();
    let mut tally = Tally::default();
    for _ in 0..games {
        // Tracked: the same moves as `choose_move`, at a cost per move that does not grow as
        // a splitting game gains heaps.
        let mut sum = TrackedPosition::new(position.sum.clone());
        let mut moves = 0u64;
        let mut to_move = 0usize;
        loop {
            let player = players[to_move].0;
            let Some(m) = sum.choose_move(convention, player, &mut rng)? else {
                // `to_move` cannot move: under normal play they lose, under misère they win.
                let winner = match convention {
                    Convention::Normal => 1 - to_move,
                    Convention::Misere => to_move,
                };
                tally.wins[winner] += 1;
                tally.moves += moves;
                break;
            };
            if Instant::now() > deadline || grundy_core::kernel::cancel::is_cancelled() {
                return Err(ApiError::limit(
                    "compute_time_ms",
                    "the simulation ran out of time: try fewer games or smaller heaps",
                ));
            }
            sum.apply(&m);
            moves += 1;
            to_move = 1 - to_move;
            if moves >= max_moves && !sum.is_terminal() {
                tally.unfinished += 1;
                break;
            }
        }
    }
    Ok(tally)
}

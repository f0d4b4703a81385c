//! The JSON API handlers. Each one parses its request, checks it against the limits, calls
//! `grundy-core` (inline when cheap, on the bounded pool otherwise) and renders JSON.
//!
//! | endpoint | request | answer |
//! | --- | --- | --- |
//! | `GET /api/health` | | `{"status": "ok"}` |
//! | `GET /api/limits` | | the [`Limits`] |
//! | `POST /api/analyze` | `{position}` | outcome, values, nim-sum, winning moves, explanation |
//! | `POST /api/hint` | `{position}` | the best move, the position after it, the explanation |
//! | `POST /api/move` | `{position, player?, seed?}` | the computer's move and the position after it |
//! | `POST /api/apply` | `{position, move: {component, to}}` | whether the move is legal, the position after it |
//! | `POST /api/sequence` | `{game, set/except, count?}` | G(0..count-1) and the proven period |
//! | `POST /api/simulate` | `{position, first?, second?, games?, seed?}` | wins of each side over many games |
//! | `POST /api/wythoff/table` | `{x0, y0, width, height, values?}` | a tile of Wythoff's G(x, y), P-positions marked |
//!
//! Positions are [`PositionSpec`]s; moves are the core's `SumMove` JSON
//! (`{component, from, to, text}`).

use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy_core::explain::{NimExplanation, SumExplanation};
use grundy_core::games::octal::OctalGame;
use grundy_core::games::subtraction::{AllButGame, SubtractionGame};
use grundy_core::games::wythoff::beatty::{is_p_position, p_position, partner};
use grundy_core::games::wythoff::{winning_moves as wythoff_winning_moves, MoveKind};
use grundy_core::moves::MoveList;
use grundy_core::nimber::Nimber;
use grundy_core::play::TrackedPosition;
use grundy_core::player::{choose_move, Player};
use grundy_core::strategy::{analyze as core_analyze, best_move, nim_heaps, Convention};
use grundy_core::sum::{Component, Outcome, Sum, SumMove, MAX_LISTED_HEAP};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{json, Value};

use crate::error::{ApiError, ApiJson};
use crate::position::{spec_of, Position, PositionSpec};
use crate::{AppState, Limits};

type ApiResult = Result<Json<Value>, ApiError>;

/// `GET /api/health`.
pub async fn health() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// `GET /api/limits`: every limit, named as in the errors.
pub async fn limits(State(app): State<AppState>) -> Json<Limits> {
    Json(app.limits)
}

/// Any other path under `/api`.
pub async fn not_found() -> ApiError {
    ApiError::bad_request(
        "no such endpoint: see GET /api/health, /api/limits and POST /api/analyze, /api/hint, \
         /api/move, /api/apply, /api/sequence, /api/simulate, /api/wythoff/table",
    )
    .with_status(StatusCode::NOT_FOUND)
}

/// A known path with the wrong method.
pub async fn method_not_allowed() -> ApiError {
    ApiError::bad_request("method not allowed: the game endpoints take POST with a JSON body")
        .with_status(StatusCode::METHOD_NOT_ALLOWED)
}

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
struct AnalysisJson<'a> {
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

fn analysis_response(position: &Position, limits: &Limits) -> Result<Response, ApiError> {
    if let Some(queen) = position.lone_wythoff() {
        return Ok(Json(wythoff_analysis_json(position, queen, limits)).into_response());
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

fn winner_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "player to move",
        Outcome::P => "previous player",
    }
}

/// The reasoning, as data for the page's "why" panel: the fields of one of the engine's
/// explanations, tagged by `kind`, with a plain-text rendering in `text`.
#[derive(Serialize)]
struct Explained<E> {
    kind: &'static str,
    #[serde(flatten)]
    detail: E,
    text: String,
}

/// Every kind of reasoning the API explains with.
#[derive(Serialize)]
#[serde(untagged)]
enum Explanation {
    Nim(Explained<NimExplanation>),
    Sum(Explained<SumExplanation>),
    /// Misère sums: no detail beyond the text.
    Search(Explained<NoDetail>),
    /// Already JSON (`kind: "wythoff"`).
    Wythoff(Value),
}

/// The empty detail of an exhaustive search.
#[derive(Serialize)]
struct NoDetail {}

fn explanation(
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
                Some(queen) => {
                    let e = wythoff_explanation(queen, limits.max_wythoff_table);
                    (e.outcome, Explanation::Wythoff(e.json))
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

/// A computer player as JSON: `"perfect"`, `"random"`, or a strength from 0 to 100 (as a number
/// or a string).
#[derive(Debug, Clone, Copy)]
pub struct PlayerSpec(pub Player);

impl Default for PlayerSpec {
    fn default() -> Self {
        PlayerSpec(Player::Perfect)
    }
}

impl<'de> Deserialize<'de> for PlayerSpec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let text = match &value {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            other => other.to_string(),
        };
        Player::parse(&text)
            .map(PlayerSpec)
            .map_err(serde::de::Error::custom)
    }
}

impl Serialize for PlayerSpec {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Player::Perfect => serializer.serialize_str("perfect"),
            Player::Random => serializer.serialize_str("random"),
            Player::Strength(s) => serializer.serialize_u8(s),
            Player::Seed000 => serializer.serialize_str("seed000"),
        }
    }
}

/// `POST /api/move` request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The position.
    pub position: PositionSpec,
    /// Who plays (default `perfect`).
    #[serde(default)]
    pub player: PlayerSpec,
    /// Seed of the random choices (default: a fresh one, returned in the answer).
    pub seed: Option<u64>,
}

/// `POST /api/move`: the computer's move.
pub async fn computer_move(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<MoveRequest>,
) -> ApiResult {
    let position = Position::parse(req.position, &app.limits)?;
    let seed = req.seed.unwrap_or_else(fresh_seed);
    let player = req.player;
    if matches!(player.0, Player::Seed000) && !position.is_cheap() {
        // Seed 000's losing move lists every option of a component.
        check_listable(&position.sum, "the seed000 player")?;
    }
    app.compute
        .run(move || {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let m = choose_move(&position.sum, position.convention(), player.0, &mut rng)?;
            Ok(Json(move_json(&position, m, player, seed)))
        })
        .await
}

fn move_json(position: &Position, m: Option<SumMove>, player: PlayerSpec, seed: u64) -> Value {
    let after = m.as_ref().map(|m| position.sum.after(m));
    let finished = after.as_ref().map_or(true, Sum::is_terminal);
    json!({
        "move": m,
        "position": after.as_ref().map(|s| spec_of(&position.spec, s)),
        "finished": finished,
        "player": player,
        "seed": seed,
    })
}

/// A seed for requests that bring none: the clock's nanoseconds, mixed.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
}

/// `POST /api/apply` request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApplyRequest {
    /// The position.
    pub position: PositionSpec,
    /// The move.
    #[serde(rename = "move")]
    pub mv: MoveSpec,
}

/// A move as JSON: the component (from 0) and the heaps it becomes (`[]` when it vanishes,
/// two heaps for a split).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveSpec {
    /// Index of the component, from 0.
    pub component: usize,
    /// The heap sizes it becomes.
    pub to: Vec<u64>,
}

/// `POST /api/apply`: checks a player's move and gives the position after it.
///
/// A well-formed but illegal move is a 200 with `"legal": false` and the reason.
pub async fn apply(State(app): State<AppState>, ApiJson(req): ApiJson<ApplyRequest>) -> ApiResult {
    let position = Position::parse(req.position, &app.limits)?;
    let mv = req.mv;
    app.compute
        .run(move || {
            Ok(Json(match legal_move(&position.sum, &mv)? {
                Ok(m) => {
                    let after = position.sum.after(&m);
                    json!({
                        "legal": true,
                        "move": m,
                        "position": spec_of(&position.spec, &after),
                        "finished": after.is_terminal(),
                    })
                }
                Err(reason) => json!({ "legal": false, "reason": reason }),
            }))
        })
        .await
}

/// The core's move matching `mv`, or why there is none. Moves are listed by the core, so
/// components are limited to [`MAX_LISTED_HEAP`] tokens.
fn legal_move(sum: &Sum, mv: &MoveSpec) -> Result<Result<SumMove, String>, ApiError> {
    let Some(from) = sum.components.get(mv.component) else {
        return Ok(Err(format!(
            "there is no component {} (the position has {}, counted from 0)",
            mv.component,
            sum.components.len()
        )));
    };
    if let Component::Wythoff { x, y } = *from {
        return Ok(wythoff_move(x, y, &mv.to).map(|to| SumMove {
            component: mv.component,
            from: from.clone(),
            to: vec![to],
        }));
    }
    if from.tokens() > MAX_LISTED_HEAP {
        return Err(ApiError::limit(
            "engine",
            format!("moves are checked only in components of at most {MAX_LISTED_HEAP} tokens"),
        ));
    }
    // An empty heap is no heap: `[0]` and `[]` both mean "the component vanishes".
    let wanted: Vec<u64> = mv.to.iter().copied().filter(|&h| h > 0).collect();
    let found = from.options().into_iter().find(|to| {
        to.iter()
            .map(Component::tokens)
            .filter(|&h| h > 0)
            .eq(wanted.iter().copied())
    });
    Ok(match found {
        Some(to) => Ok(SumMove {
            component: mv.component,
            from: from.clone(),
            to,
        }),
        None => Err(format!(
            "{} ({}) cannot become {:?} in one move",
            from.ruleset_name(),
            from,
            mv.to
        )),
    })
}

/// The queen's move from `(x, y)` to `to` (`[x', y']`), or why it is illegal: the queen moves
/// left (x decreases), down (y decreases) or diagonally down-left (both decrease by the same
/// amount), at least one square. Checked directly, so it works at any size.
fn wythoff_move(x: u64, y: u64, to: &[u64]) -> Result<Component, String> {
    let &[x2, y2] = to else {
        return Err(format!(
            "a Wythoff move gives the queen's new square [x, y], 2 numbers, not {}",
            to.len()
        ));
    };
    let diagonal = x2 < x && y2 < y && x - x2 == y - y2;
    let legal = (x2 < x && y2 == y) || (x2 == x && y2 < y) || diagonal;
    if legal {
        return Ok(Component::Wythoff { x: x2, y: y2 });
    }
    let why = if (x2, y2) == (x, y) {
        "the queen must move at least one square".to_string()
    } else if x2 > x || y2 > y {
        "the queen only moves left, down or diagonally down-left, never right or up".to_string()
    } else {
        format!(
            "({x2}, {y2}) is neither in the queen's column, its row, nor its down-left diagonal \
             (that would take the same number from both heaps: {} and {} differ)",
            x - x2,
            y - y2
        )
    };
    Err(format!(
        "the queen at ({x}, {y}) cannot reach ({x2}, {y2}): {why}"
    ))
}

/// Refuses positions with a component too large for its options to be listed.
fn check_listable(sum: &Sum, who: &str) -> Result<(), ApiError> {
    match sum.components.iter().find(|c| c.tokens() > MAX_LISTED_HEAP) {
        Some(c) => Err(ApiError::limit(
            "engine",
            format!(
                "{who} lists every move of a component, which is done only up to {MAX_LISTED_HEAP} tokens, not {}",
                c.tokens()
            ),
        )),
        None => Ok(()),
    }
}

/// `POST /api/sequence` request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceRequest {
    /// `subtraction`, `all-but`, `octal` or `grundys-game`.
    pub game: String,
    /// The octal code or preset name (`octal`).
    pub code: Option<String>,
    /// The take-set (`subtraction`).
    pub set: Option<Vec<u64>>,
    /// The excluded amounts (`all-but`).
    pub except: Option<Vec<u64>>,
    /// How many values, G(0..count-1) (default 60).
    #[serde(default = "default_count")]
    pub count: u64,
}

fn default_count() -> u64 {
    60
}

/// `POST /api/sequence`: G(0..count-1) and, for subtraction games, the proven period.
pub async fn sequence(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<SequenceRequest>,
) -> ApiResult {
    let limits = app.limits.clone();
    if req.count > limits.max_count {
        return Err(ApiError::limit(
            "max_count",
            format!(
                "count {} is too large: at most {} values are given",
                req.count, limits.max_count
            ),
        ));
    }
    // Reuse the position checks for the sets.
    let spec = PositionSpec {
        game: req.game.clone(),
        heaps: Some(vec![]),
        set: req.set.clone(),
        except: req.except.clone(),
        code: req.code.clone(),
        terms: None,
        convention: Convention::Normal,
    };
    if !matches!(
        req.game.as_str(),
        "subtraction" | "all-but" | "octal" | "grundys-game"
    ) {
        return Err(ApiError::invalid(format!(
            "unknown sequence game {:?}: expected subtraction, all-but, octal or grundys-game",
            req.game
        )));
    }
    Position::parse(spec, &limits)?;
    app.compute.run(move || sequence_json(&req)).await.map(Json)
}

fn sequence_json(req: &SequenceRequest) -> Result<Value, ApiError> {
    let count = req.count;
    if matches!(req.game.as_str(), "octal" | "grundys-game") {
        return octal_sequence_json(req);
    }
    if let Some(set) = req.set.clone().filter(|_| req.game == "subtraction") {
        let game = SubtractionGame::new(set)?;
        let seq = game.sequence();
        let values: Option<Vec<u64>> = (0..count).map(|n| seq.value_at(n)).collect();
        let values = values.ok_or_else(|| {
            ApiError::limit(
                "engine",
                format!(
                    "no period was proven within {} values, so only those are known",
                    seq.values.len()
                ),
            )
        })?;
        let period = seq.period.map(|p| {
            json!({
                "preperiod": p.preperiod,
                "period": p.period,
                "checked": p.checked,
                "window": game.max_take(),
            })
        });
        return Ok(json!({
            "game": "subtraction",
            "title": format!("Subtraction game S = {}", braces(game.set())),
            "values": values,
            "period": period,
        }));
    }
    let except = req.except.clone().unwrap_or_default();
    let game = AllButGame::new(except)?;
    Ok(json!({
        "game": "all-but",
        "title": format!("All-but game, excluded {}", braces(game.excluded())),
        "values": game.values(count)?,
        "period": Value::Null,
    }))
}

/// Octal games and Grundy's game: values by the core's rare/common method; for octal games the
/// period proven by the Guy–Smith theorem, if one is found within the core's search limit.
fn octal_sequence_json(req: &SequenceRequest) -> Result<Value, ApiError> {
    let game = match req.game.as_str() {
        "grundys-game" => OctalGame::grundys_game(),
        _ => OctalGame::named(req.code.as_deref().unwrap_or_default())?,
    };
    let values = game.sequence(req.count)?.values;
    let period = game.period()?.map(|p| {
        json!({
            "preperiod": p.preperiod,
            "period": p.period,
            "checked": p.checked,
            "window": Value::Null,
        })
    });
    let title = if game.is_grundys_game() {
        "Grundy's game".to_string()
    } else {
        format!("octal game {game}")
    };
    Ok(json!({
        "game": req.game,
        "title": title,
        "values": values,
        "period": period,
    }))
}

fn braces(set: &[u64]) -> String {
    let items: Vec<String> = set.iter().map(u64::to_string).collect();
    format!("{{{}}}", items.join(","))
}

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

fn random_player() -> PlayerSpec {
    PlayerSpec(Player::Random)
}

fn default_games() -> u64 {
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
struct Tally {
    wins: [u64; 2],
    unfinished: u64,
    moves: u64,
}

fn play_games(
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
            if Instant::now() > deadline || grundy_core::cancel::is_cancelled() {
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

// ---- Wythoff ----------------------------------------------------------------------------------

/// A lone Wythoff position: who wins and how, from the closed form (any size), and its Grundy
/// value from the table when its coordinates are within `max_wythoff_table` (else `null`).
fn wythoff_analysis_json(position: &Position, (x, y): (u64, u64), limits: &Limits) -> Value {
    let e = wythoff_explanation((x, y), limits.max_wythoff_table);
    let moves: Vec<SumMove> = wythoff_winning_moves(x, y)
        .into_iter()
        .map(|m| SumMove {
            component: 0,
            from: Component::Wythoff { x, y },
            to: vec![Component::Wythoff {
                x: m.to.0,
                y: m.to.1,
            }],
        })
        .collect();
    json!({
        "position": position.spec,
        "convention": Convention::Normal,
        "components": position.sum.components,
        "values": e.value.map(|g| vec![g]),
        "nim_sum": e.value,
        "outcome": e.outcome,
        "winner": winner_text(e.outcome),
        "winning_move_count": moves.len(),
        "winning_moves": moves,
        "finished": (x, y) == (0, 0),
        "explanation": e.json,
    })
}

/// The reasoning on a lone Wythoff position, as data and text (`kind: "wythoff"`).
struct WythoffExplanation {
    outcome: Outcome,
    value: Option<u64>,
    json: Value,
}

/// How many P-positions the explanation lists from the start.
const LISTED_P_POSITIONS: u64 = 7;

fn wythoff_explanation((x, y): (u64, u64), max_table: u64) -> WythoffExplanation {
    let p = is_p_position(x, y);
    let outcome = if p { Outcome::P } else { Outcome::N };
    let value = if p {
        Some(0)
    } else if x.max(y) <= max_table {
        Component::Wythoff { x, y }.value().ok()
    } else {
        None
    };
    let d = x.abs_diff(y);
    // Every number here is below 2^64: d and the coordinates are at most 2^53, and the
    // P-positions' coordinates at most φ·2^53.
    let narrow = |v: u128| u64::try_from(v).unwrap_or(u64::MAX);
    let (a_d, b_d) = p_position(d);
    let (a_d, b_d) = (narrow(a_d), narrow(b_d));
    // The P-position on the queen's diagonal keeps the difference and its sign.
    let diagonal = if x <= y { (a_d, b_d) } else { (b_d, a_d) };
    let column = (x, narrow(partner(x)));
    let row = (narrow(partner(y)), y);
    let first: Vec<(u64, u64)> = (0..LISTED_P_POSITIONS)
        .map(|n| {
            let (a, b) = p_position(n);
            (narrow(a), narrow(b))
        })
        .collect();
    let moves = wythoff_winning_moves(x, y);
    let pair = |(a, b): (u64, u64)| format!("({a}, {b})");
    let mut text = vec![
        format!(
            "Wythoff's game: the queen at ({x}, {y}) moves left, down or diagonally down-left; \
             whoever moves it to (0, 0) wins."
        ),
        format!(
            "The P-positions (the player to move loses) are (a_n, b_n) and (b_n, a_n) with \
             a_n = floor(n·φ), b_n = a_n + n and φ = (1 + √5)/2: {}, …",
            first
                .iter()
                .copied()
                .map(pair)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "Every column, row and diagonal holds exactly one: column x = {x} has {}, row y = {y} \
             has {}, and the queen's diagonal (difference {d}) has {}.",
            pair(column),
            pair(row),
            pair(diagonal)
        ),
    ];
    if p {
        text.push(format!(
            "({x}, {y}) is itself a P-position (n = {d}): every move leaves an N-position, so the \
             player to move loses against best play."
        ));
    } else {
        let listed: Vec<String> = moves.iter().map(wythoff_move_text).collect();
        text.push(format!(
            "({x}, {y}) is an N-position: the player to move wins by moving the queen to a \
             P-position below or left of it: {}.",
            listed.join("; ")
        ));
    }
    text.push(match value {
        Some(g) => format!(
            "Its Grundy value is G({x}, {y}) = {g}: the mex of the values of the squares the \
             queen can reach (0 exactly at the P-positions)."
        ),
        None => format!(
            "Its Grundy value is not computed: G has no known closed form, and the table goes \
             only up to coordinate {max_table} (limit max_wythoff_table); P-positions and winning \
             moves above are exact at any size."
        ),
    });
    let text = text.join("\n");
    let json = json!({
        "kind": "wythoff",
        "queen": [x, y],
        "p_position": p,
        "value": value,
        "max_wythoff_table": max_table,
        "difference": d,
        "column_p": [column.0, column.1],
        "row_p": [row.0, row.1],
        "diagonal_p": [diagonal.0, diagonal.1],
        "first_p_positions": first.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>(),
        "moves": moves,
        "text": text,
    });
    WythoffExplanation {
        outcome,
        value,
        json,
    }
}

fn wythoff_move_text(m: &grundy_core::games::wythoff::WythoffMove<u64>) -> String {
    let (x, y) = m.to;
    let how = match m.kind {
        MoveKind::FromFirst => format!("left {}", m.taken),
        MoveKind::FromSecond => format!("down {}", m.taken),
        MoveKind::FromBoth => format!("diagonally {}", m.taken),
    };
    format!("({x}, {y}), {how}")
}

/// `POST /api/wythoff/table` request: the tile `x0..x0+width` × `y0..y0+height`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileRequest {
    /// The first column (x).
    pub x0: u64,
    /// The first row (y).
    pub y0: u64,
    /// How many columns.
    pub width: u64,
    /// How many rows.
    pub height: u64,
    /// Whether to compute the Grundy values (default true); without them only the P-positions
    /// are given, which works at any size.
    #[serde(default = "yes")]
    pub values: bool,
}

fn yes() -> bool {
    true
}

/// `POST /api/wythoff/table`: Grundy values `G(x, y)` of a tile of Wythoff's game
/// (`values[j][i] = G(x0 + i, y0 + j)`, so row `j` is `y = y0 + j`, as on a board with the
/// origin at the bottom left) and the P-positions in it.
pub async fn wythoff_table(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<TileRequest>,
) -> ApiResult {
    let limits = app.limits.clone();
    let (x1, y1) = check_tile(&req, &limits)?;
    let (x0, y0) = (req.x0, req.y0);
    let p_positions: Vec<[u64; 2]> = (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| [x, y]))
        .filter(|&[x, y]| is_p_position(x, y))
        .collect();
    let mut answer = json!({
        "x0": req.x0,
        "y0": req.y0,
        "width": req.width,
        "height": req.height,
        "values": Value::Null,
        "p_positions": p_positions,
        "max_wythoff_table": limits.max_wythoff_table,
    });
    if !req.values {
        return Ok(Json(answer));
    }
    if x1.max(y1) > limits.max_wythoff_table {
        return Err(ApiError::limit(
            "max_wythoff_table",
            format!(
                "the tile reaches ({x1}, {y1}): Grundy values are tabulated for coordinates up to {} \
                 (ask with \"values\": false for the P-positions alone, at any size)",
                limits.max_wythoff_table
            ),
        ));
    }
    let values = app
        .compute
        .run(move || {
            // The far corner first: the table is built once, large enough for every cell.
            Component::Wythoff { x: x1, y: y1 }.value()?;
            (y0..=y1)
                .map(|y| {
                    (x0..=x1)
                        .map(|x| Component::Wythoff { x, y }.value().map_err(ApiError::from))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .await?;
    answer["values"] = json!(values);
    Ok(Json(answer))
}

/// Checks a tile's size and position; gives its far corner `(x1, y1)`.
fn check_tile(req: &TileRequest, limits: &Limits) -> Result<(u64, u64), ApiError> {
    if req.width == 0 || req.height == 0 {
        return Err(ApiError::invalid(format!(
            "the tile is {}x{}: width and height must be at least 1",
            req.width, req.height
        )));
    }
    let cells = req.width.saturating_mul(req.height);
    if cells > limits.max_tile_cells {
        return Err(ApiError::limit(
            "max_tile_cells",
            format!(
                "the tile is {}x{} = {cells} cells: at most {} cells per request",
                req.width, req.height, limits.max_tile_cells
            ),
        ));
    }
    let far = |start: u64, len: u64, what: &str| {
        start
            .checked_add(len - 1)
            .filter(|&end| end <= limits.max_heap)
            .ok_or_else(|| {
                ApiError::limit(
                    "max_heap",
                    format!(
                        "{what} {start} + {len} goes beyond {}, the largest coordinate",
                        limits.max_heap_text()
                    ),
                )
            })
    };
    Ok((
        far(req.x0, req.width, "x0")?,
        far(req.y0, req.height, "y0")?,
    ))
}

//! `POST /api/move` and `POST /api/apply`: the computer's move, and a player's move checked.

use super::*;

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
            Player::Bouton => serializer.serialize_str("bouton"),
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
    /// Whether a position made only of boards and graphs played by search whose perfect move
    /// is refused at the server's limits gets a move played without its value (default false).
    #[serde(default)]
    pub partial: bool,
}

/// `POST /api/move`: the computer's move. A perfect move (always at `perfect`, with the
/// strength's odds otherwise) is the core's answer's computer move (`answer::player_move`): it
/// wins soonest, or loses slowest, where the tree is small enough to measure. With `partial`,
/// a board or graph whose perfect move is refused at `compute_time_ms` or
/// `compute_memory_mib` gets a random move instead (`answer::unvalued_move`), with `refused`
/// saying why: the page plays on where a human on the command line would allow more time.
pub async fn computer_move(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<MoveRequest>,
) -> ApiResult {
    let game = game::read(req.position, &app.limits)?;
    let seed = req.seed.unwrap_or_else(fresh_seed);
    let (player, limits, asked) = (req.player, app.limits.clone(), game.clone());
    match app
        .compute
        .run(move || asked.computer_move(player, seed, &limits))
        .await
    {
        Err(refusal) if req.partial => game
            .unvalued_move(player, seed, &refusal)
            .unwrap_or(Err(refusal)),
        answered => answered,
    }
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
/// two heaps for a split; the queen's square for Wythoff's game; the whole row for Moore's
/// Nim), or `{"typed": "..."}`, a move typed as in `grundy play` (`"3 2"`, `"1 to 3 4"`,
/// `"x 3"`), read by the position's rulesets. A move exactly as `/api/analyze`, `/api/hint`
/// and `/api/move` list it (`component`, `from`, `to` as components, `text`, `count`) is
/// accepted as it is: `from`, when given, must be the component now there; `text` and
/// `count` are descriptions and are not read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveSpec {
    /// Index of the component, from 0.
    pub component: Option<usize>,
    /// What it becomes: heaps as numbers, or components as the API lists them.
    pub to: Option<Vec<Value>>,
    /// The component before the move, as the API lists it (checked when given).
    pub from: Option<Value>,
    /// The move's label, as listed (not read).
    #[allow(dead_code)]
    pub text: Option<String>,
    /// How many equal moves a listed move stands for (not read).
    #[allow(dead_code)]
    pub count: Option<u64>,
    /// A typed move, instead of `component` and `to`.
    pub typed: Option<String>,
    /// The move's place (from 0) in the list `POST /api/moves` gives, instead of the others:
    /// how the page plays games whose positions are not heaps (Cram boards, graphs).
    pub index: Option<usize>,
}

/// `POST /api/apply`: checks a player's move and gives the position after it.
///
/// A well-formed but illegal move is a 200 with `"legal": false` and the reason.
pub async fn apply(State(app): State<AppState>, ApiJson(req): ApiJson<ApplyRequest>) -> ApiResult {
    let game = game::read(req.position, &app.limits)?;
    let limits = app.limits.clone();
    app.compute.run(move || game.apply(&req.mv, &limits)).await
}

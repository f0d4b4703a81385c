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

pub(super) fn move_json(
    position: &Position,
    m: Option<SumMove>,
    player: PlayerSpec,
    seed: u64,
) -> Value {
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
pub(super) fn fresh_seed() -> u64 {
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
pub(super) fn legal_move(sum: &Sum, mv: &MoveSpec) -> Result<Result<SumMove, String>, ApiError> {
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

/// The queen's move from `(x, y)` to `to` (`[x', y']`), or why it is illegal (the core's
/// [`queen_move`] decides, at any size).
pub(super) fn wythoff_move(x: u64, y: u64, to: &[u64]) -> Result<Component, String> {
    let &[x2, y2] = to else {
        return Err(format!(
            "a Wythoff move gives the queen's new square [x, y], 2 numbers, not {}",
            to.len()
        ));
    };
    queen_move((x, y), (x2, y2))
        .map(|m| Component::Wythoff {
            x: m.to.0,
            y: m.to.1,
        })
        .map_err(|e| e.to_string())
}

/// Refuses positions with a component too large for its options to be listed.
pub(super) fn check_listable(sum: &Sum, who: &str) -> Result<(), ApiError> {
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

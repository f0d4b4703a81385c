//! `POST /api/move` and `POST /api/apply`: the computer's move, and a player's move checked.

use grundy_core::strategy::move_values::MAX_VALUED_MOVES;
use grundy_core::tree_size::estimate;

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
    if loopy::is_loopy(&req.position) {
        return loopy::best(app, req.position).await;
    }
    let seed = req.seed.unwrap_or_else(fresh_seed);
    let player = req.player;
    if let Some(terms) = big::big_terms(&req.position, &app.limits)? {
        let limits = app.limits.clone();
        return app
            .compute
            .run(move || big::computer_move(&terms, &req.position, player, seed, &limits))
            .await;
    }
    let position = Position::parse(req.position, &app.limits)?;
    if matches!(player.0, Player::Bouton) && !position.is_cheap() {
        // The bouton player's losing move lists every option of a component.
        check_listable(&position.sum, "the bouton player")?;
    }
    let limits = app.limits.clone();
    app.compute
        .run(move || {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let budget = question_budget(&limits);
            let answered = within_question_budget(&limits, || {
                player_move(
                    &position.sum,
                    position.convention(),
                    player.0,
                    budget,
                    &mut rng,
                )
            });
            let refusal = match answered {
                Ok(m) => return Ok(wire(move_json(&position, m, player, seed))),
                Err(refusal) => refusal,
            };
            let unvalued = req.partial && refusal.refuses_the_value();
            match unvalued
                .then(|| unvalued_move(&position.sum, &mut rng))
                .flatten()
            {
                Some(m) => {
                    let mut answer = move_json(&position, Some(m), player, seed);
                    answer.refused = Some(refusal.error);
                    Ok(wire(answer))
                }
                None => Err(refusal),
            }
        })
        .await
}

pub(super) fn move_json(
    position: &Position,
    m: Option<SumMove>,
    player: PlayerSpec,
    seed: u64,
) -> ComputerMove<SumMove, PositionSpec, PlayerSpec> {
    let after = m.as_ref().map(|m| position.sum.after(m));
    ComputerMove {
        index: m.as_ref().and_then(|m| listed_index(&position.sum, m)),
        position: after.as_ref().map(|s| spec_of(&position.spec, s)),
        finished: after.as_ref().map_or(true, Sum::is_terminal),
        mv: m,
        player,
        seed,
        refused: None,
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
    if loopy::is_loopy(&req.position) {
        return loopy::apply(app, req.position, req.mv).await;
    }
    if let Some(terms) = big::big_terms(&req.position, &app.limits)? {
        let limits = app.limits.clone();
        return app
            .compute
            .run(move || big::apply(&terms, &req.position, &req.mv, &limits))
            .await;
    }
    let position = Position::parse(req.position, &app.limits)?;
    let mv = req.mv;
    app.compute
        .run(move || {
            Ok(wire(Legality::of(legal_move(&position.sum, &mv)?, |m| {
                let after = position.sum.after(&m);
                Legality::legal(
                    listed_index(&position.sum, &m),
                    m,
                    spec_of(&position.spec, &after),
                    Some(after.is_terminal()),
                )
            })))
        })
        .await
}

/// The core's move matching `mv`, or why there is none: the component's ruleset reads the move
/// as the typed move `to ...` (so its reasons are the ones `grundy play` gives), at any size.
pub(super) fn legal_move(sum: &Sum, mv: &MoveSpec) -> Result<Result<SumMove, String>, ApiError> {
    let (component, to) = match (mv.component, &mv.to, &mv.typed, mv.index) {
        (None, None, Some(text), None) => {
            return Ok(MoveParser::for_position(sum)
                .parse(text, sum)
                .map_err(|e| e.to_string()))
        }
        (None, None, None, Some(index)) => return listed_move(sum, index),
        (Some(component), Some(to), None, None) => (component, to.as_slice()),
        _ => {
            return Err(ApiError::invalid(
                "move: expected {\"component\": N, \"to\": [...]}, {\"typed\": \"3 2\"} or {\"index\": N}",
            ))
        }
    };
    let Some(from) = sum.components.get(component) else {
        let n = sum.components.len();
        return Ok(Err(format!(
            "there is no heap {}: the position has {n} heap{}, numbered from 1",
            component + 1,
            if n == 1 { "" } else { "s" }
        )));
    };
    if let Some(given) = &mv.from {
        if serde_json::to_value(from).ok().as_ref() != Some(given) {
            return Ok(Err(format!(
                "{} {} is {from}, not {given}: the move was listed for another position",
                from.noun(),
                component + 1
            )));
        }
    }
    let to = match heaps_of(to) {
        Some(heaps) => heaps,
        None => return Ok(listed_option(component, from, to)),
    };
    // `[]` (the component vanishes) is typed `to 0`.
    let numbers: Vec<String> = if to.is_empty() {
        vec!["0".into()]
    } else {
        to.iter().map(u64::to_string).collect()
    };
    let words: Vec<&str> = std::iter::once("to")
        .chain(numbers.iter().map(String::as_str))
        .collect();
    let context = MoveContext {
        index: component,
        numbered: true,
        alone: sum.is_one_ruleset(),
    };
    Ok(match from.parse_move(&words, context) {
        Some(Ok(parts)) => Ok(SumMove::new(component, from, parts)),
        Some(Err(e)) => Err(e.to_string()),
        None => Err(format!(
            "{} ({from}) cannot become {:?}: its moves are written {}",
            from.ruleset_name(),
            to,
            from.move_examples(true)
        )),
    })
}

/// The heaps a move's `to` names: numbers as they are, components as the API lists them
/// (`{"ruleset": "nim", "heap": 4}`, `{"heaps": [x, y]}`) by their heaps; `None` when a part
/// is a position written otherwise (a board, a graph, a picture).
pub(super) fn heaps_of(to: &[Value]) -> Option<Vec<u64>> {
    // A heap is a number or a string of digits (as heaps beyond 2^53 - 1 are written).
    heaps_read_by(to, |v| match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => grundy_core::kernel::parse_whole(s).ok(),
        _ => None,
    })
}

/// The heaps of `to` (numbers, strings or components listed by their heaps, as [`heaps_of`]
/// reads them), each read by `number`: `u64` here, any size in `big`.
pub(super) fn heaps_read_by<T>(
    to: &[Value],
    number: impl Fn(&Value) -> Option<T>,
) -> Option<Vec<T>> {
    let mut heaps = Vec::new();
    for part in to {
        match part {
            Value::Number(_) | Value::String(_) => heaps.push(number(part)?),
            Value::Object(fields) => match (fields.get("heap"), fields.get("heaps")) {
                (Some(h), None) => heaps.push(number(h)?),
                (None, Some(Value::Array(list))) => {
                    for h in list {
                        heaps.push(number(h)?);
                    }
                }
                _ => return None,
            },
            _ => return None,
        }
    }
    Some(heaps)
}

/// The move of component `component` (`from`) to the components `to` as the API lists them,
/// found among its options (positions written as text are small: boards, graphs, pictures).
fn listed_option(component: usize, from: &Component, to: &[Value]) -> Result<SumMove, String> {
    let wanted = Value::Array(to.to_vec());
    if from.tokens() <= MAX_LISTED_OPTIONS {
        let listed = |o: &Vec<Component>| serde_json::to_value(o).is_ok_and(|o| o == wanted);
        if let Some(parts) = from.options().into_iter().find(listed) {
            return Ok(SumMove::new(component, from, parts));
        }
    }
    Err(format!(
        "{} {} ({from}) cannot become {wanted}: its moves are written {}",
        from.noun(),
        component + 1,
        from.move_examples(true)
    ))
}

/// The largest component (in tokens) whose options are searched for a move listed as
/// components rather than heaps.
const MAX_LISTED_OPTIONS: u64 = 100_000;

/// The move at `index` in the order of `POST /api/moves` (the core's [`Sum::moves`]), listed
/// only for positions `/api/moves` values (at most [`MAX_VALUED_MOVES`] moves).
fn listed_move(sum: &Sum, index: usize) -> Result<Result<SumMove, String>, ApiError> {
    let bound = estimate(sum, 1).options;
    if bound > MAX_VALUED_MOVES {
        return Err(ApiError::limit(
            "engine",
            format!(
                "move.index: moves are listed only for positions of at most {MAX_VALUED_MOVES} moves, and this one has up to {bound}"
            ),
        ));
    }
    let moves = sum.moves()?;
    let n = moves.len();
    Ok(moves.into_iter().nth(index).ok_or_else(|| {
        format!(
            "there is no move {}: the position has {n} move{}, numbered from 1",
            index + 1,
            if n == 1 { "" } else { "s" }
        )
    }))
}

/// The most moves a position may have for `/api/move` and `/api/apply` to give a move's place
/// among them (`index`): listing them copies every option, and a Green Hackenbush stalk of 4,900
/// edges took 0.4 s to list (1,000 edges: a few milliseconds). Beyond, `index` is null.
const MAX_INDEXED_MOVES: u64 = 1_000;

/// The place of `m` among the moves of `sum` in the order of `POST /api/moves`, as
/// `move: {index}` names it, for positions of at most [`MAX_INDEXED_MOVES`] moves: the page
/// plays a board's move by it without valuing every option of the board first (`/api/moves`
/// on Cram 6 × 7 takes longer than the server allows).
fn listed_index(sum: &Sum, m: &SumMove) -> Option<usize> {
    if estimate(sum, 1).options > MAX_INDEXED_MOVES {
        return None;
    }
    sum.moves().ok()?.iter().position(|listed| listed == m)
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

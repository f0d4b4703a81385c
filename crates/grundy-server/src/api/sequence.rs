//! `POST /api/sequence`: Grundy sequences and their proven periods.

use super::*;

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

pub(super) fn default_count() -> u64 {
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
    let mut params = std::collections::BTreeMap::new();
    if let Some(set) = &req.set {
        params.insert("set".to_string(), json!(set));
    }
    if let Some(except) = &req.except {
        params.insert("except".to_string(), json!(except));
    }
    if let Some(code) = &req.code {
        params.insert("code".to_string(), json!(code));
    }
    let spec = PositionSpec {
        game: req.game.clone(),
        heaps: Some(vec![0]),
        terms: None,
        convention: Convention::Normal,
        params,
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

pub(super) fn sequence_json(req: &SequenceRequest) -> Result<Value, ApiError> {
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
pub(super) fn octal_sequence_json(req: &SequenceRequest) -> Result<Value, ApiError> {
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

pub(super) fn braces(set: &[u64]) -> String {
    let items: Vec<String> = set.iter().map(u64::to_string).collect();
    format!("{{{}}}", items.join(","))
}

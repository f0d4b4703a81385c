//! Wythoff's game: the lone-queen analysis and `POST /api/wythoff/table`.

use super::*;

/// A lone Wythoff position: who wins and how, from the closed form (any size), and its Grundy
/// value from the table when its coordinates are within `max_wythoff_table` (else `null`).
pub(super) fn wythoff_analysis_json(
    position: &Position,
    (x, y): (u64, u64),
    limits: &Limits,
) -> Value {
    let e = wythoff_explanation((x, y), limits.max_wythoff_table);
    let moves: Vec<SumMove> = wythoff_winning_moves(x, y)
        .into_iter()
        .map(|m| SumMove {
            component: 0,
            from: Component::wythoff(x, y),
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
pub(super) struct WythoffExplanation {
    pub(super) outcome: Outcome,
    pub(super) value: Option<u64>,
    pub(super) json: Value,
}

/// How many P-positions the explanation lists from the start.
pub(super) const LISTED_P_POSITIONS: u64 = 7;

pub(super) fn wythoff_explanation((x, y): (u64, u64), max_table: u64) -> WythoffExplanation {
    let p = is_p_position(x, y);
    let outcome = if p { Outcome::P } else { Outcome::N };
    let value = if p {
        Some(0)
    } else if x.max(y) <= max_table {
        Component::wythoff(x, y).value().ok()
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

pub(super) fn wythoff_move_text(m: &grundy_core::games::wythoff::WythoffMove<u64>) -> String {
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

pub(super) fn yes() -> bool {
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
            Component::wythoff(x1, y1).value()?;
            (y0..=y1)
                .map(|y| {
                    (x0..=x1)
                        .map(|x| Component::wythoff(x, y).value().map_err(ApiError::from))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .await?;
    answer["values"] = json!(values);
    Ok(Json(answer))
}

/// Checks a tile's size and position; gives its far corner `(x1, y1)`.
pub(super) fn check_tile(req: &TileRequest, limits: &Limits) -> Result<(u64, u64), ApiError> {
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

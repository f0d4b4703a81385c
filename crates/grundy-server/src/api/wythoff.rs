//! `POST /api/wythoff/table`: a tile of Wythoff's Grundy values and its P-positions.

use super::*;
use grundy_core::games::wythoff::Wythoff;

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
    let mut answer = WythoffTile::p_positions_only(x0, y0, req.width, req.height);
    answer.max_wythoff_table = Some(limits.max_wythoff_table);
    if !req.values {
        return Ok(wire(answer));
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
            Wythoff::component(x1, y1).value()?;
            (y0..=y1)
                .map(|y| {
                    (x0..=x1)
                        .map(|x| Wythoff::component(x, y).value().map_err(ApiError::from))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .await?;
    answer.values = Some(values);
    Ok(wire(answer))
}

/// Checks a tile's size and position; gives its far corner `(x1, y1)`.
pub(super) fn check_tile(req: &TileRequest, limits: &Limits) -> Result<(u64, u64), ApiError> {
    if req.width == 0 || req.height == 0 {
        return Err(ApiError::invalid(format!(
            "the tile is {}x{}: width and height must be at least 1",
            req.width, req.height
        )));
    }
    // In u128 the product is exact: a capped one would be printed as if it were.
    let cells = u128::from(req.width) * u128::from(req.height);
    if cells > u128::from(limits.max_tile_cells) {
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
                        "{what}: {start} + {len} goes beyond {}, the largest coordinate",
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

//! Wythoff's game: its P-positions and tiles of its Sprague–Grundy table, one shape for the
//! command line (`grundy wythoff`) and the API (`POST /api/wythoff/table`).

use num_bigint::BigUint;
use serde::Serialize;

use crate::games::wythoff::beatty::{is_p_position, p_position_big};
use crate::games::wythoff::table::{SgTable, PUBLISHED_MISPRINTS};
use crate::kernel::error::Result;
use crate::report::JsonCount;

/// The first `count` P-positions `(a_n, b_n)` by one construction.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WythoffPPositions {
    /// Always `wythoff`.
    pub game: &'static str,
    /// The construction that listed them: `beatty`, `mex` or `word`.
    pub method: &'static str,
    pub count: usize,
    pub p_positions: Vec<PPosition>,
    /// Whether the three constructions agree on all of them; `null` when not checked.
    pub constructions_agree: Option<bool>,
}

/// The `n`-th P-position `(a, b)`, `a <= b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PPosition {
    pub n: usize,
    pub a: u64,
    pub b: u64,
}

impl WythoffPPositions {
    /// The listing of `pairs` (the first P-positions in order) made by `method`.
    pub fn new(method: &'static str, pairs: &[(u64, u64)], agree: Option<bool>) -> Self {
        WythoffPPositions {
            game: "wythoff",
            method,
            count: pairs.len(),
            p_positions: pairs
                .iter()
                .enumerate()
                .map(|(n, &(a, b))| PPosition { n, a, b })
                .collect(),
            constructions_agree: agree,
        }
    }
}

/// The `n`-th P-position for `n` of any size (numbers beyond 2^53 - 1 as decimal strings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WythoffNth {
    pub n: BigUint,
    pub a: BigUint,
    pub b: BigUint,
}

impl WythoffNth {
    /// `(a_n, b_n)` by Beatty's formula with exact square roots.
    pub fn of(n: &BigUint) -> WythoffNth {
        let (a, b) = p_position_big(n);
        WythoffNth { n: n.clone(), a, b }
    }
}

impl Serialize for WythoffNth {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shape<'a> {
            game: &'static str,
            n: JsonCount<'a>,
            a: JsonCount<'a>,
            b: JsonCount<'a>,
        }
        Shape {
            game: "wythoff",
            n: JsonCount(&self.n),
            a: JsonCount(&self.a),
            b: JsonCount(&self.b),
        }
        .serialize(s)
    }
}

/// A tile `x0..x0+width` × `y0..y0+height` of Wythoff's Sprague–Grundy table:
/// `values[j][i] = G(x0 + i, y0 + j)` (row `j` is `y = y0 + j`, the origin at the bottom
/// left), the P-positions in it as `[x, y]` row by row, and the cells of the table published
/// by Ibrahim, Haryanto and Amir that are misprinted there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct WythoffTile {
    /// Always `wythoff`.
    pub game: &'static str,
    pub x0: u64,
    pub y0: u64,
    pub width: u64,
    pub height: u64,
    /// The values; `null` when only the P-positions were asked for (they take no table).
    pub values: Option<Vec<Vec<u64>>>,
    pub p_positions: Vec<[u64; 2]>,
    pub published_misprints: Vec<Misprint>,
    /// The largest coordinate whose value the asker tabulates (the API's limit); left out
    /// where the asker has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_wythoff_table: Option<u64>,
}

/// A cell of the published table that is misprinted: what was printed and the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Misprint {
    pub x: u64,
    pub y: u64,
    pub printed: u16,
    #[serde(rename = "true")]
    pub truth: u16,
}

impl WythoffTile {
    /// The tile's P-positions (by Beatty's theorem, at any size), without its values. The
    /// caller has bounded the tile: it lists every cell's coordinates once.
    pub fn p_positions_only(x0: u64, y0: u64, width: u64, height: u64) -> WythoffTile {
        let (x1, y1) = (x0 + width.saturating_sub(1), y0 + height.saturating_sub(1));
        let inside = |x: u64, y: u64| (x0..=x1).contains(&x) && (y0..=y1).contains(&y);
        WythoffTile {
            game: "wythoff",
            x0,
            y0,
            width,
            height,
            values: None,
            p_positions: (y0..=y1)
                .flat_map(|y| (x0..=x1).map(move |x| [x, y]))
                .filter(|&[x, y]| width > 0 && height > 0 && is_p_position(x, y))
                .collect(),
            published_misprints: PUBLISHED_MISPRINTS
                .iter()
                .filter(|&&(x, y, _, _)| inside(x as u64, y as u64))
                .map(|&(x, y, printed, truth)| Misprint {
                    x: x as u64,
                    y: y as u64,
                    printed,
                    truth,
                })
                .collect(),
            max_wythoff_table: None,
        }
    }

    /// The square tile of side `side` at the origin, with its values (by the mex rule, in
    /// a table of `side²` cells: the caller bounds `side`).
    pub fn square(side: usize) -> Result<WythoffTile> {
        let table = SgTable::square(side)?;
        let side64 = side as u64;
        let mut tile = WythoffTile::p_positions_only(0, 0, side64, side64);
        tile.values = Some(
            (0..side)
                .map(|y| {
                    (0..side)
                        .map(|x| u64::from(table.get(x, y).unwrap_or(0)))
                        .collect()
                })
                .collect(),
        );
        Ok(tile)
    }
}

/// [`WythoffNth`]'s shape as the schema gives it.
#[derive(schemars::JsonSchema)]
#[allow(dead_code)]
struct WythoffNthShape {
    game: String,
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    n: (),
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    a: (),
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    b: (),
}

impl schemars::JsonSchema for WythoffNth {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "WythoffNth".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        WythoffNthShape::json_schema(generator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_tile_marks_its_p_positions_where_its_values_are_zero() {
        let tile = WythoffTile::square(13).unwrap();
        let values = tile.values.as_ref().unwrap();
        let zeros: Vec<[u64; 2]> = (0..13u64)
            .flat_map(|y| (0..13u64).map(move |x| [x, y]))
            .filter(|&[x, y]| values[y as usize][x as usize] == 0)
            .collect();
        assert_eq!(tile.p_positions, zeros);
        // (1, 2) and (2, 1) are the first P-positions after (0, 0) (Wythoff 1907).
        assert_eq!(&tile.p_positions[..3], &[[0, 0], [2, 1], [1, 2]]);
        // The three misprints of the published table lie within 13 × 13; none within 10.
        assert_eq!(tile.published_misprints.len(), 3);
        assert!(WythoffTile::square(10)
            .unwrap()
            .published_misprints
            .is_empty());
    }

    #[test]
    fn a_tile_far_out_has_p_positions_without_values() {
        let tile = WythoffTile::p_positions_only(1_000_000, 1_618_000, 10, 10);
        assert!(tile.values.is_none());
        for &[x, y] in &tile.p_positions {
            assert!(is_p_position(x, y));
        }
        let json = serde_json::to_value(&tile).unwrap();
        assert!(json.get("max_wythoff_table").is_none());
        assert!(json["values"].is_null());
    }

    #[test]
    fn the_nth_p_position_writes_large_numbers_as_strings() {
        let n = BigUint::from(10u32).pow(30);
        let json = serde_json::to_value(WythoffNth::of(&n)).unwrap();
        assert_eq!(json["n"], serde_json::Value::String(n.to_string()));
        assert_eq!(json["game"], "wythoff");
        let small = serde_json::to_string(&WythoffNth::of(&BigUint::from(1u32))).unwrap();
        assert_eq!(small, r#"{"game":"wythoff","n":1,"a":1,"b":2}"#);
    }
}

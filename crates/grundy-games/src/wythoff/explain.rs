//! Why a lone Wythoff position is won or lost, as data and as text a student can follow.
//!
//! The argument uses the closed form only, so it holds for heaps of any `u64` size: the
//! P-positions are `(a_n, b_n)` and `(b_n, a_n)` with `a_n = ⌊nφ⌋`, `b_n = a_n + n`, and each
//! column, row and diagonal of the board holds exactly one of them. A queen off the P-positions
//! wins by moving onto one of the (at most three) on her lines below-left of her. The Grundy
//! value, which has no known closed form, is added where the table reaches.
//!
//! ```
//! use grundy_games::wythoff::WythoffExplanation;
//! let e = WythoffExplanation::new(10, 7, 100).unwrap();
//! assert!(!e.p_position);
//! assert_eq!(e.value, Some(15));
//! assert_eq!(e.row_p, (4, 7));
//! assert!(e.to_text().contains("(7, 4), diagonally 3"));
//! ```

use serde::Serialize;

use super::beatty::{is_p_position, p_position, partner};
use super::table::MAX_TABLE_SIDE;
use super::{winning_moves, Wythoff, WythoffMove};
use crate::kernel::error::Result;
use crate::kernel::nim_heap::ExactNumber;
use crate::kernel::Ruleset;
use crate::nimber::Nimber;
use crate::sum::Outcome;

/// How many P-positions the explanation lists from the start (`n = 0, 1, …`).
pub const LISTED_P_POSITIONS: u64 = 7;

/// The reasoning on a lone Wythoff position `(x, y)` under normal play.
///
/// Coordinates of P-positions are `u128`: a heap's partner can be up to `φ` times the heap,
/// beyond `u64` for the largest heaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct WythoffExplanation {
    /// The queen's square `(x, y)`: the two heaps.
    #[serde(serialize_with = "crate::kernel::nim_heap::serialize_exact_pair")]
    #[schemars(with = "(ExactNumber, ExactNumber)")]
    pub queen: (u64, u64),
    /// Whether `(x, y)` is a P-position (the player to move loses).
    pub p_position: bool,
    /// `G(x, y)`: 0 at a P-position, otherwise from the table when both heaps are at most
    /// `max_wythoff_table`, else `None`.
    pub value: Option<Nimber>,
    /// The largest heap whose Grundy value was looked up (the caller's bound, at most
    /// `MAX_TABLE_SIDE − 1`).
    pub max_wythoff_table: u64,
    /// `|x − y|`: the queen's diagonal, and the index `n` of its P-position.
    #[serde(serialize_with = "crate::kernel::nim_heap::serialize_exact_u64")]
    #[schemars(with = "ExactNumber")]
    pub difference: u64,
    /// The P-position in the queen's column: `(x, partner(x))`.
    #[serde(serialize_with = "crate::kernel::nim_heap::serialize_exact_pair")]
    #[schemars(with = "(ExactNumber, ExactNumber)")]
    pub column_p: (u128, u128),
    /// The P-position in the queen's row: `(partner(y), y)`.
    #[serde(serialize_with = "crate::kernel::nim_heap::serialize_exact_pair")]
    #[schemars(with = "(ExactNumber, ExactNumber)")]
    pub row_p: (u128, u128),
    /// The P-position on the queen's diagonal, with the same difference and sign as `(x, y)`.
    #[serde(serialize_with = "crate::kernel::nim_heap::serialize_exact_pair")]
    #[schemars(with = "(ExactNumber, ExactNumber)")]
    pub diagonal_p: (u128, u128),
    /// `(a_n, b_n)` for `n < LISTED_P_POSITIONS`.
    pub first_p_positions: Vec<(u64, u64)>,
    /// The winning moves: the P-positions above that the queen reaches (none from a
    /// P-position), in the order first heap, second heap, both.
    #[serde(serialize_with = "exact_moves")]
    #[schemars(with = "Vec<WythoffMove<ExactNumber>>")]
    pub moves: Vec<WythoffMove<u64>>,
}

/// The moves with their numbers beyond 2^53 - 1 as decimal strings.
fn exact_moves<S: serde::Serializer>(
    moves: &[WythoffMove<u64>],
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    use crate::kernel::nim_heap::ExactU64;
    s.collect_seq(moves.iter().map(|m| m.clone().map(ExactU64)))
}

/// The report carries it as any ruleset's reasoning (its JSON `kind` is the family's name,
/// `wythoff`, whose [`crate::family::Family::reasoning`] gives its schema).
impl crate::kernel::reasoning::PositionReasoning for WythoffExplanation {
    fn kind(&self) -> &'static str {
        super::FAMILY.name
    }

    fn to_text(&self) -> String {
        WythoffExplanation::to_text(self)
    }
}

impl WythoffExplanation {
    /// The explanation of `(x, y)`, with its Grundy value when both heaps are at most
    /// `max_table` (which is lowered to `MAX_TABLE_SIDE − 1`, the table's own limit). Fails
    /// only if the table cannot be computed.
    pub fn new(x: u64, y: u64, max_table: u64) -> Result<Self> {
        let max_table = max_table.min(MAX_TABLE_SIDE as u64 - 1);
        let p = is_p_position(x, y);
        let value = if p {
            Some(0)
        } else if x.max(y) <= max_table {
            Some(Wythoff::shared().grundy(&(x, y))?)
        } else {
            None
        };
        let d = x.abs_diff(y);
        let (a_d, b_d) = p_position(d);
        Ok(WythoffExplanation {
            queen: (x, y),
            p_position: p,
            value,
            max_wythoff_table: max_table,
            difference: d,
            column_p: (x.into(), partner(x)),
            row_p: (partner(y), y.into()),
            diagonal_p: if x <= y { (a_d, b_d) } else { (b_d, a_d) },
            first_p_positions: (0..LISTED_P_POSITIONS)
                .map(|n| {
                    let (a, b) = p_position(n);
                    // The first few P-positions are small.
                    (a as u64, b as u64)
                })
                .collect(),
            moves: winning_moves(x, y),
        })
    }

    /// P when the player to move loses, N when they win.
    pub fn outcome(&self) -> Outcome {
        if self.p_position {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The reasoning in a few sentences, one per line.
    pub fn to_text(&self) -> String {
        let (x, y) = self.queen;
        let d = self.difference;
        let first: Vec<String> = self
            .first_p_positions
            .iter()
            .map(|&(a, b)| pair((a.into(), b.into())))
            .collect();
        let mut text = vec![
            format!(
                "Wythoff's game: the queen at ({x}, {y}) moves left, down or diagonally \
                 down-left; whoever moves it to (0, 0) wins."
            ),
            format!(
                "The P-positions (the player to move loses) are (a_n, b_n) and (b_n, a_n) with \
                 a_n = floor(n·φ), b_n = a_n + n and φ = (1 + √5)/2: {}, …",
                first.join(", ")
            ),
            format!(
                "Every column, row and diagonal holds exactly one: column x = {x} has {}, row \
                 y = {y} has {}, and the queen's diagonal (difference {d}) has {}.",
                pair(self.column_p),
                pair(self.row_p),
                pair(self.diagonal_p)
            ),
        ];
        if self.p_position {
            text.push(format!(
                "({x}, {y}) is itself a P-position (n = {d}): every move leaves an N-position, \
                 so the player to move loses against best play."
            ));
        } else {
            let listed: Vec<String> = self.moves.iter().map(WythoffMove::queen_text).collect();
            text.push(format!(
                "({x}, {y}) is an N-position: the player to move wins by moving the queen to a \
                 P-position below or left of it: {}.",
                listed.join("; ")
            ));
        }
        text.push(match self.value {
            Some(g) => format!(
                "Its Grundy value is G({x}, {y}) = {g}: the mex of the values of the squares \
                 the queen can reach (0 exactly at the P-positions)."
            ),
            None => format!(
                "Its Grundy value is not computed: G has no known closed form, and the table \
                 goes only up to coordinate {} (limit max_wythoff_table); P-positions and \
                 winning moves above are exact at any size.",
                self.max_wythoff_table
            ),
        });
        text.join("\n")
    }
}

fn pair((a, b): (u128, u128)) -> String {
    format!("({a}, {b})")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wythoff::beatty::{p_position_big, partner_big};
    use crate::wythoff::table::naive_table;
    use crate::wythoff::{all_moves, MoveKind};
    use num_bigint::BigUint;

    const SIDE: usize = 40;

    /// Every board below 40 × 40 against the naive table: the outcome, the value, the three
    /// P-positions on the queen's lines and the winning moves are exactly what the table says.
    #[test]
    fn small_boards_agree_with_the_table() {
        let g = naive_table(SIDE);
        let n = SIDE as u64;
        // The first P-positions are the table's zeros with x <= y, in order.
        let zeros: Vec<(u64, u64)> = (0..n)
            .flat_map(|x| (x..n).map(move |y| (x, y)))
            .filter(|&(x, y)| g[x as usize][y as usize] == 0)
            .take(LISTED_P_POSITIONS as usize)
            .collect();
        for x in 0..n {
            for y in 0..n {
                let e = WythoffExplanation::new(x, y, n).unwrap();
                let value = g[x as usize][y as usize];
                assert_eq!(e.p_position, value == 0, "({x}, {y})");
                assert_eq!(e.value, Some(Nimber::from(value)), "({x}, {y})");
                assert_eq!(e.outcome() == Outcome::P, value == 0);
                assert_eq!(e.first_p_positions, zeros);
                assert_eq!(e.difference, x.abs_diff(y));
                // Each line's P-position: on the line, and a zero of the table where it lies
                // inside it.
                let zero = |(a, b): (u128, u128)| {
                    a >= n as u128 || b >= n as u128 || g[a as usize][b as usize] == 0
                };
                let (c, r, dg) = (e.column_p, e.row_p, e.diagonal_p);
                assert!(c.0 == x.into() && zero(c), "column of ({x}, {y}): {c:?}");
                assert!(r.1 == y.into() && zero(r), "row of ({x}, {y}): {r:?}");
                assert_eq!(
                    dg.1 as i128 - dg.0 as i128,
                    y as i128 - x as i128,
                    "diagonal of ({x}, {y})"
                );
                assert!(zero(dg), "diagonal of ({x}, {y}): {dg:?}");
                // The winning moves are exactly the options of value 0.
                let winning: Vec<WythoffMove<u64>> = all_moves(x, y)
                    .filter(|m| g[m.to.0 as usize][m.to.1 as usize] == 0)
                    .collect();
                let mut moves = e.moves.clone();
                moves.sort_by_key(|m| (m.kind, m.taken));
                assert_eq!(moves, winning, "({x}, {y})");
            }
        }
    }

    /// The value is given up to `max_table` inclusive and not beyond; the text says which.
    #[test]
    fn value_only_where_the_table_reaches() {
        let (x, y) = (10, 7);
        let at = WythoffExplanation::new(x, y, 10).unwrap();
        assert_eq!(at.value, Some(15));
        assert!(at.to_text().contains("G(10, 7) = 15"));
        let below = WythoffExplanation::new(x, y, 9).unwrap();
        assert_eq!(below.value, None);
        assert!(below
            .to_text()
            .contains("the table goes only up to coordinate 9"));
        // P-positions have value 0 at any size.
        assert_eq!(WythoffExplanation::new(13, 8, 0).unwrap().value, Some(0));
        // The bound is the table's own at most.
        let far = WythoffExplanation::new(MAX_TABLE_SIDE as u64, 1, u64::MAX).unwrap();
        assert_eq!(far.value, None);
        assert_eq!(far.max_wythoff_table, MAX_TABLE_SIDE as u64 - 1);
        let edge = MAX_TABLE_SIDE as u64 - 1;
        let last = WythoffExplanation::new(edge, 3, u64::MAX).unwrap();
        let by_table = Wythoff::shared().grundy(&(edge, 3)).unwrap();
        assert_eq!(last.value, Some(by_table));
    }

    /// At the top of `u64` every number is exact (checked against big integers).
    #[test]
    fn the_largest_heaps() {
        for (x, y) in [(u64::MAX, u64::MAX - 1), (u64::MAX, 0), (1, u64::MAX)] {
            let e = WythoffExplanation::new(x, y, 0).unwrap();
            let big = |v: u128| BigUint::from(v);
            assert_eq!(big(e.column_p.1), partner_big(&BigUint::from(x)));
            assert_eq!(big(e.row_p.0), partner_big(&BigUint::from(y)));
            let (a, b) = p_position_big(&BigUint::from(x.abs_diff(y)));
            let mut diagonal = [big(e.diagonal_p.0), big(e.diagonal_p.1)];
            diagonal.sort();
            assert_eq!(diagonal, [a, b]);
            assert_eq!(e.p_position, e.moves.is_empty());
            assert!(e.to_text().contains("not computed"));
        }
    }

    #[test]
    fn the_text_follows_the_argument() {
        let e = WythoffExplanation::new(10, 7, 100).unwrap();
        let text = e.to_text();
        assert_eq!(text.lines().count(), 5);
        assert!(text.contains("(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), …"));
        assert!(text.contains("column x = 10 has (10, 6), row y = 7 has (4, 7)"));
        assert!(text.contains("diagonal (difference 3) has (7, 4)"));
        assert!(text.contains("(4, 7), left 6; (10, 6), down 1; (7, 4), diagonally 3."));
        assert_eq!(e.moves[2].kind, MoveKind::FromBoth);
        let p = WythoffExplanation::new(13, 8, 100).unwrap().to_text();
        assert!(p.contains("(13, 8) is itself a P-position (n = 5)"), "{p}");
        assert!(p.contains("G(13, 8) = 0"), "{p}");
    }

    /// As JSON, P-position coordinates are plain numbers and moves the game's move objects.
    #[test]
    fn json_shape() {
        let e = WythoffExplanation::new(10, 7, 2047).unwrap();
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["queen"], serde_json::json!([10, 7]));
        assert_eq!(v["column_p"], serde_json::json!([10, 6]));
        assert_eq!(v["diagonal_p"], serde_json::json!([7, 4]));
        assert_eq!(v["first_p_positions"][6], serde_json::json!([9, 15]));
        assert_eq!(
            v["moves"][2],
            serde_json::json!({"kind": "from-both", "taken": 3, "to": [7, 4]})
        );
        assert_eq!(v["value"], 15);
        assert_eq!(v["max_wythoff_table"], 2047);
    }
}

//! Wythoff's game: two heaps `(x, y)`; a move takes any positive number of tokens from one heap,
//! or the same positive number from both.
//!
//! Equivalently, a chess queen on an unbounded board moves only south, west or south-west, and
//! whoever puts it on the corner `(0, 0)` wins.
//!
//! ## P-positions, three ways
//!
//! The P-positions (where the player to move loses) are `(a_n, b_n)` and `(b_n, a_n)`:
//!
//! | n   | 0 | 1 | 2 | 3 | 4  | 5  | 6  | 7  | 8  | 9  | 10 | 11 | 12 |
//! | --- | - | - | - | - | -- | -- | -- | -- | -- | -- | -- | -- | -- |
//! | a_n | 0 | 1 | 3 | 4 | 6  | 8  | 9  | 11 | 12 | 14 | 16 | 17 | 19 |
//! | b_n | 0 | 2 | 5 | 7 | 10 | 13 | 15 | 18 | 20 | 23 | 26 | 28 | 31 |
//!
//! and there are three constructions of them, which this module implements separately and the
//! tests check against one another:
//!
//! * [`beatty`]: `a_n = ⌊nφ⌋`, `b_n = a_n + n`, the golden ratio `φ` handled with exact integer
//!   square roots (any size, `O(1)` big-integer operations);
//! * [`mex`]: `a_n = mex{a_i, b_i : i < n}` — also the zeros of the Sprague–Grundy [`table`];
//! * [`word`]: the positions of the letters of the Fibonacci word `abaababaabaab…`.
//!
//! ## Playing
//!
//! From an N-position there are at most three winning moves, one of each kind: keep one heap
//! and cut the other down to its *partner* (the unique `p` with `(h, p)` a P-position), or take
//! from both, keeping the difference `d = |y − x|`, down to `(a_d, b_d)`. [`winning_moves`] finds
//! them from the closed form, for heaps of any size ([`winning_moves_big`]).
//!
//! In a *sum* with other games, Wythoff components need their Sprague–Grundy values, which have
//! no known closed form; [`Wythoff`] tabulates them below [`table::MAX_TABLE_SIDE`].
//!
//! ```
//! use grundy_games::wythoff::{winning_moves, MoveKind};
//! let moves = winning_moves(10, 7);
//! // From (10, 7): take 6 from the first heap, 1 from the second, or 3 from both.
//! let targets: Vec<(u64, u64)> = moves.iter().map(|m| m.to).collect();
//! assert_eq!(targets, [(4, 7), (10, 6), (7, 4)]);
//! assert_eq!(moves[2].kind, MoveKind::FromBoth);
//! ```

pub mod beatty;
pub mod explain;
pub mod mex;
pub mod queen;
pub mod table;
pub mod word;

use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::{Deserialize, Serialize};

use crate::family::{known, Drawing, Family, Positions};
use crate::kernel::component::Component;
use crate::kernel::error::{GameError, Result};
use crate::kernel::moves::MoveList;
use crate::kernel::MoveError;
use crate::kernel::{MoveContext, Ruleset};
use crate::nimber::Nimber;

use beatty::{is_p_position, lower_of, partner_of, Natural, FAST_PATH_LIMIT};
use table::{SgTable, MAX_TABLE_SIDE};

pub use explain::WythoffExplanation;

/// Wythoff's game in the registry: `wythoff:10,7` (heaps in pairs: `wythoff:10,7,3,5` is two
/// boards).
pub static FAMILY: Family = Family {
    name: "wythoff",
    aliases: &[],
    title: "Wythoff's game",
    rules: "Two heaps: a move takes any number of tokens from one heap, or the same number from both. Equivalently a queen moves left, down or diagonally down-left, towards the corner (0, 0), where she cannot move.",
    params: &[],
    positions: Positions {
        label: "Queen's square x, y",
        help: "the two heaps (x, y), in pairs: a lone board of any size is answered by the closed form of its P-positions",
        example: "10, 7",
        drawing: Drawing::QUEEN,
    },
    example: "wythoff:10,7",
    sequence: false,
    known_by: known::closed_form,
    heap_game: false,
    search: None,
    at_once: None,
    reasoning: Some(|g| g.subschema_for::<explain::WythoffExplanation>()),
    build: |_| Ok(Wythoff::shared().clone()),
};

/// The kind of a move in Wythoff's game.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum MoveKind {
    /// Tokens taken from the first heap only.
    FromFirst,
    /// Tokens taken from the second heap only.
    FromSecond,
    /// The same number taken from both heaps.
    FromBoth,
}

impl MoveKind {
    /// The heaps the tokens come from: `from the first heap`, `from the second heap` or
    /// `from both heaps`.
    pub fn heaps_text(self) -> &'static str {
        match self {
            MoveKind::FromFirst => "from the first heap",
            MoveKind::FromSecond => "from the second heap",
            MoveKind::FromBoth => "from both heaps",
        }
    }

    /// The way the queen goes on the board: `left`, `down` or `diagonally` (down-left).
    pub fn direction(self) -> &'static str {
        match self {
            MoveKind::FromFirst => "left",
            MoveKind::FromSecond => "down",
            MoveKind::FromBoth => "diagonally",
        }
    }
}

/// A move: `taken` tokens of kind `kind`, reaching `to`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "WythoffMove")]
pub struct WythoffMove<T> {
    /// Which heaps lose tokens.
    pub kind: MoveKind,
    /// How many tokens each of those heaps loses.
    pub taken: T,
    /// The position after the move.
    pub to: (T, T),
}

impl<T> WythoffMove<T> {
    /// The same move with its numbers converted.
    pub fn map<U>(self, f: impl Fn(T) -> U) -> WythoffMove<U> {
        WythoffMove {
            kind: self.kind,
            taken: f(self.taken),
            to: (f(self.to.0), f(self.to.1)),
        }
    }
}

impl<T: fmt::Display> WythoffMove<T> {
    /// The move told with heaps: `take 3 from both heaps`.
    pub fn take_text(&self) -> String {
        format!("take {} {}", self.taken, self.kind.heaps_text())
    }

    /// The move told with the queen: where she goes, then which way and how far:
    /// `(7, 4), diagonally 3`.
    pub fn queen_text(&self) -> String {
        let (x, y) = &self.to;
        format!("({x}, {y}), {} {}", self.kind.direction(), self.taken)
    }
}

/// `take 3 from both heaps -> (7, 4)`.
impl<T: fmt::Display> fmt::Display for WythoffMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, y) = &self.to;
        write!(f, "{} -> ({x}, {y})", self.take_text())
    }
}

/// Every winning move from `(x, y)`, from the closed form: empty exactly when `(x, y)` is a
/// P-position, otherwise one to three moves, in the order first heap, second heap, both.
pub(crate) fn winning_moves_of<T: Natural>(x: &T, y: &T) -> Vec<WythoffMove<T>> {
    let mut moves = Vec::new();
    let to_second = partner_of(x);
    let to_first = partner_of(y);
    if to_first < *x {
        moves.push(WythoffMove {
            kind: MoveKind::FromFirst,
            taken: x.clone() - to_first.clone(),
            to: (to_first, y.clone()),
        });
    }
    if to_second < *y {
        moves.push(WythoffMove {
            kind: MoveKind::FromSecond,
            taken: y.clone() - to_second.clone(),
            to: (x.clone(), to_second),
        });
    }
    let (low, high) = if x <= y { (x, y) } else { (y, x) };
    let a = lower_of(&(high.clone() - low.clone()));
    if a < *low {
        let taken = low.clone() - a;
        moves.push(WythoffMove {
            kind: MoveKind::FromBoth,
            to: (x.clone() - taken.clone(), y.clone() - taken.clone()),
            taken,
        });
    }
    moves
}

/// Every winning move from `(x, y)` (none from a P-position). Exact for all `u64` heaps.
pub fn winning_moves(x: u64, y: u64) -> Vec<WythoffMove<u64>> {
    // Moves only shrink heaps, so every number in them fits in u64.
    let narrow = |v: u128| v as u64;
    if x.max(y) < FAST_PATH_LIMIT {
        winning_moves_of(&(x as u128), &(y as u128))
            .into_iter()
            .map(|m| m.map(narrow))
            .collect()
    } else {
        winning_moves_of(&BigUint::from(x), &BigUint::from(y))
            .into_iter()
            .map(|m| m.map(|v| v.to_u64().unwrap_or(u64::MAX)))
            .collect()
    }
}

/// Every winning move from `(x, y)` for heaps of any size.
pub fn winning_moves_big(x: &BigUint, y: &BigUint) -> Vec<WythoffMove<BigUint>> {
    match (x.to_u64(), y.to_u64()) {
        (Some(x), Some(y)) => winning_moves(x, y)
            .into_iter()
            .map(|m| m.map(BigUint::from))
            .collect(),
        _ => winning_moves_of(x, y),
    }
}

/// Every option of `(x, y)`, moves of one kind after another, smallest take first.
pub fn all_moves(x: u64, y: u64) -> impl Iterator<Item = WythoffMove<u64>> {
    let first = (1..=x).map(move |k| WythoffMove {
        kind: MoveKind::FromFirst,
        taken: k,
        to: (x - k, y),
    });
    let second = (1..=y).map(move |k| WythoffMove {
        kind: MoveKind::FromSecond,
        taken: k,
        to: (x, y - k),
    });
    let both = (1..=x.min(y)).map(move |k| WythoffMove {
        kind: MoveKind::FromBoth,
        taken: k,
        to: (x - k, y - k),
    });
    first.chain(second).chain(both)
}

/// Why the queen cannot make a move (see [`queen_move`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// The target is the queen's own square: a move takes at least one token.
    Stays,
    /// The target is right of or above the queen: heaps never grow.
    Backwards,
    /// The target is below-left of the queen but on none of her lines: it would take different
    /// positive numbers from the two heaps.
    OffLines,
}

/// A queen move that [`queen_move`] refuses: where she stands, where she was sent, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IllegalQueenMove {
    /// The queen's square.
    pub from: (u64, u64),
    /// The square she cannot reach in one move.
    pub to: (u64, u64),
    /// Why.
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalQueenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ((x, y), (a, b)) = (self.from, self.to);
        write!(f, "the queen at ({x}, {y}) cannot reach ({a}, {b}): ")?;
        match self.reason {
            IllegalReason::Stays => write!(f, "the queen must move at least one square"),
            IllegalReason::Backwards => write!(
                f,
                "the queen only moves left, down or diagonally down-left, never right or up"
            ),
            IllegalReason::OffLines => write!(
                f,
                "({a}, {b}) is neither in the queen's column, its row, nor its down-left \
                 diagonal (that would take the same number from both heaps: {} and {} differ)",
                x - a,
                y - b
            ),
        }
    }
}

impl std::error::Error for IllegalQueenMove {}

/// The move taking the queen from `from` to `to`, or why there is none: she moves left (the
/// first heap shrinks), down (the second) or diagonally down-left (both by the same amount),
/// at least one square. Checked directly, so it works for any `u64` heaps.
///
/// ```
/// use grundy_games::wythoff::{queen_move, IllegalReason, MoveKind};
/// let m = queen_move((10, 7), (7, 4)).unwrap();
/// assert_eq!((m.kind, m.taken), (MoveKind::FromBoth, 3));
/// assert_eq!(queen_move((10, 7), (4, 6)).unwrap_err().reason, IllegalReason::OffLines);
/// ```
pub fn queen_move(
    from: (u64, u64),
    to: (u64, u64),
) -> std::result::Result<WythoffMove<u64>, IllegalQueenMove> {
    let ((x, y), (a, b)) = (from, to);
    let illegal = |reason| Err(IllegalQueenMove { from, to, reason });
    if to == from {
        return illegal(IllegalReason::Stays);
    }
    if a > x || b > y {
        return illegal(IllegalReason::Backwards);
    }
    let (kind, taken) = if b == y {
        (MoveKind::FromFirst, x - a)
    } else if a == x {
        (MoveKind::FromSecond, y - b)
    } else if x - a == y - b {
        (MoveKind::FromBoth, x - a)
    } else {
        return illegal(IllegalReason::OffLines);
    };
    Ok(WythoffMove { kind, taken, to })
}

/// The Wythoff ruleset for sums. A position is the pair of heaps.
///
/// P-positions and moves to value 0 are answered for any `u64` heaps from the closed form.
/// Other values come from an [`SgTable`] grown on demand (by doubling) up to
/// [`MAX_TABLE_SIDE`]; beyond it they are a [`GameError::TooLarge`].
#[derive(Debug, Default)]
pub struct Wythoff {
    table: Mutex<Option<Arc<SgTable>>>,
}

impl Wythoff {
    /// A Wythoff position, a component of any sum: the queen at `(x, y)`, on the shared ruleset.
    pub fn component(x: u64, y: u64) -> Component {
        Component::new(Wythoff::shared(), (x, y))
    }

    /// The ruleset, with an empty table cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// The ruleset shared by the whole process, so that its table of values is computed once
    /// (the registry builds every Wythoff component on it).
    pub fn shared() -> &'static Arc<Wythoff> {
        static RULES: OnceLock<Arc<Wythoff>> = OnceLock::new();
        RULES.get_or_init(|| Arc::new(Wythoff::new()))
    }

    /// A table covering `(x, y)`, computed (or grown) if needed. It is a band (see
    /// [`SgTable::band`]) with power-of-two sides, so a position with one small heap costs
    /// little even when the other heap is large.
    fn table_for(&self, x: u64, y: u64) -> Result<Arc<SgTable>> {
        let (low, high) = (x.min(y) as usize, x.max(y) as usize);
        if high >= MAX_TABLE_SIDE {
            return Err(too_large_for_table(x, y));
        }
        let mut cache = self.table.lock().unwrap_or_else(|e| e.into_inner());
        let (mut rows, mut cols) = (0, 0);
        if let Some(table) = cache.as_ref() {
            if low < table.rows() && high < table.cols() {
                return Ok(Arc::clone(table));
            }
            (rows, cols) = (table.rows(), table.cols());
        }
        let side = |v: usize| (v + 1).next_power_of_two().clamp(64, MAX_TABLE_SIDE);
        let cols = cols.max(side(high));
        let rows = rows.max(side(low)).min(cols);
        let table = Arc::new(SgTable::band(rows, cols)?);
        *cache = Some(Arc::clone(&table));
        Ok(table)
    }
}

fn too_large_for_table(x: u64, y: u64) -> GameError {
    GameError::too_large(
        "Wythoff position",
        format!(
            "Grundy values are tabulated for heaps below {MAX_TABLE_SIDE}, not ({x}, {y}); \
             P-positions and winning moves (to value 0) are answered for any size"
        ),
    )
}

/// There is one Wythoff ruleset: every instance equals every other (the table is a cache).
impl PartialEq for Wythoff {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for Wythoff {}
impl std::hash::Hash for Wythoff {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}
impl PartialOrd for Wythoff {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Wythoff {
    fn cmp(&self, _: &Self) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}

impl Ruleset for Wythoff {
    type Position = (u64, u64);

    fn term(&self) -> String {
        "wythoff".into()
    }

    fn name(&self) -> String {
        "wythoff".into()
    }

    fn title(&self) -> String {
        "Wythoff's game".into()
    }

    /// The closed form (Wythoff, 1907): any size, no table.
    fn is_p_position(&self, &(x, y): &(u64, u64)) -> Result<bool> {
        Ok(is_p_position(x, y))
    }

    /// A queen's move: left, down or diagonally down-left, at least one cell.
    fn option_to(&self, &from: &(u64, u64), parts: &[(u64, u64)]) -> Option<Vec<(u64, u64)>> {
        match *parts {
            [to] => queen_move(from, to).ok().map(|_| vec![to]),
            _ => None,
        }
    }

    fn parse_move(
        &self,
        &from: &(u64, u64),
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<(u64, u64)>, MoveError>> {
        queen::queen_move(from, words, context)
    }

    fn move_examples(&self, numbered: bool) -> String {
        if numbered {
            queen::SUM_EXAMPLES.to_string()
        } else {
            queen::EXAMPLES.to_string()
        }
    }

    /// `queen (10, 7) -> (6, 3): take 4 from both heaps`.
    fn describe_move(&self, &(x, y): &(u64, u64), to: &[(u64, u64)]) -> String {
        let [(a, b)] = *to else {
            return format!("queen ({x}, {y}) -> ?");
        };
        let taken = if a < x && b < y {
            format!("take {} from both heaps", x - a)
        } else if a < x {
            format!("take {} from the first heap", x - a)
        } else {
            format!("take {} from the second heap", y.saturating_sub(b))
        };
        format!("queen ({x}, {y}) -> ({a}, {b}): {taken}")
    }

    fn value_source(&self, &(x, y): &(u64, u64)) -> String {
        if is_p_position(x, y) {
            "a P-position (a_n, b_n) of the closed form a_n = floor(n·φ), b_n = a_n + n".into()
        } else {
            "the table of G(x, y) computed by the mex of each row, column and diagonal".into()
        }
    }

    fn options(&self, &(x, y): &(u64, u64)) -> Vec<Vec<(u64, u64)>> {
        all_moves(x, y).map(|m| vec![m.to]).collect()
    }

    /// Take one token from the first heap (or the second when the first is empty), without
    /// listing every option.
    fn gentlest_option(&self, &(x, y): &(u64, u64)) -> Option<Vec<(u64, u64)>> {
        all_moves(x, y).next().map(|m| vec![m.to])
    }

    /// A uniform choice among the `x + y + min(x, y)` options, without listing them (the count
    /// saturates at `u64::MAX` for astronomically large heaps).
    fn random_option(
        &self,
        &(x, y): &(u64, u64),
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<Vec<(u64, u64)>> {
        let total = x.saturating_add(y).saturating_add(x.min(y));
        if total == 0 {
            return None;
        }
        let i = crate::kernel::uniform_below(rng, total);
        let to = if i < x {
            (x - i - 1, y)
        } else if i - x < y {
            (x, y - (i - x) - 1)
        } else {
            let k = i - x - y + 1;
            (x - k, y - k)
        };
        Some(vec![to])
    }

    fn grundy(&self, &(x, y): &(u64, u64)) -> Result<Nimber> {
        if is_p_position(x, y) {
            return Ok(0);
        }
        let table = self.table_for(x, y)?;
        Ok(table.get(x as usize, y as usize).map_or(0, Nimber::from))
    }

    fn moves_to_value(
        &self,
        &(x, y): &(u64, u64),
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<(u64, u64)>>> {
        let mut found = MoveList::with_limit(limit);
        if target == 0 {
            winning_moves(x, y)
                .into_iter()
                .for_each(|m| found.push(vec![m.to]));
            return Ok(found);
        }
        let table = self.table_for(x, y)?;
        // Each value occurs at most once per row, column and diagonal: at most three hits.
        all_moves(x, y)
            .filter(|m| {
                table
                    .get(m.to.0 as usize, m.to.1 as usize)
                    .map(Nimber::from)
                    == Some(target)
            })
            .for_each(|m| found.push(vec![m.to]));
        Ok(found)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn random_and_gentlest_options_are_legal() {
        use rand_chacha::rand_core::SeedableRng;
        let rules = Wythoff::new();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let all: Vec<Vec<(u64, u64)>> = rules.options(&(4, 6));
        let mut seen = std::collections::HashSet::new();
        for _ in 0..2000 {
            let option = rules.random_option(&(4, 6), &mut rng).unwrap();
            assert!(all.contains(&option));
            seen.insert(option);
        }
        assert_eq!(seen.len(), all.len());
        assert_eq!(rules.gentlest_option(&(4, 6)), Some(vec![(3, 6)]));
        assert_eq!(rules.gentlest_option(&(0, 0)), None);
        assert_eq!(rules.random_option(&(0, 0), &mut rng), None);
        let huge = rules
            .random_option(&(u64::MAX, u64::MAX), &mut rng)
            .unwrap();
        // A move lowers one coordinate or both, never neither.
        let (x, y) = huge[0];
        assert!(x < u64::MAX || y < u64::MAX);
    }
}

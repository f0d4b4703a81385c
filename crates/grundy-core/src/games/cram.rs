//! Cram: players take turns placing a domino on two empty adjacent squares; whoever cannot
//! place one loses.
//!
//! A position is a board of at most [`MAX_CELLS`] squares, some empty ([`CramBoard`]). The
//! empty squares fall into connected regions that are played independently, so a board's
//! value is the XOR of its regions' values; each region is searched in canonical form (up to
//! the eight symmetries of the square) by [`crate::search`]. A lone square is worth 0, a
//! domino-shaped region 1, squares that share the one square they touch count once (see
//! `Grid::without_redundant_squares`, with bridges between them), a region that is its own half turn 0 when no domino can meet its
//! own image (the second player copies every move rotated: Gardner's strategy for even by
//! even boards), and a
//! straight line of `n` squares is Dawson's Kayles `0.07` on a
//! heap of `n` (Winning Ways, ch. 4), read from a table.
//!
//! Text form: rows separated by `/`, `.` an empty square and `#` a filled one (a hole or a
//! domino); `RxC` alone is the empty `R × C` board.
//!
//! ```
//! use grundy_core::games::cram::CramBoard;
//! let board: CramBoard = "3x4".parse().unwrap();
//! assert_eq!(board.to_string(), "..../..../....");
//! assert_eq!(board.value().unwrap(), 1);
//! // Even by even boards are lost for the player to move (the mirror strategy).
//! assert_eq!("4x4".parse::<CramBoard>().unwrap().value().unwrap(), 0);
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::error::{GameError, Result};
use crate::nimber::{mex, Nimber};
use crate::search::canon::{canonical_shape_and_symmetry, shape_rows, ShapeKey};
use crate::search::{Engine, OptionSink, Options, SplitGame};

/// The most squares a board may have.
pub const MAX_CELLS: u32 = 64;
/// Memory for the table of [`CramBoard::value`] and friends.
pub const DEFAULT_MEMORY: usize = 64 << 20;
/// Time [`CramBoard::value`] and friends may search before giving up with an error.
pub const DEFAULT_TIME_BUDGET: Duration = Duration::from_secs(10);

/// A Cram board: its size and which squares are empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CramBoard {
    rows: u32,
    cols: u32,
    /// Bit `r * cols + c`: square `(r, c)` is empty.
    empty: u64,
}

/// A domino: its first square (0-based row and column) and whether it goes down (else right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino {
    /// Row of the top or left square, from 0.
    pub row: u32,
    /// Column of the top or left square, from 0.
    pub col: u32,
    /// Covers `(row, col)` and `(row + 1, col)`; otherwise `(row, col)` and `(row, col + 1)`.
    pub vertical: bool,
}

impl fmt::Display for Domino {
    /// `r,c-r,c`, rows and columns counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r2, c2) = if self.vertical {
            (self.row + 1, self.col)
        } else {
            (self.row, self.col + 1)
        };
        write!(f, "{},{}-{},{}", self.row + 1, self.col + 1, r2 + 1, c2 + 1)
    }
}

impl CramBoard {
    /// The empty `rows × cols` board.
    pub fn new(rows: u32, cols: u32) -> Result<Self> {
        check_size(rows, cols)?;
        let cells = rows * cols;
        let empty = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        Ok(CramBoard { rows, cols, empty })
    }

    /// The `rows × cols` board with the given squares (0-based row, column) filled.
    pub fn with_holes(rows: u32, cols: u32, holes: &[(u32, u32)]) -> Result<Self> {
        let mut board = Self::new(rows, cols)?;
        for &(r, c) in holes {
            if r >= rows || c >= cols {
                return Err(GameError::out_of_range(
                    "hole",
                    format!("{},{}", r + 1, c + 1),
                    format!(
                        "a square of the {rows}x{cols} board: row 1 to {rows}, column 1 to {cols}"
                    ),
                ));
            }
            board.empty &= !(1 << (r * cols + c));
        }
        Ok(board)
    }

    /// Rows of the board.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Whether square `(row, col)` (0-based) is on the board and empty.
    pub fn is_empty_square(&self, row: u32, col: u32) -> bool {
        row < self.rows && col < self.cols && self.empty >> (row * self.cols + col) & 1 == 1
    }

    /// The number of empty squares.
    pub fn empty_squares(&self) -> u32 {
        self.empty.count_ones()
    }

    /// Every legal domino, row by row.
    pub fn moves(&self) -> Vec<Domino> {
        let grid = Grid::new(self.rows, self.cols);
        let mut out = Vec::new();
        for i in 0..self.rows * self.cols {
            let (row, col) = (i / self.cols, i % self.cols);
            if grid.right(self.empty) >> i & 1 == 1 {
                out.push(Domino {
                    row,
                    col,
                    vertical: false,
                });
            }
            if grid.down(self.empty) >> i & 1 == 1 {
                out.push(Domino {
                    row,
                    col,
                    vertical: true,
                });
            }
        }
        out
    }

    /// The board after `domino`, or an error naming it if it is not legal here.
    pub fn play(&self, domino: Domino) -> Result<CramBoard> {
        let (r2, c2) = if domino.vertical {
            (domino.row + 1, domino.col)
        } else {
            (domino.row, domino.col + 1)
        };
        for (r, c) in [(domino.row, domino.col), (r2, c2)] {
            if r >= self.rows || c >= self.cols {
                return Err(GameError::IllegalMove(format!(
                    "there is no square at row {}, column {}: the board has {} rows and {} columns",
                    r + 1,
                    c + 1,
                    self.rows,
                    self.cols
                )));
            }
            if !self.is_empty_square(r, c) {
                return Err(GameError::IllegalMove(format!(
                    "the square at row {}, column {} is already covered: a domino needs two empty squares",
                    r + 1,
                    c + 1
                )));
            }
        }
        let mut next = *self;
        next.empty &= !(1 << (domino.row * self.cols + domino.col) | 1 << (r2 * self.cols + c2));
        Ok(next)
    }

    /// The board's position up to its symmetries: the least of its images (four, or eight on
    /// a square board) in the order of [`CramBoard`]'s `Ord`.
    pub fn canonical(&self) -> CramBoard {
        let (r, c) = (self.rows, self.cols);
        let at = |b: u64, i: u32, j: u32| b >> (i * c + j) & 1 == 1;
        let image = |f: &dyn Fn(u32, u32) -> (u32, u32), rows: u32, cols: u32| {
            let mut empty = 0u64;
            for i in 0..r {
                for j in 0..c {
                    if at(self.empty, i, j) {
                        let (a, b) = f(i, j);
                        empty |= 1 << (a * cols + b);
                    }
                }
            }
            CramBoard { rows, cols, empty }
        };
        let mut best = *self;
        let mut images = vec![
            image(&|i, j| (i, c - 1 - j), r, c),
            image(&|i, j| (r - 1 - i, j), r, c),
            image(&|i, j| (r - 1 - i, c - 1 - j), r, c),
        ];
        if r == c {
            images.push(image(&|i, j| (j, i), c, r));
            images.push(image(&|i, j| (c - 1 - j, i), c, r));
            images.push(image(&|i, j| (j, r - 1 - i), c, r));
            images.push(image(&|i, j| (c - 1 - j, r - 1 - i), c, r));
        }
        for b in images {
            best = best.min(b);
        }
        best
    }

    /// The canonical components of the empty squares that need search, and the XOR of the
    /// values of those known without it.
    pub fn components(&self) -> (Vec<ShapeKey>, Nimber) {
        let mut out = Options::default();
        out.begin();
        Cram::new().push_components(&Grid::new(self.rows, self.cols), self.empty, &mut out);
        let (keys, x) = out.get(0);
        (keys.to_vec(), x)
    }

    /// The Sprague–Grundy value, searched with a table of [`DEFAULT_MEMORY`] within
    /// [`DEFAULT_TIME_BUDGET`] (larger searches: [`Engine`] with [`Cram`]).
    pub fn value(&self) -> Result<Nimber> {
        self.value_with(&mut default_engine())
    }

    /// The value, searched by `engine` (whose table keeps what it learns).
    pub fn value_with(&self, engine: &mut Engine<Cram>) -> Result<Nimber> {
        let (keys, x) = self.components();
        Ok(engine.value_of_sum(&keys)? ^ x)
    }

    /// The dominoes that leave a board of value `target` (winning moves for `target = 0`).
    pub fn moves_to_value(&self, target: Nimber) -> Result<Vec<Domino>> {
        self.moves_to_value_with(target, &mut default_engine())
    }

    /// [`CramBoard::moves_to_value`] searched by `engine`.
    pub fn moves_to_value_with(
        &self,
        target: Nimber,
        engine: &mut Engine<Cram>,
    ) -> Result<Vec<Domino>> {
        let mut out = Vec::new();
        for d in self.moves() {
            if self.play(d)?.value_with(engine)? == target {
                out.push(d);
            }
        }
        Ok(out)
    }
}

fn default_engine() -> Engine<Cram> {
    let mut engine = Engine::new(Cram::new(), DEFAULT_MEMORY);
    engine.set_time_budget(Some(DEFAULT_TIME_BUDGET));
    engine
}

fn check_size(rows: u32, cols: u32) -> Result<()> {
    if rows == 0 || cols == 0 || u64::from(rows) * u64::from(cols) > u64::from(MAX_CELLS) {
        return Err(GameError::out_of_range(
            "Cram board",
            format!("{rows}x{cols}"),
            format!("R x C with R, C at least 1 and at most {MAX_CELLS} squares in all"),
        ));
    }
    Ok(())
}

impl FromStr for CramBoard {
    type Err = GameError;

    /// `RxC` (an empty board) or rows of `.` (empty) and `#` (filled) separated by `/`.
    fn from_str(text: &str) -> Result<Self> {
        let text = text.trim();
        let expected =
            "RxC (e.g. 5x5) or rows of . (empty) and # (filled) separated by / (e.g. ../.#)";
        if let Some((r, c)) = text.split_once(['x', 'X', '×']) {
            let parse = |s: &str| s.trim().parse::<u32>().ok();
            return match (parse(r), parse(c)) {
                (Some(r), Some(c)) => Self::new(r, c),
                _ => Err(GameError::invalid("Cram board", text, expected)),
            };
        }
        let lines: Vec<&str> = text.split('/').collect();
        let cols = lines[0].chars().count() as u32;
        if lines.iter().any(|l| l.chars().count() as u32 != cols) {
            return Err(GameError::invalid(
                "Cram board",
                text,
                "rows of equal length",
            ));
        }
        let mut holes = Vec::new();
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' => holes.push((r as u32, c as u32)),
                    _ => return Err(GameError::invalid("Cram board", text, expected)),
                }
            }
        }
        Self::with_holes(lines.len() as u32, cols, &holes)
    }
}

impl fmt::Display for CramBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.cols {
                f.write_str(if self.is_empty_square(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

/// Bit masks of a `h × w` grid stored row by row (`h * w <= 64`).
#[derive(Debug, Clone, Copy)]
struct Grid {
    w: u32,
    all: u64,
    not_first_col: u64,
    not_last_col: u64,
}

impl Grid {
    fn new(h: u32, w: u32) -> Self {
        let cells = h * w;
        let all = if cells >= 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        let mut first = 0u64;
        for r in 0..h {
            first |= 1 << (r * w);
        }
        Grid {
            w,
            all,
            not_first_col: all & !first,
            not_last_col: all & !(first << (w - 1)),
        }
    }

    /// Squares whose right neighbour is also in `b`.
    fn right(&self, b: u64) -> u64 {
        b & self.not_last_col & (b >> 1)
    }

    /// Squares whose lower neighbour is also in `b`.
    fn down(&self, b: u64) -> u64 {
        b & b.checked_shr(self.w).unwrap_or(0)
    }

    fn neighbours(&self, b: u64) -> u64 {
        ((b & self.not_last_col) << 1)
            | ((b & self.not_first_col) >> 1)
            | b.checked_shl(self.w).unwrap_or(0)
            | b.checked_shr(self.w).unwrap_or(0)
    }

    /// `region` without squares that do not change its value. Pendants: when several
    /// squares have the same square (their centre) as their only neighbour, all but one are
    /// dropped, since a domino on the centre and any of its pendants leaves the other
    /// pendants isolated, so the choice of pendant never matters, and no other move touches
    /// them. Bridges (below) are dropped too. What is left may fall apart into regions.
    fn without_redundant_squares(&self, region: u64) -> u64 {
        let left = region & ((region & self.not_last_col) << 1);
        let right = region & ((region & self.not_first_col) >> 1);
        let up = region & region.checked_shl(self.w).unwrap_or(0);
        let down = region & region.checked_shr(self.w).unwrap_or(0);
        let two = (left & right)
            | (left & up)
            | (left & down)
            | (right & up)
            | (right & down)
            | (up & down);
        let pendant = (left | right | up | down) & !two;
        // Each pendant's centre, direction by direction; a centre seen before keeps its
        // earlier pendant.
        let mut seen = (pendant & left) >> 1;
        let mut drop = 0;
        let centres = (pendant & right) << 1;
        drop |= (centres & seen) >> 1;
        seen |= centres;
        let centres = (pendant & up).checked_shr(self.w).unwrap_or(0);
        drop |= (centres & seen).checked_shl(self.w).unwrap_or(0);
        seen |= centres;
        let centres = (pendant & down).checked_shl(self.w).unwrap_or(0);
        drop |= (centres & seen).checked_shr(self.w).unwrap_or(0);
        seen |= centres;
        // Bridges: squares, neither pendants nor centres, whose every neighbour is a centre.
        // A domino on a bridge and a centre is worth what the domino on that centre and its
        // pendant is (the pendant is left isolated either way), and the bridge never changes
        // this while it stands, so by induction the region without it has the same options'
        // values (Beling and Rogalski's Cram reductions, "On pruning search trees of
        // impartial games", 2020).
        let rest = region & !pendant & !seen;
        let bridges = rest & !self.neighbours(rest);
        region & !drop & !bridges
    }

    /// The connected region of `b` containing its lowest square.
    fn region(&self, b: u64) -> u64 {
        let mut region = b & b.wrapping_neg();
        loop {
            let grown = (region | self.neighbours(region)) & b & self.all;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The rows of `region` cut to its bounding box (into `rows`): how many, and the box's
    /// width.
    fn shape(&self, region: u64, rows: &mut [u64; 64]) -> (usize, u32) {
        let mask = if self.w >= 64 {
            u64::MAX
        } else {
            (1 << self.w) - 1
        };
        let first_row = region.trailing_zeros() / self.w;
        let last_row = (63 - region.leading_zeros()) / self.w;
        let n = (last_row - first_row + 1) as usize;
        let mut all = 0;
        for (i, r) in (first_row..=last_row).enumerate() {
            rows[i] = region >> (r * self.w) & mask;
            all |= rows[i];
        }
        let (lo, hi) = (all.trailing_zeros(), 63 - all.leading_zeros());
        for row in &mut rows[..n] {
            *row >>= lo;
        }
        (n, hi - lo + 1)
    }
}

/// Whether the second player wins a region that is its own half turn by answering every
/// domino with its image (Gardner's strategy for even by even boards, and the first
/// player's after a central domino on even by odd ones): that works exactly when no domino
/// meets its own image, i.e. unless the squares at the centre of the box that a domino
/// could share with its image are all there: the centre square when both sides are odd,
/// the two centre squares when one side is even (none when both are).
fn mirror_strategy_works(rows: &[u64], w: u32) -> bool {
    let h = rows.len() as u32;
    let at = |r: u32, c: u32| rows[r as usize] >> c & 1 == 1;
    match (h % 2, w % 2) {
        (0, 0) => true,
        (1, 1) => !at(h / 2, w / 2),
        (1, 0) => !(at(h / 2, w / 2 - 1) && at(h / 2, w / 2)),
        _ => !(at(h / 2 - 1, w / 2) && at(h / 2, w / 2)),
    }
}

/// Cram as a [`SplitGame`]: components are canonical shapes ([`ShapeKey`]).
#[derive(Debug, Clone)]
pub struct Cram {
    /// Dawson's Kayles: the value of a straight line of `n` squares.
    line: Vec<Nimber>,
}

impl Default for Cram {
    fn default() -> Self {
        Self::new()
    }
}

impl Cram {
    /// The game, with its table of straight lines.
    pub fn new() -> Self {
        let mut line: Vec<Nimber> = Vec::with_capacity(MAX_CELLS as usize + 1);
        for n in 0..=MAX_CELLS as usize {
            // A domino on squares i, i+1 leaves lines of i and n - 2 - i squares.
            let options = (0..n.saturating_sub(1)).map(|i| line[i] ^ line[n - 2 - i]);
            line.push(mex(options));
        }
        Cram { line }
    }

    /// Adds the regions of `b` (on `grid`) to the current option of `out`: known values
    /// (lone squares, lines) as values, the rest as canonical shapes.
    fn push_components<S: OptionSink<ShapeKey>>(&self, grid: &Grid, mut b: u64, out: &mut S) {
        while b != 0 {
            let region = grid.region(b);
            b &= !region;
            let reduced = grid.without_redundant_squares(region);
            if reduced != region {
                // What is left may fall apart, and reduce further: look at it again.
                b |= reduced;
                continue;
            }
            let n = region.count_ones();
            if n <= 2 {
                out.value(n as Nimber - 1);
                continue;
            }
            let mut rows = [0u64; 64];
            let (h, w) = grid.shape(region, &mut rows);
            if (h == 1 || w == 1) && n as usize == h * w as usize {
                out.value(self.line[n as usize]);
                continue;
            }
            let (key, symmetric) = canonical_shape_and_symmetry(&rows[..h], w);
            if symmetric && mirror_strategy_works(&rows[..h], w) {
                continue;
            }
            out.component(key);
        }
    }
}

impl SplitGame for Cram {
    type Key = ShapeKey;

    fn table_tag(&self) -> String {
        "cram".into()
    }

    fn size(&self, key: &ShapeKey) -> u32 {
        (*key as u64).count_ones()
    }

    fn move_count(&self, key: &ShapeKey) -> usize {
        let (rows, w) = shape_rows(*key);
        if rows.is_empty() {
            return 0;
        }
        let grid = Grid::new(rows.len() as u32, w);
        let b = *key as u64;
        (grid.right(b).count_ones() + grid.down(b).count_ones()) as usize
    }

    fn options<S: OptionSink<ShapeKey>>(&self, key: &ShapeKey, out: &mut S) {
        let (rows, w) = shape_rows(*key);
        if rows.is_empty() {
            return;
        }
        let grid = Grid::new(rows.len() as u32, w);
        let b = *key as u64;
        for (pairs, step) in [(grid.right(b), 1), (grid.down(b), w)] {
            let mut bits = pairs;
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                out.begin();
                self.push_components(&grid, b & !(1 << i | 1 << (i + step)), out);
                if !out.end() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;

//! Cram: players take turns placing a domino on two empty adjacent squares; whoever cannot
//! place one loses.
//!
//! A position is a board of at most [`MAX_CELLS`] squares, some empty ([`CramBoard`]). The
//! empty squares fall into connected regions that are played independently, so a board's
//! value is the XOR of its regions' values; each region is searched in canonical form (up to
//! the eight symmetries of the square) by [`crate::search`]. What is known without search
//! (the reasons are in `regions`): a lone square is worth 0, a domino-shaped region 1; of
//! several squares that share the one square they touch one counts, and bridges between such
//! squares do not; a region splits along a 2 × 2 block whose corners touch nothing else; a
//! region that is its own half turn is worth 0 when no domino can meet its own image (the
//! second player copies every move rotated: Gardner's strategy for even by even boards), and
//! anything but 0 when one side of its box is odd, the other even and the central domino is
//! there (the first player takes it, then copies); a straight line of `n` squares is Dawson's
//! Kayles `0.07` on a heap of `n` (Winning Ways, ch. 4), read from a table. A region that fits
//! a 7 × 3 or a 5 × 4 box is read from the tables of every such region, made by the mex rule
//! when the crate is compiled (`cram/small_regions.rs`). Dominoes are listed across the region
//! from its centre out.
//!
//! Text form: rows separated by `/`, `.` an empty square and `#` a filled one (a hole or a
//! domino); `RxC` alone is the empty `R × C` board.
//!
//! ```
//! use grundy_games::cram::CramBoard;
//! let board: CramBoard = "3x4".parse().unwrap();
//! assert_eq!(board.to_string(), "..../..../....");
//! assert_eq!(board.value().unwrap(), 1);
//! // Even by even boards are lost for the player to move (the mirror strategy).
//! assert_eq!("4x4".parse::<CramBoard>().unwrap().value().unwrap(), 0);
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::canon::{canonical_region, shape_parts, ShapeKey};
use crate::search::{Engine, OptionSink, Options, SearchContext, SplitGame};

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

    /// Whether the player to move loses by Gardner's mirror: the board is its own image under
    /// the half turn about its centre, and no domino covers a square and its image, so the
    /// second player answers each domino with its image (the board left by the central
    /// domino of a board with one side odd, or any empty board with both sides even).
    pub fn lost_by_mirror(&self) -> bool {
        let (w, h) = (self.cols, self.rows);
        self.empty != 0
            && regions::half_turn_symmetric(w, h, self.empty)
            && mirror_strategy_works(w, h, self.empty)
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
    /// values of those known without it (those of a small box read from its table among them).
    pub fn components(&self) -> (Vec<ShapeKey>, Nimber) {
        self.components_of(Cram::new())
    }

    /// [`CramBoard::components`] without the tables of small regions: whether the board
    /// needs search, or its tables, or neither.
    pub(crate) fn components_without_tables(&self) -> (Vec<ShapeKey>, Nimber) {
        self.components_of(Cram::without_small_regions())
    }

    fn components_of(&self, cram: Cram) -> (Vec<ShapeKey>, Nimber) {
        let mut out = Options::default();
        out.begin();
        cram.push_components(&Grid::new(self.rows, self.cols), self.empty, &mut out);
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
            let parse = |s: &str| crate::kernel::list::parse_whole::<u32>(s).ok();
            return match (parse(r), parse(c)) {
                (Some(r), Some(c)) => Self::new(r, c),
                _ => Err(GameError::invalid("Cram board", text, expected)),
            };
        }
        let lines: Vec<&str> = text.split('/').collect();
        let cols = lines[0].chars().count() as u32;
        if cols == 0 {
            // Nothing (or only `/`) is no board: named as typed, not as a `1x0` board.
            return Err(GameError::invalid("Cram board", text, expected));
        }
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

/// Cram as a [`SplitGame`]: components are canonical shapes ([`ShapeKey`]), searched by
/// Cram's own search (`cram/search.rs`) unless made with [`Cram::generic`].
#[derive(Debug, Clone)]
pub struct Cram {
    /// Components are searched by Cram's own search rather than the engine's.
    own_search: bool,
    /// Regions that fit a small box are valued by the tables made when the crate is compiled
    /// (`cram/small_regions.rs`) instead of by search.
    small_regions: bool,
}

/// Dawson's Kayles: `LINE[n]` is the value of a straight line of `n` squares, made when the
/// crate is compiled (a domino on squares `i`, `i + 1` leaves lines of `i` and `n - 2 - i`
/// squares), so that a game costs nothing to make: computed at run time it was a third of
/// the instructions of a 2 × 9 board.
pub(crate) const LINE: [u8; MAX_CELLS as usize + 1] = dawsons_kayles_lines();

const fn dawsons_kayles_lines() -> [u8; MAX_CELLS as usize + 1] {
    let mut line = [0u8; MAX_CELLS as usize + 1];
    let mut n = 2;
    while n <= MAX_CELLS as usize {
        // The values of lines of at most 64 squares are below 64: one word holds the options.
        let mut seen = 0u64;
        let mut i = 0;
        while i + 2 <= n {
            seen |= 1 << (line[i] ^ line[n - 2 - i]);
            i += 1;
        }
        line[n] = seen.trailing_ones() as u8;
        n += 1;
    }
    line
}

impl Default for Cram {
    fn default() -> Self {
        Self::new()
    }
}

impl Cram {
    /// The game, searched by its own search.
    pub fn new() -> Self {
        Cram {
            own_search: true,
            small_regions: true,
        }
    }

    /// The game searched by the engine's generic search (the same values, more slowly: to
    /// compare the two).
    pub fn generic() -> Self {
        Cram {
            own_search: false,
            small_regions: false,
        }
    }

    /// The game searched by its own search down to the smallest regions, without the tables
    /// of small regions (the same values, more slowly: to test the search on small boards).
    pub fn without_small_regions() -> Self {
        Cram {
            own_search: true,
            small_regions: false,
        }
    }

    /// Adds the regions of `b` (on `grid`) to the current option of `out`: known values
    /// (lone squares, lines) as values, the rest as canonical shapes.
    fn push_components<S: OptionSink<ShapeKey>>(&self, grid: &Grid, mut b: u64, out: &mut S) {
        while b != 0 {
            let region = grid.region(b);
            b &= !region;
            self.push_region(grid, region, out);
        }
    }

    /// Lists the options of the dominoes whose first squares are `pairs` (the second `step`
    /// further); `false` when the sink wants no more.
    fn list_dominoes<S: OptionSink<ShapeKey>>(
        &self,
        grid: &Grid,
        b: u64,
        mut pairs: u64,
        step: u32,
        out: &mut S,
    ) -> bool {
        while pairs != 0 {
            let i = pairs.trailing_zeros();
            pairs &= pairs - 1;
            out.begin();
            self.push_components(grid, b & !(1 << i | 1 << (i + step)), out);
            if !out.end() {
                return false;
            }
        }
        true
    }

    /// Adds one connected region, reduced and split as far as it goes.
    fn push_region<S: OptionSink<ShapeKey>>(&self, grid: &Grid, region: u64, out: &mut S) {
        let reduced = grid.without_redundant_squares(region);
        if reduced != region {
            // What is left may fall apart, and reduce further: look at it again.
            self.push_components(grid, reduced, out);
            return;
        }
        let n = region.count_ones();
        if n <= 2 {
            out.value(n as Nimber - 1);
            return;
        }
        if grid.is_line(region) {
            out.value(Nimber::from(LINE[n as usize]));
            return;
        }
        let cut = grid.block_edges(region);
        if cut != 0 && grid.region_without(region, cut) != region {
            let mut rest = region;
            while rest != 0 {
                let part = grid.region_without(rest, cut);
                rest &= !part;
                self.push_region(grid, part, out);
            }
            return;
        }
        let (key, symmetric) = canonical_region(region, grid.w);
        if symmetric {
            let (w, h, cells) = shape_parts(key).expect("a key just made");
            if mirror_strategy_works(w, h, cells) {
                return;
            }
        }
        match self
            .small_regions
            .then(|| small_regions::value(key))
            .flatten()
        {
            Some(v) => out.value(v),
            None => out.component(key),
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
        let Some((w, h, b)) = shape_parts(*key) else {
            return 0;
        };
        let grid = Grid::new(h, w);
        (grid.right(b).count_ones() + grid.down(b).count_ones()) as usize
    }

    fn options<S: OptionSink<ShapeKey>>(&self, key: &ShapeKey, out: &mut S) {
        let Some((w, h, b)) = shape_parts(*key) else {
            return;
        };
        let grid = Grid::new(h, w);
        // Dominoes across the box first, those nearest its centre first (as igs orders them):
        // they split the region most evenly, into parts the table most likely knows.
        let down = grid.down(b);
        let column = grid.first_col();
        for c in centre_out(w) {
            if !self.list_dominoes(&grid, b, down & column << c, w, out) {
                return;
            }
        }
        let right = grid.right(b);
        let row = (1u64 << w) - 1;
        for r in centre_out(h) {
            if !self.list_dominoes(&grid, b, right & row << (r * w), 1, out) {
                return;
            }
        }
    }

    fn value_searched(
        &self,
        key: &ShapeKey,
        cx: &mut SearchContext<'_, ShapeKey>,
    ) -> Option<Result<Nimber>> {
        self.own_search
            .then(|| search::value(key, cx, self.small_regions))
    }

    fn is_value_searched(
        &self,
        key: &ShapeKey,
        k: Nimber,
        cx: &mut SearchContext<'_, ShapeKey>,
    ) -> Option<Result<bool>> {
        self.own_search
            .then(|| search::is_value(key, k, cx, self.small_regions))
    }

    /// 0 for a region that is its own half turn and wins by the central domino.
    fn known_not(&self, key: &ShapeKey) -> u128 {
        match shape_parts(*key) {
            Some((w, h, b)) if central_domino_wins(w, h, b) => 1,
            _ => 0,
        }
    }
}

mod parts;
pub(crate) mod regions;
mod ring;
mod search;
mod small_regions;
use regions::{central_domino_wins, centre_out, mirror_strategy_works, Grid};
pub(crate) use small_regions::value as tabled_value;

#[cfg(test)]
mod tests;

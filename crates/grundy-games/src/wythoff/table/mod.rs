//! The Sprague–Grundy table `G(x, y)` of Wythoff's game.
//!
//! `G(x, y)` is the mex of the values to its left `G(x', y)`, below it `G(x, y')` and on the
//! diagonal below-left `G(x − k, y − k)`. Computed naively that is a mex over `x + y + min(x, y)`
//! values per cell. Four facts about the table, each following from the mex rule, make it much
//! cheaper:
//!
//! 1. **Symmetry**: `G(x, y) = G(y, x)`, so only the cells with `x <= y` are computed and stored
//!    (a trapezoid, row `x` holding `y = x, x + 1, …`).
//! 2. **Bounds**: for `x <= y`, `y − 2x <= G(x, y) <= x + y`. Every row is a permutation of the
//!    naturals, so value `v` appears in row `x` no later than `y = v + 2x`.
//! 3. **Distinctness**: each row, column and diagonal holds a value at most once, so each
//!    direction is a *set*, kept as a bitset.
//! 4. **Locality**: when cell `(x, y)` is computed, the column below it and the diagonal
//!    below-left hold only `x` cells each, all with values in the window `[y − 2x, y + x]`.
//!
//! Each row, column and diagonal keeps its bitset and its own mex. Every value below a line's
//! mex is on that line, so `G(x, y)` is at least the largest of the three mexes (the row's is
//! already `>= y − 2x` by fact 2); the cell's value is the first value from there missing from
//! the three bitsets, found by ORing them a word at a time (eight words per step, which
//! vectorises). Measured at side 2048, the value lies on average `0.32 · side` above the
//! row's mex but only `0.20 · side` above the largest of the three mexes. The work is still
//! cubic: no sub-cubic algorithm is known.
//!
//! The code is split along these ideas: this module holds the table type, its layout (row
//! `x` stored from the diagonal on), lookups and tiles, [`grundy_value`] for a single cell and
//! the plain [`naive_table`] the tests check against; `kernels` holds the per-cell work (the
//! line sets and the scan for the first missing value); `wavefront` the order the cells are
//! computed in (blocks, tiles and strips) and the threads that share it.
//!
//! Values are below `2 · side <= 32768`, so each stored cell is a `u16`: 2 bytes per stored
//! cell, about `side² + side` bytes for a square table (16384² in 256 MiB). The bitsets of the
//! construction add about `0.75 · side²` bytes while it runs and are freed after.

use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;

mod kernels;
mod wavefront;

pub use wavefront::default_threads;
use wavefront::{fill, threads_for, STRIP_AREA};

/// The largest side of a table: `G` is computed for heaps below this.
///
/// At this side the table takes 256 MiB (2 bytes per stored cell) and its construction about
/// 200 MiB more while it runs; the work is cubic (seconds on a 2-core machine: see
/// BENCHMARKS.md).
pub const MAX_TABLE_SIDE: usize = 16384;

/// The cells that the table printed by Ibrahim, Haryanto and Amir (Figure 1 of their paper on
/// Wythoff's P-positions; see docs/bibliography.md) got wrong: `(x, y, printed, true value)`.
/// OEIS A047708 (the diagonal) and A004481 agree with the true values.
pub const PUBLISHED_MISPRINTS: [(usize, usize, u16, u16); 3] =
    [(10, 10, 18, 14), (10, 11, 5, 18), (11, 10, 5, 18)];

/// The Sprague–Grundy values `G(x, y)` for `min(x, y) < rows` and `max(x, y) < cols`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgTable {
    rows: usize,
    cols: usize,
    /// Row `x` holds `G(x, x..cols)`, rows one after another.
    cells: Vec<u16>,
}

fn check_band(rows: usize, cols: usize) -> Result<()> {
    check_side("table side", cols)?;
    if rows > cols {
        return Err(GameError::out_of_range(
            "table rows",
            rows,
            format!("at most the number of columns, {cols}"),
        ));
    }
    Ok(())
}

fn check_side(what: &str, side: usize) -> Result<()> {
    if side > MAX_TABLE_SIDE {
        return Err(GameError::out_of_range(
            what,
            side,
            format!("a table side from 0 to {MAX_TABLE_SIDE}"),
        ));
    }
    Ok(())
}

impl SgTable {
    /// The square table `0 <= x, y < side`.
    pub fn square(side: usize) -> Result<Self> {
        Self::band(side, side)
    }

    /// The band `min(x, y) < rows`, `max(x, y) < cols` (`rows <= cols`): all a single cell
    /// `(x, y)` with `x <= y` needs is the band `(x + 1, y + 1)`. Computed with
    /// [`default_threads`] threads from a million cells on, one below.
    pub fn band(rows: usize, cols: usize) -> Result<Self> {
        Self::band_with_threads(rows, cols, threads_for(rows, cols))
    }

    /// [`SgTable::band`] computed with `threads` threads (at least one; more than the number
    /// of 64-row blocks gains nothing). The values do not depend on the number of threads.
    pub fn band_with_threads(rows: usize, cols: usize, threads: usize) -> Result<Self> {
        check_band(rows, cols)?;
        let mut cells = vec![0; if rows == 0 { 0 } else { row_start(rows, cols) }];
        fill(rows, cols, threads, STRIP_AREA, 0, &mut cells)?;
        Ok(SgTable { rows, cols, cells })
    }

    /// The number of rows (the bound on the smaller coordinate).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns (the bound on the larger coordinate).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// How many cells are stored (those with `x <= y`).
    pub fn stored_cells(&self) -> usize {
        self.cells.len()
    }

    /// Bytes used by the stored values.
    pub fn memory_bytes(&self) -> usize {
        self.cells.len() * std::mem::size_of::<u16>()
    }

    /// `G(x, y)`, or `None` outside the table.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> Option<u16> {
        let (low, high) = if x <= y { (x, y) } else { (y, x) };
        if low >= self.rows || high >= self.cols {
            return None;
        }
        Some(self.cells[row_start(low, self.cols) + high - low])
    }

    /// `G(x, 0..cols)`, for `x < rows`.
    pub fn row(&self, x: usize) -> Option<Vec<u16>> {
        if x >= self.rows {
            return None;
        }
        Some((0..self.cols).filter_map(|y| self.get(x, y)).collect())
    }

    /// A rectangular tile for a viewer: `tile[j * width + i] = G(x0 + i, y0 + j)`.
    pub fn tile(&self, x0: usize, y0: usize, width: usize, height: usize) -> Result<Vec<u16>> {
        let fits =
            |start: usize, len: usize| start.checked_add(len).is_some_and(|end| end <= self.cols);
        if self.rows < self.cols || !fits(x0, width) || !fits(y0, height) {
            return Err(GameError::out_of_range(
                "tile",
                format!("{width}x{height} at ({x0}, {y0})"),
                format!("a rectangle inside the {0}x{0} table", self.rows),
            ));
        }
        let mut tile = Vec::with_capacity(width * height);
        for y in y0..y0 + height {
            tile.extend((x0..x0 + width).filter_map(|x| self.get(x, y)));
        }
        Ok(tile)
    }
}

/// `G(x, y)` for one position.
///
/// The cell depends on every cell of the rectangle below-left of it, so the work is the band
/// `(min + 1) × (max + 1)` of the table (by symmetry, the trapezoid `x' <= y'` in it). Only
/// the bitsets of the construction and the last block of 64 rows are kept, not the table:
/// about `0.75 · max · min` bytes instead of `2 · max · min` more.
pub fn grundy_value(x: u64, y: u64) -> Result<Nimber> {
    let (low, high) = if x <= y { (x, y) } else { (y, x) };
    if high >= MAX_TABLE_SIDE as u64 {
        return Err(GameError::too_large(
            "Wythoff position",
            format!(
                "Grundy values are computed for heaps below {MAX_TABLE_SIDE}, not ({x}, {y}); \
                 P-positions and winning moves are answered for any size"
            ),
        ));
    }
    let (rows, cols) = (low as usize + 1, high as usize + 1);
    let kept_from = low as usize / TILE * TILE;
    let mut last_rows = vec![0; row_start(rows, cols) - row_start(kept_from, cols)];
    fill(
        rows,
        cols,
        threads_for(rows, cols),
        STRIP_AREA,
        kept_from,
        &mut last_rows,
    )?;
    // G(low, high) is the last cell of the last row.
    Ok(last_rows.last().map_or(0, |&g| Nimber::from(g)))
}

/// Where row `x` starts: rows `0..x` hold `cols, cols − 1, …, cols − x + 1` cells.
#[inline]
fn row_start(x: usize, cols: usize) -> usize {
    x * cols - x * x.saturating_sub(1) / 2
}

/// The side of a tile: rows are computed in blocks of `TILE`, each block column tile by
/// column tile, and the column and diagonal bitsets are grouped (and locked) `TILE` at a time.
const TILE: usize = 64;

/// The plain construction, a full mex over the row, column and diagonal of every cell, kept
/// as the reference the fast table is tested against.
pub fn naive_table(side: usize) -> Vec<Vec<u16>> {
    let mut g = vec![vec![0u16; side]; side];
    for x in 0..side {
        for y in 0..side {
            let mut seen = crate::nimber::MexSet::with_capacity(2 * side);
            (0..x).for_each(|i| seen.insert(g[i][y] as Nimber));
            (0..y).for_each(|j| seen.insert(g[x][j] as Nimber));
            (1..=x.min(y)).for_each(|k| seen.insert(g[x - k][y - k] as Nimber));
            g[x][y] = seen.take_mex() as u16;
        }
    }
    g
}

#[cfg(test)]
mod tests;

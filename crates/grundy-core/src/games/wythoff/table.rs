//! The Sprague–Grundy table `G(x, y)` of Wythoff's game.
//!
//! `G(x, y)` is the mex of the values to its left `G(x', y)`, below it `G(x, y')` and on the
//! diagonal below-left `G(x − k, y − k)`. Computed naively that is a mex over `x + y + min(x, y)`
//! values per cell. Four facts about the table make it much cheaper (REFERENCE §2):
//!
//! 1. **Symmetry**: `G(x, y) = G(y, x)`, so only the cells with `x <= y` are computed and stored
//!    (a trapezoid, row `x` holding `y = x, x + 1, …`).
//! 2. **Bounds**: for `x <= y`, `y − 2x <= G(x, y) <= x + y`. Every value of a row appears in it
//!    once and every value eventually appears, so value `v` appears in row `x` no later than
//!    `y = v + 2x`.
//! 3. **Distinctness**: each row, column and diagonal holds a value at most once, so each
//!    direction is a *set*, kept as a bitset.
//! 4. **Locality**: when cell `(x, y)` is computed (rows in increasing `x`, then increasing
//!    `y`), the column below it and the diagonal below-left hold only `x` cells each, all with
//!    values in the window `[y − 2x, y + x]`.
//!
//! The algorithm keeps, for the current row, the bitset of its values so far and the row's own
//! mex `low` (every value below `low` is already in the row). By fact 2, `low >= y − 2x`; the
//! mex of the cell is the first value `>= low` missing from the row, the column and the
//! diagonal bitsets. The work is still cubic (no sub-cubic algorithm is known): measured, the
//! scan covers about `0.3 · side` values per cell, a few dozen words.
//!
//! Column and diagonal bitsets are stored *relative* to their index (bit `v − y` for column `y`,
//! rounded to whole words so that bit positions stay aligned with the row's), so each needs only
//! a window of `3 · rows` bits instead of `2 · cols`. The scan reads the three bitsets a word
//! at a time (eight words per step, which vectorises). Rows are computed in blocks of 32 and
//! each block in tiles of 32 columns, so the bitsets a tile reads stay in cache. When
//! row `x` starts, its cells left of the diagonal, `G(x, y') = G(y', x)` for `y' < x`, are exactly
//! column `x`'s bitset, so the row set is initialised by copying words, not by reading the
//! table.
//!
//! Values are below `2 · side <= 65536`, so each stored cell is a `u16`: 2 bytes per stored
//! cell, about `side² + side` bytes for a square table (16384² in 256 MiB). The bitsets of the
//! construction add about `0.75 · side²` bytes while it runs and are freed after.
//!
//! Against a plain bitset mex (the whole square, each cell's mex scanned from value 0) this is
//! about 8× faster at side 4096 and more at larger sides, but it is still cubic.

use crate::error::{GameError, Result};
use crate::nimber::Nimber;

/// The largest side of a table: `G` is computed for heaps below this.
///
/// At this side the table takes 256 MiB (2 bytes per stored cell) and its construction about
/// 200 MiB more while it runs, which takes tens of seconds on a 2-core machine (the work is
/// cubic: see BENCHMARKS.md).
pub const MAX_TABLE_SIDE: usize = 16384;

/// The cells the seed's printed table (Gambar 1) got wrong: `(x, y, printed, true value)`.
/// OEIS A047708 (the diagonal) and A004481 agree with the true values.
pub const SEED_MISPRINTS: [(usize, usize, u16, u16); 3] =
    [(10, 10, 18, 14), (10, 11, 5, 18), (11, 10, 5, 18)];

/// The Sprague–Grundy values `G(x, y)` for `min(x, y) < rows` and `max(x, y) < cols`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgTable {
    rows: usize,
    cols: usize,
    /// Row `x` holds `G(x, x..cols)`, rows one after another.
    cells: Vec<u16>,
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
    /// `(x, y)` with `x <= y` needs is the band `(x + 1, y + 1)`.
    pub fn band(rows: usize, cols: usize) -> Result<Self> {
        check_side("table side", cols)?;
        if rows > cols {
            return Err(GameError::out_of_range(
                "table rows",
                rows,
                format!("at most the number of columns, {cols}"),
            ));
        }
        Ok(SgTable {
            rows,
            cols,
            cells: fill(rows, cols),
        })
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

/// `G(x, y)` for one position, computing only the band it needs (`O(x · y)` time).
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
    let table = SgTable::band(low as usize + 1, high as usize + 1)?;
    Ok(table
        .get(low as usize, high as usize)
        .map_or(0, Nimber::from))
}

/// Where row `x` starts: rows `0..x` hold `cols, cols − 1, …, cols − x + 1` cells.
#[inline]
fn row_start(x: usize, cols: usize) -> usize {
    x * cols - x * x.saturating_sub(1) / 2
}

/// Rows are computed in blocks of this many, and each block column by column in tiles of this
/// width, so that the bitsets a tile reads (its rows', columns' and diagonals') stay in cache.
const TILE: usize = 32;

/// A family of bitsets, one per column (or per diagonal) `i`, each a contiguous run of words
/// storing value `v` at bit `v − 64·⌊i/64⌋ + 64·offset`: a window that follows the index, word
/// aligned with the absolute values so that words of different sets can be ORed directly.
struct RelativeBitsets {
    bits: Vec<u64>,
    words: usize,
    offset: usize,
}

impl RelativeBitsets {
    fn new(count: usize, offset: usize, words: usize) -> Self {
        RelativeBitsets {
            bits: vec![0; words * count],
            words,
            offset,
        }
    }

    /// Set `i`'s words from the one holding absolute values `64·w ..` on.
    #[inline]
    fn words_from(&self, i: usize, w: usize) -> &[u64] {
        let start = i * self.words;
        &self.bits[start + w + self.offset - i / 64..start + self.words]
    }

    #[inline]
    fn insert(&mut self, i: usize, v: usize) {
        self.bits[i * self.words + v / 64 + self.offset - i / 64] |= 1 << (v % 64);
    }

    /// Set `i` as an absolute bitset written into `out` (which is cleared first).
    fn copy_absolute(&self, i: usize, out: &mut [u64]) {
        out.fill(0);
        let set = &self.bits[i * self.words..(i + 1) * self.words];
        for (k, &word) in set.iter().enumerate() {
            // Relative word k holds absolute word k + ⌊i/64⌋ − offset.
            if let Some(w) = (k + i / 64).checked_sub(self.offset) {
                if let Some(slot) = out.get_mut(w) {
                    *slot = word;
                }
            }
        }
    }
}

/// Advances `low` to the least value not in `set`.
#[inline]
fn advance_mex(set: &[u64], low: &mut usize) {
    loop {
        let word = set[*low / 64] | ((1u64 << (*low % 64)) - 1);
        if word != u64::MAX {
            *low = *low / 64 * 64 + word.trailing_ones() as usize;
            return;
        }
        *low = (*low / 64 + 1) * 64;
    }
}

/// The least value, from word 0 of the three aligned slices on, missing from all three: the
/// scan that dominates the construction, eight words at a time so that it vectorises.
#[inline]
fn first_missing(row: &[u64], column: &[u64], diagonal: &[u64]) -> usize {
    const CHUNK: usize = 8;
    let len = row.len().min(column.len()).min(diagonal.len());
    let (row, column, diagonal) = (&row[..len], &column[..len], &diagonal[..len]);
    let mut w = 0;
    let chunks = row
        .chunks_exact(CHUNK)
        .zip(column.chunks_exact(CHUNK))
        .zip(diagonal.chunks_exact(CHUNK));
    for ((r, c), d) in chunks {
        let mut all = u64::MAX;
        for i in 0..CHUNK {
            all &= r[i] | c[i] | d[i];
        }
        if all != u64::MAX {
            break;
        }
        w += CHUNK;
    }
    while w < len {
        let seen = row[w] | column[w] | diagonal[w];
        if seen != u64::MAX {
            return w * 64 + seen.trailing_ones() as usize;
        }
        w += 1;
    }
    // Unreachable by the bounds G <= x + y, which the windows cover with a spare word.
    len * 64
}

/// The state of one construction: the table so far and the bitsets of every direction.
struct Construction {
    rows: usize,
    cols: usize,
    cells: Vec<u16>,
    /// The current block's rows, as absolute bitsets, and each row's own mex.
    row_sets: Vec<u64>,
    row_words: usize,
    row_low: Vec<usize>,
    columns: RelativeBitsets,
    diagonals: RelativeBitsets,
}

impl Construction {
    fn new(rows: usize, cols: usize) -> Self {
        let total = if rows == 0 { 0 } else { row_start(rows, cols) };
        // Values are below 2·cols; a spare word lets the scan run past the last value.
        let row_words = 2 * cols / 64 + 2;
        // Column y at row x holds values in [y − 2x, y + x]; diagonal d in [d − x, d + 2x].
        // The offsets leave a spare word below each window, the sizes a spare word above it.
        let col_offset = (2 * rows + 64) / 64 + 2;
        let diag_offset = (rows + 64) / 64 + 2;
        Construction {
            rows,
            cols,
            cells: vec![0; total],
            row_sets: vec![0; TILE * row_words],
            row_words,
            row_low: vec![0; TILE],
            columns: RelativeBitsets::new(cols, col_offset, col_offset + rows / 64 + 3),
            diagonals: RelativeBitsets::new(cols, diag_offset, diag_offset + 2 * rows / 64 + 3),
        }
    }

    fn run(mut self) -> Vec<u16> {
        for block in (0..self.rows).step_by(TILE) {
            let block_end = (block + TILE).min(self.rows);
            for tile in (block..self.cols).step_by(TILE) {
                let tile_end = (tile + TILE).min(self.cols);
                for x in block..block_end {
                    self.row_in_tile(block, x, tile.max(x), tile_end);
                }
            }
        }
        self.cells
    }

    /// Computes `G(x, from..to)`, where `from` is the tile's first column or the diagonal.
    fn row_in_tile(&mut self, block: usize, x: usize, from: usize, to: usize) {
        let slot = x - block;
        let words = self.row_words;
        if from == x {
            // Row x starts at the diagonal: its cells left of it, G(x, y') = G(y', x) for
            // y' < x, are exactly column x's set, which holds rows 0..x by now.
            let row = &mut self.row_sets[slot * words..(slot + 1) * words];
            self.columns.copy_absolute(x, row);
            self.row_low[slot] = 0;
            advance_mex(row, &mut self.row_low[slot]);
        }
        let start = row_start(x, self.cols) - x;
        for y in from..to {
            let d = y - x;
            let low = self.row_low[slot];
            let row = &mut self.row_sets[slot * words..(slot + 1) * words];
            let w = low / 64;
            let v = w * 64
                + first_missing(
                    &row[w..],
                    self.columns.words_from(y, w),
                    self.diagonals.words_from(d, w),
                );
            self.cells[start + y] = v as u16;
            row[v / 64] |= 1 << (v % 64);
            self.columns.insert(y, v);
            self.diagonals.insert(d, v);
            if v == low {
                advance_mex(row, &mut self.row_low[slot]);
            }
        }
    }
}

/// Computes the trapezoid `x <= y`, `x < rows`, `y < cols`.
fn fill(rows: usize, cols: usize) -> Vec<u16> {
    Construction::new(rows, cols).run()
}

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
mod tests {
    use super::*;

    #[test]
    fn matches_the_naive_table() {
        for side in [0, 1, 2, 3, 63, 64, 65, 130, 300] {
            let fast = SgTable::square(side).unwrap();
            let naive = naive_table(side);
            for (x, column) in naive.iter().enumerate() {
                for (y, &g) in column.iter().enumerate() {
                    assert_eq!(fast.get(x, y), Some(g), "G({x}, {y}), side {side}");
                }
            }
        }
    }

    #[test]
    fn bands_agree_with_the_square() {
        let square = SgTable::square(200).unwrap();
        for (rows, cols) in [(1, 200), (7, 150), (70, 199), (130, 131)] {
            let band = SgTable::band(rows, cols).unwrap();
            for x in 0..rows {
                for y in 0..cols {
                    assert_eq!(
                        band.get(x, y),
                        square.get(x, y),
                        "({x}, {y}) in {rows}x{cols}"
                    );
                }
            }
            assert_eq!(band.get(rows, rows), None);
        }
    }

    #[test]
    fn limits_and_tiles() {
        assert!(SgTable::square(MAX_TABLE_SIDE + 1).is_err());
        assert!(SgTable::band(5, 4).is_err());
        let t = SgTable::square(13).unwrap();
        assert_eq!(t.tile(0, 0, 3, 2).unwrap(), [0, 1, 2, 1, 2, 0]);
        assert!(t.tile(12, 0, 2, 1).is_err());
        assert!(t.tile(usize::MAX, 0, 2, 1).is_err());
        assert_eq!(t.memory_bytes(), 2 * t.stored_cells());
        assert_eq!(t.stored_cells(), 13 * 14 / 2);
        assert!(grundy_value(MAX_TABLE_SIDE as u64, 0).is_err());
        assert_eq!(grundy_value(10, 11).unwrap(), 18);
    }
}

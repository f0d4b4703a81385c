//! The Sprague–Grundy table `G(x, y)` of Wythoff's game.
//!
//! `G(x, y)` is the mex of the values to its left `G(x', y)`, below it `G(x, y')` and on the
//! diagonal below-left `G(x − k, y − k)`. Computed naively that is a mex over `x + y + min(x, y)`
//! values per cell. Four facts about the table make it much cheaper (docs/theory.md states them
//! with their sources; the tests check the fast table against the naive one):
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
//! Column and diagonal bitsets are stored *relative* to their index (bit `v − y` for column `y`,
//! rounded to whole words so that bit positions stay aligned with the row's), so each needs only
//! a window of `3 · rows` bits instead of `2 · cols`. Rows are computed in blocks of 64 and
//! each block in tiles of 64 columns, so the bitsets a tile reads stay in cache; inside a tile,
//! in strips of 64 down to 8 columns (narrower for higher rows, whose scans are longer), so
//! that a column's and a diagonal's words are still in L1 when the next row reads them. When
//! row `x` starts, its cells left of the diagonal, `G(x, y') = G(y', x)` for `y' < x`, are exactly
//! column x's bitset, so the row set is initialised by copying words, not by reading the
//! table.
//!
//! **Threads.** Tile `j` of block `b` only needs the tiles of the blocks below it up to column
//! tile `j`, so block `b + 1` can follow block `b` one tile behind (a wavefront). With `t`
//! threads, the blocks are dealt out in runs of two: thread `i` computes runs `i, i + t, …`,
//! each run tile column by tile column (so a column's words change cores once per two
//! blocks), its first block waiting for the block below it, in another thread, to finish a
//! tile before starting it. Column and diagonal bitsets are grouped 64 at a
//! time, each group behind its own lock; two tiles computed at the same time never share a
//! group, so the locks only hand the groups over safely. A thread whose next tile is not
//! ready yet polls briefly (yielding its core) before it sleeps, since the block below is
//! usually less than a tile ahead and waking a sleeping thread costs tens of microseconds.
//!
//! Values are below `2 · side <= 32768`, so each stored cell is a `u16`: 2 bytes per stored
//! cell, about `side² + side` bytes for a square table (16384² in 256 MiB). The bitsets of the
//! construction add about `0.75 · side²` bytes while it runs and are freed after.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::error::{GameError, Result};
use crate::nimber::Nimber;

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

/// The number of threads [`SgTable::square`] and [`SgTable::band`] use: the machine's
/// available parallelism, at most 8.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Below a million cells, starting threads costs more than it saves.
fn threads_for(rows: usize, cols: usize) -> usize {
    if rows * cols < 1 << 20 {
        1
    } else {
        default_threads()
    }
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
        fill(rows, cols, threads, STRIP_AREA, 0, &mut cells);
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
    );
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

/// Advances `low` to the least value not in the absolute bitset `set`.
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
    let chunks = row[..len]
        .chunks_exact(CHUNK)
        .zip(column[..len].chunks_exact(CHUNK))
        .zip(diagonal[..len].chunks_exact(CHUNK));
    for (k, ((r, c), d)) in chunks.enumerate() {
        let mut all = u64::MAX;
        for i in 0..CHUNK {
            all &= r[i] | c[i] | d[i];
        }
        if all != u64::MAX {
            for i in 0..CHUNK {
                let seen = r[i] | c[i] | d[i];
                if seen != u64::MAX {
                    return (k * CHUNK + i) * 64 + seen.trailing_ones() as usize;
                }
            }
        }
    }
    let mut w = len / CHUNK * CHUNK;
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

/// `TILE` consecutive lines (columns, or diagonals) `first..first + TILE`: for each, the set
/// of values on it so far and its mex.
///
/// Each set is a window of `words` words that follows its index `i`: value `v` is bit
/// `v − 64·⌊i/64⌋ + 64·offset`, word aligned with the absolute values so that words of
/// different sets can be ORed directly. The windows are sized from the bounds
/// `y − 2x <= G(x, y) <= x + y`, so every value a line can hold fits.
struct LineGroup {
    first: usize,
    words: usize,
    offset: usize,
    bits: Vec<u64>,
    mex: Vec<usize>,
}

impl LineGroup {
    fn new(first: usize, offset: usize, words: usize) -> Self {
        LineGroup {
            first,
            words,
            offset,
            bits: vec![0; words * TILE],
            mex: vec![0; TILE],
        }
    }

    /// The word of line `i` holding absolute values `64·w ..`.
    #[inline]
    fn word_index(&self, i: usize, w: usize) -> usize {
        (i - self.first) * self.words + w + self.offset - i / 64
    }

    /// Line `i`'s words from the one holding absolute values `64·w ..` on.
    #[inline]
    fn words_from(&self, i: usize, w: usize) -> &[u64] {
        let end = (i - self.first + 1) * self.words;
        &self.bits[self.word_index(i, w)..end]
    }

    #[inline]
    fn contains(&self, i: usize, v: usize) -> bool {
        self.bits[self.word_index(i, v / 64)] >> (v % 64) & 1 == 1
    }

    #[inline]
    fn mex(&self, i: usize) -> usize {
        self.mex[i - self.first]
    }

    /// Adds `v` to line `i` and keeps its mex (amortised O(1): the mex only moves up).
    #[inline]
    fn insert(&mut self, i: usize, v: usize) {
        let at = self.word_index(i, v / 64);
        self.bits[at] |= 1 << (v % 64);
        let mut mex = self.mex[i - self.first];
        if mex == v {
            while self.contains(i, mex) {
                mex += 1;
            }
            self.mex[i - self.first] = mex;
        }
    }

    /// Line `i` as an absolute bitset written into `out` (which is cleared first).
    fn copy_absolute(&self, i: usize, out: &mut [u64]) {
        out.fill(0);
        let start = (i - self.first) * self.words;
        for (k, &word) in self.bits[start..start + self.words].iter().enumerate() {
            // Relative word k holds absolute word k + ⌊i/64⌋ − offset.
            if let Some(w) = (k + i / 64).checked_sub(self.offset) {
                if let Some(slot) = out.get_mut(w) {
                    *slot = word;
                }
            }
        }
    }
}

/// The sizes shared by every part of one construction.
struct Shape {
    cols: usize,
    /// Sets the width of the strips a tile is computed in: see [`strip_width`].
    strip_area: usize,
    /// Words of a row's absolute bitset: values are below `2·cols`, plus a spare word.
    row_words: usize,
}

/// What the threads share: the column and diagonal groups, each behind its own lock, and how
/// far each block of rows has got.
///
/// Block `b` (rows `b·TILE ..`) works through column tiles `j = b, b + 1, …`. Tile `j` of
/// block `b` reads columns `j·TILE ..` (written by the blocks below it at the same tile) and
/// diagonals of groups `j − b − 1` and `j − b` (written by the blocks below at tiles `<= j`),
/// so it may start once block `b − 1` has finished tile `j`. Two blocks working at the same
/// time never touch the same group, so the locks are never contended; they only make the
/// hand-over safe.
struct Shared {
    shape: Shape,
    columns: Vec<Mutex<LineGroup>>,
    diagonals: Vec<Mutex<LineGroup>>,
    /// `done[b]`: how many of block `b`'s tiles are finished (counting from tile 0).
    done: Vec<AtomicUsize>,
    /// Set once a thread has panicked, so that the others stop waiting.
    aborted: AtomicBool,
    /// How many threads sleep on `progress`; only changed with the lock held.
    sleepers: Mutex<usize>,
    progress: Condvar,
}

/// How long a thread polls the progress of the block below (yielding its core between looks)
/// before it sleeps. A tile takes about a tenth of a millisecond or more, and waking a
/// sleeping thread costs tens of microseconds (more in a virtual machine), so the trailing
/// thread, usually less than a tile behind, mostly waits by polling; it sleeps only when the
/// other thread was descheduled for long.
const SPIN: Duration = Duration::from_micros(200);

/// Tells the other threads to stop waiting when the thread holding it panics.
struct AbortOnPanic<'a>(&'a Shared);

impl Drop for AbortOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.aborted.store(true, Ordering::SeqCst);
            let _sleepers = self.0.sleepers.lock().unwrap_or_else(|e| e.into_inner());
            self.0.progress.notify_all();
        }
    }
}

impl Shared {
    fn new(rows: usize, cols: usize, strip_area: usize) -> Self {
        let groups = cols.div_ceil(TILE);
        // Column y at row x holds values in [y − 2x, y + x]; diagonal d in [d − x, d + 2x].
        // The offsets leave a spare word below each window, the sizes a spare word above it.
        let col_offset = (2 * rows + 64) / 64 + 2;
        let col_words = col_offset + rows / 64 + 3;
        let diag_offset = (rows + 64) / 64 + 2;
        let diag_words = diag_offset + 2 * rows / 64 + 3;
        let blocks = rows.div_ceil(TILE);
        Shared {
            shape: Shape {
                cols,
                strip_area,
                row_words: 2 * cols / 64 + 2,
            },
            columns: (0..groups)
                .map(|g| Mutex::new(LineGroup::new(g * TILE, col_offset, col_words)))
                .collect(),
            diagonals: (0..groups)
                .map(|g| Mutex::new(LineGroup::new(g * TILE, diag_offset, diag_words)))
                .collect(),
            done: (0..blocks).map(|_| AtomicUsize::new(0)).collect(),
            aborted: AtomicBool::new(false),
            sleepers: Mutex::new(0),
            progress: Condvar::new(),
        }
    }

    /// Whether block `b` has finished tile `j`, or `Some(false)` if another thread panicked.
    fn ready(&self, b: usize, j: usize) -> Option<bool> {
        if self.done[b].load(Ordering::Acquire) > j {
            Some(true)
        } else if self.aborted.load(Ordering::Acquire) {
            Some(false)
        } else {
            None
        }
    }

    /// Waits until block `b` has finished tile `j`; false if another thread panicked. Polls
    /// for up to [`SPIN`] first, then sleeps until [`Shared::finished`] wakes it.
    fn wait_for(&self, b: usize, j: usize) -> bool {
        if let Some(ready) = self.ready(b, j) {
            return ready;
        }
        let start = Instant::now();
        while start.elapsed() < SPIN {
            // Yielding rather than spinning on the spot: on a loaded machine the thread this
            // one waits for may be queued for this very core.
            std::thread::yield_now();
            if let Some(ready) = self.ready(b, j) {
                return ready;
            }
        }
        let mut sleepers = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            // Checked with the lock held: `finished` stores before it takes the lock, so it
            // either is seen here or sees this thread among the sleepers and wakes it.
            if let Some(ready) = self.ready(b, j) {
                return ready;
            }
            *sleepers += 1;
            sleepers = self
                .progress
                .wait(sleepers)
                .unwrap_or_else(|e| e.into_inner());
            *sleepers -= 1;
        }
    }

    /// Records that block `b` has finished tile `j` and wakes any sleeping thread.
    fn finished(&self, b: usize, j: usize) {
        self.done[b].store(j + 1, Ordering::Release);
        let sleepers = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
        if *sleepers > 0 {
            self.progress.notify_all();
        }
    }
}

fn lock(group: &Mutex<LineGroup>) -> MutexGuard<'_, LineGroup> {
    group.lock().unwrap_or_else(|e| e.into_inner())
}

/// One block of rows `start..end` being computed: their absolute row bitsets, each row's own
/// mex, and where their cells go (`None` when only the bitsets are wanted).
struct Block<'a> {
    index: usize,
    start: usize,
    end: usize,
    row_sets: Vec<u64>,
    row_low: Vec<usize>,
    cells: Option<&'a mut [u16]>,
}

impl Block<'_> {
    /// Allocates the block's row bitsets before its first tile.
    fn begin(&mut self, shared: &Shared) {
        self.row_sets = vec![0; TILE * shared.shape.row_words];
        self.row_low = vec![0; TILE];
    }

    /// Tile `j`, once the block below has finished it (`wait` when that block belongs to
    /// another thread); false if another thread panicked.
    fn step(&mut self, shared: &Shared, j: usize, wait: bool, scratch: &mut [u16]) -> bool {
        if wait && self.index > 0 && !shared.wait_for(self.index - 1, j) {
            return false;
        }
        self.tile(shared, j, scratch);
        shared.finished(self.index, j);
        if j + 1 == shared.shape.cols.div_ceil(TILE) {
            self.row_sets = Vec::new();
        }
        true
    }

    /// Tile `j`: the cells `(x, y)` of the block with `y` in column tile `j` and `y >= x`.
    ///
    /// The tile goes in strips of a few columns, each strip for all the block's rows: a column
    /// (and a diagonal) is read again by the next row a strip's width of cells later, so in a
    /// narrow strip its words are still in L1. With whole-tile rows at large sides they came
    /// from L2 at every cell (callgrind at side 8192: 7.8 L1 misses per cell with whole-tile
    /// rows, 1.6 with these strips).
    fn tile(&mut self, shared: &Shared, j: usize, scratch: &mut [u16]) {
        let mut columns = lock(&shared.columns[j]);
        // Diagonals d = y − x of the tile lie in groups j − index − 1 and j − index.
        let high = j - self.index;
        let mut low_group = high.checked_sub(1).map(|g| lock(&shared.diagonals[g]));
        let mut high_group = shared.diagonals.get(high).map(lock);
        let tile_end = ((j + 1) * TILE).min(shared.shape.cols);
        let strip = strip_width(shared.shape.strip_area, self.start);
        for strip_start in (j * TILE..tile_end).step_by(strip) {
            let mut lines = TileLines {
                columns: &mut columns,
                low_group: low_group.as_deref_mut(),
                high_group: high_group.as_deref_mut(),
                high,
            };
            let to = (strip_start + strip).min(tile_end);
            for x in self.start..self.end {
                self.row_cells(
                    &shared.shape,
                    &mut lines,
                    x,
                    strip_start.max(x)..to,
                    scratch,
                );
            }
        }
    }

    /// Row `x`'s cells `G(x, y)` for `y` in `range`, inside the current tile.
    fn row_cells(
        &mut self,
        shape: &Shape,
        lines: &mut TileLines,
        x: usize,
        range: Range<usize>,
        scratch: &mut [u16],
    ) {
        let Range {
            start: from,
            end: to,
        } = range;
        if from >= to {
            return;
        }
        let slot = x - self.start;
        let words = shape.row_words;
        let row = &mut self.row_sets[slot * words..(slot + 1) * words];
        let low = &mut self.row_low[slot];
        if from == x {
            // Row x starts at the diagonal: its cells left of it, G(x, y') = G(y', x) for
            // y' < x, are exactly column x's set, which holds rows 0..x by now.
            lines.columns.copy_absolute(x, row);
            *low = 0;
            advance_mex(row, low);
        }
        let out = match self.cells.as_deref_mut() {
            Some(cells) => {
                // Row x's cells start at y = x.
                let row_first = row_start(x, shape.cols) - row_start(self.start, shape.cols);
                &mut cells[row_first + from - x..row_first + to - x]
            }
            None => &mut scratch[from..to],
        };
        // The cells of diagonal group `high` start at y = x + high·TILE.
        let split = (x + lines.high * TILE).clamp(from, to);
        let (left, right) = out.split_at_mut(split - from);
        if from < split {
            let diagonals = lines.low_group.as_deref_mut().expect("locked");
            cells(row, low, lines.columns, diagonals, x, from, left);
        }
        if split < to {
            let diagonals = lines.high_group.as_deref_mut().expect("locked");
            cells(row, low, lines.columns, diagonals, x, split, right);
        }
    }
}

/// The line groups one tile works on: its columns, and the two diagonal groups its cells lie
/// in (`high` is the index of the upper one).
struct TileLines<'a> {
    columns: &'a mut LineGroup,
    low_group: Option<&'a mut LineGroup>,
    high_group: Option<&'a mut LineGroup>,
    high: usize,
}

/// The default for [`Shape::strip_area`]. A cell of row `x` scans about `x / 100` words of
/// its column and as many of its diagonal (the gap from the largest mex to the value grows like
/// `x`), and the next row reads that column again a strip's width of cells later, so the
/// strip's column and diagonal words take about `strip · x / 6` bytes of L1. With this area
/// that is about 5 KiB, a sixth of a 32 KiB L1, which leaves room for the rows' words; 2^14 and
/// 2^16 measured no better (user time at side 16384; the runs are in the git history of
/// BENCHMARKS.md).
const STRIP_AREA: usize = 1 << 15;

/// The narrowest strip: narrower ones spend more on row and strip bookkeeping than they save.
const MIN_STRIP: usize = 8;

/// How many columns a block starting at row `block_start` computes at a time inside a tile:
/// `area / block_start` rounded up to a power of two, from [`MIN_STRIP`] to [`TILE`] (so
/// strips divide tiles).
fn strip_width(area: usize, block_start: usize) -> usize {
    (area / block_start.max(1))
        .next_power_of_two()
        .clamp(MIN_STRIP, TILE)
}

/// Computes `G(x, from..from + out.len())` into `out`, given row `x`'s absolute bitset and mex
/// and the groups holding those cells' columns and diagonals.
#[inline]
fn cells(
    row: &mut [u64],
    low: &mut usize,
    columns: &mut LineGroup,
    diagonals: &mut LineGroup,
    x: usize,
    from: usize,
    out: &mut [u16],
) {
    for (y, cell) in (from..).zip(out.iter_mut()) {
        let d = y - x;
        // Every value below a line's mex is on that line, so the cell's value is at least
        // the largest of the three.
        let bound = (*low).max(columns.mex(y)).max(diagonals.mex(d));
        let w = bound / 64;
        let v = w * 64
            + first_missing(
                &row[w..],
                columns.words_from(y, w),
                diagonals.words_from(d, w),
            );
        *cell = v as u16;
        row[v / 64] |= 1 << (v % 64);
        columns.insert(y, v);
        diagonals.insert(d, v);
        if v == *low {
            advance_mex(row, low);
        }
    }
}

/// Computes the trapezoid `x <= y`, `x < rows`, `y < cols` with `threads` threads, storing
/// the cells of rows `kept_from..rows` (a multiple of [`TILE`]) in `cells`, row after row.
/// The strips are sized from `strip_area` (see [`strip_width`]).
fn fill(
    rows: usize,
    cols: usize,
    threads: usize,
    strip_area: usize,
    kept_from: usize,
    cells: &mut [u16],
) {
    debug_assert_eq!(kept_from % TILE, 0);
    let shared = Shared::new(rows, cols, strip_area);
    // Cut the cells into the blocks' rows.
    let mut blocks = Vec::new();
    let mut rest = cells;
    for (index, start) in (0..rows).step_by(TILE).enumerate() {
        let end = (start + TILE).min(rows);
        let kept = if start >= kept_from {
            let len = row_start(end, cols) - row_start(start, cols);
            let (mine, tail) = std::mem::take(&mut rest).split_at_mut(len);
            rest = tail;
            Some(mine)
        } else {
            None
        };
        blocks.push(Block {
            index,
            start,
            end,
            row_sets: Vec::new(),
            row_low: Vec::new(),
            cells: kept,
        });
    }
    let threads = threads.clamp(1, blocks.len().max(1));
    // Each thread takes runs of GROUP consecutive blocks in turn and works through a run tile
    // column by tile column, so a column's and a diagonal's words change cores once per run
    // rather than once per block.
    let group = if threads == 1 { 1 } else { GROUP };
    let mut lanes: Vec<Vec<Vec<Block>>> = (0..threads).map(|_| Vec::new()).collect();
    let mut blocks = blocks.into_iter().peekable();
    let mut lane = 0;
    while blocks.peek().is_some() {
        lanes[lane].push(blocks.by_ref().take(group).collect());
        lane = (lane + 1) % threads;
    }
    let tiles = cols.div_ceil(TILE);
    let run_lane = |lane: &mut Vec<Vec<Block>>, shared: &Shared| {
        let mut scratch = vec![0; cols];
        for run in lane.iter_mut() {
            run.iter_mut().for_each(|block| block.begin(shared));
            let first = run[0].index;
            for j in first..tiles {
                for (k, block) in run.iter_mut().enumerate() {
                    // Block `first + k` starts at tile `first + k`; only the run's first block
                    // waits for another thread's block.
                    if block.index <= j && !block.step(shared, j, k == 0, &mut scratch) {
                        return;
                    }
                }
            }
        }
    };
    if let [lane] = lanes.as_mut_slice() {
        // One thread: no need to spawn one.
        run_lane(lane, &shared);
        return;
    }
    std::thread::scope(|scope| {
        for lane in &mut lanes {
            let shared = &shared;
            let run_lane = &run_lane;
            scope.spawn(move || {
                let _abort = AbortOnPanic(shared);
                run_lane(lane, shared);
            });
        }
    });
}

/// How many consecutive blocks one thread computes together when several threads share the
/// work (see [`fill`]).
const GROUP: usize = 2;

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

    /// A table's values do not depend on its side: every square up to 300, with one to three
    /// threads, is the corner of the naive 300 × 300 table.
    #[test]
    fn every_side_up_to_300_with_any_threads() {
        let naive = naive_table(300);
        for side in 0..=300 {
            let fast = SgTable::band_with_threads(side, side, 1 + side % 3).unwrap();
            for (x, column) in naive.iter().enumerate().take(side) {
                for (y, &g) in column.iter().enumerate().take(side) {
                    assert_eq!(fast.get(x, y), Some(g), "G({x}, {y}), side {side}");
                }
            }
        }
    }

    /// An independent plain construction: the whole square, one used-value bitset per row,
    /// column and diagonal, each mex scanned from value 0.
    fn plain_bitset_table(side: usize) -> Vec<u16> {
        let words = 2 * side / 64 + 2;
        let mut rows = vec![0u64; side * words];
        let mut columns = vec![0u64; side * words];
        let mut diagonals = vec![0u64; 2 * side * words];
        let mut g = vec![0u16; side * side];
        for x in 0..side {
            for y in 0..side {
                let d = side + y - x;
                let v = (0..words)
                    .find_map(|w| {
                        let seen =
                            rows[x * words + w] | columns[y * words + w] | diagonals[d * words + w];
                        (seen != u64::MAX).then(|| w * 64 + seen.trailing_ones() as usize)
                    })
                    .expect("values are below 2 · side");
                g[x * side + y] = v as u16;
                for (sets, i) in [(&mut rows, x), (&mut columns, y), (&mut diagonals, d)] {
                    sets[i * words + v / 64] |= 1 << (v % 64);
                }
            }
        }
        g
    }

    #[test]
    fn larger_tables_and_single_cells_match_a_plain_construction() {
        const SIDE: usize = 1200;
        let plain = plain_bitset_table(SIDE);
        for threads in [1, 2, 5] {
            let fast = SgTable::band_with_threads(SIDE, SIDE, threads).unwrap();
            for x in 0..SIDE {
                for y in 0..SIDE {
                    assert_eq!(fast.get(x, y), Some(plain[x * SIDE + y]), "G({x}, {y})");
                }
            }
        }
        // Single positions (only the last block of rows is kept), at pseudo-random cells.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..12 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (x, y) = ((state >> 20) as usize % SIDE, (state >> 40) as usize % SIDE);
            let g = grundy_value(x as u64, y as u64).unwrap();
            assert_eq!(g, Nimber::from(plain[x * SIDE + y]), "G({x}, {y})");
        }
        for (x, y) in [
            (0, 0),
            (0, SIDE - 1),
            (SIDE - 1, SIDE - 1),
            (31, 32),
            (32, 31),
            (63, 64),
            (64, 127),
            (128, 128),
            (64, 64),
        ] {
            let g = grundy_value(x as u64, y as u64).unwrap();
            assert_eq!(g, Nimber::from(plain[x * SIDE + y]), "G({x}, {y})");
        }
    }

    #[test]
    fn strip_widths() {
        assert_eq!(strip_width(STRIP_AREA, 0), TILE);
        assert_eq!(strip_width(STRIP_AREA, 512), TILE);
        assert_eq!(strip_width(STRIP_AREA, 576), TILE);
        assert_eq!(strip_width(STRIP_AREA, 1024), 32);
        assert_eq!(strip_width(STRIP_AREA, 2048), 16);
        assert_eq!(strip_width(STRIP_AREA, 2500), 16);
        assert_eq!(strip_width(STRIP_AREA, 4096), MIN_STRIP);
        assert_eq!(strip_width(STRIP_AREA, 16320), MIN_STRIP);
        assert_eq!(strip_width(1, 64), MIN_STRIP);
    }

    /// Strips of every width (all of `MIN_STRIP` with area 1; 64 down to 8 over the blocks
    /// with area 4000) and one to three threads give the same values, at a side that is not a
    /// multiple of a tile, nor of a strip.
    #[test]
    fn strips_and_threads_do_not_change_values() {
        const SIDE: usize = 701;
        let plain = plain_bitset_table(SIDE);
        for strip_area in [1, 4000, STRIP_AREA] {
            for threads in [1, 2, 3] {
                let mut cells = vec![0; row_start(SIDE, SIDE)];
                fill(SIDE, SIDE, threads, strip_area, 0, &mut cells);
                let table = SgTable {
                    rows: SIDE,
                    cols: SIDE,
                    cells,
                };
                for x in 0..SIDE {
                    for y in 0..SIDE {
                        assert_eq!(
                            table.get(x, y),
                            Some(plain[x * SIDE + y]),
                            "G({x}, {y}), strip area {strip_area}, {threads} threads"
                        );
                    }
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

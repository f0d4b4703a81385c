//! The order the table's cells are computed in, and the threads that share the work.
//!
//! Rows are computed in blocks of 64 and each block in tiles of 64 columns, so the bitsets a
//! tile reads stay in cache; inside a tile, in strips of 64 down to 8 columns (narrower for
//! higher rows, whose scans are longer), so that a column's and a diagonal's words are still
//! in L1 when the next row reads them. When row `x` starts, its cells left of the diagonal,
//! `G(x, y') = G(y', x)` for `y' < x`, are exactly column x's bitset, so the row set is
//! initialised by copying words, not by reading the table.
//!
//! **Threads.** Tile `j` of block `b` only needs the tiles of the blocks below it up to column
//! tile `j`, so block `b + 1` can follow block `b` one tile behind (a wavefront). With `t`
//! threads, the blocks are dealt out in runs of two: thread `i` computes runs `i, i + t, …`,
//! each run tile column by tile column (so a column's words change cores once per two
//! blocks), its first block waiting for the block below it, in another thread, to finish a
//! tile before starting it. Column and diagonal bitsets are grouped 64 at a time, each group
//! behind its own lock; two tiles computed at the same time never share a group, so the locks
//! only hand the groups over safely. A thread whose next tile is not
//! ready yet polls briefly (yielding its core) before it sleeps, since the block below is
//! usually less than a tile ahead and waking a sleeping thread costs tens of microseconds.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::kernels::{advance_mex, cells, LineGroup};
use super::{row_start, TILE};
use crate::kernel::error::Result;

/// The number of threads [`SgTable::square`](super::SgTable::square) and
/// [`SgTable::band`](super::SgTable::band) use: the machine's
/// available parallelism, at most 8.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Below a million cells, starting threads costs more than it saves.
pub(super) fn threads_for(rows: usize, cols: usize) -> usize {
    if rows * cols < 1 << 20 {
        1
    } else {
        default_threads()
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
    /// Set once a thread has panicked or found the budget spent, so that the others stop
    /// waiting.
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
            self.0.abort();
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

    /// Tells every thread to stop: one panicked, or the question's budget is spent.
    fn abort(&self) {
        self.aborted.store(true, Ordering::SeqCst);
        let _sleepers = self.sleepers.lock().unwrap_or_else(|e| e.into_inner());
        self.progress.notify_all();
    }

    /// Whether block `b` has finished tile `j`, or `Some(false)` if another thread stopped.
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
pub(super) const STRIP_AREA: usize = 1 << 15;

/// The narrowest strip: narrower ones spend more on row and strip bookkeeping than they save.
pub(super) const MIN_STRIP: usize = 8;

/// How many columns a block starting at row `block_start` computes at a time inside a tile:
/// `area / block_start` rounded up to a power of two, from [`MIN_STRIP`] to [`TILE`] (so
/// strips divide tiles).
pub(super) fn strip_width(area: usize, block_start: usize) -> usize {
    (area / block_start.max(1))
        .next_power_of_two()
        .clamp(MIN_STRIP, TILE)
}

/// Computes the trapezoid `x <= y`, `x < rows`, `y < cols` with `threads` threads, storing
/// the cells of rows `kept_from..rows` (a multiple of [`TILE`]) in `cells`, row after row.
/// The strips are sized from `strip_area` (see [`strip_width`]). Every thread keeps the
/// question's budget and cancel flag (carried from the calling thread), looking at them once a
/// tile: the first refusal stops them all and is returned.
pub(super) fn fill(
    rows: usize,
    cols: usize,
    threads: usize,
    strip_area: usize,
    kept_from: usize,
    cells: &mut [u16],
) -> Result<()> {
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
    let run_lane = |lane: &mut Vec<Vec<Block>>, shared: &Shared| -> Result<()> {
        let mut scratch = vec![0; cols];
        for run in lane.iter_mut() {
            run.iter_mut().for_each(|block| block.begin(shared));
            let first = run[0].index;
            for j in first..tiles {
                if let Err(e) = crate::kernel::cancel::check() {
                    shared.abort();
                    return Err(e);
                }
                for (k, block) in run.iter_mut().enumerate() {
                    // Block `first + k` starts at tile `first + k`; only the run's first block
                    // waits for another thread's block.
                    if block.index <= j && !block.step(shared, j, k == 0, &mut scratch) {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    };
    if let [lane] = lanes.as_mut_slice() {
        // One thread: no need to spawn one.
        return run_lane(lane, &shared);
    }
    let carried = crate::kernel::cancel::carry();
    std::thread::scope(|scope| {
        let workers: Vec<_> = lanes
            .iter_mut()
            .map(|lane| {
                let (shared, run_lane, carried) = (&shared, &run_lane, &carried);
                scope.spawn(move || {
                    let _abort = AbortOnPanic(shared);
                    carried.within(|| run_lane(lane, shared))
                })
            })
            .collect();
        // A worker's panic is passed on as it was; the first refusal is the answer.
        let results: Vec<Result<()>> = workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect();
        results.into_iter().collect()
    })
}

/// How many consecutive blocks one thread computes together when several threads share the
/// work (see [`fill`]).
const GROUP: usize = 2;

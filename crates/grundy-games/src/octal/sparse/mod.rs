//! The rare/common ("sparse space") method for Grundy sequences of octal games.
//!
//! Computing `G(n)` naively means looking at every split `a + b = n - k`: `O(n)` work per
//! value. The method of *Winning Ways* (ch. 4) avoids most of it.
//!
//! **Codes.** Each position `i` gets the *code* `c(i) = 2·G(i) + (i mod 2)`: its value and its
//! parity. A split move removing `k` tokens from `n` gives parts `a` and `b` with
//! `a + b = n - k`, so `c(a) XOR c(b) = c_n(g) XOR (k mod 2)` where `g = G(a) XOR G(b)` is the
//! option's value and `c_n(g) = 2g + (n mod 2)`. Split moves fall in two *classes* by the parity
//! `d` of `k`; the parity bit is what makes games such as `.104` and `.106` sparse.
//!
//! **Common and rare.** For each class `d` the solver keeps a set `C` of *common* codes that is
//! *sum-free*: `c1 XOR c2 XOR d` is never in `C` for `c1, c2` in `C`. (The textbook choice is
//! `C = {x : popcount(x & mask) odd}` for a mask; a greedy set is more general and is chosen
//! automatically.) Every other code is *rare*. Then a split of two common parts never gives an
//! option whose code is common, so:
//!
//! 1. the options that involve a rare part — few when rare positions are few — are computed
//!    one by one, and their mex with the removal options is a *candidate* `g`;
//! 2. if `c_n(g)` is common, no split of two common parts reaches it: `G(n) = g`;
//! 3. otherwise (rarely) every split is scanned for `g`; each hit raises the candidate.
//!
//! **Choosing `C`.** The most frequent codes are tried first, each joining `C` if it keeps `C`
//! sum-free; `C` is chosen again when a rare code becomes more frequent than a common one.
//! Games with no sparse space (`.007`, `.016`) end up with many rare positions; then the solver
//! switches that class to *dense* mode and scans every split directly, in vectorisable chunks.
//!
//! The solver is in this file; `bitsets` holds its bitmaps, `class` the rare/common classes,
//! `kernels` the inner loops over runs of values, `settle` the search for the splits of two
//! common parts (step 3), `mirror` the values in reverse order (so that both parts of a split
//! are read forwards), `far` the optional second thread, `value` the stored value type (`u8` or
//! `u16`) and `width` the public [`SparseSolver`], which stores values in one byte each until
//! one needs two.

mod bitsets;
mod class;
mod far;
mod kernels;
mod mirror;
mod settle;
#[cfg(test)]
mod tests;
mod value;
mod width;

use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_rules::HeapRules;
use bitsets::{insert_all, insert_pairs, pays_to_mark, Marks, Seen};
use class::{code_of, Class};
use far::{FarRows, FarSlot};
use kernels::{rare_pass, small_pass, Rows};
use mirror::Mirror;
use value::Value;
pub use width::SparseSolver;

/// What one class of split moves (amounts removed of one parity) did so far: for tuning the
/// rare/common method ([`SparseSolver::class_stats`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClassStats {
    /// The parity of the amounts removed by the class's split moves.
    pub parity: u32,
    /// Positions whose code is rare.
    pub rare_positions: u64,
    /// Codes chosen as common.
    pub common_codes: u64,
    /// How often the common set was chosen again.
    pub rebuilds: u64,
    /// Hits of the scans since the last block (scan statistics, reset every block).
    pub hits: u64,
    /// The pairs those hits cost.
    pub hit_pairs: u64,
    /// Positions scanned since the last block.
    pub scanned_positions: u64,
    /// Steps of split pairs recorded blind while settling candidates (all so far).
    pub blind_steps: u64,
}

/// The largest value the solver stores (values are held as `u8` while below 256, then `u16`).
pub const MAX_VALUE: u32 = u16::MAX as u32 - 1;

/// Pairs compared per chunk in a scan: a multiple of the vector width, small enough that a hit
/// wastes little work.
const CHUNK: usize = 32;

/// Positions computed together in one block pass over the rare positions.
const BLOCK: usize = 64;

/// The most small parts computed in the block pass.
const MAX_SMALL_PARTS: usize = 256;

/// Hits per position after which a scan records pairs instead of rescanning.
const CHEAP_RESCANS: usize = 2;

/// Split pairs recorded per step while settling a candidate blind (see
/// [`Solver::settle_candidate`]): each step ends with a look at the mex, and on average half a
/// step is recorded beyond the pairs the position needed.
const RECORD_STEP: usize = 256;

/// Positions per superblock in two-thread mode: the second thread computes one superblock's
/// far options while the main thread settles the values of the one before.
const SUPERBLOCK: usize = 256;

/// In two-thread mode, the second thread handles the rare positions from here on: the options
/// they give the positions of the superblock after next read only values that are already known
/// (the partner `n - k - p` is below the current superblock when `p >= 2 · SUPERBLOCK`).
const FAR_MIN: usize = 2 * SUPERBLOCK;

/// A superblock is handed to the second thread only if its far rare positions (times split
/// amounts) are at least this many: below that the hand-over costs more than it saves.
const FAR_WORTH: usize = 256;

/// The second thread needs a copy of every value known (its rare positions' partners lie
/// anywhere below); it keeps its copy across calls ([`far::FarWorker`]), so only the values
/// it lacks are sent. A call uses two threads only if it computes at least `1/FAR_COPY_RATIO`
/// as many values as that copy: the first call of a solver resumed from a long table, in
/// small steps (`games/octal/run`, a step every tenth of a second), would otherwise spend more
/// time copying than computing (Officers at 22 million values: 45 MB for a step of about
/// 40,000 values). A shorter call sends it `FAR_COPY_RATIO` values for each it computes
/// instead, so that a resumed run catches up within a few calls: before, such a run never
/// did and went on one thread to its end (Officers resumed at 195,641,344 values: 0.27 M
/// values a second). A thread per call, sent every value each time, had kept long runs on
/// one thread past a few times 10^7 values.
const FAR_COPY_RATIO: usize = 256;

/// A class switches to dense mode when more than `1/DENSE_RATIO` of the positions are rare.
const DENSE_RATIO: usize = 8;

/// The rare/common solver with values stored as `V`: extends a Grundy sequence one value at a
/// time until a value does not fit `V` (see [`SparseSolver`] for the public face).
#[derive(Debug, Clone)]
struct Solver<V: Value> {
    take_all: Vec<usize>,
    max_take_all: usize,
    take: Vec<usize>,
    unequal_splits: bool,
    classes: Vec<Class>,
    values: Vec<V>,
    /// The values again, in reverse order: the larger parts of splits read forwards.
    mirror: Mirror<V>,
    /// How many positions have each code.
    counts: Vec<u32>,
    max_value: u32,
    seen: Seen,
    /// Per split amount (all classes, in order): how many pairs of the current position are
    /// already in `seen`.
    inserted: Vec<usize>,
    /// Scratch space for [`insert_all`].
    lanes: Vec<u64>,
    /// Scratch space for [`insert_pairs`].
    marks: Marks,
    /// Per split amount: the first smaller part a scan must look at in this block.
    scan_from: Vec<usize>,
    /// The block pass's options, one row of `block_words` words per position (a `seen` without
    /// its last word, which only the mex needs).
    block: Vec<u64>,
    /// The block pass's byte rows with one-byte values (see [`Rows`]), all zero between blocks.
    block_bytes: Vec<u8>,
    block_words: usize,
    block_len: usize,
    /// The first position of the current block.
    block_start: usize,
    block_valid: bool,
    /// Threads to use: 1, or 2 for a second thread computing far options ahead.
    threads: usize,
    /// Counts the times the rare positions were chosen again: far options computed from an
    /// older choice are not used.
    generation: u64,
    /// The far options of the current superblock, from the second thread.
    far: Option<FarRows>,
    /// Whether the current block's positions take their far options from `far`.
    block_far: bool,
    /// How many small parts (from `FAR_MIN` on) the second thread records the splits of, for
    /// classes recording blind: raised while it keeps up, halved when it is late.
    far_parts: usize,
    /// Whether some class records blind in the current block.
    blind_block: bool,
    /// Diagnostics: blocks whose far options came from the second thread.
    far_blocks: u64,
    /// Tests: wait for the second thread's rows instead of doing without them when late, so
    /// that the tests use them whatever the machine's load.
    far_wait: bool,
    /// The second thread, once two-thread mode has started it.
    worker: FarSlot<V>,
}

impl<V: Value> Solver<V> {
    /// A solver for `rules`, starting from the empty sequence.
    fn new(rules: &HeapRules) -> Self {
        let split = rules.split();
        let classes: Vec<Class> = (0..2u32)
            .map(|d| {
                let amounts: Vec<usize> = split
                    .iter()
                    .copied()
                    .filter(|&k| k as u32 & 1 == d)
                    .collect();
                Class::new(d, amounts)
            })
            .filter(|c| !c.amounts.is_empty())
            .collect();
        Solver {
            take_all: rules.take_all(),
            max_take_all: rules.take_all().last().copied().unwrap_or(0),
            take: rules.take(),
            unequal_splits: rules.is_grundys_game(),
            inserted: vec![1; split.len()],
            scan_from: vec![1; split.len()],
            lanes: Vec::new(),
            marks: Marks::default(),
            classes,
            values: Vec::new(),
            mirror: Mirror::of(&[]),
            counts: Vec::new(),
            max_value: 0,
            seen: Seen::for_values_below(1),
            block: Vec::new(),
            block_bytes: Vec::new(),
            block_words: 0,
            block_len: 0,
            block_start: 0,
            block_valid: false,
            threads: 1,
            generation: 0,
            far: None,
            block_far: false,
            far_parts: 0,
            blind_block: false,
            far_blocks: 0,
            far_wait: false,
            worker: FarSlot::default(),
        }
    }

    /// Uses `threads` threads (1 or 2; more count as 2). With 2, a second thread computes the
    /// options that come from rare positions far below each superblock of 256 positions, and
    /// (in classes that record their splits blind) the splits of the small parts from 512 on,
    /// as many as it keeps up with, while the main thread settles the values of the superblock
    /// before; the values are the same. The second thread is used only while there are enough
    /// such rare positions to pay for the hand-over (Officers `0.6` has about 1,500; `0.104`
    /// has 20, all small).
    fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 2);
        if self.threads == 1 {
            // No second thread from now on: nor its copy of the values.
            self.worker = FarSlot::default();
        }
    }

    /// A solver that continues from known values `G(0..values.len())`.
    fn resume(rules: &HeapRules, values: Vec<V>) -> Self {
        let mut solver = Self::new(rules);
        for (n, &g) in values.iter().enumerate() {
            solver.count(n, g.into());
        }
        solver.max_value = values
            .iter()
            .map(|&g| u32::from(g.into()))
            .max()
            .unwrap_or(0);
        solver.seen = Seen::for_values_below(solver.max_value + 1);
        for class in &mut solver.classes {
            class.choose_again(&solver.counts, &values);
            class.rare_positions.clear();
            class.rare_values.clear();
            for (n, &g) in values.iter().enumerate() {
                class.record(n, g.into());
            }
        }
        solver.mirror = Mirror::of(&values);
        solver.values = values;
        solver
    }

    /// See [`SparseSolver::set_dense_ratio`].
    fn set_dense_ratio(&mut self, ratio: usize) {
        for c in &mut self.classes {
            c.dense_ratio = ratio;
        }
    }

    /// Tests: every class records blind from `pairs` pairs looked at per position on, and at
    /// most `cap` pairs per split amount.
    #[cfg(test)]
    fn set_blind(&mut self, pairs: usize, cap: usize) {
        for c in &mut self.classes {
            (c.blind_pairs, c.blind_cap) = (pairs, cap);
            c.blind = c.blind.min(cap);
        }
    }

    /// Tests: [`Solver::set_blind`] for the class of parity `d` only.
    #[cfg(test)]
    fn set_blind_parity(&mut self, d: u32, pairs: usize, cap: usize) {
        for c in self.classes.iter_mut().filter(|c| c.d == d) {
            (c.blind_pairs, c.blind_cap) = (pairs, cap);
            c.blind = c.blind.min(cap);
        }
    }

    /// See [`SparseSolver::far_blocks`].
    fn far_blocks(&self) -> u64 {
        self.far_blocks
    }

    /// See [`SparseSolver::class_stats`].
    fn class_stats(&self) -> Vec<ClassStats> {
        self.classes
            .iter()
            .map(|c| ClassStats {
                parity: c.d,
                rare_positions: c.rare_positions.len() as u64,
                common_codes: c.common_list.len() as u64,
                rebuilds: c.rebuilds as u64,
                hits: c.hits,
                hit_pairs: c.hit_depth,
                scanned_positions: c.positions,
                blind_steps: c.blind_steps,
            })
            .collect()
    }

    /// Words per row of the block pass: `seen`'s words but the last (a power of two: every
    /// XOR of two values in play is below `64 ·` this).
    fn row_words(&self) -> usize {
        self.seen.words.len() - 1
    }

    /// See [`SparseSolver::plan`].
    fn plan(&mut self, count: usize) {
        let known = self.values.len();
        let copy = self.worker.lacks(known);
        if self.threads >= 2 && copy > 0 && count.saturating_sub(known) >= copy / FAR_COPY_RATIO {
            self.send_values(copy);
        }
    }

    /// Computes values until there are `count` of them; `false` if it stopped earlier, before
    /// a value that does not fit `V` (nothing of that value is kept: the position is computed
    /// again by a wider solver).
    fn extend_to(&mut self, count: usize) -> Result<bool> {
        self.values.reserve(count.saturating_sub(self.values.len()));
        self.mirror.reserve(count);
        let known = self.values.len();
        let copy = self.worker.lacks(known);
        let step = count.saturating_sub(known);
        if self.threads >= 2 && step >= 4 * SUPERBLOCK {
            if step >= copy / FAR_COPY_RATIO {
                return self.extend_two_threads(count);
            }
            // Too short a step to copy all the second thread lacks: it gets a share.
            self.send_values(step * FAR_COPY_RATIO);
        }
        self.extend_blocks(count)
    }

    /// Computes values until there are `count`, block by block, on this thread; `false` if it
    /// stopped before a value that does not fit `V`.
    fn extend_blocks(&mut self, count: usize) -> Result<bool> {
        if self.block_valid {
            // A block left open by the narrower solver this one was widened from: its rows do not
            // depend on the width, so it is finished as if nothing happened (the blocks, and
            // with them the adaptive choices, stay where an uninterrupted run has them).
            let end = (self.block_start + self.block_len).min(count);
            if !self.push_block(end)? {
                return Ok(false);
            }
            self.end_block();
        }
        while self.values.len() < count {
            let start = self.values.len();
            let len = BLOCK.min(count - start);
            self.begin_block(start, len);
            if !self.push_block(start + len)? {
                return Ok(false);
            }
            self.end_block();
        }
        Ok(true)
    }

    /// Computes the positions of the current block up to `end` (fewer if the common set is
    /// chosen again meanwhile). `false` if a value does not fit `V`: then the block stays open
    /// for the wider solver, unless its rows include the second thread's, which end here.
    fn push_block(&mut self, end: usize) -> Result<bool> {
        while self.values.len() < end {
            let j = self.values.len() - self.block_start;
            match self.push_next(Some(j)) {
                Ok(true) => {}
                Ok(false) => {
                    if self.block_far {
                        self.end_block();
                    }
                    return Ok(false);
                }
                Err(e) => {
                    self.end_block();
                    return Err(e);
                }
            }
            if !self.block_valid {
                break;
            }
        }
        Ok(true)
    }

    /// The block pass: for positions `start..start + len`, the split options whose rare part
    /// lies strictly between `len` and `start`. Those options only read values below `start`,
    /// so they are computed rare position by rare position, each reading a contiguous run of
    /// values: far fewer cache misses than one position at a time.
    fn begin_block(&mut self, start: usize, len: usize) {
        // The positions since the last block's start, for the classes' statistics.
        let since = start.saturating_sub(self.block_start);
        let words = self.row_words();
        self.block_words = words;
        self.block_len = len;
        self.block_start = start;
        self.block.clear();
        self.block.resize(words * len, 0);
        self.block_valid = true;
        // The second thread's rows serve this block if they cover it and were computed from
        // the current choice of rare positions.
        let far = self.far.as_ref().filter(|rows| {
            rows.generation == self.generation
                && rows.start <= start
                && start + len <= rows.start + rows.len
        });
        self.block_far = far.is_some();
        self.far_blocks += u64::from(self.block_far);
        // First each class's share of the block; then the passes, into byte rows if they get
        // enough options per row to pay for folding them (see `Rows`).
        let mut slot = 0;
        let mut far_ranges = Vec::with_capacity(self.classes.len());
        let mut per_row = 0;
        self.blind_block = false;
        for (ci, class) in self.classes.iter_mut().enumerate() {
            class.block_dense = class.is_dense(start);
            class.choose_blind(since);
            self.blind_block |= class.blind_mode;
            class.positions += len as u64;
            class.small_parts = class.choose_small_parts(len);
            let covered = class.small_parts.max(len);
            for _ in &class.amounts {
                self.scan_from[slot] =
                    class.small_parts.max(1) + usize::from(class.small_parts > 0);
                slot += 1;
            }
            let positions = &class.rare_positions;
            class.block_skip = positions.partition_point(|&p| p as usize <= class.small_parts);
            class.block_lo = positions.partition_point(|&p| p as usize <= covered);
            class.block_hi = positions.partition_point(|&p| (p as usize) < start);
            if class.block_lo >= class.block_hi {
                class.block_hi = class.block_lo;
            }
            // The far rare positions come from the second thread's rows when it covered them;
            // the rest are done here.
            let (far_lo, far_hi) = match far {
                Some(rows) if rows.covered[ci] => {
                    let lo = positions.partition_point(|&p| (p as usize) < FAR_MIN);
                    let hi = positions.partition_point(|&p| (p as usize) < rows.known);
                    let lo = lo.clamp(class.block_lo, class.block_hi);
                    (lo, hi.clamp(lo, class.block_hi))
                }
                _ => (class.block_hi, class.block_hi),
            };
            far_ranges.push((far_lo, far_hi));
            // The small parts whose splits the second thread recorded: the settling loop skips
            // them.
            class.far_parts = match far {
                Some(rows) if rows.covered[ci] => rows.parts[ci].clone(),
                _ => 0..0,
            };
            let rare = if class.block_dense {
                0
            } else {
                class.block_hi - class.block_lo - (far_hi - far_lo)
            };
            per_row += class.amounts.len() * (rare + class.small_parts.saturating_sub(len));
        }
        let mut bits = std::mem::take(&mut self.block);
        let mut rows = Rows::new(&mut bits, &mut self.block_bytes, words, len, per_row);
        for (class, (far_lo, far_hi)) in self.classes.iter().zip(far_ranges) {
            let positions = &class.rare_positions;
            for &k in &class.amounts {
                if class.small_parts > 0 {
                    small_pass(
                        &self.values,
                        &mut rows,
                        (start, len, k),
                        len + 1..=class.small_parts,
                        self.unequal_splits,
                    );
                }
                if class.block_dense {
                    continue;
                }
                for range in [class.block_lo..far_lo, far_hi..class.block_hi] {
                    rare_pass(
                        &self.values,
                        &mut rows,
                        (start, len, k),
                        (&positions[range.clone()], &class.rare_values[range]),
                        self.unequal_splits,
                    );
                }
            }
        }
        rows.fold();
        self.block = bits;
    }

    fn end_block(&mut self) {
        self.block_valid = false;
        self.block_far = false;
        for class in &mut self.classes {
            class.block_skip = 0;
            class.block_lo = 0;
            class.block_hi = 0;
            class.far_parts = 0..0;
            class.small_parts = 0;
        }
    }

    fn count(&mut self, n: usize, g: u16) {
        let code = code_of(n, g) as usize;
        if code >= self.counts.len() {
            self.counts.resize(code + 1, 0);
        }
        self.counts[code] += 1;
    }

    /// Computes `G(n)` for `n = values.len()` and appends it; `j` is its index in the
    /// current block. `false` (nothing appended) if the value does not fit `V`.
    fn push_next(&mut self, j: Option<usize>) -> Result<bool> {
        let n = self.values.len();
        match (j, self.block_valid) {
            (Some(j), true) => {
                let w = self.block_words;
                if let [word, last] = &mut self.seen.words[..] {
                    // Values below 64 (`0.104`): two stores, where `copy_from_slice` and
                    // `fill` were two library calls of some 12 instructions each.
                    (*word, *last) = (self.block[j], 0);
                } else {
                    self.seen.words[..w].copy_from_slice(&self.block[j * w..(j + 1) * w]);
                    self.seen.words[w..].fill(0);
                }
                if self.block_far {
                    if let Some(far) = &self.far {
                        let at = (n - far.start) * far.words;
                        for (s, f) in self
                            .seen
                            .words
                            .iter_mut()
                            .zip(&far.rows[at..at + far.words])
                        {
                            *s |= f;
                        }
                    }
                }
            }
            _ => self.seen.clear(),
        }
        self.removal_options(n);
        for ci in 0..self.classes.len() {
            if self.classes[ci].small_parts > 0 {
                self.small_options(ci, n, self.block_len.min(self.classes[ci].small_parts));
            }
            if !self.classes[ci].block_dense {
                self.rare_options(ci, n);
            }
        }
        let g = self.settle_candidate(n);
        if g > MAX_VALUE {
            return Err(GameError::too_large(
                format!("the value of heap {n}"),
                format!("values up to {MAX_VALUE} are supported"),
            ));
        }
        if g > u32::from(V::MAX) {
            return Ok(false);
        }
        self.append(n, V::from_u16(g as u16));
        Ok(true)
    }

    /// Options that leave no heap or one heap.
    fn removal_options(&mut self, n: usize) {
        if n <= self.max_take_all && self.take_all.contains(&n) {
            self.seen.insert(0);
        }
        for &k in &self.take {
            if k >= n {
                break;
            }
            self.seen.insert(self.values[n - k].into());
        }
    }

    /// Split options of class `ci` whose smaller part is at most `parts` (those the block pass
    /// could not compute because the larger part lies in the block).
    fn small_options(&mut self, ci: usize, n: usize, parts: usize) {
        for &k in &self.classes[ci].amounts {
            if k + 2 > n {
                break;
            }
            let rest = n - k;
            let last = if self.unequal_splits {
                (rest - 1) / 2
            } else {
                rest / 2
            };
            let parts = parts.min(last);
            if parts == 0 {
                continue;
            }
            // Parts a = 1..=parts against rest - a: two slices rather than indexing, so there
            // are no bounds checks in this per-value loop.
            let low = &self.values[1..=parts];
            let high = self.mirror.partners(rest, 1, parts);
            if self.seen.words.len() == 2 {
                // Values below 64: straight into one word (see `or_xor_bits`).
                self.seen.words[0] |= V::or_xor_bits(low, high);
            } else if pays_to_mark(parts, &self.seen) {
                insert_pairs(low, high, &mut self.seen, &mut self.marks.0);
            } else {
                let xors = low.iter().zip(high).map(|(&l, &h)| (l ^ h).into());
                insert_all(&mut self.seen, xors, &mut self.lanes);
            }
        }
    }

    /// Split options of class `ci` where a part is a rare position.
    fn rare_options(&mut self, ci: usize, n: usize) {
        let class = &self.classes[ci];
        for &k in &class.amounts {
            if k + 2 > n {
                break;
            }
            let rest = n - k;
            let below = &self.values[..rest];
            // Rare positions up to `block_skip` are parts of splits already counted with the
            // small parts; those in `block_lo..block_hi` are in the block pass.
            let (skip, lo, hi) = (class.block_skip, class.block_lo, class.block_hi);
            // Two plain loops rather than a chained iterator: this is the per-value hot path.
            for range in [skip..lo, hi..class.rare_positions.len()] {
                let positions = &class.rare_positions[range.clone()];
                let values = &class.rare_values[range];
                let end = positions.partition_point(|&p| (p as usize) < rest);
                let unequal = self.unequal_splits;
                let xors = positions[..end]
                    .iter()
                    .zip(&values[..end])
                    .filter(|(&pos, _)| !(unequal && 2 * pos as usize == rest))
                    .map(|(&pos, &val)| val ^ below[rest - pos as usize].into());
                insert_all(&mut self.seen, xors, &mut self.lanes);
            }
        }
    }

    fn append(&mut self, n: usize, g: V) {
        self.values.push(g);
        self.mirror.push(g);
        let g: u16 = g.into();
        self.count(n, g);
        if g as u32 > self.max_value {
            self.max_value = g as u32;
            if (g as usize + 1).next_power_of_two() > (self.seen.words.len() - 1) * 64 {
                self.seen = Seen::for_values_below(g as u32 + 1);
            }
        }
        let code = code_of(n, g);
        for class in &mut self.classes {
            if class.record(n, g) && class.should_choose_again(n, code, &self.counts) {
                class.choose_again(&self.counts, &self.values);
                // The block pass (and the second thread) used the old rare positions.
                self.block_valid = false;
                self.generation += 1;
                class.block_dense = class.is_dense(n + 1);
            }
        }
    }
}

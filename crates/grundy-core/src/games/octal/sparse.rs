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

use std::sync::atomic::{AtomicBool, Ordering};

use super::code::HeapRules;
use crate::error::{GameError, Result};

/// The largest value the solver stores (values are `u16`).
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

/// A class switches to dense mode when more than `1/DENSE_RATIO` of the positions are rare.
const DENSE_RATIO: usize = 8;

/// A set of codes (or values) as a bitmap that grows on demand.
#[derive(Debug, Clone, Default)]
struct CodeSet {
    words: Vec<u64>,
}

impl CodeSet {
    #[inline]
    fn contains(&self, x: u32) -> bool {
        self.words
            .get((x >> 6) as usize)
            .is_some_and(|w| w & (1 << (x & 63)) != 0)
    }

    fn insert(&mut self, x: u32) {
        let word = (x >> 6) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (x & 63);
    }
}

/// One byte per possible value (so a `u16` index needs no bounds check), all zero between
/// uses.
#[derive(Clone)]
struct Marks(Box<[u8; 1 << 16]>);

impl Default for Marks {
    fn default() -> Self {
        let zeros = vec![0u8; 1 << 16].into_boxed_slice();
        Marks(zeros.try_into().expect("the length is 2^16"))
    }
}

impl std::fmt::Debug for Marks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Marks(..)")
    }
}

/// The options' values seen so far for the current position: a bitmap sized to the values in
/// play. XORs of values below `2^b` stay below `2^b`, so it never needs to grow mid-position.
#[derive(Debug, Clone)]
struct Seen {
    words: Vec<u64>,
}

impl Seen {
    fn for_values_below(bound: u32) -> Self {
        let bits = bound.max(2).next_power_of_two() as usize;
        Seen {
            words: vec![0; bits.div_ceil(64) + 1],
        }
    }

    #[inline]
    fn insert(&mut self, v: u16) {
        self.words[(v >> 6) as usize] |= 1 << (v & 63);
    }

    fn mex(&self) -> u32 {
        let mut base = 0;
        for &w in &self.words {
            if w != u64::MAX {
                return base + w.trailing_ones();
            }
            base += 64;
        }
        base
    }

    fn clear(&mut self) {
        self.words.fill(0);
    }
}

/// The rare/common split for one class of split moves (`k` of parity `d`).
#[derive(Debug, Clone)]
struct Class {
    /// The parity of the amounts removed by this class's split moves.
    d: u32,
    /// The amounts `k` of the class, ascending.
    amounts: Vec<usize>,
    common: CodeSet,
    /// Codes known to be rare (the others are common or not classified yet).
    rare: CodeSet,
    /// The common codes, as a list for the sum-free test.
    common_list: Vec<u32>,
    /// Positions `>= 1` whose code is rare, ascending, and their values.
    rare_positions: Vec<u32>,
    rare_values: Vec<u16>,
    dense_ratio: usize,
    /// Whether this class scans every split for the current block (too many rare positions).
    block_dense: bool,
    /// During a block: every split whose smaller part is at most this is in `seen` before the
    /// candidate is checked (0: none). Chosen from how deep the scans' hits have been.
    small_parts: usize,
    /// Scan statistics since the last block: hits and the pairs they cost.
    hits: u64,
    hit_depth: u64,
    positions: u64,
    rebuilds: usize,
    /// The common set is not chosen again before this many positions: choosing costs
    /// `O(codes · |C| + n)`, so it is spaced out geometrically.
    next_choice_at: usize,
    /// During a block: `rare_positions[block_lo..block_hi]` are handled by the block pass, and
    /// `rare_positions[..block_skip]` by the small parts.
    block_skip: usize,
    block_lo: usize,
    block_hi: usize,
}

impl Class {
    fn new(d: u32, amounts: Vec<usize>) -> Self {
        let mut rare = CodeSet::default();
        // `c XOR c XOR d = d`, so `d` itself can never be common.
        rare.insert(d);
        Class {
            d,
            amounts,
            common: CodeSet::default(),
            rare,
            common_list: Vec::new(),
            rare_positions: Vec::new(),
            rare_values: Vec::new(),
            dense_ratio: DENSE_RATIO,
            block_dense: false,
            small_parts: 0,
            hits: 0,
            hit_depth: 0,
            positions: 0,
            rebuilds: 0,
            next_choice_at: 0,
            block_skip: 0,
            block_lo: 0,
            block_hi: 0,
        }
    }

    /// Whether `code` can join the common set: no two common codes XOR to `code XOR d`.
    fn can_be_common(&self, code: u32) -> bool {
        let target = code ^ self.d;
        !self
            .common_list
            .iter()
            .any(|&c| self.common.contains(c ^ target))
    }

    /// Whether `code` is rare, classifying it as rare if it cannot be common. A code that could
    /// be common is left unclassified until some position takes it.
    fn is_rare(&mut self, code: u32) -> bool {
        if self.common.contains(code) {
            return false;
        }
        if self.rare.contains(code) {
            return true;
        }
        if self.can_be_common(code) {
            false
        } else {
            self.rare.insert(code);
            true
        }
    }

    fn make_common(&mut self, code: u32) {
        self.common.insert(code);
        self.common_list.push(code);
    }

    /// Records position `n` with value `g`; returns whether its code is rare.
    fn record(&mut self, n: usize, g: u16) -> bool {
        let code = code_of(n, g);
        if self.is_rare(code) {
            if n > 0 {
                self.rare_positions.push(n as u32);
                self.rare_values.push(g);
            }
            true
        } else {
            if !self.common.contains(code) {
                self.make_common(code);
            }
            false
        }
    }

    /// Whether the rare positions are too many for the rare/common method to pay.
    fn is_dense(&self, n: usize) -> bool {
        self.rare_positions.len() * self.dense_ratio > n
    }

    /// Chooses the common set again, greedily from the most frequent codes; rebuilds the rare
    /// positions if it changed.
    fn choose_again(&mut self, counts: &[u32], values: &[u16]) {
        let mut codes: Vec<u32> = (0..counts.len() as u32)
            .filter(|&c| counts[c as usize] > 0 && c != self.d)
            .collect();
        codes.sort_by(|&a, &b| counts[b as usize].cmp(&counts[a as usize]).then(a.cmp(&b)));
        let mut fresh = Class::new(self.d, std::mem::take(&mut self.amounts));
        fresh.dense_ratio = self.dense_ratio;
        (fresh.hits, fresh.hit_depth, fresh.positions) =
            (self.hits, self.hit_depth, self.positions);
        fresh.rebuilds = self.rebuilds + 1;
        let n = values.len();
        fresh.next_choice_at = n + (n / 16).max(256);
        self.next_choice_at = fresh.next_choice_at;
        for code in codes {
            if fresh.can_be_common(code) {
                fresh.make_common(code);
            } else {
                fresh.rare.insert(code);
            }
        }
        let mut old = self.common_list.clone();
        let mut new = fresh.common_list.clone();
        old.sort_unstable();
        new.sort_unstable();
        if old == new {
            self.amounts = fresh.amounts;
            return;
        }
        for (n, &g) in values.iter().enumerate().skip(1) {
            if fresh.rare.contains(code_of(n, g)) {
                fresh.rare_positions.push(n as u32);
                fresh.rare_values.push(g);
            }
        }
        *self = fresh;
    }

    /// How many small parts the next block should precompute: about twice the mean depth of
    /// recent hits, when hits are frequent enough to pay for it.
    fn choose_small_parts(&mut self, block: usize) -> usize {
        let (hits, depth, positions) = (self.hits, self.hit_depth, self.positions);
        if positions >= 4096 {
            // Forget slowly: halve the statistics.
            self.hits /= 2;
            self.hit_depth /= 2;
            self.positions /= 2;
        }
        if positions < 256 || hits * 2 < positions {
            return 0;
        }
        let mean = (depth / hits.max(1)) as usize;
        (2 * mean).clamp(8, MAX_SMALL_PARTS.max(block))
    }

    /// Whether the rare code just taken by a position is now more frequent than some common
    /// code: then another common set may be sparser.
    fn should_choose_again(&self, n: usize, code: u32, counts: &[u32]) -> bool {
        if n < self.next_choice_at {
            return false;
        }
        let rare_count = counts[code as usize];
        self.common_list
            .iter()
            .any(|&c| counts[c as usize] < rare_count)
    }
}

#[inline]
fn code_of(n: usize, g: u16) -> u32 {
    ((g as u32) << 1) | (n as u32 & 1)
}

/// The rare/common solver: extends a Grundy sequence one value at a time.
#[derive(Debug, Clone)]
pub struct SparseSolver {
    take_all: Vec<usize>,
    max_take_all: usize,
    take: Vec<usize>,
    unequal_splits: bool,
    classes: Vec<Class>,
    values: Vec<u16>,
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
    block_words: usize,
    block_len: usize,
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
    /// Diagnostics: blocks whose far options came from the second thread.
    far_blocks: u64,
    /// Tests: wait for the second thread's rows instead of doing without them when late, so
    /// that the tests use them whatever the machine's load.
    far_wait: bool,
}

/// Work for the second thread: the options from far rare positions for one superblock.
#[derive(Debug)]
struct FarJob {
    start: usize,
    len: usize,
    words: usize,
    /// Values `known_before..known` (the second thread keeps the earlier ones).
    fresh: Vec<u16>,
    known: usize,
    generation: u64,
    /// Per class: its amounts and rare positions `p` (with values), `FAR_MIN <= p < known`;
    /// `None` for a class in dense mode (not covered).
    classes: Vec<Option<FarClass>>,
}

#[derive(Debug)]
struct FarClass {
    amounts: Vec<usize>,
    positions: Vec<u32>,
    values: Vec<u16>,
}

/// The second thread's answer: one `seen` row of `words` words per position of the superblock.
#[derive(Debug, Clone)]
struct FarRows {
    start: usize,
    len: usize,
    words: usize,
    known: usize,
    generation: u64,
    /// Per class: whether its rare positions in `FAR_MIN..known` are in the rows.
    covered: Vec<bool>,
    rows: Vec<u64>,
}

impl FarJob {
    /// Computes the rows from `values` (which must hold `G(0..known)`); `None` if `stop` is
    /// raised meanwhile (the main thread has finished and will not read them).
    fn run(self, values: &[u16], unequal_splits: bool, stop: &AtomicBool) -> Option<FarRows> {
        /// Rare positions between two looks at `stop`.
        const STEP: usize = 64;
        let mut rows = vec![0; self.words * self.len];
        for class in self.classes.iter().flatten() {
            for &k in &class.amounts {
                for (positions, rare_values) in
                    class.positions.chunks(STEP).zip(class.values.chunks(STEP))
                {
                    if stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    rare_pass(
                        values,
                        &mut rows,
                        self.words,
                        (self.start, self.len, k),
                        (positions, rare_values),
                        unequal_splits,
                    );
                }
            }
        }
        Some(FarRows {
            start: self.start,
            len: self.len,
            words: self.words,
            known: self.known,
            generation: self.generation,
            covered: self.classes.iter().map(Option::is_some).collect(),
            rows,
        })
    }
}

impl SparseSolver {
    /// A solver for `rules`, starting from the empty sequence.
    pub fn new(rules: &HeapRules) -> Self {
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
        SparseSolver {
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
            counts: Vec::new(),
            max_value: 0,
            seen: Seen::for_values_below(1),
            block: Vec::new(),
            block_words: 0,
            block_len: 0,
            block_valid: false,
            threads: 1,
            generation: 0,
            far: None,
            block_far: false,
            far_blocks: 0,
            far_wait: false,
        }
    }

    /// Uses `threads` threads (1 or 2; more count as 2). With 2, a second thread computes the
    /// options that come from rare positions far below each superblock of 256 positions while
    /// the main thread settles the values of the superblock before; the values are the same.
    /// The second thread is used only while there are enough such rare positions to pay for
    /// the hand-over (Officers `0.6` has about 1,500; `0.104` has 20, all small).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 2);
    }

    /// A solver that continues from known values `G(0..values.len())`.
    pub fn resume(rules: &HeapRules, values: Vec<u16>) -> Self {
        let mut solver = Self::new(rules);
        for (n, &g) in values.iter().enumerate() {
            solver.count(n, g);
        }
        solver.max_value = values.iter().copied().max().unwrap_or(0) as u32;
        solver.seen = Seen::for_values_below(solver.max_value + 1);
        for class in &mut solver.classes {
            class.choose_again(&solver.counts, &values);
            class.rare_positions.clear();
            class.rare_values.clear();
            for (n, &g) in values.iter().enumerate() {
                class.record(n, g);
            }
        }
        solver.values = values;
        solver
    }

    /// Tuning and diagnostics: the dense-mode threshold.
    #[doc(hidden)]
    pub fn set_dense_ratio(&mut self, ratio: usize) {
        for c in &mut self.classes {
            c.dense_ratio = ratio;
        }
    }

    /// Diagnostics: how many blocks of 64 positions took their far options from the second
    /// thread.
    #[doc(hidden)]
    pub fn far_blocks(&self) -> u64 {
        self.far_blocks
    }

    /// Diagnostics: per class, (parity, rare positions, common codes, rebuilds).
    #[doc(hidden)]
    pub fn class_stats(&self) -> Vec<[u64; 7]> {
        self.classes
            .iter()
            .map(|c| {
                [
                    c.d as u64,
                    c.rare_positions.len() as u64,
                    c.common_list.len() as u64,
                    c.rebuilds as u64,
                    c.hits,
                    c.hit_depth,
                    c.positions,
                ]
            })
            .collect()
    }

    /// Words per row of the block pass: `seen`'s words but the last (a power of two: every
    /// XOR of two values in play is below `64 ·` this).
    fn row_words(&self) -> usize {
        self.seen.words.len() - 1
    }

    /// The values computed so far.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// Gives the values away.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// Computes values until there are `count` of them.
    pub fn extend_to(&mut self, count: usize) -> Result<()> {
        self.values.reserve(count.saturating_sub(self.values.len()));
        if self.threads >= 2 && count >= self.values.len() + 4 * SUPERBLOCK {
            // Raised when this thread is done, so the second one does not finish a job nobody
            // will read (at its low priority that could take a while on a busy machine).
            let stop = AtomicBool::new(false);
            return std::thread::scope(|scope| {
                let done = self.extend_two_threads(scope, count, &stop);
                stop.store(true, Ordering::Relaxed);
                done
            });
        }
        self.extend_blocks(count)
    }

    /// Two-thread mode: superblock by superblock, the second thread computes the far options of
    /// the next superblock while this thread settles the values of the current one.
    fn extend_two_threads<'scope>(
        &mut self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        count: usize,
        stop: &'scope AtomicBool,
    ) -> Result<()> {
        let (job_sender, jobs) = std::sync::mpsc::channel::<FarJob>();
        let (rows_sender, answers) = std::sync::mpsc::channel::<FarRows>();
        let unequal_splits = self.unequal_splits;
        let second = std::thread::Builder::new()
            .name("octal-far".into())
            .spawn_scoped(scope, move || {
                lower_priority();
                // The second thread's own copy of the values, extended by each job.
                let mut values = Vec::new();
                for mut job in jobs {
                    values.append(&mut job.fresh);
                    let Some(rows) = job.run(&values, unequal_splits, stop) else {
                        break;
                    };
                    if rows_sender.send(rows).is_err() {
                        break;
                    }
                }
            });
        if second.is_err() {
            // No thread to be had (a limit on threads): one thread gives the same values.
            return self.extend_blocks(count);
        }
        let mut sent = 0;
        let mut in_flight = 0;
        while self.values.len() < count {
            let start = self.values.len();
            let end = (start + SUPERBLOCK).min(count);
            // Take this superblock's rows (asked for one superblock ago) if they are ready, and
            // never wait for them: when the second thread is late (another process has its
            // core), this thread does the whole block pass and the late rows are dropped.
            self.far = None;
            while in_flight > 0 {
                let rows = if self.far_wait {
                    answers.recv().ok()
                } else {
                    answers.try_recv().ok()
                };
                let Some(rows) = rows else { break };
                in_flight -= 1;
                if rows.start == start {
                    self.far = Some(rows);
                    break;
                }
            }
            // Ask for the next superblock's rows, so the second thread works on them while this
            // one is settled (at most two jobs queued, so a late thread cannot fall far behind).
            if end < count && in_flight < 2 {
                if let Some(job) = self.far_job(end, SUPERBLOCK.min(count - end), &mut sent) {
                    if job_sender.send(job).is_ok() {
                        in_flight += 1;
                    }
                }
            }
            let settled = self.extend_blocks(end);
            self.far = None;
            settled?;
        }
        Ok(())
    }

    /// The job for the superblock `start..start + len` from the values known now, if it pays.
    fn far_job(&self, start: usize, len: usize, sent: &mut usize) -> Option<FarJob> {
        let known = self.values.len();
        // The first far rare position of each class handed over (`None`: dense, kept here).
        let far_from: Vec<Option<usize>> = self
            .classes
            .iter()
            .map(|class| {
                (!class.is_dense(known)).then(|| {
                    let positions = &class.rare_positions;
                    positions.partition_point(|&p| (p as usize) < FAR_MIN)
                })
            })
            .collect();
        let work: usize = self
            .classes
            .iter()
            .zip(&far_from)
            .filter_map(|(class, lo)| {
                Some((class.rare_positions.len() - (*lo)?) * class.amounts.len())
            })
            .sum();
        if work < FAR_WORTH {
            return None;
        }
        let classes = self
            .classes
            .iter()
            .zip(far_from)
            .map(|(class, lo)| {
                let lo = lo?;
                Some(FarClass {
                    amounts: class.amounts.clone(),
                    positions: class.rare_positions[lo..].to_vec(),
                    values: class.rare_values[lo..].to_vec(),
                })
            })
            .collect();
        let fresh = self.values[*sent..known].to_vec();
        *sent = known;
        Some(FarJob {
            start,
            len,
            words: self.row_words(),
            fresh,
            known,
            generation: self.generation,
            classes,
        })
    }

    /// Computes values until there are `count`, block by block, on this thread.
    fn extend_blocks(&mut self, count: usize) -> Result<()> {
        while self.values.len() < count {
            let start = self.values.len();
            let len = BLOCK.min(count - start);
            self.begin_block(start, len);
            for j in 0..len {
                self.push_next(Some(j))?;
                if !self.block_valid {
                    break;
                }
            }
            self.end_block();
        }
        Ok(())
    }

    /// The block pass: for positions `start..start + len`, the split options whose rare part
    /// lies strictly between `len` and `start`. Those options only read values below `start`,
    /// so they are computed rare position by rare position, each reading a contiguous run of
    /// values: far fewer cache misses than one position at a time.
    fn begin_block(&mut self, start: usize, len: usize) {
        let words = self.row_words();
        self.block_words = words;
        self.block_len = len;
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
        let mut slot = 0;
        for (ci, class) in self.classes.iter_mut().enumerate() {
            class.block_dense = class.is_dense(start);
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
            for &k in &class.amounts {
                if class.small_parts > 0 {
                    small_pass(
                        &self.values,
                        &mut self.block,
                        words,
                        (start, len, k),
                        len + 1..=class.small_parts,
                        self.unequal_splits,
                    );
                }
                if class.block_dense {
                    continue;
                }
                // The far rare positions come from the second thread's rows when it covered
                // them; the rest are done here.
                let (far_lo, far_hi) = match far {
                    Some(rows) if rows.covered[ci] => {
                        let lo = positions.partition_point(|&p| (p as usize) < FAR_MIN);
                        let hi = positions.partition_point(|&p| (p as usize) < rows.known);
                        let lo = lo.clamp(class.block_lo, class.block_hi);
                        (lo, hi.clamp(lo, class.block_hi))
                    }
                    _ => (class.block_hi, class.block_hi),
                };
                for range in [class.block_lo..far_lo, far_hi..class.block_hi] {
                    rare_pass(
                        &self.values,
                        &mut self.block,
                        words,
                        (start, len, k),
                        (&positions[range.clone()], &class.rare_values[range]),
                        self.unequal_splits,
                    );
                }
            }
        }
    }

    fn end_block(&mut self) {
        self.block_valid = false;
        self.block_far = false;
        for class in &mut self.classes {
            class.block_skip = 0;
            class.block_lo = 0;
            class.block_hi = 0;
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
    /// current block.
    fn push_next(&mut self, j: Option<usize>) -> Result<()> {
        let n = self.values.len();
        match (j, self.block_valid) {
            (Some(j), true) => {
                let w = self.block_words;
                self.seen.words[..w].copy_from_slice(&self.block[j * w..(j + 1) * w]);
                self.seen.words[w..].fill(0);
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
        self.append(n, g as u16);
        Ok(())
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
            self.seen.insert(self.values[n - k]);
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
            // Parts a = 1..=parts against rest - a: two slices (one read backwards) rather than
            // indexing, so there are no bounds checks in this per-value loop.
            let low = &self.values[1..=parts];
            let high = &self.values[rest - parts..rest];
            let xors = low.iter().zip(high.iter().rev()).map(|(&l, &h)| l ^ h);
            insert_all(&mut self.seen, xors, &mut self.lanes);
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
                    .map(|(&pos, &val)| val ^ below[rest - pos as usize]);
                insert_all(&mut self.seen, xors, &mut self.lanes);
            }
        }
    }

    /// Raises the candidate `mex(seen)` until no split can reach it: that is `G(n)`.
    fn settle_candidate(&mut self, n: usize) -> u32 {
        self.inserted.copy_from_slice(&self.scan_from);
        let mut hits = 0;
        let mut g = self.seen.mex();
        'verify: loop {
            let mut slot = 0;
            for ci in 0..self.classes.len() {
                let needs_scan = self.classes[ci].block_dense
                    || (g <= MAX_VALUE && self.classes[ci].is_rare(code_of(n, g as u16)));
                let amounts = self.classes[ci].amounts.len();
                if !needs_scan || g > MAX_VALUE {
                    slot += amounts;
                    continue;
                }
                for i in 0..amounts {
                    let k = self.classes[ci].amounts[i];
                    if k + 2 <= n && self.scan_split(ci, n - k, slot + i, g as u16, &mut hits) {
                        g = self.seen.mex();
                        continue 'verify;
                    }
                }
                slot += amounts;
            }
            return g;
        }
    }

    /// Looks for `g` among the splits `a + (rest - a)` not yet in `seen`; on a hit, puts `g` in
    /// `seen` and returns true.
    ///
    /// After a hit the next candidate must be looked for from the start again. The first few
    /// times, rescanning (vectorised) is cheaper than recording every pair before the hit
    /// (scalar); after [`CHEAP_RESCANS`] hits at one position the pairs are recorded instead,
    /// so the total work stays within the naive `O(n)`.
    fn scan_split(
        &mut self,
        ci: usize,
        rest: usize,
        slot: usize,
        g: u16,
        hits: &mut usize,
    ) -> bool {
        let from = self.inserted[slot];
        let last = if self.unequal_splits {
            (rest - 1) / 2
        } else {
            rest / 2
        };
        if from > last {
            return false;
        }
        let Some(hit) = find_pair_xor(&self.values, rest, from, last, g) else {
            return false;
        };
        *hits += 1;
        let class = &mut self.classes[ci];
        class.hits += 1;
        class.hit_depth += (hit + 1 - from) as u64;
        if *hits <= CHEAP_RESCANS {
            self.seen.insert(g);
        } else {
            insert_pairs(
                &self.values,
                rest,
                from..=hit,
                &mut self.seen,
                &mut self.marks.0,
            );
            self.inserted[slot] = hit + 1;
        }
        true
    }

    fn append(&mut self, n: usize, g: u16) {
        self.values.push(g);
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

/// Puts `xors` into `seen` without a chain of read-modify-writes on one word (values are
/// small, so consecutive inserts often hit the same word and would each wait for the previous
/// store): below 128 the bits gather in two registers; above, inserts alternate between `seen`
/// and a second bitmap.
#[inline]
fn insert_all(seen: &mut Seen, xors: impl Iterator<Item = u16>, lanes: &mut Vec<u64>) {
    if seen.words.len() <= 3 {
        let (mut low, mut high) = (0u64, 0u64);
        for x in xors {
            let bit = 1u64 << (x & 63);
            let upper = ((x >> 6) as u64 & 1).wrapping_neg();
            high |= bit & upper;
            low |= bit & !upper;
        }
        seen.words[0] |= low;
        seen.words[1] |= high;
        return;
    }
    let w = seen.words.len();
    lanes.clear();
    lanes.resize(w, 0);
    let mut flip = false;
    for x in xors {
        let (word, bit) = ((x >> 6) as usize, 1u64 << (x & 63));
        if flip {
            lanes[word] |= bit;
        } else {
            seen.words[word] |= bit;
        }
        flip = !flip;
    }
    for (s, l) in seen.words.iter_mut().zip(lanes.iter()) {
        *s |= *l;
    }
}

/// Puts the values of the splits `a + (rest - a)`, `a` in `parts`, into `seen`.
///
/// Setting a bit is a read-modify-write of a word, and values are small, so consecutive
/// inserts often hit the same word and each would wait for the previous one's store. Long runs
/// instead store a 1 byte per value in `marks` (plain stores, no chain), then fold the bytes
/// into `seen` and clear them.
fn insert_pairs(
    values: &[u16],
    rest: usize,
    parts: std::ops::RangeInclusive<usize>,
    seen: &mut Seen,
    marks: &mut [u8; 1 << 16],
) {
    let (from, to) = (*parts.start(), *parts.end());
    if to < from + 64 {
        for a in parts {
            seen.insert(values[a] ^ values[rest - a]);
        }
        return;
    }
    let low = &values[from..=to];
    let high = &values[rest - to..=rest - from];
    let mut low4 = low.chunks_exact(4);
    let mut high4 = high.rchunks_exact(4);
    for (l, h) in (&mut low4).zip(&mut high4) {
        marks[(l[0] ^ h[3]) as usize] = 1;
        marks[(l[1] ^ h[2]) as usize] = 1;
        marks[(l[2] ^ h[1]) as usize] = 1;
        marks[(l[3] ^ h[0]) as usize] = 1;
    }
    for (&l, &h) in low4.remainder().iter().zip(high4.remainder().iter().rev()) {
        marks[(l ^ h) as usize] = 1;
    }
    // Every XOR of two values in play is below `64 · seen.words.len()`.
    let used = &mut marks[..64 * seen.words.len()];
    fold_marks(used, &mut seen.words);
    used.fill(0);
}

/// ORs a row of marks (one byte per value, 0 or 1) into bitmap words, 64 bytes per word.
fn fold_marks(marks: &[u8], words: &mut [u64]) {
    // Multiplying eight 0/1 bytes by this gathers byte i's bit into bit 56 + i, with no two
    // partial products on the same bit (so no carries).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    for (word, bytes) in words.iter_mut().zip(marks.chunks_exact(64)) {
        let mut bits = 0;
        for (i, eight) in bytes.chunks_exact(8).enumerate() {
            let eight = u64::from_le_bytes(eight.try_into().expect("chunks of 8"));
            bits |= (eight.wrapping_mul(GATHER) >> 56) << (8 * i);
        }
        *word |= bits;
    }
}

/// ORs the values `val ^ run[i]` into row `i` of `rows` (rows of `row_words` words, a power
/// of two with every value below `64 · row_words`).
///
/// The row width is a constant in each instance, so the word index is masked rather than
/// bounds-checked: this is the innermost loop of the block pass.
fn or_xors(rows: &mut [u64], row_words: usize, run: &[u16], val: u16) {
    /// `F` is `4 · W` (four rows), passed separately because an array length cannot be an
    /// expression of a generic constant: with both constant, the compiler drops every bounds
    /// check of the unrolled loop.
    fn or_rows<const W: usize, const F: usize>(rows: &mut [u64], run: &[u16], val: u16) {
        debug_assert_eq!(F, 4 * W);
        let rows = &mut rows[..run.len() * W];
        let mut rows4 = rows.chunks_exact_mut(F);
        let mut run4 = run.chunks_exact(4);
        for (four, v) in (&mut rows4).zip(&mut run4) {
            let four: &mut [u64; F] = four.try_into().expect("chunks of F words");
            let v: &[u16; 4] = v.try_into().expect("chunks of 4 values");
            for (i, &v) in v.iter().enumerate() {
                let x = val ^ v;
                four[i * W + ((x >> 6) as usize & (W - 1))] |= 1 << (x & 63);
            }
        }
        let rest = run4.remainder();
        for (row, &v) in rows4.into_remainder().chunks_exact_mut(W).zip(rest) {
            or_one::<W>(row, val ^ v);
        }
    }
    #[inline(always)]
    fn or_one<const W: usize>(row: &mut [u64], x: u16) {
        let row: &mut [u64; W] = row.try_into().expect("rows of W words");
        row[(x >> 6) as usize & (W - 1)] |= 1 << (x & 63);
    }
    debug_assert!(row_words.is_power_of_two());
    match row_words {
        1 => or_rows::<1, 4>(rows, run, val),
        2 => or_rows::<2, 8>(rows, run, val),
        4 => or_rows::<4, 16>(rows, run, val),
        8 => or_rows::<8, 32>(rows, run, val),
        16 => or_rows::<16, 64>(rows, run, val),
        32 => or_rows::<32, 128>(rows, run, val),
        64 => or_rows::<64, 256>(rows, run, val),
        128 => or_rows::<128, 512>(rows, run, val),
        256 => or_rows::<256, 1024>(rows, run, val),
        512 => or_rows::<512, 2048>(rows, run, val),
        _ => or_rows::<1024, 4096>(rows, run, val),
    }
}

/// The block pass for small parts: for positions `start + j` (`j < len`) and removal `k`, the
/// splits whose smaller part `a` is in `parts` (all above `len`, so the larger part lies below
/// `start`). For each `a` the larger parts are a contiguous run of values.
fn small_pass(
    values: &[u16],
    block: &mut [u64],
    words: usize,
    (start, len, k): (usize, usize, usize),
    parts: std::ops::RangeInclusive<usize>,
    unequal_splits: bool,
) {
    for a in parts {
        // a must be the smaller part: 2a <= rest (2a < rest in Grundy's game).
        let first = (2 * a + k + usize::from(unequal_splits)).saturating_sub(start);
        if first >= len {
            break;
        }
        let va = values[a];
        let other = start + first - k - a;
        let run = &values[other..other + (len - first)];
        or_xors(&mut block[first * words..], words, run, va);
    }
}

/// Lowers the calling thread's priority (Linux; elsewhere nothing). The second thread only
/// helps when a core is otherwise idle: on a busy machine, at normal priority it would take
/// time from the main thread, and its late rows would be dropped anyway.
#[cfg(target_os = "linux")]
fn lower_priority() {
    // On Linux, setpriority on "the calling process" (pid 0) sets the calling *thread's* nice
    // value. A failure (a sandbox forbidding it) only means the thread keeps normal priority.
    let _ = rustix::process::setpriority_process(None, SECOND_THREAD_NICE);
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

/// The nice value of the second thread: the lowest, so it runs only on an otherwise idle core.
#[cfg(target_os = "linux")]
const SECOND_THREAD_NICE: i32 = 19;

/// The block pass for rare positions: for positions `start + j` (`j < len`) and removal `k`,
/// the splits `p + (start + j - k - p)` for the rare positions `p` (values `rare_values`).
/// For each `p` the partners are a contiguous run of values, read in order.
fn rare_pass(
    values: &[u16],
    block: &mut [u64],
    words: usize,
    (start, len, k): (usize, usize, usize),
    (positions, rare_values): (&[u32], &[u16]),
    unequal_splits: bool,
) {
    for (&pos, &val) in positions.iter().zip(rare_values) {
        let pos = pos as usize;
        // Position start + j splits `rest = start + j - k` into pos + (rest - pos); it needs
        // pos < rest (and pos != rest - pos in Grundy's game).
        let first = (pos + k + 1).saturating_sub(start);
        if first >= len {
            continue;
        }
        let other = start + first - k - pos;
        let equal_at = (2 * pos + k).checked_sub(start);
        let run = &values[other..other + (len - first)];
        let rows = &mut block[first * words..];
        match equal_at {
            // Grundy's game: row `equal_at` must not get the equal split.
            Some(j) if unequal_splits && (first..len).contains(&j) => {
                let skip = j - first;
                or_xors(rows, words, &run[..skip], val);
                or_xors(
                    &mut rows[(skip + 1) * words..],
                    words,
                    &run[skip + 1..],
                    val,
                );
            }
            _ => or_xors(rows, words, run, val),
        }
    }
}

/// The least `a` in `from..=last` with `G(a) XOR G(rest - a) = g`, if any.
///
/// The pairs are compared a chunk at a time with no early exit inside a chunk, so the compiler
/// can use vector instructions; the high parts are read backwards.
fn find_pair_xor(values: &[u16], rest: usize, from: usize, last: usize, g: u16) -> Option<usize> {
    let low = &values[from..=last];
    let high = &values[rest - last..=rest - from];
    let mut low_chunks = low.chunks_exact(CHUNK);
    let mut high_chunks = high.rchunks_exact(CHUNK);
    let mut start = from;
    for (l, h) in (&mut low_chunks).zip(&mut high_chunks) {
        let mut hit = false;
        for i in 0..CHUNK {
            hit |= l[i] ^ h[CHUNK - 1 - i] == g;
        }
        if hit {
            return (start..start + CHUNK).find(|&a| values[a] ^ values[rest - a] == g);
        }
        start += CHUNK;
    }
    (start..=last).find(|&a| values[a] ^ values[rest - a] == g)
}

#[cfg(test)]
mod tests {
    use super::super::naive::naive_values;
    use super::*;

    fn sparse(code: &str, count: usize) -> Vec<u32> {
        let rules = HeapRules::parse(code).unwrap();
        let mut solver = SparseSolver::new(&rules);
        solver.extend_to(count).unwrap();
        solver.values().iter().map(|&v| v as u32).collect()
    }

    #[test]
    fn agrees_with_naive_on_classics() {
        for code in [
            "0.77", "0.07", "0.137", "0.6", "0.007", "0.104", "0.106", "0.16", "0.354", "4.07",
            "0.4", "4.", "0.016", "0.3456",
        ] {
            let rules = HeapRules::parse(code).unwrap();
            assert_eq!(sparse(code, 1500), naive_values(&rules, 1500), "{code}");
        }
        let rules = HeapRules::grundys_game();
        let mut solver = SparseSolver::new(&rules);
        solver.extend_to(2000).unwrap();
        let fast: Vec<u32> = solver.values().iter().map(|&v| v as u32).collect();
        assert_eq!(fast, naive_values(&rules, 2000));
    }

    #[test]
    fn agrees_with_naive_on_longer_runs() {
        // Long enough for the block pass, the small parts and dense mode to switch on.
        for code in ["0.6", "0.007", "0.354", "0.104", "0.16", "4.6"] {
            let rules = HeapRules::parse(code).unwrap();
            assert_eq!(sparse(code, 12_000), naive_values(&rules, 12_000), "{code}");
        }
    }

    fn sparse_with(code: &str, count: usize, threads: usize) -> (Vec<u32>, u64) {
        let rules = HeapRules::parse(code).unwrap();
        let mut solver = SparseSolver::new(&rules);
        solver.set_threads(threads);
        solver.far_wait = true;
        solver.extend_to(count).unwrap();
        let values = solver.values().iter().map(|&v| v as u32).collect();
        (values, solver.far_blocks())
    }

    #[test]
    fn two_threads_give_the_same_values() {
        for code in [
            "0.6", "0.354", "0.104", "0.16", "0.007", "4.6", "0.137", "0.3456",
        ] {
            let (one, far_one) = sparse_with(code, 30_000, 1);
            let (two, far_two) = sparse_with(code, 30_000, 2);
            assert_eq!(two, one, "{code}");
            assert_eq!(far_one, 0, "{code}: one thread never hands work over");
            if code == "0.6" {
                // Officers has many rare positions above FAR_MIN: the far path must be used.
                assert!(
                    far_two > 100,
                    "0.6: only {far_two} blocks used the second thread"
                );
            }
        }
        let rules = HeapRules::parse("0.6").unwrap();
        let (two, _) = sparse_with("0.6", 12_000, 2);
        assert_eq!(two, naive_values(&rules, 12_000));
        // Without waiting, whichever rows arrive in time are used: the values are the same.
        let mut solver = SparseSolver::new(&rules);
        solver.set_threads(2);
        solver.extend_to(30_000).unwrap();
        let values: Vec<u32> = solver.values().iter().map(|&v| v as u32).collect();
        assert_eq!(values, sparse_with("0.6", 30_000, 1).0);
    }

    #[test]
    fn two_threads_continue_a_resumed_solver_exactly() {
        // Extending in several calls (as a run does between looks at its cancel flag) starts
        // the second thread again each time, from the values known so far.
        let rules = HeapRules::parse("0.6").unwrap();
        let (whole, _) = sparse_with("0.6", 20_000, 1);
        let mut solver = SparseSolver::new(&rules);
        solver.set_threads(2);
        for stop in [700, 5_000, 5_100, 13_000, 20_000] {
            solver.extend_to(stop).unwrap();
        }
        let mut resumed = SparseSolver::resume(&rules, solver.values()[..9_000].to_vec());
        resumed.set_threads(2);
        resumed.extend_to(20_000).unwrap();
        for values in [solver.values(), resumed.values()] {
            let values: Vec<u32> = values.iter().map(|&v| v as u32).collect();
            assert_eq!(values, whole);
        }
    }

    #[test]
    fn fold_marks_sets_exactly_the_marked_bits() {
        let mut marks = vec![0u8; 192];
        for x in [0, 7, 8, 63, 64, 100, 127, 128, 191] {
            marks[x] = 1;
        }
        let mut words = [1u64 << 5, 0, 0];
        fold_marks(&marks, &mut words);
        for x in 0..192 {
            let expected = marks[x] == 1 || x == 5;
            assert_eq!(words[x / 64] >> (x % 64) & 1 == 1, expected, "bit {x}");
        }
    }

    #[test]
    fn resumed_solver_continues_exactly() {
        for code in ["0.6", "0.104", "0.007"] {
            let rules = HeapRules::parse(code).unwrap();
            let whole = sparse(code, 3000);
            let mut first = SparseSolver::new(&rules);
            first.extend_to(1234).unwrap();
            let mut second = SparseSolver::resume(&rules, first.into_values());
            second.extend_to(3000).unwrap();
            let resumed: Vec<u32> = second.values().iter().map(|&v| v as u32).collect();
            assert_eq!(resumed, whole, "{code}");
        }
    }
}

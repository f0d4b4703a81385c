//! The width of the stored values: the solver runs with one byte per value while every value
//! is below 256 and widens to two bytes when one is not.
//!
//! The solver's loops are compiled once per width (generic over [`Value`]), so the narrow table
//! is read directly: half the memory, half the bytes moved, and no per-value test of the width.

use std::mem::take;
use std::ops::BitXor;

use super::bitsets::Seen;
use super::{ClassStats, Solver};
use crate::games::octal::code::HeapRules;
use crate::games::octal::values::Values;
use crate::kernel::error::Result;

/// A stored value: `u8` or `u16`.
pub(super) trait Value:
    Copy + Eq + Ord + Send + Sync + std::fmt::Debug + BitXor<Output = Self> + Into<u16> + 'static
{
    /// The largest value of this width.
    const MAX: u16;
    /// `g`, which is at most [`Value::MAX`].
    fn from_u16(g: u16) -> Self;
    /// Sets `marks[low[i] ^ high[len - 1 - i]]` to 1 for every `i` (`high` is read backwards;
    /// both have the same length): the inner loop of recording split pairs, written per width
    /// so that each compiles to vector XORs.
    fn mark_xors(low: &[Self], high: &[Self], marks: &mut [u8; 1 << 16]);
}

impl Value for u8 {
    const MAX: u16 = u8::MAX as u16;
    #[inline]
    fn from_u16(g: u16) -> Self {
        debug_assert!(g <= <Self as Value>::MAX);
        g as u8
    }
    #[inline]
    fn mark_xors(low: &[u8], high: &[u8], marks: &mut [u8; 1 << 16]) {
        // Eight pairs per step: one 64-bit XOR of the low bytes with the high ones reversed.
        let mut low8 = low.chunks_exact(8);
        let mut high8 = high.rchunks_exact(8);
        for (l, h) in (&mut low8).zip(&mut high8) {
            let l = u64::from_le_bytes(l.try_into().expect("chunks of 8"));
            let h = u64::from_be_bytes(h.try_into().expect("chunks of 8"));
            for byte in (l ^ h).to_le_bytes() {
                marks[byte as usize] = 1;
            }
        }
        for (&l, &h) in low8.remainder().iter().zip(high8.remainder().iter().rev()) {
            marks[(l ^ h) as usize] = 1;
        }
    }
}

impl Value for u16 {
    const MAX: u16 = u16::MAX;
    #[inline]
    fn from_u16(g: u16) -> Self {
        g
    }
    #[inline]
    fn mark_xors(low: &[u16], high: &[u16], marks: &mut [u8; 1 << 16]) {
        // 32 pairs per step: all their loads and XORs come before the 32 stores. With 4 per
        // step (as before narrow storage) the same loop ran up to half again slower in some
        // builds, the loads waiting behind the stores of the step before (Treblecross to 2^16:
        // 0.49 s of CPU against 0.41 s; with 32, 0.42 s).
        let mut low32 = low.chunks_exact(32);
        let mut high32 = high.rchunks_exact(32);
        for (l, h) in (&mut low32).zip(&mut high32) {
            let l: &[u16; 32] = l.try_into().expect("chunks of 32");
            let h: &[u16; 32] = h.try_into().expect("chunks of 32");
            let x: [u16; 32] = std::array::from_fn(|i| l[i] ^ h[31 - i]);
            for x in x {
                marks[x as usize] = 1;
            }
        }
        for (&l, &h) in low32
            .remainder()
            .iter()
            .zip(high32.remainder().iter().rev())
        {
            marks[(l ^ h) as usize] = 1;
        }
    }
}

/// The rare/common solver: extends a Grundy sequence one value at a time (see the module
/// documentation of `sparse` for the method). Values are stored in one byte each while they
/// are below 256; the first larger value widens the table to two bytes each.
#[derive(Debug, Clone)]
pub struct SparseSolver(Table);

#[derive(Debug, Clone)]
enum Table {
    Narrow(Solver<u8>),
    Wide(Solver<u16>),
}

/// Runs `$body` with `$s` bound to the solver of either width.
macro_rules! either {
    ($table:expr, $s:ident => $body:expr) => {
        match $table {
            Table::Narrow($s) => $body,
            Table::Wide($s) => $body,
        }
    };
}

impl SparseSolver {
    /// A solver for `rules`, starting from the empty sequence.
    pub fn new(rules: &HeapRules) -> Self {
        SparseSolver(Table::Narrow(Solver::new(rules)))
    }

    /// A solver that continues from known values `G(0..values.len())`, stored narrow if they
    /// all fit.
    pub fn resume(rules: &HeapRules, values: Vec<u16>) -> Self {
        if values.iter().all(|&g| g <= u8::MAX as u16) {
            let narrow = values.into_iter().map(|g| g as u8).collect();
            SparseSolver(Table::Narrow(Solver::resume(rules, narrow)))
        } else {
            SparseSolver(Table::Wide(Solver::resume(rules, values)))
        }
    }

    /// A solver that continues from known values `G(0..values.len())`, all below 256.
    pub fn resume_narrow(rules: &HeapRules, values: Vec<u8>) -> Self {
        SparseSolver(Table::Narrow(Solver::resume(rules, values)))
    }

    /// Uses `threads` threads (1 or 2; more count as 2). With 2, a second thread computes the
    /// options that come from rare positions far below each superblock of 256 positions while
    /// the main thread settles the values of the superblock before; the values are the same.
    /// The second thread is used only while there are enough such rare positions to pay for
    /// the hand-over (Officers `0.6` has about 1,500; `0.104` has 20, all small).
    pub fn set_threads(&mut self, threads: usize) {
        either!(&mut self.0, s => s.set_threads(threads))
    }

    /// The values computed so far.
    pub fn values(&self) -> Values<'_> {
        match &self.0 {
            Table::Narrow(s) => Values::Narrow(&s.values),
            Table::Wide(s) => Values::Wide(&s.values),
        }
    }

    /// Gives the values away, two bytes each.
    pub fn into_values(self) -> Vec<u16> {
        match self.0 {
            Table::Narrow(s) => s.values.into_iter().map(u16::from).collect(),
            Table::Wide(s) => s.values,
        }
    }

    /// Computes values until there are `count` of them, widening the table when a value does
    /// not fit one byte.
    pub fn extend_to(&mut self, count: usize) -> Result<()> {
        loop {
            match &mut self.0 {
                Table::Narrow(s) => {
                    if s.extend_to(count)? {
                        return Ok(());
                    }
                }
                Table::Wide(s) => {
                    let done = s.extend_to(count)?;
                    debug_assert!(done, "every value below the limit fits two bytes");
                    return Ok(());
                }
            }
            if let Table::Narrow(narrow) = &mut self.0 {
                self.0 = Table::Wide(narrow.widen());
            }
        }
    }

    /// Tuning: a class leaves the rare/common method for its dense mode when more than
    /// `1 / ratio` of the positions so far are rare (default 8). The values are the same at
    /// any ratio; only the time changes.
    pub fn set_dense_ratio(&mut self, ratio: usize) {
        either!(&mut self.0, s => s.set_dense_ratio(ratio))
    }

    /// Diagnostics: how many blocks of 64 positions took their far options from the second
    /// thread.
    pub fn far_blocks(&self) -> u64 {
        either!(&self.0, s => s.far_blocks())
    }

    /// Diagnostics: one [`ClassStats`] per class of split moves (amounts removed of one
    /// parity).
    pub fn class_stats(&self) -> Vec<ClassStats> {
        either!(&self.0, s => s.class_stats())
    }

    /// Tests: a solver that stores every value in two bytes from the start (as before narrow
    /// storage), to compare with one that widens on the way.
    #[cfg(test)]
    pub(super) fn new_wide(rules: &HeapRules) -> Self {
        SparseSolver(Table::Wide(Solver::new(rules)))
    }

    /// Tests: wait for the second thread's rows instead of doing without them when late.
    #[cfg(test)]
    pub(super) fn set_far_wait(&mut self) {
        either!(&mut self.0, s => s.far_wait = true)
    }
}

impl Solver<u8> {
    /// The same solver with its values stored in two bytes each, taking this one's state
    /// (which is left empty, to be dropped), an open block pass included: its rows do not
    /// depend on the width (no second-thread rows are in use when a solver stops to widen).
    fn widen(&mut self) -> Solver<u16> {
        debug_assert!(!self.block_far && self.far.is_none());
        let narrow = std::mem::take(&mut self.values);
        let mut values = Vec::with_capacity(narrow.capacity());
        values.extend(narrow.iter().map(|&g| u16::from(g)));
        drop(narrow);
        Solver {
            values,
            take_all: take(&mut self.take_all),
            max_take_all: self.max_take_all,
            take: take(&mut self.take),
            unequal_splits: self.unequal_splits,
            classes: take(&mut self.classes),
            counts: take(&mut self.counts),
            max_value: self.max_value,
            seen: std::mem::replace(&mut self.seen, Seen::for_values_below(1)),
            inserted: take(&mut self.inserted),
            lanes: take(&mut self.lanes),
            marks: take(&mut self.marks),
            scan_from: take(&mut self.scan_from),
            block: take(&mut self.block),
            block_words: self.block_words,
            block_len: self.block_len,
            block_start: self.block_start,
            block_valid: self.block_valid,
            threads: self.threads,
            generation: self.generation,
            far: self.far.take(),
            block_far: self.block_far,
            far_blocks: self.far_blocks,
            far_wait: self.far_wait,
        }
    }
}

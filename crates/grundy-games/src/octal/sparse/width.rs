//! The width of the stored values: the solver runs with one byte per value while every value
//! is below 256 and widens to two bytes when one is not.
//!
//! The solver's loops are compiled once per width (generic over the `Value` of `value.rs`), so
//! the narrow table is read directly: half the memory, half the bytes moved, and no per-value
//! test of the width.

use std::mem::take;

use super::bitsets::Seen;
use super::far::FarSlot;
use super::mirror::Mirror;
use super::{ClassStats, Solver};
use crate::kernel::error::Result;
use crate::kernel::heap_rules::HeapRules;
use crate::octal::values::Values;

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
    /// options that come from rare positions far below each superblock of 256 positions, and
    /// (in classes that record their splits blind) the splits of the small parts from 512 on,
    /// as many as it keeps up with, while the main thread settles the values of the superblock
    /// before; the values are the same. The second thread is used only while there are enough
    /// such rare positions to pay for the hand-over (Officers `0.6` has about 1,500; `0.104`
    /// has 20, all small).
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

    /// Tells the solver that it will be extended to `count` values, in steps: with two threads
    /// and enough values still to compute to pay for copying those known (a 256th as many),
    /// the second thread gets its copy of the values known now, at once, rather than share
    /// by share over the first steps (a run resumed from a checkpoint).
    pub fn plan(&mut self, count: usize) {
        either!(&mut self.0, s => s.plan(count))
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

    /// How many of the values known the second thread lacks (all of them before it starts).
    #[cfg(test)]
    pub(crate) fn far_lacks(&self) -> usize {
        either!(&self.0, s => s.worker.lacks(s.values.len()))
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

    /// Tests: every class records blind from `pairs` pairs looked at per position on, and at
    /// most `cap` pairs per split amount.
    #[cfg(test)]
    pub(super) fn set_blind(&mut self, pairs: usize, cap: usize) {
        either!(&mut self.0, s => s.set_blind(pairs, cap))
    }

    /// Tests: [`SparseSolver::set_blind`] for the class of split amounts of parity `d` only.
    #[cfg(test)]
    pub(super) fn set_blind_parity(&mut self, d: u32, pairs: usize, cap: usize) {
        either!(&mut self.0, s => s.set_blind_parity(d, pairs, cap))
    }

    /// Tests: how many small parts the second thread records the splits of now.
    #[cfg(test)]
    pub(super) fn far_parts(&self) -> usize {
        either!(&self.0, s => s.far_parts)
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
        self.worker = FarSlot::default();
        let narrow = std::mem::take(&mut self.values);
        let mut values = Vec::with_capacity(narrow.capacity());
        values.extend(narrow.iter().map(|&g| u16::from(g)));
        drop(narrow);
        self.mirror = Mirror::of(&[]);
        Solver {
            mirror: Mirror::of(&values),
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
            block_bytes: take(&mut self.block_bytes),
            block_words: self.block_words,
            block_len: self.block_len,
            block_start: self.block_start,
            block_valid: self.block_valid,
            threads: self.threads,
            generation: self.generation,
            far: self.far.take(),
            block_far: self.block_far,
            far_parts: self.far_parts,
            blind_block: self.blind_block,
            far_blocks: self.far_blocks,
            far_wait: self.far_wait,
            // The second thread's copy is of one-byte values: a wide solver starts its own.
            worker: FarSlot::default(),
        }
    }
}

//! The sequences of all-but games as [`HeapSequence`]s (their reports, long runs and
//! checkpoints, see [`crate::sequence::report`]) and the all-but games' sequencer.

use std::sync::Arc;

use super::period::AllButPeriod;
use super::{AllButGame, MAX_ALL_BUT_HEAP};
use crate::kernel::error::Result;
use crate::kernel::heap_sequence::{Computation, HeapSequence, Limits, PeriodRule, SequenceGame};
use crate::kernel::Ruleset;
use crate::sequence::table::{Extend, TableRun};

impl Extend for AllButSequencer {
    fn values(&self) -> &[u32] {
        &self.values
    }

    fn extend_to(&mut self, count: usize) -> Result<()> {
        AllButSequencer::extend_to(self, count);
        Ok(())
    }
}

impl HeapSequence for AllButGame {
    fn game(&self) -> SequenceGame {
        SequenceGame {
            game: "all-but".into(),
            term: Ruleset::term(self),
            title: Ruleset::title(self),
        }
    }

    /// The all-but test of `period.rs`: values grow without bound, so the periods are
    /// arithmetic (Siegel: every all-but game's values are ultimately arithmetic periodic).
    fn period_rule(&self) -> PeriodRule {
        PeriodRule::TakeBreak {
            code: Arc::new(AllButPeriod::of(&self.excluded)),
        }
    }

    fn limits(&self) -> Limits {
        let most = MAX_ALL_BUT_HEAP + 1;
        Limits {
            max_count: most,
            max_computed: most,
            period_search: most,
            at_search: most,
            period_first: false,
            max_at: most,
            bytes_per_value: 4,
            second_thread_bytes_per_value: 0,
        }
    }

    fn start(&self, target: u64) -> Result<Box<dyn Computation>> {
        let most = MAX_ALL_BUT_HEAP + 1;
        Ok(Box::new(TableRun::new(
            Ruleset::term(self),
            AllButSequencer::new(&self.excluded),
            self.period_rule(),
            most,
            most,
            target,
        )?))
    }

    fn restore(&self, checkpoint: &[u8]) -> Result<Box<dyn Computation>> {
        let excluded = self.excluded.clone();
        Ok(Box::new(TableRun::restore(
            checkpoint,
            Ruleset::term(self),
            self.period_rule(),
            MAX_ALL_BUT_HEAP + 1,
            MAX_ALL_BUT_HEAP + 1,
            move |values| Ok(AllButSequencer::resume(&excluded, values)),
        )?))
    }
}

/// Computes an all-but game's values in order, in `O(|E|²)` per value.
///
/// The options of `n` are all smaller heaps except `n - e` for `e` in `E`. So a value is
/// missing from the options exactly when it is missing from all of `G(0..n)` (the running mex
/// of everything so far) or when every earlier heap with that value is excluded.
pub(crate) struct AllButSequencer {
    excluded: Vec<u64>,
    pub(crate) values: Vec<u32>,
    /// `occurrences[v]`: how many computed heaps have value `v`.
    occurrences: Vec<u32>,
    running_mex: usize,
    hidden: Vec<u32>,
}

impl AllButSequencer {
    pub(crate) fn new(excluded: &[u64]) -> Self {
        Self::resume(excluded, Vec::new())
    }

    /// Goes on from `values` (restored from a checkpoint): the counts are recounted.
    pub(super) fn resume(excluded: &[u64], values: Vec<u32>) -> Self {
        let mut sequencer = AllButSequencer {
            excluded: excluded.to_vec(),
            values: Vec::new(),
            occurrences: Vec::new(),
            running_mex: 0,
            hidden: Vec::with_capacity(excluded.len()),
        };
        for &g in &values {
            sequencer.count(g);
        }
        sequencer.values = values;
        sequencer
    }

    fn count(&mut self, g: u32) {
        if self.occurrences.len() <= g as usize {
            self.occurrences.resize(g as usize + 1, 0);
        }
        self.occurrences[g as usize] += 1;
        while self.running_mex < self.occurrences.len() && self.occurrences[self.running_mex] > 0 {
            self.running_mex += 1;
        }
    }

    pub(crate) fn extend_to(&mut self, count: usize) {
        self.values.reserve(count.saturating_sub(self.values.len()));
        for n in self.values.len()..count {
            self.hidden.clear();
            let values = &self.values;
            self.hidden.extend(
                self.excluded
                    .iter()
                    .take_while(|&&e| e as usize <= n)
                    .map(|&e| values[n - e as usize]),
            );
            self.hidden.sort_unstable();
            let mut g = self.running_mex as u32;
            for run in self.hidden.chunk_by(|a, b| a == b) {
                if self.occurrences[run[0] as usize] as usize == run.len() {
                    g = g.min(run[0]);
                    break;
                }
            }
            self.values.push(g);
            self.count(g);
        }
    }
}

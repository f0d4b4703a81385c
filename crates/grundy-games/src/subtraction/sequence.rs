//! The sequences of subtraction games as [`HeapSequence`]s: their reports, long runs and
//! checkpoints (see [`crate::sequence::report`]).

use super::{Sequencer, SubtractionGame, PERIOD_SEARCH_LIMIT};
use crate::kernel::error::Result;
use crate::kernel::heap_sequence::{Computation, HeapSequence, Limits, PeriodRule, SequenceGame};
use crate::kernel::Ruleset;
use crate::octal::MAX_RUN_VALUES;
use crate::sequence::table::{Extend, TableRun};

impl Extend for Sequencer {
    fn values(&self) -> &[u32] {
        &self.values
    }

    fn extend_to(&mut self, count: usize) -> Result<()> {
        Sequencer::extend_to(self, count);
        Ok(())
    }
}

impl SubtractionGame {
    /// A run of this game's sequence up to `target` values, stopping at the proven period.
    pub(super) fn table_run(&self, target: u64) -> Result<TableRun<Sequencer>> {
        TableRun::new(
            Ruleset::term(self),
            Sequencer::new(&self.set),
            self.period_rule(),
            PERIOD_SEARCH_LIMIT as u64,
            PERIOD_SEARCH_LIMIT as u64,
            target,
        )
    }
}

impl HeapSequence for SubtractionGame {
    fn game(&self) -> SequenceGame {
        SequenceGame {
            game: "subtraction".into(),
            term: Ruleset::term(self),
            title: Ruleset::title(self),
        }
    }

    fn period_rule(&self) -> PeriodRule {
        PeriodRule::Window {
            window: self.max_take(),
        }
    }

    fn limits(&self) -> Limits {
        let search = PERIOD_SEARCH_LIMIT as u64;
        Limits {
            max_count: MAX_RUN_VALUES,
            max_computed: search,
            period_search: search,
            at_search: search,
            period_first: true,
            max_at: search,
            bytes_per_value: 4,
            second_thread_bytes_per_value: 0,
        }
    }

    fn start(&self, target: u64) -> Result<Box<dyn Computation>> {
        Ok(Box::new(self.table_run(target)?))
    }

    fn restore(&self, checkpoint: &[u8]) -> Result<Box<dyn Computation>> {
        let search = PERIOD_SEARCH_LIMIT as u64;
        let set = self.set.clone();
        Ok(Box::new(TableRun::restore(
            checkpoint,
            Ruleset::term(self),
            self.period_rule(),
            search,
            search,
            move |values| Ok(Sequencer::resume(&set, values)),
        )?))
    }
}

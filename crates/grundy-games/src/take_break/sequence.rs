//! Take-and-break games as [`HeapSequence`]s: their reports, long runs and checkpoints (see
//! [`crate::sequence::report`]), computed by a [`TableRun`] around the [`Solver`].

use super::solver::Solver;
use super::{TakeBreakGame, MAX_COMPUTED};
use crate::kernel::error::Result;
use crate::kernel::heap_sequence::{Computation, HeapSequence, Limits, PeriodRule, SequenceGame};
use crate::kernel::Ruleset;
use crate::sequence::table::{Extend, TableRun};

impl Extend for Solver {
    fn values(&self) -> &[u32] {
        Solver::values(self)
    }

    fn extend_to(&mut self, count: usize) -> Result<()> {
        Solver::extend_to(self, count)
    }
}

impl HeapSequence for TakeBreakGame {
    fn game(&self) -> SequenceGame {
        SequenceGame {
            game: "hex".into(),
            term: Ruleset::term(self),
            title: Ruleset::title(self),
        }
    }

    fn period_rule(&self) -> PeriodRule {
        TakeBreakGame::period_rule(self)
    }

    fn limits(&self) -> Limits {
        let claims = !self.code().has_unequal();
        Limits {
            max_count: MAX_COMPUTED,
            max_computed: MAX_COMPUTED,
            period_search: if claims { self.max_table_heap() } else { 0 },
            at_search: if claims { self.max_table_heap() } else { 0 },
            period_first: false,
            max_at: self.max_table_heap(),
            // The value and, per heap, the sets of its splits (one word each while the values
            // stay below 64).
            bytes_per_value: 4 + 16,
            second_thread_bytes_per_value: 0,
        }
    }

    fn start(&self, target: u64) -> Result<Box<dyn Computation>> {
        Ok(Box::new(self.run(target)?))
    }

    fn restore(&self, checkpoint: &[u8]) -> Result<Box<dyn Computation>> {
        let code = self.code().clone();
        Ok(Box::new(TableRun::restore(
            checkpoint,
            Ruleset::term(self),
            self.period_rule(),
            MAX_COMPUTED,
            MAX_COMPUTED,
            move |values| Solver::resume(&code, &values),
        )?))
    }
}

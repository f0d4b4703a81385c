//! Octal games and Grundy's game as [`HeapSequence`]s: their reports, long runs and
//! checkpoints (see [`crate::sequence::report`]), computed by [`SequenceRun`].

use std::io;
use std::sync::atomic::AtomicBool;

use super::{OctalGame, SequenceRun, MAX_RUN_VALUES, MAX_TABLE_HEAP, PERIOD_SEARCH_LIMIT};
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_sequence::Period;
use crate::kernel::heap_sequence::{Computation, HeapSequence, Limits, PeriodRule, SequenceGame};
use crate::kernel::heap_sequence::{Progress, RunStatus};
use crate::nimber::Nimber;

impl Computation for SequenceRun {
    fn computed(&self) -> u64 {
        self.values().len() as u64
    }

    fn value_at(&self, n: u64) -> Option<Nimber> {
        SequenceRun::value_at(self, n)
    }

    fn proven(&self) -> Option<Period> {
        self.period()
    }

    fn target(&self) -> u64 {
        SequenceRun::target(self)
    }

    fn set_target(&mut self, target: u64) -> Result<()> {
        SequenceRun::set_target(self, target)
    }

    fn run(
        &mut self,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<RunStatus> {
        SequenceRun::run(self, cancel, progress)
    }

    fn write_checkpoint(&self, out: &mut dyn io::Write) -> io::Result<()> {
        self.write_bytes(out)
    }

    fn set_threads(&mut self, threads: usize) {
        SequenceRun::set_threads(self, threads);
    }
}

impl HeapSequence for OctalGame {
    fn max_threads(&self) -> usize {
        2
    }

    fn game(&self) -> SequenceGame {
        if self.is_grundys_game() {
            return SequenceGame {
                game: "grundys-game".into(),
                term: "grundys".into(),
                title: "Grundy's game".into(),
            };
        }
        SequenceGame {
            game: "octal".into(),
            term: format!("octal{{{}}}", self.rules),
            title: format!("Octal game {}", self.rules),
        }
    }

    fn period_rule(&self) -> PeriodRule {
        if self.is_grundys_game() {
            return PeriodRule::NotClaimed {
                reason: "none is known, and the Guy-Smith theorem does not apply to it".into(),
            };
        }
        PeriodRule::GuySmith {
            max_removed: self.rules.max_removed() as u64,
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            max_count: MAX_RUN_VALUES,
            max_computed: MAX_RUN_VALUES,
            period_search: if self.is_grundys_game() {
                0
            } else {
                MAX_TABLE_HEAP
            },
            // `G(n)` of one heap searches as far as its analysis does (`OctalGame::period`).
            at_search: if self.is_grundys_game() {
                0
            } else {
                PERIOD_SEARCH_LIMIT
            },
            period_first: false,
            max_at: MAX_TABLE_HEAP,
            // The values (1 or 2 bytes) and the solver's reversed copy of them (as many again).
            bytes_per_value: 4,
            // The second thread keeps a copy of the values for its whole run.
            second_thread_bytes_per_value: 2,
        }
    }

    fn start(&self, target: u64) -> Result<Box<dyn Computation>> {
        Ok(Box::new(SequenceRun::new(
            self.rules.clone(),
            target,
            true,
        )?))
    }

    fn restore(&self, checkpoint: &[u8]) -> Result<Box<dyn Computation>> {
        let mut run = SequenceRun::from_bytes(checkpoint)?;
        if run.rules() != self.rules() {
            return Err(GameError::invalid(
                "checkpoint",
                run.rules().to_string(),
                format!("a checkpoint of {}", self.rules),
            ));
        }
        // Values beyond a proven period follow from it: they are filled in, never computed.
        run.set_stop_at_period(true);
        Ok(Box::new(run))
    }
}

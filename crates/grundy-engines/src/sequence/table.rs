//! [`TableRun`]: the computation of a sequence whose values are computed in order, each from
//! those below it — everything but the step itself (chunks, cancelling, progress, period
//! checks on a fixed schedule, checkpoints).
//!
//! A ruleset provides the step as an [`Extend`] (subtraction games, all-but games,
//! take-and-break codes) and gets a
//! [`Computation`] for `HeapSequence::start` and
//! `HeapSequence::restore`.
//!
//! Periods are looked for only at lengths decided by the values — `max(4·window, 256)` for the
//! window rule, 1024 for Guy–Smith, 16 for take-and-break codes (at most the search limit),
//! then doubling up to the limit, or sooner at the length a candidate's proof needs — whatever
//! the chunks and the target, so that a run resumed from a checkpoint proves the same period
//! at the same length as one that never stopped.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::checkpoint::{self, Header, FLAG_STOP_AT_PERIOD, FLAG_TABLE, VERSION};
use super::{find_guy_smith_period, find_window_period, PeriodSearch};
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_sequence::{
    Computation, OwnPeriodSearch, Period, PeriodRule, Progress, RunStatus,
};
use crate::nimber::Nimber;

/// The step of a [`TableRun`]: the values so far, and how to compute more.
pub trait Extend: Send {
    /// `G(0..len)`, computed so far.
    fn values(&self) -> &[u32];
    /// Computes values until there are `count` of them, or fails at a documented limit.
    fn extend_to(&mut self, count: usize) -> Result<()>;
}

/// Bounds on the chunks of values computed between two looks at the cancel flag: a chunk
/// adapts so that it takes about [`CHUNK_TIME`].
const MIN_CHUNK: u64 = 64;
const MAX_CHUNK: u64 = 1 << 20;
const CHUNK_TIME: Duration = Duration::from_millis(100);

/// A resumable computation of `G(0..target)` around an [`Extend`] step.
pub struct TableRun<E: Extend> {
    term: String,
    step: E,
    rule: PeriodRule,
    /// The most values computed, and how far periods are looked for.
    limit: u64,
    period_search: u64,
    target: u64,
    period: Option<Period>,
    next_check: u64,
}

impl<E: Extend> TableRun<E> {
    /// A run of the game named `term` (in the term format; it names the checkpoint) computing
    /// with `step`, proving periods by `rule` up to `period_search` values, holding at most
    /// `limit` values.
    pub fn new(
        term: String,
        step: E,
        rule: PeriodRule,
        period_search: u64,
        limit: u64,
        target: u64,
    ) -> Result<Self> {
        let mut run = TableRun {
            term,
            step,
            rule,
            limit,
            period_search,
            target: 0,
            period: None,
            next_check: 0,
        };
        run.next_check = run.first_check();
        run.set_target(target)?;
        Ok(run)
    }

    /// The run saved in `bytes` by [`Computation::write_checkpoint`] of a run of the game
    /// named `term`, its step rebuilt from the saved values by `resume`.
    pub fn restore(
        bytes: &[u8],
        term: String,
        rule: PeriodRule,
        period_search: u64,
        limit: u64,
        resume: impl FnOnce(Vec<u32>) -> Result<E>,
    ) -> Result<Self> {
        let (header, stored) = checkpoint::parse(bytes)?;
        if header.flags & FLAG_TABLE == 0 || header.code != term {
            // Name what the file holds as the term format does.
            let saved = if header.flags & FLAG_TABLE != 0 {
                header.code
            } else if header.flags & checkpoint::FLAG_GRUNDYS_GAME != 0 {
                "grundys".to_string()
            } else {
                format!("octal{{{}}}", header.code)
            };
            return Err(GameError::invalid(
                "checkpoint",
                saved,
                format!("a checkpoint of {term}"),
            ));
        }
        if header.count > limit || header.target > limit {
            return Err(GameError::invalid(
                "checkpoint",
                format!("{} values", header.count),
                format!("at most {limit} values"),
            ));
        }
        let values: Vec<u32> = match header.width {
            1 => stored.iter().map(|&b| b as u32).collect(),
            2 => stored
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]) as u32)
                .collect(),
            _ => stored
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        };
        let mut run = TableRun {
            term,
            step: resume(values)?,
            rule,
            limit,
            period_search,
            target: header.target,
            period: None,
            next_check: header.next_check,
        };
        run.period = run.check_restored(header.period)?;
        Ok(run)
    }

    /// The fields of a restored run that only the run can check: the saved period must be the
    /// one its rule proves from the first `checked` stored values (the checkpoint stores no
    /// saltus: it comes from the proof), so a resumed run never answers from a period its
    /// values do not prove; and the next check must be one the schedule could have set (above
    /// the values stored, within the period search), so that the run goes on looking.
    fn check_restored(&self, saved: Option<Period>) -> Result<Option<Period>> {
        let count = self.len();
        let next = self.next_check;
        if let Some(p) = saved {
            let (found, _) = self.search(&self.step.values()[..p.checked as usize]);
            let Some(q) = found.filter(|q| {
                (q.preperiod, q.period, q.checked) == (p.preperiod, p.period, p.checked)
            }) else {
                let proven = match found {
                    Some(q) => format!(
                        "the period its values prove (period {} from {}, checked on {} values)",
                        q.period, q.preperiod, q.checked
                    ),
                    None => "a period its values prove (they prove none)".into(),
                };
                return Err(checkpoint::field(
                    "period",
                    format!(
                        "period {} from {}, checked on {} values",
                        p.period, p.preperiod, p.checked
                    ),
                    proven,
                ));
            };
            if next != u64::MAX {
                return Err(checkpoint::field(
                    "next check",
                    next,
                    format!("{} (none) once a period is proven", u64::MAX),
                ));
            }
            return Ok(Some(q));
        }
        let done = count >= self.period_search || self.first_check() == u64::MAX;
        let fits = if done {
            next == u64::MAX
        } else {
            next > count && next <= self.period_search
        };
        if !fits {
            let expected = if done {
                format!("{} (none): no period is looked for any more", u64::MAX)
            } else {
                format!(
                    "more than the {count} values stored and at most {} (the period search)",
                    self.period_search
                )
            };
            return Err(checkpoint::field("next check", next, expected));
        }
        Ok(None)
    }

    /// The step, with the values computed so far.
    pub fn step(&self) -> &E {
        &self.step
    }

    /// Takes the step, with its values.
    pub fn into_step(self) -> E {
        self.step
    }

    fn len(&self) -> u64 {
        self.step.values().len() as u64
    }

    fn first_check(&self) -> u64 {
        match self.rule {
            PeriodRule::Window { window } => (4 * window).max(256).min(self.period_search),
            PeriodRule::GuySmith { .. } => 1024.min(self.period_search),
            PeriodRule::TakeBreak { .. } => 16.min(self.period_search),
            PeriodRule::NotClaimed { .. } => u64::MAX,
        }
    }

    fn is_finished(&self) -> bool {
        self.len() >= self.target || self.period.is_some()
    }

    fn check_period(&mut self) {
        let len = self.len();
        let (found, needed) = self.search(self.step.values());
        self.period = found;
        // A candidate's proof needs `needed` values: look again there if that is sooner than
        // the doubling (the choice depends on the values only, so a resumed run makes it too).
        self.next_check = if found.is_some() || len >= self.period_search {
            u64::MAX
        } else {
            (2 * len).min(needed.max(len + 1)).min(self.period_search)
        };
    }

    /// What the rule proves from `values`: the period, if any, and the values a candidate's
    /// proof needs (`u64::MAX` when there is none).
    fn search(&self, values: &[u32]) -> (Option<Period>, u64) {
        let mut needed = u64::MAX;
        let found = match &self.rule {
            PeriodRule::Window { window } => find_window_period(values, *window as usize),
            PeriodRule::GuySmith { max_removed } => {
                match find_guy_smith_period(values, *max_removed as usize) {
                    PeriodSearch::Proven(p) => Some(p),
                    _ => None,
                }
            }
            PeriodRule::TakeBreak { code } => match code.search(values) {
                OwnPeriodSearch::Proven(p) => Some(p),
                OwnPeriodSearch::Candidate { needed: n } => {
                    needed = n;
                    None
                }
                OwnPeriodSearch::Nothing => None,
            },
            PeriodRule::NotClaimed { .. } => None,
        };
        (found, needed)
    }
}

impl<E: Extend> Computation for TableRun<E> {
    fn computed(&self) -> u64 {
        self.len()
    }

    fn value_at(&self, n: u64) -> Option<Nimber> {
        let values = self.step.values();
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| values.get(i)) {
            return Some(v as Nimber);
        }
        let p = self.period?;
        let (index, _) = p.reduce(n);
        let base = *values.get(index as usize)? as Nimber;
        p.value(n, base)
    }

    fn proven(&self) -> Option<Period> {
        self.period
    }

    fn target(&self) -> u64 {
        self.target
    }

    fn set_target(&mut self, target: u64) -> Result<()> {
        if target > self.limit {
            return Err(GameError::out_of_range(
                "number of values",
                target,
                format!("at most {}", self.limit),
            ));
        }
        self.target = target.max(self.len());
        Ok(())
    }

    fn run(
        &mut self,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<RunStatus> {
        let mut chunk = 4096;
        while !self.is_finished() {
            if cancel.load(Ordering::Relaxed) {
                return Ok(RunStatus::Cancelled);
            }
            let len = self.len();
            let stop = self
                .target
                .min(len + chunk)
                .min(self.next_check.max(len + 1));
            let started = Instant::now();
            self.step.extend_to(stop as usize)?;
            let took = started.elapsed();
            if took < CHUNK_TIME / 2 {
                chunk = (chunk * 2).min(MAX_CHUNK);
            } else if took > CHUNK_TIME * 2 {
                chunk = (chunk / 2).max(MIN_CHUNK);
            }
            if self.len() == self.next_check {
                self.check_period();
            }
            progress(Progress {
                done: self.len(),
                target: self.target,
            });
        }
        Ok(RunStatus::Finished)
    }

    fn write_checkpoint(&self, out: &mut dyn io::Write) -> io::Result<()> {
        let values = self.step.values();
        let top = values.iter().copied().max().unwrap_or(0);
        let width = if top < 1 << 8 {
            1
        } else if top < 1 << 16 {
            2
        } else {
            4
        };
        let header = Header {
            version: VERSION,
            flags: FLAG_TABLE | FLAG_STOP_AT_PERIOD,
            code: self.term.clone(),
            target: self.target,
            next_check: self.next_check,
            period: self.period,
            count: values.len() as u64,
            width,
        };
        checkpoint::write(out, &header, |out| {
            let mut block = Vec::with_capacity(1 << 16);
            for chunk in values.chunks(1 << 14) {
                block.clear();
                for &v in chunk {
                    block.extend_from_slice(&v.to_le_bytes()[..width]);
                }
                out.put(&block)?;
            }
            Ok(())
        })
    }
}

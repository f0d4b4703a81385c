//! Long computations that can stop and go on: a [`SequenceRun`] is pure data.
//!
//! A run computes `G(0..target)` with the rare/common solver, watches for a period (Guy–Smith),
//! polls a cancel flag and reports progress between chunks of values. At any point its state
//! serialises to a compact byte string — a header (magic, version, the game's code, the target,
//! the period if proven), the values in their stored width (version 2: a width byte, then one
//! byte per value, or two little-endian bytes per value once a value exceeds 255; version 1,
//! still read: always two bytes), and an FNV-1a checksum — and
//! [`SequenceRun::from_bytes`] continues it exactly: the resumed run computes the same values and
//! checks for periods at the same lengths, so its final bytes equal an uninterrupted run's.
//!
//! Writing the bytes to disk (atomically, every few seconds) is the front end's job.

use std::sync::atomic::{AtomicBool, Ordering};

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::naive::{value_by_definition, Moves};
use super::sparse::SparseSolver;
use super::values::Values;
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_rules::HeapRules;
use crate::kernel::heap_sequence::{Period, Progress, RunStatus};
use crate::nimber::{MexSet, Nimber};
use crate::sequence::{find_guy_smith_period, GrundySequence, PeriodSearch};

/// The most values one run may compute (one byte of memory each while they are below 256, two
/// after).
pub const MAX_RUN_VALUES: u64 = 1 << 31;

/// Values computed between two looks at the cancel flag and two progress reports: the chunk
/// adapts so that one takes about [`CHUNK_TIME`] (so Ctrl-C is answered quickly even where
/// values cost milliseconds each), within these bounds.
const MIN_CHUNK_VALUES: u64 = 64;
const MAX_CHUNK_VALUES: u64 = 1 << 18;
const FIRST_CHUNK_VALUES: u64 = 1 << 12;
const CHUNK_TIME: std::time::Duration = std::time::Duration::from_millis(100);

use crate::sequence::checkpoint;
pub use crate::sequence::checkpoint::fnv1a;

/// A resumable computation of a Grundy sequence.
#[derive(Debug, Clone)]
pub struct SequenceRun {
    rules: HeapRules,
    target: u64,
    stop_at_period: bool,
    solver: SparseSolver,
    period: Option<Period>,
    /// The length at which the period is looked for next.
    next_check: u64,
}

impl SequenceRun {
    /// A run that will compute `G(0..target)`; with `stop_at_period` it stops as soon as a
    /// period is proven.
    pub fn new(rules: HeapRules, target: u64, stop_at_period: bool) -> Result<Self> {
        check_target(target)?;
        Ok(SequenceRun {
            solver: SparseSolver::new(&rules),
            rules,
            target,
            stop_at_period,
            period: None,
            next_check: 0,
        })
    }

    /// Uses `threads` threads (1 or 2) from now on: see [`SparseSolver::set_threads`]. The
    /// values, checkpoints and periods are the same either way; the setting is not saved.
    pub fn set_threads(&mut self, threads: usize) {
        self.solver.set_threads(threads);
    }

    /// The game's rules.
    pub fn rules(&self) -> &HeapRules {
        &self.rules
    }

    /// The values computed so far (one byte each while every value is below 256).
    pub fn values(&self) -> Values<'_> {
        self.solver.values()
    }

    /// The number of values wanted.
    pub fn target(&self) -> u64 {
        self.target
    }

    /// Asks for more values (never fewer than computed).
    pub fn set_target(&mut self, target: u64) -> Result<()> {
        check_target(target)?;
        self.target = target.max(self.values().len() as u64);
        Ok(())
    }

    /// The period, once proven.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Whether nothing is left to do.
    pub fn is_finished(&self) -> bool {
        self.values().len() as u64 >= self.target || (self.stop_at_period && self.period.is_some())
    }

    /// The values and the period as a [`GrundySequence`].
    pub fn sequence(&self) -> GrundySequence {
        GrundySequence {
            values: self.values().iter().map(u32::from).collect(),
            period: self.period,
        }
    }

    /// `G(n)` from the table or the proven period.
    pub fn value_at(&self, n: u64) -> Option<Nimber> {
        let values = self.values();
        if let Some(v) = usize::try_from(n).ok().and_then(|i| values.get(i)) {
            return Some(v as Nimber);
        }
        let p = self.period?;
        let index = p.preperiod + (n - p.preperiod) % p.period;
        values.get(index as usize).map(|v| v as Nimber)
    }

    /// `G(n)` for a heap of any size.
    pub fn value_at_big(&self, n: &BigUint) -> Option<Nimber> {
        if let Some(small) = n.to_u64() {
            return self.value_at(small);
        }
        let p = self.period?;
        let offset = (n - BigUint::from(p.preperiod)) % BigUint::from(p.period);
        self.value_at(p.preperiod + offset.to_u64()?)
    }

    /// Computes until finished or cancelled, reporting progress after each chunk of values.
    pub fn run(
        &mut self,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<RunStatus> {
        let mut chunk = FIRST_CHUNK_VALUES;
        self.solver
            .plan(usize::try_from(self.target).unwrap_or(usize::MAX));
        while !self.is_finished() {
            if cancel.load(Ordering::Relaxed) {
                return Ok(RunStatus::Cancelled);
            }
            let len = self.values().len() as u64;
            let mut stop = self.target.min(len + chunk);
            let started = std::time::Instant::now();
            if self.watches_period() {
                stop = stop.min(self.next_check.max(len + 1));
            }
            self.solver.extend_to(stop as usize)?;
            // Chunk boundaries never change the values or when periods are looked for.
            let took = started.elapsed();
            if took < CHUNK_TIME / 2 {
                chunk = (chunk * 2).min(MAX_CHUNK_VALUES);
            } else if took > CHUNK_TIME * 2 {
                chunk = (chunk / 2).max(MIN_CHUNK_VALUES);
            }
            if self.watches_period() && (stop >= self.next_check || stop == self.target) {
                self.check_period();
            }
            progress(Progress {
                done: self.values().len() as u64,
                target: self.target,
            });
        }
        Ok(RunStatus::Finished)
    }

    fn watches_period(&self) -> bool {
        self.period.is_none() && !self.rules.is_grundys_game()
    }

    /// Looks for a proven period now and decides when to look next: at the length a repeating
    /// candidate needs, or at the next point of a geometric schedule (eight looks per doubling),
    /// which keeps the cost of looking to a few operations per value.
    fn check_period(&mut self) {
        let values = self.solver.values();
        let len = values.len() as u64;
        let scheduled = {
            let step = schedule_step(len);
            (len / step + 1) * step
        };
        let max_removed = self.rules.max_removed();
        let search = match values {
            Values::Narrow(v) => find_guy_smith_period(v, max_removed),
            Values::Wide(v) => find_guy_smith_period(v, max_removed),
        };
        self.next_check = match search {
            PeriodSearch::Proven(period) => {
                self.period = Some(period);
                u64::MAX
            }
            PeriodSearch::Candidate { needed, .. } if needed > len => scheduled.min(needed),
            _ => scheduled,
        };
    }

    /// The state as bytes (see the module documentation for the layout).
    pub fn to_bytes(&self) -> Vec<u8> {
        let values = self.values();
        let mut out = Vec::with_capacity(128 + values.bytes_per_value() * values.len());
        self.write_bytes(&mut out)
            .expect("writing into a Vec cannot fail");
        out
    }

    /// Writes the same bytes as [`SequenceRun::to_bytes`] into `out` as they are produced, so a
    /// long run's checkpoint never needs a second copy of its values in memory.
    pub fn write_bytes(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let mut flags = 0;
        if self.rules.is_grundys_game() {
            flags |= checkpoint::FLAG_GRUNDYS_GAME;
        }
        if self.stop_at_period {
            flags |= checkpoint::FLAG_STOP_AT_PERIOD;
        }
        let values = self.values();
        let header = checkpoint::Header {
            version: checkpoint::VERSION,
            flags,
            code: self.rules.to_string(),
            target: self.target,
            next_check: self.next_check,
            period: self.period,
            count: values.len() as u64,
            width: values.bytes_per_value(),
        };
        checkpoint::write(out, &header, |out| match values {
            Values::Narrow(v) => out.put(v),
            Values::Wide(v) => {
                // Values in blocks: one write call per block rather than per value.
                let mut block = [0u8; 8192];
                for chunk in v.chunks(block.len() / 2) {
                    for (i, &g) in chunk.iter().enumerate() {
                        block[2 * i..2 * i + 2].copy_from_slice(&g.to_le_bytes());
                    }
                    out.put(&block[..2 * chunk.len()])?;
                }
                Ok(())
            }
        })
    }

    /// Stops (or not) as soon as a period is proven, from now on: a run asked for `G(0..n)`
    /// needs no more values once the period gives the rest.
    pub fn set_stop_at_period(&mut self, stop: bool) {
        self.stop_at_period = stop;
    }

    /// Restores a run saved by [`SequenceRun::to_bytes`], checking every field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        let bad =
            |why: &str| GameError::invalid("checkpoint", format!("{} bytes", bytes.len()), why);
        let (header, stored) = checkpoint::parse(bytes)?;
        if header.flags & checkpoint::FLAG_TABLE != 0 {
            return Err(GameError::invalid(
                "checkpoint",
                header.code,
                "a checkpoint of an octal game or Grundy's game",
            ));
        }
        let rules = if header.flags & checkpoint::FLAG_GRUNDYS_GAME != 0 {
            HeapRules::grundys_game()
        } else {
            // A code that names no octal game (written by hand, or Grundy's game without its
            // flag) is a field of the checkpoint, refused as one.
            HeapRules::parse(&header.code).map_err(|_| {
                checkpoint::field(
                    "code",
                    &header.code,
                    "an octal code such as 0.77 (Grundy's game is named by its flag)",
                )
            })?
        };
        let target = header.target;
        if target > MAX_RUN_VALUES {
            return Err(checkpoint::field(
                "target",
                target,
                format!("at most {MAX_RUN_VALUES} values"),
            ));
        }
        let (count, width) = (header.count, header.width);
        if width != 1 && width != 2 {
            return Err(bad("values of one or two bytes each"));
        }
        if count > target.max(1) || count > MAX_RUN_VALUES {
            return Err(bad("as many values as its header says"));
        }
        if header.period.is_some() && rules.is_grundys_game() {
            return Err(bad("no period for Grundy's game (none is ever claimed)"));
        }
        let solver = if width == 1 {
            SparseSolver::resume_narrow(&rules, stored.to_vec())
        } else {
            let values = stored.chunks_exact(2);
            SparseSolver::resume(
                &rules,
                values.map(|c| u16::from_le_bytes([c[0], c[1]])).collect(),
            )
        };
        let run = SequenceRun {
            solver,
            rules,
            target,
            stop_at_period: header.flags & checkpoint::FLAG_STOP_AT_PERIOD != 0,
            period: header.period,
            next_check: header.next_check,
        };
        run.check_restored()?;
        run.check_values()?;
        Ok(run)
    }

    /// Some stored values against the definition (the checksum only says that the file is
    /// as written, not that what wrote it was right): every value below [`CHECKED_PREFIX`],
    /// then the last and seven spread through the run while their options number at most
    /// [`CHECKED_WORK`] in all (some 0.1 s; Officers: all eight at 2^24 values, the last and
    /// three at 2^26, from 2^27 on the last alone has more options and only the first 1,024
    /// are checked).
    fn check_values(&self) -> Result<()> {
        let values = self.values();
        let count = values.len();
        let moves = Moves::of(&self.rules);
        let g = |i: usize| values.get(i).map_or(0, u32::from);
        let mut seen = MexSet::new();
        let spread = std::iter::once(count.saturating_sub(1)).chain((1..8).map(|i| count / 8 * i));
        let mut work = 0usize;
        let mut checked: Vec<usize> = (0..count.min(CHECKED_PREFIX)).collect();
        for n in spread.filter(|&n| n >= CHECKED_PREFIX && n < count) {
            work = work.saturating_add(moves.work(n));
            if work > CHECKED_WORK {
                break;
            }
            checked.push(n);
        }
        // In order, so that a wrong value is named before the later values it would upset.
        checked.sort_unstable();
        checked.dedup();
        for n in checked {
            let stored = Nimber::from(g(n));
            let defined = value_by_definition(&self.rules, &moves, n, g, &mut seen);
            if stored != defined {
                return Err(checkpoint::field(
                    "values",
                    format!("G({n}) = {stored}"),
                    format!(
                        "G({n}) = {defined}, the mex of its options' stored values ({}'s values, \
                         undamaged)",
                        self.rules
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The fields of a restored run that only the run can check: the period is the one the
    /// Guy–Smith theorem proves from the first `checked` stored values (so a resumed run never
    /// answers from a period its values do not prove), and the next check is one the schedule
    /// of [`SequenceRun::check_period`] could have set.
    fn check_restored(&self) -> Result<()> {
        let count = self.values().len() as u64;
        let next = self.next_check;
        if self.rules.is_grundys_game() {
            // No period is ever looked for: the next check stays 0.
            if next != 0 {
                return Err(checkpoint::field(
                    "next check",
                    next,
                    "0 for Grundy's game (no period is looked for)",
                ));
            }
            return Ok(());
        }
        if let Some(p) = self.period {
            let values = self.values();
            let checked = p.checked as usize;
            let found = match values {
                Values::Narrow(v) => find_guy_smith_period(&v[..checked], self.rules.max_removed()),
                Values::Wide(v) => find_guy_smith_period(&v[..checked], self.rules.max_removed()),
            };
            if found != PeriodSearch::Proven(p) {
                return Err(checkpoint::field(
                    "period",
                    format!(
                        "period {} from {}, checked on {} values",
                        p.period, p.preperiod, p.checked
                    ),
                    match found {
                        PeriodSearch::Proven(q) => format!(
                            "the period the stored values prove by Guy-Smith (period {} from {}, \
                             checked on {} values)",
                            q.period, q.preperiod, q.checked
                        ),
                        _ => {
                            "a period the stored values prove by Guy-Smith (they prove none)".into()
                        }
                    },
                ));
            }
            if next != u64::MAX {
                return Err(checkpoint::field(
                    "next check",
                    next,
                    format!("{} (none) once a period is proven", u64::MAX),
                ));
            }
            return Ok(());
        }
        // After a look at length `len <= count`, the next is at most `len + step(len)`.
        let most = count.saturating_add(schedule_step(count));
        if next > most {
            return Err(checkpoint::field(
                "next check",
                next,
                format!("at most {most} with {count} values stored and no period proven"),
            ));
        }
        Ok(())
    }
}

/// The values a restored checkpoint has checked in full against the definition.
const CHECKED_PREFIX: usize = 1024;

/// The most options a restored checkpoint's spread values may have in all (see
/// [`SequenceRun::check_values`]).
const CHECKED_WORK: usize = 1 << 26;

/// The step of the geometric schedule of period checks at `len` values (eight per doubling).
fn schedule_step(len: u64) -> u64 {
    (len.max(1).next_power_of_two() / 8).max(1024)
}

fn check_target(target: u64) -> Result<()> {
    if target > MAX_RUN_VALUES {
        return Err(GameError::out_of_range(
            "number of values",
            target,
            format!("at most {MAX_RUN_VALUES}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_all(run: &mut SequenceRun) {
        let status = run.run(&AtomicBool::new(false), &mut |_| {}).unwrap();
        assert_eq!(status, RunStatus::Finished);
    }

    #[test]
    fn kayles_period_is_proven_and_stops() {
        let mut run = SequenceRun::new(HeapRules::parse("0.77").unwrap(), 1 << 20, true).unwrap();
        run_all(&mut run);
        let p = run.period().unwrap();
        assert_eq!((p.preperiod, p.period), (71, 12));
        assert!(run.values().len() < 4096);
        assert_eq!(
            run.value_at(1_000_000_000_000),
            run.value_at(71 + (1_000_000_000_000 - 71) % 12)
        );
    }

    /// A checkpoint whose code names no octal game (Grundy's game with its flag cleared, the
    /// checksum made right: what the fuzz target `checkpoint` found) is refused as a field of
    /// the checkpoint.
    #[test]
    fn a_code_that_is_no_octal_game_is_a_bad_field() {
        let mut run = SequenceRun::new(HeapRules::grundys_game(), 100, false).unwrap();
        run_all(&mut run);
        let mut bytes = run.to_bytes();
        bytes[9] &= !checkpoint::FLAG_GRUNDYS_GAME;
        let body = bytes.len() - 8;
        let sum = checkpoint::fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.to_le_bytes());
        let err = SequenceRun::from_bytes(&bytes).unwrap_err().to_string();
        assert!(err.starts_with("invalid checkpoint field code"), "{err}");
        // With the flag the same file resumes.
        assert!(SequenceRun::from_bytes(&run.to_bytes()).is_ok());
    }

    #[test]
    fn cancel_then_resume_gives_the_same_bytes() {
        let rules = HeapRules::parse("0.16").unwrap();
        let mut whole = SequenceRun::new(rules.clone(), 300_000, false).unwrap();
        run_all(&mut whole);
        let mut part = SequenceRun::new(rules, 300_000, false).unwrap();
        let cancel = AtomicBool::new(false);
        let status = part
            .run(&cancel, &mut |p| {
                if p.done >= 130_000 {
                    cancel.store(true, Ordering::Relaxed);
                }
            })
            .unwrap();
        assert_eq!(status, RunStatus::Cancelled);
        let saved = part.to_bytes();
        let mut resumed = SequenceRun::from_bytes(&saved).unwrap();
        assert_eq!(resumed.to_bytes(), saved);
        run_all(&mut resumed);
        assert_eq!(resumed.to_bytes(), whole.to_bytes());
    }

    /// `bytes` (a version 2 checkpoint) in version 1's layout: no width byte, values as `u16`.
    fn as_version_1(bytes: &[u8]) -> Vec<u8> {
        let code_len = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
        // The header up to the count: code, target, next check, the period's three fields.
        let count_end = 12 + code_len + 6 * 8;
        let width = bytes[count_end] as usize;
        let mut out = bytes[..count_end].to_vec();
        out[8] = 1;
        for value in bytes[count_end + 1..bytes.len() - 8].chunks_exact(width) {
            let g = if width == 1 {
                value[0] as u16
            } else {
                u16::from_le_bytes([value[0], value[1]])
            };
            out.extend_from_slice(&g.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    #[test]
    fn checkpoints_store_one_byte_per_value_until_one_exceeds_255() {
        // Treblecross: every value below 256 up to 9,168 heaps, G(9168) above.
        let rules = HeapRules::parse("0.007").unwrap();
        let mut whole = SparseSolver::new(&rules);
        whole.extend_to(12_000).unwrap();
        assert!(whole.values().slice(0..9_168).iter().all(|g| g <= 255));
        assert!(whole.values().get(9_168).unwrap() > 255);
        let header = 8 + 1 + 1 + 2 + "0.007".len() + 6 * 8 + 1;
        for (count, width) in [(9_168, 1), (9_169, 2)] {
            let mut run = SequenceRun::new(rules.clone(), count, false).unwrap();
            run_all(&mut run);
            assert_eq!(run.values(), whole.values().slice(0..count as usize));
            let bytes = run.to_bytes();
            assert_eq!(bytes[8], checkpoint::VERSION);
            assert_eq!(bytes[header - 1], width as u8);
            assert_eq!(bytes.len(), header + width * count as usize + 8);
            let resumed = SequenceRun::from_bytes(&bytes).unwrap();
            assert_eq!(resumed.values().bytes_per_value(), width);
            assert_eq!(resumed.to_bytes(), bytes);
            // Resumed past the threshold, the values are the uninterrupted run's.
            let mut longer = SequenceRun::from_bytes(&bytes).unwrap();
            longer.set_target(12_000).unwrap();
            run_all(&mut longer);
            assert_eq!(longer.values(), whole.values());
        }
    }

    #[test]
    fn version_1_checkpoints_still_resume() {
        for (code, count) in [("0.16", 2_000usize), ("0.007", 9_500)] {
            let rules = HeapRules::parse(code).unwrap();
            let mut whole = SequenceRun::new(rules.clone(), 2 * count as u64, false).unwrap();
            run_all(&mut whole);
            let mut part = SequenceRun::new(rules, 2 * count as u64, false).unwrap();
            part.solver.extend_to(count).unwrap();
            let old = as_version_1(&part.to_bytes());
            assert_eq!(old[8], 1);
            assert_eq!(
                old.len(),
                part.to_bytes().len() + count * (2 - part.values().bytes_per_value()) - 1
            );
            let mut resumed = SequenceRun::from_bytes(&old).unwrap();
            assert_eq!(resumed.to_bytes(), part.to_bytes(), "{code}");
            run_all(&mut resumed);
            assert_eq!(resumed.to_bytes(), whole.to_bytes(), "{code}");
        }
    }

    #[test]
    fn streamed_bytes_are_the_checkpoint_bytes() {
        for (code, count, stop) in [("0.16", 20_000, false), ("0.77", 5_000, true)] {
            let mut run = SequenceRun::new(HeapRules::parse(code).unwrap(), count, stop).unwrap();
            run_all(&mut run);
            let mut streamed = Vec::new();
            run.write_bytes(&mut streamed).unwrap();
            assert_eq!(streamed, run.to_bytes(), "{code}");
        }
        let mut grundys = SequenceRun::new(HeapRules::grundys_game(), 3_000, false).unwrap();
        run_all(&mut grundys);
        let mut streamed = Vec::new();
        grundys.write_bytes(&mut streamed).unwrap();
        assert_eq!(streamed, grundys.to_bytes());
    }

    #[test]
    fn a_run_told_to_stop_at_its_period_stops_there() {
        let rules = HeapRules::parse("0.77").unwrap();
        let mut whole = SequenceRun::new(rules.clone(), 100_000, false).unwrap();
        run_all(&mut whole);
        let mut short = SequenceRun::new(rules, 100_000, false).unwrap();
        short.set_stop_at_period(true);
        run_all(&mut short);
        assert!(short.values().len() < 4096);
        assert_eq!(short.period(), whole.period());
        for n in 0..100_000 {
            assert_eq!(short.value_at(n), whole.value_at(n));
        }
    }

    /// Values that the checksum covers but the rules contradict (written by another program,
    /// or by a wrong one) are refused as the checkpoint's `values` field, wherever the check
    /// looks: among the first 1,024, one of the seven spread through the run, or the last; the
    /// right values pass.
    #[test]
    fn values_the_rules_contradict_are_refused() {
        // Officers and Grundy's game prove no period in 4,000 values (a period, when proven,
        // is checked against the values first).
        for rules in [HeapRules::parse("0.6").unwrap(), HeapRules::grundys_game()] {
            let mut run = SequenceRun::new(rules.clone(), 4_000, false).unwrap();
            run_all(&mut run);
            assert_eq!(run.period(), None);
            let bytes = run.to_bytes();
            let header = 8 + 1 + 1 + 2 + rules.to_string().len() + 6 * 8 + 1;
            assert_eq!(bytes[header - 1], 1);
            let changed = |n: usize| {
                let mut body = bytes.clone();
                body[header + n] ^= 1;
                body.truncate(body.len() - 8);
                let sum = fnv1a(&body);
                body.extend_from_slice(&sum.to_le_bytes());
                body
            };
            for n in [0, 1, 500, 1023, 1500, 3500, 3999] {
                let err = SequenceRun::from_bytes(&changed(n))
                    .unwrap_err()
                    .to_string();
                assert!(
                    err.contains("checkpoint field values") && err.contains(&format!("G({n}) = ")),
                    "{rules} {n}: {err}"
                );
            }
            assert!(SequenceRun::from_bytes(&bytes).is_ok());
        }
    }

    #[test]
    fn damaged_checkpoints_are_refused() {
        let mut run = SequenceRun::new(HeapRules::parse("0.07").unwrap(), 500, false).unwrap();
        run_all(&mut run);
        let bytes = run.to_bytes();
        let mut flipped = bytes.clone();
        flipped[40] ^= 1;
        // A width other than 1 or 2, and a version never written, with correct checksums.
        let resealed = |mut body: Vec<u8>| {
            body.truncate(body.len() - 8);
            let sum = fnv1a(&body);
            body.extend_from_slice(&sum.to_le_bytes());
            body
        };
        let width_at = 8 + 1 + 1 + 2 + "0.07".len() + 6 * 8;
        let mut wide3 = bytes.clone();
        wide3[width_at] = 3;
        let wide3 = resealed(wide3);
        let mut version3 = bytes.clone();
        version3[8] = 3;
        let version3 = resealed(version3);
        for bad in [
            &bytes[..bytes.len() - 1],
            &flipped[..],
            b"hello",
            &[][..],
            &wide3[..],
            &version3[..],
        ] {
            let err = SequenceRun::from_bytes(bad).unwrap_err().to_string();
            assert!(err.contains("checkpoint"), "{err}");
        }
        assert!(
            SequenceRun::new(HeapRules::parse("0.07").unwrap(), MAX_RUN_VALUES + 1, false).is_err()
        );
    }
}

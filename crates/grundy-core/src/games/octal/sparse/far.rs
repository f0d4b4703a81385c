//! Two-thread mode: a second thread computes, superblock by superblock, the options that come
//! from rare positions far below and, for classes that record their splits blind, the splits
//! of small parts from `FAR_MIN` on (as many as it keeps up with), while the main thread
//! settles the values of the superblock before.

use std::sync::atomic::{AtomicBool, Ordering};

use super::kernels::{rare_pass, small_pass, Rows};
use super::value::Value;
use super::{Solver, FAR_MIN, FAR_WORTH, RECORD_STEP, SUPERBLOCK};

/// How many more small parts the second thread takes on after each superblock it finished in
/// time.
const FAR_PARTS_STEP: usize = 32;
use crate::kernel::error::Result;

/// Work for the second thread: the options from far rare positions for one superblock.
#[derive(Debug)]
struct FarJob<V> {
    start: usize,
    len: usize,
    words: usize,
    /// Values `known_before..known` (the second thread keeps the earlier ones).
    fresh: Vec<V>,
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
    /// Small parts whose splits the second thread records too (`FAR_MIN..=` some bound, or
    /// empty): the settling loop's blind recording, done ahead.
    parts: std::ops::Range<usize>,
}

/// The second thread's answer: one `seen` row of `words` words per position of the superblock.
#[derive(Debug, Clone)]
pub(super) struct FarRows {
    pub(super) start: usize,
    pub(super) len: usize,
    pub(super) words: usize,
    pub(super) known: usize,
    pub(super) generation: u64,
    /// Per class: whether its rare positions in `FAR_MIN..known` are in the rows.
    pub(super) covered: Vec<bool>,
    /// Per class: the small parts whose splits are in the rows (possibly none).
    pub(super) parts: Vec<std::ops::Range<usize>>,
    pub(super) rows: Vec<u64>,
}

impl<V: Value> FarJob<V> {
    /// Computes the rows from `values` (which must hold `G(0..known)`); `None` if `stop` is
    /// raised meanwhile (the main thread has finished and will not read them).
    fn run(self, values: &[V], unequal_splits: bool, stop: &AtomicBool) -> Option<FarRows> {
        /// Rare positions between two looks at `stop`.
        const STEP: usize = 64;
        let mut rows = vec![0; self.words * self.len];
        let mut bytes = Vec::new();
        let per_row = self
            .classes
            .iter()
            .flatten()
            .map(|class| class.amounts.len() * (class.positions.len() + class.parts.len()))
            .sum();
        let mut sink = Rows::new(&mut rows, &mut bytes, self.words, self.len, per_row);
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
                        &mut sink,
                        (self.start, self.len, k),
                        (positions, rare_values),
                        unequal_splits,
                    );
                }
                let mut from = class.parts.start;
                while from < class.parts.end {
                    if stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    let to = (from + STEP).min(class.parts.end);
                    small_pass(
                        values,
                        &mut sink,
                        (self.start, self.len, k),
                        from..=to - 1,
                        unequal_splits,
                    );
                    from = to;
                }
            }
        }
        sink.fold();
        Some(FarRows {
            start: self.start,
            len: self.len,
            words: self.words,
            known: self.known,
            generation: self.generation,
            covered: self.classes.iter().map(Option::is_some).collect(),
            parts: self
                .classes
                .iter()
                .map(|c| c.as_ref().map_or(0..0, |c| c.parts.clone()))
                .collect(),
            rows,
        })
    }
}

impl<V: Value> Solver<V> {
    /// Two-thread mode: superblock by superblock, the second thread computes the far options of
    /// the next superblock while this thread settles the values of the current one.
    pub(super) fn extend_two_threads<'scope>(
        &mut self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        count: usize,
        stop: &'scope AtomicBool,
    ) -> Result<bool> {
        let (job_sender, jobs) = std::sync::mpsc::channel::<FarJob<V>>();
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
            let asked = in_flight > 0;
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
            // The second thread takes more of the splits' recording while it keeps up, and
            // gives a quarter back when it is late (this thread then does the superblock's far
            // options itself): the threads share the work whatever the machine's load, and the
            // values do not depend on it.
            if asked {
                self.far_parts = if self.far.is_some() {
                    self.far_parts + FAR_PARTS_STEP
                } else {
                    self.far_parts - self.far_parts / 4
                };
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
            if !settled? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The job for the superblock `start..start + len` from the values known now, if it pays.
    fn far_job(&self, start: usize, len: usize, sent: &mut usize) -> Option<FarJob<V>> {
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
                // The blind recording of the splits, done ahead: as far as positions need it
                // on average lately (the blind limit is twice that, plus a step), and as the
                // second thread keeps up (`far_parts`).
                let mean = class.blind.saturating_sub(RECORD_STEP) / 2;
                let parts = if class.blind_mode {
                    FAR_MIN..FAR_MIN + self.far_parts.min(mean)
                } else {
                    0..0
                };
                Some(FarClass {
                    amounts: class.amounts.clone(),
                    positions: class.rare_positions[lo..].to_vec(),
                    values: class.rare_values[lo..].to_vec(),
                    parts,
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

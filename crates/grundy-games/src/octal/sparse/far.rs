//! Two-thread mode: a second thread computes, superblock by superblock, the options that come
//! from rare positions far below and, for classes that record their splits blind, the splits
//! of small parts from `FAR_MIN` on (as many as it keeps up with), while the main thread
//! settles the values of the superblock before.
//!
//! The second thread lives as long as the solver ([`FarWorker`]) and keeps its own copy of
//! the values, so each call sends it only the values found since the last: a run extended in
//! short steps (`games/octal/run`, a step every tenth of a second) keeps both threads however
//! long the table, where a thread per call, sent every value known, had to stop using the
//! second one past a few times 10^7 values (the copy cost more than it saved).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;

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
    /// The call of the solver it was asked in ([`FarWorker::call`]): dropped unfinished once
    /// that call is over.
    call: u64,
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
    /// The call of the solver the rows were asked in.
    pub(super) call: u64,
    /// Per class: whether its rare positions in `FAR_MIN..known` are in the rows.
    pub(super) covered: Vec<bool>,
    /// Per class: the small parts whose splits are in the rows (possibly none).
    pub(super) parts: Vec<std::ops::Range<usize>>,
    pub(super) rows: Vec<u64>,
}

impl<V: Value> FarJob<V> {
    /// Computes the rows from `values` (which must hold `G(0..known)`); `None` if the call it
    /// was asked in ends meanwhile (`call` moves on: the main thread will not read them).
    fn run(self, values: &[V], unequal_splits: bool, call: &AtomicU64) -> Option<FarRows> {
        let stopped = || call.load(Ordering::Relaxed) != self.call;
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
                    if stopped() {
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
                    if stopped() {
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
            call: self.call,
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

/// The second thread of two-thread mode, kept for the solver's life: it holds a copy of the
/// values sent to it so far (`sent`) and computes the jobs sent to it, one after another.
pub(super) struct FarWorker<V> {
    jobs: Sender<FarJob<V>>,
    /// One answer per job, in order: its rows, or `None` for a job dropped unfinished.
    answers: Receiver<Option<FarRows>>,
    /// Values the second thread holds: `G(0..sent)`.
    sent: usize,
    /// The current call of the solver; raised when a call ends, so that the second thread
    /// drops what it was doing for it.
    call: Arc<AtomicU64>,
}

impl<V: Value> FarWorker<V> {
    /// The second thread, started; `None` when no thread is to be had (a limit on threads):
    /// the solver then runs on one thread, with the same values.
    fn start(unequal_splits: bool) -> Option<Self> {
        let (jobs, job_queue) = std::sync::mpsc::channel::<FarJob<V>>();
        let (answer, answers) = std::sync::mpsc::channel();
        let call = Arc::new(AtomicU64::new(0));
        let current = Arc::clone(&call);
        std::thread::Builder::new()
            .name("octal-far".into())
            .spawn(move || {
                lower_priority();
                let mut values = Vec::new();
                // Ends when the solver (and with it the sender) is dropped.
                for mut job in job_queue {
                    values.append(&mut job.fresh);
                    if job.len == 0 {
                        // Values only ([`Solver::send_values`]): no rows asked, none answered.
                        continue;
                    }
                    let rows = job.run(&values, unequal_splits, &current);
                    if answer.send(rows).is_err() {
                        break;
                    }
                }
            })
            .ok()?;
        Some(FarWorker {
            jobs,
            answers,
            sent: 0,
            call,
        })
    }
}

impl<V> Drop for FarWorker<V> {
    fn drop(&mut self) {
        // The thread drops its job at its next look and ends when it finds no sender.
        self.call.fetch_add(1, Ordering::Relaxed);
    }
}

/// The solver's [`FarWorker`], if started. A copy of the solver starts without one (it starts
/// its own when it needs it).
pub(super) struct FarSlot<V>(pub(super) Option<FarWorker<V>>);

impl<V> FarSlot<V> {
    /// Values the second thread lacks of `G(0..known)`: what using it now would copy.
    pub(super) fn lacks(&self, known: usize) -> usize {
        known - self.0.as_ref().map_or(0, |w| w.sent)
    }
}

impl<V> Default for FarSlot<V> {
    fn default() -> Self {
        FarSlot(None)
    }
}

impl<V> Clone for FarSlot<V> {
    fn clone(&self) -> Self {
        FarSlot(None)
    }
}

impl<V> std::fmt::Debug for FarSlot<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(w) => write!(f, "FarSlot(holding {} values)", w.sent),
            None => write!(f, "FarSlot(none)"),
        }
    }
}

impl<V: Value> Solver<V> {
    /// Two-thread mode: superblock by superblock, the second thread computes the far options of
    /// the next superblock while this thread settles the values of the current one.
    pub(super) fn extend_two_threads(&mut self, count: usize) -> Result<bool> {
        let worker = match self.worker.0.take() {
            Some(worker) => Some(worker),
            None => FarWorker::start(self.unequal_splits),
        };
        let Some(mut worker) = worker else {
            return self.extend_blocks(count);
        };
        let done = self.extend_beside(&mut worker, count);
        // Whatever the second thread is still doing for this call, nobody will read it.
        worker.call.fetch_add(1, Ordering::Relaxed);
        self.worker.0 = Some(worker);
        done
    }

    /// Sends the second thread (started if need be) up to `most` of the values it lacks, with
    /// no work to do: a call too short to be worth copying everything it lacks (the first
    /// calls of a run resumed from a long table) brings its copy that much nearer, so that the
    /// run uses both threads after a few calls instead of never. From `extend_to`, `most` is
    /// in proportion to the call's own values, so the copying never costs more than
    /// [`super::FAR_COPY_RATIO`] allows; from `plan`, it is the whole copy, which the values
    /// still to come pay for.
    pub(super) fn send_values(&mut self, most: usize) {
        if self.worker.0.is_none() {
            self.worker.0 = FarWorker::start(self.unequal_splits);
        }
        let Some(worker) = self.worker.0.as_mut() else {
            return;
        };
        let known = (worker.sent + most).min(self.values.len());
        let job = FarJob {
            start: known,
            len: 0,
            words: 0,
            fresh: self.values[worker.sent..known].to_vec(),
            known,
            generation: self.generation,
            call: worker.call.load(Ordering::Relaxed),
            classes: Vec::new(),
        };
        if worker.jobs.send(job).is_ok() {
            worker.sent = known;
        }
    }

    /// [`Solver::extend_two_threads`] with `worker` started.
    fn extend_beside(&mut self, worker: &mut FarWorker<V>, count: usize) -> Result<bool> {
        let call = worker.call.load(Ordering::Relaxed);
        // Jobs of this call sent and not answered yet (answers to those of earlier calls are
        // dropped as they come).
        let mut mine = 0;
        while self.values.len() < count {
            let start = self.values.len();
            let end = (start + SUPERBLOCK).min(count);
            // Take this superblock's rows (asked for one superblock ago) if they are ready, and
            // never wait for them: when the second thread is late (another process has its
            // core), this thread does the whole block pass and the late rows are dropped.
            self.far = None;
            let asked = mine > 0;
            while mine > 0 {
                let answer = if self.far_wait {
                    worker.answers.recv().ok()
                } else {
                    worker.answers.try_recv().ok()
                };
                let Some(answer) = answer else { break };
                // A job of this call is never dropped unfinished (its call has not ended).
                let Some(rows) = answer.filter(|rows| rows.call == call) else {
                    continue;
                };
                mine -= 1;
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
            if end < count && mine < 2 {
                let len = SUPERBLOCK.min(count - end);
                if let Some(job) = self.far_job(end, len, &mut worker.sent, call) {
                    if worker.jobs.send(job).is_ok() {
                        mine += 1;
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
    fn far_job(&self, start: usize, len: usize, sent: &mut usize, call: u64) -> Option<FarJob<V>> {
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
            call,
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

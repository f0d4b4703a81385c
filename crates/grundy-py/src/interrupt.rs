//! Long computations from Python: the GIL released, Ctrl-C answered, progress reported.
//!
//! Python learns of Ctrl-C (a notebook's interrupt button sends the same SIGINT) only on its
//! main thread, when something calls `PyErr_CheckSignals`; a computation inside the engine
//! never does. Two kinds of computation are handled:
//!
//! * **Sequences** ([`run_sequence`]) report between chunks of values (about every 100 ms):
//!   there the GIL is taken back for a moment to look at the signals and call the progress
//!   callback. Ctrl-C stops the computation at the next chunk with the values kept.
//! * **Everything else** ([`run`]: values, outcomes, winning moves) usually takes microseconds,
//!   and a thread per call would cost far more than the answer (a thread's start and join
//!   measured 200 µs on the project's machine). So a call first runs on the calling thread with
//!   the GIL released and the core's cancel flag ([`grundy_core::kernel::cancel`]) installed; a watch
//!   thread raises that flag once the call has run [`DIRECT_TIME`]. A call cancelled that way
//!   starts again on a worker thread while the calling thread looks at the signals every
//!   [`POLL_TIME`]; Ctrl-C raises the worker's flag, and the engine stops at its next look
//!   (values already computed, such as an octal game's table, are kept by the engine). At most
//!   [`DIRECT_TIME`] of work is done twice, and only by calls that take longer than that.
//!
//! Work that never looks at the cancel flag (closed forms on numbers of many digits) runs to
//! its end; its length is bounded by the core's documented limits.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, Thread};
use std::time::{Duration, Instant};

use grundy_core::kernel::cancel;
use grundy_core::kernel::heap_sequence::Computation;
use grundy_core::kernel::heap_sequence::RunStatus;
use grundy_core::GameError;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::error::game_error;

/// How long a call runs on the calling thread before it moves to a worker thread that Ctrl-C
/// can stop.
pub const DIRECT_TIME: Duration = Duration::from_millis(50);
/// How often the calling thread looks for Ctrl-C while a worker computes.
pub const POLL_TIME: Duration = Duration::from_millis(50);
/// The least time between two calls of a sequence's progress callback.
pub const PROGRESS_TIME: Duration = Duration::from_millis(100);

/// How long the watch thread stays awake without calls before it parks (so that a loop of
/// quick calls does not wake it each time, and an idle process has no waking thread).
const WATCH_IDLE: Duration = Duration::from_secs(1);

/// The calls running on their calling threads, and the thread that watches their time.
struct Watch {
    /// The process the watch thread belongs to (a forked child starts its own).
    pid: u32,
    thread: Option<Thread>,
    running: Vec<(Arc<AtomicBool>, Instant)>,
}

static WATCH: Mutex<Watch> = Mutex::new(Watch {
    pid: 0,
    thread: None,
    running: Vec::new(),
});

/// Whether the watch thread is parked (or about to park): a new call then wakes it.
static PARKED: AtomicBool = AtomicBool::new(false);

fn lock_watch() -> std::sync::MutexGuard<'static, Watch> {
    WATCH.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes its call from the watch when the call ends.
struct Watched(Arc<AtomicBool>);

impl Drop for Watched {
    fn drop(&mut self) {
        lock_watch()
            .running
            .retain(|(flag, _)| !Arc::ptr_eq(flag, &self.0));
    }
}

/// Puts `flag` under the watch: it is raised once the call has run [`DIRECT_TIME`].
fn watch(flag: &Arc<AtomicBool>) -> Watched {
    let mut watch = lock_watch();
    let pid = std::process::id();
    if watch.pid != pid || watch.thread.is_none() {
        watch.pid = pid;
        watch.running.clear();
        PARKED.store(false, Ordering::SeqCst);
        watch.thread = thread::Builder::new()
            .name("grundy-watch".into())
            .spawn(watch_loop)
            .ok()
            .map(|handle| handle.thread().clone());
    }
    watch.running.push((Arc::clone(flag), Instant::now()));
    let thread = watch.thread.clone();
    drop(watch);
    if PARKED.load(Ordering::SeqCst) {
        if let Some(t) = thread {
            t.unpark();
        }
    }
    Watched(Arc::clone(flag))
}

fn watch_loop() {
    let mut last_busy = Instant::now();
    loop {
        let busy = {
            let watch = lock_watch();
            let now = Instant::now();
            for (flag, start) in &watch.running {
                if now.duration_since(*start) >= DIRECT_TIME {
                    flag.store(true, Ordering::Relaxed);
                }
            }
            !watch.running.is_empty()
        };
        if busy {
            last_busy = Instant::now();
        } else if last_busy.elapsed() >= WATCH_IDLE {
            // Park unless a call came in meanwhile: a call that sees PARKED unparks (and an
            // unpark before the park makes the park return at once).
            PARKED.store(true, Ordering::SeqCst);
            if lock_watch().running.is_empty() {
                thread::park();
            }
            PARKED.store(false, Ordering::SeqCst);
            last_busy = Instant::now();
            continue;
        }
        thread::sleep(DIRECT_TIME / 4);
    }
}

/// Runs `work` with the GIL released, so that Ctrl-C stops it if it is long (see the module
/// documentation); its error becomes a `GrundyError`, Ctrl-C a `KeyboardInterrupt`.
pub fn run<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: Fn() -> Result<T, GameError> + Send + Sync + 'static,
{
    let work = Arc::new(work);
    let flag = Arc::new(AtomicBool::new(false));
    let first = {
        let _watched = watch(&flag);
        let (work, flag) = (Arc::clone(&work), Arc::clone(&flag));
        py.detach(move || cancel::with_flag(flag, || work()))
    };
    if !(first.is_err() && flag.load(Ordering::Relaxed)) {
        return first.map_err(game_error);
    }
    on_worker(py, work)
}

/// Runs `work` on a worker thread while this thread looks for Ctrl-C.
fn on_worker<T, F>(py: Python<'_>, work: Arc<F>) -> PyResult<T>
where
    T: Send + 'static,
    F: Fn() -> Result<T, GameError> + Send + Sync + 'static,
{
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    let worker = {
        let stop = Arc::clone(&stop);
        thread::Builder::new()
            .name("grundy-compute".into())
            .spawn(move || {
                let _ = sender.send(cancel::with_flag(stop, || work()));
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?
    };
    // A receiver may not be shared between threads; the lock makes it so for `detach`.
    let receiver = Mutex::new(receiver);
    loop {
        let received = py.detach(|| {
            receiver
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .recv_timeout(POLL_TIME)
        });
        match received {
            Ok(result) => {
                py.detach(|| worker.join()).ok();
                return result.map_err(game_error);
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    py.detach(|| worker.join()).ok();
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation stopped without an answer (a bug: please report it)",
                ))
            }
        }
    }
}

/// A sequence's progress callback: called as `callback(done, target)`.
pub struct Progress {
    /// The callable, if any.
    pub callback: Option<Py<PyAny>>,
    /// Whether to call its `close()` at the end (the tqdm bar made for the call).
    pub close: bool,
}

impl Progress {
    /// No progress shown.
    pub fn none() -> Self {
        Progress {
            callback: None,
            close: false,
        }
    }

    /// The progress the `progress` argument asks for: `False` none, `None` a tqdm bar when
    /// tqdm is installed and the run is long, `True` a bar from the start (tqdm's, or a line
    /// of text on stderr without tqdm; from `grundy._progress`), a callable itself.
    pub fn from_arg(py: Python<'_>, arg: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        Self::counting(py, arg, " values")
    }

    /// As [`Progress::from_arg`], with the bar counting `unit` (`" components"` for a search).
    pub fn counting(py: Python<'_>, arg: Option<&Bound<'_, PyAny>>, unit: &str) -> PyResult<Self> {
        match arg {
            None => {
                let bar = py
                    .import("grundy._progress")?
                    .getattr("auto")?
                    .call1((unit,))?;
                Ok(Progress {
                    close: !bar.is_none(),
                    callback: (!bar.is_none()).then(|| bar.unbind()),
                })
            }
            Some(a) if a.is_instance_of::<pyo3::types::PyBool>() && !a.is_truthy()? => {
                Ok(Progress::none())
            }
            // `True`: a bar from the start (tqdm's, or a line of text without tqdm).
            Some(a) if a.is_instance_of::<pyo3::types::PyBool>() => {
                let bar = py
                    .import("grundy._progress")?
                    .getattr("forced")?
                    .call1((unit,))?;
                Ok(Progress {
                    callback: Some(bar.unbind()),
                    close: true,
                })
            }
            Some(a) if a.is_callable() => Ok(Progress {
                callback: Some(a.clone().unbind()),
                close: false,
            }),
            Some(a) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "progress must be None, True, False or a callable taking (done, target), not {}",
                a.get_type().name()?
            ))),
        }
    }

    /// Closes the bar made for the call, if any.
    pub fn finish(&self, py: Python<'_>) -> PyResult<()> {
        if let (Some(bar), true) = (&self.callback, self.close) {
            bar.call_method0(py, "close")?;
        }
        Ok(())
    }
}

/// How a sequence's computation ended: whether it reached its target (or proved its period),
/// and Ctrl-C, if it was pressed (the values so far are kept either way).
pub struct Stopped {
    /// The computation reached its target or proved its period.
    pub finished: bool,
    /// The `KeyboardInterrupt` of a Ctrl-C during the run.
    pub interrupt: Option<PyErr>,
}

/// Runs a sequence's computation with the GIL released, looking at Ctrl-C and calling
/// `progress` between chunks (see the module documentation).
pub fn run_sequence(
    py: Python<'_>,
    computation: &mut dyn Computation,
    progress: &Progress,
) -> PyResult<Stopped> {
    let stop = AtomicBool::new(false);
    let mut interrupt: Option<PyErr> = None;
    let mut callback_error: Option<PyErr> = None;
    let mut last = Instant::now();
    let callback = progress.callback.as_ref();
    // The latest progress seen and the latest reported: a run that ends between two reports
    // still tells the callback where it ended (a progress bar then reaches its end).
    let mut latest: Option<(u64, u64)> = None;
    let mut reported: Option<(u64, u64)> = None;
    let status = py.detach(|| {
        computation.run(&stop, &mut |p| {
            latest = Some((p.done, p.target));
            if last.elapsed() < PROGRESS_TIME {
                return;
            }
            last = Instant::now();
            reported = latest;
            Python::attach(|py| {
                if let Err(e) = py.check_signals() {
                    interrupt = Some(e);
                } else if let Some(f) = callback {
                    if let Err(e) = f.call1(py, (p.done, p.target)) {
                        callback_error = Some(e);
                    }
                }
            });
            if interrupt.is_some() || callback_error.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
        })
    });
    if let (Some(f), Some((done, target))) = (callback, latest) {
        if callback_error.is_none() && interrupt.is_none() && reported != latest {
            if let Err(e) = f.call1(py, (done, target)) {
                callback_error = Some(e);
            }
        }
    }
    let closed = progress.finish(py);
    let status = status.map_err(game_error)?;
    if let Some(e) = callback_error {
        return Err(e);
    }
    closed?;
    Ok(Stopped {
        finished: status == RunStatus::Finished,
        interrupt,
    })
}

/// Runs `work` on a worker thread, with the core's cancel flag, while this thread looks for
/// Ctrl-C every [`POLL_TIME`]: Ctrl-C raises the flag, and the worker's answer (which then
/// says it was stopped) comes back with the `KeyboardInterrupt`, so that the caller can keep
/// what the work left (a search's table) before raising it.
pub fn run_stoppable<T, F>(py: Python<'_>, work: F) -> PyResult<(T, Option<PyErr>)>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    run_stoppable_with(py, Arc::new(AtomicBool::new(false)), work)
}

/// As [`run_stoppable`], with the worker's cancel flag `stop` made by the caller, who may raise
/// it too (a progress callback that failed).
pub fn run_stoppable_with<T, F>(
    py: Python<'_>,
    stop: Arc<AtomicBool>,
    work: F,
) -> PyResult<(T, Option<PyErr>)>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (sender, receiver) = mpsc::channel();
    let worker = {
        let stop = Arc::clone(&stop);
        thread::Builder::new()
            .name("grundy-compute".into())
            .spawn(move || {
                let _ = sender.send(cancel::with_flag(stop, work));
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?
    };
    let receiver = Mutex::new(receiver);
    let mut interrupt = None;
    loop {
        let received = py.detach(|| {
            receiver
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .recv_timeout(POLL_TIME)
        });
        match received {
            Ok(answer) => {
                py.detach(|| worker.join()).ok();
                return Ok((answer, interrupt));
            }
            Err(RecvTimeoutError::Timeout) => {
                if interrupt.is_none() {
                    if let Err(e) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        interrupt = Some(e);
                    }
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation stopped without an answer (a bug: please report it)",
                ))
            }
        }
    }
}

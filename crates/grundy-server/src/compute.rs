//! Expensive work off the async threads, bounded in number and in time.
//!
//! [`Compute::run`] waits for one of `max_concurrent` permits, runs the job on tokio's blocking
//! pool, and gives up at the deadline (`compute_time_ms` from the start of the request):
//!
//! * no permit before the deadline: 429, `limit: "max_concurrent"`;
//! * the job still running at the deadline: 422, `limit: "compute_time_ms"`.
//!
//! A job that misses its deadline is cancelled cooperatively: the job runs under a cancel flag
//! ([`grundy_core::kernel::cancel`]) that is raised at the deadline, and the engine's long loops (its
//! exhaustive searches) and the server's own (simulations) look at it and stop. The job then
//! ends within moments and frees its permit, so the next request is served at once. Work with
//! no such loop is bounded by the request limits instead (heap sizes, counts, the Wythoff
//! table's side); it keeps its permit until it ends, so the number of busy threads never
//! exceeds `max_concurrent`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{timeout_at, Instant};

use crate::error::ApiError;

/// The bounded pool for expensive computations.
#[derive(Debug, Clone)]
pub struct Compute {
    permits: Arc<Semaphore>,
    /// Jobs whose closure is alive (running, or about to): held by [`Slot`]s.
    running: Arc<AtomicUsize>,
    max_concurrent: usize,
    time_limit: Duration,
}

/// The compute slots as `GET /api/health` reports them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Slots {
    /// How many jobs may run at once (`max_concurrent`).
    pub total: usize,
    /// How many slots are taken now: 0 whenever no computation is running.
    pub in_use: usize,
}

/// One compute slot, held by a job from the moment it gets its permit until its closure is
/// dropped, however that happens (it returns, it panics, the runtime drops it unrun): the
/// permit and the count are released by `Drop`, never by code that might be skipped.
struct Slot {
    _permit: OwnedSemaphorePermit,
    running: Arc<AtomicUsize>,
}

impl Slot {
    fn new(permit: OwnedSemaphorePermit, running: &Arc<AtomicUsize>) -> Self {
        running.fetch_add(1, Ordering::SeqCst);
        Slot {
            _permit: permit,
            running: Arc::clone(running),
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.running.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Compute {
    /// A pool running at most `max_concurrent` jobs (at least 1), each for at most `time_limit`.
    pub fn new(max_concurrent: usize, time_limit: Duration) -> Self {
        let max_concurrent = max_concurrent.max(1);
        Compute {
            permits: Arc::new(Semaphore::new(max_concurrent)),
            running: Arc::new(AtomicUsize::new(0)),
            max_concurrent,
            time_limit,
        }
    }

    /// The slots and how many are taken: permits out of the semaphore, and jobs alive (the
    /// larger, so a leak of either shows).
    pub fn slots(&self) -> Slots {
        let lent = self.max_concurrent - self.permits.available_permits();
        Slots {
            total: self.max_concurrent,
            in_use: lent.max(self.running.load(Ordering::SeqCst)),
        }
    }

    /// Runs `job` on the blocking pool within the limits.
    pub async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let deadline = Instant::now() + self.time_limit;
        let permit = match timeout_at(deadline, Arc::clone(&self.permits).acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            _ => return Err(self.busy()),
        };
        let slot = Slot::new(permit, &self.running);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let handle = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            yield_to_cheap_requests();
            grundy_core::kernel::cancel::with_flag(flag, job)
        });
        // Raise the flag however this future ends: at the deadline, or when the client goes
        // away and axum drops the request.
        let _cancel_on_drop = CancelOnDrop(cancel);
        match timeout_at(deadline, handle).await {
            Ok(Ok(result)) => result,
            Ok(Err(_panicked)) => Err(ApiError::invalid(
                "the engine could not answer this request (an internal error); please report it",
            )),
            Err(_elapsed) => Err(ApiError::limit(
                "compute_time_ms",
                format!(
                    "the computation took longer than the server's limit of {} ms: ask a smaller question, or allow more with a larger compute_time_ms (grundy serve --compute-time-ms MS)",
                    self.time_limit.as_millis()
                ),
            )),
        }
    }

    fn busy(&self) -> ApiError {
        ApiError::limit(
            "max_concurrent",
            format!(
                "the server is busy with {} expensive computations; try again shortly",
                self.max_concurrent
            ),
        )
        .with_status(StatusCode::TOO_MANY_REQUESTS)
    }
}

/// Lowers this blocking-pool thread's scheduling priority (once per thread): on a 2-core
/// machine one expensive job would otherwise take a whole core from the async threads that
/// answer cheap requests (measured in BENCHMARKS.md). The job still uses any idle core.
fn yield_to_cheap_requests() {
    thread_local! {
        static LOWERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    LOWERED.with(|lowered| {
        if !lowered.replace(true) {
            lower_priority();
        }
    });
}

/// Puts the calling thread in Linux's `SCHED_IDLE` class: it runs only when no ordinary
/// thread wants the core, and an async worker that wakes up preempts it at once. A nice value
/// only shares the core by weight, so a compute thread at nice 10 still held the core for
/// whole time slices while cheap requests waited (measured with `scripts/load-bench.sh`:
/// 22–25k requests/s at nice 10 against 27–30k with `SCHED_IDLE`, under the same hammering). Where the class cannot be set,
/// the thread falls back to nice 10; where that fails too, jobs keep normal priority.
#[cfg(target_os = "linux")]
fn lower_priority() {
    use thread_priority::unix::{
        set_thread_priority_and_policy, thread_native_id, NormalThreadSchedulePolicy,
        ThreadSchedulePolicy,
    };
    let idle = set_thread_priority_and_policy(
        thread_native_id(),
        thread_priority::ThreadPriority::Min,
        ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle),
    );
    if idle.is_err() {
        // setpriority on "the calling process" (pid 0) sets the calling *thread's* nice value.
        let _ = rustix::process::setpriority_process(None, FALLBACK_NICE);
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

/// The nice value of compute threads where `SCHED_IDLE` is refused.
#[cfg(target_os = "linux")]
const FALLBACK_NICE: i32 = 10;

/// Raises the job's cancel flag when dropped.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn slow_jobs_hit_the_time_limit() {
        let compute = Compute::new(1, Duration::from_millis(50));
        let e = compute
            .run(|| {
                std::thread::sleep(Duration::from_millis(300));
                Ok(())
            })
            .await
            .unwrap_err();
        assert_eq!(e.limit.as_deref(), Some("compute_time_ms"));
        // The slow job still holds the only permit: the next one cannot start in time.
        let e = compute.run(|| Ok(())).await.unwrap_err();
        assert_eq!(e.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(e.limit.as_deref(), Some("max_concurrent"));
    }

    #[tokio::test]
    async fn cancelled_jobs_free_their_permit() {
        let compute = Compute::new(1, Duration::from_millis(50));
        // A job that would run for ten seconds if nobody cancelled it.
        let started = std::time::Instant::now();
        let e = compute
            .run(move || {
                while started.elapsed() < Duration::from_secs(10) {
                    grundy_core::kernel::cancel::check()?;
                    std::thread::sleep(Duration::from_millis(1));
                }
                Ok(())
            })
            .await
            .unwrap_err();
        assert_eq!(e.limit.as_deref(), Some("compute_time_ms"));
        // It stopped at the flag: the only permit is free again for the next job.
        assert_eq!(compute.run(|| Ok(7)).await.unwrap(), 7);
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn jobs_run_below_the_async_threads() {
        use thread_priority::unix::{
            thread_schedule_policy, NormalThreadSchedulePolicy, ThreadSchedulePolicy,
        };
        let compute = Compute::new(1, Duration::from_secs(5));
        let (policy, nice) = compute
            .run(|| {
                let policy = thread_schedule_policy().expect("the calling thread's policy");
                Ok((policy, rustix::process::getpriority_process(None)))
            })
            .await
            .unwrap();
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        assert!(
            policy == idle || nice.ok() == Some(FALLBACK_NICE),
            "compute thread runs with {policy:?}, nice {nice:?}"
        );
        // The async thread itself keeps its ordinary class.
        assert_ne!(thread_schedule_policy().ok(), Some(idle));
    }

    /// A slot is given back however a job ends: an answer, an error, a panic, a deadline, or
    /// the request dropped half-way (the client went away).
    #[tokio::test]
    async fn slots_are_released_however_jobs_end() {
        // A deadline far beyond the jobs: a panic that prints its backtrace under load must not
        // reach it, or `run` would return while the job still unwinds.
        let compute = Compute::new(2, Duration::from_secs(30));
        let free = Slots {
            total: 2,
            in_use: 0,
        };
        assert_eq!(compute.slots(), free);
        assert_eq!(compute.run(|| Ok(1)).await.unwrap(), 1);
        assert!(compute
            .run(|| -> Result<(), _> { Err(ApiError::invalid("no")) })
            .await
            .is_err());
        assert!(compute
            .run(|| -> Result<(), _> { panic!("a bug") })
            .await
            .is_err());
        assert_eq!(compute.slots(), free);
        // Dropped while running: the cancel flag stops the job, which gives its slot back.
        let job = compute.run(|| loop {
            grundy_core::kernel::cancel::check()?;
            std::thread::sleep(Duration::from_millis(1));
        });
        let dropped: Result<Result<(), ApiError>, _> =
            tokio::time::timeout(Duration::from_millis(20), job).await;
        assert!(dropped.is_err(), "the job was still running when dropped");
        let waited = std::time::Instant::now();
        while compute.slots() != free {
            assert!(
                waited.elapsed() < Duration::from_secs(5),
                "{:?}",
                compute.slots()
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    #[tokio::test]
    async fn fast_jobs_answer() {
        let compute = Compute::new(2, Duration::from_millis(500));
        assert_eq!(compute.run(|| Ok(6 * 7)).await.unwrap(), 42);
    }
}

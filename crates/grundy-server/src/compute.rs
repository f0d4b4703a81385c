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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::Semaphore;
use tokio::time::{timeout_at, Instant};

use crate::error::ApiError;

/// The bounded pool for expensive computations.
#[derive(Debug, Clone)]
pub struct Compute {
    permits: Arc<Semaphore>,
    max_concurrent: usize,
    time_limit: Duration,
}

impl Compute {
    /// A pool running at most `max_concurrent` jobs (at least 1), each for at most `time_limit`.
    pub fn new(max_concurrent: usize, time_limit: Duration) -> Self {
        let max_concurrent = max_concurrent.max(1);
        Compute {
            permits: Arc::new(Semaphore::new(max_concurrent)),
            max_concurrent,
            time_limit,
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
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
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
                    "the computation took longer than {} ms: try smaller heaps, fewer values or fewer games",
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

    #[tokio::test]
    async fn fast_jobs_answer() {
        let compute = Compute::new(2, Duration::from_millis(500));
        assert_eq!(compute.run(|| Ok(6 * 7)).await.unwrap(), 42);
    }
}

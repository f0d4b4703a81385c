//! Cooperative cancellation of long computations.
//!
//! A front end that gives up on a computation (the web server at its time limit) raises a flag;
//! the engine's long loops look at it now and then and stop with an error. The flag is installed
//! for the current thread with [`with_flag`], so no signature in the engine has to carry it:
//! code that never installs one (the command line, the tests) runs exactly as before.
//!
//! The loops that look are those whose length the caller cannot bound cheaply in advance:
//! exhaustive search (the exhaustive solver, behind misère analysis and the perfect player's
//! remoteness search). Front ends call [`check`] in their own loops (a simulation, say).
//!
//! ```
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use std::sync::Arc;
//! use grundy_kernel::cancel;
//!
//! let flag = Arc::new(AtomicBool::new(false));
//! assert!(cancel::with_flag(Arc::clone(&flag), cancel::check).is_ok());
//! flag.store(true, Ordering::Relaxed);
//! assert!(cancel::with_flag(Arc::clone(&flag), cancel::check).is_err());
//! // Outside `with_flag` nothing is ever cancelled.
//! assert!(cancel::check().is_ok());
//! ```

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::error::{GameError, Result};

thread_local! {
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Runs `f` with `flag` as this thread's cancel flag: once `flag` is set (from any thread),
/// [`check`] inside `f` fails. The previous flag (if any) is restored afterwards, even if `f`
/// panics.
pub fn with_flag<T>(flag: Arc<AtomicBool>, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            FLAG.with(|cell| *cell.borrow_mut() = previous);
        }
    }
    let previous = FLAG.with(|cell| cell.borrow_mut().replace(flag));
    let _restore = Restore(previous);
    f()
}

/// This thread's cancel flag and question budget, to be kept by the worker threads a
/// computation spawns (both are installed per thread): [`carry`] on this thread,
/// [`Carried::within`] on the worker, whose [`check`] then fails when this thread's would.
#[derive(Clone)]
pub struct Carried {
    flag: Option<Arc<AtomicBool>>,
    budget: crate::budget::Carried,
}

/// This thread's cancel flag and budget, for a worker thread to keep.
pub fn carry() -> Carried {
    Carried {
        flag: FLAG.with(|cell| cell.borrow().clone()),
        budget: crate::budget::carry(),
    }
}

impl Carried {
    /// Runs `f` on this (worker) thread with the carried flag and budget.
    pub fn within<T>(&self, f: impl FnOnce() -> T) -> T {
        self.budget.within(|| match &self.flag {
            Some(flag) => with_flag(Arc::clone(flag), f),
            None => f(),
        })
    }
}

/// Whether this thread's computation has been cancelled, or its question's time budget is
/// spent ([`crate::budget`]): loops that poll this (the sequence tables of octal and
/// take-and-break games) stop at the budget too, and [`check`] then says which.
pub fn is_cancelled() -> bool {
    flag_is_set() || crate::budget::check().is_err()
}

/// Whether this thread's cancel flag is set (the budget aside).
fn flag_is_set() -> bool {
    FLAG.with(|cell| {
        cell.borrow()
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
}

/// `Err` ([`GameError::TooLarge`], "the computation was cancelled") once this thread's
/// computation has been cancelled, or once the question's time budget is spent
/// ([`crate::budget`]: every loop that looks at the flag keeps the budget too); `Ok`
/// otherwise.
pub fn check() -> Result<()> {
    crate::budget::check()?;
    // The flag alone here: asking the clock again could find the budget spent since the line
    // above, and the refusal would then lose the part and the option that the budget names.
    if flag_is_set() {
        return Err(GameError::too_large(
            "the computation",
            "it was cancelled before it finished (a time limit was reached)",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_nest_and_are_restored() {
        let outer = Arc::new(AtomicBool::new(true));
        let inner = Arc::new(AtomicBool::new(false));
        with_flag(Arc::clone(&outer), || {
            assert!(is_cancelled());
            with_flag(Arc::clone(&inner), || assert!(!is_cancelled()));
            assert!(is_cancelled());
        });
        assert!(!is_cancelled());
    }

    /// A worker thread keeps the flag and the budget carried from the thread that spawned it,
    /// and nothing when nothing was installed there.
    #[test]
    fn a_worker_keeps_the_carried_flag_and_budget() {
        use crate::budget::{self, Budget};
        use std::time::Duration;
        let raised = Arc::new(AtomicBool::new(true));
        let carried = with_flag(Arc::clone(&raised), carry);
        let err = std::thread::scope(|s| s.spawn(|| carried.within(check)).join().unwrap());
        assert!(err.unwrap_err().to_string().contains("cancelled"));
        let spent = Budget::new(Duration::ZERO, "--time SECONDS");
        let carried = budget::within(&spent, carry);
        let err = std::thread::scope(|s| s.spawn(|| carried.within(check)).join().unwrap());
        assert!(err.unwrap_err().to_string().contains("--time SECONDS"));
        let nothing = carry();
        let ok = std::thread::scope(|s| s.spawn(|| nothing.within(check)).join().unwrap());
        assert!(ok.is_ok());
        // Restored on the worker afterwards.
        std::thread::scope(|s| {
            s.spawn(|| {
                budget::within(&spent, carry).within(|| ());
                assert!(check().is_ok());
            });
        });
    }
}

//! One time budget per question, kept by every long loop of the engine.
//!
//! A door that asks a question (the `answer` module, four layers up, named here in words only)
//! installs its budget for the current thread with [`within`]; every long loop of the engine
//! already looks at the cancel flag (its `check`, which calls [`check`]: the search engine, the exhaustive solver, misère quotients
//! and genera, take-and-break and coin tables, Moore's Nim, Hackenbush cuts, loopy graphs), and
//! that check also fails once the deadline has passed. So the budget needs no parameter in any
//! signature, a refusal comes within a few checks of the deadline (the loops check at least
//! every few milliseconds), and it says which part of the question was being worked on
//! ([`in_part`]) and which option of the door allows more ([`Budget::option`]).
//!
//! Budgets nest: an inner budget never outlasts the outer one (the earlier deadline wins).
//!
//! ```
//! use std::time::Duration;
//! use grundy_core::kernel::budget::{self, Budget};
//!
//! let none = Budget::new(Duration::ZERO, "--time SECONDS");
//! let err = budget::within(&none, || budget::in_part(|| "term 2 (cram:7x8)", budget::check))
//!     .unwrap_err()
//!     .to_string();
//! assert!(err.starts_with("term 2 (cram:7x8) is too large"), "{err}");
//! assert!(err.contains("allow more with --time SECONDS"), "{err}");
//! // Outside `within` nothing is ever out of time.
//! assert!(budget::check().is_ok());
//! ```

use std::cell::RefCell;
use std::time::{Duration, Instant};

use crate::kernel::error::{GameError, Result};

/// The time a question may take, and the door's option that allows more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time for the whole question.
    pub time: Duration,
    /// How the door allows more, as its user writes it: `--time SECONDS (up to 604800)` on the
    /// command line, `the server's --compute-seconds` in the API, `time=` in Python.
    pub option: String,
}

impl Budget {
    /// A budget of `time`, more allowed by `option`.
    pub fn new(time: Duration, option: impl Into<String>) -> Self {
        Budget {
            time,
            option: option.into(),
        }
    }
}

struct Active {
    deadline: Instant,
    budget: Budget,
    /// What is being worked on, innermost last.
    parts: Vec<String>,
}

thread_local! {
    static ACTIVE: RefCell<Option<Active>> = const { RefCell::new(None) };
}

/// Runs `f` within `budget`: [`check`] inside `f` fails once `budget.time` has passed (or the
/// deadline of an enclosing budget, whichever comes first). The enclosing budget is restored
/// afterwards, even if `f` panics.
pub fn within<T>(budget: &Budget, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<Active>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            ACTIVE.with(|cell| *cell.borrow_mut() = previous);
        }
    }
    let deadline = Instant::now()
        .checked_add(budget.time)
        .unwrap_or_else(|| Instant::now() + Duration::from_secs(u32::MAX.into()));
    let previous = ACTIVE.with(|cell| {
        let mut cell = cell.borrow_mut();
        let (deadline, budget) = match cell.as_ref() {
            // The outer deadline comes first: it is the one that will refuse, with its option.
            Some(outer) if outer.deadline <= deadline => (outer.deadline, outer.budget.clone()),
            _ => (deadline, budget.clone()),
        };
        cell.replace(Active {
            deadline,
            budget,
            parts: Vec::new(),
        })
    });
    let _restore = Restore(previous);
    f()
}

/// Runs `f` as work on the part `part` names (`term 2 (cram:6x7)`, `heap 40`): a refusal inside
/// names it. Outside [`within`] this is `f()` alone, and `part` is never called (simulations
/// value millions of positions without a budget: no name is written for them).
pub fn in_part<T, P: Into<String>>(part: impl FnOnce() -> P, f: impl FnOnce() -> T) -> T {
    struct Pop(bool);
    impl Drop for Pop {
        fn drop(&mut self) {
            if self.0 {
                ACTIVE.with(|cell| {
                    if let Some(active) = cell.borrow_mut().as_mut() {
                        active.parts.pop();
                    }
                });
            }
        }
    }
    let pushed = ACTIVE.with(|cell| match cell.borrow_mut().as_mut() {
        Some(active) => {
            active.parts.push(part().into());
            true
        }
        None => false,
    });
    let _pop = Pop(pushed);
    f()
}

/// Whether a budget is installed on this thread (engines with budgets of their own defer to it).
pub fn is_active() -> bool {
    ACTIVE.with(|cell| cell.borrow().is_some())
}

/// The time left of this thread's budget, if one is installed.
pub fn remaining() -> Option<Duration> {
    ACTIVE.with(|cell| {
        cell.borrow()
            .as_ref()
            .map(|a| a.deadline.saturating_duration_since(Instant::now()))
    })
}

/// `Err` ([`GameError::TooLarge`]: the part being worked on, the budget and the option that
/// allows more) once this thread's budget is spent; `Ok` otherwise.
pub fn check() -> Result<()> {
    ACTIVE.with(|cell| match cell.borrow().as_ref() {
        Some(active) if Instant::now() >= active.deadline => Err(refusal(active)),
        _ => Ok(()),
    })
}

fn refusal(active: &Active) -> GameError {
    let part = match active.parts.last() {
        Some(part) => part.clone(),
        None => "the question".into(),
    };
    GameError::too_large(
        part,
        format!(
            "it was not answered within the time budget of {} s: allow more with {}",
            active.budget.time.as_secs_f64(),
            active.budget.option
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_earlier_deadline_wins_and_budgets_are_restored() {
        let long = Budget::new(Duration::from_secs(3600), "--long");
        let none = Budget::new(Duration::ZERO, "--none");
        within(&long, || {
            assert!(check().is_ok());
            let err = within(&none, check).unwrap_err().to_string();
            assert!(err.contains("--none"), "{err}");
            assert!(check().is_ok());
        });
        within(&none, || {
            let err = within(&long, check).unwrap_err().to_string();
            assert!(err.contains("--none"), "{err}");
        });
        assert!(!is_active());
    }

    #[test]
    fn parts_nest() {
        let none = Budget::new(Duration::ZERO, "--time");
        within(&none, || {
            in_part(
                || "term 1",
                || {
                    let inner = in_part(|| "heap 7", check).unwrap_err().to_string();
                    assert!(inner.starts_with("heap 7 is too large"), "{inner}");
                    let outer = check().unwrap_err().to_string();
                    assert!(outer.starts_with("term 1 is too large"), "{outer}");
                },
            );
        });
    }
}

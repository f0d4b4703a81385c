//! One budget per question (time, and memory where the program counts it), kept by every long
//! loop of the engine.
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
//! **Memory.** A budget may also bound the memory the question takes ([`Budget::with_memory`]):
//! the same checks fail once the process has grown by more than that since the question began.
//! The engine does no I/O and keeps no allocator of its own, so a program counts its memory
//! (its global allocator: the `grundy` binary and the Python module count every allocation)
//! and hands the count to [`install_meter`] once; without a meter, a memory budget is not
//! kept, and [`memory_is_kept`] says so. The growth is the whole process's: two questions
//! answered at once (the server's slots) each count the other's tables too, so a budget errs
//! on the side of refusing. Search tables inside a question take at most half of what is left
//! ([`table_bytes`]), so that a small budget answers small questions instead of refusing at
//! the first allocation.
//!
//! ```
//! use std::time::Duration;
//! use grundy_kernel::budget::{self, Budget};
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
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::error::{GameError, Result};

/// The time a question may take, and the door's option that allows more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time for the whole question.
    pub time: Duration,
    /// How the door allows more, as its user writes it: `--time SECONDS (up to 604800)` on the
    /// command line, `the server's --compute-seconds` in the API, `time=` in Python.
    pub option: String,
    /// The most the process may grow while the question is answered, if bounded.
    pub memory: Option<Memory>,
}

/// A memory budget: the bytes the process may grow by, and the door's option that allows more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Memory {
    /// Bytes the process may grow by while the question is answered.
    pub bytes: u64,
    /// How the door allows more: `--memory MIB` on the command line, `memory=` in Python.
    pub option: String,
}

impl Budget {
    /// A budget of `time`, more allowed by `option`; memory unbounded until
    /// [`Budget::with_memory`].
    pub fn new(time: Duration, option: impl Into<String>) -> Self {
        Budget {
            time,
            option: option.into(),
            memory: None,
        }
    }

    /// This budget, bounding also the process's growth to `bytes`, more allowed by `option`.
    pub fn with_memory(mut self, bytes: u64, option: impl Into<String>) -> Self {
        self.memory = Some(Memory {
            bytes,
            option: option.into(),
        });
        self
    }
}

/// The program's count of the bytes it has allocated (see [`install_meter`]).
static METER: OnceLock<fn() -> usize> = OnceLock::new();

/// Installs the program's count of its allocated bytes (read by every budget check, so it must
/// be cheap: one atomic load). The first call wins; later calls are ignored, so a library
/// that installs its meter twice does no harm.
pub fn install_meter(meter: fn() -> usize) {
    let _ = METER.set(meter);
}

/// Whether memory budgets are kept in this program (a meter is installed).
pub fn memory_is_kept() -> bool {
    METER.get().is_some()
}

/// The bytes allocated now, by the installed meter.
fn allocated() -> Option<u64> {
    METER.get().map(|meter| meter() as u64)
}

/// The memory ceiling of a running question: the allocated bytes it may reach, and its budget.
#[derive(Clone)]
struct Ceiling {
    bytes: u64,
    memory: Memory,
}

#[derive(Clone)]
struct Active {
    deadline: Instant,
    budget: Budget,
    /// The memory ceiling, if the budget bounds memory and the program counts it.
    ceiling: Option<Ceiling>,
    /// What is being worked on, innermost last.
    parts: Vec<String>,
}

/// Puts back the budget a thread had before [`within`] or [`Carried::within`] installed
/// another, when dropped (even by a panic).
struct Restore(Option<Active>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        ACTIVE.with(|cell| *cell.borrow_mut() = previous);
    }
}

thread_local! {
    static ACTIVE: RefCell<Option<Active>> = const { RefCell::new(None) };
}

/// Runs `f` within `budget`: [`check`] inside `f` fails once `budget.time` has passed (or the
/// deadline of an enclosing budget, whichever comes first). The enclosing budget is restored
/// afterwards, even if `f` panics.
pub fn within<T>(budget: &Budget, f: impl FnOnce() -> T) -> T {
    let deadline = Instant::now()
        .checked_add(budget.time)
        .unwrap_or_else(|| Instant::now() + Duration::from_secs(u32::MAX.into()));
    let ceiling = budget.memory.as_ref().and_then(|memory| {
        allocated().map(|now| Ceiling {
            bytes: now.saturating_add(memory.bytes),
            memory: memory.clone(),
        })
    });
    let previous = ACTIVE.with(|cell| {
        let mut cell = cell.borrow_mut();
        let (deadline, budget) = match cell.as_ref() {
            // The outer deadline comes first: it is the one that will refuse, with its option.
            Some(outer) if outer.deadline <= deadline => (outer.deadline, outer.budget.clone()),
            _ => (deadline, budget.clone()),
        };
        // Likewise the lower ceiling.
        let ceiling = match (cell.as_ref().and_then(|o| o.ceiling.clone()), ceiling) {
            (Some(outer), Some(inner)) if outer.bytes <= inner.bytes => Some(outer),
            (outer, None) => outer,
            (_, inner) => inner,
        };
        cell.replace(Active {
            deadline,
            budget,
            ceiling,
            parts: Vec::new(),
        })
    });
    let _restore = Restore(previous);
    f()
}

/// This thread's budget, to be kept by the worker threads a computation spawns (the budget
/// is installed per thread): [`carry`] it on this thread, [`Carried::within`] on the worker.
#[derive(Clone)]
pub struct Carried(Option<Active>);

/// This thread's budget (none outside [`within`]), for a worker thread to keep.
pub fn carry() -> Carried {
    ACTIVE.with(|cell| Carried(cell.borrow().clone()))
}

impl Carried {
    /// Runs `f` on this (worker) thread within the carried budget: the same deadline, memory
    /// ceiling and parts as the thread that carried it. This thread's own budget, if any, is
    /// restored afterwards.
    pub fn within<T>(&self, f: impl FnOnce() -> T) -> T {
        let previous =
            ACTIVE.with(|cell| std::mem::replace(&mut *cell.borrow_mut(), self.0.clone()));
        let _restore = Restore(previous);
        f()
    }
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

/// The bytes a search table inside this thread's question may take: `wanted`, or half of what
/// is left of the memory budget if that is less (at least 1 MiB, so that a table exists).
pub fn table_bytes(wanted: usize) -> usize {
    let left = ACTIVE.with(|cell| {
        let cell = cell.borrow();
        let ceiling = cell.as_ref()?.ceiling.as_ref()?;
        Some(ceiling.bytes.saturating_sub(allocated()?))
    });
    match left {
        Some(left) => wanted.min(usize::try_from(left / 2).unwrap_or(usize::MAX).max(1 << 20)),
        None => wanted,
    }
}

/// `Err` ([`GameError::TooLarge`]: the part being worked on, the budget and the option that
/// allows more) once this thread's budget is spent, in time or in memory; `Ok` otherwise.
pub fn check() -> Result<()> {
    ACTIVE.with(|cell| match cell.borrow().as_ref() {
        Some(active) if Instant::now() >= active.deadline => Err(time_refusal(active)),
        Some(Active {
            ceiling: Some(ceiling),
            parts,
            ..
        }) if allocated().is_some_and(|now| now > ceiling.bytes) => {
            Err(memory_refusal(parts, &ceiling.memory))
        }
        _ => Ok(()),
    })
}

/// The part being worked on, innermost.
fn part_of(parts: &[String]) -> String {
    match parts.last() {
        Some(part) => part.clone(),
        None => "the question".into(),
    }
}

fn time_refusal(active: &Active) -> GameError {
    GameError::too_large(
        part_of(&active.parts),
        format!(
            "it was not answered within the time budget of {} s: allow more with {}",
            active.budget.time.as_secs_f64(),
            active.budget.option
        ),
    )
}

fn memory_refusal(parts: &[String], memory: &Memory) -> GameError {
    GameError::too_large(
        part_of(parts),
        format!(
            "it needed more than the memory budget of {}: allow more with {}",
            mebibytes(memory.bytes),
            memory.option
        ),
    )
}

/// `bytes` in MiB, exactly where whole (`512 MiB`), else in bytes.
fn mebibytes(bytes: u64) -> String {
    if bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
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
    fn a_memory_budget_refuses_growth_beyond_it_and_the_lower_ceiling_wins() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        // A meter that this test moves by hand (the program's allocator in real use). Other
        // tests of this binary install no meter and set no memory budget, so they are
        // unaffected by it.
        static BYTES: AtomicUsize = AtomicUsize::new(1 << 30);
        // (This is the one test of the core that installs a meter.)
        install_meter(|| BYTES.load(Ordering::Relaxed));
        assert!(memory_is_kept());
        let mib = 1u64 << 20;
        let budget =
            Budget::new(Duration::from_secs(3600), "--time").with_memory(mib, "--memory MIB");
        within(&budget, || {
            let start = BYTES.load(Ordering::Relaxed);
            assert!(check().is_ok());
            // Exactly at the ceiling is still within it; one byte beyond is not.
            BYTES.store(start + (1 << 20), Ordering::Relaxed);
            assert!(check().is_ok());
            BYTES.store(start + (1 << 20) + 1, Ordering::Relaxed);
            let err = in_part(|| "heap 64", check).unwrap_err().to_string();
            assert!(err.starts_with("heap 64 is too large"), "{err}");
            assert!(err.contains("memory budget of 1 MiB"), "{err}");
            assert!(err.contains("--memory MIB"), "{err}");
            // An inner, larger budget keeps the outer ceiling.
            let larger = Budget::new(Duration::from_secs(3600), "--t").with_memory(8 * mib, "--m");
            let inner = within(&larger, check).unwrap_err().to_string();
            assert!(inner.contains("--memory MIB"), "{inner}");
            BYTES.store(start, Ordering::Relaxed);
            // A search table takes at most half of what is left, and at least 1 MiB.
            assert_eq!(table_bytes(64 << 20), 1 << 20);
            BYTES.store(start - (15 << 20), Ordering::Relaxed);
            assert_eq!(table_bytes(64 << 20), 8 << 20);
            assert_eq!(table_bytes(4 << 20), 4 << 20);
        });
        // Outside the budget nothing is bounded.
        BYTES.fetch_add(1 << 30, Ordering::Relaxed);
        assert!(check().is_ok());
        assert_eq!(table_bytes(64 << 20), 64 << 20);
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

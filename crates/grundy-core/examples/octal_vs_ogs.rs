//! Side by side: this crate's rare/common solver against the `ogs` crate's RC2 solver.
//!
//! `cargo run --release -p grundy-core --example octal_vs_ogs [quick] [count=N] [CODE...] [ours|ogs]`
//!
//! `count=N` computes `N` values of every case chosen (Officers to 2^24: `0.6 count=16777216`).
//!
//! Ours runs twice, with one thread and with two (`SparseSolver::set_threads`); `ogs` is
//! single-threaded. All compute the same values in the same process; the values are compared,
//! and the times and the ratios `ogs / ours` are printed (above 1 means we are faster). On
//! Linux the CPU time of the one-thread runs (from `/proc/thread-self/stat`) and its ratio are
//! printed too: on a machine shared with other work, CPU time is far steadier than wall time.
//! The two-thread run's CPU time is both threads' (from `/proc/self/stat`).

use std::time::{Duration, Instant};

use grundy_core::games::octal::sparse::SparseSolver;
use grundy_core::games::octal::SequenceRun;
use grundy_core::kernel::heap_rules::HeapRules;
use ogs::{Game, RC2Solver, Solver};
use std::sync::atomic::AtomicBool;

/// This thread's CPU time so far (user + system, in clock ticks of 10 ms), where the system
/// reports it (Linux).
fn cpu_time() -> Option<Duration> {
    cpu_time_of("/proc/thread-self/stat")
}

/// The CPU time of every thread of this process so far.
fn process_cpu_time() -> Option<Duration> {
    cpu_time_of("/proc/self/stat")
}

fn cpu_time_of(stat: &str) -> Option<Duration> {
    let text = std::fs::read_to_string(stat).ok()?;
    // Fields after the command name (which is in parentheses): utime and stime are 14 and 15.
    let mut fields = text.rsplit_once(')')?.1.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis(10 * (user + system)))
}

/// Runs `f`, returning its result, wall time and CPU time (zero if unknown).
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration, Duration) {
    timed_by(cpu_time, f)
}

/// Runs `f`, timing it with the CPU clock `clock`.
fn timed_by<T>(clock: fn() -> Option<Duration>, f: impl FnOnce() -> T) -> (T, Duration, Duration) {
    let (wall, cpu) = (Instant::now(), clock());
    let out = f();
    let cpu = match (cpu, clock()) {
        (Some(a), Some(b)) => b - a,
        _ => Duration::ZERO,
    };
    (out, wall.elapsed(), cpu)
}

struct Case {
    code: &'static str,
    count: usize,
    what: &'static str,
}

fn ours(code: &str, count: usize, threads: usize) -> (Vec<u16>, Duration, Duration) {
    let rules = HeapRules::parse(code).expect("benchmark codes are valid");
    let clock = if threads == 1 {
        cpu_time
    } else {
        process_cpu_time
    };
    let (solver, wall, cpu) = timed_by(clock, || {
        let mut solver = SparseSolver::new(&rules);
        solver.set_threads(threads);
        solver.extend_to(count).expect("values fit");
        solver
    });
    // Outside the timing: the values are stored one byte each while they fit.
    (solver.into_values(), wall, cpu)
}

fn theirs(code: &str, count: usize) -> (Vec<u16>, Duration, Duration) {
    let game: Game = code.parse().expect("ogs parses the code");
    timed(|| {
        let mut solver = RC2Solver::<true, ()>::with_capacity(game, count);
        for _ in 0..count {
            solver.next();
        }
        solver.nimbers().to_vec()
    })
}

/// The value of heap `values.len()` from the values below it, looking at every option (`O(n)`):
/// the referee when the two solvers disagree.
fn value_by_every_option(code: &str, values: &[u16]) -> u16 {
    let rules = HeapRules::parse(code).expect("benchmark codes are valid");
    let n = values.len();
    let mut seen = vec![false; 1 << 16];
    for k in rules.take_all() {
        if k == n {
            seen[0] = true;
        }
    }
    for k in rules.take() {
        if k < n {
            seen[values[n - k] as usize] = true;
        }
    }
    for k in rules.split() {
        let rest = n.saturating_sub(k);
        for a in 1..=rest / 2 {
            if rules.split_allowed(a as u64, rest as u64) {
                seen[(values[a] ^ values[rest - a]) as usize] = true;
            }
        }
    }
    seen.iter().position(|&s| !s).expect("a value is missing") as u16
}

/// Ours until the Guy–Smith theorem proves the period (period checks included).
fn ours_until_period(code: &str, limit: u64) -> (Option<(u64, u64)>, usize, Duration) {
    let rules = HeapRules::parse(code).expect("benchmark codes are valid");
    let start = Instant::now();
    let mut run = SequenceRun::new(rules, limit, true).expect("limit is allowed");
    run.run(&AtomicBool::new(false), &mut |_| {})
        .expect("values fit");
    let period = run.period().map(|p| (p.preperiod, p.period));
    (period, run.values().len(), start.elapsed())
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let count: Option<usize> = std::env::args().find_map(|a| {
        a.strip_prefix("count=")
            .map(|n| n.parse().expect("count=N: a number"))
    });
    let scale = |n: usize| count.unwrap_or(if quick { n / 8 } else { n });
    let cases = [
        Case {
            code: "0.6",
            count: scale(1 << 20),
            what: "Officers",
        },
        Case {
            code: "0.16",
            count: scale(600_000),
            what: "to its period",
        },
        Case {
            code: "0.104",
            count: scale(1 << 24),
            what: "parity mask",
        },
        Case {
            code: "0.007",
            count: scale(1 << 16),
            what: "no sparse space",
        },
        Case {
            code: "0.354",
            count: scale(20_200_000),
            what: "long run",
        },
    ];
    println!(
        "{:<8} {:>10} {:>8} {:>8} {:>8} {:>6} {:>6} {:>8} {:>8} {:>8} {:>6}  note",
        "code",
        "values",
        "1t s",
        "2t s",
        "ogs s",
        "rat1",
        "rat2",
        "1t cpu",
        "2t cpu",
        "ogs cpu",
        "crat1"
    );
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a.contains('.'))
        .collect();
    let zero = || (Vec::new(), Duration::ZERO, Duration::ZERO);
    for case in cases {
        if !only.is_empty() && !only.iter().any(|c| c == case.code) {
            continue;
        }
        // `ours` or `ogs` on the command line runs one side only (for profiling); `ours1` and
        // `ours2` run ours with that many threads only.
        let flag = |name: &str| std::env::args().any(|a| a == name);
        let run1 = !flag("ogs") && !flag("ours2");
        let run2 = !flag("ogs") && !flag("ours1");
        let run_ogs = !flag("ours") && !flag("ours1") && !flag("ours2");
        let (a, ta, ca) = if run1 {
            ours(case.code, case.count, 1)
        } else {
            zero()
        };
        let (a2, ta2, ca2) = if run2 {
            ours(case.code, case.count, 2)
        } else {
            zero()
        };
        let (b, tb, cb) = if run_ogs {
            theirs(case.code, case.count)
        } else {
            zero()
        };
        // Each side against `ogs` first, so that a failure says which side is wrong, and at
        // which heap (the sequences run to millions of values: printing them says nothing).
        let check = |ours: &[u16], other: &[u16], what: &str| {
            let first = ours.iter().zip(other).position(|(x, y)| x != y);
            if let Some(n) = first {
                panic!(
                    "{}: {what} differ first at heap {n}: {} against {}; every option of heap \
                     {n} from the values below it, which agree, gives {}",
                    case.code,
                    ours[n],
                    other[n],
                    value_by_every_option(case.code, &ours[..n])
                );
            }
            assert_eq!(ours.len(), other.len(), "{}: {what}: lengths", case.code);
        };
        if run1 && run_ogs {
            check(&a, &b, "one thread and ogs");
        }
        if run2 && run_ogs {
            check(&a2, &b, "two threads and ogs");
        }
        if run1 && run2 {
            check(&a, &a2, "one and two threads");
        }
        let ratio = |theirs: Duration, ours: Duration| theirs.as_secs_f64() / ours.as_secs_f64();
        println!(
            "{:<8} {:>10} {:>8.3} {:>8.3} {:>8.3} {:>6.2} {:>6.2} {:>8.2} {:>8.2} {:>8.2} {:>6.2}  {}",
            case.code,
            case.count,
            ta.as_secs_f64(),
            ta2.as_secs_f64(),
            tb.as_secs_f64(),
            ratio(tb, ta),
            ratio(tb, ta2),
            ca.as_secs_f64(),
            ca2.as_secs_f64(),
            cb.as_secs_f64(),
            ratio(cb, ca),
            case.what
        );
        if case.code == "0.16" && run1 {
            let (period, len, t) = ours_until_period(case.code, case.count as u64);
            let ogs_period = ogs::Game::period(&case.code.parse::<Game>().expect("valid"), &b);
            println!(
                "{:<8} {:>10} {:>10.3} {:>10} {:>7.2}  ours until proven: (preperiod, period) = {:?}; ogs on its {} values: {:?}",
                case.code,
                len,
                t.as_secs_f64(),
                "",
                tb.as_secs_f64() / t.as_secs_f64(),
                period,
                b.len(),
                ogs_period
            );
        }
    }
}

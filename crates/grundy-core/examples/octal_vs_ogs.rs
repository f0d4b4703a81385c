//! Side by side: this crate's rare/common solver against the `ogs` crate's RC2 solver.
//!
//! `cargo run --release -p grundy-core --example octal_vs_ogs [quick]`
//!
//! Both solvers compute the same values in the same process; the values are compared, and the
//! times and the ratio `ogs / ours` are printed (above 1 means we are faster).

use std::time::{Duration, Instant};

use grundy_core::games::octal::code::HeapRules;
use grundy_core::games::octal::sparse::SparseSolver;
use grundy_core::games::octal::SequenceRun;
use ogs::{Game, RC2Solver, Solver};
use std::sync::atomic::AtomicBool;

struct Case {
    code: &'static str,
    count: usize,
    what: &'static str,
}

fn ours(code: &str, count: usize) -> (Vec<u16>, Duration) {
    let rules = HeapRules::parse(code).expect("benchmark codes are valid");
    let start = Instant::now();
    let mut solver = SparseSolver::new(&rules);
    solver.extend_to(count).expect("values fit");
    (solver.into_values(), start.elapsed())
}

fn theirs(code: &str, count: usize) -> (Vec<u16>, Duration) {
    let game: Game = code.parse().expect("ogs parses the code");
    let start = Instant::now();
    let mut solver = RC2Solver::<true, ()>::with_capacity(game, count);
    for _ in 0..count {
        solver.next();
    }
    (solver.nimbers().to_vec(), start.elapsed())
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
    let scale = |n: usize| if quick { n / 8 } else { n };
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
        "{:<8} {:>10} {:>10} {:>10} {:>7}  note",
        "code", "values", "ours s", "ogs s", "ratio"
    );
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a.contains('.'))
        .collect();
    for case in cases {
        if !only.is_empty() && !only.iter().any(|c| c == case.code) {
            continue;
        }
        // `ours` or `ogs` on the command line runs one side only (for profiling).
        let only_ours = std::env::args().any(|a| a == "ours");
        let only_ogs = std::env::args().any(|a| a == "ogs");
        let (a, ta) = if only_ogs {
            (Vec::new(), Duration::ZERO)
        } else {
            ours(case.code, case.count)
        };
        let (b, tb) = if only_ours {
            (Vec::new(), Duration::ZERO)
        } else {
            theirs(case.code, case.count)
        };
        if !only_ours && !only_ogs {
            assert_eq!(a, b, "{}: values differ", case.code);
        }
        println!(
            "{:<8} {:>10} {:>10.3} {:>10.3} {:>7.2}  {}",
            case.code,
            case.count,
            ta.as_secs_f64(),
            tb.as_secs_f64(),
            tb.as_secs_f64() / ta.as_secs_f64(),
            case.what
        );
        if case.code == "0.16" && !only_ogs {
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

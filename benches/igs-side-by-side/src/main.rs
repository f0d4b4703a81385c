//! Grundy's search engine and igs (Beling and Rogalski, crates.io) on the same boards.
//!
//! `cargo run --release -- cram 4x7` runs both on one board, checks that they find the same
//! value and prints the times and their ratio (a board both answer in under 5 ms is then solved
//! 21 times more by each, in turn, and the ratio is that of the medians: a single solve that
//! short is mostly the process's cold start); `grundy` or `igs` alone runs only that solver
//! (`-- cram 4x7 igs`), to time it in a process of its own (peak memory: `/usr/bin/time -v`).
//! Environment: `GRUNDY_MEMORY` the table memory in bytes (default 4 GiB), `GRUNDY_SECONDS`
//! a time budget for Grundy (it then prints how far it got and exits with 124),
//! `GRUNDY_THREADS` Cram's threads (1 by default; the table memory is shared among them, as
//! `grundy search --threads` shares it: Grundy's time is then wall-clock time on that many
//! cores, `igs`'s on one).
//! igs runs as its own command-line tool `igsolve` does: Cram with its aspiration-set
//! method (BRAspSet), Chomp by definition (plain mex), both with a `HashMap` table, the
//! move orderings it ships for them, and its answer for boards it knows from theory.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use grundy_core::kernel::budget::{self, Budget};

use grundy_core::games::chomp::{Chomp as GChomp, ChompBoard};
use grundy_core::games::cram::{Cram as GCram, CramBoard};
use grundy_core::search::{parallel, Engine};
use igs::games::chomp::FewerBarsFirst;
use igs::games::cram::SmallerComponentsFirst;
use igs::games::{Chomp, Cram};
use igs::solver::br::BRDecomposableGameSolver;
use igs::solver::def::DefSimpleGameSolver;
use igs::solver::stats::EventStats;
use igs::solver::Solver;

/// Table memory for Grundy's engine unless `GRUNDY_MEMORY` (bytes) says otherwise.
const MEMORY: usize = 4 << 30;

fn memory() -> usize {
    std::env::var("GRUNDY_MEMORY")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(MEMORY)
}

/// Threads for Grundy's Cram search unless `GRUNDY_THREADS` says otherwise.
fn threads() -> usize {
    std::env::var("GRUNDY_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1)
}

fn grundy(game: &str, board: &str, rows: u32, cols: u32) -> u64 {
    match game {
        "cram" => {
            let mut engines = parallel::engines(GCram::new, threads(), memory());
            let board = board.parse::<CramBoard>().unwrap();
            let (keys, x) = board.components();
            // `GRUNDY_SECONDS`: stop after that many seconds and print how far the search got.
            let seconds = std::env::var("GRUNDY_SECONDS")
                .ok()
                .and_then(|s| s.parse().ok());
            let v = match seconds {
                Some(s) => {
                    let budget = Budget::new(Duration::from_secs(s), "GRUNDY_SECONDS");
                    budget::within(&budget, || parallel::value_of_sum(&mut engines, &keys))
                }
                None => parallel::value_of_sum(&mut engines, &keys),
            }
            .map(|v| v ^ x);
            if std::env::var_os("IGS_STATS").is_some() {
                eprintln!("{:?}", parallel::stats(&engines));
            }
            v.unwrap_or_else(|e| {
                eprintln!("not finished: {e}");
                std::process::exit(124)
            })
        }
        _ => {
            let mut engine = Engine::new(GChomp, memory());
            ChompBoard::rectangle(rows, cols)
                .unwrap()
                .value_with(&mut engine)
                .unwrap()
        }
    }
}

fn igs(game: &str, board: &str, rows: u32, cols: u32) -> u64 {
    let (r, c) = (rows as u8, cols as u8);
    let v = match game {
        "cram" => {
            let g = Cram::new(c, r);
            let mut s = Solver::new(
                &g,
                HashMap::new(),
                (),
                SmallerComponentsFirst {},
                EventStats::default(),
            );
            // A board with holes is solved from its position (igs's initial position is the
            // empty board, for which it also knows the outcome of even sides).
            let v = if board.contains('/') {
                let text = board.replace('/', "|").replace('.', "_");
                let position = g.pos_from_str(&text);
                s.nimber_br_aspset(&position)
            } else {
                s.nimber_of_initial_br_aspset()
            };
            if std::env::var_os("IGS_STATS").is_some() {
                eprintln!("{}", s.stats);
            }
            v
        }
        _ => {
            let g = Chomp::new(c, r);
            let mut s = Solver::new(&g, HashMap::new(), (), FewerBarsFirst {}, ());
            s.nimber_of_initial_def()
        }
    };
    u64::from(v)
}

/// Every option of a Cram board up to its symmetries, valued one after the other by one
/// engine: its components' sizes, its value, the time and the components expanded.
fn cram_options(board: &str) {
    let board = board.parse::<CramBoard>().unwrap();
    let mut engine = Engine::new(GCram::new(), memory());
    let mut seen = std::collections::HashSet::new();
    for d in board.moves() {
        let option = board.play(d).unwrap();
        if !seen.insert(option.canonical()) {
            continue;
        }
        let (keys, _) = option.components();
        let sizes: Vec<u32> = keys.iter().map(|k| (*k as u64).count_ones()).collect();
        let before = engine.stats().expanded;
        let (v, t) = timed(|| option.value_with(&mut engine).unwrap());
        println!(
            "{d:?} parts {sizes:?} value {v} time {t:.6} s expanded {}",
            engine.stats().expanded - before
        );
    }
}

fn timed(f: impl FnOnce() -> u64) -> (u64, f64) {
    let start = Instant::now();
    let v = f();
    (v, start.elapsed().as_secs_f64())
}

/// Boards both solvers answer in less than this (seconds) are timed warm (see `main`).
const WARM_BELOW: f64 = 0.005;
/// How many warm solves of each solver such a board gets.
const WARM_RUNS: usize = 21;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: igs-side-by-side cram|chomp RxC|ROWS [grundy|igs|options] (ROWS: a Cram board with holes, rows of . and # joined by /)";
    let (Some(game), Some(size)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let (rows, cols) = if size.contains('/') && game == "cram" {
        let lines: Vec<&str> = size.split('/').collect();
        (lines.len() as u32, lines[0].len() as u32)
    } else {
        size.split_once('x')
            .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            .unwrap_or_else(|| {
                eprintln!("{usage}");
                std::process::exit(2)
            })
    };
    let board = if size.contains('/') {
        size.clone()
    } else {
        format!("{rows}x{cols}")
    };
    let which = args.get(2).map(String::as_str).unwrap_or("both");
    if which == "options" && game == "cram" {
        cram_options(&board);
        return;
    }
    if which != "igs" {
        let (v, t) = timed(|| grundy(game, &board, rows, cols));
        println!("{game} {board} grundy value {v} time {t:.6} s");
        if which == "grundy" {
            return;
        }
        let (w, u) = timed(|| igs(game, &board, rows, cols));
        println!("{game} {board} igs value {w} time {u:.6} s");
        assert_eq!(v, w, "the solvers disagree on {game} {board}");
        // Under a few milliseconds a single solve is mostly the process's cold start (code
        // pages, the allocator's first pages), paid by whichever solver runs first: such
        // boards are solved again, each solver a fresh table every time and the two in turn,
        // and the medians compared.
        let (t, u) = if t.max(u) < WARM_BELOW {
            let (mut ts, mut us): (Vec<f64>, Vec<f64>) = (0..WARM_RUNS)
                .map(|_| {
                    let (_, u) = timed(|| igs(game, &board, rows, cols));
                    let (_, t) = timed(|| grundy(game, &board, rows, cols));
                    (t, u)
                })
                .unzip();
            let median = |v: &mut Vec<f64>| {
                v.sort_by(f64::total_cmp);
                v[v.len() / 2]
            };
            let (t, u) = (median(&mut ts), median(&mut us));
            println!("{game} {board} warm medians of {WARM_RUNS}: grundy {t:.6} s igs {u:.6} s");
            (t, u)
        } else {
            (t, u)
        };
        println!("{game} {board} same value {v}; igs / grundy = {:.2}", u / t);
    } else {
        let (w, u) = timed(|| igs(game, &board, rows, cols));
        println!("{game} {board} igs value {w} time {u:.6} s");
    }
}

//! Searches on several threads (`search::parallel`, `grundy search --threads`): the same values
//! as one thread on every game and on positions on both sides of its special cases (a position
//! known without search, one component or several, options known without search), stopped by a
//! cancel flag or a budget like one thread, and their tables saved and resumed.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use grundy_core::games::cram::{Cram, CramBoard};
use grundy_core::games::rules::search_run::{SearchOptions, MAX_THREADS};
use grundy_core::kernel::budget::{self, Budget};
use grundy_core::kernel::cancel;
use grundy_core::registry::search::search;
use grundy_core::search::{parallel, Engine};

fn options(threads: usize) -> SearchOptions {
    SearchOptions {
        memory_bytes: 8 << 20,
        threads,
        ..SearchOptions::default()
    }
}

/// The value and the components expanded of one search.
fn searched(game: &str, position: &str, threads: usize) -> (u64, u64) {
    let run = search(game, position, options(threads)).unwrap();
    // The run says how many threads searched: 0 is taken as 1.
    assert_eq!(run.threads, threads.max(1), "{game} {position}");
    let value = run
        .value
        .unwrap_or_else(|e| panic!("{game} {position}: {e}"));
    (value.value().expect("a value search"), run.stats.expanded)
}

#[test]
fn every_small_cram_board_has_the_same_value_on_several_threads() {
    for rows in 1..=5u32 {
        for cols in 1..=8u32 {
            if rows * cols > 30 {
                continue;
            }
            let board = CramBoard::new(rows, cols).unwrap();
            let (keys, x) = board.components();
            let alone = board
                .value_with(&mut Engine::new(Cram::without_small_regions(), 8 << 20))
                .unwrap();
            for threads in [1, 2, 3] {
                let mut engines = parallel::engines(Cram::without_small_regions, threads, 8 << 20);
                let v = parallel::value_of_sum(&mut engines, &keys).unwrap() ^ x;
                assert_eq!(v, alone, "{rows}x{cols} on {threads} threads");
            }
        }
    }
}

#[test]
fn every_game_has_the_same_value_on_several_threads() {
    for (game, position) in [
        // Worth 3: four rounds, each ended by an option found worth its value.
        ("cram", "3x8"),
        // Known without search: the mirror strategy (both sides even).
        ("cram", "4x4"),
        // Two components (a filled column), the smaller valued by the first thread.
        ("cram", "...#..../...#..../...#...."),
        // The central domino wins: an option known worth 0 without search.
        ("cram", "3x5"),
        ("cram", "1x1"),
        ("chomp", "4x5"),
        ("node-kayles", "grid:3x7"),
        ("node-kayles", "grid:4x5"),
        ("node-kayles", "path:13"),
        (
            "node-kayles",
            "edges:0-1,1-2,2-3,3-4,4-0,0-5,5-6,6-7,7-8,8-5,2-7,9-10",
        ),
        ("arc-kayles", "cycle:11"),
        ("arc-kayles", "grid:3x4"),
        ("arc-kayles", "edges:0-1,1-2,2-3,3-0,0-4,4-5,5-6,6-7,1-6"),
    ] {
        let (alone, _) = searched(game, position, 1);
        for threads in [0, 2, 3, 5] {
            let (v, _) = searched(game, position, threads);
            assert_eq!(v, alone, "{game} {position} on {threads} threads");
        }
    }
}

#[test]
fn threads_share_the_work_of_a_large_board() {
    // Cram 4 x 7 is worth 3 (BENCHMARKS.md): both threads expand components, and together
    // at least what one thread alone expands less what a thread's first option costs.
    let (alone, expanded_alone) = searched("cram", "4x7", 1);
    assert_eq!(alone, 3);
    let run = search("cram", "4x7", options(2)).unwrap();
    assert_eq!(run.value.unwrap().value(), Some(alone));
    assert!(run.stats.expanded > expanded_alone / 2, "{:?}", run.stats);
    assert!(run.stats.table.entries > 0);
}

#[test]
fn too_many_threads_are_refused_by_name() {
    let e = search("cram", "3x4", options(MAX_THREADS + 1))
        .unwrap_err()
        .to_string();
    assert!(e.contains("threads") && e.contains("from 1 to 64"), "{e}");
    // None is one.
    assert_eq!(searched("cram", "3x4", 0).0, searched("cram", "3x4", 1).0);
    let mut none: Vec<Engine<Cram>> = Vec::new();
    assert!(parallel::value_of_sum(&mut none, &[]).is_err());
}

#[test]
fn a_cancel_flag_or_a_budget_stops_every_thread() {
    let board: CramBoard = "5x7".parse().unwrap();
    let (keys, _) = board.components();
    let mut engines = parallel::engines(Cram::new, 2, 8 << 20);
    let raised = Arc::new(AtomicBool::new(true));
    let stopped = cancel::with_flag(raised, || parallel::value_of_sum(&mut engines, &keys));
    assert!(stopped.unwrap_err().to_string().contains("cancelled"));
    let none = Budget::new(Duration::ZERO, "--time SECONDS");
    let refused = budget::within(&none, || parallel::value_of_sum(&mut engines, &keys));
    assert!(refused.unwrap_err().to_string().contains("--time SECONDS"));
    // The engines go on afterwards, and find the value (5 x 7 is worth 1).
    assert_eq!(parallel::value_of_sum(&mut engines, &keys).unwrap(), 1);
    // A time budget of the search's own stops it too, and its table can still be saved.
    let tight = SearchOptions {
        time_budget: Some(Duration::ZERO),
        ..options(2)
    };
    let run = search("cram", "6x7", tight).unwrap();
    assert!(run.value.is_err());
    let mut bytes = Vec::new();
    run.write_table(&mut bytes).unwrap();
    assert!(!bytes.is_empty());
}

#[test]
fn a_table_saved_by_several_threads_resumes_on_any_number() {
    let first = search("cram", "5x5", options(2)).unwrap();
    let value = first.value.clone().unwrap();
    let mut bytes = Vec::new();
    first.write_table(&mut bytes).unwrap();
    assert!(first.stats.table.entries > 0);
    for threads in [1, 2, 3] {
        let resumed = search(
            "cram",
            "5x5",
            SearchOptions {
                table: Some(Box::new(std::io::Cursor::new(bytes.clone()))),
                ..options(threads)
            },
        )
        .unwrap();
        assert_eq!(resumed.value.unwrap(), value, "{threads} threads");
        assert!(resumed.resumed > 0);
        // The board's value was saved: nothing is searched again.
        assert_eq!(resumed.stats.expanded, 0, "{threads} threads");
    }
}

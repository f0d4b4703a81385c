//! Criterion benchmarks of take-and-break codes: the set-based solver against the reference
//! (every option of every heap) in the same run, the move-class proof, and moves counted
//! beyond the table. Values per second at larger sizes: `examples/take_break_rate.rs`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy_core::games::take_break::code::TakeBreakCode;
use grundy_core::games::take_break::naive::naive_values;
use grundy_core::games::take_break::period::{search, Search};
use grundy_core::games::take_break::solver::Solver;
use grundy_core::games::take_break::TakeBreakGame;
use grundy_core::kernel::Ruleset;

fn solve(code: &TakeBreakCode, count: usize) -> usize {
    let mut solver = Solver::new(code);
    solver.extend_to(count).expect("within the limits");
    solver.values().len()
}

fn bench_take_break(c: &mut Criterion) {
    let mut group = c.benchmark_group("take_break");
    group.sample_size(10);
    for (text, count) in [("0.8", 600), ("C.0", 600), ("0.[F]", 300)] {
        let code = TakeBreakCode::parse(text).expect("a code");
        group.bench_function(format!("{text} to {count}, solver"), |b| {
            b.iter(|| solve(black_box(&code), count))
        });
        group.bench_function(format!("{text} to {count}, reference"), |b| {
            b.iter(|| naive_values(black_box(&code), count).len())
        });
    }
    // Codes whose values grow (every value new, sets as wide as the values): the slow corner
    // of issue 30.
    for (text, count) in [
        ("0.8", 1 << 12),
        ("C.0", 1 << 12),
        ("0.A", 1 << 14),
        ("C.BFD", 1 << 11),
        ("0.[F]", 1 << 11),
    ] {
        let code = TakeBreakCode::parse(text).expect("a code");
        group.bench_function(format!("{text} to {count}, solver"), |b| {
            b.iter(|| solve(black_box(&code), count))
        });
    }
    for text in ["0.8", "4.[3]"] {
        let code = TakeBreakCode::parse(text).expect("a code");
        let mut solver = Solver::new(&code);
        solver.extend_to(400).expect("small");
        let values = solver.values().to_vec();
        assert!(matches!(search(&code, &values), Search::Proven(..)));
        group.bench_function(
            format!("{text}: find and prove the arithmetic period"),
            |b| b.iter(|| search(black_box(&code), black_box(&values))),
        );
    }
    let lasker = TakeBreakGame::parse("4.[3]").expect("a code");
    lasker.grundy(&(1 << 40)).expect("proven");
    group.bench_function(
        "4.[3]: winning moves of a heap of 10^12 + 7 (splits counted)",
        |b| {
            b.iter(|| {
                lasker
                    .moves_to_value(black_box(&1_000_000_000_007), 5, 10)
                    .expect("counted")
                    .total()
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench_take_break);
criterion_main!(benches);

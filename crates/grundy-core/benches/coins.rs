//! Coin-turning games at the largest sizes the limits allow: heads' values by the mex rule
//! bottom-up for rules without a closed form (a fresh ruleset each time, so nothing is kept),
//! the value and every winning move (counted exactly) of the longest rows, and of 64 × 64 grids
//! of Tartan products (the Tartan theorem, winning moves through the nim quotient) and of an
//! acrostic game (its table of values by the mex rule).
//!
//! Run: `cargo bench -p grundy-core --bench coins`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use grundy_core::games::acrostic::Acrostic;
use grundy_core::games::coin_grid::CoinGrid;
use grundy_core::games::coins::{CoinLine, CoinRule, Coins};
use grundy_core::games::tartan::Tartan;
use grundy_core::kernel::Ruleset;

fn line(text: &str) -> CoinLine {
    CoinLine::parse(text).unwrap()
}

/// Heads' values of the longest row from scratch: as the rulesets compute them (for "at most
/// K" and "exactly K", nim-sums kept by number of coins), and by listing every set a move may
/// turn (the reference), in the same run.
fn head_values(c: &mut Criterion) {
    let mut group = c.benchmark_group("coin heads' values by the mex rule");
    group.sample_size(10);
    for (rule, coins) in [
        ("at-most=5", 64),
        ("at-most=7", 32),
        ("exactly=6", 44),
        ("spaced=3", 64),
        ("grunt", 64),
    ] {
        group.throughput(Throughput::Elements(coins as u64));
        let rule = CoinRule::parse(rule).unwrap();
        group.bench_function(format!("{rule}, {coins} coins"), |b| {
            b.iter(|| CoinLine::ruled(black_box(rule.clone())).values(coins))
        });
        if matches!(rule, CoinRule::AtMost(_) | CoinRule::Exactly(_)) {
            group.bench_function(format!("{rule}, {coins} coins, every set listed"), |b| {
                b.iter(|| CoinLine::values_by_mex(black_box(&rule), coins))
            });
        }
    }
    group.finish();
}

/// A row with every coin heads but the first: its value and every winning move, counted.
fn rows(c: &mut Criterion) {
    let mut group = c.benchmark_group("coin rows: value and every winning move");
    group.sample_size(10);
    for (rule, coins) in [
        ("at-most=3", 64),
        ("at-most=5", 64),
        ("at-most=7", 32),
        ("any", 21),
    ] {
        let rules = Coins::ruled(CoinRule::parse(rule).unwrap());
        let mut row = vec![1u64; coins];
        row[0] = 0;
        let _ = rules.grundy(&row).unwrap();
        group.throughput(Throughput::Elements(coins as u64 - 1));
        group.bench_function(format!("{rule}, {coins} coins"), |b| {
            b.iter(|| {
                rules
                    .moves_to_value(black_box(&row), 0, 10)
                    .unwrap()
                    .total()
            })
        });
    }
    group.finish();
}

/// 64 × 64 grids, every coin heads but the corner.
fn grids(c: &mut Criterion) {
    let mut group = c.benchmark_group("coin grids 64 x 64");
    group.sample_size(10);
    let mut grid: CoinGrid = vec!["H".repeat(64); 64].join("/").parse().unwrap();
    grid.flip(0, 0);
    group.throughput(Throughput::Elements(4095));
    for (rows, cols) in [("mock-turtles", "mock-turtles"), ("ruler", "twins")] {
        let game = Tartan::new(line(rows), line(cols));
        group.bench_function(format!("{rows} x {cols}: value"), |b| {
            b.iter(|| game.grundy(black_box(&grid)).unwrap())
        });
        group.bench_function(format!("{rows} x {cols}: every winning move"), |b| {
            b.iter(|| {
                game.moves_to_value(black_box(&grid), 0, 10)
                    .unwrap()
                    .total()
            })
        });
    }
    let acrostic = Acrostic::new(line("mock-turtles"), line("ruler"));
    group.bench_function(
        "acrostic mock-turtles / ruler: table by the mex rule",
        |b| b.iter(|| acrostic.table_by_mex(64, 64)),
    );
    group.finish();
}

criterion_group!(benches, head_values, rows, grids);
criterion_main!(benches);

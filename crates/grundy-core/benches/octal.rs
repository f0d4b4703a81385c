//! Criterion benchmarks of the octal-game solvers (small sizes; the long side-by-side runs
//! against `ogs` are in `examples/octal_vs_ogs.rs`).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy_core::games::octal::naive::naive_values;
use grundy_core::games::octal::sparse::SparseSolver;
use grundy_core::kernel::heap_rules::HeapRules;
use grundy_core::sequence::find_guy_smith_period;

fn sparse(code: &str, count: usize) -> usize {
    let rules = HeapRules::parse(code).expect("valid code");
    let mut solver = SparseSolver::new(&rules);
    solver.extend_to(count).expect("values fit");
    solver.values().len()
}

fn bench_octal(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal");
    group.sample_size(10);
    group.bench_function("officers 0.6 to 2^15 (rare/common)", |b| {
        b.iter(|| sparse(black_box("0.6"), 1 << 15))
    });
    group.bench_function("0.104 to 2^18 (parity mask)", |b| {
        b.iter(|| sparse(black_box("0.104"), 1 << 18))
    });
    group.bench_function("treblecross 0.007 to 2^13 (dense)", |b| {
        b.iter(|| sparse(black_box("0.007"), 1 << 13))
    });
    group.bench_function("grundys-game to 2^16", |b| {
        let rules = HeapRules::grundys_game();
        b.iter(|| {
            let mut solver = SparseSolver::new(&rules);
            solver.extend_to(1 << 16).expect("values fit");
            solver.values().len()
        })
    });
    group.bench_function("kayles 0.77 naive to 2^12", |b| {
        let rules = HeapRules::parse("0.77").expect("valid code");
        b.iter(|| naive_values(&rules, black_box(1 << 12)).len())
    });
    let values: Vec<u16> = {
        let rules = HeapRules::parse("0.16").expect("valid code");
        let mut solver = SparseSolver::new(&rules);
        solver.extend_to(520_000).expect("values fit");
        solver.into_values()
    };
    group.bench_function("Guy-Smith certificate of 0.16 (520,000 values)", |b| {
        b.iter(|| find_guy_smith_period(black_box(&values), 2))
    });
    group.finish();
}

criterion_group!(benches, bench_octal);
criterion_main!(benches);

//! Criterion benchmarks of subtraction-game sequences (issue targets in BENCHMARKS.md).

mod common;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy_core::games::subtraction::{subtraction_values, SubtractionGame};

fn raw_sequences(c: &mut Criterion) {
    let mut group = c.benchmark_group("subtraction/raw");
    group.sample_size(10);
    for (size, max, count) in [(20usize, 64u64, 100_000_000usize), (2000, 4096, 200_000)] {
        let set = common::take_set(size, max);
        group.throughput(Throughput::Elements(count as u64));
        group.bench_with_input(
            BenchmarkId::new(format!("|S|={size},max={max}"), count),
            &set,
            |b, set| b.iter(|| subtraction_values(black_box(set), count)),
        );
    }
    group.finish();
}

fn against_memoised_recursion(c: &mut Criterion) {
    let set = [1u64, 4, 9, 12, 16];
    let k = 100_000;
    let mut group = c.benchmark_group("subtraction/memoised-recursion-K=1e5");
    group.sample_size(10);
    group.bench_function("grundy bottom-up", |b| {
        b.iter(|| subtraction_values(black_box(&set), k + 1))
    });
    group.bench_function("grundy engine path (period proven, then copied)", |b| {
        b.iter(|| SubtractionGame::new(black_box(set)).unwrap().values(k + 1))
    });
    group.bench_function("memoised recursion (Louis 2021)", |b| {
        b.iter(|| common::memoised_recursion(black_box(&set), k))
    });
    group.finish();
}

fn huge_heap_from_scratch(c: &mut Criterion) {
    c.bench_function("subtraction/G(10^18) from scratch, S={1,4,9,12,16}", |b| {
        b.iter(|| {
            let game = SubtractionGame::new(black_box([1, 4, 9, 12, 16])).unwrap();
            game.value(black_box(1_000_000_000_000_000_000)).unwrap()
        })
    });
}

criterion_group!(
    benches,
    raw_sequences,
    against_memoised_recursion,
    huge_heap_from_scratch
);
criterion_main!(benches);

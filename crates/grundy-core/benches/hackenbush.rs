//! Green Hackenbush throughput: values by the fusion and colon principles
//! (`grundy_core::games::hackenbush::value`) and every winning cut
//! (`cuts::cuts_to_value`) on random trees and random graphs of 10^3 to 10^6 edges, reading a
//! picture's text, the largest single cycle block the winning-cut search allows, and the
//! exhaustive search the principles replace (same run, for the ratio).
//!
//! Run: `cargo bench -p grundy-core --bench hackenbush`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy_core::games::hackenbush::cuts::{cuts_to_value, MAX_CYCLE_WORK};
use grundy_core::games::hackenbush::naive::naive_value;
use grundy_core::games::hackenbush::{value, Picture};

mod common;
use common::{random_graph as graph, random_tree as tree, small_blocks};

fn values(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush value");
    for &n in &[1_000u32, 10_000, 100_000, 1_000_000] {
        if n >= 100_000 {
            group.sample_size(10);
        }
        group.throughput(Throughput::Elements(u64::from(n)));
        let t = tree(n);
        group.bench_with_input(BenchmarkId::new("random tree", n), &t, |b, p| {
            b.iter(|| value(black_box(p)))
        });
        let g = graph(n);
        group.bench_with_input(BenchmarkId::new("random graph", n), &g, |b, p| {
            b.iter(|| value(black_box(p)))
        });
    }
    group.finish();
}

fn winning_cuts(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush winning cuts");
    group.sample_size(10);
    for &n in &[1_000u32, 10_000, 100_000, 1_000_000] {
        group.throughput(Throughput::Elements(u64::from(n)));
        let t = tree(n);
        let target = value(&t) ^ 1;
        group.bench_with_input(BenchmarkId::new("random tree", n), &t, |b, p| {
            b.iter(|| cuts_to_value(black_box(p), target).unwrap().len())
        });
        let g = small_blocks(n);
        let target = value(&g) ^ 1;
        group.bench_with_input(BenchmarkId::new("small cycle blocks", n), &g, |b, p| {
            b.iter(|| cuts_to_value(black_box(p), target).unwrap().len())
        });
    }
    // One block: a cycle of k edges through the ground costs 2k² steps; the largest allowed.
    let k = ((MAX_CYCLE_WORK / 2) as f64).sqrt() as u32;
    for &n in &[1_000u32, k] {
        let arch: Picture = format!("path:{n}").parse().unwrap();
        group.throughput(Throughput::Elements(u64::from(n)));
        group.bench_with_input(
            BenchmarkId::new("one cycle through the ground", n),
            &arch,
            |b, p| b.iter(|| cuts_to_value(black_box(p), 0).unwrap().len()),
        );
    }
    group.finish();
}

fn reading(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush text");
    group.sample_size(10);
    let text = graph(100_000).to_string();
    group.throughput(Throughput::Elements(100_000));
    group.bench_function("parse 100000 edges", |b| {
        b.iter(|| black_box(&text).parse::<Picture>().unwrap().len())
    });
    group.finish();
}

fn against_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush against exhaustive search");
    group.sample_size(10);
    let p = graph(15);
    group.bench_function("fusion, 15 edges", |b| b.iter(|| value(black_box(&p))));
    group.bench_function("exhaustive search, 15 edges", |b| {
        b.iter(|| naive_value(black_box(&p)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, values, winning_cuts, reading, against_search);
criterion_main!(benches);

//! Nim multiplication throughput in GF(2^64): products, inverses and square roots of random
//! 64-bit nimbers (the tower of Fermat 2-powers over a byte table, see
//! `grundy_core::nimber::field`), and of bytes and 16-bit numbers, which stay in smaller
//! subfields.
//!
//! Run: `cargo bench -p grundy-core --bench nim_product`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use grundy_core::nimber::{nim_inv, nim_mul, nim_sqrt};

/// Operands from a fixed xorshift stream, so every run multiplies the same numbers.
fn operands(count: usize, mask: u64) -> Vec<u64> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & mask
        })
        .collect()
}

const COUNT: usize = 4096;

fn products(c: &mut Criterion) {
    let mut group = c.benchmark_group("nim multiplication");
    group.throughput(Throughput::Elements(COUNT as u64));
    for (name, mask) in [
        ("product, 64-bit", u64::MAX),
        ("product, 32-bit", u64::from(u32::MAX)),
        ("product, 16-bit", 0xFFFF),
        ("product, 8-bit", 0xFF),
    ] {
        let a = operands(COUNT, mask);
        let b = operands(COUNT + 1, mask)[1..].to_vec();
        group.bench_function(name, |bench| {
            bench.iter(|| {
                a.iter()
                    .zip(&b)
                    .fold(0u64, |acc, (&x, &y)| acc ^ nim_mul(black_box(x), y))
            })
        });
    }
    let a = operands(COUNT, u64::MAX);
    group.bench_function("inverse, 64-bit", |bench| {
        bench.iter(|| {
            a.iter()
                .fold(0u64, |acc, &x| acc ^ nim_inv(black_box(x | 1)).unwrap_or(0))
        })
    });
    group.bench_function("square root, 64-bit", |bench| {
        bench.iter(|| a.iter().fold(0u64, |acc, &x| acc ^ nim_sqrt(black_box(x))))
    });
    group.finish();
}

criterion_group!(benches, products);
criterion_main!(benches);

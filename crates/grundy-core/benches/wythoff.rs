//! Wythoff benchmarks.
//!
//! First a side-by-side run, printed as a table (one run each, the sizes are large):
//! the full 16384 × 16384 Sprague–Grundy table by the engine against a plain bitset-mex
//! baseline written here; the n-th P-position for a 10,000-digit n; 10^7 consecutive
//! P-positions. Then criterion measures the small cases precisely.
//!
//! `WYTHOFF_SIDE=4096 cargo bench -p grundy-core --bench wythoff` runs the table comparison at
//! another side.

use std::hint::black_box;
use std::str::FromStr;
use std::time::{Duration, Instant};

use criterion::Criterion;
use grundy_core::games::wythoff::beatty::{p_position_big, PPositions};
use grundy_core::games::wythoff::table::SgTable;
use num_bigint::BigUint;

/// The plain construction: the whole square, one bitset per row, column and diagonal, and for
/// each cell the mex found by scanning the OR of its three bitsets from value 0.
fn baseline_table(side: usize) -> u64 {
    let words = 2 * side / 64 + 2;
    let mut row = vec![0u64; words];
    let mut columns = vec![0u64; side * words];
    let mut diagonals = vec![0u64; 2 * side * words];
    let mut checksum = 0u64;
    for x in 0..side {
        row.fill(0);
        for y in 0..side {
            let column = &columns[y * words..(y + 1) * words];
            let d = side + y - x;
            let diagonal = &diagonals[d * words..(d + 1) * words];
            let mut w = 0;
            let v = loop {
                let seen = row[w] | column[w] | diagonal[w];
                if seen != u64::MAX {
                    break w * 64 + seen.trailing_ones() as usize;
                }
                w += 1;
            };
            row[v / 64] |= 1 << (v % 64);
            columns[y * words + v / 64] |= 1 << (v % 64);
            diagonals[d * words + v / 64] |= 1 << (v % 64);
            checksum = checksum.wrapping_mul(31).wrapping_add(v as u64);
        }
    }
    checksum
}

/// The same checksum read from the engine's table, proving both computed the same values.
fn table_checksum(table: &SgTable) -> u64 {
    let side = table.cols();
    let mut checksum = 0u64;
    for x in 0..side {
        for y in 0..side {
            let v = table.get(x, y).unwrap_or(u16::MAX);
            checksum = checksum.wrapping_mul(31).wrapping_add(v as u64);
        }
    }
    checksum
}

fn ten_thousand_digits() -> BigUint {
    let digits: String = (0..10_000)
        .map(|i| char::from(b'1' + (i * 7 % 9) as u8))
        .collect();
    BigUint::from_str(&digits).expect("digits")
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn side_by_side() {
    let side: usize = std::env::var("WYTHOFF_SIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(16384);
    println!("## side by side (one run each)");
    let start = Instant::now();
    let table = SgTable::square(side).expect("side within the limit");
    let fast = start.elapsed();
    let per_cell = table.memory_bytes() as f64 / table.stored_cells() as f64;
    println!(
        "table {side}x{side}, engine:   {fast:.2?} ({} stored cells, {:.1} MiB, {per_cell:.2} bytes per stored cell)",
        table.stored_cells(),
        table.memory_bytes() as f64 / (1 << 20) as f64
    );
    let start = Instant::now();
    let plain = baseline_table(side);
    let slow = start.elapsed();
    let same = plain == table_checksum(&table);
    println!("table {side}x{side}, baseline: {slow:.2?} (same values: {same})");
    println!(
        "ratio baseline / engine: {:.1}x",
        slow.as_secs_f64() / fast.as_secs_f64()
    );
    assert!(same, "the engine and the baseline disagree");
    drop(table);

    let n = ten_thousand_digits();
    let nth = best_of(5, || p_position_big(&n));
    println!("n-th P-position, n with 10,000 digits: {nth:.2?} (best of 5)");

    let stream = best_of(3, || {
        PPositions::new()
            .take(10_000_000)
            .fold(0u64, |acc, (a, b)| acc.wrapping_add(a ^ b))
    });
    println!("10^7 consecutive P-positions: {stream:.2?} (best of 3)");
}

fn criterion_benches(c: &mut Criterion) {
    let n = ten_thousand_digits();
    c.bench_function("nth P-position, 10,000 digits", |b| {
        b.iter(|| p_position_big(black_box(&n)))
    });
    c.bench_function("10^6 consecutive P-positions", |b| {
        b.iter(|| {
            PPositions::new()
                .take(1_000_000)
                .fold(0u64, |acc, (a, b)| acc.wrapping_add(a ^ b))
        })
    });
    let mut group = c.benchmark_group("SG table");
    group.sample_size(10);
    group.bench_function("1024 x 1024", |b| {
        b.iter(|| SgTable::square(black_box(1024)))
    });
    group.finish();
}

fn main() {
    side_by_side();
    let mut criterion = Criterion::default().configure_from_args();
    criterion_benches(&mut criterion);
    criterion.final_summary();
}

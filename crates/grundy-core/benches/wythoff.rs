//! Wythoff benchmarks.
//!
//! First a side-by-side run, printed as a table (one run each, the sizes are large): the full
//! 16384 × 16384 Sprague–Grundy table by the engine (one thread, then two) against a plain
//! bitset-mex baseline written here; the n-th P-position for a 10,000-digit n; 10^7
//! consecutive P-positions. Then criterion measures the small cases precisely.
//!
//! Each table run reports its wall time and the CPU time of the process during the run (user +
//! system, from `/proc/self/stat`), which is less sensitive to other jobs on a shared machine.
//!
//! `WYTHOFF_SIDE=4096 cargo bench -p grundy-core --bench wythoff` runs the table comparison at
//! another side; `WYTHOFF_ROW_MAJOR=1` also runs the row-major form of the baseline (slow at
//! large sides: 34 s at 8192 on a loaded machine where the strip order took 10 s).

use std::hint::black_box;
use std::str::FromStr;
use std::time::{Duration, Instant};

use criterion::Criterion;
use grundy_core::games::wythoff::beatty::{p_position_big, PPositions};
use grundy_core::games::wythoff::table::SgTable;
use num_bigint::BigUint;

/// The plain construction, the baseline: the whole square (no symmetry), one used-value bitset
/// per row, column and diagonal (`2 · side` bits each), and each cell's mex found by scanning
/// the OR of its three bitsets a word at a time from value 0. Rows are taken in strips of 32,
/// column by column inside a strip (a valid order: a cell only needs cells to its left, below
/// and below-left), so the strip's row and diagonal bitsets stay in cache; the per-cell work is
/// exactly the row-major loop's. Returns the checksum of the values in row-major order.
fn baseline_table(side: usize) -> u64 {
    const STRIP: usize = 32;
    let words = 2 * side / 64 + 2;
    let mut rows = vec![0u64; side * words];
    let mut columns = vec![0u64; side * words];
    let mut diagonals = vec![0u64; 2 * side * words];
    let mut values = vec![0u16; side * side];
    for strip in (0..side).step_by(STRIP) {
        for y in 0..side {
            for x in strip..(strip + STRIP).min(side) {
                let d = side + y - x;
                let v = plain_mex(
                    &rows[x * words..(x + 1) * words],
                    &columns[y * words..(y + 1) * words],
                    &diagonals[d * words..(d + 1) * words],
                );
                values[x * side + y] = v as u16;
                rows[x * words + v / 64] |= 1 << (v % 64);
                columns[y * words + v / 64] |= 1 << (v % 64);
                diagonals[d * words + v / 64] |= 1 << (v % 64);
            }
        }
    }
    values
        .iter()
        .fold(0u64, |sum, &v| sum.wrapping_mul(31).wrapping_add(v as u64))
}

/// The same baseline in plain row-major order (the previous session's form): per row it sweeps
/// every column and diagonal bitset, far more than fits in cache at large sides.
fn baseline_row_major(side: usize) -> u64 {
    let words = 2 * side / 64 + 2;
    let mut row = vec![0u64; words];
    let mut columns = vec![0u64; side * words];
    let mut diagonals = vec![0u64; 2 * side * words];
    let mut checksum = 0u64;
    for x in 0..side {
        row.fill(0);
        for y in 0..side {
            let d = side + y - x;
            let v = plain_mex(
                &row,
                &columns[y * words..(y + 1) * words],
                &diagonals[d * words..(d + 1) * words],
            );
            row[v / 64] |= 1 << (v % 64);
            columns[y * words + v / 64] |= 1 << (v % 64);
            diagonals[d * words + v / 64] |= 1 << (v % 64);
            checksum = checksum.wrapping_mul(31).wrapping_add(v as u64);
        }
    }
    checksum
}

/// The first value missing from all three bitsets, scanned a word at a time from value 0.
#[inline]
fn plain_mex(row: &[u64], column: &[u64], diagonal: &[u64]) -> usize {
    let mut w = 0;
    loop {
        let seen = row[w] | column[w] | diagonal[w];
        if seen != u64::MAX {
            return w * 64 + seen.trailing_ones() as usize;
        }
        w += 1;
    }
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

/// The CPU time (user + system, all threads) this process has used, from `/proc/self/stat`
/// in clock ticks of 10 ms; `None` where that file does not exist.
fn process_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime and stime are 12 and 13.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Runs `f` once, returning its result, wall time and CPU time.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration, Option<Duration>) {
    let cpu = process_cpu_time();
    let start = Instant::now();
    let out = f();
    let wall = start.elapsed();
    let cpu = process_cpu_time()
        .zip(cpu)
        .map(|(after, before)| after - before);
    (out, wall, cpu)
}

fn cpu_text(cpu: Option<Duration>) -> String {
    cpu.map_or("n/a".to_string(), |c| format!("{:.2}s", c.as_secs_f64()))
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "n/a".to_string())
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
    println!(
        "## side by side (one run each; load average {})",
        load_average()
    );
    let mut engine = Vec::new();
    let mut checksum = None;
    for threads in [1, 2] {
        let (table, wall, cpu) = timed(|| SgTable::band_with_threads(side, side, threads));
        let table = table.expect("side within the limit");
        let per_cell = table.memory_bytes() as f64 / table.stored_cells() as f64;
        println!(
            "table {side}x{side}, engine, {threads} thread(s): wall {wall:.2?}, cpu {} \
             ({} stored cells, {:.1} MiB, {per_cell:.2} bytes per stored cell)",
            cpu_text(cpu),
            table.stored_cells(),
            table.memory_bytes() as f64 / (1 << 20) as f64
        );
        let sum = table_checksum(&table);
        if let Some(previous) = checksum {
            assert_eq!(previous, sum, "thread counts disagree");
        }
        checksum = Some(sum);
        engine.push((threads, wall, cpu));
    }
    let (plain, slow, slow_cpu) = timed(|| baseline_table(side));
    let same = Some(plain) == checksum;
    println!(
        "table {side}x{side}, baseline (plain bitset mex, strips of 32 rows): wall {slow:.2?}, cpu {} \
         (same values: {same})",
        cpu_text(slow_cpu)
    );
    assert!(same, "the engine and the baseline disagree");
    for (threads, wall, cpu) in engine {
        let cpu_ratio = slow_cpu.zip(cpu).map_or("n/a".to_string(), |(s, c)| {
            format!("{:.1}x", s.as_secs_f64() / c.as_secs_f64())
        });
        println!(
            "ratio baseline / engine ({threads} thread(s)): wall {:.1}x, cpu {cpu_ratio}",
            slow.as_secs_f64() / wall.as_secs_f64()
        );
    }
    if std::env::var_os("WYTHOFF_ROW_MAJOR").is_some() {
        let (row_major, wall, cpu) = timed(|| baseline_row_major(side));
        println!(
            "table {side}x{side}, baseline in row-major order: wall {wall:.2?}, cpu {} (same values: {})",
            cpu_text(cpu),
            Some(row_major) == checksum
        );
    }
    println!("load average after: {}", load_average());

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
    for threads in [1, 2] {
        group.bench_function(format!("1024 x 1024, {threads} thread(s)"), |b| {
            b.iter(|| SgTable::band_with_threads(black_box(1024), 1024, threads))
        });
    }
    group.finish();
}

fn main() {
    side_by_side();
    let mut criterion = Criterion::default().configure_from_args();
    criterion_benches(&mut criterion);
    criterion.final_summary();
}

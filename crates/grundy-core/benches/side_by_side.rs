//! Side-by-side harness: each workload against its baseline in the same run, reporting the
//! ratio. Timings are the best of several runs (the least disturbed by the other core's load).
//!
//! Run with `cargo bench -p grundy-core --bench side_by_side`.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use grundy_core::games::subtraction::{subtraction_values, SubtractionGame};

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn row(name: &str, ours: Duration, base: Option<(&str, Duration)>, note: &str) {
    let base_text = match base {
        Some((label, t)) => format!(
            "{label} {:>10.3} ms  ratio {:>7.1}x",
            t.as_secs_f64() * 1e3,
            t.as_secs_f64() / ours.as_secs_f64()
        ),
        None => String::new(),
    };
    println!(
        "{name:<46} grundy {:>10.3} ms  {base_text}  {note}",
        ours.as_secs_f64() * 1e3
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list` asks harness=false benches for their tests.
    }
    println!("side-by-side: grundy against baselines, best of runs, same process\n");

    for (size, max, count, runs) in [
        (20usize, 64u64, 100_000_000usize, 3),
        (2000, 4096, 200_000, 5),
    ] {
        let set = common::take_set(size, max);
        assert_eq!(
            subtraction_values(&set, 50_000),
            common::plain_bitmap_mex(&set, 50_000),
            "the baseline must compute the same values"
        );
        let ours = best_of(runs, || subtraction_values(&set, count));
        let base = best_of(runs, || common::plain_bitmap_mex(&set, count));
        let rate = count as f64 / ours.as_secs_f64() / 1e6;
        row(
            &format!("(a/b) |S|={size} max={max}, {count} values"),
            ours,
            Some(("plain bitmap mex", base)),
            &format!("{rate:.1}M values/s"),
        );
        if size >= 64 {
            assert_eq!(
                subtraction_values(&set, 50_000),
                common::stamp_mex(&set, 50_000)
            );
            let stamps = best_of(runs, || common::stamp_mex(&set, count));
            row(
                "    the same against the previous stamp loop",
                ours,
                Some(("stamp loop      ", stamps)),
                "",
            );
        }
    }

    let set = [1u64, 4, 9, 12, 16];
    let k = 100_000;
    let ours_values = subtraction_values(&set, k + 1);
    let recursion_values = common::memoised_recursion(&set, k);
    assert!(ours_values
        .iter()
        .zip(&recursion_values)
        .all(|(&a, &b)| a as i64 == b));
    let ours = best_of(5, || subtraction_values(&set, k + 1));
    let base = best_of(5, || common::memoised_recursion(&set, k));
    row(
        "(c) raw bottom-up, K=10^5",
        ours,
        Some(("Louis 2021 memo", base)),
        "every value by mex",
    );
    let engine = best_of(5, || SubtractionGame::new(set).unwrap().values(k + 1));
    assert_eq!(
        SubtractionGame::new(set).unwrap().values(k + 1),
        ours_values
    );
    row(
        "(c) engine: period proven, then copied",
        engine,
        Some(("Louis 2021 memo", base)),
        "target >= 20x",
    );

    let ours = best_of(50, || {
        let game = SubtractionGame::new([1, 4, 9, 12, 16]).unwrap();
        game.value(1_000_000_000_000_000_000).unwrap()
    });
    row(
        "(d) G(10^18), S={1,4,9,12,16}, from scratch",
        ours,
        None,
        "target < 1 ms",
    );
}

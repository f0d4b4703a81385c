//! Misère quotient benchmarks: computing (and proving) `Q_N` for Kayles, Dawson's Kayles and
//! 0.75, and answering a 10-heap misère Dawson's Kayles position once its quotient is known.
//!
//! `cargo bench -p grundy-core --bench misere`

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use grundy_core::games::octal::HeapRules;
use grundy_core::misere::quotient::{Limits, MisereQuotient};

fn quotient(code: &str, n: usize) -> MisereQuotient {
    let game = HeapRules::parse(code).expect("a valid code");
    MisereQuotient::compute(&game, n, Limits::default()).expect("within the default limits")
}

fn main() {
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (code, n) in [
        ("0.75", 30),
        ("0.77", 30),
        ("0.77", 80),
        ("0.07", 24),
        ("0.07", 30),
    ] {
        c.bench_function(&format!("quotient {code} N={n}"), |b| {
            b.iter(|| black_box(quotient(code, n).order()))
        });
    }
    let dawson = quotient("0.07", 30);
    let heaps = [30, 29, 27, 25, 23, 17, 14, 11, 9, 5];
    c.bench_function("analyze 10-heap misère 0.07 with Q_30", |b| {
        b.iter(|| {
            black_box(
                dawson
                    .analyze(black_box(&heaps))
                    .unwrap()
                    .winning_moves
                    .len(),
            )
        })
    });
    c.final_summary();
}

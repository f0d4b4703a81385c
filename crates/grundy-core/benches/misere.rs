//! Misère quotient benchmarks: computing (and proving) `Q_N` for 0.75, Kayles, Dawson's Kayles,
//! Dawson's Chess, Treblecross and Daisies, and answering a 10-heap misère Dawson's Kayles
//! position once its quotient is known (the quotient alone, and the whole report as the front
//! ends ask for it).
//!
//! `cargo bench -p grundy-core --bench misere`

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use grundy_core::kernel::heap_rules::HeapRules;
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
        ("0.137", 30),
        ("0.007", 40),
        ("4.7", 30),
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
    // The path every front end takes: the position as text, the quotient from the process's
    // cache (computed by the first call), the report with the explanation.
    let text = "octal{0.07}:30,29,27,25,23,17,14,11,9,5";
    let analyze = |explain| {
        grundy_core::report::analyze(text, grundy_core::strategy::Convention::Misere, explain)
            .unwrap()
            .winning_move_count
    };
    analyze(true);
    c.bench_function("report::analyze 10-heap misère 0.07 (cached Q_30)", |b| {
        b.iter(|| black_box(analyze(false)))
    });
    c.bench_function(
        "report::analyze 10-heap misère 0.07 (cached Q_30), explained",
        |b| b.iter(|| black_box(analyze(true))),
    );
    c.final_summary();
}

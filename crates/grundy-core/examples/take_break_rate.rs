//! Values per second of the take-and-break solver, and how far it goes in a time budget.
//!
//! `cargo run --release -p grundy-core --example take_break_rate -- CODE COUNT` computes G(0..COUNT)
//! of the code and prints the time, the values per second over the last half, the largest
//! value and the period if one is proven.
use std::time::Instant;

use grundy_core::games::take_break::code::TakeBreakCode;
use grundy_core::games::take_break::period::{search, Search};
use grundy_core::games::take_break::solver::Solver;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = TakeBreakCode::parse(&args[1]).expect("a code");
    let count: usize = args[2].parse().expect("a count");
    let mut solver = Solver::new(&code);
    let start = Instant::now();
    solver.extend_to(count / 2).expect("within the limits");
    let half = start.elapsed();
    solver.extend_to(count).expect("within the limits");
    let all = start.elapsed();
    let values = solver.values();
    let rate = (count - count / 2) as f64 / (all - half).as_secs_f64();
    let found = match search(&code, values) {
        Search::Proven(p, _) => format!(
            "period {} saltus {} from {}",
            p.period, p.saltus, p.preperiod
        ),
        other => format!("{other:?}"),
    };
    println!(
        "{code}: G(0..{count}) in {:.2} s; {:.0} values/s over the second half; largest value {}; {found}",
        all.as_secs_f64(),
        rate,
        values.iter().max().unwrap_or(&0)
    );
}

//! Diagnostics for tuning the rare/common solver: `octal_probe CODE COUNT [DENSE_RATIO]`.
use std::time::Instant;

use grundy_core::games::octal::sparse::SparseSolver;
use grundy_core::kernel::heap_rules::HeapRules;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = HeapRules::parse(&args[1]).expect("a valid code");
    let count: usize = args[2].parse().expect("a count");
    let mut solver = SparseSolver::new(&rules);
    if let Some(r) = args.get(3) {
        solver.set_dense_ratio(r.parse().expect("a ratio"));
    }
    let start = Instant::now();
    solver.extend_to(count).expect("values fit");
    let max = solver.values().max().unwrap_or(0);
    println!(
        "{} {} values in {:.3}s, max value {}, classes {:?}",
        args[1],
        count,
        start.elapsed().as_secs_f64(),
        max,
        solver.class_stats()
    );
}

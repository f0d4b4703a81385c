//! Diagnostics for genera through the quotient: `genus_probe CODE HEAPS NIM [SECONDS]` computes
//! the misère quotient of the game's heaps `1..=HEAPS` with the Nim heaps `*1..=*NIM` adjoined
//! and prints, after each heap, its order and the time it took.
use std::time::{Duration, Instant};

use grundy_core::kernel::heap_rules::HeapRules;
use grundy_core::misere::game::{OptionTable, WithNimHeaps};
use grundy_core::misere::{Limits, MisereQuotient};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = HeapRules::parse(&args[1]).expect("a valid code");
    let heaps: usize = args[2].parse().expect("a heap count");
    let nim: usize = args[3].parse().expect("a Nim heap");
    let seconds: u64 = args.get(4).map_or(600, |s| s.parse().expect("seconds"));
    let options = OptionTable::new(&rules, heaps).expect("options");
    let game = WithNimHeaps {
        options: &options,
        nim,
    };
    let limits = Limits {
        max_order: 16384,
        max_proof_states: 50_000_000,
        time_budget: Duration::from_secs(seconds),
    };
    let start = Instant::now();
    let mut last = Instant::now();
    let result =
        MisereQuotient::compute_with_progress(&game, game.max_heap(), limits, &mut |n, order| {
            let now = Instant::now();
            let what = if n % 2 == 0 {
                format!("heap {}", n / 2)
            } else {
                format!("*{}", n.div_ceil(2))
            };
            println!(
                "{what:>9}: order {order:>6}, {:>8.3} s (total {:.2} s)",
                (now - last).as_secs_f64(),
                (now - start).as_secs_f64()
            );
            last = now;
        });
    match result {
        Ok(q) => println!(
            "done: order {} in {:.2} s",
            q.order(),
            start.elapsed().as_secs_f64()
        ),
        Err(e) => println!("stopped: {e}"),
    }
}

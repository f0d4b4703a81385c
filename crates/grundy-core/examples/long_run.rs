//! A long run of the octal solver, for measuring time and peak memory (e.g. with
//! `/usr/bin/time -v`): `cargo run --release -p grundy-core --example long_run CODE COUNT [THREADS]`.
//!
//! Runs a [`SequenceRun`] to `COUNT` values without stopping at a period, then prints the
//! time, the largest value and an FNV-1a checksum of the values (as little-endian `u16`), so
//! two builds can be compared value for value.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use grundy_core::games::octal::run::fnv1a;
use grundy_core::games::octal::SequenceRun;
use grundy_core::kernel::heap_rules::HeapRules;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: long_run CODE COUNT [THREADS]";
    let code = args.first().expect(usage);
    let count: u64 = args
        .get(1)
        .expect(usage)
        .parse()
        .expect("COUNT is a number");
    let threads: usize = args
        .get(2)
        .map_or(1, |t| t.parse().expect("THREADS is 1 or 2"));
    let rules = if code == "grundy" {
        HeapRules::grundys_game()
    } else {
        HeapRules::parse(code).expect("a valid octal code")
    };
    let started = Instant::now();
    let mut run = SequenceRun::new(rules, count, false).expect("COUNT is allowed");
    run.set_threads(threads);
    run.run(&AtomicBool::new(false), &mut |_| {})
        .expect("values fit");
    let took = started.elapsed();
    let len = run.values().len() as u64;
    let mut bytes = Vec::with_capacity(1 << 16);
    let (mut hash, mut max) = (Vec::new(), 0);
    for n in 0..len {
        let v = run.value_at(n).expect("computed") as u16;
        max = max.max(v);
        bytes.extend_from_slice(&v.to_le_bytes());
        if bytes.len() == 1 << 16 {
            hash.extend_from_slice(&fnv1a(&bytes).to_le_bytes());
            bytes.clear();
        }
    }
    hash.extend_from_slice(&fnv1a(&bytes).to_le_bytes());
    println!(
        "{code} {len} values, {threads} thread(s): {:.3} s, max value {max}, checksum {:016x}",
        took.as_secs_f64(),
        fnv1a(&hash)
    );
}

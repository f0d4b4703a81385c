//! One Green Hackenbush computation, timed, for profiling and instruction counts:
//! `hackenbush_probe KIND EDGES WHAT`, KIND `tree`, `graph`, `blocks` (the random pictures of
//! the `hackenbush` bench) or `arch` (one cycle through the ground), WHAT `value`, `cuts` (every
//! cut to the value XOR 1) or `parse` (the picture's text read back). Under
//! `valgrind --tool=callgrind` the counts do not depend on the machine's load.
use std::time::Instant;

use grundy_core::games::hackenbush::cuts::cuts_to_value;
use grundy_core::games::hackenbush::{value, Picture};

#[path = "../benches/common/mod.rs"]
mod common;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (kind, what) = (args[1].as_str(), args[3].as_str());
    let edges: u32 = args[2].parse().expect("a number of edges");
    let picture = match kind {
        "tree" => common::random_tree(edges),
        "graph" => common::random_graph(edges),
        "blocks" => common::small_blocks(edges),
        "arch" => format!("path:{edges}").parse().expect("an arch"),
        other => panic!("unknown kind {other}: tree, graph, blocks or arch"),
    };
    let start = Instant::now();
    let answer = match what {
        "value" => value(&picture),
        "cuts" => cuts_to_value(&picture, value(&picture) ^ 1)
            .expect("within the limit")
            .len() as u64,
        "parse" => picture
            .to_string()
            .parse::<Picture>()
            .expect("reads back")
            .len() as u64,
        other => panic!("unknown question {other}: value, cuts or parse"),
    };
    println!(
        "{kind} {edges} {what}: {answer} in {:.3} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
}

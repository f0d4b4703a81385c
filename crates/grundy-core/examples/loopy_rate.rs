//! How large a loopy move graph the γ labelling solves, and how fast: positions and moves per
//! second for exploring and labelling the largest graphs the limits allow (BENCHMARKS.md,
//! "Loopy games").
//!
//! ```sh
//! cargo run --release -p grundy-core --example loopy_rate
//! ```

use std::time::Instant;

use grundy_core::loopy::explore::Explored;
use grundy_core::loopy::gamma::GammaTable;
use grundy_core::loopy::graph::MoveGraph;
use grundy_core::loopy::rules::loopy_subtraction::LoopySubtraction;
use grundy_core::loopy::rules::wind_up::WindUp;
use grundy_core::loopy::rules::LoopyRules;

/// A pseudo-random digraph: `n` positions, `per` moves each (xorshift, fixed seed).
fn random_graph(n: u32, per: u32) -> MoveGraph {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut moves = Vec::with_capacity((n * per) as usize);
    for a in 0..n {
        for _ in 0..per {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            moves.push((a, (x % u64::from(n)) as u32));
        }
    }
    MoveGraph::from_moves(n as usize, &moves)
}

fn report(name: &str, positions: usize, moves: usize, stages: u64, seconds: f64) {
    println!(
        "{name}: {positions} positions, {moves} moves, {stages} stages, {seconds:.3} s \
         ({:.2} M positions/s, {:.2} M moves/s)",
        positions as f64 / seconds / 1e6,
        moves as f64 / seconds / 1e6
    );
}

fn explored(name: &str, rules: &dyn LoopyRules, roots: &[Vec<u64>]) {
    let start = Instant::now();
    let e = Explored::from_roots(rules, roots).expect("within the limits");
    let seconds = start.elapsed().as_secs_f64();
    report(
        name,
        e.positions.len(),
        e.solved.graph.move_count(),
        e.solved.gamma.stages(),
        seconds,
    );
}

fn main() {
    for (n, per) in [(100_000u32, 2u32), (1_000_000, 2), (1_000_000, 10)] {
        let graph = random_graph(n, per);
        let start = Instant::now();
        let table = GammaTable::of(&graph);
        let seconds = start.elapsed().as_secs_f64();
        report(
            &format!("random digraph, labelling only ({per} moves each)"),
            graph.len(),
            graph.move_count(),
            table.stages(),
            seconds,
        );
    }
    let wind_up = WindUp::new(1_000_000, vec![1, 3]).unwrap();
    explored(
        "windup{1000000;1,3}, explored and labelled",
        &wind_up,
        &[vec![1]],
    );
    let wind_up = WindUp::new(1_000_000, vec![6, 7, 100]).unwrap();
    explored(
        "windup{1000000;6,7,100}, explored and labelled",
        &wind_up,
        &[vec![1]],
    );
    let square_but_one = LoopySubtraction::square_but_one();
    explored(
        "square-but-one heaps 0..=20000, explored and labelled",
        &square_but_one,
        &(0..=20_000).map(|n| vec![n]).collect::<Vec<_>>(),
    );
}

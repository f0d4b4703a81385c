//! Simulation throughput: Nim with 10 heaps of 1000, perfect (moving first) against random.
//! Reports moves per second (criterion's "elements"), the figure quoted in BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy_core::play::simulate;
use grundy_core::player::Player;
use grundy_core::strategy::Convention;
use grundy_core::sum::Sum;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

const GAMES: u64 = 100;

fn simulate_nim(c: &mut Criterion) {
    let start = Sum::nim(&[1000; 10]);
    let players = [Player::Perfect, Player::Random];
    // The moves in the measured series (fixed by the seed), so throughput is moves per second.
    let moves = simulate(
        &start,
        Convention::Normal,
        players,
        GAMES,
        &mut ChaCha8Rng::seed_from_u64(42),
    )
    .expect("Nim never fails")
    .total_moves;
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(moves));
    group.sample_size(20);
    group.bench_function("nim 10x1000 perfect vs random, 100 games", |b| {
        b.iter(|| {
            simulate(
                &start,
                Convention::Normal,
                players,
                GAMES,
                &mut ChaCha8Rng::seed_from_u64(42),
            )
            .expect("Nim never fails")
        })
    });
    group.finish();
}

criterion_group!(benches, simulate_nim);
criterion_main!(benches);

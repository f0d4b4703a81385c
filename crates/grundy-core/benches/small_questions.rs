//! Small questions must take well under a second (target: under 100 ms each): what `grundy play`
//! does for a hint and for the perfect computer's move, `grundy analyze`, and whole simulated
//! games, on the positions of issue 13 that once took minutes. Each iteration starts from a
//! freshly parsed position, so the game's table of values is computed inside it as a fresh
//! process computes it.
//!
//! Run: `cargo bench -p grundy-core --bench small_questions`.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy_core::explain::SumExplanation;
use grundy_core::play::{play_game, play_game_within, remoteness_text};
use grundy_core::player::Player;
use grundy_core::spec::parse_sum;
use grundy_core::strategy::{analyze, best_move, Convention};
use grundy_core::sum::Sum;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

const KAYLES_30_40: &str = "octal{0.77}:30,40";

fn position(text: &str) -> Sum {
    parse_sum(text).expect("a valid position")
}

fn questions(c: &mut Criterion) {
    let mut group = c.benchmark_group("small questions");
    group.sample_size(20);
    group.bench_function("hint, octal 0.77 30 40", |b| {
        b.iter(|| {
            // What `play`'s hint computes: the analysis, the remoteness (refused here before
            // searching), and the explanation.
            let sum = position(KAYLES_30_40);
            let analysis = analyze(&sum, Convention::Normal).unwrap();
            let measured = remoteness_text(&sum, Convention::Normal);
            let why = SumExplanation::new(&sum).unwrap().to_text();
            (analysis.winning_moves.len(), measured, why.len())
        })
    });
    group.bench_function("computer's first move, octal 0.77 30 40", |b| {
        b.iter(|| best_move(&position(KAYLES_30_40), Convention::Normal).unwrap())
    });
    group.bench_function("analyze, octal 0.77 30 40", |b| {
        b.iter(|| analyze(&position(KAYLES_30_40), Convention::Normal).unwrap())
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulated game");
    group.sample_size(20);
    let game = |text: &str, players: [Player; 2]| {
        let start = position(text);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        play_game(&start, Convention::Normal, players, &mut rng).unwrap()
    };
    group.bench_function("octal 0.77 30 40, perfect vs perfect", |b| {
        b.iter(|| game(KAYLES_30_40, [Player::Perfect, Player::Perfect]))
    });
    group.bench_function("sum grundys:27,38, perfect vs random", |b| {
        b.iter(|| game("grundys:27,38", [Player::Perfect, Player::Random]))
    });
    group.bench_function("sum grundys:27,38, perfect vs perfect", |b| {
        b.iter(|| game("grundys:27,38", [Player::Perfect, Player::Perfect]))
    });
    // Kayles with 2^64 - 1 pins: the game gains a heap every two moves; 10^5 moves (the
    // default --max-moves) once grew quadratically (8,000 moves: 1.8 s).
    for (players, name) in [
        ([Player::Perfect, Player::Perfect], "perfect vs perfect"),
        ([Player::Perfect, Player::Random], "perfect vs random"),
    ] {
        group.bench_function(format!("kayles 2^64-1, {name}, 100000 moves"), |b| {
            b.iter(|| {
                let start = position("octal{kayles}:18446744073709551615");
                let mut rng = ChaCha8Rng::seed_from_u64(1);
                play_game_within(&start, Convention::Normal, players, &mut rng, 100_000).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, questions, games);
criterion_main!(benches);

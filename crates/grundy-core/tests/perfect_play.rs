//! Perfect play, checked against the theory on every small position: the perfect player who
//! starts from an N-position wins, from a P-position loses, and the game lasts exactly the
//! position's remoteness. Also: perfect play beats random play in every game, and seed 000's
//! simulated game is replayed move for move.

use std::sync::Arc;

use grundy_core::games::subtraction::{AllButGame, SubtractionGame};
use grundy_core::play::{play_game, record_game, simulate, Seat};
use grundy_core::player::Player;
use grundy_core::strategy::{analyze, remoteness, Convention};
use grundy_core::sum::{Component, Outcome, Sum};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

/// Plays perfect against perfect from `start` and checks winner and length against the theory.
fn check_perfect_game(start: &Sum, convention: Convention) {
    let outcome = analyze(start, convention).unwrap().outcome;
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let result = play_game(
        start,
        convention,
        [Player::Perfect, Player::Perfect],
        &mut rng,
    )
    .unwrap();
    let expected = match outcome {
        Outcome::N => Seat::First,
        Outcome::P => Seat::Second,
    };
    assert_eq!(result.winner, expected, "{start:?} {convention:?}");
    if let Some(r) = remoteness(start, convention) {
        // Misère remoteness counts a finished game as 1 ("already won"), not as a move.
        let finished = u64::from(convention == Convention::Misere);
        assert_eq!(
            result.moves + finished,
            r,
            "{start:?} {convention:?}: the game should last its remoteness"
        );
    }
}

#[test]
fn nim_every_position_of_three_heaps_up_to_5() {
    for a in 0..=5 {
        for b in 0..=5 {
            for c in 0..=5 {
                for convention in CONVENTIONS {
                    check_perfect_game(&Sum::nim(&[a, b, c]), convention);
                }
            }
        }
    }
}

#[test]
fn subtraction_every_position_of_two_heaps_up_to_12() {
    for set in [vec![1, 4, 9], vec![1, 2, 3], vec![2, 5]] {
        let game = Arc::new(SubtractionGame::new(set).unwrap());
        for a in 0..=12 {
            for b in 0..=12 {
                let sum = Sum::new(vec![
                    Component::subtraction(&game, a),
                    Component::subtraction(&game, b),
                ]);
                for convention in CONVENTIONS {
                    check_perfect_game(&sum, convention);
                }
            }
        }
    }
}

#[test]
fn mixed_sums_every_position_up_to_5() {
    let bachet = Arc::new(SubtractionGame::bachet(2).unwrap());
    let all_but = Arc::new(AllButGame::new([1]).unwrap());
    for a in 0..=5 {
        for b in 0..=5 {
            for c in 0..=5 {
                let sum = Sum::new(vec![
                    Component::Nim(a),
                    Component::subtraction(&bachet, b),
                    Component::all_but(&all_but, c),
                ]);
                for convention in CONVENTIONS {
                    check_perfect_game(&sum, convention);
                }
            }
        }
    }
}

/// 10,000 games of perfect (moving first) against random from an N-position: perfect wins all.
fn perfect_wins_every_game(start: &Sum, convention: Convention) {
    assert_eq!(analyze(start, convention).unwrap().outcome, Outcome::N);
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let players = [Player::Perfect, Player::Random];
    let tally = simulate(start, convention, players, 10_000, &mut rng).unwrap();
    assert_eq!(tally.wins, [10_000, 0], "{start:?} {convention:?}");
}

#[test]
fn perfect_beats_random_in_10000_games() {
    perfect_wins_every_game(&Sum::nim(&[2, 3, 4]), Convention::Normal);
    perfect_wins_every_game(&Sum::nim(&[2, 3, 4]), Convention::Misere);
    let mut big = [1000; 10];
    big[9] = 1001;
    perfect_wins_every_game(&Sum::nim(&big), Convention::Normal);
    let game = Arc::new(SubtractionGame::new([1, 4, 9, 12, 16]).unwrap());
    let seed_001 = Sum::new(
        [11, 15, 14, 10, 23, 8]
            .iter()
            .map(|&h| Component::subtraction(&game, h))
            .collect(),
    );
    perfect_wins_every_game(&seed_001, Convention::Normal);
}

#[test]
fn seed_000_figure_8_replayed() {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let game = record_game(
        &Sum::nim(&[2, 3, 4]),
        Convention::Normal,
        [Player::Seed000, Player::Seed000],
        &mut rng,
    )
    .unwrap();
    let positions: Vec<Vec<u64>> = game
        .turns
        .iter()
        .map(|t| &t.before)
        .chain([game.position()])
        .map(|s| s.components.iter().map(Component::tokens).collect())
        .collect();
    assert_eq!(
        positions,
        [
            [2, 3, 4],
            [2, 3, 1],
            [0, 3, 1],
            [0, 1, 1],
            [0, 0, 1],
            [0, 0, 0]
        ]
    );
    let movers: Vec<Seat> = game.turns.iter().map(|t| t.seat).collect();
    use Seat::{First, Second};
    assert_eq!(movers, [First, Second, First, Second, First]);
    assert_eq!(game.winner(), Some(First));
}

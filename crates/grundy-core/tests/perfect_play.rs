//! Perfect play, checked against the theory on every small position: the perfect player who
//! starts from an N-position wins, from a P-position loses, and the game lasts exactly the
//! position's remoteness. Also: perfect play beats random play in every game, and the simulated
//! game of Avansyah (2025) is replayed move for move (sources: docs/bibliography.md).

use std::sync::Arc;

use grundy_core::games::all_but::AllButGame;
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::games::wythoff::Wythoff;
use grundy_core::kernel::component::Component;
use grundy_core::play::{play_game, record_game, simulate, Seat};
use grundy_core::player::Player;
use grundy_core::strategy::{analyze, remoteness, Convention};
use grundy_core::sum::{Outcome, Sum};
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
                let sum = Sum::new(vec![Component::new(&game, a), Component::new(&game, b)]);
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
                    Component::nim(a),
                    Component::new(&bachet, b),
                    Component::new(&all_but, c),
                ]);
                for convention in CONVENTIONS {
                    check_perfect_game(&sum, convention);
                }
            }
        }
    }
}

#[test]
fn wythoff_every_position_up_to_12() {
    for x in 0..=12 {
        for y in 0..=12 {
            let board = Sum::new(vec![Wythoff::component(x, y)]);
            for convention in CONVENTIONS {
                check_perfect_game(&board, convention);
            }
        }
    }
}

/// The outcomes the perfect players are checked against come from the engine; here they are
/// checked in turn against the closed form: (x, y) is a P-position exactly when it is
/// (a_n, b_n) or (b_n, a_n) with a_n = floor(n·φ), b_n = a_n + n (Wythoff 1907; the pairs are
/// Table 3.2 of Ibrahim, Haryanto and Amir (n.d.), docs/bibliography.md).
#[test]
fn wythoff_outcomes_are_the_published_p_positions() {
    let published = [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
        (12, 20),
    ];
    for x in 0..=12u64 {
        for y in 0..=12u64 {
            let board = Sum::new(vec![Wythoff::component(x, y)]);
            let p = published.contains(&(x, y)) || published.contains(&(y, x));
            let outcome = analyze(&board, Convention::Normal).unwrap().outcome;
            assert_eq!(outcome == Outcome::P, p, "({x}, {y})");
        }
    }
}

#[test]
fn wythoff_in_sums_every_position_up_to_4() {
    let bachet = Arc::new(SubtractionGame::bachet(2).unwrap());
    for x in 0..=4 {
        for y in 0..=4 {
            for c in 0..=4 {
                let board = Wythoff::component(x, y);
                for other in [Component::nim(c), Component::new(&bachet, c)] {
                    let sum = Sum::new(vec![board.clone(), other]);
                    for convention in CONVENTIONS {
                        check_perfect_game(&sum, convention);
                    }
                }
            }
        }
    }
    // Two boards: each a sum of its own.
    for (a, b) in [
        ((1, 2), (2, 1)),
        ((3, 1), (2, 2)),
        ((3, 5), (4, 4)),
        ((2, 3), (0, 4)),
    ] {
        let sum = Sum::new(vec![
            Wythoff::component(a.0, a.1),
            Wythoff::component(b.0, b.1),
        ]);
        for convention in CONVENTIONS {
            check_perfect_game(&sum, convention);
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
    // The sum of Louis (2021) (docs/bibliography.md).
    let louis_2021 = Sum::new(
        [11, 15, 14, 10, 23, 8]
            .iter()
            .map(|&h| Component::new(&game, h))
            .collect(),
    );
    perfect_wins_every_game(&louis_2021, Convention::Normal);
}

#[test]
fn perfect_beats_random_at_wythoff_in_10000_games() {
    // G(10, 7) = 15: an N-position (a cell of Figure 1 of Ibrahim, Haryanto and Amir (n.d.)),
    // too large for remoteness search.
    let board = Wythoff::component(10, 7);
    perfect_wins_every_game(&Sum::new(vec![board.clone()]), Convention::Normal);
    perfect_wins_every_game(&Sum::new(vec![board.clone()]), Convention::Misere);
    perfect_wins_every_game(
        &Sum::new(vec![Wythoff::component(100, 37)]),
        Convention::Normal,
    );
    // Inside sums: with a Nim heap of 3 the total is 15 ^ 3 = 12.
    let with_nim = Sum::new(vec![board, Component::nim(3), Component::nim(5)]);
    perfect_wins_every_game(&with_nim, Convention::Normal);
    let two_boards = Sum::new(vec![Wythoff::component(5, 3), Wythoff::component(6, 9)]);
    perfect_wins_every_game(&two_boards, Convention::Normal);
}

#[test]
fn avansyah_2025_figure_8_replayed() {
    // Fig. 8 of Avansyah (2025) (docs/bibliography.md): both players follow the `bouton` rule.
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let game = record_game(
        &Sum::nim(&[2, 3, 4]),
        Convention::Normal,
        [Player::Bouton, Player::Bouton],
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

/// On an even Cram board the perfect player answers every domino with its half-turn image
/// (the mirror strategy), found without searching the options before it: against a random
/// player on 6 × 6, whose positions after one domino take over 10 s each to search, it wins
/// every game within a budget of 5 s per move. Each of its moves leaves a position the
/// ruleset knows to be worth 0 (a board that is its own half turn).
#[test]
fn the_mirror_answer_on_an_even_cram_board_needs_no_search() {
    use grundy_core::kernel::budget::{self, Budget};
    use grundy_core::strategy::best_move;
    use std::time::Duration;
    let start = grundy_core::spec::parse_sum("cram:6x6").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..5 {
        let mut position = start.clone();
        // The random player moves first (6 x 6 is a P-position); the game ends when it has
        // no move left.
        while let Some(m) = grundy_core::player::choose_move(
            &position,
            Convention::Normal,
            Player::Random,
            &mut rng,
        )
        .unwrap()
        {
            position.apply(&m);
            let budget = Budget::new(Duration::from_secs(5), "--time");
            let answer = budget::within(&budget, || best_move(&position, Convention::Normal))
                .unwrap_or_else(|e| panic!("no mirror answer from {position:?}: {e}"))
                .unwrap_or_else(|| panic!("the mirror player has no move in {position:?}"));
            position.apply(&answer);
            // The board left is its own half turn, known to be worth 0 without search.
            assert_eq!(position.values().unwrap(), vec![0], "{position:?}");
        }
    }
}

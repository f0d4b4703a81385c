//! The perfect player stays perfect however it chooses: every move it makes from an N-position
//! reaches a P-position, checked against exhaustive search alone (no Grundy theory) on every
//! small position of many rulesets, under both conventions, for the quickest-win search, for
//! the direct move that replaces it on large trees, and along whole games whose trees are too
//! large for the quickest-win search.

use std::sync::Arc;

use grundy_core::games::all_but::AllButGame;
use grundy_core::games::octal::OctalGame;
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::games::wythoff::Wythoff;
use grundy_core::kernel::component::Component;
use grundy_core::play::TrackedPosition;
use grundy_core::player::Player;
use grundy_core::solve::{grundy_rule, misere_rule, sum_options, Solver, DEFAULT_POSITION_LIMIT};
use grundy_core::strategy::{best_move, direct_move, player_measures_remoteness, Convention};
use grundy_core::sum::{Outcome, Sum, SumMove};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

type Search<V> = Solver<Sum, V, fn(&Sum) -> grundy_core::Result<Vec<Sum>>, fn(&[V]) -> V>;

/// Outcomes by exhaustive search, remembered across questions.
struct Referee {
    normal: Search<u64>,
    misere: Search<Outcome>,
}

impl Referee {
    fn new() -> Self {
        let options = sum_options as fn(&Sum) -> grundy_core::Result<Vec<Sum>>;
        Referee {
            normal: Solver::new(
                options,
                grundy_rule as fn(&[u64]) -> u64,
                4 * DEFAULT_POSITION_LIMIT,
            ),
            misere: Solver::new(
                options,
                misere_rule as fn(&[Outcome]) -> Outcome,
                4 * DEFAULT_POSITION_LIMIT,
            ),
        }
    }

    fn outcome(&mut self, sum: &Sum, convention: Convention) -> Outcome {
        let root = sum.canonical();
        match convention {
            Convention::Normal => Outcome::of_value(self.normal.value(&root).unwrap()),
            Convention::Misere => self.misere.value(&root).unwrap(),
        }
    }

    /// From an N-position the move must exist and reach a P-position (a finished misère game is
    /// an N-position with no move: the player to move has won).
    fn check(&mut self, sum: &Sum, convention: Convention, m: Option<SumMove>, who: &str) {
        if sum.is_terminal() {
            assert_eq!(m, None, "{who}: a move from the finished {sum:?}");
        } else if self.outcome(sum, convention) == Outcome::N {
            let m = m.unwrap_or_else(|| panic!("{who}: no move from the N-position {sum:?}"));
            assert_eq!(
                self.outcome(&sum.after(&m), convention),
                Outcome::P,
                "{who} {convention:?}: {m} from {sum:?} does not win"
            );
        } else {
            assert!(m.is_some(), "{who}: no move from {sum:?}");
        }
    }
}

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

/// One component of each ruleset, `n` tokens (a board of `n` by `n / 2` for Wythoff).
fn rulesets() -> Vec<Box<dyn Fn(u64) -> Component>> {
    let octal = |code: &str| {
        let game = Arc::new(OctalGame::named(code).unwrap());
        Box::new(move |n| Component::new(&game, n)) as Box<dyn Fn(u64) -> Component>
    };
    let sub = Arc::new(SubtractionGame::new([1, 4, 9]).unwrap());
    let all_but = Arc::new(AllButGame::new([2]).unwrap());
    vec![
        Box::new(Component::nim),
        Box::new(move |n| Component::new(&sub, n)),
        Box::new(move |n| Component::new(&all_but, n)),
        Box::new(|n| Wythoff::component(n, n / 2)),
        octal("0.77"),
        octal("0.07"),
        octal("4.07"),
        octal("0.137"),
        octal("grundys-game"),
    ]
}

#[test]
fn every_perfect_move_from_a_small_n_position_wins() {
    let mut referee = Referee::new();
    for make in rulesets() {
        for a in 0..=7 {
            for b in 0..=7 {
                let sum = Sum::new(vec![make(a), make(b), Component::nim(a % 3)]);
                for convention in CONVENTIONS {
                    let quick = best_move(&sum, convention).unwrap();
                    referee.check(&sum, convention, quick, "best_move");
                    let direct = direct_move(&sum, convention).unwrap();
                    referee.check(&sum, convention, direct, "direct_move");
                }
            }
        }
    }
}

/// Trees too large for the quickest-win search (the move is the direct one), yet small enough
/// to check every position by search: whole games of perfect against random, and of perfect
/// against itself, with every perfect move checked.
#[test]
fn perfect_moves_win_where_the_tree_is_too_large_to_measure() {
    let mut referee = Referee::new();
    let kayles = Arc::new(OctalGame::named("0.77").unwrap());
    let dawson = Arc::new(OctalGame::named("0.07").unwrap());
    let grundy = Arc::new(OctalGame::grundys_game());
    let starts = [
        Sum::new(vec![
            Component::new(&kayles, 12),
            Component::new(&kayles, 11),
        ]),
        Sum::new(vec![
            Component::new(&dawson, 16),
            Component::new(&dawson, 9),
            Component::nim(3),
        ]),
        Sum::new(vec![
            Component::new(&grundy, 20),
            Component::new(&grundy, 13),
        ]),
    ];
    for start in &starts {
        assert!(!player_measures_remoteness(start), "{start:?}");
        for (seed, opponent) in [
            (1, Player::Random),
            (2, Player::Random),
            (3, Player::Perfect),
        ] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut position = TrackedPosition::new(start.clone());
            let players = [Player::Perfect, opponent];
            for turn in 0.. {
                let before = position.position().clone();
                let player = players[turn % 2];
                let m = position
                    .choose_move(Convention::Normal, player, &mut rng)
                    .unwrap();
                if player == Player::Perfect {
                    referee.check(&before, Convention::Normal, m.clone(), "tracked perfect");
                }
                match m {
                    Some(m) => position.apply(&m),
                    None => break,
                }
            }
        }
    }
}

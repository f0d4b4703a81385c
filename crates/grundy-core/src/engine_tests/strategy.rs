//! The strategy (`strategy`) on particular rulesets: analyses, perfect moves and remoteness
//! against exhaustive search.

use crate::games::wythoff::Wythoff;
use crate::kernel::component::Component;
use crate::strategy::*;
use crate::sum::{Outcome, Sum, SumMove};

fn kayles(heaps: &[u64]) -> Sum {
    let game = std::sync::Arc::new(crate::games::octal::OctalGame::named("0.77").unwrap());
    Sum::new(heaps.iter().map(|&h| Component::new(&game, h)).collect())
}

/// The misère search's budgets, on both sides: a small sum is answered; Kayles 30 + 40
/// (tens of millions of positions, once 345 s before refusing at the position budget)
/// stops at the time budget and says so.
#[test]
fn misere_search_answers_or_names_the_budget_it_hit() {
    let small = analyze(&kayles(&[5, 6]), Convention::Misere).unwrap();
    for m in &small.winning_moves {
        let after = kayles(&[5, 6]).after(m);
        assert_eq!(
            analyze(&after, Convention::Misere).unwrap().outcome,
            Outcome::P
        );
    }
    // Heaps beyond MAX_SUM_HEAP: no quotient, so exhaustive search (heaps of at most 100
    // are answered through the quotient instead).
    let err = analyze(&kayles(&[101, 90]), Convention::Misere)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("misère analysis of this sum") && err.contains("time budget of 3 s"),
        "{err}"
    );
}

/// Inside a question's budget the misère search has no clock of its own: the question's
/// `--time` bounds it (a fixed 3 s refused a sum that `--time 60` answers), and its refusal
/// names the option that allows more; outside one it keeps [`MISERE_TIME_BUDGET`].
#[test]
fn the_misere_search_keeps_the_questions_budget() {
    use crate::kernel::budget::{self, Budget};
    assert_eq!(misere_time_budget(), MISERE_TIME_BUDGET);
    let minute = Budget::new(std::time::Duration::from_secs(60), "--time SECONDS");
    assert_eq!(
        budget::within(&minute, misere_time_budget),
        std::time::Duration::MAX
    );
    let short = Budget::new(std::time::Duration::from_millis(200), "--time SECONDS");
    let err = budget::within(&short, || analyze(&kayles(&[101, 90]), Convention::Misere))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("time budget of 0.2 s: allow more with --time SECONDS"),
        "{err}"
    );
}

/// Hints and the perfect computer's move on Kayles 30 + 40 need no search: the tree is
/// known to be too large before one starts (it took 25 s to find out by searching).
#[test]
fn large_splitting_trees_are_not_searched() {
    let sum = kayles(&[30, 40]);
    assert!(!player_measures_remoteness(&sum));
    assert_eq!(remoteness(&sum, Convention::Normal), None);
    let m = best_move(&sum, Convention::Normal).unwrap().unwrap();
    assert_eq!(sum.after(&m).value().unwrap(), 0);
    // A small tree of the same game is measured.
    assert!(player_measures_remoteness(&kayles(&[3, 4])));
    assert!(remoteness(&kayles(&[3, 4]), Convention::Normal).is_some());
}

#[test]
fn misere_nim_endgame() {
    // [1,1,2]: normal play takes the 2 entirely (nim-sum 0); misère leaves three 1-heaps.
    let a = analyze(&Sum::nim(&[1, 1, 2]), Convention::Misere).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].to, vec![Component::nim(1)]);
    let n = analyze(&Sum::nim(&[1, 1, 2]), Convention::Normal).unwrap();
    assert_eq!(n.winning_moves[0].to, vec![Component::nim(0)]);
}

#[test]
fn best_move_wins_soonest_and_loses_slowest() {
    // [5]: taking all 5 wins at once.
    let m = best_move(&Sum::nim(&[5]), Convention::Normal)
        .unwrap()
        .unwrap();
    assert_eq!(m.to, vec![Component::nim(0)]);
    // [3,3] is lost: taking one token makes it last longest.
    let m = best_move(&Sum::nim(&[3, 3]), Convention::Normal)
        .unwrap()
        .unwrap();
    assert_eq!(m.to, vec![Component::nim(2)]);
    assert_eq!(
        best_move(&Sum::nim(&[0, 0]), Convention::Normal).unwrap(),
        None
    );
}

#[test]
fn huge_positions_still_get_a_move() {
    let big = u64::MAX;
    let m = best_move(&Sum::nim(&[big, big]), Convention::Normal)
        .unwrap()
        .unwrap();
    assert_eq!(m.to, vec![Component::nim(big - 1)]);
    let m = best_move(&Sum::nim(&[big, 7]), Convention::Normal)
        .unwrap()
        .unwrap();
    assert_eq!(m.to, vec![Component::nim(7)]);
}

/// What `best_move` did before the Bouton fast path, for positions too large to measure.
fn generic_move(sum: &Sum, convention: Convention) -> Option<SumMove> {
    let analysis = analyze(sum, convention).unwrap();
    analysis
        .winning_moves
        .into_iter()
        .next()
        .or_else(|| delaying_move(sum))
}

#[test]
fn bouton_fast_path_agrees_with_the_generic_rule() {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..2000 {
        // A xorshift stream of large heaps, with zeros and ties mixed in.
        // Three big heaps keep the tree unmeasurable; the rest may be small or empty.
        let heaps: Vec<u64> = (0..7)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match (i, x % 4) {
                    (0..=2, _) | (_, 2..=3) => 1000 + x % 64,
                    (_, 0) => 0,
                    _ => 1 + x % 3,
                }
            })
            .collect();
        let sum = Sum::nim(&heaps);
        assert!(
            !remoteness_feasible(&sum, PLAYER_REMOTENESS_LIMIT),
            "{heaps:?}"
        );
        for convention in [Convention::Normal, Convention::Misere] {
            assert_eq!(
                best_move(&sum, convention).unwrap(),
                generic_move(&sum, convention),
                "{heaps:?} {convention:?}"
            );
        }
    }
}

#[test]
fn lone_wythoff_positions_of_any_size_get_a_perfect_move() {
    use crate::games::wythoff::beatty::is_p_position;
    // Far beyond any table of Grundy values: the closed form still wins.
    for (x, y) in [
        (10u64, 7u64),
        (1_000_000_007, 3),
        (u64::MAX / 3, u64::MAX / 2),
    ] {
        let sum = Sum::new(vec![Wythoff::component(x, y)]);
        let m = best_move(&sum, Convention::Normal).unwrap().unwrap();
        let (x2, y2) = *m.to[0]
            .position::<crate::games::wythoff::Wythoff>()
            .unwrap();
        assert!(is_p_position(x2, y2), "({x}, {y}) -> ({x2}, {y2})");
    }
    // From a P-position, a legal move that takes one token.
    let sum = Sum::new(vec![Wythoff::component(4, 7)]);
    let m = best_move(&sum, Convention::Normal).unwrap().unwrap();
    assert_eq!(m.to[0].tokens(), 10);
}

#[test]
fn wythoff_trees_count_two_dimensions() {
    // (30, 30) has 961 positions, (40, 40) 1681: at both sides of the player's limit; and
    // (400, 400) has 160,801, (500, 500) 251,001: at both sides of REMOTENESS_LIMIT.
    let small = Sum::new(vec![Wythoff::component(30, 30)]);
    let large = Sum::new(vec![Wythoff::component(40, 40)]);
    assert!(remoteness_feasible(&small, PLAYER_REMOTENESS_LIMIT));
    assert!(!remoteness_feasible(&large, PLAYER_REMOTENESS_LIMIT));
    let mixed = Sum::new(vec![Wythoff::component(40, 40), Component::nim(3)]);
    assert!(!remoteness_feasible(&mixed, PLAYER_REMOTENESS_LIMIT));
    assert!(remoteness_feasible(
        &Sum::new(vec![Wythoff::component(400, 400)]),
        REMOTENESS_LIMIT
    ));
    assert!(!remoteness_feasible(
        &Sum::new(vec![Wythoff::component(500, 500)]),
        REMOTENESS_LIMIT
    ));
}

#[test]
fn remoteness_is_none_for_huge_trees() {
    assert_eq!(
        remoteness(&Sum::nim(&[1000, 1000, 1000]), Convention::Normal),
        None
    );
    assert_eq!(remoteness(&Sum::nim(&[1, 1]), Convention::Normal), Some(2));
    // Too much work (positions times moves), though few enough positions: no answer, fast.
    assert_eq!(
        remoteness(&Sum::nim(&[100, 100, 99]), Convention::Normal),
        None
    );
    let board = |x, y| Sum::new(vec![Wythoff::component(x, y)]);
    assert_eq!(remoteness(&board(150, 100), Convention::Normal), None);
    // (37, 60) is a P-position: the loser makes it last 46 moves.
    assert_eq!(remoteness(&board(60, 37), Convention::Normal), Some(46));
    // A board counts its cells, not its tokens: 10 × 1000 is 11,011 cells.
    assert_eq!(board(10, 1000).position_bound(), 11 * 1001);
    // Misère [1]: the mover must take the last token and lose: P, remoteness 2.
    assert_eq!(remoteness(&Sum::nim(&[1]), Convention::Misere), Some(2));
}

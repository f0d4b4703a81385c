//! Valued moves against exhaustive search: every move's outcome against the Grundy value (or
//! misère outcome) found by search, every "moves left" against a plain recursive remoteness.

use crate::nimber::nim_sum;
use crate::strategy::Convention;
use crate::sum::{Outcome, Sum};
use std::collections::HashMap;
use std::sync::Arc;

use crate::games::lasker::Lasker;
use crate::games::moore::Moore;
use crate::games::octal::OctalGame;
use crate::games::subtraction::SubtractionGame;
use crate::games::wythoff::Wythoff;
use crate::kernel::component::Component;
use crate::solve::{grundy_by_search, misere_outcome_by_search, DEFAULT_POSITION_LIMIT};
use crate::spec::parse_sum;
use crate::strategy::best_move;
use crate::strategy::move_values::*;

/// Remoteness by its definition, with no shared code: 0 for a finished normal game (1 under
/// misère play); a player with a move to an even remoteness takes the least such, + 1;
/// otherwise the greatest, + 1.
fn remoteness_by_definition(
    sum: &Sum,
    convention: Convention,
    memo: &mut HashMap<Sum, u64>,
) -> u64 {
    let key = sum.canonical();
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let options: Vec<u64> = key
        .moves()
        .unwrap()
        .iter()
        .map(|m| remoteness_by_definition(&key.after(m), convention, memo))
        .collect();
    let r = if options.is_empty() {
        u64::from(convention == Convention::Misere)
    } else if let Some(win) = options.iter().filter(|r| *r % 2 == 0).min() {
        win + 1
    } else {
        options.iter().max().unwrap() + 1
    };
    memo.insert(key, r);
    r
}

fn small_positions() -> Vec<Sum> {
    let mut out = Vec::new();
    for terms in [
        "nim:3,4,5",
        "nim:1,1",
        "nim:2,2,1",
        "sub{1,4,9}:11,6",
        "sub{2,3}:7",
        "octal{0.77}:7,4",
        "octal{0.07}:9",
        "octal{0.137}:6,3",
        "grundys:7,5",
        "lasker:5,3",
        "lasker:6",
        "moore{2}:3,2,4",
        "moore{2}:1,1,1",
        "wythoff:4,6",
        "wythoff:3,5",
        "nim:2 + sub{1,4,9}:6 + octal{0.77}:4",
        "lasker:3 + grundys:6 + wythoff:2,3",
        "nim:0",
    ] {
        out.push(parse_sum(terms).unwrap());
    }
    out
}

#[test]
fn every_move_agrees_with_exhaustive_search() {
    for convention in [Convention::Normal, Convention::Misere] {
        for sum in small_positions() {
            let valued = move_values(&sum, convention).unwrap();
            assert_eq!(valued.moves.len(), sum.moves().unwrap().len(), "{sum:?}");
            assert!(valued.measured, "{sum:?} is small enough to measure");
            let mut memo = HashMap::new();
            for m in &valued.moves {
                let after = sum.after(&m.mv);
                let p = match convention {
                    Convention::Normal => {
                        let g = grundy_by_search(&after, DEFAULT_POSITION_LIMIT).unwrap();
                        assert_eq!(m.value, Some(g), "{sum:?}: {}", m.mv);
                        g == 0
                    }
                    Convention::Misere => {
                        assert_eq!(m.value, None);
                        misere_outcome_by_search(&after, DEFAULT_POSITION_LIMIT).unwrap()
                            == Outcome::P
                    }
                };
                let expected = if p {
                    MoveOutcome::Win
                } else {
                    MoveOutcome::Lose
                };
                assert_eq!(m.outcome, expected, "{convention:?} {sum:?}: {}", m.mv);
                let r = remoteness_by_definition(&after, convention, &mut memo);
                let offset = u64::from(convention == Convention::Misere);
                assert_eq!(m.moves_left, Some(r + 1 - offset), "{sum:?}: {}", m.mv);
            }
            let root = remoteness_by_definition(&sum, convention, &mut memo);
            let offset = u64::from(convention == Convention::Misere);
            assert_eq!(valued.moves_left, Some(root - offset), "{sum:?}");
            // The best move keeps the promise of the position's remoteness.
            match valued.moves.iter().find(|m| m.best) {
                Some(best) => assert_eq!(best.moves_left, valued.moves_left, "{sum:?}"),
                None => assert!(valued.moves.is_empty()),
            }
            let won = valued.moves.iter().any(|m| m.outcome == MoveOutcome::Win);
            assert_eq!(
                valued.outcome == Outcome::N,
                won || (valued.moves.is_empty() && convention == Convention::Misere)
            );
        }
    }
}

/// Without the search (a tree beyond the remoteness budgets) the outcomes still come from the
/// values, and no move claims a length.
#[test]
fn large_trees_are_valued_without_lengths() {
    let game = Arc::new(SubtractionGame::new([1, 4, 9]).unwrap());
    let sum = Sum::new(vec![
        Component::new(&game, 1000),
        Component::new(&game, 1001),
        Component::new(&game, 1002),
    ]);
    let valued = move_values(&sum, Convention::Normal).unwrap();
    assert!(!valued.measured);
    assert_eq!(valued.moves_left, None);
    let values = sum.values().unwrap();
    for m in &valued.moves {
        assert_eq!(m.moves_left, None);
        let after = sum.after(&m.mv).value().unwrap();
        assert_eq!(m.value, Some(after));
        assert_eq!(m.outcome == MoveOutcome::Win, after == 0, "{}", m.mv);
    }
    // The best unmeasured move is the perfect player's, a winning one.
    let direct = crate::strategy::direct_move(&sum, Convention::Normal).unwrap();
    let best = valued.moves.iter().find(|m| m.best).unwrap();
    assert_eq!(Some(&best.mv), direct.as_ref());
    assert_eq!(best.outcome, MoveOutcome::Win);
    assert_eq!(
        Some(best.mv.clone()),
        best_move(&sum, Convention::Normal).unwrap()
    );
    assert!(nim_sum(values) != 0);
}

/// The limit on the number of moves, on both sides.
#[test]
fn at_most_max_valued_moves() {
    let at = Sum::nim(&[MAX_VALUED_MOVES]);
    assert_eq!(
        move_values(&at, Convention::Normal).unwrap().moves.len() as u64,
        MAX_VALUED_MOVES
    );
    let over = Sum::nim(&[MAX_VALUED_MOVES + 1]);
    let err = move_values(&over, Convention::Normal)
        .unwrap_err()
        .to_string();
    assert!(err.contains("at most 5000 moves"), "{err}");
}

/// A huge lone Wythoff board: no Grundy value, but every move's outcome from the closed form.
#[test]
fn huge_lone_wythoff_board_is_coloured_by_its_p_positions() {
    let sum = Sum::new(vec![Wythoff::component(1000, 1618)]);
    let valued = move_values(&sum, Convention::Normal).unwrap();
    let wins: Vec<&ValuedMove> = valued
        .moves
        .iter()
        .filter(|m| m.outcome == MoveOutcome::Win)
        .collect();
    for m in &wins {
        assert!(m.mv.to[0].is_p_position().unwrap());
    }
    assert_eq!(wins.len() as u128, sum.winning_moves().unwrap().total());
}

/// The perfect player measures remoteness where its budget allows: from the P-position
/// S = {1,4,9}, heaps 20 and 30 (651 positions) it makes the game last as long as the loser
/// can, and from an N-position it wins soonest; the move marked best is its move.
#[test]
fn the_best_move_prolongs_lost_games_and_hurries_won_ones() {
    let game = Arc::new(SubtractionGame::new([1, 4, 9]).unwrap());
    let lost = Sum::new(vec![Component::new(&game, 20), Component::new(&game, 30)]);
    assert_eq!(lost.value().unwrap(), 0);
    let mut memo = HashMap::new();
    let root = remoteness_by_definition(&lost, Convention::Normal, &mut memo);
    let m = best_move(&lost, Convention::Normal).unwrap().unwrap();
    let marked = move_values(&lost, Convention::Normal).unwrap();
    assert_eq!(
        marked.moves.iter().find(|v| v.best).map(|v| &v.mv),
        Some(&m)
    );
    let after = remoteness_by_definition(&lost.after(&m), Convention::Normal, &mut memo);
    assert_eq!(after + 1, root, "the loser's move keeps the longest game");
    let won = Sum::new(vec![Component::new(&game, 20), Component::new(&game, 31)]);
    let root = remoteness_by_definition(&won, Convention::Normal, &mut memo);
    let m = best_move(&won, Convention::Normal).unwrap().unwrap();
    let after = remoteness_by_definition(&won.after(&m), Convention::Normal, &mut memo);
    assert_eq!(
        (after + 1, after % 2),
        (root, 0),
        "the winner's move wins soonest"
    );
}

#[test]
fn rulesets_of_the_registry_are_valued() {
    // Lasker's Nim and Moore's Nim through their own types, not only the text format.
    let lasker = Arc::new(Lasker);
    let sum = Sum::new(vec![Component::new(&lasker, 4), Component::new(&lasker, 2)]);
    assert!(move_values(&sum, Convention::Normal).unwrap().measured);
    let moore = Arc::new(Moore::new(2).unwrap());
    let row = Sum::new(vec![Component::new(&moore, vec![2, 2, 2])]);
    let valued = move_values(&row, Convention::Normal).unwrap();
    assert_eq!(valued.moves.len(), row.moves().unwrap().len());
    let kayles = Arc::new(OctalGame::named("kayles").unwrap());
    let sum = Sum::new(vec![Component::new(&kayles, 7), Component::new(&kayles, 4)]);
    let best = move_values(&sum, Convention::Normal).unwrap();
    assert!(best
        .moves
        .iter()
        .any(|m| m.best && m.outcome == MoveOutcome::Win));
}

#[test]
fn values_are_written_exactly_on_both_sides_of_2_53() {
    let sum = Sum::nim(&[1]);
    let mv = sum.moves().unwrap().remove(0);
    for (value, written) in [
        (
            (1u64 << 53) - 1,
            serde_json::json!(9_007_199_254_740_991_u64),
        ),
        (1 << 53, serde_json::json!("9007199254740992")),
    ] {
        let valued = ValuedMove {
            mv: mv.clone(),
            outcome: MoveOutcome::Lose,
            value: Some(value),
            moves_left: None,
            best: false,
        };
        assert_eq!(serde_json::to_value(&valued).unwrap()["value"], written);
    }
}

//! Splits of octal heaps beyond 2^64 - 1 (issue "Nothing wraps, nothing panics, nothing is
//! lost"): the winning splits found through the proven period are every winning split, and a
//! player's split is checked by the code's digits, however far from the ends it is.
//!
//! Why the search through the period is complete: with a period `p` proven from `n0`, a split
//! of `rest` tokens into `a <= b` has value `G(a) XOR G(b)`. Once `a >= n0` (so `b >= a >= n0`
//! too), `G(a)` depends only on `a mod p` and `G(b)` only on `b mod p = (rest - a) mod p`: the
//! split's value depends on `a mod p` alone. So the smaller parts `a < n0 + p` are valued one
//! by one, and every larger `a` has the value of the member of its class in `[n0, n0 + p)`:
//! each class is counted whole (`games/octal/moves.rs`). Every combination of values is seen,
//! so a winning split is found exactly when one exists.
//!
//! The same argument shows that a heap beyond 2^64 - 1 never has winning splits only far from
//! its ends: a winning split with `a >= n0 + p` has a winning partner `a - m·p` in
//! `[n0, n0 + p)`. What a huge heap does have is winning splits far from the ends that are
//! not among the first moves listed; a player who makes one must be accepted
//! (`a_split_far_from_the_ends_is_accepted`).

use grundy_core::any_size::AnyPosition;
use grundy_core::games::lasker::Lasker;
use grundy_core::games::octal::OctalGame;
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::kernel::{BigHeaps, Ruleset};
use grundy_core::spec::parse_big_sum;
use num_bigint::BigUint;

const SPLITTING: [&str; 6] = ["0.77", "0.07", "0.137", "4.07", "0.52", "0.75"];

/// On heaps below 2^64 large enough for the periodic count (both parts of every split past
/// the first period), the winning splits through the period are exactly those found by
/// valuing every option: the same count for every target, and the same first moves.
#[test]
fn the_search_through_the_period_matches_brute_force_on_small_heaps() {
    for code in SPLITTING {
        let game = OctalGame::parse(code).unwrap();
        let p = game.period().unwrap().expect("a proven period");
        let from = 2 * (p.preperiod + p.period) + 8;
        for heap in from..from + 90 {
            let options = game.options(&heap);
            let values: Vec<u64> = options
                .iter()
                .map(|o| game.value_of_all(o).unwrap())
                .collect();
            for target in 0..=values.iter().copied().max().unwrap_or(0) + 1 {
                let brute: Vec<Vec<BigUint>> = options
                    .iter()
                    .zip(&values)
                    .filter(|&(_, &v)| v == target)
                    .map(|(o, _)| o.iter().map(|&h| BigUint::from(h)).collect())
                    .collect();
                let found = BigHeaps::moves_to_value_big(&game, &BigUint::from(heap), target, 20)
                    .expect("a splitting code")
                    .unwrap();
                assert_eq!(
                    found.total(),
                    brute.len() as u128,
                    "{code} {heap} to {target}"
                );
                assert_eq!(
                    found.moves(),
                    &brute[..brute.len().min(20)],
                    "{code} {heap}"
                );
            }
        }
    }
}

/// The arithmetic check of a move agrees with the rules' own (`option_to`) on every way a
/// small heap can be left: octal codes (and Grundy's game), subtraction, Lasker's Nim.
#[test]
fn the_arithmetic_check_of_a_move_agrees_with_the_rules() {
    let mut rulesets: Vec<Box<Check>> = Vec::new();
    for code in SPLITTING.into_iter().chain(["0.33", "4.7"]) {
        let game = OctalGame::parse(code).unwrap();
        rulesets.push(Box::new(move |h, parts| check(&game, h, parts)));
    }
    let grundy = OctalGame::grundys_game();
    rulesets.push(Box::new(move |h, parts| check(&grundy, h, parts)));
    let sub = SubtractionGame::new([1, 4, 9]).unwrap();
    rulesets.push(Box::new(move |h, parts| check(&sub, h, parts)));
    rulesets.push(Box::new(|h, parts| check(&Lasker, h, parts)));
    for rules in &rulesets {
        for heap in 0..40u64 {
            let mut ways: Vec<Vec<u64>> = vec![vec![]];
            for a in 1..=heap {
                ways.push(vec![a]);
                for b in a..=heap - a {
                    ways.push(vec![a, b]);
                    ways.push(vec![b, a]);
                }
            }
            for parts in ways {
                let (rules_say, arithmetic) = rules(heap, &parts);
                assert_eq!(Some(rules_say), arithmetic, "{heap} -> {parts:?}");
            }
        }
    }
}

/// A ruleset's two answers to "may this heap become these parts?": its own and by arithmetic.
type Check = dyn Fn(u64, &[u64]) -> (bool, Option<bool>);

fn check<R: Ruleset<Position = u64>>(rules: &R, heap: u64, parts: &[u64]) -> (bool, Option<bool>) {
    let big: Vec<BigUint> = parts.iter().map(|&p| BigUint::from(p)).collect();
    (
        rules.option_to(&heap, parts).is_some(),
        rules
            .big_heaps()
            .and_then(|b| b.is_option_big(&BigUint::from(heap), &big)),
    )
}

/// Beyond 2^64: a winning split of Kayles (`0.77`, period 12 from 72) whose smaller part is
/// about 2^62 — far beyond the first 10,000 moves listed — is accepted as a player's move and
/// leaves a P-position; a split that takes three tokens is refused by the code's digits. The
/// Nim heap beside is chosen so that the split wins: its value is the split's.
#[test]
fn a_split_far_from_the_ends_is_accepted() {
    let kayles = |h: &BigUint| {
        parse_big_sum(&format!("octal{{0.77}}:{h}"))
            .unwrap()
            .value()
            .unwrap()
    };
    let two64: BigUint = BigUint::from(1u8) << 64;
    let far: BigUint = BigUint::from(1u8) << 62;
    let mut winning = 0;
    for heap in [&two64 + 5u8, &two64 + 7u8, two64.clone()] {
        for taken in [1u8, 2] {
            for j in 0..12u8 {
                let a = &far + 72u8 + j;
                let b = &heap - taken - &a;
                let beside = kayles(&a) ^ kayles(&b);
                let text = format!("octal{{0.77}}:{heap} + nim:{beside}");
                let position = AnyPosition::parse(&text).unwrap();
                let sum = parse_big_sum(&text).unwrap();
                let m = position
                    .checked_move(0, &[a.clone(), b.clone()])
                    .unwrap()
                    .expect("a legal split");
                let grundy_core::report::Move::Sum(m) = &m else {
                    panic!("{m:?}");
                };
                assert_eq!(sum.after(m).value().unwrap(), BigUint::ZERO, "{text}");
                if sum.value().unwrap() != BigUint::ZERO {
                    winning += 1;
                }
                // Taking three tokens is no Kayles move, split or not.
                let three = [a.clone(), &heap - 3u8 - &a];
                let refused = position.checked_move(0, &three).unwrap().unwrap_err();
                assert!(refused.contains("no such move"), "{refused}");
            }
        }
    }
    assert!(winning > 0, "a winning split far from the ends");
}

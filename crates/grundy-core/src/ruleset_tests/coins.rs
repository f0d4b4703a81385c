//! Coin-turning rows (`games::coins`) as the doors read them: terms, rules by name and by
//! description, typed moves.

use std::sync::Arc;

use crate::games::coins::{CoinGame, CoinRule, Coins};
use crate::kernel::component::Component;
use crate::kernel::Ruleset;
use crate::spec::parse_sum;

#[test]
fn terms_typed_moves_and_words() {
    let sum = parse_sum("turtles:THHTH + nim:3").unwrap();
    assert_eq!(sum.to_terms(), "turtles:0,1,1,0,1 + nim:3");
    let parser = crate::play::MoveParser::for_position(&sum);
    let rules = Arc::new(Coins::new(CoinGame::TurningTurtles));
    // Turn coins 2 and 5 (5 goes from heads to tails).
    let m = parser.parse("1 turn 2 5", &sum).unwrap();
    assert_eq!(m.to, [Component::new(&rules, vec![0, 0, 1, 0, 0])]);
    let m = parser.parse("1 to THTTT", &sum).unwrap();
    assert_eq!(m.to, [Component::new(&rules, vec![0, 1, 0, 0, 0])]);
    // Three coins, a rightmost coin showing tails, and a coin that is not there.
    assert!(parser.parse("1 turn 1 2 3", &sum).is_err());
    assert!(parser.parse("1 turn 1 4", &sum).is_err());
    let err = parser.parse("1 turn 6", &sum).unwrap_err().to_string();
    assert!(err.contains("numbered 1 to 5"), "{err}");
    assert_eq!(
        rules.describe_move(&vec![0, 1, 1, 0, 1], &[vec![0, 0, 1, 0, 0]]),
        "THHTH -> TTHTT (turn 2, 5)"
    );
}

/// The named games equal their described rules: the same values and the same moves, row by
/// row, for every row of up to 10 coins (`turtles` is `coins{at-most=2}`, `twins`
/// `coins{exactly=2}`, `mock-turtles` `coins{at-most=3}`, `ruler` `coins{consecutive}`).
#[test]
fn named_games_equal_their_described_rules() {
    let pairs = [
        ("turtles", "coins{at-most=2}"),
        ("twins", "coins{exactly=2}"),
        ("mock-turtles", "coins{at-most=3}"),
        ("ruler", "coins{consecutive}"),
    ];
    for (game, rule) in pairs {
        let named = crate::spec::parse_rules(game).unwrap();
        let ruled = crate::spec::parse_rules(rule).unwrap();
        let named = crate::kernel::component::downcast::<Coins>(named.as_ref())
            .unwrap()
            .clone();
        let ruled = crate::kernel::component::downcast::<Coins>(ruled.as_ref())
            .unwrap()
            .clone();
        assert_eq!(named.line().rule(), ruled.line().rule());
        for len in 1..=10usize {
            for mask in 0u64..1 << len {
                let row: Vec<u64> = (0..len).map(|i| mask >> i & 1).collect();
                assert_eq!(named.grundy(&row).unwrap(), ruled.grundy(&row).unwrap());
                assert_eq!(named.options(&row), ruled.options(&row), "{game} {row:?}");
            }
        }
    }
}

#[test]
fn described_rows_as_terms() {
    let sum = parse_sum("coins{at-most=5}:THHTH + coins{any}:HH").unwrap();
    assert_eq!(
        sum.to_terms(),
        "coins{at-most=5}:0,1,1,0,1 + coins{any}:1,1"
    );
}

/// Typed moves of a described rule.
#[test]
fn described_typed_moves() {
    let sum = parse_sum("coins{two-at=2,3}:HTTHH").unwrap();
    let parser = crate::play::MoveParser::for_position(&sum);
    let rules = Arc::new(Coins::ruled(CoinRule::TwoAt(vec![2, 3])));
    let m = parser.parse("1 turn 2 5", &sum).unwrap();
    assert_eq!(m.to, [Component::new(&rules, vec![1, 1, 0, 1, 0])]);
    assert!(parser.parse("1 turn 4 5", &sum).is_err());
    assert!(parser.parse("1 turn 5", &sum).is_err());
    assert!(parser.parse("1 turn 1 5", &sum).is_err()); // distance 4
}

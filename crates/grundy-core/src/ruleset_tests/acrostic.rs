//! Acrostic products (`games::acrostic`) as the doors read them: terms and typed moves.

use std::sync::Arc;

use crate::games::acrostic::Acrostic;
use crate::games::coin_grid::CoinGrid;
use crate::kernel::component::Component;
use crate::spec::parse_sum;
use crate::sum::Sum;

#[test]
fn terms_and_typed_moves() {
    let sum = parse_sum("acrostic{turtles;at-most=3}:HT/TH").unwrap();
    assert_eq!(sum.to_terms(), "acrostic{turtles;at-most=3}:HT/TH");
    let sum = parse_sum("acrostic-twins:TTT/TTH").unwrap();
    let parser = crate::play::MoveParser::for_position(&sum);
    assert!(parser.parse("1 turn 1 x 0,2", &sum).is_ok());
    assert!(parser.parse("1 turn 0,1 x 2", &sum).is_ok());
    assert!(parser.parse("1 turn 0,1 x 0,2", &sum).is_err());
    assert!(parser.parse("1 turn 1 x 2", &sum).is_err());
}

/// A move that is neither game's, typed, is refused with the rules' reason.
#[test]
fn typed_moves_refused_in_the_rules_words() {
    let twins = Acrostic::twins();
    let g: CoinGrid = "HTT/TTH/THH".parse().unwrap();
    let sum = Sum::new(vec![Component::new(&Arc::new(twins.clone()), g.clone())]);
    let e = crate::play::MoveParser::for_position(&sum)
        .parse("to TTT/TTT/TTT", &sum)
        .unwrap_err()
        .to_string();
    assert!(e.contains("in one column or in one row"), "{e}");
}

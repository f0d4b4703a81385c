//! Coin-turning products (`games::tartan`) as the doors read them: terms, typed moves, refusals.

use std::sync::Arc;

use crate::games::coin_grid::CoinGrid;
use crate::games::tartan::{NamedTartan, Tartan};
use crate::kernel::component::Component;
use crate::spec::parse_sum;
use crate::sum::Sum;

fn grid(text: &str) -> CoinGrid {
    text.parse().unwrap()
}

#[test]
fn terms_typed_moves_and_words() {
    let sum = parse_sum("tartan{coins{at-most=3};Ruler}:HT/TH + nim:1").unwrap();
    assert_eq!(sum.to_terms(), "tartan{at-most=3;ruler}:HT/TH + nim:1");
    let sum = parse_sum("corners:TTT/TTH").unwrap();
    assert_eq!(sum.to_terms(), "turning-corners:TTT/TTH");
    let parser = crate::play::MoveParser::for_position(&sum);
    let rules = Arc::new(Tartan::named(NamedTartan::TurningCorners));
    let m = parser.parse("1 turn 0,1 x 0 2", &sum).unwrap();
    assert_eq!(m.to, [Component::new(&rules, grid("HTH/HTT"))]);
    assert!(parser.parse("1 to HTH/HTT", &sum).is_ok());
    // Not four corners; a southeast coin showing tails; no such row.
    assert!(parser.parse("1 turn 1 x 2", &sum).is_err());
    assert!(parser.parse("1 turn 0,1 x 0,1", &sum).is_err());
    let err = parser
        .parse("1 turn 0,2 x 0,2", &sum)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("no row 2") && err.contains("numbered 0 to 1"),
        "{err}"
    );
    let err = parse_sum("tartan{twins}:HT").unwrap_err().to_string();
    assert!(err.contains("2 (rows; columns)"), "{err}");
    let err = parse_sum("tartan{twins;chess}:HT").unwrap_err().to_string();
    assert!(
        err.contains("\"chess\"") && err.contains("mock-turtles"),
        "{err}"
    );
}

/// A move typed in either form is refused with the rules' reason.
#[test]
fn typed_moves_refused_in_the_rules_words() {
    let rugs = Tartan::named(NamedTartan::Rugs);
    let g = grid("HTT/TTH/THH");
    let sum = Sum::new(vec![Component::new(&Arc::new(rugs.clone()), g.clone())]);
    let parser = crate::play::MoveParser::for_position(&sum);
    for typed in ["turn 1 x 1,2", "to THT/TTH/THH"] {
        let e = parser.parse(typed, &sum).unwrap_err().to_string();
        assert!(e.contains("the southeast coin turned"), "{typed}: {e}");
    }
    let e = parser.parse("to HT/TH", &sum).unwrap_err().to_string();
    assert!(
        e.contains("same shape, 3 rows of 3 coins, not 2 of 2"),
        "{e}"
    );
}

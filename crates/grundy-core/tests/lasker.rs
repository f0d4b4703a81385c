//! Lasker's Nim in sums, read from the text format and played with typed moves (kept out of
//! `games::lasker`'s own tests so that the ruleset imports neither `spec` nor `play`:
//! docs/architecture.md).

use std::sync::Arc;

use grundy_core::games::lasker::Lasker;
use grundy_core::kernel::component::Component;
use grundy_core::play::MoveParser;
use grundy_core::spec::parse_sum;

#[test]
fn typed_moves_and_terms() {
    let sum = parse_sum("lasker:7 + nim:8").unwrap();
    let parser = MoveParser::for_position(&sum);
    let m = parser.parse("1 to 3 4", &sum).unwrap();
    assert_eq!(
        m.to,
        [
            Component::new(&Arc::new(Lasker), 3),
            Component::new(&Arc::new(Lasker), 4)
        ]
    );
    assert!(parser.parse("1 to 3 3", &sum).is_err());
    assert_eq!(sum.to_terms(), "lasker:7 + nim:8");
}

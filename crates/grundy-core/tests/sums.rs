//! Sums of a ruleset's positions, through the public API (kept out of `sum`'s own tests so
//! that the sum engine imports no ruleset: docs/architecture.md).

use std::sync::Arc;

use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::sum::{Component, Outcome, Sum};

#[test]
fn sum_of_louis_2021() {
    // The six heaps of S = {1,4,9,12,16} of Louis (2021) (docs/bibliography.md).
    let game = Arc::new(SubtractionGame::new([1, 4, 9, 12, 16]).unwrap());
    let sum = Sum::new(
        [11, 15, 14, 10, 23, 8]
            .iter()
            .map(|&h| Component::new(&game, h))
            .collect(),
    );
    assert_eq!(sum.values().unwrap(), vec![1, 0, 1, 0, 3, 1]);
    assert_eq!(sum.value().unwrap(), 2);
    assert_eq!(sum.outcome().unwrap(), Outcome::N);
    for m in sum.winning_moves().unwrap() {
        assert_eq!(sum.after(&m).value().unwrap(), 0);
    }
}

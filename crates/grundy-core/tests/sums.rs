//! Sums of a ruleset's positions, through the public API (kept out of `sum`'s own tests so
//! that the sum engine imports no ruleset: docs/architecture.md).

use std::sync::Arc;

use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::kernel::component::Component;
use grundy_core::spec::parse_sum;
use grundy_core::sum::{Outcome, Sum};

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

// Moved from `sum`'s unit tests, which read positions through `spec`: that import put `sum`
// in the import cycle (`tests/layers.rs`).

/// Issue 25: the API wrote `chomp:2 + chomp:2 + nim:1`, after a move, as `chomp:1,2 +
/// nim:1` (one board of two rows); two Hackenbush pictures were fused into one.
#[test]
fn repeated_terms_stay_separate_terms_in_order() {
    for (text, written) in [
        ("chomp:2 + chomp:2 + nim:1", "chomp:2 + chomp:2 + nim:1"),
        ("chomp:2,2 + chomp:1", "chomp:2,2 + chomp:1"),
        (
            "hackenbush:0-1 + hackenbush:0-1,1-2",
            "hackenbush:0-1 + hackenbush:0-1,1-2",
        ),
        ("cram:2x2 + cram:1x3", "cram:../.. + cram:..."),
        (
            "nim:3 + nim:4 + sub{1,2}:5 + sub{1,2}:6",
            "nim:3,4 + sub{1,2}:5,6",
        ),
        ("nim:3 + chomp:2 + nim:4", "nim:3 + chomp:2 + nim:4"),
    ] {
        let sum = parse_sum(text).unwrap();
        assert_eq!(sum.to_terms(), written, "{text}");
        assert_eq!(parse_sum(written).unwrap(), sum, "{text}");
        // Every position after every move reads back as the same game.
        for m in sum.moves().unwrap() {
            let after = sum.after(&m);
            let again = parse_sum(&after.to_terms()).unwrap();
            assert_eq!(again, after, "{text} after {m}");
        }
    }
}

//! Move syntax in `play`: any text typed against a small random position (every ruleset, mixed
//! sums). Parsing never panics, and a move it accepts is legal: it moves an existing component
//! from its current state, it is one of the position's moves, and applying it works.
#![no_main]

use arbitrary::Arbitrary;
use grundy_core::kernel::MoveError;
use grundy_core::play::MoveParser;
use libfuzzer_sys::fuzz_target;

#[path = "small.rs"]
mod small;

#[derive(Debug, Arbitrary)]
struct Case {
    parts: Vec<small::Part>,
    text: String,
}

fuzz_target!(|case: Case| {
    let Some(sum) = small::sum_of(&case.parts, 4) else {
        return;
    };
    match MoveParser::for_position(&sum).parse(&case.text, &sum) {
        Ok(m) => {
            assert!(m.component < sum.components.len(), "{:?}: {m:?}", case.text);
            assert_eq!(m.from, sum.components[m.component], "{:?}", case.text);
            let moves = sum.moves().expect("small positions list their moves");
            assert!(
                moves.contains(&m),
                "{:?} in {sum:?} gave {m:?}, not a legal move",
                case.text
            );
            // No move of these games adds tokens (a Lasker split keeps them; every other move
            // takes at least one), and every move changes the position.
            let tokens = |s: &grundy_core::sum::Sum| -> u64 {
                s.components.iter().map(|c| c.tokens()).sum()
            };
            let after = sum.after(&m);
            assert!(tokens(&after) <= tokens(&sum), "{:?}: {m:?}", case.text);
            assert_ne!(after, sum, "{:?}: {m:?}", case.text);
        }
        // Every error must render as a message (and say something).
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty());
            if let MoveError::UnknownHeap { heaps, .. } = e {
                assert_eq!(heaps, sum.components.len());
            }
        }
    }
});

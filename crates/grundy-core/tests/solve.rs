//! Exhaustive search (`solve`) on rulesets, through the public API (kept out of `solve`'s own
//! tests so that the engine imports no ruleset: docs/architecture.md).

use std::sync::Arc;

use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::kernel::bouton;
use grundy_core::kernel::component::Component;
use grundy_core::solve::{grundy_by_search, misere_outcome_by_search, DEFAULT_POSITION_LIMIT};
use grundy_core::sum::{Outcome, Sum};

#[test]
fn search_agrees_with_bouton_on_small_nim() {
    for a in 0..6u64 {
        for b in 0..6 {
            for c in 0..6 {
                let heaps = [a, b, c];
                let sum = Sum::nim(&heaps);
                let limit = DEFAULT_POSITION_LIMIT;
                assert_eq!(grundy_by_search(&sum, limit).unwrap(), a ^ b ^ c);
                let misere = misere_outcome_by_search(&sum, limit).unwrap();
                assert_eq!(misere == Outcome::P, bouton::is_misere_p_position(&heaps));
            }
        }
    }
}

#[test]
fn deep_games_do_not_overflow_the_stack() {
    // A single Bachet heap of 200,000 with S = {1}: a chain of 200,000 positions.
    let game = Arc::new(SubtractionGame::new([1]).unwrap());
    let sum = Sum::new(vec![Component::new(&game, 200_000)]);
    assert_eq!(grundy_by_search(&sum, 1_000_000).unwrap(), 0);
}

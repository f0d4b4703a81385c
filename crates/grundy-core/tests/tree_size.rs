//! The bounds of `tree_size` against what an exhaustive search (`solve::Solver`) really meets,
//! through the public API (kept out of `tree_size` so that it imports neither the solver nor a
//! ruleset: docs/architecture.md).

use std::sync::Arc;

use grundy_core::games::octal::OctalGame;
use grundy_core::games::wythoff::Wythoff;
use grundy_core::kernel::component::Component;
use grundy_core::kernel::tree_estimate::partitions_up_to;
use grundy_core::kernel::TreeEstimate;
use grundy_core::solve::{sum_options, Solver};
use grundy_core::sum::Sum;
use grundy_core::tree_size::estimate;

/// What an exhaustive search really meets below `sum`: its positions, and the most options
/// and components of any of them.
fn measured(sum: &Sum) -> TreeEstimate {
    let widest = std::cell::Cell::new((0u64, 0u64));
    let moves = |s: &Sum| {
        let options = sum_options(s)?;
        let (o, c) = widest.get();
        widest.set((
            o.max(options.len() as u64),
            c.max(s.components.len() as u64),
        ));
        Ok(options)
    };
    let mut solver = Solver::new(moves, |_: &[u8]| 0u8, 1_000_000);
    solver.value(&sum.canonical()).unwrap();
    let (options, components) = widest.get();
    TreeEstimate {
        positions: solver.positions_seen() as u64,
        options,
        components,
    }
}

/// Every bound at least what the search meets.
fn assert_bounds(sum: &Sum) {
    let bound = estimate(sum, u64::MAX);
    let seen = measured(sum);
    assert!(
        bound.positions >= seen.positions
            && bound.options >= seen.options
            && bound.components >= seen.components,
        "{sum:?}: {bound:?} < {seen:?}"
    );
}

#[test]
fn partitions_match_known_counts() {
    // p(0..=5) = 1, 1, 2, 3, 5, 7: 19 partitions of at most 5.
    assert_eq!(partitions_up_to(5, 5, 1000), 19);
    // Parts of at most 2: floor(n/2) + 1 for each n, so 1 + 1 + 2 + 2 + 3 + 3 = 12.
    assert_eq!(partitions_up_to(5, 2, 1000), 12);
    assert_eq!(partitions_up_to(0, 0, 10), 1);
    assert_eq!(partitions_up_to(7, 0, 10), 1);
    // Both sides of the limit: exact at or below it, above it beyond.
    assert_eq!(partitions_up_to(5, 5, 19), 19);
    assert!(partitions_up_to(5, 5, 18) > 18);
    assert!(partitions_up_to(70, 40, 1000) > 1000);
    assert!(partitions_up_to(u64::MAX, u64::MAX, 200_000) > 200_000);
}

#[test]
fn bounds_hold_for_splitting_games() {
    // Every bound must be at least what exhaustive search finds, for splitting games
    // (Kayles, Dawson's Kayles, 4.07 which splits without removing, Grundy's game) and
    // for games that never split.
    let games = ["0.77", "0.07", "4.07", "0.6", "0.137", "0.33"]
        .map(|code| Arc::new(OctalGame::parse(code).unwrap()));
    let grundy = Arc::new(OctalGame::grundys_game());
    for game in games.iter().chain([&grundy]) {
        for heaps in [vec![7], vec![5, 6], vec![3, 9, 1], vec![12]] {
            let mut components: Vec<Component> =
                heaps.iter().map(|&h| Component::new(game, h)).collect();
            components.push(Component::nim(2));
            assert_bounds(&Sum::new(components));
        }
    }
}

#[test]
fn bounds_hold_for_heaps_and_boards() {
    let sums = [
        Sum::nim(&[3, 4, 5]),
        Sum::new(vec![
            Wythoff::component(4, 6),
            Wythoff::component(2, 2),
            Component::nim(3),
        ]),
    ];
    for sum in &sums {
        assert_bounds(sum);
    }
    // Nim [3, 4, 5]: C(5 + 3, 3) = 56 multisets, but only 4 · 5 · 6 = 120 tuples: 56.
    assert_eq!(estimate(&sums[0], 1000).positions, 56);
}

#[test]
fn octal_0_77_at_30_and_40_is_far_beyond_any_search() {
    let kayles = Arc::new(OctalGame::parse("0.77").unwrap());
    let sum = Sum::new(vec![
        Component::new(&kayles, 30),
        Component::new(&kayles, 40),
    ]);
    assert!(estimate(&sum, 2_000_000).positions > 2_000_000);
}

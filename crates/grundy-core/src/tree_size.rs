//! Upper bounds on the size of a game tree, computed before searching it.
//!
//! An exhaustive search ([`crate::solve::Solver`]) visits every position reachable from its root
//! in canonical form (components sorted, finished ones dropped) and builds every option of each.
//! [`estimate`] bounds how many positions there are, how many options each has and how many
//! components each holds, in a few arithmetic steps per component, so that a caller can tell
//! *before* starting whether a search fits its budget. The perfect player measures remoteness
//! only where this bound proves the search small (`strategy::best_move`).
//!
//! Components are grouped by ruleset; a position is one multiset of heaps per group, so the
//! positions are at most the product of the groups' counts:
//!
//! * **heaps that never split** (Nim, subtraction and all-but games, octal games with no split
//!   digit): `k` heaps of at most `m` tokens stay at most `k` heaps of at most `m` tokens, so
//!   there are at most `C(m + k, k)` multisets of them, and at most `∏ (h_i + 1)`. A heap of `h`
//!   has at most `h` options (each takes a different number of tokens).
//! * **heaps that may split** (octal games with a digit 4–7, Grundy's game): a move never adds
//!   tokens and never makes a heap larger, so every later position is a partition of at most
//!   `T` tokens (the group's total) into heaps of at most `m` (its largest heap), with at most
//!   `T` heaps. The bound counts those partitions ([`partitions_up_to`](crate::kernel::tree_estimate::partitions_up_to)); it grows very fast
//!   (70 tokens: millions), which is why splitting games are searched only when tiny. A heap
//!   of `h` has at most `1.5h + h(h − 1)/4 ≤ h(2 + T/4)` options (per amount `k` removed: one
//!   heap, nothing, or a split with smaller part up to `(h − k)/2`), so a position at most
//!   `T(2 + T/4)`.
//! * **Wythoff boards** only shrink: a board `(x, y)` has `(x + 1)(y + 1)` cells to visit and at
//!   most `x + y + min(x, y)` moves.

use crate::kernel::tree_estimate::{multisets, TreeEstimate};
use crate::sum::{Component, Sum};

/// The bounds of the module documentation for the tree below `sum`. `positions` is exact up to
/// `limit` and only known to exceed `limit` beyond it (the count stops early, so the estimate
/// costs little even for huge positions).
pub fn estimate(sum: &Sum, limit: u64) -> TreeEstimate {
    if let Some(nim) = nim_estimate(sum) {
        return nim;
    }
    let mut live: Vec<&Component> = sum.components.iter().filter(|c| !c.is_terminal()).collect();
    // Components sort by ruleset first, so each ruleset's components are adjacent.
    live.sort_unstable();
    let mut total = TreeEstimate {
        positions: 1,
        options: 0,
        components: 0,
    };
    for group in live.chunk_by(|a, b| a.same_rules(b)) {
        let part = group[0].tree_estimate(group, limit);
        total.positions = total.positions.saturating_mul(part.positions);
        total.options = total.options.saturating_add(part.options);
        total.components = total.components.saturating_add(part.components);
    }
    total
}

/// All Nim (the common case in simulations): one pass, no allocation; `None` otherwise.
fn nim_estimate(sum: &Sum) -> Option<TreeEstimate> {
    let (mut heaps, mut largest, mut tokens, mut product) = (0u64, 0u64, 0u64, 1u64);
    for c in &sum.components {
        let h = c.as_nim()?;
        if h > 0 {
            heaps += 1;
            largest = largest.max(h);
            tokens = tokens.saturating_add(h);
            product = product.saturating_mul(h.saturating_add(1));
        }
    }
    Some(TreeEstimate {
        positions: multisets(largest, heaps).min(product),
        options: tokens,
        components: heaps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::OctalGame;
    use crate::kernel::tree_estimate::partitions_up_to;
    use crate::solve::{sum_options, Solver};
    use std::sync::Arc;

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
                Component::wythoff(4, 6),
                Component::wythoff(2, 2),
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
}

//! Upper bounds on the size of a game tree, computed before searching it.
//!
//! An exhaustive search ([`crate::solve::Solver`]) visits every position reachable from its root
//! in canonical form (components sorted, finished ones dropped) and builds every option of each.
//! [`estimate`] bounds how many positions there are, how many options each has and how many
//! components each holds, in a few arithmetic steps per component, so that a caller can tell
//! *before* starting whether a search fits its budget. The perfect player measures remoteness
//! only where this bound proves the search small ([`crate::strategy::best_move`]).
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
//!   `T` heaps. The bound counts those partitions ([`partitions_up_to`]); it grows very fast
//!   (70 tokens: millions), which is why splitting games are searched only when tiny. A heap
//!   of `h` has at most `1.5h + h(h − 1)/4 ≤ h(2 + T/4)` options (per amount `k` removed: one
//!   heap, nothing, or a split with smaller part up to `(h − k)/2`), so a position at most
//!   `T(2 + T/4)`.
//! * **Wythoff boards** only shrink: a board `(x, y)` has `(x + 1)(y + 1)` cells to visit and at
//!   most `x + y + min(x, y)` moves.

use crate::games::PositionForm;
use crate::sum::{Component, Sum};

/// What [`estimate`] bounds: an exhaustive search from the position visits at most `positions`
/// positions, each with at most `options` options and `components` components.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeEstimate {
    /// Distinct positions, counting the root; once the count exceeds the `limit` given to
    /// [`estimate`] it is only known to be above it.
    pub positions: u64,
    /// Options of any one position.
    pub options: u64,
    /// Components of any one position (building an option copies them all).
    pub components: u64,
}

impl TreeEstimate {
    /// The search's work, in components copied: positions × options × components (saturating).
    /// Each option of each position is built as a sum of that many components, hashed and
    /// looked up.
    pub fn work(&self) -> u64 {
        self.positions
            .saturating_mul(self.options)
            .saturating_mul(self.components.max(1))
    }

    /// Whether at most `positions` positions and `work` work ([`TreeEstimate::work`]).
    pub fn within(&self, positions: u64, work: u64) -> bool {
        self.positions <= positions && self.work() <= work
    }
}

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

/// The bound for a group of live components of one ruleset whose moves never split them: at
/// most the product of their [`PositionForm::position_count`]s, and at most the multisets of
/// their number drawn from the positions any of them can reach ([`PositionForm::universe`]);
/// options at most the sum of their [`PositionForm::option_bound`]s.
pub fn unsplit_estimate<P: PositionForm>(group: &[&P]) -> TreeEstimate {
    let k = group.len() as u64;
    let product = group
        .iter()
        .fold(1u64, |acc, p| acc.saturating_mul(p.position_count()));
    let universe = P::universe(group);
    TreeEstimate {
        positions: multisets(universe.saturating_sub(1), k).min(product),
        options: group
            .iter()
            .fold(0u64, |acc, p| acc.saturating_add(p.option_bound())),
        components: k,
    }
}

/// The bound for a group of live heaps of one ruleset whose moves may split a heap but never
/// add tokens nor make a heap larger: every later position is a partition of the group's `T`
/// tokens into heaps of at most its largest heap (see the module documentation).
pub fn split_estimate(group: &[&u64], limit: u64) -> TreeEstimate {
    let tokens = group.iter().fold(0u64, |acc, &&h| acc.saturating_add(h));
    let largest = group.iter().map(|&&h| h).max().unwrap_or(0);
    TreeEstimate {
        positions: partitions_up_to(tokens, largest, limit),
        options: tokens.saturating_mul(2u64.saturating_add(tokens / 4)),
        components: tokens,
    }
}

/// `C(m + k, k)`, the number of multisets of `k` sizes from `0..=m`, saturating at `u64::MAX`.
pub fn multisets(m: u64, k: u64) -> u64 {
    let k = k.min(m);
    let mut c: u128 = 1;
    for i in 1..=k as u128 {
        // C(m+i, i) = C(m+i-1, i-1) * (m+i) / i, exact at every step.
        c = c * (m as u128 + i) / i;
        if c > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    c as u64
}

/// The number of multisets of heaps of 1 to `largest` tokens holding at most `total` tokens
/// together (the empty one included): exact when at most `limit`, otherwise some number above
/// `limit`.
///
/// Counted part size by part size (`ways[n]`: partitions of `n` into the sizes so far). Every
/// size only adds partitions, so the count can stop as soon as it exceeds `limit`: with sizes 1
/// and 2 alone there are about `total² / 4`, so at most `O(sqrt(limit))` tokens ever reach the
/// later sizes, and the work is `O(limit)` at worst.
pub fn partitions_up_to(total: u64, largest: u64, limit: u64) -> u64 {
    let largest = largest.min(total);
    if largest == 0 {
        return 1;
    }
    // The heaps of one token alone make total + 1 multisets.
    if total >= limit {
        return total.saturating_add(1);
    }
    let n = total as usize;
    let cap = limit.saturating_add(1);
    let mut ways = vec![0u64; n + 1];
    ways[0] = 1;
    let mut count = 0;
    for size in 1..=largest as usize {
        for i in size..=n {
            ways[i] = ways[i].saturating_add(ways[i - size]).min(cap);
        }
        count = ways.iter().fold(0u64, |acc, &w| acc.saturating_add(w));
        if count > limit {
            return count;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::OctalGame;
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

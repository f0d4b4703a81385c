//! Bounds on the game tree below a group of components of one ruleset, in a few arithmetic
//! steps, for [`super::Ruleset::tree_estimate`]; the bound for a whole sum, built from
//! these, is the engine's (`tree_size::estimate`). See `tree_size` for the counting
//! arguments.

use super::form::PositionForm;

/// What a tree estimate bounds: an exhaustive search from the position visits at most `positions`
/// positions, each with at most `options` options and `components` components.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeEstimate {
    /// Distinct positions, counting the root; once the count exceeds the `limit` given to
    /// the estimate it is only known to be above it.
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

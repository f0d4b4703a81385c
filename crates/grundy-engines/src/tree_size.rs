//! Upper bounds on the size of a game tree, computed before searching it.
//!
//! An exhaustive search (the `Solver` of `solve`) visits every position reachable from its root
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

use crate::kernel::component::Component;
use crate::kernel::tree_estimate::{multisets, TreeEstimate};
use crate::sum::Sum;

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

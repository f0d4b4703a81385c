//! The reference path: every option of every heap, `O(n)` work per value.
//!
//! Slow (`O(N²)` for `N` values) but obviously right; the fast solver is tested against it.

use crate::kernel::heap_rules::HeapRules;
use crate::nimber::{MexSet, Nimber};

/// `G(0..count)` by the definition: `G(n)` is the mex of the values of all options of `n`.
pub fn naive_values(rules: &HeapRules, count: usize) -> Vec<u32> {
    let take_all = rules.take_all();
    let take = rules.take();
    let split = rules.split();
    let mut values: Vec<u32> = Vec::with_capacity(count);
    let mut seen = MexSet::new();
    for n in 0..count {
        if take_all.contains(&n) {
            seen.insert(0);
        }
        for &k in take.iter().filter(|&&k| k < n) {
            seen.insert(values[n - k] as Nimber);
        }
        for &k in split.iter().filter(|&&k| k < n) {
            let rest = n - k;
            for a in 1..=rules.largest_smaller_part(rest as u64) as usize {
                seen.insert((values[a] ^ values[rest - a]) as Nimber);
            }
        }
        values.push(seen.take_mex() as u32);
    }
    values
}

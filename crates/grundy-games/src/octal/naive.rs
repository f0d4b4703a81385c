//! The reference path: every option of every heap, `O(n)` work per value.
//!
//! Slow (`O(N²)` for `N` values) but obviously right; the fast solver is tested against it.

use crate::kernel::heap_rules::HeapRules;
use crate::nimber::{MexSet, Nimber};

/// `G(0..count)` by the definition: `G(n)` is the mex of the values of all options of `n`.
pub fn naive_values(rules: &HeapRules, count: usize) -> Vec<u32> {
    let moves = Moves::of(rules);
    let mut values: Vec<u32> = Vec::with_capacity(count);
    let mut seen = MexSet::new();
    for n in 0..count {
        let g = value_by_definition(rules, &moves, n, |i| values[i], &mut seen);
        values.push(g as u32);
    }
    values
}

/// The amounts a move of `rules` may take, by what it leaves.
pub struct Moves {
    take_all: Vec<usize>,
    take: Vec<usize>,
    split: Vec<usize>,
}

impl Moves {
    /// The moves of `rules`.
    pub fn of(rules: &HeapRules) -> Self {
        Moves {
            take_all: rules.take_all(),
            take: rules.take(),
            split: rules.split(),
        }
    }

    /// The options of heap `n`, `O(n)` for a game that splits: `n` itself.
    pub fn work(&self, n: usize) -> usize {
        self.take.len() + self.split.len() * n / 2 + 1
    }
}

/// `G(n)` by the definition, from `g(i)` for every `i < n`: the mex of the values of `n`'s
/// options (`seen` is left empty).
pub fn value_by_definition(
    rules: &HeapRules,
    moves: &Moves,
    n: usize,
    g: impl Fn(usize) -> u32,
    seen: &mut MexSet,
) -> Nimber {
    if moves.take_all.contains(&n) {
        seen.insert(0);
    }
    for &k in moves.take.iter().filter(|&&k| k < n) {
        seen.insert(g(n - k) as Nimber);
    }
    for &k in moves.split.iter().filter(|&&k| k < n) {
        let rest = n - k;
        for a in 1..=rules.largest_smaller_part(rest as u64) as usize {
            seen.insert((g(a) ^ g(rest - a)) as Nimber);
        }
    }
    seen.take_mex()
}

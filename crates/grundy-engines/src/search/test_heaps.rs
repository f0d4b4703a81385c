//! Heap games for the engine's tests: a heap is keyed by its size, and a move leaves the
//! parts a rule lists (Kayles, Dawson's Kayles, Nim), valued directly by the mex rule for the
//! tests to compare against.

use super::{OptionSink, SplitGame};
use crate::nimber::{mex, Nimber};

/// Heaps whose options `rule` lists (each option its non-empty parts).
pub(super) struct Heaps {
    pub(super) rule: fn(u64) -> Vec<Vec<u64>>,
    /// Whether the engine answers by proof numbers ([`SplitGame::proof_numbers`]).
    pub(super) proof_numbers: bool,
}

/// Kayles (`0.77`): one or two adjacent pins knocked down, leaving up to two rows.
pub(super) fn kayles(n: u64) -> Vec<Vec<u64>> {
    octal(n, &[(1, 2), (2, 2)])
}

/// Dawson's Kayles (`0.137`): one pin of a lone pin, two leaving one row, three leaving two.
pub(super) fn dawson(n: u64) -> Vec<Vec<u64>> {
    octal(n, &[(1, 0), (2, 1), (3, 2)])
}

/// Nim: any number of counters from the heap.
pub(super) fn nim(n: u64) -> Vec<Vec<u64>> {
    (0..n)
        .map(|m| [m].into_iter().filter(|&p| p > 0).collect())
        .collect()
}

/// The options of a heap of `n` when a move takes `take` pins and leaves at most `heaps`.
fn octal(n: u64, moves: &[(u64, usize)]) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for &(take, heaps) in moves {
        let Some(rest) = n.checked_sub(take) else {
            continue;
        };
        for a in 0..=rest / 2 {
            let parts: Vec<u64> = [a, rest - a].into_iter().filter(|&p| p > 0).collect();
            if parts.len() <= heaps {
                options.push(parts);
            }
        }
    }
    options
}

impl Heaps {
    /// The values of heaps `0..=top` by the mex rule, parts XORed.
    pub(super) fn direct(&self, top: u64) -> Vec<Nimber> {
        let mut values: Vec<Nimber> = Vec::new();
        for n in 0..=top {
            let options = (self.rule)(n);
            values.push(mex(options
                .iter()
                .map(|o| o.iter().fold(0, |x, &p| x ^ values[p as usize]))));
        }
        values
    }
}

impl SplitGame for Heaps {
    type Key = u64;

    fn table_tag(&self) -> String {
        "heaps".into()
    }

    fn size(&self, key: &u64) -> u32 {
        *key as u32
    }

    fn move_count(&self, key: &u64) -> usize {
        (self.rule)(*key).len()
    }

    fn options<S: OptionSink<u64>>(&self, key: &u64, out: &mut S) {
        for option in (self.rule)(*key) {
            out.begin();
            option.into_iter().for_each(|p| out.component(p));
            if !out.end() {
                return;
            }
        }
    }

    fn proof_numbers(&self) -> bool {
        self.proof_numbers
    }
}

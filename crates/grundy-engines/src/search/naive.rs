//! Exhaustive search without decomposition or symmetry: the oracle the tests trust.
//!
//! A position's value is the mex of its options' values, each computed the same way and
//! memoised by the position itself (no canonical form, no splitting into components). It is
//! slow and plainly right.

use std::collections::HashMap;
use std::hash::Hash;

use crate::nimber::{mex, Nimber};

/// The value of `start` in the game whose options are given by `moves`.
pub fn value<P, F>(start: &P, moves: &F) -> Nimber
where
    P: Clone + Eq + Hash,
    F: Fn(&P) -> Vec<P>,
{
    let mut memo = HashMap::new();
    value_memo(start, moves, &mut memo)
}

/// [`value`] with a memo shared between calls.
pub fn value_memo<P, F>(start: &P, moves: &F, memo: &mut HashMap<P, Nimber>) -> Nimber
where
    P: Clone + Eq + Hash,
    F: Fn(&P) -> Vec<P>,
{
    if let Some(&v) = memo.get(start) {
        return v;
    }
    let values: Vec<Nimber> = moves(start)
        .iter()
        .map(|next| value_memo(next, moves, memo))
        .collect();
    let v = mex(values);
    memo.insert(start.clone(), v);
    v
}

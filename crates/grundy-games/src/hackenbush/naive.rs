//! The reference: Green Hackenbush values by the mex rule over every set of edges still
//! standing, with no theory at all. A position is a subset of the picture's edges (a bit
//! each); a cut clears one bit and then every edge no longer connected to the ground.
//! Exponential in the number of edges: for checking the fusion and colon principles on small
//! pictures, and for benchmarks' ratios.

use crate::kernel::error::{GameError, Result};
use crate::nimber::{mex, Nimber};

use super::Picture;

/// The most edges [`NaiveValues`] takes (its table has `2^edges` entries).
pub const MAX_NAIVE_EDGES: usize = 20;

/// The values of every position reachable in one picture, by exhaustive search.
#[derive(Debug)]
pub struct NaiveValues {
    /// The edges, as vertex numbers `0..n` (0 the ground).
    ends: Vec<(usize, usize)>,
    n: usize,
    /// `memo[mask]`: the value of the edges in `mask`, or `u64::MAX` when not yet known.
    memo: Vec<Nimber>,
}

impl NaiveValues {
    /// The search for `picture`: at most [`MAX_NAIVE_EDGES`] edges.
    pub fn new(picture: &Picture) -> Result<Self> {
        if picture.len() > MAX_NAIVE_EDGES {
            return Err(GameError::out_of_range(
                "picture searched exhaustively",
                format!("{} edges", picture.len()),
                format!("at most {MAX_NAIVE_EDGES} edges"),
            ));
        }
        let vertices = picture.vertices();
        let number = |v: u32| vertices.binary_search(&v).unwrap_or(0);
        Ok(NaiveValues {
            ends: picture
                .edges()
                .iter()
                .map(|&(a, b)| (number(a), number(b)))
                .collect(),
            n: vertices.len(),
            memo: vec![u64::MAX; 1 << picture.len()],
        })
    }

    /// Every edge present.
    pub fn full(&self) -> u32 {
        ((1u64 << self.ends.len()) - 1) as u32
    }

    /// The edges of `mask` still connected to the ground.
    pub fn grounded(&self, mask: u32) -> u32 {
        let mut reached = vec![false; self.n];
        reached[0] = true;
        let mut kept = 0u32;
        // Relax until nothing changes: at most one round per edge.
        loop {
            let mut changed = false;
            for (e, &(a, b)) in self.ends.iter().enumerate() {
                if mask >> e & 1 == 1 && kept >> e & 1 == 0 && (reached[a] || reached[b]) {
                    kept |= 1 << e;
                    reached[a] = true;
                    reached[b] = true;
                    changed = true;
                }
            }
            if !changed {
                return kept;
            }
        }
    }

    /// The positions one cut leaves from `mask`, edge by edge (in the order of the edges).
    pub fn options(&self, mask: u32) -> Vec<(usize, u32)> {
        (0..self.ends.len())
            .filter(|e| mask >> e & 1 == 1)
            .map(|e| (e, self.grounded(mask & !(1 << e))))
            .collect()
    }

    /// The value of the edges in `mask` (all connected to the ground).
    pub fn value(&mut self, mask: u32) -> Nimber {
        // An explicit stack: children before parents.
        let mut stack = vec![mask];
        while let Some(&m) = stack.last() {
            if self.memo[m as usize] != u64::MAX {
                stack.pop();
                continue;
            }
            let options = self.options(m);
            let missing: Vec<u32> = options
                .iter()
                .map(|&(_, o)| o)
                .filter(|&o| self.memo[o as usize] == u64::MAX)
                .collect();
            if missing.is_empty() {
                let values: Vec<Nimber> = options
                    .iter()
                    .map(|&(_, o)| self.memo[o as usize])
                    .collect();
                self.memo[m as usize] = mex(values);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        self.memo[mask as usize]
    }
}

/// The value of `picture` by exhaustive search.
pub fn naive_value(picture: &Picture) -> Result<Nimber> {
    let mut search = NaiveValues::new(picture)?;
    let full = search.full();
    Ok(search.value(full))
}

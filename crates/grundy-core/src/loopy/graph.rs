//! A finite move graph: positions numbered `0..n`, each with its options and its predecessors.
//!
//! Stored as two compressed adjacency lists (offsets into one array each way), because the
//! staged labelling of `loopy::gamma` walks options to count and predecessors to propagate,
//! and both must be linear in the number of moves.

use crate::kernel::error::Result;

/// A directed graph of positions and moves, cycles and self-loops allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveGraph {
    option_start: Vec<usize>,
    options: Vec<u32>,
    predecessor_start: Vec<usize>,
    predecessors: Vec<u32>,
}

impl MoveGraph {
    /// The graph on positions `0..positions` with one move per `(from, to)` pair; a repeated
    /// pair is one move. Panics when a pair names a position `>= positions` (callers number
    /// positions themselves).
    pub fn from_moves(positions: usize, moves: &[(u32, u32)]) -> Self {
        match Self::build(positions, moves, || Ok::<(), std::convert::Infallible>(())) {
            Ok(graph) => graph,
            Err(never) => match never {},
        }
    }

    /// [`MoveGraph::from_moves`] within the question's budget: the building looks at the
    /// budget and the cancel flag every few thousand moves ([`crate::kernel::cancel::check`])
    /// and stops with its refusal.
    pub fn checked_from_moves(positions: usize, moves: &[(u32, u32)]) -> Result<Self> {
        Self::build(positions, moves, crate::kernel::cancel::check)
    }

    /// Linear in the moves: a counting sort by `from`, each position's options sorted and
    /// without repeats, then a counting sort by `to` (taken in increasing `from`, so each
    /// position's predecessors come sorted). `check` is called every [`CHECK_EVERY`] moves.
    fn build<E>(
        positions: usize,
        moves: &[(u32, u32)],
        mut check: impl FnMut() -> std::result::Result<(), E>,
    ) -> std::result::Result<Self, E> {
        let mut ticks = 0usize;
        let mut tick = |check: &mut dyn FnMut() -> std::result::Result<(), E>| {
            ticks += 1;
            if ticks % CHECK_EVERY == 0 {
                check()
            } else {
                Ok(())
            }
        };
        // Options by `from`, in the order given.
        let mut start = offsets(positions, moves.iter().map(|&(from, _)| from));
        let mut placed = vec![0u32; moves.len()];
        let mut next = start.clone();
        for &(from, to) in moves {
            tick(&mut check)?;
            placed[next[from as usize]] = to;
            next[from as usize] += 1;
        }
        drop(next);
        // Each position's options sorted and without repeats, compacted in place.
        let mut options = placed;
        let mut kept = 0;
        for p in 0..positions {
            tick(&mut check)?;
            let (begin, end) = (start[p], start[p + 1]);
            options[begin..end].sort_unstable();
            start[p] = kept;
            let mut last = None;
            for i in begin..end {
                let to = options[i];
                if last != Some(to) {
                    options[kept] = to;
                    kept += 1;
                    last = Some(to);
                }
            }
        }
        start[positions] = kept;
        options.truncate(kept);
        options.shrink_to_fit();
        let option_start = start;
        // Predecessors by `to`, each list in increasing `from`.
        let predecessor_start = offsets(positions, options.iter().copied());
        let mut predecessors = vec![0u32; options.len()];
        let mut next = predecessor_start.clone();
        for from in 0..positions {
            for &to in &options[option_start[from]..option_start[from + 1]] {
                tick(&mut check)?;
                predecessors[next[to as usize]] = from as u32;
                next[to as usize] += 1;
            }
        }
        Ok(MoveGraph {
            option_start,
            options,
            predecessor_start,
            predecessors,
        })
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.option_start.len() - 1
    }

    /// Whether the graph has no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of moves.
    pub fn move_count(&self) -> usize {
        self.options.len()
    }

    /// The options of `position`, in increasing order.
    pub fn options(&self, position: u32) -> &[u32] {
        let p = position as usize;
        &self.options[self.option_start[p]..self.option_start[p + 1]]
    }

    /// The positions with a move to `position`, in increasing order.
    pub fn predecessors(&self, position: u32) -> &[u32] {
        let p = position as usize;
        &self.predecessors[self.predecessor_start[p]..self.predecessor_start[p + 1]]
    }
}

/// The moves (or positions) handled between two looks at the budget while a graph is built.
const CHECK_EVERY: usize = 1 << 14;

/// Offsets of the keys in `0..n` (in any order) grouped by key: entry `k` is where key `k`
/// starts.
fn offsets(n: usize, keys: impl Iterator<Item = u32>) -> Vec<usize> {
    let mut start = vec![0usize; n + 1];
    for key in keys {
        start[key as usize + 1] += 1;
    }
    for k in 0..n {
        start[k + 1] += start[k];
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_and_predecessors() {
        let g = MoveGraph::from_moves(3, &[(0, 1), (1, 0), (0, 2), (0, 1), (2, 2)]);
        assert_eq!(g.len(), 3);
        assert_eq!(g.move_count(), 4);
        assert_eq!(g.options(0), &[1, 2]);
        assert_eq!(g.options(2), &[2]);
        assert_eq!(g.predecessors(2), &[0, 2]);
        assert_eq!(g.predecessors(0), &[1]);
        assert!(MoveGraph::from_moves(0, &[]).is_empty());
    }
}

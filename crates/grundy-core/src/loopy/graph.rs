//! A finite move graph: positions numbered `0..n`, each with its options and its predecessors.
//!
//! Stored as two compressed adjacency lists (offsets into one array each way), because the
//! staged labelling of `loopy::gamma` walks options to count and predecessors to propagate,
//! and both must be linear in the number of moves.

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
        let mut moves = moves.to_vec();
        moves.sort_unstable();
        moves.dedup();
        let option_start = offsets(positions, moves.iter().map(|&(from, _)| from));
        let options = moves.iter().map(|&(_, to)| to).collect();
        moves.sort_unstable_by_key(|&(from, to)| (to, from));
        let predecessor_start = offsets(positions, moves.iter().map(|&(_, to)| to));
        let predecessors = moves.iter().map(|&(from, _)| from).collect();
        MoveGraph {
            option_start,
            options,
            predecessor_start,
            predecessors,
        }
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

/// Offsets of a sorted list of keys in `0..n`: entry `k` is where key `k` starts.
fn offsets(n: usize, sorted_keys: impl Iterator<Item = u32>) -> Vec<usize> {
    let mut start = vec![0usize; n + 1];
    for key in sorted_keys {
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

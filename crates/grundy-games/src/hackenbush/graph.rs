//! A picture as the algorithms see it: its vertices renumbered `0..n` (the ground is 0), its
//! edges as pairs of those numbers, and adjacency lists; what is connected to the ground; and
//! the bridges (the edges on no cycle), found by one depth-first search.
//!
//! Every function here is linear in the number of edges (plus one sort of the vertex names when
//! they are sparse), and none recurses: a stalk of a million edges is a path a million deep.

/// A multigraph on the vertices `0..n`, vertex 0 the ground.
#[derive(Debug, Clone)]
pub(crate) struct Graph {
    /// How many vertices.
    pub n: usize,
    /// The ends of each edge (a loop has both ends equal).
    pub ends: Vec<(u32, u32)>,
    /// `adjacent[start[v]..start[v + 1]]`: the (neighbour, edge) pairs of `v`, loops left out
    /// (a loop joins nothing to anything).
    start: Vec<usize>,
    adjacent: Vec<(u32, u32)>,
}

impl Graph {
    /// The graph on `n` vertices with these edges (every end below `n`).
    pub fn new(n: usize, ends: Vec<(u32, u32)>) -> Self {
        let mut degree = vec![0usize; n + 1];
        for &(a, b) in &ends {
            if a != b {
                degree[a as usize] += 1;
                degree[b as usize] += 1;
            }
        }
        let mut start = vec![0usize; n + 1];
        for v in 0..n {
            start[v + 1] = start[v] + degree[v];
        }
        let mut fill = start.clone();
        let mut adjacent = vec![(0u32, 0u32); start[n]];
        for (e, &(a, b)) in ends.iter().enumerate() {
            if a != b {
                adjacent[fill[a as usize]] = (b, e as u32);
                fill[a as usize] += 1;
                adjacent[fill[b as usize]] = (a, e as u32);
                fill[b as usize] += 1;
            }
        }
        Graph {
            n,
            ends,
            start,
            adjacent,
        }
    }

    /// The (neighbour, edge) pairs of `v`, loops left out.
    pub fn around(&self, v: u32) -> &[(u32, u32)] {
        &self.adjacent[self.start[v as usize]..self.start[v as usize + 1]]
    }

    /// Which vertices are connected to vertex 0 when the edges marked in `gone` are removed.
    pub fn reached_without(&self, gone: Option<usize>) -> Vec<bool> {
        let mut seen = vec![false; self.n];
        if self.n == 0 {
            return seen;
        }
        seen[0] = true;
        let mut stack = vec![0u32];
        while let Some(v) = stack.pop() {
            for &(w, e) in self.around(v) {
                if Some(e as usize) != gone && !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        seen
    }

    /// Which edges are bridges: on no cycle, so that cutting one disconnects what lies beyond
    /// it. Loops and parallel edges are never bridges. The graph must be connected (every
    /// vertex reached from 0): Tarjan's low-link search, kept on an explicit stack.
    pub fn bridges(&self) -> Vec<bool> {
        let mut bridge = vec![false; self.ends.len()];
        if self.n == 0 {
            return bridge;
        }
        const UNSEEN: u32 = u32::MAX;
        let mut order = vec![UNSEEN; self.n];
        let mut low = vec![0u32; self.n];
        // (vertex, the edge it was entered by, the next neighbour to look at)
        let mut stack: Vec<(u32, u32, usize)> = vec![(0, u32::MAX, 0)];
        order[0] = 0;
        low[0] = 0;
        let mut clock = 1u32;
        while let Some(top) = stack.last_mut() {
            let (v, entered, next) = *top;
            if let Some(&(w, e)) = self.around(v).get(next) {
                top.2 += 1;
                if e == entered {
                    continue;
                }
                if order[w as usize] == UNSEEN {
                    order[w as usize] = clock;
                    low[w as usize] = clock;
                    clock += 1;
                    stack.push((w, e, 0));
                } else {
                    low[v as usize] = low[v as usize].min(order[w as usize]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    let (p, v) = (parent as usize, v as usize);
                    low[p] = low[p].min(low[v]);
                    if low[v] > order[p] {
                        bridge[entered as usize] = true;
                    }
                }
            }
        }
        bridge
    }
}

/// Vertex names renumbered `0..n` with the ground (name 0) as 0, in increasing order of name.
#[derive(Debug, Clone)]
pub(crate) struct Names {
    /// The name of each vertex number.
    pub names: Vec<u32>,
    /// Dense names: `index[name]` is the number (`u32::MAX` for no vertex); sparse names are
    /// found by binary search in `names`.
    index: Option<Vec<u32>>,
}

impl Names {
    /// The names used by `edges`, and the ground.
    pub fn of(edges: &[(u32, u32)]) -> Self {
        let largest = edges.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0) as usize;
        // Names up to a few times the edge count (the usual case) get a direct index.
        if largest <= 8 * edges.len() + 64 {
            let mut index = vec![u32::MAX; largest + 1];
            index[0] = 0;
            for &(a, b) in edges {
                index[a as usize] = 0;
                index[b as usize] = 0;
            }
            let mut names = Vec::new();
            for (name, slot) in index.iter_mut().enumerate() {
                if *slot == 0 {
                    *slot = names.len() as u32;
                    names.push(name as u32);
                }
            }
            return Names {
                names,
                index: Some(index),
            };
        }
        let mut names: Vec<u32> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
        names.push(0);
        names.sort_unstable();
        names.dedup();
        Names { names, index: None }
    }

    /// The number of vertex `name` (which must be one of the names).
    pub fn number(&self, name: u32) -> u32 {
        match &self.index {
            Some(index) => index[name as usize],
            None => self
                .names
                .binary_search(&name)
                .map_or(u32::MAX, |i| i as u32),
        }
    }

    /// The graph of `edges` on these numbers.
    pub fn graph(&self, edges: &[(u32, u32)]) -> Graph {
        let ends = edges
            .iter()
            .map(|&(a, b)| (self.number(a), self.number(b)))
            .collect();
        Graph::new(self.names.len(), ends)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bridges_of_a_small_picture() {
        // 0-1 (bridge), 1-2, 2-3, 3-1 (a triangle), 3-4 (bridge), 4-4 (loop), 4-5, 4-5 (parallel).
        let g = Graph::new(
            6,
            vec![
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 1),
                (3, 4),
                (4, 4),
                (4, 5),
                (4, 5),
            ],
        );
        assert_eq!(
            g.bridges(),
            [true, false, false, false, true, false, false, false]
        );
        let seen = g.reached_without(Some(4));
        assert_eq!(seen, [true, true, true, true, false, false]);
    }

    #[test]
    fn sparse_and_dense_names_number_alike() {
        let dense = Names::of(&[(0, 5), (5, 2)]);
        assert_eq!(dense.names, [0, 2, 5]);
        assert_eq!(dense.number(5), 2);
        let sparse = Names::of(&[(0, 4_000_000_000), (4_000_000_000, 7)]);
        assert_eq!(sparse.names, [0, 7, 4_000_000_000]);
        assert_eq!(sparse.number(4_000_000_000), 2);
        assert_eq!(sparse.number(9), u32::MAX);
    }

    #[test]
    fn a_stalk_a_million_deep_needs_no_recursion() {
        let n = 1_000_000u32;
        let g = Graph::new(n as usize + 1, (0..n).map(|i| (i, i + 1)).collect());
        assert!(g.bridges().iter().all(|&b| b));
    }
}

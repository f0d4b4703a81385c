//! The value of a picture by the fusion and colon principles (Winning Ways, ch. 7; Ferguson,
//! Part I, §6; see `docs/bibliography.md`).
//!
//! * **Fusion.** The vertices on a cycle may be fused into one vertex without changing the
//!   value; the cycle's edges then join a vertex to itself, and a loop is worth a single edge.
//!   Fusing cycle after cycle fuses every class of vertices joined by two edge-disjoint paths
//!   (a *block* here: what is left connected when the bridges are removed). A block of `k`
//!   edges becomes one vertex with `k` loops, worth `k mod 2` edges (`*0` or `*1`).
//! * **Colon.** What is left is a tree of bridges between blocks. A bamboo stalk of `n` edges
//!   is worth `*n`; branches meeting at a vertex are worth the nim-sum of their values; an edge
//!   below a part worth `*v` makes a stalk worth `*(v + 1)`. So, from the top down to the ground,
//!   `value(B) = (loops(B) mod 2) XOR the XOR over B's child blocks C of (value(C) + 1)`.
//!
//! Both steps are linear: the bridges come from one depth-first search ([`Graph::bridges`]),
//! the blocks from one more pass, the values from one pass up the tree.

use super::graph::Graph;
use crate::nimber::Nimber;

/// No block: the parent of the root.
pub(crate) const NONE: u32 = u32::MAX;

/// A picture fused: its blocks, the tree of bridges between them and each block's value.
#[derive(Debug, Clone)]
pub(crate) struct Fusion {
    /// Whether each edge is a bridge.
    pub bridge: Vec<bool>,
    /// The block of each vertex. Blocks are numbered so that a parent comes before its
    /// children: the ground's block is 0.
    pub block: Vec<u32>,
    /// The edges inside each block (each one a loop once the block is fused).
    pub loops: Vec<u64>,
    /// The parent of each block ([`NONE`] for the ground's).
    pub parent: Vec<u32>,
    /// The bridge from each block down to its parent ([`NONE`] for the ground's).
    pub stem: Vec<u32>,
    /// Each block's value: the value of the block with everything above it, as a picture
    /// standing on the vertex where its stem arrives.
    pub value: Vec<Nimber>,
}

impl Fusion {
    /// The fusion of `graph`, every vertex of which is connected to vertex 0 (the ground).
    /// `weights`, when given, hangs a stalk of `weights[v]` edges on each vertex `v` (how a
    /// part of a picture sees what hangs on it, by the colon principle).
    pub fn of(graph: &Graph, weights: Option<&[Nimber]>) -> Fusion {
        let bridge = graph.bridges();
        let (block, count) = blocks(graph, &bridge);
        let mut loops = vec![0u64; count];
        let mut parent = vec![NONE; count];
        let mut stem = vec![NONE; count];
        for (e, &(a, b)) in graph.ends.iter().enumerate() {
            let (x, y) = (block[a as usize], block[b as usize]);
            if bridge[e] {
                // Parents are numbered before their children.
                let child = x.max(y);
                parent[child as usize] = x.min(y);
                stem[child as usize] = e as u32;
            } else {
                loops[x as usize] += 1;
            }
        }
        let mut acc: Vec<Nimber> = loops.iter().map(|&l| l & 1).collect();
        if let Some(w) = weights {
            for (v, &h) in w.iter().enumerate() {
                acc[block[v] as usize] ^= h;
            }
        }
        for b in (1..count).rev() {
            let p = parent[b] as usize;
            acc[p] ^= acc[b] + 1;
        }
        Fusion {
            bridge,
            block,
            loops,
            parent,
            stem,
            value: acc,
        }
    }

    /// How many blocks.
    pub fn count(&self) -> usize {
        self.loops.len()
    }

    /// The value of the whole picture: its ground block's.
    pub fn total(&self) -> Nimber {
        self.value.first().copied().unwrap_or(0)
    }

    /// The end of block `b`'s stem inside `b` (where it stands), or the ground for block 0.
    pub fn foot(&self, graph: &Graph, b: usize) -> u32 {
        match self.stem[b] {
            NONE => 0,
            e => {
                let (x, y) = graph.ends[e as usize];
                if self.block[x as usize] as usize == b {
                    x
                } else {
                    y
                }
            }
        }
    }

    /// The end of block `b`'s stem in its parent (where `b` hangs).
    pub fn hook(&self, graph: &Graph, b: usize) -> u32 {
        let (x, y) = graph.ends[self.stem[b] as usize];
        if self.block[x as usize] as usize == b {
            y
        } else {
            x
        }
    }
}

/// The block of each vertex and how many blocks, numbered in the order a breadth-first search
/// from the ground meets them (so a block's parent has a smaller number).
fn blocks(graph: &Graph, bridge: &[bool]) -> (Vec<u32>, usize) {
    let mut order = Vec::with_capacity(graph.n);
    let mut seen = vec![false; graph.n];
    if graph.n > 0 {
        seen[0] = true;
        order.push(0u32);
    }
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &(w, _) in graph.around(v) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                order.push(w);
            }
        }
    }
    let mut block = vec![NONE; graph.n];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for &v in &order {
        if block[v as usize] != NONE {
            continue;
        }
        block[v as usize] = count;
        stack.push(v);
        while let Some(x) = stack.pop() {
            for &(w, e) in graph.around(x) {
                if !bridge[e as usize] && block[w as usize] == NONE {
                    block[w as usize] = count;
                    stack.push(w);
                }
            }
        }
        count += 1;
    }
    (block, count as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hackenbush::graph::Names;
    use crate::hackenbush::Picture;

    fn value(text: &str) -> Nimber {
        let p: Picture = text.parse().unwrap();
        let names = Names::of(p.edges());
        Fusion::of(&names.graph(p.edges()), None).total()
    }

    #[test]
    fn stalks_trees_and_cycles() {
        // A bamboo stalk of n edges is *n (Winning Ways, ch. 7; Ferguson §6.1).
        for n in 0..20 {
            assert_eq!(value(&format!("stalk:{n}")), n);
        }
        // Stalks side by side are Nim.
        assert_eq!(value("stalk:3,stalk:4,stalk:5"), 3 ^ 4 ^ 5);
        // Colon: two leaves on a stem: (1 XOR 1) + 1 = 1; three: (1 XOR 1 XOR 1) + 1 = 2.
        assert_eq!(value("star:2"), 1);
        assert_eq!(value("star:3"), 2);
        // Fusion: an odd cycle on a stem is an edge on the stem (2), an even one nothing (1).
        assert_eq!(value("cycle:3"), 2);
        assert_eq!(value("cycle:4"), 1);
        assert_eq!(value("cycle:1"), 2);
        // A cycle through the ground fuses into the ground.
        assert_eq!(value("path:5"), 1);
        assert_eq!(value("path:6"), 0);
        assert_eq!(value("ground"), 0);
    }

    #[test]
    fn weights_hang_stalks() {
        // A triangle on the ground with a stalk of 2 on vertex 1: 3 loops (1) XOR 2 = 3.
        let g = Graph::new(3, vec![(0, 1), (1, 2), (0, 2)]);
        assert_eq!(Fusion::of(&g, Some(&[0, 2, 0])).total(), 3);
        assert_eq!(Fusion::of(&g, None).total(), 1);
    }
}

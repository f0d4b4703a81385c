//! Which cuts of a picture leave a chosen value: every winning move, found without trying
//! each cut on the whole picture.
//!
//! Fuse the picture (the `fusion` module) and walk its tree of blocks from the ground up, carrying the
//! value each block must take for the whole picture to reach the target. A block `B` of value
//! `v` that must become `t`, with a child block `C` of value `c`:
//!
//! * cutting `C`'s stem removes `C` and all above it, and `B` becomes `v XOR (c + 1)`: a
//!   winning cut exactly when `t XOR v XOR (c + 1) = 0`;
//! * a cut above the stem leaves `C` standing with some value `x`, and `B` becomes
//!   `v XOR (c + 1) XOR (x + 1)`; so `C` must become `x = (t XOR v XOR (c + 1)) - 1`, which is
//!   impossible when that XOR is 0 (no cut above the stem is searched then);
//! * cutting an edge inside `B` (an edge on a cycle) disconnects nothing, but it changes `B`'s
//!   own structure: `B` without the edge is fused again on its own, with what hangs on each of
//!   its vertices counted as a stalk of `c + 1` edges (the colon principle), and compared with
//!   `t`.
//!
//! Bridges cost nothing each; an edge inside a block costs a fusion of that block, so a block
//! of `k` edges costs about `k²` steps. [`MAX_CYCLE_WORK`] bounds the sum of those costs.

use super::fusion::Fusion;
use super::graph::{Graph, Names};
use super::Picture;
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;

/// The most work, in edges visited, that finding the cuts inside blocks may take: the sum over
/// the blocks searched of (edges inside) × (edges and vertices inside): about 2 · 10^10
/// instructions, 2 s on the benchmark machine (one cycle of 7,071 edges, BENCHMARKS.md).
pub const MAX_CYCLE_WORK: u64 = 100_000_000;

/// The edges of `picture` (indices from 0, ascending) whose cut leaves a picture of value
/// `target`.
pub fn cuts_to_value(picture: &Picture, target: Nimber) -> Result<Vec<usize>> {
    let names = Names::of(picture.edges());
    let graph = names.graph(picture.edges());
    let fusion = Fusion::of(&graph, None);
    let count = fusion.count();
    if count == 0 || picture.is_empty() {
        return Ok(Vec::new());
    }
    // need[b]: the value block b must take, if any.
    let mut need: Vec<Option<Nimber>> = vec![None; count];
    need[0] = Some(target);
    let mut found = Vec::new();
    // Parents are numbered before children, so one pass in order carries the needs up.
    for b in 1..count {
        let p = fusion.parent[b] as usize;
        let Some(t) = need[p] else { continue };
        let w = t ^ fusion.value[p] ^ (fusion.value[b] + 1);
        if w == 0 {
            found.push(fusion.stem[b] as usize);
        } else {
            need[b] = Some(w - 1);
        }
    }
    let inside = Inside::new(&graph, &fusion, &need)?;
    for (b, t) in need.iter().enumerate() {
        if let Some(t) = *t {
            inside.cuts(b, t, &mut found)?;
        }
    }
    found.sort_unstable();
    Ok(found)
}

/// The edges inside the blocks that are searched, and what hangs on their vertices.
struct Inside<'a> {
    graph: &'a Graph,
    fusion: &'a Fusion,
    /// The vertices of each block, and the edges inside each block.
    vertices: Vec<Vec<u32>>,
    edges: Vec<Vec<u32>>,
    /// What hangs on each vertex: the XOR of `value + 1` over the blocks whose stem ends there.
    weight: Vec<Nimber>,
}

impl<'a> Inside<'a> {
    /// Gathers the blocks with edges inside that must take a value, after checking their cost
    /// against [`MAX_CYCLE_WORK`].
    fn new(graph: &'a Graph, fusion: &'a Fusion, need: &[Option<Nimber>]) -> Result<Self> {
        let count = fusion.count();
        let searched = |b: usize| need[b].is_some() && fusion.loops[b] > 0;
        let mut vertices = vec![Vec::new(); count];
        for v in 0..graph.n as u32 {
            let b = fusion.block[v as usize] as usize;
            if searched(b) {
                vertices[b].push(v);
            }
        }
        let mut work = 0u64;
        for (b, list) in vertices.iter().enumerate() {
            if searched(b) {
                let k = fusion.loops[b];
                work = work.saturating_add(k.saturating_mul(k + list.len() as u64));
            }
        }
        if work > MAX_CYCLE_WORK {
            return Err(GameError::too_large(
                "finding every winning cut of this picture",
                format!(
                    "its cycles would take {work} steps (each edge on a cycle is tried by fusing its block again), and at most {MAX_CYCLE_WORK} are allowed; the value itself is computed at any size"
                ),
            ));
        }
        let mut edges = vec![Vec::new(); count];
        for (e, &(a, _)) in graph.ends.iter().enumerate() {
            let b = fusion.block[a as usize] as usize;
            if !fusion.bridge[e] && searched(b) {
                edges[b].push(e as u32);
            }
        }
        let mut weight = vec![0; graph.n];
        for b in 1..count {
            if searched(fusion.parent[b] as usize) {
                weight[fusion.hook(graph, b) as usize] ^= fusion.value[b] + 1;
            }
        }
        Ok(Inside {
            graph,
            fusion,
            vertices,
            edges,
            weight,
        })
    }

    /// Adds the edges inside block `b` whose cut gives `b` the value `t`.
    fn cuts(&self, b: usize, t: Nimber, found: &mut Vec<usize>) -> Result<()> {
        if self.edges[b].is_empty() {
            return Ok(());
        }
        let foot = self.fusion.foot(self.graph, b);
        // The block on its own: its foot first, the other vertices after it.
        let list = &self.vertices[b];
        let mut local = Vec::with_capacity(list.len());
        let mut number = std::collections::HashMap::with_capacity(list.len());
        number.insert(foot, 0u32);
        local.push(foot);
        for &v in list {
            if v != foot {
                number.insert(v, local.len() as u32);
                local.push(v);
            }
        }
        let weights: Vec<Nimber> = local.iter().map(|&v| self.weight[v as usize]).collect();
        let ends: Vec<(u32, u32)> = self.edges[b]
            .iter()
            .map(|&e| {
                let (x, y) = self.graph.ends[e as usize];
                (number[&x], number[&y])
            })
            .collect();
        let value = self.fusion.value[b];
        for (i, &e) in self.edges[b].iter().enumerate() {
            crate::kernel::cancel::check()?;
            let (x, y) = self.graph.ends[e as usize];
            // Without a loop the block is the same block with one loop fewer.
            let after = if x == y {
                value ^ 1
            } else {
                let mut without = ends.clone();
                without.swap_remove(i);
                let g = Graph::new(local.len(), without);
                Fusion::of(&g, Some(&weights)).total()
            };
            if after == t {
                found.push(e as usize);
            }
        }
        Ok(())
    }
}

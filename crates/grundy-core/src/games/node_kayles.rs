//! Node-Kayles: a move picks a vertex still in play and takes it and its neighbours out;
//! whoever cannot move loses.
//!
//! On a path of `n` vertices this is the octal game Dawson's chess, `0.137`, on a heap of `n`
//! (an end vertex takes two vertices, an inner one three and may split the path). A position
//! ([`GraphPosition`]) splits into the connected components of the vertices in play; each is
//! searched by [`crate::search`] in canonical form (a relabelling of the graph, see
//! [`crate::search::canon`]). A lone vertex is worth 1 and so is a complete graph (any move
//! ends it).
//!
//! ```
//! use grundy_core::games::graph::GraphPosition;
//! use grundy_core::games::node_kayles;
//! let path: GraphPosition = "path:5".parse().unwrap();
//! // Dawson's chess 0.137: G(5) = 3 (and G(n) = G_0.07(n + 1), Dawson's Kayles one longer).
//! assert_eq!(node_kayles::value(&path).unwrap(), 3);
//! ```

use std::time::Duration;

use super::graph::{components, induced, GraphPosition};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::canon::{canonical_graph, twin_classes, GraphKey};
use crate::search::mirror::mirror_involution;
use crate::search::{Engine, OptionSink, Options, SplitGame};

/// Memory for the table of [`value`] and [`moves_to_value`].
pub const DEFAULT_MEMORY: usize = 64 << 20;
/// Time [`value`] and [`moves_to_value`] may search before giving up with an error.
pub const DEFAULT_TIME_BUDGET: Duration = Duration::from_secs(10);

/// Node-Kayles as a [`SplitGame`]: components are canonical graphs.
#[derive(Debug, Clone, Copy, Default)]
pub struct NodeKayles;

/// Adds the components of `alive` in `adj` to the current option: lone vertices and complete
/// graphs as the value 1, the rest as canonical graphs.
fn push_components<S: OptionSink<GraphKey>>(adj: &[u64], alive: u64, out: &mut S) {
    for comp in components(adj, alive) {
        let n = comp.count_ones();
        let complete = (0..adj.len())
            .filter(|v| comp >> v & 1 == 1)
            .all(|v| (adj[v] & comp).count_ones() == n - 1);
        if complete {
            out.value(1);
        } else {
            out.component(canonical_graph(&induced(adj, comp)));
        }
    }
}

impl SplitGame for NodeKayles {
    type Key = GraphKey;

    fn table_tag(&self) -> String {
        "node-kayles".into()
    }

    fn size(&self, key: &GraphKey) -> u32 {
        key.vertices() as u32
    }

    fn move_count(&self, key: &GraphKey) -> usize {
        key.vertices()
    }

    /// A graph with a mirror ([`mirror_involution`]) is a P-position: the second player
    /// answers every move with its image. Asked of the graph asked about only.
    fn value_outright(
        &self,
        key: &GraphKey,
        _memory_bytes: usize,
        _check: &mut dyn FnMut() -> Result<()>,
    ) -> Option<Result<Nimber>> {
        mirror_involution(&key.adjacency()).map(|_| Ok(0))
    }

    fn options<S: OptionSink<GraphKey>>(&self, key: &GraphKey, out: &mut S) {
        let adj = key.adjacency();
        let alive = super::graph::all(adj.len());
        // Taking a vertex or its twin leaves isomorphic graphs: one option stands for both.
        let twin = twin_classes(&adj);
        for v in 0..adj.len() {
            if twin[v] as usize != v {
                continue;
            }
            out.begin();
            push_components(&adj, alive & !(adj[v] | 1 << v), out);
            if !out.end() {
                return;
            }
        }
    }
}

/// The canonical components of `position` that need search, and the XOR of the values known
/// without it.
pub fn components_of(position: &GraphPosition) -> (Vec<GraphKey>, Nimber) {
    let adj: Vec<u64> = (0..position.vertices())
        .map(|v| position.neighbours(v))
        .collect();
    let mut out = Options::default();
    out.begin();
    push_components(&adj, position.alive(), &mut out);
    let (keys, x) = out.get(0);
    (keys.to_vec(), x)
}

/// The legal moves: the vertices in play.
pub fn moves(position: &GraphPosition) -> Vec<usize> {
    (0..position.vertices())
        .filter(|v| position.alive() >> v & 1 == 1)
        .collect()
}

/// The position after picking `vertex`.
pub fn play(position: &GraphPosition, vertex: usize) -> Result<GraphPosition> {
    if vertex >= position.vertices() {
        return Err(GameError::IllegalMove(format!(
            "there is no vertex {vertex}: the graph's vertices are numbered 0 to {}",
            position.vertices().saturating_sub(1)
        )));
    }
    if position.alive() >> vertex & 1 == 0 {
        return Err(GameError::IllegalMove(format!(
            "vertex {vertex} is already gone: choose a vertex still in play"
        )));
    }
    Ok(position.without(position.neighbours(vertex) | 1 << vertex))
}

fn default_engine() -> Engine<NodeKayles> {
    let mut engine = Engine::new(NodeKayles, DEFAULT_MEMORY);
    engine.set_time_budget(Some(DEFAULT_TIME_BUDGET));
    engine
}

/// The value of `position`, searched within [`DEFAULT_TIME_BUDGET`].
pub fn value(position: &GraphPosition) -> Result<Nimber> {
    value_with(position, &mut default_engine())
}

/// The value of `position`, searched by `engine`.
pub fn value_with(position: &GraphPosition, engine: &mut Engine<NodeKayles>) -> Result<Nimber> {
    let (keys, x) = components_of(position);
    Ok(engine.value_of_sum(&keys)? ^ x)
}

/// The vertices whose pick leaves a position of value `target` (winning moves for 0).
pub fn moves_to_value(position: &GraphPosition, target: Nimber) -> Result<Vec<usize>> {
    let mut engine = default_engine();
    let mut out = Vec::new();
    for v in moves(position) {
        if value_with(&play(position, v)?, &mut engine)? == target {
            out.push(v);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::OctalGame;
    use crate::search::naive;

    fn naive_value(p: &GraphPosition) -> Nimber {
        naive::value(p, &|p: &GraphPosition| {
            moves(p).into_iter().map(|v| play(p, v).unwrap()).collect()
        })
    }

    #[test]
    fn graphs_with_a_mirror_are_worth_zero() {
        crate::games::graph::check_mirrors_are_lost(|| NodeKayles, naive_value, value_with);
    }

    /// Node-Kayles on the path of n vertices is 0.137 on a heap of n (same index). The
    /// table keeps each path met, so the paths to 64 expand each path a few times, not anew
    /// in every option (when graph keys got no room for their heap bytes the table stored nothing, and
    /// path:64 alone expanded 415,894 components).
    #[test]
    fn paths_are_dawsons_chess() {
        let dawson = OctalGame::named("0.137").unwrap();
        let mut e = Engine::new(NodeKayles, 1 << 24);
        for n in 0..=64u64 {
            let path: GraphPosition = format!("path:{n}").parse().unwrap();
            assert_eq!(
                value_with(&path, &mut e).unwrap(),
                dawson.value(n).unwrap(),
                "path:{n}"
            );
        }
        let expanded = e.stats().expanded;
        // A few expansions a path (192 when written), not hundreds of thousands.
        assert!(expanded <= 4 * 65, "{expanded} components expanded");
        assert!(e.stats().table.entries >= 60);
    }

    #[test]
    fn every_small_graph_matches_exhaustive_search() {
        // Against the search without canonical forms or pruning.
        let mut e = Engine::new(NodeKayles, 1 << 22);
        for g in super::super::graph::checked_graphs() {
            assert_eq!(value_with(&g, &mut e).unwrap(), naive_value(&g), "{g}");
        }
    }

    #[test]
    fn small_graphs_match_exhaustive_search() {
        let mut e = Engine::new(NodeKayles, 1 << 22);
        for name in [
            "cycle:7",
            "cycle:10",
            "grid:3x3",
            "grid:2x5",
            "star:5",
            "complete:6",
        ] {
            let g: GraphPosition = name.parse().unwrap();
            assert_eq!(value_with(&g, &mut e).unwrap(), naive_value(&g), "{name}");
        }
        // Random graphs on up to 10 vertices.
        let mut seed = 7u64;
        for n in 2..=10usize {
            for _ in 0..6 {
                let mut edges = vec![];
                for a in 0..n {
                    for b in a + 1..n {
                        seed = crate::search::table::mix64(seed + 1);
                        if seed % 3 == 0 {
                            edges.push((a, b));
                        }
                    }
                }
                let g = GraphPosition::from_edges(n, &edges).unwrap();
                assert_eq!(value_with(&g, &mut e).unwrap(), naive_value(&g), "{g}");
            }
        }
    }

    #[test]
    fn winning_moves_leave_zero() {
        let g: GraphPosition = "grid:2x3".parse().unwrap();
        let wins = moves_to_value(&g, 0).unwrap();
        assert_eq!(wins.is_empty(), naive_value(&g) == 0);
        for v in wins {
            assert_eq!(naive_value(&play(&g, v).unwrap()), 0);
        }
        assert!(play(&g.without(1), 0).is_err());
    }
}

//! Arc-Kayles: a move picks an edge whose two ends are in play and takes both ends out (and
//! so every edge at them); whoever cannot move loses.
//!
//! On a path of `n` vertices this is Dawson's Kayles, `0.07`, on a heap of `n` (the same game
//! as Cram on a `1 × n` strip): a move takes two adjacent vertices and may split the path.
//! (It is not Kayles, `0.77`, which also allows taking one pin.) A position
//! ([`GraphPosition`]) splits into the connected components of the vertices in play, each
//! searched in canonical form by [`crate::search`]; a lone vertex is worth 0 and a lone edge 1.
//!
//! ```
//! use grundy_core::games::arc_kayles;
//! use grundy_core::games::graph::GraphPosition;
//! let path: GraphPosition = "path:5".parse().unwrap();
//! // Dawson's Kayles 0.07: G(5) = 0, a P-position; one vertex more, G(6) = 3.
//! assert_eq!(arc_kayles::value(&path).unwrap(), 0);
//! assert_eq!(arc_kayles::value(&"path:6".parse().unwrap()).unwrap(), 3);
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

/// Arc-Kayles as a [`SplitGame`]: components are canonical graphs.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArcKayles;

/// Adds the components of `alive` in `adj` to the current option: lone vertices (worth 0)
/// are left out, lone edges count as the value 1, the rest are canonical graphs.
fn push_components<S: OptionSink<GraphKey>>(adj: &[u64], alive: u64, out: &mut S) {
    for comp in components(adj, alive) {
        match comp.count_ones() {
            1 => {}
            2 => out.value(1),
            _ => out.component(canonical_graph(&induced(adj, comp))),
        }
    }
}

impl SplitGame for ArcKayles {
    type Key = GraphKey;

    fn table_tag(&self) -> String {
        "arc-kayles".into()
    }

    fn size(&self, key: &GraphKey) -> u32 {
        key.vertices() as u32
    }

    fn move_count(&self, key: &GraphKey) -> usize {
        key.adjacency()
            .iter()
            .map(|r| r.count_ones() as usize)
            .sum::<usize>()
            / 2
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
        // Permuting a twin class is an automorphism, so two edges joining the same two twin
        // classes (or two vertices of one class) leave isomorphic graphs: the first stands
        // for all (K_n has one option, not n(n-1)/2).
        let twin = twin_classes(&adj);
        let mut seen = vec![0u64; adj.len()];
        for v in 0..adj.len() {
            let mut higher = adj[v] & !super::graph::all(v + 1);
            while higher != 0 {
                let w = higher.trailing_zeros();
                higher &= higher - 1;
                let (a, b) = (twin[v] as usize, twin[w as usize] as usize);
                let (a, b) = (a.min(b), a.max(b));
                if seen[a] >> b & 1 == 1 {
                    continue;
                }
                seen[a] |= 1 << b;
                out.begin();
                push_components(&adj, alive & !(1 << v | 1 << w), out);
                if !out.end() {
                    return;
                }
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

/// The legal moves: the edges with both ends in play (`v < w`).
pub fn moves(position: &GraphPosition) -> Vec<(usize, usize)> {
    position.edges()
}

/// The position after picking the edge `v-w`.
pub fn play(position: &GraphPosition, (v, w): (usize, usize)) -> Result<GraphPosition> {
    let n = position.vertices();
    if let Some(x) = [v, w].into_iter().find(|&x| x >= n) {
        return Err(GameError::IllegalMove(format!(
            "there is no vertex {x}: the graph's vertices are numbered 0 to {}",
            n.saturating_sub(1)
        )));
    }
    if !position.adjacent(v, w) {
        return Err(GameError::IllegalMove(format!(
            "vertices {v} and {w} are not joined by an edge: choose two neighbours"
        )));
    }
    if let Some(x) = [v, w].into_iter().find(|&x| position.alive() >> x & 1 == 0) {
        return Err(GameError::IllegalMove(format!(
            "vertex {x} is already gone, and the edge {v}-{w} with it"
        )));
    }
    Ok(position.without(1 << v | 1 << w))
}

fn default_engine() -> Engine<ArcKayles> {
    let mut engine = Engine::new(ArcKayles, DEFAULT_MEMORY);
    engine.set_time_budget(Some(DEFAULT_TIME_BUDGET));
    engine
}

/// The value of `position`, searched within [`DEFAULT_TIME_BUDGET`].
pub fn value(position: &GraphPosition) -> Result<Nimber> {
    value_with(position, &mut default_engine())
}

/// The value of `position`, searched by `engine`.
pub fn value_with(position: &GraphPosition, engine: &mut Engine<ArcKayles>) -> Result<Nimber> {
    let (keys, x) = components_of(position);
    Ok(engine.value_of_sum(&keys)? ^ x)
}

/// The edges whose pick leaves a position of value `target` (winning moves for 0).
pub fn moves_to_value(position: &GraphPosition, target: Nimber) -> Result<Vec<(usize, usize)>> {
    let mut engine = default_engine();
    let mut out = Vec::new();
    for e in moves(position) {
        if value_with(&play(position, e)?, &mut engine)? == target {
            out.push(e);
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
            moves(p).into_iter().map(|e| play(p, e).unwrap()).collect()
        })
    }

    #[test]
    fn graphs_with_a_mirror_are_worth_zero() {
        crate::games::graph::check_mirrors_are_lost(ArcKayles, naive_value, value_with);
    }

    #[test]
    fn paths_are_dawsons_kayles_not_kayles() {
        let dawson = OctalGame::parse("0.07").unwrap();
        let kayles = OctalGame::parse("0.77").unwrap();
        let mut e = Engine::new(ArcKayles, 1 << 24);
        let mut differs = false;
        for n in 0..=40u64 {
            let path: GraphPosition = format!("path:{n}").parse().unwrap();
            let v = value_with(&path, &mut e).unwrap();
            assert_eq!(v, dawson.value(n).unwrap(), "path:{n}");
            differs |= v != kayles.value(n).unwrap();
        }
        assert!(differs);
    }

    #[test]
    fn every_small_graph_matches_exhaustive_search() {
        // Against the search without canonical forms or pruning.
        let mut e = Engine::new(ArcKayles, 1 << 22);
        for g in super::super::graph::checked_graphs() {
            assert_eq!(value_with(&g, &mut e).unwrap(), naive_value(&g), "{g}");
        }
    }

    #[test]
    fn small_graphs_match_exhaustive_search() {
        let mut e = Engine::new(ArcKayles, 1 << 22);
        for name in ["cycle:9", "grid:3x3", "grid:2x5", "star:6", "complete:6"] {
            let g: GraphPosition = name.parse().unwrap();
            assert_eq!(value_with(&g, &mut e).unwrap(), naive_value(&g), "{name}");
        }
        let mut seed = 11u64;
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
        let g: GraphPosition = "path:4".parse().unwrap();
        assert!(play(&g, (0, 2)).is_err());
        for m in moves_to_value(&g, 0).unwrap() {
            assert_eq!(naive_value(&play(&g, m).unwrap()), 0);
        }
    }
}

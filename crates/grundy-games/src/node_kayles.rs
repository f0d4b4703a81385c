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
//! use grundy_games::graph::GraphPosition;
//! use grundy_games::node_kayles;
//! let path: GraphPosition = "path:5".parse().unwrap();
//! // Dawson's chess 0.137: G(5) = 3 (and G(n) = G_0.07(n + 1), Dawson's Kayles one longer).
//! assert_eq!(node_kayles::value(&path).unwrap(), 3);
//! ```

use std::time::Duration;

use super::cram::regions::Grid;
use super::graph::{components, induced, GraphPosition};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::canon::{canonical_graph, twin_classes, GraphKey, ShapeKey};
use crate::search::mirror::mirror_involution;
use crate::search::{Engine, OptionSink, Options, SplitGame};

mod grid;
pub use grid::NodeKaylesGrid;

/// Memory for the table of [`value`] and [`moves_to_value`].
pub const DEFAULT_MEMORY: usize = 64 << 20;
/// Time [`value`] and [`moves_to_value`] may search before giving up with an error.
pub const DEFAULT_TIME_BUDGET: Duration = Duration::from_secs(10);

/// Node-Kayles as a [`SplitGame`]: components are canonical graphs. It keeps, beside the
/// graph table, an engine for positions on grid graphs ([`NodeKaylesGrid`]), made on first
/// use, so that the options of one grid share what its search learnt.
#[derive(Default)]
pub struct NodeKayles {
    grid: Option<Box<Engine<NodeKaylesGrid>>>,
}

impl std::fmt::Debug for NodeKayles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NodeKayles")
    }
}

impl NodeKayles {
    /// The game, with no grid engine yet.
    pub fn new() -> Self {
        Self::default()
    }
}

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
    let mut engine = Engine::new(NodeKayles::new(), DEFAULT_MEMORY);
    engine.set_time_budget(Some(DEFAULT_TIME_BUDGET));
    engine
}

/// The value of `position`, searched within [`DEFAULT_TIME_BUDGET`].
pub fn value(position: &GraphPosition) -> Result<Nimber> {
    value_with(position, &mut default_engine())
}

/// The value of `position`, searched by `engine`; on a grid graph, as regions of the board
/// ([`NodeKaylesGrid`], [`grid_components_of`]) with `engine`'s memory and time budget.
pub fn value_with(position: &GraphPosition, engine: &mut Engine<NodeKayles>) -> Result<Nimber> {
    match grid_components_of(position) {
        Some((keys, x)) => Ok(grid_engine(engine).value_of_sum(&keys)? ^ x),
        None => graph_value_with(position, engine),
    }
}

/// The value of `position` by the search of graphs alone, whatever the graph.
pub fn graph_value_with(
    position: &GraphPosition,
    engine: &mut Engine<NodeKayles>,
) -> Result<Nimber> {
    let (keys, x) = components_of(position);
    Ok(engine.value_of_sum(&keys)? ^ x)
}

/// Whether `position` is worth `target`, asking only as much as that needs
/// ([`Engine::sum_has_value`]); on a grid graph, of the search of regions.
pub fn has_value_with(
    position: &GraphPosition,
    target: Nimber,
    engine: &mut Engine<NodeKayles>,
) -> Result<bool> {
    if let Some((keys, known)) = grid_components_of(position) {
        return grid_engine(engine).sum_has_value(&keys, target ^ known);
    }
    let (keys, known) = components_of(position);
    engine.sum_has_value(&keys, target ^ known)
}

/// When the whole graph is a `grid:RxC` graph ([`GraphPosition::grid_shape`]), the regions of
/// the vertices in play that need search, as shapes, and the XOR of the values known without
/// it; `None` for any other graph.
pub fn grid_components_of(position: &GraphPosition) -> Option<(Vec<ShapeKey>, Nimber)> {
    let (rows, cols) = position.grid_shape()?;
    let grid = Grid::new(rows as u32, cols as u32);
    let mut out = Options::default();
    out.begin();
    NodeKaylesGrid::push_components(&grid, position.alive(), &mut out);
    let (keys, x) = out.get(0);
    Some((keys.to_vec(), x))
}

/// The grid engine `engine`'s game keeps, made on first use with the memory of `engine`'s
/// table, and given its time budget.
fn grid_engine(engine: &mut Engine<NodeKayles>) -> &mut Engine<NodeKaylesGrid> {
    let (memory, budget) = (engine.table().memory_limit(), engine.time_budget());
    Engine::kept(
        &mut engine.game_mut().grid,
        || NodeKaylesGrid,
        memory,
        budget,
    )
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
    use crate::octal::OctalGame;
    use crate::search::naive;

    fn naive_value(p: &GraphPosition) -> Nimber {
        naive::value(p, &|p: &GraphPosition| {
            moves(p).into_iter().map(|v| play(p, v).unwrap()).collect()
        })
    }

    #[test]
    fn graphs_with_a_mirror_are_worth_zero() {
        crate::graph::check_mirrors_are_lost(NodeKayles::new, naive_value, graph_value_with);
    }

    /// Node-Kayles on the path of n vertices is 0.137 on a heap of n (same index). The
    /// table keeps each path met, so the paths to 64 expand each path a few times, not anew
    /// in every option (when graph keys got no room for their heap bytes the table stored nothing, and
    /// path:64 alone expanded 415,894 components).
    #[test]
    fn paths_are_dawsons_chess() {
        let dawson = OctalGame::named("0.137").unwrap();
        let mut e = Engine::new(NodeKayles::new(), 1 << 24);
        let mut lines = Engine::new(NodeKayles::new(), 1 << 24);
        for n in 0..=64u64 {
            let path: GraphPosition = format!("path:{n}").parse().unwrap();
            let expected = dawson.value(n).unwrap();
            assert_eq!(
                graph_value_with(&path, &mut e).unwrap(),
                expected,
                "path:{n}"
            );
            // A path is the 1 × n grid: a line of the board, read from `grid::LINE`.
            assert_eq!(value_with(&path, &mut lines).unwrap(), expected, "path:{n}");
        }
        assert_eq!(lines.stats().expanded, 0);
        let expanded = e.stats().expanded;
        // A few expansions a path (192 when written), not hundreds of thousands.
        assert!(expanded <= 4 * 65, "{expanded} components expanded");
        assert!(e.stats().table.entries >= 60);
    }

    /// Node-Kayles on a grid graph searched as regions of the board ([`NodeKaylesGrid`])
    /// against the search of graphs: every position of every grid of up to 12 vertices
    /// (every set of vertices in play), asked for the value and "worth `v`?" for it and its
    /// neighbours, the smallest against exhaustive search too; then whole grids up to 30
    /// vertices, where the regions' half-turn rules (a mirror that works, a centre that
    /// wins) are met inside the search.
    #[test]
    fn grids_searched_as_regions_match_the_graph_search() {
        let mut routed = crate::graph::check_grids_against_graph_search(
            NodeKayles::new,
            naive_value,
            graph_value_with,
            value_with,
            has_value_with,
            |p| assert!(grid_components_of(p).is_some(), "{p}"),
        );
        let mut graphs = Engine::new(NodeKayles::new(), 1 << 22);
        for text in ["grid:5x5", "grid:3x9", "grid:4x6", "grid:5x6", "grid:3x7"] {
            let g: GraphPosition = text.parse().unwrap();
            let v = graph_value_with(&g, &mut graphs).unwrap();
            assert_eq!(value_with(&g, &mut routed).unwrap(), v, "{text}");
        }
        // Not grids: searched as graphs.
        for text in ["cycle:4", "star:4", "edges:0-1,0-2,1-3,2-3,0-3"] {
            assert!(
                grid_components_of(&text.parse().unwrap()).is_none(),
                "{text}"
            );
        }
    }

    /// The half-turn rules of the regions, each against the search of graphs: a region that
    /// is its own half turn with no square its own image or next to it is worth 0 (even by
    /// even boxes, and odd ones without their centre squares); with both sides odd and the
    /// centre there, anything but 0.
    #[test]
    fn half_turn_rules_of_regions_hold() {
        use crate::search::canon::canonical_region;
        let mut graphs = Engine::new(NodeKayles::new(), 1 << 22);
        let mut checked = [0; 2];
        for (rows, cols) in [(3, 3), (3, 4), (4, 4), (2, 5), (3, 5)] {
            let grid: GraphPosition = format!("grid:{rows}x{cols}").parse().unwrap();
            for alive in 1..1u64 << (rows * cols) {
                let p = grid.without(!alive);
                if p.components().len() != 1 {
                    continue;
                }
                let (key, symmetric) = canonical_region(alive, cols as u32);
                if !symmetric {
                    continue;
                }
                let v = graph_value_with(&p, &mut graphs).unwrap();
                if grid::mirror_works(key) {
                    assert_eq!(v, 0, "{p}");
                    checked[0] += 1;
                }
                if NodeKaylesGrid.known_not(&key) & 1 == 1 {
                    assert_ne!(v, 0, "{p}");
                    checked[1] += 1;
                }
            }
        }
        assert!(checked[0] > 50 && checked[1] > 10, "{checked:?}");
    }

    #[test]
    fn every_small_graph_matches_exhaustive_search() {
        // Against the search without canonical forms or pruning.
        let mut e = Engine::new(NodeKayles::new(), 1 << 22);
        for g in super::super::graph::checked_graphs() {
            assert_eq!(value_with(&g, &mut e).unwrap(), naive_value(&g), "{g}");
        }
    }

    #[test]
    fn small_graphs_match_exhaustive_search() {
        let mut e = Engine::new(NodeKayles::new(), 1 << 22);
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

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
//! use grundy_games::arc_kayles;
//! use grundy_games::graph::GraphPosition;
//! let path: GraphPosition = "path:5".parse().unwrap();
//! // Dawson's Kayles 0.07: G(5) = 0, a P-position; one vertex more, G(6) = 3.
//! assert_eq!(arc_kayles::value(&path).unwrap(), 0);
//! assert_eq!(arc_kayles::value(&"path:6".parse().unwrap()).unwrap(), 3);
//! ```

use std::time::Duration;

use super::cram::{Cram, CramBoard};
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

/// Arc-Kayles as a [`SplitGame`]: components are canonical graphs. It keeps, beside the
/// graph table, a Cram engine for positions on grid graphs ([`as_cram`]), made on first use,
/// so that the options of one grid share what its search learnt.
#[derive(Default)]
pub struct ArcKayles {
    cram: Option<Box<Engine<Cram>>>,
}

impl std::fmt::Debug for ArcKayles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ArcKayles")
    }
}

impl ArcKayles {
    /// The game, with no Cram engine yet.
    pub fn new() -> Self {
        Self::default()
    }
}

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
    let mut engine = Engine::new(ArcKayles::new(), DEFAULT_MEMORY);
    engine.set_time_budget(Some(DEFAULT_TIME_BUDGET));
    engine
}

/// The value of `position`, searched within [`DEFAULT_TIME_BUDGET`].
pub fn value(position: &GraphPosition) -> Result<Nimber> {
    value_with(position, &mut default_engine())
}

/// The value of `position`, searched by `engine`; on a grid graph, by Cram's search with
/// `engine`'s memory and time budget ([`as_cram`]).
pub fn value_with(position: &GraphPosition, engine: &mut Engine<ArcKayles>) -> Result<Nimber> {
    match as_cram(position) {
        Some(board) => board.value_with(cram_engine(engine)),
        None => graph_value_with(position, engine),
    }
}

/// The value of `position` by the search of graphs alone, whatever the graph.
pub fn graph_value_with(
    position: &GraphPosition,
    engine: &mut Engine<ArcKayles>,
) -> Result<Nimber> {
    let (keys, x) = components_of(position);
    Ok(engine.value_of_sum(&keys)? ^ x)
}

/// Whether `position` is worth `target`, asking only as much as that needs
/// ([`Engine::sum_has_value`]); on a grid graph, of Cram's search ([`as_cram`]).
pub fn has_value_with(
    position: &GraphPosition,
    target: Nimber,
    engine: &mut Engine<ArcKayles>,
) -> Result<bool> {
    if let Some(board) = as_cram(position) {
        let (keys, known) = board.components();
        return cram_engine(engine).sum_has_value(&keys, target ^ known);
    }
    let (keys, known) = components_of(position);
    engine.sum_has_value(&keys, target ^ known)
}

/// Arc-Kayles on a grid graph is Cram on its board: an edge with both ends in play is a
/// domino on two empty adjacent squares, and taking its ends out fills them, so the vertices
/// in play are the empty squares and the two games have the same options everywhere. The
/// board, when the whole graph is a `grid:RxC` graph ([`GraphPosition::grid_shape`]): Cram's
/// search knows the square's symmetries, its regions' shapes and their mirror strategies,
/// which the search of graphs does not (the 5 × 6 grid: 5.3 s by graphs).
pub fn as_cram(position: &GraphPosition) -> Option<CramBoard> {
    let (rows, cols) = position.grid_shape()?;
    let holes: Vec<(u32, u32)> = (0..rows * cols)
        .filter(|&v| position.alive() >> v & 1 == 0)
        .map(|v| ((v / cols) as u32, (v % cols) as u32))
        .collect();
    CramBoard::with_holes(rows as u32, cols as u32, &holes).ok()
}

/// The Cram engine `engine`'s game keeps, made on first use with the memory of `engine`'s
/// table, and given its time budget. Kept because a question about a grid asks about every
/// option: afresh each time, the 5 × 6 grid's winning moves took 12 s, not a tenth of that.
fn cram_engine(engine: &mut Engine<ArcKayles>) -> &mut Engine<Cram> {
    let (memory, budget) = (engine.table().memory_limit(), engine.time_budget());
    Engine::kept(&mut engine.game_mut().cram, Cram::new, memory, budget)
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
    use crate::octal::OctalGame;
    use crate::search::naive;

    fn naive_value(p: &GraphPosition) -> Nimber {
        naive::value(p, &|p: &GraphPosition| {
            moves(p).into_iter().map(|e| play(p, e).unwrap()).collect()
        })
    }

    #[test]
    fn graphs_with_a_mirror_are_worth_zero() {
        crate::graph::check_mirrors_are_lost(ArcKayles::new, naive_value, graph_value_with);
    }

    /// Arc-Kayles on a grid graph is Cram on its board: every position of every grid of up
    /// to 12 vertices (every set of vertices in play, 4,096 on the 3 × 4 grid) valued by
    /// Cram's search against the search of graphs, both asked "worth `v`?" for the value and
    /// its neighbours too, and the smallest against exhaustive search.
    #[test]
    fn grids_are_cram_boards() {
        let routed = crate::graph::check_grids_against_graph_search(
            ArcKayles::new,
            naive_value,
            graph_value_with,
            value_with,
            has_value_with,
            |p| {
                let board = as_cram(p).expect("a grid graph's position is a board");
                assert_eq!(board.empty_squares(), p.alive().count_ones());
            },
        );
        assert!(routed.game().cram.is_some());
    }

    /// Only a graph numbered as `grid:RxC` numbers it is a board, whichever vertices are in
    /// play and however it was written; any other graph is searched as a graph.
    #[test]
    fn grid_shapes_are_recognised_exactly() {
        for rows in 1..=8 {
            for cols in 1..=64 / rows {
                let grid: GraphPosition = format!("grid:{rows}x{cols}").parse().unwrap();
                let shape = grid.grid_shape().unwrap();
                // 1 × n and n × 1 number the same path: the fewest rows first.
                let expected = if cols == 1 { (1, rows) } else { (rows, cols) };
                assert_eq!(shape, expected, "grid:{rows}x{cols}");
                let written: GraphPosition = grid.without(1).to_string().parse().unwrap();
                assert_eq!(written.grid_shape(), Some(expected));
            }
        }
        // The 2 × 2 grid's edges written in another order are still its graph.
        let g: GraphPosition = "edges:2-3,1-3,0-2,0-1".parse().unwrap();
        assert_eq!(g.grid_shape(), Some((2, 2)));
        for text in [
            "cycle:4",
            "star:3",
            "complete:4",
            "edges:0-1,1-3,3-2,2-0,0-3",
            "4:0-1,2-3",
        ] {
            let g: GraphPosition = text.parse().unwrap();
            assert_eq!(g.grid_shape(), None, "{text}");
            assert!(as_cram(&g).is_none(), "{text}");
        }
        // The 2 × 2 grid with an edge more, and with an edge fewer.
        let g: GraphPosition = "edges:0-1,0-2,1-3,2-3,0-3".parse().unwrap();
        assert_eq!(g.grid_shape(), None);
        let g: GraphPosition = "edges:0-1,0-2,1-3".parse().unwrap();
        assert_eq!(g.grid_shape(), None);
        let empty = GraphPosition::from_edges(0, &[]).unwrap();
        assert_eq!(empty.grid_shape(), None);
        assert_eq!(value(&empty).unwrap(), 0);
    }

    #[test]
    fn paths_are_dawsons_kayles_not_kayles() {
        let dawson = OctalGame::parse("0.07").unwrap();
        let kayles = OctalGame::parse("0.77").unwrap();
        let mut e = Engine::new(ArcKayles::new(), 1 << 24);
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
        let mut e = Engine::new(ArcKayles::new(), 1 << 22);
        for g in super::super::graph::checked_graphs() {
            assert_eq!(value_with(&g, &mut e).unwrap(), naive_value(&g), "{g}");
        }
    }

    #[test]
    fn small_graphs_match_exhaustive_search() {
        let mut e = Engine::new(ArcKayles::new(), 1 << 22);
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

//! Node-Kayles and Arc-Kayles as rulesets of the registry: `node-kayles:grid:3x4`,
//! `arc-kayles:path:8`, any graph as `edges:0-1,1-2` or `N:0-1,...`.

use std::fmt;
use std::sync::Arc;

use super::search_door::{searched_position, SearchedPosition};
use crate::arc_kayles::{self, ArcKayles};
use crate::cram::Cram;
use crate::family::{known, Drawing, Family, Positions};
use crate::graph::{induced, GraphPosition};
use crate::kernel::error::Result;
use crate::nimber::Nimber;
use crate::node_kayles::NodeKaylesGrid;
use crate::node_kayles::{self, NodeKayles};
use crate::search::mirror::mirror_involution;
use crate::search::Engine;
use crate::searched::{board_form, numbers, Searched, SearchedGame};

const GRAPH: Positions = Positions {
    label: "Graph",
    help: "path:N, cycle:N, grid:RxC, star:N, complete:N, edges:0-1,1-2 or N:0-1,1-2 (vertices numbered from 0, at most 64)",
    example: "grid:3x3",
    drawing: Drawing::GRAPH,
};

/// Node-Kayles in the registry.
pub static NODE_KAYLES: Family = Family {
    name: "node-kayles",
    aliases: &["nodekayles"],
    title: "Node-Kayles",
    rules: "A move chooses a vertex and removes it with its neighbours.",
    params: &[],
    positions: GRAPH,
    example: "node-kayles:grid:3x3",
    sequence: false,
    known_by: known::search,
    heap_game: false,
    search: Some(node_kayles_door),
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(Searched::<NodeKaylesGame>::new())),
};

/// Arc-Kayles in the registry.
pub static ARC_KAYLES: Family = Family {
    name: "arc-kayles",
    aliases: &["arckayles"],
    title: "Arc-Kayles",
    rules: "A move chooses an edge and removes both its ends (with every edge at them).",
    params: &[],
    // Arc-Kayles on the 3 × 3 grid is a P-position; on the 3 × 4 grid the player who moves
    // first wins, as a default position must let a newcomer win.
    positions: Positions {
        drawing: Drawing("graph-edges"),
        example: "grid:3x4",
        ..GRAPH
    },
    example: "arc-kayles:grid:3x3",
    sequence: false,
    known_by: known::search,
    heap_game: false,
    search: Some(arc_kayles_door),
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(Searched::<ArcKaylesGame>::new())),
};

/// Node-Kayles' search door: a graph cut into its connected parts, or, on a grid graph, the
/// search of regions of the board ([`NodeKaylesGrid`]), with a table of its own.
fn node_kayles_door(position: &str) -> Result<Box<dyn SearchedPosition>> {
    let graph: GraphPosition = position.parse()?;
    let name = NODE_KAYLES.name;
    if let Some((keys, x)) = node_kayles::grid_components_of(&graph) {
        return Ok(searched_position(
            || NodeKaylesGrid,
            name,
            Ok(keys),
            x,
            &graph,
        ));
    }
    let (keys, x) = node_kayles::components_of(&graph);
    Ok(searched_position(
        NodeKayles::new,
        name,
        Ok(keys),
        x,
        &graph,
    ))
}

/// Arc-Kayles' search door: a graph cut into its connected parts, or, on a grid graph, Cram on
/// the board (`arc_kayles::as_cram`), searched as one with a Cram table.
fn arc_kayles_door(position: &str) -> Result<Box<dyn SearchedPosition>> {
    let graph: GraphPosition = position.parse()?;
    let name = ARC_KAYLES.name;
    if let Some(board) = arc_kayles::as_cram(&graph) {
        let (keys, x) = board.components();
        return Ok(searched_position(Cram::new, name, Ok(keys), x, &graph));
    }
    let (keys, x) = arc_kayles::components_of(&graph);
    Ok(searched_position(ArcKayles::new, name, Ok(keys), x, &graph))
}

/// A named graph shows as its name (`grid:7x9`, with `!3,4` for vertices out of play).
impl crate::searched::Shown for GraphPosition {
    fn shown(&self) -> String {
        self.named_text().unwrap_or_else(|| self.to_string())
    }
}

board_form!(GraphPosition, "graph", |g| g.alive().count_ones(), |g| g
    .without(g.alive()));

/// Whether the graph of the vertices still in play has a mirror
/// ([`crate::search::mirror::mirror_involution`]).
fn has_mirror(g: &GraphPosition) -> bool {
    let adj: Vec<u64> = (0..g.vertices()).map(|v| g.neighbours(v)).collect();
    mirror_involution(&induced(&adj, g.alive())).is_some()
}

/// The vertices in play before a move and not after it, in words: `removes vertices 1, 2, 3`.
fn removed(before: &GraphPosition, after: &GraphPosition) -> Option<String> {
    let mut gone = before.alive() & !after.alive();
    let mut list = Vec::new();
    while gone != 0 {
        list.push(gone.trailing_zeros().to_string());
        gone &= gone - 1;
    }
    let noun = if list.len() == 1 {
        "vertex"
    } else {
        "vertices"
    };
    Some(format!("removes {noun} {}", list.join(", ")))
}

/// A vertex, as Node-Kayles moves name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vertex(pub usize);

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "vertex {}", self.0)
    }
}

/// An edge, as Arc-Kayles moves name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge(pub usize, pub usize);

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "edge {}-{}", self.0, self.1)
    }
}

/// Node-Kayles, described for [`Searched`].
#[derive(Debug)]
pub struct NodeKaylesGame;

impl SearchedGame for NodeKaylesGame {
    type Board = GraphPosition;
    type Move = Vertex;
    type Split = NodeKayles;

    const NAME: &'static str = "node-kayles";
    const TITLE: &'static str = "Node-Kayles";
    const EXAMPLES: &'static str =
        "\"3\" (take vertex 3 and its neighbours; vertices are numbered from 0)";

    fn engine() -> Engine<NodeKayles> {
        let mut engine = Engine::new(NodeKayles::new(), node_kayles::DEFAULT_MEMORY);
        engine.set_time_budget(Some(node_kayles::DEFAULT_TIME_BUDGET));
        engine
    }

    const KNOWN_VALUE_REASON: &'static str = "the graph has a mirror, an automorphism that pairs its vertices with no vertex next to its partner: the second player answers each vertex taken with its partner, so the player to move loses";

    /// A graph with a mirror (an involutive automorphism moving every vertex, none to a
    /// neighbour) is lost for the player to move: the second player answers each move with
    /// its image ([`crate::search::mirror`]).
    fn known_value(g: &GraphPosition) -> Option<Nimber> {
        has_mirror(g).then_some(0)
    }

    fn taken(before: &GraphPosition, after: &GraphPosition) -> Option<String> {
        removed(before, after)
    }

    fn moves(g: &GraphPosition) -> Vec<Vertex> {
        node_kayles::moves(g).into_iter().map(Vertex).collect()
    }

    fn play(g: &GraphPosition, m: Vertex) -> Result<GraphPosition> {
        node_kayles::play(g, m.0)
    }

    fn value_with(g: &GraphPosition, engine: &mut Engine<NodeKayles>) -> Result<Nimber> {
        node_kayles::value_with(g, engine)
    }

    fn has_value(
        g: &GraphPosition,
        target: Nimber,
        engine: &mut Engine<NodeKayles>,
    ) -> Result<bool> {
        node_kayles::has_value_with(g, target, engine)
    }

    fn read_move(
        _g: &GraphPosition,
        words: &[&str],
    ) -> Option<std::result::Result<Vertex, String>> {
        let words: Vec<&str> = words.iter().copied().filter(|w| *w != "vertex").collect();
        let [v] = numbers(&words)?[..] else {
            return None;
        };
        Some(
            usize::try_from(v)
                .map(Vertex)
                .map_err(|_| format!("no vertex {v}")),
        )
    }
}

/// Arc-Kayles, described for [`Searched`].
#[derive(Debug)]
pub struct ArcKaylesGame;

impl SearchedGame for ArcKaylesGame {
    type Board = GraphPosition;
    type Move = Edge;
    type Split = ArcKayles;

    const NAME: &'static str = "arc-kayles";
    const TITLE: &'static str = "Arc-Kayles";
    const EXAMPLES: &'static str = "\"2 5\" (take the edge between vertices 2 and 5, and both of them; vertices are numbered from 0)";

    fn engine() -> Engine<ArcKayles> {
        let mut engine = Engine::new(ArcKayles::new(), arc_kayles::DEFAULT_MEMORY);
        engine.set_time_budget(Some(arc_kayles::DEFAULT_TIME_BUDGET));
        engine
    }

    const KNOWN_VALUE_REASON: &'static str = "the graph has a mirror, an automorphism that pairs its vertices with no vertex next to its partner: the second player answers each edge taken with its image, so the player to move loses";

    /// A graph with a mirror (an involutive automorphism moving every vertex, none to a
    /// neighbour) is lost for the player to move: the second player answers each move with
    /// its image ([`crate::search::mirror`]).
    fn known_value(g: &GraphPosition) -> Option<Nimber> {
        has_mirror(g).then_some(0)
    }

    fn taken(before: &GraphPosition, after: &GraphPosition) -> Option<String> {
        removed(before, after)
    }

    fn moves(g: &GraphPosition) -> Vec<Edge> {
        arc_kayles::moves(g)
            .into_iter()
            .map(|(v, w)| Edge(v, w))
            .collect()
    }

    fn play(g: &GraphPosition, m: Edge) -> Result<GraphPosition> {
        arc_kayles::play(g, (m.0, m.1))
    }

    fn value_with(g: &GraphPosition, engine: &mut Engine<ArcKayles>) -> Result<Nimber> {
        arc_kayles::value_with(g, engine)
    }

    fn has_value(
        g: &GraphPosition,
        target: Nimber,
        engine: &mut Engine<ArcKayles>,
    ) -> Result<bool> {
        arc_kayles::has_value_with(g, target, engine)
    }

    fn read_move(_g: &GraphPosition, words: &[&str]) -> Option<std::result::Result<Edge, String>> {
        let joined = words.join(" ").replace('-', " ");
        let split: Vec<&str> = joined.split_whitespace().filter(|w| *w != "edge").collect();
        let [v, w] = numbers(&split)?[..] else {
            return None;
        };
        match (usize::try_from(v), usize::try_from(w)) {
            (Ok(v), Ok(w)) => Some(Ok(Edge(v, w))),
            _ => Some(Err(format!("no edge {v}-{w}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::small_graphs;
    use crate::searched::assert_moves_to_value_agree;

    /// The moves to a value found by asking each option "are you worth it?"
    /// ([`Engine::sum_has_value`]) are those found by valuing each option: every graph of up
    /// to 6 vertices, every target up to 3, both games, one engine kept throughout as a
    /// ruleset keeps it.
    #[test]
    fn moves_to_a_value_are_those_the_values_give() {
        let node = Searched::<NodeKaylesGame>::new();
        let arc = Searched::<ArcKaylesGame>::new();
        for n in 0..=6 {
            for g in small_graphs(n) {
                assert_moves_to_value_agree(&node, &g);
                assert_moves_to_value_agree(&arc, &g);
            }
        }
        // More than 24 moves (derived by witnesses): grids of 25 and 30 vertices, 31 and 27
        // edges, a path of 30, a star of 26 leaves.
        for text in [
            "grid:3x4",
            "grid:4x4",
            "cycle:9",
            "path:20",
            "grid:5x5",
            "grid:4x5",
            "grid:3x10",
            "path:30",
            "star:26",
        ] {
            let g: GraphPosition = text.parse().unwrap();
            assert_moves_to_value_agree(&node, &g);
            assert_moves_to_value_agree(&arc, &g);
        }
    }
}

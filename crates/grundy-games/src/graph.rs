//! Graphs for the graph games (Node-Kayles, Arc-Kayles): at most [`MAX_VERTICES`] vertices,
//! given by an edge list or by name, and the part of one still in play.
//!
//! Text forms ([`GraphPosition`]'s `FromStr`):
//!
//! | text | graph |
//! | --- | --- |
//! | `path:N` | the path on `N` vertices `0-1-…-(N-1)` |
//! | `cycle:N` | the cycle on `N >= 3` vertices |
//! | `grid:RxC` | the `R × C` grid graph (vertex `r·C + c`) |
//! | `star:N` | the star with `N` leaves: centre 0, leaves `1..=N` |
//! | `complete:N` | the complete graph on `N` vertices |
//! | `edges:0-1,1-2` | the edges listed (vertices `0..=` the largest named) |
//! | `N:0-1,1-2` | `N` vertices and the edges listed; a suffix `!3,4` says vertices 3 and 4 are gone |
//!
//! [`GraphPosition`]'s `Display` writes the last form, which reads back to the same position.

use std::fmt;
use std::str::FromStr;

use crate::kernel::error::{GameError, Result};
use crate::search::canon::{canonical_graph, GraphKey};

/// The most vertices a graph may have (a vertex set is one 64-bit word).
pub const MAX_VERTICES: usize = 64;

/// A graph and the vertices still in play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GraphPosition {
    /// Bit `j` of `adj[i]`: vertices `i` and `j` are adjacent.
    adj: Vec<u64>,
    /// Vertices still in play.
    alive: u64,
}

impl GraphPosition {
    /// The graph on `n` vertices with these edges, every vertex in play.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Self> {
        if n > MAX_VERTICES {
            return Err(GameError::out_of_range(
                "graph",
                format!("{n} vertices"),
                format!("at most {MAX_VERTICES} vertices"),
            ));
        }
        let mut adj = vec![0u64; n];
        for &(a, b) in edges {
            if a >= n || b >= n || a == b {
                return Err(GameError::invalid(
                    "edge",
                    format!("{a}-{b}"),
                    format!("two different vertices from 0 to {}", n.saturating_sub(1)),
                ));
            }
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        Ok(GraphPosition { adj, alive: all(n) })
    }

    /// The number of vertices of the whole graph (in play or not).
    pub fn vertices(&self) -> usize {
        self.adj.len()
    }

    /// The vertices still in play (bit `v`).
    pub fn alive(&self) -> u64 {
        self.alive
    }

    /// Whether `v` and `w` are adjacent in the whole graph.
    pub fn adjacent(&self, v: usize, w: usize) -> bool {
        v < self.adj.len() && self.adj[v] >> w & 1 == 1
    }

    /// The neighbours of `v` still in play.
    pub fn neighbours(&self, v: usize) -> u64 {
        self.adj[v] & self.alive
    }

    /// The graph's name when it is one of the named graphs, numbered as they are
    /// (`grid:7x9`, `path:10`), with the vertices out of play after a `!` (`grid:7x9!3,4`):
    /// text that reads back as this position, where the edge list of a grid of 63 vertices
    /// takes some 500 characters. `None` for other graphs.
    pub fn named_text(&self) -> Option<String> {
        let n = self.adj.len();
        let mut names = vec![format!("path:{n}"), format!("cycle:{n}")];
        if n >= 1 {
            names.push(format!("star:{}", n - 1));
        }
        names.push(format!("complete:{n}"));
        names.extend(
            (1..=n)
                .filter(|r| n % r == 0)
                .map(|r| format!("grid:{r}x{}", n / r)),
        );
        let name = names.into_iter().find(|name| {
            name.parse::<GraphPosition>()
                .is_ok_and(|named| named.adj == self.adj)
        })?;
        let gone: Vec<String> = (0..n)
            .filter(|v| self.alive >> v & 1 == 0)
            .map(|v| v.to_string())
            .collect();
        Some(match gone.is_empty() {
            true => name,
            false => format!("{name}!{}", gone.join(",")),
        })
    }

    /// The position with the vertices of `gone` taken out of play.
    pub fn without(&self, gone: u64) -> GraphPosition {
        GraphPosition {
            adj: self.adj.clone(),
            alive: self.alive & !gone,
        }
    }

    /// The edges with both ends in play, each once (`v < w`), in order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for v in 0..self.adj.len() {
            if self.alive >> v & 1 == 1 {
                let mut higher = self.neighbours(v) & !all(v + 1);
                while higher != 0 {
                    out.push((v, higher.trailing_zeros() as usize));
                    higher &= higher - 1;
                }
            }
        }
        out
    }

    /// The connected components of the vertices in play (vertex sets), lowest vertex first.
    pub fn components(&self) -> Vec<u64> {
        components(&self.adj, self.alive)
    }

    /// `(rows, cols)` when the whole graph (in play or not) is the `rows × cols` grid graph
    /// numbered as `grid:RxC` numbers it (vertex `r·cols + c` at row `r`, column `c`), the
    /// fewest rows first; `None` for any other graph or numbering, and for no vertices.
    pub fn grid_shape(&self) -> Option<(usize, usize)> {
        let n = self.adj.len();
        (1..=n).filter(|rows| n % rows == 0).find_map(|rows| {
            let cols = n / rows;
            let grid = GraphPosition::from_edges(n, &grid_edges(rows, cols)).ok()?;
            (grid.adj == self.adj).then_some((rows, cols))
        })
    }

    /// The canonical key of the subgraph induced by `vertices` (see [`crate::search::canon`]).
    pub fn key_of(&self, vertices: u64) -> GraphKey {
        canonical_graph(&induced(&self.adj, vertices))
    }
}

/// The edges of the `rows × cols` grid graph, vertex `r·cols + c` at row `r`, column `c`.
fn grid_edges(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for i in 0..rows {
        for j in 0..cols {
            if j + 1 < cols {
                edges.push((i * cols + j, i * cols + j + 1));
            }
            if i + 1 < rows {
                edges.push((i * cols + j, (i + 1) * cols + j));
            }
        }
    }
    edges
}

/// The vertex set `0..n`.
pub(crate) fn all(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// The connected components of `alive` in the graph `adj`.
pub(crate) fn components(adj: &[u64], mut alive: u64) -> Vec<u64> {
    let mut out = Vec::new();
    while alive != 0 {
        let mut comp = alive & alive.wrapping_neg();
        let mut frontier = comp;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = adj[v] & alive & !comp;
            comp |= new;
            frontier |= new;
        }
        alive &= !comp;
        out.push(comp);
    }
    out
}

/// The subgraph induced by `vertices`, relabelled `0..k` in increasing order.
pub(crate) fn induced(adj: &[u64], vertices: u64) -> Vec<u64> {
    let list: Vec<usize> = (0..adj.len()).filter(|v| vertices >> v & 1 == 1).collect();
    list.iter()
        .map(|&v| {
            list.iter()
                .enumerate()
                .filter(|(_, &w)| adj[v] >> w & 1 == 1)
                .fold(0u64, |row, (j, _)| row | 1 << j)
        })
        .collect()
}

/// Graphs with a mirror (an involutive automorphism moving every vertex, none to a
/// neighbour: [`crate::search::mirror`]) are lost for the player to move: even grids and
/// cycles against exhaustive search (`naive`) and `game`'s engine, and the 8 × 8 grid valued
/// without expanding a component. For the tests of both games on graphs.
#[cfg(test)]
pub(crate) fn check_mirrors_are_lost<G>(
    game: impl Fn() -> G,
    naive: impl Fn(&GraphPosition) -> crate::nimber::Nimber,
    value_with: impl Fn(&GraphPosition, &mut crate::search::Engine<G>) -> Result<crate::nimber::Nimber>,
) where
    G: crate::search::SplitGame<Key = GraphKey>,
{
    let mut engine = crate::search::Engine::new(game(), 1 << 20);
    for text in [
        "grid:2x2", "grid:2x4", "grid:2x6", "grid:4x4", "cycle:8", "cycle:10",
    ] {
        let p: GraphPosition = text.parse().unwrap();
        assert_eq!(naive(&p), 0, "{text}");
        assert_eq!(value_with(&p, &mut engine).unwrap(), 0, "{text}");
    }
    let mut fresh = crate::search::Engine::new(game(), 1 << 20);
    let grid: GraphPosition = "grid:8x8".parse().unwrap();
    assert_eq!(value_with(&grid, &mut fresh).unwrap(), 0);
    assert_eq!(fresh.stats().expanded, 0);
}

/// Every position (every set of vertices in play) of every grid of up to 12 vertices valued
/// through the grid's own search (`value_with`, `has_value_with` asked for the value and its
/// neighbours) against the search of graphs alone, and the smallest against exhaustive search;
/// `on_board` checks what the game makes of each position. For the tests of both games on
/// graphs; returns the engine of the grid searches.
#[cfg(test)]
pub(crate) fn check_grids_against_graph_search<G: crate::search::SplitGame<Key = GraphKey>>(
    game: impl Fn() -> G,
    naive: impl Fn(&GraphPosition) -> crate::nimber::Nimber,
    graph_value_with: GraphValue<G>,
    value_with: GraphValue<G>,
    has_value_with: impl Fn(
        &GraphPosition,
        crate::nimber::Nimber,
        &mut crate::search::Engine<G>,
    ) -> Result<bool>,
    on_board: impl Fn(&GraphPosition),
) -> crate::search::Engine<G> {
    let mut graphs = crate::search::Engine::new(game(), 1 << 22);
    let mut routed = crate::search::Engine::new(game(), 1 << 22);
    let mut positions = 0;
    for (rows, cols) in [(1, 12), (2, 2), (2, 5), (2, 6), (3, 3), (3, 4), (4, 3)] {
        let grid: GraphPosition = format!("grid:{rows}x{cols}").parse().unwrap();
        assert_eq!(grid.grid_shape(), Some((rows, cols)));
        let n = rows * cols;
        for alive in 0..1u64 << n {
            let p = grid.without(!alive);
            on_board(&p);
            let v = graph_value_with(&p, &mut graphs).unwrap();
            assert_eq!(value_with(&p, &mut routed).unwrap(), v, "{p}");
            for t in v.saturating_sub(1)..=v + 1 {
                assert_eq!(
                    has_value_with(&p, t, &mut routed).unwrap(),
                    t == v,
                    "{p} {t}"
                );
            }
            if n <= 9 {
                assert_eq!(naive(&p), v, "{p}");
            }
            positions += 1;
        }
    }
    assert_eq!(positions, 4096 + 16 + 1024 + 4096 + 512 + 4096 + 4096);
    // The graph table saw no grid position: the grid's own search answered them.
    assert_eq!(routed.stats().expanded, 0);
    routed
}

/// A game's valuation of a graph position by one of its engines, for the tests above.
#[cfg(test)]
pub(crate) type GraphValue<G> =
    fn(&GraphPosition, &mut crate::search::Engine<G>) -> Result<crate::nimber::Nimber>;

/// Every graph on `n` labelled vertices (`n <= 7`), and complete and complete bipartite
/// graphs rich in twins: the tests' positions for the games on graphs.
#[cfg(test)]
pub(crate) fn small_graphs(n: usize) -> Vec<GraphPosition> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect();
    (0u64..1 << pairs.len())
        .map(|mask| {
            let edges: Vec<(usize, usize)> = (0..pairs.len())
                .filter(|b| mask >> b & 1 == 1)
                .map(|b| pairs[b])
                .collect();
            GraphPosition::from_edges(n, &edges).expect("a simple graph")
        })
        .collect()
}

/// The graphs both Kayles games check against their exhaustive search: every graph on up to 6
/// vertices, and graphs full of twins (whose options the twin classes prune) up to 10.
#[cfg(test)]
pub(crate) fn checked_graphs() -> Vec<GraphPosition> {
    let mut graphs: Vec<GraphPosition> = (0..=6).flat_map(small_graphs).collect();
    graphs.extend((2..=10).flat_map(twin_rich_graphs));
    graphs
}

/// Complete and complete bipartite graphs with `n` vertices (the parts `a` and `n - a`).
#[cfg(test)]
pub(crate) fn twin_rich_graphs(n: usize) -> Vec<GraphPosition> {
    let mut out = vec![format!("complete:{n}").parse().expect("a complete graph")];
    for a in 1..n {
        let edges: Vec<(usize, usize)> = (0..a).flat_map(|i| (a..n).map(move |j| (i, j))).collect();
        out.push(GraphPosition::from_edges(n, &edges).expect("a bipartite graph"));
    }
    out
}

fn named(kind: &str, arg: &str, text: &str) -> Result<GraphPosition> {
    let count = |s: &str| {
        crate::kernel::list::parse_whole::<usize>(s)
            .ok()
            .filter(|&n| n <= MAX_VERTICES)
            .ok_or_else(|| {
                GameError::out_of_range(
                    "graph size",
                    s,
                    format!("a whole number of vertices up to {MAX_VERTICES}"),
                )
            })
    };
    match kind {
        "path" => {
            let n = count(arg)?;
            let edges: Vec<_> = (1..n).map(|i| (i - 1, i)).collect();
            GraphPosition::from_edges(n, &edges)
        }
        "cycle" => {
            let n = count(arg)?;
            if n < 3 {
                return Err(GameError::out_of_range("cycle", n, "at least 3 vertices"));
            }
            let edges: Vec<_> = (0..n).map(|i| (i, (i + 1) % n)).collect();
            GraphPosition::from_edges(n, &edges)
        }
        "star" => {
            let leaves = count(arg)?;
            let edges: Vec<_> = (1..=leaves).map(|i| (0, i)).collect();
            GraphPosition::from_edges(leaves + 1, &edges)
        }
        "complete" => {
            let n = count(arg)?;
            let edges: Vec<_> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect();
            GraphPosition::from_edges(n, &edges)
        }
        "grid" => {
            let (r, c) = arg
                .split_once(['x', 'X'])
                .and_then(|(r, c)| {
                    Some((
                        crate::kernel::list::parse_whole::<usize>(r).ok()?,
                        crate::kernel::list::parse_whole::<usize>(c).ok()?,
                    ))
                })
                .ok_or_else(|| GameError::invalid("grid", arg, "RxC, e.g. grid:4x5"))?;
            if r.saturating_mul(c) > MAX_VERTICES {
                return Err(GameError::out_of_range(
                    "grid",
                    arg,
                    format!("at most {MAX_VERTICES} vertices"),
                ));
            }
            GraphPosition::from_edges(r * c, &grid_edges(r, c))
        }
        "edges" => {
            let edges = parse_edges(arg)?;
            let n = edges.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap_or(0);
            GraphPosition::from_edges(n, &edges)
        }
        _ => Err(GameError::invalid(
            "graph",
            text,
            "path:N, cycle:N, grid:RxC, star:N, complete:N, edges:0-1,1-2 or N:0-1,1-2",
        )),
    }
}

fn parse_edges(list: &str) -> Result<Vec<(usize, usize)>> {
    if list.trim().is_empty() {
        return Ok(Vec::new());
    }
    list.split(',')
        .map(|e| {
            e.split_once('-')
                .and_then(|(a, b)| {
                    let vertex = |s: &str| crate::kernel::list::parse_whole(s).ok();
                    Some((vertex(a)?, vertex(b)?))
                })
                .ok_or_else(|| {
                    GameError::invalid("edge", e, "two vertex numbers joined by -, e.g. 0-1")
                })
        })
        .collect()
}

impl FromStr for GraphPosition {
    type Err = GameError;

    fn from_str(text: &str) -> Result<Self> {
        let text = text.trim();
        let (kind, arg) = text.split_once(':').ok_or_else(|| {
            GameError::invalid(
                "graph",
                text,
                "path:N, cycle:N, grid:RxC, star:N, complete:N, edges:0-1,1-2 or N:0-1,1-2",
            )
        })?;
        // Vertices out of play follow a `!`, after a name as after an edge list.
        let (arg, gone) = arg.split_once('!').unwrap_or((arg, ""));
        let mut position = match crate::kernel::list::parse_whole::<usize>(kind) {
            Ok(n) => GraphPosition::from_edges(n, &parse_edges(arg)?)?,
            Err(_) => named(kind.trim(), arg, text)?,
        };
        let n = position.vertices();
        for v in gone.split(',').filter(|s| !s.trim().is_empty()) {
            let v: usize = crate::kernel::list::parse_whole(v)
                .ok()
                .filter(|&v| v < n)
                .ok_or_else(|| {
                    GameError::invalid(
                        "removed vertex",
                        v,
                        format!("a vertex from 0 to {}", n.saturating_sub(1)),
                    )
                })?;
            position.alive &= !(1 << v);
        }
        Ok(position)
    }
}

impl fmt::Display for GraphPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.adj.len();
        let mut edges = Vec::new();
        for v in 0..n {
            let mut higher = self.adj[v] & !all(v + 1);
            while higher != 0 {
                edges.push(format!("{v}-{}", higher.trailing_zeros()));
                higher &= higher - 1;
            }
        }
        write!(f, "{n}:{}", edges.join(","))?;
        let gone: Vec<String> = (0..n)
            .filter(|v| self.alive >> v & 1 == 0)
            .map(|v| v.to_string())
            .collect();
        if !gone.is_empty() {
            write!(f, "!{}", gone.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_graphs_and_text_round_trip() {
        let g: GraphPosition = "grid:2x3".parse().unwrap();
        assert_eq!((g.vertices(), g.edges().len()), (6, 7));
        let p: GraphPosition = "path:4".parse().unwrap();
        assert_eq!(p.edges(), [(0, 1), (1, 2), (2, 3)]);
        assert_eq!("cycle:5".parse::<GraphPosition>().unwrap().edges().len(), 5);
        assert_eq!("star:3".parse::<GraphPosition>().unwrap().edges().len(), 3);
        assert_eq!(
            "complete:5".parse::<GraphPosition>().unwrap().edges().len(),
            10
        );
        assert_eq!(
            "edges:0-1,1-2".parse::<GraphPosition>().unwrap().vertices(),
            3
        );
        let q = p.without(1 << 1);
        assert_eq!(q.to_string(), "4:0-1,1-2,2-3!1");
        assert_eq!(q.to_string().parse::<GraphPosition>().unwrap(), q);
        assert_eq!(q.components(), [0b0001, 0b1100]);
    }

    #[test]
    fn named_graphs_show_by_name_and_read_back() {
        for (text, named) in [
            ("path:4", Some("path:4")),
            ("path:0", Some("path:0")),
            ("grid:1x5", Some("path:5")),
            ("complete:3", Some("cycle:3")),
            ("cycle:6", Some("cycle:6")),
            ("star:5", Some("star:5")),
            ("complete:64", Some("complete:64")),
            ("grid:2x2", Some("grid:2x2")),
            ("grid:7x9", Some("grid:7x9")),
            ("grid:9x7", Some("grid:9x7")),
            ("grid:7x9!3,4,62", Some("grid:7x9!3,4,62")),
            ("4:0-1,1-2,2-3!1", Some("path:4!1")),
            ("4:0-2,1-2,2-3", None),
            ("edges:0-1,1-2,2-0,2-3", None),
        ] {
            let g: GraphPosition = text.parse().unwrap();
            assert_eq!(g.named_text().as_deref(), named, "{text}");
            if let Some(named) = named {
                assert_eq!(named.parse::<GraphPosition>().unwrap(), g, "{named}");
            }
        }
        // A removed vertex after a name is checked as after an edge list.
        let e = "grid:2x2!4"
            .parse::<GraphPosition>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("removed vertex") && e.contains("0 to 3"), "{e}");
    }

    #[test]
    fn bad_graphs_are_named() {
        for (bad, named) in [
            ("path:99", "99"),
            ("cycle:2", "cycle"),
            ("grid:9x9", "9x9"),
            ("edges:0-0", "0-0"),
            ("edges:0-x", "0-x"),
            ("tree:5", "tree:5"),
            ("3:0-5", "0-5"),
            ("3:0-1!7", "7"),
        ] {
            let e = bad.parse::<GraphPosition>().unwrap_err().to_string();
            assert!(e.contains(named), "{bad}: {e}");
        }
    }
}

//! A Green Hackenbush picture: a rooted multigraph, its text form, and what a cut leaves.
//!
//! The vertices are whole numbers, `0` (or `g`) being the ground; an edge joins two of them, a
//! loop joins a vertex to itself, and two vertices may be joined by several edges. Only what is
//! connected to the ground is part of the picture: an edge written in the air falls at once,
//! just as edges fall when a cut disconnects them.
//!
//! | text | picture |
//! | --- | --- |
//! | `0-1,1-2,1-3,3-3` | the edges listed: `A-B` joins vertices `A` and `B` (`g-1` is `0-1`) |
//! | `stalk:N` (or `bamboo:N`) | `N` edges in a line up from the ground: worth `*N` |
//! | `star:N` | one edge up from the ground to a centre, and `N` edges out of the centre |
//! | `path:N` | `N` edges in a line whose two ends are on the ground (an arch) |
//! | `cycle:N` | a cycle of `N` edges on a stem: one edge up from the ground to the cycle (`cycle:1` is a loop on a stem, `cycle:2` two parallel edges) |
//! | `tree:DxB` | a stem up from the ground to a root with `B` branches, each with `B` branches, `D` levels deep |
//! | `ground` | no edges at all |
//!
//! Items are joined by commas and may be mixed: `stalk:3,stalk:4,stalk:5` is Nim with heaps 3,
//! 4 and 5, `0-1,1-1,cycle:3` an edge with a loop on it beside a cycle. A shape's vertices are new
//! ones, numbered after the largest vertex written. A picture is written back as its edges
//! (`0-1,1-2`), in the order given, each with its smaller end first; that text reads back as
//! the same picture.

use std::fmt;
use std::str::FromStr;

use crate::kernel::error::{GameError, Result};

use super::graph::Names;

/// The most edges a picture may have: values take linear time, so this bounds the text a user
/// can send rather than the work (see `docs/limits.md`).
pub const MAX_EDGES: usize = 1_000_000;

/// The named shapes, as in errors.
const FORMS: &str = "edges such as 0-1,1-2,2-2 (0 or g is the ground), stalk:N, star:N, path:N, cycle:N, tree:DxB, or ground (no edges), joined by commas";

/// A Green Hackenbush picture: the edges connected to the ground, in the order given, each
/// written with its smaller end first (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Picture {
    edges: Vec<(u32, u32)>,
}

impl Picture {
    /// The picture of these edges (vertex 0 the ground), without those not connected to the
    /// ground; at most [`MAX_EDGES`] edges.
    pub fn new(edges: Vec<(u32, u32)>) -> Result<Self> {
        if edges.len() > MAX_EDGES {
            return Err(too_many(Some(edges.len() as u128)));
        }
        let edges = edges
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        Ok(Picture {
            edges: grounded(edges),
        })
    }

    /// The picture with no edges.
    pub fn ground() -> Self {
        Picture { edges: Vec::new() }
    }

    /// Its edges, in order: edge `i` (from 0) is the one typed moves call `i + 1`.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// How many edges.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// Whether it has no edges (the game is over).
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The picture after cutting edge `i` (from 0), and the edges that fell with it (indices
    /// into this picture, ascending).
    pub fn cut(&self, i: usize) -> (Picture, Vec<usize>) {
        let names = Names::of(&self.edges);
        let graph = names.graph(&self.edges);
        let seen = graph.reached_without(Some(i));
        let mut kept = Vec::with_capacity(self.edges.len().saturating_sub(1));
        let mut fell = Vec::new();
        for (j, (&edge, &(a, _))) in self.edges.iter().zip(&graph.ends).enumerate() {
            if j == i {
                continue;
            }
            if seen[a as usize] {
                kept.push(edge);
            } else {
                fell.push(j);
            }
        }
        (Picture { edges: kept }, fell)
    }

    /// The position after cutting edge `i` (from 0), written as [`Picture::cut`] writes the
    /// cut of the first edge parallel to it (joining the same two vertices). Cuts of parallel
    /// edges leave one position, and this writes it one way, edge for edge, whatever order the
    /// edges were written in: the move lists then group them as equal moves (issue 65).
    pub fn after_cut(&self, i: usize) -> Picture {
        let first = self
            .edges
            .iter()
            .position(|&e| e == self.edges[i])
            .unwrap_or(i);
        self.cut(first).0
    }

    /// The vertices of the picture with an edge, and the ground.
    pub fn vertices(&self) -> Vec<u32> {
        Names::of(&self.edges).names
    }
}

/// The edges of `edges` connected to vertex 0, in order.
fn grounded(edges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    let names = Names::of(&edges);
    let graph = names.graph(&edges);
    let seen = graph.reached_without(None);
    if seen.iter().all(|&s| s) {
        return edges;
    }
    edges
        .into_iter()
        .zip(&graph.ends)
        .filter(|(_, &(a, _))| seen[a as usize])
        .map(|(edge, _)| edge)
        .collect()
}

/// A picture of `count` edges is refused; `None` is a count beyond `u128` (a tree such as
/// `tree:1000x2`), named as more than 10^38 edges rather than as a partial count.
fn too_many(count: Option<u128>) -> GameError {
    let shown = match count {
        Some(count) => format!("{count} edges"),
        None => "more than 10^38 edges".to_string(),
    };
    GameError::out_of_range(
        "Hackenbush picture",
        shown,
        format!("at most {MAX_EDGES} edges"),
    )
}

/// A vertex: a whole number up to 2^32 - 1, or `g` (the ground, 0).
fn vertex(text: &str, edge: &str) -> Result<u32> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("g") {
        return Ok(0);
    }
    crate::kernel::list::parse_whole::<u32>(text).map_err(|_| {
        GameError::invalid(
            "Hackenbush edge",
            edge.trim(),
            "two vertices joined by -, each a whole number from 0 to 4294967295 or g (the ground), e.g. 0-1 or g-1",
        )
    })
}

/// The pieces of a picture's text before the shapes' vertices are numbered.
enum Item {
    Edge(u32, u32),
    Shape(Shape),
}

/// A named shape (see the module documentation).
#[derive(Debug, Clone, Copy)]
enum Shape {
    Stalk(u64),
    Star(u64),
    Path(u64),
    Cycle(u64),
    Tree(u64, u64),
}

impl Shape {
    /// How many edges it has, exactly; `None` when that is beyond `u128` (a deep tree).
    fn edges(self) -> Option<u128> {
        match self {
            Shape::Stalk(n) | Shape::Path(n) => Some(n.into()),
            Shape::Star(n) | Shape::Cycle(n) => Some(u128::from(n) + 1),
            // 1 (the stem) + B + B^2 + ... + B^depth: with B of 0 or 1 the levels stay 0 or 1
            // (D is at most MAX_EDGES); with B of 2 or more they pass u128 within 128 levels.
            Shape::Tree(depth, branches) if branches <= 1 => {
                Some(1 + u128::from(depth) * u128::from(branches))
            }
            Shape::Tree(depth, branches) => {
                let mut total = 1u128;
                let mut level = 1u128;
                for _ in 0..depth {
                    level = level.checked_mul(branches.into())?;
                    total = total.checked_add(level)?;
                }
                Some(total)
            }
        }
    }

    /// Appends its edges, numbering its new vertices from `*next`.
    fn build(self, next: &mut u64, out: &mut Vec<(u64, u64)>) {
        let mut fresh = || {
            let v = *next;
            *next += 1;
            v
        };
        match self {
            Shape::Stalk(n) => {
                let mut below = 0;
                for _ in 0..n {
                    let v = fresh();
                    out.push((below, v));
                    below = v;
                }
            }
            Shape::Star(n) => {
                let centre = fresh();
                out.push((0, centre));
                for _ in 0..n {
                    out.push((centre, fresh()));
                }
            }
            Shape::Path(n) => {
                let mut below = 0;
                for i in 0..n {
                    let v = if i + 1 == n { 0 } else { fresh() };
                    out.push((below, v));
                    below = v;
                }
            }
            Shape::Cycle(n) => {
                let first = fresh();
                out.push((0, first));
                let mut at = first;
                for i in 0..n {
                    let v = if i + 1 == n { first } else { fresh() };
                    out.push((at, v));
                    at = v;
                }
            }
            Shape::Tree(depth, branches) => {
                let root = fresh();
                out.push((0, root));
                let mut level = vec![root];
                for _ in 0..depth {
                    let mut above = Vec::with_capacity(level.len() * branches as usize);
                    for &v in &level {
                        for _ in 0..branches {
                            let w = fresh();
                            out.push((v, w));
                            above.push(w);
                        }
                    }
                    level = above;
                }
            }
        }
    }
}

/// A shape's size: a whole number up to [`MAX_EDGES`].
fn size(text: &str, item: &str, least: u64) -> Result<u64> {
    crate::kernel::list::parse_whole::<u64>(text)
        .ok()
        .filter(|&n| n >= least && n <= MAX_EDGES as u64)
        .ok_or_else(|| {
            GameError::out_of_range(
                "Hackenbush shape",
                item.trim(),
                format!("a size from {least} to {MAX_EDGES}"),
            )
        })
}

fn item(text: &str) -> Result<Item> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(GameError::invalid(
            "Hackenbush picture",
            "(an empty item between commas)",
            FORMS,
        ));
    }
    if let Some((name, arg)) = trimmed.split_once(':') {
        let shape = match name.trim().to_ascii_lowercase().as_str() {
            "stalk" | "bamboo" => Shape::Stalk(size(arg, trimmed, 0)?),
            "star" => Shape::Star(size(arg, trimmed, 0)?),
            "path" => Shape::Path(size(arg, trimmed, 1)?),
            "cycle" => Shape::Cycle(size(arg, trimmed, 1)?),
            "tree" => {
                let (d, b) = arg.split_once(['x', 'X']).ok_or_else(|| {
                    GameError::invalid(
                        "Hackenbush shape",
                        trimmed,
                        "tree:DxB (D levels of B branches each), e.g. tree:3x2",
                    )
                })?;
                Shape::Tree(size(d, trimmed, 0)?, size(b, trimmed, 0)?)
            }
            _ => return Err(GameError::invalid("Hackenbush picture", trimmed, FORMS)),
        };
        return Ok(Item::Shape(shape));
    }
    let (a, b) = trimmed
        .split_once('-')
        .ok_or_else(|| GameError::invalid("Hackenbush picture", trimmed, FORMS))?;
    Ok(Item::Edge(vertex(a, trimmed)?, vertex(b, trimmed)?))
}

impl FromStr for Picture {
    type Err = GameError;

    fn from_str(text: &str) -> Result<Self> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("ground") {
            return Ok(Picture::ground());
        }
        if text.is_empty() {
            return Err(GameError::invalid("Hackenbush picture", "(nothing)", FORMS));
        }
        // Counted before anything is built, so that a huge text is refused cheaply.
        let pieces = text.split(',').count();
        if pieces > MAX_EDGES {
            return Err(too_many(Some(pieces as u128)));
        }
        let items = text.split(',').map(item).collect::<Result<Vec<_>>>()?;
        // The exact count, so that a refusal names the picture's real size.
        let mut total = Some(0u128);
        let mut largest = 0u64;
        for it in &items {
            match *it {
                Item::Edge(a, b) => {
                    total = total.and_then(|t| t.checked_add(1));
                    largest = largest.max(u64::from(a.max(b)));
                }
                Item::Shape(s) => total = total.zip(s.edges()).and_then(|(t, e)| t.checked_add(e)),
            }
        }
        let total = match total {
            Some(total) if total <= MAX_EDGES as u128 => total as u64,
            _ => return Err(too_many(total)),
        };
        let mut next = largest + 1;
        let mut wide: Vec<(u64, u64)> = Vec::with_capacity(total as usize);
        for it in items {
            match it {
                Item::Edge(a, b) => wide.push((u64::from(a), u64::from(b))),
                Item::Shape(s) => s.build(&mut next, &mut wide),
            }
        }
        if next - 1 > u64::from(u32::MAX) {
            return Err(GameError::out_of_range(
                "Hackenbush picture",
                text.chars().take(60).collect::<String>(),
                "vertices numbered up to 4294967295: the shapes' new vertices go beyond it",
            ));
        }
        Picture::new(
            wide.into_iter()
                .map(|(a, b)| (a as u32, b as u32))
                .collect(),
        )
    }
}

impl fmt::Display for Picture {
    /// The edges, `0-1,1-2,2-2`, or `ground` when there are none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.edges.is_empty() {
            return f.write_str("ground");
        }
        for (i, (a, b)) in self.edges.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{a}-{b}")?;
        }
        Ok(())
    }
}

impl serde::Serialize for Picture {
    /// The text form.
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Picture {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn shapes_expand_to_edges() {
        assert_eq!(p("stalk:3").to_string(), "0-1,1-2,2-3");
        assert_eq!(p("bamboo:2").to_string(), "0-1,1-2");
        assert_eq!(p("star:3").to_string(), "0-1,1-2,1-3,1-4");
        assert_eq!(p("path:3").to_string(), "0-1,1-2,0-2");
        assert_eq!(p("path:1").to_string(), "0-0");
        assert_eq!(p("cycle:3").to_string(), "0-1,1-2,2-3,1-3");
        assert_eq!(p("cycle:1").to_string(), "0-1,1-1");
        assert_eq!(p("cycle:2").to_string(), "0-1,1-2,1-2");
        assert_eq!(p("tree:2x2").len(), 7);
        assert_eq!(p("tree:0x5").to_string(), "0-1");
        assert_eq!(p("stalk:0").to_string(), "ground");
        assert_eq!(p("ground"), Picture::ground());
        // Shapes are numbered after the largest vertex written, in order.
        assert_eq!(p("0-7,stalk:2").to_string(), "0-7,0-8,8-9");
        assert_eq!(p("g-1, 1 - 2 ,2-2").to_string(), "0-1,1-2,2-2");
    }

    #[test]
    fn text_round_trips_and_air_falls() {
        for text in ["0-1,1-2,1-2,2-2,0-0", "0-3,3-9,3-9", "ground"] {
            assert_eq!(p(text).to_string(), text);
            assert_eq!(p(&p(text).to_string()), p(text));
        }
        // Edges not connected to the ground fall at once.
        assert_eq!(p("0-1,2-3,3-3,1-4").to_string(), "0-1,1-4");
        assert_eq!(p("5-6"), Picture::ground());
        // Ends are written smaller first.
        assert_eq!(p("2-1,1-0").to_string(), "1-2,0-1");
    }

    #[test]
    fn cuts_drop_what_hangs_on_them() {
        let tree = p("0-1,1-2,2-3,1-4,0-5");
        let (after, fell) = tree.cut(1);
        assert_eq!(after.to_string(), "0-1,1-4,0-5");
        assert_eq!(fell, [2]);
        let (after, fell) = tree.cut(0);
        assert_eq!(after.to_string(), "0-5");
        assert_eq!(fell, [1, 2, 3]);
        // A cycle's edge drops nothing.
        let (after, fell) = p("cycle:3").cut(2);
        assert_eq!(after.to_string(), "0-1,1-2,1-3");
        assert!(fell.is_empty());
    }

    #[test]
    fn bad_pictures_are_named() {
        for (bad, named) in [
            ("0-", "0-"),
            ("0-x", "0-x"),
            ("1", "\"1\""),
            ("0-1,,1-2", "empty item"),
            ("0-4294967296", "0-4294967296"),
            ("-1", "-1"),
            ("snake:3", "snake:3"),
            ("stalk:x", "stalk:x"),
            ("stalk:2000000", "2000000"),
            ("path:0", "path:0"),
            ("cycle:0", "cycle:0"),
            ("tree:3", "tree:3"),
            ("tree:30x30", "1000000"),
            // The exact count, not where counting stopped past the limit.
            ("tree:64x2", "\"36893488147419103231 edges\""),
            ("tree:40x3", "\"18236498188585393201 edges\""),
            ("tree:65x3", "\"15451577191316306180960320901764 edges\""),
            ("tree:1000x2", "\"more than 10^38 edges\""),
            ("tree:1000000x1000000", "\"more than 10^38 edges\""),
            ("tree:1000000x1", "\"1000001 edges\""),
            ("", "(nothing)"),
            ("0-4294967295,stalk:1", "4294967295"),
        ] {
            let e = bad.parse::<Picture>().unwrap_err().to_string();
            assert!(e.contains(named), "{bad}: {e}");
        }
        let many = vec!["0-1"; MAX_EDGES + 1].join(",");
        let e = many.parse::<Picture>().unwrap_err().to_string();
        assert!(
            e.contains("1000001 edges") && e.contains("at most 1000000"),
            "{e}"
        );
        // Exactly at the limit is allowed.
        assert_eq!(p(&format!("stalk:{MAX_EDGES}")).len(), MAX_EDGES);
    }
}

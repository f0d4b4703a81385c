//! Where to draw a picture: the ground a horizontal line at `y = 0`, each vertex at the height
//! of its distance from the ground, spread across like a tree (leaves one slot apart, a vertex
//! above the middle of what stands on it), parallel edges bent apart, loops as small circles.
//! One layout for every front end: the command line's pictures and the page's board.
//!
//! Coordinates are in slots across (`0..width`) and levels up (`0..height`); floating point is
//! fine for drawing (the game never looks at it).

use serde::Serialize;

use super::graph::Names;
use super::Picture;
use crate::kernel::error::{GameError, Result};

/// The most edges a layout is made for: a picture beyond it is too dense to read.
pub const MAX_DRAWN_EDGES: usize = 5_000;

/// The radius of a loop, in slots.
const LOOP_RADIUS: f64 = 0.22;
/// How far parallel edges bend apart, per edge: the control point's distance from the
/// straight line, as a fraction of the edge's length (the curve itself goes half as far).
const BEND: f64 = 0.9;

/// A point: `[x, y]`, `y` up from the ground.
pub type Point = [f64; 2];

/// A vertex other than the ground, and where it goes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Spot {
    /// The vertex, as written in the picture.
    pub vertex: u32,
    /// Across, in slots.
    pub x: f64,
    /// Up, in levels.
    pub y: f64,
}

/// How one edge is drawn.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum EdgeShape {
    /// A line from `from` to `to`, bent through the quadratic Bézier control point `control`
    /// (the midpoint for a straight line); `handle` is the point of the curve halfway along.
    Line {
        /// One end (on the ground line for an edge at the ground).
        from: Point,
        /// The other end.
        to: Point,
        /// The control point.
        control: Point,
        /// The curve's midpoint.
        handle: Point,
    },
    /// A loop: a circle through `at` with centre `centre`; `handle` is its point opposite `at`.
    Loop {
        /// The vertex it is on.
        at: Point,
        /// The circle's centre.
        centre: Point,
        /// Its radius.
        radius: f64,
        /// The point of the circle farthest from the vertex.
        handle: Point,
    },
}

/// A picture placed for drawing (see the module documentation).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Layout {
    /// Across: x runs from 0 to `width`.
    pub width: f64,
    /// Up: y runs from 0 (the ground) to `height`.
    pub height: f64,
    /// Every vertex but the ground.
    pub vertices: Vec<Spot>,
    /// Every edge, in the picture's order.
    pub edges: Vec<EdgeShape>,
}

/// The tree a breadth-first search from the ground gives: each vertex's depth and children.
struct Tree {
    depth: Vec<u32>,
    children: Vec<Vec<u32>>,
}

fn search_tree(ends: &[(u32, u32)], n: usize) -> Tree {
    let mut around: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &(a, b) in ends {
        if a != b {
            around[a as usize].push(b);
            around[b as usize].push(a);
        }
    }
    let mut depth = vec![u32::MAX; n];
    let mut children = vec![Vec::new(); n];
    let mut queue = std::collections::VecDeque::new();
    depth[0] = 0;
    queue.push_back(0u32);
    while let Some(v) = queue.pop_front() {
        let mut next: Vec<u32> = around[v as usize]
            .iter()
            .copied()
            .filter(|&w| depth[w as usize] == u32::MAX)
            .collect();
        // Vertices are numbered in the order of their names: children left to right by name.
        next.sort_unstable();
        next.dedup();
        for &w in &next {
            depth[w as usize] = depth[v as usize] + 1;
            queue.push_back(w);
        }
        children[v as usize] = next;
    }
    Tree { depth, children }
}

/// The x of every vertex: leaves one slot apart in depth-first order, a parent midway between
/// its first and last child; the ground's loops take slots of their own first. Returns the
/// x's, the slots of the ground's loops, and the width.
fn across(tree: &Tree, ground_loops: usize) -> (Vec<f64>, Vec<f64>, f64) {
    let n = tree.depth.len();
    let mut x = vec![0.0; n];
    let mut slot = 0.0;
    let loops: Vec<f64> = (0..ground_loops)
        .map(|_| {
            slot += 1.0;
            slot - 0.5
        })
        .collect();
    // Post-order on an explicit stack: (vertex, children done).
    let mut stack: Vec<(u32, bool)> = vec![(0, false)];
    while let Some((v, done)) = stack.pop() {
        let kids = &tree.children[v as usize];
        if done || kids.is_empty() {
            x[v as usize] = if kids.is_empty() {
                if v == 0 {
                    return (x, loops, slot.max(1.0));
                }
                slot += 1.0;
                slot - 0.5
            } else {
                (x[kids[0] as usize] + x[kids[kids.len() - 1] as usize]) / 2.0
            };
            continue;
        }
        stack.push((v, true));
        for &w in kids.iter().rev() {
            stack.push((w, false));
        }
    }
    (x, loops, slot.max(1.0))
}

/// The layout of `picture`: at most [`MAX_DRAWN_EDGES`] edges.
pub fn layout(picture: &Picture) -> Result<Layout> {
    if picture.len() > MAX_DRAWN_EDGES {
        return Err(GameError::out_of_range(
            "picture to draw",
            format!("{} edges", picture.len()),
            format!("at most {MAX_DRAWN_EDGES} edges"),
        ));
    }
    let names = Names::of(picture.edges());
    let graph = names.graph(picture.edges());
    let n = names.names.len();
    let tree = search_tree(&graph.ends, n);
    let ground_loops = graph
        .ends
        .iter()
        .filter(|&&(a, b)| a == 0 && b == 0)
        .count();
    let (x, loop_slots, width) = across(&tree, ground_loops);
    let spot = |v: u32| -> Point { [x[v as usize], f64::from(tree.depth[v as usize])] };
    // Edges joining the same two vertices, counted and numbered, to bend them apart.
    let mut group: std::collections::HashMap<(u32, u32), (usize, usize)> =
        std::collections::HashMap::new();
    for &(a, b) in &graph.ends {
        group.entry((a, b)).or_insert((0, 0)).0 += 1;
    }
    let mut ground_loop = 0;
    let mut edges = Vec::with_capacity(graph.ends.len());
    for &(a, b) in &graph.ends {
        let entry = group.get_mut(&(a, b)).expect("every pair was counted");
        let (count, index) = (entry.0, entry.1);
        entry.1 += 1;
        if a == b {
            let at = if a == 0 {
                ground_loop += 1;
                [loop_slots[ground_loop - 1], 0.0]
            } else {
                spot(a)
            };
            let up = a == 0 || tree.children[a as usize].is_empty();
            edges.push(loop_shape(at, index, count, up));
            continue;
        }
        // The ground's end of an edge is the point of the ground line below the other end.
        let (p, q) = match (a, b) {
            (0, w) | (w, 0) => ([x[w as usize], 0.0], spot(w)),
            _ => (spot(a), spot(b)),
        };
        let mut bend = (index as f64 - (count as f64 - 1.0) / 2.0) * BEND;
        // A lone edge straight through a vertex between its ends bends a little.
        if count == 1 && (p[0] - q[0]).abs() < 1e-9 && (p[1] - q[1]).abs() > 1.5 {
            bend = BEND / 4.0;
        }
        edges.push(line_shape(p, q, bend));
    }
    let top = tree.depth.iter().copied().max().unwrap_or(0);
    let vertices = (1..n as u32)
        .map(|v| Spot {
            vertex: names.names[v as usize],
            x: x[v as usize],
            y: f64::from(tree.depth[v as usize]),
        })
        .collect();
    Ok(Layout {
        width,
        height: f64::from(top) + 4.0 * LOOP_RADIUS + 0.2,
        vertices,
        edges,
    })
}

fn line_shape(p: Point, q: Point, bend: f64) -> EdgeShape {
    let mid = [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
    let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
    // The normal to the edge, as long as the edge.
    let normal = [-dy, dx];
    let control = [mid[0] + bend * normal[0], mid[1] + bend * normal[1]];
    let handle = [
        mid[0] + bend / 2.0 * normal[0],
        mid[1] + bend / 2.0 * normal[1],
    ];
    EdgeShape::Line {
        from: p,
        to: q,
        control,
        handle,
    }
}

/// Loop `index` of `count` on the vertex at `at`: fanned out upwards when nothing stands on
/// the vertex (or it is the ground), to the sides otherwise.
fn loop_shape(at: Point, index: usize, count: usize, up: bool) -> EdgeShape {
    let spread = 0.7;
    let offset = index as f64 - (count as f64 - 1.0) / 2.0;
    let angle = if up {
        std::f64::consts::FRAC_PI_2 + offset * spread
    } else if index % 2 == 0 {
        -0.25 - (index / 2) as f64 * spread
    } else {
        std::f64::consts::PI + 0.25 + (index / 2) as f64 * spread
    };
    let (s, c) = angle.sin_cos();
    let centre = [at[0] + LOOP_RADIUS * c, at[1] + LOOP_RADIUS * s];
    let handle = [at[0] + 2.0 * LOOP_RADIUS * c, at[1] + 2.0 * LOOP_RADIUS * s];
    EdgeShape::Loop {
        at,
        centre,
        radius: LOOP_RADIUS,
        handle,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_stands_on_the_ground() {
        let p: Picture = "0-1,1-2,1-3,0-4".parse().unwrap();
        let l = layout(&p).unwrap();
        assert_eq!(l.width, 3.0);
        let at = |v: u32| l.vertices.iter().find(|s| s.vertex == v).unwrap();
        assert_eq!((at(2).x, at(2).y), (0.5, 2.0));
        assert_eq!((at(3).x, at(3).y), (1.5, 2.0));
        assert_eq!((at(1).x, at(1).y), (1.0, 1.0));
        assert_eq!((at(4).x, at(4).y), (2.5, 1.0));
        // The ground edge 0-4 stands straight up from the ground line.
        let EdgeShape::Line { from, to, .. } = &l.edges[3] else {
            panic!()
        };
        assert_eq!((*from, *to), ([2.5, 0.0], [2.5, 1.0]));
    }

    #[test]
    fn parallel_edges_bend_apart_and_loops_are_circles() {
        let p: Picture = "0-1,0-1,1-1,0-0".parse().unwrap();
        let l = layout(&p).unwrap();
        let handles: Vec<Point> = l
            .edges
            .iter()
            .map(|e| match e {
                EdgeShape::Line { handle, .. } | EdgeShape::Loop { handle, .. } => *handle,
            })
            .collect();
        // The two parallel edges' handles are on either side of the straight line x = 1.5.
        assert!(handles[0][0] != handles[1][0]);
        assert!((handles[0][0] - 1.5) * (handles[1][0] - 1.5) < 0.0);
        assert!(matches!(l.edges[2], EdgeShape::Loop { .. }));
        // The ground's loop has a slot of its own, at the left.
        let EdgeShape::Loop { at, .. } = l.edges[3] else {
            panic!()
        };
        assert_eq!(at, [0.5, 0.0]);
        let big: Picture = format!("stalk:{}", MAX_DRAWN_EDGES + 1).parse().unwrap();
        assert!(layout(&big).unwrap_err().to_string().contains("5001 edges"));
    }
}

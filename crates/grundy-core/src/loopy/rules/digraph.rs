//! A token on a directed graph given as an edge list: a move slides it along an edge. Several
//! tokens (on the same graph or not) are a sum. The graph may have cycles and self-loops.

use std::sync::Arc;

use super::{number, LoopyFamily, LoopyParam, LoopyPosition, LoopyRules};
use crate::kernel::error::{GameError, Result};

/// The largest vertex number a digraph may use.
pub const MAX_VERTEX: u64 = 99_999;

/// The most edges a digraph may list.
pub const MAX_EDGES: usize = 200_000;

/// The rules: a graph on vertices `0..=largest`, its edges in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digraph {
    vertices: u64,
    edges: Vec<(u64, u64)>,
    options: Vec<Vec<u64>>,
}

impl Digraph {
    /// The graph with these edges on vertices `0..vertices` (`vertices` at least one more than
    /// every endpoint). The edges keep their order (a repeated edge is dropped), so the term
    /// writes back as it was typed.
    pub fn new(vertices: u64, edges: Vec<(u64, u64)>) -> Self {
        let mut seen = std::collections::HashSet::new();
        let edges: Vec<(u64, u64)> = edges.into_iter().filter(|e| seen.insert(*e)).collect();
        let mut options = vec![Vec::new(); vertices as usize];
        for &(a, b) in &edges {
            options[a as usize].push(b);
        }
        for list in &mut options {
            list.sort_unstable();
        }
        Digraph {
            vertices,
            edges,
            options,
        }
    }

    /// Reads an edge list `0>1,1>0,0>2` (a lone `3` names a vertex without edges).
    pub fn parse(text: &str) -> Result<Self> {
        let items: Vec<&str> = text.split(',').map(str::trim).collect();
        if text.trim().is_empty() || items.iter().any(|i| i.is_empty()) {
            return Err(GameError::invalid(
                "digraph edge list",
                text,
                "edges FROM>TO separated by commas, e.g. 0>1,1>0,0>2 (a lone number is a vertex)",
            ));
        }
        if items.len() > MAX_EDGES {
            return Err(GameError::out_of_range(
                "number of digraph edges",
                items.len(),
                format!("at most {MAX_EDGES}"),
            ));
        }
        let mut edges = Vec::new();
        let mut largest = 0;
        for item in items {
            match item.split_once('>') {
                Some((a, b)) => {
                    let a = number(a, "digraph vertex", 0, MAX_VERTEX)?;
                    let b = number(b, "digraph vertex", 0, MAX_VERTEX)?;
                    largest = largest.max(a).max(b);
                    edges.push((a, b));
                }
                None => largest = largest.max(number(item, "digraph vertex", 0, MAX_VERTEX)?),
            }
        }
        Ok(Digraph::new(largest + 1, edges))
    }
}

impl LoopyRules for Digraph {
    fn term(&self) -> String {
        let mut items: Vec<String> = self.edges.iter().map(|(a, b)| format!("{a}>{b}")).collect();
        let touched = |v: u64| self.edges.iter().any(|&(a, b)| a == v || b == v);
        if !touched(self.vertices - 1) {
            items.push((self.vertices - 1).to_string());
        }
        format!("digraph{{{}}}", items.join(","))
    }

    fn title(&self) -> String {
        format!(
            "Token on a digraph ({})",
            counted(self.vertices as usize, "vertex", "vertices")
                + ", "
                + &counted(self.edges.len(), "edge", "edges")
        )
    }

    fn noun(&self) -> &'static str {
        "token"
    }

    fn parse_positions(&self, list: &str) -> Result<Vec<LoopyPosition>> {
        let items = crate::kernel::list::parse_list(list, "token vertex")?;
        items
            .into_iter()
            .map(|v| {
                if v < self.vertices {
                    Ok(vec![v])
                } else {
                    Err(GameError::out_of_range(
                        "token vertex",
                        v,
                        format!("a vertex of the graph, 0 to {}", self.vertices - 1),
                    ))
                }
            })
            .collect()
    }

    fn options(&self, position: &LoopyPosition) -> Vec<LoopyPosition> {
        self.options[position[0] as usize]
            .iter()
            .map(|&v| vec![v])
            .collect()
    }

    fn roots(&self, _starts: &[LoopyPosition]) -> Vec<LoopyPosition> {
        (0..self.vertices).map(|v| vec![v]).collect()
    }

    fn scope(&self, positions: &[LoopyPosition], moves: usize) -> String {
        format!(
            "the whole graph ({}, {}): every value is exact",
            counted(positions.len(), "vertex", "vertices"),
            counted(moves, "edge", "edges")
        )
    }

    fn describe_move(&self, from: &LoopyPosition, to: &LoopyPosition) -> String {
        format!(
            "{} -> {} (along the edge {}>{})",
            from[0], to[0], from[0], to[0]
        )
    }

    fn drawn_edges(&self) -> Option<Vec<(u64, u64)>> {
        Some(self.edges.clone())
    }
}

/// `1 vertex`, `3 vertices`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The family: `digraph{0>1,1>0,0>2}:0`.
pub static FAMILY: LoopyFamily = LoopyFamily {
    name: "digraph",
    aliases: &["graph-token"],
    title: "Token on a digraph",
    rules: "A token sits on a vertex of a directed graph; a move slides it along an edge. \
            Several tokens are a sum: a move moves one of them. Whoever cannot move loses; play \
            may go on for ever (a draw).",
    params: &[LoopyParam {
        name: "edges",
        help: "the edges FROM>TO separated by commas (vertices 0 to 99999; self-loops and \
               cycles allowed; a lone number adds a vertex without edges)",
        example: "0>1,1>0,0>2",
    }],
    positions: "the vertices the tokens stand on",
    example: "digraph{0>1,1>0,0>2}:0",
    build: |params| Ok(Arc::new(Digraph::parse(params[0])?)),
};

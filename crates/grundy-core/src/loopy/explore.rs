//! The move graph of a loopy ruleset, explored from its starting positions until it is
//! closed under moves, or refused when it would pass the limits.
//!
//! The value γ of a position depends only on the positions reachable from it, so a graph
//! explored until no move leaves it gives exact values for all its positions. Rulesets whose
//! position space is infinite (a heap that may grow) are explored the same way: when the
//! positions reachable from the start are finitely many and within the limits, their values
//! are proven; otherwise the request is refused with the limit named, never answered from a
//! truncated graph.

use std::collections::HashMap;

use super::graph::MoveGraph;
use super::rules::{LoopyPosition, LoopyRules};
use super::strategy::Solved;
use crate::kernel::error::{GameError, Result};

/// The most positions one explored graph may hold (bounds memory: about 100 bytes each, and
/// time: the labelling is linear per stage).
pub const MAX_EXPLORED_POSITIONS: usize = 1_000_000;

/// The most moves one explored graph may hold.
pub const MAX_EXPLORED_MOVES: usize = 20_000_000;

/// A ruleset's graph explored from some roots: its positions, numbered, and their γ.
#[derive(Debug, Clone)]
pub struct Explored {
    /// The positions, by number (the roots first, then in the order found).
    pub positions: Vec<LoopyPosition>,
    index: HashMap<LoopyPosition, u32>,
    /// The graph and its labelling.
    pub solved: Solved,
}

impl Explored {
    /// Explores breadth-first from `roots` through [`LoopyRules::options`] and labels the
    /// graph, refusing graphs beyond [`MAX_EXPLORED_POSITIONS`] or [`MAX_EXPLORED_MOVES`].
    pub fn from_roots(rules: &dyn LoopyRules, roots: &[LoopyPosition]) -> Result<Self> {
        Self::within(rules, roots, MAX_EXPLORED_POSITIONS)
    }

    /// [`Explored::from_roots`] with at most `max_positions` positions (the tests' smaller
    /// bound).
    pub fn within(
        rules: &dyn LoopyRules,
        roots: &[LoopyPosition],
        max_positions: usize,
    ) -> Result<Self> {
        let mut positions: Vec<LoopyPosition> = Vec::new();
        let mut index: HashMap<LoopyPosition, u32> = HashMap::new();
        for (i, root) in roots.iter().enumerate() {
            // A ruleset may start from every position (Wind-Up: a million heaps).
            if i % 1024 == 0 {
                crate::kernel::cancel::check()?;
            }
            if !index.contains_key(root) {
                index.insert(root.clone(), positions.len() as u32);
                positions.push(root.clone());
            }
        }
        let mut moves: Vec<(u32, u32)> = Vec::new();
        let mut next = 0;
        while next < positions.len() {
            // The question's budget (time and memory) and the server's cancel flag.
            if next % 1024 == 0 {
                crate::kernel::cancel::check()?;
            }
            for option in rules.options(&positions[next]) {
                let to = match index.get(&option) {
                    Some(&to) => to,
                    None => {
                        if positions.len() >= max_positions {
                            return Err(too_many(rules, roots, "positions", max_positions));
                        }
                        let to = positions.len() as u32;
                        index.insert(option.clone(), to);
                        positions.push(option);
                        to
                    }
                };
                moves.push((next as u32, to));
                if moves.len() > MAX_EXPLORED_MOVES {
                    return Err(too_many(rules, roots, "moves", MAX_EXPLORED_MOVES));
                }
                if moves.len() % (1 << 14) == 0 {
                    crate::kernel::cancel::check()?;
                }
            }
            next += 1;
        }
        let graph = MoveGraph::checked_from_moves(positions.len(), &moves)?;
        drop(moves);
        let solved = Solved::checked(graph)?;
        Ok(Explored {
            positions,
            index,
            solved,
        })
    }

    /// The graph `solved` of `positions`, by number, built otherwise than by exploring (a game
    /// that ends: `loopy::ended::star`).
    pub fn given(positions: Vec<LoopyPosition>, solved: Solved) -> Self {
        let index = positions
            .iter()
            .enumerate()
            .map(|(i, p)| (p.clone(), i as u32))
            .collect();
        Explored {
            positions,
            index,
            solved,
        }
    }

    /// The number of `position` in the graph, if it was reached.
    pub fn number(&self, position: &LoopyPosition) -> Option<u32> {
        self.index.get(position).copied()
    }
}

impl AsRef<Solved> for Explored {
    fn as_ref(&self) -> &Solved {
        &self.solved
    }
}

/// The refusal of a graph that passes a limit.
fn too_many(
    rules: &dyn LoopyRules,
    roots: &[LoopyPosition],
    what: &str,
    limit: usize,
) -> GameError {
    let starts: Vec<String> = roots.iter().take(3).map(|p| rules.show(p)).collect();
    GameError::too_large(
        format!(
            "the move graph of {} reachable from {}{}",
            rules.term(),
            starts.join(", "),
            if roots.len() > 3 { ", ..." } else { "" }
        ),
        format!(
            "it has more than {limit} {what} (the limit of an explored graph); values are \
             given only for graphs explored until closed under moves, never from a cut graph"
        ),
    )
}

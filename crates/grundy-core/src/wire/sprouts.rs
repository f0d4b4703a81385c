//! Sprouts' own answer: a position as a drawing reads it ([`crate::games::sprouts::lines`]).

use serde::Serialize;

use crate::games::sprouts::lines::drawing;
use crate::games::sprouts::SproutsPosition;
use crate::kernel::error::Result;

/// A line a move can draw: its ends (spots numbered from 1 as the position's text meets them;
/// equal for a loop), the move in words, and the position it leaves (canonical, as the moves'
/// `to` write it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct SproutsLine {
    pub from: u32,
    pub to: u32,
    pub words: String,
    pub after: String,
}

/// A Sprouts position as a drawing reads it: the position as written back (canonical), its
/// lands, each a list of regions, each a list of boundaries, each the spots met walking once
/// around it (a spot met twice written twice); the lives of spot `k` at `lives[k - 1]`; and
/// every line a move can draw, distinct by its ends and the position it leaves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct SproutsDrawing {
    pub position: String,
    pub lands: Vec<Vec<Vec<Vec<u32>>>>,
    pub lives: Vec<u32>,
    pub lines: Vec<SproutsLine>,
}

impl SproutsDrawing {
    /// `position` drawn (refused beyond [`crate::games::sprouts::lines::MAX_LINES`] lines).
    pub fn of(position: &SproutsPosition) -> Result<SproutsDrawing> {
        let drawn = drawing(position)?;
        Ok(SproutsDrawing {
            position: position.to_string(),
            lands: drawn.lands,
            lives: drawn.lives,
            lines: drawn
                .lines
                .into_iter()
                .map(|l| SproutsLine {
                    from: l.from,
                    to: l.to,
                    words: l.words,
                    after: l.after.to_string(),
                })
                .collect(),
        })
    }
}

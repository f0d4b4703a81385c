//! A picture as a shape of positions: written as text (`0-1,1-2`), one component per term, its
//! JSON field `graph`, its size its number of edges.

use crate::kernel::error::{GameError, Result};
use crate::kernel::MoveError;
use crate::kernel::{MoveContext, PositionForm, Ruleset};

use super::Picture;

impl PositionForm for Picture {
    const JSON_FIELD: &'static str = "graph";
    const NOUN: &'static str = "picture";

    fn from_numbers(numbers: Vec<u64>) -> Result<Vec<Self>> {
        let text: Vec<String> = numbers.iter().map(u64::to_string).collect();
        Err(GameError::invalid(
            "position",
            text.join(","),
            "a Hackenbush picture written as text, e.g. 0-1,1-2",
        ))
    }

    fn write(&self) -> String {
        self.to_string()
    }

    fn show(&self) -> String {
        self.to_string()
    }

    /// The edges.
    fn tokens(&self) -> u64 {
        self.len() as u64
    }

    fn heaps(&self) -> Vec<u64> {
        Vec::new()
    }

    /// Every subset of the edges, at most: `2^edges`, saturating.
    fn position_count(&self) -> u64 {
        1u64.checked_shl(self.len() as u32)
            .filter(|_| self.len() < 64)
            .unwrap_or(u64::MAX)
    }

    /// One cut per edge.
    fn option_bound(&self) -> u64 {
        self.len() as u64
    }

    fn emptied(&self) -> Self {
        Picture::ground()
    }

    fn universe(_group: &[&Self]) -> u64 {
        u64::MAX
    }

    /// Pictures have no default typed moves: the ruleset reads `cut 3`.
    fn parse_move<R: Ruleset<Position = Self> + ?Sized>(
        _rules: &R,
        _from: &Self,
        _words: &[&str],
        _context: MoveContext,
    ) -> Option<std::result::Result<Vec<Self>, MoveError>> {
        None
    }

    fn move_examples(_splits: bool, _numbered: bool) -> String {
        String::new()
    }
}

//! A position whose value was refused, as a door still draws and plays it.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::{pieces, title, Piece};
use crate::strategy::Convention;
use crate::sum::Sum;

/// What is known of a position without its value: its title, convention and components, and
/// whether a move is left; nothing about who wins (`values`, `nim_sum`, `outcome`, `winner`
/// and the winning moves are `null` in JSON, the fields of a [`super::Report`] kept so that a
/// reader of either needs one shape) and `refused`, why the value is missing.
///
/// The page plays a board whose value takes longer than the server allows (Cram 5 × 8, whose
/// value takes seconds, where the hints and the computer's replies are known moves): it used
/// to refuse to start the game at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unvalued {
    /// The game's title, as [`super::Report::game`].
    pub game: String,
    /// The convention of the question.
    pub convention: Convention,
    /// The components, in order.
    pub components: Vec<Piece>,
    /// Whether no move is left.
    pub finished: bool,
    /// Why the value is missing: the refusal, which names the limit.
    pub refused: String,
}

impl Unvalued {
    /// `sum` under `convention`, its value refused with `refusal`.
    pub fn of(sum: &Sum, convention: Convention, refusal: impl Into<String>) -> Self {
        Unvalued {
            game: title(sum),
            convention,
            components: pieces(sum),
            finished: sum.is_terminal(),
            refused: refusal.into(),
        }
    }

    /// Writes the fields into a JSON object being written (the server adds `position`).
    pub fn serialize_fields<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry("game", &self.game)?;
        map.serialize_entry("convention", &self.convention)?;
        map.serialize_entry("components", &self.components)?;
        for unknown in ["values", "nim_sum", "outcome", "winner"] {
            map.serialize_entry(unknown, &None::<u8>)?;
        }
        map.serialize_entry("finished", &self.finished)?;
        map.serialize_entry("winning_move_count", &None::<u8>)?;
        map.serialize_entry("winning_moves", &None::<u8>)?;
        map.serialize_entry("refused", &self.refused)
    }
}

impl Serialize for Unvalued {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        self.serialize_fields(&mut map)?;
        map.end()
    }
}

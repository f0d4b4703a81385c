//! Sprouts as a ruleset of the registry: `sprouts:0*6`, `sprouts:0*4|1a1a`.

use std::fmt;
use std::sync::Arc;

use super::search_door::{searched_position, SearchedPosition};
use crate::family::{known, Drawing, Family, Positions};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::Engine;
use crate::searched::{board_form, numbers, Searched, SearchedGame, Shown};
use crate::sprouts::{self, Sprouts, SproutsPosition};

/// Sprouts in the registry.
pub static FAMILY: Family = Family {
    name: "sprouts",
    aliases: &[],
    title: "Sprouts",
    rules: "Draw a line from a spot to another spot or to itself, crossing no line, and put a new spot on it; a spot takes at most three lines.",
    params: &[],
    positions: Positions {
        label: "Position",
        help: "0*N for N spots, or a position in the notation of Applegate, Jacobson and Sleator as Glop and SPOTS write it: lands separated by +, regions by |, boundaries by . (e.g. 0*4|1a1a)",
        example: "0*3",
        drawing: Drawing("spots"),
    },
    example: "sprouts:1a1a",
    sequence: false,
    known_by: known::search,
    heap_game: false,
    search: Some(search_door),
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(Searched::<SproutsGame>::new())),
};

/// Sprouts' search door: a position cut into its independent lands.
fn search_door(position: &str) -> Result<Box<dyn SearchedPosition>> {
    let position: SproutsPosition = position.parse()?;
    Ok(searched_position(
        Sprouts::new,
        FAMILY.name,
        Ok(position.keys()),
        0,
        &position,
    ))
}

/// Sprouts, described for [`Searched`].
#[derive(Debug)]
pub struct SproutsGame;

impl Shown for SproutsPosition {}

board_form!(
    SproutsPosition,
    "position",
    |p| p.lives(),
    |_p| SproutsPosition::default(),
    bound(|p| p
        .keys()
        .iter()
        .map(|land| land.move_bound() as u64)
        .fold(0, u64::saturating_add))
);

/// A move: the position it leaves, by its number among the distinct positions one move on
/// ([`SproutsPosition::options`], counted from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SproutsMove(pub usize);

impl fmt::Display for SproutsMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}", self.0 + 1)
    }
}

impl SearchedGame for SproutsGame {
    type Board = SproutsPosition;
    type Move = SproutsMove;
    type Split = Sprouts;

    const NAME: &'static str = "sprouts";
    const TITLE: &'static str = "Sprouts";
    const EXAMPLES: &'static str =
        "the position after the move in the notation (\"1a1a\" from 0*2), or the move's number in the list of moves (\"2\")";

    fn engine() -> Engine<Sprouts> {
        sprouts::default_engine()
    }

    fn moves(p: &SproutsPosition) -> Vec<SproutsMove> {
        (0..p.shared_options().len()).map(SproutsMove).collect()
    }

    /// The move in words, by the spots its line joins as the position's text numbers them
    /// ([`sprouts::lines`]), then the positions: `a line from spot 1 to spot 2: 0*3 -> 0.1a1a`.
    fn taken(before: &SproutsPosition, after: &SproutsPosition) -> Option<String> {
        let words = sprouts::lines::words_of(before, after)?;
        Some(format!("{words}: {before} -> {after}"))
    }

    /// By proof numbers on whole positions ([`sprouts::misere`]): lands do not add under
    /// misère play.
    fn misere_p_position(boards: &[&SproutsPosition]) -> Option<Result<bool>> {
        let lands = boards.iter().flat_map(|b| b.keys()).collect();
        Some(sprouts::misere::is_p_position(lands))
    }

    /// The first option alone ([`SproutsPosition::first_option`]).
    fn first_option(p: &SproutsPosition) -> Option<SproutsPosition> {
        p.first_option()
    }

    fn play(p: &SproutsPosition, m: SproutsMove) -> Result<SproutsPosition> {
        let options = p.shared_options();
        let count = options.len();
        match m.0 < count {
            true => Ok(options[m.0].clone()),
            false => Err(GameError::IllegalMove(format!(
                "{p} has {count} moves, numbered 1 to {count}, not {}",
                m.0 + 1
            ))),
        }
    }

    fn value_with(p: &SproutsPosition, engine: &mut Engine<Sprouts>) -> Result<Nimber> {
        engine.value_of_sum(&p.keys())
    }

    fn has_value(
        p: &SproutsPosition,
        target: Nimber,
        engine: &mut Engine<Sprouts>,
    ) -> Result<bool> {
        engine.sum_has_value(&p.keys(), target)
    }

    /// The move's number, or the position it leaves in the notation.
    fn read_move(
        p: &SproutsPosition,
        words: &[&str],
    ) -> Option<std::result::Result<SproutsMove, String>> {
        let options = p.options();
        if let Some([k]) = numbers(words).as_deref() {
            let count = options.len();
            return Some(match *k {
                1.. if *k as usize <= count => Ok(SproutsMove(*k as usize - 1)),
                _ => Err(format!(
                    "{p} has {count} moves, numbered 1 to {count}, not {k}"
                )),
            });
        }
        let text = words.concat();
        let after: SproutsPosition = match text.parse() {
            Ok(after) => after,
            Err(e) => return Some(Err(e.to_string())),
        };
        Some(match options.iter().position(|o| *o == after) {
            Some(k) => Ok(SproutsMove(k)),
            None => Err(format!(
                "{after} is not one line away from {p}: a move draws one line with a new spot on it"
            )),
        })
    }
}

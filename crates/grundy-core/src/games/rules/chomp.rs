//! Chomp as a ruleset of the registry: `chomp:3x7`, `chomp:7,7,5`.

use std::sync::Arc;

use crate::games::chomp::{Bite, Chomp, ChompBoard, DEFAULT_MEMORY, DEFAULT_TIME_BUDGET};
use crate::games::searched::{board_form, numbers, Searched, SearchedGame};
use crate::kernel::error::Result;
use crate::kernel::family::{Drawing, Family, Positions};
use crate::nimber::Nimber;
use crate::search::Engine;

/// Chomp in the registry.
pub static FAMILY: Family = Family {
    name: "chomp",
    aliases: &[],
    title: "Chomp",
    rules: "A bar of chocolate whose corner square is poisoned: a move eats a square other than the poisoned one, with everything above and to its right (the player left with the poisoned square alone cannot move).",
    params: &[],
    positions: Positions {
        label: "Bar",
        help: "RxC for a full bar, or row lengths from the poisoned row up (non-increasing)",
        example: "3x4",
        drawing: Drawing::Chomp,
    },
    example: "chomp:3x4",
    sequence: false,
    build: |_| Ok(Arc::new(Searched::<ChompGame>::new())),
};

/// Chomp, described for [`Searched`].
#[derive(Debug)]
pub struct ChompGame;

impl crate::games::searched::Shown for ChompBoard {
    /// A whole rectangle is named by its size, as a term writes it: `9x40`, not nine `40`s.
    fn named(&self) -> Option<String> {
        let rows = self.row_lengths();
        let cols = *rows.first()?;
        let whole = rows.len() > 1 && rows.iter().all(|&r| r == cols);
        whole.then(|| format!("{}x{cols}", rows.len()))
    }
}

board_form!(
    ChompBoard,
    "bar",
    |b| b
        .row_lengths()
        .iter()
        .map(|&r| u64::from(r))
        .sum::<u64>()
        .saturating_sub(1),
    |b| ChompBoard::from_rows(vec![1]).unwrap_or_else(|_| b.clone()),
    // One bite per square but the poisoned one: `n` counts exactly those.
    |n| n
);

impl SearchedGame for ChompGame {
    type Board = ChompBoard;
    type Move = Bite;
    type Split = Chomp;

    const NAME: &'static str = "chomp";
    const TITLE: &'static str = "Chomp";
    const EXAMPLES: &'static str = "\"2 3\" (eat the square at row 2, column 3 and everything above and to its right; row 1, column 1 is poisoned)";

    fn engine() -> Engine<Chomp> {
        let mut engine = Engine::new(Chomp, DEFAULT_MEMORY);
        engine.set_time_budget(Some(DEFAULT_TIME_BUDGET));
        engine
    }

    fn moves(board: &ChompBoard) -> Vec<Bite> {
        board.moves()
    }

    fn move_to(before: &ChompBoard, after: &ChompBoard) -> Option<Bite> {
        before.bite_to(after)
    }

    fn play(board: &ChompBoard, m: Bite) -> Result<ChompBoard> {
        board.play(m)
    }

    fn value_with(board: &ChompBoard, engine: &mut Engine<Chomp>) -> Result<Nimber> {
        board.value_with(engine)
    }

    /// Row and column, counted from 1.
    fn read_move(_board: &ChompBoard, words: &[&str]) -> Option<std::result::Result<Bite, String>> {
        let words: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| *w != "bite" && *w != "eat")
            .collect();
        let [r, c] = numbers(&words)?[..] else {
            return None;
        };
        match (u32::try_from(r), u32::try_from(c)) {
            (Ok(r @ 1..), Ok(c @ 1..)) => Some(Ok(Bite {
                row: r - 1,
                col: c - 1,
            })),
            _ => Some(Err(format!(
                "no square at row {r}, column {c}: rows and columns are counted from 1"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::searched::assert_moves_to_value_agree;

    /// The moves to a value found by asking each option "are you worth it?" are those found
    /// by valuing each option, and bars of more than 24 options are derived by witnesses:
    /// square bars (P-positions by the mirror bite) and others, one engine kept throughout.
    /// The bound on a bar's moves (what `/api/moves` and `grundy play` check before valuing
    /// every move) is its number of moves, one per square but the poisoned one; it was the
    /// square of that, and 5 rows of 26 (129 moves) was refused as "up to 16641".
    #[test]
    fn a_bar_has_one_move_per_square_but_the_poisoned_one() {
        use crate::kernel::PositionForm;
        for text in [
            "1",
            "2",
            "1,1",
            "3,2,1",
            "4,4,4",
            "26,26,26,26,26",
            "31,31,7,1",
        ] {
            let bar: ChompBoard = text.parse().unwrap();
            assert_eq!(bar.option_bound(), bar.moves().len() as u64, "{text}");
        }
    }

    #[test]
    fn moves_to_a_value_are_those_the_values_give() {
        let rules = Searched::<ChompGame>::new();
        for text in [
            "1x1",
            "2x3",
            "3x4",
            "4x4",
            "5x6",
            "4x8",
            "6x6",
            "2x14",
            "8,8,7,5,3",
        ] {
            let board: ChompBoard = text.parse().unwrap();
            assert_moves_to_value_agree(&rules, &board);
        }
    }
}

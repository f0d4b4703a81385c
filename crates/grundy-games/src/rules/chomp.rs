//! Chomp as a ruleset of the registry: `chomp:3x7`, `chomp:7,7,5`.

use std::sync::Arc;

use super::search_door::{searched_position, SearchedPosition};
use crate::chomp::bars;
use crate::chomp::{Bite, Chomp, ChompBoard, DEFAULT_MEMORY, DEFAULT_TIME_BUDGET};
use crate::family::{AtOnce, Drawing, Family, Positions};
use crate::kernel::component::Component;
use crate::kernel::error::Result;
use crate::kernel::provenance::Provenance;
use crate::kernel::reasoning::Argument;
use crate::nimber::Nimber;
use crate::search::Engine;
use crate::searched::{board_form, numbers, Searched, SearchedGame};

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
        drawing: Drawing("chomp"),
    },
    example: "chomp:3x4",
    sequence: false,
    known_by,
    heap_game: false,
    search: Some(search_door),
    at_once: Some(at_once),
    reasoning: None,
    build: |_| Ok(Arc::new(Searched::<ChompGame>::new())),
};

/// How the value of a Chomp diagram is known: a square bar by its mirror move, a bar beyond the
/// search by strategy stealing, one row or an L shape by its two Nim heaps and two rows or
/// columns by their P-positions (a closed form each), else search.
fn known_by(c: &Component) -> Provenance {
    let Some(board) = c.position::<Searched<ChompGame>>() else {
        return Provenance::Search;
    };
    let rows = board.row_lengths();
    if bars::is_square_bar(board) {
        Provenance::Symmetry
    } else if bars::is_stolen_bar(board) {
        Provenance::StrategyStealing
    } else if rows.len() < 2 || rows[1] <= 1 || bars::is_two_row_bar(board) {
        Provenance::ClosedForm
    } else {
        Provenance::Search
    }
}

/// What Chomp's theory answers at once about a full bar ([`crate::family::AtOnce`]):
/// a square bar is won by the bite diagonally above the poison, two rows or columns by the
/// last square of the second, and any other bar beyond the search's reach by strategy
/// stealing [Gale 1974], with no move known (the computer then bites the top right square).
/// These hold at any size the board is read at, far beyond the search's 62 rows and columns.
fn at_once(c: &Component) -> Option<AtOnce> {
    let (rules, board) = c.downcast::<Searched<ChompGame>>()?;
    let beyond_search = bars::beyond_reach(board).filter(|_| board.is_full_bar());
    let option = |bite| Some(vec![Component::new(rules, board.play(bite).ok()?)]);
    if bars::is_stolen_bar(board) {
        let (why, unknown) = stolen_why(board);
        let rows = board.row_lengths();
        let corner = Bite {
            row: rows.len() as u32 - 1,
            col: rows[0] - 1,
        };
        return Some(AtOnce {
            winning_move: None,
            kind: Argument::StrategyStealing,
            why,
            unknown: Some((unknown, option(corner)?)),
            beyond_search,
        });
    }
    let (bite, kind, why) = winning_bite(board)?;
    Some(AtOnce {
        winning_move: Some(option(bite)?),
        kind,
        why,
        unknown: None,
        beyond_search,
    })
}

/// Why a bar answered by strategy stealing is won (the argument), and why no winning move is
/// known.
fn stolen_why(board: &ChompBoard) -> (String, String) {
    let (rows, cols) = (board.row_lengths().len(), board.row_lengths()[0]);
    let argument = format!(
        "Chomp on the full {rows} x {cols} bar: the player to move wins, by strategy stealing. Were biting the top right square to lose, the winning reply to it could have been played first instead, for its bite eats that square too. The argument names no move: played here, the computer bites the top right square, which gives least away but is not known to win."
    );
    let beyond = bars::beyond_reach(board).unwrap_or_default();
    let unknown = format!(
        "strategy stealing proves that the player to move wins but names no move, and the {rows} x {cols} bar is beyond the search ({beyond}); at every size only a square bar and two rows or columns have a known winning move."
    );
    (argument, unknown)
}

/// The one winning bite of a square bar or of two rows or columns, the explanation's kind
/// (`symmetry` for the square, `closed-form` for two rows) and why, in words.
fn winning_bite(board: &ChompBoard) -> Option<(Bite, Argument, String)> {
    let (rows, cols) = (board.row_lengths().len() as u32, board.row_lengths()[0]);
    let lost = "Two rows of lengths a >= b are lost for the player to move exactly when a = b + 1 (the bite at row 1 just beyond the second row's end, or at the second row's last square, restores it from any other pair; from a = b + 1 every bite leaves equal rows or a second row two or more shorter).";
    if bars::is_square_bar(board) {
        let why = format!(
            "Chomp on the full {rows} x {rows} bar: bite the square at row 2, column 2, leaving two arms of {} squares beside the poisoned one; then answer each bite of one arm by the same bite of the other, so the opponent is left with the poisoned square.\nEvery other bite loses: in the poisoned row or column it leaves one row or column (a Nim heap) or a rectangle other than 1 x 1, which the player to move wins (strategy stealing); anywhere else it leaves the square at row 2, column 2, whose bite hands back the two equal arms.",
            rows - 1
        );
        Some((Bite { row: 1, col: 1 }, Argument::Symmetry, why))
    } else if bars::is_two_row_bar(board) && rows == 2 {
        let why = format!(
            "Chomp on the full 2 x {cols} bar: bite the last square of row 2 (row 2, column {cols}), leaving rows of {cols} and {}. {lost} Every other bite leaves equal rows or a second row two or more shorter.",
            cols - 1
        );
        Some((
            Bite {
                row: 1,
                col: cols - 1,
            },
            Argument::ClosedForm,
            why,
        ))
    } else if bars::is_two_row_bar(board) {
        let why = format!(
            "Chomp on the full {rows} x 2 bar (two columns, the mirror image of two rows): bite the top square of column 2 (row {rows}, column 2), leaving columns of {rows} and {}. {lost} Read across the diagonal, every other bite leaves equal columns or a second column two or more shorter.",
            rows - 1
        );
        Some((
            Bite {
                row: rows - 1,
                col: 1,
            },
            Argument::ClosedForm,
            why,
        ))
    } else {
        None
    }
}

/// Chomp's search door: one diagram, one component.
fn search_door(position: &str) -> Result<Box<dyn SearchedPosition>> {
    let board: ChompBoard = position.parse()?;
    Ok(searched_position(
        || Chomp,
        FAMILY.name,
        board.key().map(|k| vec![k]),
        0,
        &board,
    ))
}

/// Chomp, described for [`Searched`].
#[derive(Debug)]
pub struct ChompGame;

impl crate::searched::Shown for ChompBoard {
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
    use crate::searched::assert_moves_to_value_agree;

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

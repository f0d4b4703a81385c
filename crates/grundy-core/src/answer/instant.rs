//! Answers known at once, before any search: what `grundy search` answers in milliseconds is
//! answered so through every door, and Chomp bars beyond the search are answered by theory.
//!
//! * A Cram board of even sides is a P-position by the mirror strategy: `CramBoard::components`
//!   already leaves nothing to search, and [`crate::sum::Sum::winning_moves`] lists no move
//!   without trying any, so it needs nothing here.
//! * A square Chomp bar `n × n` (`n ≥ 2`) is won by exactly one bite, the square diagonally above
//!   the poisoned one: it leaves two arms of `n − 1` squares, and the winner answers each bite
//!   of one arm by the same bite of the other. Every other bite loses: one in the poisoned row
//!   or column leaves a single row or column (a Nim heap of at least 1) or a rectangle other
//!   than `1 × 1` (won by the player to move, by strategy stealing); any other bite leaves that
//!   diagonal square, whose bite then hands the opponent the two equal arms. Searching the
//!   bar's 143 options took 56 s for `12 × 12`; its value, which no door needs to play, is not
//!   computed (`values` is null, as for a large Wythoff board).
//! * A bar of two rows of `c ≥ 3` squares (or two columns, its mirror image) is won by exactly
//!   one bite, the last square of the second row: two rows of lengths `a ≥ b` are lost for the
//!   player to move exactly when `a = b + 1` (docs/theory.md, "Two-rowed Chomp"), and the other
//!   bites leave two rows of equal length or a second row two or more shorter.
//!
//! These hold at any size the board is read at (`chomp::MAX_SIDE`), far beyond the search's
//! 62 rows and columns together.

use num_bigint::BigUint;

use crate::games::chomp::{Bite, ChompBoard};
use crate::games::rules::chomp::ChompGame;
use crate::games::searched::Searched;
use crate::kernel::moves::MoveList;
use crate::report::{self, Explained, Explanation, Move, NoDetail, Report, WinningMove};
use crate::strategy::Convention;
use crate::sum::{Component, Outcome, Sum, SumMove};

/// Whether `board` is a full square bar of side at least 2.
pub(super) fn is_square_bar(board: &ChompBoard) -> bool {
    board.is_full_bar() && board.row_lengths().len() == board.row_lengths()[0] as usize
}

/// Whether `board` is a full bar of two rows or two columns, and not a square.
pub(super) fn is_two_row_bar(board: &ChompBoard) -> bool {
    let rows = board.row_lengths();
    board.is_full_bar() && (rows.len() == 2) != (rows[0] == 2)
}

/// The one winning bite of a square bar or of two rows or columns, the explanation's kind
/// (`symmetry` for the square, `closed-form` for two rows) and why, in words.
fn winning_bite(board: &ChompBoard) -> Option<(Bite, &'static str, String)> {
    let (rows, cols) = (board.row_lengths().len() as u32, board.row_lengths()[0]);
    let lost = "Two rows of lengths a >= b are lost for the player to move exactly when a = b + 1 (the bite at row 1 just beyond the second row's end, or at the second row's last square, restores it from any other pair; from a = b + 1 every bite leaves equal rows or a second row two or more shorter).";
    if is_square_bar(board) {
        let why = format!(
            "Chomp on the full {rows} x {rows} bar: bite the square at row 2, column 2, leaving two arms of {} squares beside the poisoned one; then answer each bite of one arm by the same bite of the other, so the opponent is left with the poisoned square.\nEvery other bite loses: in the poisoned row or column it leaves one row or column (a Nim heap) or a rectangle other than 1 x 1, which the player to move wins (strategy stealing); anywhere else it leaves the square at row 2, column 2, whose bite hands back the two equal arms.",
            rows - 1
        );
        Some((Bite { row: 1, col: 1 }, "symmetry", why))
    } else if is_two_row_bar(board) && rows == 2 {
        let why = format!(
            "Chomp on the full 2 x {cols} bar: bite the last square of row 2 (row 2, column {cols}), leaving rows of {cols} and {}. {lost} Every other bite leaves equal rows or a second row two or more shorter.",
            cols - 1
        );
        Some((
            Bite {
                row: 1,
                col: cols - 1,
            },
            "closed-form",
            why,
        ))
    } else if is_two_row_bar(board) {
        let why = format!(
            "Chomp on the full {rows} x 2 bar (two columns, the mirror image of two rows): bite the top square of column 2 (row {rows}, column 2), leaving columns of {rows} and {}. {lost} Read across the diagonal, every other bite leaves equal columns or a second column two or more shorter.",
            rows - 1
        );
        Some((
            Bite {
                row: rows - 1,
                col: 1,
            },
            "closed-form",
            why,
        ))
    } else {
        None
    }
}

/// The report on `sum` when it is known at once (see the module documentation), else `None`.
pub fn instant(sum: &Sum, convention: Convention, explain: bool) -> Option<Report> {
    let ([c], Convention::Normal) = (sum.components.as_slice(), convention) else {
        return None;
    };
    let (rules, board) = c.downcast::<Searched<ChompGame>>()?;
    let (bite, kind, why) = winning_bite(board)?;
    // Made directly: listing the options of a bar of a million rows would not end.
    let to = Component::new(rules, board.play(bite).ok()?);
    let mv = SumMove::new(0, c, vec![to]);
    let explanation = explain.then(|| {
        Explanation::Text(Explained {
            kind,
            detail: NoDetail {},
            text: format!("{why}\nN-position: the player to move wins."),
        })
    });
    let winning_moves = MoveList::complete(vec![WinningMove {
        mv: Move::Sum(crate::big_nim::BigMove::Small(mv)),
        count: 1,
    }]);
    Some(Report {
        game: report::title(sum),
        convention,
        components: sum
            .components
            .iter()
            .cloned()
            .map(|c| report::Piece::Component(crate::big_nim::BigComponent::Small(c)))
            .collect(),
        values: None,
        nim_sum: None,
        outcome: Outcome::N,
        winner: report::winner(Outcome::N),
        finished: false,
        winning_move_count: BigUint::from(1u8),
        winning_moves,
        explanation,
    })
}

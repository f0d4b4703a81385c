//! Answers known at once, before any search: what `grundy search` answers in milliseconds is
//! answered so through every door.
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

use num_bigint::BigUint;

use crate::games::chomp::ChompBoard;
use crate::games::rules::chomp::ChompGame;
use crate::games::searched::Searched;
use crate::kernel::moves::MoveList;
use crate::report::{self, Explained, Explanation, Move, NoDetail, Report, WinningMove};
use crate::strategy::Convention;
use crate::sum::{Outcome, Sum, SumMove};

/// Whether `board` is a full square bar of side at least 2.
pub(super) fn is_square_bar(board: &ChompBoard) -> bool {
    let rows = board.row_lengths();
    rows.len() >= 2 && rows.iter().all(|&len| len as usize == rows.len())
}

/// The report on `sum` when it is known at once (see the module documentation), else `None`.
pub fn instant(sum: &Sum, convention: Convention, explain: bool) -> Option<Report> {
    let ([c], Convention::Normal) = (sum.components.as_slice(), convention) else {
        return None;
    };
    let board = c.position::<Searched<ChompGame>>()?;
    if !is_square_bar(board) {
        return None;
    }
    let n = board.row_lengths().len() as u32;
    let mut arms = vec![1; n as usize];
    arms[0] = n;
    let arms = ChompBoard::from_rows(arms).ok()?;
    let to = c
        .options()
        .into_iter()
        .find(|o| o.len() == 1 && o[0].position::<Searched<ChompGame>>() == Some(&arms))?;
    let mv = SumMove::new(0, c, to);
    let explanation = explain.then(|| {
        Explanation::Text(Explained {
            kind: "symmetry",
            detail: NoDetail {},
            text: format!(
                "Chomp on the full {n} x {n} bar: bite the square at row 2, column 2, leaving two arms of {} squares beside the poisoned one; then answer each bite of one arm by the same bite of the other, so the opponent is left with the poisoned square.\nEvery other bite loses: in the poisoned row or column it leaves one row or column (a Nim heap) or a rectangle other than 1 x 1, which the player to move wins (strategy stealing); anywhere else it leaves the square at row 2, column 2, whose bite hands back the two equal arms.\nN-position: the player to move wins.",
                n - 1
            ),
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

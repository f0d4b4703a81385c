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
//! * Any other full bar of at least two rows and two columns is won by the player to move, by
//!   strategy stealing [Gale 1974]: were the bite of the top right square to lose, the winning
//!   reply to it could have been played first, since it eats that square too. The argument
//!   names no move. A bar beyond the search's reach ([`SEARCH_REACH`] diagrams inside it, or
//!   more than 62 rows and columns together) is answered so, at once, saying that no winning
//!   move is known; the computer then bites the top right square, the move that gives least
//!   away, not known to win or lose. Within that reach the search answers in well under a
//!   second (14 × 10, 1,961,256 diagrams: 0.5 s), with the value and every winning move.
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

/// Most diagrams inside a full Chomp bar that a question searches (`2^21`): the count
/// `C(r + c, r)` of positions inside an `r × c` bar bounds the search's work, and at this size
/// it takes about half a second (14 × 10, 1,961,256 diagrams, is searched; 15 × 10, 3,268,760,
/// is answered by strategy stealing).
pub const SEARCH_REACH: u64 = 1 << 21;

/// Whether `board` is a full bar of at least two rows and two columns, neither a square nor of
/// two rows or columns, beyond the search's reach: the bars answered by strategy stealing.
pub(super) fn is_stolen_bar(board: &ChompBoard) -> bool {
    let (rows, cols) = sides(board);
    board.is_full_bar() && rows >= 3 && cols >= 3 && rows != cols && beyond_reach(board).is_some()
}

/// The rows of `board` and the length of its first (poisoned) row: a full bar's sides.
fn sides(board: &ChompBoard) -> (u64, u64) {
    let rows = board.row_lengths();
    (rows.len() as u64, u64::from(rows[0]))
}

/// Whether `C(rows + cols, rows)`, the number of diagrams inside a `rows × cols` bar, exceeds
/// `limit` (computed exactly, stopping as soon as it does).
fn diagrams_exceed(rows: u64, cols: u64, limit: u64) -> bool {
    let k = rows.min(cols);
    let mut count: u128 = 1;
    for i in 1..=k {
        // C(n, i) = C(n, i - 1) * (n - i + 1) / i, exact at every step.
        count = count * u128::from(rows + cols - i + 1) / u128::from(i);
        if count > u128::from(limit) {
            return true;
        }
    }
    false
}

/// Why the full bar `board` is beyond the search's reach (see [`SEARCH_REACH`]), in words, or
/// `None` when it is within it.
pub(super) fn beyond_reach(board: &ChompBoard) -> Option<String> {
    let (rows, cols) = sides(board);
    if !board.fits_search() {
        Some("more than 62 rows and columns together, the most a diagram's key holds".into())
    } else if diagrams_exceed(rows, cols, SEARCH_REACH) {
        Some(format!(
            "more than 2^21 = {SEARCH_REACH} diagrams inside it"
        ))
    } else {
        None
    }
}

/// Why a bar answered by strategy stealing is won (the argument), and why no winning move is
/// known.
fn stolen_why(board: &ChompBoard) -> (String, String) {
    let (rows, cols) = (board.row_lengths().len(), board.row_lengths()[0]);
    let argument = format!(
        "Chomp on the full {rows} x {cols} bar: the player to move wins, by strategy stealing. Were biting the top right square to lose, the winning reply to it could have been played first instead, for its bite eats that square too. The argument names no move: played here, the computer bites the top right square, which gives least away but is not known to win."
    );
    let beyond = beyond_reach(board).unwrap_or_default();
    let unknown = format!(
        "strategy stealing proves that the player to move wins but names no move, and the {rows} x {cols} bar is beyond the search ({beyond}); at every size only a square bar and two rows or columns have a known winning move."
    );
    (argument, unknown)
}

/// The report on a lone full Chomp bar beyond the search's reach (more than 2^21 diagrams, or
/// more than 62 rows and columns together) that theory answers, with the reasoning, and why it
/// is beyond the search, in words: for a door that searches on request (`grundy search`),
/// which answers it at once rather than start a search that would not end. `None` elsewhere.
pub fn beyond_search(sum: &Sum) -> Option<(Report, String)> {
    let [c] = sum.components.as_slice() else {
        return None;
    };
    let (_, board) = c.downcast::<Searched<ChompGame>>()?;
    let beyond = beyond_reach(board).filter(|_| board.is_full_bar())?;
    Some((instant(sum, Convention::Normal, true)?, beyond))
}

/// The move played where the player to move wins but no winning move is known (a bar
/// answered by strategy stealing): the bite of the top right square, which gives least away.
/// `None` elsewhere.
pub(super) fn holding_move(sum: &Sum) -> Option<SumMove> {
    let [c] = sum.components.as_slice() else {
        return None;
    };
    let (rules, board) = c.downcast::<Searched<ChompGame>>()?;
    if !is_stolen_bar(board) {
        return None;
    }
    let rows = board.row_lengths();
    let corner = Bite {
        row: rows.len() as u32 - 1,
        col: rows[0] - 1,
    };
    let to = Component::new(rules, board.play(corner).ok()?);
    Some(SumMove::new(0, c, vec![to]))
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
    if is_stolen_bar(board) {
        let (argument, unknown) = stolen_why(board);
        let explained = explain.then(|| explained("strategy-stealing", argument));
        return Some(won(sum, None, explained, Some(unknown)));
    }
    let (bite, kind, why) = winning_bite(board)?;
    // Made directly: listing the options of a bar of a million rows would not end.
    let to = Component::new(rules, board.play(bite).ok()?);
    let mv = SumMove::new(0, c, vec![to]);
    Some(won(
        sum,
        Some(mv),
        explain.then(|| explained(kind, why)),
        None,
    ))
}

/// The reasoning `why` of the kind `kind`, ending with who wins.
fn explained(kind: &'static str, why: String) -> Explanation {
    Explanation::Text(Explained {
        kind,
        detail: NoDetail {},
        text: format!("{why}\nN-position: the player to move wins."),
    })
}

/// The report on a lone component won by the player to move, by its one winning move `mv`, or
/// with none known and `moves_unknown` saying why.
fn won(
    sum: &Sum,
    mv: Option<SumMove>,
    explanation: Option<Explanation>,
    moves_unknown: Option<String>,
) -> Report {
    let winning_moves: Vec<WinningMove> = mv
        .into_iter()
        .map(|mv| WinningMove {
            mv: Move::Sum(crate::big_nim::BigMove::Small(mv)),
            count: 1,
        })
        .collect();
    Report {
        game: report::title(sum),
        convention: Convention::Normal,
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
        winning_move_count: BigUint::from(winning_moves.len()),
        winning_moves: MoveList::complete(winning_moves),
        explanation,
        moves_unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `C(n, k)` by Pascal's triangle, independently of the product formula.
    fn binomial(n: u64, k: u64) -> u128 {
        let mut row = vec![1u128];
        for _ in 0..n {
            let mut next = vec![1u128; row.len() + 1];
            for i in 1..row.len() {
                next[i] = row[i - 1] + row[i];
            }
            row = next;
        }
        row[k as usize]
    }

    #[test]
    fn diagram_counts_are_exact_on_both_sides_of_every_limit() {
        for rows in 1..=40 {
            for cols in 1..=40 {
                let count = binomial(rows + cols, rows);
                for limit in [1, 1000, SEARCH_REACH, u64::MAX] {
                    let exceeds = count > u128::from(limit);
                    assert_eq!(
                        diagrams_exceed(rows, cols, limit),
                        exceeds,
                        "{rows} x {cols}"
                    );
                }
                // Both sides of the count itself.
                if let Ok(count) = u64::try_from(count) {
                    assert!(!diagrams_exceed(rows, cols, count), "{rows} x {cols}");
                    assert!(diagrams_exceed(rows, cols, count - 1), "{rows} x {cols}");
                }
            }
        }
        // 14 x 10 is searched, 15 x 10 is not.
        assert!(!diagrams_exceed(14, 10, SEARCH_REACH));
        assert!(diagrams_exceed(15, 10, SEARCH_REACH));
    }
}

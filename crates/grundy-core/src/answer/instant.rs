//! Answers known at once, before any search: what `grundy search` answers in milliseconds is
//! answered so through every door, and positions beyond the search are answered by theory.
//!
//! * A Cram board of even sides is a P-position by the mirror strategy: `CramBoard::components`
//!   already leaves nothing to search, and [`crate::sum::Sum::winning_moves`] lists no move
//!   without trying any, so it needs nothing here.
//! * A lone component whose family's theory answers it at once ([`Family::at_once`]) is
//!   answered so: a square Chomp bar by the bite diagonally above the poison (its 143 options
//!   took 56 s to search for `12 × 12`), two rows or columns by the last square of the second,
//!   any other full bar beyond the search's reach by strategy stealing [Gale 1974], saying that
//!   no winning move is known (the computer then plays the move the family names, which gives
//!   least away). Its value, which no door needs to play, is not computed (`values` is null, as
//!   for a large Wythoff board).

use num_bigint::BigUint;

use crate::games::family::{AtOnce, Family};
use crate::kernel::component::Component;
use crate::kernel::moves::MoveList;
use crate::kernel::reasoning::Argument;
use crate::report::{self, Explanation, Move, Report, WinningMove};
use crate::strategy::Convention;
use crate::sum::{Outcome, Sum, SumMove};

/// The lone component of `sum` and what its family's theory answers at once about it.
fn at_once(sum: &Sum) -> Option<(&Component, AtOnce)> {
    let [c] = sum.components.as_slice() else {
        return None;
    };
    let family: &Family = crate::registry::family_of(c)?;
    Some((c, (family.at_once?)(c)?))
}

/// The report on a lone component beyond the search that theory answers (a full Chomp bar of
/// more than 2^21 diagrams, or more than 62 rows and columns together), with the reasoning,
/// and why it is beyond the search, in words: for a door that searches on request (`grundy
/// search`), which answers it at once rather than start a search that would not end. `None`
/// elsewhere.
pub fn beyond_search(sum: &Sum) -> Option<(Report, String)> {
    let (c, known) = at_once(sum)?;
    let beyond = known.beyond_search.clone()?;
    Some((report_of(sum, c, known, true), beyond))
}

/// The move played where the player to move wins but no winning move is known (a bar
/// answered by strategy stealing): the one the family names, which gives least away. `None`
/// elsewhere.
pub(super) fn holding_move(sum: &Sum) -> Option<SumMove> {
    let (c, known) = at_once(sum)?;
    let (_, to) = known.unknown?;
    Some(SumMove::new(0, c, to))
}

/// The report on `sum` when it is known at once (see the module documentation), else `None`.
pub fn instant(sum: &Sum, convention: Convention, explain: bool) -> Option<Report> {
    if !matches!(convention, Convention::Normal) {
        return None;
    }
    let (c, known) = at_once(sum)?;
    Some(report_of(sum, c, known, explain))
}

/// The report on the lone component `c` of `sum`, won as `known` says.
fn report_of(sum: &Sum, c: &Component, known: AtOnce, explain: bool) -> Report {
    let explanation = explain.then(|| explained(known.kind, known.why));
    let mv = known.winning_move.map(|to| SumMove::new(0, c, to));
    won(sum, mv, explanation, known.unknown.map(|(why, _)| why))
}

/// The reasoning `why` of the kind `kind`, ending with who wins.
fn explained(kind: Argument, why: String) -> Explanation {
    Explanation::text_only(kind, format!("{why}\nN-position: the player to move wins."))
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

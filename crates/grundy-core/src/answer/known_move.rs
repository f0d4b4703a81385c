//! A move known to win without search answers a question that asks for a move only (a hint,
//! the computer's turn): the position is an N-position won by that move, and its value, which
//! playing does not need, is not computed.

use num_bigint::BigUint;

use super::provenance::of_component;
use crate::kernel::component::Component;
use crate::kernel::derivation::MAX_DERIVED_OPTIONS;
use crate::kernel::moves::MoveList;
use crate::kernel::provenance::Provenance;
use crate::kernel::reasoning::Argument;
use crate::report::{self, Explanation, Report};
use crate::strategy::Convention;
use crate::sum::{Outcome, Sum, SumMove};

/// The report on a lone component under normal play whose value takes a search, with more
/// than [`MAX_DERIVED_OPTIONS`] options (below that, the search is quick and its value is
/// shown), and a move known without search to win: a move to an option its ruleset values at
/// 0 by a strategy argument (the central domino of a Cram board that is its own half turn with
/// one side odd, after which the first player answers every domino with its image). With that
/// option, for the answer's provenance.
///
/// A door asking for a move but not for every winning move (a hint, the computer's turn) needs
/// only that: the position is an N-position won by that move, and its value, which playing does
/// not need, is not computed (`values` is null; the winning moves are not listed, as for any
/// question that leaves them out). Cram 4 × 11 took 9.5 s to value before the computer's first
/// move, and the server refused the hint on 5 × 8 and 6 × 7 at its time limit.
pub(super) fn known_winning_move(
    sum: &Sum,
    convention: Convention,
    explain: bool,
) -> Option<(Report, Vec<Component>)> {
    let ([c], Convention::Normal) = (sum.components.as_slice(), convention) else {
        return None;
    };
    // A value known without search (a line of Cram squares) is given as ever. The options are
    // counted last: only searched games know moves without search, and their options are few
    // (a Nim heap of 2^53 has as many).
    if of_component(c) != Provenance::Search {
        return None;
    }
    let to = c.known_move_to_value(0)?;
    if c.options().len() <= MAX_DERIVED_OPTIONS {
        return None;
    }
    let explanation = explain.then(|| known_move_explanation(sum, c, &to));
    let report = Report {
        game: report::title(sum),
        convention,
        components: report::pieces(sum),
        values: None,
        nim_sum: None,
        outcome: Outcome::N,
        winner: report::winner(Outcome::N),
        finished: false,
        winning_move_count: BigUint::from(0u8),
        winning_moves: MoveList::complete(Vec::new()),
        explanation,
        moves_unknown: None,
    };
    Some((report, to))
}

/// Why the move of `c` to `to` wins: the option's value, known without search, and its reason.
fn known_move_explanation(sum: &Sum, c: &Component, to: &[Component]) -> Explanation {
    let reason = match to {
        [option] => option.explain_value().ok().and_then(|d| d.reason),
        _ => None,
    };
    let mv = SumMove::new(0, c, to.to_vec());
    let why = reason.map_or(String::new(), |r| format!(": {r}"));
    Explanation::text_only(
        Argument::Strategy,
        format!(
            "{}\nA winning move known without search: {mv} leaves a position worth 0{why}.\n{}. Its Grundy value is not computed: a winning move is all that playing needs.",
            report::title(sum),
            Outcome::N.describe()
        ),
    )
}

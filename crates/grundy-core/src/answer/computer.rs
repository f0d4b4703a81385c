//! The computer's move at any strength, through the one answer: the perfect part of every
//! player (`perfect`, a strength's share of its moves) is the answer's computer move
//! ([`super::ask`] with [`super::Asked::computer_move`]), so `grundy play`, `POST /api/move` and
//! the page's computer all play the move that `analyze` and the hints would teach, answered
//! at once where the answer is known at once (a Cram board by symmetry, a square Chomp bar).

use rand_core::RngCore;

use super::{ask, Asked, Question};
use crate::kernel::budget::{self, Budget};
use crate::kernel::error::Result;
use crate::kernel::uniform_below;
use crate::player::{bouton_rule_move, random_move, Player};
use crate::strategy::Convention;
use crate::sum::{Sum, SumMove};

/// The move `player` makes in `sum` within `budget`, or `None` when no move is possible.
///
/// A strength `s` draws a number below 100 first (also at the extremes, so that a seed replays
/// the same game at every strength): below `s` the answer's computer move (the quickest win,
/// or the slowest loss where the tree is small enough to measure), else a uniformly random
/// move. The `bouton` player plays Bouton's rule as if every term were a Nim heap.
pub fn player_move(
    sum: &Sum,
    convention: Convention,
    player: Player,
    budget: Budget,
    rng: &mut dyn RngCore,
) -> Result<Option<SumMove>> {
    let Some(strength) = player.strength() else {
        return budget::within(&budget, || bouton_rule_move(sum));
    };
    let roll = uniform_below(rng, 100);
    if roll >= u64::from(strength) {
        return Ok(random_move(sum, rng));
    }
    if sum.is_terminal() {
        return Ok(None);
    }
    let asked = Asked::computer_move_only();
    Ok(ask(&Question::sum(sum, convention, asked, budget))?.computer_move)
}

/// A move played without knowing whether it wins, for a door that plays on when the computer's
/// move was refused (the page on a board too hard to value within the server's time): a
/// uniformly random move, only where every part is a board or graph valued by search, as
/// [`super::unvalued`] answers them. `None` otherwise, and when no move is left: a heap whose
/// value is refused stays refused.
pub fn unvalued_move(sum: &Sum, rng: &mut dyn RngCore) -> Option<SumMove> {
    if super::all_searched(sum) {
        random_move(sum, rng)
    } else {
        None
    }
}

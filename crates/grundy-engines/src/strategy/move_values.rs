//! Every move of a position, valued: the "value view" of GAMESMAN, the system in which Dan
//! Garcia's GamesCrafters group at UC Berkeley solves and teaches small games (docs/bibliography.md),
//! where each available move is coloured by what it leads to.
//!
//! [`move_values`] lists every move with whether it **wins** (it leaves a P-position: the
//! opponent loses against best play) or **loses**, the Grundy value it leaves under normal play,
//! and, where the game tree is small enough to search ([`super::remoteness`]'s budgets), how
//! many moves the game then lasts with both sides playing perfectly: the winner hurrying, the
//! loser delaying (Steinhaus's remoteness; Berlekamp, Conway and Guy, *Winning Ways*, ch. 9).
//!
//! The move marked `best` is [`super::best_move`], the engine's one perfect move: the move that
//! wins soonest or, losing, the one that makes the game last longest, wherever the remoteness
//! search is affordable; otherwise the first winning move of Bouton's rule.

use serde::Serialize;

use super::{
    delaying_move, direct_move, misere_time_budget, with_remoteness_solver, Convention,
    MISERE_SEARCH_LIMIT,
};
use crate::kernel::bouton;
use crate::kernel::error::{GameError, Result};
use crate::nimber::{nim_sum, Nimber};
use crate::solve::{misere_rule, sum_options, Solver};
use crate::sum::{Outcome, Sum, SumMove};
use crate::tree_size::estimate;

/// The most moves [`move_values`] values: each needs the value of the position it leaves.
/// The page draws at most 60 tokens a heap, so this is far more than it shows.
pub const MAX_VALUED_MOVES: u64 = 5_000;

/// What a move does for the player who makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveOutcome {
    /// It leaves a P-position: the player who made it wins against any defence.
    Win,
    /// It leaves an N-position: the opponent can now win.
    Lose,
}

/// One move and what it leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValuedMove {
    /// The move (`{component, from, to, text}`).
    #[serde(rename = "move")]
    pub mv: SumMove,
    /// Whether it wins or loses for the player who makes it.
    pub outcome: MoveOutcome,
    /// The Grundy value of the position it leaves (normal play only; 0 exactly for wins), a
    /// string of digits beyond 2^53 - 1 (a Tartan grid's values fill 64 bits).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "exact_value"
    )]
    pub value: Option<Nimber>,
    /// How many moves the game lasts, this one included, when both sides then play perfectly
    /// (the winner hurrying, the loser delaying); `None` when the tree was too large to search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_left: Option<u64>,
    /// Whether this is the move of [`super::best_move`] (the first of the best when measured).
    pub best: bool,
}

/// A present [`ValuedMove::value`], written exactly (docs/api.md, "Numbers").
fn exact_value<S: serde::Serializer>(
    value: &Option<Nimber>,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    value.map(crate::kernel::nim_heap::ExactU64).serialize(s)
}

/// Every move of a position, valued (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveValues {
    /// The play convention.
    pub convention: Convention,
    /// The position's outcome.
    pub outcome: Outcome,
    /// How many moves the game lasts from here with perfect play on both sides, when measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_left: Option<u64>,
    /// Whether `moves_left` is given for every move (the tree was small enough to search).
    pub measured: bool,
    /// Every move, in the order of [`Sum::moves`] (component by component, gentlest first).
    pub moves: Vec<ValuedMove>,
}

/// Every move of `sum` with its outcome, the value it leaves (normal play) and, where the tree
/// is within the remoteness budgets ([`super::REMOTENESS_LIMIT`] positions, [`super::REMOTENESS_WORK_LIMIT`]
/// work), how long the game then lasts. Refused when the position has more than
/// [`MAX_VALUED_MOVES`] moves, and under misère play when the search for the outcomes exceeds
/// its budgets (as [`super::analyze`] is).
pub fn move_values(sum: &Sum, convention: Convention) -> Result<MoveValues> {
    let bound = estimate(sum, 1).options;
    if bound > MAX_VALUED_MOVES {
        return Err(GameError::too_large(
            format!("valuing every move (this position has up to {bound} moves)"),
            format!("moves are valued one by one only for positions of at most {MAX_VALUED_MOVES} moves"),
        ));
    }
    let moves = sum.moves()?;
    let measured = measurable(sum);
    let remoteness: Option<(u64, Vec<u64>)> = if measured {
        with_remoteness_solver(convention, |solver| {
            let root = solver.value(&sum.canonical()).ok()?;
            let after: Option<Vec<u64>> = moves
                .iter()
                .map(|m| solver.value(&sum.after(m).canonical()).ok())
                .collect();
            Some((root, after?))
        })
    } else {
        None
    };
    let wins = match &remoteness {
        // Remoteness is even exactly for P-positions, under either convention.
        Some((_, after)) => after.iter().map(|r| r % 2 == 0).collect(),
        None => wins_without_search(sum, &moves, convention)?,
    };
    let values = match convention {
        Convention::Normal => values_after(sum, &moves),
        Convention::Misere => vec![None; moves.len()],
    };
    // A finished game counts 1 under misère play (the player to move has already won).
    let offset = u64::from(convention == Convention::Misere);
    let mut valued: Vec<ValuedMove> = moves
        .into_iter()
        .enumerate()
        .map(|(i, mv)| ValuedMove {
            mv,
            outcome: if wins[i] {
                MoveOutcome::Win
            } else {
                MoveOutcome::Lose
            },
            value: values[i],
            moves_left: remoteness.as_ref().map(|(_, after)| after[i] + 1 - offset),
            best: false,
        })
        .collect();
    let outcome = if valued.iter().any(|m| m.outcome == MoveOutcome::Win) {
        Outcome::N
    } else if valued.is_empty() && convention == Convention::Misere {
        // No move under misère play: the opponent took the last token and lost.
        Outcome::N
    } else {
        Outcome::P
    };
    if let Some(best) = best_index(&valued, sum, convention) {
        valued[best].best = true;
    }
    Ok(MoveValues {
        convention,
        outcome,
        moves_left: remoteness.map(|(root, _)| root - offset),
        measured: remoteness_measured(&valued),
        moves: valued,
    })
}

/// Whether the remoteness of every move of `sum` is searched: its tree is within
/// [`super::REMOTENESS_LIMIT`] positions and [`super::REMOTENESS_WORK_LIMIT`] work.
fn measurable(sum: &Sum) -> bool {
    super::remoteness_measurable(sum)
}

fn remoteness_measured(moves: &[ValuedMove]) -> bool {
    moves.iter().all(|m| m.moves_left.is_some())
}

/// The best move's index: measured, the quickest win or the slowest loss (the first of equals);
/// otherwise the move of [`direct_move`] (the first component with `g XOR t < g`, or the
/// delaying move), as [`super::best_move`] plays.
fn best_index(moves: &[ValuedMove], sum: &Sum, convention: Convention) -> Option<usize> {
    let wins = || {
        moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.outcome == MoveOutcome::Win)
    };
    // Measured where the perfect player measures: the mark is always its move.
    if remoteness_measured(moves) && !moves.is_empty() && super::player_measures_remoteness(sum) {
        let left = |m: &ValuedMove| m.moves_left.unwrap_or(0);
        let quickest = wins().min_by_key(|&(i, m)| (left(m), i)).map(|(i, _)| i);
        return quickest.or_else(|| {
            moves
                .iter()
                .enumerate()
                .max_by_key(|&(i, m)| (left(m), std::cmp::Reverse(i)))
                .map(|(i, _)| i)
        });
    }
    let direct = direct_move(sum, convention).ok().flatten();
    direct
        .and_then(|d| moves.iter().position(|m| m.mv == d))
        .or_else(|| wins().map(|(i, _)| i).next())
        .or_else(|| {
            let delay = delaying_move(sum)?;
            moves.iter().position(|m| m.mv == delay)
        })
}

/// Whether each move wins, without a remoteness search: from the Grundy values under normal
/// play (the closed form of a lone component's P-positions when its value is out of reach),
/// from Bouton's misère rule for Nim, and from the misère search within the budgets of [`super::analyze`]
/// otherwise.
fn wins_without_search(sum: &Sum, moves: &[SumMove], convention: Convention) -> Result<Vec<bool>> {
    match convention {
        Convention::Normal => moves
            .iter()
            .map(|m| {
                let after = sum.after(m);
                match after.components.as_slice() {
                    [c] => c.is_p_position(),
                    _ => Ok(after.value()? == 0),
                }
            })
            .collect(),
        Convention::Misere => {
            if sum.nim_heaps().is_some() {
                return Ok(moves
                    .iter()
                    .map(|m| {
                        let heaps = sum.after(m).nim_heaps().unwrap_or_default();
                        bouton::is_misere_p_position(&heaps)
                    })
                    .collect());
            }
            // The budgets of the misère analysis, one search shared by every move: the root's
            // search visits the whole tree, the moves' are then lookups.
            let mut solver = Solver::new(sum_options, misere_rule, MISERE_SEARCH_LIMIT)
                .with_time_budget(misere_time_budget())
                .labelled("misère analysis of this sum (an exhaustive search: misère sums have no Grundy-value shortcut)");
            solver.value(&sum.canonical())?;
            moves
                .iter()
                .map(|m| Ok(solver.value(&sum.after(m).canonical())? == Outcome::P))
                .collect()
        }
    }
}

/// The Grundy value each move leaves, from the components' values (the total, less the moved
/// component's value, plus its parts'); `None` where a value is out of reach (a huge Wythoff
/// board).
fn values_after(sum: &Sum, moves: &[SumMove]) -> Vec<Option<Nimber>> {
    let Ok(values) = sum.values() else {
        return vec![None; moves.len()];
    };
    let total = nim_sum(values.iter().copied());
    moves
        .iter()
        .map(|m| {
            let parts: Result<Vec<Nimber>> = m.to.iter().map(|c| c.value()).collect();
            parts.ok().map(|p| total ^ values[m.component] ^ nim_sum(p))
        })
        .collect()
}

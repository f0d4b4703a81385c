//! Winning moves and the choice of a move, under normal or misère play.
//!
//! [`analyze`] classifies a sum and lists every winning move. Under normal play it uses the
//! Sprague–Grundy theorem and works for components of any size. Under misère play (the player
//! who takes the last token loses) there is no such theorem for sums in general: Nim is solved
//! by Bouton's misère rule, every other sum by exhaustive search up to
//! [`MISERE_SEARCH_LIMIT`] positions.
//!
//! [`best_move`] is what a perfect player plays: a winning move when there is one (the quickest
//! win when the game tree is small enough to measure), otherwise the move that makes the game
//! last longest.

use crate::error::Result;
use crate::games::nim;
use crate::nimber::Nimber;
use crate::solve::{
    misere_remoteness_rule, misere_rule, remoteness_rule, sum_options, Solver,
    DEFAULT_POSITION_LIMIT,
};
use crate::sum::{Component, Outcome, Sum, SumMove};

/// The most positions a misère search of a non-Nim sum may visit.
pub const MISERE_SEARCH_LIMIT: usize = DEFAULT_POSITION_LIMIT;
/// The most positions visited to measure remoteness ("wins in 5 moves"); beyond it the engine
/// says nothing rather than guess.
pub const REMOTENESS_LIMIT: usize = 200_000;

/// Who wins when the last move is made.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// Whoever makes the last move wins.
    #[default]
    Normal,
    /// Whoever makes the last move loses.
    Misere,
}

/// The analysis of a position.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The play convention analysed.
    pub convention: Convention,
    /// Each component's Sprague–Grundy value (normal play; misère Nim is also read from them).
    pub values: Vec<Nimber>,
    /// Their nim-sum.
    pub total: Nimber,
    /// Who wins.
    pub outcome: Outcome,
    /// Every winning move (empty from a P-position).
    pub winning_moves: Vec<SumMove>,
}

/// Classifies `sum` and lists its winning moves.
pub fn analyze(sum: &Sum, convention: Convention) -> Result<Analysis> {
    let values = sum.values()?;
    let total = crate::nimber::nim_sum(values.iter().copied());
    let (outcome, winning_moves) = match convention {
        Convention::Normal => (Outcome::of_value(total), sum.winning_moves()?),
        Convention::Misere => misere_analysis(sum)?,
    };
    Ok(Analysis {
        convention,
        values,
        total,
        outcome,
        winning_moves,
    })
}

/// The heaps of `sum` if every component is a Nim heap.
pub fn nim_heaps(sum: &Sum) -> Option<Vec<u64>> {
    sum.components
        .iter()
        .map(|c| match c {
            Component::Nim(h) => Some(*h),
            _ => None,
        })
        .collect()
}

fn misere_analysis(sum: &Sum) -> Result<(Outcome, Vec<SumMove>)> {
    if let Some(heaps) = nim_heaps(sum) {
        let outcome = if nim::is_misere_p_position(&heaps) {
            Outcome::P
        } else {
            Outcome::N
        };
        let moves = nim::misere_winning_moves(&heaps)
            .into_iter()
            .map(|m| SumMove {
                component: m.heap,
                from: Component::Nim(m.from),
                to: vec![Component::Nim(m.to)],
            })
            .collect();
        return Ok((outcome, moves));
    }
    let mut solver = Solver::new(sum_options, misere_rule, MISERE_SEARCH_LIMIT);
    let outcome = solver.value(&sum.canonical())?;
    let mut moves = Vec::new();
    if outcome == Outcome::N {
        for m in sum.moves()? {
            if solver.value(&sum.after(&m).canonical())? == Outcome::P {
                moves.push(m);
            }
        }
    }
    Ok((outcome, moves))
}

/// The remoteness of `sum`: with both sides playing perfectly (the winner hurrying, the loser
/// delaying), the number of moves left. Odd means the player to move wins. `None` when the game
/// tree has more than [`REMOTENESS_LIMIT`] positions.
pub fn remoteness(sum: &Sum, convention: Convention) -> Option<u64> {
    if !remoteness_feasible(sum) {
        return None;
    }
    remoteness_solver(convention).value(&sum.canonical()).ok()
}

/// A cheap pre-check: a tree whose crude size bound is far over the limit is not searched at
/// all (sorting components merges permutations, hence the slack).
fn remoteness_feasible(sum: &Sum) -> bool {
    sum.position_bound() <= (REMOTENESS_LIMIT as u64).saturating_mul(64)
}

type RemotenessSolver = Solver<Sum, u64, fn(&Sum) -> Result<Vec<Sum>>, fn(&[u64]) -> u64>;

fn remoteness_solver(convention: Convention) -> RemotenessSolver {
    let rule: fn(&[u64]) -> u64 = match convention {
        Convention::Normal => remoteness_rule,
        Convention::Misere => misere_remoteness_rule,
    };
    Solver::new(
        sum_options as fn(&Sum) -> Result<Vec<Sum>>,
        rule,
        REMOTENESS_LIMIT,
    )
}

/// A perfect player's move, or `None` when no move is possible.
///
/// From an N-position: a winning move, the one that wins soonest when remoteness is computable.
/// From a P-position: the move that lasts longest when remoteness is computable, otherwise the
/// move that takes the least from the component with the most left.
pub fn best_move(sum: &Sum, convention: Convention) -> Result<Option<SumMove>> {
    let analysis = analyze(sum, convention)?;
    let mut solver = remoteness_solver(convention);
    if remoteness_feasible(sum) && solver.value(&sum.canonical()).is_ok() {
        // Small enough to measure: optimise remoteness exactly. Remoteness of an option is from
        // the opponent's side: an even remoteness there means a win for us.
        let mut best: Option<(u64, SumMove)> = None;
        for m in sum.moves()? {
            let r = solver.value(&sum.after(&m).canonical())?;
            let better = match &best {
                None => true,
                Some((b, _)) if analysis.outcome == Outcome::N => {
                    r % 2 == 0 && (b % 2 == 1 || r < *b)
                }
                Some((b, _)) => r > *b,
            };
            if better {
                best = Some((r, m));
            }
        }
        return Ok(best.map(|(_, m)| m));
    }
    if let Some(m) = analysis.winning_moves.into_iter().next() {
        return Ok(Some(m));
    }
    Ok(delaying_move(sum))
}

/// The move that takes least from the component with the most tokens: a simple way to make a
/// lost game last when its tree is too large to measure.
pub fn delaying_move(sum: &Sum) -> Option<SumMove> {
    sum.components
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            c.gentlest_option().map(|to| SumMove {
                component: i,
                from: c.clone(),
                to,
            })
        })
        .max_by_key(|m| (m.from.tokens(), std::cmp::Reverse(m.component)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_nim_endgame() {
        // [1,1,2]: normal play takes the 2 entirely (nim-sum 0); misère leaves three 1-heaps.
        let a = analyze(&Sum::nim(&[1, 1, 2]), Convention::Misere).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, vec![Component::Nim(1)]);
        let n = analyze(&Sum::nim(&[1, 1, 2]), Convention::Normal).unwrap();
        assert_eq!(n.winning_moves[0].to, vec![Component::Nim(0)]);
    }

    #[test]
    fn best_move_wins_soonest_and_loses_slowest() {
        // [5]: taking all 5 wins at once.
        let m = best_move(&Sum::nim(&[5]), Convention::Normal)
            .unwrap()
            .unwrap();
        assert_eq!(m.to, vec![Component::Nim(0)]);
        // [3,3] is lost: taking one token makes it last longest.
        let m = best_move(&Sum::nim(&[3, 3]), Convention::Normal)
            .unwrap()
            .unwrap();
        assert_eq!(m.to, vec![Component::Nim(2)]);
        assert_eq!(
            best_move(&Sum::nim(&[0, 0]), Convention::Normal).unwrap(),
            None
        );
    }

    #[test]
    fn huge_positions_still_get_a_move() {
        let big = u64::MAX;
        let m = best_move(&Sum::nim(&[big, big]), Convention::Normal)
            .unwrap()
            .unwrap();
        assert_eq!(m.to, vec![Component::Nim(big - 1)]);
        let m = best_move(&Sum::nim(&[big, 7]), Convention::Normal)
            .unwrap()
            .unwrap();
        assert_eq!(m.to, vec![Component::Nim(7)]);
    }

    #[test]
    fn remoteness_is_none_for_huge_trees() {
        assert_eq!(
            remoteness(&Sum::nim(&[1000, 1000, 1000]), Convention::Normal),
            None
        );
        assert_eq!(remoteness(&Sum::nim(&[1, 1]), Convention::Normal), Some(2));
        // Misère [1]: the mover must take the last token and lose: P, remoteness 2.
        assert_eq!(remoteness(&Sum::nim(&[1]), Convention::Misere), Some(2));
    }
}

//! Every move of a position with heaps beyond `u64`, valued, where the moves are few: the value
//! view (`/api/moves`) of [`AnyPosition`].
//!
//! A heap beyond `u64` of a ruleset whose moves take a bounded number of tokens and leave one
//! heap (subtraction games, octal and take-and-break codes that never split) has as many moves
//! as its stand-in heap ([`crate::kernel::BigHeaps::stand_in`]): at most the take-set's size or
//! the code's digits. Every other heap beyond `u64` has about as many moves as tokens (a Nim
//! heap, a Wythoff board) or splits (Lasker's Nim, octal codes that split), far too many to
//! list: those are refused, naming the heap and pointing to the winning moves, which are
//! counted and listed through the analysis.

use num_bigint::BigUint;
use serde::Serialize;

use super::AnyPosition;
use crate::big_nim::{BigComponent, BigHeap, BigHeapMove, BigMove};
use crate::kernel::error::{GameError, Result};
use crate::kernel::nim_heap::serialize_exact;
use crate::report::Move;
use crate::strategy::move_values::{MoveOutcome, MAX_VALUED_MOVES};
use crate::strategy::Convention;
use crate::sum::{Outcome, Sum, SumMove};
use crate::tree_size::estimate;

/// One move of an [`AnyPosition`] and what it leads to (as
/// [`crate::strategy::move_values::ValuedMove`], with values of any size and no remoteness).
#[derive(Debug, Clone, Serialize)]
pub struct AnyValuedMove {
    /// The move (`{component, from, to, text}`, heaps beyond 2^53 - 1 as strings).
    #[serde(rename = "move")]
    pub mv: Move,
    /// Whether it wins or loses for the player who makes it.
    pub outcome: MoveOutcome,
    /// The Grundy value of the position it leaves (normal play).
    #[serde(serialize_with = "big_exact")]
    pub value: BigUint,
    /// Whether this is the perfect player's move (the hint's).
    pub best: bool,
}

/// Every move of an [`AnyPosition`], valued (as [`crate::strategy::move_values::MoveValues`];
/// `measured` is always false: no remoteness is searched at this size).
#[derive(Debug, Clone, Serialize)]
pub struct AnyMoveValues {
    /// The play convention (normal: misère sums with heaps beyond `u64` other than Nim are
    /// refused by the analysis).
    pub convention: Convention,
    /// The position's outcome.
    pub outcome: Outcome,
    /// Whether `moves_left` is given: never, at this size.
    pub measured: bool,
    /// Every move, component by component, gentlest first.
    pub moves: Vec<AnyValuedMove>,
}

fn big_exact<S: serde::Serializer>(v: &BigUint, s: S) -> std::result::Result<S::Ok, S::Error> {
    match u64::try_from(v) {
        Ok(v) => serialize_exact(v, s),
        Err(_) => s.collect_str(v),
    }
}

impl AnyPosition {
    /// Every move of the position, valued under normal play, with `best` (the perfect player's
    /// move, e.g. the answer's `any_move`) marked; refused in one line naming the heap when a
    /// heap has too many moves to list, or when the position has more than
    /// [`MAX_VALUED_MOVES`] moves in all.
    pub fn valued_moves(&self, best: Option<&Move>) -> Result<AnyMoveValues> {
        let AnyPosition::Sum(sum) = self else {
            let heaps = self.heaps();
            return Err(too_many(
                &format!("the Wythoff board ({}, {})", heaps[0], heaps[1]),
                "a queen's move may go to any square of its row, column or diagonal",
            ));
        };
        let mut moves = Vec::new();
        for (i, c) in sum.components.iter().enumerate() {
            moves.extend(component_moves(i, c)?);
            if moves.len() as u64 > MAX_VALUED_MOVES {
                return Err(GameError::too_large(
                    format!("valuing every move of {}", self.to_terms_short()),
                    format!(
                        "it has more than {MAX_VALUED_MOVES} moves, the most valued one by one; \
                         its winning moves: /api/hint or /api/analyze"
                    ),
                ));
            }
        }
        let mut valued = Vec::with_capacity(moves.len());
        for m in moves {
            let mv = Move::Sum(m);
            // A move of a sum leaves a sum; its value is the nim-sum of lookups.
            let value = match self.after(&mv) {
                AnyPosition::Sum(after) => after.value()?,
                AnyPosition::Wythoff(..) => sum.value()?,
            };
            let outcome = match value.bits() {
                0 => MoveOutcome::Win,
                _ => MoveOutcome::Lose,
            };
            let best = best == Some(&mv);
            valued.push(AnyValuedMove {
                mv,
                outcome,
                value,
                best,
            });
        }
        let outcome = match valued.iter().any(|m| m.outcome == MoveOutcome::Win) {
            true => Outcome::N,
            false => Outcome::P,
        };
        Ok(AnyMoveValues {
            convention: Convention::Normal,
            outcome,
            measured: false,
            moves: valued,
        })
    }

    /// The position's terms, cut to 60 characters for a message.
    fn to_terms_short(&self) -> String {
        let terms = self.to_terms();
        match terms.char_indices().nth(60) {
            Some((cut, _)) => format!("{}...", &terms[..cut]),
            None => terms,
        }
    }
}

/// Every move of component `i`, or why they are too many to list.
fn component_moves(i: usize, c: &BigComponent) -> Result<Vec<BigMove>> {
    match c {
        BigComponent::Small(c) => {
            let bound = estimate(&Sum::new(vec![c.clone()]), 1).options;
            if bound > MAX_VALUED_MOVES {
                return Err(too_many(
                    &format!("{} {} ({c})", c.noun(), i + 1),
                    &format!("it has up to {bound} moves"),
                ));
            }
            Ok(c.options()
                .into_iter()
                .map(|to| BigMove::Small(SumMove::new(i, c, to)))
                .collect())
        }
        BigComponent::Nim(h) => Err(too_many(
            &format!("heap {} ({h} tokens of nim)", i + 1),
            "a Nim heap has as many moves as tokens",
        )),
        BigComponent::Heap(b) => heap_moves(i, b),
    }
}

/// The moves of a heap beyond `u64`: those of its stand-in, each taking as many tokens.
fn heap_moves(i: usize, b: &BigHeap) -> Result<Vec<BigMove>> {
    let rules = b.empty.rules();
    let name = format!("heap {} ({} tokens of {})", i + 1, b.heap, rules.name());
    let Ok(r) = rules.stand_in(&b.heap) else {
        return Err(too_many(
            &name,
            "its moves take any number of tokens or split it, about as many as its tokens",
        ));
    };
    let stand_in = rules.clone().components_from(vec![r])?;
    let [stand_in] = stand_in.as_slice() else {
        return Err(too_many(&name, "it is not a single heap"));
    };
    let mut moves = Vec::new();
    for to in stand_in.options() {
        // A stand-in's move leaves one heap (or none: never, it exceeds every amount taken).
        let left = to.iter().flat_map(|c| c.heaps()).sum::<u64>();
        let Some(taken) = r.checked_sub(left) else {
            return Err(too_many(
                &name,
                "its stand-in heap's moves do not take tokens",
            ));
        };
        moves.push(BigMove::Heap(BigHeapMove {
            component: i,
            from: b.heap.clone(),
            to: vec![&b.heap - taken],
            empty: b.empty.clone(),
        }));
    }
    Ok(moves)
}

fn too_many(what: &str, why: &str) -> GameError {
    GameError::too_large(
        format!("valuing every move of {what}"),
        format!(
            "{why}, beyond the {MAX_VALUED_MOVES} moves valued one by one; its winning moves: \
             /api/hint or /api/analyze"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::analyze;

    const HUGE: &str = "1000000000000000000000000000000"; // 10^30

    /// A subtraction heap of 10^30 has |S| moves, each valued as the analysis values it; the
    /// winning ones are the analysis's winning moves.
    #[test]
    fn a_huge_subtraction_heap_has_few_moves() {
        for text in [
            format!("sub{{1,4,9}}:{HUGE}1"),
            format!("sub{{1,4,9}}:{HUGE} + nim:2"),
            format!("octal{{0.33}}:{HUGE} + sub{{1,2}}:5"),
        ] {
            let position = AnyPosition::parse(&text).unwrap();
            let report = analyze(&text, Convention::Normal, false).unwrap();
            let best = position.computer_move(&report).unwrap();
            let valued = position.valued_moves(best.as_ref()).unwrap();
            assert_eq!(valued.outcome, report.outcome, "{text}");
            let wins: Vec<&Move> = valued
                .moves
                .iter()
                .filter(|m| m.outcome == MoveOutcome::Win)
                .map(|m| &m.mv)
                .collect();
            let listed: Vec<&Move> = report.winning_moves.iter().map(|w| &w.mv).collect();
            assert_eq!(wins.len(), listed.len(), "{text}");
            for w in &listed {
                assert!(wins.contains(w), "{text}: {w:?}");
            }
            assert_eq!(
                valued.moves.iter().filter(|m| m.best).count(),
                usize::from(best.is_some()),
                "{text}"
            );
        }
    }

    /// Heaps with as many moves as tokens are refused in one line naming the heap and pointing
    /// to the hint and the analysis.
    #[test]
    fn heaps_with_too_many_moves_are_refused_by_name() {
        for (text, named) in [
            (format!("nim:{HUGE}"), "heap 1"),
            (format!("lasker:{HUGE}"), "heap 1"),
            (format!("sub{{1,2}}:3 + octal{{0.77}}:{HUGE}"), "heap 2"),
            (format!("wythoff:{HUGE},5"), "Wythoff board"),
        ] {
            let position = AnyPosition::parse(&text).unwrap();
            let e = position.valued_moves(None).unwrap_err().to_string();
            assert!(e.contains(named) && e.contains("/api/hint"), "{text}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}

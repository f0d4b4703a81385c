//! Refining a failed guess for `Q_n` from what its proof saw.
//!
//! A guess ((`misere::adjoin`)) reads positions of the smaller heaps through an *old part*: an
//! automaton over the heaps `1..n` whose states should tell apart every two positions that
//! some count of heaps `n` tells apart. The first old part is `Q_{n-1}` itself. When the proof
//! of a guess fails, the guess's proof automaton, run over the smaller heaps, is finer than the
//! guess: its states also record in which contexts a position has a winning move. From each
//! such state the misère rule gives, for every count `k` of heaps `n`, whether `y + k·n` is a
//! P-position *as far as the guess's predictions for its options go*; Moore's algorithm keeps
//! exactly the distinctions those outcomes need. Where the guess is right on the options this
//! is the truth, so the refined old part is right on more positions, and the positions the
//! failure showed to differ are told apart.

use std::collections::HashMap;

use super::check::Explored;
use super::game::OptionTable;
use super::monoid::coarsest_labelled_partition;
use super::search::Position;
use super::stage::{tokens, Bounds, Rule, Stage};
use crate::kernel::error::{GameError, Result};

/// How positions of heaps smaller than the new one are told apart while guessing: an automaton
/// over heaps `1..n` (state 0 the empty position), the outcome in each state, the base element
/// (see [`Rule`]) of each state, and a position in each state.
#[derive(Debug, Clone)]
pub struct OldPart {
    /// `next[s][h - 1]`: the state after adding a heap `h`.
    pub next: Vec<Vec<u32>>,
    /// Whether the positions in each state are P-positions (beside the rule's context).
    pub is_p: Vec<bool>,
    /// The base element of the positions in each state.
    pub base: Vec<u32>,
    /// A position in each state.
    pub representative: Vec<Position>,
}

impl OldPart {
    /// The elements of the proven `Q_{n-1}` themselves: right when the new heap splits none.
    pub fn of_stage(stage: &Stage) -> Self {
        let order = stage.order() as u32;
        OldPart {
            next: (0..order)
                .map(|e| {
                    stage.pretend[1..]
                        .iter()
                        .map(|&x| stage.monoid.mul(e, x))
                        .collect()
                })
                .collect(),
            is_p: stage.p_portion.clone(),
            base: stage.base.clone(),
            representative: stage.representative.clone(),
        }
    }

    /// The old part read off a failed guess `wrong` for `Q_n` and its proof automaton over the
    /// smaller heaps (see the module docs).
    pub fn of_failure(
        options: &OptionTable,
        stage: &Stage,
        rule: &Rule,
        wrong: &Stage,
        explored: &Explored,
        bounds: Bounds,
    ) -> Result<Self> {
        let n = stage.max_heap() + 1;
        let monoid = &wrong.monoid;
        let x = wrong.pretend[n];
        // The powers 1, x, x², … of the new heap until they repeat.
        let mut powers = vec![0u32];
        loop {
            let next = monoid.mul(*powers.last().unwrap_or(&0), x);
            if powers.contains(&next) {
                break;
            }
            powers.push(next);
        }
        let new_options: Vec<u32> = options.options[n]
            .iter()
            .map(|o| o.iter().fold(0, |e, &h| monoid.mul(e, wrong.pretend[h])))
            .collect();
        let contains = |set: &[u64], r: u32| set[r as usize / 64] >> (r % 64) & 1 == 1;
        let outcomes = |s: usize| -> (u32, Vec<bool>) {
            let q = explored.element[s];
            let derived = (0..powers.len())
                .map(|k| {
                    let has_move = explored.has_move[s]
                        || rule.context_moves
                        || (k >= 1 && options.has_move(n));
                    let forced =
                        rule.forced[wrong.base[monoid.mul(q, powers[k]) as usize] as usize];
                    let move_inside = contains(&explored.win[s], powers[k]);
                    let move_in_new = k >= 1
                        && new_options.iter().any(|&o| {
                            wrong.p_portion[monoid.mul(monoid.mul(q, powers[k - 1]), o) as usize]
                        });
                    has_move && !forced && !move_inside && !move_in_new
                })
                .collect();
            (wrong.base[q as usize], derived)
        };
        let mut ids: HashMap<(u32, Vec<bool>), u32> = HashMap::new();
        let labels: Vec<u32> = (0..explored.next.len())
            .map(|s| {
                let fresh = ids.len() as u32;
                *ids.entry(outcomes(s)).or_insert(fresh)
            })
            .collect();
        let (block, blocks) = coarsest_labelled_partition(&explored.next, labels);
        if blocks > bounds.max_order.saturating_mul(4) {
            return Err(GameError::too_large(
                format!("the misère quotient with heap {n}"),
                format!(
                    "refining a guess gave {blocks} kinds of positions of smaller heaps, more \
                     than 4 times the limit of {} elements",
                    bounds.max_order
                ),
            ));
        }
        // Renumber so the empty position's block is state 0; keep the smallest witness.
        let mut renumber = vec![u32::MAX; blocks];
        let mut representative: Vec<Position> = Vec::new();
        let mut members: Vec<usize> = Vec::new();
        for (s, &b) in block.iter().enumerate() {
            let w: Position = explored.witness[s].iter().map(|&h| h as u16).collect();
            let slot = renumber[b as usize];
            if slot == u32::MAX {
                renumber[b as usize] = representative.len() as u32;
                representative.push(w);
                members.push(s);
            } else if tokens(&w) < tokens(&representative[slot as usize]) {
                representative[slot as usize] = w;
            }
        }
        let next = members
            .iter()
            .map(|&s| {
                explored.next[s]
                    .iter()
                    .map(|&t| renumber[block[t as usize] as usize])
                    .collect()
            })
            .collect();
        let is_p = representative
            .iter()
            .map(|p| stage.p_portion[stage.element(p) as usize])
            .collect();
        let base = representative.iter().map(|p| rule.base_of(p)).collect();
        Ok(OldPart {
            next,
            is_p,
            base,
            representative,
        })
    }

    /// The state of a position (heaps ascending, all smaller than the new heap).
    pub fn state(&self, heaps: &[u16]) -> usize {
        heaps
            .iter()
            .fold(0, |s, &h| self.next[s][h as usize - 1] as usize)
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.next.len()
    }
}

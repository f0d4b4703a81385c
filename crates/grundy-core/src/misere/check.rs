//! Checking a quotient, not trusting it.
//!
//! * [`prove`]: a complete proof that a finite monoid, a P-portion and a pretending function
//!   predict the misère outcome of *every* position (infinitely many). A position `x` is read
//!   heap by heap into the state `(Φ(x), whether x has a move, Win(x))`, where `Win(x)` is the
//!   set of monoid elements `r` such that, beside anything of value `r`, some move inside `x`
//!   reaches the P-portion. Adding a heap `g` updates the state from the old state alone:
//!   `Win(x + g) = {r : r·Φ(x) ∈ W_g} ∪ {r : r·Φ(g) ∈ Win(x)}`, where `W_g` holds the `r` for
//!   which some option `o` of `g` gives `r·Φ(o)` in the P-portion. The states reachable are
//!   finitely many; if in each one `Φ(x)` is in the P-portion exactly when `x` has a move and
//!   the identity is not in `Win(x)`, then by induction over positions (options first) every
//!   prediction is right.
//! * [`is_reduced`]: no two elements are indistinguishable (`xz ∈ P ⟺ yz ∈ P` for all `z`).
//! * [`compare_with_search`]: the predicted outcome of every position up to a number of tokens
//!   against exhaustive memoised search ([`crate::solve::Solver`] with
//!   [`crate::solve::misere_rule`]).

use std::collections::HashMap;

use super::game::OptionTable;
use super::monoid::{coarsest_partition, Automaton, Monoid};
use super::search::{for_each_option, Position};
use crate::error::{GameError, Result};
use crate::solve::{misere_rule, Solver};
use crate::sum::Outcome;

/// What [`prove`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// Every position's outcome is predicted; the proof visited this many states.
    Proven {
        /// Reachable states of the proof automaton.
        states: usize,
    },
    /// A position (heaps ascending) whose predicted outcome disagrees with the outcome its
    /// options' predictions imply.
    Counterexample(Vec<usize>),
}

/// The pieces of a candidate quotient that a proof needs.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    /// The monoid.
    pub monoid: &'a Monoid,
    /// `pretend[h]`: the element of heap `h` (index 0: the identity).
    pub pretend: &'a [u32],
    /// `p_portion[e]`: whether positions of element `e` are P-positions.
    pub p_portion: &'a [bool],
}

impl Candidate<'_> {
    fn of(&self, heaps: &[usize]) -> u32 {
        heaps
            .iter()
            .fold(0, |e, &h| self.monoid.mul(e, self.pretend[h]))
    }
}

/// Proves that `candidate` predicts every misère outcome of the heap game `options`, or finds
/// a counterexample; refuses with an error beyond `max_states` proof states.
pub fn prove(options: &OptionTable, candidate: Candidate<'_>, max_states: usize) -> Result<Proof> {
    let n = candidate.monoid.order();
    let words = n.div_ceil(64);
    let heaps = options.max_heap();
    let mut winning: Vec<Vec<u64>> = vec![vec![0; words]; heaps + 1];
    for (g, wins_here) in winning.iter_mut().enumerate().skip(1) {
        let targets: Vec<u32> = options.options[g].iter().map(|o| candidate.of(o)).collect();
        for r in 0..n as u32 {
            let wins = targets
                .iter()
                .any(|&t| candidate.p_portion[candidate.monoid.mul(r, t) as usize]);
            if wins {
                wins_here[r as usize / 64] |= 1 << (r % 64);
            }
        }
    }
    let preimage = |set: &[u64], a: u32| -> Vec<u64> {
        let mut out = vec![0u64; words];
        for r in 0..n as u32 {
            let x = candidate.monoid.mul(r, a);
            if set[x as usize / 64] >> (x % 64) & 1 == 1 {
                out[r as usize / 64] |= 1 << (r % 64);
            }
        }
        out
    };
    type State = (u32, bool, Vec<u64>);
    let start: State = (0, false, vec![0; words]);
    let mut index: HashMap<State, usize> = HashMap::from([(start.clone(), 0)]);
    let mut states = vec![start];
    let mut witness: Vec<Vec<usize>> = vec![Vec::new()];
    let mut i = 0;
    while i < states.len() {
        crate::cancel::check()?;
        let (q, has_move, win) = states[i].clone();
        let predicted_p = candidate.p_portion[q as usize];
        if predicted_p != (has_move && win[0] & 1 == 0) {
            return Ok(Proof::Counterexample(witness[i].clone()));
        }
        for (g, wins_here) in winning.iter().enumerate().skip(1) {
            let x = candidate.pretend[g];
            let mut next_win = preimage(wins_here, q);
            for (w, extra) in next_win.iter_mut().zip(preimage(&win, x)) {
                *w |= extra;
            }
            let next: State = (
                candidate.monoid.mul(q, x),
                has_move || options.has_move(g),
                next_win,
            );
            if !index.contains_key(&next) {
                if states.len() >= max_states {
                    return Err(GameError::too_large(
                        "misère quotient proof",
                        format!("it reached its budget of {max_states} states"),
                    ));
                }
                index.insert(next.clone(), states.len());
                let mut w = witness[i].clone();
                w.push(g);
                witness.push(w);
                states.push(next);
            }
        }
        i += 1;
    }
    Ok(Proof::Proven {
        states: states.len(),
    })
}

/// Whether no two elements of the quotient are indistinguishable: the monoid, read as an
/// automaton over the heap elements with the P-portion accepting, is already minimal.
pub fn is_reduced(candidate: Candidate<'_>) -> bool {
    let n = candidate.monoid.order();
    let letters: Vec<u32> = candidate.pretend[1..].to_vec();
    let automaton = Automaton {
        next: (0..n as u32)
            .map(|e| {
                letters
                    .iter()
                    .map(|&x| candidate.monoid.mul(e, x))
                    .collect()
            })
            .collect(),
        accept: candidate.p_portion.to_vec(),
    };
    coarsest_partition(&automaton).1 == n
}

/// Compares the predicted outcome of every position of at most `max_total` tokens with
/// exhaustive memoised search; returns how many positions agreed, or the first disagreement.
pub fn compare_with_search(
    options: &OptionTable,
    candidate: Candidate<'_>,
    max_total: usize,
) -> Result<usize, Vec<usize>> {
    let moves = |p: &Position| -> Result<Vec<Position>> {
        let mut out = Vec::new();
        for_each_option(options, p, |q| out.push(q));
        Ok(out)
    };
    let mut solver = Solver::new(moves, misere_rule, usize::MAX / 128)
        .with_time_budget(std::time::Duration::from_secs(3600))
        .labelled("misère check");
    let mut positions = Vec::new();
    all_positions(
        options.max_heap(),
        max_total,
        &mut Vec::new(),
        &mut positions,
    );
    for p in &positions {
        let heaps: Vec<usize> = p.iter().map(|&h| h as usize).collect();
        let truth = solver.value(p).map_err(|_| heaps.clone())?;
        let predicted = candidate.p_portion[candidate.of(&heaps) as usize];
        if predicted != (truth == Outcome::P) {
            return Err(heaps);
        }
    }
    Ok(positions.len())
}

fn all_positions(largest: usize, room: usize, current: &mut Vec<u16>, out: &mut Vec<Position>) {
    let mut sorted = current.clone();
    sorted.reverse();
    out.push(sorted);
    for h in (1..=largest.min(room)).rev() {
        current.push(h as u16);
        all_positions(h, room - h, current, out);
        current.pop();
    }
}

//! Computing the partial misère quotient `Q_N` of a heap game.
//!
//! 1. **Data.** Exhaustive misère search solves every position of at most `T` tokens
//!    ([`OutcomeTable`]).
//! 2. **Candidate.** Positions of at most `T/2` tokens are grouped by their outcomes beside
//!    every position of at most `T/2` tokens (a bounded Myhill–Nerode test); the groups, with
//!    "add a heap of size `g`" as transitions, form an automaton whose minimisation is a
//!    finite commutative monoid with a P-portion and a pretending function.
//! 3. **Proof.** [`super::check::prove`] either proves the candidate right for *every* position,
//!    or returns a position where it fails; then `T` grows and the candidate is rebuilt. Only
//!    proven quotients are returned, and they are reduced by construction (and checked).
//!
//! The answer is the true `Q_N` whenever it is returned: the proof covers every position, and
//! a reduced monoid that predicts every outcome is the quotient. What can fail is finding it:
//! the data must contain a position of every class with room to tell classes apart, so the
//! method needs `T >= 2N` tokens of exhaustive search and a quotient whose elements all occur
//! among positions of at most `T/2` tokens. The limits ([`Limits`]) bound both time and memory;
//! beyond them the error says which was reached.

use std::collections::HashMap;

use super::check::{is_reduced, prove, Candidate, Proof};
use super::game::{HeapGame, OptionTable};
use super::monoid::{Automaton, Monoid, Presentation};
use super::search::{merge, OutcomeTable, Position};
use crate::error::{GameError, Result};
use crate::nimber::{mex, Nimber};

/// The largest `--max-heap` accepted: exhaustive search of `2N` tokens beyond this does not
/// fit the default limits.
pub const MAX_QUOTIENT_HEAP: usize = 24;

/// Most tokens of the exhaustive search candidates are built from.
pub const MAX_SEARCH_TOKENS: usize = 48;

/// Bounds on one quotient computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most positions in the exhaustive outcome table (memory: about 64 bytes each).
    pub max_positions: usize,
    /// Most states of one proof (memory: the monoid's order / 8 bytes and 16 more each).
    pub max_proof_states: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_positions: 3_000_000,
            max_proof_states: 2_000_000,
        }
    }
}

/// A proven partial misère quotient `Q_N`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereQuotient {
    /// The game's name.
    pub game: String,
    /// `N`: the quotient covers every position whose heaps have at most `N` tokens.
    pub max_heap: usize,
    /// The monoid.
    pub monoid: Monoid,
    /// `pretend[h]`: the element of a heap of `h` tokens (`pretend[0]` is the identity).
    pub pretend: Vec<u32>,
    /// `p_portion[e]`: whether positions pretending to be `e` are misère P-positions.
    pub p_portion: Vec<bool>,
    /// Generators, normal forms and relations.
    pub presentation: Presentation,
    /// Normal-play Sprague–Grundy values `G(0..=N)`, for comparison.
    pub normal_values: Vec<Nimber>,
    /// The options of every heap, kept for move generation.
    pub options: OptionTable,
    /// States the proof visited.
    pub proof_states: usize,
    /// Tokens of the exhaustive search the candidate was built from.
    pub searched_tokens: usize,
}

impl MisereQuotient {
    /// Computes `Q_N` for `game` with heaps of at most `max_heap` tokens.
    pub fn compute(game: &dyn HeapGame, max_heap: usize, limits: Limits) -> Result<Self> {
        Self::compute_with_progress(game, max_heap, limits, &mut |_| {})
    }

    /// As [`MisereQuotient::compute`], telling `progress` each search bound `T` it tries.
    pub fn compute_with_progress(
        game: &dyn HeapGame,
        max_heap: usize,
        limits: Limits,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Self> {
        if max_heap == 0 || max_heap > MAX_QUOTIENT_HEAP {
            return Err(GameError::out_of_range(
                "largest heap of a misère quotient",
                max_heap,
                format!("a whole number from 1 to {MAX_QUOTIENT_HEAP}"),
            ));
        }
        let options = OptionTable::new(game, max_heap)?;
        let mut tokens = 2 * max_heap.max(4);
        loop {
            progress(tokens);
            let table = OutcomeTable::new(&options, tokens, limits.max_positions)?;
            if let Some(found) = candidate(&options, &table) {
                let (monoid, pretend, p_portion) = found;
                let c = Candidate {
                    monoid: &monoid,
                    pretend: &pretend,
                    p_portion: &p_portion,
                };
                if let Proof::Proven { states } = prove(&options, c, limits.max_proof_states)? {
                    if !is_reduced(c) {
                        return Err(GameError::invalid(
                            "misère quotient",
                            game.name(),
                            "a reduced monoid (internal error: a proven candidate was not reduced)",
                        ));
                    }
                    let presentation = Presentation::of(&monoid, &pretend[1..]);
                    return Ok(MisereQuotient {
                        game: game.name(),
                        max_heap,
                        normal_values: normal_values(&options),
                        monoid,
                        pretend,
                        p_portion,
                        presentation,
                        options,
                        proof_states: states,
                        searched_tokens: tokens,
                    });
                }
            }
            tokens += 2;
            if tokens > MAX_SEARCH_TOKENS.max(2 * max_heap) {
                return Err(GameError::too_large(
                    format!("the misère quotient of {} with heaps up to {max_heap}", game.name()),
                    format!(
                        "no candidate built from exhaustive search of up to {MAX_SEARCH_TOKENS} \
                         tokens could be proven (the quotient may be infinite or need larger positions)"
                    ),
                ));
            }
        }
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.monoid.order()
    }

    /// The elements of the P-portion.
    pub fn p_elements(&self) -> Vec<u32> {
        (0..self.order() as u32)
            .filter(|&e| self.p_portion[e as usize])
            .collect()
    }

    /// An element in the generators' normal form, e.g. `ab^2`.
    pub fn element_text(&self, e: u32) -> String {
        Presentation::word_text(&self.presentation.normal_form[e as usize])
    }

    /// The element of a multiset of heaps (each at most `N`).
    pub fn element_of(&self, heaps: &[usize]) -> u32 {
        heaps
            .iter()
            .fold(0, |e, &h| self.monoid.mul(e, self.pretend[h]))
    }

    /// The number of elements of the normal-play quotient: the group spanned (under XOR) by
    /// the heaps' Sprague–Grundy values.
    pub fn normal_order(&self) -> usize {
        let mut basis: Vec<Nimber> = Vec::new();
        for &v in &self.normal_values {
            let mut x = v;
            for &b in &basis {
                x = x.min(x ^ b);
            }
            if x != 0 {
                basis.push(x);
            }
        }
        1 << basis.len()
    }
}

/// The candidate built from one outcome table, or `None` when the table is too small to give
/// every class a transition for every heap.
fn candidate(options: &OptionTable, table: &OutcomeTable) -> Option<(Monoid, Vec<u32>, Vec<bool>)> {
    let half = table.max_total() / 2;
    let small: Vec<&Position> = table
        .positions()
        .iter()
        .filter(|p| tokens(p) <= half)
        .collect();
    let tests: Vec<&Position> = table
        .positions()
        .iter()
        .filter(|p| tokens(p) <= table.max_total() - half)
        .collect();
    let mut class_of: HashMap<&Position, u32> = HashMap::new();
    let mut classes: HashMap<Vec<bool>, u32> = HashMap::new();
    let mut members: Vec<Vec<&Position>> = Vec::new();
    for &x in &small {
        let signature: Vec<bool> = tests
            .iter()
            .map(|z| table.is_p(&merge(x, z)).unwrap_or(false))
            .collect();
        let fresh = classes.len() as u32;
        let c = *classes.entry(signature).or_insert(fresh);
        if c == fresh {
            members.push(Vec::new());
        }
        members[c as usize].push(x);
        class_of.insert(x, c);
    }
    let heaps = options.max_heap();
    let mut next = Vec::with_capacity(members.len());
    let mut accept = Vec::with_capacity(members.len());
    for group in &members {
        let mut row = Vec::with_capacity(heaps);
        for g in 1..=heaps {
            let x = group.iter().find(|x| tokens(x) + g <= half)?;
            let y = merge(x, &[g as u16]);
            row.push(class_of[&y]);
        }
        next.push(row);
        accept.push(table.is_p(group[0]).unwrap_or(false));
    }
    let start = class_of[&Vec::new()];
    // Renumber so the class of the empty position is state 0.
    let order: Vec<u32> = std::iter::once(start)
        .chain((0..members.len() as u32).filter(|&c| c != start))
        .collect();
    let mut renumber = vec![0u32; members.len()];
    for (i, &c) in order.iter().enumerate() {
        renumber[c as usize] = i as u32;
    }
    let automaton = Automaton {
        next: order
            .iter()
            .map(|&c| {
                next[c as usize]
                    .iter()
                    .map(|&t| renumber[t as usize])
                    .collect()
            })
            .collect(),
        accept: order.iter().map(|&c| accept[c as usize]).collect(),
    };
    let recognizer = Monoid::from_automaton(&automaton);
    let mut pretend = vec![0u32];
    pretend.extend(recognizer.letter.iter().copied());
    Some((recognizer.monoid, pretend, recognizer.accept))
}

fn tokens(p: &[u16]) -> usize {
    p.iter().map(|&h| h as usize).sum()
}

/// Normal-play values `G(0..=N)` from the options (a split's value is the XOR of its parts).
fn normal_values(options: &OptionTable) -> Vec<Nimber> {
    let mut values = vec![0];
    for n in 1..=options.max_heap() {
        let v = mex(options.options[n]
            .iter()
            .map(|o| o.iter().fold(0, |x, &h| x ^ values[h])));
        values.push(v);
    }
    values
}

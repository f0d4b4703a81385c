//! Computing the partial misère quotient `Q_N` of a heap game.
//!
//! The quotient is built one heap size at a time ([`super::adjoin`]): from the proven
//! `Q_{n-1}`, a guess for `Q_n` assumes heap `n` splits no element of `Q_{n-1}`, follows the
//! outcomes of `y + k·n` for `k = 0, 1, …` until they repeat, and minimises the resulting
//! automaton. [`super::check::prove_in`] then proves the guess for *every* position with heaps
//! of at most `n`, or finds a position where it fails; a failed guess is refined
//! ([`super::refine`]) or rebuilt exactly from context games ([`super::contexts`]). Only proven
//! quotients are returned, and they are reduced by construction (Moore minimisation) and
//! checked ([`super::check::is_reduced`]).
//!
//! The limits ([`Limits`]) bound the order of every monoid met on the way (memory: four bytes
//! per entry of an `order × order` table), the states of each proof and the wall-clock time;
//! beyond them the error says which was reached.

use std::time::Duration;

use super::game::OptionTable;
use super::monoid::{Monoid, Presentation};
use crate::nimber::{mex, Nimber};

/// The largest `--max-heap` accepted (the option table alone holds every split of every heap,
/// about `N²/4` entries for an octal game).
pub const MAX_QUOTIENT_HEAP: usize = 1000;

/// Bounds on one quotient computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most elements of the quotient, or of any automaton one is minimised from (memory:
    /// `4·order²` bytes for a multiplication table).
    pub max_order: usize,
    /// Most states of one proof (memory: the monoid's order / 8 bytes and 64 more each).
    pub max_proof_states: usize,
    /// Wall-clock time after which the computation gives up with an error.
    pub time_budget: Duration,
}

impl Default for Limits {
    /// 2,048 elements, 2,000,000 proof states, 60 seconds.
    fn default() -> Self {
        Limits {
            max_order: 2048,
            max_proof_states: 2_000_000,
            time_budget: Duration::from_secs(60),
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
    /// States the proof of `Q_N` (the last heap adjoined) visited.
    pub proof_states: usize,
    /// `orders[n]`: the order of `Q_n` for `n` in `0..=N` (how the quotient grew).
    pub orders: Vec<usize>,
}

impl MisereQuotient {
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

/// Normal-play values `G(0..=N)` from the options (a split's value is the XOR of its parts).
pub(crate) fn normal_values(options: &OptionTable) -> Vec<Nimber> {
    let mut values = vec![0];
    for n in 1..=options.max_heap() {
        let v = mex(options.options[n]
            .iter()
            .map(|o| o.iter().fold(0, |x, &h| x ^ values[h])));
        values.push(v);
    }
    values
}

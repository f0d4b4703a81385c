//! Rulesets, one module each, behind the common [`Ruleset`] trait.
//!
//! A ruleset describes one *component*: a single heap (Nim, subtraction and octal games) or a
//! single pair of heaps (Wythoff's game). A move changes one component into a list of
//! components of the same ruleset: usually one (a smaller heap), none (the heap is gone), or
//! two (an octal move that splits a heap). Sums of components, possibly from different
//! rulesets, live in [`crate::sum`].
//!
//! The trait gives everything the generic machinery needs: the options of a position for
//! exhaustive search ([`crate::solve`]), the Sprague–Grundy value, and the moves to a position
//! of a chosen value, which is how a winning move in a sum is found.

pub mod arc_kayles;
pub mod chomp;
pub mod cram;
mod future_options;
pub mod graph;
pub mod nim;
pub mod node_kayles;
pub mod octal;
pub mod subtraction;
pub mod wythoff;

use crate::error::Result;
use crate::moves::MoveList;
use crate::nimber::{nim_sum, Nimber};
use std::fmt::Debug;
use std::hash::Hash;

/// The rules of one kind of component.
pub trait Ruleset {
    /// A single component: a heap size, a pair of heap sizes, ...
    type Position: Clone + Eq + Hash + Ord + Debug;

    /// Every option of `position`: what the component becomes after each legal move. An empty
    /// list inside means the component disappears (for instance the last tokens of an octal
    /// heap are taken); two entries mean it was split.
    ///
    /// Options are listed from the move that takes least to the move that takes most.
    ///
    /// Meant for small positions (exhaustive search, play); large positions go through
    /// [`Ruleset::grundy`] and [`Ruleset::moves_to_value`], which rulesets answer without
    /// enumerating.
    fn options(&self, position: &Self::Position) -> Vec<Vec<Self::Position>>;

    /// The Sprague–Grundy value of `position`, or an error when it is beyond a documented
    /// limit of this ruleset.
    fn grundy(&self, position: &Self::Position) -> Result<Nimber>;

    /// The options of `position` whose value is `target`: the first `limit` of them in the
    /// order of [`Ruleset::options`], and how many there are in all (exactly, however many
    /// that is). By the mex rule there is at least one whenever `target` is less than the
    /// position's own value.
    fn moves_to_value(
        &self,
        position: &Self::Position,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<Self::Position>>> {
        let mut found = MoveList::with_limit(limit);
        for option in self.options(position) {
            if self.value_of_all(&option)? == target {
                found.push(option);
            }
        }
        Ok(found)
    }

    /// The option that takes the least, for a player who must lose and wants the game to last.
    /// By convention [`Ruleset::options`] lists the gentlest moves first, so the default is the
    /// first option; rulesets whose positions can be huge override it to avoid enumerating.
    fn gentlest_option(&self, position: &Self::Position) -> Option<Vec<Self::Position>> {
        self.options(position).into_iter().next()
    }

    /// A uniformly random option, or `None` when there is no move. The default enumerates
    /// [`Ruleset::options`]; rulesets whose positions can be huge override it.
    fn random_option(
        &self,
        position: &Self::Position,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<Vec<Self::Position>> {
        let mut options = self.options(position);
        if options.is_empty() {
            return None;
        }
        let i = uniform_below(rng, options.len() as u64) as usize;
        Some(options.swap_remove(i))
    }

    /// The value of a list of components of this ruleset: the nim-sum of their values.
    fn value_of_all(&self, positions: &[Self::Position]) -> Result<Nimber> {
        let values: Result<Vec<Nimber>> = positions.iter().map(|p| self.grundy(p)).collect();
        Ok(nim_sum(values?))
    }
}

/// A uniform random integer in `0..n` (`n > 0`), without modulo bias.
pub fn uniform_below(rng: &mut dyn rand_core::RngCore, n: u64) -> u64 {
    assert!(n > 0, "uniform_below needs a non-empty range");
    // Reject the top partial block of the u64 range so every residue is equally likely.
    let zone = u64::MAX - (u64::MAX - n + 1) % n;
    loop {
        let x = rng.next_u64();
        if x <= zone {
            return x % n;
        }
    }
}

//! Rulesets, one module each, behind the common [`Ruleset`](crate::kernel::Ruleset) trait (in the kernel).
//!
//! A ruleset describes one *component*: a single heap (Nim, subtraction, octal games, Lasker's
//! Nim), a pair of heaps (Wythoff's game) or a row of heaps played together (Moore's Nim). A
//! move changes one component into a list of components of the same ruleset: usually one (a
//! smaller heap), none (the heap is gone), or more (a move that splits a heap). Sums of
//! components, possibly from different rulesets, live in `sum`; the registry of
//! rulesets that the front ends read lives in the registry (`registry`).
//!
//! The trait gives everything the generic machinery needs:
//!
//! * the mathematics: the options of a position for exhaustive search (`solve`), the
//!   Sprague–Grundy value, the moves to a position of a chosen value (how a winning move in a
//!   sum is found), the legality of one given move;
//! * the notation: how the rules and positions are written in the text format of
//!   the registry (`registry`) and in JSON (through [`PositionForm`](crate::kernel::PositionForm));
//! * the teaching: the mex derivation of a value ([`Ruleset::explain_value`](crate::kernel::Ruleset::explain_value)), a move in words,
//!   and the typed moves of the `play` command and the page ([`Ruleset::parse_move`](crate::kernel::Ruleset::parse_move)).
//!
//! Most methods have defaults written from [`Ruleset::options`](crate::kernel::Ruleset::options), so a new ruleset needs little
//! more than its options and values; rulesets whose positions can be huge override the defaults
//! that would enumerate (see `CONTRIBUTING.md`, "Adding a ruleset").
//!
//! The third layer (`docs/architecture.md`): a crate of its own above the kernel
//! (`grundy-kernel`) and the engines (`grundy-engines`), so Cargo refuses it any import from the
//! registry, the text format, the answer, play or the doors (`grundy-core`). The rulesets' tests
//! that read positions as a user writes them live above them, in `grundy-core`'s
//! `ruleset_tests`. The doors reach this crate as `grundy_core::games`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The layers below under the names the rulesets' paths use (`crate::kernel::Ruleset`,
// `crate::search::SplitGame`).
use grundy_engines::{certificate, search, sequence, sum};
#[cfg(test)]
use grundy_engines::{solve, strategy};
use grundy_kernel as kernel;
use grundy_kernel::nimber;

/// Equality, hashing and order of a ruleset by the fields that name its rules, leaving its
/// caches out: equal rules make equal components, which sums and exhaustive search rely on.
/// `rules_compared_by!(Moore, k)` compares Moore's Nim by `k` alone.
macro_rules! rules_compared_by {
    ($ty:ty, $($field:ident),+) => {
        impl PartialEq for $ty {
            fn eq(&self, other: &Self) -> bool {
                ($(&self.$field,)+) == ($(&other.$field,)+)
            }
        }
        impl Eq for $ty {}
        impl std::hash::Hash for $ty {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                ($(&self.$field,)+).hash(state);
            }
        }
        impl PartialOrd for $ty {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for $ty {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                ($(&self.$field,)+).cmp(&($(&other.$field,)+))
            }
        }
    };
}

pub mod acrostic;
pub mod all_but;
pub mod arc_kayles;
pub mod chomp;
pub mod coin_grid;
pub mod coins;
pub mod cram;
pub mod family;
mod future_options;
pub mod graph;
pub mod hackenbush;
pub mod lasker;
pub mod moore;
pub mod nim;
pub mod node_kayles;
pub mod octal;
pub mod rules;
pub mod searched;
pub mod sprouts;
pub mod subtraction;
pub mod take_break;
pub mod tartan;
pub mod wythoff;

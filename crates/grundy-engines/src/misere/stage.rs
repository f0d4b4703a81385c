//! The pieces of a quotient computation that every step shares: a proven stage `Q_n`
//! ([`Stage`]), the context its heaps are played beside ([`Rule`]), the bounds of the whole
//! computation ([`Bounds`]) and the limits of the construction (`misere::adjoin` and
//! `misere::contexts` build stages; `misere::refine` refines failed guesses of them).

use super::game::OptionTable;
use super::monoid::{Candidate, Monoid};
use super::search::Position;
use crate::kernel::error::{GameError, Result};

/// The most powers of the new heap examined before their outcomes repeat (`s + p` above).
pub const MAX_POWERS: usize = 512;

/// Failed guesses refined from their proofs before the exact construction of
/// the context construction (`misere::contexts`) takes over.
pub const QUICK_REFINEMENTS: usize = 2;

/// How deep the context construction (`misere::contexts`) may nest (a context game whose own heap splits elements).
pub const MAX_NESTING: usize = 3;

/// Bounds on one quotient computation (time and memory).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// Most states of one proof (memory: about `order / 8 + 64` bytes each).
    pub max_proof_states: usize,
    /// Most elements of a quotient, or of any automaton one is minimised from (memory:
    /// `4·order²` bytes for the multiplication table).
    pub max_order: usize,
    /// When to give up (checked between proofs and between context levels). `None`: never.
    pub deadline: Option<std::time::Instant>,
}

impl Bounds {
    /// An error once the deadline has passed or the computation was cancelled.
    pub fn check(&self) -> Result<()> {
        crate::kernel::cancel::check()?;
        match self.deadline {
            Some(d) if std::time::Instant::now() >= d => Err(GameError::too_large(
                "the misère quotient",
                "it reached its time budget",
            )),
            _ => Ok(()),
        }
    }
}

/// The context a game's heaps are played beside: a fixed position of other heaps, known only
/// through whether it has a move and, through a *base* monoid on the game's heaps, whether a
/// position of the game has a winning move inside it. The plain game is the empty context.
#[derive(Debug, Clone)]
pub struct Rule {
    /// Whether the context always has a move of its own.
    pub context_moves: bool,
    /// A monoid on the game's heaps that decides `forced`.
    pub base: Monoid,
    /// `base_pretend[h]`: the base element of heap `h`.
    pub base_pretend: Vec<u32>,
    /// `forced[b]`: whether a position of base element `b` has a winning move in the context.
    pub forced: Vec<bool>,
}

impl Rule {
    /// The plain game (nothing beside the heaps) with heaps up to `max_heap`.
    pub fn misere(max_heap: usize) -> Self {
        Rule {
            context_moves: false,
            base: Monoid::from_table(1, vec![0]),
            base_pretend: vec![0; max_heap + 1],
            forced: vec![false],
        }
    }

    /// The base element of a position.
    pub fn base_of(&self, heaps: &[u16]) -> u32 {
        heaps
            .iter()
            .fold(0, |b, &h| self.base.mul(b, self.base_pretend[h as usize]))
    }
}

/// A proven quotient `Q_n` of a game (beside a [`Rule`] context) with a representative
/// position for each element.
#[derive(Debug, Clone)]
pub struct Stage {
    /// The monoid.
    pub monoid: Monoid,
    /// `pretend[h]` for `h` in `0..=n`.
    pub pretend: Vec<u32>,
    /// The P-portion.
    pub p_portion: Vec<bool>,
    /// `base[e]`: the base element (see [`Rule`]) of the positions of element `e`.
    pub base: Vec<u32>,
    /// `representative[e]`: a position (heaps ascending) whose element is `e`.
    pub representative: Vec<Position>,
    /// States of the proof of this stage.
    pub proof_states: usize,
}

impl Stage {
    /// `Q_0`: the empty position only. Beside the empty context it is an N-position (the
    /// player to move cannot move, and under misère play that player wins).
    pub fn empty(rule: &Rule) -> Self {
        Stage {
            monoid: Monoid::from_table(1, vec![0]),
            pretend: vec![0],
            p_portion: vec![rule.context_moves && !rule.forced[0]],
            base: vec![0],
            representative: vec![Vec::new()],
            proof_states: 1,
        }
    }

    /// The largest heap covered.
    pub fn max_heap(&self) -> usize {
        self.pretend.len() - 1
    }

    /// The element of a position (heaps at most [`Stage::max_heap`]).
    pub fn element(&self, heaps: &[u16]) -> u32 {
        heaps
            .iter()
            .fold(0, |e, &h| self.monoid.mul(e, self.pretend[h as usize]))
    }

    /// The proof candidate of this stage.
    pub fn candidate(&self) -> Candidate<'_> {
        Candidate {
            monoid: &self.monoid,
            pretend: &self.pretend,
            p_portion: &self.p_portion,
        }
    }

    /// The order.
    pub fn order(&self) -> usize {
        self.monoid.order()
    }
}

/// The option table restricted to heaps up to `n`.
pub fn truncated(options: &OptionTable, n: usize) -> OptionTable {
    OptionTable {
        options: options.options[..=n].to_vec(),
    }
}

/// Tokens of a position.
pub(crate) fn tokens(p: &[u16]) -> usize {
    p.iter().map(|&h| h as usize).sum()
}

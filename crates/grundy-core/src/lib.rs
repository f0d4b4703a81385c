//! # grundy-core: the engine of Grundy
//!
//! Exact analysis of *impartial* games: games where both players have the same moves, the
//! player who cannot move loses (normal play), and every game ends.
//!
//! The theory fits in three lines:
//!
//! 1. Every position is a **P-position** (the *previous* player wins: whoever moves from it
//!    loses with best play) or an **N-position** (the *next* player wins).
//! 2. Each position has a **Sprague–Grundy value**, the [`mex`](nimber::mex) of its options'
//!    values; value 0 means P-position.
//! 3. The value of a **sum** of games (a move is made in exactly one part) is the
//!    [`nim_sum`](nimber::nim_sum) (XOR) of the parts' values. To win a sum with total `t != 0`,
//!    find a part of value `g` with `g ^ t < g` and move it to a position of value `g ^ t`.
//!
//! ## Where things live
//!
//! | module | concept |
//! | --- | --- |
//! | [`nimber`] | values, nim-sum, mex |
//! | [`games`] | one module per ruleset behind the [`games::Ruleset`] trait |
//! | [`sequence`] | Grundy sequences of heap games and their proven periods |
//! | [`sum`] | sums of components from any rulesets; value, outcome, winning moves |
//! | [`solve`] | exhaustive search, the ground truth for tests and for games with no closed form |
//! | [`strategy`] | analysis under normal and misère play; the perfect player's move |
//! | [`play`] | a game's record, whose turn, who won, typed moves, simulations |
//! | [`player`] | computer players: perfect, random, and any strength between |
//! | [`explain`] | the human reasoning: binary columns, nim-sums, target values |
//! | [`spec`] | the text format for positions shared by the front ends |
//! | [`cancel`] | cooperative cancellation of long computations (a front end's time limit) |
//! | [`error`] | the one error type, whose messages name the bad value and what is allowed |
//!
//! The crate does no I/O: front ends (the `grundy` command line and the web server) parse,
//! call it, and render.
#![forbid(unsafe_code)]

pub mod cancel;
pub mod error;
pub mod explain;
pub mod games;
pub mod nimber;
pub mod play;
pub mod player;
pub mod sequence;
pub mod solve;
pub mod spec;
pub mod strategy;
pub mod sum;

pub use error::{GameError, Result};
pub use nimber::{mex, nim_sum, Nimber};

//! # grundy-core: exact analysis of impartial games
//!
//! This crate answers, exactly, the questions one asks about an *impartial* game: who wins,
//! what is the position worth, and which moves win. It does no I/O; the `grundy` command line
//! and the web server are thin front ends over it. This page is the theory in brief, with a
//! worked example for each part; the modules hold the details.
//!
//! ## Impartial games, normal and misère play
//!
//! A game is **impartial** when both players have the same moves from every position (Nim:
//! take tokens from a heap; chess is not impartial, since each player moves their own pieces).
//! Every game here ends after finitely many moves. Under **normal play** the player who cannot
//! move loses, so whoever makes the last move wins; under **misère play** the last move loses
//! ([`strategy::Convention`]).
//!
//! ## P-positions and N-positions
//!
//! With perfect play every position has a fixed winner. A **P-position** is a win for the
//! *previous* player (the one who just moved): whoever is to move loses. An **N-position** is a
//! win for the *next* player. A terminal position is a P-position under normal play, and in
//! general
//!
//! * a position is N exactly when *some* move leads to a P-position (a **winning move**);
//! * a position is P exactly when *every* move leads to an N-position.
//!
//! ([`sum::Outcome`]; [`solve`] applies these two rules by exhaustive search.)
//!
//! ## mex and the Sprague–Grundy value
//!
//! The **mex** (minimum excludant) of a set of natural numbers is the least natural number not
//! in it: `mex{0, 1, 3} = 2`, `mex{} = 0` ([`mex`]). The **Sprague–Grundy value** (or
//! *nimber*) of a position is defined recursively as the mex of its options' values:
//!
//! ```text
//! G(p) = mex { G(q) : q is reached from p in one move }
//! ```
//!
//! A terminal position has value 0, and **`G(p) = 0` exactly when `p` is a P-position**. The
//! value says more than the outcome: a position of value `g` behaves, in any sum, exactly like
//! a single Nim heap of `g` tokens (the **Sprague–Grundy theorem**). Values are plain integers,
//! [`Nimber`] = `u64`.
//!
//! ## Sums and XOR; Bouton's theorem
//!
//! In a **sum** of games a move is made in exactly one component, and the sum ends when every
//! component has ended. Its value is the **nim-sum** (bitwise XOR) of the components' values
//! ([`nim_sum`]), so a sum is a P-position exactly when the XOR is 0. For Nim, where a heap of
//! `h` tokens is worth `h`, this is **Bouton's theorem** (1901): a Nim position is lost for
//! the player to move exactly when the XOR of its heaps is 0. To win from a total `t != 0`,
//! move some component of value `g` to a position of value `g ^ t` (always possible when
//! `g ^ t < g`, and in games other than Nim sometimes also by *raising* a value).
//!
//! Nim (2, 3, 4): `2 ^ 3 ^ 4 = 5 != 0`, so the player to move wins; the highest bit of 5 is
//! set only in the heap of 4, and cutting it to `4 ^ 5 = 1` leaves XOR 0:
//!
//! ```
//! use grundy_core::kernel::bouton::{self, NimMove};
//! use grundy_core::nim_sum;
//!
//! let heaps = [2, 3, 4];
//! assert_eq!(nim_sum(heaps), 5);
//! assert!(!bouton::is_p_position(&heaps));
//! // The one winning move: heap index 2 (the third heap) from 4 down to 1.
//! assert_eq!(bouton::winning_moves(&heaps), [NimMove { heap: 2, from: 4, to: 1 }]);
//! assert!(bouton::is_p_position(&[2, 3, 1]));
//! // Misère Nim plays the same until only heaps of 0 or 1 would remain (Bouton).
//! assert!(bouton::is_misere_p_position(&[1, 1, 1]));
//! ```
//!
//! ## Subtraction games: the values are periodic, provably
//!
//! In the **subtraction game** with take-set `S`, a move removes exactly `s` tokens from a
//! heap, for some `s` in `S` ([`games::subtraction`]). The heap of `n` tokens has value
//! `G(n) = mex{G(n - s) : s in S, s <= n}`; each value depends only on the `max S` values below
//! it, so the sequence is **eventually periodic**, and once `G(n + p) = G(n)` holds for `max S`
//! consecutive `n` it holds for all later `n` ([`sequence::find_window_period`]). The engine
//! computes values until that certificate appears: from then on the value of any heap, even one
//! of 10^30 tokens, is a lookup.
//!
//! ```
//! use grundy_core::games::subtraction::SubtractionGame;
//! use num_bigint::BigUint;
//!
//! let game = SubtractionGame::new([1, 4, 9]).unwrap();
//! // G(0), G(1), ... = 0 1 0 1 2 | 0 1 0 1 2 | ... : period 5 from the start, proven.
//! let period = game.sequence().period.unwrap();
//! assert_eq!((period.preperiod, period.period), (0, 5));
//! assert_eq!(game.value(11).unwrap(), 1);
//! // 10^30 = 0 (mod 5), so G(10^30) = G(0) = 0; 10^30 + 4 = 4 (mod 5), so its value is 2.
//! let huge: BigUint = "1000000000000000000000000000000".parse().unwrap();
//! assert_eq!(game.value_big(&huge).unwrap(), 0);
//! assert_eq!(game.value_big(&(huge + 4u32)).unwrap(), 2);
//! ```
//!
//! ## Octal games: periods certified by Guy and Smith
//!
//! An **octal game** is coded by digits such as `0.77` (Kayles: knock down one pin or two
//! adjacent pins from a row, possibly splitting it in two); digit `k` says whether removing `k`
//! tokens may leave no heap, one heap, or two ([`games::octal`]). A split into heaps `a` and
//! `b` is itself a sum, of value `G(a) ^ G(b)`. Many octal games are eventually periodic, and
//! the **Guy–Smith theorem** turns a finite check into a proof: if at most `t` tokens are
//! removed per move and `G(n + p) = G(n)` for `n0 <= n < 2·n0 + p + t`, it holds for every
//! `n >= n0` ([`sequence::find_guy_smith_period`]). Kayles has period 12 from `n = 71` on:
//!
//! ```
//! use grundy_core::games::octal::OctalGame;
//!
//! let kayles = OctalGame::named("kayles").unwrap(); // the same as OctalGame::parse("0.77")
//! let first: Vec<u64> = (0..12).map(|n| kayles.value(n).unwrap()).collect();
//! assert_eq!(first, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! let period = kayles.period().unwrap().expect("Kayles is periodic");
//! assert_eq!((period.preperiod, period.period), (71, 12));
//! // Guy–Smith (at most t = 2 pins per move): G(n + 12) = G(n) for 71 <= n < 2·71 + 12 + 2,
//! // so the proof looked at least at the values G(0..168).
//! assert!(period.checked >= 168);
//! // Any heap from 71 on is a lookup into one period.
//! let n = 1_000_000_000_000_000_000u64;
//! assert_eq!(kayles.value(n).unwrap(), kayles.value(71 + (n - 71) % 12).unwrap());
//! ```
//!
//! ## Wythoff's game: the golden ratio, exactly
//!
//! In **Wythoff's game** there are two heaps; a move takes any number of tokens from one heap,
//! or the same number from both ([`games::wythoff`]). Its P-positions are `(a_n, b_n)` and
//! `(b_n, a_n)` with `a_n = ⌊n·φ⌋` and `b_n = a_n + n`, `φ = (1 + √5) / 2` (Wythoff, 1907). The
//! engine evaluates the floor with exact integer square roots, so `n` may have thousands of
//! digits. With `n = 10^30` and `φ = 1.6180339887498948482045868343656…`:
//!
//! ```
//! use grundy_core::games::wythoff::beatty::{is_p_position_big, p_position_big};
//! use num_bigint::BigUint;
//!
//! let n: BigUint = "1000000000000000000000000000000".parse().unwrap();
//! let (a, b) = p_position_big(&n);
//! assert_eq!(a.to_string(), "1618033988749894848204586834365");
//! assert_eq!(b.to_string(), "2618033988749894848204586834365");
//! assert!(is_p_position_big(&a, &b) && is_p_position_big(&b, &a));
//! // One token more on either heap and the player to move wins.
//! assert!(!is_p_position_big(&a, &(&b + 1u32)));
//! ```
//!
//! ## Putting it together: a sum of mixed games
//!
//! A [`sum::Sum`] holds components of any rulesets at once. Its value is the XOR of the
//! components' values, and [`sum::Sum::winning_moves`] lists every move to a total of 0. The
//! [`spec`] module parses the same text the command line takes:
//!
//! ```
//! use grundy_core::spec::parse_sum;
//! use grundy_core::kernel::component::Component;
//! use grundy_core::games::wythoff::Wythoff;
//! use grundy_core::sum::Outcome;
//!
//! // Nim heaps 3 and 4, a subtraction heap, a row of 7 Kayles pins, a Wythoff position.
//! let sum = parse_sum("nim:3,4 + sub{1,4,9}:11 + octal{kayles}:7 + wythoff:10,7").unwrap();
//! assert_eq!(sum.values().unwrap(), [3, 4, 1, 2, 15]);
//! assert_eq!(sum.value().unwrap(), 3 ^ 4 ^ 1 ^ 2 ^ 15); // = 11
//! assert_eq!(sum.outcome().unwrap(), Outcome::N);
//! // Every winning move is in the Wythoff component (the only one worth more than 11 ^ 15 = 4,
//! // and no other can reach the value it would need): to (6, 7) or to (5, 2), both of value 4.
//! let moves = sum.winning_moves().unwrap();
//! let targets: Vec<_> = moves.iter().map(|m| (m.component, m.to.clone())).collect();
//! assert_eq!(
//!     targets,
//!     [
//!         (4, vec![Wythoff::component(6, 7)]),
//!         (4, vec![Wythoff::component(5, 2)]),
//!     ]
//! );
//! for m in &moves {
//!     assert_eq!(sum.after(m).value().unwrap(), 0);
//! }
//! ```
//!
//! Misère sums other than pure Nim have no such XOR rule; [`strategy::analyze`] answers them by
//! exhaustive search within a documented bound.
//!
//! ## Map of the modules
//!
//! The layers are crates, each importing only those before it, so that Cargo refuses an
//! upward import: `grundy-kernel` (the [`kernel::Ruleset`] trait and the nimbers) →
//! `grundy-engines` (what any ruleset can be asked) → `grundy-games` (the rulesets) →
//! `grundy-core` (the registry, the text format, the answer, play). This crate re-exports the
//! layers below it under the module names of this map, so a door depends on `grundy-core`
//! alone (docs/architecture.md).
//!
//! | crate | module | what it holds |
//! | --- | --- | --- |
//! | `grundy-kernel` | [`nimber`] | values ([`Nimber`]), the nim-sum ([`nim_sum`]), the mex ([`mex`], [`nimber::MexSet`]); nim multiplication ([`nimber::field`]) |
//! | `grundy-kernel` | [`kernel`] | the bottom layer: the [`kernel::Ruleset`] trait and every type in its signature (components, moves, derivations, errors, provenance) |
//! | `grundy-kernel` | [`kernel::cancel`] | cooperative cancellation of long computations (a front end's time limit) |
//! | `grundy-kernel` | [`kernel::error`] | the one error type, [`GameError`], whose messages name the bad value and what is allowed |
//! | `grundy-engines` | [`sequence`] | Grundy sequences `G(0), G(1), …` of heap games and their proven periods |
//! | `grundy-engines` | [`sum`] | sums of components from any rulesets: value, outcome, every winning move |
//! | `grundy-engines` | [`big_nim`] | sums whose Nim heaps have any number of digits (XOR of [`num_bigint::BigUint`]s) |
//! | `grundy-engines` | [`search`] | values of board and graph games by search: components, canonical forms, a bounded transposition table kept on disk ([`games::cram`], [`games::chomp`], [`games::node_kayles`], [`games::arc_kayles`]) |
//! | `grundy-engines` | [`certificate`] | what a search proved, as facts a checker sharing no search code verifies from the game's rules alone: `prove` (from the engine that searched), `check`, the JSON Lines format (`grundy search --certificate`, `grundy verify`) |
//! | `grundy-engines` | [`solve`] | exhaustive memoised search within a budget: the ground truth for tests, and the answer where no theorem applies |
//! | `grundy-engines` | [`tree_size`] | bounds on a game tree's positions and work, known before searching it |
//! | `grundy-engines` | [`strategy`] | analysis under normal and misère play; the perfect player's move and remoteness |
//! | `grundy-engines` | [`explain`] | the reasoning for a person: binary columns, nim-sums, target values |
//! | `grundy-engines` | [`misere`] | misère play of heap games: quotients, genera, and sums by simplest forms or search |
//! | `grundy-games` | [`games`] | one module per ruleset behind the [`kernel::Ruleset`] trait: [`games::nim`], [`games::subtraction`] (and all-but games), [`games::octal`] (and Grundy's game), [`games::wythoff`], coin-turning games in a row ([`games::coins`], rules described by the user included) and in a grid ([`games::tartan`]: values by nim products; [`games::acrostic`]) |
//! | `grundy-core` | [`play`] | a game's record, whose turn, who won, typed moves, simulations |
//! | `grundy-core` | [`player`] | computer players: perfect, random, any strength between, and `bouton` (Bouton's rule, taking most when losing) |
//! | `grundy-core` | [`spec`] | the text format for positions shared by the front ends |
//! | `grundy-core` | [`registry`] | every ruleset family ([`registry::REGISTRY`]), found by name or from a component, and the searches of the search games by name ([`registry::search`]) |
//! | `grundy-core` | [`loopy`] | games with cycles: values with draws (∞), their rulesets and their own registry |
//! | `grundy-core` | [`any_size`] | positions with heaps beyond `u64`, answered where their theory is a lookup |
//! | `grundy-core` | [`answer`] | the one entry of every door: a question and its budget give an answer or a refusal, with how each answer is known |
//! | `grundy-core` | [`report`] | the analysis of a position as every door prints it |
//! | `grundy-core` | [`simulation`] | series of games between computer players: win rates with their intervals |
//! | `grundy-core` | [`wire`] | the JSON shape of every answer a door prints, and its JSON Schema |
//!
//! ## Errors, limits and panics
//!
//! Functions that take user input return [`Result`]; the [`GameError`] names the value and what
//! is allowed, so a front end can show it as it is. Each limit is a public constant next to the
//! code it guards (e.g. [`games::subtraction::MAX_TAKE`], [`spec::MAX_COMPONENTS`],
//! [`kernel::move_forms::MAX_LISTED_HEAP`]). No function panics on any input a user can give; arithmetic is
//! exact (`u64`, `u128` or [`num_bigint::BigUint`]), never floating point.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod answer;
pub mod any_size;
pub mod loopy;
pub mod play;
pub mod player;
pub mod registry;
pub mod report;
pub mod simulation;
pub mod spec;
// Wire types document their fields together, in each type's own documentation (a JSON shape
// reads best whole); the fields are the JSON keys.
#[allow(missing_docs)]
pub mod wire;

// The layers below, under the names every path of the rulesets, the answer and the doors uses.
pub use grundy_engines::{
    big_nim, certificate, explain, misere, search, sequence, solve, strategy, sum, tree_size,
};
pub use grundy_games as games;
pub use grundy_kernel as kernel;
pub use grundy_kernel::nimber;

// The engines' tests that read positions in the text format or play particular rulesets: the
// engines' crate sees neither.
#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod ruleset_tests;
pub use kernel::{GameError, Result};
pub use nimber::{mex, nim_sum, Nimber};

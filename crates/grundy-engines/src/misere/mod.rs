//! Misère play of heap games: misère quotients (Plambeck; Plambeck and Siegel) and Conway's
//! genus.
//!
//! ## Why misère play is hard
//!
//! Under misère play the last player to move *loses*. Sums no longer reduce to nim-values:
//! the misère outcome of `G + H` is not a function of the outcomes, nor of any single number
//! attached to `G` and `H`, once the games are wilder than Nim. Conway's genus theory
//! ([`genus`]) explains the *tame* games, those that add like misère Nim heaps.
//!
//! ## Misère quotients
//!
//! Plambeck's idea ("Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) G05)
//! is to stop asking what a game is worth among *all* games and ask only among the positions
//! of the game at hand. Let `A` be the positions of a heap game with heaps of at most `N`
//! tokens: all finite multisets of heaps, closed under moves and sums. Two positions `G`, `H`
//! are **indistinguishable** when `G + X` and `H + X` have the same misère outcome for every
//! `X` in `A`. This is a congruence, and the classes form a commutative monoid, the **misère
//! quotient** `Q_N`; the classes of P-positions are its **P-portion**, and the map sending a
//! heap to its class is the **pretending function**. Then the outcome of any sum is read off
//! the product of its heaps' elements — in time linear in the number of heaps — exactly as
//! normal play reads it off the XOR of nim-values (whose quotient is a group of order a power
//! of two). Plambeck and Siegel ("Misère quotients for impartial games", J. Combin. Theory
//! Ser. A 115 (2008); arXiv math/0609825) prove among much else that every such quotient has
//! even order.
//!
//! Misère Nim with heaps of at most 3 has the quotient `T_2 = ⟨a, b | a² = 1, b³ = b⟩` of
//! order 6, with `*1 → a`, `*2 → b`, `*3 → ab` and P-portion `{a, b²}`:
//!
//! ```
//! use grundy_core::misere::{game::Nim, quotient::{Limits, MisereQuotient}};
//! use grundy_core::sum::Outcome;
//!
//! let q = MisereQuotient::compute(&Nim, 3, Limits::default()).unwrap();
//! assert_eq!(q.order(), 6);
//! assert_eq!(q.p_elements().len(), 2);
//! // *1 + *1 + *1: three single tokens, the player to move takes the last one.
//! assert_eq!(q.outcome(&[1, 1, 1]).unwrap(), Outcome::P);
//! // (2, 3, 1): nim-sum 0 with a heap of at least 2, so P as in Bouton's misère rule.
//! assert_eq!(q.outcome(&[2, 3, 1]).unwrap(), Outcome::P);
//! assert_eq!(q.outcome(&[2, 3]).unwrap(), Outcome::N);
//! ```
//!
//! ## How the quotient is computed, and why it can be trusted
//!
//! [`quotient`] builds `Q_N` one heap size at a time ([`adjoin`]): a guess for `Q_n` from the
//! proven `Q_{n-1}`, refined ([`refine`]) or rebuilt from context games ([`contexts`]) when
//! heap `n` tells apart positions `Q_{n-1}` identified. Every guess is proven for every
//! position by [`check::prove_in`]: reading a position heap by heap, the triple (its element,
//! whether it has a move, the set of contexts in which a move inside it reaches the P-portion)
//! evolves through finitely many states, and checking the misère rule in each state proves
//! every prediction by induction. [`check::is_reduced`] checks that no two elements are
//! indistinguishable, and [`check::compare_with_search`] compares predictions with exhaustive
//! search again, independently.
//!
//! ## Using it
//!
//! [`quotient::MisereQuotient::analyze`] answers a sum of heaps: outcome, every winning move
//! (a move in one heap that lands the product in the P-portion) and the explanation (each
//! heap's element and the product).
//!
//! ```
//! use grundy_core::kernel::heap_rules::HeapRules;
//! use grundy_core::misere::quotient::{Limits, MisereQuotient};
//!
//! let kayles = HeapRules::parse("0.77").unwrap();
//! let q = MisereQuotient::compute(&kayles, 6, Limits::default()).unwrap();
//! let answer = q.analyze(&[4, 2, 1]).unwrap();
//! for m in &answer.winning_moves {
//!     let mut after: Vec<usize> = [4, 2, 1].iter().enumerate()
//!         .filter(|&(i, _)| i != m.heap).map(|(_, &h)| h).collect();
//!     after.extend(&m.to);
//!     assert_eq!(q.outcome(&after).unwrap(), grundy_core::sum::Outcome::P);
//! }
//! ```

pub mod adjoin;
pub mod analysis;
pub mod canonical;
pub mod check;
pub mod contexts;
pub mod follower_genera;
pub mod game;
pub mod genus;
pub mod genus_quotient;
pub mod mixed;
pub mod monoid;
mod proof_automaton;
pub mod quotient;
pub mod refine;
pub mod run;
pub mod search;
pub mod stage;
pub mod sums;
#[cfg(test)]
mod test_sums;

pub use analysis::{Explanation, HeapMove, MisereAnalysis, MoveCheck};
pub use game::HeapGame;
pub use quotient::{Limits, MisereQuotient};
pub use run::QuotientRun;

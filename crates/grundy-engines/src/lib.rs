//! The engines of Grundy: what any ruleset of the kernel can be asked, whatever the game.
//!
//! The second layer (`docs/architecture.md`): a crate of its own above `grundy-kernel`, so Cargo
//! refuses it any import from the rulesets or the answer (`grundy-core`) above it. The engines
//! know a game only through the kernel's [`Ruleset`](grundy_kernel::Ruleset) and the search's
//! [`SplitGame`](search::SplitGame); their tests that read positions as a user writes them, or
//! play a particular ruleset, live above them, in `grundy-core`'s `engine_tests`. The doors
//! reach these modules as `grundy_core::sum`, `grundy_core::search`, and so on.
//!
//! | module | what it holds |
//! | --- | --- |
//! | [`sum`] | sums of components from any rulesets: value, outcome, every winning move |
//! | [`big_nim`] | sums whose Nim heaps have any number of digits (XOR of [`num_bigint::BigUint`]s) |
//! | [`sequence`] | Grundy sequences `G(0), G(1), …` of heap games and their proven periods |
//! | [`search`] | values of board and graph games by search: components, canonical forms, a bounded transposition table kept on disk |
//! | [`certificate`] | what a search proved, as facts a checker sharing no search code verifies from the game's rules alone |
//! | [`solve`] | exhaustive memoised search within a budget: the ground truth for tests, and the answer where no theorem applies |
//! | [`tree_size`] | bounds on a game tree's positions and work, known before searching it |
//! | [`misere`] | misère play of heap games: quotients, genera, and sums by simplest forms or search |
//! | [`strategy`] | analysis under normal and misère play; the perfect player's move and remoteness |
//! | [`explain`] | the reasoning for a person: binary columns, nim-sums, target values |

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The kernel under the names the engines' paths use (`crate::kernel::Ruleset`).
use grundy_kernel as kernel;
use grundy_kernel::nimber;

pub mod big_nim;
pub mod certificate;
pub mod explain;
pub mod misere;
pub mod search;
pub mod sequence;
pub mod solve;
pub mod strategy;
pub mod sum;
pub mod tree_size;

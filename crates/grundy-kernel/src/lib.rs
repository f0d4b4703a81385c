//! The ruleset kernel: the [`Ruleset`] trait and every type in its signature, and the
//! nimbers ([`nimber`]).
//!
//! This is the bottom layer of Grundy (`docs/architecture.md`): a crate of its own, so Cargo
//! refuses it any import from the engines (`grundy-engines`), the rulesets or the answer
//! (`grundy-core`) above it. Every other crate may import it; the doors reach it as
//! `grundy_core::kernel` and `grundy_core::nimber`.
//!
//! | module | what it holds |
//! | --- | --- |
//! | [`bouton`] | Bouton's theory of Nim: nim-sums of heaps, normal and misère Nim's winning moves ([`bouton::NimMove`]) |
//! | [`reasoning`] | a ruleset's own reasoning on one position ([`reasoning::PositionReasoning`]: Moore's theorem, Wythoff's P-positions) |
//! | [`ruleset`] | the [`Ruleset`] trait, [`plural`], [`common_noun`], [`uniform_below`] |
//! | [`form`] | the shapes of positions ([`PositionForm`]: a heap, a pair, a row) and [`MoveContext`] |
//! | [`move_forms`] | the typed moves of one heap (`3 2`, `to 1 4`, `take 2 leave 1 4`) |
//! | [`move_error`] | why a typed move was refused ([`MoveError`]) |
//! | [`moves`] | bounded lists of moves with their exact count ([`moves::MoveList`]) |
//! | [`derivation`] | how a value follows from the mex rule ([`Derivation`]) |
//! | [`columns`] | values in Bouton's binary columns ([`ValueColumns`]) |
//! | [`nim`] | Nim itself, the ruleset every sum plays like ([`nim::Nim`]), and the Nim heaps of a sum (`Component::nim`, `Component::as_nim`) |
//! | [`nim_heap`] | heap sizes of any width ([`NimHeap`]: `u64`, `BigUint`) |
//! | [`tree_estimate`] | bounds on a game tree below a group of components ([`TreeEstimate`]) |
//! | [`heap_rules`] | octal codes and Grundy's game ([`heap_rules::HeapRules`]), and the heap moves a ruleset hands to the misère engine ([`heap_rules::HeapMoves`]) |
//! | [`heap_sequence`] | Grundy sequences of heap rulesets ([`heap_sequence::HeapSequence`]), their [`heap_sequence::Period`] and its certificate |
//! | [`list`] | lists of whole numbers in the text format ([`parse_list`]) |
//! | [`error`] | the one error type ([`GameError`]) |
//! | [`component`] | one component of a sum, any ruleset behind one type ([`component::Component`]), and a ruleset with its type forgotten ([`component::AnyRules`], [`component::downcast`]) |
//! | [`provenance`] | how an answer is known ([`provenance::Provenance`]: a closed form, a period, a table, search, ...) |
//! | [`cancel`] | the cancel flag of long computations |
//! | [`budget`] | the budget of one question, time and memory, installed per thread ([`budget::within`]) |
//! | [`numbering`] | how the cells of a coin grid are numbered ([`numbering::Numbering`]) |
//! | [`presentation`] | what a component is called and how it is numbered, one value per ruleset ([`presentation::Presentation`]) |
//! | [`nimber`] | the values themselves: [`mex`], [`nim_sum`] and Conway's nim multiplication |

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod nimber;

pub mod bouton;
pub mod budget;
pub mod cancel;
pub mod columns;
pub mod component;
pub mod derivation;
pub mod error;
pub mod form;
pub mod heap_rules;
pub mod heap_sequence;
pub mod list;
pub mod move_error;
pub mod move_forms;
pub mod moves;
pub mod nim;
pub mod nim_heap;
pub mod numbering;
pub mod presentation;
pub mod provenance;
pub mod reasoning;
pub mod ruleset;
pub mod tree_estimate;

pub use columns::{ColumnWindow, ValueColumns, MAX_SHOWN_BITS};
pub use derivation::{
    derive_by_options, derive_from, shown_option, Derivation, OptionValue, ValueParts,
    MAX_DERIVED_OPTIONS, MAX_ENUMERATED_OPTIONS,
};
pub use error::{GameError, Result};
pub use form::{MoveContext, PositionForm};
pub use list::{parse_list, parse_u64, parse_whole, whole_digits, NotWhole};
pub use move_error::MoveError;
pub use nim_heap::NimHeap;
pub use nimber::{mex, nim_sum, Nimber};
pub use presentation::Presentation;
pub use ruleset::{and_list, common_noun, plural, uniform_below, BigHeaps, Ruleset};
pub use tree_estimate::TreeEstimate;

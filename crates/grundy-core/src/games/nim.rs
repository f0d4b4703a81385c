//! Nim: heaps of tokens; a move takes one or more tokens from one heap.
//!
//! Nim is the kernel's (`kernel::nim`): every sum plays like Nim on its values, and the
//! engines make and read Nim heaps of a sum, so the ruleset sits below them. It is named here,
//! with the other rulesets, at the paths its users have always written.

pub use crate::kernel::nim::*;

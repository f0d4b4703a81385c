//! Nim: heaps of tokens; a move takes one or more tokens from one heap.
//!
//! Nim's rules are the kernel's (`kernel::nim`): every sum plays like Nim on its values, and the
//! engines make and read Nim heaps of a sum, so the ruleset sits below them. Its family (what
//! the front ends show of it) is declared here, with the other rulesets'. Bouton's winning
//! moves and misère Nim are the kernel's `bouton`.

use crate::kernel::nim::{Nim, NAME};

use crate::family::{known, Drawing, Family, Positions};

/// Nim in the registry: `nim:3,4,5`.
pub static FAMILY: Family = Family {
    name: NAME,
    aliases: &[],
    title: "Nim",
    rules: "A move takes one or more tokens from one heap.",
    params: &[],
    positions: Positions {
        label: "Heaps",
        help: "heap sizes, whole numbers (the command line takes Nim heaps of any size)",
        example: "3, 4, 5",
        drawing: Drawing::HEAPS,
    },
    example: "nim:3,4,5",
    sequence: false,
    known_by: known::closed_form,
    heap_game: true,
    search: None,
    at_once: None,
    reasoning: None,
    build: |_| Ok(Nim::shared().clone()),
};

//! The games answered by search ([`super::searched`]) as rulesets of the registry, one module
//! each beside the game's own module (`games::cram`, `games::chomp`, `games::node_kayles`,
//! `games::arc_kayles`), which holds its mathematics.

pub mod chomp;
pub mod cram;
pub mod kayles_graphs;

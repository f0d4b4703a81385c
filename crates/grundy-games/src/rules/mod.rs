//! The games answered by search ([`super::searched`]) as rulesets of the registry, one module
//! each beside the game's own module (`games::cram`, `games::chomp`, `games::node_kayles`,
//! `games::arc_kayles`, `games::sprouts`), which holds its mathematics and its search door
//! ([`search_door`]: how a search reads its positions, held by its family); [`search_run`] is
//! one search of them with the caller's table, memory and time budget, and [`search_pieces`]
//! the same search cut into pieces that other processes value. The registry asks them by name
//! (`registry::search`).

pub mod chomp;
pub mod cram;
pub mod kayles_graphs;
pub mod search_door;
pub mod search_pieces;
pub mod search_run;
pub mod sprouts;

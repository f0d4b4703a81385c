//! One engine per searched game for the whole process, when a door asks for it.
//!
//! Every parse of a term builds its ruleset afresh, and with it a fresh engine: right for a
//! command that asks one question, wasteful for the server, whose every request parses its
//! position again. A page playing Cram 5 × 8 asked the same regions over and over: the
//! position's value, then the computer's move among its options (each asked "are you worth
//! 0?"), then the value of the position that move left, each search starting from an empty
//! table (BENCHMARKS.md, "Slow corners"). After [`share_engines`], every ruleset of a
//! searched game made in this process uses one engine per game, so a question starts from
//! what every question before it proved: a table holds only proven facts (a value, or values
//! a component is not worth), whichever question proved them and however it ended.
//!
//! The shared engine's table is bounded as each game's engine is (`DEFAULT_MEMORY` of its
//! module, 64 MiB), so a process holds at most that much per searched game. A question that
//! finds the shared engine busy with another (the server answers several at once) is not made
//! to wait, its deadline running: it uses an engine of its own ruleset, as before.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::SearchedGame;
use crate::search::Engine;

/// Whether rulesets made from now on share their game's engine.
static SHARING: AtomicBool = AtomicBool::new(false);

/// The shared engine of each game, by the game's type: an `Arc<Mutex<Engine<G::Split>>>`.
static ENGINES: Mutex<Option<HashMap<TypeId, Box<dyn Any + Send>>>> = Mutex::new(None);

/// From now on, every ruleset of a searched game (Cram, Chomp, Node-Kayles, Arc-Kayles) made
/// in this process shares one engine per game, and its table (see the module documentation).
/// The server calls it; a command that parses its position once gains nothing from it.
pub fn share_engines() {
    SHARING.store(true, Ordering::Relaxed);
}

/// Whether [`share_engines`] was called.
pub fn engines_shared() -> bool {
    SHARING.load(Ordering::Relaxed)
}

/// The engine a new ruleset of `G` uses: the process's shared one after [`share_engines`],
/// else a fresh one.
pub(super) fn engine_for<G: SearchedGame>() -> Arc<Mutex<Engine<G::Split>>>
where
    <G::Split as crate::search::SplitGame>::Key: Send,
{
    let fresh = || Arc::new(Mutex::new(G::engine()));
    if !engines_shared() {
        return fresh();
    }
    let mut engines = ENGINES.lock().unwrap_or_else(|e| e.into_inner());
    let slot = engines
        .get_or_insert_with(HashMap::new)
        .entry(TypeId::of::<G>())
        .or_insert_with(|| Box::new(fresh()));
    // Keyed by the game's type, the slot always holds this type; were it ever otherwise, an
    // engine of the ruleset's own is still right.
    match slot.downcast_ref::<Arc<Mutex<Engine<G::Split>>>>() {
        Some(engine) => Arc::clone(engine),
        None => fresh(),
    }
}

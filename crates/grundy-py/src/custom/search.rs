//! The values of a game defined by Python functions, by the core's search engine
//! ([`grundy_core::search::Engine`], the one that values Cram and Node-Kayles): [`PySearch`] is
//! the game as the engine sees it, a [`SplitGame`] whose components are the game's atomic
//! positions (keys: their indices in the game's table) and whose options are read from the
//! [`Listing`] the game's table keeps (every atomic position reachable, its moves listed once
//! by the Python functions, split into atomic parts, checked for cycles: `super::Shared`).
//!
//! The engine reads the listing without the GIL, so a search runs on any number of threads,
//! with the table, time budget, progress and cancel flag of every other search.
//!
//! **Depth.** The engine recurses, an option within an option; a game of Python functions may
//! be 100,000 moves long. A position at most [`SHALLOW`] moves from the end is valued by the
//! engine at once; a deeper one has the positions below it valued first, from the ends up, on
//! a thread with a `DEEP_STACK` stack, so that each question of the engine finds its options
//! known a move below.

use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard};

use grundy_core::games::rules::search_run::{SearchOptions, SearchRun};
use grundy_core::kernel::{budget, cancel, GameError};
use grundy_core::nimber::Nimber;
use grundy_core::search::{Engine, Knowledge, OptionSink, SplitGame};

/// A search to run on a worker thread with the options its caller chose (`grundy.search`: of
/// a search game of the registry, or of a game defined by Python functions).
pub type Job = Box<dyn FnOnce(SearchOptions) -> Result<SearchRun, GameError> + Send>;

/// The deepest position (its longest game, in moves) valued by one question of the engine on
/// the caller's stack; deeper ones are valued from the ends up ([`value_of`]).
pub const SHALLOW: u32 = 1_000;

/// The stack of the thread valuing a deep position: enough for the engine to recurse
/// [`SHALLOW`] levels many times over, should its table have let a value go.
const DEEP_STACK: usize = 256 << 20;

/// An atomic position's options as the engine reads them.
#[derive(Clone, Copy)]
struct Listed {
    /// Where its options start in [`Listing::arena`].
    start: u64,
    /// How many options (`u32::MAX`: not listed yet).
    options: u32,
    /// Its longest game, in moves (0: no move).
    height: u32,
}

const UNLISTED: Listed = Listed {
    start: 0,
    options: u32::MAX,
    height: 0,
};

/// The options of every atomic position listed so far, each option as the atomic positions it
/// leaves (none: the option is a finished position).
#[derive(Default)]
pub struct Listing {
    nodes: Vec<Listed>,
    /// For each option, its number of components, then their indices.
    arena: Vec<u32>,
}

impl Listing {
    /// Whether position `id`'s options are listed.
    pub fn is_listed(&self, id: u32) -> bool {
        self.nodes
            .get(id as usize)
            .is_some_and(|n| n.options != u32::MAX)
    }

    /// Position `id`'s longest game, in moves (0 when not listed).
    pub fn height(&self, id: u32) -> u32 {
        self.nodes.get(id as usize).map_or(0, |n| n.height)
    }

    /// Lists `options` as the options of position `id`, whose longest game is `height` moves.
    pub fn list(&mut self, id: u32, options: &[Vec<u32>], height: u32) {
        if self.nodes.len() <= id as usize {
            self.nodes.resize(id as usize + 1, UNLISTED);
        }
        let start = self.arena.len() as u64;
        for option in options {
            self.arena.push(option.len() as u32);
            self.arena.extend_from_slice(option);
        }
        self.nodes[id as usize] = Listed {
            start,
            options: options.len() as u32,
            height,
        };
    }

    /// Position `id`'s options, each its components (empty when not listed).
    fn options(&self, id: u32) -> impl Iterator<Item = &[u32]> {
        let node = self.nodes.get(id as usize).copied().unwrap_or(UNLISTED);
        let count = match node.options {
            u32::MAX => 0,
            n => n,
        };
        let mut at = node.start as usize;
        (0..count).map(move |_| {
            let len = self.arena[at] as usize;
            let option = &self.arena[at + 1..at + 1 + len];
            at += 1 + len;
            option
        })
    }
}

/// The key of position `id`: its index plus one (keys are never 0).
fn key(id: u32) -> u64 {
    u64::from(id) + 1
}

/// A game defined by Python functions as the engine searches it (see the module documentation).
#[derive(Clone)]
pub struct PySearch {
    listing: Arc<RwLock<Listing>>,
    tag: String,
}

impl PySearch {
    /// The engine's game for the listing `listing` of the game tagged `tag` (its name and
    /// serial number: a table is never read for another game).
    pub fn new(listing: Arc<RwLock<Listing>>, tag: String) -> Self {
        PySearch { listing, tag }
    }

    fn read(&self) -> RwLockReadGuard<'_, Listing> {
        self.listing.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The engine's keys of the atomic positions `ids`.
    pub fn keys(ids: &[u32]) -> Vec<u64> {
        ids.iter().map(|&id| key(id)).collect()
    }
}

impl SplitGame for PySearch {
    type Key = u64;

    fn table_tag(&self) -> String {
        self.tag.clone()
    }

    /// Its longest game: a position with longer games is assumed harder.
    fn size(&self, key: &u64) -> u32 {
        self.read().height((*key - 1) as u32)
    }

    fn move_count(&self, key: &u64) -> usize {
        self.read().options((*key - 1) as u32).count()
    }

    fn options<S: OptionSink<u64>>(&self, key: &u64, out: &mut S) {
        let listing = self.read();
        for option in listing.options((*key - 1) as u32) {
            out.begin();
            for &part in option {
                out.component(self::key(part));
            }
            if !out.end() {
                return;
            }
        }
    }
}

/// The value of the atomic position `id` (listed, with every position below it) by `engine`:
/// at once when at most [`SHALLOW`] moves deep, else from the ends up (see the module
/// documentation).
pub fn value_of(engine: &mut Engine<PySearch>, id: u32) -> Result<Nimber, GameError> {
    if let Some(Knowledge::Exact(v)) = engine.table().peek(&key(id)) {
        return Ok(v);
    }
    let game = engine.game().clone();
    if game.read().height(id) <= SHALLOW {
        return engine.value_of_sum(&[key(id)]);
    }
    let (budget, cancel) = (budget::carry(), cancel::carry());
    std::thread::scope(|scope| {
        let valued = std::thread::Builder::new()
            .name("grundy-deep-value".into())
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, || {
                budget.within(|| cancel.within(|| value_from_the_ends(engine, &game, id)))
            });
        match valued {
            Ok(handle) => handle.join().unwrap_or_else(|_| {
                Err(GameError::invalid(
                    "position",
                    "a deep position of a game defined by Python functions",
                    "a search that ends (it failed while valuing)",
                ))
            }),
            Err(e) => Err(GameError::too_large(
                "a deep position of a game defined by Python functions",
                format!("no thread could be started to value it: {e}"),
            )),
        }
    })
}

/// Values every position below `id` and then `id`, each after its options (a depth-first walk
/// of the listing, with a stack of its own), skipping those the table knows.
fn value_from_the_ends(
    engine: &mut Engine<PySearch>,
    game: &PySearch,
    id: u32,
) -> Result<Nimber, GameError> {
    let mut stack: Vec<(u32, Vec<u32>)> = vec![(id, parts_below(game, id))];
    // Positions met (indices are dense: a bit each).
    let mut met = vec![false; id as usize + 1];
    while let Some((top, below)) = stack.last_mut() {
        match below.pop() {
            Some(part) => {
                if met.len() <= part as usize {
                    met.resize(part as usize + 1, false);
                }
                let known = matches!(engine.table().peek(&key(part)), Some(Knowledge::Exact(_)));
                if !known && !std::mem::replace(&mut met[part as usize], true) {
                    let next = parts_below(game, part);
                    stack.push((part, next));
                }
            }
            None => {
                // Its options are valued: one listing of them.
                let top = *top;
                engine.value(&key(top))?;
                stack.pop();
            }
        }
    }
    engine.value_of_sum(&[key(id)])
}

/// The atomic positions the options of `id` leave, each once.
fn parts_below(game: &PySearch, id: u32) -> Vec<u32> {
    let listing = game.read();
    let mut parts: Vec<u32> = listing.options(id).flatten().copied().collect();
    parts.sort_unstable();
    parts.dedup();
    parts
}

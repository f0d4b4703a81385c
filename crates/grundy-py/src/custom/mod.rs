//! Games defined by a Python function (`grundy.Game.from_moves`), as a ruleset of the core.
//!
//! A [`PyGame`] is a [`Ruleset`] whose positions are Python objects: `moves(p)` lists the
//! options of `p`, and the optional `split(p)` its independent parts. The objects are interned
//! in a table the rules own ([`Node`] is an index into it, compared, ordered and hashed as an
//! integer), each with its options. Before a position is valued, every position reachable from
//! it has its moves listed, once, with an explicit stack (no recursion limit) that refuses a
//! position leading back to itself and looks at the core's cancel flag and the question's
//! budget at every position, so Ctrl-C and the time budget stop it; what it has listed stays
//! in the table. The values are then the core's search engine's ([`search`]: the engine that
//! values Cram and Node-Kayles, with its table kept by the game).
//!
//! **Splits.** Without `split`, every position is one component and each option one position.
//! With it, `split(p)` returns the parts of `p`: a position is *atomic* when `split(p)` is `[p]`
//! (its moves are `moves(p)`), else it is the sum of its parts (parts are split again; no parts:
//! a finished position). A position's value is then the mex of its options' values when it is
//! atomic, the nim-sum of its parts' values otherwise; an option that splits becomes several
//! components of the sum, as a heap split in two does in octal games.
//!
//! **The GIL.** Answers run with the GIL released (`interrupt`); the listing takes it back for
//! its calls of the functions (`Python::attach`), keeping it between them but letting other
//! threads have it every few hundred positions. The table is one mutex, always taken with the GIL
//! released (by `try_lock` between short waits without the GIL), so a thread holding it may
//! call Python while another thread waits for it: no deadlock. The engine reads the listing
//! ([`search::Listing`], a lock of its own never held while Python is called) and never needs
//! the GIL. A moves function that asks about the same game again from inside is refused (it
//! would wait for itself).

mod listing;
mod rules;
pub mod search;
pub mod sums;

pub use rules::{Node, PyGame};
pub use search::PySearch;

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, RwLock, TryLockError};
use std::thread::{self, ThreadId};
use std::time::Duration;

use grundy_core::kernel::{cancel, GameError};
use grundy_core::nimber::Nimber;
use grundy_core::search::Engine;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::error::GrundyError;

/// The most positions a game's table holds unless `max_positions` says fewer (and the most it
/// may say): about a gigabyte with the Python objects themselves.
pub const MAX_POSITIONS: u32 = 10_000_000;

/// The most moves (and parts) a game's table holds, together: 400 MB of indices.
pub const MAX_MOVES: usize = 100_000_000;

/// How many positions a search looks at between two moments without the GIL.
const YIELD_EVERY: u32 = 256;

/// The index of the position a component becomes when a move empties it (never a table's).
const EMPTY: u32 = u32::MAX;
/// The memory of a game's engine table: the core's default question memory (1 GiB), a
/// ceiling the table grows to as it fills.
const ENGINE_BYTES: usize = grundy_core::answer::DEFAULT_MEMORY as usize;

/// Serial numbers of games: two games are equal only when they are the same game.
static SERIAL: AtomicU64 = AtomicU64::new(0);

/// What the table knows of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// Nothing yet.
    New,
    /// Atomic (it does not split), its moves not listed yet.
    Atomic,
    /// Atomic, its options listed.
    Options,
    /// The sum of its parts, listed.
    Parts,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    kind: Kind,
    /// Its options or parts: `arena[start..start + len]`.
    start: u32,
    len: u32,
    /// Every position reachable from it has its moves listed ([`search::Listing`]).
    listed: bool,
    /// Its longest game, in moves, once listed.
    height: u32,
    /// On the path being listed ([`Shared::explore`]): met again, it is a cycle.
    open: bool,
}

impl Entry {
    const NEW: Entry = Entry {
        kind: Kind::New,
        start: 0,
        len: 0,
        listed: false,
        height: 0,
        open: false,
    };
}

/// The table: every position met, interned.
struct State {
    /// Object -> index (a Python dict: Python's own hashing and equality).
    ids: Py<PyDict>,
    objects: Vec<Py<PyAny>>,
    entries: Vec<Entry>,
    arena: Vec<u32>,
}

/// Why an exploration stopped.
pub enum Stop {
    /// The core's refusal (the budget, Ctrl-C, a limit), as it is.
    Core(GameError),
    /// An exception for the caller: the functions raised, bad values, a cycle.
    Python(PyErr),
}

impl From<GameError> for Stop {
    fn from(e: GameError) -> Self {
        Stop::Core(e)
    }
}

/// One game: its functions, its limits and its table.
pub struct Shared {
    serial: u64,
    name: String,
    moves: Py<PyAny>,
    split: Option<Py<PyAny>>,
    max_positions: u32,
    /// The time budget of each question about its positions.
    pub time: Duration,
    state: Mutex<State>,
    /// The thread holding `state`, to refuse a moves function asking about its own game.
    owner: Mutex<Option<ThreadId>>,
    /// An exception met where the core's interface has no error (`Ruleset::options`), or one
    /// to raise instead of the core's error that stands for it.
    error: Mutex<Option<PyErr>>,
    /// The atomic positions' options as the engine reads them.
    listing: Arc<RwLock<search::Listing>>,
    /// The engine that values its positions, made at the first value asked.
    engine: Mutex<Option<Engine<PySearch>>>,
}

/// The table, locked (see the module documentation).
struct Locked<'a> {
    shared: &'a Shared,
    state: MutexGuard<'a, State>,
}

impl Drop for Locked<'_> {
    fn drop(&mut self) {
        *lock_plain(&self.shared.owner) = None;
    }
}

impl Deref for Locked<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl DerefMut for Locked<'_> {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
}

fn lock_plain<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// `repr(obj)`, or a stand-in when its `__repr__` raises.
fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "<a position whose repr raised>".into())
}

impl Shared {
    /// A new game (its table empty).
    pub fn new(
        py: Python<'_>,
        name: String,
        moves: Py<PyAny>,
        split: Option<Py<PyAny>>,
        max_positions: u32,
        time: Duration,
    ) -> Self {
        Shared {
            serial: SERIAL.fetch_add(1, Ordering::Relaxed),
            name,
            moves,
            split,
            max_positions,
            time,
            state: Mutex::new(State {
                ids: PyDict::new(py).unbind(),
                objects: Vec::new(),
                entries: Vec::new(),
                arena: Vec::new(),
            }),
            owner: Mutex::new(None),
            error: Mutex::new(None),
            listing: Arc::new(RwLock::new(search::Listing::default())),
            engine: Mutex::new(None),
        }
    }

    /// The game as the core's search engine sees it.
    pub fn search(&self) -> PySearch {
        PySearch::new(
            Arc::clone(&self.listing),
            format!("python game {:?} #{}", self.name, self.serial),
        )
    }

    /// Its name (`game` unless named).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether it has a `split` function.
    pub fn splits(&self) -> bool {
        self.split.is_some()
    }

    /// The most positions its table may hold.
    pub fn max_positions(&self) -> u32 {
        self.max_positions
    }

    /// Its functions: `moves`, and `split` if given.
    pub fn functions(&self, py: Python<'_>) -> (Py<PyAny>, Option<Py<PyAny>>) {
        let split = self.split.as_ref().map(|s| s.clone_ref(py));
        (self.moves.clone_ref(py), split)
    }

    /// The table, taken with the GIL released (see the module documentation); refused to a
    /// thread that holds it already (a moves function asking about its own game).
    fn lock(&self) -> Result<Locked<'_>, Stop> {
        let me = thread::current().id();
        if *lock_plain(&self.owner) == Some(me) {
            return Err(Stop::Python(GrundyError::new_err(format!(
                "the functions of game {:?} asked about a position of the same game while \
                 grundy was calling them: moves and split must list positions, not value them",
                self.name
            ))));
        }
        let state = Python::attach(|py| loop {
            match self.state.try_lock() {
                Ok(state) => break state,
                Err(TryLockError::Poisoned(e)) => break e.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    py.detach(|| thread::sleep(Duration::from_millis(1)));
                }
            }
        });
        *lock_plain(&self.owner) = Some(me);
        Ok(Locked {
            shared: self,
            state,
        })
    }

    /// The core's error for `stop`; an exception is kept for the caller, who raises it
    /// ([`Shared::take_error`]).
    pub fn refusal(&self, stop: Stop) -> GameError {
        match stop {
            Stop::Core(e) => e,
            Stop::Python(e) => {
                let text = Python::attach(|py| e.value(py).to_string());
                self.stash(e);
                GameError::invalid(
                    format!("position of game {:?}", self.name),
                    text,
                    "functions that list the moves of every position reachable (see the exception)",
                )
            }
        }
    }

    /// Whether the sum of the positions `ids` is worth `target`, by the game's engine, the
    /// moves below them listed first; and the components the engine expanded. A position more
    /// than [`search::SHALLOW`] moves deep is refused, as by `grundy.search`.
    pub fn has_value(&self, ids: &[u32], target: Nimber) -> Result<(bool, u64), Stop> {
        let (atomic, deepest) = self.list_below(ids)?;
        if deepest > search::SHALLOW {
            return Err(Stop::Python(GrundyError::new_err(format!(
                "a position of game {:?} is {deepest} moves deep: a search of a game defined \
                 by Python functions takes positions at most {} moves deep",
                self.name,
                search::SHALLOW
            ))));
        }
        let mut engine = self.engine()?;
        let engine = engine.get_or_insert_with(|| Engine::new(self.search(), ENGINE_BYTES));
        let before = engine.stats().expanded;
        let answer = engine.sum_has_value(&PySearch::keys(&atomic), target)?;
        Ok((answer, engine.stats().expanded - before))
    }

    /// Keeps `e` for the caller (see [`Shared::take_error`]).
    fn stash(&self, e: PyErr) {
        *lock_plain(&self.error) = Some(e);
    }

    /// The exception kept for the caller, if any.
    pub fn take_error(&self) -> Option<PyErr> {
        lock_plain(&self.error).take()
    }

    /// How many positions the table holds.
    pub fn known(&self) -> usize {
        self.lock().map_or(0, |st| st.entries.len())
    }

    /// `repr` of position `id` (`nothing` for a component emptied by a move).
    pub fn show(&self, id: u32) -> String {
        if id == EMPTY {
            return "nothing".into();
        }
        match self.lock() {
            Ok(st) => Python::attach(|py| repr(st.objects[id as usize].bind(py))),
            Err(_) => format!("<position {id}>"),
        }
    }

    /// The Python object of position `id` (`None` for an emptied component).
    pub fn object(&self, py: Python<'_>, id: u32) -> Option<Py<PyAny>> {
        if id == EMPTY {
            return None;
        }
        let st = self.lock().ok()?;
        Some(st.objects[id as usize].clone_ref(py))
    }

    /// The index of `obj` (interned) and the components it stands for: its parts once split
    /// as far as they go, or itself when it does not split or has no parts.
    pub fn enter(&self, obj: &Bound<'_, PyAny>) -> Result<Vec<u32>, Stop> {
        let obj = obj.clone().unbind();
        let mut st = self.lock()?;
        let id = Python::attach(|py| self.intern(py, &mut st, obj.bind(py), || "given".into()))?;
        self.components(&mut st, id)
    }

    /// The components position `id` stands for (see [`Shared::enter`]).
    fn components(&self, st: &mut State, id: u32) -> Result<Vec<u32>, Stop> {
        let parts = self.flatten(st, id)?;
        Ok(if parts.is_empty() { vec![id] } else { parts })
    }

    fn intern(
        &self,
        py: Python<'_>,
        st: &mut State,
        obj: &Bound<'_, PyAny>,
        context: impl FnOnce() -> String,
    ) -> Result<u32, Stop> {
        let ids = st.ids.bind(py);
        match ids.get_item(obj) {
            Ok(Some(id)) => Ok(id.extract::<u32>().map_err(Stop::Python)?),
            Ok(None) => {
                if st.entries.len() >= self.max_positions as usize {
                    return Err(Stop::Core(GameError::too_large(
                        format!("game {:?}", self.name),
                        format!(
                            "it has more than {} positions, the most its table holds \
                             (max_positions, at most {MAX_POSITIONS}: the table's memory)",
                            self.max_positions
                        ),
                    )));
                }
                let id = st.entries.len() as u32;
                ids.set_item(obj, id).map_err(Stop::Python)?;
                st.objects.push(obj.clone().unbind());
                st.entries.push(Entry::NEW);
                Ok(id)
            }
            Err(e) if e.is_instance_of::<PyTypeError>(py) => {
                let err = PyTypeError::new_err(format!(
                    "position {} ({}) of game {:?} is unhashable: positions must be \
                     hashable (tuples rather than lists, frozensets rather than sets)",
                    repr(obj),
                    context(),
                    self.name
                ));
                err.set_cause(py, Some(e));
                Err(Stop::Python(err))
            }
            Err(e) => Err(Stop::Python(e)),
        }
    }

    /// The exception `e` raised by `what(obj)`, with the call named: a note on the exception
    /// itself (Python 3.11 and later), else a `GrundyError` caused by it.
    fn raised(&self, py: Python<'_>, e: PyErr, what: &str, obj: &Bound<'_, PyAny>) -> PyErr {
        let note = format!(
            "raised by {what}({}) of game {:?} (grundy.Game.from_moves)",
            repr(obj),
            self.name
        );
        let value = e.value(py);
        if value.hasattr("add_note").unwrap_or(false)
            && value.call_method1("add_note", (note.clone(),)).is_ok()
        {
            return e;
        }
        let err = GrundyError::new_err(format!("{e}: {note}"));
        err.set_cause(py, Some(e));
        err
    }

    /// `moves(obj)` or `split(obj)` of position `id`, each position returned interned.
    fn call(&self, py: Python<'_>, st: &mut State, id: u32, split: bool) -> Result<Vec<u32>, Stop> {
        let (f, what) = match (&self.split, split) {
            (Some(f), true) => (f, "split"),
            _ => (&self.moves, "moves"),
        };
        let obj = st.objects[id as usize].clone_ref(py).into_bound(py);
        let result = f
            .bind(py)
            .call1((obj.clone(),))
            .map_err(|e| Stop::Python(self.raised(py, e, what, &obj)))?;
        let items = result.try_iter().map_err(|_| {
            let kind = result
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string());
            Stop::Python(PyTypeError::new_err(format!(
                "{what}({}) of game {:?} returned {kind}, not an iterable of positions",
                repr(&obj),
                self.name
            )))
        })?;
        // Written only for a refusal: a repr per call costs as much as the call.
        let context = || match split {
            true => format!("a part of {}", repr(&obj)),
            false => format!("an option of {}", repr(&obj)),
        };
        let mut out = Vec::new();
        for item in items {
            let item = item.map_err(|e| Stop::Python(self.raised(py, e, what, &obj)))?;
            out.push(self.intern(py, st, &item, context)?);
            if out.len() % 4096 == 0 {
                cancel::check()?;
            }
        }
        Ok(out)
    }

    fn store(&self, st: &mut State, id: u32, children: &[u32], kind: Kind) -> Result<(), Stop> {
        if st.arena.len() + children.len() > MAX_MOVES {
            return Err(Stop::Core(GameError::too_large(
                format!("game {:?}", self.name),
                format!("its positions have more than {MAX_MOVES} moves and parts in all, the most its table holds"),
            )));
        }
        let start = st.arena.len() as u32;
        st.arena.extend_from_slice(children);
        st.entries[id as usize] = Entry {
            kind,
            start,
            len: children.len() as u32,
            ..Entry::NEW
        };
        Ok(())
    }

    /// Whether `id` splits, decided by `split(id)` when not known yet.
    fn classify(&self, st: &mut State, id: u32) -> Result<(), Stop> {
        if st.entries[id as usize].kind != Kind::New {
            return Ok(());
        }
        if self.split.is_none() {
            st.entries[id as usize].kind = Kind::Atomic;
            return Ok(());
        }
        let parts = Python::attach(|py| self.call(py, st, id, true))?;
        if parts == [id] {
            st.entries[id as usize].kind = Kind::Atomic;
            Ok(())
        } else {
            self.store(st, id, &parts, Kind::Parts)
        }
    }

    /// Lists the options or parts of `id`, calling the functions as needed.
    fn expand(&self, st: &mut State, id: u32) -> Result<(), Stop> {
        self.classify(st, id)?;
        if st.entries[id as usize].kind == Kind::Atomic {
            let options = Python::attach(|py| self.call(py, st, id, false))?;
            self.store(st, id, &options, Kind::Options)?;
        }
        Ok(())
    }

    fn children(st: &State, id: u32) -> &[u32] {
        let e = &st.entries[id as usize];
        &st.arena[e.start as usize..(e.start + e.len) as usize]
    }

    /// The value of position `id`: its moves listed ([`Shared::explore`]), then valued by the
    /// engine ([`search::value_of`]).
    fn value(&self, id: u32) -> Result<Nimber, Stop> {
        if id == EMPTY {
            return Ok(0);
        }
        let parts = {
            let mut st = self.lock()?;
            Python::attach(|py| self.explore(py, &mut st, id))?
        };
        let mut engine = self.engine()?;
        let engine = engine.get_or_insert_with(|| Engine::new(self.search(), ENGINE_BYTES));
        let mut value = 0;
        for part in parts {
            value ^= search::value_of(engine, part)?;
        }
        Ok(value)
    }

    /// The engine, taken as the table is ([`Shared::lock`]): without the GIL while it waits.
    fn engine(&self) -> Result<MutexGuard<'_, Option<Engine<PySearch>>>, Stop> {
        match self.engine.try_lock() {
            Ok(engine) => return Ok(engine),
            Err(TryLockError::Poisoned(e)) => return Ok(e.into_inner()),
            Err(TryLockError::WouldBlock) => {}
        }
        Ok(Python::attach(|py| loop {
            match self.engine.try_lock() {
                Ok(engine) => break engine,
                Err(TryLockError::Poisoned(e)) => break e.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    py.detach(|| thread::sleep(Duration::from_millis(1)));
                }
            }
        }))
    }

    /// The options of position `id`, each as the components it leaves (an option with no
    /// parts left stays as itself, a finished position), after the raw option each comes from.
    fn options(&self, id: u32) -> Result<Vec<(u32, Vec<u32>)>, Stop> {
        if id == EMPTY {
            return Ok(Vec::new());
        }
        let mut st = self.lock()?;
        Python::attach(|py| self.explore(py, &mut st, id))?;
        let st = &mut *st;
        if st.entries[id as usize].kind == Kind::Options {
            let raw = Self::children(st, id).to_vec();
            let mut out = Vec::with_capacity(raw.len());
            for o in raw {
                out.push((o, self.components(st, o)?));
            }
            return Ok(out);
        }
        // A sum of parts: a move in one part, the others kept.
        let parts = self.flatten(st, id)?;
        let mut out = Vec::new();
        for (i, &part) in parts.iter().enumerate() {
            for o in Self::children(st, part).to_vec() {
                let mut left: Vec<u32> =
                    parts[..i].iter().chain(&parts[i + 1..]).copied().collect();
                left.extend(self.flatten(st, o)?);
                out.push((o, left));
            }
        }
        Ok(out)
    }

    /// The raw option of `from` whose components are `to` (in any order), if any.
    pub fn option_to(&self, from: u32, to: &[u32]) -> Option<u32> {
        let mut wanted = to.to_vec();
        wanted.sort_unstable();
        self.options(from)
            .ok()?
            .into_iter()
            .find_map(|(raw, mut parts)| {
                parts.sort_unstable();
                (parts == wanted).then_some(raw)
            })
    }

    /// How many options the most branching position known has (a bound for estimates).
    fn widest(&self) -> u64 {
        self.lock().map_or(u64::MAX, |st| {
            st.entries
                .iter()
                .filter(|e| e.kind == Kind::Options)
                .map(|e| u64::from(e.len))
                .max()
                .unwrap_or(0)
        })
    }
}

//! One search cut into pieces that other processes or machines value (the Python package's
//! `grundy.search(..., client=...)` on a Dask cluster): no scheduling and no I/O here, only the
//! questions a distributed search asks of the core, the jobs behind `registry::search`'s
//! `components`, `options`, `value` and `has_value`.
//!
//! A position is the sum of its canonical components (`registry::search::components`), so its value is the XOR
//! of theirs and of the values the game knows outright. A component's value is the mex of its
//! options' values, and an option is again a sum of components (`registry::search::options`: each option once,
//! smallest first). So the position's game tree, cut at any depth, is a set of components
//! valued independently (`registry::search::value`, the core's search of one component) and combined exactly:
//! the XOR of a sum's parts, the mex of a component's options. Found value by value, a
//! component's mex needs of each option only "is it worth `k`?" (`registry::search::has_value`), the engine's
//! question, which stops at the first option that settles it: that is what the workers are
//! asked, round by round, as the threads of [`crate::search::parallel`] are.
//!
//! A component crosses between processes as a [`Piece`]: its canonical key written as text
//! ([`crate::search::TableKey::write`] in hexadecimal digits), which names the same game in every
//! process of the same build, so that a store of proven values can be keyed by it. The engine
//! that reads a key is chosen by the game and the position, as `registry::search::search`
//! chooses it; [`Cut::tag`] names it (a key of one is meaningless to another).

use std::any::Any;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::search_run::{run, EngineJob, SearchOptions};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::parallel::distinct;
use crate::search::{Engine, SplitGame, TableKey};

/// One component of a position, as text that crosses between processes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The canonical key in hexadecimal digits: equal keys are the same game.
    pub key: String,
    /// Its size (cells, vertices, squares): larger pieces are assumed harder.
    pub size: u32,
}

/// A sum of pieces and of values known outright: a position, or one option of a component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSum {
    /// The components still to value (equal ones cancelled in pairs).
    pub pieces: Vec<Piece>,
    /// The XOR of the values the game knows without search.
    pub known: Nimber,
}

/// A position cut into its components (`registry::search::components`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The registry's name of the game.
    pub game: &'static str,
    /// The position, as the game writes it.
    pub position: String,
    /// The game whose keys the pieces are (the engine's table tag: `cram`, `node-kayles-grid`,
    /// ...): Arc-Kayles on a grid is searched as Cram, so its pieces are Cram's.
    pub tag: String,
    /// The position as a sum of pieces.
    pub sum: PieceSum,
}

/// What valuing one piece (or asking one question of a sum of pieces) found and cost.
#[derive(Debug)]
pub struct PieceValue<T = Nimber> {
    /// The value (or the answer), or the error that stopped the search (its time budget).
    pub value: Result<T>,
    /// Components the search expanded.
    pub expanded: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// The engines `registry::search::value` keeps between pieces, one per game type.
static KEPT: Mutex<Vec<Box<dyn Any + Send>>> = Mutex::new(Vec::new());

/// The engine of `G` kept by an earlier piece, or a new one with `memory_bytes`.
fn kept_engine<G: SplitGame + Send + 'static>(
    game: impl Fn() -> G,
    memory_bytes: usize,
) -> Engine<G> {
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    match kept.iter().position(|e| e.is::<Engine<G>>()) {
        Some(i) => match kept.swap_remove(i).downcast::<Engine<G>>() {
            Ok(engine) => *engine,
            Err(_) => Engine::new(game(), memory_bytes),
        },
        None => Engine::new(game(), memory_bytes),
    }
}

/// Keeps `engine` for the next piece.
fn keep_engine<G: SplitGame + Send + 'static>(engine: Engine<G>)
where
    G::Key: Send,
{
    KEPT.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(Box::new(engine));
}

/// The piece of the component `key` of `game`.
fn piece<G: SplitGame>(game: &G, key: &G::Key) -> Piece {
    Piece {
        key: crate::search::table::hex_of(key),
        size: game.size(key),
    }
}

/// The key a [`Piece::key`] text holds, or the error that names it.
fn key_of<K: TableKey>(text: &str, tag: &str) -> Result<K> {
    crate::search::table::key_of_hex(text).ok_or_else(|| {
        let excerpt: String = text.chars().take(40).collect();
        GameError::invalid(
            "component",
            excerpt,
            format!("the hexadecimal key of a component of a {tag} search, as listed by its cut"),
        )
    })
}

/// [`components`]' job.
pub(super) struct Components;

impl EngineJob for Components {
    type Out = Cut;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        family: &'static str,
        keys: Vec<G::Key>,
        x: Nimber,
        (position, _): (String, String),
    ) -> Result<Cut>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let game = game();
        Ok(Cut {
            game: family,
            position,
            tag: game.table_tag(),
            sum: PieceSum {
                pieces: keys.iter().map(|k| piece(&game, k)).collect(),
                known: x,
            },
        })
    }
}

/// [`options`]' job.
pub(super) struct Options<'a> {
    pub(super) key: &'a str,
}

impl EngineJob for Options<'_> {
    type Out = Vec<PieceSum>;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        _: &'static str,
        _: Vec<G::Key>,
        _: Nimber,
        _: (String, String),
    ) -> Result<Vec<PieceSum>>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let game = game();
        let key = key_of::<G::Key>(self.key, &game.table_tag())?;
        Ok(distinct(&game, &key)
            .into_iter()
            .map(|sum| PieceSum {
                pieces: sum.keys.iter().map(|k| piece(&game, k)).collect(),
                known: sum.x,
            })
            .collect())
    }
}

/// [`value`]'s job.
pub(super) struct Value<'a> {
    pub(super) key: &'a str,
    pub(super) options: SearchOptions,
}

impl EngineJob for Value<'_> {
    type Out = PieceValue;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        family: &'static str,
        _: Vec<G::Key>,
        _: Nimber,
        texts: (String, String),
    ) -> Result<PieceValue>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let key = key_of::<G::Key>(self.key, &game().table_tag())?;
        if self.options.threads > 1 {
            let options = SearchOptions {
                table: None,
                ..self.options
            };
            let run = run(game, family, &[key], 0, texts, options)?;
            return Ok(PieceValue {
                value: run
                    .value
                    .map(|p| p.value().expect("a value search finds the value")),
                expanded: run.stats.expanded,
                elapsed: run.elapsed,
            });
        }
        let mut engine = kept_engine(game, self.options.memory_bytes);
        engine.set_time_budget(self.options.time_budget);
        let before = engine.stats().expanded;
        let started = Instant::now();
        let value = engine.value_of_sum(&[key]);
        let piece = PieceValue {
            value,
            expanded: engine.stats().expanded - before,
            elapsed: started.elapsed(),
        };
        keep_engine(engine);
        Ok(piece)
    }
}

/// [`has_value`]'s job.
pub(super) struct Question<'a> {
    pub(super) keys: &'a [&'a str],
    pub(super) target: Nimber,
    pub(super) memory_bytes: usize,
    pub(super) time_budget: Option<Duration>,
}

impl EngineJob for Question<'_> {
    type Out = PieceValue<bool>;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        _: &'static str,
        _: Vec<G::Key>,
        _: Nimber,
        _: (String, String),
    ) -> Result<PieceValue<bool>>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let tag = game().table_tag();
        let keys = self
            .keys
            .iter()
            .map(|k| key_of::<G::Key>(k, &tag))
            .collect::<Result<Vec<_>>>()?;
        let mut engine = kept_engine(game, self.memory_bytes);
        engine.set_time_budget(self.time_budget);
        let before = engine.stats().expanded;
        let started = Instant::now();
        let value = engine.sum_has_value(&keys, self.target);
        let answer = PieceValue {
            value,
            expanded: engine.stats().expanded - before,
            elapsed: started.elapsed(),
        };
        keep_engine(engine);
        Ok(answer)
    }
}

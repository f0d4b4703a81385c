//! One search of a board or graph game with the caller's table, memory and time budget: what
//! `grundy search` does, for front ends that hold no command line (the Python package's
//! `grundy.search`).
//!
//! The registry's rulesets (`games::rules::cram`, ...) keep one engine each with a fixed budget, so
//! that sums and `analyze` stay bounded; here the caller chooses the table's memory, the time
//! budget, a table saved earlier ([`crate::search::persist`]) and the threads
//! ([`crate::search::parallel`]), and gets the table back to save, whether the search ended or
//! was stopped.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use crate::certificate::check::{check, Checked};
use crate::certificate::prove::prove;
use crate::certificate::Certificate;
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::engine::ProgressFn;
use crate::search::{parallel, persist, SearchStats, SplitGame, Table, TableKey};
use crate::searched::Shown;
use crate::sum::Outcome;

/// Most memory a search table may be given, in MiB (as `grundy search --memory`).
pub const MAX_TABLE_MIB: u64 = 65_536;

/// What the caller chooses for one search.
#[derive(Default)]
pub struct SearchOptions {
    /// The table's memory in bytes: a ceiling, also while reading a saved table.
    pub memory_bytes: usize,
    /// Wall-clock time after which the search stops with an error (`None`: no limit of its
    /// own; an ambient [`crate::kernel::budget`] still applies).
    pub time_budget: Option<Duration>,
    /// A table saved by an earlier search of the same game ([`SearchRun::write_table`]), read a
    /// buffer at a time: it is never held whole, so `memory_bytes` bounds the process.
    pub table: Option<Box<dyn Read + Send>>,
    /// Keep the entries of a saved table larger than `memory_bytes` that fit (the costliest
    /// first) instead of refusing it.
    pub shrink_table: bool,
    /// Called now and then with the search's counts (a front end's progress bar).
    pub progress: Option<ProgressFn>,
    /// Threads sharing the search, at most [`MAX_THREADS`] (0 is taken as 1): each with a
    /// table of its own, an equal share of `memory_bytes` (see [`crate::search::parallel`]).
    pub threads: usize,
    /// Prove the value found, as a certificate a checker sharing no search code verifies
    /// ([`crate::certificate`]): [`SearchRun::certificate`].
    pub certify: bool,
    /// Prove the outcome only: whether the position is a P-position (worth 0), not its value,
    /// on one thread ([`Proven::Win`] for an N-position). A win needs one winning move where
    /// the value needs every option refuted as well (Sprouts `0*11`: 0.5 s against 3.5 s).
    /// Not with `certify` (a certificate proves a value).
    pub outcome: bool,
}

/// What a search proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proven {
    /// The position's value.
    Value(Nimber),
    /// The player to move wins (an N-position, worth 1 or more): an outcome search
    /// ([`SearchOptions::outcome`]) does not seek the value.
    Win,
}

impl Proven {
    /// The value, if the search sought it.
    pub fn value(self) -> Option<Nimber> {
        match self {
            Proven::Value(v) => Some(v),
            Proven::Win => None,
        }
    }

    /// Who wins.
    pub fn outcome(self) -> Outcome {
        match self {
            Proven::Value(v) => Outcome::of_value(v),
            Proven::Win => Outcome::N,
        }
    }
}

/// Most threads a search may be given (`grundy search --threads`).
pub const MAX_THREADS: usize = 64;

/// The threads of a search whose caller does not say: two, as on the 2-core machine of
/// BENCHMARKS.md every board and graph measured answers sooner on two (Cram 4 × 11 in 3.4 s
/// against 4.8 s, Node-Kayles on `grid:6x9` in 1.7 s against 2.5 s), but not more than the
/// machine has cores: on one core two threads would share it, each with half the table.
pub const DEFAULT_THREADS: usize = 2;

/// [`DEFAULT_THREADS`], or fewer on a machine with fewer cores (one when it cannot tell).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().min(DEFAULT_THREADS))
}

/// How a search went: the value (or why there is none) and what the search left.
pub struct SearchRun {
    /// The game's name in the registry (or of a game made outside it: [`search_game`]).
    pub game: String,
    /// The position, as the game writes it (it parses back to the same position).
    pub position: String,
    /// The position as shown to a reader: a graph by its name where it has one (`grid:7x9`),
    /// else as [`SearchRun::position`].
    pub shown: String,
    /// The value (or, for an outcome search, the outcome), or the error that stopped the
    /// search (time, cancel).
    pub value: Result<Proven>,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Components expanded, the table's entries and more.
    pub stats: SearchStats,
    /// Entries read from the table given.
    pub resumed: u64,
    /// The threads that searched ([`SearchOptions::threads`], 0 taken as 1).
    pub threads: usize,
    /// With [`SearchOptions::certify`] and a value found: its certificate, or the error that
    /// stopped the proof (time, cancel), and the time the proof took.
    pub certificate: Option<(Result<Certificate>, Duration)>,
    table: Box<dyn SavedTable>,
}

impl std::fmt::Debug for SearchRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchRun")
            .field("game", &self.game)
            .field("position", &self.position)
            .field("shown", &self.shown)
            .field("value", &self.value)
            .field("elapsed", &self.elapsed)
            .field("stats", &self.stats)
            .field("resumed", &self.resumed)
            .field("threads", &self.threads)
            .field("certificate", &self.certificate)
            .finish_non_exhaustive()
    }
}

impl SearchRun {
    /// Writes the table at the end of the search, whether it ended or was stopped, in the format
    /// [`SearchOptions::table`] reads, an entry at a time (no second copy of the table).
    pub fn write_table(&self, out: &mut dyn Write) -> std::io::Result<()> {
        self.table.write_to(out)
    }
}

/// A search's table, whatever its game's keys.
trait SavedTable: Send {
    fn write_to(&self, out: &mut dyn Write) -> std::io::Result<()>;
}

struct Tagged<K: TableKey> {
    table: Table<K>,
    tag: String,
}

impl<K: TableKey + Send> SavedTable for Tagged<K> {
    fn write_to(&self, out: &mut dyn Write) -> std::io::Result<()> {
        persist::write_to(&self.table, &self.tag, out)
    }
}

/// `threads` refused beyond [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<()> {
    if threads > MAX_THREADS {
        return Err(GameError::out_of_range(
            "threads",
            threads,
            format!("a whole number of threads from 1 to {MAX_THREADS}"),
        ));
    }
    Ok(())
}

/// What is done with a position once the engine that searches it is chosen: the one place
/// generic over the games (`search_door::SearchedPosition`'s implementation calls it with the
/// game's own types).
pub(super) trait EngineJob {
    /// What the job gives.
    type Out;
    /// Does the job on the position made of `keys` (canonical components) plus the values
    /// `x`, with games made by `game`, for the registry's `family`; `texts` are the position's
    /// text and how it is shown.
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        family: &'static str,
        keys: Vec<G::Key>,
        x: Nimber,
        texts: (String, String),
    ) -> Result<Self::Out>
    where
        G::Key: Default + Send + Sync + 'static;
}

/// The whole search of a position (`registry::search::search`).
pub(super) struct Run {
    pub(super) options: SearchOptions,
}

impl EngineJob for Run {
    type Out = SearchRun;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        family: &'static str,
        keys: Vec<G::Key>,
        x: Nimber,
        texts: (String, String),
    ) -> Result<SearchRun>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        run(game, family, &keys, x, texts, self.options)
    }
}

/// A certificate of the position checked ([`crate::certificate::check`]).
pub(super) struct Verify<'a> {
    pub(super) certificate: &'a Certificate,
}

impl EngineJob for Verify<'_> {
    type Out = Checked;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        _family: &'static str,
        keys: Vec<G::Key>,
        x: Nimber,
        _texts: (String, String),
    ) -> Result<Checked>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let game = game();
        let claim = &self.certificate.claim;
        if claim.tag != game.table_tag() {
            return Err(GameError::invalid(
                "certificate",
                format!("keys of a {} search", claim.tag),
                format!(
                    "keys of a {} search, as {} {} is searched",
                    game.table_tag(),
                    claim.game,
                    claim.position
                ),
            ));
        }
        check(&game, &keys, x, self.certificate)
    }
}

/// A position's text, which parses back, and how it is shown ([`Shown`]: a graph by its name).
pub(super) fn texts(position: &impl Shown) -> (String, String) {
    (position.to_string(), position.shown())
}

/// The search of a position of a game made outside the registry (a game defined by Python
/// functions, `grundy.Game.from_moves`), named `name`: its components `keys`, the position's
/// texts (as it is written, and shown), with the caller's table, time, threads and progress,
/// as [`SearchOptions`] says; engines of games made by `game`. The same search as the
/// registry's games have (`registry::search::search`).
pub fn search_game<G: SplitGame + Send>(
    game: impl Fn() -> G,
    name: &str,
    keys: &[G::Key],
    texts: (String, String),
    options: SearchOptions,
) -> Result<SearchRun>
where
    G::Key: Default + Send + Sync + 'static,
{
    run(game, name, keys, 0, texts, options)
}

/// The search of `keys` (plus the values `x`) with engines of games made by `game`: one per
/// thread asked for ([`parallel`]).
pub(super) fn run<G: SplitGame + Send>(
    game: impl Fn() -> G,
    name: &str,
    keys: &[G::Key],
    x: Nimber,
    (position, shown): (String, String),
    options: SearchOptions,
) -> Result<SearchRun>
where
    G::Key: Default + Send + Sync + 'static,
{
    if options.outcome && options.certify {
        return Err(GameError::invalid(
            "certify",
            "with an outcome search",
            "a certificate of a value: search for the value, or drop the certificate",
        ));
    }
    // A game searched by proof numbers is searched on one thread: its questions are not
    // shared out option by option (each thread would prove its options whole, which is what
    // proof numbers avoid), so a second thread would only halve the table. An outcome
    // search asks one question of the largest component, which is not shared out either.
    let threads = if game().proof_numbers() || options.outcome {
        1
    } else {
        options.threads.max(1)
    };
    let tag = game().table_tag();
    let mut engines = match options.table {
        // Each thread's table has its share of the memory, the one read included.
        Some(mut input) => {
            let table = persist::read_from(
                &mut input,
                &tag,
                parallel::tables_share(options.memory_bytes, threads) / threads,
                options.shrink_table,
            )?;
            parallel::engines_with_table(game, threads, table, options.memory_bytes)
        }
        None => parallel::engines(game, threads, options.memory_bytes),
    };
    let resumed = engines[0].table().stats().entries;
    for engine in &mut engines {
        engine.set_time_budget(options.time_budget);
    }
    if let Some(progress) = options.progress {
        parallel::set_progress(&mut engines, progress);
    }
    let started = Instant::now();
    let value = if options.outcome {
        // The position is `keys + *x`: a P-position when the components are worth `x`.
        engines[0]
            .sum_has_value(keys, x)
            .map(|p| if p { Proven::Value(0) } else { Proven::Win })
    } else {
        parallel::value_of_sum(&mut engines, keys).map(|v| Proven::Value(v ^ x))
    };
    let elapsed = started.elapsed();
    let certificate = match (&value, options.certify) {
        (Ok(Proven::Value(v)), true) => {
            let started = Instant::now();
            let proof = prove(&mut engines[0], name, &position, keys, x, *v);
            Some((proof, started.elapsed()))
        }
        _ => None,
    };
    let mut stats = parallel::stats(&engines);
    // The threads' tables hold some entries twice (a table read is copied to each): the
    // entries counted are those of the one table they make together, which is saved.
    let table = parallel::into_table(engines);
    stats.table.entries = table.stats().entries;
    Ok(SearchRun {
        game: name.to_string(),
        position,
        shown,
        value,
        elapsed,
        stats,
        resumed,
        threads,
        certificate,
        table: Box::new(Tagged { table, tag }),
    })
}

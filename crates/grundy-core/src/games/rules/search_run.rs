//! One search of a board or graph game with the caller's table, memory and time budget: what
//! `grundy search` does, for front ends that hold no command line (the Python package's
//! `grundy.search`).
//!
//! The registry's rulesets ([`super::cram`], ...) keep one engine each with a fixed budget, so
//! that sums and `analyze` stay bounded; here the caller chooses the table's memory, the time
//! budget, a table saved earlier ([`crate::search::persist`]) and the threads
//! ([`crate::search::parallel`]), and gets the table back to save, whether the search ended or
//! was stopped.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use crate::games::arc_kayles::{self, ArcKayles};
use crate::games::chomp::{Chomp, ChompBoard};
use crate::games::cram::{Cram, CramBoard};
use crate::games::graph::GraphPosition;
use crate::games::node_kayles::{self, NodeKayles, NodeKaylesGrid};
use crate::games::searched::Shown;
use crate::games::sprouts::{Sprouts, SproutsPosition};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::engine::ProgressFn;
use crate::search::{parallel, persist, SearchStats, SplitGame, Table, TableKey};

/// The games a search takes, by the names of the registry.
pub const SEARCH_GAMES: &[&str] = &["cram", "chomp", "node-kayles", "arc-kayles", "sprouts"];

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
    /// The game's name in the registry.
    pub game: &'static str,
    /// The position, as the game writes it (it parses back to the same position).
    pub position: String,
    /// The position as shown to a reader: a graph by its name where it has one (`grid:7x9`),
    /// else as [`SearchRun::position`].
    pub shown: String,
    /// The value, or the error that stopped the search (time, cancel).
    pub value: Result<Nimber>,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Components expanded, the table's entries and more.
    pub stats: SearchStats,
    /// Entries read from the table given.
    pub resumed: u64,
    /// The threads that searched ([`SearchOptions::threads`], 0 taken as 1).
    pub threads: usize,
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

/// The registry's name of `game`, `position` as that game writes it and as it is shown
/// ([`SearchRun::shown`]), or the error that names the bad one: what [`search`] checks before
/// it reads a table, for a front end that tells a bad position from a bad table file.
pub fn position_text(game: &str, position: &str) -> Result<(&'static str, String, String)> {
    let family = family_of(game)?;
    let (text, shown) = match family {
        "cram" => texts(&position.parse::<CramBoard>()?),
        "chomp" => texts(&position.parse::<ChompBoard>()?),
        "sprouts" => texts(&position.parse::<SproutsPosition>()?),
        _ => texts(&position.parse::<GraphPosition>()?),
    };
    Ok((family, text, shown))
}

pub(super) fn family_of(game: &str) -> Result<&'static str> {
    crate::registry::family(game)
        .map(|f| f.name)
        .filter(|name| SEARCH_GAMES.contains(name))
        .ok_or_else(|| {
            GameError::invalid(
                "search game",
                game,
                format!("one of {}", SEARCH_GAMES.join(", ")),
            )
        })
}

/// Searches `position` of `game` (a name of [`SEARCH_GAMES`], or an alias of the registry).
/// Errors in the arguments (an unknown game, a bad position, a table of another game) are the
/// `Err`; an error of the search itself is [`SearchRun::value`], so that the table can still be
/// saved.
pub fn search(game: &str, position: &str, options: SearchOptions) -> Result<SearchRun> {
    let family = family_of(game)?;
    check_threads(options.threads)?;
    with_engine(family, position, Run { options })
}

/// `threads` refused beyond [`MAX_THREADS`].
pub(super) fn check_threads(threads: usize) -> Result<()> {
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
/// generic over the games ([`with_engine`] calls it with the game's own types).
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

/// Parses `position` of the search game `family` and hands it to `job` with the engine that
/// searches it.
pub(super) fn with_engine<J: EngineJob>(
    family: &'static str,
    position: &str,
    job: J,
) -> Result<J::Out> {
    match family {
        "cram" => {
            let board: CramBoard = position.parse()?;
            let (keys, x) = board.components();
            job.run(Cram::new, family, keys, x, texts(&board))
        }
        "chomp" => {
            let board: ChompBoard = position.parse()?;
            job.run(|| Chomp, family, vec![board.key()?], 0, texts(&board))
        }
        "sprouts" => {
            let position: SproutsPosition = position.parse()?;
            job.run(Sprouts::new, family, position.keys(), 0, texts(&position))
        }
        "node-kayles" => {
            let graph: GraphPosition = position.parse()?;
            // On a grid graph, the search of regions of the board (`NodeKaylesGrid`), with a
            // table of its own.
            if let Some((keys, x)) = node_kayles::grid_components_of(&graph) {
                return job.run(|| NodeKaylesGrid, family, keys, x, texts(&graph));
            }
            let (keys, x) = node_kayles::components_of(&graph);
            job.run(NodeKayles::new, family, keys, x, texts(&graph))
        }
        _ => {
            let graph: GraphPosition = position.parse()?;
            // On a grid graph Arc-Kayles is Cram on the board (`arc_kayles::as_cram`): searched
            // as one, with a Cram table.
            if let Some(board) = arc_kayles::as_cram(&graph) {
                let (keys, x) = board.components();
                return job.run(Cram::new, family, keys, x, texts(&graph));
            }
            let (keys, x) = arc_kayles::components_of(&graph);
            job.run(ArcKayles::new, family, keys, x, texts(&graph))
        }
    }
}

/// The whole search of a position ([`search`]).
struct Run {
    options: SearchOptions,
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

/// A position's text, which parses back, and how it is shown ([`Shown`]: a graph by its name).
fn texts(position: &impl Shown) -> (String, String) {
    (position.to_string(), position.shown())
}

/// The search of `keys` (plus the values `x`) with engines of games made by `game`: one per
/// thread asked for ([`parallel`]).
pub(super) fn run<G: SplitGame + Send>(
    game: impl Fn() -> G,
    name: &'static str,
    keys: &[G::Key],
    x: Nimber,
    (position, shown): (String, String),
    options: SearchOptions,
) -> Result<SearchRun>
where
    G::Key: Default + Send + Sync + 'static,
{
    let threads = options.threads.max(1);
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
    let value = parallel::value_of_sum(&mut engines, keys).map(|v| v ^ x);
    let elapsed = started.elapsed();
    let mut stats = parallel::stats(&engines);
    // The threads' tables hold some entries twice (a table read is copied to each): the
    // entries counted are those of the one table they make together, which is saved.
    let table = parallel::into_table(engines);
    stats.table.entries = table.stats().entries;
    Ok(SearchRun {
        game: name,
        position,
        shown,
        value,
        elapsed,
        stats,
        resumed,
        threads,
        table: Box::new(Tagged { table, tag }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> SearchOptions {
        SearchOptions {
            memory_bytes: 1 << 20,
            ..SearchOptions::default()
        }
    }

    fn saved(run: &SearchRun) -> Vec<u8> {
        let mut bytes = Vec::new();
        run.write_table(&mut bytes).unwrap();
        bytes
    }

    fn with_table(bytes: Vec<u8>) -> SearchOptions {
        SearchOptions {
            table: Some(Box::new(std::io::Cursor::new(bytes))),
            ..options()
        }
    }

    #[test]
    fn values_match_the_registry() {
        for (game, position) in [
            ("cram", "3x4"),
            ("chomp", "3x4"),
            ("node-kayles", "path:7"),
            ("arc-kayles", "cycle:6"),
            ("sprouts", "0*4"),
        ] {
            let run = search(game, position, options()).unwrap();
            let term = format!("{game}:{position}");
            let sum = crate::spec::parse_sum(&term).unwrap();
            assert_eq!(run.value.unwrap(), sum.value().unwrap(), "{term}");
        }
    }

    #[test]
    fn a_saved_table_resumes_and_another_game_is_refused() {
        // 5 x 5: a board whose search stores entries (a 4 x 4 board's stored none).
        let first = search("cram", "5x5", options()).unwrap();
        assert!(first.stats.table.entries > 0);
        let bytes = saved(&first);
        let second = search("cram", "5x5", with_table(bytes.clone())).unwrap();
        assert!(second.resumed > 0);
        assert_eq!(second.value.unwrap(), first.value.unwrap());
        assert!(search("chomp", "3x3", with_table(bytes)).is_err());
    }

    #[test]
    fn unknown_games_and_bad_positions_are_errors() {
        let e = search("nim", "3", options()).unwrap_err().to_string();
        assert!(
            e.contains("one of cram, chomp, node-kayles, arc-kayles, sprouts"),
            "{e}"
        );
        assert!(search("cram", "9x9", options()).is_err());
    }

    #[test]
    fn the_time_budget_stops_a_search() {
        let tight = SearchOptions {
            time_budget: Some(Duration::ZERO),
            ..options()
        };
        let run = search("cram", "6x7", tight).unwrap();
        assert!(run.value.is_err());
        assert!(!saved(&run).is_empty());
    }
}

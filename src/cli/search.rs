//! `grundy search`: the value of a board or graph game position by search, with a table that
//! can be kept on disk and resumed.
//!
//! ```text
//! grundy search cram 5x5 [--holes 1,1;3,3] [--table FILE] [--memory MiB] [--time SECONDS] [--json]
//! grundy search chomp 3x7
//! grundy search node-kayles path:12 | grid:4x5 | edges:0-1,1-2
//! grundy search arc-kayles cycle:9
//! ```
//!
//! With `--table FILE` the table is read from `FILE` when it exists (a file for another game,
//! of another version or damaged is refused, exit code 2) and written back, atomically, at the
//! end and when Ctrl-C stops the search (exit code 130): running the same command again goes
//! on from everything proven so far.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use grundy_core::games::arc_kayles::{self, ArcKayles};
use grundy_core::games::chomp::{Chomp, ChompBoard};
use grundy_core::games::cram::{Cram, CramBoard};
use grundy_core::games::graph::GraphPosition;
use grundy_core::games::node_kayles::{self, NodeKayles};
use grundy_core::kernel::budget::{self, Budget};
use grundy_core::search::{persist, Engine, SearchStats, SplitGame, Table};
use grundy_core::{GameError, Nimber};
use serde_json::json;

use super::{CliError, Output};

/// The default `--time`: ten minutes, so that no search runs without end unless asked to
/// (Chomp 30 x 30 ran for half an hour before it was bounded).
pub const DEFAULT_SECONDS: u64 = 600;
/// The largest `--time`: a week.
pub const MAX_SECONDS: u64 = 604_800;

/// The games `grundy search` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SearchGame {
    /// Cram on an R x C board (at most 64 squares): `5x5`, or rows of `.` and `#` like `../.#`.
    Cram,
    /// Chomp: `RxC` or row lengths from the poisoned row up, like `7,7,5`.
    Chomp,
    /// Node-Kayles on a graph: path:N, cycle:N, grid:RxC, star:N, complete:N, edges:0-1,1-2.
    NodeKayles,
    /// Arc-Kayles on a graph (same forms as node-kayles).
    ArcKayles,
}

/// Arguments of `grundy search`.
#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: SearchGame,
    /// The position (see the game's description above).
    // A position starting with `-` (`-3x4`) is read as a position and refused by the game
    // in words, not taken for an unknown flag.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Cram only: squares filled before play, `row,col` counted from 1, separated by `;`.
    #[arg(long)]
    pub holes: Option<String>,
    /// Read the search table from FILE if it exists; write it there at the end and on Ctrl-C.
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// The most time the search may take, in seconds (1 to 604800): beyond it the search
    /// stops and says so (with --table, everything proven so far is kept).
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS))]
    pub time: u64,
    /// Memory for the search table, in MiB (1 to 65536): a ceiling, also when reading and
    /// writing --table (a saved table larger than this is refused, see --shrink-table).
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub memory: u64,
    /// Read a saved --table larger than --memory anyway, keeping the entries that fit (the
    /// costliest first); the file is then saved smaller.
    #[arg(long)]
    pub shrink_table: bool,
}

/// Runs `grundy search`.
pub fn run(args: &SearchArgs, out: &Output) -> Result<(), CliError> {
    if args.holes.is_some() && args.game != SearchGame::Cram {
        return Err(CliError::Usage(
            "--holes is for cram only: other games give the whole position as their argument"
                .into(),
        ));
    }
    match args.game {
        SearchGame::Cram => {
            let mut board: CramBoard = args.position.parse()?;
            if let Some(holes) = &args.holes {
                board = add_holes(board, holes)?;
            }
            let (keys, x) = board.components();
            solve(Cram::new(), &keys, x, &board.to_string(), args, out)
        }
        SearchGame::Chomp => {
            let board: ChompBoard = args.position.parse()?;
            solve(Chomp, &[board.key()], 0, &board.to_string(), args, out)
        }
        SearchGame::NodeKayles => {
            let graph: GraphPosition = args.position.parse()?;
            let (keys, x) = node_kayles::components_of(&graph);
            solve(NodeKayles, &keys, x, &graph.to_string(), args, out)
        }
        SearchGame::ArcKayles => {
            let graph: GraphPosition = args.position.parse()?;
            let (keys, x) = arc_kayles::components_of(&graph);
            solve(ArcKayles, &keys, x, &graph.to_string(), args, out)
        }
    }
}

/// `board` with the squares of `holes` (`r,c;r,c`, from 1) filled.
fn add_holes(board: CramBoard, holes: &str) -> Result<CramBoard, CliError> {
    let mut filled = Vec::new();
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            if !board.is_empty_square(r, c) {
                filled.push((r, c));
            }
        }
    }
    for hole in holes.split(';').filter(|h| !h.trim().is_empty()) {
        let square = hole
            .split_once(',')
            .and_then(|(r, c)| Some((r.trim().parse::<u32>().ok()?, c.trim().parse::<u32>().ok()?)))
            .filter(|&(r, c)| r >= 1 && c >= 1)
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "--holes: {hole:?} is not a square: expected row,col counted from 1, squares separated by ; (e.g. 1,1;3,2)"
                ))
            })?;
        filled.push((square.0 - 1, square.1 - 1));
    }
    Ok(CramBoard::with_holes(board.rows(), board.cols(), &filled)?)
}

/// Searches the sum of `keys` (plus the known value `x`) and reports.
fn solve<G: SplitGame>(
    game: G,
    keys: &[G::Key],
    x: Nimber,
    position: &str,
    args: &SearchArgs,
    out: &Output,
) -> Result<(), CliError> {
    let memory = args.memory as usize * (1 << 20);
    let tag = game.table_tag();
    let table = match &args.table {
        Some(path) => {
            super::write::check_destination(path, "--table")?;
            read_table::<G::Key>(path, &tag, memory, args.shrink_table)?
        }
        None => None,
    };
    let resumed = table.as_ref().map_or(0, |t| t.stats().entries);
    let mut engine = match table {
        Some(table) => Engine::with_table(game, table),
        None => Engine::new(game, memory),
    };
    let bar = progress_bar();
    let shown = bar.clone();
    engine.set_progress(Box::new(move |s: &SearchStats| {
        shown.set_message(format!(
            "{} components expanded, {} in the table",
            s.expanded, s.table.entries
        ));
    }));
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupt);
    // Only one handler per process; if one is already set, Ctrl-C keeps its default meaning.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let started = Instant::now();
    // One budget for the search (`grundy_core::kernel::budget`, as every question has): the
    // engine checks it in its loops, and a refusal names the position and `--time`.
    let budget = Budget::new(
        Duration::from_secs(args.time),
        format!("--time SECONDS (up to {MAX_SECONDS})"),
    );
    let result = grundy_core::kernel::cancel::with_flag(Arc::clone(&interrupt), || {
        budget::within(&budget, || {
            budget::in_part(
                || format!("the search of {position}"),
                || engine.value_of_sum(keys),
            )
        })
    });
    let seconds = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if let Some(path) = &args.table {
        save_table(path, engine.table(), &tag)?;
    }
    let value = match result {
        Ok(v) => v ^ x,
        Err(_) if interrupt.load(Ordering::SeqCst) => {
            let kept = match &args.table {
                Some(path) => format!(
                    "everything proven so far ({} entries) is saved in {}: run the same command to resume",
                    engine.table().stats().entries,
                    path.display()
                ),
                None => "nothing was kept: add --table FILE to make a search resumable".into(),
            };
            return Err(CliError::Interrupted(format!(
                "interrupted after {seconds:.1} s; {kept}"
            )));
        }
        Err(e) if e.to_string().contains("time budget") => {
            return Err(CliError::Usage(format!(
                "{e}{}",
                match &args.table {
                    Some(path) =>
                        format!("; everything proven so far is saved in {}", path.display()),
                    None => String::new(),
                }
            )))
        }
        Err(e) => return Err(e.into()),
    };
    report(
        out,
        args,
        position,
        value,
        seconds,
        &engine.stats(),
        resumed,
    )
}

fn progress_bar() -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .expect("the template is valid"),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// The table saved at `path`, if the file exists.
fn read_table<K: grundy_core::search::TableKey>(
    path: &Path,
    tag: &str,
    memory: usize,
    shrink: bool,
) -> Result<Option<Table<K>>, CliError> {
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(CliError::Usage(format!(
                "--table {}: cannot read it: {e}",
                path.display()
            )))
        }
    };
    // Read a buffer at a time: the file is never held whole, so --memory bounds the process.
    let mut input = std::io::BufReader::new(file);
    persist::read_from(&mut input, tag, memory, shrink)
        .map(Some)
        .map_err(|e| match e {
            GameError::TooLarge { .. } => CliError::Usage(format!(
                "--table {}: {e}: give --memory that much, or --shrink-table to keep the entries that fit (the file is then saved smaller)",
                path.display()
            )),
            e => CliError::Usage(format!("--table {}: {e}", path.display())),
        })
}

fn save_table<K: grundy_core::search::TableKey>(
    path: &Path,
    table: &Table<K>,
    tag: &str,
) -> Result<(), CliError> {
    // Entry by entry: saving holds no second copy of the table.
    let mut file = super::write::FileWriter::create(path, "--table")?;
    persist::write_to(table, tag, &mut file)?;
    file.finish()
}

fn report(
    out: &Output,
    args: &SearchArgs,
    position: &str,
    value: Nimber,
    seconds: f64,
    stats: &SearchStats,
    resumed: u64,
) -> Result<(), CliError> {
    let game = args
        .game
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default();
    let outcome = if value == 0 { "P" } else { "N" };
    if out.json {
        return out.json(&json!({
            "game": game,
            "position": position,
            "value": value,
            "outcome": outcome,
            "seconds": seconds,
            "expanded": stats.expanded,
            "table": {
                "file": args.table.as_ref().map(|p| p.display().to_string()),
                "entries_read": resumed,
                "entries": stats.table.entries,
                "hits": stats.table.hits,
                "misses": stats.table.misses,
                "stores": stats.table.stores,
                "evictions": stats.table.evictions,
            },
        }));
    }
    let who = if value == 0 {
        "the player to move loses"
    } else {
        "the player to move wins"
    };
    out.line(format!(
        "{game} {position}: value {} ({outcome}: {who})",
        out.bold(&value.to_string())
    ))?;
    out.line(format!(
        "searched in {seconds:.3} s: {} components expanded; table {} entries ({} read from the file), {} hits, {} misses, {} evictions",
        stats.expanded, stats.table.entries, resumed, stats.table.hits, stats.table.misses, stats.table.evictions
    ))
}

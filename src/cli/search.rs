//! `grundy search`: the value of a board or graph game position by search, with a table that
//! can be kept on disk and resumed.
//!
//! ```text
//! grundy search cram 5x5 [--holes 1,1;3,3] [--table FILE] [--memory MiB] [--time SECONDS] [--threads N] [--json]
//! grundy search chomp 3x7
//! grundy search node-kayles path:12 | grid:4x5 | edges:0-1,1-2
//! grundy search arc-kayles cycle:9
//! ```
//!
//! With `--table FILE` the table is read from `FILE` when it exists (a file for another game,
//! of another version or damaged is refused, exit code 2) and written back, atomically, at the
//! end and when Ctrl-C stops the search (exit code 130): running the same command again goes
//! on from everything proven so far.
//!
//! With `--certificate FILE` the value found is proven and the proof written to `FILE`
//! (JSON Lines, `grundy_core::certificate`), which `grundy verify FILE` checks without the
//! search's code.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use grundy_core::games::cram::CramBoard;
use grundy_core::games::rules::search_run::{self, Proven, SearchOptions, SearchRun, MAX_THREADS};
use grundy_core::kernel::budget::{self, Budget};
use grundy_core::search::SearchStats;
use grundy_core::wire::{CertificateFile, SearchDoc};
use grundy_core::GameError;

use super::{CliError, Output};

/// The default `--time` of `misere genus`: ten minutes. `grundy search` has none: a search
/// asked for runs until it is done (Cram 6 x 7 was refused at ten minutes on a busy machine,
/// after most of the work), showing its progress, and Ctrl-C or SIGTERM stop it with its table
/// kept (`--table`).
pub const DEFAULT_SECONDS: u64 = 600;
/// The largest `--time`: a week.
pub const MAX_SECONDS: u64 = 604_800;

/// The option that allows a question more time, as a refusal names it.
pub fn time_option() -> String {
    format!("--time SECONDS (up to {MAX_SECONDS})")
}

/// Arguments of `grundy search`.
#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// The game: cram (R x C, at most 64 squares: `5x5`, or rows of `.` and `#` like `../.#`),
    /// chomp (`RxC` or row lengths from the poisoned row up, like `7,7,5`), node-kayles or
    /// arc-kayles (a graph: path:N, cycle:N, grid:RxC, star:N, complete:N, edges:0-1,1-2),
    /// sprouts (the notation of Applegate, Jacobson and Sleator: `0*6` for six spots, `0*4.1a1a`).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(grundy_core::registry::search::search_games()))]
    pub game: String,
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
    /// Prove the value found and write the proof to FILE (JSON Lines: the claim, then one fact
    /// a line), which `grundy verify FILE` checks with the game's rules alone.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// The most time the search may take, in seconds (1 to 604800; none by default: the
    /// search runs until it is done, and Ctrl-C or SIGTERM stop it): beyond it the search stops
    /// and says so (with --table, everything proven so far is kept).
    #[arg(long, value_name = "SECONDS",
          value_parser = super::whole_number::<u64>("--time", "seconds", 1..=MAX_SECONDS))]
    pub time: Option<u64>,
    /// Memory for the search table, in MiB (1 to 65536): a ceiling, also when reading and
    /// writing --table (a saved table larger than this is refused, see --shrink-table).
    #[arg(long, default_value_t = 1024, value_parser = super::whole_number::<u64>("--memory", "MiB", 1..=65536))]
    pub memory: u64,
    /// Read a saved --table larger than --memory anyway, keeping the entries that fit (the
    /// costliest first); the file is then saved smaller.
    #[arg(long)]
    pub shrink_table: bool,
    /// Threads sharing the search (1 to 64; 2 by default, 1 on a one-core machine): the
    /// position's options are shared out among them, each thread with a table of its own and
    /// an equal share of --memory.
    #[arg(long,
          value_parser = super::whole_number::<usize>("--threads", "threads", 1..=MAX_THREADS as u64))]
    pub threads: Option<usize>,
    /// Prove only who wins, not the value: a win needs one winning move, where the value needs
    /// every option refuted as well (Sprouts 0*11: 0.5 s against 3.5 s). One thread; the value
    /// is given when it is 0 (a loss), and not otherwise.
    #[arg(long, conflicts_with = "certificate")]
    pub outcome: bool,
}

/// Runs `grundy search`: the core's one search ([`grundy_core::registry::search::search`]), as Python's
/// `grundy.search` runs it, with the table kept in a file.
pub fn run(args: &SearchArgs, out: &Output) -> Result<(), CliError> {
    if args.holes.is_some() && !grundy_core::games::rules::cram::FAMILY.answers_to(&args.game) {
        return Err(CliError::Usage(
            "--holes is for cram only: other games give the whole position as their argument"
                .into(),
        ));
    }
    let position = match &args.holes {
        Some(holes) => add_holes(args.position.parse()?, holes)?.to_string(),
        None => args.position.clone(),
    };
    // The position first: an error past this point is the table file's.
    let (game, position, shown_as) =
        grundy_core::registry::search::position_text(&args.game, &position)?;
    // A bar whose theory answers it and that no search would finish: answered at once, unless
    // a time is given to search it anyway.
    let theory = grundy_core::spec::parse_sum(&format!("{game}:{position}"))
        .ok()
        .and_then(|sum| grundy_core::answer::beyond_search(&sum));
    if let (Some((report, beyond)), None) = (theory, args.time) {
        return answered_by_theory(out, &report, &beyond);
    }
    let table = match &args.table {
        Some(path) => {
            super::write::check_destination(path, "--table")?;
            open_table(path)?
        }
        None => None,
    };
    if let Some(path) = &args.certificate {
        super::write::check_destination(path, "--certificate")?;
        let same = |p: &Path| super::write::replaced_file(p);
        if args
            .table
            .as_deref()
            .and_then(same)
            .is_some_and(|t| Some(t) == same(path))
        {
            return Err(CliError::Usage(format!(
                "--certificate {}: the same file as --table: expected a file of its own",
                path.display()
            )));
        }
    }
    let bar = progress_bar();
    let shown = bar.clone();
    let options = SearchOptions {
        memory_bytes: args.memory as usize * (1 << 20),
        table,
        shrink_table: args.shrink_table,
        threads: args.threads.unwrap_or_else(search_run::default_threads),
        outcome: args.outcome,
        certify: args.certificate.is_some(),
        progress: Some(Box::new(move |s: &SearchStats| {
            shown.set_message(format!(
                "{} components expanded, {} in the table",
                s.expanded, s.table.entries
            ));
        })),
        ..SearchOptions::default()
    };
    let interrupt = super::interrupt::flag();
    // One budget for the search (`grundy_core::kernel::budget`, as every question has): the
    // engine checks it in its loops, and a refusal names the position and `--time`. Without
    // `--time` it never runs out (`Duration::MAX` is past any deadline the clock can hold), and
    // it stands in for the engine's own per-call budget, which applies only without one.
    let time = args.time.map_or(Duration::MAX, Duration::from_secs);
    let budget = Budget::new(time, time_option());
    let run = grundy_core::kernel::cancel::with_flag(Arc::clone(&interrupt), || {
        budget::within(&budget, || {
            budget::in_part(
                || format!("the search of {shown_as}"),
                || grundy_core::registry::search::search(game, &position, options),
            )
        })
    });
    bar.finish_and_clear();
    let run = run.map_err(|e| table_error(args, e))?;
    if let Some(path) = &args.table {
        save_table(path, &run)?;
    }
    let seconds = run.elapsed.as_secs_f64();
    let value = match &run.value {
        Ok(v) => *v,
        Err(_) if interrupt.load(Ordering::SeqCst) => {
            let kept = match &args.table {
                Some(path) => format!(
                    "everything proven so far ({} entries) is saved in {}: run the same command to resume",
                    run.stats.table.entries,
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
        Err(e) => return Err(e.clone().into()),
    };
    let certificate = save_certificate(args, &run)?;
    report(out, args, &run, value, certificate)
}

/// Writes the certificate `run` proved to `--certificate FILE`, if asked for.
fn save_certificate(
    args: &SearchArgs,
    run: &SearchRun,
) -> Result<Option<CertificateFile>, CliError> {
    let (Some(path), Some((proof, took))) = (&args.certificate, &run.certificate) else {
        return Ok(None);
    };
    let certificate = proof.as_ref().map_err(|e| {
        CliError::Usage(format!(
            "--certificate {}: the value was found but its proof stopped: {e}",
            path.display()
        ))
    })?;
    let mut file = super::write::FileWriter::create(path, "--certificate")?;
    certificate.write_to(&mut file)?;
    file.finish()?;
    Ok(Some(CertificateFile {
        file: path.display().to_string(),
        facts: certificate.claim.facts,
        seconds: took.as_secs_f64(),
    }))
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
            .and_then(|(r, c)| {
                let number = |s: &str| grundy_core::kernel::parse_whole::<u32>(s).ok();
                Some((number(r)?, number(c)?))
            })
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

/// The table saved at `path`, if the file exists, for the search to read a buffer at a time
/// (the file is never held whole, so --memory bounds the process).
fn open_table(path: &Path) -> Result<Option<Box<dyn std::io::Read + Send>>, CliError> {
    match std::fs::File::open(path) {
        Ok(file) => Ok(Some(Box::new(std::io::BufReader::new(file)))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(CliError::Usage(format!(
            "--table {}: cannot read it: {e}",
            path.display()
        ))),
    }
}

/// An error before the search ran, the position being valid: the table file's.
fn table_error(args: &SearchArgs, e: GameError) -> CliError {
    let Some(path) = &args.table else {
        return e.into();
    };
    match e {
        GameError::TooLarge { .. } => CliError::Usage(format!(
            "--table {}: {e}: give --memory that much, or --shrink-table to keep the entries that fit (the file is then saved smaller)",
            path.display()
        )),
        e => CliError::Usage(format!("--table {}: {e}", path.display())),
    }
}

fn save_table(path: &Path, run: &SearchRun) -> Result<(), CliError> {
    // Entry by entry: saving holds no second copy of the table.
    let mut file = super::write::FileWriter::create(path, "--table")?;
    run.write_table(&mut file)?;
    file.finish()
}

/// Prints the answer theory gives to a position beyond the search (the analysis, with its
/// reasoning), and that no search ran.
fn answered_by_theory(
    out: &Output,
    report: &grundy_core::report::Report,
    beyond: &str,
) -> Result<(), CliError> {
    if out.json {
        return out.json(report);
    }
    out.line(report.to_text().trim_end())?;
    let anyway = match beyond.contains("diagrams") {
        true => "; --time SECONDS searches it anyway, for at most that long",
        false => "",
    };
    out.line(format!(
        "Not searched: the bar has {beyond} (its value is not computed){anyway}."
    ))
}

fn report(
    out: &Output,
    args: &SearchArgs,
    run: &SearchRun,
    found: Proven,
    certificate: Option<CertificateFile>,
) -> Result<(), CliError> {
    let mut doc = SearchDoc::of(
        run,
        found,
        args.table.as_ref().map(|p| p.display().to_string()),
    );
    doc.time_limit = args.time;
    doc.certificate = certificate;
    if out.json {
        return out.json(&doc);
    }
    let (game, seconds, stats, resumed) = (&run.game, doc.seconds, &run.stats, run.resumed);
    match found {
        Proven::Value(value) => {
            let (outcome, who) = match value {
                0 => ("P", "the player to move loses"),
                _ => ("N", "the player to move wins"),
            };
            out.line(format!(
                "{game} {}: value {} ({outcome}: {who})",
                run.shown,
                out.bold(&value.to_string())
            ))?;
        }
        Proven::Win => out.line(format!(
            "{game} {}: {} (the player to move wins; the value, 1 or more, was not sought: --outcome)",
            run.shown,
            out.bold("N")
        ))?,
    }
    let threads = match run.threads {
        1 => String::new(),
        n => format!(" on {n} threads"),
    };
    out.line(format!(
        "searched in {seconds:.3} s{threads}: {} components expanded; table {} entries ({} read from the file), {} hits, {} misses, {} evictions",
        stats.expanded, stats.table.entries, resumed, stats.table.hits, stats.table.misses, stats.table.evictions
    ))?;
    if let Some(c) = &doc.certificate {
        out.line(format!(
            "certificate: {} facts proven in {:.3} s, written to {} (check it: grundy verify {})",
            c.facts, c.seconds, c.file, c.file
        ))?;
    }
    Ok(())
}

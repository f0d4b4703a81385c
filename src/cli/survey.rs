//! `grundy survey`: every member of a family (octal codes of up to three digits, hexadecimal
//! codes, subtraction sets, a list from a file) computed within a budget and kept in one SQLite
//! store (`crates/grundy-survey`, docs/surveys.md); `merge` brings shards' stores together and
//! `export` writes a store as CSV.
//!
//! The survey itself is the survey crate's; this module reads the flags, shows progress on a
//! terminal, saves the member in progress on Ctrl-C, and writes checkpoints through
//! [`super::write`].

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::{Args, Subcommand};
use grundy_core::games::octal::MAX_RUN_VALUES;
use grundy_core::wire::{SurveyMerge, SurveyRun};
use grundy_survey::store::{checkpoint_path, Store, StoreError};
use grundy_survey::{family, Budget, Family, Member, Record, Shard};

use super::write::FileWriter;
use super::{CliError, Output};

/// Heaps below which a period found makes a member "trivial" (Czajka's sense).
pub const TRIVIAL_VALUES: u64 = 1000;

/// Surveys a family of games into an SQLite store, merges stores, exports them.
#[derive(Debug, Subcommand)]
pub enum SurveyCommand {
    /// Octal codes: every code of 1 to --digits digits, or a list (codes or --codes FILE).
    ///
    /// grundy survey octal --digits 3 --count 1048576 --db survey.db
    Octal(SurveyArgs),
    /// Take-and-break codes with hexadecimal digits: every code of 1 to --digits digits, or a list.
    Hex(SurveyArgs),
    /// Subtraction games: every set of amounts up to --max (at most --size of them), or a list
    /// of sets such as 1,4,9.
    Subtraction(SurveyArgs),
    /// Brings the rows of other stores (the shards of one survey) into --db.
    ///
    /// A member in several keeps the best row: a proven period, then the most values computed.
    Merge(MergeArgs),
    /// Writes a store's rows as CSV (for Parquet, see docs/surveys.md).
    Export(ExportArgs),
}

/// The family and the budget of a survey.
#[derive(Debug, Args)]
pub struct SurveyArgs {
    /// Members to survey (codes, or sets such as 1,4,9); with none, the family of --digits or --max.
    pub codes: Vec<String>,
    /// Read the members from FILE, one per line (# starts a comment).
    #[arg(long, value_name = "FILE")]
    pub codes_file: Option<PathBuf>,
    /// Every code with 1 to D digits after the point (octal: 1 to 5; hex: 1 to 3).
    #[arg(long, value_name = "D",
          value_parser = super::whole_number::<u32>("--digits", "digits", 1..=family::MAX_OCTAL_DIGITS as u64))]
    pub digits: Option<u32>,
    /// With --digits, octal codes 4.… as well as 0.….
    #[arg(long)]
    pub with_4: bool,
    /// Every subtraction set of amounts from 1 to M (1 to 16).
    #[arg(long, value_name = "M",
          value_parser = super::whole_number::<u32>("--max", "", 1..=family::MAX_SUBTRACTION as u64))]
    pub max: Option<u32>,
    /// With --max, sets of at most K amounts.
    #[arg(long, value_name = "K",
          value_parser = super::whole_number::<u32>("--size", "amounts", 1..=u32::MAX as u64))]
    pub size: Option<u32>,
    /// Leave out the trivial members: those whose period is proven within the first 1000 values.
    #[arg(long)]
    pub no_trivial: bool,
    /// Values per member (fewer when a period is proven first).
    #[arg(long, value_parser = parse_count)]
    pub count: u64,
    /// Seconds per member at most (a member out of time is recorded open, stopped 'time').
    #[arg(long, value_parser = parse_seconds)]
    pub seconds: Option<f64>,
    /// Memory per member at most (bytes, or with K, M, G: 512M); fewer values are computed.
    #[arg(long, value_parser = parse_size, value_name = "SIZE", allow_hyphen_values = true)]
    pub memory: Option<u64>,
    /// The SQLite store (created when missing; members already in it are not computed again).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// Only shard I of N (0 <= I < N): every N-th member from the I-th.
    #[arg(long, value_name = "I/N", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<Shard>,
    /// Keep a checkpoint of each open member in DIR, so that a later survey with a larger
    /// --count extends it instead of starting again.
    #[arg(long, value_name = "DIR")]
    pub checkpoints: Option<PathBuf>,
}

/// `grundy survey merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The store to merge into (created when missing).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// The stores to bring in.
    #[arg(required = true, value_name = "STORE")]
    pub stores: Vec<PathBuf>,
}

/// `grundy survey export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The store to read.
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// The format: csv.
    #[arg(long, default_value = "csv", value_parser = ["csv"])]
    pub format: String,
    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn parse_count(text: &str) -> Result<u64, String> {
    match grundy_core::kernel::parse_whole::<u64>(text) {
        Ok(n) if (1..=MAX_RUN_VALUES).contains(&n) => Ok(n),
        _ => Err(format!(
            "count {text:?} is out of range: expected a whole number from 1 to {MAX_RUN_VALUES}"
        )),
    }
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 => Ok(s),
        _ => Err(format!(
            "seconds {text:?} is not allowed: expected a number of seconds above 0, e.g. 60 or 0.5"
        )),
    }
}

/// Bytes, optionally with K, M or G (powers of 1024).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || {
        format!("memory {text:?} is not allowed: expected bytes, or a whole number with K, M or G (512M, 2G)")
    };
    let t = text.trim();
    let (digits, shift) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 10),
        Some('M') => (&t[..t.len() - 1], 20),
        Some('G') => (&t[..t.len() - 1], 30),
        _ => (t, 0),
    };
    let n: u64 = grundy_core::kernel::parse_whole(digits).map_err(|_| bad())?;
    n.checked_mul(1 << shift).filter(|&b| b > 0).ok_or_else(bad)
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    Shard::parse(text).map_err(|e| e.to_string())
}

fn store_error(e: StoreError) -> CliError {
    match e {
        StoreError::Sqlite { .. } => CliError::Io(std::io::Error::other(e.to_string())),
        _ => CliError::Usage(e.to_string()),
    }
}

/// Runs `grundy survey`.
pub fn run(command: &SurveyCommand, out: &Output) -> Result<(), CliError> {
    match command {
        SurveyCommand::Octal(args) => survey(Family::Octal, args, out),
        SurveyCommand::Hex(args) => survey(Family::Hex, args, out),
        SurveyCommand::Subtraction(args) => survey(Family::Subtraction, args, out),
        SurveyCommand::Merge(args) => merge(args, out),
        SurveyCommand::Export(args) => export(args),
    }
}

/// The members the flags name, in the family's order.
fn members(family: Family, args: &SurveyArgs) -> Result<Vec<Member>, CliError> {
    let by_range = match family {
        Family::Subtraction => {
            if args.digits.is_some() || args.with_4 {
                return Err(CliError::Usage(
                    "--digits and --with-4 are for octal and hex codes; subtraction sets take --max (and --size)".into(),
                ));
            }
            args.max.is_some()
        }
        _ => {
            if args.max.is_some() || args.size.is_some() {
                return Err(CliError::Usage(format!(
                    "--max and --size are for subtraction sets; {family} codes take --digits"
                )));
            }
            if args.with_4 && family != Family::Octal {
                return Err(CliError::Usage("--with-4 is for octal codes".into()));
            }
            args.digits.is_some()
        }
    };
    let listed = !args.codes.is_empty() || args.codes_file.is_some();
    let range_flag = if family == Family::Subtraction {
        "--max"
    } else {
        "--digits"
    };
    if by_range == listed {
        return Err(CliError::Usage(format!(
            "name the members one way: {range_flag}, or codes (on the command line or with --codes-file)"
        )));
    }
    if !by_range && (args.with_4 || args.size.is_some()) {
        return Err(CliError::Usage(format!(
            "--with-4 and --size go with {range_flag}"
        )));
    }
    if by_range {
        return Ok(match family {
            Family::Subtraction => family::subtraction_sets(args.max.unwrap_or(0), args.size)?,
            _ => family.codes(args.digits.unwrap_or(0), args.with_4)?,
        });
    }
    let mut members = Vec::new();
    for code in &args.codes {
        members.push(family.member(code)?);
    }
    if let Some(path) = &args.codes_file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Usage(format!("--codes-file {}: {e}", path.display())))?;
        let listed = family::parse_list(family, &text).map_err(|(line, e)| {
            CliError::Usage(format!("--codes-file {}, line {line}: {e}", path.display()))
        })?;
        if listed.is_empty() {
            return Err(CliError::Usage(format!(
                "--codes-file {} lists no members (one code per line)",
                path.display()
            )));
        }
        members.extend(listed);
    }
    // A member named twice is surveyed once, at its first place.
    let mut seen = std::collections::HashSet::new();
    members.retain(|m| seen.insert(m.clone()));
    Ok(members)
}

/// What a survey did, for the summary.
#[derive(Default)]
struct Tally {
    computed: u64,
    periodic: u64,
    open: u64,
    done_before: u64,
    trivial: u64,
    values: u64,
}

fn survey(family: Family, args: &SurveyArgs, out: &Output) -> Result<(), CliError> {
    check_store_path(&args.db, "--db")?;
    let members = members(family, args)?;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let members = shard.select(members);
    let budget = Budget {
        count: args.count,
        seconds: args.seconds,
        memory: args.memory,
    };
    if let Some(first) = members.first() {
        let limits = grundy_survey::sequence_of(first)?.limits();
        let (target, _) =
            grundy_survey::plan(grundy_survey::sequence_of(first)?.as_ref(), &budget)?;
        super::memory::check_fits(target, limits.bytes_per_value, 0)?;
    }
    if let Some(dir) = &args.checkpoints {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Usage(format!("--checkpoints {}: {e}", dir.display())))?;
    }
    let store = Store::open(&args.db).map_err(store_error)?;

    let interrupt = super::interrupt::flag();

    let bar = indicatif::ProgressBar::new(members.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} members  ETA {eta}  {msg}")
            .expect("the template is valid"),
    );
    let started = Instant::now();
    let mut tally = Tally::default();
    for member in &members {
        let previous = store.get(member).map_err(store_error)?;
        if let Some(record) = &previous {
            if grundy_survey::answers(record, member, &budget)? {
                tally.done_before += 1;
                bar.inc(1);
                continue;
            }
        }
        if args.no_trivial && is_trivial(member, previous.as_ref())? {
            tally.trivial += 1;
            bar.inc(1);
            continue;
        }
        let ckpt_path = args
            .checkpoints
            .as_deref()
            .map(|d| checkpoint_path(d, member));
        let saved = match &ckpt_path {
            Some(path) if path.is_file() => Some(std::fs::read(path)?),
            _ => None,
        };
        let spent = previous.as_ref().map_or(0.0, |r| r.seconds);
        let member_start = Instant::now();
        let mut on_progress = |p: grundy_core::kernel::heap_sequence::Progress| {
            let rate = p.done as f64 / member_start.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!(
                "{member}: {}/{} values, {rate:.0}/s",
                p.done, p.target
            ));
        };
        let outcome = match saved.as_deref().map(|bytes| {
            grundy_survey::run_member(
                member,
                &budget,
                Some((bytes, spent)),
                &interrupt,
                &mut on_progress,
            )
        }) {
            Some(Ok(outcome)) => outcome,
            Some(Err(e)) => {
                bar.suspend(|| {
                    eprintln!(
                        "warning: the checkpoint {} was not used ({e}); {member} starts again",
                        ckpt_path
                            .as_deref()
                            .map(Path::display)
                            .expect("read from it")
                    )
                });
                grundy_survey::run_member(member, &budget, None, &interrupt, &mut on_progress)?
            }
            None => grundy_survey::run_member(member, &budget, None, &interrupt, &mut on_progress)?,
        };
        store.put(&outcome.record).map_err(store_error)?;
        if let Some(path) = &ckpt_path {
            if outcome.record.is_periodic() {
                // The period gives every value: the checkpoint is no longer needed.
                if path.is_file() {
                    let _ = std::fs::remove_file(path);
                }
            } else {
                let mut file = FileWriter::create(path, "--checkpoints")?;
                outcome.computation.write_checkpoint(&mut file)?;
                file.finish()?;
            }
        }
        if outcome.cancelled {
            bar.abandon();
            let kept = match &ckpt_path {
                Some(path) => format!(
                    "its {} values are in {}",
                    outcome.record.computed,
                    path.display()
                ),
                None => "it starts again (add --checkpoints DIR to keep its values)".into(),
            };
            return Err(CliError::Interrupted(format!(
                "interrupted: {} members surveyed now, {} done before; {member} stopped at {} \
                 values and is recorded as interrupted ({kept}). Run the same command to go on",
                tally.computed, tally.done_before, outcome.record.computed
            )));
        }
        tally.computed += 1;
        tally.values += outcome.record.computed;
        if outcome.record.is_periodic() {
            tally.periodic += 1;
        } else {
            tally.open += 1;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if out.json {
        return out.json(&SurveyRun {
            family: family.game(),
            members: members.len(),
            shard: shard.to_string(),
            computed: tally.computed,
            periodic: tally.periodic,
            open: tally.open,
            done_before: tally.done_before,
            trivial_left_out: tally.trivial,
            values: tally.values,
            seconds,
            db: args.db.display().to_string(),
        });
    }
    out.line(format!(
        "{} {} members{}: {} computed now ({} periodic, {} open), {} done before{}; {} values in {:.1} s; store {}",
        members.len(),
        family,
        if shard == Shard::WHOLE {
            String::new()
        } else {
            format!(" (shard {shard})")
        },
        tally.computed,
        tally.periodic,
        tally.open,
        tally.done_before,
        if args.no_trivial {
            format!(", {} trivial left out", tally.trivial)
        } else {
            String::new()
        },
        tally.values,
        seconds,
        args.db.display()
    ))
}

/// Whether a member's period is proven within [`TRIVIAL_VALUES`] values.
fn is_trivial(member: &Member, previous: Option<&Record>) -> Result<bool, CliError> {
    if let Some(r) = previous {
        if r.computed >= TRIVIAL_VALUES && !r.is_periodic() {
            return Ok(false);
        }
    }
    let never = AtomicBool::new(false);
    let outcome = grundy_survey::run_member(
        member,
        &Budget::values(TRIVIAL_VALUES),
        None,
        &never,
        &mut |_| {},
    )?;
    Ok(outcome.record.is_periodic())
}

fn merge(args: &MergeArgs, out: &Output) -> Result<(), CliError> {
    check_store_path(&args.db, "--db")?;
    for input in &args.stores {
        check_store_path(input, "store")?;
        if same_file(input, &args.db) {
            return Err(CliError::Usage(format!(
                "{} is both --db and a store to merge: name each store once",
                input.display()
            )));
        }
    }
    // Every input is read and checked before anything is written.
    let inputs = args
        .stores
        .iter()
        .map(|p| Store::open_read(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(store_error)?;
    let mut store = Store::open(&args.db).map_err(store_error)?;
    let mut changed = 0;
    for input in &inputs {
        changed += store.merge(input).map_err(store_error)?;
    }
    let rows = store.records().map_err(store_error)?.len();
    if out.json {
        return out.json(&SurveyMerge {
            db: args.db.display().to_string(),
            stores: args.stores.len(),
            rows_written: changed,
            members: rows,
        });
    }
    out.line(format!(
        "merged {} stores into {}: {changed} rows written, {rows} members in all",
        inputs.len(),
        args.db.display()
    ))
}

/// A store is one SQLite file: a directory (or a link to one) is refused by name, as the other
/// file flags refuse it, before SQLite answers "unable to open database file".
fn check_store_path(path: &Path, flag: &str) -> Result<(), CliError> {
    if path.is_dir() {
        return Err(CliError::Usage(format!(
            "{flag} {:?} is a directory: expected a file's path (the SQLite store, created when missing)",
            path.display().to_string()
        )));
    }
    Ok(())
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

fn export(args: &ExportArgs) -> Result<(), CliError> {
    check_store_path(&args.db, "--db")?;
    let store = Store::open_read(&args.db).map_err(store_error)?;
    match &args.output {
        Some(path) => {
            let mut file = FileWriter::create(path, "-o")?;
            store.write_csv(&mut file).map_err(store_error)?;
            file.finish()
        }
        None => {
            let stdout = std::io::stdout();
            let mut lock = stdout.lock();
            store.write_csv(&mut lock).map_err(store_error)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("2g"), Ok(2 << 30));
        assert_eq!(parse_size("1000"), Ok(1000));
        for bad in ["", "0", "M", "-1", "1.5G", "99999999999G"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_and_seconds() {
        assert!(parse_count("0").is_err());
        assert!(parse_count("1").is_ok());
        assert!(parse_count(&MAX_RUN_VALUES.to_string()).is_ok());
        assert!(parse_count(&(MAX_RUN_VALUES + 1).to_string()).is_err());
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("0.5").is_ok());
        assert!(parse_seconds("inf").is_err());
    }
}

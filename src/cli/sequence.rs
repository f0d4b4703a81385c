//! `grundy sequence`: the Grundy sequence of a heap game — its values, its proven period with
//! the certificate, and single values of any size — as one report for every game.
//!
//! Each subcommand names a ruleset of the registry and takes the same [`SequenceOptions`]; the
//! game comes from `grundy_core::registry::sequences::of_rules` as a `HeapSequence`, and
//! everything else is
//! generic: the request is checked against the game's limits before anything is computed
//! (`check_up_front`), the computation runs with a progress bar, Ctrl-C and checkpoints
//! ([`super::sequence_run`]), and the report is streamed in the format asked for, with a plot
//! ([`super::chart`]) if asked. Where a flag does not apply to a game the command says so
//! (exit code 2) instead of ignoring it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use grundy_core::games::octal::MAX_RUN_VALUES;
use grundy_core::kernel::budget::Budget;
use grundy_core::kernel::error::GameError;
use grundy_core::kernel::heap_sequence::{Computation, HeapSequence};
use grundy_core::registry::sequences::of_rules;
use grundy_core::sequence::document::{self, Style};
use grundy_core::sequence::report::{plan, the, Field, Report, Request};
use num_bigint::BigUint;

use super::interrupt::Stoppable;
use super::sequence_run::Ended;
use super::write::{check_destination, replaced_file, FileWriter};
use super::{CliError, Output};

/// The heap games with sequences: one subcommand per ruleset of the registry that has one,
/// with its parameters and the [`SequenceOptions`].
///
/// Examples: grundy sequence subtraction --set 1,4,9 --count 40 --period;
/// grundy sequence octal 0.77 --count 100 --period; grundy sequence grundys-game --count 1000000;
/// grundy sequence hex 0.8 --until-period --period --at 3000000000001
#[derive(Debug)]
pub struct SequenceCommand {
    /// The rules in the text format, e.g. `sub{1,4,9}`.
    pub rules: String,
    /// What to compute and print.
    pub options: SequenceOptions,
}

impl clap::FromArgMatches for SequenceCommand {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = m.subcommand() else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "a game is required, e.g. subtraction --set 1,4,9",
            ));
        };
        let family = grundy_core::registry::family(name).ok_or_else(|| {
            clap::Error::raw(clap::error::ErrorKind::InvalidSubcommand, name.to_string())
        })?;
        Ok(SequenceCommand {
            rules: super::game::rules_term(family, sub),
            options: SequenceOptions::from_arg_matches(sub)?,
        })
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl Subcommand for SequenceCommand {
    fn augment_subcommands(mut cmd: clap::Command) -> clap::Command {
        for family in grundy_core::registry::REGISTRY
            .iter()
            .filter(|f| f.sequence)
        {
            // `augment_args` sets the subcommand's about to the options' doc comment: the
            // family's own description goes back on after it.
            let about = format!(
                "{}: the values G(0), G(1), ... and their period when one is proven",
                family.title
            );
            let sub = SequenceOptions::augment_args(super::game::family_command(family));
            cmd = cmd.subcommand(sub.about(about));
        }
        cmd
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        grundy_core::registry::family(name).is_some_and(|f| f.sequence)
    }
}

/// Output formats of a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The values separated by spaces, with a heading (and the period or G(n) when asked).
    Text,
    /// One `n,value` line per value, with a header line.
    Csv,
    /// The report as one JSON document (the same as --json; docs/sequence-report.md).
    Json,
    /// The checkpoint format: the computed values and the proven period (needs --output; read
    /// back by --resume).
    Binary,
}

/// What every `sequence` subcommand takes.
#[derive(Debug, Args)]
pub struct SequenceOptions {
    /// How many values, G(0) to G(count - 1): at most 2^31 (all-but games: 10000001;
    /// take-and-break codes: 16777216), and refused at once when the computation's memory
    /// exceeds the machine's available memory.
    /// Values beyond a proven period are filled from it, not computed.
    #[arg(long, short, default_value_t = 40, allow_negative_numbers = true, value_parser = parse_count)]
    pub count: u64,
    /// State the least period and its least preperiod with the theorem and the values that
    /// prove it, or that none is proven, or why none is claimed.
    #[arg(long)]
    pub period: bool,
    /// Compute until a period is proven (up to 16777216 values for octal games, 16384 for
    /// take-and-break codes (8192 if they split in three), 33554432 for subtraction games, whose period is always searched),
    /// then stop: the rest follows from the period (for an arithmetic period, G(n + p) =
    /// G(n) + s). Refused for games that claim no period.
    #[arg(long)]
    pub until_period: bool,
    /// Print G(n) for this heap size: any whole number (beyond the computed values it needs a
    /// period, searched as far as `analyze` searches one, 262144 values for octal games, and
    /// within --time; games without one answer below a limit).
    #[arg(long, allow_negative_numbers = true, value_parser = super::parse_big_heap)]
    pub at: Option<BigUint>,
    /// The most time --at may take computing more values than --count asks for, in seconds
    /// (1 to 604800, 10 by default): beyond it G(n) is refused, saying how many values were
    /// computed. --until-period searches without a time limit.
    #[arg(long, value_name = "SECONDS",
          value_parser = super::whole_number::<u64>("--time", "seconds", 1..=super::search::MAX_SECONDS))]
    pub time: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report to this file instead of standard output.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Save the computation to this file every few seconds, when stopped, and at the end
    /// (atomically, checksummed): a quick computation is saved once, at the end.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Continue the computation saved in this file (by --checkpoint or --format binary; same
    /// game) up to what is asked now.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Draw G(n) against n to this file, the period marked when proven: an SVG picture, or a
    /// PNG one if the name ends in .png.
    #[arg(long, value_parser = super::chart::parse_plot_path)]
    pub plot: Option<PathBuf>,
    /// Threads for octal games and Grundy's game: 1, or 2 (the default) to let a second thread
    /// compute the options from far rare positions ahead (used only where it pays, e.g.
    /// Officers; the values are the same). Other games compute on one thread.
    #[arg(long, value_parser = parse_threads)]
    pub threads: Option<usize>,
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match grundy_core::kernel::parse_whole::<usize>(text) {
        Ok(n @ 1..=2) => Ok(n),
        _ => Err(format!("threads {text:?} is not allowed: expected 1 or 2")),
    }
}

fn parse_count(text: &str) -> Result<u64, String> {
    match grundy_core::kernel::parse_whole::<u64>(text) {
        Ok(n) if n <= MAX_RUN_VALUES => Ok(n),
        _ => Err(format!(
            "count {text:?} is out of range: expected a whole number from 0 to {MAX_RUN_VALUES}"
        )),
    }
}

/// Runs `grundy sequence`.
pub fn run(command: &SequenceCommand, out: &Output) -> Result<(), CliError> {
    let rules = grundy_core::spec::parse_rules(&command.rules)?;
    let seq = of_rules(rules)?;
    report(seq.as_ref(), &command.options, out)
}

/// Computes and writes the report of `seq` that `options` ask for.
fn report(seq: &dyn HeapSequence, options: &SequenceOptions, out: &Output) -> Result<(), CliError> {
    let format = if out.json {
        Format::Json
    } else {
        options.format
    };
    let request = Request {
        count: options.count,
        at: options.at.clone(),
        until_period: options.until_period.then_some(u64::MAX),
    };
    let target = plan(seq, &request).map_err(|e| {
        let flag = match e.field {
            Field::Count => "--count",
            Field::At => "--at",
            Field::UntilPeriod => "--until-period",
        };
        CliError::Usage(format!("{flag}: {}", e.message))
    })?;
    check_threads(seq, options)?;
    check_up_front(seq, options, format, target)?;
    let at_budget = at_budget(seq, options, &request, target)?;
    let mut computation = match &options.resume {
        Some(path) => resume(seq, path, target)?,
        None => seq.start(target)?,
    };
    computation.set_threads(threads(options));
    let checkpoint = options.checkpoint.as_deref();
    let ended = match &at_budget {
        Some(budget) => grundy_core::kernel::budget::within(budget, || {
            super::sequence_run::compute(computation.as_mut(), checkpoint)
        })?,
        None => super::sequence_run::compute(computation.as_mut(), checkpoint)?,
    };
    if ended == Ended::OutOfTime {
        return Err(at_out_of_time(seq, options, computation.as_ref()));
    }
    let interrupted = ended == Ended::Interrupted;
    let report = Report::new(seq, computation.as_ref(), &request, !interrupted)
        .map_err(|e| at_unknown(seq, computation.as_ref(), at_budget.is_some(), e))?;
    if let Some(path) = &options.plot {
        super::chart::write_plot(path, &super::chart::Chart::of(&report))?;
    }
    if format == Format::Binary {
        if let Some(path) = &options.output {
            super::sequence_run::save_as(path, "--output", computation.as_ref())?;
        }
    } else {
        let style = match format {
            Format::Text => Style::Text {
                show_period: options.period || options.until_period,
            },
            Format::Csv => Style::Csv,
            _ => Style::PrettyJson,
        };
        write_report(&report, style, options.output.as_deref())?;
    }
    if interrupted {
        return Err(CliError::Interrupted(
            super::sequence_run::interruption_note(
                computation.as_ref(),
                options.output.as_deref(),
                options.checkpoint.as_deref(),
            ),
        ));
    }
    Ok(())
}

/// The budget of `--at`'s search for a period (`--time`, 10 s by default, as `analyze`'s
/// question), when `--at` asks for more values than `--count` does and `--until-period` is not
/// given; `None` otherwise, where `--time` is refused (the values asked for are computed
/// without a time limit, and Ctrl-C stops them).
fn at_budget(
    seq: &dyn HeapSequence,
    options: &SequenceOptions,
    request: &Request,
    target: u64,
) -> Result<Option<Budget>, CliError> {
    let without_at = Request {
        at: None,
        ..request.clone()
    };
    let asked = plan(seq, &without_at).unwrap_or(target);
    if options.at.is_some() && !options.until_period && target > asked {
        let seconds = options.time.unwrap_or(super::game::ANALYZE_SECONDS);
        return Ok(Some(Budget::new(
            std::time::Duration::from_secs(seconds),
            super::search::time_option(),
        )));
    }
    match options.time {
        Some(_) => Err(CliError::Usage(
            "--time bounds the values --at computes beyond those --count asks for (without \
             --until-period); these values are computed without a time limit (Ctrl-C stops \
             them): drop --time"
                .into(),
        )),
        None => Ok(None),
    }
}

/// The refusal of `--at` whose search for a period ran out of `--time`: the values computed,
/// and how to go further.
fn at_out_of_time(
    seq: &dyn HeapSequence,
    options: &SequenceOptions,
    computation: &dyn Computation,
) -> CliError {
    let limits = seq.limits();
    let seconds = options.time.unwrap_or(super::game::ANALYZE_SECONDS);
    let computed = computation.computed();
    let more = format!("allow more with {}", super::search::time_option());
    let Some(n) = &options.at else {
        return CliError::Usage(format!("--at ran out of its time budget of {seconds} s"));
    };
    let why = match u64::try_from(n).ok().filter(|&n| n < limits.max_at) {
        // Below `max_at` the value is computed, with every value below it.
        Some(small) => format!(
            "it is computed with every value below it, and {computed} of its {} values were \
             computed in the time budget of {seconds} s: {more}, or compute them without a time \
             limit with --count {}",
            small + 1,
            small + 1
        ),
        None => format!(
            "no period is proven within the {computed} values computed in the time budget of \
             {seconds} s (--at searches up to {} values): {more}, or search up to {} values \
             with --until-period",
            limits.at_search, limits.period_search
        ),
    };
    CliError::Usage(format!(
        "G({n}) of {} is too large: {why}",
        the(&seq.game().title)
    ))
}

/// A report refused after `--at`'s search (no period within the values it computes), with
/// how to search further where `--until-period` goes further.
fn at_unknown(
    seq: &dyn HeapSequence,
    computation: &dyn Computation,
    searched_for_at: bool,
    e: GameError,
) -> CliError {
    let further = seq.limits().period_search;
    match searched_for_at && computation.proven().is_none() && computation.computed() < further {
        true => CliError::Usage(format!(
            "{e}; search up to {further} values with --until-period"
        )),
        false => e.into(),
    }
}

/// The threads asked for: two unless `--threads` says otherwise (games with one ignore it).
fn threads(options: &SequenceOptions) -> usize {
    options.threads.unwrap_or(2)
}

/// `--threads` chooses between the octal solver's one and two threads; other games have one.
fn check_threads(seq: &dyn HeapSequence, options: &SequenceOptions) -> Result<(), CliError> {
    let octal = seq.max_threads() > 1;
    match options.threads {
        Some(_) if !octal => Err(CliError::Usage(format!(
            "--threads applies to octal games and Grundy's game (their solver can use a second \
             thread); {} is computed on one thread",
            the(&seq.game().title)
        ))),
        _ => Ok(()),
    }
}

/// Refuses, before anything is computed, every option that would fail only at the end.
fn check_up_front(
    seq: &dyn HeapSequence,
    options: &SequenceOptions,
    format: Format,
    target: u64,
) -> Result<(), CliError> {
    if format == Format::Binary && options.output.is_none() {
        return Err(CliError::Usage(
            "--format binary needs --output FILE (binary is not printed to a terminal)".into(),
        ));
    }
    let files = [
        (&options.output, "--output"),
        (&options.checkpoint, "--checkpoint"),
        (&options.plot, "--plot"),
    ];
    for (path, flag) in files {
        if let Some(path) = path {
            check_destination(path, flag)?;
        }
    }
    check_distinct_files(&files, format)?;
    let mut resumed_bytes = 0;
    if let Some(path) = &options.resume {
        match fs::metadata(path) {
            Ok(meta) if meta.is_file() => resumed_bytes = meta.len(),
            _ => {
                return Err(CliError::Usage(format!(
                    "cannot read checkpoint {:?}: expected a file written by --checkpoint",
                    path.display().to_string()
                )))
            }
        }
    }
    let limits = seq.limits();
    // A game whose period is always searched usually proves it early: its estimate is what
    // the values asked for need, not the search limit.
    let values = if limits.period_first {
        options.count.min(limits.max_computed)
    } else {
        target
    };
    // Two threads, the default where a game has them, hold one more copy of the values.
    let per_value = match threads(options) {
        1 => limits.bytes_per_value,
        _ => limits.bytes_per_value + limits.second_thread_bytes_per_value,
    };
    super::memory::check_fits(values, per_value, resumed_bytes)
}

/// Refuses two writing flags that would replace one file (the later write would destroy the
/// earlier), even through symbolic links.
fn check_distinct_files(
    files: &[(&Option<PathBuf>, &str)],
    format: Format,
) -> Result<(), CliError> {
    for (i, (a, flag_a)) in files.iter().enumerate() {
        for (b, flag_b) in &files[i + 1..] {
            let (Some(a), Some(b)) = (a, b) else { continue };
            // The binary output is the checkpoint itself: writing both to one file is harmless.
            let same_bytes = format == Format::Binary && *flag_b == "--checkpoint";
            if !same_bytes && replaced_file(a).is_some() && replaced_file(a) == replaced_file(b) {
                return Err(CliError::Usage(format!(
                    "{flag_a} {:?} and {flag_b} {:?} name the same file: expected a different \
                     file for each",
                    a.display().to_string(),
                    b.display().to_string()
                )));
            }
        }
    }
    Ok(())
}

/// The computation saved in `path`, continued up to `target` values.
fn resume(
    seq: &dyn HeapSequence,
    path: &Path,
    target: u64,
) -> Result<Box<dyn Computation>, CliError> {
    let bytes = fs::read(path)
        .map_err(|e| CliError::Usage(format!("cannot read checkpoint {}: {e}", path.display())))?;
    let mut computation = seq.restore(&bytes).map_err(|e| {
        CliError::Usage(format!(
            "--resume {}: {e} (this command is for {})",
            path.display(),
            seq.game().term
        ))
    })?;
    // The saved run's own target is a wish, not a duty: compute what is asked now (values
    // already computed are kept even if fewer are asked).
    computation.set_target(target)?;
    Ok(computation)
}

/// Streams `report` to the file `output`, or to standard output (where a closed pipe, as with
/// `| head`, is not an error).
/// Ctrl-C or SIGTERM while writing stops the writing (a count of 2^31 from a proven period
/// is two billion lines): `--output`'s file is then left as it was.
fn write_report(report: &Report, style: Style, output: Option<&Path>) -> Result<(), CliError> {
    let written = match output {
        Some(path) => {
            let mut file = Stoppable::new(FileWriter::create(path, "--output")?);
            match document::write(report, style, &mut file) {
                Ok(()) => return file.into_inner().finish(),
                Err(e) => e,
            }
        }
        None => {
            let stdout = std::io::BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
            let mut stdout = Stoppable::new(stdout);
            match document::write(report, style, &mut stdout).and_then(|()| stdout.flush()) {
                Ok(()) => return Ok(()),
                Err(e) if super::interrupt::is_interruption(&e) => {
                    // A stoppable writer stops between two writes, each a whole number or
                    // word: the line cut short is ended, so the last number is whole.
                    let _ = stdout.into_inner().write_all(b"\n");
                    e
                }
                Err(e) => e,
            }
        }
    };
    match (super::interrupt::is_interruption(&written), output) {
        (true, Some(path)) => Err(CliError::Interrupted(format!(
            "interrupted while writing --output {}: the file was left as it was",
            path.display()
        ))),
        (true, None) => Err(CliError::Interrupted(
            "interrupted while printing the values: the values above were printed, the rest \
             were not"
                .into(),
        )),
        (false, Some(_)) => Err(written.into()),
        (false, None) => super::ignore_broken_pipe(written),
    }
}

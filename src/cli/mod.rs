//! The `grundy` command line.
//!
//! # Conventions for subcommand modules
//!
//! Every subcommand lives in its own module with
//! * a clap type (`#[derive(clap::Args)]` or `#[derive(clap::Subcommand)]`) holding its
//!   arguments, documented with `///` so `--help` teaches;
//! * a `run(args, &Output) -> Result<(), CliError>` function that parses, calls `grundy-core`
//!   and renders, nothing more.
//!
//! Rendering goes through [`Output`]: with `--json` (a global flag) a command prints exactly one
//! JSON document with stable, documented field names via [`Output::json`]; otherwise text via
//! [`Output::line`]. Colour comes only from [`Output::bold`], which is plain text unless stdout
//! is a terminal and `NO_COLOR` is unset.
//!
//! Bad input is a [`CliError::Usage`] (a `GameError` converts into one): one line naming the
//! value and what is allowed, exit code 2, never a panic. Argument values are checked at parse
//! time with the `value_parser` functions below where possible, so clap reports them the same
//! way (also exit code 2).

pub mod analyze;
pub mod args;
pub mod chart;
pub mod game;
pub mod hackenbush;
pub mod interrupt;
pub mod loopy;
pub mod memory;
pub mod misere;
pub mod nimber;
pub mod picture;
pub mod play;
pub mod search;
pub mod sequence;
pub mod sequence_run;
pub mod serve;
pub mod simulate;
pub mod survey;
pub mod verify;
pub mod write;
pub mod wythoff;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use grundy_core::kernel::error::with_excerpts;
use grundy_core::GameError;

/// Impartial combinatorial games, exactly: Nim, subtraction games and their sums.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    /// Print one JSON document instead of text.
    #[arg(long, global = true)]
    pub json: bool,

    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse a position: who wins, and every winning move.
    #[command(subcommand)]
    Analyze(analyze::AnalyzeCommand),
    /// Grundy sequences G(0), G(1), ... of heap games, with their proven periods.
    #[command(subcommand)]
    Sequence(sequence::SequenceCommand),
    /// Wythoff's game: P-positions three ways, the n-th one, the Grundy table, pictures.
    #[command(subcommand)]
    Wythoff(wythoff::WythoffCommand),
    /// Play against the computer in the terminal (moves read line by line from stdin).
    ///
    /// Example: grundy play nim 3 4 5 --player 80 --first computer
    Play(play::PlayArgs),
    /// Play many games between two computer players: win rates with 95% confidence intervals.
    ///
    /// Example: grundy simulate nim 2 3 4 --players perfect,random --games 10000 --seed 42
    Simulate(simulate::SimulateArgs),
    #[command(subcommand)]
    Survey(survey::SurveyCommand),
    /// The browser app: play, get hints and explore sequences at http://127.0.0.1:8080/.
    Serve(serve::ServeArgs),
    /// Board and graph games by search: Cram, Chomp, Node-Kayles, Arc-Kayles, Sprouts.
    ///
    /// Example: grundy search cram 4x5 --table cram.table
    Search(search::SearchArgs),
    /// Check a certificate written by `grundy search --certificate FILE`, with the game's rules
    /// alone (exit 0: it proves its claim; 1: it does not, and why).
    ///
    /// Example: grundy search sprouts 0*6 --certificate s6.cert, then grundy verify s6.cert
    Verify(verify::VerifyArgs),
    /// Nim arithmetic on 64-bit nimbers: products, inverses, quotients, square roots, tables.
    #[command(subcommand)]
    Nimber(nimber::NimberCommand),
    /// Misère play of heap games: quotients (presentation, P-portion) and genera.
    #[command(subcommand)]
    Misere(misere::MisereCommand),
    /// Green Hackenbush pictures: draw one as SVG or PNG, its winning cuts marked.
    ///
    /// Example: grundy hackenbush draw stalk:3 cycle:3 --winning -o picture.svg
    #[command(subcommand)]
    Hackenbush(hackenbush::HackenbushCommand),
}

/// Reads the command line and runs it: help on stdout (exit 0), a refusal as one line on
/// stderr (exit 2), else the command ([`main`]).
pub fn parse_and_run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    match args::parse(args) {
        args::Parsed::Run(cli) => main(*cli),
        args::Parsed::Print(help) => match help.print() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::from(1),
        },
        args::Parsed::Refuse(line) => {
            eprintln!("{line}");
            ExitCode::from(2)
        }
    }
}

/// Runs the parsed command line and turns errors into exit codes.
pub fn main(cli: Cli) -> ExitCode {
    let out = Output::new(cli.json);
    let result = match &cli.command {
        Command::Analyze(cmd) => analyze::run(cmd, &out),
        Command::Sequence(cmd) => sequence::run(cmd, &out),
        Command::Wythoff(cmd) => wythoff::run(cmd, &out),
        Command::Play(args) => play::run(args, &out),
        Command::Simulate(args) => simulate::run(args, &out),
        Command::Survey(cmd) => survey::run(cmd, &out),
        Command::Serve(args) => serve::run(args, &out),
        Command::Search(args) => search::run(args, &out),
        Command::Verify(args) => verify::run(args, &out),
        Command::Nimber(cmd) => nimber::run(cmd, &out),
        Command::Misere(cmd) => misere::run(cmd, &out),
        Command::Hackenbush(cmd) => hackenbush::run(cmd, &out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e @ (CliError::Interrupted(_) | CliError::Refuted(_))) => {
            eprintln!("{e}");
            ExitCode::from(e.exit_code())
        }
        // Every refusal's long words (a pasted value, a heap of thousands of digits) are shown
        // by their start and length, whoever wrote the message.
        Err(e) => {
            eprintln!("error: {}", with_excerpts(&e.to_string()));
            ExitCode::from(e.exit_code())
        }
    }
}

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// The user's input is not acceptable (exit code 2).
    Usage(String),
    /// Something outside the user's input failed, e.g. writing a file (exit code 1).
    Io(std::io::Error),
    /// Ctrl-C stopped the command after it saved its work; the message says what was kept and
    /// how to go on (exit code 130, the shell's convention for SIGINT).
    Interrupted(String),
    /// The command's answer is no: a certificate read but not proving its claim (exit code 1).
    Refuted(String),
}

impl CliError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Io(_) | CliError::Refuted(_) => 1,
            CliError::Interrupted(_) => 130,
        }
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Usage(msg) | CliError::Interrupted(msg) | CliError::Refuted(msg) => {
                f.write_str(msg)
            }
            CliError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<GameError> for CliError {
    fn from(e: GameError) -> Self {
        CliError::Usage(e.to_string())
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Io(e)
    }
}

/// Where and how a command prints.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    /// `--json` was given.
    pub json: bool,
    color: bool,
}

impl Output {
    /// Output for this process: colour only on a terminal without `NO_COLOR`.
    pub fn new(json: bool) -> Self {
        let color =
            !json && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        Output { json, color }
    }

    /// Prints one line of text.
    pub fn line(&self, text: impl AsRef<str>) -> Result<(), CliError> {
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "{}", text.as_ref()).or_else(ignore_broken_pipe)
    }

    /// Prints `value` (a wire type of the core's, `grundy_core::wire`) as the command's one
    /// JSON document.
    pub fn json(&self, value: &impl serde::Serialize) -> Result<(), CliError> {
        let text = serde_json::to_string_pretty(value)
            .map_err(|e| CliError::Io(std::io::Error::other(e)))?;
        self.line(text)
    }

    /// `text` in bold on a colour terminal, plain otherwise.
    pub fn bold(&self, text: &str) -> String {
        if self.color {
            format!("\x1b[1m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// Reads one line of a player's input into `line`, as [`std::io::BufRead::read_line`] does,
/// except that bytes that are not UTF-8 become U+FFFD: such a line is then not a move and
/// the game says so and asks again, where `read_line` ended the game with an error (exit 1).
pub fn read_line_lossy(
    input: &mut (impl std::io::BufRead + ?Sized),
    line: &mut String,
) -> std::io::Result<usize> {
    let mut bytes = Vec::new();
    let read = input.read_until(b'\n', &mut bytes)?;
    line.push_str(&String::from_utf8_lossy(&bytes));
    Ok(read)
}

/// `grundy ... | head` closes the pipe early: that is not an error.
pub(crate) fn ignore_broken_pipe(e: std::io::Error) -> Result<(), CliError> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(e.into())
    }
}

/// The one clap value parser of a numeric option: a whole number of `unit` (`"seconds"`, or
/// `""` for a bare count) in `range`, converted to the option's type. Anything else, a negative
/// number, a fraction, a word or a number past the range, is refused naming the option, the
/// value and the range: `--time: "-1" is not a whole number of seconds from 1 to 604800`.
///
/// An option that takes it must also accept values starting with `-` (every argument does:
/// [`args::parse`]), so that `-1` reaches it.
pub fn whole_number<T>(
    option: &'static str,
    unit: &'static str,
    range: std::ops::RangeInclusive<u64>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64>,
{
    move |text: &str| {
        // The one syntax of whole numbers (docs/cli.md, "Whole numbers").
        grundy_core::kernel::parse_whole::<u64>(text)
            .ok()
            .filter(|n| range.contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| {
                let of = if unit.is_empty() {
                    String::new()
                } else {
                    format!(" of {unit}")
                };
                format!(
                    "{option}: {text:?} is not a whole number{of} from {} to {}",
                    range.start(),
                    range.end()
                )
            })
    }
}

/// clap value parser for a heap size: a whole number from 0 to 2^64 - 1.
pub fn parse_heap(text: &str) -> Result<u64, String> {
    grundy_core::kernel::parse_u64(text, "heap").map_err(|e| e.to_string())
}

/// clap value parser for a comma-separated list of amounts such as `1,4,9` (a take-set or an
/// excluded set). Only the form is checked here: an item that is no whole number of 64 bits
/// (`-1`, `2^64`, `x`) is refused naming the amounts' range, 1 to
/// [`grundy_core::games::subtraction::MAX_TAKE`]; an amount of 64 bits outside it reaches the
/// game, which refuses it in the words of every door (`take-set element "0" is out of
/// range: ...`, as the API and Python say).
pub fn parse_amounts(text: &str) -> Result<Vec<u64>, String> {
    let range = 1..=grundy_core::games::subtraction::MAX_TAKE;
    grundy_core::kernel::parse_list(text, "amount").map_err(|list_error| {
        // An item that is there but no number of 64 bits names the range; an empty list or
        // item keeps the list's own message.
        text.split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .find_map(|item| {
                grundy_core::kernel::list::parse_u64_in(item, "amount", range.clone()).err()
            })
            .unwrap_or(list_error)
            .to_string()
    })
}

/// clap value parser for a heap of any size (`--at`, Nim heaps): decimal digits only, at most
/// [`grundy_core::spec::MAX_HEAP_DIGITS`] of them. A number that is too long is shown by its first digits.
pub fn parse_big_heap(text: &str) -> Result<num_bigint::BigUint, String> {
    grundy_core::spec::parse_big(text, "heap").map_err(|e| e.to_string())
}

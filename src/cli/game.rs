//! What `analyze`, `play` and `simulate` share: the game, one subcommand per ruleset family of
//! the registry ([`grundy_core::registry::REGISTRY`]) plus `sum`, and how a position is drawn
//! in the terminal.
//!
//! The subcommands are built from the registry, so a new ruleset appears here without a line of
//! CLI code: `grundy analyze NAME [PARAMETERS] POSITIONS...`, with each parameter a flag
//! (`--set 1,4,9`) or, for a positional one, the first argument (`octal 0.77`). The arguments
//! are assembled into the core's text format (`sub{1,4,9}:11,15`) and read by
//! [`grundy_core::spec`].

use std::time::Duration;

use clap::{Arg, ArgAction, ArgMatches, Command};
use grundy_core::games::family::{Drawing, Family, ParamKind};
use grundy_core::games::{nim, wythoff};
use grundy_core::kernel::budget::{self, Budget};
use grundy_core::kernel::component::Component;
use grundy_core::registry::{self, REGISTRY};
use grundy_core::spec::{self, MAX_COMPONENTS};
use grundy_core::sum::{Sum, SumMove};

use super::{parse_amounts, parse_big_heap, parse_heap, CliError};

/// A game given on the command line: a term of the text format.
#[derive(Debug, Clone)]
pub struct GameSpec {
    /// The position in the text format, e.g. `sub{1,4,9}:11,15`.
    pub term: String,
    /// Whether it was given as a sum of terms.
    pub is_sum: bool,
    /// Whether it is a loopy game (`loopy TERMS...`, or a `sum` with a loopy term:
    /// [`grundy_core::loopy`]): `term` then holds the loopy terms.
    pub is_loopy: bool,
    /// The subcommand's own flags that the command reads (`--misere`, `--explain`).
    pub flags: Vec<String>,
    /// `analyze --time SECONDS`: the question's time budget (other commands take none).
    pub time: Option<u64>,
    /// `analyze --memory MIB`: the question's memory budget (other commands take none).
    pub memory: Option<u64>,
}

/// Extra flags that every game subcommand of one command takes.
pub type ExtraFlags = &'static [(&'static str, &'static str)];

/// The `sum` subcommand's help.
const SUM_ABOUT: &str = "A sum of games from any rulesets: terms like nim:3,4  sub{1,4,9}:11  \
bachet{3}:7  allbut{2}:5  octal{0.77}:9  grundys:9  wythoff:10,7  lasker:7  moore{2}:3,5,6  \
turtles:THHTH  coins{at-most=5}:THHTH  tartan{twins;ruler}:THT/TTH, joined by + or given as separate \
arguments.";

/// The subcommands, one per family and `sum`, each with the `extra` flags.
pub fn subcommands(cmd: Command, extra: ExtraFlags) -> Command {
    let mut cmd = cmd;
    for family in REGISTRY {
        cmd = cmd.subcommand(with_flags(
            with_positions(family, family_command(family)),
            extra,
        ));
    }
    let sum = Command::new("sum").about(SUM_ABOUT).arg(
        Arg::new("terms")
            .help("The terms, e.g. nim:3,4 'sub{1,4,9}:11'")
            .value_name("TERMS")
            .required(true)
            .num_args(1..),
    );
    let loopy = Command::new("loopy").about(super::loopy::LOOPY_ABOUT).arg(
        Arg::new("terms")
            .help("The terms, e.g. 'digraph{0>1,1>0,0>2}:0' 'windup{5;1,3}:1'")
            .value_name("TERMS")
            .required(true)
            .num_args(1..),
    );
    // `analyze loopy` asks within the same budget as every other `analyze` (no extra flags).
    let loopy = if std::ptr::eq(extra, ANALYZE_FLAGS) {
        with_budget(loopy)
    } else {
        loopy
    };
    cmd.subcommand(with_flags(sum, extra)).subcommand(loopy)
}

fn with_flags(mut cmd: Command, extra: ExtraFlags) -> Command {
    for (name, help) in extra {
        cmd = cmd.arg(
            Arg::new(*name)
                .long(*name)
                .help(*help)
                .action(ArgAction::SetTrue),
        );
    }
    // `analyze` asks one question of the core, with one time budget (grundy_core::answer).
    if std::ptr::eq(extra, ANALYZE_FLAGS) {
        cmd = with_budget(cmd);
    }
    cmd
}

/// `cmd` with `--time SECONDS` and `--memory MIB`: the budget of an `analyze` question.
fn with_budget(cmd: Command) -> Command {
    cmd.arg(
        Arg::new("time")
            .long("time")
            .value_name("SECONDS")
            .help(format!(
                "The most time the question may take, in seconds (1 to {}): beyond it the \
                 answer is refused, naming the part too large.",
                super::search::MAX_SECONDS
            ))
            .default_value(ANALYZE_SECONDS.to_string())
            .value_parser(super::whole_number::<u64>(
                "--time",
                "seconds",
                1..=super::search::MAX_SECONDS,
            )),
    )
    .arg(memory_arg(
        "The most memory the question may take, in MiB (1 to {max}): beyond it the answer is \
         refused, naming the part too large.",
    ))
}

/// The default `analyze --time`: the core's default budget (docs/limits.md).
pub const ANALYZE_SECONDS: u64 = grundy_core::answer::DEFAULT_TIME.as_secs();

/// The default `--memory` of a question, in MiB: the core's default budget (docs/limits.md).
pub const ANALYZE_MEMORY_MIB: u64 = grundy_core::answer::DEFAULT_MEMORY >> 20;

/// The largest `--memory` of a question, in MiB: 1 TiB.
pub const MAX_MEMORY_MIB: u64 = 1 << 20;

/// The `--memory MIB` of a question's budget, with `help` (`{max}` stands for the largest).
pub fn memory_arg(help: &str) -> Arg {
    Arg::new("memory")
        .long("memory")
        .value_name("MIB")
        .help(help.replace("{max}", &MAX_MEMORY_MIB.to_string()))
        .default_value(ANALYZE_MEMORY_MIB.to_string())
        .value_parser(super::whole_number::<u64>(
            "--memory",
            "MiB",
            1..=MAX_MEMORY_MIB,
        ))
}

/// The option that allows a question more memory, as a refusal names it.
pub fn memory_option() -> String {
    format!("--memory MIB (up to {MAX_MEMORY_MIB})")
}

/// The budget of a question of `seconds` and `mib`, more allowed by `--time` and `--memory`
/// (the flags of `analyze`, `play` and `simulate`).
pub fn question_budget(seconds: u64, mib: u64) -> Budget {
    Budget::new(Duration::from_secs(seconds), super::search::time_option())
        .with_memory(mib << 20, memory_option())
}

/// `--time SECONDS` and `--memory MIB` of `play` and `simulate`: the budget of each question
/// they ask of the core about a position (its value at the start, a hint, the computer's
/// move), as `analyze --time` and `--memory` are of its one question.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct BudgetArgs {
    /// The most time each question about a position may take (its value at the start, a hint,
    /// the computer's move), in seconds (1 to 604800): beyond it the question is refused,
    /// naming the part too large.
    #[arg(long, global = true, value_name = "SECONDS", default_value_t = ANALYZE_SECONDS,
          value_parser = super::whole_number::<u64>("--time", "seconds", 1..=super::search::MAX_SECONDS))]
    pub time: u64,
    /// The most memory each question about a position may take, in MiB (1 to 1048576): beyond
    /// it the question is refused, naming the part too large.
    #[arg(long, global = true, value_name = "MIB", default_value_t = ANALYZE_MEMORY_MIB,
          value_parser = super::whole_number::<u64>("--memory", "MiB", 1..=MAX_MEMORY_MIB))]
    pub memory: u64,
}

impl BudgetArgs {
    /// The budget of one question.
    pub fn budget(&self) -> Budget {
        question_budget(self.time, self.memory)
    }
}

/// The subcommand of `family` with its parameters (no positions: see `with_positions`).
pub fn family_command(family: &'static Family) -> Command {
    let about = format!("{}: {}", family.title, family.rules);
    let mut cmd = Command::new(family.name)
        .about(about)
        .after_help(format!("In a sum: {}", family.example));
    for alias in family.aliases {
        cmd = cmd.alias(*alias);
    }
    for param in family.params {
        let help = format!("{} (e.g. {})", param.help, param.example);
        let mut arg = Arg::new(param.name)
            .help(help)
            .required(true)
            .value_name(param.name.to_uppercase());
        arg = match param.kind {
            ParamKind::Amounts => {
                arg.value_parser(|t: &str| parse_amounts(t).map(|_| t.to_string()))
            }
            // The ruleset reads its own numbers and names them with their range (`k of
            // Moore's Nim "two": expected a whole number from 1 to 8`), which a generic
            // `u64` check here would hide behind 0..2^64 - 1.
            ParamKind::Number => arg.allow_negative_numbers(true),
            ParamKind::Word => arg,
        };
        if !param.positional {
            arg = arg.long(param.name);
            if let Some(short) = param.short {
                arg = arg.short(short);
            }
        }
        cmd = cmd.arg(arg);
    }
    cmd
}

/// `cmd` with the positions of `family` as its last arguments.
fn with_positions(family: &'static Family, cmd: Command) -> Command {
    // Nim heaps may have any number of digits (analyze answers them by Bouton's rule).
    let position = Arg::new("positions")
        .help(format!(
            "{}: {} (e.g. {})",
            family.positions.label, family.positions.help, family.positions.example
        ))
        .required(true)
        .value_name("HEAPS")
        .num_args(1..)
        .allow_negative_numbers(true);
    let position = match family.positions.drawing {
        // The families that take heaps of any size on the command line.
        _ if std::ptr::eq(family, &nim::FAMILY) || std::ptr::eq(family, &wythoff::FAMILY) => {
            position.value_parser(|t: &str| parse_big_heap(t).map(|_| t.to_string()))
        }
        // A row of coins: `THHTH`, or its coins as 0 and 1; the ruleset checks it.
        Drawing::COINS => position.value_parser(|t: &str| Ok::<String, String>(t.to_string())),
        // Heaps of any size: beyond 2^64 - 1 the ruleset answers them where the value is a
        // lookup (a proven period) and refuses them by name otherwise.
        Drawing::HEAPS => position.value_parser(|t: &str| parse_big_heap(t).map(|_| t.to_string())),
        Drawing::QUEEN | Drawing::HEAP_ROW => {
            position.value_parser(|t: &str| parse_heap(t).map(|_| t.to_string()))
        }
        // Boards and graphs are text, read by the ruleset.
        _ => position.allow_negative_numbers(false),
    };
    cmd.arg(position)
}

/// The rules part of a term from a family's subcommand: `sub{1,4,9}`, `nim`.
pub fn rules_term(family: &Family, m: &ArgMatches) -> String {
    let params: Vec<String> = family
        .params
        .iter()
        .map(|p| m.get_one::<String>(p.name).cloned().unwrap_or_default())
        .collect();
    if params.is_empty() {
        family.name.to_string()
    } else {
        format!("{}{{{}}}", family.name, params.join(";"))
    }
}

impl GameSpec {
    /// Reads the chosen subcommand.
    fn from_matches(name: &str, m: &ArgMatches, extra: ExtraFlags) -> Result<Self, clap::Error> {
        // `loopy` takes none of the extra flags (`--misere`, `--explain`).
        let flags = extra
            .iter()
            .filter(|(f, _)| name != "loopy" && m.get_flag(f))
            .map(|(f, _)| f.to_string())
            .collect();
        let time = m.try_get_one::<u64>("time").ok().flatten().copied();
        let memory = m.try_get_one::<u64>("memory").ok().flatten().copied();
        let strings = |id: &str| -> Vec<String> {
            m.get_many::<String>(id)
                .map(|v| v.cloned().collect())
                .unwrap_or_default()
        };
        if name == "sum" || name == "loopy" {
            let term = strings("terms").join(" + ");
            // A sum with a loopy term is a loopy game, answered by the same door as `loopy`.
            let is_loopy =
                name == "loopy" || grundy_core::loopy::family::loopy_term(&term).is_some();
            return Ok(GameSpec {
                term,
                is_sum: name == "sum",
                is_loopy,
                flags,
                time,
                memory,
            });
        }
        let family = grundy_core::registry::family(name).ok_or_else(|| {
            clap::Error::raw(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("unknown game {name}"),
            )
        })?;
        Ok(GameSpec {
            term: format!(
                "{}:{}",
                rules_term(family, m),
                strings("positions").join(",")
            ),
            is_sum: false,
            is_loopy: false,
            flags,
            time,
            memory,
        })
    }

    /// Reads the subcommand of `m` (the matches of the command holding the game subcommands).
    pub fn from_parent(m: &ArgMatches, extra: ExtraFlags) -> Result<Self, clap::Error> {
        match m.subcommand() {
            Some((name, sub)) => GameSpec::from_matches(name, sub, extra),
            None => Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "a game is required, e.g. nim 3 4 5",
            )),
        }
    }

    /// Whether the subcommand's flag `name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// A title for the game and its starting position, whose values are computed within
    /// `budget` (one question: a position too hard to value is refused at the budget, naming
    /// the option that allows more).
    pub fn position(&self, budget: &Budget) -> Result<(String, Sum), CliError> {
        self.position_opened(budget, false)
    }

    /// [`GameSpec::position`] for a game that `opens_by_strategy` when the perfect computer
    /// moves first: then a lone component with a winning move known without search (the
    /// central domino of a Cram board that is its own half turn, one side odd) is not valued
    /// first, since the computer plays by the strategy and never needs the value (Cram 4 × 11
    /// took 9.5 s before its first move; 6 × 7 spent the whole budget there).
    pub fn position_opened(
        &self,
        budget: &Budget,
        opens_by_strategy: bool,
    ) -> Result<(String, Sum), CliError> {
        if self.is_loopy {
            let which = grundy_core::loopy::family::loopy_term(&self.term)
                .filter(|_| self.is_sum)
                .map_or(String::new(), |term| format!(" ({term} is loopy)"));
            return Err(CliError::Usage(format!(
                "loopy games{which} are analysed and played only (grundy analyze, grundy \
                 play): simulate takes short games"
            )));
        }
        let sum = spec::parse_sum(&self.term)?;
        if sum.components.len() > MAX_COMPONENTS {
            return Err(CliError::Usage(format!(
                "{} heaps given: at most {MAX_COMPONENTS} are allowed",
                sum.components.len()
            )));
        }
        // Values are checked once here, so a game never fails half-way (e.g. an all-but heap
        // beyond its limit). A lone component may be played without its value when its
        // P-positions are known (a large Wythoff board or Moore's Nim position).
        // Both within one question's budget: a board too hard to search is refused at the
        // budget, not searched again for its P-positions with an engine's own budget.
        let part = || grundy_core::sum::refusal_name(&sum);
        let by_strategy = match sum.components.as_slice() {
            [c] => opens_by_strategy && c.known_move_to_value(0).is_some(),
            _ => false,
        };
        budget::within(budget, || {
            if by_strategy {
                return Ok(());
            }
            budget::in_part(part, || match sum.values() {
                Err(e)
                    if !(sum.components.len() == 1
                        && sum.components[0].is_p_position().is_ok()) =>
                {
                    Err(e)
                }
                _ => Ok(()),
            })
        })?;
        let title = if self.is_sum {
            "Sum of games".to_string()
        } else {
            grundy_core::report::title(&sum)
        };
        Ok((title, sum))
    }
}

/// Implements clap's `Subcommand` for a newtype around [`GameSpec`] whose game subcommands take
/// the flags `$extra`.
macro_rules! game_subcommand {
    ($name:ident, $extra:expr) => {
        impl clap::FromArgMatches for $name {
            fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
                GameSpec::from_parent(m, $extra).map($name)
            }

            fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
                *self = Self::from_arg_matches(m)?;
                Ok(())
            }
        }

        impl clap::Subcommand for $name {
            fn augment_subcommands(cmd: Command) -> Command {
                subcommands(cmd, $extra)
            }

            fn augment_subcommands_for_update(cmd: Command) -> Command {
                subcommands(cmd, $extra)
            }

            fn has_subcommand(name: &str) -> bool {
                name == "sum" || name == "loopy" || grundy_core::registry::family(name).is_some()
            }
        }
    };
}

/// The game of `play` and `simulate`: one subcommand per ruleset, and `sum`.
#[derive(Debug, Clone)]
pub struct Game(pub GameSpec);
game_subcommand!(Game, &[]);

/// The flags of every `analyze` game.
pub const ANALYZE_FLAGS: ExtraFlags = &[
    ("misere", "Misère play: whoever makes the last move loses."),
    (
        "explain",
        "Show the reasoning: the heaps in binary and the nim-sum, or each component's value by the mex rule.",
    ),
];

/// The game of `analyze`: one subcommand per ruleset, and `sum`, each with `--misere` and
/// `--explain`.
#[derive(Debug, Clone)]
pub struct AnalyzeGame(pub GameSpec);
game_subcommand!(AnalyzeGame, ANALYZE_FLAGS);

/// The rule of the convention in words (the core's [`grundy_core::report::convention_text`]).
pub use grundy_core::report::convention_text;

/// The most bars drawn for one heap; larger heaps are cut with `...`.
const MAX_BARS: u64 = 60;

/// One heap as bars, as in Fig. 8 of Avansyah (2025) (docs/bibliography.md): `||||` for 4
/// tokens, `-` when empty.
fn bars(tokens: u64) -> String {
    match tokens {
        0 => "-".to_string(),
        t if t > MAX_BARS => format!("{}...", "|".repeat(MAX_BARS as usize)),
        t => "|".repeat(t as usize),
    }
}

/// The position, one line per component named by what it is (`  heap 3: ||||  (4)`,
/// `  board 1:`, `  row of coins 2: THHTH`), with the ruleset named when the game mixes
/// rulesets; under its line, a Wythoff board is drawn (see [`board`]), a row of heaps (Moore's
/// Nim) one heap per line, a board or a grid of coins row by row with its rows and columns
/// numbered as moves name them.
pub fn draw(sum: &Sum) -> Vec<String> {
    if let [c] = sum.components.as_slice() {
        if let Some((x, y)) = registry::queen(c) {
            return board(x, y).into_iter().map(|l| format!("  {l}")).collect();
        }
    }
    let mixed = !sum.is_one_ruleset();
    let single = |c: &Component| c.heaps().len() == 1 && registry::queen(c).is_none();
    let drawn: Vec<String> = sum.components.iter().map(|c| bars(c.tokens())).collect();
    let width = sum
        .components
        .iter()
        .zip(&drawn)
        .filter(|(c, _)| single(c))
        .map(|(_, d)| d.chars().count())
        .max()
        .unwrap_or(0);
    let labels: Vec<String> = sum
        .components
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{} {}", c.noun(), i + 1))
        .collect();
    let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut lines = Vec::new();
    for ((c, d), label) in sum.components.iter().zip(&drawn).zip(&labels) {
        let rules = if mixed {
            format!(" [{}]", c.ruleset_name())
        } else {
            String::new()
        };
        if let Some((x, y)) = registry::queen(c) {
            lines.push(format!(
                "  {label:>label_width$}: queen at ({x}, {y}){rules}"
            ));
            lines.extend(board(x, y).into_iter().map(|l| format!("      {l}")));
        } else if let Some(words) = coin_row(c) {
            lines.push(format!("  {label:>label_width$}: {c}  ({words}){rules}"));
        } else if let Some(grid) = squares(c) {
            lines.push(format!("  {label:>label_width$}: {c}{rules}"));
            lines.extend(grid.into_iter().map(|l| format!("      {l}")));
        } else if single(c) {
            lines.push(format!(
                "  {label:>label_width$}: {d:<width$}  ({c}){rules}"
            ));
        } else if registry::drawing_of(c) == Some(Drawing::HEAP_ROW) {
            // A row of heaps played together (its family's drawing): each heap on its own
            // line, numbered within.
            lines.push(format!("  {label:>label_width$}: {c}{rules}"));
            let heaps = c.heaps();
            let row_width = heaps
                .iter()
                .map(|&h| bars(h).chars().count())
                .max()
                .unwrap_or(0);
            for (j, h) in heaps.iter().enumerate() {
                lines.push(format!("      {}: {:<row_width$}  ({h})", j + 1, bars(*h)));
            }
        } else {
            lines.push(format!("  {label:>label_width$}: {c}{rules}"));
        }
    }
    lines
}

/// A row of coins' heads in words, numbered as its game numbers them: `heads: coins 2, 3 and
/// 5`, `no heads`.
fn coin_row(c: &Component) -> Option<String> {
    let first = c.rules().presentation().first_coin?;
    let row = c.heaps();
    let heads: Vec<String> = (0..row.len() as u64)
        .filter(|&i| row[i as usize] == 1)
        .map(|i| (first + i).to_string())
        .collect();
    Some(match heads.as_slice() {
        [] => format!("no heads; coins numbered from {first}"),
        [one] => format!("heads: coin {one}; coins numbered from {first}"),
        [rest @ .., last] => format!(
            "heads: coins {} and {last}; coins numbered from {first}",
            rest.join(", ")
        ),
    })
}

/// A grid of coins or a Cram board row by row, under a line of column numbers, each row
/// after its number: rows and columns numbered as the game's moves name them.
fn squares(c: &Component) -> Option<Vec<String>> {
    let numbering = c.rules().presentation().grid?;
    let text = c.to_string();
    let rows: Vec<Vec<char>> = text.split('/').map(|r| r.chars().collect()).collect();
    let cols = rows.first().map_or(0, Vec::len);
    let last_row = numbering.first_row + rows.len() as u64 - 1;
    let last_col = numbering.first_col + cols.saturating_sub(1) as u64;
    let row_width = last_row.to_string().len();
    let cell = last_col.to_string().len().max(1);
    let mut lines = vec![format!(
        "{:row_width$}  {}",
        "",
        (0..cols)
            .map(|y| format!("{:>cell$}", y as u64 + numbering.first_col))
            .collect::<Vec<_>>()
            .join(" ")
    )];
    for (x, row) in rows.iter().enumerate() {
        lines.push(format!(
            "{:>row_width$}  {}",
            x as u64 + numbering.first_row,
            row.iter()
                .map(|ch| format!("{ch:>cell$}"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    Some(lines)
}

/// The largest Wythoff board drawn cell by cell: both heaps at most 20 (21 × 21 cells). A
/// larger position is drawn compactly: its coordinates, and the two heaps as bars.
pub const MAX_BOARD: u64 = 20;

/// A Wythoff position as a board with the origin at the bottom left (as in Figure 1 of Ibrahim,
/// Haryanto and Amir (n.d.), docs/bibliography.md; `x` across and `y` up): `Q` is the queen,
/// `*` the corner (0, 0) where the game ends, `.` any other cell. Beyond [`MAX_BOARD`] only the
/// coordinates and two bars are drawn.
pub fn board(x: u64, y: u64) -> Vec<String> {
    if x.max(y) > MAX_BOARD {
        let number_width = x.max(y).to_string().len();
        let bar_width = bars(x.max(y)).chars().count();
        return vec![
            format!(
                "queen at ({x}, {y}): too large to draw (boards are drawn up to {MAX_BOARD} on each side)"
            ),
            format!("x: {:<bar_width$}  ({x:>number_width$})", bars(x)),
            format!("y: {:<bar_width$}  ({y:>number_width$})", bars(y)),
        ];
    }
    let row_label = y.to_string().len();
    let cell = x.to_string().len() + 1;
    let mut lines: Vec<String> = (0..=y)
        .rev()
        .map(|row| {
            let cells: String = (0..=x)
                .map(|column| {
                    let mark = match (column, row) {
                        c if c == (x, y) => 'Q',
                        (0, 0) => '*',
                        _ => '.',
                    };
                    format!("{mark:>cell$}")
                })
                .collect();
            format!("{row:>row_label$} |{cells}")
        })
        .collect();
    lines.push(format!(
        "{} +{}",
        " ".repeat(row_label),
        "-".repeat((x as usize + 1) * cell + 1)
    ));
    let columns: String = (0..=x).map(|c| format!("{c:>cell$}")).collect();
    lines.push(format!("{}  {columns}", " ".repeat(row_label)));
    lines.push(format!(
        "Q = queen at ({x}, {y}); * = the corner (0, 0), where the game ends"
    ));
    lines
}

/// A move as the player reads it: in its ruleset's words
/// ([`grundy_core::kernel::component::Component::describe_move`]), after the heap's number unless the game
/// is a lone component that is not a single heap (a Wythoff board: `queen (10, 7) -> (6, 3):
/// take 4 from both heaps`). `position` is where the move is made.
pub fn move_text(m: &SumMove, position: &Sum) -> String {
    if position.components.len() == 1 && m.from.heaps().len() != 1 {
        m.from.describe_move(&m.to)
    } else {
        m.to_string()
    }
}

/// `Nim-sum: 2 XOR 3 XOR 4 = 5` for Nim, `Grundy values 1 XOR 0 XOR 2 = 3` for other games.
pub fn value_line(sum: &Sum) -> Result<String, CliError> {
    let values = match sum.values() {
        Ok(values) => values,
        // A lone component whose value is out of reach: its P-positions tell who wins.
        Err(e) => match sum.components.as_slice() {
            [c] => {
                let p = c.is_p_position().map_err(|_| CliError::from(e))?;
                return Ok(format!(
                    "{} (its Grundy value is not computed at this size)",
                    if p { "P-position" } else { "N-position" }
                ));
            }
            _ => return Err(e.into()),
        },
    };
    let total = grundy_core::nim_sum(values.iter().copied());
    let label = if sum.nim_heaps().is_some() {
        "Nim-sum"
    } else if values.len() == 1 {
        "Grundy value"
    } else {
        "Grundy values"
    };
    let terms: Vec<String> = values.iter().map(u64::to_string).collect();
    Ok(if terms.len() > 1 && terms.len() <= 12 {
        format!("{label}: {} = {total}", terms.join(" XOR "))
    } else {
        format!("{label}: {total}")
    })
}

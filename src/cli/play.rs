//! `grundy play`: a game against the computer in the terminal.
//!
//! The session reads one line per move from standard input, so it works the same on a terminal
//! and with piped input (scripts, tests): end of input ends the session cleanly. When input is
//! not a terminal, each line read is echoed after the prompt so the transcript reads naturally.

use std::io::{BufRead, IsTerminal, Write};

use clap::{Args, ValueEnum};
use grundy_core::answer::{ask, player_move, Answer, Asked, Question};
use grundy_core::kernel::budget::Budget;
use grundy_core::play::{remoteness_text, GameRecord, MoveParser, Seat};
use grundy_core::player::Player;
use grundy_core::report::{Explanation, Report};
use grundy_core::strategy::Convention;
use grundy_core::sum::{Outcome, Sum, SumMove};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::game::{convention_text, draw, move_text, value_line, BudgetArgs, Game, MAX_MEMORY_MIB};
use super::search::MAX_SECONDS;
use super::{CliError, Output};

/// `grundy play GAME ...`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game and its starting position.
    #[command(subcommand)]
    pub game: Game,
    /// Misère play: whoever makes the last move loses.
    #[arg(long, global = true)]
    pub misere: bool,
    /// Who moves first.
    #[arg(long, global = true, value_enum, default_value_t = First::Me)]
    pub first: First,
    /// The computer: perfect, random, bouton (Bouton's rule), or a strength from 0 to 100 (the
    /// chance of the best move).
    #[arg(long, global = true, default_value = "perfect", value_parser = parse_player)]
    pub player: Player,
    /// Seed for the computer's random choices (default: from the clock; printed to replay).
    #[arg(long, global = true, value_parser = super::whole_number::<u64>("--seed", "", 0..=u64::MAX))]
    pub seed: Option<u64>,
    /// The budget of each question (the start's value, a hint, the computer's move).
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// Who moves first in `grundy play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You.
    Me,
    /// The computer.
    Computer,
}

/// clap value parser for a computer player.
pub fn parse_player(text: &str) -> Result<Player, String> {
    Player::parse(text).map_err(|e| e.to_string())
}

/// A seed from the clock when none is given (printed, so the game can be replayed).
pub fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(grundy_core::player::fresh_seed)
}

/// Runs `grundy play`.
pub fn run(args: &PlayArgs, out: &Output) -> Result<(), CliError> {
    if out.json {
        return Err(CliError::Usage(
            "play is interactive and has no JSON output: use `grundy simulate --json`".into(),
        ));
    }
    if args.game.0.is_loopy {
        if args.misere || args.player != Player::Perfect {
            return Err(CliError::Usage(
                "loopy games are played under normal play against the perfect computer: drop \
                 --misere and --player"
                    .into(),
            ));
        }
        return super::loopy::play(
            &args.game.0.term,
            args.first == First::Me,
            &args.budget.budget(),
            out,
        );
    }
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let budget = args.budget.budget();
    let opens_by_strategy = args.first == First::Computer && args.player == Player::Perfect;
    let (title, start) = match args.game.0.position_opened(&budget, opens_by_strategy) {
        Ok(found) => found,
        // A position read within 64 bits but refused (too hard to value within the budget, a
        // heap beyond an engine's limit): its own error, not a second try at any size.
        Err(e) if grundy_core::spec::parse_sum(&args.game.0.term).is_ok() => return Err(e),
        // A heap beyond 2^64 - 1 where the answer is a lookup: played as text, against the
        // perfect computer.
        Err(e) => match grundy_core::any_size::AnyPosition::parse(&args.game.0.term) {
            Ok(_) if args.player == Player::Perfect => {
                return super::play_big::play(
                    &args.game.0.term,
                    convention,
                    args.first == First::Me,
                    &budget,
                    out,
                )
            }
            Ok(_) => {
                return Err(CliError::Usage(format!(
                    "{e}; a heap beyond 2^64 - 1 is played against the perfect computer only: drop --player"
                )))
            }
            Err(_) => return Err(e),
        },
    };
    let seed = seed_or_clock(args.seed);
    let parser = MoveParser::for_position(&start);
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut session = Session {
        input: stdin.lock(),
        out: std::io::stdout().lock(),
        echo,
        game: GameRecord::new(start, convention),
        human: match args.first {
            First::Me => Seat::First,
            First::Computer => Seat::Second,
        },
        computer: args.player,
        rng: ChaCha8Rng::seed_from_u64(seed),
        parser,
        style: *out,
        drawn_at: None,
        limits: args.budget,
        waiting: false,
    };
    let result = session.intro(&title, seed).and_then(|()| session.run());
    match result {
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// A game in progress between the human (reading `input`) and the computer.
struct Session<R, W> {
    input: R,
    out: W,
    echo: bool,
    game: GameRecord,
    human: Seat,
    computer: Player,
    rng: ChaCha8Rng,
    parser: MoveParser,
    style: Output,
    /// How many moves had been made when the position was last drawn: it is drawn again only
    /// when it changed (or on `show`), so a mistyped move does not repeat a whole board.
    drawn_at: Option<usize>,
    /// The budget of each question (`--time`, `--memory`; `time` and `memory` change it).
    limits: BudgetArgs,
    /// The computer's last try at a move was refused (too hard within the budget): it waits
    /// for more time or memory, an `undo` or `quit`, rather than end the game.
    waiting: bool,
}

/// What the game says while the computer waits for a larger budget.
const WAITING: &str = "It is the computer's turn: type `time SECONDS` or `memory MIB` to let it \
                       think longer, `undo` to take back your move, or `quit`.";

/// Which budget `time` or `memory` sets.
#[derive(Clone, Copy)]
enum Limit {
    Time,
    Memory,
}

/// A refusal as the game says it: its commands `time` and `memory` instead of the flags.
fn in_game(refusal: &str) -> String {
    refusal
        .replace("with --time SECONDS", "with `time SECONDS`")
        .replace("with --memory MIB", "with `memory MIB`")
}

/// What the human typed.
enum Command {
    Help,
    Quit,
    Hint,
    Undo,
    Explain,
    Show,
    /// `time SECONDS`: the budget of each question from now on.
    Time(String),
    /// `memory MIB`: the same for memory.
    Memory(String),
    Move(String),
}

impl Command {
    fn read(line: &str) -> Command {
        let lower = line.trim().to_lowercase();
        let mut words = lower.split_whitespace();
        let (first, rest) = (
            words.next().unwrap_or(""),
            words.collect::<Vec<_>>().join(" "),
        );
        match first {
            "time" => return Command::Time(rest),
            "memory" => return Command::Memory(rest),
            _ => {}
        }
        match lower.as_str() {
            "help" | "?" | "h" => Command::Help,
            "quit" | "exit" | "q" | "resign" => Command::Quit,
            "hint" => Command::Hint,
            "undo" | "u" => Command::Undo,
            "explain" | "why" => Command::Explain,
            "show" | "board" | "position" => Command::Show,
            _ => Command::Move(line.trim().to_string()),
        }
    }
}

impl<R: BufRead, W: Write> Session<R, W> {
    fn say(&mut self, text: impl AsRef<str>) -> Result<(), CliError> {
        writeln!(self.out, "{}", text.as_ref())?;
        Ok(())
    }

    fn intro(&mut self, title: &str, seed: u64) -> Result<(), CliError> {
        let convention = self.game.convention;
        self.say(
            self.style
                .bold(&format!("{title} ({})", convention_text(convention))),
        )?;
        self.say(format!(
            "You play against the computer: {}.",
            self.computer.describe()
        ))?;
        let first = if self.human == Seat::First {
            "You move first."
        } else {
            "The computer moves first."
        };
        self.say(format!("{first} Seed {seed} (replay with --seed {seed})."))?;
        let examples = self.parser.examples().to_string();
        self.say(format!(
            "Type a move such as {examples}, or: hint, undo, explain, help, quit."
        ))
    }

    fn run(&mut self) -> Result<(), CliError> {
        loop {
            if self.game.is_over() {
                return self.finish();
            }
            if self.game.to_move() != self.human && !self.waiting {
                self.computer_moves()?;
                continue;
            }
            if self.drawn_at != Some(self.game.moves_made()) {
                self.say("")?;
                for line in draw(self.game.position()) {
                    self.say(line)?;
                }
                self.drawn_at = Some(self.game.moves_made());
            }
            let Some(line) = self.prompt()? else {
                let n = self.game.moves_made();
                return self.say(format!(
                    "\nEnd of input: the game stops unfinished after {n} move{}.",
                    plural(n)
                ));
            };
            match Command::read(&line) {
                Command::Help => self.help()?,
                Command::Quit => {
                    let n = self.game.moves_made();
                    return self.say(format!(
                        "You resign after {n} move{}: the computer wins.",
                        plural(n)
                    ));
                }
                Command::Hint | Command::Move(_) if self.waiting => self.say(WAITING)?,
                Command::Hint => self.asking(Self::hint)?,
                Command::Undo => self.undo()?,
                Command::Explain => self.asking(Self::explain)?,
                Command::Show => self.drawn_at = None,
                Command::Time(text) => self.set_limit(&text, Limit::Time)?,
                Command::Memory(text) => self.set_limit(&text, Limit::Memory)?,
                Command::Move(text) => self.human_moves(&text)?,
            }
        }
    }

    /// Prints the prompt and reads a line; `None` at end of input.
    fn prompt(&mut self) -> Result<Option<String>, CliError> {
        write!(self.out, "Your move> ")?;
        self.out.flush()?;
        let mut line = String::new();
        if super::read_line_lossy(&mut self.input, &mut line)? == 0 {
            return Ok(None);
        }
        if self.echo {
            self.say(line.trim_end())?;
        }
        Ok(Some(line))
    }

    fn human_moves(&mut self, text: &str) -> Result<(), CliError> {
        match self.parser.parse(text, self.game.position()) {
            Ok(m) => {
                self.say(format!("You: {}", self.text(&m)))?;
                self.game.play(m);
                Ok(())
            }
            Err(e) => self.say(format!("{e}. Try again.")),
        }
    }

    fn computer_moves(&mut self) -> Result<(), CliError> {
        let position = self.game.position().clone();
        let convention = self.game.convention;
        match player_move(
            &position,
            convention,
            self.computer,
            self.limits.budget(),
            &mut self.rng,
        ) {
            Ok(Some(m)) => {
                self.say(format!("Computer: {}", self.text(&m)))?;
                self.game.play(m);
            }
            Ok(None) => {}
            // Too hard within the budget: the game waits, as it stands, for more time.
            Err(refusal) => {
                self.waiting = true;
                self.say(format!(
                    "The computer found no move: {}.",
                    in_game(&refusal.to_string())
                ))?;
                self.say(WAITING)?;
            }
        }
        Ok(())
    }

    /// A question about the position (a hint, an explanation): a refusal (too hard within the
    /// budget) is one line, and the game goes on.
    fn asking(
        &mut self,
        question: impl FnOnce(&mut Self) -> Result<(), CliError>,
    ) -> Result<(), CliError> {
        match question(self) {
            Err(CliError::Usage(refusal)) => {
                self.say(format!("Not answered: {}.", in_game(&refusal)))
            }
            other => other,
        }
    }

    /// `time SECONDS` or `memory MIB`: the budget of each question from now on, read as the
    /// flag of the same name is. A computer that was waiting tries again.
    fn set_limit(&mut self, text: &str, limit: Limit) -> Result<(), CliError> {
        let read = match limit {
            Limit::Time => super::whole_number::<u64>("time", "seconds", 1..=MAX_SECONDS)(text)
                .map(|n| self.limits.time = n),
            Limit::Memory => super::whole_number::<u64>("memory", "MiB", 1..=MAX_MEMORY_MIB)(text)
                .map(|n| self.limits.memory = n),
        };
        match read {
            Ok(()) => {
                self.waiting = false;
                self.say(format!(
                    "Each question may now take {} s and {} MiB.",
                    self.limits.time, self.limits.memory
                ))
            }
            Err(e) => self.say(format!("{e}. Try again.")),
        }
    }

    /// A move as the player reads it (Wythoff moves name the queen's cells).
    fn text(&self, m: &SumMove) -> String {
        move_text(m, self.game.position())
    }

    fn help(&mut self) -> Result<(), CliError> {
        let position = self.game.position();
        // Numbers name the components when there are several (or heaps, whose moves always
        // start with one).
        let noun = position.noun();
        let numbered = if position.components.len() > 1 || noun == "heap" {
            let plural = grundy_core::kernel::plural(noun);
            format!(
                " {}{} are numbered from 1, top to bottom.",
                plural[..1].to_uppercase(),
                &plural[1..]
            )
        } else {
            String::new()
        };
        let mut moves = vec![format!("Moves: {}.{numbered}", self.parser.examples())];
        if position
            .components
            .iter()
            .any(|c| grundy_core::registry::queen(c).is_some())
        {
            moves.push(
                "Wythoff board: the queen moves left (take from the first heap), down (from the \
                 second) or diagonally down-left (the same from both)."
                    .into(),
            );
        }
        let text = format!(
            "{}\n\
             Commands:\n  hint     the best move, and why\n  undo     take back your last move (and the computer's reply)\n  \
             explain  the reasoning about the current position\n  show     draw the position again\n  \
             time S   let each question (a hint, the computer's move) take up to S seconds\n  \
             memory M the same for M MiB of memory\n  help     this text\n  quit     resign and leave\n\
             The computer plays {}.",
            moves.join("\n"),
            self.computer.describe()
        );
        self.say(text)
    }

    fn hint(&mut self) -> Result<(), CliError> {
        let position = self.game.position().clone();
        let convention = self.game.convention;
        // One answer gives the outcome, the move to show (the quickest win, or the slowest
        // loss: the computer's move of the answer, as `/api/hint` and the page show it) and
        // why: on a board won by a strategy, the strategy, its value not computed.
        let answered = answer(&position, convention, true, true, &self.limits.budget())?;
        let measured = remoteness_text(&position, convention)
            .map(|r| {
                format!(
                    " With best play on both sides you {}, counting both sides' moves.",
                    you(&r)
                )
            })
            .unwrap_or_default();
        match (answered.report.outcome, answered.computer_move) {
            (Outcome::N, Some(m)) => {
                self.say(format!("Hint: {} wins.{measured}", self.text(&m)))?;
                let why = explained(&position, convention, answered.report)?;
                self.say(why.trim_end())
            }
            (_, last_longest) => {
                let delay = last_longest
                    .map(|m| format!(" The move that makes it last longest: {}.", self.text(&m)))
                    .unwrap_or_default();
                self.say(format!(
                    "Hint: no move wins here: this is a P-position, so a perfect opponent wins \
                     whatever you do.{measured}{delay}"
                ))
            }
        }
    }

    fn explain(&mut self) -> Result<(), CliError> {
        let position = self.game.position().clone();
        let convention = self.game.convention;
        let text = explanation(&position, convention, &self.limits.budget())?;
        self.say(text.trim_end())?;
        if let Some(r) = remoteness_text(&position, convention) {
            self.say(format!(
                "With best play on both sides, you {}, counting both sides' moves.",
                you(&r)
            ))?;
        }
        Ok(())
    }

    fn undo(&mut self) -> Result<(), CliError> {
        if !self.game.turns.iter().any(|t| t.seat == self.human) {
            return self.say("Nothing to undo: you have not moved yet.");
        }
        // Take back the computer's replies, then the human's own move.
        self.waiting = false;
        while let Some(turn) = self.game.undo() {
            if turn.seat == self.human {
                let text = move_text(&turn.mv, &turn.before);
                return self.say(format!("Undone: {text}."));
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), CliError> {
        self.say("")?;
        for line in draw(self.game.position()) {
            self.say(line)?;
        }
        let n = self.game.moves_made();
        let yours = self
            .game
            .turns
            .iter()
            .filter(|t| t.seat == self.human)
            .count();
        let last = match self.game.turns.last() {
            Some(t) if t.seat == self.human => "You made the last move",
            Some(_) => "The computer made the last move",
            None => "No move was possible",
        };
        let rule = match self.game.convention {
            Convention::Normal => "whoever makes the last move wins",
            Convention::Misere => "in misère play whoever makes the last move loses",
        };
        let verdict = if self.game.winner() == Some(self.human) {
            "You win!"
        } else {
            "The computer wins."
        };
        self.say(format!(
            "Game over after {n} move{} ({yours} yours). {last}, and {rule}: {}",
            plural(n),
            self.style.bold(verdict)
        ))
    }
}

/// The core's answer about `position` (`grundy_core::answer`), with the reasoning when
/// `explain`, within `budget` (`--time`, `--memory`).
fn answer(
    position: &Sum,
    convention: Convention,
    explanation: bool,
    computer_move: bool,
    budget: &Budget,
) -> Result<Answer, CliError> {
    // A hint shows one move: every winning move is listed only when no move is asked for.
    let asked = Asked {
        winning_moves: !computer_move,
        explanation,
        computer_move,
    };
    Ok(ask(&Question::sum(
        position,
        convention,
        asked,
        budget.clone(),
    ))?)
}

/// The reasoning about a position, as `grundy analyze --explain` gives it.
fn explanation(
    position: &Sum,
    convention: Convention,
    budget: &Budget,
) -> Result<String, CliError> {
    explained(
        position,
        convention,
        answer(position, convention, true, false, budget)?.report,
    )
}

/// The reasoning of `report`, an answer about `position` asked with its explanation.
fn explained(position: &Sum, convention: Convention, report: Report) -> Result<String, CliError> {
    let quotient = matches!(report.explanation, Some(Explanation::Quotient(_)));
    let text = report
        .explanation
        .map(|e| e.text().to_string())
        .unwrap_or_default();
    Ok(match convention {
        // The normal-play values say nothing about a misère sum read off its quotient.
        Convention::Misere if position.nim_heaps().is_none() && !quotient => {
            format!("{}\n{text}", value_line(position)?)
        }
        _ => text,
    })
}

/// "wins in 5 moves" addressed to the player: "win in 5 moves".
fn you(remoteness: &str) -> String {
    remoteness
        .replacen("wins", "win", 1)
        .replacen("loses", "lose", 1)
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

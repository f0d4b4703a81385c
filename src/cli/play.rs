//! `grundy play`: a game against the computer in the terminal, in one conversation
//! (`play/conversation.rs`) whatever is played: a sum of 64-bit positions (this module's
//! `Session`: computer players of every strength, `undo`, the budget changed in play), heaps
//! beyond 2^64 - 1 (`play/any_size.rs`) or a loopy game (`play/loopy.rs`).

mod any_size;
mod conversation;
mod loopy;

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
use conversation::{moves_text, Reply, Table};

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
        return loopy::play(
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
                return any_size::play(
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
    conversation::converse(&mut Session {
        title,
        seed,
        game: GameRecord::new(start, convention),
        human: match args.first {
            First::Me => Seat::First,
            First::Computer => Seat::Second,
        },
        computer: args.player,
        rng: ChaCha8Rng::seed_from_u64(seed),
        parser,
        style: *out,
        limits: args.budget,
        waiting: false,
    })
}

/// A game of a sum of 64-bit positions in progress between the human and the computer.
struct Session {
    title: String,
    seed: u64,
    game: GameRecord,
    human: Seat,
    computer: Player,
    rng: ChaCha8Rng,
    parser: MoveParser,
    style: Output,
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

/// What the human typed (beside `quit` and `show`, which the conversation reads).
enum Command {
    Help,
    Hint,
    Undo,
    Explain,
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
            "hint" => Command::Hint,
            "undo" | "u" => Command::Undo,
            "explain" | "why" => Command::Explain,
            _ => Command::Move(line.trim().to_string()),
        }
    }
}

impl Table for Session {
    fn intro(&mut self) -> Result<Vec<String>, CliError> {
        let convention = self.game.convention;
        let first = if self.human == Seat::First {
            "You move first."
        } else {
            "The computer moves first."
        };
        let seed = self.seed;
        Ok(vec![
            self.style
                .bold(&format!("{} ({})", self.title, convention_text(convention))),
            format!(
                "You play against the computer: {}.",
                self.computer.describe()
            ),
            format!("{first} Seed {seed} (replay with --seed {seed})."),
            format!(
                "Type a move such as {}, or: hint, undo, explain, help, quit.",
                self.parser.examples()
            ),
        ])
    }

    fn ended(&mut self) -> Result<Option<Vec<String>>, CliError> {
        Ok(self.game.is_over().then(|| self.finish()))
    }

    fn computer_to_move(&self) -> bool {
        self.game.to_move() != self.human && !self.waiting
    }

    fn computer_moves(&mut self) -> Result<Vec<String>, CliError> {
        let position = self.game.position().clone();
        let convention = self.game.convention;
        Ok(
            match player_move(
                &position,
                convention,
                self.computer,
                self.limits.budget(),
                &mut self.rng,
            ) {
                Ok(Some(m)) => {
                    let said = format!("Computer: {}", self.text(&m));
                    self.game.play(m);
                    vec![said]
                }
                Ok(None) => vec![],
                // Too hard within the budget: the game waits, as it stands, for more time.
                Err(refusal) => {
                    self.waiting = true;
                    vec![
                        format!(
                            "The computer found no move: {}.",
                            in_game(&refusal.to_string())
                        ),
                        WAITING.into(),
                    ]
                }
            },
        )
    }

    fn position_lines(&self) -> Result<Vec<String>, CliError> {
        let mut lines = vec![String::new()];
        lines.extend(draw(self.game.position()));
        Ok(lines)
    }

    fn moves_made(&self) -> usize {
        self.game.moves_made()
    }

    fn reply(&mut self, line: &str) -> Result<Reply, CliError> {
        let said = match Command::read(line) {
            Command::Help => vec![self.help()],
            Command::Hint | Command::Move(_) if self.waiting => vec![WAITING.into()],
            Command::Hint => self.asking(Self::hint)?,
            Command::Undo => vec![self.undo()],
            Command::Explain => self.asking(Self::explain)?,
            Command::Time(text) => vec![self.set_limit(&text, Limit::Time)],
            Command::Memory(text) => vec![self.set_limit(&text, Limit::Memory)],
            Command::Move(text) => vec![self.human_moves(&text)],
        };
        Ok(Reply::Say(said))
    }
}

impl Session {
    fn human_moves(&mut self, text: &str) -> String {
        match self.parser.parse(text, self.game.position()) {
            Ok(m) => {
                let said = format!("You: {}", self.text(&m));
                self.game.play(m);
                said
            }
            Err(e) => format!("{e}. Try again."),
        }
    }

    /// A question about the position (a hint, an explanation): a refusal (too hard within the
    /// budget) is one line, and the game goes on.
    fn asking(
        &mut self,
        question: impl FnOnce(&mut Self) -> Result<Vec<String>, CliError>,
    ) -> Result<Vec<String>, CliError> {
        match question(self) {
            Err(CliError::Usage(refusal)) => {
                Ok(vec![format!("Not answered: {}.", in_game(&refusal))])
            }
            other => other,
        }
    }

    /// `time SECONDS` or `memory MIB`: the budget of each question from now on, read as the
    /// flag of the same name is. A computer that was waiting tries again.
    fn set_limit(&mut self, text: &str, limit: Limit) -> String {
        let read = match limit {
            Limit::Time => super::whole_number::<u64>("time", "seconds", 1..=MAX_SECONDS)(text)
                .map(|n| self.limits.time = n),
            Limit::Memory => super::whole_number::<u64>("memory", "MiB", 1..=MAX_MEMORY_MIB)(text)
                .map(|n| self.limits.memory = n),
        };
        match read {
            Ok(()) => {
                self.waiting = false;
                format!(
                    "Each question may now take {} s and {} MiB.",
                    self.limits.time, self.limits.memory
                )
            }
            Err(e) => format!("{e}. Try again."),
        }
    }

    /// A move as the player reads it (Wythoff moves name the queen's cells).
    fn text(&self, m: &SumMove) -> String {
        move_text(m, self.game.position())
    }

    fn help(&self) -> String {
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
        format!(
            "{}\n\
             Commands:\n  hint     the best move, and why\n  undo     take back your last move (and the computer's reply)\n  \
             explain  the reasoning about the current position\n  show     draw the position again\n  \
             time S   let each question (a hint, the computer's move) take up to S seconds\n  \
             memory M the same for M MiB of memory\n  help     this text\n  quit     resign and leave\n\
             The computer plays {}.",
            moves.join("\n"),
            self.computer.describe()
        )
    }

    fn hint(&mut self) -> Result<Vec<String>, CliError> {
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
        Ok(match (answered.report.outcome, answered.computer_move) {
            (Outcome::N, Some(m)) => {
                let why = explained(&position, convention, answered.report)?;
                vec![
                    format!("Hint: {} wins.{measured}", self.text(&m)),
                    why.trim_end().to_string(),
                ]
            }
            (_, last_longest) => {
                let delay = last_longest
                    .map(|m| format!(" The move that makes it last longest: {}.", self.text(&m)))
                    .unwrap_or_default();
                vec![format!(
                    "Hint: no move wins here: this is a P-position, so a perfect opponent wins \
                     whatever you do.{measured}{delay}"
                )]
            }
        })
    }

    fn explain(&mut self) -> Result<Vec<String>, CliError> {
        let position = self.game.position().clone();
        let convention = self.game.convention;
        let text = explanation(&position, convention, &self.limits.budget())?;
        let mut lines = vec![text.trim_end().to_string()];
        if let Some(r) = remoteness_text(&position, convention) {
            lines.push(format!(
                "With best play on both sides, you {}, counting both sides' moves.",
                you(&r)
            ));
        }
        Ok(lines)
    }

    fn undo(&mut self) -> String {
        let Some(last) = self.game.turns.iter().rposition(|t| t.seat == self.human) else {
            return "Nothing to undo: you have not moved yet.".into();
        };
        let text = move_text(&self.game.turns[last].mv, &self.game.turns[last].before);
        // Take back the computer's replies, then the human's own move.
        self.waiting = false;
        while self.game.turns.len() > last {
            self.game.undo();
        }
        format!("Undone: {text}.")
    }

    fn finish(&self) -> Vec<String> {
        let mut lines = vec![String::new()];
        lines.extend(draw(self.game.position()));
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
        lines.push(format!(
            "Game over after {} ({yours} yours). {last}, and {rule}: {}",
            moves_text(n),
            self.style.bold(verdict)
        ));
        lines
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

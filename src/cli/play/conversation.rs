//! The one conversation of `grundy play`, whatever is played: a sum of 64-bit positions
//! (`play.rs`), heaps beyond 2^64 - 1 (`play/any_size.rs`) or a loopy game (`play/loopy.rs`).
//! The loop is here once: whose turn it is, the position drawn again when it changed (or on
//! `show`), the prompt, the line echoed when input is not a terminal, `quit`, the end of input
//! and a closed pipe. A [`Table`] supplies what differs: how its position is drawn, its moves,
//! the computer's move, and its commands (`hint`, `undo`, `draw`, ...).
//!
//! The session reads one line per move from standard input, so it works the same on a terminal
//! and with piped input (scripts, tests): end of input ends the session cleanly.

use std::io::{BufRead, IsTerminal, Write};

use crate::cli::{read_line_lossy, CliError};

/// What a line typed by the human (other than `quit` and `show`) leads to.
pub enum Reply {
    /// These lines are said, and the game goes on (a move played, a hint, a refusal).
    Say(Vec<String>),
    /// The game ends with these lines (a draw agreed).
    End(Vec<String>),
}

/// A game at the table: what the conversation asks of each kind of position.
pub trait Table {
    /// The lines that open the game: its title, who plays first, how a move is typed.
    fn intro(&mut self) -> Result<Vec<String>, CliError>;
    /// When the game is over, the lines that say how it ended (the last position, who won).
    fn ended(&mut self) -> Result<Option<Vec<String>>, CliError>;
    /// Whether the computer moves now.
    fn computer_to_move(&self) -> bool;
    /// The computer's move, played: the lines that say it (or why it waits).
    fn computer_moves(&mut self) -> Result<Vec<String>, CliError>;
    /// The position as the human sees it before moving.
    fn position_lines(&self) -> Result<Vec<String>, CliError>;
    /// How many moves have been made: the position is drawn again when this changes.
    fn moves_made(&self) -> usize;
    /// A command or a move the human typed.
    fn reply(&mut self, line: &str) -> Result<Reply, CliError>;
}

/// `1 move`, `3 moves`.
pub fn moves_text(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// Plays `table` with the human on standard input and output. A closed pipe
/// (`grundy play ... | head`) ends it without an error.
pub fn converse(table: &mut impl Table) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let conversation = Conversation {
        input: stdin.lock(),
        out: std::io::stdout().lock(),
        echo,
    };
    match conversation.run(table) {
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// The human's side: lines read from `input`, everything said written to `out`.
struct Conversation<R, W> {
    input: R,
    out: W,
    /// Echo each line read after the prompt (input is not a terminal), so that a transcript
    /// reads naturally.
    echo: bool,
}

impl<R: BufRead, W: Write> Conversation<R, W> {
    fn say(&mut self, lines: &[String]) -> Result<(), CliError> {
        for line in lines {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    fn run(mut self, table: &mut impl Table) -> Result<(), CliError> {
        self.say(&table.intro()?)?;
        // How many moves had been made when the position was last drawn: it is drawn again
        // only when it changed (or on `show`), so a mistyped move does not repeat a board.
        let mut drawn_at = None;
        loop {
            if let Some(end) = table.ended()? {
                return self.say(&end);
            }
            if table.computer_to_move() {
                let said = table.computer_moves()?;
                self.say(&said)?;
                continue;
            }
            if drawn_at != Some(table.moves_made()) {
                self.say(&table.position_lines()?)?;
                drawn_at = Some(table.moves_made());
            }
            let Some(line) = self.prompt()? else {
                let n = moves_text(table.moves_made());
                return self.say(&[format!(
                    "\nEnd of input: the game stops unfinished after {n}."
                )]);
            };
            let line = line.trim();
            match line.to_lowercase().as_str() {
                "quit" | "exit" | "q" | "resign" => {
                    let n = moves_text(table.moves_made());
                    return self.say(&[format!("You resign after {n}: the computer wins.")]);
                }
                "show" | "board" | "position" => drawn_at = None,
                _ => match table.reply(line)? {
                    Reply::Say(lines) => self.say(&lines)?,
                    Reply::End(lines) => return self.say(&lines),
                },
            }
        }
    }

    /// Prints the prompt and reads a line; `None` at end of input.
    fn prompt(&mut self) -> Result<Option<String>, CliError> {
        write!(self.out, "Your move> ")?;
        self.out.flush()?;
        let mut line = String::new();
        if read_line_lossy(&mut self.input, &mut line)? == 0 {
            return Ok(None);
        }
        if self.echo {
            writeln!(self.out, "{}", line.trim_end())?;
        }
        Ok(Some(line))
    }
}

//! Loopy games on the command line: `grundy analyze loopy TERMS...` and `grundy play loopy
//! TERMS...` (a token on a digraph, Wind-Up, subtraction with additions, Fair Shares).
//!
//! The core answers ([`grundy_core::loopy`]); this module renders its [`LoopyReport`] and runs
//! the interactive session, which keeps one labelling from start to end so that the
//! computer's winning play provably ends.

use std::collections::HashSet;
use std::io::{BufRead, IsTerminal, Write};

use grundy_core::kernel::budget::Budget;
use grundy_core::loopy::{LoopyGame, LoopyReport, Outcome};

use super::{CliError, Output};

/// The `loopy` subcommand's help.
pub const LOOPY_ABOUT: &str = "A loopy game (play may cycle, positions may be draws): terms like \
digraph{0>1,1>0,0>2}:0  windup{5;1,3}:1  loopy-sub{2,3;1;even}:7  square-but-one:6  \
fair-shares:6,3, joined by + or given as separate arguments.";

/// `grundy analyze loopy TERMS...`, within `budget` (`--time`, `--memory`).
pub fn analyze(terms: &str, budget: &Budget, out: &Output) -> Result<(), CliError> {
    let report = grundy_core::answer::loopy(terms, budget)?;
    if out.json {
        return out.json(&serde_json::to_value(&report).expect("reports always serialise"));
    }
    for line in report_lines(&report) {
        if line.starts_with(outcome_word(report.outcome)) {
            out.line(out.bold(&line))?;
        } else {
            out.line(line)?;
        }
    }
    Ok(())
}

fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P-position",
        Outcome::N => "N-position",
        Outcome::Draw => "Draw",
    }
}

/// The report as text.
pub fn report_lines(report: &LoopyReport) -> Vec<String> {
    let mut lines = vec![format!("Loopy game: {}", report.position)];
    for (i, c) in report.components.iter().enumerate() {
        lines.push(format!(
            "  {} {}: {} at {}   γ = {}",
            c.noun,
            i + 1,
            c.title,
            c.position,
            c.value_text
        ));
    }
    lines.push(format!(
        "Value of the sum (Smith's rule): {}",
        report.value_text
    ));
    lines.push(format!("{}.", capitalised(&report.outcome_text)));
    match report.moves_are {
        "winning" => lines.push("Winning moves:".into()),
        "drawing" => lines.push("Moves that keep the draw:".into()),
        _ => {}
    }
    for mv in &report.moves {
        lines.push(format!("  {mv}   (value after: {})", mv.value_after));
    }
    if let (Some(best), "winning") = (&report.best, report.moves_are) {
        lines.push(format!(
            "The strategy plays {best}: of the winning moves, the one that makes the (sum of \
             values, sum of counters) least, so the win comes in finitely many moves."
        ));
    }
    for g in &report.graphs {
        lines.push(format!("Proven for {}: {}.", g.term, g.proven));
    }
    lines
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// `grundy play loopy TERMS...`: the human against the perfect computer. The graphs are
/// explored and labelled once, within `budget` (play's default budget of a question).
pub fn play(terms: &str, human_first: bool, budget: &Budget, out: &Output) -> Result<(), CliError> {
    let game = grundy_core::answer::loopy_game(terms, budget)?;
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut session = Session {
        input: stdin.lock(),
        out: std::io::stdout().lock(),
        echo,
        game,
        human_to_move: human_first,
        seen: HashSet::new(),
        moves_made: 0,
        style: *out,
    };
    match session.run() {
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// `1 move`, `3 moves`.
fn moves_text(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// A loopy game in progress.
struct Session<R, W> {
    input: R,
    out: W,
    echo: bool,
    game: LoopyGame,
    human_to_move: bool,
    /// Positions met, with who was to move: a drawn one met again ends the game.
    seen: HashSet<(Vec<(usize, grundy_core::loopy::rules::LoopyPosition)>, bool)>,
    moves_made: usize,
    style: Output,
}

impl<R: BufRead, W: Write> Session<R, W> {
    fn say(&mut self, text: impl AsRef<str>) -> Result<(), CliError> {
        writeln!(self.out, "{}", text.as_ref())?;
        Ok(())
    }

    fn run(&mut self) -> Result<(), CliError> {
        let title = format!("Loopy game: {}", self.game.to_terms());
        self.say(self.style.bold(&title))?;
        self.say(
            "Whoever cannot move loses; play may go on for ever. Type the number of a move, or: \
             hint, draw (accept a draw when one is offered), quit.",
        )?;
        loop {
            let moves = self.game.moves();
            if moves.is_empty() {
                let who = if self.human_to_move {
                    "You cannot move: the computer wins."
                } else {
                    "The computer cannot move: you win."
                };
                return self.say(format!("{who} ({})", moves_text(self.moves_made)));
            }
            let key = (self.game.key(), self.human_to_move);
            let drawn = self.game.outcome() == Outcome::Draw;
            if drawn && !self.seen.insert(key) {
                return self.say(format!(
                    "The position {} repeats and its value {} proves it a draw: neither player \
                     can force a win. Game drawn after {}.",
                    self.game.to_terms(),
                    self.game.value(),
                    moves_text(self.moves_made)
                ));
            }
            if !self.human_to_move {
                let mv = self
                    .game
                    .best_move()
                    .expect("a position with moves has a best move");
                self.say(format!("The computer plays {mv}."))?;
                self.game.play(&mv)?;
                self.after_move();
                continue;
            }
            self.say("")?;
            self.say(format!(
                "Position: {}   (value {})",
                self.game.to_terms(),
                self.game.value()
            ))?;
            if drawn {
                self.say("The computer offers a draw: with best play neither side can win from here (type draw to accept).")?;
            }
            for (i, mv) in moves.iter().enumerate() {
                self.say(format!("  {}) {mv}", i + 1))?;
            }
            let Some(line) = self.prompt()? else {
                return self.say(format!(
                    "\nEnd of input: the game stops unfinished after {} moves.",
                    self.moves_made
                ));
            };
            match line.trim().to_lowercase().as_str() {
                "quit" | "q" | "resign" => return self.say("You resign: the computer wins."),
                "hint" => self.hint()?,
                "draw" if drawn => return self.say("Draw agreed: neither player can force a win."),
                "draw" => self.say(format!(
                    "No draw: this position is {}.",
                    self.game.outcome()
                ))?,
                text => match grundy_core::kernel::parse_whole::<usize>(text)
                    .ok()
                    .and_then(|i| i.checked_sub(1))
                    .and_then(|i| moves.get(i))
                {
                    Some(mv) => {
                        self.game.play(mv)?;
                        self.after_move();
                    }
                    None => self.say(format!(
                        "\"{text}\" is not a move: type a number from 1 to {}, hint, draw or quit.",
                        moves.len()
                    ))?,
                },
            }
        }
    }

    fn after_move(&mut self) {
        self.moves_made += 1;
        self.human_to_move = !self.human_to_move;
    }

    fn hint(&mut self) -> Result<(), CliError> {
        let report = self.game.report();
        let text = match (report.outcome, &report.best) {
            (Outcome::N, Some(best)) => {
                format!("You win with {best} (value {} after it).", best.value_after)
            }
            (Outcome::Draw, Some(best)) => {
                format!("The best you can do is a draw: {best} keeps it.")
            }
            _ => "Every move loses against perfect play.".to_string(),
        };
        self.say(text)
    }

    fn prompt(&mut self) -> Result<Option<String>, CliError> {
        write!(self.out, "> ")?;
        self.out.flush()?;
        let mut line = String::new();
        if super::read_line_lossy(&mut self.input, &mut line)? == 0 {
            return Ok(None);
        }
        if self.echo {
            write!(self.out, "{line}")?;
        }
        Ok(Some(line))
    }
}

//! `grundy play` with a heap beyond 2^64 - 1 (of Nim, or of a ruleset whose value there is a
//! lookup: a subtraction game or an octal code with a proven period, Wythoff's game), in the
//! one conversation, the position shown as text. The computer's move and the hint are the
//! core's answer's ([`grundy_core::answer::Answer::any_move`]), a typed move is read and
//! checked by [`AnyPosition::typed_move`] (`1 to 5`, `1 to 2 3`, `1 4`, `take 4 from 1`; on a
//! lone Wythoff board `to 4 7`).

use grundy_core::answer::{ask, Answer, Asked, Question};
use grundy_core::any_size::AnyPosition;
use grundy_core::kernel::budget::Budget;
use grundy_core::strategy::Convention;

use super::conversation::{converse, moves_text, Reply, Table};
use crate::cli::{CliError, Output};

/// Plays `term` (which holds a heap beyond `u64`) against the perfect computer.
pub fn play(
    term: &str,
    convention: Convention,
    human_first: bool,
    budget: &Budget,
    out: &Output,
) -> Result<(), CliError> {
    let position = AnyPosition::parse(term)?;
    // The start is answered once, so that a position the core cannot answer is refused now.
    answer(&position, convention, false, budget)?;
    converse(&mut AnySizeTable {
        position,
        convention,
        budget: budget.clone(),
        style: *out,
        human_to_move: human_first,
        moves: 0,
        last_was_human: None,
    })
}

/// A game of heaps of any size in progress.
struct AnySizeTable {
    position: AnyPosition,
    convention: Convention,
    /// The budget of each question (`--time`, `--memory`).
    budget: Budget,
    style: Output,
    human_to_move: bool,
    moves: usize,
    /// Who made the last move (`None` before the first).
    last_was_human: Option<bool>,
}

impl AnySizeTable {
    fn play(&mut self, m: &grundy_core::report::Move, by_human: bool) {
        self.position = self.position.after(m);
        self.moves += 1;
        self.last_was_human = Some(by_human);
        self.human_to_move = !by_human;
    }
}

impl Table for AnySizeTable {
    fn intro(&mut self) -> Result<Vec<String>, CliError> {
        Ok(vec![format!(
            "Playing {} ({}): heaps beyond 2^64 - 1 are played through their proven period or closed form. Type a move (\"1 to 5\", \"1 4\" to take 4 from heap 1), or hint, why, show, help, quit.",
            self.position.to_terms(),
            match self.convention {
                Convention::Normal => "normal play: whoever makes the last move wins",
                Convention::Misere => "misère play: whoever makes the last move loses",
            }
        )])
    }

    fn ended(&mut self) -> Result<Option<Vec<String>>, CliError> {
        if !self.position.is_terminal() {
            return Ok(None);
        }
        let human_wins = match (self.last_was_human, self.convention) {
            (None, _) => !self.human_to_move,
            (Some(h), Convention::Normal) => h,
            (Some(h), Convention::Misere) => !h,
        };
        let verdict = if human_wins {
            self.style.bold("You win!")
        } else {
            self.style.bold("The computer wins.")
        };
        Ok(Some(vec![
            String::new(),
            format!("Position: {}", self.position.to_terms()),
            format!("Game over after {}. {verdict}", moves_text(self.moves)),
        ]))
    }

    fn computer_to_move(&self) -> bool {
        !self.human_to_move
    }

    fn computer_moves(&mut self) -> Result<Vec<String>, CliError> {
        let a = answer(&self.position, self.convention, true, &self.budget)?;
        // A position that is not over has a move, and the core's answer gives one.
        let m = a.any_move.ok_or_else(|| {
            CliError::Usage(format!(
                "no move was found from {}",
                self.position.to_terms()
            ))
        })?;
        self.play(&m, false);
        Ok(vec![format!("Computer: {m}")])
    }

    fn position_lines(&self) -> Result<Vec<String>, CliError> {
        Ok(vec![
            String::new(),
            format!("Position: {}", self.position.to_terms()),
        ])
    }

    fn moves_made(&self) -> usize {
        self.moves
    }

    fn reply(&mut self, line: &str) -> Result<Reply, CliError> {
        let said = match line.to_lowercase().as_str() {
            "help" | "?" | "h" => "Moves: \"1 to 5\" (heap 1 becomes 5), \"1 to 2 3\" (split it), \"1 4\" (take 4 from heap 1), \"take 4 from 1\"; on a Wythoff board \"to 4 7\". Commands: hint, why, show, quit.".to_string(),
            "hint" => {
                let a = answer(&self.position, self.convention, true, &self.budget)?;
                match a.any_move {
                    Some(m) if a.report.winning_move_count.bits() > 0 => format!("Hint: {m} (it wins)"),
                    Some(m) => format!("Hint: no move wins here; {m} makes the game last"),
                    None => "No move is left.".to_string(),
                }
            }
            "why" | "explain" => {
                let a = answer(&self.position, self.convention, false, &self.budget)?;
                a.report.explanation.as_ref().map_or("", |e| e.text()).to_string()
            }
            _ => match self.position.typed_move(line)? {
                Ok(m) => {
                    let said = format!("You: {m}");
                    self.play(&m, true);
                    said
                }
                Err(reason) => format!("{reason}. Try again."),
            },
        };
        Ok(Reply::Say(vec![said]))
    }
}

/// The core's answer about `position`, within `budget` (`play --time`, `--memory`).
fn answer(
    position: &AnyPosition,
    convention: Convention,
    computer_move: bool,
    budget: &Budget,
) -> Result<Answer, CliError> {
    // The hint says whether its move wins from the count of winning moves.
    let asked = Asked {
        winning_moves: true,
        explanation: !computer_move,
        computer_move,
    };
    let terms = position.to_terms();
    Ok(ask(&Question::text(
        &terms,
        convention,
        asked,
        budget.clone(),
    ))?)
}

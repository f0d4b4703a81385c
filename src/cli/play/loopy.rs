//! `grundy play loopy TERMS...` (and `play sum` with a loopy term): the human against the
//! perfect computer in the one conversation. The graphs are explored and labelled once
//! ([`grundy_core::answer::loopy_game`]), and that one labelling is kept from start to end, so
//! the computer's winning play provably ends. A drawn position met again with the same player
//! to move ends the game as a draw; in a drawn position the computer offers one.

use std::collections::HashSet;

use grundy_core::kernel::budget::Budget;
use grundy_core::loopy::rules::LoopyPosition;
use grundy_core::loopy::{LoopyGame, Outcome};

use super::conversation::{converse, moves_text, Reply, Table};
use crate::cli::{CliError, Output};

/// Plays the loopy sum written `terms`, its graphs labelled within `budget` (play's budget of
/// a question).
pub fn play(terms: &str, human_first: bool, budget: &Budget, out: &Output) -> Result<(), CliError> {
    let game = grundy_core::answer::loopy_game(terms, budget)?;
    let mut table = LoopyTable {
        game,
        human_to_move: human_first,
        seen: HashSet::new(),
        repeated: false,
        moves_made: 0,
        style: *out,
    };
    table.seen.insert(table.key());
    converse(&mut table)
}

/// A position with who is to move: a drawn one met again ends the game.
type Seen = (Vec<(usize, LoopyPosition)>, bool);

/// A loopy game in progress.
struct LoopyTable {
    game: LoopyGame,
    human_to_move: bool,
    /// Positions met, each with who was to move.
    seen: HashSet<Seen>,
    /// Whether the last move led back to a position met before with the same player to move.
    repeated: bool,
    moves_made: usize,
    style: Output,
}

impl LoopyTable {
    fn key(&self) -> Seen {
        (self.game.key(), self.human_to_move)
    }

    fn play(&mut self, mv: &grundy_core::loopy::LoopyMove) -> Result<(), CliError> {
        self.game.play(mv)?;
        self.moves_made += 1;
        self.human_to_move = !self.human_to_move;
        self.repeated = !self.seen.insert(self.key());
        Ok(())
    }

    fn hint(&self) -> String {
        let report = self.game.report();
        match (report.outcome, &report.best) {
            (Outcome::N, Some(best)) => {
                format!("You win with {best} (value {} after it).", best.value_after)
            }
            (Outcome::Draw, Some(best)) => {
                format!("The best you can do is a draw: {best} keeps it.")
            }
            _ => "Every move loses against perfect play.".to_string(),
        }
    }
}

impl Table for LoopyTable {
    fn intro(&mut self) -> Result<Vec<String>, CliError> {
        let title = format!("Loopy game: {}", self.game.to_terms());
        Ok(vec![
            self.style.bold(&title),
            "Whoever cannot move loses; play may go on for ever. Type the number of a move, or: \
             hint, draw (accept a draw when one is offered), show, help, quit."
                .into(),
        ])
    }

    fn ended(&mut self) -> Result<Option<Vec<String>>, CliError> {
        let moves = moves_text(self.moves_made);
        if self.game.moves().is_empty() {
            let who = if self.human_to_move {
                "You cannot move: the computer wins."
            } else {
                "The computer cannot move: you win."
            };
            return Ok(Some(vec![format!("{who} ({moves})")]));
        }
        if self.repeated && self.game.outcome() == Outcome::Draw {
            return Ok(Some(vec![format!(
                "The position {} repeats and its value {} proves it a draw: neither player can \
                 force a win. Game drawn after {moves}.",
                self.game.to_terms(),
                self.game.value(),
            )]));
        }
        Ok(None)
    }

    fn computer_to_move(&self) -> bool {
        !self.human_to_move
    }

    fn computer_moves(&mut self) -> Result<Vec<String>, CliError> {
        let mv = self
            .game
            .best_move()
            .expect("a position with moves has a best move");
        self.play(&mv)?;
        Ok(vec![format!("The computer plays {mv}.")])
    }

    fn position_lines(&self) -> Result<Vec<String>, CliError> {
        let mut lines = vec![
            String::new(),
            format!(
                "Position: {}   (value {})",
                self.game.to_terms(),
                self.game.value()
            ),
        ];
        if self.game.outcome() == Outcome::Draw {
            lines.push(
                "The computer offers a draw: with best play neither side can win from here \
                 (type draw to accept)."
                    .into(),
            );
        }
        for (i, mv) in self.game.moves().iter().enumerate() {
            lines.push(format!("  {}) {mv}", i + 1));
        }
        Ok(lines)
    }

    fn moves_made(&self) -> usize {
        self.moves_made
    }

    fn reply(&mut self, line: &str) -> Result<Reply, CliError> {
        let moves = self.game.moves();
        let drawn = self.game.outcome() == Outcome::Draw;
        let said = match line.to_lowercase().as_str() {
            "help" | "?" | "h" => format!(
                "Moves: the number of one of the {} listed (show lists them again). Commands: \
                 hint (the best move), draw (accept the computer's offer of a draw), show, quit.",
                moves_text(moves.len())
            ),
            "hint" => self.hint(),
            "draw" if drawn => {
                return Ok(Reply::End(vec![
                    "Draw agreed: neither player can force a win.".into()
                ]))
            }
            "draw" => format!("No draw: this position is {}.", self.game.outcome()),
            text => match grundy_core::kernel::parse_whole::<usize>(text)
                .ok()
                .and_then(|i| i.checked_sub(1))
                .and_then(|i| moves.get(i))
            {
                Some(mv) => {
                    let said = format!("You play {mv}.");
                    self.play(mv)?;
                    said
                }
                None => format!(
                    "\"{text}\" is not a move: type a number from 1 to {}, hint, draw, show or quit.",
                    moves.len()
                ),
            },
        };
        Ok(Reply::Say(vec![said]))
    }
}

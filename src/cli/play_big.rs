//! `grundy play` with a heap beyond 2^64 - 1 (of Nim, or of a ruleset whose value there is a
//! lookup: a subtraction game or an octal code with a proven period, Wythoff's game): the same
//! conversation as `grundy play` of small heaps, the position shown as text. The computer's move and the
//! hint are the core's answer's ([`grundy_core::answer::Answer::any_move`]), a typed move is
//! read and checked by [`AnyPosition::typed_move`] (`1 to 5`, `1 to 2 3`, `1 4`, `take 4 from
//! 1`; on a lone Wythoff board `to 4 7`).

use std::io::{IsTerminal, Write};

use grundy_core::answer::{ask, Answer, Asked, Question};
use grundy_core::any_size::AnyPosition;
use grundy_core::kernel::budget::Budget;
use grundy_core::strategy::Convention;

use super::{CliError, Output};

/// Plays `term` (which holds a heap beyond `u64`) against the perfect computer.
pub fn play(
    term: &str,
    convention: Convention,
    human_first: bool,
    budget: &Budget,
    out: &Output,
) -> Result<(), CliError> {
    let mut position = AnyPosition::parse(term)?;
    // The start is answered once, so that a position the core cannot answer is refused now.
    answer(&position.to_terms(), convention, false, budget)?;
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut w = std::io::stdout().lock();
    let mut say = |text: &str| -> Result<(), CliError> {
        writeln!(w, "{text}")?;
        Ok(())
    };
    say(&format!(
        "Playing {} ({}): heaps beyond 2^64 - 1 are played through their proven period or closed form. Type a move (\"1 to 5\", \"1 4\" to take 4 from heap 1), or hint, why, show, help, quit.",
        position.to_terms(),
        match convention {
            Convention::Normal => "normal play: whoever makes the last move wins",
            Convention::Misere => "misère play: whoever makes the last move loses",
        }
    ))?;
    let mut human_to_move = human_first;
    let mut moves = 0usize;
    let mut last_was_human = None;
    let mut shown = false;
    loop {
        if position.is_terminal() {
            say(&format!("\nPosition: {}", position.to_terms()))?;
            let human_wins = match (last_was_human, convention) {
                (None, _) => !human_to_move,
                (Some(h), Convention::Normal) => h,
                (Some(h), Convention::Misere) => !h,
            };
            let verdict = if human_wins {
                out.bold("You win!")
            } else {
                out.bold("The computer wins.")
            };
            return say(&format!("Game over after {moves} moves. {verdict}"));
        }
        if !human_to_move {
            let a = answer(&position.to_terms(), convention, true, budget)?;
            let Some(m) = a.any_move else {
                return say("The computer has no move.");
            };
            say(&format!("Computer: {m}"))?;
            position = position.after(&m);
            moves += 1;
            last_was_human = Some(false);
            human_to_move = true;
            shown = false;
            continue;
        }
        if !shown {
            say(&format!("\nPosition: {}", position.to_terms()))?;
            shown = true;
        }
        write!(std::io::stdout(), "Your move> ")?;
        std::io::stdout().flush()?;
        let mut line = String::new();
        if super::read_line_lossy(&mut input, &mut line)? == 0 {
            return say(&format!(
                "\nEnd of input: the game stops unfinished after {moves} moves."
            ));
        }
        let line = line.trim();
        if echo {
            say(line)?;
        }
        match line.to_lowercase().as_str() {
            "quit" | "exit" | "q" | "resign" => {
                return say(&format!(
                    "You resign after {moves} moves: the computer wins."
                ))
            }
            "help" | "?" | "h" => say("Moves: \"1 to 5\" (heap 1 becomes 5), \"1 to 2 3\" (split it), \"1 4\" (take 4 from heap 1), \"take 4 from 1\"; on a Wythoff board \"to 4 7\". Commands: hint, why, show, quit.")?,
            "show" | "board" | "position" => shown = false,
            "hint" => {
                let a = answer(&position.to_terms(), convention, true, budget)?;
                match a.any_move {
                    Some(m) if a.report.winning_move_count.bits() > 0 => say(&format!("Hint: {m} (it wins)"))?,
                    Some(m) => say(&format!("Hint: no move wins here; {m} makes the game last"))?,
                    None => say("No move is left.")?,
                }
            }
            "why" | "explain" => {
                let a = answer(&position.to_terms(), convention, false, budget)?;
                let text = a.report.explanation.as_ref().map_or("", |e| e.text());
                say(text)?;
            }
            _ => match position.typed_move(line)? {
                Ok(m) => {
                    say(&format!("You: {m}"))?;
                    position = position.after(&m);
                    moves += 1;
                    last_was_human = Some(true);
                    human_to_move = false;
                }
                Err(reason) => say(&format!("{reason}. Try again."))?,
            },
        }
    }
}

/// The core's answer about the position written `terms`, within `budget` (`play --time`,
/// `--memory`).
fn answer(
    terms: &str,
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
    Ok(ask(&Question::text(
        terms,
        convention,
        asked,
        budget.clone(),
    ))?)
}

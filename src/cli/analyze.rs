//! `grundy analyze`: who wins a position, and every winning move.
//!
//! One subcommand per ruleset of the registry (and `sum`), read into the core's text format
//! and asked of [`grundy_core::answer::ask`] within `--time`: the text, the JSON and the API's
//! `/api/analyze` all come from the same [`grundy_core::answer::Answer`]. A loopy game (`loopy`,
//! or a `sum` with a loopy term) is asked of the core's loopy door instead.

use grundy_core::answer::{ask, Asked, Question};
use grundy_core::strategy::Convention;

use super::game::AnalyzeGame;
use super::{CliError, Output};

/// The games `analyze` knows: one subcommand per ruleset, and `sum`.
///
/// Examples: grundy analyze nim 2 3 4 --explain; grundy analyze subtraction --set 1,4,9 11 15;
/// grundy analyze octal 0.77 10 20; grundy analyze sum nim:3,4 'sub{1,4,9}:11'
pub type AnalyzeCommand = AnalyzeGame;

/// Runs `grundy analyze`.
pub fn run(command: &AnalyzeCommand, out: &Output) -> Result<(), CliError> {
    let game = &command.0;
    let seconds = game.time.unwrap_or(super::game::ANALYZE_SECONDS);
    let mib = game.memory.unwrap_or(super::game::ANALYZE_MEMORY_MIB);
    let budget = super::game::question_budget(seconds, mib);
    if game.is_loopy {
        if game.flag("misere") {
            return Err(CliError::Usage(
                "loopy games are played under normal play only: drop --misere".into(),
            ));
        }
        return super::loopy::analyze(&game.term, &budget, out);
    }
    let convention = if game.flag("misere") {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let asked = Asked {
        explanation: game.flag("explain"),
        ..Asked::default()
    };
    let mut answer = ask(&Question::text(&game.term, convention, asked, budget))?;
    if game.is_sum {
        answer.report.game = "Sum of games".into();
    }
    if out.json {
        return out.json(&serde_json::to_value(&answer).expect("answers always serialise"));
    }
    let report = answer.report;
    let outcome_line = format!("{}.", report.outcome.describe());
    for line in report.to_text().lines() {
        if line == outcome_line {
            out.line(out.bold(line))?;
        } else {
            out.line(line)?;
        }
    }
    Ok(())
}

//! `grundy analyze`: who wins a position, and every winning move.
//!
//! One subcommand per ruleset of the registry (and `sum`), read into the core's text format
//! and answered by [`grundy_core::report::analyze`]: the text, the JSON and the API's
//! `/api/analyze` all come from the same [`grundy_core::report::Report`].

use grundy_core::report::analyze;
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
    if game.is_loopy {
        return super::loopy::analyze(&game.term, out);
    }
    let convention = if game.flag("misere") {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let mut report = analyze(&game.term, convention, game.flag("explain"))?;
    if game.is_sum {
        report.game = "Sum of games".into();
    }
    if out.json {
        return out.json(&serde_json::to_value(&report).expect("reports always serialise"));
    }
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

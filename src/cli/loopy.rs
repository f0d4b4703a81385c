//! Loopy games on the command line: `grundy analyze loopy TERMS...` and `grundy play loopy
//! TERMS...` (a token on a digraph, Wind-Up, subtraction with additions, Fair Shares).
//!
//! The core answers ([`grundy_core::loopy`]); this module renders its [`LoopyReport`]. The
//! game in the terminal is `grundy play`'s conversation (`cli/play/loopy.rs`).

use grundy_core::kernel::budget::Budget;
use grundy_core::loopy::{LoopyReport, Outcome};

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

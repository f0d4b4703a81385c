//! `grundy analyze`: who wins a position, and every winning move.

use clap::{Args, Subcommand};
use grundy_core::big_nim::{analyze_big, BigAnalysis, BigSum};
use grundy_core::explain::{NimExplanation, SumExplanation};
use grundy_core::games::nim::HeapJson;
use grundy_core::games::octal::OctalGame;
use grundy_core::games::all_but::AllButGame;
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::spec::{self, RulesSpec, MAX_COMPONENTS};
use grundy_core::strategy::Convention;
use grundy_core::sum::{Outcome, Sum};
use num_bigint::BigUint;
use serde_json::json;
use std::sync::Arc;

use super::{parse_amounts, parse_heap, CliError, Output};

/// The games `analyze` knows.
#[derive(Debug, Subcommand)]
pub enum AnalyzeCommand {
    /// Nim: a move takes one or more tokens from one heap.
    ///
    /// Example: grundy analyze nim 2 3 4 --explain
    Nim {
        /// Heap sizes: whole numbers of any size (up to 100000 digits).
        #[arg(required = true, allow_negative_numbers = true, value_parser = super::parse_big_heap)]
        heaps: Vec<BigUint>,
        #[command(flatten)]
        options: AnalyzeOptions,
    },
    /// A subtraction game: a move takes exactly s tokens from one heap, s in the take-set.
    ///
    /// Example: grundy analyze subtraction --set 1,4,9,12,16 11 15 14 10 23 8
    Subtraction {
        /// The take-set, e.g. 1,4,9 (amounts from 1 to 1000000).
        #[arg(long, short, value_parser = parse_amounts)]
        set: Amounts,
        /// Heap sizes.
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
        heaps: Vec<u64>,
        #[command(flatten)]
        options: AnalyzeOptions,
    },
    /// An all-but subtraction game: any amount may be taken except those listed.
    ///
    /// Example: grundy analyze all-but --except 2,3 10 11
    AllBut {
        /// The excluded amounts, e.g. 2,3.
        #[arg(long, value_parser = parse_amounts)]
        except: Amounts,
        /// Heap sizes (at most 10000000 each).
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
        heaps: Vec<u64>,
        #[command(flatten)]
        options: AnalyzeOptions,
    },
    /// An octal game (code like 0.77 or a preset name): each heap's value, the total, the winner
    /// and every winning move (splits included).
    ///
    /// Example: grundy analyze octal 0.77 10 20 31
    Octal {
        /// The octal code, e.g. 0.77, or a preset name such as kayles.
        code: String,
        /// Heap sizes.
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
        heaps: Vec<u64>,
        #[command(flatten)]
        options: AnalyzeOptions,
    },
    /// Grundy's game: a move splits one heap into two unequal heaps.
    ///
    /// Example: grundy analyze grundys-game 7 12
    GrundysGame {
        /// Heap sizes.
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
        heaps: Vec<u64>,
        #[command(flatten)]
        options: AnalyzeOptions,
    },
    /// Wythoff's game: two heaps; take any number from one heap, or the same from both.
    /// Heaps of any size (up to 100000 digits).
    ///
    /// Example: grundy analyze wythoff 10 7
    Wythoff {
        /// The first heap.
        #[arg(allow_negative_numbers = true, value_parser = super::wythoff::parse_big)]
        x: num_bigint::BigUint,
        /// The second heap.
        #[arg(allow_negative_numbers = true, value_parser = super::wythoff::parse_big)]
        y: num_bigint::BigUint,
    },
    /// A sum of games from any rulesets: terms like nim:3,4  sub{1,4,9}:11  bachet{3}:7
    /// allbut{2}:5, joined by + or given as separate arguments. Nim heaps may have any number of
    /// digits (up to 100000).
    ///
    /// Example: grundy analyze sum nim:3,4 'sub{1,4,9}:11'
    Sum {
        /// The terms.
        #[arg(required = true)]
        terms: Vec<String>,
        #[command(flatten)]
        options: AnalyzeOptions,
    },
}

/// A list of amounts given as one comma-separated argument.
#[derive(Debug, Clone)]
pub struct Amounts(pub Vec<u64>);

/// Options shared by every `analyze` game.
#[derive(Debug, Args)]
pub struct AnalyzeOptions {
    /// Misère play: whoever takes the last token loses.
    #[arg(long)]
    pub misere: bool,
    /// Show the reasoning: the heaps in binary and the nim-sum, or each component's value.
    #[arg(long)]
    pub explain: bool,
}

/// Runs `grundy analyze`.
pub fn run(command: &AnalyzeCommand, out: &Output) -> Result<(), CliError> {
    // Wythoff positions may have thousands of digits: answered by the closed form, not a sum.
    if let AnalyzeCommand::Wythoff { x, y } = command {
        return super::wythoff::analyze(x, y, out);
    }
    let (title, sum, options) = position(command)?;
    if sum.components.len() > MAX_COMPONENTS {
        return Err(CliError::Usage(format!(
            "{} heaps given: at most {MAX_COMPONENTS} are allowed",
            sum.components.len()
        )));
    }
    let convention = if options.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let analysis = analyze_big(&sum, convention)?;
    if out.json {
        out.json(&analysis_json(&title, &sum, &analysis, options.explain)?)
    } else {
        render_text(&title, &sum, &analysis, options.explain, out)
    }
}

fn position(command: &AnalyzeCommand) -> Result<(String, BigSum, &AnalyzeOptions), CliError> {
    Ok(match command {
        AnalyzeCommand::Nim { heaps, options } => ("Nim".into(), BigSum::nim(heaps), options),
        AnalyzeCommand::Subtraction {
            set,
            heaps,
            options,
        } => {
            let rules = RulesSpec::Subtraction(Arc::new(SubtractionGame::new(set.0.clone())?));
            let title = format!("Subtraction game S = {}", braces(&set.0));
            (title, heaps_of(&rules, heaps), options)
        }
        AnalyzeCommand::AllBut {
            except,
            heaps,
            options,
        } => {
            let rules = RulesSpec::AllBut(Arc::new(AllButGame::new(except.0.clone())?));
            let title = format!("All-but subtraction game, excluded {}", braces(&except.0));
            (title, heaps_of(&rules, heaps), options)
        }
        AnalyzeCommand::Octal {
            code,
            heaps,
            options,
        } => {
            let game = OctalGame::named(code)?;
            let title = format!("Octal game {game}");
            let rules = RulesSpec::Octal(Arc::new(game));
            (title, heaps_of(&rules, heaps), options)
        }
        AnalyzeCommand::GrundysGame { heaps, options } => {
            let rules = RulesSpec::Octal(Arc::new(OctalGame::grundys_game()));
            ("Grundy's game".into(), heaps_of(&rules, heaps), options)
        }
        AnalyzeCommand::Wythoff { .. } => {
            unreachable!("Wythoff positions are analysed before reaching sums")
        }
        AnalyzeCommand::Sum { terms, options } => {
            let sum = spec::parse_big_sum(&terms.join("+"))?;
            ("Sum of games".into(), sum, options)
        }
    })
}

fn heaps_of(rules: &RulesSpec, heaps: &[u64]) -> BigSum {
    Sum::new(heaps.iter().map(|&h| rules.heap(h)).collect()).into()
}

fn braces(set: &[u64]) -> String {
    let items: Vec<String> = set.iter().map(u64::to_string).collect();
    format!("{{{}}}", items.join(","))
}

fn convention_text(c: Convention) -> &'static str {
    match c {
        Convention::Normal => "normal play: whoever takes the last token wins",
        Convention::Misere => "misère play: whoever takes the last token loses",
    }
}

fn render_text(
    title: &str,
    sum: &BigSum,
    analysis: &BigAnalysis,
    explain: bool,
    out: &Output,
) -> Result<(), CliError> {
    out.line(format!(
        "{title} ({})",
        convention_text(analysis.convention)
    ))?;
    let is_nim = sum.nim_heaps().is_some();
    if explain {
        out.line(explanation_text(sum, analysis)?)?;
    } else {
        for (i, (c, v)) in sum.components.iter().zip(&analysis.values).enumerate() {
            let name = if is_nim {
                String::new()
            } else {
                format!(" [{}]", c.ruleset_name())
            };
            let value = if is_nim {
                String::new()
            } else {
                format!("  Grundy value {v}")
            };
            out.line(format!("  heap {}{name}: {c}{value}", i + 1))?;
        }
        let values: Vec<String> = analysis.values.iter().map(BigUint::to_string).collect();
        let label = if is_nim {
            "Nim-sum"
        } else {
            "Nim-sum of the values"
        };
        let terms = if values.len() > 1 {
            format!("{} = ", values.join(" XOR "))
        } else {
            String::new()
        };
        out.line(format!("{label}: {terms}{}", analysis.total))?;
        out.line(out.bold(&format!("{}.", analysis.outcome.describe())))?;
    }
    match analysis.outcome {
        Outcome::P => out.line("No winning move: every move leads to an N-position."),
        Outcome::N => {
            let moves = &analysis.winning_moves;
            let plural = if moves.total() == 1 { "" } else { "s" };
            if moves.is_complete() {
                out.line(format!("Winning move{plural}:"))?;
            } else {
                out.line(format!(
                    "{} winning move{plural}; the first {} are listed:",
                    moves.total(),
                    moves.len()
                ))?;
            }
            for m in moves {
                out.line(format!("  {m}"))?;
            }
            Ok(())
        }
    }
}

fn explanation_text(sum: &BigSum, analysis: &BigAnalysis) -> Result<String, CliError> {
    Ok(match (sum.nim_heaps(), analysis.convention) {
        (Some(heaps), c) => NimExplanation::new(&heaps, c).to_text(),
        (None, Convention::Normal) => match sum.to_sum() {
            Some(small) => SumExplanation::new(&small)?.to_text(),
            None => SumExplanation::new_big(sum)?.to_text(),
        },
        (None, Convention::Misere) => format!(
            "Misère sums have no Grundy-value shortcut: this position was solved by exhaustive search.\n{}.",
            analysis.outcome.describe()
        ),
    })
}

fn analysis_json(
    title: &str,
    sum: &BigSum,
    analysis: &BigAnalysis,
    explain: bool,
) -> Result<serde_json::Value, CliError> {
    let values: Vec<HeapJson<BigUint>> = analysis.values.iter().map(HeapJson).collect();
    let mut value = json!({
        "game": title,
        "convention": analysis.convention,
        "components": sum.components,
        "values": values,
        "nim_sum": HeapJson(&analysis.total),
        "outcome": analysis.outcome,
        "winner": match analysis.outcome { Outcome::N => "player to move", Outcome::P => "previous player" },
        "winning_move_count": analysis.winning_moves.total(),
        "winning_moves": analysis.winning_moves,
    });
    if explain {
        value["explanation"] = match (sum.nim_heaps(), sum.to_sum()) {
            (Some(heaps), _) => json!(NimExplanation::new(&heaps, analysis.convention)),
            _ if analysis.convention == Convention::Misere => {
                json!({"method": "exhaustive search"})
            }
            (None, Some(small)) => json!(SumExplanation::new(&small)?),
            (None, None) => json!(SumExplanation::new_big(sum)?),
        };
    }
    Ok(value)
}

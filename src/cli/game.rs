//! What `play` and `simulate` share: the game to play (a subcommand per ruleset) and how a
//! position is drawn in the terminal.

use std::sync::Arc;

use clap::Subcommand;
use grundy_core::games::octal::OctalGame;
use grundy_core::games::subtraction::{AllButGame, SubtractionGame};
use grundy_core::spec::{self, RulesSpec, MAX_COMPONENTS};
use grundy_core::strategy::{nim_heaps, Convention};
use grundy_core::sum::{Component, Sum};

use super::analyze::Amounts;
use super::{parse_amounts, parse_heap, CliError};

/// The games that can be played.
#[derive(Debug, Clone, Subcommand)]
pub enum GameSpec {
    /// Nim: a move takes one or more tokens from one heap.
    Nim {
        /// Heap sizes, each from 0 to 2^64 - 1.
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
        heaps: Vec<u64>,
    },
    /// A subtraction game: a move takes exactly s tokens from one heap, s in the take-set.
    Subtraction {
        /// The take-set, e.g. 1,2,3 (amounts from 1 to 1000000).
        #[arg(long, short, value_parser = parse_amounts)]
        set: Amounts,
        /// Heap sizes.
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
        heaps: Vec<u64>,
    },
    /// An all-but subtraction game: any amount may be taken except those listed.
    AllBut {
        /// The excluded amounts, e.g. 2,3.
        #[arg(long, value_parser = parse_amounts)]
        except: Amounts,
        /// Heap sizes.
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
        heaps: Vec<u64>,
    },
    /// An octal game (e.g. 0.77 or kayles). Typed moves take tokens and leave one heap (or
    /// none); moves that split a heap are played by the computer but cannot be typed yet.
    Octal {
        /// The octal code, e.g. 0.77, or a preset name such as kayles.
        code: String,
        /// Heap sizes.
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
        heaps: Vec<u64>,
    },
    /// A sum of games from any rulesets: terms like nim:3,4  sub{1,2}:5  bachet{3}:7
    /// allbut{2}:5, joined by + or given as separate arguments.
    Sum {
        /// The terms.
        #[arg(required = true)]
        terms: Vec<String>,
    },
}

impl GameSpec {
    /// A title for the game and its starting position.
    pub fn position(&self) -> Result<(String, Sum), CliError> {
        let (title, sum) = match self {
            GameSpec::Nim { heaps } => ("Nim".to_string(), Sum::nim(heaps)),
            GameSpec::Subtraction { set, heaps } => {
                let rules = RulesSpec::Subtraction(Arc::new(SubtractionGame::new(set.0.clone())?));
                let title = format!("Subtraction game S = {}", braces(&set.0));
                (title, heaps_of(&rules, heaps))
            }
            GameSpec::AllBut { except, heaps } => {
                let rules = RulesSpec::AllBut(Arc::new(AllButGame::new(except.0.clone())?));
                let title = format!("All-but subtraction game, excluded {}", braces(&except.0));
                (title, heaps_of(&rules, heaps))
            }
            GameSpec::Octal { code, heaps } => {
                let game = OctalGame::named(code)?;
                let title = format!("Octal game {game}");
                (title, heaps_of(&RulesSpec::Octal(Arc::new(game)), heaps))
            }
            GameSpec::Sum { terms } => (
                "Sum of games".to_string(),
                spec::parse_sum(&terms.join("+"))?,
            ),
        };
        if sum.components.len() > MAX_COMPONENTS {
            return Err(CliError::Usage(format!(
                "{} heaps given: at most {MAX_COMPONENTS} are allowed",
                sum.components.len()
            )));
        }
        // Values are checked once here, so a game never fails half-way (e.g. an all-but heap
        // beyond its limit).
        sum.values()?;
        Ok((title, sum))
    }
}

fn heaps_of(rules: &RulesSpec, heaps: &[u64]) -> Sum {
    Sum::new(heaps.iter().map(|&h| rules.heap(h)).collect())
}

fn braces(set: &[u64]) -> String {
    let items: Vec<String> = set.iter().map(u64::to_string).collect();
    format!("{{{}}}", items.join(","))
}

/// The rule of the convention in words.
pub fn convention_text(c: Convention) -> &'static str {
    match c {
        Convention::Normal => "normal play: whoever takes the last token wins",
        Convention::Misere => "misère play: whoever takes the last token loses",
    }
}

/// The most bars drawn for one heap; larger heaps are cut with `...`.
const MAX_BARS: u64 = 60;

/// One heap as bars, as in seed 000's Fig. 8: `||||` for 4 tokens, `-` when empty.
fn bars(tokens: u64) -> String {
    match tokens {
        0 => "-".to_string(),
        t if t > MAX_BARS => format!("{}...", "|".repeat(MAX_BARS as usize)),
        t => "|".repeat(t as usize),
    }
}

/// The position, one line per component: `  heap 3: ||||  (4)`, with the ruleset named when
/// the game mixes rulesets.
pub fn draw(sum: &Sum) -> Vec<String> {
    let mixed = nim_heaps(sum).is_none()
        && sum
            .components
            .windows(2)
            .any(|w| w[0].ruleset_name() != w[1].ruleset_name());
    let drawn: Vec<String> = sum.components.iter().map(draw_component).collect();
    let width = drawn.iter().map(|d| d.chars().count()).max().unwrap_or(0);
    let label_width = format!("heap {}", sum.components.len()).len();
    sum.components
        .iter()
        .zip(&drawn)
        .enumerate()
        .map(|(i, (c, d))| {
            let label = format!("heap {}", i + 1);
            let rules = if mixed {
                format!(" [{}]", c.ruleset_name())
            } else {
                String::new()
            };
            format!("  {label:>label_width$}: {d:<width$}  ({c}){rules}")
        })
        .collect()
}

/// One component's picture. Every ruleset is listed, so a new ruleset (Wythoff's board) gets
/// its own drawing here.
fn draw_component(c: &Component) -> String {
    match c {
        Component::Nim(_)
        | Component::Subtraction { .. }
        | Component::AllBut { .. }
        | Component::Octal { .. } => bars(c.tokens()),
        Component::Wythoff { x, y } => format!("queen at ({x}, {y})"),
    }
}

/// `Nim-sum: 2 XOR 3 XOR 4 = 5` for Nim, `Grundy values 1 XOR 0 XOR 2 = 3` for other games.
pub fn value_line(sum: &Sum) -> Result<String, CliError> {
    let values = sum.values()?;
    let total = grundy_core::nim_sum(values.iter().copied());
    let label = if nim_heaps(sum).is_some() {
        "Nim-sum"
    } else {
        "Grundy values"
    };
    let terms: Vec<String> = values.iter().map(u64::to_string).collect();
    Ok(if terms.len() > 1 && terms.len() <= 12 {
        format!("{label}: {} = {total}", terms.join(" XOR "))
    } else {
        format!("{label}: {total}")
    })
}

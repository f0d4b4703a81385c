//! What `play` and `simulate` share: the game to play (a subcommand per ruleset) and how a
//! position is drawn in the terminal.

use std::sync::Arc;

use clap::Subcommand;
use grundy_core::games::octal::OctalGame;
use grundy_core::games::subtraction::{AllButGame, SubtractionGame};
use grundy_core::games::wythoff::queen_move;
use grundy_core::spec::{self, RulesSpec, MAX_COMPONENTS};
use grundy_core::strategy::{nim_heaps, Convention};
use grundy_core::sum::{Component, Sum, SumMove};

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
    /// none), or split it: "1 to 3 4" or "1 take 2 leave 3 4".
    Octal {
        /// The octal code, e.g. 0.77, or a preset name such as kayles.
        code: String,
        /// Heap sizes.
        #[arg(required = true, allow_negative_numbers = true, value_parser = parse_heap)]
        heaps: Vec<u64>,
    },
    /// Wythoff's game: a queen on the board at (x, y) moves left, down or diagonally
    /// down-left; whoever puts her on the corner (0, 0) wins. Typed moves: "x 3" (take 3 from
    /// the first heap), "y 2", "both 2", "to 4 7". Heaps below 16384.
    Wythoff {
        /// The first heap: the queen's column.
        #[arg(allow_negative_numbers = true, value_parser = parse_heap)]
        x: u64,
        /// The second heap: the queen's row.
        #[arg(allow_negative_numbers = true, value_parser = parse_heap)]
        y: u64,
    },
    /// A sum of games from any rulesets: terms like nim:3,4  sub{1,2}:5  bachet{3}:7
    /// allbut{2}:5  octal{0.77}:9  wythoff:10,7, joined by + or given as separate arguments.
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
            GameSpec::Wythoff { x, y } => (
                "Wythoff's game".to_string(),
                Sum::new(vec![Component::Wythoff { x: *x, y: *y }]),
            ),
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

/// The position, one line per heap: `  heap 3: ||||  (4)`, with the ruleset named when the
/// game mixes rulesets; a Wythoff board is drawn under its heading line (see [`board`]).
pub fn draw(sum: &Sum) -> Vec<String> {
    if let [Component::Wythoff { x, y }] = sum.components.as_slice() {
        return board(*x, *y)
            .into_iter()
            .map(|l| format!("  {l}"))
            .collect();
    }
    let mixed = nim_heaps(sum).is_none()
        && sum
            .components
            .windows(2)
            .any(|w| w[0].ruleset_name() != w[1].ruleset_name());
    let drawn: Vec<String> = sum.components.iter().map(|c| bars(c.tokens())).collect();
    let width = sum
        .components
        .iter()
        .zip(&drawn)
        .filter(|(c, _)| !matches!(c, Component::Wythoff { .. }))
        .map(|(_, d)| d.chars().count())
        .max()
        .unwrap_or(0);
    let label_width = format!("heap {}", sum.components.len()).len();
    let mut lines = Vec::new();
    for (i, (c, d)) in sum.components.iter().zip(&drawn).enumerate() {
        let label = format!("heap {}", i + 1);
        let rules = if mixed {
            format!(" [{}]", c.ruleset_name())
        } else {
            String::new()
        };
        match c {
            Component::Wythoff { x, y } => {
                lines.push(format!(
                    "  {label:>label_width$}: queen at ({x}, {y}){rules}"
                ));
                lines.extend(board(*x, *y).into_iter().map(|l| format!("      {l}")));
            }
            _ => lines.push(format!(
                "  {label:>label_width$}: {d:<width$}  ({c}){rules}"
            )),
        }
    }
    lines
}

/// The largest Wythoff board drawn cell by cell: both heaps at most 20 (21 × 21 cells). A
/// larger position is drawn compactly: its coordinates, and the two heaps as bars.
pub const MAX_BOARD: u64 = 20;

/// A Wythoff position as a board with the origin at the bottom left (as in seed 003's table,
/// `x` across and `y` up): `Q` is the queen, `*` the corner (0, 0) where the game ends, `.`
/// any other cell. Beyond [`MAX_BOARD`] only the coordinates and two bars are drawn.
pub fn board(x: u64, y: u64) -> Vec<String> {
    if x.max(y) > MAX_BOARD {
        let number_width = x.max(y).to_string().len();
        let bar_width = bars(x.max(y)).chars().count();
        return vec![
            format!(
                "queen at ({x}, {y}): too large to draw (boards are drawn up to {MAX_BOARD} on each side)"
            ),
            format!("x: {:<bar_width$}  ({x:>number_width$})", bars(x)),
            format!("y: {:<bar_width$}  ({y:>number_width$})", bars(y)),
        ];
    }
    let row_label = y.to_string().len();
    let cell = x.to_string().len() + 1;
    let mut lines: Vec<String> = (0..=y)
        .rev()
        .map(|row| {
            let cells: String = (0..=x)
                .map(|column| {
                    let mark = match (column, row) {
                        c if c == (x, y) => 'Q',
                        (0, 0) => '*',
                        _ => '.',
                    };
                    format!("{mark:>cell$}")
                })
                .collect();
            format!("{row:>row_label$} |{cells}")
        })
        .collect();
    lines.push(format!(
        "{} +{}",
        " ".repeat(row_label),
        "-".repeat((x as usize + 1) * cell + 1)
    ));
    let columns: String = (0..=x).map(|c| format!("{c:>cell$}")).collect();
    lines.push(format!("{}  {columns}", " ".repeat(row_label)));
    lines.push(format!(
        "Q = queen at ({x}, {y}); * = the corner (0, 0), where the game ends"
    ));
    lines
}

/// A move as the player reads it: a Wythoff move says where the queen goes and what it takes
/// (`queen (10, 7) -> (6, 3): take 4 from both heaps`); other moves as [`SumMove`] shows them.
/// `position` is where the move is made; a lone board is not numbered.
pub fn move_text(m: &SumMove, position: &Sum) -> String {
    let (Component::Wythoff { x, y }, [Component::Wythoff { x: a, y: b }]) =
        (&m.from, m.to.as_slice())
    else {
        return m.to_string();
    };
    let Ok(queen) = queen_move((*x, *y), (*a, *b)) else {
        return m.to_string();
    };
    let heap = if position.components.len() == 1 {
        String::new()
    } else {
        format!("heap {}: ", m.component + 1)
    };
    format!(
        "{heap}queen ({x}, {y}) -> ({a}, {b}): {}",
        queen.take_text()
    )
}

/// `Nim-sum: 2 XOR 3 XOR 4 = 5` for Nim, `Grundy values 1 XOR 0 XOR 2 = 3` for other games.
pub fn value_line(sum: &Sum) -> Result<String, CliError> {
    let values = sum.values()?;
    let total = grundy_core::nim_sum(values.iter().copied());
    let label = if nim_heaps(sum).is_some() {
        "Nim-sum"
    } else if values.len() == 1 {
        "Grundy value"
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

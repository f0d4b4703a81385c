//! Explanations a student can follow.
//!
//! [`NimExplanation`] retraces Bouton's argument on a concrete position: write the heaps in
//! binary, one column per bit; XOR each column (a 1 where the column holds an odd number of 1s)
//! to get the nim-sum `s`; if `s = 0` every move spoils it and the player to move loses;
//! otherwise take the highest set bit `k` of `s`, pick a heap `h` with bit `k` set, and cut it to
//! `h XOR s`, which is smaller (bit `k` drops and only lower bits change) and makes the nim-sum 0.
//!
//! [`SumExplanation`] does the same for a sum of games: each component's Grundy value, their
//! nim-sum, the component to move in and the value it must reach.
//!
//! Both are plain data (serialisable for the browser) with a [`NimExplanation::to_text`]-style
//! rendering for the terminal.

mod columns;

use crate::kernel::columns::binary;
use crate::kernel::{ColumnWindow, Derivation, ValueColumns};

use std::fmt::{self, Write as _};

use serde::Serialize;

use crate::big_nim::{analyze_big, BigSum};
use crate::kernel::bouton;
use crate::kernel::bouton::NimMove;
use crate::kernel::error::Result;
use crate::kernel::nim_heap::ExactNumber;
use crate::kernel::NimHeap;
use crate::nimber::Nimber;
use crate::strategy::Convention;
use crate::sum::{Outcome, Sum};
use num_bigint::BigUint;

/// Decimal numbers longer than this are shortened in the table of columns (the moves, the
/// JSON and the list of winning moves keep them whole).
const MAX_TABLE_DIGITS: usize = 40;

/// Bouton's reasoning on one Nim position. Heaps are `u64` by default, or
/// [`num_bigint::BigUint`] for heaps of any size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(bound(serialize = "H: NimHeap"))]
pub struct NimExplanation<H = u64> {
    /// The convention explained.
    pub convention: Convention,
    /// The heaps.
    #[serde(serialize_with = "bouton::serialize_heaps")]
    #[schemars(with = "Vec<ExactNumber>")]
    pub heaps: Vec<H>,
    /// Number of binary digits of the widest heap or nim-sum (at least 1).
    pub bits: u64,
    /// The columns shown, when not all of them are (heaps wider than [`crate::kernel::MAX_SHOWN_BITS`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<ColumnWindow>,
    /// Each heap in binary, most significant first: `bits` digits, or those of `columns`.
    pub binary: Vec<String>,
    /// The nim-sum.
    #[serde(serialize_with = "NimHeap::serialize_heap")]
    #[schemars(with = "ExactNumber")]
    pub nim_sum: H,
    /// The nim-sum in binary (the same columns).
    pub nim_sum_binary: String,
    /// The highest set bit of the nim-sum (0 = units), if it is not zero.
    pub highest_bit: Option<u64>,
    /// Indices of the heaps that have that bit set.
    pub heaps_with_bit: Vec<usize>,
    /// Who wins.
    pub outcome: Outcome,
    /// The winning moves.
    #[schemars(with = "Vec<NimMove>")]
    pub moves: Vec<NimMove<H>>,
    /// Under misère play, whether the position is in the endgame where only heaps of size 0 or 1
    /// would remain after the winning move, so the normal move is adjusted.
    pub misere_endgame: bool,
}

impl<H: NimHeap> NimExplanation<H> {
    /// Explains `heaps` under `convention`.
    pub fn new(heaps: &[H], convention: Convention) -> Self {
        let s = bouton::nim_sum_of(heaps);
        let bits = heaps
            .iter()
            .chain([&s])
            .map(NimHeap::bits)
            .max()
            .unwrap_or(0)
            .max(1);
        let highest_bit = s.bits().checked_sub(1);
        let heaps_with_bit = match highest_bit {
            Some(k) => (0..heaps.len()).filter(|&i| heaps[i].bit(k)).collect(),
            None => vec![],
        };
        let (outcome, moves) = match convention {
            Convention::Normal => (
                if highest_bit.is_none() {
                    Outcome::P
                } else {
                    Outcome::N
                },
                bouton::winning_moves_of(heaps),
            ),
            Convention::Misere => (
                if bouton::is_misere_p_position_of(heaps) {
                    Outcome::P
                } else {
                    Outcome::N
                },
                bouton::misere_winning_moves_of(heaps),
            ),
        };
        let misere_endgame = convention == Convention::Misere
            && moves.iter().any(|m| {
                heaps
                    .iter()
                    .enumerate()
                    .all(|(i, h)| (if i == m.heap { &m.to } else { h }).bits() <= 1)
            });
        let columns = ColumnWindow::choose(bits, highest_bit);
        let shown = |h: &H| binary(h, bits, columns);
        NimExplanation {
            convention,
            heaps: heaps.to_vec(),
            bits,
            columns,
            binary: heaps.iter().map(shown).collect(),
            nim_sum_binary: shown(&s),
            nim_sum: s,
            highest_bit,
            heaps_with_bit,
            outcome,
            moves,
            misere_endgame,
        }
    }

    /// The explanation as plain text, one idea per line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out)
            .expect("writing to a String cannot fail");
        out
    }

    /// Writes straight into `out`: the server renders this after every move, so the lines are
    /// formatted in place rather than as one temporary string each.
    fn write_text(&self, out: &mut String) -> fmt::Result {
        let label_width = "heap ".len() + decimal_digits(self.heaps.len() as u64);
        let label_width = label_width.max("nim-sum".len());
        let numbers: Vec<String> = self.heaps.iter().map(table_number).collect();
        let nim_sum = table_number(&self.nim_sum);
        let number_width = numbers
            .iter()
            .chain([&nim_sum])
            .map(|n| n.len())
            .max()
            .unwrap_or(1);
        match self.columns {
            None => out.push_str("Heaps in binary, one column per bit:\n"),
            Some(w) => writeln!(
                out,
                "Heaps in binary, one column per bit; of the {} columns only bits {} down to {} are shown:",
                self.bits, w.high, w.low
            )?,
        }
        for (i, (h, b)) in numbers.iter().zip(&self.binary).enumerate() {
            // The label is padded by hand: `heap {}` has no single argument to pad.
            write!(out, "  heap {:<w$}", i + 1, w = label_width - "heap ".len())?;
            writeln!(out, "  {h:>number_width$} = {b}")?;
        }
        out.push_str("  ");
        let shown = self.columns.map_or(self.bits, |w| w.high - w.low + 1);
        let rule = label_width + number_width + shown as usize + 5;
        out.extend(std::iter::repeat('-').take(rule));
        out.push('\n');
        writeln!(
            out,
            "  {:<label_width$}  {:>number_width$} = {}   (XOR of each column: 1 where the column has an odd number of 1s)",
            "nim-sum", nim_sum, self.nim_sum_binary
        )?;
        if let Some(w) = self.columns {
            self.write_hidden_columns(out, w)?;
        }
        match self.highest_bit {
            None => out.push_str(
                "The nim-sum is 0. Any move changes one heap, and so changes at least one column: \
                 the nim-sum becomes non-zero and the opponent can restore 0 again.\n",
            ),
            Some(k) => {
                write!(
                    out,
                    "The highest set bit of the nim-sum is bit {k} (worth {}). Heaps with that bit set: ",
                    power_of_two(k)
                )?;
                for (n, &i) in self.heaps_with_bit.iter().enumerate() {
                    let sep = if n == 0 { "" } else { ", " };
                    write!(out, "{sep}heap {} ({})", i + 1, numbers[i])?;
                }
                out.push_str(".\n");
                if self.convention == Convention::Normal {
                    for m in &self.moves {
                        writeln!(
                            out,
                            "Cut heap {} from {} to {} XOR {} = {} (take {}): the nim-sum becomes 0.",
                            m.heap + 1,
                            m.from,
                            m.from,
                            self.nim_sum,
                            m.to,
                            m.taken()
                        )?;
                    }
                }
            }
        }
        if self.convention == Convention::Misere {
            self.write_misere_text(out)?;
        }
        writeln!(out, "{}.", self.outcome.describe())
    }

    /// What the columns outside the window hold.
    fn write_hidden_columns(&self, out: &mut String, w: ColumnWindow) -> fmt::Result {
        if w.high + 1 < self.bits {
            writeln!(
                out,
                "Columns {} down to {} (not shown) each hold an even number of 1s: the nim-sum has no bit there.",
                self.bits - 1,
                w.high + 1
            )?;
        }
        if w.low > 0 {
            writeln!(
                out,
                "Columns {} down to 0 are not shown; the exact numbers are in the moves below.",
                w.low - 1
            )?;
        }
        Ok(())
    }

    fn write_misere_text(&self, out: &mut String) -> fmt::Result {
        out.push_str(
            "Misère play: move as in normal Nim, unless that would leave only heaps of size 0 or 1; \
             then leave an odd number of 1-heaps, so the opponent takes the last token.\n",
        );
        if self.misere_endgame {
            out.push_str("This is that endgame.\n");
        }
        for m in &self.moves {
            writeln!(
                out,
                "Winning move: heap {} from {} to {} (take {}).",
                m.heap + 1,
                m.from,
                m.to,
                m.taken()
            )?;
        }
        Ok(())
    }
}

/// The number of decimal digits of `n` (1 for 0).
fn decimal_digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// `2^k` written out when it fits in `u64`, else as the power.
fn power_of_two(k: u64) -> String {
    if k < 64 {
        (1u64 << k).to_string()
    } else {
        format!("2^{k}")
    }
}

/// A number for the table of columns: whole up to [`MAX_TABLE_DIGITS`] digits, else its first
/// and last digits and its length.
fn table_number<H: NimHeap>(h: &H) -> String {
    let text = h.to_string();
    if text.len() <= MAX_TABLE_DIGITS {
        return text;
    }
    let n = text.len();
    format!("{}...{} ({n} digits)", &text[..10], &text[n - 10..])
}

/// The Sprague–Grundy reasoning on a sum of games. Values are [`Nimber`]s by default, or
/// [`num_bigint::BigUint`] for a sum holding Nim heaps of any size ([`SumExplanation::new_big`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(bound(serialize = "V: NimHeap"))]
pub struct SumExplanation<V = Nimber> {
    /// One line per component: its ruleset, position and value.
    #[schemars(with = "Vec<ComponentValue>")]
    pub components: Vec<ComponentValue<V>>,
    /// The nim-sum of the values.
    #[serde(serialize_with = "NimHeap::serialize_heap")]
    #[schemars(with = "ExactNumber")]
    pub total: V,
    /// The values in binary columns, XORed as in Bouton's table of Nim heaps.
    pub columns: ValueColumns,
    /// Who wins (normal play).
    pub outcome: Outcome,
    /// The component chosen for the winning move and the value it must reach.
    #[schemars(with = "Option<MovePlan>")]
    pub plan: Option<MovePlan<V>>,
}

/// A component and its value, for [`SumExplanation`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(bound(serialize = "V: NimHeap"))]
pub struct ComponentValue<V = Nimber> {
    /// The ruleset, e.g. `subtraction {1,4,9}`.
    pub ruleset: String,
    /// What the component is called: `heap`, `board`, `graph`, `row of coins`
    /// ([`crate::kernel::Presentation::noun`]).
    pub noun: &'static str,
    /// The position, e.g. `11`.
    pub position: String,
    /// Its Grundy value.
    #[serde(serialize_with = "NimHeap::serialize_heap")]
    #[schemars(with = "ExactNumber")]
    pub value: V,
    /// How the value follows from the mex rule (see [`Derivation`]); `None` for a Nim heap
    /// beyond `u64`, which is its own value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub derivation: Option<Derivation>,
}

/// Where a winning move is made in a sum, for [`SumExplanation`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(bound(serialize = "V: NimHeap"))]
pub struct MovePlan<V = Nimber> {
    /// Index of the component, from 0.
    pub component: usize,
    /// Its value now.
    #[serde(serialize_with = "NimHeap::serialize_heap")]
    #[schemars(with = "ExactNumber")]
    pub value: V,
    /// The value it must be moved to: `value XOR total`.
    #[serde(serialize_with = "NimHeap::serialize_heap")]
    #[schemars(with = "ExactNumber")]
    pub target: V,
    /// The position it moves to.
    pub result: String,
}

impl MovePlan {
    /// The plan of winning move `m`, whose component is worth `value` in a sum worth `total`.
    fn of_move(m: &crate::sum::SumMove, value: Nimber, total: Nimber) -> Self {
        MovePlan {
            component: m.component,
            value,
            target: value ^ total,
            result: m
                .to
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" + "),
        }
    }
}

impl SumExplanation {
    /// Explains `sum` under normal play.
    pub fn new(sum: &Sum) -> Result<Self> {
        let values = sum.values()?;
        let total = crate::nimber::nim_sum(values.iter().copied());
        let components = sum
            .components
            .iter()
            .zip(&values)
            .map(|(c, &value)| ComponentValue {
                ruleset: c.ruleset_name(),
                noun: c.noun(),
                position: c.to_string(),
                value,
                derivation: c.explain_value().ok(),
            })
            .collect();
        // The first move of the first component whose value has the total's highest bit (its
        // target is then smaller, as the table of columns shows): one winning move, found
        // without proving the others (each is a search on a board).
        let plan = match values.iter().position(|&g| g ^ total < g) {
            Some(i) => {
                let m = crate::strategy::winning_move_in(sum, i, values[i] ^ total)?;
                Some(MovePlan::of_move(&m, values[i], total))
            }
            None => None,
        };
        Ok(SumExplanation {
            columns: ValueColumns::new(&values),
            components,
            total,
            outcome: Outcome::of_value(total),
            plan,
        })
    }
}

impl SumExplanation<BigUint> {
    /// Explains `sum`, whose Nim heaps may be of any size, under normal play.
    pub fn new_big(sum: &BigSum) -> Result<Self> {
        let analysis = analyze_big(sum, Convention::Normal)?;
        let components = sum
            .components
            .iter()
            .zip(&analysis.values)
            .map(|(c, value)| ComponentValue {
                ruleset: c.ruleset_name(),
                noun: c.noun(),
                position: c.to_string(),
                value: value.clone(),
                derivation: match c {
                    crate::big_nim::BigComponent::Small(c) => c.explain_value().ok(),
                    crate::big_nim::BigComponent::Nim(_)
                    | crate::big_nim::BigComponent::Heap(_) => None,
                },
            })
            .collect();
        let plan = analysis.winning_moves.first().map(|m| {
            let value = analysis.values[m.component()].clone();
            MovePlan {
                component: m.component(),
                target: &value ^ &analysis.total,
                value,
                result: m.result_text(),
            }
        });
        Ok(SumExplanation {
            columns: ValueColumns::new(&analysis.values),
            components,
            total: analysis.total,
            outcome: analysis.outcome,
            plan,
        })
    }
}

impl<V: NimHeap> SumExplanation<V> {
    /// The explanation as plain text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out)
            .expect("writing to a String cannot fail");
        out
    }

    /// What the components are called together: `heap` when they all are heaps, `part` when
    /// they are of several kinds.
    fn common_noun(&self) -> &'static str {
        crate::kernel::common_noun(self.components.iter().map(|c| c.noun))
    }

    /// How the values were found, for the heading: by the mex rule, by closed forms, or both.
    fn how_valued(&self) -> &'static str {
        let by_mex = self
            .components
            .iter()
            .filter(|c| {
                c.derivation
                    .as_ref()
                    .is_some_and(|d| d.option_values.is_some() || d.witnesses.is_some())
            })
            .count();
        match by_mex {
            0 => "by a closed form",
            n if n == self.components.len() => "the mex of its options' values",
            _ => "the mex of its options' values, or a closed form",
        }
    }

    fn write_text(&self, out: &mut String) -> fmt::Result {
        let noun = self.common_noun();
        // A lone component: its value is the position's, with no total to take.
        let lone = self.components.len() == 1;
        writeln!(
            out,
            "Grundy value of {} {noun} ({}):",
            if lone { "the" } else { "each" },
            self.how_valued()
        )?;
        for (i, c) in self.components.iter().enumerate() {
            writeln!(
                out,
                "  {} {}: {} at {} has value {}",
                c.noun,
                i + 1,
                c.ruleset,
                c.position,
                c.value
            )?;
            if let Some(d) = &c.derivation {
                for line in d.to_text().lines() {
                    writeln!(out, "    {line}")?;
                }
            }
        }
        if lone {
            return self.write_lone_plan(out);
        }
        out.push_str("Total (nim-sum of the values): ");
        if self.components.is_empty() {
            out.push('0');
        }
        for (n, c) in self.components.iter().enumerate() {
            let sep = if n == 0 { "" } else { " XOR " };
            write!(out, "{sep}{}", c.value)?;
        }
        writeln!(out, " = {}", self.total)?;
        match &self.plan {
            None => writeln!(
                out,
                "The total is 0: every move changes one {}'s value and makes the total non-zero.",
                self.common_noun()
            )?,
            Some(p) => writeln!(
                out,
                "Move in {} {} (value {}) to a position of value {} XOR {} = {}: {} -> {}. The total becomes 0.",
                self.components[p.component].noun,
                p.component + 1,
                p.value,
                p.value,
                self.total,
                p.target,
                self.components[p.component].position,
                if p.result.is_empty() { "nothing" } else { &p.result }
            )?,
        }
        writeln!(out, "{}.", self.outcome.describe())
    }

    /// The move of a lone component: to a position of value 0, when its value is not 0.
    fn write_lone_plan(&self, out: &mut String) -> fmt::Result {
        let c = &self.components[0];
        match &self.plan {
            None => writeln!(
                out,
                "The value is 0: every move gives the {} a non-zero value, from which the other player can move back to 0.",
                c.noun
            )?,
            Some(p) => writeln!(
                out,
                "The value is {}, not 0: move the {} to a position of value 0: {} -> {}.",
                p.value,
                c.noun,
                c.position,
                if p.result.is_empty() { "nothing" } else { &p.result }
            )?,
        }
        writeln!(out, "{}.", self.outcome.describe())
    }
}

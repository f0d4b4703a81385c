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

use std::fmt::{self, Write as _};

use serde::Serialize;

use crate::error::Result;
use crate::games::nim::{self, NimMove};
use crate::nimber::{nim_sum, Nimber};
use crate::strategy::{analyze, Convention};
use crate::sum::{Outcome, Sum};

/// Bouton's reasoning on one Nim position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimExplanation {
    /// The convention explained.
    pub convention: Convention,
    /// The heaps.
    pub heaps: Vec<u64>,
    /// Number of binary digits shown (at least 1).
    pub bits: u32,
    /// Each heap in binary, `bits` digits, most significant first.
    pub binary: Vec<String>,
    /// The nim-sum.
    pub nim_sum: u64,
    /// The nim-sum in binary.
    pub nim_sum_binary: String,
    /// The highest set bit of the nim-sum (0 = units), if it is not zero.
    pub highest_bit: Option<u32>,
    /// Indices of the heaps that have that bit set.
    pub heaps_with_bit: Vec<usize>,
    /// Who wins.
    pub outcome: Outcome,
    /// The winning moves.
    pub moves: Vec<NimMove>,
    /// Under misère play, whether the position is in the endgame where only heaps of size 0 or 1
    /// would remain after the winning move, so the normal move is adjusted.
    pub misere_endgame: bool,
}

impl NimExplanation {
    /// Explains `heaps` under `convention`.
    pub fn new(heaps: &[u64], convention: Convention) -> Self {
        let s = nim_sum(heaps.iter().copied());
        let widest = heaps.iter().copied().chain([s]).max().unwrap_or(0);
        let bits = (64 - widest.leading_zeros()).max(1);
        let highest_bit = (s != 0).then(|| 63 - s.leading_zeros());
        let heaps_with_bit = match highest_bit {
            Some(k) => (0..heaps.len())
                .filter(|&i| heaps[i] >> k & 1 == 1)
                .collect(),
            None => vec![],
        };
        let (outcome, moves) = match convention {
            Convention::Normal => (Outcome::of_value(s), nim::winning_moves(heaps)),
            Convention::Misere => (
                if nim::is_misere_p_position(heaps) {
                    Outcome::P
                } else {
                    Outcome::N
                },
                nim::misere_winning_moves(heaps),
            ),
        };
        let misere_endgame = convention == Convention::Misere
            && moves.iter().any(|m| {
                heaps
                    .iter()
                    .enumerate()
                    .all(|(i, &h)| (if i == m.heap { m.to } else { h }) <= 1)
            });
        NimExplanation {
            convention,
            heaps: heaps.to_vec(),
            bits,
            binary: heaps.iter().map(|&h| binary(h, bits)).collect(),
            nim_sum: s,
            nim_sum_binary: binary(s, bits),
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
        let number_width = self
            .heaps
            .iter()
            .chain([&self.nim_sum])
            .map(|&h| decimal_digits(h))
            .max()
            .unwrap_or(1);
        out.push_str("Heaps in binary, one column per bit:\n");
        for (i, (h, b)) in self.heaps.iter().zip(&self.binary).enumerate() {
            // The label is padded by hand: `heap {}` has no single argument to pad.
            write!(out, "  heap {:<w$}", i + 1, w = label_width - "heap ".len())?;
            writeln!(out, "  {h:>number_width$} = {b}")?;
        }
        out.push_str("  ");
        let rule = label_width + number_width + self.bits as usize + 5;
        out.extend(std::iter::repeat('-').take(rule));
        out.push('\n');
        writeln!(
            out,
            "  {:<label_width$}  {:>number_width$} = {}   (XOR of each column: 1 where the column has an odd number of 1s)",
            "nim-sum", self.nim_sum, self.nim_sum_binary
        )?;
        match self.highest_bit {
            None => out.push_str(
                "The nim-sum is 0. Any move changes one heap, and so changes at least one column: \
                 the nim-sum becomes non-zero and the opponent can restore 0 again.\n",
            ),
            Some(k) => {
                write!(
                    out,
                    "The highest set bit of the nim-sum is bit {k} (worth {}). Heaps with that bit set: ",
                    1u64 << k
                )?;
                for (n, &i) in self.heaps_with_bit.iter().enumerate() {
                    let sep = if n == 0 { "" } else { ", " };
                    write!(out, "{sep}heap {} ({})", i + 1, self.heaps[i])?;
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

fn binary(value: u64, bits: u32) -> String {
    format!("{value:0width$b}", width = bits as usize)
}

/// The Sprague–Grundy reasoning on a sum of games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumExplanation {
    /// One line per component: its ruleset, position and value.
    pub components: Vec<ComponentValue>,
    /// The nim-sum of the values.
    pub total: Nimber,
    /// Who wins (normal play).
    pub outcome: Outcome,
    /// The component chosen for the winning move and the value it must reach.
    pub plan: Option<MovePlan>,
}

/// A component and its value, for [`SumExplanation`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComponentValue {
    /// The ruleset, e.g. `subtraction {1,4,9}`.
    pub ruleset: String,
    /// The position, e.g. `11`.
    pub position: String,
    /// Its Grundy value.
    pub value: Nimber,
}

/// Where a winning move is made in a sum, for [`SumExplanation`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovePlan {
    /// Index of the component, from 0.
    pub component: usize,
    /// Its value now.
    pub value: Nimber,
    /// The value it must be moved to: `value XOR total`.
    pub target: Nimber,
    /// The position it moves to.
    pub result: String,
}

impl SumExplanation {
    /// Explains `sum` under normal play.
    pub fn new(sum: &Sum) -> Result<Self> {
        let analysis = analyze(sum, Convention::Normal)?;
        let components = sum
            .components
            .iter()
            .zip(&analysis.values)
            .map(|(c, &value)| ComponentValue {
                ruleset: c.ruleset_name(),
                position: c.to_string(),
                value,
            })
            .collect();
        let plan = analysis.winning_moves.first().map(|m| {
            let value = analysis.values[m.component];
            MovePlan {
                component: m.component,
                value,
                target: value ^ analysis.total,
                result: m
                    .to
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" + "),
            }
        });
        Ok(SumExplanation {
            components,
            total: analysis.total,
            outcome: analysis.outcome,
            plan,
        })
    }

    /// The explanation as plain text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out)
            .expect("writing to a String cannot fail");
        out
    }

    fn write_text(&self, out: &mut String) -> fmt::Result {
        out.push_str("Grundy value of each component:\n");
        for (i, c) in self.components.iter().enumerate() {
            writeln!(
                out,
                "  component {}: {} at {} has value {}",
                i + 1,
                c.ruleset,
                c.position,
                c.value
            )?;
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
            None => out.push_str(
                "The total is 0: every move changes one component's value and makes the total non-zero.\n",
            ),
            Some(p) => writeln!(
                out,
                "Move in component {} (value {}) to a position of value {} XOR {} = {}: {} -> {}. The total becomes 0.",
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_000_table() {
        let e = NimExplanation::new(&[2, 3, 4], Convention::Normal);
        assert_eq!(e.binary, vec!["010", "011", "100"]);
        assert_eq!(e.nim_sum_binary, "101");
        assert_eq!(e.highest_bit, Some(2));
        assert_eq!(e.heaps_with_bit, vec![2]);
        let text = e.to_text();
        assert!(text.contains("Cut heap 3 from 4 to 4 XOR 5 = 1"), "{text}");
        assert!(text.contains("N-position"), "{text}");
    }

    #[test]
    fn p_position_and_empty() {
        let e = NimExplanation::new(&[1, 4, 5], Convention::Normal);
        assert_eq!(e.outcome, Outcome::P);
        assert!(e.moves.is_empty());
        let e = NimExplanation::new(&[], Convention::Normal);
        assert_eq!(e.bits, 1);
        assert!(e.to_text().contains("P-position"));
    }

    #[test]
    fn misere_endgame_is_flagged() {
        let e = NimExplanation::new(&[1, 1, 5], Convention::Misere);
        assert!(e.misere_endgame);
        assert_eq!(e.moves[0].to, 1);
        assert!(e.to_text().contains("This is that endgame"));
    }
}

//! Moore's theorem on a concrete position, as data and as text a student can follow: the heaps
//! in binary, each column's count of 1s and its remainder modulo `k + 1`, and a winning move
//! found column by column from the top.
//!
//! **Why the construction works** (Moore 1910, `docs/bibliography.md`). Go down the columns,
//! keeping the set `L` of heaps already lowered (a lowered heap has turned a 1 into a 0 in a
//! higher column, so it is smaller whatever its lower digits: they are free). In a column, let
//! `u` be the 1s of the heaps not in `L` and `t = |L|`:
//!
//! * if `s = (−u) mod (k + 1)` is at most `t`, give a 1 to `s` of the lowered heaps and a 0 to
//!   the others: the column holds `u + s`, a multiple of `k + 1`;
//! * otherwise lower `u mod (k + 1)` more heaps that have a 1 here (their 1 becomes 0) and give
//!   every lowered heap a 0: the column holds `u − (u mod (k + 1))`. Then `s > t` means
//!   `t + (u mod (k + 1)) < k + 1`, so at most `k` heaps are ever lowered: a legal move.
//!
//! At the end every column holds a multiple of `k + 1`: a P-position. From a P-position no move
//! keeps that: in the highest column where a lowered heap changes, every heap that changes
//! there turns a 1 into a 0, so the column loses between 1 and `k` ones.
//!
//! ```
//! use grundy_games::moore::MooreExplanation;
//! let e = MooreExplanation::new(2, &[3, 5, 6]);
//! assert_eq!(e.ones, vec![2, 2, 2]); // 3 = 011, 5 = 101, 6 = 110
//! assert_eq!(e.plan.unwrap().to, vec![3, 3, 3]);
//! ```

use std::fmt::{self, Write as _};

use serde::Serialize;

use crate::kernel::and_list;
use crate::sum::Outcome;

/// The reasoning on a lone position of Moore's Nim_k under normal play (see the module
/// documentation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct MooreExplanation {
    /// How many heaps a move may take from.
    pub k: u64,
    /// The heaps.
    pub heaps: Vec<u64>,
    /// Number of binary digits of the widest heap (at least 1): the columns shown.
    pub bits: u32,
    /// Each heap in binary, most significant first.
    pub binary: Vec<String>,
    /// Each column's count of 1s, most significant first.
    pub ones: Vec<u64>,
    /// Each column's count modulo `k + 1`: all 0 exactly at a P-position.
    pub remainders: Vec<u64>,
    /// Who wins.
    pub outcome: Outcome,
    /// A winning move and how it follows from the columns; `None` at a P-position.
    pub plan: Option<MoorePlan>,
}

/// A winning move of Moore's Nim, column by column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct MoorePlan {
    /// The heaps after the move.
    pub to: Vec<u64>,
    /// The heaps it takes from (from 0).
    pub lowered: Vec<usize>,
    /// The heaps after the move, in binary.
    pub binary: Vec<String>,
    /// Each column's count of 1s after the move: multiples of `k + 1`.
    pub ones: Vec<u64>,
    /// One step per column, from the most significant.
    pub steps: Vec<ColumnStep>,
}

/// What the move does in one binary column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ColumnStep {
    /// The column's bit (0 = units).
    pub bit: u32,
    /// The 1s there of the heaps the move leaves as they are in this column (not lowered in a
    /// higher column, not lowered here).
    pub kept_ones: u64,
    /// Heaps first lowered in this column: their 1 becomes 0.
    pub lowered_here: Vec<usize>,
    /// Heaps lowered in a higher column: their digits here are free.
    pub free: Vec<usize>,
    /// The free heaps given a 1 here.
    pub free_ones: Vec<usize>,
    /// The column's count of 1s after the move.
    pub ones: u64,
}

fn bits_of(heaps: &[u64]) -> u32 {
    heaps
        .iter()
        .map(|&h| 64 - h.leading_zeros())
        .max()
        .unwrap_or(0)
        .max(1)
}

fn bit(h: u64, b: u32) -> bool {
    h >> b & 1 == 1
}

/// Each column's count of 1s, from bit `bits - 1` down.
fn column_ones(heaps: &[u64], bits: u32) -> Vec<u64> {
    (0..bits)
        .rev()
        .map(|b| heaps.iter().filter(|&&h| bit(h, b)).count() as u64)
        .collect()
}

fn binary(h: u64, bits: u32) -> String {
    format!("{h:0width$b}", width = bits as usize)
}

/// The report carries it as any ruleset's reasoning (its JSON `kind` is the family's name,
/// `moore`, whose [`crate::family::Family::reasoning`] gives its schema).
impl crate::kernel::reasoning::PositionReasoning for MooreExplanation {
    fn kind(&self) -> &'static str {
        crate::moore::FAMILY.name
    }

    fn to_text(&self) -> String {
        MooreExplanation::to_text(self)
    }
}

impl MooreExplanation {
    /// Explains `heaps` of Moore's Nim_`k` (`k >= 1`), with the move the construction of the
    /// module documentation finds.
    pub fn new(k: u64, heaps: &[u64]) -> Self {
        let bits = bits_of(heaps);
        let ones = column_ones(heaps, bits);
        let modulus = k.saturating_add(1);
        let remainders: Vec<u64> = ones.iter().map(|&c| c % modulus).collect();
        let p = remainders.iter().all(|&r| r == 0);
        let mut e = MooreExplanation {
            k,
            heaps: heaps.to_vec(),
            bits,
            binary: heaps.iter().map(|&h| binary(h, bits)).collect(),
            ones,
            remainders,
            outcome: if p { Outcome::P } else { Outcome::N },
            plan: None,
        };
        if !p {
            let to = construct(k, heaps, bits);
            e.plan = e.plan_of(&to);
        }
        e
    }

    /// The same explanation with its plan made for the move to `to` (the hint's move), when
    /// that move is legal and leaves a P-position; otherwise without a plan.
    pub fn planned_for(mut self, to: &[u64]) -> Self {
        self.plan = self.plan_of(to);
        self
    }

    /// The column-by-column account of the move to `to`, if it is a legal move to a
    /// P-position.
    fn plan_of(&self, to: &[u64]) -> Option<MoorePlan> {
        let from = &self.heaps;
        if to.len() != from.len() || to.iter().zip(from).any(|(t, f)| t > f) {
            return None;
        }
        let lowered: Vec<usize> = (0..from.len()).filter(|&i| to[i] < from[i]).collect();
        let modulus = self.k.saturating_add(1);
        let after = column_ones(to, self.bits);
        if lowered.is_empty()
            || lowered.len() as u64 > self.k
            || after.iter().any(|&c| c % modulus != 0)
        {
            return None;
        }
        let mut above = vec![false; from.len()];
        let steps = (0..self.bits)
            .rev()
            .map(|b| {
                let free: Vec<usize> = (0..from.len()).filter(|&i| above[i]).collect();
                let lowered_here: Vec<usize> = (0..from.len())
                    .filter(|&i| !above[i] && bit(from[i], b) != bit(to[i], b))
                    .collect();
                let kept_ones = (0..from.len())
                    .filter(|&i| !above[i] && !lowered_here.contains(&i) && bit(from[i], b))
                    .count() as u64;
                let free_ones: Vec<usize> =
                    free.iter().copied().filter(|&i| bit(to[i], b)).collect();
                for &i in &lowered_here {
                    above[i] = true;
                }
                ColumnStep {
                    bit: b,
                    ones: kept_ones + free_ones.len() as u64,
                    kept_ones,
                    lowered_here,
                    free,
                    free_ones,
                }
            })
            .collect();
        Some(MoorePlan {
            to: to.to_vec(),
            lowered,
            binary: to.iter().map(|&h| binary(h, self.bits)).collect(),
            ones: after,
            steps,
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
        let m = self.k.saturating_add(1);
        writeln!(
            out,
            "Moore's theorem (Moore 1910): with moves taking from up to {} heap{}, a position is lost for the player to move exactly when every binary column holds a multiple of {m} ones.",
            self.k,
            if self.k == 1 { "" } else { "s" }
        )?;
        out.push_str("Heaps in binary, one column per bit:\n");
        let width = self
            .heaps
            .iter()
            .map(|h| h.to_string().len())
            .max()
            .unwrap_or(1);
        let label = "heap ".len() + self.heaps.len().to_string().len();
        let label = label.max(format!("mod {m}").len());
        for (i, (h, b)) in self.heaps.iter().zip(&self.binary).enumerate() {
            writeln!(
                out,
                "  {:<label$}  {h:>width$} = {b}",
                format!("heap {}", i + 1)
            )?;
        }
        let pad = " ".repeat(width + 3);
        let digits = |v: &[u64]| {
            v.iter()
                .map(|c| if *c < 10 { c.to_string() } else { "+".into() })
                .collect::<String>()
        };
        writeln!(out, "  {:<label$}  {pad}{}", "ones", digits(&self.ones))?;
        writeln!(
            out,
            "  {:<label$}  {pad}{}",
            format!("mod {m}"),
            digits(&self.remainders)
        )?;
        if self.ones.iter().any(|&c| c >= 10) {
            let counts: Vec<String> = self.ones.iter().map(u64::to_string).collect();
            writeln!(
                out,
                "  (counts of 1s, from the top: {}; + marks 10 or more)",
                counts.join(", ")
            )?;
        }
        let unbalanced: Vec<String> = (0..self.bits)
            .rev()
            .zip(&self.remainders)
            .filter(|(_, &r)| r != 0)
            .map(|(b, _)| column_name(b))
            .collect();
        match &self.plan {
            None if unbalanced.is_empty() => writeln!(
                out,
                "Every column holds a multiple of {m} ones. A move lowers 1 to {} heaps; in the highest column where one of them changes, each heap that changes there turns a 1 into a 0, so that column loses 1 to {} ones and is no longer a multiple of {m}.",
                self.k.min(self.heaps.len() as u64),
                self.k
            )?,
            None => writeln!(
                out,
                "The column{} worth {} {} not a multiple of {m}.",
                if unbalanced.len() == 1 { "" } else { "s" },
                and_list(&unbalanced),
                if unbalanced.len() == 1 { "is" } else { "are" }
            )?,
            Some(plan) => {
                writeln!(
                    out,
                    "The column{} worth {} {} not a multiple of {m}: the player to move wins. A winning move, column by column from the top (a heap lowered in a higher column is already smaller, so its lower digits are free):",
                    if unbalanced.len() == 1 { "" } else { "s" },
                    and_list(&unbalanced),
                    if unbalanced.len() == 1 { "is" } else { "are" }
                )?;
                for step in &plan.steps {
                    writeln!(out, "  {}", step.to_text(m))?;
                }
                let takes: Vec<String> = plan
                    .lowered
                    .iter()
                    .map(|&i| format!("{} from heap {}", self.heaps[i] - plan.to[i], i + 1))
                    .collect();
                writeln!(
                    out,
                    "Move: ({}) -> ({}), take {}. Every column now holds a multiple of {m} ones.",
                    list(&self.heaps),
                    list(&plan.to),
                    takes.join(" and ")
                )?;
            }
        }
        writeln!(out, "{}.", self.outcome.describe())
    }
}

impl ColumnStep {
    /// The step in words, for columns of `modulus`.
    pub fn to_text(&self, modulus: u64) -> String {
        let mut out = format!("column {}: ", column_name(self.bit));
        let kept = format!(
            "{} one{} kept",
            self.kept_ones,
            if self.kept_ones == 1 { "" } else { "s" }
        );
        out.push_str(&kept);
        if !self.lowered_here.is_empty() {
            let _ = write!(
                out,
                "; lower {} here (1 becomes 0)",
                heaps_named(&self.lowered_here)
            );
        }
        if !self.free.is_empty() {
            if self.free_ones.is_empty() {
                let _ = write!(out, "; free {} get 0", heaps_named(&self.free));
            } else {
                let _ = write!(out, "; free {} get 1", heaps_named(&self.free_ones));
            }
        }
        let _ = write!(
            out,
            " -> {} one{}, a multiple of {modulus}",
            self.ones,
            if self.ones == 1 { "" } else { "s" }
        );
        out
    }
}

/// The column of bit `b` named by its worth: `4`, or `2^70`.
fn column_name(b: u32) -> String {
    if b < 63 {
        (1u64 << b).to_string()
    } else {
        format!("2^{b}")
    }
}

fn list(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `heap 2`, `heaps 2 and 3`, `heaps 1, 2 and 4` (numbered from 1).
fn heaps_named(heaps: &[usize]) -> String {
    let names: Vec<String> = heaps.iter().map(|i| (i + 1).to_string()).collect();
    match names.as_slice() {
        [one] => format!("heap {one}"),
        [] => "no heap".into(),
        _ => format!("heaps {}", and_list(&names)),
    }
}

/// The winning move of the module documentation's construction (`heaps` not a P-position).
fn construct(k: u64, heaps: &[u64], bits: u32) -> Vec<u64> {
    let m = k.saturating_add(1);
    let mut to = heaps.to_vec();
    let mut lowered = vec![false; heaps.len()];
    for b in (0..bits).rev() {
        let ones: Vec<usize> = (0..heaps.len())
            .filter(|&i| !lowered[i] && bit(heaps[i], b))
            .collect();
        let u = ones.len() as u64;
        let need = (m - u % m) % m;
        let free: Vec<usize> = (0..heaps.len()).filter(|&i| lowered[i]).collect();
        let set = |to: &mut Vec<u64>, i: usize, one: bool| {
            to[i] = (to[i] & !(1 << b)) | (u64::from(one) << b);
        };
        if need <= free.len() as u64 {
            for (n, &i) in free.iter().enumerate() {
                set(&mut to, i, (n as u64) < need);
            }
        } else {
            for &i in &free {
                set(&mut to, i, false);
            }
            for &i in ones.iter().take((u % m) as usize) {
                lowered[i] = true;
                set(&mut to, i, false);
            }
        }
    }
    to
}

#[cfg(test)]
mod tests;

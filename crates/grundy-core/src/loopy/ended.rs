//! Games that end, standing in a loopy sum beside loopy components (`windup{5;1,3}:1 + nim:1`).
//!
//! A position of a game that ends has a Sprague–Grundy value `g`, and its generalized value is
//! that same finite `γ = g` (Smith 1966: on a graph without cycles the labelling is the mex
//! rule's). So it enters Smith's rule ([`super::SumValue::of`]) as the finite value it has in
//! sums of games that end, and the value is found by the engine of those games
//! ([`Sum::value`]: closed forms, sequences, search), not by exploring its graph: a Nim heap of
//! a million is one value, where its graph would have half a million million moves.
//!
//! The loopy strategy ([`super::strategy`]) looks one move ahead: the value of each component
//! now, and of each of its options. So a component of a game that ends is kept as a *star*
//! ([`star`]): its position and each of its options, valued, remade after every move in it.
//! Its counters are all 0; the strategy still ends every play it wins (see
//! [`super::strategy`], "Games that end").
//!
//! A move may split the component (an octal game's heap into two heaps): its position is then
//! a sum of games that end, shown as `1 + 3` and written back as one term (`octal{0.77}:1,3`).

use std::collections::HashMap;
use std::sync::Mutex;

use super::explore::Explored;
use super::gamma::GammaTable;
use super::graph::MoveGraph;
use super::rules::{LoopyPosition, LoopyRules};
use super::strategy::Solved;
use super::Gamma;
use crate::kernel::component::Component;
use crate::kernel::error::{GameError, Result};
use crate::sum::Sum;

/// The most options of one component of a game that ends in a loopy sum: each is valued, for
/// the strategy and the moves listed (a Nim heap of a million has a million).
pub const MAX_ENDED_OPTIONS: usize = 100_000;

/// The rules of a term of a game that ends in a loopy sum (`nim:3,5`, `octal{0.77}:4`): its
/// positions are sums of that game, numbered as they are met (a [`LoopyPosition`] is that
/// number, `[n]`).
#[derive(Debug)]
pub struct EndedRules {
    /// The rules as written in a term, e.g. `octal{0.77}`.
    term: String,
    /// The game's name for people.
    title: String,
    /// What a component is called.
    noun: &'static str,
    /// The position with no move left, as the ruleset writes it (a Kayles row emptied by its
    /// last move leaves no row, and is written as this: `octal{0.77}:0`).
    empty: Component,
    /// The positions met, by number.
    met: Mutex<Met>,
}

/// The positions of an [`EndedRules`] met so far, numbered.
#[derive(Debug, Default)]
struct Met {
    sums: Vec<Sum>,
    numbers: HashMap<String, u64>,
    /// The words of each move valued so far, by the numbers of its two positions (a heap of
    /// 100,000 has as many moves: each is described once, not looked for again).
    words: HashMap<(u64, u64), String>,
}

impl EndedRules {
    /// The rules of the term `text` (`nim:3,5`) and its positions, one per component, numbered,
    /// or `None` when `text` is not a term of a game that ends (its error, when its ruleset is
    /// one: a bad heap, a bad parameter).
    pub fn read(text: &str) -> Option<Result<(EndedRules, Vec<LoopyPosition>)>> {
        let name_end = text.trim().find(['{', ':']).unwrap_or(text.trim().len());
        crate::registry::family(&text.trim()[..name_end])?;
        Some(crate::spec::parse_sum(text).and_then(|sum| {
            let Some(first) = sum.components.first() else {
                return Err(GameError::invalid(
                    "term",
                    text.trim(),
                    "at least one position",
                ));
            };
            let written = Sum::new(vec![first.clone()]).to_terms();
            let term = written
                .strip_suffix(&first.position_text())
                .and_then(|t| t.strip_suffix(':'))
                .unwrap_or(&written)
                .to_string();
            let rules = EndedRules {
                term,
                title: first.ruleset_name(),
                noun: first.noun(),
                empty: first.emptied(),
                met: Mutex::new(Met::default()),
            };
            let positions = rules.number_each(sum.components);
            Ok((rules, positions))
        }))
    }

    /// Each of `components` a position of its own, numbered.
    fn number_each(&self, components: Vec<Component>) -> Vec<LoopyPosition> {
        components
            .into_iter()
            .map(|c| self.number(Sum::new(vec![c])))
            .collect()
    }

    /// The number of the position `sum`, numbering it if it is new.
    pub fn number(&self, sum: Sum) -> LoopyPosition {
        let mut met = self.met.lock().unwrap_or_else(|e| e.into_inner());
        let key = sum.to_terms();
        if let Some(&n) = met.numbers.get(&key) {
            return vec![n];
        }
        let n = met.sums.len() as u64;
        met.sums.push(sum);
        met.numbers.insert(key, n);
        vec![n]
    }

    /// The position numbered `position`.
    pub fn sum(&self, position: &LoopyPosition) -> Sum {
        let met = self.met.lock().unwrap_or_else(|e| e.into_inner());
        met.sums[position[0] as usize].clone()
    }

    /// Each option of `sum` (without repeats: two moves to the same sum, in any order of its
    /// parts, are one), with the move that reaches it.
    fn options_of(&self, sum: &Sum) -> Result<Vec<(Sum, String)>> {
        // A heap has about as many options as tokens or more: refused before they are listed.
        let limit = MAX_ENDED_OPTIONS as u64;
        if let Some(c) = sum.components.iter().find(|c| c.tokens() > limit) {
            return Err(self.too_many_options(sum, &format!("{} tokens", c.tokens())));
        }
        let mut seen = std::collections::HashSet::new();
        let mut options = Vec::new();
        for m in sum.moves()? {
            let after = sum.after(&m);
            if seen.insert(parts_key(&after)) {
                options.push((after, words(sum, &m)));
            }
            if options.len() > MAX_ENDED_OPTIONS {
                return Err(self.too_many_options(sum, "more options"));
            }
        }
        Ok(options)
    }

    /// The refusal of `sum`, which has `what` (too many options or tokens).
    fn too_many_options(&self, sum: &Sum, what: &str) -> GameError {
        GameError::too_large(
            format!(
                "{}:{} in a loopy sum ({what})",
                self.term,
                self.show_sum(sum)
            ),
            format!(
                "a game that ends has each of its options valued in a loopy sum: at most \
                 {MAX_ENDED_OPTIONS} options, and heaps of at most {MAX_ENDED_OPTIONS} tokens"
            ),
        )
    }

    /// `position` and its options, each with its value.
    fn valued(&self, position: &LoopyPosition) -> Result<Vec<(LoopyPosition, u64)>> {
        let sum = self.sum(position);
        let mut valued = vec![(position.clone(), sum.value()?)];
        for (option, words) in self.options_of(&sum)? {
            let value = option.value()?;
            let to = self.number(option);
            let mut met = self.met.lock().unwrap_or_else(|e| e.into_inner());
            met.words.insert((position[0], to[0]), words);
            drop(met);
            valued.push((to, value));
        }
        Ok(valued)
    }

    fn show_sum(&self, sum: &Sum) -> String {
        match sum.components.is_empty() {
            true => self.empty.position_shown(),
            false => {
                let parts: Vec<String> =
                    sum.components.iter().map(|c| c.position_shown()).collect();
                parts.join(" + ")
            }
        }
    }
}

impl LoopyRules for EndedRules {
    fn term(&self) -> String {
        self.term.clone()
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn noun(&self) -> &'static str {
        self.noun
    }

    fn parse_positions(&self, list: &str) -> Result<Vec<LoopyPosition>> {
        let sum = crate::spec::parse_sum(&format!("{}:{list}", self.term))?;
        Ok(self.number_each(sum.components))
    }

    fn show(&self, position: &LoopyPosition) -> String {
        self.show_sum(&self.sum(position))
    }

    fn terms(&self, positions: &[LoopyPosition]) -> Vec<String> {
        positions
            .iter()
            .map(|p| {
                let sum = self.sum(p);
                match sum.components.is_empty() {
                    true => Sum::new(vec![self.empty.clone()]).to_terms(),
                    false => sum.to_terms(),
                }
            })
            .collect()
    }

    fn numbers(&self, position: &LoopyPosition) -> Vec<u64> {
        let sum = self.sum(position);
        sum.components.iter().flat_map(|c| c.heaps()).collect()
    }

    /// Never explored (see the module documentation); listed for completeness.
    fn options(&self, position: &LoopyPosition) -> Vec<LoopyPosition> {
        let sum = self.sum(position);
        self.options_of(&sum)
            .unwrap_or_default()
            .into_iter()
            .map(|(o, _)| self.number(o))
            .collect()
    }

    fn scope(&self, _: &[LoopyPosition], _: usize) -> String {
        "a game that ends: its value is its Sprague–Grundy value (Smith 1966), found as in a sum \
         of games that end, each option's too"
            .to_string()
    }

    fn describe_move(&self, from: &LoopyPosition, to: &LoopyPosition) -> String {
        let known = {
            let met = self.met.lock().unwrap_or_else(|e| e.into_inner());
            met.words.get(&(from[0], to[0])).cloned()
        };
        if let Some(words) = known {
            return words;
        }
        let (from, to) = (self.sum(from), self.sum(to));
        let target = parts_key(&to);
        let found = from.moves().ok().and_then(|moves| {
            moves
                .into_iter()
                .find(|m| parts_key(&from.after(m)) == target)
        });
        match found {
            Some(m) => words(&from, &m),
            None => format!("{} -> {}", self.show_sum(&from), self.show_sum(&to)),
        }
    }

    fn ends(&self) -> bool {
        true
    }

    fn valued_options(
        &self,
        position: &LoopyPosition,
    ) -> Option<Result<Vec<(LoopyPosition, u64)>>> {
        Some(self.valued(position))
    }
}

/// The move `m` of `sum` in words: its ruleset's (`5 -> 2 (take 3)`), with the part moved in
/// named when `sum` has several (`heap 2: 3 -> 1 + 1`).
fn words(sum: &Sum, m: &crate::sum::SumMove) -> String {
    match sum.components.len() {
        1 => m.from.describe_move(&m.to),
        _ => m.to_string(),
    }
}

/// `sum` as its parts' terms in order: the same for two sums that differ only in the order of
/// their parts (a Kayles row of 4 split as 1 + 2 or as 2 + 1).
fn parts_key(sum: &Sum) -> String {
    let mut parts: Vec<String> = sum
        .components
        .iter()
        .map(|c| Sum::new(vec![c.clone()]).to_terms())
        .collect();
    parts.sort();
    parts.join(" + ")
}

/// The star of the position `at` of a game that ends: `at` (number 0) and each of its options
/// ([`LoopyRules::valued_options`]), each with its value, counters 0 (see the module
/// documentation).
pub fn star(rules: &dyn LoopyRules, at: &LoopyPosition) -> Result<Explored> {
    let valued = rules.valued_options(at).ok_or_else(|| {
        GameError::invalid(
            "loopy term",
            rules.term(),
            "a game that ends, valued one move ahead",
        )
    })??;
    let (positions, values): (Vec<LoopyPosition>, Vec<Gamma>) = valued
        .into_iter()
        .map(|(p, v)| (p, Gamma::Finite(v)))
        .unzip();
    let moves: Vec<(u32, u32)> = (1..positions.len() as u32).map(|to| (0, to)).collect();
    let graph = MoveGraph::checked_from_moves(positions.len(), &moves)?;
    let solved = Solved {
        graph,
        gamma: GammaTable::given(values),
    };
    Ok(Explored::given(positions, solved))
}

#[cfg(test)]
mod tests;

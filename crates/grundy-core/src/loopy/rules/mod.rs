//! The loopy rulesets, one module each, behind the [`LoopyRules`] trait.
//!
//! A loopy ruleset gives the options of a position; `loopy::explore` builds the graph from
//! them and `loopy::gamma` values it. Positions are lists of whole numbers (a vertex, a
//! heap, the heaps of a Fair Shares position), shown by the ruleset.

pub mod digraph;
pub mod fair_shares;
pub mod loopy_subtraction;
pub mod wind_up;

use std::fmt::Debug;
use std::sync::Arc;

use serde::Serialize;

use crate::games::family::{check_param_count, names_family};
use crate::kernel::error::Result;

/// A position of a loopy ruleset: a vertex `[v]`, a heap `[n]`, or several heaps played
/// together (Fair Shares), as the ruleset reads it.
pub type LoopyPosition = Vec<u64>;

/// The rules of one kind of loopy component.
pub trait LoopyRules: Debug + Send + Sync + 'static {
    /// The rules in the text format, e.g. `windup{5;1,3}`: with `:` and a list of positions
    /// after it, a term of a loopy sum.
    fn term(&self) -> String;

    /// A title for people, e.g. `Wind-Up mod 5, S = {1,3}`.
    fn title(&self) -> String;

    /// What a component is called: `token`, `heap`, `position`.
    fn noun(&self) -> &'static str;

    /// The positions a term's list names (`0,2`: two tokens), checked against the rules.
    fn parse_positions(&self, list: &str) -> Result<Vec<LoopyPosition>>;

    /// A position for people.
    fn show(&self, position: &LoopyPosition) -> String {
        position
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The terms' lists that write `positions` back (one term each): by default one list of
    /// all of them.
    fn lists(&self, positions: &[LoopyPosition]) -> Vec<String> {
        let shown: Vec<String> = positions.iter().map(|p| self.show(p)).collect();
        vec![shown.join(",")]
    }

    /// The terms that write `positions` back, rules and list (`windup{5;1,3}:1,2`): by default
    /// [`LoopyRules::term`] before each of [`LoopyRules::lists`].
    fn terms(&self, positions: &[LoopyPosition]) -> Vec<String> {
        let term = self.term();
        self.lists(positions)
            .into_iter()
            .map(|list| format!("{term}:{list}"))
            .collect()
    }

    /// The numbers a player names the position by (`/api/apply`'s `to`): by default the
    /// position's own.
    fn numbers(&self, position: &LoopyPosition) -> Vec<u64> {
        position.clone()
    }

    /// Whether this is a game that ends standing in the loopy sum
    /// (`loopy::ended`): its positions are valued one move ahead, not
    /// explored.
    fn ends(&self) -> bool {
        false
    }

    /// For a game that ends ([`LoopyRules::ends`]): `position` first, then each of its
    /// options, each with its Sprague–Grundy value. `None` for a loopy ruleset, whose graph is
    /// explored instead.
    fn valued_options(
        &self,
        _position: &LoopyPosition,
    ) -> Option<Result<Vec<(LoopyPosition, u64)>>> {
        None
    }

    /// Every option of `position`, without repeats.
    fn options(&self, position: &LoopyPosition) -> Vec<LoopyPosition>;

    /// Where to explore from to value `starts`: by default the starts themselves; rulesets
    /// with a small finite graph explore all of it, so that the labelling (and the strategy
    /// that follows its counters) is the same whichever position is asked about.
    fn roots(&self, starts: &[LoopyPosition]) -> Vec<LoopyPosition> {
        starts.to_vec()
    }

    /// What the explored graph (its `positions` and the number of its `moves`) proves, in a
    /// sentence for the answer.
    fn scope(&self, positions: &[LoopyPosition], moves: usize) -> String {
        format!(
            "the whole graph reachable from the start ({} positions, {moves} moves), closed \
             under moves: every value is exact",
            positions.len()
        )
    }

    /// A move in words, e.g. `5 -> 4 (take 1)`.
    fn describe_move(&self, from: &LoopyPosition, to: &LoopyPosition) -> String {
        format!("{} -> {}", self.show(from), self.show(to))
    }

    /// The edges to draw, for rulesets played on a drawn graph (the digraph).
    fn drawn_edges(&self) -> Option<Vec<(u64, u64)>> {
        None
    }
}

/// One parameter of a loopy family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LoopyParam {
    /// Its name: the API's JSON field and the Python keyword.
    pub name: &'static str,
    /// What it means and what is allowed.
    pub help: &'static str,
    /// An example value, as typed.
    pub example: &'static str,
}

/// A family of loopy rulesets as the front ends see it.
#[derive(Debug, Serialize)]
pub struct LoopyFamily {
    /// The name in terms: `windup`.
    pub name: &'static str,
    /// Other names accepted.
    pub aliases: &'static [&'static str],
    /// The game's name for people.
    pub title: &'static str,
    /// The rules in a sentence or two.
    pub rules: &'static str,
    /// Its parameters, in the order a term's braces give them.
    pub params: &'static [LoopyParam],
    /// What a term's list of positions means.
    pub positions: &'static str,
    /// A whole term, as an example.
    pub example: &'static str,
    /// Builds the rules from the parameters' texts, checked.
    #[serde(skip)]
    pub build: fn(&[&str]) -> Result<Arc<dyn LoopyRules>>,
}

impl LoopyFamily {
    /// The rules with these parameters (texts, in the order of [`LoopyFamily::params`]).
    pub fn rules(&self, params: &[&str]) -> Result<Arc<dyn LoopyRules>> {
        let wanted: Vec<&str> = self.params.iter().map(|p| p.name).collect();
        check_param_count(self.name, &wanted, self.example, params)?;
        (self.build)(params)
    }

    /// Whether `name` names this family (its name or an alias, in any case).
    pub fn answers_to(&self, name: &str) -> bool {
        names_family(self.name, self.aliases, name)
    }
}

/// Reads one whole number of a loopy term, at most `max`.
pub(crate) fn number(text: &str, what: &str, min: u64, max: u64) -> Result<u64> {
    let allowed = format!("a whole number from {min} to {max}");
    let text = text.trim();
    let value = crate::kernel::list::parse_whole::<u64>(text).map_err(|why| match why {
        crate::kernel::list::NotWhole::TooLarge => {
            crate::kernel::error::GameError::out_of_range(what, text, allowed.clone())
        }
        crate::kernel::list::NotWhole::Malformed => {
            crate::kernel::error::GameError::invalid(what, text, allowed.clone())
        }
    })?;
    if value < min || value > max {
        return Err(crate::kernel::error::GameError::out_of_range(
            what, text, allowed,
        ));
    }
    Ok(value)
}

/// Reads a comma-separated list of whole numbers from `min` to `max`, at most `most` of them.
pub(crate) fn numbers(text: &str, what: &str, min: u64, max: u64, most: usize) -> Result<Vec<u64>> {
    let items = crate::kernel::list::parse_list(text, what)?;
    if items.len() > most {
        return Err(crate::kernel::error::GameError::out_of_range(
            format!("number of {what}s"),
            items.len(),
            format!("at most {most}"),
        ));
    }
    items
        .iter()
        .map(|&v| number(&v.to_string(), what, min, max))
        .collect()
}

#[cfg(test)]
mod tests;

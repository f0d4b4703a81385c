//! What a family of rulesets tells the front ends ([`Family`]): its names, rules, parameters
//! ([`Param`], [`ParamKind`]) and positions ([`Positions`], [`Drawing`]), and how to build its
//! rules. Each ruleset module declares its own; the registry (`registry::REGISTRY`) lists them.

use std::sync::Arc;

use serde::Serialize;

pub use super::numbering::Numbering;

use crate::kernel::component::AnyRules;
use crate::kernel::error::{GameError, Result};

/// How the front ends draw a family's positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Drawing {
    /// Each component a heap of tokens.
    Heaps,
    /// Each component a queen on a quarter-infinite board (a pair of heaps).
    Queen,
    /// Each component a row of heaps played together.
    HeapRow,
    /// A grid of squares, empty or filled (Cram).
    Board,
    /// A bar of chocolate given by its row lengths, the corner poisoned (Chomp).
    Chomp,
    /// A graph of numbered vertices, a move picking a vertex (Node-Kayles).
    Graph,
    /// A graph of numbered vertices, a move picking an edge (Arc-Kayles).
    GraphEdges,
    /// A row of coins, heads or tails (the coin-turning games), written `THHTH`.
    Coins,
    /// A picture of edges standing on the ground (Green Hackenbush), written `0-1,1-2`.
    Hackenbush,
    /// A rectangle of coins, heads or tails (the two-dimensional coin-turning games), written
    /// as rows separated by `/`: `THT/TTH`.
    CoinGrid,
    /// Spots joined by lines (Sprouts), written in the notation of Applegate, Jacobson and
    /// Sleator: `0*4|1a1a`.
    Spots,
}

/// What a family's parameter holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ParamKind {
    /// A comma-separated list of whole numbers, e.g. a take-set `1,4,9`.
    Amounts,
    /// One whole number.
    Number,
    /// A word, e.g. an octal code or a preset's name.
    Word,
}

/// One parameter of a family, e.g. the take-set of a subtraction game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Param {
    /// Its name: the command line's flag (`--set`) and the API's JSON field (`"set"`).
    pub name: &'static str,
    /// A one-letter flag (`-s`), if any.
    pub short: Option<char>,
    /// Whether the command line takes it as the first plain argument (`octal 0.77 ...`)
    /// rather than as a flag.
    pub positional: bool,
    /// What it holds.
    pub kind: ParamKind,
    /// A label for forms, e.g. `Take-set S`.
    pub label: &'static str,
    /// What it means and what is allowed.
    pub help: &'static str,
    /// An example value, as typed: `1,4,9`.
    pub example: &'static str,
}

/// How a family's positions are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Positions {
    /// A label for forms, e.g. `Heaps`.
    pub label: &'static str,
    /// What the list means, e.g. `heap sizes, each a whole number`.
    pub help: &'static str,
    /// An example list, as typed: `3, 4, 5`.
    pub example: &'static str,
    /// How they are drawn.
    pub drawing: Drawing,
}

/// A family of rulesets as the front ends see it (see the module documentation).
#[derive(Debug, Serialize)]
pub struct Family {
    /// The name in terms, on the command line and in the API: `subtraction`.
    pub name: &'static str,
    /// Other names accepted in terms: `sub`.
    pub aliases: &'static [&'static str],
    /// The game's name for people: `Subtraction game`.
    pub title: &'static str,
    /// The moves, in a sentence or two. Who wins is the convention's, not the family's (normal
    /// play: whoever cannot move loses; misère play: whoever makes the last move loses), and
    /// the front ends say it beside these words, so that no rule text contradicts the play.
    pub rules: &'static str,
    /// Its parameters, in the order a term's braces give them.
    pub params: &'static [Param],
    /// How positions are given.
    pub positions: Positions,
    /// A whole term, as an example: `sub{1,4,9}:11,15`.
    pub example: &'static str,
    /// Whether `grundy sequence` computes its Grundy sequence `G(0), G(1), ...`.
    pub sequence: bool,
    /// Builds the rules from the parameters' texts, one per [`Family::params`], checked.
    #[serde(skip)]
    pub build: fn(&[&str]) -> Result<Arc<dyn AnyRules>>,
}

impl Family {
    /// The rules with these parameters (texts, in the order of [`Family::params`]).
    pub fn rules(&self, params: &[&str]) -> Result<Arc<dyn AnyRules>> {
        let wanted: Vec<&str> = self.params.iter().map(|p| p.name).collect();
        check_param_count(self.name, &wanted, self.example, params)?;
        (self.build)(params)
    }

    /// Whether `name` names this family (its name or an alias, in any case).
    pub fn answers_to(&self, name: &str) -> bool {
        names_family(self.name, self.aliases, name)
    }
}

/// Refuses `params` unless there is one per name in `wanted`, naming the family's parameters
/// and an example term (the registry's families and the loopy ones alike).
pub fn check_param_count(
    family: &str,
    wanted: &[&str],
    example: &str,
    params: &[&str],
) -> Result<()> {
    if params.len() == wanted.len() {
        return Ok(());
    }
    Err(GameError::invalid(
        format!("parameters of {family}"),
        params.join(";"),
        if wanted.is_empty() {
            format!("none: write {example}")
        } else {
            format!("{} ({}), e.g. {example}", wanted.len(), wanted.join("; "))
        },
    ))
}

/// Whether `query` is `name` or one of `aliases`, in any case, spaces around ignored.
pub fn names_family(name: &str, aliases: &[&str], query: &str) -> bool {
    let query = query.trim();
    name.eq_ignore_ascii_case(query) || aliases.iter().any(|a| a.eq_ignore_ascii_case(query))
}

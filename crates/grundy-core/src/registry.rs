//! The registry of rulesets: every game the front ends offer, declared once.
//!
//! Each ruleset module declares a [`Family`]: its name and aliases, a title and its rules in a
//! sentence, its parameters (a take-set, an octal code, the `k` of Moore's Nim), how its
//! positions are written, and how to build its rules from the parameters. [`REGISTRY`] lists
//! the families; the text format of positions ([`crate::spec`]), the command line (`analyze`,
//! `play`, `simulate`), the server's positions and the page's list of games all read it, so
//! a new ruleset is one module and one line here.
//!
//! ## The text format
//!
//! A position is a sum of *terms* joined by `+`. A term is `NAME{PARAMETERS}:POSITIONS`: the
//! family's name or an alias, its parameters in braces (separated by `;` when there are
//! several; no braces when there are none), a colon, and the positions as a comma-separated
//! list whose meaning the ruleset's [`crate::kernel::PositionForm`] gives (`3,4` is two heaps;
//! `10,7` is one Wythoff pair; `3,4,5` is one row of Moore's Nim):
//!
//! ```
//! use grundy_core::registry::{family, REGISTRY};
//! use grundy_core::spec::parse_sum;
//!
//! let sum = parse_sum("nim:3,4 + sub{1,4,9}:11 + lasker:7 + moore{2}:1,2,3").unwrap();
//! assert_eq!(sum.components.len(), 5);
//! // Each term names a registered family.
//! assert_eq!(family("sub").unwrap().name, "subtraction");
//! assert!(REGISTRY.iter().any(|f| f.name == "wythoff"));
//! // A sum writes itself back in the same format.
//! assert_eq!(sum.to_terms(), "nim:3,4 + sub{1,4,9}:11 + lasker:7 + moore{2}:1,2,3");
//! ```

mod forms;

pub use forms::{first_coin, grid_numbering, move_forms, noun, presets};

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use serde::Serialize;

use crate::games::{
    acrostic, all_but, coins, hackenbush, lasker, moore, nim, octal, rules, subtraction,
    take_break, tartan, wythoff,
};
use crate::kernel::error::{GameError, Result};
use crate::kernel::Ruleset;
use crate::sum::Component;

/// Every registered ruleset family, in the order the front ends list them.
pub static REGISTRY: &[&Family] = &[
    &nim::FAMILY,
    &subtraction::FAMILY,
    &subtraction::BACHET,
    &all_but::FAMILY,
    &octal::FAMILY,
    &octal::GRUNDYS_GAME,
    &take_break::FAMILY,
    &wythoff::FAMILY,
    &lasker::FAMILY,
    &moore::FAMILY,
    &rules::cram::FAMILY,
    &rules::chomp::FAMILY,
    &rules::kayles_graphs::NODE_KAYLES,
    &rules::kayles_graphs::ARC_KAYLES,
    &coins::TURNING_TURTLES,
    &coins::TWINS,
    &coins::MOCK_TURTLES,
    &coins::RULER,
    &hackenbush::FAMILY,
    &coins::RULED,
    &tartan::FAMILY,
    &tartan::TURNING_CORNERS,
    &tartan::RUGS,
    &acrostic::FAMILY,
    &acrostic::ACROSTIC_TWINS,
];

/// A ruleset with its type forgotten: what the registry builds and a [`Component`] points to.
pub trait AnyRules: Debug + Send + Sync + 'static {
    /// The rules in the text format (see [`Ruleset::term`]).
    fn term(&self) -> String;
    /// A short name (see [`Ruleset::name`]).
    fn name(&self) -> String;
    /// A title for people (see [`Ruleset::title`]).
    fn title(&self) -> String;
    /// Whether a move may leave several components (see [`Ruleset::splits`]).
    fn splits(&self) -> bool;
    /// The amounts the rules list (see [`Ruleset::amounts`]).
    fn amounts(&self) -> &[u64];
    /// The Grundy sequence, for rulesets with one (see [`Ruleset::sequence`]).
    fn sequence(&self) -> Option<&dyn crate::kernel::heap_sequence::HeapSequence>;
    /// The components a term's list of positions names, e.g. `3,4` (two heaps).
    fn components(self: Arc<Self>, positions: &str) -> Result<Vec<Component>>;
    /// The components a list of numbers names (see [`Ruleset::positions_from`]).
    fn components_from(self: Arc<Self>, numbers: Vec<u64>) -> Result<Vec<Component>>;
    /// The ruleset itself, to look at its own type.
    fn as_any(&self) -> &dyn Any;
}

impl<R: Ruleset> AnyRules for R {
    fn term(&self) -> String {
        Ruleset::term(self)
    }

    fn name(&self) -> String {
        Ruleset::name(self)
    }

    fn title(&self) -> String {
        Ruleset::title(self)
    }

    fn splits(&self) -> bool {
        Ruleset::splits(self)
    }

    fn amounts(&self) -> &[u64] {
        Ruleset::amounts(self)
    }

    fn sequence(&self) -> Option<&dyn crate::kernel::heap_sequence::HeapSequence> {
        Ruleset::sequence(self)
    }

    fn components(self: Arc<Self>, positions: &str) -> Result<Vec<Component>> {
        Ok(self
            .parse_positions(positions)?
            .into_iter()
            .map(|p| Component::new(&self, p))
            .collect())
    }

    fn components_from(self: Arc<Self>, numbers: Vec<u64>) -> Result<Vec<Component>> {
        Ok(self
            .positions_from(numbers)?
            .into_iter()
            .map(|p| Component::new(&self, p))
            .collect())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// How the front ends draw a family's positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
}

/// What a family's parameter holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
    /// The rules in a sentence or two.
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
        if params.len() != self.params.len() {
            let wanted: Vec<&str> = self.params.iter().map(|p| p.name).collect();
            return Err(GameError::invalid(
                format!("parameters of {}", self.name),
                params.join(";"),
                if wanted.is_empty() {
                    format!("none: write {}", self.example)
                } else {
                    format!(
                        "{} ({}), e.g. {}",
                        wanted.len(),
                        wanted.join("; "),
                        self.example
                    )
                },
            ));
        }
        (self.build)(params)
    }

    /// Whether `name` names this family (its name or an alias, in any case).
    pub fn answers_to(&self, name: &str) -> bool {
        let name = name.trim();
        self.name.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

/// The family named `name` (its name or an alias, in any case).
pub fn family(name: &str) -> Option<&'static Family> {
    REGISTRY.iter().copied().find(|f| f.answers_to(name))
}

/// The families' names, for errors: `nim, subtraction, ...`.
pub fn names() -> String {
    REGISTRY
        .iter()
        .map(|f| f.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Examples of every family's term, for errors: `nim:3,4, sub{1,4,9}:11, ...`.
pub fn examples() -> String {
    REGISTRY
        .iter()
        .map(|f| f.example)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The ruleset of type `R` in `rules`, if it is one.
pub fn downcast<R: Ruleset>(rules: &dyn AnyRules) -> Option<&R> {
    rules.as_any().downcast_ref::<R>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every family's example reads, and writes itself back: the registry is the format.
    #[test]
    fn every_example_round_trips() {
        for f in REGISTRY {
            let sum =
                crate::spec::parse_sum(f.example).unwrap_or_else(|e| panic!("{}: {e}", f.example));
            assert!(!sum.components.is_empty(), "{}", f.example);
            let again = crate::spec::parse_sum(&sum.to_terms()).unwrap();
            assert_eq!(again, sum, "{}", f.example);
            assert!(family(f.name).is_some_and(|g| std::ptr::eq(g, *f)));
            for alias in f.aliases {
                assert!(
                    family(alias).is_some_and(|g| std::ptr::eq(g, *f)),
                    "{alias}"
                );
            }
        }
    }

    /// No two families answer to the same name.
    #[test]
    fn names_are_unique() {
        let mut all: Vec<String> = REGISTRY
            .iter()
            .flat_map(|f| std::iter::once(f.name).chain(f.aliases.iter().copied()))
            .map(str::to_ascii_lowercase)
            .collect();
        let count = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), count);
    }

    #[test]
    fn wrong_parameter_counts_are_errors() {
        let err = family("nim")
            .unwrap()
            .rules(&["3"])
            .unwrap_err()
            .to_string();
        assert!(err.contains("none: write nim:"), "{err}");
        let err = family("sub").unwrap().rules(&[]).unwrap_err().to_string();
        assert!(err.contains("1 (set)"), "{err}");
    }
}

//! What a family of rulesets tells the front ends and the engines ([`Family`]): its names,
//! rules, parameters ([`Param`], [`ParamKind`]) and positions ([`Positions`], [`Drawing`]), how
//! to build its rules, how its values are known ([`known`]), whether misère quotients take it,
//! and how a search with the caller's table takes its positions. Each ruleset module declares
//! its own; the registry (`registry::REGISTRY`) lists them, and every list of games the doors
//! and engines need is read from there.

use std::sync::Arc;

use serde::Serialize;

pub use crate::kernel::numbering::Numbering;

use crate::kernel::component::{AnyRules, Component};
use crate::kernel::error::{GameError, Result};
use crate::kernel::provenance::Provenance;
use crate::kernel::reasoning::Argument;
use crate::rules::search_door::SearchDoor;

/// How the front ends draw a family's positions: a kind that the page's drawing scripts
/// register (`DRAWINGS[kind]` in the server's `assets/draw-KIND.js`), named by the family.
/// The constants below are the kinds the doors read themselves (heaps typed as numbers, a
/// queen's two heaps, a row of heaps played together, a row of coins) and those several
/// modules share (a grid of coins, a graph); a game with a drawing of its own names its kind
/// in its own module (`Drawing("spots")`), and nothing here changes.
/// The server's tests fail until some loaded script registers every kind a family names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
#[serde(transparent)]
pub struct Drawing(pub &'static str);

impl Drawing {
    /// Each component a heap of tokens.
    pub const HEAPS: Drawing = Drawing("heaps");
    /// Each component a queen on a quarter-infinite board (a pair of heaps).
    pub const QUEEN: Drawing = Drawing("queen");
    /// Each component a row of heaps played together.
    pub const HEAP_ROW: Drawing = Drawing("heap-row");
    /// A row of coins, heads or tails (the coin-turning games), written `THHTH`.
    pub const COINS: Drawing = Drawing("coins");
    /// A rectangle of coins, heads or tails (the two-dimensional coin-turning games), written
    /// as rows separated by `/`: `THT/TTH`.
    pub const COIN_GRID: Drawing = Drawing("coin-grid");
    /// A graph of numbered vertices, a move picking a vertex (Node-Kayles); shared by the
    /// games played on graphs.
    pub const GRAPH: Drawing = Drawing("graph");

    /// The kind's name, as the page's scripts register it.
    pub fn kind(self) -> &'static str {
        self.0
    }
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
    /// How the value of one of its components is known (one of [`known`]'s, or the family's
    /// own where it depends on the position, as for Cram's regions).
    #[serde(skip)]
    pub known_by: fn(&Component) -> Provenance,
    /// Whether its positions are single heaps and a move turns one heap into heaps: the
    /// rulesets whose misère quotients and genera `grundy misere` computes.
    #[serde(skip)]
    pub heap_game: bool,
    /// How a search with the caller's table, time and threads takes its positions (`grundy
    /// search`, Python's `grundy.search`, the cluster's pieces): `None` for the families that
    /// are not searched so.
    #[serde(skip)]
    pub search: Option<SearchDoor>,
    /// What the family's theory answers at once about a lone component, before any search
    /// ([`AtOnce`]: a Chomp bar); `None` for the families with nothing of the kind.
    #[serde(skip)]
    pub at_once: Option<fn(&Component) -> Option<AtOnce>>,
    /// The JSON Schema of the family's own reasoning on a lone position (its
    /// `Ruleset::explain_position`, whose `kind` is the family's name): the wire format's
    /// explanations name it; `None` for the families explained by the engines alone.
    #[serde(skip)]
    pub reasoning: Option<fn(&mut schemars::SchemaGenerator) -> schemars::Schema>,
}

/// What a family's theory answers at once about a lone component under normal play, which
/// the player to move wins ([`Family::at_once`]): every door answers it so, where a search
/// would take long or not end.
#[derive(Debug, Clone)]
pub struct AtOnce {
    /// The one winning move (the component's option, made directly: the options of a bar of
    /// a million rows are never listed), or `None` when the argument names no move.
    pub winning_move: Option<Vec<Component>>,
    /// The explanation's kind: symmetry, a closed form or strategy stealing.
    pub kind: Argument,
    /// The reasoning, in words.
    pub why: String,
    /// Where no winning move is known: why, and the move the computer plays instead (the one
    /// that gives least away).
    pub unknown: Option<(String, Vec<Component>)>,
    /// Why the component is beyond the search, when it is: a door that searches on request
    /// (`grundy search`) answers it at once rather than start a search that would not end.
    pub beyond_search: Option<String>,
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

/// The usual [`Family::known_by`]s.
pub mod known {
    use super::{Component, Provenance};

    /// Heaps from this size on are beyond the values a sequence computes bottom up for a
    /// question (2^18, the octal period search's reach in `analyze`, docs/limits.md): their
    /// values are read through the proven period.
    pub const PERIOD_FROM: u64 = 1 << 18;

    /// A theorem gives every value outright.
    pub fn closed_form(_: &Component) -> Provenance {
        Provenance::ClosedForm
    }

    /// Values computed bottom up by the mex rule.
    pub fn table(_: &Component) -> Provenance {
        Provenance::Table
    }

    /// The search engine.
    pub fn search(_: &Component) -> Provenance {
        Provenance::Search
    }

    /// A heap game's sequence: by the mex rule below [`PERIOD_FROM`], through its proven
    /// period from there.
    pub fn sequence(c: &Component) -> Provenance {
        if c.heaps().iter().any(|&h| h >= PERIOD_FROM) {
            Provenance::ProvenPeriod
        } else {
            Provenance::Table
        }
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

//! What the API alone answers: its health and the registry as the page reads it.

use serde::Serialize;

use crate::games::family::{Family, Param};
use crate::registry;

/// `GET /api/health`: `ok`, and the compute slots (the server's type).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[schemars(bound = "")]
pub struct Health<Slots> {
    pub status: &'static str,
    #[schemars(with = "super::schema::AnyJson")]
    pub compute_slots: Slots,
}

/// `grundy serve --json`: where the server listens (its first line, once it does).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Listening {
    pub url: String,
}

/// A named value of a parameter (the octal games' names, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Preset {
    pub name: &'static str,
    pub value: &'static str,
    pub about: &'static str,
}

/// A parameter of a family with its named values.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ParamEntry {
    #[serde(flatten)]
    pub param: Param,
    pub presets: Vec<Preset>,
}

/// A family as the page builds its forms from it: the registry's fields, each parameter's
/// presets, the typed move forms (`moves`, as `grundy play` reads them), what a component is
/// called (`noun`), for rows of coins the number of the leftmost coin (`first_coin`), and
/// for boards drawn square by square the numbers of the top row and the leftmost column.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct RulesetEntry {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub title: &'static str,
    pub rules: &'static str,
    pub params: Vec<ParamEntry>,
    pub positions: crate::games::family::Positions,
    pub example: &'static str,
    pub sequence: bool,
    pub moves: String,
    pub noun: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_coin: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_row: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_column: Option<u64>,
}

impl From<&Family> for RulesetEntry {
    fn from(family: &Family) -> RulesetEntry {
        let numbering = registry::grid_numbering(family);
        RulesetEntry {
            name: family.name,
            aliases: family.aliases,
            title: family.title,
            rules: family.rules,
            params: family
                .params
                .iter()
                .map(|&param| ParamEntry {
                    param,
                    presets: registry::presets(family, &param)
                        .iter()
                        .map(|&(name, value, about)| Preset { name, value, about })
                        .collect(),
                })
                .collect(),
            positions: family.positions,
            example: family.example,
            sequence: family.sequence,
            moves: registry::move_forms(family),
            noun: registry::noun(family),
            first_coin: registry::first_coin(family),
            first_row: numbering.map(|n| n.first_row),
            first_column: numbering.map(|n| n.first_col),
        }
    }
}

/// `GET /api/rulesets`: every family of the registry, and the loopy families apart (`loopy`,
/// their own type).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[schemars(bound = "")]
pub struct Rulesets<Loopy> {
    pub rulesets: Vec<RulesetEntry>,
    #[schemars(with = "super::schema::AnyJson")]
    pub loopy: Loopy,
}

impl<Loopy> Rulesets<Loopy> {
    /// The registry's families beside `loopy`.
    pub fn of_registry(loopy: Loopy) -> Self {
        Rulesets {
            rulesets: registry::REGISTRY
                .iter()
                .map(|f| RulesetEntry::from(*f))
                .collect(),
            loopy,
        }
    }
}

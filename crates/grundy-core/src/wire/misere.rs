//! Misère play's answers: the genera of a heap ruleset's heaps (`grundy misere genus`,
//! `POST /api/genus`, Python's `Genus.to_dict()`) and a misère quotient (`grundy misere
//! quotient`, Python's `MisereQuotient.to_dict()`).

use serde::Serialize;

use crate::misere::genus::HeapGenus;
use crate::misere::monoid::Presentation;
use crate::misere::quotient::MisereQuotient;
use crate::nimber::Nimber;
use crate::sum::Outcome;

/// One heap's genus: `genus` as written (`1^{031}`), its normal value `g`, its misère values
/// `g₀, g₁, …` to the end of their first period (`misere_values[0]` is the heap's value under
/// misère play), Conway's class (`kind`: tame, restive, restless or wild), whether the heap
/// and its followers are tame, and whether its options are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct GenusRow {
    pub heap: usize,
    pub genus: String,
    pub normal_value: Nimber,
    pub misere_values: Vec<Nimber>,
    pub period_start: usize,
    pub period: usize,
    pub kind: &'static str,
    pub tame: bool,
    pub options_tame: bool,
}

impl From<&HeapGenus> for GenusRow {
    fn from(g: &HeapGenus) -> GenusRow {
        GenusRow {
            heap: g.heap,
            genus: g.genus.to_string(),
            normal_value: g.genus.normal,
            misere_values: g.genus.misere.clone(),
            period_start: g.genus.period_start,
            period: g.genus.period,
            kind: g.class.name(),
            tame: g.tame,
            options_tame: g.options_tame,
        }
    }
}

/// The genera of heaps `1..=n` of a ruleset, and, when asked, a sum of its heaps and Nim
/// heaps answered by Conway's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct GenusTable {
    /// The ruleset as a term (`octal{0.77}`) or by name (`0.77`).
    pub game: String,
    /// What the genera are of: always `raw positions` (as the rules generate them, not their
    /// simplest forms).
    pub classified: &'static str,
    pub heaps: Vec<GenusRow>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sum: Option<GenusSum>,
}

impl GenusTable {
    /// The table of `genera` of `game`.
    pub fn new(game: String, genera: &[HeapGenus]) -> GenusTable {
        GenusTable {
            game,
            classified: "raw positions",
            heaps: genera.iter().map(GenusRow::from).collect(),
            sum: None,
        }
    }
}

/// A sum of heaps of the ruleset and Nim heaps, its outcome by the genus rule or the restive
/// rule (`rule`), or `null` where neither applies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct GenusSum {
    pub heaps: Vec<usize>,
    pub nim: Vec<usize>,
    pub outcome: Option<Outcome>,
    pub rule: Option<&'static str>,
}

/// A misère quotient: its order, its presentation (generators `a, b, …` and relations
/// `a^2 = 1`), the P-portion, the pretending function (`pretending[h]`: the element of a heap
/// of `h` tokens), the order after each heap was adjoined, the normal-play values beside it
/// and the number of states its proof looked at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct QuotientDoc {
    pub game: String,
    pub max_heap: usize,
    pub order: usize,
    pub generators: Vec<String>,
    pub relations: Vec<String>,
    pub p_portion: Vec<String>,
    pub pretending: Vec<String>,
    pub orders: Vec<usize>,
    pub normal_values: Vec<Nimber>,
    pub normal_order: usize,
    pub proof_states: usize,
}

impl QuotientDoc {
    /// The document of `q`.
    pub fn of(q: &MisereQuotient) -> QuotientDoc {
        let generators = (0..q.presentation.generators.len())
            .map(Presentation::generator_name)
            .collect();
        let relations = q
            .presentation
            .relations
            .iter()
            .map(|(l, r)| {
                format!(
                    "{} = {}",
                    Presentation::word_text(l),
                    Presentation::word_text(r)
                )
            })
            .collect();
        QuotientDoc {
            game: q.game.clone(),
            max_heap: q.max_heap,
            order: q.order(),
            generators,
            relations,
            p_portion: q.p_elements().iter().map(|&e| q.element_text(e)).collect(),
            pretending: q.pretend.iter().map(|&e| q.element_text(e)).collect(),
            orders: q.orders.clone(),
            normal_values: q.normal_values.clone(),
            normal_order: q.normal_order(),
            proof_states: q.proof_states,
        }
    }
}

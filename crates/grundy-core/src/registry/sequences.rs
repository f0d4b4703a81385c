//! The Grundy sequences of the registry's families, found by name or from rules: the lookup of
//! `grundy sequence`, `/api/sequence`, Python's sequences and the survey. The sequence engine
//! (`sequence::report`) computes a ruleset's sequence without knowing any family; the names and
//! the refusal that lists the families with a sequence are the registry's.

use std::sync::Arc;

use super::{family, REGISTRY};
use crate::kernel::component::AnyRules;
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_sequence::HeapSequence;
use crate::sequence::report::sequence_of;

/// The sequence of `rules`, or a refusal naming the families that have one (see
/// [`crate::kernel::Ruleset::sequence`]).
pub fn of_rules(rules: Arc<dyn AnyRules>) -> Result<Box<dyn HeapSequence>> {
    let name = rules.name();
    sequence_of(rules).ok_or_else(|| {
        GameError::invalid(
            "sequence game",
            name,
            format!("a ruleset with a Grundy sequence: {}", sequence_families()),
        )
    })
}

/// The families of the registry whose rulesets have a sequence, for errors.
pub fn sequence_families() -> String {
    REGISTRY
        .iter()
        .filter(|f| f.sequence)
        .map(|f| f.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The sequence of the family named `game` with its parameters' texts (`&["1,4,9"]` for a
/// subtraction game), as the command line and the API name it.
pub fn by_name(game: &str, params: &[&str]) -> Result<Box<dyn HeapSequence>> {
    let family = family(game)
        .ok_or_else(|| GameError::invalid("sequence game", game, sequence_families()))?;
    of_rules(family.rules(params)?)
}

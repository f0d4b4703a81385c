//! A small text format for positions, shared by every front end.
//!
//! A position is a sum of *terms* separated by `+`; each term names a ruleset of the
//! [`crate::registry`] and its positions:
//!
//! | term | meaning |
//! | --- | --- |
//! | `nim:3,4,5` | three Nim heaps |
//! | `sub{1,4,9}:11,15` | two heaps of the subtraction game with take-set {1,4,9} |
//! | `bachet{3}:10` | a heap of Bachet's game (take 1 to 3) |
//! | `allbut{2,3}:10` | a heap of the all-but game that forbids taking 2 or 3 |
//! | `octal{0.77}:10,20` | two heaps of the octal game 0.77 (Kayles); a preset name works too |
//! | `grundys:9` | a heap of Grundy's game |
//! | `hex{0.8}:10` | a heap of the take-and-break game 0.8 (codes beyond octal: `hex{4.[3]}`) |
//! | `wythoff:10,7` | a position of Wythoff's game (heaps in pairs: `wythoff:10,7,3,5` is two) |
//! | `lasker:7,9` | two heaps of Lasker's Nim |
//! | `moore{2}:3,5,6` | one position of Moore's Nim_2 with three heaps |
//!
//! ```
//! use grundy_core::spec::parse_sum;
//! let sum = parse_sum("nim:2,3 + sub{1,4,9}:11").unwrap();
//! assert_eq!(sum.components.len(), 3);
//! assert_eq!(sum.value().unwrap(), 2 ^ 3 ^ 1);
//! ```
//!
//! Errors name the offending text and what is allowed. Limits: at most [`MAX_COMPONENTS`]
//! components in a position, heaps within `u64` ([`parse_big_sum`]: Nim heaps of up to
//! [`MAX_HEAP_DIGITS`] digits).

use std::sync::Arc;

use crate::big_nim::{BigComponent, BigHeap, BigSum};
use crate::kernel::component::AnyRules;
use crate::kernel::component::Component;
use crate::kernel::error::{GameError, Result};
use crate::registry::{self};
use crate::sum::Sum;
use num_bigint::BigUint;

/// The most components a position may have.
pub const MAX_COMPONENTS: usize = 10_000;

/// The terms of a whole position, split at `+`. A piece without `:` goes on the term before
/// it: Sprouts writes the lands of one position joined by `+` (`sprouts:0+12`, as Glop and
/// SPOTS do), and no term of any other ruleset lacks its `RULES:` (a first piece without one
/// stays a term, refused by name).
pub fn terms(text: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for piece in text.split('+') {
        match terms.last_mut() {
            Some(last) if !piece.contains(':') && !piece.trim().is_empty() => {
                last.push('+');
                last.push_str(piece);
            }
            _ => terms.push(piece.to_string()),
        }
    }
    terms
}

/// Parses a whole position, e.g. `nim:3,4 + sub{1,2}:5`.
pub fn parse_sum(text: &str) -> Result<Sum> {
    let mut components = Vec::new();
    for term in terms(text) {
        let term = term.as_str();
        components.extend(parse_term(term)?);
        check_count(components.len())?;
    }
    Ok(Sum::new(components))
}

fn check_count(count: usize) -> Result<()> {
    if count > MAX_COMPONENTS {
        return Err(GameError::too_large(
            "position",
            format!("at most {MAX_COMPONENTS} components are allowed"),
        ));
    }
    Ok(())
}

/// The most decimal digits of a Nim heap read by [`parse_big_sum`] (and of `--at` heaps on
/// the command line).
pub const MAX_HEAP_DIGITS: usize = 100_000;

/// Parses a whole position like [`parse_sum`], except that Nim heaps (`nim:` terms) may have
/// up to [`MAX_HEAP_DIGITS`] digits; other rulesets keep heaps within `u64`.
pub fn parse_big_sum(text: &str) -> Result<BigSum> {
    let mut components = Vec::new();
    for term in terms(text) {
        let term = term.as_str();
        // The first colon ends the rules (`nim:3:4` is Nim with the heap "3:4").
        match term.trim().split_once(':') {
            Some((rules, heaps)) if crate::games::nim::FAMILY.answers_to(rules) => {
                components.extend(parse_big_list(heaps)?.into_iter().map(BigComponent::nim));
            }
            _ => match big_heap_term(term)? {
                Some(parts) => components.extend(parts),
                None => components.extend(parse_term(term)?.into_iter().map(BigComponent::Small)),
            },
        }
        check_count(components.len())?;
    }
    Ok(BigSum { components })
}

/// A term of a heap ruleset (one heap per number) holding a heap beyond `u64`, read heap by
/// heap ([`BigHeap::component`]: accepted where the value is a lookup, refused by name
/// otherwise); `None` for every other term, which [`parse_term`] reads.
fn big_heap_term(term: &str) -> Result<Option<Vec<BigComponent>>> {
    let Some((rules, positions)) = term.trim().split_once(':') else {
        return Ok(None);
    };
    let Ok(items) = crate::kernel::list::list_items(positions, "heap") else {
        return Ok(None);
    };
    let beyond = |item: &str| {
        // 2^64 - 1 too: its value may not fit in u64 (Lasker's Nim), which `BigHeap::component` tells.
        crate::kernel::list::parse_whole::<u64>(item).map_or_else(
            |why| why == crate::kernel::list::NotWhole::TooLarge,
            |h| h == u64::MAX,
        )
    };
    // An item no heap can be (`x`, `-1`): refused below naming the heaps' own range (any
    // number of digits up to the limit), not that of a 64-bit number.
    let malformed = items
        .iter()
        .find(|item| crate::kernel::parse_u64(item, "heap").is_err() && !beyond(item));
    if malformed.is_none() && !items.iter().any(|item| beyond(item)) {
        return Ok(None);
    }
    let rules = parse_rules(rules)?;
    // Only rulesets whose positions are single heaps: two numbers are two components.
    if !matches!(rules.clone().components_from(vec![0, 0]), Ok(v) if v.len() == 2) {
        return Ok(None);
    }
    if let Some(item) = malformed {
        return Err(parse_big(item, "heap")
            .err()
            .unwrap_or_else(|| GameError::invalid("heap", *item, "a whole number")));
    }
    items
        .into_iter()
        .map(|item| BigHeap::component(&rules, parse_big(item, "heap")?))
        .collect::<Result<Vec<_>>>()
        .map(Some)
}

/// Parses a comma-separated list of heaps of any size (spaces allowed; empty items are errors).
fn parse_big_list(text: &str) -> Result<Vec<BigUint>> {
    crate::kernel::list::list_items(text, "heap")?
        .into_iter()
        .map(|item| parse_big(item, "heap"))
        .collect()
}

/// Parses a whole number of at most [`MAX_HEAP_DIGITS`] decimal digits; one that is too long is
/// shown by its first digits.
pub fn parse_big(text: &str, what: &str) -> Result<BigUint> {
    let allowed = format!("a whole number of at most {MAX_HEAP_DIGITS} digits");
    let Some(digits) = crate::kernel::list::whole_digits(text) else {
        return Err(GameError::invalid(what, text, allowed));
    };
    if digits.len() > MAX_HEAP_DIGITS {
        // Shown by its start and length ([`crate::kernel::error::excerpt`]).
        return Err(GameError::out_of_range(what, digits, allowed));
    }
    digits
        .parse()
        .map_err(|_| GameError::invalid(what, text, "decimal digits"))
}

/// Parses one term, e.g. `sub{1,4,9}:11,15`.
pub fn parse_term(term: &str) -> Result<Vec<Component>> {
    let term = term.trim();
    // The first colon ends the rules: a graph's own text may hold more (`grid:3x4`).
    let (rules, positions) = term.split_once(':').ok_or_else(|| {
        GameError::invalid(
            "game term",
            term,
            "RULES:HEAPS, e.g. nim:3,4,5 or sub{1,4,9}:11",
        )
    })?;
    parse_rules(rules)?.components(positions)
}

/// Parses the rules part of a term: a family's name or alias, with its parameters in braces
/// when it has any (`nim`, `sub{1,4,9}`, `octal{0.77}`, `moore{2}`).
pub fn parse_rules(text: &str) -> Result<Arc<dyn AnyRules>> {
    let text = text.trim();
    let (name, params) = match text.split_once('{') {
        Some((name, rest)) if rest.ends_with('}') => (name.trim(), Some(&rest[..rest.len() - 1])),
        Some(_) => return Err(unknown_rules(text)),
        None => (text, None),
    };
    let family = registry::family(name).ok_or_else(|| unknown_rules(text))?;
    let params: Vec<&str> = match params {
        Some(inner) => inner.split(';').map(str::trim).collect(),
        None => Vec::new(),
    };
    family.rules(&params)
}

fn unknown_rules(text: &str) -> GameError {
    GameError::invalid(
        "rules",
        text,
        format!(
            "one of {}, e.g. {}",
            registry::names(),
            registry::examples()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wythoff_terms() {
        let s = parse_sum("wythoff:10,7 + nim:15").unwrap();
        assert_eq!(
            s.components[0],
            crate::games::wythoff::Wythoff::component(10, 7)
        );
        assert_eq!(s.value().unwrap(), 0);
        assert_eq!(parse_term("Wythoff:1,2,3,5").unwrap().len(), 2);
        let err = parse_term("wythoff:1,2,3").unwrap_err().to_string();
        assert!(err.contains("\"1,2,3\"") && err.contains("pairs"), "{err}");
    }

    #[test]
    fn a_piece_without_rules_belongs_to_the_term_before() {
        assert_eq!(terms("nim:1 + sprouts:0+12"), ["nim:1 ", " sprouts:0+12"]);
        assert_eq!(terms("nim"), ["nim"]);
        // A Sprouts position of two lands is one term, beside others.
        let s = parse_sum("sprouts:0+12 + nim:1").unwrap();
        assert_eq!(s.components.len(), 2);
        assert_eq!(s.components[0].to_string(), "0+12");
        let err = parse_sum("nim").unwrap_err().to_string();
        assert!(err.contains("RULES:HEAPS"), "{err}");
    }

    #[test]
    fn terms_and_sums() {
        let s = parse_sum("nim:1,2 + bachet{3}:7 + allbut{1}:4").unwrap();
        assert_eq!(s.components.len(), 4);
        assert_eq!(s.values().unwrap(), vec![1, 2, 3, 2]);
        assert_eq!(
            parse_sum(" NIM : 5 ").unwrap().components,
            vec![Component::nim(5)]
        );
    }

    #[test]
    fn errors_name_the_value() {
        for (text, needle) in [
            ("nim:-3", "\"-3\""),
            ("nim:3,,4", "\"3,,4\""),
            ("nim:3,,4", "item 2 is empty"),
            ("nim:99999999999999999999", "out of range"),
            ("sub{}:3", "take-set element list"),
            ("sub{0,1}:3", "\"0\""),
            ("chess:3", "\"chess\""),
            ("nim", "RULES:HEAPS"),
            ("sub{1,2:3", "sub{1,2"),
        ] {
            let err = parse_sum(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }
}

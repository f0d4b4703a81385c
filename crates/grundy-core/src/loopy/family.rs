//! The loopy families: every loopy ruleset the front ends offer, declared once, and the text
//! format of their terms.
//!
//! A loopy position is a sum of terms joined by `+`, each `NAME{PARAMETERS}:POSITIONS` as in
//! [`crate::registry`] (parameters separated by `;`, none and no braces for a ruleset without
//! any): `digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1,2 + square-but-one:5`.

use std::sync::Arc;

pub use super::rules::{LoopyFamily, LoopyParam};

use super::rules::{digraph, fair_shares, loopy_subtraction, wind_up, LoopyRules};
use crate::kernel::error::{GameError, Result};

/// Every loopy family, in the order the front ends list them.
pub static LOOPY_REGISTRY: &[&LoopyFamily] = &[
    &digraph::FAMILY,
    &wind_up::FAMILY,
    &loopy_subtraction::FAMILY,
    &loopy_subtraction::SQUARE_BUT_ONE,
    &fair_shares::FAMILY,
];

/// The loopy family named `name`.
pub fn loopy_family(name: &str) -> Option<&'static LoopyFamily> {
    LOOPY_REGISTRY.iter().copied().find(|f| f.answers_to(name))
}

/// Reads the rules of a term, `NAME` or `NAME{PARAMETERS}`.
pub fn parse_rules(text: &str) -> Result<Arc<dyn LoopyRules>> {
    let text = text.trim();
    let (name, params) = match text.split_once('{') {
        Some((name, rest)) => match rest.strip_suffix('}') {
            Some(inner) => (name, inner.split(';').collect::<Vec<_>>()),
            None => {
                return Err(GameError::invalid(
                    "loopy rules",
                    text,
                    "NAME{PARAMETERS} with the braces closed, e.g. windup{5;1,3}",
                ))
            }
        },
        None => (text, Vec::new()),
    };
    let family = loopy_family(name).ok_or_else(|| {
        let names: Vec<&str> = LOOPY_REGISTRY.iter().map(|f| f.name).collect();
        let examples: Vec<&str> = LOOPY_REGISTRY.iter().map(|f| f.example).collect();
        GameError::invalid(
            "loopy ruleset",
            name.trim(),
            format!("one of {}, e.g. {}", names.join(", "), examples.join(", ")),
        )
    })?;
    family.rules(&params)
}

/// The terms of a sum: `+` outside braces separates them.
pub(crate) fn split_terms(text: &str) -> Vec<&str> {
    let mut terms = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            '+' if depth == 0 => {
                terms.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    terms.push(&text[start..]);
    terms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_reads_back() {
        for f in LOOPY_REGISTRY {
            let sum = crate::loopy::LoopySum::parse(f.example)
                .unwrap_or_else(|e| panic!("{}: {e}", f.example));
            assert_eq!(sum.to_terms(), f.example);
            assert!(loopy_family(f.name).is_some_and(|g| std::ptr::eq(g, *f)));
            for alias in f.aliases {
                assert!(loopy_family(alias).is_some_and(|g| std::ptr::eq(g, *f)));
            }
            assert!(
                crate::registry::family(f.name).is_none(),
                "{} is taken",
                f.name
            );
        }
    }

    #[test]
    fn bad_rules_name_the_value() {
        for (text, needle) in [
            ("chess", "\"chess\""),
            ("windup{5}", "2 (modulus; set)"),
            ("windup{0;1}", "\"0\""),
            ("windup{5;0}", "\"0\""),
            ("digraph{0>x}", "\"x\""),
            ("digraph{0>100000}", "\"100000\""),
            ("digraph{}", "FROM>TO"),
            ("loopy-sub{1;2;sometimes}", "any, positive, even, odd"),
            ("square-but-one{1}", "none: write square-but-one:6"),
            ("windup{5;1", "braces closed"),
        ] {
            let err = parse_rules(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }
}

//! The loopy families: every loopy ruleset the front ends offer, declared once, and the text
//! format of their terms.
//!
//! A loopy position is a sum of terms joined by `+`, each `NAME{PARAMETERS}:POSITIONS` as in
//! [`crate::registry`] (parameters separated by `;`, none and no braces for a ruleset without
//! any): `digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1,2 + square-but-one:5`.

use std::sync::Arc;

use super::rules::LoopyFamily;

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
            format!(
                "one of {}, e.g. {}; or a game that ends beside them, one of {}",
                names.join(", "),
                examples.join(", "),
                crate::registry::names()
            ),
        )
    })?;
    family.rules(&params)
}

/// The refusal of a loopy term in `text`, a sum of games that end (`analyze sum`, the API's
/// `sum`): short, naming the first loopy term and `door`, where loopy games are answered
/// (`analyze it with grundy analyze loopy`), instead of the list of every ruleset that an unknown name gets.
/// `None` when no term's ruleset is a loopy family (no loopy name is a ruleset's of the
/// registry: `every_example_reads_back`).
pub fn refusal_in_sum(text: &str, door: &str) -> Option<GameError> {
    let term = loopy_term(text)?;
    Some(GameError::invalid(
        "term",
        term,
        format!(
            "a game that ends; this one is loopy (play may go on for ever), which a sum of \
             games that end does not take: {door}"
        ),
    ))
}

/// The first term of the sum written `text` whose ruleset is a loopy family, if any: a sum
/// with one is a loopy game, which the doors answer as one (`grundy analyze sum`, the API's
/// `sum`), games that end beside it (`loopy::ended`).
pub fn loopy_term(text: &str) -> Option<&str> {
    split_terms(text).into_iter().map(str::trim).find(|term| {
        let name_end = term.find(['{', ':']).unwrap_or(term.len());
        loopy_family(&term[..name_end]).is_some()
    })
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
    fn a_loopy_term_in_a_sum_is_named() {
        let err = refusal_in_sum("nim:3 + Loopy-Sub{1,2;3;odd}:7 + windup{5;1}:1", "DOOR")
            .unwrap()
            .to_string();
        assert!(
            err.starts_with("invalid term \"Loopy-Sub{1,2;3;odd}:7\": expected a game that ends")
                && err.ends_with("does not take: DOOR"),
            "{err}"
        );
        for text in ["square-but-one:5", "fair-shares:6,3", "digraph{0>1}:0"] {
            assert!(refusal_in_sum(text, "DOOR").is_some(), "{text}");
        }
        for text in ["nim:3 + sub{1,2}:7", "chess:3", "", "loopy:3"] {
            assert!(refusal_in_sum(text, "DOOR").is_none(), "{text}");
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

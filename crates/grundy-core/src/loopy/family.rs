//! The loopy families: every loopy ruleset the front ends offer, declared once, and the text
//! format of their terms.
//!
//! A loopy position is a sum of terms joined by `+`, each `NAME{PARAMETERS}:POSITIONS` as in
//! [`crate::registry`] (parameters separated by `;`, none and no braces for a ruleset without
//! any): `digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1,2 + square-but-one:5`.

use std::sync::Arc;

use serde::Serialize;

use super::rules::{digraph, fair_shares, loopy_subtraction, wind_up, LoopyRules};
use crate::error::{GameError, Result};

/// Every loopy family, in the order the front ends list them.
pub static LOOPY_REGISTRY: &[&LoopyFamily] = &[
    &digraph::FAMILY,
    &wind_up::FAMILY,
    &loopy_subtraction::FAMILY,
    &loopy_subtraction::SQUARE_BUT_ONE,
    &fair_shares::FAMILY,
];

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
            ("square-but-one{1}", "none: write square-but-one:5"),
            ("windup{5;1", "braces closed"),
        ] {
            let err = parse_rules(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }
}

//! How one component's value follows from the mex rule: `G(11) = mex{G(10), G(7), G(2)} =
//! mex{0, 1, 0} = 2`.
//!
//! A [`Derivation`] names the options of a position with their values, so a student can check
//! the mex by hand. Where there are too many options to list one by one it gives the set of
//! their values instead (still a complete derivation); where even that is out of reach (a heap
//! of 10^18 tokens) it says where the value comes from: a closed form, a proven period, a
//! table.

use std::fmt::Write as _;

use serde::Serialize;

use super::error::Result;
use super::{PositionForm, Ruleset, ValueColumns};
use crate::nimber::{mex, Nimber};

/// The most options a derivation names one by one; with more it lists their distinct values.
pub const MAX_DERIVED_OPTIONS: usize = 24;

/// The most options [`derive_by_options`] enumerates to derive a value; beyond it the value's
/// source is stated instead ([`Ruleset::value_source`]).
pub const MAX_ENUMERATED_OPTIONS: u64 = 4096;

/// One option of a derivation and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct OptionValue {
    /// What the component becomes, as shown: `10`, `2 + 3`, `(6, 3)` (or, in
    /// [`ValueParts`], the part's name: `coin 3`).
    pub option: String,
    /// Its value (the nim-sum of its parts' values).
    pub value: Nimber,
}

/// How the value of a position follows from its options (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Derivation {
    /// The position, as shown: `11`, `(10, 7)`.
    pub position: String,
    /// Its Sprague–Grundy value (a string beyond 2^53 - 1, as every whole number in JSON).
    #[serde(serialize_with = "super::nim_heap::serialize_exact_u64")]
    #[schemars(with = "super::nim_heap::ExactNumber")]
    pub value: Nimber,
    /// How many options the position has, when they were enumerated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub option_count: Option<u64>,
    /// The options with their values, in the ruleset's order, when there are at most
    /// [`MAX_DERIVED_OPTIONS`]; otherwise empty.
    pub options: Vec<OptionValue>,
    /// The distinct values of the options, ascending, when they were enumerated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub option_values: Option<Vec<Nimber>>,
    /// When the options are too many to value one by one (a board searched, [`Derivation::by_witnesses`]):
    /// for each value below the position's, an option worth it (the first in the ruleset's
    /// order), none of the options being worth the value itself; `None` otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witnesses: Option<Vec<OptionValue>>,
    /// Where the value comes from when the options were not enumerated: a closed form, a
    /// proven period, a table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// When the closed form makes the value the nim-sum of parts (the heads of a row of
    /// coins): the parts with their values, XORed in binary columns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<ValueParts>,
    /// A reduction that gives the same value step by step, when the ruleset has one (Green
    /// Hackenbush's fusion and colon principles); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<String>,
}

/// A value that is the nim-sum of parts' values, for [`Derivation::parts`]: a row of coins is
/// the sum of its heads (Winning Ways, ch. 14), so its value is their values XORed, shown in the
/// same binary columns as a sum of games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ValueParts {
    /// What each part is called (`coin 3`) and its value.
    pub parts: Vec<OptionValue>,
    /// The parts' values in binary columns, with their nim-sum.
    pub columns: ValueColumns,
}

impl Derivation {
    /// A value known from a closed form or a table, with the reason in words.
    pub fn closed_form(position: String, value: Nimber, reason: String) -> Self {
        Derivation {
            position,
            value,
            option_count: None,
            options: Vec::new(),
            option_values: None,
            witnesses: None,
            reason: Some(reason),
            parts: None,
            steps: Vec::new(),
        }
    }

    /// A value that is the nim-sum of `parts` (each named, with its value) by a closed form
    /// stated in `reason`.
    pub fn nim_sum_of(position: String, parts: Vec<OptionValue>, reason: String) -> Self {
        let values: Vec<Nimber> = parts.iter().map(|p| p.value).collect();
        let value = values.iter().fold(0, |a, &v| a ^ v);
        Derivation {
            parts: Some(ValueParts {
                columns: ValueColumns::new(&values),
                parts,
            }),
            ..Derivation::closed_form(position, value, reason)
        }
    }

    /// The derivation from the options of a position and their values.
    pub fn from_options(position: String, options: Vec<OptionValue>) -> Self {
        let mut values: Vec<Nimber> = options.iter().map(|o| o.value).collect();
        values.sort_unstable();
        values.dedup();
        let value = mex(values.iter().copied());
        let count = options.len() as u64;
        Derivation {
            position,
            value,
            option_count: Some(count),
            options: if options.len() <= MAX_DERIVED_OPTIONS {
                options
            } else {
                Vec::new()
            },
            option_values: Some(values),
            witnesses: None,
            reason: None,
            parts: None,
            steps: Vec::new(),
        }
    }

    /// The mex rule shown by witnesses, for a position of `option_count` options too many to
    /// value one by one: `witnesses[k]` is an option worth `k` (so the value is
    /// `witnesses.len()`), and `reason` says how it is known that no option is worth the value.
    pub fn by_witnesses(
        position: String,
        option_count: u64,
        witnesses: Vec<OptionValue>,
        reason: String,
    ) -> Self {
        debug_assert!(witnesses
            .iter()
            .enumerate()
            .all(|(k, w)| w.value == k as Nimber));
        Derivation {
            option_count: Some(option_count),
            witnesses: Some(witnesses.clone()),
            ..Derivation::closed_form(position, witnesses.len() as Nimber, reason)
        }
    }

    /// The derivation in one line: `G(11) = mex{G(10), G(7), G(2)} = mex{0, 1, 0} = 2`, then
    /// the [`Derivation::steps`], if any, one per line, indented by two spaces.
    pub fn to_text(&self) -> String {
        let g = format!("G({})", bare(&self.position));
        let mut out = String::new();
        match (&self.option_values, self.option_count) {
            (Some(_), Some(0)) => {
                let _ = write!(out, "{g} = mex{{}} = 0: no move is possible");
            }
            (Some(_), _) if !self.options.is_empty() => {
                let named: Vec<String> = self
                    .options
                    .iter()
                    .map(|o| format!("G({})", bare(&o.option)))
                    .collect();
                let values: Vec<String> =
                    self.options.iter().map(|o| o.value.to_string()).collect();
                let _ = write!(
                    out,
                    "{g} = mex{{{}}} = mex{{{}}} = {}",
                    named.join(", "),
                    values.join(", "),
                    self.value
                );
            }
            (Some(values), count) => {
                let values: Vec<String> = values.iter().map(Nimber::to_string).collect();
                let _ = write!(
                    out,
                    "{g} = mex of the values of its {} options, {{{}}} = {}",
                    count.unwrap_or(0),
                    values.join(", "),
                    self.value
                );
            }
            (None, _) => {
                if let Some(p) = self.parts.as_ref().filter(|p| p.parts.len() > 1) {
                    let terms: Vec<String> = p.parts.iter().map(|o| o.value.to_string()).collect();
                    let _ = write!(out, "{g} = {}", terms.join(" XOR "));
                    let _ = write!(out, " = {}", self.value);
                } else {
                    let _ = write!(out, "{g} = {}", self.value);
                }
                if let Some(reason) = &self.reason {
                    let _ = write!(out, ": {reason}");
                }
            }
        }
        for step in &self.steps {
            let _ = write!(out, "\n  {step}");
        }
        out
    }
}

/// `(6, 3)` as `6, 3` inside `G(...)`; anything else as it is.
fn bare(shown: &str) -> &str {
    match shown.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
        Some(inner) if !shown.contains(" + ") => inner,
        _ => shown,
    }
}

/// The default of [`Ruleset::explain_value`]: the options and their values when there are at
/// most [`MAX_ENUMERATED_OPTIONS`] (by [`PositionForm::option_bound`], or the ruleset's own
/// count), else the value with [`Ruleset::value_source`].
pub fn derive_by_options<R: Ruleset + ?Sized>(
    rules: &R,
    position: &R::Position,
) -> Result<Derivation> {
    // A split's options are about h²/4 for a heap of h (see `tree_size`).
    let bound = position.option_bound();
    let bound = if rules.splits() {
        bound.saturating_mul(2 + bound / 4)
    } else {
        bound
    };
    if bound > MAX_ENUMERATED_OPTIONS {
        let value = rules.grundy(position)?;
        return Ok(Derivation::closed_form(
            position.show(),
            value,
            rules.value_source(position),
        ));
    }
    derive_from(rules, position, rules.options(position))
}

/// The derivation of `position` from `options`, which must be all its options.
pub fn derive_from<R: Ruleset + ?Sized>(
    rules: &R,
    position: &R::Position,
    options: Vec<Vec<R::Position>>,
) -> Result<Derivation> {
    let named = options
        .iter()
        .map(|parts| {
            Ok(OptionValue {
                option: shown_option(position, parts),
                value: rules.value_of_all(parts)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Derivation::from_options(position.show(), named))
}

/// An option as shown: its parts joined by ` + `, or the emptied position.
pub fn shown_option<P: PositionForm>(from: &P, parts: &[P]) -> String {
    if parts.is_empty() {
        from.emptied().show()
    } else {
        parts.iter().map(P::show).collect::<Vec<_>>().join(" + ")
    }
}

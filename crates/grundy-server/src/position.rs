//! Positions as the API sends and receives them.
//!
//! A position is a JSON object naming a ruleset of the core's registry in `game`, with the
//! ruleset's parameters as fields of their own and its positions in `heaps` or `position`, or a
//! sum of terms: `{"game": "subtraction", "set": [1, 4, 9], "heaps": [11]}`, `{"game": "cram",
//! "position": "3x4"}`, `{"game": "sum", "terms": "nim:3,4 + wythoff:10,7"}`; optionally with
//! `"convention": "misere"` (default `"normal"`). docs/api.md's table gives every family's
//! fields (a test checks that it names every family of the registry; `GET /api/rulesets` lists
//! them); a parameter is a number, a list of numbers, or a string.
//! [`Position::parse`] checks the position against the [`Limits`] and builds the core's
//! [`Sum`]; [`Position::after`] gives the same kind of object for the position after a move,
//! which is what the page stores in its URL.
//!
//! A lone Wythoff board or Moore's Nim position under normal play may have any heaps up to
//! `max_heap`: its P-positions and winning moves have a closed form. A Wythoff board whose
//! Grundy value is needed (in a sum, or under misère play) is limited to coordinates up to
//! `max_wythoff_table`.

use std::collections::BTreeMap;
use std::sync::Arc;

use grundy_core::registry::{self};

use grundy_core::games::family::{Drawing, Family, Param, ParamKind};

use grundy_core::kernel::component::AnyRules;
use grundy_core::spec;
use grundy_core::strategy::Convention;
use grundy_core::sum::{Sum, SumMove};
use num_bigint::BigUint;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::error::ApiError;
use crate::Limits;

/// The games the API knows, for error messages: the registry's names and `sum`.
pub fn games() -> String {
    format!("{}, sum", registry::names())
}

/// A position as JSON (see the module documentation).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PositionSpec {
    /// The ruleset's name in the registry (or an alias), or `sum`.
    pub game: String,
    /// The positions: heap sizes, or for `wythoff` the queen's square `[x, y]`, or for `moore`
    /// the heaps of one position.
    /// Each a number, or a string of digits (any size: see [`Heap`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heaps: Option<Vec<Heap>>,
    /// The position text (`sum`), e.g. `nim:3,4 + sub{1,4,9}:11`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms: Option<String>,
    /// The position in the ruleset's own text form, for games whose positions are not heaps
    /// (a Cram board `5x5`, a graph `grid:3x4`, a Chomp bar `7,7,5`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// `normal` (the last mover wins, the default) or `misere` (the last mover loses).
    #[serde(default, deserialize_with = "convention_of")]
    pub convention: Convention,
    /// The ruleset's parameters, by name: `set`, `except`, `code`, `k`.
    #[serde(flatten)]
    pub params: BTreeMap<String, Value>,
}

/// 2^64 as a float: JSON numbers at least this large (or written with a point or an exponent)
/// reach serde as floats, whose digits may be lost.
const TWO_TO_64: f64 = 18_446_744_073_709_551_616.0;

/// A position's `convention`: a string naming it; any other JSON value is refused in words
/// (serde's own error for `null` or a number under the flattened parameters is a syntax error
/// without the field).
fn convention_of<'de, D: Deserializer<'de>>(d: D) -> Result<Convention, D::Error> {
    use serde::de::{value::StrDeserializer, Error};
    match Value::deserialize(d)? {
        Value::String(s) => Convention::deserialize(StrDeserializer::<D::Error>::new(&s)),
        other => Err(D::Error::custom(format!(
            "invalid convention {other}: expected \"normal\" or \"misere\""
        ))),
    }
}

/// The largest whole number JavaScript's numbers hold exactly, 2^53 - 1: heaps beyond it are
/// written as strings of digits.
const MAX_JSON_NUMBER: u64 = (1 << 53) - 1;

/// A heap in JSON: a number, or a string of decimal digits for a heap of any size (up to
/// [`spec::MAX_HEAP_DIGITS`] digits); heaps beyond 2^53 - 1, which JavaScript's numbers do not
/// hold exactly, are written back as strings. Beyond `max_heap` a position of heaps is answered
/// at any size where the answer is a lookup (`api::game`, kind `any_size`); [`Position::parse`] takes heaps up
/// to `max_heap`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heap(pub BigUint);

impl Heap {
    /// The heap as a `u64`, when it fits.
    pub fn small(&self) -> Option<u64> {
        u64::try_from(&self.0).ok()
    }

    /// The heap for a message: its digits, or its first digits and its length when long
    /// ([`grundy_core::kernel::error::excerpt`]).
    pub fn shown(&self) -> String {
        grundy_core::kernel::error::excerpt(&self.0.to_string()).into_owned()
    }
}

impl From<u64> for Heap {
    fn from(n: u64) -> Self {
        Heap(BigUint::from(n))
    }
}

impl Serialize for Heap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.small() {
            Some(n) if n <= MAX_JSON_NUMBER => s.serialize_u64(n),
            _ => s.collect_str(&self.0),
        }
    }
}

impl<'de> Deserialize<'de> for Heap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Heap;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number, or a string of digits for a heap of any size")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Heap, E> {
                Ok(Heap::from(n))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Heap, E> {
                u64::try_from(n).map(Heap::from).map_err(|_| {
                    E::custom(format!(
                        "invalid heap {n}: expected a whole number (0 or more), or a string of digits"
                    ))
                })
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Heap, E> {
                Err(E::custom(if v.fract() != 0.0 {
                    format!("invalid heap {v}: expected a whole number, not a fraction")
                } else if v.abs() < TWO_TO_64 {
                    // 3.0, 1e3, -0: whole, but serde reads them as floats.
                    format!("invalid heap {v:?}: heaps are whole numbers written without a point or exponent, e.g. 3")
                } else if v > 0.0 {
                    format!("invalid heap {v:e}: a number beyond 2^64 - 1 loses its digits in JSON, write it as a string of digits, e.g. \"18446744073709551616\"")
                } else {
                    format!("invalid heap {v:e}: expected a whole number (0 or more), or a string of digits")
                }))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Heap, E> {
                spec::parse_big(text, "heap")
                    .map(Heap)
                    .map_err(|e| E::custom(e.to_string()))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// A checked position: the JSON it came from and the core's sum.
#[derive(Debug, Clone)]
pub struct Position {
    /// The position as the client sent it.
    pub spec: PositionSpec,
    /// The position for the engine.
    pub sum: Sum,
}

impl Position {
    /// Checks `spec` against `limits` and builds the sum.
    pub fn parse(spec: PositionSpec, limits: &Limits) -> Result<Position, ApiError> {
        let sum = if spec.game == "sum" {
            sum_of_terms(&spec, limits)?
        } else {
            let family = registry::family(&spec.game).ok_or_else(|| {
                ApiError::invalid(format!(
                    "unknown game {:?}: expected one of {}",
                    spec.game,
                    games()
                ))
            })?;
            family_position(family, &spec, limits)?
        };
        check_size(&sum, limits)?;
        let position = Position { spec, sum };
        if !position.is_lone_normal() {
            check_wythoff_table(&position.sum, limits)?;
        }
        Ok(position)
    }

    /// The play convention.
    pub fn convention(&self) -> Convention {
        self.spec.convention
    }

    /// Whether answering is cheap enough to do inline: every component is a Nim heap, whose
    /// analysis is a few XORs.
    pub fn is_cheap(&self) -> bool {
        self.sum.nim_heaps().is_some()
    }

    /// Whether the position is one component under normal play: the case the core answers
    /// from its P-positions at any size.
    pub fn is_lone_normal(&self) -> bool {
        self.sum.components.len() == 1 && self.convention() == Convention::Normal
    }

    /// The position after `m`, in the same JSON form as the request.
    pub fn after(&self, m: &SumMove) -> PositionSpec {
        spec_of(&self.spec, &self.sum.after(m))
    }
}

/// The JSON form of `sum`, keeping the rules of `like`.
pub fn spec_of(like: &PositionSpec, sum: &Sum) -> PositionSpec {
    let mut spec = like.clone();
    if spec.terms.is_some() {
        spec.terms = Some(sum.to_terms());
    } else if spec.position.is_some() {
        let texts: Vec<String> = sum.components.iter().map(|c| c.position_text()).collect();
        spec.position = Some(texts.join(","));
    } else {
        spec.heaps = Some(
            sum.components
                .iter()
                .flat_map(|c| c.heaps())
                .map(Heap::from)
                .collect(),
        );
    }
    spec
}

/// The rules of a position whose `game` names a family: its parameters (the fields beside
/// `heaps`, `position` and `convention`), checked.
pub fn rules_of_position(
    family: &'static Family,
    spec: &PositionSpec,
    limits: &Limits,
) -> Result<Arc<dyn AnyRules>, ApiError> {
    family_rules(
        family,
        &spec.params,
        "position.",
        &["heaps", "position", "convention"],
        limits,
    )
}

/// The sum of a `game` that names a family: its parameters and heaps, checked.
fn family_position(
    family: &'static Family,
    spec: &PositionSpec,
    limits: &Limits,
) -> Result<Sum, ApiError> {
    let rules = rules_of_position(family, spec, limits)?;
    if spec.terms.is_some() {
        return Err(ApiError::invalid(format!(
            "position.terms: unknown field: a {} position has no terms (only a sum, \"game\": \"sum\", has)",
            family.name
        )));
    }
    if let Some(text) = &spec.position {
        if spec.heaps.is_some() {
            return Err(ApiError::invalid(
                "position.heaps and position.position are both given: a position has one or the other",
            ));
        }
        return Ok(Sum::new(rules.components(text)?));
    }
    let heaps = spec.heaps.as_ref().ok_or_else(|| match family.positions.drawing {
        Drawing::HEAPS | Drawing::QUEEN | Drawing::HEAP_ROW => ApiError::invalid(format!(
            "position.heaps is missing: a {} position lists its {}, e.g. \"heaps\": [{}]",
            family.name,
            family.positions.label.to_lowercase(),
            family.positions.example
        )),
        _ => ApiError::invalid(format!(
            "position.position is missing: a {} position is written as text, e.g. \"position\": \"{}\"",
            family.name, family.positions.example
        )),
    })?;
    if heaps.is_empty() {
        return Err(ApiError::invalid(format!(
            "position.heaps is empty: a {} position lists its {}, e.g. \"heaps\": [{}]",
            family.name,
            family.positions.label.to_lowercase(),
            family.positions.example
        )));
    }
    let heaps = heaps
        .iter()
        .enumerate()
        .map(|(i, h)| match h.small() {
            Some(n) if n <= limits.max_heap => Ok(n),
            _ => Err(ApiError::limit(
                "max_heap",
                format!(
                    "position.heaps[{i}]: heap {} ({}) is too large: at most {} tokens per heap are allowed{}",
                    i + 1,
                    h.shown(),
                    limits.max_heap_text(),
                    if std::ptr::eq(family, &grundy_core::games::nim::FAMILY) {
                        ""
                    } else {
                        " (Nim takes heaps of any size)"
                    }
                ),
            )),
        })
        .collect::<Result<Vec<u64>, ApiError>>()?;
    Ok(Sum::new(rules.components_from(heaps)?))
}

/// The rules of `family` with the parameters `params` (JSON fields by name, under `prefix` in
/// the request, e.g. `position.`), checked against the limits; `other_fields` are the request's
/// own fields, named when an unknown one is found.
pub fn family_rules(
    family: &'static Family,
    params: &BTreeMap<String, Value>,
    prefix: &str,
    other_fields: &[&str],
    limits: &Limits,
) -> Result<Arc<dyn AnyRules>, ApiError> {
    if let Some(unknown) = params
        .keys()
        .find(|k| !family.params.iter().any(|p| p.name == k.as_str()))
    {
        let known: Vec<String> = family
            .params
            .iter()
            .map(|p| p.name)
            .chain(other_fields.iter().copied())
            .map(|name| format!("{prefix}{name}"))
            .collect();
        return Err(ApiError::invalid(format!(
            "{prefix}{unknown}: unknown field: a {} request has {}",
            family.name,
            known.join(", ")
        )));
    }
    let mut texts = Vec::new();
    for p in family.params {
        let field = format!("{prefix}{}", p.name);
        let value = params.get(p.name).ok_or_else(|| {
            ApiError::invalid(format!(
                "{field} is missing: a {} game needs {}, e.g. {}",
                family.name, p.help, p.example
            ))
        })?;
        let text = param_text(value, p, &field, limits)?;
        if p.kind == ParamKind::Amounts {
            // A list that does not parse is refused by the rules below, in their words.
            // The message names the field's path first (the page strips it) and then the
            // parameter as the form labels it, never the path alone ("position.set holds").
            if let Ok(list) = grundy_core::kernel::parse_list(&text, p.name) {
                check_amounts(&list, &format!("{field}: {}", p.label), limits)?;
            }
        }
        texts.push(text);
    }
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let rules = family.rules(&refs).map_err(|e| match family.params {
        // With one parameter, the rules' refusal is about it: name its field.
        [p] => {
            let field = format!("{prefix}{}", p.name);
            if params.get(p.name) == Some(&Value::Array(Vec::new())) {
                ApiError::invalid(format!(
                    "{field}: [] is empty: expected 1 to {} amounts, each from 1 to {}, e.g. [{}]",
                    limits.max_set_size,
                    limits.max_take,
                    p.example.replace(',', ", ")
                ))
            } else {
                ApiError::from(e).at_field(&field)
            }
        }
        // With several, name the one whose text the refusal quotes, when only one's is.
        several => {
            let e = ApiError::from(e);
            let quoted: Vec<&Param> = several
                .iter()
                .zip(&texts)
                .filter(|(_, text)| e.error.contains(&format!("{text:?}")))
                .map(|(p, _)| p)
                .collect();
            match quoted.as_slice() {
                [p] => e.at_field(&format!("{prefix}{}", p.name)),
                _ => e,
            }
        }
    })?;
    check_amounts(rules.amounts(), "the rules", limits)?;
    Ok(rules)
}

/// A parameter's JSON as the text of a term: `[1, 4, 9]` is `1,4,9`, `2` is `2`, `"0.77"`
/// is `0.77`. `field` is its path in the request, which every refusal starts with.
fn param_text(value: &Value, p: &Param, field: &str, limits: &Limits) -> Result<String, ApiError> {
    let amount = |i: usize, v: &Value| match v.as_u64() {
        // Amounts over max_take are refused by `check_amounts`, which names the limit.
        Some(a) if a >= 1 => Ok(a.to_string()),
        _ => Err(ApiError::invalid(format!(
            "{field}[{i}]: invalid amount {v}: expected a whole number from 1 to {}",
            limits.max_take
        ))),
    };
    match (value, p.kind) {
        (Value::String(s), _) => Ok(s.clone()),
        // A code such as 0.1234567012345670123 is no number: JSON's floats drop its digits.
        (Value::Number(n), ParamKind::Word) => Err(ApiError::invalid(format!(
            "{field}: {n} is a number: expected the {} as a string, e.g. \"{}\" (a JSON number loses digits)",
            p.name, p.example
        ))),
        (Value::Number(n), _) => match n.as_f64() {
            Some(v) if !n.is_u64() && !n.is_i64() && v.fract() == 0.0 => {
                Err(ApiError::invalid(if v.abs() < TWO_TO_64 {
                    format!(
                        "{field}: {v:?} is written with a point or an exponent: expected a whole number written without, e.g. {}",
                        p.example
                    )
                } else {
                    format!(
                        "{field}: {v:e} is beyond 2^64 - 1, where JSON numbers lose their digits: write it as a string of digits, e.g. \"18446744073709551616\""
                    )
                }))
            }
            // Whole numbers, and fractions the rules refuse in their own words.
            _ => Ok(n.to_string()),
        },
        (Value::Array(items), ParamKind::Amounts) => items
            .iter()
            .enumerate()
            .map(|(i, v)| amount(i, v))
            .collect::<Result<Vec<_>, _>>()
            .map(|items| items.join(",")),
        (other, kind) => Err(ApiError::invalid(format!(
            "{field}: {other} is not accepted: expected {}",
            match kind {
                ParamKind::Amounts => format!(
                    "a list of whole numbers from 1 to {}, e.g. [{}]",
                    limits.max_take,
                    p.example.replace(',', ", ")
                ),
                ParamKind::Number => format!("a whole number, e.g. {}", p.example),
                ParamKind::Word => format!("a string, e.g. \"{}\"", p.example),
            }
        ))),
    }
}

/// Wythoff boards whose Grundy values are needed (in sums and under misère play) must lie in
/// the table: beyond it the core would build tables of hundreds of MiB for seconds.
fn check_wythoff_table(sum: &Sum, limits: &Limits) -> Result<(), ApiError> {
    for c in &sum.components {
        if let Some((x, y)) = registry::queen(c) {
            if x.max(y) > limits.max_wythoff_table {
                return Err(wythoff_table_error(x, y, limits));
            }
        }
    }
    Ok(())
}

/// The error for a Wythoff position whose Grundy value was asked beyond the table.
pub fn wythoff_table_error(x: u64, y: u64, limits: &Limits) -> ApiError {
    ApiError::limit(
        "max_wythoff_table",
        format!(
            "the Wythoff position ({x}, {y}) is beyond the table of Grundy values (coordinates up to {}); \
             a lone Wythoff position under normal play is answered at any size (P-positions and \
             winning moves have a closed form), but sums and misère play need its Grundy value",
            limits.max_wythoff_table
        ),
    )
}

fn check_amounts(list: &[u64], what: &str, limits: &Limits) -> Result<(), ApiError> {
    if list.len() > limits.max_set_size {
        return Err(ApiError::limit(
            "max_set_size",
            format!(
                "{what} has {} amounts: at most {} are allowed",
                list.len(),
                limits.max_set_size
            ),
        ));
    }
    if let Some(&big) = list.iter().find(|&&a| a > limits.max_take) {
        return Err(ApiError::limit(
            "max_take",
            format!(
                "{what} holds {big}: amounts up to {} are allowed",
                limits.max_take
            ),
        ));
    }
    Ok(())
}

fn sum_of_terms(spec: &PositionSpec, limits: &Limits) -> Result<Sum, ApiError> {
    let terms = spec.terms.as_deref().ok_or_else(|| {
        ApiError::invalid(
            "position.terms is missing: a sum is written like \"nim:3,4 + sub{1,4,9}:11\"",
        )
    })?;
    let other_fields = [
        spec.heaps.as_ref().map(|_| "heaps"),
        spec.position.as_ref().map(|_| "position"),
    ];
    let unknown = other_fields
        .into_iter()
        .flatten()
        .chain(spec.params.keys().map(String::as_str))
        .next();
    if let Some(unknown) = unknown {
        return Err(ApiError::invalid(format!(
            "position.{unknown}: unknown field: a sum has position.terms and position.convention"
        )));
    }
    if let Some(refusal) = grundy_core::loopy::family::refusal_in_sum(
        terms,
        "loopy games are answered by /api/analyze, /api/hint, /api/moves, /api/move and /api/apply",
    ) {
        return Err(refusal.into());
    }
    let sum = spec::parse_sum(terms)?;
    // The amounts of every term's rules (take-sets, excluded sets) are held to the limits.
    for c in &sum.components {
        check_amounts(c.rules().amounts(), "a take-set", limits)?;
    }
    Ok(sum)
}

/// Refuses a position of more than `max_components` heaps, naming the limit.
pub(crate) fn check_component_count(n: usize, limits: &Limits) -> Result<(), ApiError> {
    if n > limits.max_components {
        return Err(ApiError::limit(
            "max_components",
            format!(
                "the position has {n} heaps: at most {} are allowed",
                limits.max_components
            ),
        ));
    }
    Ok(())
}

fn check_size(sum: &Sum, limits: &Limits) -> Result<(), ApiError> {
    check_component_count(sum.components.len(), limits)?;
    for (i, c) in sum.components.iter().enumerate() {
        if c.heaps().iter().any(|&h| h > limits.max_heap) {
            return Err(ApiError::limit(
                "max_heap",
                format!(
                    "heap {} ({}) is too large: at most {} tokens per heap are allowed",
                    i + 1,
                    c,
                    limits.max_heap_text()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(json: &str) -> PositionSpec {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn terms_round_trip_through_the_core() {
        let p = Position::parse(
            spec(r#"{"game": "sum", "terms": "nim:3,4 + sub{1,4,9}:11 + allbut{2}:5 + octal{kayles}:7 + grundys:9 + wythoff:10,7,3,5"}"#),
            &Limits::default(),
        )
        .unwrap();
        let text = p.sum.to_terms();
        assert_eq!(
            text,
            "nim:3,4 + sub{1,4,9}:11 + allbut{2}:5 + octal{0.77}:7 + grundys:9 + wythoff:10,7,3,5"
        );
        assert_eq!(spec::parse_sum(&text).unwrap(), p.sum);
    }

    #[test]
    fn after_keeps_the_rules() {
        let p = Position::parse(
            spec(r#"{"game": "subtraction", "set": [1, 4, 9], "heaps": [11, 4]}"#),
            &Limits::default(),
        )
        .unwrap();
        let m = p.sum.winning_moves().unwrap()[0].clone();
        let after = p.after(&m);
        assert_eq!(
            after.params.get("set"),
            Some(&serde_json::Value::from(vec![1, 4, 9]))
        );
        assert_eq!(after.heaps.as_ref().map(Vec::len), Some(2));
    }

    #[test]
    fn wythoff_queens_parse_and_move() {
        let limits = Limits::default();
        let p = Position::parse(spec(r#"{"game": "wythoff", "heaps": [10, 7]}"#), &limits).unwrap();
        assert!(p.is_lone_normal());
        let m = p.sum.winning_moves().unwrap()[0].clone();
        assert_eq!(p.after(&m).heaps, Some(vec![Heap::from(4), Heap::from(7)]));
        // Far beyond the table: still a position (the closed form answers it).
        let far = format!(
            r#"{{"game": "wythoff", "heaps": [{}, 3]}}"#,
            limits.max_heap
        );
        assert!(Position::parse(spec(&far), &limits).is_ok());
        // ... but not in a sum, nor under misère play.
        let e = Position::parse(
            spec(r#"{"game": "sum", "terms": "wythoff:100000,3 + nim:1"}"#),
            &limits,
        )
        .unwrap_err();
        assert_eq!(e.limit.as_deref(), Some("max_wythoff_table"));
        let e = Position::parse(
            spec(r#"{"game": "wythoff", "heaps": [100000, 3], "convention": "misere"}"#),
            &limits,
        )
        .unwrap_err();
        assert_eq!(e.limit.as_deref(), Some("max_wythoff_table"));
        for bad in [r#"[1]"#, r#"[1, 2, 3]"#, r#"[]"#] {
            let json = format!(r#"{{"game": "wythoff", "heaps": {bad}}}"#);
            let e = Position::parse(spec(&json), &limits).unwrap_err();
            assert!(
                e.error.contains("pairs of heaps")
                    || e.error.contains("heap list")
                    || e.error.contains("position.heaps is empty"),
                "{}",
                e.error
            );
        }
        let e = Position::parse(
            spec(r#"{"game": "wythoff", "heaps": [9007199254740992, 1]}"#),
            &limits,
        )
        .unwrap_err();
        assert_eq!(e.limit.as_deref(), Some("max_heap"));
    }

    /// A request holding a position, as `/api/analyze` takes one.
    #[derive(Deserialize)]
    struct Request {
        position: PositionSpec,
    }

    /// The refusal of a position sent as JSON text, as the body extractor and
    /// [`Position::parse`] give it.
    fn refusal(json: &str) -> ApiError {
        let body = format!(r#"{{"position": {json}}}"#);
        match crate::error::parse_json::<Request>(body.as_bytes()) {
            Ok(req) => Position::parse(req.position, &Limits::default()).unwrap_err(),
            Err(e) => e,
        }
    }

    #[test]
    fn a_code_is_never_a_json_number() {
        // As a float it would be 0.123456701234567: another game.
        let e = refusal(r#"{"game": "octal", "code": 0.1234567012345670123, "heaps": [5]}"#);
        assert_eq!(e.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert!(e.error.starts_with("position.code: "), "{}", e.error);
        assert!(
            e.error.contains(r#"as a string, e.g. "0.77""#),
            "{}",
            e.error
        );
        let e = refusal(r#"{"game": "hex", "code": 1, "heaps": [5]}"#);
        assert!(
            e.error.starts_with("position.code: 1 is a number"),
            "{}",
            e.error
        );
        assert!(refusal_free(
            r#"{"game": "octal", "code": "0.1234567012345670123", "heaps": [5]}"#
        ));
    }

    fn refusal_free(json: &str) -> bool {
        let spec = crate::error::parse_json::<PositionSpec>(json.as_bytes()).unwrap();
        Position::parse(spec, &Limits::default()).is_ok()
    }

    #[test]
    fn whole_heaps_written_as_floats_are_refused_in_words() {
        for (heap, shown) in [("3.0", "3.0"), ("1e3", "1000.0"), ("-0", "-0.0")] {
            let e = refusal(&format!(r#"{{"game": "nim", "heaps": [{heap}]}}"#));
            assert!(
                e.error.starts_with(&format!(
                    "position.heaps[0]: invalid heap {shown}: heaps are whole numbers written without a point or exponent, e.g. 3"
                )),
                "{}",
                e.error
            );
        }
        let e = refusal(r#"{"game": "nim", "heaps": [18446744073709551616]}"#);
        assert!(
            e.error.contains("beyond 2^64 - 1 loses its digits"),
            "{}",
            e.error
        );
        let e = refusal(r#"{"game": "nim", "heaps": [-1e30]}"#);
        assert!(
            e.error.contains("expected a whole number (0 or more)"),
            "{}",
            e.error
        );
    }

    #[test]
    fn a_convention_of_another_type_names_its_field() {
        for bad in ["null", "5", r#"["normal"]"#] {
            let e = refusal(&format!(
                r#"{{"game": "nim", "heaps": [3], "convention": {bad}}}"#
            ));
            assert_eq!(e.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
            assert!(
                e.error.starts_with(&format!(
                    r#"position.convention: invalid convention {}: expected "normal" or "misere""#,
                    bad.replace(' ', "")
                )),
                "{}",
                e.error
            );
        }
        assert!(refusal_free(
            r#"{"game": "nim", "heaps": [3], "convention": "misere"}"#
        ));
    }

    #[test]
    fn refused_parameters_name_their_field() {
        let cases = [
            (r#""game": "subtraction", "set": [0]"#, "position.set[0]: invalid amount 0: expected a whole number from 1 to 10000"),
            (r#""game": "subtraction", "set": [-1]"#, "position.set[0]: invalid amount -1: expected a whole number from 1 to 10000"),
            (r#""game": "subtraction", "set": [2, "x"]"#, "position.set[1]: invalid amount \"x\": expected a whole number from 1 to 10000"),
            (r#""game": "subtraction", "set": []"#, "position.set: [] is empty: expected 1 to 64 amounts, each from 1 to 10000, e.g. [1, 4, 9]"),
            (r#""game": "bachet", "k": 3.5"#, "position.k: invalid Bachet limit \"3.5\": expected a whole number from 1 to 10000"),
            (r#""game": "bachet", "k": 3.0"#, "position.k: 3.0 is written with a point or an exponent: expected a whole number written without, e.g. 3"),
            (r#""game": "moore", "k": 18446744073709551616"#, "position.k: 1.8446744073709552e19 is beyond 2^64 - 1, where JSON numbers lose their digits: write it as a string of digits, e.g. \"18446744073709551616\""),
            (r#""game": "moore", "k": "18446744073709551616""#, "position.k: k of Moore's Nim \"18446744073709551616\" is out of range: expected a whole number from 1 to 8"),
            (r#""game": "octal", "code": null"#, "position.code: null is not accepted: expected a string, e.g. \"0.77\""),
            (r#""game": "octal", "code": "0.8""#, "position.code: invalid octal code \"0.8\": expected octal digits 0-7 only after the point (found the digit 8)"),
        ];
        for (fields, message) in cases {
            let e = refusal(&format!(r#"{{{fields}, "heaps": [5]}}"#));
            assert_eq!(e.error, message);
        }
        // Of two parameters, the one the refusal quotes.
        let e =
            refusal(r#"{"game": "tartan", "rows": "twins", "columns": "chess", "position": "TH"}"#);
        assert!(
            e.error
                .starts_with("position.columns: invalid coin game \"chess\""),
            "{}",
            e.error
        );
        // An empty excluded set is allowed: all-but {} takes any amount.
        assert!(refusal_free(
            r#"{"game": "all-but", "except": [], "heaps": [5]}"#
        ));
    }

    #[test]
    fn limits_are_named() {
        let limits = Limits::default();
        let e = Position::parse(spec(r#"{"game": "chess", "heaps": [1]}"#), &limits).unwrap_err();
        assert!(e.error.contains("unknown game"), "{}", e.error);
        let e = Position::parse(
            spec(r#"{"game": "nim", "heaps": [9007199254740992]}"#),
            &limits,
        )
        .unwrap_err();
        assert_eq!(e.limit.as_deref(), Some("max_heap"));
        let e = Position::parse(
            spec(r#"{"game": "subtraction", "set": [1, 100000], "heaps": [1]}"#),
            &limits,
        )
        .unwrap_err();
        assert_eq!(e.limit.as_deref(), Some("max_take"));
    }
}

//! Positions as the API sends and receives them.
//!
//! A position is a JSON object naming its ruleset in `game`:
//!
//! | `game` | fields | example |
//! | --- | --- | --- |
//! | `nim` | `heaps` | `{"game": "nim", "heaps": [3, 4, 5]}` |
//! | `subtraction` | `set`, `heaps` | `{"game": "subtraction", "set": [1, 4, 9], "heaps": [11]}` |
//! | `all-but` | `except`, `heaps` | `{"game": "all-but", "except": [2, 3], "heaps": [10]}` |
//! | `octal` | `code` (a code or a preset name), `heaps` | `{"game": "octal", "code": "0.77", "heaps": [10]}` |
//! | `grundys-game` | `heaps` | `{"game": "grundys-game", "heaps": [9]}` |
//! | `wythoff` | `heaps`: the queen's square `[x, y]` | `{"game": "wythoff", "heaps": [10, 7]}` |
//! | `sum` | `terms` (the core's position text) | `{"game": "sum", "terms": "nim:3,4 + wythoff:10,7"}` |
//!
//! and optionally `"convention": "misere"` (default `"normal"`). [`Position::parse`] checks it
//! against the [`Limits`] and builds the core's [`Sum`]; [`Position::after`] gives the same kind
//! of object for the position after a move, which is what the page stores in its URL.
//!
//! A lone Wythoff position under normal play may have any coordinates up to `max_heap`: its
//! P-positions and winning moves have a closed form. Its Grundy value, and every Wythoff term
//! of a sum or of a misère game (which need values or search), is limited to coordinates up to
//! `max_wythoff_table`.
//!
//! A new ruleset in the core slots in with one arm in [`Position::parse`] (and, if its
//! positions are not single heaps, a field of its own here).

use std::sync::Arc;

use grundy_core::games::octal::OctalGame;
use grundy_core::games::all_but::AllButGame;
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::spec::{self, RulesSpec};
use grundy_core::strategy::{nim_heaps, Convention};
use grundy_core::sum::{Component, Sum, SumMove};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::Limits;

/// The games the API knows, for error messages.
pub const GAMES: &str = "nim, subtraction, all-but, octal, grundys-game, wythoff, sum";

/// A position as JSON (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    /// The ruleset: `nim`, `subtraction`, `all-but`, `octal`, `grundys-game`, `wythoff` or
    /// `sum`.
    pub game: String,
    /// Heap sizes (every game but `sum`); for `wythoff`, the queen's square `[x, y]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heaps: Option<Vec<u64>>,
    /// The take-set (`subtraction`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<Vec<u64>>,
    /// The excluded amounts (`all-but`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub except: Option<Vec<u64>>,
    /// The octal code or preset name (`octal`), e.g. `0.77` or `kayles`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The position text (`sum`), e.g. `nim:3,4 + sub{1,4,9}:11`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms: Option<String>,
    /// `normal` (the last mover wins, the default) or `misere` (the last mover loses).
    #[serde(default)]
    pub convention: Convention,
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
        let sum = match spec.game.as_str() {
            "nim" => heaps_of(&RulesSpec::Nim, &spec)?,
            "subtraction" => {
                let set = amounts(&spec.set, "set", "subtraction", limits)?;
                let game = SubtractionGame::new(set)?;
                heaps_of(&RulesSpec::Subtraction(Arc::new(game)), &spec)?
            }
            "all-but" => {
                let except = amounts(&spec.except, "except", "all-but", limits)?;
                let game = AllButGame::new(except)?;
                heaps_of(&RulesSpec::AllBut(Arc::new(game)), &spec)?
            }
            "octal" => {
                let code = spec.code.as_deref().ok_or_else(|| {
                    ApiError::invalid(
                        "position.code is missing: an octal position needs a code such as \"0.77\" or a name such as \"kayles\"",
                    )
                })?;
                let game = OctalGame::named(code)?;
                heaps_of(&RulesSpec::Octal(Arc::new(game)), &spec)?
            }
            "grundys-game" => {
                let game = OctalGame::grundys_game();
                heaps_of(&RulesSpec::Octal(Arc::new(game)), &spec)?
            }
            "wythoff" => wythoff_queen(&spec)?,
            "sum" => sum_of_terms(&spec, limits)?,
            other => {
                return Err(ApiError::invalid(format!(
                    "unknown game {other:?}: expected one of {GAMES}"
                )))
            }
        };
        check_size(&sum, limits)?;
        let position = Position { spec, sum };
        if position.lone_wythoff().is_none() {
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
        nim_heaps(&self.sum).is_some()
    }

    /// The queen's square when the position is a lone Wythoff position under normal play: the
    /// case answered from the closed form at any size.
    pub fn lone_wythoff(&self) -> Option<(u64, u64)> {
        match self.sum.components.as_slice() {
            [Component::wythoff(x, y)] if self.convention() == Convention::Normal => {
                Some((*x, *y))
            }
            _ => None,
        }
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
        spec.terms = Some(terms_text(sum));
    } else {
        spec.heaps = Some(
            sum.components
                .iter()
                .flat_map(|c| match *c {
                    Component::wythoff(x, y) => vec![x, y],
                    _ => vec![c.tokens()],
                })
                .collect(),
        );
    }
    spec
}

/// The core's position text for `sum`: consecutive components of the same ruleset share a
/// term, e.g. `nim:3,4 + subtraction {1,4,9}:11` (which the core parses back).
pub fn terms_text(sum: &Sum) -> String {
    let mut terms: Vec<(String, Vec<String>)> = Vec::new();
    for c in &sum.components {
        let name = rules_text(c);
        match terms.last_mut() {
            Some((last, heaps)) if *last == name => heaps.push(heaps_text(c)),
            _ => terms.push((name, vec![heaps_text(c)])),
        }
    }
    let terms: Vec<String> = terms
        .into_iter()
        .map(|(name, heaps)| format!("{name}:{}", heaps.join(",")))
        .collect();
    terms.join(" + ")
}

/// The heaps part of a term for `c`: `11`, or `10,7` for a Wythoff position.
fn heaps_text(c: &Component) -> String {
    match c {
        Component::wythoff(x, y) => format!("{x},{y}"),
        _ => c.to_string(),
    }
}

/// The rules part of a term for `c`, in a form `spec::parse_rules` reads back.
fn rules_text(c: &Component) -> String {
    match c {
        Component::Octal { game, .. } if !game.is_grundys_game() => format!("octal{{{game}}}"),
        _ => c.ruleset_name(),
    }
}

fn heaps_of(rules: &RulesSpec, spec: &PositionSpec) -> Result<Sum, ApiError> {
    let heaps = spec.heaps.as_ref().ok_or_else(|| {
        ApiError::invalid(format!(
            "position.heaps is missing: a {} position needs a list of heap sizes, e.g. [3, 4, 5]",
            spec.game
        ))
    })?;
    Ok(Sum::new(heaps.iter().map(|&h| rules.heap(h)).collect()))
}

/// The queen's square `[x, y]` of a `wythoff` position.
fn wythoff_queen(spec: &PositionSpec) -> Result<Sum, ApiError> {
    match spec.heaps.as_deref() {
        Some(&[x, y]) => Ok(Sum::new(vec![Component::wythoff(x, y)])),
        Some(other) => Err(ApiError::invalid(format!(
            "position.heaps has {} number{}: a wythoff position is the queen's square [x, y], 2 numbers",
            other.len(),
            if other.len() == 1 { "" } else { "s" }
        ))),
        None => Err(ApiError::invalid(
            "position.heaps is missing: a wythoff position is the queen's square [x, y], e.g. [10, 7]",
        )),
    }
}

/// Wythoff terms whose Grundy values are needed (in sums and under misère play) must lie in
/// the table: beyond it the core would build tables of hundreds of MiB for seconds.
fn check_wythoff_table(sum: &Sum, limits: &Limits) -> Result<(), ApiError> {
    for c in &sum.components {
        if let Component::wythoff(x, y) = *c {
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

fn amounts(
    list: &Option<Vec<u64>>,
    field: &str,
    game: &str,
    limits: &Limits,
) -> Result<Vec<u64>, ApiError> {
    let list = list.as_ref().ok_or_else(|| {
        ApiError::invalid(format!(
            "position.{field} is missing: a {game} position needs a list of amounts, e.g. [1, 4, 9]"
        ))
    })?;
    check_amounts(list, field, limits)?;
    Ok(list.clone())
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
    let sum = spec::parse_sum(terms)?;
    for c in &sum.components {
        match c {
            Component::Subtraction { game, .. } => check_amounts(game.set(), "a take-set", limits)?,
            Component::AllBut { game, .. } => {
                check_amounts(game.excluded(), "an excluded set", limits)?
            }
            _ => {}
        }
    }
    Ok(sum)
}

fn check_size(sum: &Sum, limits: &Limits) -> Result<(), ApiError> {
    let n = sum.components.len();
    if n > limits.max_components {
        return Err(ApiError::limit(
            "max_components",
            format!(
                "the position has {n} heaps: at most {} are allowed",
                limits.max_components
            ),
        ));
    }
    for (i, c) in sum.components.iter().enumerate() {
        let too_big = match *c {
            Component::wythoff(x, y) => x.max(y) > limits.max_heap,
            _ => c.tokens() > limits.max_heap,
        };
        if too_big {
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
        let text = terms_text(&p.sum);
        assert_eq!(
            text,
            "nim:3,4 + subtraction {1,4,9}:11 + all-but {2}:5 + octal{0.77}:7 + grundys-game:9 + wythoff:10,7,3,5"
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
        assert_eq!(after.set, Some(vec![1, 4, 9]));
        assert_eq!(after.heaps.as_ref().map(Vec::len), Some(2));
    }

    #[test]
    fn wythoff_queens_parse_and_move() {
        let limits = Limits::default();
        let p = Position::parse(spec(r#"{"game": "wythoff", "heaps": [10, 7]}"#), &limits).unwrap();
        assert_eq!(p.lone_wythoff(), Some((10, 7)));
        let m = p.sum.winning_moves().unwrap()[0].clone();
        assert_eq!(p.after(&m).heaps, Some(vec![4, 7]));
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
            assert!(e.error.contains("[x, y]"), "{}", e.error);
        }
        let e = Position::parse(
            spec(r#"{"game": "wythoff", "heaps": [9007199254740992, 1]}"#),
            &limits,
        )
        .unwrap_err();
        assert_eq!(e.limit.as_deref(), Some("max_heap"));
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

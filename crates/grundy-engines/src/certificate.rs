//! Certificates: what a search proved, written so that a checker sharing no search code can
//! verify it (`grundy search GAME POSITION --certificate FILE`, then `grundy verify FILE`).
//!
//! A certificate claims "the position `P` of the game is worth `v`" and holds facts about
//! components (canonical keys), each of which is checked from the component's own options:
//!
//! * `{"key": K, "value": v}`: `K` is worth `v`. Checked by the mex rule: no option of `K` is
//!   worth `v`, and each `k < v` is the value of some option.
//! * `{"key": K, "not": [k, ...]}`: `K` is worth none of the `k` listed. Checked: for each
//!   `k`, some option of `K` is worth `k`.
//!
//! An option is a sum of components (equal ones cancel in pairs: `G + G = 0`) and of values
//! the game knows without search. Its value is known when each of its components has a
//! `value` fact: their XOR. It is shown not to be worth `v` when its value is known and is not
//! `v`, or when all its components but one, `U`, have `value` facts and `U` has a `not` fact
//! listing `v` XOR theirs (the sum theorem: Sprague and Grundy, see docs/bibliography.md).
//!
//! Each fact speaks of the options of its key, positions later in the game, so checking each
//! fact on its own proves them all (by induction on the length of the game, which is finite).
//! The claim is checked with them: each component of `P` has a `value` fact, and their XOR
//! with the values the game knows is `v`. What the checker trusts is the game's listing of
//! options ([`crate::search::SplitGame::options`], the rules) and its canonical keys (equal
//! keys are the same game); it shares nothing with the search: no table, no engine.
//!
//! The format is JSON Lines: the first line is the [`Claim`], each other line a [`FactLine`].
//! Keys are written by the game ([`crate::search::SplitGame::key_text`]): Sprouts' lands in
//! the notation Glop and SPOTS read, other games' keys in hexadecimal digits.

use std::io::{BufRead, Read, Write};

use serde::{Deserialize, Serialize};

use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;

pub mod check;
pub mod prove;

/// The first field of every certificate's first line.
pub const FORMAT: &str = "grundy-certificate";
/// The version of the format this build writes and reads.
pub const VERSION: u32 = 1;

/// What a certificate claims: the first line of its file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// Always [`FORMAT`].
    pub certificate: String,
    /// The format's version ([`VERSION`]).
    pub version: u32,
    /// The game's name in the registry (`sprouts`, `cram`, ...).
    pub game: String,
    /// The game whose keys the facts are (the engine's table tag: Arc-Kayles on a grid is
    /// searched as Cram, so its keys are Cram's).
    pub tag: String,
    /// The position, as the game writes it.
    pub position: String,
    /// Its value (normal play).
    pub value: Nimber,
    /// How many facts follow.
    pub facts: u64,
}

/// What a certificate says of one component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// It is worth this.
    Value(Nimber),
    /// It is worth none of these (sorted, distinct).
    Not(Vec<Nimber>),
}

/// One fact as a line of the file: `value` or `not`, never both.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactLine {
    /// The component, as its game writes keys.
    pub key: String,
    /// Its value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Nimber>,
    /// Values it does not have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not: Option<Vec<Nimber>>,
}

/// A claim and the facts that prove it, keys as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// What is claimed.
    pub claim: Claim,
    /// Each fact with its component's key, in the order of the file.
    pub facts: Vec<(String, Fact)>,
}

/// Most facts a certificate may hold when read: 2^26, about 67 million lines (a few GiB).
pub const MAX_FACTS: u64 = 1 << 26;
/// Most bytes of one line of a certificate read (the longest key a search writes is far
/// shorter): a file without line breaks is refused, never held whole.
pub const MAX_LINE_BYTES: u64 = 1 << 20;

impl Certificate {
    /// Writes the certificate as JSON Lines, the claim first.
    pub fn write_to(&self, out: &mut dyn Write) -> std::io::Result<()> {
        serde_json::to_writer(&mut *out, &self.claim)?;
        out.write_all(b"\n")?;
        for (key, fact) in &self.facts {
            let line = FactLine {
                key: key.clone(),
                value: match fact {
                    Fact::Value(v) => Some(*v),
                    Fact::Not(_) => None,
                },
                not: match fact {
                    Fact::Value(_) => None,
                    Fact::Not(ks) => Some(ks.clone()),
                },
            };
            serde_json::to_writer(&mut *out, &line)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Reads a certificate written by [`Certificate::write_to`], a line at a time; an error
    /// names the line and what it should hold.
    pub fn read_from(input: &mut dyn BufRead) -> Result<Certificate> {
        let mut lines = Lines(input);
        let first = next_line(&mut lines, 1)?.ok_or_else(|| {
            malformed(
                1,
                "nothing",
                "a first line naming what the certificate claims",
            )
        })?;
        let claim: Claim =
            serde_json::from_str(&first).map_err(|e| malformed(1, e, claim_shape()))?;
        if claim.certificate != FORMAT || claim.version != VERSION {
            return Err(malformed(
                1,
                format!("{:?} version {}", claim.certificate, claim.version),
                format!("{FORMAT:?} version {VERSION}"),
            ));
        }
        if claim.facts > MAX_FACTS {
            return Err(GameError::too_large(
                "a certificate",
                format!(
                    "it claims {} facts; at most {MAX_FACTS} are read",
                    claim.facts
                ),
            ));
        }
        let mut facts = Vec::with_capacity(claim.facts as usize);
        let mut number = 1;
        while let Some(text) = next_line(&mut lines, number + 1)? {
            number += 1;
            if facts.len() as u64 == claim.facts {
                return Err(malformed(
                    number,
                    "a line more",
                    format!(
                        "the {} facts the first line counts, and no more",
                        claim.facts
                    ),
                ));
            }
            facts.push(fact_of(&text, number)?);
        }
        if facts.len() as u64 != claim.facts {
            return Err(malformed(
                number,
                format!("the end after {} facts", facts.len()),
                format!("the {} facts the first line counts", claim.facts),
            ));
        }
        Ok(Certificate { claim, facts })
    }
}

/// The lines of a file, each read up to [`MAX_LINE_BYTES`] (a longer one is an error).
struct Lines<'a>(&'a mut dyn BufRead);

impl Iterator for Lines<'_> {
    type Item = std::io::Result<String>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut bytes = Vec::new();
        let read = (&mut *self.0)
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut bytes);
        match read {
            Err(e) => Some(Err(e)),
            Ok(0) => None,
            Ok(_) if bytes.len() as u64 > MAX_LINE_BYTES => Some(Err(std::io::Error::other(
                format!("a line longer than {MAX_LINE_BYTES} bytes"),
            ))),
            Ok(_) => {
                if bytes.last() == Some(&b'\n') {
                    bytes.pop();
                }
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
                Some(String::from_utf8(bytes).map_err(std::io::Error::other))
            }
        }
    }
}

/// The next line of the file (numbered `number`), `None` at its end.
fn next_line(lines: &mut Lines<'_>, number: u64) -> Result<Option<String>> {
    match lines.next() {
        None => Ok(None),
        Some(Ok(line)) => Ok(Some(line)),
        Some(Err(e)) => Err(malformed(
            number,
            e,
            format!("UTF-8 text, a JSON object a line of at most {MAX_LINE_BYTES} bytes"),
        )),
    }
}

/// The fact of line `number`.
fn fact_of(text: &str, number: u64) -> Result<(String, Fact)> {
    let shape = r#"a fact: {"key": K, "value": v} or {"key": K, "not": [k, ...]}"#;
    let line: FactLine = serde_json::from_str(text).map_err(|e| malformed(number, e, shape))?;
    let fact = match (line.value, line.not) {
        (Some(v), None) => Fact::Value(v),
        (None, Some(mut ks)) if !ks.is_empty() => {
            ks.sort_unstable();
            ks.dedup();
            Fact::Not(ks)
        }
        _ => return Err(malformed(number, "a fact with neither or both", shape)),
    };
    Ok((line.key, fact))
}

fn claim_shape() -> String {
    format!(
        r#"{{"certificate": "{FORMAT}", "version": {VERSION}, "game": G, "tag": T, "position": P, "value": v, "facts": n}}"#
    )
}

/// A line that does not hold what it should.
fn malformed(number: u64, found: impl std::fmt::Display, wanted: impl Into<String>) -> GameError {
    GameError::invalid(
        "certificate",
        format!("line {number}: {found}"),
        wanted.into(),
    )
}

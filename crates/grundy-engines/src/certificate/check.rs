//! The checker of certificates: each fact from its component's options, the claim from the
//! position's components (see [`super`] for why that proves the claim). It uses the game's
//! rules only (its options and keys): no search, no table, no engine.

use std::collections::BTreeMap;

use super::{Certificate, Fact};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::{OptionSink, SplitGame};

/// What checking a certificate found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// Facts checked (every fact of the certificate).
    pub facts: u64,
    /// Options listed to check them.
    pub options: u64,
    /// Why the certificate does not prove its claim: the first fact (or the claim) found
    /// wrong or unsupported, or `None` when it proves it.
    pub refuted: Option<String>,
}

/// Checks `certificate` of the position made of the components `keys` plus the values `x` of
/// `game`, its claim included. An error is a certificate that cannot be read as one of this
/// game (a key it cannot name, a key twice); a certificate read but not proving its claim is
/// [`Checked::refuted`].
pub fn check<G: SplitGame>(
    game: &G,
    keys: &[G::Key],
    x: Nimber,
    certificate: &Certificate,
) -> Result<Checked> {
    let facts = facts_of(game, certificate)?;
    let mut checked = Checked {
        facts: 0,
        options: 0,
        refuted: None,
    };
    for (key, (fact, line)) in &facts {
        if checked.facts % 256 == 0 {
            crate::kernel::cancel::check()?;
            crate::kernel::budget::check()?;
        }
        checked.facts += 1;
        let options = options_of(game, key);
        checked.options += options.len() as u64;
        let shown = |why: String| format!("line {line}: {why}");
        let found = match fact {
            Fact::Value(v) => check_value(game, &facts, &options, *v),
            Fact::Not(ks) => check_not(&facts, &options, ks),
        };
        if let Err(why) = found {
            checked.refuted = Some(shown(why));
            return Ok(checked);
        }
    }
    checked.refuted = check_claim(game, &facts, keys, x, certificate.claim.value).err();
    Ok(checked)
}

/// The facts by key, each with its line in the file.
type Facts<K> = BTreeMap<K, (Fact, u64)>;

/// The certificate's facts with their keys read by `game`.
fn facts_of<G: SplitGame>(game: &G, certificate: &Certificate) -> Result<Facts<G::Key>> {
    let mut facts = BTreeMap::new();
    for (i, (text, fact)) in certificate.facts.iter().enumerate() {
        let line = i as u64 + 2;
        let key = game.key_from_text(text).ok_or_else(|| {
            GameError::invalid(
                "certificate",
                format!("line {line}: key {}", crate::kernel::error::excerpt(text)),
                format!(
                    "a component of a {} search, written as its canonical key",
                    certificate.claim.tag
                ),
            )
        })?;
        if let Some((_, first)) = facts.insert(key, (fact.clone(), line)) {
            return Err(GameError::invalid(
                "certificate",
                format!("line {line}: key {}", crate::kernel::error::excerpt(text)),
                format!("one fact per component (it is on line {first} too)"),
            ));
        }
    }
    Ok(facts)
}

/// An option: its components (equal ones cancelled in pairs) and the XOR of the values the
/// game knows.
type Opt<K> = (Vec<K>, Nimber);

/// Every option of `key` as the game lists them.
fn options_of<G: SplitGame>(game: &G, key: &G::Key) -> Vec<Opt<G::Key>> {
    let mut listed = Listed(Vec::new());
    game.options(key, &mut listed);
    listed
        .0
        .into_iter()
        .map(|(mut keys, x)| {
            keys.sort();
            (cancelled(keys), x)
        })
        .collect()
}

/// The sink that keeps every option.
struct Listed<K>(Vec<Opt<K>>);

impl<K> OptionSink<K> for Listed<K> {
    fn begin(&mut self) {
        self.0.push((Vec::new(), 0));
    }
    fn component(&mut self, key: K) {
        if let Some(last) = self.0.last_mut() {
            last.0.push(key);
        }
    }
    fn value(&mut self, value: Nimber) {
        if let Some(last) = self.0.last_mut() {
            last.1 ^= value;
        }
    }
    fn end(&mut self) -> bool {
        true
    }
}

/// Sorted `keys` with equal neighbours removed in pairs (`G + G = 0`): the checker's own, as it
/// shares no code with the search (whose `cancel_pairs` the prover uses).
fn cancelled<K: PartialEq>(keys: Vec<K>) -> Vec<K> {
    let mut out: Vec<K> = Vec::with_capacity(keys.len());
    for key in keys {
        match out.last() == Some(&key) {
            true => {
                out.pop();
            }
            false => out.push(key),
        }
    }
    out
}

/// What the facts say of a sum of components plus `x`.
enum Worth<'a, K> {
    /// Its value: every component has a value fact.
    Exactly(Nimber),
    /// All components but this one have value facts, worth this together with `x`.
    AllBut(&'a K, Nimber),
    /// Two components or more without value facts.
    Unknown(&'a K, &'a K),
}

fn worth<'a, K: Ord>(facts: &Facts<K>, keys: &'a [K], x: Nimber) -> Worth<'a, K> {
    let mut total = x;
    let mut unvalued: Option<&K> = None;
    for key in keys {
        match facts.get(key) {
            Some((Fact::Value(v), _)) => total ^= v,
            _ => match unvalued {
                None => unvalued = Some(key),
                Some(first) => return Worth::Unknown(first, key),
            },
        }
    }
    match unvalued {
        None => Worth::Exactly(total),
        Some(key) => Worth::AllBut(key, total),
    }
}

/// A `value` fact: no option worth `v`, every smaller value an option's.
fn check_value<G: SplitGame>(
    game: &G,
    facts: &Facts<G::Key>,
    options: &[Opt<G::Key>],
    v: Nimber,
) -> std::result::Result<(), String> {
    // A component with n options is worth at most n.
    if v > options.len() as Nimber {
        return Err(format!(
            "worth {v} claimed of a component with {} options (at most that)",
            options.len()
        ));
    }
    let mut reached = vec![false; v as usize];
    for (keys, x) in options {
        match worth(facts, keys, *x) {
            Worth::Exactly(w) if w == v => {
                return Err(format!("worth {v} claimed, but an option is worth {v}"))
            }
            Worth::Exactly(w) => {
                if let Some(r) = reached.get_mut(w as usize) {
                    *r = true;
                }
            }
            Worth::AllBut(u, w) => {
                if !is_not(facts, u, v ^ w) {
                    return Err(format!(
                        "worth {v} claimed, but an option is not shown to be worth anything else: it needs {} not to be worth {}",
                        game.key_text(u),
                        v ^ w
                    ));
                }
            }
            Worth::Unknown(a, b) => {
                return Err(format!(
                    "worth {v} claimed, but an option's components {} and {} have no value",
                    game.key_text(a),
                    game.key_text(b)
                ))
            }
        }
    }
    match reached.iter().position(|&r| !r) {
        Some(k) => Err(format!(
            "worth {v} claimed, but no option is shown to be worth {k}"
        )),
        None => Ok(()),
    }
}

/// Whether the facts say `key` is not worth `k`.
fn is_not<K: Ord>(facts: &Facts<K>, key: &K, k: Nimber) -> bool {
    match facts.get(key) {
        Some((Fact::Value(v), _)) => *v != k,
        Some((Fact::Not(ks), _)) => ks.binary_search(&k).is_ok(),
        None => false,
    }
}

/// A `not` fact: an option worth each value listed.
fn check_not<K: Ord>(
    facts: &Facts<K>,
    options: &[Opt<K>],
    ks: &[Nimber],
) -> std::result::Result<(), String> {
    let values: Vec<Nimber> = options
        .iter()
        .filter_map(|(keys, x)| match worth(facts, keys, *x) {
            Worth::Exactly(w) => Some(w),
            _ => None,
        })
        .collect();
    match ks.iter().find(|k| !values.contains(k)) {
        Some(k) => Err(format!(
            "not worth {k} claimed, but no option is shown to be worth {k}"
        )),
        None => Ok(()),
    }
}

/// The claim: the position's components valued, their XOR with `x` the value claimed.
fn check_claim<G: SplitGame>(
    game: &G,
    facts: &Facts<G::Key>,
    keys: &[G::Key],
    x: Nimber,
    value: Nimber,
) -> std::result::Result<(), String> {
    let mut keys = keys.to_vec();
    keys.sort();
    let keys = cancelled(keys);
    match worth(facts, &keys, x) {
        Worth::Exactly(v) if v == value => Ok(()),
        Worth::Exactly(v) => Err(format!(
            "the position is claimed to be worth {value}, but its components' values make {v}"
        )),
        Worth::AllBut(k, _) | Worth::Unknown(k, _) => Err(format!(
            "the position is claimed to be worth {value}, but its component {} has no value",
            game.key_text(k)
        )),
    }
}

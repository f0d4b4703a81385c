//! From `Q_{n-1}` to `Q_n`: adjoining the heap of `n` tokens to a proven quotient.
//!
//! Write a position with heaps of at most `n` as `y + k·n`: `y` has only heaps smaller than
//! `n`, and `k` heaps of exactly `n`. Its options are `y' + k·n` (a move in `y`) and
//! `y + o + (k−1)·n` (a move in one heap `n`, leaving the option `o`, made of smaller heaps).
//! So, writing `F_k(y)` for "`y + k·n` is a misère P-position",
//!
//! ```text
//! F_0(y) = y is a P-position                 (read off Q_{n-1})
//! F_k(y) = y + k·n has a move
//!          and F_k(y') fails for every option y' of y
//!          and F_{k−1}(y + o) fails for every option o of n      (k >= 1)
//! ```
//!
//! **The guess.** Suppose heap `n` tells apart no two positions that `Q_{n-1}` identifies, i.e.
//! every `F_k(y)` depends only on the element `a` of `y` in `Q_{n-1}`. Then `F_k` is a vector
//! over the elements, computed from `F_{k−1}` by the recursion above run on one member of each
//! element (and on smaller positions met on the way, each standing for its own element).
//! `F_k` is a function of `F_{k−1}` alone, so the first repeated vector `F_{s+p} = F_s` gives
//! `F_{k+p} = F_k` for every `k >= s`. The automaton with states `(a, k)`, `0 <= k < s + p`,
//! that reads a heap `h < n` as `a ↦ a·h` and a heap `n` as `k ↦ k + 1` (from `s + p − 1` back
//! to `s`), accepting where `F_k(a)`, recognises the P-positions; its minimal automaton is the
//! candidate for `Q_n` ([`Monoid::from_labelled`]).
//!
//! **The proof.** Nothing above is trusted: [`check::prove_in`] proves the candidate for every
//! position or returns a position where it fails. A failure means heap `n` does tell apart
//! positions of one element of `Q_{n-1}`; [`super::refine`] then refines the guess from what
//! the failed proof saw, and if that does not settle it soon, the context construction (`misere::contexts`) computes
//! the finer structure exactly, one count `k` of heaps `n` at a time.
//!
//! The same construction serves the games the context construction (`misere::contexts`) needs: heaps played beside a
//! fixed [`Rule`] context that may have moves of its own, some of them winning.

use std::collections::HashMap;

use super::check::{self, Context, Proof};
use super::game::OptionTable;
use super::monoid::Monoid;
use super::refine::OldPart;
use super::search::Position;
use super::stage::tokens;
pub use super::stage::{
    truncated, Bounds, Rule, Stage, MAX_NESTING, MAX_POWERS, QUICK_REFINEMENTS,
};
use crate::kernel::error::{GameError, Result};

/// `Q_{n+1}` from `stage` (`Q_n` of the game beside `rule`) by guesses and their proofs
/// (the module docs); `options` covers heaps up to at least `n + 1`. `None` when
/// [`QUICK_REFINEMENTS`] refinements do not settle it: the context construction
/// (`misere::contexts::adjoin`, which calls this first) then computes it exactly.
pub fn by_guesses(
    options: &OptionTable,
    stage: &Stage,
    rule: &Rule,
    bounds: Bounds,
) -> Result<Option<Stage>> {
    let n = stage.max_heap() + 1;
    let table = truncated(options, n);
    let mut old = OldPart::of_stage(stage);
    for _ in 0..=QUICK_REFINEMENTS {
        bounds.check()?;
        let guess = guess(&table, rule, &old, n, bounds)?;
        match prove(&table, rule, &guess, bounds)? {
            Proof::Proven { states } => {
                return Ok(Some(Stage {
                    proof_states: states,
                    ..guess
                }))
            }
            Proof::Counterexample(_) => {
                bounds.check()?;
                let explored =
                    check::explore(&table, guess.candidate(), n - 1, bounds.max_proof_states)?;
                old = OldPart::of_failure(&table, stage, rule, &guess, &explored, bounds)?;
            }
            Proof::NotAMonoid(_) => break,
        }
    }
    Ok(None)
}

/// Proves `stage` for the game beside `rule` (heaps up to its largest), checking first that
/// its base elements follow the rule's base monoid.
pub fn prove(table: &OptionTable, rule: &Rule, stage: &Stage, bounds: Bounds) -> Result<Proof> {
    for e in 0..stage.order() as u32 {
        for h in 1..=stage.max_heap() {
            let product = stage.monoid.mul(e, stage.pretend[h]) as usize;
            let expected = rule.base.mul(stage.base[e as usize], rule.base_pretend[h]);
            if stage.base[product] != expected {
                return Err(GameError::invalid(
                    "misère quotient guess",
                    format!("element {e} and heap {h}"),
                    "base elements that follow the base monoid (internal error)",
                ));
            }
        }
    }
    let forced: Vec<bool> = stage
        .base
        .iter()
        .map(|&b| rule.forced[b as usize])
        .collect();
    let context = Context {
        has_move: rule.context_moves,
        forced: Some(&forced),
    };
    check::prove_in(table, stage.candidate(), context, bounds.max_proof_states)
}

/// The guess for `Q_n` from an old part (before its proof).
fn guess(
    options: &OptionTable,
    rule: &Rule,
    old: &OldPart,
    n: usize,
    bounds: Bounds,
) -> Result<Stage> {
    let levels = Levels::new(options, rule, old, n);
    let powers = levels.powers()?;
    let size = old.states() * powers.f.len();
    if size > bounds.max_order.saturating_mul(16) {
        return Err(GameError::too_large(
            format!("the misère quotient with heap {n}"),
            format!(
                "a guess would be minimised from {size} states, more than 16 times the limit \
                 of {} elements",
                bounds.max_order
            ),
        ));
    }
    let guess = minimise(rule, old, n, &powers);
    if guess.order() > bounds.max_order {
        return Err(GameError::too_large(
            format!("the misère quotient with heap {n}"),
            format!(
                "it has more than {} elements (a guess had {})",
                bounds.max_order,
                guess.order()
            ),
        ));
    }
    Ok(guess)
}

/// The vectors `F_k`, `k = 0, 1, …` of the module docs (one value per state of the old part),
/// with where they start repeating.
#[derive(Debug, Clone)]
pub(crate) struct Powers {
    /// `f[k][s]`: `F_k` at state `s`, for `k < start + period`.
    pub f: Vec<Vec<bool>>,
    /// `b[k]`: the base element of `k` heaps `n`.
    pub b: Vec<u32>,
    /// `s`: the first repeated column.
    pub start: usize,
}

/// The recursion of the module docs over the states of an old part.
pub(crate) struct Levels<'a> {
    options: &'a OptionTable,
    rule: &'a Rule,
    old: &'a OldPart,
    /// The heap adjoined.
    n: usize,
    /// The options of heap `n`, as positions.
    new_options: Vec<Position>,
}

impl<'a> Levels<'a> {
    pub fn new(options: &'a OptionTable, rule: &'a Rule, old: &'a OldPart, n: usize) -> Self {
        let new_options = options.options[n]
            .iter()
            .map(|o| o.iter().map(|&h| h as u16).collect())
            .collect();
        Levels {
            options,
            rule,
            old,
            n,
            new_options,
        }
    }

    /// `F_0, F_1, …` until a column (with the base element of the heaps `n`) repeats.
    pub fn powers(&self) -> Result<Powers> {
        let x = self.rule.base_pretend[self.n];
        let mut f = vec![self.old.is_p.clone()];
        let mut b = vec![0u32];
        let mut seen: HashMap<(Vec<bool>, u32), usize> = HashMap::from([((f[0].clone(), 0), 0)]);
        loop {
            crate::kernel::cancel::check()?;
            let k = f.len();
            let base_k = self.rule.base.mul(b[k - 1], x);
            let next = self.level(&f[k - 1], base_k);
            let key = (next, base_k);
            if let Some(&start) = seen.get(&key) {
                return Ok(Powers { f, b, start });
            }
            if k >= MAX_POWERS {
                return Err(GameError::too_large(
                    format!("the misère quotient with heap {}", self.n),
                    format!(
                        "the outcomes of k copies of heap {} did not repeat within \
                         {MAX_POWERS} copies",
                        self.n
                    ),
                ));
            }
            seen.insert(key.clone(), k);
            f.push(key.0);
            b.push(base_k);
        }
    }

    /// `F_k` from `F_{k−1}` (`below`); `base_k` is the base element of `k` heaps `n`.
    fn level(&self, below: &[bool], base_k: u32) -> Vec<bool> {
        let states = self.old.states();
        let mut memo: Vec<Option<bool>> = vec![None; states];
        for s in 0..states {
            if memo[s].is_none() {
                let v = self.is_p(&self.old.representative[s], below, base_k, &mut memo);
                memo[s] = Some(v);
            }
        }
        memo.into_iter().map(|v| v.unwrap_or(false)).collect()
    }

    /// Whether `y + k·n` is a P-position (`k >= 1`), given `F_{k−1}` and the `F_k` known,
    /// evaluating unknown options (smaller positions) recursively.
    fn is_p(&self, y: &[u16], below: &[bool], base_k: u32, memo: &mut [Option<bool>]) -> bool {
        let s = self.old.state(y);
        let forced = self.rule.forced[self.rule.base.mul(self.old.base[s], base_k) as usize];
        if forced || self.wins_in_new_heap(s, below) {
            return false;
        }
        let mut has_move = self.rule.context_moves || self.options.has_move(self.n);
        let mut found_p = false;
        super::search::for_each_option(self.options, y, |smaller| {
            has_move = true;
            if found_p {
                return;
            }
            let c = self.old.state(&smaller);
            found_p = match memo[c] {
                Some(p) => p,
                None => {
                    let p = self.is_p(&smaller, below, base_k, memo);
                    memo[c] = Some(p);
                    p
                }
            };
        });
        has_move && !found_p
    }

    /// Whether a move in one heap `n` reaches a P-position, from a position of state `s`.
    fn wins_in_new_heap(&self, s: usize, below: &[bool]) -> bool {
        self.new_options.iter().any(|o| {
            let t = o
                .iter()
                .fold(s, |t, &h| self.old.next[t][h as usize - 1] as usize);
            below[t]
        })
    }
}

/// The minimal automaton of the guess, as a stage (its proof not yet done).
pub(crate) fn minimise(rule: &Rule, old: &OldPart, n: usize, powers: &Powers) -> Stage {
    let states = old.states();
    let columns = powers.f.len();
    let state = |k: usize, s: u32| (k * states + s as usize) as u32;
    let mut next = Vec::with_capacity(columns * states);
    let mut labels = Vec::with_capacity(columns * states);
    for k in 0..columns {
        let k_next = if k + 1 == columns {
            powers.start
        } else {
            k + 1
        };
        for s in 0..states {
            let mut row: Vec<u32> = old.next[s].iter().map(|&t| state(k, t)).collect();
            row.push(state(k_next, s as u32));
            next.push(row);
            let base = rule.base.mul(old.base[s], powers.b[k]);
            labels.push(base * 2 + powers.f[k][s] as u32);
        }
    }
    let labelled = Monoid::from_labelled(&next, labels);
    let order = labelled.monoid.order();
    let mut representative: Vec<Option<Position>> = vec![None; order];
    for k in 0..columns {
        for s in 0..states {
            let e = labelled.state_element[k * states + s];
            if e == u32::MAX {
                continue;
            }
            let old_rep = &old.representative[s];
            let size = tokens(old_rep) + k * n;
            let slot = &mut representative[e as usize];
            if slot.as_ref().map_or(true, |p| size < tokens(p)) {
                let mut p = old_rep.clone();
                p.extend(std::iter::repeat(n as u16).take(k));
                p.sort_unstable();
                *slot = Some(p);
            }
        }
    }
    let mut pretend = vec![0u32];
    pretend.extend(labelled.letter.iter().copied());
    Stage {
        monoid: labelled.monoid,
        pretend,
        p_portion: labelled.label.iter().map(|&l| l % 2 == 1).collect(),
        base: labelled.label.iter().map(|&l| l / 2).collect(),
        representative: representative
            .into_iter()
            .map(|p| p.unwrap_or_default())
            .collect(),
        proof_states: 0,
    }
}

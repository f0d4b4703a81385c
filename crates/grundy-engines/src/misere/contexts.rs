//! Adjoining a heap that tells apart positions `Q_{n-1}` identifies, exactly.
//!
//! Write `F_k` for the set of positions `y` of heaps smaller than `n` such that `y + k·n` is a
//! P-position. `Q_n` restricted to the smaller heaps is the coarsest congruence that decides
//! every `F_k`, and `F_k` is itself the set of P-positions of a game on the smaller heaps:
//! `y` played beside `k` heaps `n`, where the context always has a move (for `k >= 1`, when a
//! heap `n` has one) and has a *winning* move exactly when some option `o` of heap `n` gives
//! `y + o ∈ F_{k−1}`. That is a [`Rule`] whose base monoid is the structure found for
//! `F_0, …, F_{k−1}`. So the levels are computed in turn, each by the same heap-by-heap
//! construction as the quotient itself ([`super::adjoin`], proven at every heap):
//!
//! * level 0 is `Q_{n-1}`;
//! * level `k` is the quotient of the game beside `k` heaps `n`, refining level `k − 1`;
//! * as soon as `F_k = F_{k'}` for some `k' < k` (with the base element of `k` heaps `n` equal
//!   to that of `k'`), `F_{k+j} = F_{k'+j}` for every `j`, since each level is determined by
//!   the one before.
//!
//! The automaton with states (element of level `k − 1`, count `0..k`) then recognises the
//! P-positions exactly; its minimal automaton is `Q_n`, proven like any guess.

use super::adjoin::{by_guesses, minimise, prove, Powers};
use super::check::Proof;
use super::game::OptionTable;
use super::refine::OldPart;
use super::search::Position;
use super::stage::{truncated, Bounds, Rule, Stage, MAX_NESTING, MAX_POWERS};
use crate::kernel::error::{GameError, Result};

/// Computes `Q_{n+1}` from `stage` (`Q_n` of the game beside `rule`); `options` covers heaps
/// up to at least `n + 1`. Guesses first ([`by_guesses`]); when they do not settle it, the
/// exact construction by context games ([`by_contexts`]). `nesting` counts the context levels
/// above this call.
pub fn adjoin(
    options: &OptionTable,
    stage: &Stage,
    rule: &Rule,
    bounds: Bounds,
    nesting: usize,
) -> Result<Stage> {
    if let Some(next) = by_guesses(options, stage, rule, bounds)? {
        return Ok(next);
    }
    let n = stage.max_heap() + 1;
    if nesting >= MAX_NESTING {
        return Err(GameError::too_large(
            format!("the misère quotient with heap {n}"),
            format!(
                "heap {n} tells apart positions of smaller heaps in ways that need more than \
                 {MAX_NESTING} nested context games"
            ),
        ));
    }
    by_contexts(options, stage, rule, bounds, nesting + 1)
}

/// `Q_n` of the game beside `rule` from its `Q_{n-1}` (`stage`), one count of heaps `n` at a
/// time (see the module docs).
pub fn by_contexts(
    options: &OptionTable,
    stage: &Stage,
    rule: &Rule,
    bounds: Bounds,
    nesting: usize,
) -> Result<Stage> {
    let n = stage.max_heap() + 1;
    let x = rule.base_pretend[n];
    let new_options: Vec<Position> = options.options[n]
        .iter()
        .map(|o| o.iter().map(|&h| h as u16).collect())
        .collect();
    let mut levels: Vec<Stage> = vec![stage.clone()];
    // to_rule[k][e]: the rule's base element of element e of level k.
    let mut to_rule: Vec<Vec<u32>> = vec![stage.base.clone()];
    // powers[k]: the rule's base element of k heaps n.
    let mut powers: Vec<u32> = vec![0];
    loop {
        bounds.check()?;
        let k = levels.len();
        if k > MAX_POWERS {
            return Err(GameError::too_large(
                format!("the misère quotient with heap {n}"),
                format!("the outcomes beside k heaps {n} did not repeat within {MAX_POWERS} heaps"),
            ));
        }
        powers.push(rule.base.mul(powers[k - 1], x));
        let prev = &levels[k - 1];
        let forced: Vec<bool> = (0..prev.order() as u32)
            .map(|e| {
                rule.forced[rule.base.mul(to_rule[k - 1][e as usize], powers[k]) as usize]
                    || new_options
                        .iter()
                        .any(|o| prev.p_portion[prev.monoid.mul(e, prev.element(o)) as usize])
            })
            .collect();
        let level_rule = Rule {
            context_moves: rule.context_moves || options.has_move(n),
            base: prev.monoid.clone(),
            base_pretend: prev.pretend.clone(),
            forced,
        };
        let mut tower = Stage::empty(&level_rule);
        for _ in 1..n {
            bounds.check()?;
            tower = adjoin(options, &tower, &level_rule, bounds, nesting)?;
        }
        let map: Vec<u32> = tower
            .base
            .iter()
            .map(|&b| to_rule[k - 1][b as usize])
            .collect();
        levels.push(tower);
        to_rule.push(map);
        if let Some(start) = repeat(&levels, &powers) {
            return assemble(options, rule, &levels, &to_rule, &powers, start, bounds);
        }
    }
}

/// Whether the last level repeats an earlier one (same outcomes on every element of the last
/// level, same base element of the heaps `n`): the earlier level's index.
fn repeat(levels: &[Stage], powers: &[u32]) -> Option<usize> {
    let top = levels.len() - 1;
    let order = levels[top].order() as u32;
    let columns: Vec<Vec<bool>> = (0..order).map(|e| outcomes(levels, top, e)).collect();
    (0..top).find(|&k| powers[k] == powers[top] && columns.iter().all(|f| f[k] == f[top]))
}

/// `F_j` for `j = 0..=level` at element `e` of `levels[level]`.
fn outcomes(levels: &[Stage], level: usize, e: u32) -> Vec<bool> {
    let mut f = vec![false; level + 1];
    let mut e = e;
    for j in (0..=level).rev() {
        f[j] = levels[j].p_portion[e as usize];
        if j > 0 {
            e = levels[j].base[e as usize];
        }
    }
    f
}

/// The quotient from the levels `0..top` once level `top` repeats level `start`.
fn assemble(
    options: &OptionTable,
    rule: &Rule,
    levels: &[Stage],
    to_rule: &[Vec<u32>],
    powers: &[u32],
    start: usize,
    bounds: Bounds,
) -> Result<Stage> {
    let top = levels.len() - 2;
    let last = &levels[top];
    let n = last.max_heap() + 1;
    let mut old = OldPart::of_stage(last);
    old.base = to_rule[top].clone();
    old.is_p = levels[top].p_portion.clone();
    let columns: Vec<Vec<bool>> = (0..last.order() as u32)
        .map(|e| outcomes(levels, top, e))
        .collect();
    let f = (0..=top)
        .map(|k| columns.iter().map(|c| c[k]).collect())
        .collect();
    let powers = Powers {
        f,
        b: powers[..=top].to_vec(),
        start,
    };
    let table = truncated(options, n);
    let guess = minimise(rule, &old, n, &powers);
    if guess.order() > bounds.max_order {
        return Err(GameError::too_large(
            format!("the misère quotient with heap {n}"),
            format!(
                "it has more than {} elements ({})",
                bounds.max_order,
                guess.order()
            ),
        ));
    }
    match prove(&table, rule, &guess, bounds)? {
        Proof::Proven { states } => Ok(Stage {
            proof_states: states,
            ..guess
        }),
        Proof::Counterexample(w) => Err(GameError::invalid(
            "misère quotient",
            format!("heap {n}, position {w:?}"),
            "a quotient built from proven context levels to be proven (internal error)",
        )),
        Proof::NotAMonoid(why) => Err(GameError::invalid(
            "misère quotient",
            format!("heap {n}: {why}"),
            "a quotient built from proven context levels to be a monoid (internal error)",
        )),
    }
}

//! Misère sums of octal heaps answered through their misère quotient.
//!
//! A misère position made only of heaps of one heap ruleset (an octal game such as Kayles or
//! Dawson's Kayles, a subtraction game, Lasker's Nim, Grundy's game: see
//! [`RegistryHeapGame`]), none larger than [`MAX_SUM_HEAP`], is answered from the proven quotient `Q_N` (`N` its largest
//! heap): the outcome, every winning move (a move in one heap that lands the product in the
//! P-portion) and the explanation, in time linear in the heaps once the quotient is known.
//! Quotients are computed within [`SUM_QUOTIENT_LIMITS`] and kept for the life of the process
//! (the largest per game: `Q_M` answers every sum whose heaps are at most `M`, so a game played
//! down from its first position computes one quotient). A quotient that reaches a limit is
//! remembered as such; one whose computation a front end cancelled (a request's deadline) is
//! tried again next time. Either way the caller falls back to exhaustive search.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::analysis::MisereAnalysis;
use super::game::{octal_code_of, HeapGame, OptionTable, RegistryHeapGame, WithNimHeaps};
use super::quotient::{Limits, MisereQuotient};
use crate::kernel::component::Component;
use crate::kernel::heap_rules::HeapRules;
use crate::kernel::moves::{MoveList, MAX_LISTED_MOVES};
use crate::sum::{Outcome, Sum, SumMove};

/// The largest heap a sum may hold to be answered through a quotient. The quotient's own
/// limits bound the work: those of Kayles (order 40), 0.75 (8), 0.72 (24) and Lasker's Nim (130)
/// to heap 100 take 0.02 to 2.4 s, and a wild quotient that grows (Officers, Dawson's Kayles)
/// passes 2,048 elements within about a second; 0.54's passes its 10 s at heap 73.
pub const MAX_SUM_HEAP: u64 = 100;

/// The largest heap of the game, and the largest Nim heap, a sum mixing an octal game's heaps
/// with Nim heaps may hold to be answered through the quotient with the Nim heaps beside the
/// game's: every Nim heap adjoined can double the quotient, and a wild game's quotient grows
/// with its heaps (Kayles' with `*1..*3` reaches 172 elements by heap 19), so only small sums
/// take this path; larger ones are searched.
pub const MAX_MIXED_HEAP: u64 = 24;
/// See [`MAX_MIXED_HEAP`].
pub const MAX_MIXED_NIM_HEAP: u64 = 7;

/// The limits of one quotient computed for a sum (it is computed once per game and reused for
/// every sum whose heaps it covers).
pub const SUM_QUOTIENT_LIMITS: Limits = Limits {
    max_order: 2048,
    max_proof_states: 2_000_000,
    time_budget: Duration::from_secs(10),
};

/// The limits of the quotient with Nim heaps adjoined for a sum: small, because a sum it does
/// not answer quickly is searched ([`super::mixed`]), and a wild game's quotient with Nim heaps
/// fails slowly (Dawson's Kayles to 14 with `*1..*6` passed 2,048 elements after 0.2 s; Kayles
/// beside `*4` or more stalls at heap 20). Tame games' quotients with Nim heaps have a few
/// dozen elements and take milliseconds.
pub const MIXED_QUOTIENT_LIMITS: Limits = Limits {
    max_order: 256,
    max_proof_states: 200_000,
    time_budget: Duration::from_millis(100),
};

/// What is known of one game's quotients: the largest computed, and the smallest largest heap
/// for which the computation reached a limit (no larger one is tried again).
#[derive(Default)]
struct Known {
    largest: Option<Arc<MisereQuotient>>,
    beyond_limits: Option<usize>,
}

/// Quotients computed so far, by game. A quotient `Q_M` answers every position whose heaps are
/// at most `M`, so one per game is kept: the largest.
type Cache = HashMap<String, Known>;

static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

/// A misère sum answered through a quotient.
#[derive(Debug, Clone)]
pub struct QuotientAnswer {
    /// The quotient used.
    pub quotient: Arc<MisereQuotient>,
    /// Outcome, winning moves (by heap index) and explanation.
    pub analysis: MisereAnalysis,
    /// The winning moves as moves of the sum.
    pub moves: MoveList<SumMove>,
    /// When the sum mixes an octal game's heaps with Nim heaps: the game's name and the
    /// largest Nim heap adjoined (the quotient's heaps are then numbered as in
    /// [`WithNimHeaps`]); else `None`.
    pub nim_beside: Option<(String, usize)>,
}

impl QuotientAnswer {
    /// The outcome.
    pub fn outcome(&self) -> Outcome {
        self.analysis.outcome
    }

    /// The explanation as text: each heap's element, the product, whether it is in the
    /// P-portion, a winning move checked, and who wins.
    pub fn text(&self) -> String {
        if let Some((game, nim)) = &self.nim_beside {
            return format!(
                "Under misère play Grundy values do not add up: this sum of {} heaps and Nim \
                 heaps is answered through the proven misère quotient of the game's heaps with \
                 the Nim heaps *1 to *{nim} beside them ({} elements): the product of the \
                 heaps' elements is {}in its P-portion.\n{}.",
                game,
                self.quotient.order(),
                if self.analysis.outcome == Outcome::P {
                    ""
                } else {
                    "not "
                },
                self.analysis.outcome.describe()
            );
        }
        format!(
            "{}\n{}.",
            self.analysis.explanation.to_text(),
            self.analysis.outcome.describe()
        )
    }
}

/// `sum` answered through its game's quotient, or `None` when it is not a sum of heaps of one
/// heap ruleset of at most [`MAX_SUM_HEAP`] tokens, or its quotient is beyond the limits.
pub fn answer(sum: &Sum) -> Option<QuotientAnswer> {
    if let Some(found) = answer_with_nim(sum) {
        return Some(found);
    }
    let first = sum.components.first()?;
    let rules = first.rules();
    let mut heaps = Vec::with_capacity(sum.components.len());
    for c in &sum.components {
        let h = match c.heaps().as_slice() {
            [h] if c.noun() == "heap" && c.same_rules(first) => *h,
            _ => return None,
        };
        if h > MAX_SUM_HEAP {
            return None;
        }
        heaps.push(h as usize);
    }
    // Octal games read their options off the code they hand over (`Ruleset::heap_moves`);
    // other heap rulesets are asked heap by heap through their options.
    let game: Box<dyn HeapGame> = match octal_code_of(rules.as_ref()) {
        Some(code) => Box::new(code),
        None => Box::new(RegistryHeapGame::new(Arc::clone(&rules)).ok()?),
    };
    let n = heaps.iter().copied().max().unwrap_or(0).max(1);
    let quotient = cached(game.as_ref(), n)?;
    let analysis = quotient.analyze(&heaps).ok()?;
    let mut moves = MoveList::with_limit(MAX_LISTED_MOVES);
    for m in &analysis.winning_moves {
        let from = &sum.components[m.heap];
        let mut parts: Vec<Component> = Vec::with_capacity(m.to.len());
        for &h in &m.to {
            parts.extend(Arc::clone(&rules).components_from(vec![h as u64]).ok()?);
        }
        let to = from.option_to(&parts).unwrap_or(parts);
        moves.push(SumMove::new(m.heap, from, to));
    }
    Some(QuotientAnswer {
        quotient,
        analysis,
        moves,
        nim_beside: None,
    })
}

/// A sum of heaps of one octal game and Nim heaps (at least one of each, none larger than
/// [`MAX_MIXED_HEAP`] and [`MAX_MIXED_NIM_HEAP`]) through the quotient of the game's heaps with the Nim heaps beside them
/// ([`WithNimHeaps`]), within [`MIXED_QUOTIENT_LIMITS`]. `None` for any other sum, and
/// when that quotient is beyond those limits ([`super::mixed`] then searches the sum).
fn answer_with_nim(sum: &Sum) -> Option<QuotientAnswer> {
    answer_with_nim_within(sum, MIXED_QUOTIENT_LIMITS)
}

/// [`answer_with_nim`] within `limits` (the tests give the quotient room, so that what they
/// check does not depend on the machine's speed).
fn answer_with_nim_within(sum: &Sum, limits: Limits) -> Option<QuotientAnswer> {
    let mut octal: Option<(HeapRules, &Component)> = None;
    let mut ids = Vec::with_capacity(sum.components.len());
    let (mut n, mut nim) = (1usize, 0usize);
    for c in &sum.components {
        if let Some(m) = c.as_nim() {
            if m > MAX_MIXED_NIM_HEAP {
                return None;
            }
            let m = m as usize;
            nim = nim.max(m);
            ids.push(if m == 0 { 0 } else { WithNimHeaps::nim_heap(m) });
            continue;
        }
        let h = match c.heaps().as_slice() {
            [h] if c.noun() == "heap" => *h,
            _ => return None,
        };
        match octal {
            Some((_, first)) if !c.same_rules(first) => return None,
            Some(_) => {}
            None => octal = Some((octal_code_of(c.rules().as_ref())?, c)),
        }
        if h > MAX_MIXED_HEAP {
            return None;
        }
        n = n.max(h as usize);
        ids.push(WithNimHeaps::game_heap(h as usize));
    }
    let (rules, first) = octal?;
    if nim == 0 {
        return None;
    }
    let options = OptionTable::new(&rules, n).ok()?;
    let combined = WithNimHeaps {
        options: &options,
        nim,
    };
    // The combined game depends on both bounds (its heaps beyond them have no move), so the
    // cache keeps one quotient per pair, and per limits (a quotient beyond small limits may
    // be within larger ones).
    let key = format!(
        "{} to {n} with *1..*{nim} within {:?}",
        rules.name(),
        limits
    );
    let quotient = cached_as(key, &combined, combined.max_heap(), limits)?;
    let analysis = quotient.analyze(&ids).ok()?;
    let first_rules = first.rules();
    let mut moves = MoveList::with_limit(MAX_LISTED_MOVES);
    for m in &analysis.winning_moves {
        let from = &sum.components[m.heap];
        let mut parts: Vec<Component> = Vec::with_capacity(m.to.len());
        for &id in &m.to {
            if id % 2 == 1 {
                parts.push(Component::nim(id.div_ceil(2) as u64));
            } else {
                parts.extend(
                    Arc::clone(&first_rules)
                        .components_from(vec![(id / 2) as u64])
                        .ok()?,
                );
            }
        }
        let to = from.option_to(&parts).unwrap_or(parts);
        moves.push(SumMove::new(m.heap, from, to));
    }
    Some(QuotientAnswer {
        quotient,
        analysis,
        moves,
        nim_beside: Some((rules.name(), nim)),
    })
}

fn cached(game: &dyn HeapGame, n: usize) -> Option<Arc<MisereQuotient>> {
    cached_as(game.name(), game, n, SUM_QUOTIENT_LIMITS)
}

fn cached_as(
    key: String,
    game: &dyn HeapGame,
    n: usize,
    limits: Limits,
) -> Option<Arc<MisereQuotient>> {
    {
        let mut guard = CACHE.lock().ok()?;
        let known = guard
            .get_or_insert_with(HashMap::new)
            .entry(key.clone())
            .or_default();
        if let Some(q) = known.largest.as_ref().filter(|q| q.max_heap >= n) {
            return Some(Arc::clone(q));
        }
        if known.beyond_limits.is_some_and(|m| m <= n) {
            return None;
        }
    }
    // Computed without the lock held: another thread may compute the same quotient meanwhile,
    // which costs time but never a wrong answer.
    let result = MisereQuotient::compute(game, n, limits);
    // A computation cancelled by a front end (the server's deadline for one request) says
    // nothing about the quotient: it is tried again next time. One that reached a limit of its
    // own (size, or its time budget) is not, for the life of the process.
    let cancelled = crate::kernel::cancel::is_cancelled();
    let mut guard = CACHE.lock().ok()?;
    let known = guard
        .get_or_insert_with(HashMap::new)
        .entry(key)
        .or_default();
    match result {
        Ok(q) => {
            let q = Arc::new(q);
            if known.largest.as_ref().map_or(true, |old| old.max_heap < n) {
                known.largest = Some(Arc::clone(&q));
            }
            Some(q)
        }
        Err(_) => {
            if !cancelled {
                known.beyond_limits = Some(known.beyond_limits.map_or(n, |m| m.min(n)));
            }
            None
        }
    }
}

#[cfg(test)]
mod tests;

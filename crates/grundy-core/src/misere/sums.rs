//! Misère sums of octal heaps answered through their misère quotient.
//!
//! A misère position made only of heaps of one octal game (Kayles, Dawson's Kayles, …), none
//! larger than [`MAX_SUM_HEAP`], is answered from the proven quotient `Q_N` (`N` its largest
//! heap): the outcome, every winning move (a move in one heap that lands the product in the
//! P-portion) and the explanation, in time linear in the heaps once the quotient is known.
//! Quotients are computed within [`SUM_QUOTIENT_LIMITS`] and kept for the life of the process;
//! a quotient that cannot be computed within them is remembered as such, and the caller falls
//! back to exhaustive search.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::analysis::MisereAnalysis;
use super::quotient::{Limits, MisereQuotient};
use crate::games::octal::OctalGame;
use crate::moves::{MoveList, MAX_LISTED_MOVES};
use crate::sum::{Component, Outcome, Sum, SumMove};

/// The largest heap a sum may hold to be answered through a quotient.
pub const MAX_SUM_HEAP: u64 = 40;

/// The limits of one quotient computed for a sum (it is computed once per game and `N`).
pub const SUM_QUOTIENT_LIMITS: Limits = Limits {
    max_order: 2048,
    max_proof_states: 2_000_000,
    time_budget: Duration::from_secs(10),
};

/// Quotients computed so far, by game and largest heap (`None`: not within the limits).
type Cache = HashMap<(String, usize), Option<Arc<MisereQuotient>>>;

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
}

impl QuotientAnswer {
    /// The outcome.
    pub fn outcome(&self) -> Outcome {
        self.analysis.outcome
    }

    /// The explanation as text: each heap's element, the product, the P-portion.
    pub fn text(&self) -> String {
        format!(
            "Misère quotient Q_{} of {} (order {}, proven for every position with heaps up to {}).\n{}\n{}.",
            self.quotient.max_heap,
            self.quotient.game,
            self.quotient.order(),
            self.quotient.max_heap,
            self.analysis.explanation.to_text(),
            self.analysis.outcome.describe()
        )
    }
}

/// `sum` answered through its game's quotient, or `None` when it is not a sum of heaps of one
/// octal game of at most [`MAX_SUM_HEAP`] tokens, or its quotient is beyond the limits.
pub fn answer(sum: &Sum) -> Option<QuotientAnswer> {
    let first = sum.components.first()?;
    let (rules, _) = first.downcast::<OctalGame>()?;
    let mut heaps = Vec::with_capacity(sum.components.len());
    for c in &sum.components {
        let (_, &h) = c.downcast::<OctalGame>()?;
        if !c.same_rules(first) || h > MAX_SUM_HEAP {
            return None;
        }
        heaps.push(h as usize);
    }
    let n = heaps.iter().copied().max().unwrap_or(0).max(1);
    let quotient = cached(rules.rules(), n)?;
    let analysis = quotient.analyze(&heaps).ok()?;
    let mut moves = MoveList::with_limit(MAX_LISTED_MOVES);
    for m in &analysis.winning_moves {
        let from = &sum.components[m.heap];
        let parts: Vec<Component> =
            m.to.iter()
                .map(|&h| Component::new(rules, h as u64))
                .collect();
        let to = from.option_to(&parts).unwrap_or(parts);
        moves.push(SumMove::new(m.heap, from, to));
    }
    Some(QuotientAnswer {
        quotient,
        analysis,
        moves,
    })
}

fn cached(rules: &crate::games::octal::HeapRules, n: usize) -> Option<Arc<MisereQuotient>> {
    let key = (rules.to_string(), n);
    if let Some(found) = CACHE
        .lock()
        .ok()?
        .get_or_insert_with(HashMap::new)
        .get(&key)
    {
        return found.clone();
    }
    // Computed without the lock held: another thread may compute the same quotient meanwhile,
    // which costs time but never a wrong answer.
    let q = MisereQuotient::compute(rules, n, SUM_QUOTIENT_LIMITS)
        .ok()
        .map(Arc::new);
    CACHE
        .lock()
        .ok()?
        .get_or_insert_with(HashMap::new)
        .insert(key, q.clone());
    q
}

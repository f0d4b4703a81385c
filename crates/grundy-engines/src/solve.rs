//! Exhaustive search: the ground truth every closed form is checked against.
//!
//! [`Solver`] evaluates a position by visiting every position reachable from it, bottom-up,
//! with memoisation and an explicit stack (no recursion, so long games cannot overflow the call
//! stack). What is computed at each position is given by a *rule*: a function from the values of
//! the options to the value of the position. [`grundy_rule`], [`misere_rule`] and
//! [`remoteness_rule`] cover what the engine needs; a position with no options gets the rule
//! applied to an empty list.
//!
//! Every search has three budgets, and stops with [`GameError::TooLarge`] naming the one it
//! hit (and its value) instead of exhausting memory or the user's patience:
//!
//! * **positions**: distinct positions visited ([`DEFAULT_POSITION_LIMIT`] unless chosen
//!   otherwise), which bounds memory;
//! * **work**: options generated, [`EDGES_PER_POSITION`] per position of the position budget;
//! * **time**: wall-clock time per call of [`Solver::value`] ([`DEFAULT_TIME_BUDGET`] unless
//!   chosen otherwise with [`Solver::with_time_budget`]).
//!
//! Callers that can, bound a search before starting it (`tree_size`). A search also
//! stops, with an error, when its thread's computation is cancelled (see [`crate::kernel::cancel`]).

use std::collections::HashMap;
use std::hash::Hash;
use std::time::{Duration, Instant};

use crate::kernel::error::{GameError, Result};
use crate::nimber::{mex, Nimber};
use crate::sum::{Outcome, Sum};

/// How many distinct positions a search may visit unless told otherwise.
pub const DEFAULT_POSITION_LIMIT: usize = 2_000_000;
/// How long one search ([`Solver::value`]) may run unless told otherwise.
pub const DEFAULT_TIME_BUDGET: Duration = Duration::from_secs(10);

/// A memoised exhaustive evaluator.
pub struct Solver<P, V, M, R>
where
    M: Fn(&P) -> Result<Vec<P>>,
    R: Fn(&[V]) -> V,
{
    moves: M,
    rule: R,
    memo: HashMap<P, V>,
    limit: usize,
    /// Options generated so far: bounds the work, not only the memory.
    edges: usize,
    time_budget: Duration,
    /// When the current call of [`Solver::value`] must stop (`None`: the budget is beyond
    /// what the clock can represent).
    deadline: Option<Instant>,
    /// What the search is for, in errors ("exhaustive search" unless named).
    label: &'static str,
}

/// Options generated per allowed position before a search gives up (the work budget).
pub const EDGES_PER_POSITION: usize = 64;

/// How many options a search generates between looks at the clock, the cancel flag and the
/// memory meter: often enough to stop within milliseconds, rarely enough to cost nothing
/// measurable. Counted in options, not positions: a position of a sum of a hundred heaps has
/// thousands of options of a hundred parts each, megabytes that a count of positions let
/// grow by gigabytes between two looks.
const CHECK_EVERY: usize = 1024;

impl<P, V, M, R> Solver<P, V, M, R>
where
    P: Clone + Eq + Hash,
    V: Clone,
    M: Fn(&P) -> Result<Vec<P>>,
    R: Fn(&[V]) -> V,
{
    /// A solver with the given move generator and rule, visiting at most `limit` positions,
    /// with the default time budget ([`DEFAULT_TIME_BUDGET`]).
    pub fn new(moves: M, rule: R, limit: usize) -> Self {
        Solver {
            moves,
            rule,
            memo: HashMap::new(),
            limit,
            edges: 0,
            time_budget: DEFAULT_TIME_BUDGET,
            deadline: None,
            label: "exhaustive search",
        }
    }

    /// The same solver with `budget` as the time each call of [`Solver::value`] may take.
    pub fn with_time_budget(mut self, budget: Duration) -> Self {
        self.time_budget = budget;
        self
    }

    /// The same solver, naming its searches `label` in errors (e.g. "misère analysis").
    pub fn labelled(mut self, label: &'static str) -> Self {
        self.label = label;
        self
    }

    /// How many positions have been evaluated so far.
    pub fn positions_seen(&self) -> usize {
        self.memo.len()
    }

    /// Whether the memo holds so much that a new search could hit the limit because of
    /// positions remembered from earlier ones: a solver kept across searches should then be
    /// replaced.
    pub fn is_half_full(&self) -> bool {
        self.memo.len() > self.limit / 2
            || self.edges > self.limit.saturating_mul(EDGES_PER_POSITION) / 2
    }

    /// The value of `root` under the rule.
    pub fn value(&mut self, root: &P) -> Result<V> {
        if let Some(v) = self.memo.get(root) {
            return Ok(v.clone());
        }
        // Each frame: a position, its options, and how many of them are already evaluated.
        crate::kernel::cancel::check()?;
        self.deadline = Instant::now().checked_add(self.time_budget);
        let root_options = self.options(root)?;
        let mut stack: Vec<(P, Vec<P>, usize)> = vec![(root.clone(), root_options, 0)];
        let mut checked_at = self.edges;
        while let Some((_, options, next)) = stack.last_mut() {
            if let Some(child) = options.get(*next).cloned() {
                *next += 1;
                if !self.memo.contains_key(&child) {
                    self.check_limit(stack.len())?;
                    // A front end may give up on a long search (see `crate::kernel::cancel`), and the
                    // time budget may run out.
                    if self.edges - checked_at >= CHECK_EVERY {
                        checked_at = self.edges;
                        crate::kernel::cancel::check()?;
                        self.check_clock()?;
                    }
                    let grandchildren = self.options(&child)?;
                    stack.push((child, grandchildren, 0));
                }
                continue;
            }
            let (position, options, _) = stack.pop().expect("the loop saw a frame");
            let values: Vec<V> = options.iter().map(|o| self.memo[o].clone()).collect();
            let value = (self.rule)(&values);
            self.memo.insert(position, value);
        }
        Ok(self.memo[root].clone())
    }

    fn options(&mut self, position: &P) -> Result<Vec<P>> {
        let options = (self.moves)(position)?;
        self.edges += options.len();
        Ok(options)
    }

    fn check_limit(&self, pending: usize) -> Result<()> {
        if self.memo.len() + pending >= self.limit {
            return Err(self.stopped(format!(
                "it reached its position budget of {} distinct positions",
                self.limit
            )));
        }
        let work = self.limit.saturating_mul(EDGES_PER_POSITION);
        if self.edges > work {
            return Err(self.stopped(format!(
                "it reached its work budget of {work} options generated \
                 ({EDGES_PER_POSITION} per position of its position budget)"
            )));
        }
        Ok(())
    }

    fn check_clock(&self) -> Result<()> {
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(self.stopped(format!(
                "it reached its time budget of {} after {} positions (its position budget is {})",
                budget_text(self.time_budget),
                self.memo.len(),
                self.limit
            ))),
            _ => Ok(()),
        }
    }

    fn stopped(&self, why: String) -> GameError {
        GameError::too_large(self.label, format!("{why}; try smaller heaps"))
    }
}

/// A time budget as people read it: `3 s`, `250 ms`.
pub fn budget_text(budget: Duration) -> String {
    if budget.subsec_millis() == 0 && budget.as_secs() > 0 {
        format!("{} s", budget.as_secs())
    } else {
        format!("{} ms", budget.as_millis())
    }
}

/// Sprague–Grundy values: the mex of the options' values.
pub fn grundy_rule(options: &[Nimber]) -> Nimber {
    mex(options.iter().copied())
}

/// Misère outcome: a position with no move is a win for the player to move (the opponent took
/// the last token); otherwise N iff some option is P.
pub fn misere_rule(options: &[Outcome]) -> Outcome {
    if options.is_empty() || options.contains(&Outcome::P) {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Normal-play outcome: N iff some option is P (no option: P).
pub fn normal_rule(options: &[Outcome]) -> Outcome {
    if options.contains(&Outcome::P) {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Remoteness (Steinhaus) under normal play: how many moves the game lasts when the winner
/// hurries and the loser delays. Even means P (0 for a finished game); odd means N.
/// A winner moves to the P-option of least remoteness, a loser to the option of greatest.
pub fn remoteness_rule(options: &[u64]) -> u64 {
    let fastest_win = options.iter().filter(|&&r| r % 2 == 0).min();
    match fastest_win {
        Some(&r) => r + 1,
        None => options.iter().max().map_or(0, |&r| r + 1),
    }
}

/// Remoteness under misère play: a finished game is a win for the player to move (1 means
/// "already won" in the odd-is-N encoding); otherwise as [`remoteness_rule`].
pub fn misere_remoteness_rule(options: &[u64]) -> u64 {
    if options.is_empty() {
        1
    } else {
        remoteness_rule(options)
    }
}

/// The options of a sum in canonical form, the move generator for sums. A sum of hundreds of
/// heaps has tens of thousands of options of hundreds of parts each, so the question's budget
/// is looked at while they are made, not only between positions.
pub fn sum_options(sum: &Sum) -> Result<Vec<Sum>> {
    let moves = sum.moves()?;
    let mut options = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        if i % CHECK_EVERY == CHECK_EVERY - 1 {
            crate::kernel::cancel::check()?;
        }
        options.push(sum.after(m).canonical());
    }
    Ok(options)
}

/// The Sprague–Grundy value of a sum by exhaustive search (for checking closed forms).
pub fn grundy_by_search(sum: &Sum, limit: usize) -> Result<Nimber> {
    Solver::new(sum_options, grundy_rule, limit).value(&sum.canonical())
}

/// The misère outcome of a sum by exhaustive search.
pub fn misere_outcome_by_search(sum: &Sum, limit: usize) -> Result<Outcome> {
    Solver::new(sum_options, misere_rule, limit).value(&sum.canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remoteness_of_small_games() {
        let mut solver = Solver::new(sum_options, remoteness_rule, 10_000);
        assert_eq!(solver.value(&Sum::nim(&[])).unwrap(), 0);
        assert_eq!(solver.value(&Sum::nim(&[5])).unwrap(), 1);
        assert_eq!(solver.value(&Sum::nim(&[1, 1])).unwrap(), 2);
        // [2,2]: the loser delays by taking one; the winner mirrors: 4 moves.
        assert_eq!(solver.value(&Sum::nim(&[2, 2])).unwrap(), 4);
    }

    /// A position of a sum of many heaps has thousands of options: the question's budget is
    /// looked at while they are made (a misère sum of 300 Kayles heaps took gigabytes and seconds
    /// past its budget when only positions were counted).
    #[test]
    fn the_budget_is_kept_while_the_options_of_one_position_are_made() {
        use crate::kernel::budget::{self, Budget};
        let heaps: Vec<u64> = (1..=300).collect();
        let sum = Sum::nim(&heaps);
        let spent = Budget::new(Duration::ZERO, "--time SECONDS");
        let err = budget::within(&spent, || sum_options(&sum)).unwrap_err();
        assert!(err.to_string().contains("--time SECONDS"), "{err}");
        // Within a budget, the same options are made in full.
        let small = Sum::nim(&heaps[..40]);
        let options = sum_options(&small).unwrap();
        assert_eq!(options.len(), small.moves().unwrap().len());
    }

    #[test]
    fn limit_is_an_error_not_a_crash() {
        let err = grundy_by_search(&Sum::nim(&[30, 30, 30, 30]), 1000).unwrap_err();
        assert!(
            err.to_string().contains("position budget of 1000 "),
            "{err}"
        );
    }

    /// The time budget, on both sides: the same search answers within the default budget and
    /// stops, naming the budget it hit, with none at all.
    #[test]
    fn time_budget_is_an_error_that_names_it() {
        let sum = Sum::nim(&[9, 9, 9, 9]);
        let mut solver = Solver::new(sum_options, grundy_rule, DEFAULT_POSITION_LIMIT)
            .with_time_budget(Duration::ZERO)
            .labelled("test search");
        let err = solver.value(&sum).unwrap_err().to_string();
        assert!(
            err.starts_with("test search is too large")
                && err.contains("time budget of 0 ms after")
                && err.contains("position budget is 2000000"),
            "{err}"
        );
        let mut solver = Solver::new(sum_options, grundy_rule, DEFAULT_POSITION_LIMIT);
        assert_eq!(solver.value(&sum).unwrap(), 0);
        assert_eq!(budget_text(Duration::from_secs(3)), "3 s");
        assert_eq!(budget_text(Duration::from_millis(250)), "250 ms");
    }

    #[test]
    fn a_cancelled_search_stops_with_an_error() {
        use crate::kernel::cancel::with_flag;
        use crate::sum::Sum;
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let flag = Arc::new(AtomicBool::new(true));
        let sum = Sum::nim(&[20, 20, 20]);
        let e = with_flag(flag, || grundy_by_search(&sum, DEFAULT_POSITION_LIMIT)).unwrap_err();
        assert!(e.to_string().contains("cancelled"), "{e}");
        // Without the flag the same search answers (Bouton: 20 ^ 20 ^ 20 = 20).
        assert_eq!(grundy_by_search(&sum, DEFAULT_POSITION_LIMIT).unwrap(), 20);
    }
}

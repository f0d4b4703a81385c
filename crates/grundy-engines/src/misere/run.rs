//! A quotient computation that stops after any heap and goes on later: [`QuotientRun`].
//!
//! `Q_N` is built one heap at a time ([`super::adjoin`]), and each proven `Q_n` is all that
//! the next heap needs. A run therefore saves a *checkpoint* (`Q_n` with a representative
//! position of each element, and the orders so far) as JSON, and a later run reads it back and
//! adjoins heaps `n + 1, …` from there. Nothing read back is trusted: the loaded `Q_n` is
//! proven again for every position ([`super::check::prove`]) and checked to be reduced, and
//! every representative must have the element it stands for, before a heap is adjoined to it.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::check::{is_reduced, prove, Proof};
use super::contexts::adjoin;
use super::game::{HeapGame, OptionTable};
use super::monoid::{Monoid, Presentation};
use super::quotient::{normal_values, Limits, MisereQuotient, MAX_QUOTIENT_HEAP};
use super::stage::{truncated, Bounds, Rule, Stage};
use crate::kernel::error::{GameError, Result};

/// The `format` field of every checkpoint.
pub const CHECKPOINT_FORMAT: &str = "grundy misère quotient checkpoint";
/// The version of the checkpoint format this build writes and reads.
pub const CHECKPOINT_VERSION: u32 = 1;

/// A computation of `Q_N` under way: the proven `Q_n` for some `n <= N`.
#[derive(Debug, Clone)]
pub struct QuotientRun {
    game: String,
    options: OptionTable,
    rule: Rule,
    stage: Stage,
    orders: Vec<usize>,
    target: usize,
    bounds: Bounds,
}

/// The checkpoint file: a proven `Q_n` and how it grew.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Checkpoint {
    format: String,
    version: u32,
    game: String,
    /// `n`: the largest heap adjoined.
    heap: usize,
    order: usize,
    /// The multiplication table, row by row.
    table: Vec<u32>,
    pretend: Vec<u32>,
    p_portion: Vec<bool>,
    representatives: Vec<Vec<u16>>,
    orders: Vec<usize>,
    proof_states: usize,
}

impl QuotientRun {
    /// A run towards `Q_{max_heap}` of `game`, starting from `Q_0`. The time budget of
    /// `limits` counts from now.
    pub fn new(game: &dyn HeapGame, max_heap: usize, limits: Limits) -> Result<Self> {
        check_target(max_heap)?;
        let options = OptionTable::new(game, max_heap)?;
        let rule = Rule::misere(max_heap);
        let stage = Stage::empty(&rule);
        Ok(QuotientRun {
            game: game.name(),
            options,
            rule,
            stage,
            orders: vec![1],
            target: max_heap,
            bounds: bounds(limits),
        })
    }

    /// A run towards `Q_{max_heap}` of `game` that goes on from a checkpoint written by
    /// [`QuotientRun::write_checkpoint`] (for the same game, at most `max_heap`). The
    /// checkpoint's quotient is proven again before it is used; a damaged or edited file is an
    /// error naming what is wrong.
    pub fn resume(
        game: &dyn HeapGame,
        checkpoint: &[u8],
        max_heap: usize,
        limits: Limits,
    ) -> Result<Self> {
        let bad = |why: String| {
            GameError::invalid(
                "misère quotient checkpoint",
                why,
                "a file written by grundy misere quotient --checkpoint",
            )
        };
        let c: Checkpoint =
            serde_json::from_slice(checkpoint).map_err(|e| bad(format!("unreadable: {e}")))?;
        if c.format != CHECKPOINT_FORMAT || c.version != CHECKPOINT_VERSION {
            return Err(bad(format!(
                "format {:?} version {} (this build reads {CHECKPOINT_FORMAT:?} version \
                 {CHECKPOINT_VERSION})",
                c.format, c.version
            )));
        }
        if c.game != game.name() {
            return Err(bad(format!(
                "it is for the game {}, not {}",
                c.game,
                game.name()
            )));
        }
        if c.heap > max_heap {
            return Err(GameError::out_of_range(
                "largest heap of a resumed misère quotient",
                max_heap,
                format!(
                    "at least {}: the checkpoint already covers heaps up to {}",
                    c.heap, c.heap
                ),
            ));
        }
        let mut run = QuotientRun::new(game, max_heap, limits)?;
        let order = c.order;
        let shaped = order >= 1
            && order <= limits.max_order.max(1)
            && c.table.len() == order * order
            && c.table.iter().all(|&x| (x as usize) < order)
            && c.pretend.len() == c.heap + 1
            && c.pretend.iter().all(|&x| (x as usize) < order)
            && c.pretend[0] == 0
            && c.p_portion.len() == order
            && c.representatives.len() == order
            && c.orders.len() == c.heap + 1
            && c.orders.last() == Some(&order);
        if !shaped {
            return Err(bad(format!(
                "its tables do not fit together (order {order}, heap {}), or the order is above \
                 --max-order",
                c.heap
            )));
        }
        let stage = Stage {
            monoid: Monoid::from_table(order, c.table),
            pretend: c.pretend,
            p_portion: c.p_portion,
            base: vec![0; order],
            representative: c.representatives,
            proof_states: c.proof_states,
        };
        for (e, p) in stage.representative.iter().enumerate() {
            if p.iter().any(|&h| h == 0 || h as usize > c.heap) || stage.element(p) != e as u32 {
                return Err(bad(format!("the representative of element {e} is not one")));
            }
        }
        let table = truncated(&run.options, c.heap);
        match prove(&table, stage.candidate(), limits.max_proof_states)? {
            Proof::Proven { .. } if is_reduced(stage.candidate()) => {}
            _ => {
                return Err(bad(format!(
                    "its quotient is not the misère quotient of {} with heaps up to {}",
                    c.game, c.heap
                )))
            }
        }
        run.stage = stage;
        run.orders = c.orders;
        Ok(run)
    }

    /// The largest heap adjoined so far (`n` of the proven `Q_n`).
    pub fn heap(&self) -> usize {
        self.stage.max_heap()
    }

    /// The largest heap asked for.
    pub fn target(&self) -> usize {
        self.target
    }

    /// The order of the proven `Q_n`.
    pub fn order(&self) -> usize {
        self.stage.order()
    }

    /// Whether every heap asked for has been adjoined.
    pub fn is_done(&self) -> bool {
        self.heap() >= self.target
    }

    /// Adjoins the next heap (proving the new quotient). On an error (a limit, the time budget,
    /// a cancellation) the run is unchanged and still holds the last proven quotient.
    pub fn step(&mut self) -> Result<()> {
        if self.is_done() {
            return Ok(());
        }
        let n = self.heap() + 1;
        let next = adjoin(&self.options, &self.stage, &self.rule, self.bounds, 0).map_err(|e| {
            GameError::too_large(
                format!(
                    "the misère quotient of {} with heaps up to {}",
                    self.game, self.target
                ),
                format!(
                    "Q_{} (order {}) was proven, then heap {n}: {e}",
                    n - 1,
                    self.stage.order()
                ),
            )
        })?;
        self.stage = next;
        self.orders.push(self.stage.order());
        Ok(())
    }

    /// As [`QuotientRun::step`], giving up (with the run unchanged) once `budget` has passed as
    /// well as at the run's own deadline: a caller with another way to its answer stops a heap
    /// that stalls (for genera: Kayles' heap 20 beside `*4` or more never settles).
    pub fn step_within(&mut self, budget: std::time::Duration) -> Result<()> {
        let own = self.bounds.deadline;
        let now = Instant::now().checked_add(budget);
        self.bounds.deadline = match (own, now) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let result = self.step();
        self.bounds.deadline = own;
        result
    }

    /// Writes the proven `Q_n` as a checkpoint (JSON).
    pub fn write_checkpoint(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let c = Checkpoint {
            format: CHECKPOINT_FORMAT.into(),
            version: CHECKPOINT_VERSION,
            game: self.game.clone(),
            heap: self.heap(),
            order: self.order(),
            table: self.stage.monoid.table().to_vec(),
            pretend: self.stage.pretend.clone(),
            p_portion: self.stage.p_portion.clone(),
            representatives: self.stage.representative.clone(),
            orders: self.orders.clone(),
            proof_states: self.stage.proof_states,
        };
        serde_json::to_writer(&mut *out, &c)?;
        out.write_all(b"\n")
    }

    /// The quotient, once [`QuotientRun::is_done`] (an error before).
    pub fn finish(self) -> Result<MisereQuotient> {
        if !self.is_done() {
            return Err(GameError::invalid(
                "misère quotient run",
                format!("stopped at heap {} of {}", self.heap(), self.target),
                "a finished run",
            ));
        }
        let Stage {
            monoid,
            pretend,
            p_portion,
            proof_states,
            ..
        } = self.stage;
        let candidate = super::monoid::Candidate {
            monoid: &monoid,
            pretend: &pretend,
            p_portion: &p_portion,
        };
        if !is_reduced(candidate) {
            return Err(GameError::invalid(
                "misère quotient",
                self.game,
                "a reduced monoid (internal error: a proven quotient was not reduced)",
            ));
        }
        let presentation = Presentation::of(&monoid, &pretend[1..]);
        Ok(MisereQuotient {
            game: self.game,
            max_heap: self.target,
            normal_values: normal_values(&self.options),
            monoid,
            pretend,
            p_portion,
            presentation,
            options: self.options,
            proof_states,
            orders: self.orders,
        })
    }
}

fn check_target(max_heap: usize) -> Result<()> {
    if max_heap == 0 || max_heap > MAX_QUOTIENT_HEAP {
        return Err(GameError::out_of_range(
            "largest heap of a misère quotient",
            max_heap,
            format!("a whole number from 1 to {MAX_QUOTIENT_HEAP}"),
        ));
    }
    Ok(())
}

fn bounds(limits: Limits) -> Bounds {
    Bounds {
        max_proof_states: limits.max_proof_states,
        max_order: limits.max_order,
        deadline: Instant::now().checked_add(limits.time_budget),
    }
}

/// Computing a quotient in one call: a [`QuotientRun`] run to its end.
impl MisereQuotient {
    /// Computes `Q_N` for `game` with heaps of at most `max_heap` tokens.
    pub fn compute(game: &dyn HeapGame, max_heap: usize, limits: Limits) -> Result<Self> {
        Self::compute_with_progress(game, max_heap, limits, &mut |_, _| {})
    }

    /// As [`MisereQuotient::compute`], telling `progress` each heap `n` adjoined and the order
    /// of the proven `Q_n` ([`QuotientRun`] does the same one heap at a time, with checkpoints).
    pub fn compute_with_progress(
        game: &dyn HeapGame,
        max_heap: usize,
        limits: Limits,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Self> {
        let mut run = QuotientRun::new(game, max_heap, limits)?;
        while !run.is_done() {
            run.step()?;
            progress(run.heap(), run.order());
        }
        run.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::heap_rules::HeapRules;

    /// Stopping after heap 7 and resuming gives the quotient a run without a stop gives.
    #[test]
    fn a_resumed_run_equals_an_unbroken_one() {
        let dawson = HeapRules::parse("0.07").unwrap();
        let whole = MisereQuotient::compute(&dawson, 14, Limits::default()).unwrap();
        let mut run = QuotientRun::new(&dawson, 7, Limits::default()).unwrap();
        while !run.is_done() {
            run.step().unwrap();
        }
        let mut saved = Vec::new();
        run.write_checkpoint(&mut saved).unwrap();
        let mut resumed = QuotientRun::resume(&dawson, &saved, 14, Limits::default()).unwrap();
        assert_eq!(resumed.heap(), 7);
        while !resumed.is_done() {
            resumed.step().unwrap();
        }
        assert_eq!(resumed.finish().unwrap(), whole);
    }

    /// A checkpoint for another game, below what it covers, or edited, is refused.
    #[test]
    fn bad_checkpoints_are_refused() {
        let dawson = HeapRules::parse("0.07").unwrap();
        let kayles = HeapRules::parse("0.77").unwrap();
        let mut run = QuotientRun::new(&dawson, 8, Limits::default()).unwrap();
        while !run.is_done() {
            run.step().unwrap();
        }
        let mut saved = Vec::new();
        run.write_checkpoint(&mut saved).unwrap();
        let e = QuotientRun::resume(&kayles, &saved, 10, Limits::default()).unwrap_err();
        assert!(e.to_string().contains("0.07"), "{e}");
        let e = QuotientRun::resume(&dawson, &saved, 7, Limits::default()).unwrap_err();
        assert!(e.to_string().contains("at least 8"), "{e}");
        assert!(QuotientRun::resume(&dawson, b"{}", 10, Limits::default()).is_err());
        // Flip the P-portion: the proof refutes it.
        let mut c: Checkpoint = serde_json::from_slice(&saved).unwrap();
        c.p_portion.iter_mut().for_each(|p| *p = !*p);
        let edited = serde_json::to_vec(&c).unwrap();
        let e = QuotientRun::resume(&dawson, &edited, 10, Limits::default()).unwrap_err();
        assert!(e.to_string().contains("not the misère quotient"), "{e}");
        // A representative that does not stand for its element.
        let mut c: Checkpoint = serde_json::from_slice(&saved).unwrap();
        c.representatives.swap(1, 2);
        let edited = serde_json::to_vec(&c).unwrap();
        assert!(QuotientRun::resume(&dawson, &edited, 10, Limits::default()).is_err());
    }
}

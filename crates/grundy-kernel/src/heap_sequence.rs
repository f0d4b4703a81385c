//! Grundy sequences of heap rulesets as the engines see them: [`HeapSequence`] (what
//! [`super::Ruleset::sequence`] gives), the resumable [`Computation`] of its values, the rule
//! that proves its period ([`PeriodRule`]) and the [`Period`] and [`Certificate`] it proves.
//! The reports, tables and checkpoints built on them are the sequence engine's (`sequence`).

use std::io;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::{CheckedSub, ToPrimitive};
use serde::{Deserialize, Serialize};

use super::error::Result;
use crate::nimber::Nimber;

/// A proven period of a Grundy sequence: `G(n + period) = G(n) + saltus` for every
/// `n >= preperiod`. The saltus is 0 for an ordinary period; a sequence with a positive saltus
/// is *arithmetic-periodic* and grows without bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Period {
    /// The least `n0` with `G(n + period) = G(n) + saltus` for all `n >= n0`.
    pub preperiod: u64,
    /// The least `p > 0` with `G(n + p) = G(n) + s` for all large `n` and some `s`.
    pub period: u64,
    /// How many values (`G(0)..G(checked - 1)`) were computed and compared to prove it.
    pub checked: u64,
    /// What a period adds to every value: 0 for an ordinary period.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub saltus: u64,
}

fn is_zero(x: &u64) -> bool {
    *x == 0
}

impl Period {
    /// An ordinary period (saltus 0).
    pub fn new(preperiod: u64, period: u64, checked: u64) -> Self {
        Period {
            preperiod,
            period,
            checked,
            saltus: 0,
        }
    }

    /// For `n >= preperiod`: the heap `preperiod + (n - preperiod) mod period` and how many
    /// whole periods separate it from `n`, so that `G(n) = G(reduced) + periods · saltus`.
    pub fn reduce(&self, n: u64) -> (u64, u64) {
        let offset = n - self.preperiod;
        (self.preperiod + offset % self.period, offset / self.period)
    }

    /// `G(n)` for `n >= preperiod` from `G(reduced)` (see [`Period::reduce`]); `None` when it
    /// does not fit in 64 bits.
    pub fn value(&self, n: u64, reduced_value: Nimber) -> Option<Nimber> {
        let (_, periods) = self.reduce(n);
        periods.checked_mul(self.saltus)?.checked_add(reduced_value)
    }

    /// For `n >= preperiod` of any size: the reduced heap and `G(n)` as a big integer.
    pub fn value_big(&self, n: &BigUint, reduced_value: Nimber) -> (u64, BigUint) {
        let offset = n - BigUint::from(self.preperiod);
        let period = BigUint::from(self.period);
        let reduced = self.preperiod
            + (&offset % &period)
                .to_u64()
                .expect("a remainder below the period fits");
        let value = (offset / period) * BigUint::from(self.saltus) + BigUint::from(reduced_value);
        (reduced, value)
    }
}

/// A heap below `2^64` that plays like `heap` (any size) in a game whose values have the
/// ordinary period `p` and whose moves take at most `reach` tokens and leave at most one heap:
/// the least `r >= preperiod + reach + 1` with `r = heap (mod period)`.
///
/// Why it plays alike: both heaps and every heap a move leaves (`heap - s`, `r - s` for
/// `s <= reach`) are at least the preperiod and congruent modulo the period, so their values
/// agree; and both are larger than `reach`, so a move that takes `s` tokens is allowed from
/// one exactly when from the other (no move empties either). `None` for an arithmetic period
/// (saltus other than 0: the values differ) or a `heap` below that bound.
pub fn stand_in(p: Period, reach: u64, heap: &BigUint) -> Option<u64> {
    if p.saltus != 0 || p.period == 0 {
        return None;
    }
    let base = p.preperiod.checked_add(reach)?.checked_add(1)?;
    let offset = heap.checked_sub(&BigUint::from(base))?;
    let shift = (offset % BigUint::from(p.period)).to_u64()?;
    base.checked_add(shift)
}

/// How far a run has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Values computed so far.
    pub done: u64,
    /// Values wanted.
    pub target: u64,
}

/// Why `SequenceRun::run` (octal games) returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunStatus {
    /// Every wanted value is computed (or the period is proven and the run was asked to stop
    /// there).
    Finished,
    /// The cancel flag was raised; the run can go on later.
    Cancelled,
}

/// A ruleset whose heaps have a Grundy sequence: the single entry point of sequence reports
/// (see the module documentation).
pub trait HeapSequence {
    /// The game's names.
    fn game(&self) -> SequenceGame;
    /// How a period of this game is proven, or why none is claimed.
    fn period_rule(&self) -> PeriodRule;
    /// What a report of this game may ask for.
    fn limits(&self) -> Limits;
    /// A new computation of `G(0..target)` that stops as soon as a period is proven (the rest
    /// follows from it).
    fn start(&self, target: u64) -> Result<Box<dyn Computation>>;
    /// A computation continued from the bytes [`Computation::write_checkpoint`] wrote; an
    /// error when they are damaged or belong to another game.
    fn restore(&self, checkpoint: &[u8]) -> Result<Box<dyn Computation>>;
    /// The most threads its computations use ([`Computation::set_threads`]): 1 unless the
    /// game's solver shares its work (octal games and Grundy's game: 2).
    fn max_threads(&self) -> usize {
        1
    }
}

/// A computation of a Grundy sequence in progress: values `G(0..computed)`, a proven period
/// once there is one, more on request.
pub trait Computation: Send {
    /// How many values are computed.
    fn computed(&self) -> u64;
    /// `G(n)`: from the computed values, or beyond them from the proven period; `None` when
    /// neither knows it.
    fn value_at(&self, n: u64) -> Option<Nimber>;
    /// The proven period, if any.
    fn proven(&self) -> Option<Period>;
    /// How many values are wanted.
    fn target(&self) -> u64;
    /// Asks for `target` values (never fewer than computed).
    fn set_target(&mut self, target: u64) -> Result<()>;
    /// Computes until the target is reached or a period is proven (finished), or until
    /// `cancel` is raised (the values so far are kept), reporting progress between chunks.
    fn run(&mut self, cancel: &AtomicBool, progress: &mut dyn FnMut(Progress))
        -> Result<RunStatus>;
    /// Writes the state as a checkpoint (see `sequence::checkpoint`), streaming.
    fn write_checkpoint(&self, out: &mut dyn io::Write) -> io::Result<()>;
    /// Uses `threads` threads where the computation can (1 or 2); the values are the same.
    fn set_threads(&mut self, _threads: usize) {}
    /// `G(start..start + out.len())` into `out`, as [`Computation::value_at`] gives them:
    /// one call for many values (a report of 10^8 values reads them in blocks). False when one
    /// of them is unknown.
    fn values_into(&self, start: u64, out: &mut [Nimber]) -> bool {
        for (n, slot) in (start..).zip(out.iter_mut()) {
            match self.value_at(n) {
                Some(v) => *slot = v,
                None => return false,
            }
        }
        true
    }
}

/// A game's names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SequenceGame {
    /// The ruleset as the API names it: `subtraction`, `all-but`, `octal`, `grundys-game`.
    pub game: String,
    /// The ruleset with its parameters in the term format of `analyze sum`, e.g. `sub{1,4,9}`.
    pub term: String,
    /// For people, e.g. "subtraction game S = {1,4,9}".
    pub title: String,
}

/// How a period is proven from finitely many values.
#[derive(Debug, Clone)]
pub enum PeriodRule {
    /// Each value depends only on the `window` values below it (subtraction games, `window =
    /// max S`): `window` consecutive repetitions prove the period.
    Window {
        /// How many values below `n` decide `G(n)`.
        window: u64,
    },
    /// The Guy–Smith theorem for octal games whose moves remove at most `max_removed` tokens.
    GuySmith {
        /// The most tokens a move removes.
        max_removed: u64,
    },
    /// Take-and-break codes beyond octal: Guy–Smith for moves leaving up to three heaps, and
    /// the move-class test for codes that repeat for ever and for arithmetic periods
    /// (`games::take_break::period`).
    TakeBreak {
        /// The code.
        code: Arc<dyn OwnPeriodTest>,
    },
    /// No period is claimed for this game.
    NotClaimed {
        /// Why, in a sentence.
        reason: String,
    },
}

/// What a report of a game may ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most values a report lists.
    pub max_count: u64,
    /// The most values one computation holds.
    pub max_computed: u64,
    /// How far a computation goes to prove a period (0 when none is claimed); `G(n)` for a
    /// larger heap needs the period.
    pub period_search: u64,
    /// How far the values go for `G(n)` of one heap beyond `max_at` before it is refused for
    /// want of a period, unless the request searches further itself (a report's
    /// `until_period`): the reach of a query for one value, the same as the analysis of such a
    /// heap (octal games: `games::octal::PERIOD_SEARCH_LIMIT`, 2^18 values, where
    /// `period_search` goes to 2^24); at most `period_search`.
    pub at_search: u64,
    /// Whether the period is searched (up to `period_search`) before any value is given.
    pub period_first: bool,
    /// `G(n)` for `n` below this is computed; a larger heap needs the period.
    pub max_at: u64,
    /// Bytes of memory per computed value (on one thread).
    pub bytes_per_value: u64,
    /// Bytes per value more when the computation runs on two threads (the second thread's
    /// copy of the values); 0 for games computed on one thread.
    pub second_thread_bytes_per_value: u64,
}

/// A proven period and what proves it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Certificate {
    /// The least period.
    pub period: u64,
    /// The least preperiod for it: `G(n + period) = G(n) + saltus` for every
    /// `n >= preperiod`.
    pub preperiod: u64,
    /// What a period adds to the values: absent (0) for an ordinary period, positive for an
    /// arithmetic-periodic sequence.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub saltus: u64,
    /// The theorem that turns the finite check into a proof.
    pub theorem: Theorem,
    /// `G(0..checked)` were computed.
    pub checked: u64,
    /// `G(n + period) = G(n)` was compared for `from <= n < to`, which the theorem needs.
    pub compared: Compared,
    /// The proof in sentences.
    pub text: String,
}

/// A theorem that proves a period from finitely many values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "name", rename_all = "kebab-case")]
pub enum Theorem {
    /// Each value depends only on the `window` values below it, so `window` consecutive
    /// repetitions repeat for ever.
    Window {
        /// `max S` for a subtraction game.
        window: u64,
    },
    /// Guy and Smith (1956): for an octal game whose moves remove at most `t` tokens,
    /// `G(n + p) = G(n)` for `n0 <= n < 2·n0 + p + t` implies it for every `n >= n0`.
    GuySmith {
        /// `t`.
        max_removed: u64,
    },
    /// Guy and Smith's argument for take-and-break codes whose moves leave up to `heaps`
    /// heaps: `G(n + p) = G(n)` for `n0 <= n < heaps·n0 + (heaps - 1)·p + t` implies it for
    /// every `n >= n0` (docs/theory.md).
    GuySmithHeaps {
        /// `t`.
        max_removed: u64,
        /// The most heaps a move leaves.
        heaps: u64,
    },
    /// The move-class test for take-and-break codes (docs/theory.md): with blocks of
    /// `block` heaps and saltus `block_saltus` (0 or a power of two), the `classes` classes of
    /// moves from a heap of `n0 + R + block·Q` tokens decide its value for every
    /// `Q >= from_quotient`, so the values compared prove the (arithmetic) period.
    MoveClasses {
        /// The block: a multiple of the period.
        block: u64,
        /// The saltus of a block.
        block_saltus: u64,
        /// The classes of moves examined.
        classes: u64,
        /// The quotient from which the classes decide every value.
        from_quotient: u64,
    },
    /// The all-but test (docs/theory.md): for an all-but game whose largest excluded amount
    /// is `t`, `G(n + p) = G(n) + s` for `n0 <= n < N` (`N >= n0 + t`) holds for every
    /// `n >= n0` when the values below `n0 + p`, below `n0` and of `n0 <= m < N - t` meet three
    /// set conditions.
    AllBut {
        /// `t`, the largest excluded amount.
        max_excluded: u64,
    },
}

/// A half-open range `from <= n < to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Compared {
    /// The first `n`.
    pub from: u64,
    /// One past the last `n`.
    pub to: u64,
}

/// A period test that a ruleset brings itself, for [`PeriodRule::TakeBreak`]: the take-and-break
/// codes beyond octal prove their periods by Guy and Smith's argument for moves leaving several
/// heaps or by the move-class test (docs/theory.md). The engine calls it with the values
/// computed so far; the ruleset, which knows its moves, answers.
pub trait OwnPeriodTest: std::fmt::Debug + Send + Sync {
    /// What `values` (`G(0..len)`) show: a proven period, a candidate whose proof needs
    /// `needed` values, or nothing yet.
    fn search(&self, values: &[u32]) -> OwnPeriodSearch;

    /// The certificate of the proven period `p`, found again from `values`; `None` when the
    /// values do not prove `p`.
    fn certificate(&self, values: &[u32], p: Period) -> Option<Certificate>;
}

/// What an [`OwnPeriodTest`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnPeriodSearch {
    /// A period, proven.
    Proven(Period),
    /// A repetition whose proof needs `needed` values.
    Candidate {
        /// Values needed for the proof.
        needed: u64,
    },
    /// No repetition yet (or no test applies).
    Nothing,
}

/// The first line of a period's certificate: the period, its saltus and its preperiod.
pub fn period_heading(p: Period) -> String {
    heading(p)
}

fn heading(p: Period) -> String {
    if p.saltus > 0 {
        return format!(
            "Arithmetic period {} with saltus {} from n = {}: G(n + {}) = G(n) + {} for every n >= {} \
             (the least period, and the least preperiod for it).",
            p.period, p.saltus, p.preperiod, p.period, p.saltus, p.preperiod
        );
    }
    format!(
        "Period {} from n = {} (the least period, and the least preperiod for it).",
        p.period, p.preperiod
    )
}

/// Runs a computation to its end on this thread (for callers with no progress to show); a
/// cancellation through [`super::cancel`] stops it with an error.
pub fn compute(computation: &mut dyn Computation) -> Result<()> {
    let stop = AtomicBool::new(false);
    let status = computation.run(&stop, &mut |_| {
        if super::cancel::is_cancelled() {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    })?;
    match status {
        RunStatus::Finished => Ok(()),
        RunStatus::Cancelled => super::cancel::check(),
    }
}

//! Surveys: one family of games (every octal code of up to three digits, every subtraction set
//! within a bound, a list of codes), each member computed within a budget, and what was found
//! kept in one SQLite file that people query with plain SQL.
//!
//! * [`family`] lists the members of a family in a fixed order and picks a shard of them;
//! * [`run_member`] computes one member with the core's sequence machinery (the rare/common
//!   solver for octal codes, the take-and-break solver for hexadecimal codes, the window rule
//!   for subtraction games), stops at the budget (values, seconds, memory) and gives its
//!   [`Record`]: the period proven or open, the largest value, the rare/common split, the time;
//! * [`store`] is the SQLite file: its schema (docs/surveys.md), writes, merges of shards, CSV.
//!
//! The game logic is the core's; this crate only drives it and keeps the results. The command
//! line (`grundy survey`) and the Python package (`grundy.survey`, on Dask) both use it, so
//! their stores are the same.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod family;
mod rare;
pub mod store;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use grundy_core::kernel::heap_sequence::{Computation, HeapSequence, Progress, RunStatus};
use grundy_core::registry::sequences::by_name;
use grundy_core::{GameError, Nimber};

pub use family::{Family, Member, Shard};
pub use rare::{rare_split, RareSplit, MAX_RARE_VALUE};

/// The engine's version, recorded with every member (`grundy-core`'s crate version).
pub const ENGINE_VERSION: &str = concat!("grundy-survey ", env!("CARGO_PKG_VERSION"));

/// Memory a member needs besides its values (the solver's state, the program): the same
/// allowance the command line's memory check makes.
pub const FIXED_OVERHEAD_BYTES: u64 = 64 << 20;

/// What one member may spend.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Values to compute (fewer when a period is proven first).
    pub count: u64,
    /// Wall-clock seconds for the member (counting the time of earlier, resumed runs).
    pub seconds: Option<f64>,
    /// Bytes of memory for the member: the values asked for are cut to what fits.
    pub memory: Option<u64>,
}

impl Budget {
    /// A budget of `count` values, with no limit of time or memory.
    pub fn values(count: u64) -> Self {
        Budget {
            count,
            seconds: None,
            memory: None,
        }
    }
}

/// Why a member's computation ended before its count without a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The time budget ran out.
    Time,
    /// The memory budget allowed fewer values than asked for.
    Memory,
    /// Stopped from outside (Ctrl-C, SIGTERM) before its budget: a later survey goes on.
    Interrupted,
}

impl Stop {
    /// The store's word: `time` or `memory`.
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Time => "time",
            Stop::Memory => "memory",
            Stop::Interrupted => "interrupted",
        }
    }

    /// The word read back.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "time" => Some(Stop::Time),
            "memory" => Some(Stop::Memory),
            "interrupted" => Some(Stop::Interrupted),
            _ => None,
        }
    }
}

/// What a survey found for one member: one row of the store (docs/surveys.md).
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The family: `octal`, `hex` or `subtraction`.
    pub family: Family,
    /// The member in its family's canonical form: `0.77`, `4.12`, `0.8`, `1,4,9`.
    pub code: String,
    /// Values asked for.
    pub count: u64,
    /// Values computed (fewer than `count` when a period is proven first or a budget stopped it).
    pub computed: u64,
    /// The least period, when proven.
    pub period: Option<u64>,
    /// The least preperiod for that period, when proven.
    pub preperiod: Option<u64>,
    /// What each period adds (an arithmetic period, hexadecimal codes); 0 for an ordinary one.
    pub saltus: Option<u64>,
    /// The largest value among those computed (for a periodic member: of all values when the
    /// saltus is 0).
    pub max_value: u64,
    /// The least heap with that value.
    pub max_value_at: u64,
    /// The rare/common split of the values computed (Flammenkamp's sense), when the values are
    /// small enough to look for one.
    pub rare: Option<RareSplit>,
    /// Why the computation stopped short of `count` without a period.
    pub stopped: Option<Stop>,
    /// Wall-clock seconds spent on the member (resumed runs add up).
    pub seconds: f64,
    /// The engine that computed it ([`ENGINE_VERSION`]).
    pub engine: String,
    /// When the store wrote it (UTC, ISO 8601); `None` for a record not yet stored.
    pub finished: Option<String>,
}

impl Record {
    /// Whether a period is proven.
    pub fn is_periodic(&self) -> bool {
        self.period.is_some()
    }

    /// `periodic` or `open`: the store's `status` column.
    pub fn status(&self) -> &'static str {
        if self.is_periodic() {
            "periodic"
        } else {
            "open"
        }
    }
}

/// What [`run_member`] gives back.
pub struct Outcome {
    /// The member's row.
    pub record: Record,
    /// The computation, to save as a checkpoint when open (or to keep computing).
    pub computation: Box<dyn Computation>,
    /// Whether `cancel` stopped it (the record is then not final: keep the checkpoint).
    pub cancelled: bool,
}

/// How many values of `bytes_per_value` bytes fit in `memory` bytes with the fixed allowance.
fn values_within(memory: u64, bytes_per_value: u64) -> u64 {
    memory.saturating_sub(FIXED_OVERHEAD_BYTES) / bytes_per_value.max(1)
}

/// The values a member computes within `budget` (its count, cut to the memory budget and the
/// game's limit) and, when that is fewer than asked, why.
pub fn plan(
    sequence: &dyn HeapSequence,
    budget: &Budget,
) -> Result<(u64, Option<Stop>), GameError> {
    let limits = sequence.limits();
    let mut target = budget.count.min(limits.max_computed);
    let mut stopped = None;
    if let Some(memory) = budget.memory {
        let fits = values_within(memory, limits.bytes_per_value);
        if fits < target {
            target = fits;
            stopped = Some(Stop::Memory);
        }
    }
    if target == 0 {
        return Err(GameError::invalid(
            "budget",
            format!("{} values", budget.count),
            format!(
                "at least one value within the memory budget ({} bytes per value and {} MiB \
                 besides)",
                limits.bytes_per_value,
                FIXED_OVERHEAD_BYTES >> 20
            ),
        ));
    }
    Ok((target, stopped))
}

/// Whether `record` already answers `budget` for its member: a period is proven, every value
/// the budget allows is computed, or the time budget is spent on it already.
pub fn answers(record: &Record, member: &Member, budget: &Budget) -> Result<bool, GameError> {
    if record.is_periodic() {
        return Ok(true);
    }
    let (target, _) = plan(sequence_of(member)?.as_ref(), budget)?;
    let out_of_time = record.stopped == Some(Stop::Time)
        && budget.seconds.is_some_and(|limit| record.seconds >= limit);
    Ok(record.computed >= target || out_of_time)
}

/// The sequence of a member: the core's [`HeapSequence`] for its family and code.
pub fn sequence_of(member: &Member) -> Result<Box<dyn HeapSequence>, GameError> {
    by_name(member.family.game(), &[&member.code])
}

/// Computes one member within `budget`, from `checkpoint` (a computation of the same member
/// saved earlier, with `spent` seconds already on it) when given, until its count, a proven
/// period, the end of its time, or `cancel`. `progress` hears after each chunk of values.
pub fn run_member(
    member: &Member,
    budget: &Budget,
    checkpoint: Option<(&[u8], f64)>,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Outcome, GameError> {
    let sequence = sequence_of(member)?;
    let (target, mut stopped) = plan(sequence.as_ref(), budget)?;
    let (mut computation, spent) = match checkpoint {
        Some((bytes, spent)) => {
            let mut c = sequence.restore(bytes)?;
            c.set_target(target)?;
            (c, spent)
        }
        None => (sequence.start(target)?, 0.0),
    };
    let started = Instant::now();
    let timeout = AtomicBool::new(false);
    let stop = AtomicBool::new(false);
    let status = computation.run(&stop, &mut |p| {
        if let Some(limit) = budget.seconds {
            if spent + started.elapsed().as_secs_f64() >= limit {
                timeout.store(true, Ordering::Relaxed);
                stop.store(true, Ordering::Relaxed);
            }
        }
        if cancel.load(Ordering::Relaxed) {
            stop.store(true, Ordering::Relaxed);
        }
        progress(p);
    })?;
    let seconds = spent + started.elapsed().as_secs_f64();
    let cancelled = status == RunStatus::Cancelled && !timeout.load(Ordering::Relaxed);
    if status == RunStatus::Cancelled {
        stopped = Some(if cancelled {
            Stop::Interrupted
        } else {
            Stop::Time
        });
    }
    let record = summarise(member, budget.count, computation.as_ref(), stopped, seconds);
    Ok(Outcome {
        record,
        computation,
        cancelled,
    })
}

/// The record of a computation as it stands.
pub fn summarise(
    member: &Member,
    count: u64,
    computation: &dyn Computation,
    stopped: Option<Stop>,
    seconds: f64,
) -> Record {
    let computed = computation.computed();
    let period = computation.proven();
    let mut histogram = Histogram::default();
    let mut block = vec![0 as Nimber; 1 << 16];
    let mut start = 0;
    while start < computed {
        let len = (computed - start).min(block.len() as u64) as usize;
        let known = computation.values_into(start, &mut block[..len]);
        debug_assert!(known, "computed values are known");
        for (i, &v) in block[..len].iter().enumerate() {
            histogram.add(start + i as u64, v);
        }
        start += len as u64;
    }
    Record {
        family: member.family,
        code: member.code.clone(),
        count,
        computed,
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        saltus: period.map(|p| p.saltus),
        max_value: histogram.max.0,
        max_value_at: histogram.max.1,
        rare: if histogram.overflow {
            None
        } else {
            rare_split(&histogram.counts)
        },
        stopped: if period.is_some() || computed >= count {
            None
        } else {
            stopped
        },
        seconds,
        engine: ENGINE_VERSION.to_string(),
        finished: None,
    }
}

/// How often each value occurs (up to [`MAX_RARE_VALUE`]) and the largest.
#[derive(Default)]
struct Histogram {
    counts: Vec<u64>,
    /// The largest value and the least heap that has it.
    max: (u64, u64),
    /// Whether a value was too large to count (no split is then looked for).
    overflow: bool,
}

impl Histogram {
    fn add(&mut self, n: u64, v: Nimber) {
        if v > self.max.0 || n == 0 {
            self.max = (v, n);
        }
        if self.overflow {
            return;
        }
        if v > u64::from(MAX_RARE_VALUE) {
            self.overflow = true;
            self.counts.clear();
            return;
        }
        let i = v as usize;
        if i >= self.counts.len() {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += 1;
    }
}

//! Take-and-break games beyond octal: hexadecimal codes (splits into up to three heaps),
//! codes whose digits repeat for ever, and splits that must leave unequal heaps.
//!
//! A code such as `0.8` or `4.[3]` ([`code`]) gives the moves; a position is one heap. Octal
//! codes are the special case and keep their own solvers: [`FAMILY`] builds an
//! [`OctalGame`] for them (and Grundy's game for `4!.0`), so
//! `hex{0.77}` is Kayles, solved by the rare/common method. Everything else is a
//! [`TakeBreakGame`]:
//!
//! * [`naive`]: every option of every heap — the reference;
//! * [`solver`]: the values bottom-up from the sets of values of the splits of each size, the
//!   splits in three through translated sets of pairs;
//! * [`period`]: periods and **arithmetic periods** `G(n + p) = G(n) + s`, proven by Guy and
//!   Smith's argument for up to three heaps or by the move-class test ([`classes`]); then
//!   `G(n)` for any `n` is a lookup plus a multiple of `s`;
//! * `moves`: the moves to a chosen value, counted exactly.
//!
//! ```
//! use grundy_games::take_break::TakeBreakGame;
//! use grundy_kernel::Ruleset;
//! // 0.8: remove one token and split the rest into three heaps. G(n) = (n - 1) div 3.
//! let game = TakeBreakGame::parse("0.8").unwrap();
//! assert_eq!(game.grundy(&10).unwrap(), 3);
//! // The arithmetic period 3, saltus 1 from n = 1 is proven, so any heap is a formula.
//! assert_eq!(game.grundy(&3_000_000_001).unwrap(), 1_000_000_000);
//! ```

mod certificate;
pub mod classes;
pub mod code;
mod count;
mod moves;
pub mod naive;
pub mod period;
mod sequence;
mod sets;
pub mod solver;

use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

pub use code::{TakeBreakCode, MAX_CODE_DIGITS, MAX_REPEAT_DIGITS};

use crate::family::{known, Drawing, Family, Param, ParamKind, Positions};
use crate::kernel::component::AnyRules;
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_sequence::Period;
use crate::kernel::heap_sequence::{Computation, PeriodRule};
use crate::kernel::moves::MoveList;
use crate::kernel::tree_estimate::{split_estimate, unsplit_estimate};
use crate::kernel::BigHeaps;
use crate::kernel::Ruleset;
use crate::kernel::TreeEstimate;
use crate::nimber::Nimber;
use crate::octal::OctalGame;
use crate::sequence::table::TableRun;
use solver::Solver;

/// Take-and-break games in the registry: `hex{0.8}:10,20`, `hex{4.[3]}:7`.
pub static FAMILY: Family = Family {
    name: "hex",
    aliases: &["take-break", "hexadecimal"],
    title: "Take-and-break game",
    rules: "A move removes k tokens from one heap and leaves nothing, one, two or three heaps, as the code's hexadecimal digit k allows (1: nothing, 2: one heap, 4: two heaps, 8: three heaps; add them up). Digits in [ ] repeat for ever; ! after a digit makes its splits leave unequal heaps.",
    params: &[Param {
        name: "code",
        short: None,
        positional: true,
        kind: ParamKind::Word,
        label: "Take-and-break code",
        help: "a hexadecimal code such as 0.8, C.0, 0.[3] (Nim), 4.[3] (Lasker's Nim) or 4!.0 (Grundy's game); octal codes such as 0.77 are solved as octal games",
        example: "0.8",
    }],
    positions: Positions {
        label: "Heaps",
        help: "heap sizes, whole numbers",
        example: "10, 20",
        drawing: Drawing::HEAPS,
    },
    example: "hex{0.8}:10,20",
    sequence: true,
    known_by: known::sequence,
    heap_game: true,
    search: None,
    at_once: None,
    reasoning: None,
    build: |params| build(params[0]),
};

/// The rules of a code: an octal game (or Grundy's game) when the code is octal, a
/// [`TakeBreakGame`] otherwise.
pub fn build(code: &str) -> Result<Arc<dyn AnyRules>> {
    let code = TakeBreakCode::parse(code)?;
    Ok(match code.as_octal() {
        Some(rules) => Arc::new(OctalGame::from_rules(rules)),
        None => Arc::new(TakeBreakGame::new(code)),
    })
}

/// Values computed on the first query (fewer for a small heap).
pub const FIRST_SEARCH: u64 = 1 << 10;
/// Heaps beyond this are answered only through a proven period; also how far a query of a
/// heap beyond it extends the table to find one. For codes that never split in three: each
/// value costs `O(n)` word operations at most.
pub const MAX_TABLE_HEAP: u64 = 1 << 14;
/// The same for codes that split in three: each value costs `O(n)` set operations of sets as
/// wide as the values (8,192 values of `C.0` take about 3 s on one core, of `0.[F]` 12 s).
pub const MAX_TABLE_HEAP_THREE: u64 = 1 << 13;
/// The same for codes whose splits in three must leave unequal heaps, listed one by one
/// (`O(n²)` each: 4,096 values of `8!.0` take about 4 s).
pub const MAX_TABLE_HEAP_UNEQUAL: u64 = 1 << 12;
/// The most values one sequence computation holds.
pub const MAX_COMPUTED: u64 = 1 << 24;

/// A take-and-break game that is not octal, with its values computed on demand and cached.
pub struct TakeBreakGame {
    code: Arc<TakeBreakCode>,
    cache: Mutex<Option<TableRun<Solver>>>,
}

impl std::fmt::Debug for TakeBreakGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TakeBreakGame")
            .field("code", &self.code.to_string())
            .finish_non_exhaustive()
    }
}

impl TakeBreakGame {
    /// The game of `code` (any code: octal ones too, solved by this module's solver — the
    /// registry sends those to the octal solvers instead).
    pub fn new(code: TakeBreakCode) -> Self {
        TakeBreakGame {
            code: Arc::new(code),
            cache: Mutex::new(None),
        }
    }

    /// The game of the code written `code`.
    pub fn parse(code: &str) -> Result<Self> {
        Ok(Self::new(TakeBreakCode::parse(code)?))
    }

    /// The code.
    pub fn code(&self) -> &TakeBreakCode {
        &self.code
    }

    /// How this game's periods are proven, or why none is claimed.
    pub fn period_rule(&self) -> PeriodRule {
        if self.code.has_unequal() {
            PeriodRule::NotClaimed {
                reason: "its splits must leave unequal heaps, which voids the periodicity \
                         theorems (as for Grundy's game)"
                    .into(),
            }
        } else {
            PeriodRule::TakeBreak {
                code: self.code.clone(),
            }
        }
    }

    /// A new computation of `G(0..target)` that stops once a period is proven.
    pub fn run(&self, target: u64) -> Result<TableRun<Solver>> {
        TableRun::new(
            Ruleset::term(self),
            Solver::new(&self.code),
            self.period_rule(),
            MAX_COMPUTED,
            MAX_COMPUTED,
            target,
        )
    }

    /// `G(0..count)`, and the period if the values prove one.
    pub fn sequence(&self, count: u64) -> Result<(Vec<u32>, Option<Period>)> {
        let mut run = self.run(count)?;
        crate::kernel::heap_sequence::compute(&mut run)?;
        Ok((run.step().values().to_vec(), run.proven()))
    }

    /// The heaps answered from the table (beyond them only a proven period answers).
    pub fn max_table_heap(&self) -> u64 {
        if solver::lists_triples(&self.code) {
            MAX_TABLE_HEAP_UNEQUAL
        } else if self.code.uses(code::LEAVE_THREE) {
            MAX_TABLE_HEAP_THREE
        } else {
            MAX_TABLE_HEAP
        }
    }

    /// The proven period, searching up to [`MAX_TABLE_HEAP`] values if needed.
    pub fn period(&self) -> Result<Option<Period>> {
        if self.code.has_unequal() {
            return Ok(None);
        }
        self.with_table(u64::MAX, &"every heap", |run| run.proven().map(Some))
            .or(Ok(None))
    }

    /// The period if the values computed so far prove one, without computing more.
    pub fn known_period(&self) -> Option<Period> {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.as_ref().and_then(|run| run.proven())
    }

    /// `G(heap)` for a heap of any size (beyond `u64` through a proven period); an error when
    /// it is unknown or does not fit in 64 bits.
    pub fn value_big(&self, heap: &BigUint) -> Result<Nimber> {
        // Beyond `u64` the table is searched as far as for the largest heap it holds; the
        // refusal still names the heap asked about.
        let small = u64::try_from(heap).unwrap_or(u64::MAX);
        self.with_table(small, heap, |run| {
            if let Ok(h) = u64::try_from(heap) {
                if h < run.computed() {
                    return run.value_at(h).map(Ok);
                }
            }
            let p = run.proven()?;
            let (reduced, _) = p.value_big(heap, 0);
            let (_, value) = p.value_big(heap, run.value_at(reduced)?);
            Some(u64::try_from(&value).map_err(|_| overflow(heap, &value)))
        })?
    }

    /// Runs `answer` on the cached table, first extending it so that `heap` is answered if that
    /// is possible within the limits (see `OctalGame`: the same policy). A refusal names
    /// `asked`, the heap as the question gave it (which may be beyond `u64`).
    fn with_table<T>(
        &self,
        heap: u64,
        asked: &dyn std::fmt::Display,
        answer: impl Fn(&TableRun<Solver>) -> Option<T>,
    ) -> Result<T> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.is_none() {
            let first = heap.saturating_add(1).clamp(64, FIRST_SEARCH);
            *cache = Some(self.run(first)?);
        }
        let run = cache.as_mut().expect("just filled");
        crate::kernel::heap_sequence::compute(run)?;
        if let Some(found) = answer(run) {
            return Ok(found);
        }
        let claims = !self.code.has_unequal();
        let most = self.max_table_heap();
        if run.proven().is_none() && (heap < most || claims) {
            let wanted = if heap < most { heap + 1 } else { most };
            if wanted > run.computed() {
                let doubled = (run.computed() * 2).min(most);
                run.set_target(wanted.max(doubled))?;
                crate::kernel::heap_sequence::compute(run)?;
                if let Some(found) = answer(run) {
                    return Ok(found);
                }
            }
        }
        let why = if claims {
            format!(
                "no period of {} is proven within {} values",
                self.code,
                run.computed()
            )
        } else {
            format!(
                "no period is claimed for {} (its splits must leave unequal heaps)",
                self.code
            )
        };
        Err(GameError::too_large(
            format!("heap {asked}"),
            format!("{why}, so only heaps below {most} are answered"),
        ))
    }
}

fn overflow(heap: impl std::fmt::Display, value: impl std::fmt::Display) -> GameError {
    GameError::too_large(
        format!("G({heap}) = {value}"),
        "values below 2^64 (this arithmetic-periodic sequence passes it)",
    )
}

rules_compared_by!(TakeBreakGame, code);

#[cfg(test)]
mod tests;

impl Ruleset for TakeBreakGame {
    type Position = u64;

    fn term(&self) -> String {
        format!("hex{{{}}}", self.code)
    }

    fn name(&self) -> String {
        format!("hex {}", self.code)
    }

    fn title(&self) -> String {
        format!("Take-and-break game {}", self.code)
    }

    fn splits(&self) -> bool {
        self.code.uses(code::LEAVE_TWO | code::LEAVE_THREE)
    }

    fn max_parts(&self) -> usize {
        self.code.max_heaps().max(1)
    }

    fn sequence(&self) -> Option<&dyn crate::kernel::heap_sequence::HeapSequence> {
        Some(self)
    }

    /// The heap forms, and splits in three when the code has them.
    fn move_examples(&self, numbered: bool) -> String {
        let forms =
            <u64 as crate::kernel::PositionForm>::move_examples(Ruleset::splits(self), numbered);
        if self.code.uses(code::LEAVE_THREE) {
            format!("{forms}; to split a heap in three \"3 to 1 2 4\"")
        } else {
            forms
        }
    }

    fn options(&self, &heap: &u64) -> Vec<Vec<u64>> {
        let mut all = Vec::new();
        naive::for_each_option(&self.code, heap, &mut |parts| {
            all.push(parts.to_vec());
            true
        });
        all
    }

    fn grundy(&self, &heap: &u64) -> Result<Nimber> {
        self.with_table(heap, &heap, |run| {
            if heap < run.computed() {
                return run.value_at(heap).map(Ok);
            }
            let p = run.proven()?;
            let base = run.value_at(p.reduce(heap).0)?;
            Some(
                p.value(heap, base)
                    .ok_or_else(|| overflow(heap, "a value beyond 2^64 - 1")),
            )
        })?
    }

    /// Read off the code's digits, in the form [`Ruleset::options`] lists (parts ascending).
    fn option_to(&self, &heap: &u64, parts: &[u64]) -> Option<Vec<u64>> {
        let mut wanted: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
        wanted.sort_unstable();
        moves::option_leaving(&self.code, heap, &wanted)
    }

    fn gentlest_option(&self, &heap: &u64) -> Option<Vec<u64>> {
        let mut first = None;
        naive::for_each_option(&self.code, heap, &mut |parts| {
            first = Some(parts.to_vec());
            false
        });
        first
    }

    /// Uniform over every option without listing them (counted per amount, see `count`).
    fn random_option(&self, &heap: &u64, rng: &mut dyn rand_core::RngCore) -> Option<Vec<u64>> {
        count::random_option(&self.code, heap, rng)
    }

    fn tree_estimate(&self, group: &[&u64], limit: u64) -> TreeEstimate {
        if Ruleset::splits(self) {
            split_estimate(group, limit)
        } else {
            unsplit_estimate(group)
        }
    }

    /// The options are listed only when they are few (their number is counted first).
    fn explain_value(&self, heap: &u64) -> Result<crate::kernel::Derivation> {
        let most = crate::kernel::MAX_ENUMERATED_OPTIONS as u128;
        if count::option_count_capped(&self.code, *heap, most) <= most {
            return crate::kernel::derive_from(self, heap, self.options(heap));
        }
        Ok(crate::kernel::Derivation::closed_form(
            heap.to_string(),
            self.grundy(heap)?,
            self.value_source(heap),
        ))
    }

    fn value_source(&self, heap: &u64) -> String {
        match self.known_period() {
            Some(p) if *heap >= p.preperiod && p.saltus == 0 => format!(
                "the period {} from n = {} proven from the computed values (see `grundy sequence \
                 {} --period`): G({heap}) = G({})",
                p.period,
                p.preperiod,
                Ruleset::term(self),
                p.reduce(*heap).0
            ),
            Some(p) if *heap >= p.preperiod => {
                let (reduced, periods) = p.reduce(*heap);
                format!(
                    "the arithmetic period {} with saltus {} from n = {} proven by the move-class \
                     test: G({heap}) = G({reduced}) + {periods}*{}",
                    p.period, p.saltus, p.preperiod, p.saltus
                )
            }
            _ => "the table of values computed bottom-up from the sets of values of splits".into(),
        }
    }

    /// Looks the values up instead of building every option; beyond the table the counts come
    /// from the proven period (`moves`).
    fn moves_to_value(
        &self,
        &heap: &u64,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<u64>>> {
        // Makes G(heap), hence every value a move reaches, known.
        self.grundy(&heap)?;
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let run = cache.as_ref().expect("filled by grundy");
        moves::moves_to_value(&self.code, run, heap, target, limit, self.max_table_heap())
    }

    /// Heaps beyond `2^64 - 1` are answered (see [`BigHeaps`]).
    fn big_heaps(&self) -> Option<&dyn BigHeaps> {
        Some(self)
    }
}

impl BigHeaps for TakeBreakGame {
    fn value_big(&self, heap: &BigUint) -> Option<Result<Nimber>> {
        Some(TakeBreakGame::value_big(self, heap))
    }

    fn stand_in(&self, heap: &BigUint) -> Option<Result<u64>> {
        Some(self.big_stand_in(heap))
    }
}

/// The answers of [`BigHeaps`] at heaps beyond `2^64 - 1`, each a lookup.
impl TakeBreakGame {
    /// For finite codes that never split and have an ordinary period (see the octal codes'
    /// `stand_in`): others are refused by name.
    fn big_stand_in(&self, heap: &BigUint) -> Result<u64> {
        let refuse = |why: &str| {
            GameError::too_large(
                format!("listing the moves of heap {heap} of {}", Ruleset::name(self)),
                format!(
                    "{why}; moves of a heap beyond 2^64 - 1 are listed only for finite codes \
                     that never split and have an ordinary period (its value alone: grundy sequence --at)"
                ),
            )
        };
        if Ruleset::splits(self) {
            return Err(refuse("its moves may split it"));
        }
        let Some(reach) = self.code.max_removed() else {
            return Err(refuse("a repeating code takes any number of tokens"));
        };
        let p = self
            .period()?
            .ok_or_else(|| refuse("no period is proven"))?;
        crate::kernel::heap_sequence::stand_in(p, reach as u64, heap)
            .ok_or_else(|| refuse("its period is arithmetic"))
    }
}

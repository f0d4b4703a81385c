//! One report of a Grundy sequence, the same for every ruleset that has one.
//!
//! # The one entry point: [`HeapSequence`]
//!
//! A ruleset whose single heaps have values `G(0), G(1), ...` provides its sequence through
//! [`HeapSequence`] and nothing else: the command line's `grundy sequence`, the server's
//! `POST /api/sequence` and their reports are generic over it. It says
//!
//! * who the game is ([`SequenceGame`]: name, term, title),
//! * how its periods are proven, or why none is claimed ([`PeriodRule`]),
//! * its limits ([`Limits`]),
//! * and how to compute the values: [`HeapSequence::start`] and [`HeapSequence::restore`] give
//!   a [`Computation`] that grows in chunks, can be cancelled, and saves itself as a checkpoint.
//!
//! A ruleset whose `G(n)` is a function of the values below `n` needs only a few lines for the
//! last part: [`super::table::TableRun`] is the whole computation (chunks, period checks,
//! checkpoints) around an [`super::table::Extend`] step. The registry (its `sequences` module,
//! above this engine) finds the sequence of a ruleset by the names the command line and the API
//! use; a new ruleset needs no line there.
//!
//! # The report
//!
//! A [`Report`] is what was computed: the values `G(0..count)` (read from the computation, one
//! by one, so that a report of 10^8 values is written without a second copy of them), the
//! period with its certificate — which theorem, which range of `n` was compared — or why there
//! is none ([`PeriodStatus`]), and `G(n)` for one heap of any size ([`AtAnswer`]).
//! `sequence::document` (which reads this module) writes it as text, CSV or JSON; the JSON is
//! the serialisation of [`ReportDocument`], the same for the command line and the API
//! (docs/sequence-report.md).

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::{Deserialize, Serialize};

use crate::kernel::component::AnyRules;
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_sequence::Period;
use crate::kernel::heap_sequence::{
    compute, Certificate, Computation, HeapSequence, Limits, PeriodRule, SequenceGame,
};
use crate::nimber::Nimber;

/// What a report asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    /// List `G(0..count)`.
    pub count: u64,
    /// Answer `G(at)`.
    pub at: Option<BigUint>,
    /// Compute until a period is proven, up to this many values (and at most
    /// [`Limits::period_search`]).
    pub until_period: Option<u64>,
}

/// The field of a [`Request`] that cannot be answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// [`Request::count`].
    Count,
    /// [`Request::at`].
    At,
    /// [`Request::until_period`].
    UntilPeriod,
}

/// A request that cannot be answered, and which field is why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestError {
    /// The field.
    pub field: Field,
    /// What is wrong and what is allowed, in a sentence.
    pub message: String,
}

/// How many values a computation needs for `request`: refuses, before anything is computed,
/// a request beyond the game's limits.
pub fn plan(seq: &dyn HeapSequence, request: &Request) -> std::result::Result<u64, RequestError> {
    let limits = seq.limits();
    let game = seq.game();
    let refuse = |field, error: String| {
        Err(RequestError {
            field,
            message: error,
        })
    };
    if request.count > limits.max_count {
        return refuse(
            Field::Count,
            GameError::out_of_range(
                "count",
                request.count,
                format!(
                    "a whole number from 0 to {} ({})",
                    limits.max_count,
                    lower_first(&game.title)
                ),
            )
            .to_string(),
        );
    }
    let claims_periods = !matches!(seq.period_rule(), PeriodRule::NotClaimed { .. });
    let mut target = request.count.min(limits.max_computed);
    if let Some(limit) = request.until_period {
        if let PeriodRule::NotClaimed { reason } = seq.period_rule() {
            return refuse(
                Field::UntilPeriod,
                format!("no period is claimed for {}: {reason}", the(&game.title)),
            );
        }
        target = target.max(limit.min(limits.period_search));
    }
    if limits.period_first {
        target = target.max(limits.period_search);
    }
    if let Some(n) = &request.at {
        match n.to_u64() {
            Some(small) if small < limits.max_at => target = target.max(small + 1),
            // Beyond the computed heaps the period answers: search it as far as the request's
            // own search limit, if it sets one, else as far as a query for one value goes
            // (the analysis of such a heap: `Limits::at_search`).
            _ if claims_periods => {
                let search = request.until_period.unwrap_or(limits.at_search);
                target = target.max(search.min(limits.period_search))
            }
            _ => {
                return refuse(
                    Field::At,
                    GameError::out_of_range(
                        "heap",
                        n,
                        format!(
                            "a heap below {} (no period is claimed for {}, so larger heaps are \
                             not answered)",
                            limits.max_at,
                            the(&game.title)
                        ),
                    )
                    .to_string(),
                )
            }
        }
    }
    Ok(target)
}

/// What a computation gives for a request: the report of its values.
pub struct Report<'a> {
    /// The game's names.
    pub game: SequenceGame,
    /// The period, its certificate, or why there is none.
    pub period: PeriodStatus,
    /// The computation the values are read from.
    pub computation: &'a dyn Computation,
    /// How many values are listed: `G(0..count)`.
    pub count: u64,
    /// False when the computation was stopped before it was finished.
    pub complete: bool,
    /// `G(n)` for the heap asked, if one was.
    pub at: Option<AtAnswer>,
}

impl std::fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Report")
            .field("game", &self.game)
            .field("count", &self.count)
            .field("complete", &self.complete)
            .finish_non_exhaustive()
    }
}

impl<'a> Report<'a> {
    /// The report of `computation` for `request`. A stopped computation (`complete` false)
    /// lists the values it knows; a finished one lists `request.count` values and answers
    /// `request.at`, or says which value is unknown (no period proven within the values).
    pub fn new(
        seq: &dyn HeapSequence,
        computation: &'a dyn Computation,
        request: &Request,
        complete: bool,
    ) -> Result<Self> {
        let game = seq.game();
        let computed = computation.computed();
        let known = if computation.proven().is_some() {
            request.count
        } else {
            computed.min(request.count)
        };
        if complete && known < request.count {
            return Err(unknown(&game, computed));
        }
        let at = match &request.at {
            Some(n) => match answer_at(n, computation)? {
                Some(answer) => Some(answer),
                None if complete => return Err(unknown_at(&game, n, computed)),
                None => None,
            },
            None => None,
        };
        Ok(Report {
            period: period_status(&seq.period_rule(), computation),
            game,
            computation,
            count: known,
            complete,
            at,
        })
    }

    /// `G(n)` for `n < count`.
    pub fn value(&self, n: u64) -> Nimber {
        self.computation
            .value_at(n)
            .expect("every value below count is computed or given by the period")
    }

    /// The values listed, in order.
    pub fn values(&self) -> ReportValues<'_, 'a> {
        ReportValues {
            report: self,
            next: 0,
            block: Vec::new(),
            at: 0,
        }
    }

    /// Everything but the values.
    pub fn header(&self) -> ReportHeader {
        ReportHeader {
            game: self.game.game.clone(),
            term: self.game.term.clone(),
            title: self.game.title.clone(),
            count: self.count,
            computed: self.computation.computed(),
            complete: self.complete,
            period: self.period.clone(),
            at: self.at.clone(),
        }
    }

    /// The whole report as data (the values in memory: for reports of modest size, such as
    /// the API's).
    pub fn document(&self) -> ReportDocument {
        let h = self.header();
        ReportDocument {
            game: h.game,
            term: h.term,
            title: h.title,
            count: h.count,
            computed: h.computed,
            complete: h.complete,
            period: h.period,
            at: h.at,
            values: self.values().collect(),
        }
    }
}

/// A title inside a sentence: lower case first, except a proper name ("Grundy's game").
pub fn lower_first(title: &str) -> String {
    let mut chars = title.chars();
    match chars.next() {
        Some(c) if !title.starts_with("Grundy") => c.to_lowercase().chain(chars).collect(),
        _ => title.to_string(),
    }
}

/// A title with its article: "the subtraction game S = {1,4}", but "Grundy's game".
pub fn the(title: &str) -> String {
    if title.starts_with("Grundy") {
        title.to_string()
    } else {
        format!("the {}", lower_first(title))
    }
}

/// The values of a [`Report`] in order, read from its computation in blocks.
#[derive(Debug)]
pub struct ReportValues<'r, 'a> {
    report: &'r Report<'a>,
    /// The first heap not yet in a block.
    next: u64,
    block: Vec<Nimber>,
    /// The next value of `block` to give.
    at: usize,
}

impl Iterator for ReportValues<'_, '_> {
    type Item = Nimber;

    fn next(&mut self) -> Option<Nimber> {
        const BLOCK: u64 = 4096;
        if self.at == self.block.len() {
            let left = self.report.count - self.next;
            if left == 0 {
                return None;
            }
            self.block.resize(BLOCK.min(left) as usize, 0);
            let known = self
                .report
                .computation
                .values_into(self.next, &mut self.block);
            assert!(
                known,
                "every value below count is computed or given by the period"
            );
            self.next += self.block.len() as u64;
            self.at = 0;
        }
        self.at += 1;
        Some(self.block[self.at - 1])
    }
}

fn unknown(game: &SequenceGame, computed: u64) -> GameError {
    GameError::too_large(
        format!("G({computed}) of {}", the(&game.title)),
        format!("it is unknown: no period is proven within the {computed} values computed"),
    )
}

/// The error for `G(n)` asked where no period is proven: only the values computed are known.
fn unknown_at(game: &SequenceGame, n: &BigUint, computed: u64) -> GameError {
    GameError::too_large(
        format!("G({n}) of {}", the(&game.title)),
        format!(
            "no period is proven within the {computed} values computed, so only G(0) to G({}) are known",
            computed.saturating_sub(1)
        ),
    )
}

/// The report without its values: what is written before them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportHeader {
    /// See [`SequenceGame::game`].
    pub game: String,
    /// See [`SequenceGame::term`].
    pub term: String,
    /// See [`SequenceGame::title`].
    pub title: String,
    /// How many values are listed.
    pub count: u64,
    /// How many values were computed (the others follow from the period).
    pub computed: u64,
    /// False when the computation was stopped (Ctrl-C) before it finished.
    pub complete: bool,
    /// The period and its proof, or why there is none.
    pub period: PeriodStatus,
    /// `G(n)` for the heap asked, or null.
    pub at: Option<AtAnswer>,
}

/// The whole report: the JSON document of `grundy sequence --json` and `POST /api/sequence`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReportDocument {
    /// See [`SequenceGame::game`].
    pub game: String,
    /// See [`SequenceGame::term`].
    pub term: String,
    /// See [`SequenceGame::title`].
    pub title: String,
    /// How many values are listed.
    pub count: u64,
    /// How many values were computed (the others follow from the period).
    pub computed: u64,
    /// False when the computation was stopped (Ctrl-C) before it finished.
    pub complete: bool,
    /// The period and its proof, or why there is none.
    pub period: PeriodStatus,
    /// `G(n)` for the heap asked, or null.
    pub at: Option<AtAnswer>,
    /// `G(0..count)`.
    pub values: Vec<Nimber>,
}

/// A period, its certificate, or why there is none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum PeriodStatus {
    /// Proven by a theorem from the computed values.
    Proven(Certificate),
    /// The game may have a period, but none is proven within the computed values.
    NotProven {
        /// How many values were searched.
        checked: u64,
        /// The same in a sentence.
        text: String,
    },
    /// No period is claimed for this game.
    NotClaimed {
        /// Why, in a sentence.
        text: String,
    },
}

impl PeriodStatus {
    /// The sentence(s) a person reads.
    pub fn text(&self) -> &str {
        match self {
            PeriodStatus::Proven(c) => &c.text,
            PeriodStatus::NotProven { text, .. } | PeriodStatus::NotClaimed { text } => text,
        }
    }

    /// The period, when proven.
    pub fn period(&self) -> Option<Period> {
        match self {
            PeriodStatus::Proven(c) => Some(Period {
                preperiod: c.preperiod,
                period: c.period,
                checked: c.checked,
                saltus: c.saltus,
            }),
            _ => None,
        }
    }
}

/// `G(n)` for one heap of any size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AtAnswer {
    /// The heap, in decimal (it may have hundreds of digits).
    pub n: String,
    /// `G(n)`.
    pub value: Nimber,
    /// For a heap beyond the computed values: the computed heap with the same value by the
    /// period, `preperiod + (n - preperiod) mod period`; null when `G(n)` was computed.
    pub reduced: Option<u64>,
    /// The answer in a sentence.
    pub text: String,
}

/// `G(n)` for the report: `None` when it is unknown, an error when it is known but does not
/// fit in 64 bits (an arithmetic-periodic sequence at a huge heap).
fn answer_at(n: &BigUint, computation: &dyn Computation) -> Result<Option<AtAnswer>> {
    if let Some(small) = n.to_u64().filter(|&s| s < computation.computed()) {
        let Some(value) = computation.value_at(small) else {
            return Ok(None);
        };
        return Ok(Some(AtAnswer {
            n: n.to_string(),
            value,
            reduced: None,
            text: format!("G({n}) = {value}"),
        }));
    }
    let Some(p) = computation.proven() else {
        return Ok(None);
    };
    let (reduced, _) = p.value_big(n, 0);
    let Some(base) = computation.value_at(reduced) else {
        return Ok(None);
    };
    let (_, big) = p.value_big(n, base);
    let Some(value) = big.to_u64() else {
        return Err(GameError::too_large(
            format!("G({n}) = {big}"),
            "reports give values below 2^64 (this arithmetic-periodic sequence passes it)",
        ));
    };
    let residue = reduced - p.preperiod;
    let text = if p.saltus == 0 {
        format!(
            "G({n}) = {value} (from the period: {n} - {} = {residue} (mod {}), so G({n}) = G({reduced}))",
            p.preperiod, p.period
        )
    } else {
        let periods = (n - BigUint::from(reduced)) / BigUint::from(p.period);
        format!(
            "G({n}) = {value} (from the arithmetic period: {n} = {reduced} + {periods}*{}, so \
             G({n}) = G({reduced}) + {periods}*{} = {base} + {})",
            p.period,
            p.saltus,
            &periods * BigUint::from(p.saltus)
        )
    };
    Ok(Some(AtAnswer {
        n: n.to_string(),
        value,
        reduced: Some(reduced),
        text,
    }))
}

/// The sequence of `rules`, when its ruleset has one (see [`crate::kernel::Ruleset::sequence`]);
/// `None` for the others. The registry refuses those by name, listing the families that have a
/// sequence (its `sequences::of_rules` and `sequences::by_name`): the engine knows no family.
pub fn sequence_of(rules: Arc<dyn AnyRules>) -> Option<Box<dyn HeapSequence>> {
    rules.sequence()?;
    Some(Box::new(RulesSequence(rules)))
}

/// A ruleset's sequence behind the ruleset's own reference count.
struct RulesSequence(Arc<dyn AnyRules>);

impl RulesSequence {
    fn inner(&self) -> &dyn HeapSequence {
        self.0.sequence().expect("checked by sequence_of")
    }
}

impl HeapSequence for RulesSequence {
    fn game(&self) -> SequenceGame {
        self.inner().game()
    }

    fn period_rule(&self) -> PeriodRule {
        self.inner().period_rule()
    }

    fn limits(&self) -> Limits {
        self.inner().limits()
    }

    fn max_threads(&self) -> usize {
        self.inner().max_threads()
    }

    fn start(&self, target: u64) -> Result<Box<dyn Computation>> {
        self.inner().start(target)
    }

    fn restore(&self, checkpoint: &[u8]) -> Result<Box<dyn Computation>> {
        self.inner().restore(checkpoint)
    }
}

/// Why [`report_document`] gives no report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportError {
    /// The request is beyond the game's limits (nothing was computed).
    Request(RequestError),
    /// The computation failed or was cancelled, or a value asked for is unknown.
    Game(GameError),
}

impl From<GameError> for ReportError {
    fn from(e: GameError) -> Self {
        ReportError::Game(e)
    }
}

/// The report of `seq` for `request`, computed on this thread, as data: for small requests
/// such as the API's.
pub fn report_document(
    seq: &dyn HeapSequence,
    request: &Request,
) -> std::result::Result<ReportDocument, ReportError> {
    let target = plan(seq, request).map_err(ReportError::Request)?;
    let mut computation = seq.start(target)?;
    compute(computation.as_mut())?;
    Ok(Report::new(seq, computation.as_ref(), request, true)?.document())
}

mod certificates;
pub use certificates::period_status;

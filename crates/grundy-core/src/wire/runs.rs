//! The research door's runs: one search of a board or graph (`grundy search`) and surveys of
//! a family's members (`grundy survey run`, `grundy survey merge`).

use serde::Serialize;

use crate::certificate::check::Checked;
use crate::certificate::Claim;
use crate::games::rules::search_run::{Proven, SearchRun};
use crate::nimber::Nimber;
use crate::sum::Outcome;

/// One search: the game, the position as the game writes it, its value (`null` when an outcome
/// search, `--outcome`, found a win: the value was not sought) and outcome, the time it took, the components it expanded, the threads that searched, the time limit it ran
/// within (`null` when none: the search ran until done), and its table (the file it was saved
/// to or read from, the entries read from it, and the table's counts), and its certificate
/// (`null` without `--certificate`).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SearchDoc {
    pub game: String,
    pub position: String,
    pub value: Option<Nimber>,
    pub outcome: Outcome,
    pub seconds: f64,
    pub expanded: u64,
    pub threads: usize,
    pub time_limit: Option<u64>,
    pub table: SearchTable,
    pub certificate: Option<CertificateFile>,
}

/// A search's certificate (`grundy search --certificate FILE`, [`crate::certificate`]): the
/// file, the facts it holds and the time the proof took.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CertificateFile {
    pub file: String,
    pub facts: u64,
    pub seconds: f64,
}

/// A certificate checked (`grundy verify FILE`): the file; the game, position and value it
/// claims; whether its facts prove the claim and, when not, why (the first fact or the claim
/// found wrong, `null` when verified); the facts checked, the options listed to check them,
/// and the time.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Verification {
    pub file: String,
    pub game: String,
    pub position: String,
    pub value: Nimber,
    pub verified: bool,
    pub refuted: Option<String>,
    pub facts: u64,
    pub options: u64,
    pub seconds: f64,
}

/// A search's table: its file (`null` without `--table`) and its counts.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SearchTable {
    pub file: Option<String>,
    pub entries_read: u64,
    pub entries: u64,
    pub hits: u64,
    pub misses: u64,
    pub stores: u64,
    pub evictions: u64,
}

impl SearchDoc {
    /// The document of `run`, which proved `found`, its table kept in `file` (if any).
    pub fn of(run: &SearchRun, found: Proven, file: Option<String>) -> SearchDoc {
        let table = &run.stats.table;
        SearchDoc {
            game: run.game.clone(),
            position: run.position.clone(),
            value: found.value(),
            outcome: found.outcome(),
            seconds: run.elapsed.as_secs_f64(),
            expanded: run.stats.expanded,
            threads: run.threads,
            time_limit: None,
            table: SearchTable {
                file,
                entries_read: run.resumed,
                entries: table.entries,
                hits: table.hits,
                misses: table.misses,
                stores: table.stores,
                evictions: table.evictions,
            },
            certificate: None,
        }
    }
}

/// One shard of a survey run: the family, how many members the shard holds, which shard, how
/// many were computed now (periodic or left open), done before, left out as trivial, the
/// values computed, the time and the store.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SurveyRun {
    pub family: &'static str,
    pub members: usize,
    pub shard: String,
    pub computed: u64,
    pub periodic: u64,
    pub open: u64,
    pub done_before: u64,
    pub trivial_left_out: u64,
    pub values: u64,
    pub seconds: f64,
    pub db: String,
}

/// Stores merged into one: the store written, how many were read, the rows written and the
/// members it then holds.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SurveyMerge {
    pub db: String,
    pub stores: usize,
    pub rows_written: usize,
    pub members: usize,
}

impl Verification {
    /// The document of `checked`, the check of a certificate claiming `claim`, read from
    /// `file`, in `seconds`.
    pub fn of(file: String, claim: &Claim, checked: &Checked, seconds: f64) -> Verification {
        Verification {
            file,
            game: claim.game.clone(),
            position: claim.position.clone(),
            value: claim.value,
            verified: checked.refuted.is_none(),
            refuted: checked.refuted.clone(),
            facts: checked.facts,
            options: checked.options,
            seconds,
        }
    }
}

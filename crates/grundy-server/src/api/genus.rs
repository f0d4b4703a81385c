//! `POST /api/genus`: Conway's genus of each heap of a heap ruleset, so the Sequences tab can
//! show misère values beside normal ones (the core's `misere::genus`, as `grundy misere genus`).

use grundy_core::misere::game::{OptionTable, RegistryHeapGame};
use grundy_core::misere::genus_quotient::heap_genera;

use crate::position::family_rules;

use super::*;

/// Most heaps whose genus one request computes: a heap's genus needs the genera of all its
/// followers (every way of splitting it), which grow quickly with the heap.
pub const MAX_GENUS_HEAPS: u64 = 30;

/// `POST /api/genus` request: a heap ruleset by name with its parameters (as
/// `/api/sequence`), and how many heaps (`count`: heaps 1..=count, default 20).
#[derive(Debug, Deserialize)]
pub struct GenusRequest {
    /// The ruleset: `nim`, `subtraction`, `bachet`, `all-but`, `octal`, `grundys-game`, `hex`,
    /// `lasker`.
    pub game: String,
    /// Heaps 1..=count.
    #[serde(default = "default_genus_count")]
    pub count: u64,
    /// The ruleset's parameters, by name.
    #[serde(flatten)]
    pub params: std::collections::BTreeMap<String, Value>,
}

fn default_genus_count() -> u64 {
    20
}

/// `POST /api/genus`: `heaps`, each `{heap, genus, normal, misere, tame}`: the genus as
/// written (`1^{031}`), its normal value, its misère value (the genus's first exponent: the
/// value of the heap under misère play) and whether the heap is tame.
pub async fn genus(State(app): State<AppState>, ApiJson(req): ApiJson<GenusRequest>) -> ApiResult {
    if req.count == 0 || req.count > MAX_GENUS_HEAPS {
        return Err(ApiError::invalid(format!(
            "count: {} heaps requested: expected a whole number from 1 to {MAX_GENUS_HEAPS} (the genus is computed for heaps 1 to count)",
            req.count
        )));
    }
    let family = grundy_core::registry::family(&req.game).ok_or_else(|| {
        ApiError::invalid(format!(
            "game: unknown game {:?}: expected a heap ruleset such as nim, octal, subtraction",
            req.game
        ))
    })?;
    let rules = family_rules(family, &req.params, "", &["game", "count"], &app.limits)?;
    let count = req.count as usize;
    app.compute
        .run(move || {
            let term = rules.term();
            let game = RegistryHeapGame::new(rules)?;
            let options = OptionTable::new(&game, count)?;
            Ok(wire(GenusTable::new(term, &heap_genera(&options)?)))
        })
        .await
}

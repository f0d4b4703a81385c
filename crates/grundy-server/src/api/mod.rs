//! The JSON API handlers. Each one parses its request, checks it against the limits, calls
//! `grundy-core` (inline when cheap, on the bounded pool otherwise) and renders JSON.
//!
//! | endpoint | request | answer |
//! | --- | --- | --- |
//! | `GET /api/health` | | `{"status": "ok", "compute_slots": {"total": N, "in_use": M}}` |
//! | `GET /api/limits` | | the [`Limits`] |
//! | `GET /api/rulesets` | | the registry of rulesets: names, parameters, positions |
//! | `POST /api/analyze` | `{position}` | outcome, values, nim-sum, winning moves, explanation |
//! | `POST /api/hint` | `{position}` | the best move, the position after it, the explanation |
//! | `POST /api/move` | `{position, player?, seed?}` | the computer's move and the position after it |
//! | `POST /api/moves` | `{position}` | every move valued: wins or loses, the value it leaves, how many moves the game then lasts |
//! | `POST /api/remoteness` | `{positions: [...]}` | each position's outcome and how many moves it lasts with perfect play |
//! | `POST /api/apply` | `{position, move: {component, to} or {typed}}` | whether the move is legal, the position after it |
//! | `POST /api/sequence` | `{game, set/except/code, count?, at?}` | the sequence report: G(0..count-1), the period and its certificate, G(at) |
//! | `POST /api/genus` | `{game, set/except/code, count?}` | Conway's genus of heaps 1..=count: normal and misère values, tameness |
//! | `POST /api/simulate` | `{position, first?, second?, games?, seed?}` | wins of each side over many games |
//! | `POST /api/wythoff/table` | `{x0, y0, width, height, values?}` | a tile of Wythoff's G(x, y), P-positions marked |
//! | `POST /api/hackenbush/layout` | `{position}` | where to draw a Green Hackenbush picture |
//! | `POST /api/sprouts/lines` | `{position}` | a Sprouts position's spots, regions and every line a move can draw |
//!
//! Positions are [`PositionSpec`]s; moves are the core's `SumMove` JSON
//! (`{component, from, to, text}`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy_core::answer::{player_move, unvalued_move};
use grundy_core::kernel::component::Component;
use grundy_core::kernel::move_forms::MAX_LISTED_HEAP;
use grundy_core::kernel::MoveContext;
use grundy_core::play::MoveParser;
use grundy_core::player::{fresh_seed, Player};
use grundy_core::registry;
use grundy_core::sum::{Outcome, Sum, SumMove};
use grundy_core::wire::{
    AtPosition, ComputerMove, GenusTable, HackenbushLayout, Health, Hint, Legality, Remoteness,
    RemotenessList, Rulesets, UnlistedMoves, WythoffTile,
};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::error::{ApiError, ApiJson};
use crate::position::{spec_of, Position, PositionSpec};
use crate::{AppState, Limits};

mod analyze;
mod game;
mod genus;
mod hackenbush;
mod moves;
mod remoteness;
mod sequence;
mod simulate;
mod sprouts;
mod values;
mod wythoff;

pub use analyze::*;
pub use genus::*;
pub use hackenbush::*;
pub use moves::*;
pub use remoteness::*;
pub use sequence::*;
pub use simulate::*;
pub use sprouts::*;
pub use values::*;
pub use wythoff::*;

type ApiResult = Result<Json<Value>, ApiError>;

/// `GET /api/health`: `status`, and the compute slots (`total`, `in_use`: 0 whenever no
/// computation is running, which the load test checks).
pub async fn health(State(app): State<AppState>) -> Json<Value> {
    wire(Health {
        status: "ok",
        compute_slots: app.compute.slots(),
    })
}

/// `GET /api/rulesets`: the registry of rulesets, from which the page builds its list of
/// games and their forms (name, title, rules, parameters, how positions are given and drawn),
/// with each parameter's named values (`presets`, e.g. the octal games' names), each
/// family's typed move forms (`moves`, as `grundy play` reads them), what a component is
/// called (`noun`: `heap`, `board`, `graph`, `row of coins`, `picture`, `grid of coins`), for
/// rows of coins the number of the leftmost coin (`first_coin`), and for the grids of coins
/// whose rules have no parameters the numbers of the top row and the leftmost column
/// (`first_row`, `first_column`; a `tartan{G;H}` grid is numbered as `G` and `H` number their
/// coins). The loopy families (play may cycle; positions `{"game": "loopy", "terms": ...}`)
/// are listed apart, under `loopy`: name, aliases, title, rules, parameters, positions and an
/// example term.
pub async fn rulesets() -> Json<Value> {
    wire(Rulesets::of_registry(
        grundy_core::loopy::family::LOOPY_REGISTRY,
    ))
}

/// An answer of the core's wire format (`grundy_core::wire`) as the response's JSON.
pub(crate) fn wire(answer: impl serde::Serialize) -> Json<Value> {
    Json(serde_json::to_value(answer).expect("the wire types always serialise"))
}

/// `GET /api/limits`: every limit, named as in the errors.
pub async fn limits(State(app): State<AppState>) -> Json<Limits> {
    Json(app.limits)
}

/// Any other path under `/api`.
pub async fn not_found() -> ApiError {
    ApiError::bad_request(
        "no such endpoint: see GET /api/health, /api/limits, /api/rulesets and POST /api/analyze, /api/hint, \
         /api/move, /api/moves, /api/apply, /api/sequence, /api/simulate, /api/wythoff/table, \
         /api/hackenbush/layout, /api/sprouts/lines",
    )
    .with_status(StatusCode::NOT_FOUND)
}

/// A known path with the wrong method.
pub async fn method_not_allowed() -> ApiError {
    ApiError::bad_request("method not allowed: the game endpoints take POST with a JSON body")
        .with_status(StatusCode::METHOD_NOT_ALLOWED)
}

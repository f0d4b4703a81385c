//! # grundy-server: the Grundy browser app
//!
//! An [axum] server with two faces:
//!
//! * a **single-page app** (`GET /`): HTML, CSS and vanilla JavaScript embedded in the binary,
//!   no build step and no CDN, so it works offline;
//! * a **JSON API** (`/api/...`) that the page uses and that anyone can call (see docs/api.md).
//!
//! The server is **stateless**: the game lives in the page (and in its URL, so a position can be
//! shared as a link); every request carries the position it is about. A restart loses nothing.
//! The server only parses, calls `grundy-core` and renders JSON: no game logic lives here.
//!
//! ## Limits
//!
//! Every request is bounded by [`Limits`]: body size, heap count, heap size, take-set size,
//! sequence length, simulated games, Wythoff table size, and computation time. Exceeding one gives a 4xx JSON error
//! `{"error": "...", "limit": "<field of Limits>"}`. Work that can be expensive runs on tokio's
//! blocking pool behind a semaphore and a deadline ([`compute::Compute`]), so cheap requests
//! (the analysis of a Nim position, which runs inline) are never starved by expensive ones.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let addr = "127.0.0.1:8080".parse().unwrap();
//! grundy_server::serve(addr, grundy_server::Config::default()).await
//! # }
//! ```
#![forbid(unsafe_code)]

pub mod api;
mod assets;
pub mod compute;
pub mod error;
pub mod position;

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use serde::Serialize;

pub use error::{ApiError, ApiJson};

/// The limits every request is checked against. Each field's name is what an error's `limit`
/// says when the field is exceeded; `GET /api/limits` returns them all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Largest request body, in bytes (413 beyond).
    pub max_body_bytes: usize,
    /// Most components (heaps) in a position.
    pub max_components: usize,
    /// Largest heap: at most (and by default) 2^53 - 1, so every number is exact in
    /// JavaScript.
    pub max_heap: u64,
    /// Most amounts in a take-set or an excluded set.
    pub max_set_size: usize,
    /// Largest amount in a take-set or an excluded set.
    pub max_take: u64,
    /// Most values of a Grundy sequence in one answer.
    pub max_count: u64,
    /// Most games in one simulation.
    pub max_games: u64,
    /// Most moves in one simulated game (a longer game stops the simulation with this limit).
    pub max_moves: u64,
    /// Largest coordinate of a Wythoff position whose Grundy value is computed (from a table
    /// built on demand; its cost grows with the cube of the coordinate). A lone Wythoff
    /// position under normal play is answered beyond it too, without its value: P-positions
    /// and winning moves have a closed form.
    pub max_wythoff_table: u64,
    /// Most cells in one tile of the Wythoff table (`POST /api/wythoff/table`).
    pub max_tile_cells: u64,
    /// Longest time an expensive computation may take, in milliseconds.
    pub compute_time_ms: u64,
    /// Most memory one question may make the process grow by, in MiB (each question counts
    /// the whole process's growth while it runs, others' included: it errs on refusing).
    pub compute_memory_mib: u64,
    /// Most expensive computations running at once (more wait, within the time limit).
    pub max_concurrent: usize,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Limits {
            max_body_bytes: 16 * 1024,
            max_components: 256,
            max_heap: (1 << 53) - 1,
            max_set_size: 64,
            max_take: 10_000,
            max_count: 10_000,
            max_games: 1_000,
            max_moves: 1_000,
            max_wythoff_table: 2_047,
            max_tile_cells: 4_096,
            compute_time_ms: 2_000,
            compute_memory_mib: 512,
            // One per core, and at least two. Compute threads run at idle priority
            // (`compute`), so an async worker preempts them the moment a cheap request comes
            // in: no core needs to be kept free for the async workers. At least two so that
            // one long request (up to `compute_time_ms`) never makes everyone else wait, even
            // on a machine with one or two cores.
            max_concurrent: cores.max(2),
        }
    }
}

/// The range a limit may be set to (`grundy serve --max-concurrent N`, ...): the field's name,
/// its least and its greatest value. The upper ends are the engine's own limits (a server
/// cannot allow more than the engine accepts) or, for the others, what one request can use
/// without endangering the machine; `max_heap` (the heaps every endpoint takes) stops at
/// 2^53 - 1, beyond which positions of heaps are answered at any size where the answer is a
/// lookup (`api::game`, kind `any_size`), every number beyond 2^53 - 1 written as a string.
pub const LIMIT_RANGES: [(&str, u64, u64); 13] = [
    ("max_body_bytes", 1024, 16 * 1024 * 1024),
    (
        "max_components",
        1,
        grundy_core::spec::MAX_COMPONENTS as u64,
    ),
    ("max_heap", 1, (1 << 53) - 1),
    (
        "max_set_size",
        1,
        grundy_core::games::subtraction::MAX_SET_SIZE as u64,
    ),
    ("max_take", 1, grundy_core::games::subtraction::MAX_TAKE),
    ("max_count", 1, 10_000_000),
    ("max_games", 1, 100_000_000),
    ("max_moves", 1, 1_000_000_000_000),
    (
        "max_wythoff_table",
        0,
        grundy_core::games::wythoff::table::MAX_TABLE_SIDE as u64 - 1,
    ),
    ("max_tile_cells", 1, 1 << 20),
    ("compute_time_ms", 1, 3_600_000),
    ("compute_memory_mib", 1, 1 << 20),
    // Each computation holds a thread of tokio's blocking pool (512 at most).
    ("max_concurrent", 1, 256),
];

impl Limits {
    /// Sets the limit named `name` (a field of [`Limits`], as in [`LIMIT_RANGES`]) to `value`,
    /// or says why not: the value outside its range, or an unknown name.
    pub fn set(&mut self, name: &str, value: u64) -> Result<(), String> {
        let (_, min, max) = LIMIT_RANGES
            .iter()
            .find(|(n, _, _)| *n == name)
            .ok_or_else(|| format!("unknown limit {name:?}"))?;
        if !(*min..=*max).contains(&value) {
            return Err(format!(
                "{name} {value} is out of range: expected a whole number from {min} to {max}"
            ));
        }
        // Every range fits in usize (the largest usize field stops at 16 MiB).
        let size = usize::try_from(value).map_err(|_| format!("{name} {value} is too large"))?;
        match name {
            "max_body_bytes" => self.max_body_bytes = size,
            "max_components" => self.max_components = size,
            "max_heap" => self.max_heap = value,
            "max_set_size" => self.max_set_size = size,
            "max_take" => self.max_take = value,
            "max_count" => self.max_count = value,
            "max_games" => self.max_games = value,
            "max_moves" => self.max_moves = value,
            "max_wythoff_table" => self.max_wythoff_table = value,
            "max_tile_cells" => self.max_tile_cells = value,
            "compute_time_ms" => self.compute_time_ms = value,
            "compute_memory_mib" => self.compute_memory_mib = value,
            "max_concurrent" => self.max_concurrent = size,
            _ => return Err(format!("unknown limit {name:?}")),
        }
        Ok(())
    }

    /// `max_heap` for a message: `9007199254740991 (2^53 - 1)` at the default, else the number.
    pub fn max_heap_text(&self) -> String {
        if self.max_heap == (1 << 53) - 1 {
            format!("{} (2^53 - 1)", self.max_heap)
        } else {
            self.max_heap.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of [`Limits`] has a range, its default lies in it, and `set` accepts both
    /// ends and refuses one step beyond either.
    #[test]
    fn every_limit_has_a_range_that_holds_its_default() {
        let defaults = serde_json::to_value(Limits::default()).unwrap();
        let fields: Vec<&str> = defaults
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut named: Vec<&str> = LIMIT_RANGES.iter().map(|(n, _, _)| *n).collect();
        named.sort_unstable();
        let mut sorted = fields.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, named);
        for (name, min, max) in LIMIT_RANGES {
            let default = defaults[name].as_u64().unwrap();
            assert!((min..=max).contains(&default), "{name} = {default}");
            for value in [min, max] {
                let mut limits = Limits::default();
                limits.set(name, value).unwrap();
                assert_eq!(
                    serde_json::to_value(&limits).unwrap()[name],
                    value,
                    "{name}"
                );
            }
            for bad in [min.checked_sub(1), max.checked_add(1)]
                .into_iter()
                .flatten()
            {
                let e = Limits::default().set(name, bad).unwrap_err();
                assert_eq!(
                    e,
                    format!(
                        "{name} {bad} is out of range: expected a whole number from {min} to {max}"
                    )
                );
            }
        }
        assert!(Limits::default().set("max_speed", 1).is_err());
    }

    #[test]
    fn at_least_two_expensive_computations_at_once() {
        assert!(Limits::default().max_concurrent >= 2);
    }
}

/// Server configuration.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// The request limits.
    pub limits: Limits,
}

/// What every handler can see: the configuration and the pool for expensive work.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The request limits.
    pub limits: Limits,
    /// The bounded pool for expensive computations.
    pub compute: compute::Compute,
}

impl AppState {
    /// The state for `config`.
    pub fn new(config: Config) -> Self {
        // Every request parses its position afresh: without this each question on a board
        // would search it from an empty table, the questions before it forgotten.
        grundy_core::games::searched::share_engines();
        let compute = compute::Compute::new(
            config.limits.max_concurrent,
            Duration::from_millis(config.limits.compute_time_ms),
        );
        AppState {
            limits: config.limits,
            compute,
        }
    }
}

/// The whole app: the page, its assets and the JSON API.
pub fn router(config: Config) -> Router {
    let state = AppState::new(config);
    let body_limit = state.limits.max_body_bytes;
    let mut app: Router<AppState> = Router::new().route("/", get(assets::index));
    for &(name, body) in assets::FILES {
        app = app.route(
            &format!("/{name}"),
            get(move || async move { assets::asset(name, body) }),
        );
    }
    app.nest(
        "/api",
        api_routes().layer(axum::middleware::from_fn_with_state(
            state.clone(),
            error::refuse_oversized_body,
        )),
    )
    .fallback(assets::not_found)
    // `POST /app.js`: a JSON error too, not axum's empty 405.
    .method_not_allowed_fallback(api::method_not_allowed)
    .layer(DefaultBodyLimit::max(body_limit))
    .with_state(state)
}

/// The JSON API, mounted under `/api`.
fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/health", get(api::health))
        .route("/limits", get(api::limits))
        .route("/rulesets", get(api::rulesets))
        .route("/analyze", post(api::analyze))
        .route("/move", post(api::computer_move))
        .route("/hint", post(api::hint))
        .route("/moves", post(api::valued_moves))
        .route("/remoteness", post(api::remoteness_of))
        .route("/genus", post(api::genus))
        .route("/apply", post(api::apply))
        .route("/sequence", post(api::sequence))
        .route("/simulate", post(api::simulate))
        .route("/wythoff/table", post(api::wythoff_table))
        .route("/hackenbush/layout", post(api::hackenbush_layout))
        .route("/sprouts/lines", post(api::sprouts_lines))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
}

/// Serves the app on `addr` until the process is interrupted (Ctrl-C).
pub async fn serve(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    serve_on(listener, config).await
}

/// Serves the app on an already bound listener (port 0 lets the system pick a free port; read
/// it back with `listener.local_addr()` first).
pub async fn serve_on(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, router(config))
        .with_graceful_shutdown(async {
            // If the signal handler cannot be installed, serve until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
}

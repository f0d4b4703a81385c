//! # grundy-server: the Grundy browser app
//!
//! An [axum] server with two faces:
//!
//! * a **single-page app** (`GET /`): HTML, CSS and vanilla JavaScript embedded in the binary,
//!   no build step and no CDN, so it works offline;
//! * a **JSON API** (`/api/...`) that the page uses and that anyone can call (see the README).
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
    /// Largest heap: 2^53 - 1, so every number is exact in JavaScript.
    pub max_heap: u64,
    /// Most amounts in a take-set or an excluded set.
    pub max_set_size: usize,
    /// Largest amount in a take-set or an excluded set.
    pub max_take: u64,
    /// Most values of a Grundy sequence in one answer.
    pub max_count: u64,
    /// Most games in one simulation.
    pub max_games: u64,
    /// Most moves in one simulated game (longer games count as unfinished).
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
            // Leave a core to the async workers so that cheap requests stay fast.
            max_concurrent: cores.saturating_sub(1).max(1),
        }
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
    Router::new()
        .route("/", get(assets::index))
        .route("/app.css", get(assets::css))
        .route("/app.js", get(assets::js))
        .route("/favicon.svg", get(assets::favicon))
        .nest("/api", api_routes())
        .fallback(assets::not_found)
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(state)
}

/// The JSON API, mounted under `/api`.
fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/health", get(api::health))
        .route("/limits", get(api::limits))
        .route("/analyze", post(api::analyze))
        .route("/move", post(api::computer_move))
        .route("/hint", post(api::hint))
        .route("/apply", post(api::apply))
        .route("/sequence", post(api::sequence))
        .route("/simulate", post(api::simulate))
        .route("/wythoff/table", post(api::wythoff_table))
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

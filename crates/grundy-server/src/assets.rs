//! The single-page app, embedded in the binary: no build step, no CDN, works offline.
//!
//! The files live in `assets/` and are compiled in with `include_str!`.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_CSS: &str = include_str!("../assets/app.css");
const APP_JS: &str = include_str!("../assets/app.js");
const LINK_JS: &str = include_str!("../assets/link.js");
const BOARD_JS: &str = include_str!("../assets/board.js");
const TEACH_JS: &str = include_str!("../assets/teach.js");
const LESSONS_JS: &str = include_str!("../assets/lessons.js");
const PICTURES_JS: &str = include_str!("../assets/pictures.js");
const SEQUENCES_JS: &str = include_str!("../assets/sequences.js");
const DRAWINGS_CSS: &str = include_str!("../assets/drawings.css");
const DRAW_KIT_JS: &str = include_str!("../assets/draw-kit.js");
const DRAW_GRID_JS: &str = include_str!("../assets/draw-grid.js");
const DRAW_GRAPH_JS: &str = include_str!("../assets/draw-graph.js");
const DRAW_SPOTS_JS: &str = include_str!("../assets/draw-spots.js");
const DRAW_COINS_JS: &str = include_str!("../assets/draw-coins.js");
const DRAW_HACKENBUSH_JS: &str = include_str!("../assets/draw-hackenbush.js");
const DRAW_QUEEN_JS: &str = include_str!("../assets/draw-queen.js");
const LOOPY_JS: &str = include_str!("../assets/loopy.js");
const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`: the page.
pub async fn index() -> Response {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

/// `GET /app.css`.
pub async fn css() -> Response {
    asset("text/css; charset=utf-8", APP_CSS)
}

/// `GET /app.js`.
pub async fn js() -> Response {
    asset("text/javascript; charset=utf-8", APP_JS)
}

/// `GET /link.js`: the game in the link, read parameter by parameter.
pub async fn link_js() -> Response {
    asset("text/javascript; charset=utf-8", LINK_JS)
}

/// `GET /board.js`: drawing positions and reading clicks.
pub async fn board_js() -> Response {
    asset("text/javascript; charset=utf-8", BOARD_JS)
}

/// `GET /teach.js`: hint, Why?, move values, the Nim lesson.
pub async fn teach_js() -> Response {
    asset("text/javascript; charset=utf-8", TEACH_JS)
}

/// `GET /lessons.js`: the guided lessons.
pub async fn lessons_js() -> Response {
    asset("text/javascript; charset=utf-8", LESSONS_JS)
}

/// `GET /pictures.js`: win/loss distance and the value history.
pub async fn pictures_js() -> Response {
    asset("text/javascript; charset=utf-8", PICTURES_JS)
}

/// `GET /sequences.js`: the Sequences view.
pub async fn sequences_js() -> Response {
    asset("text/javascript; charset=utf-8", SEQUENCES_JS)
}

/// `GET /drawings.css`: the boards, graphs and coins.
pub async fn drawings_css() -> Response {
    asset("text/css; charset=utf-8", DRAWINGS_CSS)
}

/// `GET /draw-kit.js`: what the drawings of boards, graphs and coins share.
pub async fn draw_kit_js() -> Response {
    asset("text/javascript; charset=utf-8", DRAW_KIT_JS)
}

/// `GET /draw-grid.js`: Cram's board and Chomp's bar.
pub async fn draw_grid_js() -> Response {
    asset("text/javascript; charset=utf-8", DRAW_GRID_JS)
}

/// `GET /draw-graph.js`: the graphs of Node-Kayles and Arc-Kayles.
pub async fn draw_graph_js() -> Response {
    asset("text/javascript; charset=utf-8", DRAW_GRAPH_JS)
}

/// `GET /draw-spots.js`: Sprouts' spots, regions and lines.
pub async fn draw_spots_js() -> Response {
    asset("text/javascript; charset=utf-8", DRAW_SPOTS_JS)
}

/// `GET /draw-coins.js`: the rows of coins of the coin-turning games.
pub async fn draw_coins_js() -> Response {
    asset("text/javascript; charset=utf-8", DRAW_COINS_JS)
}

/// `GET /draw-queen.js`: a Wythoff board as a part of a sum.
pub async fn draw_queen_js() -> Response {
    asset("text/javascript; charset=utf-8", DRAW_QUEEN_JS)
}

/// `GET /loopy.js`: loopy games (draws, a token's digraph).
pub async fn loopy_js() -> Response {
    asset("text/javascript; charset=utf-8", LOOPY_JS)
}

/// `GET /draw-hackenbush.js`: the pictures of Green Hackenbush.
pub async fn draw_hackenbush_js() -> Response {
    asset("text/javascript; charset=utf-8", DRAW_HACKENBUSH_JS)
}

/// `GET /favicon.svg`.
pub async fn favicon() -> Response {
    asset("image/svg+xml", FAVICON_SVG)
}

/// Any other path outside `/api`.
pub async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found. The app is at /, the API under /api/.",
    )
        .into_response()
}

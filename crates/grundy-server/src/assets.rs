//! The single-page app, embedded in the binary: no build step, no CDN, works offline.
//!
//! The files live in `assets/`; `build.rs` compiles every one of them in (`FILES`) and writes
//! the page's `<script>` for every drawing (`draw-*.js`), so that a new file there is served at
//! `/NAME` with no edit here.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The page, with a `<script>` for every drawing.
const INDEX_HTML: &str = include_str!(concat!(env!("OUT_DIR"), "/index.html"));

/// The content type of an asset, by its extension.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("html") => "text/html; charset=utf-8",
        _ => "text/plain; charset=utf-8",
    }
}

/// `GET /NAME` of an asset: its contents with their type, revalidated on every load.
pub fn asset(name: &str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type(name)),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`: the page.
pub async fn index() -> Response {
    asset("index.html", INDEX_HTML)
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

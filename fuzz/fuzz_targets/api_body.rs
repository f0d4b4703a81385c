//! The API's JSON bodies: arbitrary bytes POSTed to every endpoint of the real router (with the
//! default limits). The answer is always 200 or a 4xx with a JSON `{"error": ...}` body, never
//! a panic, a 5xx, or the message the server gives when the engine panicked on its pool.
#![no_main]

use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use tokio::runtime::Runtime;
use tower::ServiceExt;

/// Every POST endpoint. When the API gains one, add it here (and a seed in the corpus).
const ENDPOINTS: [&str; 9] = [
    "/api/analyze",
    "/api/move",
    "/api/hint",
    "/api/apply",
    "/api/sequence",
    "/api/simulate",
    "/api/wythoff/table",
    "/api/hackenbush/layout",
    "/api/sprouts/lines",
];

/// One runtime and one router for the whole run: building them per input would dominate.
fn app() -> &'static (Runtime, Router) {
    static APP: OnceLock<(Runtime, Router)> = OnceLock::new();
    APP.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a current-thread runtime");
        (
            runtime,
            grundy_server::router(grundy_server::Config::default()),
        )
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    let path = ENDPOINTS[usize::from(selector) % ENDPOINTS.len()];
    let (runtime, router) = app();
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a valid request");
    let (status, bytes) = runtime.block_on(async {
        let response = router.clone().oneshot(request).await.expect("infallible");
        let status = response.status();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        (status, bytes)
    });
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        status == StatusCode::OK || status.is_client_error(),
        "{path} answered {status}: {text}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
    if status.is_client_error() {
        let error = json["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{path}: {text}"));
        assert!(!error.is_empty(), "{path}: empty error");
        assert!(!error.contains("internal error"), "{path}: {error}");
    }
});

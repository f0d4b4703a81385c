//! What the in-process API tests share: a request to the router and its JSON answer (never a
//! 5xx), and the checks of a 4xx error. Each test file uses part of it.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use grundy_server::{router, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// Sends a JSON request to a router with the default configuration.
pub async fn send(method: Method, path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    send_with(Config::default(), method, path, body).await
}

/// Sends a JSON request to a router with `config`; the answer's body as JSON (a body that is
/// not JSON comes back as `{"raw": …}`). A 5xx fails the test.
pub async fn send_with(
    config: Config,
    method: Method,
    path: &str,
    body: impl Into<Body>,
) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(body.into())
        .unwrap();
    let response = router(config).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| json!({ "raw": String::from_utf8_lossy(&bytes) }));
    assert!(
        !status.is_server_error(),
        "{path}: server error {status}: {value}"
    );
    if status.is_success() {
        conforms(path, &value);
    }
    (status, value)
}

/// The wire format's documents an endpoint answers with (grundy_core::wire).
fn documents_of(path: &str) -> &'static [&'static str] {
    match path {
        "/api/analyze" => &["Analysis", "LoopyAnalysis"],
        "/api/hint" => &["Hint", "LoopyBest"],
        "/api/move" => &["ComputerMove", "LoopyBest"],
        "/api/apply" => &["Legality"],
        "/api/remoteness" => &["RemotenessList"],
        "/api/genus" => &["GenusTable"],
        "/api/hackenbush/layout" => &["HackenbushLayout"],
        "/api/sprouts/lines" => &["SproutsDrawing"],
        "/api/wythoff/table" => &["WythoffTile"],
        "/api/health" => &["Health"],
        "/api/rulesets" => &["Rulesets"],
        "/api/simulate" => &["Simulation"],
        "/api/sequence" => &["ReportDocument"],
        "/api/moves" => &["MoveValues", "UnlistedMoves", "LoopyOptions"],
        _ => &[],
    }
}

/// Fails the test unless `answer` is one of the documents `path` answers with.
pub fn conforms(path: &str, answer: &Value) {
    let documents = documents_of(path);
    if documents.is_empty() {
        return;
    }
    let valid = |name: &&str| {
        let schema = grundy_core::wire::schema::document_schema(name).expect("a document");
        jsonschema::validator_for(&schema)
            .expect("the published schema compiles")
            .is_valid(answer)
    };
    assert!(
        documents.iter().any(valid),
        "{path}: the answer is none of {documents:?} (docs/wire-schema.json): {answer}"
    );
}

/// `GET path`.
pub async fn get(path: &str) -> (StatusCode, Value) {
    send(Method::GET, path, Body::empty()).await
}

/// `POST path` with `body`.
pub async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    send(Method::POST, path, body.to_string()).await
}

/// `POST path` with `body` to a router whose compute budget is a minute, for tests of what a
/// larger question answers, not of how fast: under the default 2 s a machine busy with other
/// tests could refuse it.
pub async fn post_patient(path: &str, body: Value) -> (StatusCode, Value) {
    let mut config = Config::default();
    config.limits.compute_time_ms = 60_000;
    send_with(config, Method::POST, path, body.to_string()).await
}

/// Asserts a 4xx with a JSON `error` message containing `needle`.
pub fn assert_client_error(status: StatusCode, body: &Value, needle: &str) {
    assert!(
        status.is_client_error(),
        "expected 4xx, got {status}: {body}"
    );
    let error = body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {body}"));
    assert!(
        error.contains(needle),
        "{error:?} should mention {needle:?}"
    );
}

/// Asserts a 4xx naming the exceeded `limit`.
pub fn assert_limit(status: StatusCode, body: &Value, limit: &str) {
    assert!(
        status.is_client_error(),
        "expected 4xx, got {status}: {body}"
    );
    assert_eq!(body["limit"], limit, "{body}");
}

//! The compute slots under load (issue 29): every endpoint hammered at once through one router,
//! a third of the requests dropped half-way (the client gone), and afterwards every slot free
//! again as `GET /api/health` reports it. Bounded: 12 rounds of the 12 requests below, on the
//! router in process (no socket), with a 300 ms compute limit.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Method, Request};
use axum::Router;
use grundy_server::{router, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// One request to `app`, its status and JSON body.
async fn send(app: Router, method: Method, path: &str, body: String) -> (u16, Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Every endpoint, with work that keeps a slot busy for a while (searches, long sequences, many
/// games) beside cheap requests.
fn requests() -> Vec<(Method, &'static str, Value)> {
    let chomp = json!({ "game": "chomp", "position": "7x8" });
    let cram = json!({ "game": "cram", "position": "5x6" });
    let nim = json!({ "game": "nim", "heaps": [3, 4, 5] });
    vec![
        (Method::POST, "/api/analyze", json!({ "position": chomp })),
        (Method::POST, "/api/hint", json!({ "position": cram })),
        (
            Method::POST,
            "/api/move",
            json!({ "position": chomp, "player": "perfect" }),
        ),
        (Method::POST, "/api/moves", json!({ "position": cram })),
        (
            Method::POST,
            "/api/apply",
            json!({ "position": nim, "move": { "component": 0, "to": [1] } }),
        ),
        (
            Method::POST,
            "/api/sequence",
            json!({ "game": "octal", "code": "0.137", "count": 10000, "at": "1000000000000" }),
        ),
        (
            Method::POST,
            "/api/simulate",
            json!({ "position": { "game": "octal", "code": "0.77", "heaps": [400, 300] }, "games": 1000 }),
        ),
        (
            Method::POST,
            "/api/wythoff/table",
            json!({ "x0": 0, "y0": 0, "width": 64, "height": 64 }),
        ),
        (
            Method::POST,
            "/api/hackenbush/layout",
            json!({ "position": "tree:6x3" }),
        ),
        (
            Method::POST,
            "/api/sprouts/lines",
            json!({ "position": "0*57" }),
        ),
        (Method::GET, "/api/limits", Value::Null),
        (Method::GET, "/api/rulesets", Value::Null),
        (Method::POST, "/api/analyze", json!({ "position": nim })),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_slot_is_free_after_a_storm_of_requests_and_dropped_clients() {
    let mut config = Config::default();
    config.limits.max_concurrent = 2;
    config.limits.compute_time_ms = 300;
    let app = router(config);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for round in 0..12 {
        for (i, (method, path, body)) in requests().into_iter().enumerate() {
            let app = app.clone();
            let body = if body.is_null() {
                String::new()
            } else {
                body.to_string()
            };
            // One request in three is dropped before its answer, at 1 to 40 ms.
            let drop_after = ((round * 12 + i) % 3 == 0)
                .then(|| Duration::from_millis(1 + ((round * 7 + i * 13) % 40) as u64));
            tasks.push(tokio::spawn(async move {
                let request = send(app, method, path, body);
                match drop_after {
                    Some(after) => tokio::time::timeout(after, request).await.ok(),
                    None => Some(request.await),
                }
            }));
        }
    }
    let mut answered = 0;
    for task in tasks {
        if let Some((status, body)) = task.await.unwrap() {
            answered += 1;
            // Busy or too slow are answers too; a 5xx never is.
            assert!(status < 500, "{status}: {body}");
            assert!(
                body["error"].is_string() || status == 200,
                "{status}: {body}"
            );
        }
    }
    assert!(answered > 0);
    // Every slot comes back once the cancelled jobs notice their flag.
    let free = json!({ "total": 2, "in_use": 0 });
    let waited = Instant::now();
    loop {
        let (status, health) = send(app.clone(), Method::GET, "/api/health", String::new()).await;
        assert_eq!(status, 200);
        if health["compute_slots"] == free {
            break;
        }
        assert!(
            waited.elapsed() < Duration::from_secs(10),
            "slots still taken 10 s after the storm: {health}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // And they serve the next request at once: no 429 when nothing is running.
    let (status, body) = send(
        app.clone(),
        Method::POST,
        "/api/analyze",
        json!({ "position": { "game": "chomp", "position": "3x4" } }).to_string(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(started.elapsed() < Duration::from_secs(120));
}

/// A sum of thousands of quick terms keeps the request's budget: the job stops when it is
/// spent, refusing by naming the term, and its slot is free as soon as the answer is sent
/// (it went on computing for seconds after its 422, so the next requests got 429).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sum_of_many_terms_stops_at_the_budget_and_frees_its_slot() {
    let mut config = Config::default();
    config.limits.max_concurrent = 1;
    config.limits.compute_time_ms = 300;
    config.limits.max_components = 10_000;
    config.limits.max_body_bytes = 1 << 20;
    let app = router(config);
    // 10,000 boards of 5 x 6 squares, about one square in seven filled (a fixed generator):
    // all of them take far longer than the budget, even with the server's one Cram engine,
    // whose table finds the regions the boards share (10,000 boards of 4 x 5 were all valued
    // within 0.22 s through it, where one engine per board reached term 1,135 by 270 ms).
    let mut state = 12_345u64;
    let mut terms = Vec::new();
    for _ in 0..10_000 {
        let rows: Vec<String> = (0..5)
            .map(|_| {
                (0..6)
                    .map(|_| {
                        state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1_442_695_040_888_963_407);
                        if (state >> 33) % 7 == 0 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        terms.push(format!("cram:{}", rows.join("/")));
    }
    let body = json!({ "position": { "game": "sum", "terms": terms.join(" + ") } });
    let started = Instant::now();
    let (status, answer) = send(app.clone(), Method::POST, "/api/analyze", body.to_string()).await;
    assert_eq!(status, 422, "{answer}");
    let error = answer["error"].as_str().unwrap();
    assert!(error.starts_with("term "), "{error}");
    assert!(error.contains("time budget"), "{error}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // The slot is free at once, and serves the next request.
    let waited = Instant::now();
    loop {
        let (_, health) = send(app.clone(), Method::GET, "/api/health", String::new()).await;
        if health["compute_slots"]["in_use"] == 0 {
            break;
        }
        assert!(
            waited.elapsed() < Duration::from_millis(500),
            "the slot is still taken {:?} after the answer: {health}",
            waited.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let small = json!({ "position": { "game": "cram", "position": "3x5" } });
    let (status, answer) = send(app, Method::POST, "/api/analyze", small.to_string()).await;
    assert_eq!(status, 200, "{answer}");
}

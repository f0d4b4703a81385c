//! The cost of one cheap API request with no network in the way: sends `COUNT` (default
//! 10,000) `POST /api/analyze` requests for Nim [3, 4, 5] through the router in-process and
//! prints the mean time per request.
//!
//! Run under `valgrind --tool=callgrind` with two counts and subtract to get the instructions
//! per request, a figure the machine's load does not change:
//!
//! ```text
//! cargo build --release -p grundy-server --example api_cost
//! valgrind --tool=callgrind target/release/examples/api_cost 1000
//! ```

use std::time::Instant;

use axum::body::Body;
use axum::http::Request;
use grundy_server::{router, Config};
use http_body_util::BodyExt;
use tower::ServiceExt;

const BODY: &str = r#"{"position": {"game": "nim", "heaps": [3, 4, 5]}}"#;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let count: u32 = match std::env::args().nth(1) {
        None => 10_000,
        Some(arg) => arg.parse().unwrap_or_else(|_| {
            eprintln!("error: COUNT must be a whole number of requests, got {arg:?}");
            std::process::exit(2)
        }),
    };
    let app = router(Config::default());
    let start = Instant::now();
    let mut bytes = 0;
    for _ in 0..count {
        let request = Request::post("/api/analyze")
            .header("content-type", "application/json")
            .body(Body::from(BODY))
            .expect("a valid request");
        let response = app.clone().oneshot(request).await.expect("infallible");
        assert!(response.status().is_success(), "{}", response.status());
        bytes += response
            .into_body()
            .collect()
            .await
            .expect("a body")
            .to_bytes()
            .len();
    }
    let elapsed = start.elapsed();
    println!(
        "{count} requests, {} bytes each, {:.2} µs per request",
        bytes / count.max(1) as usize,
        elapsed.as_secs_f64() * 1e6 / f64::from(count.max(1))
    );
}

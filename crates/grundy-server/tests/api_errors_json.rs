//! Every error the API gives is a JSON body with an `error` (issue 29): also the ones axum
//! would answer itself: a wrong method (on an endpoint or a page asset), a body that is not
//! JSON or is sent as another content type, an unknown path under `/api`.

use axum::body::Body;
use axum::http::{Method, Request};
use grundy_server::{router, Config};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// `field` names the request field at fault.
#[tokio::test]
async fn errors_name_their_field() {
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/analyze")
        .body(Body::from(
            r#"{"position": {"game": "nim", "heaps": [3, -1]}}"#,
        ))
        .unwrap();
    let response = router(Config::default()).oneshot(request).await.unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(json["field"], "position.heaps[1]", "{json}");
}

#[tokio::test]
async fn every_error_is_a_json_body() {
    let cases: [(Method, &str, Option<&str>, &str); 10] = [
        (Method::POST, "/app.js", None, ""),
        (Method::DELETE, "/", None, ""),
        (Method::PUT, "/api/analyze", Some("application/json"), "{}"),
        (Method::POST, "/api/health", None, ""),
        (Method::GET, "/api/no/such/endpoint", None, ""),
        (Method::POST, "/api/analyze", Some("text/plain"), "nim 3"),
        (Method::POST, "/api/analyze", None, "{\"position\": "),
        (Method::POST, "/api/analyze", Some("application/json"), "[]"),
        (
            Method::POST,
            "/api/analyze",
            Some("application/json"),
            "\u{0}\u{ff}",
        ),
        (
            Method::POST,
            "/api/sequence",
            Some("application/json"),
            "{\"game\": 3}",
        ),
    ];
    for (method, path, content_type, body) in cases {
        let mut request = Request::builder().method(method.clone()).uri(path);
        if let Some(t) = content_type {
            request = request.header("content-type", t);
        }
        let response = router(Config::default())
            .oneshot(request.body(Body::from(body.to_string())).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        assert!(status.is_client_error(), "{method} {path}: {status}");
        let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
            panic!(
                "{method} {path}: {status} with a body that is not JSON: {:?}",
                String::from_utf8_lossy(&bytes)
            )
        });
        let error = json["error"].as_str().unwrap_or_default();
        assert!(!error.is_empty(), "{method} {path}: {json}");
        // `field` is always there: a path, or null for the request as a whole.
        assert!(
            json["field"].is_string() || json.get("field") == Some(&serde_json::Value::Null),
            "{method} {path}: {json}"
        );
    }
}

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

/// One request to a fresh router: its status and JSON body (a body that is not JSON fails).
async fn answer(content_type: Option<&str>, body: Body) -> (u16, serde_json::Value) {
    let mut request = Request::builder().method(Method::POST).uri("/api/analyze");
    if let Some(t) = content_type {
        request = request.header("content-type", t);
    }
    let response = router(Config::default())
        .oneshot(request.body(body).unwrap())
        .await
        .unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let json = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
        panic!(
            "{status} with a body that is not JSON: {:?}",
            String::from_utf8_lossy(&bytes)
        )
    });
    (status, json)
}

/// The low-level refusals, each with its status and a line naming what is wrong and what is
/// allowed: 415 for a content type that is not JSON (it was read as JSON whatever it said),
/// 400 for malformed JSON, 413 for a body over the limit, whether it announces its length or
/// not. JSON and curl -d's form type are read as JSON.
#[tokio::test]
async fn low_level_refusals_have_their_status_and_say_why() {
    let nim = r#"{"position": {"game": "nim", "heaps": [3, 4]}}"#;
    for read in [
        None,
        Some("application/json"),
        Some("application/json; charset=utf-8"),
        Some("application/vnd.api+json"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let (status, json) = answer(read, Body::from(nim)).await;
        assert_eq!(status, 200, "{read:?}: {json}");
    }
    for refused in [
        "text/plain",
        "multipart/form-data; boundary=x",
        "application/xml",
        "???",
    ] {
        let (status, json) = answer(Some(refused), Body::from(nim)).await;
        assert_eq!(status, 415, "{refused}: {json}");
        let error = json["error"].as_str().unwrap();
        assert!(error.contains(&format!("{refused:?}")), "{error}");
        assert!(
            error.contains("expected JSON, as application/json"),
            "{error}"
        );
    }
    let (status, json) = answer(Some("application/json"), Body::from("{\"position\": ")).await;
    assert_eq!(status, 400, "{json}");
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .starts_with("malformed JSON: "),
        "{json}"
    );
    // Over the limit: a body of known length, and one streamed without a length.
    let big = format!(
        r#"{{"position": {{"game": "nim", "heaps": [1]}}, "pad": "{}"}}"#,
        "a".repeat(20_000)
    );
    for body in [Body::from(big.clone()), streamed(big)] {
        let (status, json) = answer(Some("application/json"), body).await;
        assert_eq!(status, 413, "{json}");
        assert_eq!(json["limit"], "max_body_bytes", "{json}");
        let error = json["error"].as_str().unwrap();
        assert!(error.contains("at most 16384 bytes"), "{error}");
    }
}

/// `text` as a body streamed in 1 KiB chunks, its length not known in advance.
fn streamed(text: String) -> Body {
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = text
        .into_bytes()
        .chunks(1024)
        .map(|c| Ok(c.to_vec()))
        .collect();
    Body::from_stream(futures_util::stream::iter(chunks))
}

/// A request that announces a body over the limit is answered 413 at once, before its body is
/// sent, and its connection is closed: it used to get no answer, its connection left open
/// while the server waited for the body.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_announced_body_over_the_limit_is_refused_before_it_is_sent() {
    // Twenty million bytes announced, a dozen sent.
    let (response, server) = exchange(|addr| {
        format!(
            "POST /api/analyze HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: 20000000\r\n\r\n{{\"position\": "
        )
    })
    .await;
    server.abort();
    assert!(response.starts_with("HTTP/1.1 413"), "{response}");
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    assert!(head.contains("content-type: application/json"), "{head}");
    let json: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(json["limit"], "max_body_bytes", "{json}");
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .contains("at most 16384 bytes"),
        "{json}"
    );
}

/// Bytes that are not an HTTP/1.1 request never reach the API: the HTTP layer answers them
/// with an empty 400 (a malformed request line or header), or 431 for a head of more than 100
/// header lines, and closes the connection (docs/api.md, "Errors").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_not_http_gets_a_bare_400_or_431_from_the_http_layer() {
    // `n` header lines in all, the connection closed after the answer.
    let lines = |n: usize| {
        let extra: String = (2..n).map(|i| format!("X-{i}: 1\r\n")).collect();
        format!("Host: x\r\nConnection: close\r\n{extra}")
    };
    for (request, status) in [
        ("GARBAGE\r\n\r\n".to_string(), "400"),
        (
            "GET /api/limits HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n".to_string(),
            "400",
        ),
        (
            format!("GET /api/limits HTTP/1.1\r\n{}\r\n", lines(101)),
            "431",
        ),
        // One line fewer is a request like any other.
        (
            format!("GET /api/limits HTTP/1.1\r\n{}\r\n", lines(100)),
            "200",
        ),
    ] {
        let (response, server) = exchange(move |_| request.clone()).await;
        server.abort();
        assert!(
            response.starts_with(&format!("HTTP/1.1 {status}")),
            "{response}"
        );
        if status != "200" {
            assert!(response.contains("content-length: 0"), "{response}");
        }
    }
}

/// Starts a server, writes the request `request(address)` on a connection of its own and
/// reads until the server closes it: the response as text, and the server.
async fn exchange(
    request: impl FnOnce(std::net::SocketAddr) -> String + Send + 'static,
) -> (String, tokio::task::JoinHandle<std::io::Result<()>>) {
    use std::io::{Read, Write};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(grundy_server::serve_on(listener, Config::default()));
    let response = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .unwrap();
        stream.write_all(request(addr).as_bytes()).unwrap();
        let mut response = Vec::new();
        // Ends when the server closes the connection; a timeout is an error.
        stream
            .read_to_end(&mut response)
            .expect("an answer, and the connection closed, within 5 s");
        String::from_utf8_lossy(&response).to_string()
    })
    .await
    .unwrap();
    (response, server)
}

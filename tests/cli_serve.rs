//! `grundy serve` limit flags: every flag reaches `GET /api/limits` of a real server, and a bad
//! value stops the command with exit code 2 before it listens.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::grundy;
use grundy_server::LIMIT_RANGES;
use predicates::prelude::*;

/// How long any step (the server starting, a request) may take before the test fails.
const WAIT: Duration = Duration::from_secs(30);

/// A running server, killed when the test ends however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `grundy serve --port 0 --json ARGS` on loopback and returns it with the URL it
/// printed.
fn start(args: &[String]) -> (Server, String) {
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["serve", "--host", "127.0.0.1", "--port", "0", "--json"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("grundy serve starts");
    let mut server = Server(child);
    let stdout = server.0.stdout.take().expect("piped stdout");
    // The JSON document `{"url": ...}` is printed over a few lines; read it on a thread so the
    // wait is bounded.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut text = String::new();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            text.push_str(&line);
            if line.starts_with('}') {
                let _ = tx.send(text);
                break;
            }
        }
    });
    let text = rx.recv_timeout(WAIT).expect("the server prints its URL");
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let url = doc["url"].as_str().unwrap().to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    (server, url)
}

/// `GET /api/limits` with a plain HTTP/1.1 request: the JSON body.
fn get_limits(url: &str) -> serde_json::Value {
    let (status, body) = request(url, "GET /api/limits", "");
    assert_eq!(status, 200, "{body}");
    body
}

/// `METHOD PATH` with `body` (JSON) as a plain HTTP/1.1 request: the status and the JSON body.
fn request(url: &str, method_path: &str, body: &str) -> (u16, serde_json::Value) {
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    stream.set_write_timeout(Some(WAIT)).unwrap();
    write!(
        stream,
        "{method_path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("an HTTP response");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, serde_json::from_str(body).unwrap())
}

/// `--max-concurrent` for `max_concurrent`.
fn flag(name: &str) -> String {
    format!("--{}", name.replace('_', "-"))
}

#[test]
fn every_limit_flag_reaches_the_api() {
    // Each limit set to a value inside its range but different from its default, once at its
    // lowest and once at its highest allowed value.
    let defaults = serde_json::to_value(grundy_server::Limits::default()).unwrap();
    for pick_max in [false, true] {
        let mut args = Vec::new();
        let mut expected = serde_json::Map::new();
        for (name, min, max) in LIMIT_RANGES {
            let mut value = if pick_max { max } else { min };
            if defaults[name] == value {
                // max_heap's default is its highest value: one less shows the flag worked.
                value = if pick_max { max - 1 } else { min + 1 };
            }
            args.push(flag(name));
            args.push(value.to_string());
            expected.insert(name.to_string(), value.into());
        }
        let (_server, url) = start(&args);
        assert_eq!(get_limits(&url), serde_json::Value::Object(expected));
    }
}

/// A question's memory budget is the server's `compute_memory_mib`: with 1 MiB, the misère
/// search of Kayles 101 + 90 (beyond the quotient path's heaps; its tables pass 1 MiB in
/// milliseconds) is refused with 422, naming the limit, while a lookup is answered.
#[test]
fn a_question_beyond_compute_memory_mib_is_refused_naming_it() {
    let (_server, url) = start(&["--compute-memory-mib".into(), "1".into()]);
    let (status, body) = request(
        &url,
        "POST /api/analyze",
        r#"{"position": {"game": "octal", "code": "kayles", "heaps": [101, 90], "convention": "misere"}}"#,
    );
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["limit"], "compute_memory_mib", "{body}");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.contains("memory budget of 1 MiB") && error.contains("--compute-memory-mib MIB"),
        "{error}"
    );
    let (status, body) = request(
        &url,
        "POST /api/analyze",
        r#"{"position": {"game": "nim", "heaps": [3, 5, 6]}}"#,
    );
    assert_eq!(status, 200, "{body}");
}

#[test]
fn without_flags_the_defaults_are_served() {
    let (_server, url) = start(&[]);
    let limits = get_limits(&url);
    assert_eq!(
        limits,
        serde_json::to_value(grundy_server::Limits::default()).unwrap()
    );
    assert!(limits["max_concurrent"].as_u64().unwrap() >= 2, "{limits}");
    assert_eq!(limits["max_heap"], (1u64 << 53) - 1);
}

#[test]
fn bad_values_exit_2_naming_flag_value_and_range() {
    for (name, min, max) in LIMIT_RANGES {
        let mut bad: Vec<String> = vec![max.saturating_add(1).to_string(), "x".into(), "-1".into()];
        if let Some(below) = min.checked_sub(1) {
            bad.push(below.to_string());
        }
        if max == u64::MAX {
            bad.remove(0);
        }
        for value in bad {
            grundy()
                .args(["serve", "--port", "0", &flag(name), &value])
                .timeout(WAIT)
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains(format!(
                    "invalid value '{value}' for '{}",
                    flag(name)
                )))
                .stderr(predicate::str::contains(format!(
                    "expected a whole number from {min} to {max}"
                )));
        }
    }
}

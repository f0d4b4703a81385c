//! The server keeps one search engine per searched game for its lifetime
//! (`grundy_core::games::searched::share_engines`): every request parses its position afresh,
//! yet a question on a board starts from what the questions before it proved. In a process of
//! its own (this file), since the engines are the process's.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::http::{Method, StatusCode};
use grundy_server::{Config, Limits};
use serde_json::{json, Value};
use support::*;

/// A router whose questions may take `ms` milliseconds.
fn config(ms: u64) -> Config {
    Config {
        limits: Limits {
            compute_time_ms: ms,
            ..Limits::default()
        },
    }
}

async fn ask(ms: u64, path: &str, position: Value) -> (StatusCode, Value) {
    let body = json!({ "position": position }).to_string();
    send_with(config(ms), Method::POST, path, body).await
}

/// Cram 5 × 7 takes some 0.3 s to value (316,602 components): refused at 50 ms while nothing
/// is known, answered once a patient request has valued it, and then answered within 50 ms by
/// every later request, whatever it asks of the board: its value, the computer's move, a hint.
#[tokio::test]
async fn a_board_valued_once_is_known_to_every_later_request() {
    let board = json!({ "game": "cram", "position": "5x7" });
    let (s, b) = ask(50, "/api/analyze", board.clone()).await;
    assert_limit(s, &b, "compute_time_ms");

    let (s, patient) = ask(60_000, "/api/analyze", board.clone()).await;
    assert_eq!(s, StatusCode::OK, "{patient}");
    assert_eq!(patient["values"], json!([1]));

    let (s, b) = ask(50, "/api/analyze", board.clone()).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([1]));
    assert_eq!(b["winning_moves"], patient["winning_moves"]);
    // The computer's move is a winning one, found among options already valued; the hint's
    // too, with the position it leaves.
    let (s, m) = ask(50, "/api/move", board.clone()).await;
    assert_eq!(s, StatusCode::OK, "{m}");
    let winning: Vec<&str> = patient["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["text"].as_str().unwrap())
        .collect();
    assert!(
        winning.contains(&m["move"]["text"].as_str().unwrap()),
        "{m}"
    );
    let (s, h) = ask(50, "/api/hint", board.clone()).await;
    assert_eq!(s, StatusCode::OK, "{h}");
    assert_eq!(h["winning"], true, "{h}");
    // The position the move left is worth 0: a P-position, no winning move.
    let (s, after) = ask(50, "/api/analyze", m["position"].clone()).await;
    assert_eq!(s, StatusCode::OK, "{after}");
    assert_eq!(after["outcome"], "P", "{after}");
}

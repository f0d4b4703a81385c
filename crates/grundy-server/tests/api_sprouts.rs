//! Sprouts through the JSON API, in process: the drawing the page reads (spots numbered,
//! regions, every line a move can draw, each leading to one of the listed moves), and bad
//! positions answered with a 4xx naming what is wrong.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use serde_json::json;
use support::*;

/// Three spots: numbered 1 to 3 in one region; a line between each pair and two loops at
/// each spot, every one leading to a move `/api/moves` lists, and every listed move drawn.
#[tokio::test]
async fn lines_are_the_listed_moves() {
    let (s, b) = post("/api/sprouts/lines", json!({ "position": "0*3" })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["position"], "0*3");
    assert_eq!(b["lands"], json!([[[[1], [2], [3]]]]));
    assert_eq!(b["lives"], json!([3, 3, 3]));
    let lines = b["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 9, "{b}");
    assert!(lines.contains(&json!({
        "from": 1, "to": 2, "words": "a line from spot 1 to spot 2", "after": "0.1a1a"
    })));
    let (s, moves) = post(
        "/api/moves",
        json!({ "position": { "game": "sprouts", "position": "0*3" } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{moves}");
    let listed: BTreeSet<&str> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"]["to"][0]["position"].as_str().unwrap())
        .collect();
    let drawn: BTreeSet<&str> = lines.iter().map(|l| l["after"].as_str().unwrap()).collect();
    assert_eq!(listed, drawn);
}

/// A position is read as anywhere else and written back in canonical form.
#[tokio::test]
async fn a_position_is_written_back_canonically() {
    let (s, b) = post("/api/sprouts/lines", json!({ "position": "1a1a.0" })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["position"], "0.1a1a");
    assert_eq!(b["lives"], json!([3, 2, 1, 2]));
}

/// Bad positions and positions too large to draw are refused by name.
#[tokio::test]
async fn bad_positions_are_refused_by_name() {
    for (position, says) in [
        ("0*2|4", "spots of at most three lines, not 4"),
        ("", "a position (0*0 is the one without spots), not nothing"),
        ("0*58", "5017 lines"),
    ] {
        let (s, b) = post("/api/sprouts/lines", json!({ "position": position })).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{position}: {b}");
        let error = b["error"].as_str().unwrap();
        assert!(error.contains(says), "{position}: {error}");
    }
    let (s, b) = post("/api/sprouts/lines", json!({ "position": 3 })).await;
    assert!(s.is_client_error(), "{b}");
}

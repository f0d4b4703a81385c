//! The coin-turning games of a described rule (`coins`) and the two-dimensional ones (`tartan`,
//! `turning-corners`, `rugs`, `acrostic`, `acrostic-twins`) through the JSON API, in process:
//! listed by `/api/rulesets`, analysed, their moves listed and played by their place in the
//! list (as the page plays positions it has no drawing for) or typed, simulated, and their bad
//! input answered with a 4xx that says what is wrong.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::http::StatusCode;
use serde_json::json;
use support::*;

#[tokio::test]
async fn listed_with_their_drawings() {
    let (s, b) = get("/api/rulesets").await;
    assert_eq!(s, StatusCode::OK);
    let drawing = |name: &str| {
        b["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["name"] == name)
            .map(|f| f["positions"]["drawing"].clone())
    };
    assert_eq!(drawing("coins"), Some(json!("coins")));
    for name in [
        "tartan",
        "turning-corners",
        "rugs",
        "acrostic",
        "acrostic-twins",
    ] {
        assert_eq!(drawing(name), Some(json!("coin-grid")), "{name}");
    }
}

/// Ferguson's Rugs example (Game Theory, Part I §5.4): value 13; turning the block
/// (1, 1)-(2, 4) wins. Every listed move played by its index leaves the value it was listed
/// with.
#[tokio::test]
async fn grids_analysed_listed_and_played() {
    let rugs = json!({ "game": "rugs", "position": "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH" });
    let (s, b) = post("/api/analyze", json!({ "position": rugs })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["nim_sum"], 13);
    let texts: Vec<&str> = b["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"][0]["grid"].as_str().unwrap())
        .collect();
    assert!(
        texts.contains(&"HHHHT/HHHTT/TTTTT/TTHTT/TTTTH"),
        "{texts:?}"
    );
    let (s, listed) = post("/api/moves", json!({ "position": rugs })).await;
    assert_eq!(s, StatusCode::OK, "{listed}");
    let moves = listed["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8 + 12 + 25);
    for (index, m) in moves.iter().enumerate().step_by(7) {
        let (_, applied) = post(
            "/api/apply",
            json!({ "position": rugs, "move": { "index": index } }),
        )
        .await;
        assert_eq!(applied["legal"], true, "{applied}");
        let (_, after) = post("/api/analyze", json!({ "position": applied["position"] })).await;
        assert_eq!(after["nim_sum"], m["value"], "{m}");
    }
    let tartan = json!({ "game": "tartan", "rows": "mock-turtles", "columns": "at-most=3", "position": "THT/TTH" });
    let (_, b) = post(
        "/api/apply",
        json!({ "position": tartan, "move": { "typed": "1 turn 0,1 x 2,3" } }),
    )
    .await;
    assert_eq!(b["legal"], true, "{b}");
    assert_eq!(b["position"]["position"], "TTH/THT");
    let (_, b) = post(
        "/api/apply",
        json!({ "position": tartan, "move": { "typed": "1 turn 0 x 1" } }),
    )
    .await;
    assert_eq!(b["legal"], false, "{b}");
    let (s, b) = post(
        "/api/simulate",
        json!({ "position": tartan, "first": "perfect", "second": "random", "games": 10, "seed": 1 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = post("/api/hint", json!({ "position": { "game": "acrostic-twins", "position": "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH" } })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "coins", "rule": "consecutive=2..", "position": "HTHH" } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Rulerette: coin n is worth half the largest power of 2 dividing n; coins 1, 3, 4.
    assert_eq!(b["nim_sum"], 2);
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "coins", "rule": "at-most=3", "heaps": [0, 1, 1, 0, 1] } }),
    )
    .await;
    assert_eq!((s, &b["nim_sum"]), (StatusCode::OK, &json!(14)), "{b}");
}

#[tokio::test]
async fn bad_rules_and_grids() {
    for (position, needle) in [
        (
            json!({ "game": "coins", "rule": "at-most=0", "position": "TH" }),
            "expected a whole number from 1 to 64",
        ),
        (
            json!({ "game": "coins", "position": "TH" }),
            "position.rule is missing",
        ),
        (
            json!({ "game": "tartan", "rows": "twins", "columns": "chess", "position": "TH" }),
            "\"chess\"",
        ),
        (
            json!({ "game": "turning-corners", "position": "TH/T" }),
            "separated by /",
        ),
        (
            json!({ "game": "turning-corners", "heaps": [1, 0] }),
            "not a list of heaps",
        ),
        (json!({ "game": "rugs" }), "position.position is missing"),
        (
            json!({ "game": "tartan", "rows": "any", "columns": "twins", "position": vec!["H"; 14].join("/") }),
            "1 to 13",
        ),
    ] {
        let (s, b) = post("/api/analyze", json!({ "position": position })).await;
        assert!(s.is_client_error(), "{position}: {s} {b}");
        let error = b["error"].as_str().unwrap();
        assert!(
            error.contains(needle),
            "{error:?} should mention {needle:?}"
        );
    }
}

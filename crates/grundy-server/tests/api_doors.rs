//! Issue 25, the doors' bugs seen through the API, in process: repeated terms of one ruleset
//! stay separate terms in order after `/api/hint`, `/api/move` and `/api/apply`; a winning move
//! exactly as `/api/analyze` lists it is accepted by `/api/apply`; equal winning moves are one
//! entry with their count, so that no two entries share a label.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::http::StatusCode;
use grundy_core::spec::parse_sum;
use serde_json::{json, Value};
use support::*;

fn sum(terms: &str) -> Value {
    json!({ "game": "sum", "terms": terms })
}

/// How many components the terms a position answer carries read back as.
fn components(position: &Value) -> usize {
    let terms = position["terms"].as_str().expect("terms");
    parse_sum(terms)
        .unwrap_or_else(|e| panic!("{terms} does not read back: {e}"))
        .components
        .len()
}

#[tokio::test]
async fn repeated_terms_stay_separate_after_every_door_that_moves() {
    for terms in [
        "chomp:2 + chomp:2 + nim:1",
        "hackenbush:0-1 + hackenbush:0-1,1-2 + nim:3",
        "cram:2x2 + cram:1x3",
        "node-kayles:path:3 + node-kayles:path:2",
    ] {
        let n = parse_sum(terms).unwrap().components.len();
        let position = sum(terms);
        let (s, b) = post("/api/hint", json!({ "position": position })).await;
        assert_eq!(s, StatusCode::OK, "{terms}: {b}");
        assert_eq!(components(&b["position"]), n, "{terms} hint: {b}");
        let (s, b) = post(
            "/api/move",
            json!({ "position": position, "player": "random", "seed": 7 }),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{terms}: {b}");
        assert_eq!(components(&b["position"]), n, "{terms} move: {b}");
        let (s, b) = post(
            "/api/apply",
            json!({ "position": position, "move": { "index": 0 } }),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{terms}: {b}");
        assert_eq!(b["legal"], true, "{terms}: {b}");
        assert_eq!(components(&b["position"]), n, "{terms} apply: {b}");
    }
    // The case of the issue, written out: the first board eaten down, the rest in order.
    let (_, b) = post(
        "/api/apply",
        json!({ "position": sum("chomp:2 + chomp:2 + nim:1"), "move": { "typed": "1 1 2" } }),
    )
    .await;
    assert_eq!(b["position"]["terms"], "chomp:1 + chomp:2 + nim:1", "{b}");
}

/// Every winning move `/api/analyze` lists, sent back to `/api/apply` as it is, is legal and
/// leads to a P-position.
#[tokio::test]
async fn listed_winning_moves_are_accepted_as_they_are() {
    for (position, misere) in [
        (sum("nim:3,4,5"), false),
        (sum("chomp:2 + chomp:2 + nim:1"), false),
        (sum("chomp:3,3,2 + nim:2"), false),
        (sum("hackenbush:0-1,1-2,1-3,0-4 + nim:1"), false),
        (sum("octal{0.77}:9 + lasker:7"), false),
        (sum("node-kayles:complete:4 + node-kayles:path:5"), false),
        (sum("cram:3x3 + nim:1"), false),
        (sum("wythoff:10,7"), false),
        (sum("moore{2}:3,5,7"), false),
        (sum("nim:1,1,3"), true),
        (sum("sub{1,4,9}:11 + nim:3"), true),
    ] {
        let mut position = position;
        if misere {
            position["convention"] = json!("misere");
        }
        let (s, analysis) = post("/api/analyze", json!({ "position": position })).await;
        assert_eq!(s, StatusCode::OK, "{position}: {analysis}");
        let moves = analysis["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{position}: {analysis}");
        for m in moves {
            let (s, b) = post("/api/apply", json!({ "position": position, "move": m })).await;
            assert_eq!(s, StatusCode::OK, "{position} {m}: {b}");
            assert_eq!(b["legal"], true, "{position} {m}: {b}");
            let (_, after) = post("/api/analyze", json!({ "position": b["position"] })).await;
            assert_eq!(after["outcome"], "P", "{position} {m}: {after}");
        }
        // The label alone, typed, is the same move.
        for m in moves {
            let typed = json!({ "typed": m["text"] });
            let (_, b) = post("/api/apply", json!({ "position": position, "move": typed })).await;
            assert_eq!(b["legal"], true, "{position} {m}: {b}");
        }
    }
    // A move listed for another position is refused, saying why.
    let (_, analysis) = post("/api/analyze", json!({ "position": sum("nim:3,4,5") })).await;
    let m = &analysis["winning_moves"][0];
    let (_, b) = post(
        "/api/apply",
        json!({ "position": sum("nim:7,4,5"), "move": m }),
    )
    .await;
    assert_eq!(b["legal"], false, "{b}");
    assert!(
        b["reason"].as_str().unwrap().contains("another position"),
        "{b}"
    );
}

#[tokio::test]
async fn equal_winning_moves_are_one_entry_with_their_count() {
    for (terms, count) in [("node-kayles:complete:4", 4), ("hackenbush:0-1,0-1,0-1", 3)] {
        let (s, b) = post("/api/analyze", json!({ "position": sum(terms) })).await;
        assert_eq!(s, StatusCode::OK, "{terms}: {b}");
        assert_eq!(b["winning_move_count"], 1, "{terms}: {b}");
        let m = &b["winning_moves"][0];
        assert_eq!(m["count"], count, "{terms}: {b}");
        let text = m["text"].as_str().unwrap();
        assert!(
            text.contains(&format!("one of {count} equal moves")),
            "{text}"
        );
    }
}

/// The computer and the hint are one answer: `/api/move` at `perfect` plays exactly the move
/// `/api/hint` shows, on winning and losing positions, sums, misère play, and a square Chomp
/// bar (answered at once by the mirror move: 12 × 12 would take a minute by search).
#[tokio::test]
async fn the_perfect_computer_plays_the_hints_move() {
    let positions = [
        json!({ "game": "nim", "heaps": [3, 4, 5] }),
        json!({ "game": "nim", "heaps": [1, 2, 3] }),
        json!({ "game": "nim", "heaps": [1, 1, 3], "convention": "misere" }),
        sum("nim:3 + sub{1,2}:7 + octal{0.77}:9"),
        sum("cram:3x3 + nim:2"),
        sum("chomp:12x12"),
        sum("chomp:30x20"),
        sum("wythoff:10,7"),
    ];
    for position in positions {
        let (s, hint) = post("/api/hint", json!({ "position": position })).await;
        assert_eq!(s, StatusCode::OK, "{position}: {hint}");
        let (s, moved) = post(
            "/api/move",
            json!({ "position": position, "player": "perfect", "seed": 3 }),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{position}: {moved}");
        assert!(!hint["move"].is_null(), "{position}: {hint}");
        assert_eq!(moved["move"], hint["move"], "{position}");
        assert_eq!(moved["position"], hint["position"], "{position}");
    }
}

/// Issue 65: a full Chomp bar beyond the search is answered at once at every door: won by the
/// player to move (strategy stealing), no winning move named (`winning_moves` null, and
/// `winning_moves_unknown` says why), the hint and the computer biting the top right square.
#[tokio::test]
async fn a_bar_beyond_the_search_is_won_by_strategy_stealing() {
    let position = json!({ "game": "chomp", "position": "30x20" });
    let (s, analysis) = post("/api/analyze", json!({ "position": position })).await;
    assert_eq!(s, StatusCode::OK, "{analysis}");
    assert_eq!(analysis["outcome"], "N");
    assert_eq!(analysis["provenance"], json!(["strategy-stealing"]));
    assert!(analysis["winning_moves"].is_null(), "{analysis}");
    assert!(analysis["winning_moves_unknown"]
        .as_str()
        .unwrap()
        .contains("names no move"));
    let (s, hint) = post("/api/hint", json!({ "position": position })).await;
    assert_eq!(s, StatusCode::OK, "{hint}");
    assert_eq!(hint["explanation"]["kind"], "strategy-stealing", "{hint}");
    // The moves are not valued (each option is beyond the search too): said at once.
    let (s, moves) = post(
        "/api/moves",
        json!({ "position": position, "partial": true }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{moves}");
    assert!(moves["moves"].is_null(), "{moves}");
    assert!(moves["unlisted"]
        .as_str()
        .unwrap()
        .contains("beyond the search"));
    let after = hint["position"]["position"].as_str().unwrap();
    let mut rows = vec!["20"; 29];
    rows.push("19");
    assert_eq!(after, rows.join(","), "{hint}");
}

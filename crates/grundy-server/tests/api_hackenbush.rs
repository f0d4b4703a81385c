//! Green Hackenbush through the JSON API, in process: a picture analysed (value, every winning
//! cut, the fusion and colon reduction), a hint, typed cuts applied, the valued moves, the
//! layout the page draws, and bad pictures answered with a 4xx naming what is wrong.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::http::StatusCode;
use serde_json::{json, Value};
use support::*;

fn picture(text: &str) -> Value {
    json!({ "game": "hackenbush", "position": text })
}

/// The registry's example: a stalk-and-loop tree (*4) beside a triangle on a stem (*2).
const EXAMPLE: &str = "0-1,1-2,1-3,3-3,0-4,4-5,5-6,4-6";

#[tokio::test]
async fn analyze_gives_the_value_every_winning_cut_and_the_reduction() {
    let (s, b) = post("/api/analyze", json!({ "position": picture(EXAMPLE) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([6]));
    assert_eq!(b["outcome"], "N");
    assert_eq!(b["components"][0]["graph"], EXAMPLE);
    assert_eq!(b["winning_move_count"], 1);
    let text = b["winning_moves"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("picture 1: cut edge 3 (1-3), edge 4 (3-3) falls: "),
        "{text}"
    );
    assert_eq!(
        b["winning_moves"][0]["to"][0]["graph"],
        "0-1,1-2,0-4,4-5,5-6,4-6"
    );
    let d = &b["explanation"]["components"][0]["derivation"];
    assert_eq!(d["value"], 6);
    assert_eq!(d["options"].as_array().unwrap().len(), 8);
    let steps: Vec<&str> = d["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(
        steps
            .iter()
            .any(|s| s.contains("Fuse vertex 4 (fused with 5, 6)")),
        "{steps:?}"
    );
    assert!(
        steps.last().unwrap().contains("the picture is worth *6"),
        "{steps:?}"
    );
}

#[tokio::test]
async fn hint_apply_and_moves_play_a_picture() {
    let (s, b) = post("/api/hint", json!({ "position": picture(EXAMPLE) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(
        b["move"]["text"]
            .as_str()
            .unwrap()
            .contains("cut edge 3 (1-3)"),
        "{b}"
    );
    // A typed cut, by number and by its ends: the same position after it.
    for typed in ["cut 3", "cut 1-3", "cut edge 3"] {
        let (s, b) = post(
            "/api/apply",
            json!({ "position": picture(EXAMPLE), "move": { "typed": typed } }),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        assert_eq!(b["legal"], true, "{typed}: {b}");
        assert_eq!(
            b["position"]["position"], "0-1,1-2,0-4,4-5,5-6,4-6",
            "{typed}"
        );
    }
    let (_, b) = post(
        "/api/apply",
        json!({ "position": picture(EXAMPLE), "move": { "typed": "cut 12" } }),
    )
    .await;
    assert_eq!(b["legal"], false);
    assert!(
        b["reason"]
            .as_str()
            .unwrap()
            .contains("there is no edge 12: the picture has 8 edges"),
        "{b}"
    );
    // Every cut valued: exactly one wins.
    let (s, b) = post("/api/moves", json!({ "position": picture(EXAMPLE) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let moves = b["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8);
    let wins: Vec<&Value> = moves.iter().filter(|m| m["outcome"] == "win").collect();
    assert_eq!(wins.len(), 1, "{b}");
    // The last edge standing: cutting it ends the game.
    let (_, b) = post(
        "/api/apply",
        json!({ "position": picture("0-1"), "move": { "typed": "cut 1" } }),
    )
    .await;
    assert_eq!(b["position"]["position"], "ground");
    assert_eq!(b["finished"], true);
}

#[tokio::test]
async fn pictures_play_in_sums() {
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "sum", "terms": "nim:3 + hackenbush:stalk:2,cycle:3" } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([3, 0]));
    assert_eq!(b["nim_sum"], 3);
}

#[tokio::test]
async fn the_layout_places_every_vertex_and_edge() {
    let (s, b) = post(
        "/api/hackenbush/layout",
        json!({ "position": "0-1,1-2,1-1,0-0,g-3,0-3" }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["position"], "0-1,1-2,1-1,0-0,0-3,0-3");
    assert_eq!(
        b["edges"],
        json!([[0, 1], [1, 2], [1, 1], [0, 0], [0, 3], [0, 3]])
    );
    let layout = &b["layout"];
    assert_eq!(layout["vertices"].as_array().unwrap().len(), 3);
    let kinds: Vec<&str> = layout["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["line", "line", "loop", "loop", "line", "line"]);
    for e in layout["edges"].as_array().unwrap() {
        assert_eq!(e["handle"].as_array().unwrap().len(), 2, "{e}");
    }
}

#[tokio::test]
async fn bad_pictures_are_4xx_naming_what_is_wrong() {
    for (position, says) in [
        ("0-x", "invalid Hackenbush edge \"0-x\""),
        ("0-1,,1-2", "empty item between commas"),
        ("snake:3", "invalid Hackenbush picture \"snake:3\""),
        ("stalk:2000000", "a size from 0 to 1000000"),
    ] {
        let (s, b) = post("/api/analyze", json!({ "position": picture(position) })).await;
        assert!(s.is_client_error(), "{position}: {s} {b}");
        assert!(
            b["error"].as_str().unwrap().contains(says),
            "{position}: {b}"
        );
        let (s, b) = post("/api/hackenbush/layout", json!({ "position": position })).await;
        assert!(s.is_client_error(), "{position}: {s} {b}");
        assert!(
            b["error"].as_str().unwrap().contains(says),
            "{position}: {b}"
        );
    }
    // Heaps are not a picture.
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "hackenbush", "heaps": [1, 2] } }),
    )
    .await;
    assert!(s.is_client_error(), "{b}");
    assert!(
        b["error"].as_str().unwrap().contains("written as text"),
        "{b}"
    );
    // Too many edges to draw (but not to analyse).
    let (s, b) = post(
        "/api/hackenbush/layout",
        json!({ "position": "stalk:5001" }),
    )
    .await;
    assert!(s.is_client_error(), "{b}");
    assert!(
        b["error"].as_str().unwrap().contains("at most 5000 edges"),
        "{b}"
    );
    let (s, b) = post("/api/analyze", json!({ "position": picture("stalk:5001") })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([5001]));
    let (s, b) = post(
        "/api/hackenbush/layout",
        json!({ "position": "0-1", "edges": 3 }),
    )
    .await;
    assert!(s.is_client_error(), "{b}");
    assert!(b["error"].as_str().unwrap().contains("edges"), "{b}");
}

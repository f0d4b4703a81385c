//! Loopy games through the API, in process: `{"game": "loopy", "terms": ...}` in
//! `/api/analyze`, `/api/hint`, `/api/move`, `/api/moves` and `/api/apply`, and their errors.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::http::StatusCode;
use serde_json::{json, Value};
use support::*;

fn loopy(terms: &str) -> Value {
    json!({"game": "loopy", "terms": terms})
}

#[tokio::test]
async fn analyze_a_draw() {
    let (status, body) = post(
        "/api/analyze",
        json!({"position": loopy("digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1")}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["value"], json!({"infinite": [1]}));
    assert_eq!(body["outcome"], "Draw");
    assert_eq!(body["moves_are"], "drawing");
    assert_eq!(body["moves"][0]["words"], "1 -> 3 (subtract 3 mod 5)");
    assert_eq!(body["position"]["game"], "loopy");
    assert_eq!(body["graphs"][0]["edges"], json!([[0, 1], [1, 0], [0, 2]]));
}

/// The hint and the computer's move are the strategy's move: from 0, to 2 (which ends the
/// game), not to 1 (which is also of value 0 but can loop for ever).
#[tokio::test]
async fn hint_and_move_end_the_game() {
    for path in ["/api/hint", "/api/move"] {
        let (status, body) = post(path, json!({"position": loopy("digraph{0>1,1>0,0>2}:0")})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["move"]["to"], "2", "{path}: {body}");
        assert_eq!(body["position"], loopy("digraph{0>1,1>0,0>2}:2"));
        assert_eq!(body["finished"], true);
        assert_eq!(body["winning"], true);
    }
}

#[tokio::test]
async fn moves_and_apply() {
    let (status, body) = post("/api/moves", json!({"position": loopy("square-but-one:6")})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let outcomes: Vec<&str> = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["outcome_after"].as_str().unwrap())
        .collect();
    // 6 -> 2 (draw), 6 -> 5 (P: the winning move), 6 -> 7 (draw).
    assert_eq!(outcomes, ["Draw", "P", "Draw"], "{body}");
    let (_, body) = post(
        "/api/apply",
        json!({"position": loopy("square-but-one:6"), "move": {"component": 0, "to": [5]}}),
    )
    .await;
    assert_eq!(body["legal"], true, "{body}");
    assert_eq!(body["position"], loopy("square-but-one:5"));
    let (_, body) = post(
        "/api/apply",
        json!({"position": loopy("square-but-one:6"), "move": {"component": 0, "to": [3]}}),
    )
    .await;
    assert_eq!(body["legal"], false, "{body}");
    let (_, body) = post(
        "/api/apply",
        json!({"position": loopy("fair-shares:6,3"), "move": {"index": 4}}),
    )
    .await;
    assert_eq!(body["position"], loopy("fair-shares:9"), "{body}");
}

#[tokio::test]
async fn bad_loopy_positions_are_4xx() {
    for (position, needle) in [
        (json!({"game": "loopy"}), "position.terms"),
        (
            json!({"game": "loopy", "terms": "windup{5;0}:1"}),
            "Wind-Up amount \"0\"",
        ),
        (
            json!({"game": "loopy", "terms": "digraph{0>1}:0", "convention": "misere"}),
            "normal play",
        ),
        (
            json!({"game": "loopy", "terms": "digraph{0>1}:0", "heaps": [1]}),
            "only game, terms",
        ),
    ] {
        let (status, body) = post("/api/analyze", json!({"position": position})).await;
        assert!(status.is_client_error(), "{status} {body}");
        assert!(body["error"].as_str().unwrap().contains(needle), "{body}");
    }
    // A heap that grows for ever: refused at the explored-graph limit, or at the time limit
    // first on a slow machine; a 4xx either way.
    let position = json!({"game": "loopy", "terms": "loopy-sub{1;1;any}:3"});
    let (status, body) = post("/api/analyze", json!({"position": position})).await;
    assert!(status.is_client_error(), "{status} {body}");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.contains("more than 1000000 positions") || body["limit"] == "compute_time_ms",
        "{body}"
    );
}

/// The page's list of loopy games comes from `/api/rulesets` (`loopy`), and an analysis says
/// when no move is left (`finished`).
#[tokio::test]
async fn rulesets_list_the_loopy_families_and_analyze_says_finished() {
    let (status, body) = get("/api/rulesets").await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = body["loopy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "digraph",
            "wind-up",
            "loopy-sub",
            "square-but-one",
            "fair-shares"
        ]
    );
    assert_eq!(body["loopy"][1]["example"], "windup{5;1,3}:1");
    for (terms, finished) in [
        ("digraph{0>1,1>0,0>2}:2", true),
        ("digraph{0>1,1>0,0>2}:0", false),
    ] {
        let (_, body) = post("/api/analyze", json!({"position": loopy(terms)})).await;
        assert_eq!(body["finished"], finished, "{terms}: {body}");
    }
}

/// A `sum` with a loopy term is the loopy game: every endpoint answers it as it answers
/// `{"game": "loopy"}` with the same terms (the position echoed as sent; the position after a
/// move is written `loopy`), and an endpoint that takes games that end names the term.
#[tokio::test]
async fn a_sum_with_a_loopy_term_is_the_loopy_game() {
    let terms = "windup{5;1,3}:1 + nim:1";
    let sum = json!({"game": "sum", "terms": terms});
    for path in ["/api/analyze", "/api/hint", "/api/move", "/api/moves"] {
        let (status, mut by_sum) = post(path, json!({"position": sum})).await;
        assert_eq!(status, StatusCode::OK, "{path}: {by_sum}");
        let (_, mut by_loopy) = post(path, json!({"position": loopy(terms)})).await;
        if path == "/api/analyze" || path == "/api/moves" {
            assert_eq!(by_sum["position"]["terms"], terms, "{path}");
            assert_eq!(by_sum["position"]["game"], "sum", "{path}");
            by_sum["position"] = Value::Null;
            by_loopy["position"] = Value::Null;
        }
        assert_eq!(by_sum, by_loopy, "{path}");
    }
    let (status, body) = post("/api/analyze", json!({"position": sum})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["outcome"], "Draw", "{body}");
    let (_, applied) = post(
        "/api/apply",
        json!({"position": sum, "move": {"component": 1, "to": [0]}}),
    )
    .await;
    assert_eq!(applied["legal"], true, "{applied}");
    assert_eq!(
        applied["position"],
        loopy("windup{5;1,3}:1 + nim:0"),
        "{applied}"
    );
    let (status, body) = post(
        "/api/remoteness",
        json!({"positions": [{"game": "sum", "terms": "nim:3 + fair-shares:6,3"}]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.contains("\"fair-shares:6,3\"") && error.contains("/api/analyze"),
        "{error}"
    );
}

//! The JSON API, in process: every endpoint with good and bad input. Good input gets a 200, bad
//! input a 4xx whose JSON body says what is wrong (and names the limit when one was exceeded);
//! nothing ever gets a 5xx.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use grundy_server::{router, Config, Limits};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use support::*;
use tower::ServiceExt;

fn nim(heaps: &[u64]) -> Value {
    json!({ "game": "nim", "heaps": heaps })
}

// ---- analyze -------------------------------------------------------------------------------

#[tokio::test]
async fn analyze_nim_avansyah_2025() {
    // The worked examples [2,3,4] and [1,4,5] of Avansyah (2025), docs/bibliography.md.
    let (status, body) = post("/api/analyze", json!({ "position": nim(&[2, 3, 4]) })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["nim_sum"], 5);
    assert_eq!(body["outcome"], "N");
    assert_eq!(body["winning_moves"][0]["component"], 2);
    assert_eq!(body["winning_moves"][0]["to"][0]["heap"], 1);
    assert_eq!(body["explanation"]["kind"], "nim");
    assert_eq!(body["explanation"]["binary"], json!(["010", "011", "100"]));
    assert_eq!(body["finished"], false);
    let (_, body) = post("/api/analyze", json!({ "position": nim(&[1, 4, 5]) })).await;
    assert_eq!(body["outcome"], "P");
    assert_eq!(body["winning_moves"], json!([]));
    assert_eq!(body["winning_move_count"], 0);
}

/// A Kayles heap of 65,538 has 27,300 winning moves: all are counted, the first 10,000 listed.
#[tokio::test]
async fn analyze_counts_every_winning_move() {
    let position = json!({ "game": "octal", "code": "0.77", "heaps": [65_538] });
    let (status, body) = post_patient("/api/analyze", json!({ "position": position })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["winning_move_count"], 27_300);
    assert_eq!(body["winning_moves"].as_array().unwrap().len(), 10_000);
}

#[tokio::test]
async fn analyze_subtraction_louis_2021() {
    // The sum of Louis (2021), docs/bibliography.md.
    let position = json!({ "game": "subtraction", "set": [1, 4, 9, 12, 16], "heaps": [11, 15, 14, 10, 23, 8] });
    let (status, body) = post("/api/analyze", json!({ "position": position })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["values"], json!([1, 0, 1, 0, 3, 1]));
    assert_eq!(body["nim_sum"], 2);
    assert_eq!(body["explanation"]["kind"], "sum");
}

#[tokio::test]
async fn analyze_misere_all_but_and_sums() {
    let position = json!({ "game": "nim", "heaps": [1, 1, 2], "convention": "misere" });
    let (_, body) = post("/api/analyze", json!({ "position": position })).await;
    assert_eq!(body["winning_moves"][0]["to"][0]["heap"], 1);
    let position = json!({ "game": "all-but", "except": [2, 3], "heaps": [10, 11] });
    let (status, _) = post("/api/analyze", json!({ "position": position })).await;
    assert_eq!(status, StatusCode::OK);
    let position =
        json!({ "game": "sum", "terms": "nim:3 + sub{1,4,9}:11", "convention": "misere" });
    let (status, body) = post("/api/analyze", json!({ "position": position })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["explanation"]["kind"], "search");
}

/// A misère sum of one heap ruleset is answered through its misère quotient: the explanation
/// has each heap's element, the product and a winning move checked; the hint's move is one of
/// the winning moves. Lasker's Nim goes the same way (any heap ruleset of the registry).
#[tokio::test]
async fn misere_sums_through_the_quotient() {
    let position =
        json!({ "game": "octal", "code": "0.07", "heaps": [12, 9, 7], "convention": "misere" });
    let (status, body) = post("/api/analyze", json!({ "position": position })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let e = &body["explanation"];
    assert_eq!(e["kind"], "quotient", "{body}");
    assert_eq!(e["heaps"], json!([12, 9, 7]));
    assert_eq!(e["elements"].as_array().unwrap().len(), 3);
    assert_eq!(e["in_p_portion"], body["outcome"] == "P");
    assert_eq!(
        e["p_portion_size"],
        e["p_portion"].as_array().unwrap().len()
    );
    let count = body["winning_move_count"].as_u64().unwrap();
    assert_eq!(e["winning_move"].is_null(), count == 0);
    let (status, hint) = post("/api/hint", json!({ "position": position })).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    if count > 0 {
        // Listed winning moves carry their `count` of equal moves; the hint's move is one move.
        let moves: Vec<Value> = body["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let mut m = m.clone();
                m.as_object_mut().unwrap().remove("count");
                m
            })
            .collect();
        assert!(moves.contains(&hint["move"]), "{hint}");
    }
    let position = json!({ "game": "lasker", "heaps": [7, 5, 3], "convention": "misere" });
    let (status, body) = post("/api/analyze", json!({ "position": position })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["explanation"]["kind"], "quotient", "{body}");
}

#[tokio::test]
async fn malformed_json_and_wrong_types() {
    let (s, b) = send(Method::POST, "/api/analyze", "{\"position\": ").await;
    assert_client_error(s, &b, "malformed JSON");
    let (s, b) = send(Method::POST, "/api/analyze", "").await;
    assert_client_error(s, &b, "empty");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "nim", "heaps": "3,4" } }),
    )
    .await;
    assert_client_error(s, &b, "position.heaps");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "nim", "heaps": [3, -1] } }),
    )
    .await;
    assert_client_error(s, &b, "position.heaps[1]");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "nim", "heaps": [1.5] } }),
    )
    .await;
    assert_client_error(s, &b, "position.heaps[0]");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": 7, "heaps": [1] } }),
    )
    .await;
    assert_client_error(s, &b, "position.game");
    let (s, b) = post("/api/analyze", json!({ "position": { "game": "nim" } })).await;
    assert_client_error(s, &b, "heaps is missing");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "nim", "heap": [1] } }),
    )
    .await;
    assert_client_error(s, &b, "unknown field");
    let (s, b) = post("/api/analyze", json!([1, 2])).await;
    assert_client_error(s, &b, "");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "nim", "heaps": [1], "convention": "upside-down" } }),
    )
    .await;
    assert_client_error(s, &b, "position.convention");
}

#[tokio::test]
async fn huge_numbers_and_unknown_games() {
    let body = r#"{"position": {"game": "nim", "heaps": [184467440737095516150]}}"#;
    let (s, b) = send(Method::POST, "/api/analyze", body).await;
    assert_client_error(s, &b, "position.heaps[0]");
    // Beyond max_heap, a position of heaps is answered by the core at any size where the
    // answer is a lookup (Nim, Lasker's Nim: closed forms), the heap written as a string.
    let (s, b) = post("/api/analyze", json!({ "position": nim(&[1 << 53]) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["position"]["heaps"], json!(["9007199254740992"]));
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "lasker", "heaps": [1u64 << 53] } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["components"][0]["heap"], json!("9007199254740992"));
    assert_eq!(b["values"], json!([9007199254740991u64]));
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": nim(&[(1 << 53) - 1, 1]) }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "chess", "heaps": [1] } }),
    )
    .await;
    assert_client_error(s, &b, "unknown game \"chess\"");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "sum", "terms": "go:3" } }),
    )
    .await;
    assert_client_error(s, &b, "rules");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "subtraction", "set": [0], "heaps": [1] } }),
    )
    .await;
    assert_client_error(s, &b, "position.set[0]: invalid amount 0");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "subtraction", "heaps": [1] } }),
    )
    .await;
    assert_client_error(s, &b, "set is missing");
}

#[tokio::test]
async fn too_many_heaps_sets_and_bytes() {
    let heaps: Vec<u64> = vec![1; 300];
    let (s, b) = post("/api/analyze", json!({ "position": nim(&heaps) })).await;
    assert_limit(s, &b, "max_components");
    let set: Vec<u64> = (1..=100).collect();
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "subtraction", "set": set, "heaps": [5] } }),
    )
    .await;
    assert_limit(s, &b, "max_set_size");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "sum", "terms": "sub{1,20000}:5" } }),
    )
    .await;
    assert_limit(s, &b, "max_take");
    let heaps: Vec<u64> = vec![123_456_789; 4000];
    let (s, b) = post("/api/analyze", json!({ "position": nim(&heaps) })).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    assert_limit(s, &b, "max_body_bytes");
}

#[tokio::test]
async fn unknown_paths_and_methods_answer_json() {
    let (s, b) = send(Method::GET, "/api/nothing", Body::empty()).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_client_error(s, &b, "no such endpoint");
    let (s, b) = send(Method::GET, "/api/analyze", Body::empty()).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
    assert_client_error(s, &b, "POST");
    let (s, b) = send(Method::GET, "/api/health", Body::empty()).await;
    assert_eq!((s, &b["status"]), (StatusCode::OK, &json!("ok")));
    let (s, b) = send(Method::GET, "/api/limits", Body::empty()).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["max_heap"], (1u64 << 53) - 1);
}

// ---- hint, move, apply ---------------------------------------------------------------------

#[tokio::test]
async fn hint_gives_the_best_move_and_why() {
    let (s, b) = post("/api/hint", json!({ "position": nim(&[2, 3, 4]) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["move"]["text"], "heap 3: 4 -> 1 (take 3)");
    assert_eq!(b["position"]["heaps"], json!([2, 3, 1]));
    assert_eq!(b["winning"], true);
    assert!(b["explanation"]["text"]
        .as_str()
        .unwrap()
        .contains("nim-sum"));
    let (s, b) = post("/api/hint", json!({ "position": nim(&[0, 0]) })).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["move"], Value::Null);
    let (s, b) = post("/api/hint", json!({ "position": "nim:3" })).await;
    assert_client_error(s, &b, "position");
}

/// A board of many options: the hint finds one winning move, not every one (Cram 5 × 6 has 49
/// options, 9 of them winning, each a search to prove); the analysis lists all 9 and derives
/// the value 2 by witnesses, one option worth 0 and one worth 1; a P-position known at once
/// (6 × 6, by symmetry) is hinted with no plan. The hint on 5 × 6 is the central domino, known
/// to win without search (its value not computed); on 3 × 9, which has no such move, it is
/// searched for.
#[tokio::test]
async fn hints_on_large_boards_search_for_one_winning_move() {
    let cram = |board: &str| json!({ "game": "cram", "position": board });
    for (board, kind, count) in [("5x6", "strategy", 9), ("3x9", "sum", 6)] {
        let (s, hint) = post_patient("/api/hint", json!({ "position": cram(board) })).await;
        assert_eq!(s, StatusCode::OK, "{hint}");
        assert_eq!(hint["winning"], true);
        assert_eq!(hint["explanation"]["kind"], kind, "{board}: {hint}");
        let (s, analysis) = post_patient("/api/analyze", json!({ "position": cram(board) })).await;
        assert_eq!(s, StatusCode::OK, "{analysis}");
        assert_eq!(analysis["winning_move_count"], count, "{board}");
        let listed: Vec<&Value> = analysis["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .collect();
        assert!(
            listed.iter().any(|m| m["text"] == hint["move"]["text"]),
            "{board}: {} among {listed:?}",
            hint["move"]["text"]
        );
    }
    let (s, analysis) = post_patient("/api/analyze", json!({ "position": cram("5x6") })).await;
    assert_eq!(s, StatusCode::OK, "{analysis}");
    let d = &analysis["explanation"]["components"][0]["derivation"];
    assert_eq!(
        (d["value"].clone(), d["option_count"].clone()),
        (json!(2), json!(49))
    );
    let witnessed: Vec<&Value> = d["witnesses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| &w["value"])
        .collect();
    assert_eq!(witnessed, [&json!(0), &json!(1)]);
    let (s, lost) = post_patient("/api/hint", json!({ "position": cram("6x6") })).await;
    assert_eq!(s, StatusCode::OK, "{lost}");
    assert_eq!(
        (lost["winning"].clone(), lost["outcome"].clone()),
        (json!(false), json!("P"))
    );
    assert!(
        lost["move"].is_object(),
        "a move that makes the game last: {lost}"
    );
    assert_eq!(lost["explanation"]["plan"], Value::Null);
}

/// A wide Chomp bar's moves are valued one by one (129 moves, each read off the box of the bar,
/// options in either orientation); the bound on its moves was once the square of its squares.
#[tokio::test]
async fn every_move_of_a_wide_chomp_bar_is_valued() {
    let bar = json!({ "game": "chomp", "position": "26,26,26,26,26" });
    let (s, b) = post_patient("/api/moves", json!({ "position": bar })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let moves = b["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 129);
    assert_eq!(b["outcome"], "N");
    let winning: Vec<&Value> = moves.iter().filter(|m| m["value"] == 0).collect();
    assert!(!winning.is_empty());
    assert!(winning.iter().all(|m| m["outcome"] == "win"), "{winning:?}");
    let (_, analysis) = post_patient("/api/analyze", json!({ "position": bar })).await;
    assert_eq!(analysis["winning_move_count"], winning.len());
}

#[tokio::test]
async fn computer_moves_by_strength_and_seed() {
    let request = json!({ "position": nim(&[2, 3, 4]), "player": "perfect" });
    let (s, b) = post("/api/move", request).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["position"]["heaps"], json!([2, 3, 1]));
    assert_eq!(b["finished"], false);
    let request = json!({ "position": nim(&[20, 30, 40]), "player": 30, "seed": 7 });
    let (_, first) = post("/api/move", request.clone()).await;
    let (_, again) = post("/api/move", request).await;
    assert_eq!(first, again, "the same seed gives the same move");
    assert_eq!(first["seed"], 7);
    let (_, b) = post(
        "/api/move",
        json!({ "position": nim(&[5]), "player": "random", "seed": 1 }),
    )
    .await;
    assert_eq!(b["player"], "random");
    let (_, b) = post("/api/move", json!({ "position": nim(&[1]) })).await;
    assert_eq!(
        (b["finished"].clone(), b["position"]["heaps"].clone()),
        (json!(true), json!([0]))
    );
    let (_, b) = post("/api/move", json!({ "position": nim(&[0]) })).await;
    assert_eq!(
        (b["move"].clone(), b["finished"].clone()),
        (Value::Null, json!(true))
    );
    let (s, b) = post("/api/move", json!({ "position": nim(&[3]), "player": 101 })).await;
    assert_client_error(s, &b, "player");
    let (s, b) = post(
        "/api/move",
        json!({ "position": nim(&[3]), "player": "genius" }),
    )
    .await;
    assert_client_error(s, &b, "player");
    let (s, b) = post("/api/move", json!({ "position": nim(&[3]), "seed": -1 })).await;
    assert_client_error(s, &b, "seed");
}

#[tokio::test]
async fn apply_checks_moves() {
    let sub = json!({ "game": "subtraction", "set": [1, 4, 9], "heaps": [11, 3] });
    let (s, b) = post(
        "/api/apply",
        json!({ "position": sub, "move": { "component": 0, "to": [7] } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["legal"], true);
    assert_eq!(b["position"]["heaps"], json!([7, 3]));
    let (_, b) = post(
        "/api/apply",
        json!({ "position": sub, "move": { "component": 0, "to": [9] } }),
    )
    .await;
    assert_eq!(b["legal"], false);
    let reason = b["reason"].as_str().unwrap();
    assert!(
        reason.contains(
            "does not allow taking 2 from heap 1 (11 tokens); allowed here: take 1, 4, 9"
        ),
        "{reason}"
    );
    let (_, b) = post(
        "/api/apply",
        json!({ "position": sub, "move": { "component": 5, "to": [0] } }),
    )
    .await;
    assert_eq!(b["legal"], false);
    let (_, b) = post(
        "/api/apply",
        json!({ "position": nim(&[1]), "move": { "component": 0, "to": [0] } }),
    )
    .await;
    assert_eq!(
        (b["legal"].clone(), b["finished"].clone()),
        (json!(true), json!(true))
    );
    let (s, b) = post(
        "/api/apply",
        json!({ "position": nim(&[3]), "move": { "component": -1, "to": [0] } }),
    )
    .await;
    assert_client_error(s, &b, "move.component");
    let (s, b) = post("/api/apply", json!({ "position": nim(&[3]) })).await;
    assert_client_error(s, &b, "move");
    // Moves are checked by the rules, not found among listed options: any size works.
    let (s, b) = post(
        "/api/apply",
        json!({ "position": nim(&[5_000_000]), "move": { "component": 0, "to": [0] } }),
    )
    .await;
    assert_eq!((s, &b["legal"]), (StatusCode::OK, &json!(true)), "{b}");
    let big =
        json!({ "game": "subtraction", "set": [1, 4, 9], "heaps": [1_000_000_000_000_000u64] });
    let (_, b) = post(
        "/api/apply",
        json!({ "position": big, "move": { "component": 0, "to": [999_999_999_999_991u64] } }),
    )
    .await;
    assert_eq!(b["legal"], true, "{b}");
}

#[tokio::test]
async fn sums_keep_their_terms() {
    let position = json!({ "game": "sum", "terms": "nim:3,4 + sub{1,4,9}:11" });
    let (s, b) = post(
        "/api/apply",
        json!({ "position": position, "move": { "component": 2, "to": [2] } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["position"]["terms"], "nim:3,4 + sub{1,4,9}:2");
    let (s, b) = post("/api/analyze", json!({ "position": b["position"] })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([3, 4, 0]));
}

// ---- sequence, simulate --------------------------------------------------------------------

#[tokio::test]
async fn sequence_with_period() {
    let (s, b) = post(
        "/api/sequence",
        json!({ "game": "subtraction", "set": [1, 4, 9], "count": 13 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0]));
    assert_eq!(b["period"]["period"], 5);
    assert_eq!(b["period"]["preperiod"], 0);
    let (s, b) = post(
        "/api/sequence",
        json!({ "game": "all-but", "except": [2, 3], "count": 10 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"].as_array().unwrap().len(), 10);
    let (s, b) = post(
        "/api/sequence",
        json!({ "game": "subtraction", "set": [1, 4, 9], "count": 10_000_000 }),
    )
    .await;
    assert_limit(s, &b, "max_count");
    let (s, b) = post(
        "/api/sequence",
        json!({ "game": "subtraction", "set": [1, 4, 9], "count": -5 }),
    )
    .await;
    assert_client_error(s, &b, "count");
    let (s, b) = post("/api/sequence", json!({ "game": "wonderland", "set": [1] })).await;
    assert_client_error(s, &b, "unknown sequence game");
    let (s, b) = post("/api/sequence", json!({ "game": "subtraction" })).await;
    assert_client_error(s, &b, "set is missing");
}

#[tokio::test]
async fn simulate_counts_wins() {
    let request = json!({ "position": nim(&[3, 4, 5]), "first": "perfect", "second": "random", "games": 40, "seed": 1 });
    let (s, b) = post("/api/simulate", request).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        b["wins"][0]["wins"], 40,
        "the perfect player wins every N-position"
    );
    let request = json!({ "position": nim(&[1, 4, 5]), "first": "random", "second": "perfect", "games": 40, "seed": 1 });
    let (_, b) = post("/api/simulate", request).await;
    assert_eq!(b["wins"][1]["wins"], 40);
    // The core's simulation, as `grundy simulate --json` writes it.
    assert_eq!(b["players"], json!(["random", "perfect"]));
    assert_eq!(
        (b["games"].clone(), b["seed"].clone()),
        (json!(40), json!(1))
    );
    assert_eq!(b["outcome"], "P");
    let (s, b) = post(
        "/api/simulate",
        json!({ "position": nim(&[3]), "games": 5000 }),
    )
    .await;
    assert_limit(s, &b, "max_games");
    let (s, b) = post(
        "/api/simulate",
        json!({ "position": { "game": "subtraction", "set": [1], "heaps": [100000] }, "first": "random", "games": 3 }),
    )
    .await;
    assert_limit(s, &b, "max_moves");
}

#[tokio::test]
async fn slow_computations_hit_the_time_limit() {
    let config = Config {
        limits: Limits {
            compute_time_ms: 1,
            ..Limits::default()
        },
    };
    // A misère sum that is not Nim is solved by exhaustive search: far more than 1 ms.
    let position =
        json!({ "game": "sum", "terms": "sub{1,2,3,5}:10,11,12 + nim:9", "convention": "misere" });
    let body = json!({ "position": position }).to_string();
    let (s, b) = send_with(config, Method::POST, "/api/analyze", body).await;
    assert_limit(s, &b, "compute_time_ms");
    let config = Config {
        limits: Limits {
            compute_time_ms: 20,
            ..Limits::default()
        },
    };
    // Perfect players delay a lost game as long as they can: far more than 20 ms of play.
    let position = json!({ "game": "nim", "heaps": [30, 30, 30, 30], "convention": "misere" });
    let body =
        json!({ "position": position, "first": "perfect", "second": "perfect", "games": 1000 });
    let (s, b) = send_with(config, Method::POST, "/api/simulate", body.to_string()).await;
    assert_limit(s, &b, "compute_time_ms");
}

// ---- octal games ---------------------------------------------------------------------------

#[tokio::test]
async fn octal_games_analyse_split_and_sequence() {
    let kayles = json!({ "game": "octal", "code": "kayles", "heaps": [5, 3] });
    let (s, b) = post("/api/analyze", json!({ "position": kayles })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([4, 3]));
    // Kayles 5: knock down the middle pin, leaving 2 + 2.
    let (s, b) = post(
        "/api/apply",
        json!({ "position": kayles, "move": { "component": 0, "to": [2, 2] } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["legal"], true, "{b}");
    assert_eq!(b["position"]["heaps"], json!([2, 3, 2]));
    let (s, b) = post(
        "/api/sequence",
        json!({ "game": "octal", "code": "0.77", "count": 36 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        b["values"].as_array().unwrap()[..10],
        json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4]).as_array().unwrap()[..]
    );
    assert_eq!(
        (
            b["period"]["period"].clone(),
            b["period"]["preperiod"].clone()
        ),
        (json!(12), json!(71))
    );
    let (s, b) = post(
        "/api/sequence",
        json!({ "game": "grundys-game", "count": 10 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([0, 0, 0, 1, 0, 2, 1, 0, 2, 1]));
    assert_eq!(b["period"]["status"], "not-claimed");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "octal", "code": "0.9", "heaps": [3] } }),
    )
    .await;
    assert_client_error(s, &b, "0.9");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "octal", "heaps": [3] } }),
    )
    .await;
    assert_client_error(s, &b, "code is missing");
}

// ---- take-and-break codes ---------------------------------------------------------------------

#[tokio::test]
async fn hexadecimal_games_split_in_three_and_grow() {
    // 0.8: remove one token, split the rest into three heaps; G(n) = (n - 1) div 3.
    let game = json!({ "game": "hex", "code": "0.8", "heaps": [10, 20] });
    let (s, b) = post("/api/analyze", json!({ "position": game })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([3, 6]));
    let (s, b) = post(
        "/api/apply",
        json!({ "position": game, "move": { "component": 0, "to": [2, 3, 4] } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["legal"], true, "{b}");
    assert_eq!(b["position"]["heaps"], json!([2, 20, 3, 4]));
    // The sequence: the arithmetic period and its certificate, and G(n) for a huge n.
    let (s, b) = post(
        "/api/sequence",
        json!({ "game": "hex", "code": "0.8", "count": 10, "at": "3000000000001" }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([0, 0, 0, 0, 1, 1, 1, 2, 2, 2]));
    assert_eq!(b["period"]["status"], "proven");
    assert_eq!(
        (
            &b["period"]["period"],
            &b["period"]["preperiod"],
            &b["period"]["saltus"]
        ),
        (&json!(3), &json!(1), &json!(1))
    );
    assert_eq!(b["period"]["theorem"]["name"], "move-classes");
    assert_eq!(b["at"]["value"], json!(1_000_000_000_000u64));
    // Lasker's Nim as a code, in a sum with the registered ruleset: equal heaps cancel.
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "sum", "terms": "hex{4.[3]}:7 + lasker:7" } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([8, 8]));
    assert_eq!(b["outcome"], "P");
    // An octal code through the hex family is the octal game.
    let (s, b) = post(
        "/api/sequence",
        json!({ "game": "hex", "code": "0.77", "count": 5 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["term"], "octal{0.77}");
    // Bad codes and a value beyond 64 bits are client errors naming the problem.
    for (code, needle) in [("0.G", "'G'"), ("1.8", "0, 4, 8 or C"), ("0.[", "']'")] {
        let (s, b) = post(
            "/api/analyze",
            json!({ "position": { "game": "hex", "code": code, "heaps": [3] } }),
        )
        .await;
        assert_client_error(s, &b, needle);
    }
    let (s, b) = post(
        "/api/sequence",
        json!({ "game": "hex", "code": "0.[3]", "count": 3, "at": "100000000000000000000000" }),
    )
    .await;
    assert_client_error(s, &b, "2^64");
}

/// A request over the time limit is cancelled, not left running: with a single slot, the next
/// request gets that slot at once (before cancellation it got a 429 "max_concurrent").
#[tokio::test]
async fn timed_out_work_frees_its_slot() {
    let config = Config {
        limits: Limits {
            compute_time_ms: 100,
            max_concurrent: 1,
            ..Limits::default()
        },
    };
    let app = router(config);
    let ask = |body: Value| {
        let app = app.clone();
        async move {
            let request = Request::builder()
                .method(Method::POST)
                .uri("/api/analyze")
                .body(Body::from(body.to_string()))
                .unwrap();
            let response = app.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            (status, serde_json::from_slice::<Value>(&bytes).unwrap())
        }
    };
    // A misère sum of non-Nim games: an exhaustive search of seconds (1.6M positions).
    let slow = json!({ "position": { "game": "sum", "terms": "sub{1,2,3,5}:40,41,42 + nim:20", "convention": "misere" } });
    let cheap =
        json!({ "position": { "game": "subtraction", "set": [1, 4, 9], "heaps": [11, 4] } });
    // The cancelled search notices its flag within 256 positions, but its thread runs at idle
    // priority, so on a busy machine it may take a moment to get there: the slot must be free
    // well before the search's own 3-second budget would have ended it (else it was not
    // cancelled), not necessarily within the cheap request's first 100 ms.
    for _ in 0..3 {
        let (s, b) = ask(slow.clone()).await;
        assert_limit(s, &b, "compute_time_ms");
        let asked = std::time::Instant::now();
        loop {
            let (s, b) = ask(cheap.clone()).await;
            if s == StatusCode::OK {
                break;
            }
            // Still waiting for the slot, or given it too late to finish within 100 ms.
            assert!(s.is_client_error(), "{s}: {b}");
            assert!(
                b["limit"] == "max_concurrent" || b["limit"] == "compute_time_ms",
                "{b}"
            );
            assert!(
                asked.elapsed() < std::time::Duration::from_millis(1500),
                "the slot was not freed: {b}"
            );
        }
    }
}

/// Every ruleset of the registry is listed, and plays through the API with typed moves too.
#[tokio::test]
async fn rulesets_are_listed_and_played_generically() {
    let (s, b) = send(Method::GET, "/api/rulesets", "").await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let names: Vec<&str> = b["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    for name in ["nim", "subtraction", "octal", "wythoff", "lasker", "moore"] {
        assert!(names.contains(&name), "{names:?}");
    }
    // Lasker's Nim: a split typed, then the analysis of what is left.
    let lasker = json!({ "game": "lasker", "heaps": [7] });
    let (s, b) = post(
        "/api/apply",
        json!({ "position": lasker, "move": { "typed": "1 to 3 4" } }),
    )
    .await;
    assert_eq!((s, &b["legal"]), (StatusCode::OK, &json!(true)), "{b}");
    assert_eq!(b["position"]["heaps"], json!([3, 4]));
    // Moore's Nim_2: two heaps at once, and an illegal third.
    let moore = json!({ "game": "moore", "k": 2, "heaps": [3, 5, 6] });
    let (_, b) = post(
        "/api/apply",
        json!({ "position": moore, "move": { "component": 0, "to": [1, 5, 5] } }),
    )
    .await;
    assert_eq!(b["legal"], true, "{b}");
    let (_, b) = post(
        "/api/apply",
        json!({ "position": moore, "move": { "typed": "1 1 2 1 3 1" } }),
    )
    .await;
    assert_eq!(b["legal"], false, "{b}");
    assert!(
        b["reason"].as_str().unwrap().contains("at most 2 heaps"),
        "{b}"
    );
    let (s, b) = post("/api/analyze", json!({ "position": moore })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for m in b["winning_moves"].as_array().unwrap() {
        let (_, after) = post(
            "/api/apply",
            json!({ "position": moore, "move": { "component": 0, "to": m["to"][0]["heaps"] } }),
        )
        .await;
        let (_, a) = post("/api/analyze", json!({ "position": after["position"] })).await;
        assert_eq!(a["outcome"], "P", "{m}");
    }
    // Neither form, or both: a clear error.
    let (s, b) = post(
        "/api/apply",
        json!({ "position": lasker, "move": { "component": 0 } }),
    )
    .await;
    assert_client_error(s, &b, "typed");
}

/// With `chart_width`, the sequence comes with its chart: grundy-chart's SVG of that width,
/// with its title, description and accessible name; without, no chart.
#[tokio::test]
async fn sequence_chart_svg() {
    let body = json!({"game": "subtraction", "set": [1, 4, 9], "count": 30, "chart_width": 340});
    let (s, b) = post("/api/sequence", body).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let svg = b["chart_svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg role=\"img\" aria-label=\"G(n) for"),
        "{svg}"
    );
    assert!(svg.contains("width=\"340\"") && svg.contains("<title>") && svg.contains("<desc>"));
    assert!(
        svg.contains("periodic from the start with period 5"),
        "{svg}"
    );
    let (_, b) = post(
        "/api/sequence",
        json!({"game": "subtraction", "set": [1, 4], "count": 10}),
    )
    .await;
    assert!(b.get("chart_svg").is_none(), "{b}");
    let (s, b) = post(
        "/api/sequence",
        json!({"game": "subtraction", "set": [1, 4], "chart_width": 100}),
    )
    .await;
    assert_client_error(s, &b, "chart_width");
}

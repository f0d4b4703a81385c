//! Heaps of any size through the API, in process: heaps as strings of digits in
//! `/api/analyze`, `/api/hint`, `/api/move` and `/api/apply`, for Nim and every ruleset whose
//! value is a lookup there, written back as strings beyond 2^53 - 1, and the refusals
//! (`/api/moves`, values that are not lookups, bad strings).

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::http::StatusCode;
use serde_json::{json, Value};
use support::*;

const TEN_30: &str = "1000000000000000000000000000000";

fn nim(heaps: Value) -> Value {
    json!({"game": "nim", "heaps": heaps})
}

#[tokio::test]
async fn a_heap_of_ten_to_the_thirty() {
    let position = nim(json!([TEN_30, 7]));
    let (status, body) = post("/api/analyze", json!({"position": position})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["nim_sum"], "1000000000000000000000000000007");
    assert_eq!(body["outcome"], "N");
    assert_eq!(body["components"][0]["heap"], TEN_30);
    assert_eq!(body["position"]["heaps"], json!([TEN_30, 7]));
    for path in ["/api/hint", "/api/move"] {
        let (status, body) = post(path, json!({"position": position})).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        assert_eq!(body["move"]["to"][0]["heap"], 7, "{path}: {body}");
        assert_eq!(body["position"]["heaps"], json!([7, 7]), "{path}: {body}");
        if path == "/api/hint" {
            assert_eq!(body["winning"], true);
        }
    }
    // From a P-position the computer takes one token from the largest heap (the last of
    // equal ones).
    let (_, body) = post(
        "/api/move",
        json!({"position": nim(json!([TEN_30, TEN_30]))}),
    )
    .await;
    assert_eq!(
        body["position"]["heaps"],
        json!([TEN_30, "999999999999999999999999999999"]),
        "{body}"
    );
    // Moves by component and new size (a string or a number), or typed.
    for (mv, heaps) in [
        (
            json!({"component": 0, "to": ["12345678901234567890123"]}),
            json!(["12345678901234567890123", 7]),
        ),
        (json!({"component": 0, "to": [3]}), json!([3, 7])),
        (json!({"typed": "heap 1 to 5"}), json!([5, 7])),
        (json!({"typed": "2 7"}), json!([TEN_30, 0])),
    ] {
        let (status, body) = post("/api/apply", json!({"position": position, "move": mv})).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {body}");
        assert_eq!(body["legal"], true, "{mv}: {body}");
        assert_eq!(body["position"]["heaps"], heaps, "{mv}: {body}");
    }
    for (mv, reason) in [
        (
            json!({"component": 1, "to": [8]}),
            "a move must leave fewer",
        ),
        (json!({"typed": "3 1"}), "there is no heap 3"),
    ] {
        let (_, body) = post("/api/apply", json!({"position": position, "move": mv})).await;
        assert_eq!(body["legal"], false, "{mv}: {body}");
        assert!(body["reason"].as_str().unwrap().contains(reason), "{body}");
    }
}

#[tokio::test]
async fn refusals_name_the_field_or_the_limit() {
    let (status, body) = post("/api/moves", json!({"position": nim(json!([TEN_30]))})).await;
    assert!(status.is_client_error(), "{body}");
    assert_eq!(body["limit"], "max_heap");
    assert!(
        body["error"].as_str().unwrap().contains("/api/hint"),
        "{body}"
    );
    // Heaps with about as many moves as tokens (Lasker's Nim, a code that splits, a Wythoff
    // board): refused in one line naming the heap, the limit and where the winning moves are.
    for (position, named) in [
        (json!({"game": "lasker", "heaps": [3, TEN_30]}), "heap 2"),
        (
            json!({"game": "octal", "code": "0.77", "heaps": [TEN_30]}),
            "heap 1",
        ),
        (
            json!({"game": "wythoff", "heaps": [TEN_30, 5]}),
            "Wythoff board",
        ),
    ] {
        let (status, body) = post("/api/moves", json!({ "position": position })).await;
        assert!(status.is_client_error(), "{body}");
        assert_eq!(body["limit"], "max_heap", "{body}");
        let error = body["error"].as_str().unwrap();
        assert!(
            error.contains(named) && error.contains("/api/hint"),
            "{body}"
        );
        assert!(!error.contains('\n'), "{body}");
    }
    // Where the value is not a lookup (no period proven for Grundy's game), the core's refusal
    // names the heap and the limit, in one line, at every door.
    // An all-but game whose period is not proven (excluding 5000) is computed up to 10^7.
    for (position, named) in [
        (json!({"game": "grundys-game", "heaps": [TEN_30]}), TEN_30),
        (
            json!({"game": "all-but", "except": [5000], "heaps": ["18446744073709551615"]}),
            "18446744073709551615",
        ),
    ] {
        for path in ["/api/analyze", "/api/hint", "/api/move", "/api/apply"] {
            let mut request = json!({ "position": position });
            if path == "/api/apply" && position["game"] == "all-but" {
                // Playing a legal move needs no value: all-but heaps are played at any size.
                continue;
            }
            if path == "/api/apply" {
                request["move"] = json!({"component": 0, "to": [1]});
            }
            // The all-but game's values to 10^7 take most of the default 2 s on a quiet
            // machine: a patient server, so that the refusal tested is the heap's.
            let (status, body) = post_patient(path, request).await;
            assert!(status.is_client_error(), "{path}: {body}");
            let error = body["error"].as_str().unwrap();
            assert!(error.contains(named), "{path}: {body}");
            assert!(!error.contains('\n'), "{path}: {body}");
        }
    }
    let (status, body) = post("/api/analyze", json!({"position": nim(json!(["12x"]))})).await;
    assert!(status.is_client_error(), "{body}");
    assert_eq!(body["field"], "position.heaps[0]");
    // A small heap given as a string is a heap like any other.
    let (status, body) = post("/api/analyze", json!({"position": nim(json!(["3", 4]))})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["nim_sum"], 7);
}

/// Issue 29: a heap of any size is answered wherever the answer is a lookup, in every door.
/// `S = {1, 2}` has period 3 (G(n) = n mod 3), so 10^30 (≡ 1 mod 3) has value 1; `sub{1,4,9}`
/// has value 0 at 10^30 and 1 at 10^30 + 1 (as `grundy analyze` gives them); the octal game
/// 0.07 (Dawson's Kayles) has period 34 from n = 53.
#[tokio::test]
async fn other_rulesets_heaps_of_any_size_are_valued_by_analyze() {
    let one_more = "1000000000000000000000000000001";
    let cases = [
        (
            json!({"game": "subtraction", "set": [1, 2], "heaps": [TEN_30]}),
            json!([1]),
        ),
        (
            json!({"game": "sum", "terms": format!("sub{{1,4,9}}:{TEN_30}")}),
            json!([0]),
        ),
        (
            json!({"game": "sum", "terms": format!("sub{{1,4,9}}:{one_more} + nim:3")}),
            json!([1, 3]),
        ),
        (
            json!({"game": "octal", "code": "0.07", "heaps": [TEN_30]}),
            json!([1]),
        ),
        // All-but {2, 3} through its proven arithmetic period: G(n) = 2·⌊n/4⌋ + (n mod 2).
        (
            json!({"game": "all-but", "except": [2, 3], "heaps": ["18446744073709551615", "18446744073709551616", TEN_30]}),
            json!([
                "9223372036854775807",
                "9223372036854775808",
                "500000000000000000000000000000"
            ]),
        ),
        // Lasker's Nim by its closed form: 4k + 3 and 4k + 4 swap (10^30 ≡ 0 mod 4).
        (
            json!({"game": "lasker", "heaps": ["18446744073709551615", "18446744073709551616", TEN_30]}),
            json!([
                "18446744073709551616",
                "18446744073709551615",
                "999999999999999999999999999999"
            ]),
        ),
    ];
    for (position, values) in cases {
        let (status, body) = post("/api/analyze", json!({ "position": position })).await;
        assert_eq!(status, StatusCode::OK, "{position}: {body}");
        assert_eq!(body["values"], values, "{position}: {body}");
        assert_eq!(
            body["position"]["game"], position["game"],
            "{position}: {body}"
        );
        assert_eq!(
            body["position"]["heaps"], position["heaps"],
            "{position}: {body}"
        );
        assert_eq!(
            body["position"]["terms"], position["terms"],
            "{position}: {body}"
        );
    }
    // The value agrees with a small heap of the same residue (10^30 ≡ 1 mod 3).
    let (_, small) = post(
        "/api/analyze",
        json!({"position": {"game": "subtraction", "set": [1, 2], "heaps": [4]}}),
    )
    .await;
    assert_eq!(small["values"], json!([1]));
}

/// Issue 29: hints, computer moves and players' moves at any size, for subtraction, octal
/// (Kayles), Wythoff's game and a sum of them; each position after a move reads back.
#[tokio::test]
async fn every_door_plays_heaps_of_any_size() {
    let positions = [
        json!({"game": "subtraction", "set": [1, 4, 9], "heaps": [TEN_30]}),
        json!({"game": "octal", "code": "0.77", "heaps": [TEN_30, 5]}),
        json!({"game": "wythoff", "heaps": [TEN_30, 17]}),
        json!({"game": "sum", "terms": format!("sub{{1,4,9}}:{TEN_30} + octal{{0.77}}:{TEN_30} + wythoff:10,7 + nim:3")}),
        // Between 2^53 and 2^64 - 1: within the core's u64, beyond JavaScript's numbers.
        json!({"game": "lasker", "heaps": ["9007199254740993"]}),
        // Lasker's Nim beyond 2^64 - 1: two huge heaps whose winning moves may be splits.
        json!({"game": "lasker", "heaps": [TEN_30, "1000000000000000000000000000006"]}),
        json!({"game": "sum", "terms": format!("lasker:{TEN_30} + nim:7")}),
        json!({"game": "wythoff", "heaps": ["18446744073709551615", "9007199254740992"]}),
        // All-but heaps through the proven period, beyond 2^64 - 1 and within it.
        json!({"game": "all-but", "except": [2, 3], "heaps": [TEN_30, 7]}),
        json!({"game": "all-but", "except": [1, 2, 4, 8], "heaps": ["18446744073709551615", TEN_30]}),
    ];
    for start in positions {
        let mut position = start.clone();
        for step in 0..4 {
            let (status, hint) = post("/api/hint", json!({ "position": position })).await;
            assert_eq!(status, StatusCode::OK, "{position}: {hint}");
            if hint["move"].is_null() {
                break;
            }
            assert!(hint["explanation"]["text"].is_string(), "{hint}");
            // The hint's move, sent back as a player's move, is legal and leaves the same
            // position.
            let mv = &hint["move"];
            let to: Vec<Value> = mv["to"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|part| match (part.get("heap"), part.get("heaps")) {
                    (Some(h), _) => vec![h.clone()],
                    (_, Some(hs)) => hs.as_array().unwrap().clone(),
                    _ => panic!("{part}"),
                })
                .collect();
            let (status, applied) = post(
                "/api/apply",
                json!({"position": position, "move": {"component": mv["component"], "to": to}}),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{position}: {applied}");
            assert_eq!(applied["legal"], true, "{position} {mv}: {applied}");
            assert_eq!(
                applied["position"], hint["position"],
                "{position}: {applied}"
            );
            // The computer plays the hint's move; the position after it reads back.
            let (status, moved) = post("/api/move", json!({ "position": position })).await;
            assert_eq!(status, StatusCode::OK, "{moved}");
            assert_eq!(moved["position"], hint["position"], "{position}: {moved}");
            let next = hint["position"].clone();
            let (status, analyzed) = post("/api/analyze", json!({ "position": next })).await;
            assert_eq!(status, StatusCode::OK, "{next}: {analyzed}");
            if step == 0 && hint["winning"] == true {
                assert_eq!(analyzed["outcome"], "P", "{position} -> {next}");
            }
            assert_no_inexact_number(&analyzed);
            position = next;
        }
    }
    // A typed move at any size, and an illegal one with its reason.
    let subtraction = json!({"game": "subtraction", "set": [1, 4, 9], "heaps": [TEN_30]});
    let (_, body) = post(
        "/api/apply",
        json!({"position": subtraction, "move": {"typed": "1 4"}}),
    )
    .await;
    assert_eq!(body["legal"], true, "{body}");
    assert_eq!(
        body["position"]["heaps"],
        json!(["999999999999999999999999999996"])
    );
    let (_, body) = post(
        "/api/apply",
        json!({"position": subtraction, "move": {"typed": "1 2"}}),
    )
    .await;
    assert_eq!(body["legal"], false, "{body}");
}

fn assert_no_inexact_number(v: &Value) {
    match v {
        Value::Number(n) => assert!(n.as_u64().map_or(true, |n| n < 1 << 53), "{n}"),
        Value::Array(items) => items.iter().for_each(assert_no_inexact_number),
        Value::Object(fields) => fields.values().for_each(assert_no_inexact_number),
        _ => {}
    }
}

/// Issue 28: no number loses a digit in JSON. A heap of 2^53 - 1 is a number, 2^53 a string,
/// and so are 2^64 - 1 and 2^64; a heap is read as a number or a string.
#[tokio::test]
async fn json_heaps_are_numbers_up_to_2_to_the_53_minus_1_and_strings_beyond() {
    let cases = [
        (json!(9007199254740991u64), json!(9007199254740991u64)),
        (json!("9007199254740991"), json!(9007199254740991u64)),
        (json!("9007199254740992"), json!("9007199254740992")),
        (json!("18446744073709551615"), json!("18446744073709551615")),
        (json!("18446744073709551616"), json!("18446744073709551616")),
    ];
    for (sent, written) in cases {
        for game in [
            json!({"game": "nim"}),
            json!({"game": "subtraction", "set": [1, 2]}),
        ] {
            let mut position = game.clone();
            position["heaps"] = json!([sent.clone()]);
            let (status, body) = post("/api/analyze", json!({ "position": position })).await;
            assert_eq!(status, StatusCode::OK, "{position}: {body}");
            assert_eq!(body["components"][0]["heap"], written, "{position}: {body}");
            assert_eq!(body["position"]["heaps"][0], written, "{position}: {body}");
            assert_no_inexact_number(&body);
            let (status, body) = post("/api/hint", json!({ "position": position })).await;
            assert_eq!(status, StatusCode::OK, "{position}: {body}");
            assert_eq!(body["move"]["from"]["heap"], written, "{position}: {body}");
            assert_no_inexact_number(&body);
        }
    }
}

/// `/api/moves` beyond `max_heap` where the moves are few: a subtraction heap of 10^30 has one
/// move per amount, each valued (the value it leaves, a win exactly when that is 0), the
/// hint's move marked `best`.
#[tokio::test]
async fn few_moves_of_a_huge_heap_are_valued() {
    let position = json!({"game": "sum", "terms": format!("sub{{1,4,9}}:{TEN_30} + nim:1")});
    let (status, body) = post("/api/moves", json!({ "position": position })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let moves = body["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4, "{body}"); // 3 amounts, and the Nim heap's one move
    assert_eq!(body["measured"], false);
    assert_eq!(body["position"]["terms"], position["terms"]);
    let (_, hint) = post("/api/hint", json!({ "position": position })).await;
    for m in moves {
        let win = m["value"] == 0;
        assert_eq!(m["outcome"], if win { "win" } else { "lose" }, "{m}");
        assert_eq!(m["best"], m["move"] == hint["move"], "{m} {hint}");
    }
    assert_eq!(moves.iter().filter(|m| m["best"] == true).count(), 1);
    assert_eq!(
        moves[0]["move"]["to"][0]["heap"],
        "999999999999999999999999999999"
    );
    assert_no_inexact_number(&body);
}

//! Nim heaps of any size through the API, in process: heaps as strings of digits in
//! `/api/analyze`, `/api/hint`, `/api/move` and `/api/apply`, written back as strings beyond
//! 2^53 - 1, and the refusals (`/api/moves`, other rulesets, bad strings).

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
        assert_eq!(body["winning"], true);
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
            "a move takes at least one",
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
    assert_eq!(body["limit"], "engine");
    // Another ruleset's heap beyond max_heap: valued by /api/analyze where the value is a
    // lookup, refused by the endpoints that move, in one line naming the limit.
    let subtraction = json!({"game": "subtraction", "set": [1, 2], "heaps": [TEN_30]});
    for path in ["/api/hint", "/api/move", "/api/moves"] {
        let (status, body) = post(path, json!({ "position": subtraction })).await;
        assert!(status.is_client_error(), "{path}: {body}");
        assert_eq!(body["limit"], "max_heap", "{path}: {body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .contains("/api/analyze only"),
            "{body}"
        );
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

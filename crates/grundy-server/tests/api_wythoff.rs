//! Wythoff's game through the JSON API, in process: analyses small and huge, sums and misère,
//! bad positions, hints, computer moves and typed moves, and the table's tiles, checked against
//! the definition (a mex over the row, column and diagonal) computed here.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};
use support::*;

use grundy_core::games::wythoff::beatty::{is_p_position, p_position};

/// G(x, y) for x, y < side by the definition (a mex over the row, column and diagonal below),
/// independently of the engine's table.
fn wythoff_by_definition(side: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; side]; side];
    for x in 0..side {
        for y in 0..side {
            let mut seen = std::collections::HashSet::new();
            seen.extend((0..x).map(|i| g[i][y]));
            seen.extend((0..y).map(|j| g[x][j]));
            seen.extend((1..=x.min(y)).map(|k| g[x - k][y - k]));
            g[x][y] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}

fn queen(x: u64, y: u64) -> Value {
    json!({ "game": "wythoff", "heaps": [x, y] })
}

/// The queen's squares after each move in `moves` (a list of SumMove JSON).
fn targets(moves: &Value) -> Vec<(u64, u64)> {
    moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let to = &m["to"][0]["heaps"];
            (to[0].as_u64().unwrap(), to[1].as_u64().unwrap())
        })
        .collect()
}

#[tokio::test]
async fn wythoff_analysis_small_and_huge() {
    let g = wythoff_by_definition(24);
    let (s, b) = post("/api/analyze", json!({ "position": queen(10, 7) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["outcome"], "N");
    assert_eq!(b["values"], json!([g[10][7]]));
    assert_eq!(targets(&b["winning_moves"]), [(4, 7), (10, 6), (7, 4)]);
    assert_eq!(b["explanation"]["kind"], "wythoff");
    assert_eq!(b["explanation"]["diagonal_p"], json!([7, 4]));
    assert_eq!(b["explanation"]["column_p"], json!([10, 6]));
    let text = b["explanation"]["text"].as_str().unwrap();
    assert!(text.contains("(4, 7), left 6"), "{text}");
    assert!(text.contains(&format!("G(10, 7) = {}", g[10][7])), "{text}");
    // Every square of a small board: P/N and the value agree with the definition.
    for x in 0..12u64 {
        for y in 0..12u64 {
            let (_, b) = post("/api/analyze", json!({ "position": queen(x, y) })).await;
            let v = g[x as usize][y as usize];
            assert_eq!(b["values"], json!([v]), "({x}, {y})");
            assert_eq!(b["outcome"], if v == 0 { "P" } else { "N" }, "({x}, {y})");
            assert_eq!(b["finished"], json!((x, y) == (0, 0)));
        }
    }
    // Far beyond the table: P/N and winning moves from the closed form, no value.
    let big = (1u64 << 53) - 1;
    let (s, b) = post("/api/analyze", json!({ "position": queen(big, 12_345) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], Value::Null);
    assert_eq!(b["outcome"], "N");
    let moves = targets(&b["winning_moves"]);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|&(x, y)| is_p_position(x, y)), "{moves:?}");
    assert!(b["explanation"]["text"]
        .as_str()
        .unwrap()
        .contains("max_wythoff_table"));
    // A huge P-position: (a_n, b_n) for n = 10^15.
    let (a, bn) = p_position(1_000_000_000_000_000);
    let (a, bn) = (a as u64, bn as u64);
    let (s, b) = post("/api/analyze", json!({ "position": queen(bn, a) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!((&b["outcome"], &b["values"]), (&json!("P"), &json!([0])));
}

#[tokio::test]
async fn wythoff_in_sums_and_misere() {
    let g = wythoff_by_definition(12);
    let position = json!({ "game": "sum", "terms": "wythoff:10,7 + nim:3" });
    let (s, b) = post("/api/analyze", json!({ "position": position })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], json!([g[10][7], 3]));
    assert_eq!(b["explanation"]["kind"], "sum");
    // Every winning move leaves a P-position, as the API itself says.
    for m in b["winning_moves"].as_array().unwrap() {
        let (s, a) = post(
            "/api/apply",
            json!({ "position": position, "move": { "component": m["component"], "to": m["to"][0]["heaps"].as_array().map_or(json!([m["to"][0]["heap"]]), |h| json!(h)) } }),
        )
        .await;
        assert_eq!((s, &a["legal"]), (StatusCode::OK, &json!(true)), "{a}");
        let (_, after) = post("/api/analyze", json!({ "position": a["position"] })).await;
        assert_eq!(after["outcome"], "P", "{m} -> {after}");
        assert!(a["position"]["terms"]
            .as_str()
            .unwrap()
            .contains("wythoff:"));
    }
    // Sums need Wythoff's Grundy value, so they stop at the table.
    let position = json!({ "game": "sum", "terms": "wythoff:5000,3 + nim:3" });
    let (s, b) = post("/api/analyze", json!({ "position": position })).await;
    assert_limit(s, &b, "max_wythoff_table");
    assert_client_error(s, &b, "2047");
    // Misère Wythoff is searched exhaustively: small is fine, large is refused up front.
    let position = json!({ "game": "wythoff", "heaps": [2, 2], "convention": "misere" });
    let (s, b) = post("/api/analyze", json!({ "position": position })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Misère Wythoff's P-positions near the corner are (0, 1), (1, 0) and (2, 2).
    assert_eq!(b["outcome"], "P");
    let position = json!({ "game": "wythoff", "heaps": [9000, 2], "convention": "misere" });
    let (s, b) = post("/api/analyze", json!({ "position": position })).await;
    assert_limit(s, &b, "max_wythoff_table");
}

#[tokio::test]
async fn wythoff_bad_positions() {
    for (heaps, needle) in [
        (json!([1]), "pairs of heaps"),
        (json!([1, 2, 3]), "pairs of heaps"),
        (json!([]), "position.heaps is empty"),
        (json!([-1, 2]), "position.heaps[0]"),
        (json!(["a", 2]), "position.heaps[0]"),
        (json!([1, 2.5]), "position.heaps[1]"),
        (json!("10,7"), "position.heaps"),
    ] {
        let body = json!({ "position": { "game": "wythoff", "heaps": heaps } });
        let (s, b) = post("/api/analyze", body).await;
        assert_client_error(s, &b, needle);
    }
    let (s, b) = post("/api/analyze", json!({ "position": { "game": "wythoff" } })).await;
    assert_client_error(s, &b, "heaps is missing");
    // Beyond max_heap a lone queen is answered by the closed form at any size, its numbers
    // beyond 2^53 - 1 written as strings; in a sum she needs her value, refused by name.
    let (s, b) = post("/api/analyze", json!({ "position": queen(1 << 53, 1) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["components"][0]["heaps"], json!(["9007199254740992", 1]));
    assert_eq!(b["winning_moves"][0]["to"][0]["heaps"], json!([2, 1]));
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "sum", "terms": "wythoff:9007199254740992,1 + nim:1" } }),
    )
    .await;
    assert!(s.is_client_error(), "{b}");
    let body = r#"{"position": {"game": "wythoff", "heaps": [1, 99999999999999999999999]}}"#;
    let (s, b) = send(Method::POST, "/api/analyze", body).await;
    assert_client_error(s, &b, "position.heaps[1]");
    let (s, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "wythof", "heaps": [1, 2] } }),
    )
    .await;
    assert_client_error(s, &b, "wythoff");
}

#[tokio::test]
async fn wythoff_hint_move_and_apply() {
    let (s, b) = post("/api/hint", json!({ "position": queen(10, 7) })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["winning"], true);
    let to = &b["position"]["heaps"];
    assert!(is_p_position(
        to[0].as_u64().unwrap(),
        to[1].as_u64().unwrap()
    ));
    assert_eq!(b["explanation"]["kind"], "wythoff");
    // The perfect computer answers at any size, always to a P-position.
    for (x, y) in [
        (10, 7),
        (2000, 1999),
        (1 << 52, 3),
        ((1 << 53) - 1, (1 << 53) - 2),
    ] {
        let (s, b) = post(
            "/api/move",
            json!({ "position": queen(x, y), "player": "perfect", "seed": 1 }),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "({x}, {y}): {b}");
        let to = &b["position"]["heaps"];
        let (x2, y2) = (to[0].as_u64().unwrap(), to[1].as_u64().unwrap());
        assert!(is_p_position(x2, y2), "({x}, {y}) -> ({x2}, {y2})");
        // A random computer's move is legal.
        let (s, b) = post(
            "/api/apply",
            json!({ "position": queen(x, y), "move": { "component": 0, "to": [x2, y2] } }),
        )
        .await;
        assert_eq!((s, &b["legal"]), (StatusCode::OK, &json!(true)), "{b}");
        let (s, b) = post(
            "/api/move",
            json!({ "position": queen(x, y), "player": "random", "seed": 2 }),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        let to = b["position"]["heaps"].clone();
        let (s, b) = post(
            "/api/apply",
            json!({ "position": queen(x, y), "move": { "component": 0, "to": to } }),
        )
        .await;
        assert_eq!((s, &b["legal"]), (StatusCode::OK, &json!(true)), "{b}");
    }
    // From a P-position the perfect player still moves (one square left).
    let (s, b) = post(
        "/api/move",
        json!({ "position": queen(4, 7), "player": 100 }),
    )
    .await;
    assert_eq!(
        (s, &b["position"]["heaps"]),
        (StatusCode::OK, &json!([3, 7]))
    );
    // The bouton player lists moves: refused for a huge queen, fine for a small one.
    let (s, b) = post(
        "/api/move",
        json!({ "position": queen(1 << 40, 7), "player": "bouton" }),
    )
    .await;
    assert_limit(s, &b, "engine");
    let (s, b) = post(
        "/api/move",
        json!({ "position": queen(4, 7), "player": "bouton" }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // The queen's moves: left, down, diagonally down-left; everything else is explained.
    for (to, legal) in [
        (json!([4, 7]), true),
        (json!([10, 0]), true),
        (json!([3, 0]), true),
        (json!([0, 7]), true),
        (json!([10, 7]), false),
        (json!([11, 7]), false),
        (json!([10, 8]), false),
        (json!([8, 6]), false),
        (json!([4]), false),
        (json!([1, 2, 3]), false),
    ] {
        let (s, b) = post(
            "/api/apply",
            json!({ "position": queen(10, 7), "move": { "component": 0, "to": to } }),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        assert_eq!(b["legal"], legal, "{to}: {b}");
        if !legal {
            assert!(!b["reason"].as_str().unwrap().is_empty());
        }
    }
    let (_, b) = post(
        "/api/apply",
        json!({ "position": queen(10, 7), "move": { "component": 0, "to": [8, 6] } }),
    )
    .await;
    assert!(b["reason"].as_str().unwrap().contains("diagonal"), "{b}");
    let (_, b) = post(
        "/api/apply",
        json!({ "position": queen(10, 7), "move": { "component": 0, "to": [11, 7] } }),
    )
    .await;
    assert!(
        b["reason"].as_str().unwrap().contains("never right or up"),
        "{b}"
    );
    // Simulations run on Wythoff too.
    let (s, b) = post(
        "/api/simulate",
        json!({ "position": queen(30, 20), "first": "perfect", "second": "random", "games": 20, "seed": 5 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        b["wins"][0]["wins"], 20,
        "(30, 20) is an N-position: perfect play wins"
    );
}

#[tokio::test]
async fn wythoff_table_tiles() {
    let g = wythoff_by_definition(16);
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": 3, "y0": 5, "width": 7, "height": 4 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for j in 0..4 {
        for i in 0..7 {
            assert_eq!(b["values"][j][i], g[3 + i][5 + j], "({}, {})", 3 + i, 5 + j);
        }
    }
    let mut p: Vec<(u64, u64)> = Vec::new();
    for y in 5..9u64 {
        for x in 3..10u64 {
            if g[x as usize][y as usize] == 0 {
                p.push((x, y));
            }
        }
    }
    let listed: Vec<(u64, u64)> = b["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v[0].as_u64().unwrap(), v[1].as_u64().unwrap()))
        .collect();
    assert_eq!(listed, p);
    assert_eq!(listed, [(3, 5), (4, 7)]);
    // The largest tile allowed, at the edge of the table.
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": 2047 - 63, "y0": 2047 - 63, "width": 64, "height": 64 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // Too many cells, beyond the table, beyond max_heap, empty, and wrong types.
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": 0, "y0": 0, "width": 65, "height": 64 }),
    )
    .await;
    assert_limit(s, &b, "max_tile_cells");
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": 2040, "y0": 0, "width": 10, "height": 10 }),
    )
    .await;
    assert_limit(s, &b, "max_wythoff_table");
    // P-positions alone work at any size.
    let (a, bn) = p_position(1_000_000_000_000);
    let (a, bn) = (a as u64, bn as u64);
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": a - 2, "y0": bn - 3, "width": 5, "height": 5, "values": false }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["values"], Value::Null);
    // Expected: the P-positions (a_m, b_m) with m near n that fall in the tile, listed row by row.
    let (x0, y0) = (a - 2, bn - 3);
    let mut expected: Vec<(u64, u64)> = (999_999_999_990..1_000_000_000_010u64)
        .map(p_position)
        .map(|(a, b)| (a as u64, b as u64))
        .filter(|&(x, y)| (x0..x0 + 5).contains(&x) && (y0..y0 + 5).contains(&y))
        .collect();
    expected.sort_by_key(|&(x, y)| (y, x));
    assert!(expected.contains(&(a, bn)));
    let listed: Vec<(u64, u64)> = b["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v[0].as_u64().unwrap(), v[1].as_u64().unwrap()))
        .collect();
    assert_eq!(listed, expected);
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": u64::MAX, "y0": 0, "width": 2, "height": 1, "values": false }),
    )
    .await;
    assert_limit(s, &b, "max_heap");
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": 0, "y0": 0, "width": 0, "height": 4 }),
    )
    .await;
    assert_client_error(s, &b, "at least 1");
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": -1, "y0": 0, "width": 4, "height": 4 }),
    )
    .await;
    assert_client_error(s, &b, "x0");
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": "a", "y0": 0, "width": 4, "height": 4 }),
    )
    .await;
    assert_client_error(s, &b, "x0");
    let (s, b) = post("/api/wythoff/table", json!({ "x0": 0, "y0": 0 })).await;
    assert_client_error(s, &b, "width");
    let (s, b) = post(
        "/api/wythoff/table",
        json!({ "x0": 0, "y0": 0, "width": 4, "height": 4, "colour": true }),
    )
    .await;
    assert_client_error(s, &b, "unknown field");
    let (s, b) = send(Method::POST, "/api/wythoff/table", "{\"x0\": ").await;
    assert_client_error(s, &b, "malformed JSON");
    let (s, b) = send(Method::GET, "/api/wythoff/table", Body::empty()).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED, "{b}");
}

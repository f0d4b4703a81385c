//! `POST /api/moves` (every move valued) and the hint's `moves_left`, in process, checked
//! against remoteness computed here by brute force over Nim positions (Smith's remoteness:
//! a position with no move has remoteness 0; a player who can win wins as fast as possible,
//! a player who cannot win makes the game last as long as possible).

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::http::StatusCode;
use serde_json::{json, Value};
use support::*;

/// The Nim positions one move from `heaps`.
fn children(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for left in 0..h {
            let mut next = heaps.to_vec();
            next[i] = left;
            out.push(next);
        }
    }
    out
}

/// Remoteness by exhaustive search: even for a loss of the player to move, odd for a win.
fn remoteness(heaps: &[u64]) -> u64 {
    let rs: Vec<u64> = children(heaps).iter().map(|c| remoteness(c)).collect();
    if rs.is_empty() {
        return 0;
    }
    match rs.iter().filter(|r| *r % 2 == 0).min() {
        Some(r) => r + 1,
        None => rs.iter().max().unwrap() + 1,
    }
}

#[tokio::test]
async fn every_move_valued_as_exhaustive_search_says() {
    for heaps in [
        vec![1, 2],
        vec![3, 4, 5],
        vec![2, 2],
        vec![1, 3, 3],
        vec![4],
    ] {
        let position = json!({ "game": "nim", "heaps": heaps });
        let (s, b) = post("/api/moves", json!({ "position": position })).await;
        assert_eq!(s, StatusCode::OK, "{b}");
        assert_eq!(b["measured"], true, "{b}");
        assert_eq!(b["moves_left"], remoteness(&heaps), "{heaps:?}");
        let moves = b["moves"].as_array().unwrap();
        assert_eq!(moves.len(), children(&heaps).len(), "{heaps:?}");
        for m in moves {
            let i = m["move"]["component"].as_u64().unwrap() as usize;
            let left = m["move"]["to"][0]["heap"].as_u64().unwrap();
            let mut child = heaps.clone();
            child[i] = left;
            let r = remoteness(&child);
            assert_eq!(m["moves_left"], r + 1, "{heaps:?} -> {child:?}");
            let wins = r % 2 == 0;
            assert_eq!(m["outcome"], if wins { "win" } else { "lose" }, "{m}");
            assert_eq!(m["value"], child.iter().fold(0, |a, h| a ^ h), "{m}");
        }
        // The best move is the one the hint gives, and as long as the position's remoteness.
        let best: Vec<&Value> = moves.iter().filter(|m| m["best"] == true).collect();
        assert_eq!(best.len(), 1, "{heaps:?}");
        assert_eq!(best[0]["moves_left"], b["moves_left"], "{heaps:?}");
        let (s, hint) = post("/api/hint", json!({ "position": position })).await;
        assert_eq!(s, StatusCode::OK, "{hint}");
        assert_eq!(hint["move"], best[0]["move"], "{heaps:?}");
        assert_eq!(hint["moves_left"], b["moves_left"], "{heaps:?}");
    }
}

#[tokio::test]
async fn bad_positions_are_refused() {
    let (s, b) = post("/api/moves", json!({ "position": { "game": "chess" } })).await;
    assert!(s.is_client_error(), "{b}");
    assert!(b["error"].as_str().unwrap().contains("chess"), "{b}");
    let (s, b) = post(
        "/api/moves",
        json!({ "position": { "game": "nim", "heaps": [-1] } }),
    )
    .await;
    assert!(s.is_client_error(), "{b}");
}

/// A move given by its place in `/api/moves`' list is that move, for heaps and for a Cram
/// board alike; a place past the end is refused in words.
#[tokio::test]
async fn moves_played_by_their_place_in_the_list() {
    for position in [
        json!({ "game": "nim", "heaps": [1, 2] }),
        json!({ "game": "cram", "position": "2x3" }),
    ] {
        let (s, listed) = post("/api/moves", json!({ "position": position })).await;
        assert_eq!(s, StatusCode::OK, "{listed}");
        let moves = listed["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{listed}");
        for (index, m) in moves.iter().enumerate() {
            let body = json!({ "position": position, "move": { "index": index } });
            let (s, b) = post("/api/apply", body).await;
            assert_eq!(s, StatusCode::OK, "{b}");
            assert_eq!(b["legal"], true, "{b}");
            assert_eq!(b["move"], m["move"], "{position}: move {index}");
        }
        let body = json!({ "position": position, "move": { "index": moves.len() } });
        let (s, b) = post("/api/apply", body).await;
        assert_eq!(s, StatusCode::OK, "{b}");
        assert_eq!(b["legal"], false, "{b}");
        assert!(
            b["reason"].as_str().unwrap().contains("there is no move"),
            "{b}"
        );
    }
}

/// `POST /api/remoteness`: each position's outcome and moves left, as exhaustive search says
/// for Nim, and as `/api/moves` says for misère Nim and for Wythoff squares; more than 256
/// positions, or a bad one, are refused in words naming them.
#[tokio::test]
async fn remoteness_of_each_position() {
    let heaps = [
        vec![1],
        vec![1, 2],
        vec![3, 4, 5],
        vec![2, 2],
        vec![1, 3, 3],
    ];
    let positions: Vec<Value> = heaps
        .iter()
        .map(|h| json!({ "game": "nim", "heaps": h }))
        .collect();
    let (s, b) = post("/api/remoteness", json!({ "positions": positions })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    for (h, answer) in heaps.iter().zip(b["positions"].as_array().unwrap()) {
        let r = remoteness(h);
        assert_eq!(answer["moves_left"], r, "{h:?}");
        assert_eq!(
            answer["outcome"],
            if r % 2 == 1 { "N" } else { "P" },
            "{h:?}"
        );
    }
    for position in [
        json!({ "game": "nim", "heaps": [1, 1, 1], "convention": "misere" }),
        json!({ "game": "nim", "heaps": [2, 3], "convention": "misere" }),
        json!({ "game": "wythoff", "heaps": [3, 5] }),
        json!({ "game": "wythoff", "heaps": [4, 6] }),
    ] {
        let (s, b) = post("/api/remoteness", json!({ "positions": [position] })).await;
        assert_eq!(s, StatusCode::OK, "{b}");
        let (s, m) = post("/api/moves", json!({ "position": position })).await;
        assert_eq!(s, StatusCode::OK, "{m}");
        assert_eq!(
            b["positions"][0]["moves_left"], m["moves_left"],
            "{position}"
        );
        assert_eq!(b["positions"][0]["outcome"], m["outcome"], "{position}");
    }
    let many: Vec<Value> = (0..257)
        .map(|n| json!({ "game": "nim", "heaps": [n] }))
        .collect();
    let (s, b) = post("/api/remoteness", json!({ "positions": many })).await;
    assert_client_error(s, &b, "257 positions");
    let (s, b) = post(
        "/api/remoteness",
        json!({ "positions": [{ "game": "nim", "heaps": [1] }, { "game": "nope", "heaps": [1] }] }),
    )
    .await;
    assert_client_error(s, &b, "nope");
}

/// `POST /api/genus`: misère Nim's values by Bouton (a heap of 1 is worth 0 under misère play,
/// every larger heap n is worth n; Conway, *On Numbers and Games*, ch. 12), every heap tame;
/// a count of 0 or beyond 30, and a ruleset that is not a heap game, are refused in words.
#[tokio::test]
async fn genus_gives_misere_values() {
    let (s, b) = post("/api/genus", json!({ "game": "nim", "count": 6 })).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let heaps = b["heaps"].as_array().unwrap();
    assert_eq!(heaps.len(), 6);
    for (k, h) in heaps.iter().enumerate() {
        let n = k as u64 + 1;
        assert_eq!(h["heap"], n);
        // The shape of `grundy misere genus --json` (grundy_core::wire::GenusRow).
        assert_eq!(h["normal_value"], n);
        assert_eq!(h["misere_values"][0], if n == 1 { 0 } else { n }, "{h}");
        assert_eq!(h["tame"], true, "{h}");
        assert_eq!(h["kind"], "tame", "{h}");
    }
    assert_eq!(heaps[0]["genus"], "1^{031}");
    let (s, b) = post(
        "/api/genus",
        json!({ "game": "octal", "code": "kayles", "count": 12 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["heaps"].as_array().unwrap().len(), 12);
    for count in [0, 31] {
        let (s, b) = post("/api/genus", json!({ "game": "nim", "count": count })).await;
        assert_client_error(s, &b, &format!("count: {count} heaps requested"));
    }
    let (s, b) = post("/api/genus", json!({ "game": "cram", "count": 3 })).await;
    assert_client_error(s, &b, "heap game");
}

/// The moves' answer is the wire schema's `MoveValues` (the support's `post` validates every
/// answer), and the schema can fail (a planted field is refused).
#[tokio::test]
async fn moves_conform_to_the_schema_and_a_planted_field_is_refused() {
    let (status, answer) = post(
        "/api/moves",
        json!({ "position": { "game": "sum", "terms": "nim:3,4" } }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let schema = grundy_core::wire::schema::document_schema("MoveValues").unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    assert!(validator.is_valid(&answer), "{answer}");
    let mut planted = answer.clone();
    planted["moves"][0]["nim_sum"] = json!(1);
    assert!(!validator.is_valid(&planted));
}

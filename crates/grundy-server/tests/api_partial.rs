//! How the page plays a board whose value takes longer than the server allows: `/api/analyze`
//! with `partial` answers it unvalued instead of refusing it, and the computer's moves and the
//! moves applied carry their place in the list of moves (`index`), so that no list of valued
//! moves is needed to keep them in the link. And a simulation stopped early answers, with
//! `partial`, with the games it finished.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::http::{Method, StatusCode};
use grundy_server::{Config, Limits};
use serde_json::{json, Value};
use support::*;

/// A router whose questions may take `ms` milliseconds.
fn config(ms: u64) -> Config {
    Config {
        limits: Limits {
            compute_time_ms: ms,
            ..Limits::default()
        },
    }
}

async fn analyze(ms: u64, position: Value, partial: bool) -> (StatusCode, Value) {
    let body = json!({ "position": position, "partial": partial }).to_string();
    send_with(config(ms), Method::POST, "/api/analyze", body).await
}

/// Cram 6 × 7 (its value takes minutes) refused within 400 ms; with `partial`, the board as
/// it stands, not finished, nothing about who wins, and why. A board valued in time is
/// answered as ever, and a heap game refused stays refused: no move of it is known either.
#[tokio::test]
async fn a_board_too_hard_to_value_is_answered_unvalued_when_asked() {
    let board = json!({ "game": "cram", "position": "6x7" });
    let (s, b) = analyze(400, board.clone(), false).await;
    assert_limit(s, &b, "compute_time_ms");
    let (s, b) = analyze(400, board.clone(), true).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let unknown = ["values", "nim_sum", "outcome", "winner", "winning_moves"];
    for field in unknown {
        assert_eq!(b[field], Value::Null, "{field}: {b}");
    }
    assert_eq!(b["finished"], false);
    assert_eq!(b["game"], "Cram");
    assert_eq!(
        b["components"][0]["board"],
        "......./......./......./......./......./......."
    );
    assert_eq!(b["position"]["position"], "6x7");
    let refused = b["refused"].as_str().unwrap();
    assert!(
        refused.contains("not answered within the time budget")
            && refused.contains("compute_time_ms"),
        "{refused}"
    );
    let small = json!({ "game": "cram", "position": "3x3" });
    let (s, b) = analyze(60_000, small, true).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        (b["values"].clone(), b["outcome"].clone()),
        (json!([0]), json!("P"))
    );
    assert!(b.get("refused").is_none(), "{b}");
    let heaps =
        json!({ "game": "sum", "terms": "sub{1,2,3,5}:10,11,12 + nim:9", "convention": "misere" });
    let (s, b) = analyze(1, heaps, true).await;
    assert_limit(s, &b, "compute_time_ms");
    let (s, b) = send(
        Method::POST,
        "/api/analyze",
        json!({ "position": board, "partial": "yes" }).to_string(),
    )
    .await;
    assert_client_error(s, &b, "partial");
}

async fn moves(position: Value, partial: bool) -> (StatusCode, Value) {
    let body = json!({ "position": position, "partial": partial }).to_string();
    send_with(config(60_000), Method::POST, "/api/moves", body).await
}

/// `/api/moves` of a position whose moves are too many to value one by one (a Nim heap of
/// 10^40, a Kayles row of 10^30 that splits, a Nim heap of 10^7 within `max_heap`): refused
/// with its limit, and with `partial` answered 200 with `moves: null` and why (`unlisted`),
/// so that the page asks once and says why. Moves that are listed are answered as ever, and a
/// position the server does not accept stays refused.
#[tokio::test]
async fn moves_too_many_to_list_are_said_unlisted_when_asked() {
    let huge = format!("1{}", "0".repeat(40));
    for position in [
        json!({ "game": "nim", "heaps": [huge] }),
        json!({ "game": "octal", "code": "kayles", "heaps": [format!("1{}", "0".repeat(30))] }),
        json!({ "game": "nim", "heaps": [10_000_000] }),
    ] {
        let (s, b) = moves(position.clone(), false).await;
        assert!(
            s.is_client_error() && b["limit"].is_string(),
            "{position}: {s} {b}"
        );
        let refusal = b["error"].clone();
        let (s, b) = moves(position.clone(), true).await;
        assert_eq!(s, StatusCode::OK, "{b}");
        assert_eq!(b["moves"], Value::Null, "{b}");
        assert_eq!(b["unlisted"], refusal, "{position}: the refusal's message");
        assert_eq!(b["position"]["heaps"], position["heaps"], "{b}");
    }
    let (s, b) = moves(json!({ "game": "nim", "heaps": [3, 4] }), true).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["moves"].as_array().map(Vec::len), Some(7), "{b}");
    let (s, b) = moves(json!({ "game": "nim", "heaps": [-1] }), true).await;
    assert!(s.is_client_error() && b.get("unlisted").is_none(), "{b}");
}

async fn computer_move(ms: u64, position: Value, partial: bool) -> (StatusCode, Value) {
    let body = json!({ "position": position, "partial": partial, "seed": 7 }).to_string();
    send_with(config(ms), Method::POST, "/api/move", body).await
}

/// After a corner domino on Cram 6 × 7 no move is known to win and none is found within
/// 400 ms: the computer's move is refused, and with `partial` it is a move at random (the same
/// for the same seed), legal, with `refused` saying why. A heap game refused stays refused;
/// `partial` must be a boolean.
#[tokio::test]
async fn a_computer_move_too_hard_to_find_is_played_at_random_when_asked() {
    let board =
        json!({ "game": "cram", "position": "##...../......./......./......./......./......." });
    let (s, b) = computer_move(400, board.clone(), false).await;
    assert_limit(s, &b, "compute_time_ms");
    let (s, first) = computer_move(400, board.clone(), true).await;
    assert_eq!(s, StatusCode::OK, "{first}");
    let refused = first["refused"].as_str().unwrap();
    assert!(refused.contains("compute_time_ms"), "{refused}");
    assert_eq!(first["player"], "perfect");
    assert_eq!(first["finished"], false);
    let after = first["position"]["position"].as_str().unwrap();
    assert_eq!(after.matches('#').count(), 4, "{after}");
    // The move is one of the position's: applied by its text, it leaves the same board.
    let (s, applied) = post(
        "/api/apply",
        json!({ "position": board, "move": { "typed": first["move"]["text"] } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{applied}");
    assert_eq!(applied["legal"], true, "{applied}");
    assert_eq!(applied["position"]["position"], after);
    let (_, again) = computer_move(400, board.clone(), true).await;
    assert_eq!(again["move"], first["move"]);
    // A position whose perfect move is found in time has no `refused`.
    let small = json!({ "game": "cram", "position": "3x3" });
    let (s, b) = computer_move(60_000, small, true).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(b.get("refused").is_none(), "{b}");
    let heaps = json!({ "game": "octal", "code": "0.6", "heaps": [40_000_000] });
    let (s, b) = computer_move(400, heaps, true).await;
    assert_limit(s, &b, "compute_time_ms");
    let (s, b) = send(
        Method::POST,
        "/api/move",
        json!({ "position": board, "partial": 1 }).to_string(),
    )
    .await;
    assert_client_error(s, &b, "partial");
}

/// The computer's move and a move applied give their place among the moves `/api/moves`
/// lists, the place `/api/apply` takes back as `move: {index}`; on 6 × 7, whose moves take
/// longer to value than the server allows, too; and for positions of at most 1,000 moves.
#[tokio::test]
async fn moves_carry_their_place_in_the_list_of_moves() {
    let board = json!({ "game": "cram", "position": "3x4" });
    let (s, computer) = post(
        "/api/move",
        json!({ "position": board, "player": "perfect" }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{computer}");
    let index = computer["index"].as_u64().expect("an index") as usize;
    let (s, listed) = post_patient("/api/moves", json!({ "position": board })).await;
    assert_eq!(s, StatusCode::OK, "{listed}");
    assert_eq!(
        listed["moves"][index]["move"]["text"],
        computer["move"]["text"]
    );
    let typed = computer["move"]["text"].clone();
    let (s, applied) = post(
        "/api/apply",
        json!({ "position": board, "move": { "typed": typed } }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{applied}");
    assert_eq!(applied["index"], index);
    let (_, by_index) = post(
        "/api/apply",
        json!({ "position": board, "move": { "index": index } }),
    )
    .await;
    assert_eq!(by_index["move"], computer["move"]);
    let big = json!({ "game": "cram", "position": "6x7" });
    let (s, computer) = post("/api/move", json!({ "position": big, "player": "perfect" })).await;
    assert_eq!(s, StatusCode::OK, "{computer}");
    let (_, by_index) = post(
        "/api/apply",
        json!({ "position": big, "move": { "index": computer["index"] } }),
    )
    .await;
    assert_eq!(by_index["move"], computer["move"], "the central domino");
    // At most 1,000 moves are listed for the place: a stalk of 1,000 edges has one, of 1,001
    // none (null: the client lists the moves itself).
    for (edges, indexed) in [(1000, true), (1001, false)] {
        let stalk = json!({ "game": "hackenbush", "position": format!("stalk:{edges}") });
        let (s, computer) = post("/api/move", json!({ "position": stalk })).await;
        assert_eq!(s, StatusCode::OK, "{computer}");
        assert_eq!(computer["index"].is_u64(), indexed, "{edges}: {computer}");
        assert_eq!(computer["index"].is_null(), !indexed, "{edges}: {computer}");
    }
    // A game over has no move, and no place.
    let (_, over) = post(
        "/api/move",
        json!({ "position": { "game": "cram", "position": "#" } }),
    )
    .await;
    assert_eq!(
        (over["move"].clone(), over["index"].clone()),
        (Value::Null, Value::Null)
    );
}

async fn simulate(limits: Limits, request: Value) -> (StatusCode, Value) {
    let body = request.to_string();
    send_with(Config { limits }, Method::POST, "/api/simulate", body).await
}

/// 10^8 games of Nim at 300 ms: refused without `partial` (the series named), and with it the
/// games finished, counted as ever, with `stopped` saying why.
#[tokio::test]
async fn a_series_stopped_by_the_time_limit_answers_with_the_games_finished() {
    let limits = Limits {
        compute_time_ms: 300,
        max_games: 100_000_000,
        ..Limits::default()
    };
    let mut request = json!({
        "position": { "game": "nim", "heaps": [5, 6, 7] },
        "first": "random", "second": "random", "games": 100_000_000, "seed": 1,
    });
    let (s, b) = simulate(limits.clone(), request.clone()).await;
    assert_limit(s, &b, "compute_time_ms");
    let error = b["error"].as_str().unwrap();
    assert!(error.contains("the series of 100000000 games"), "{error}");
    request["partial"] = json!(true);
    let (s, b) = simulate(limits, request).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let done = b["games"].as_u64().unwrap();
    assert!(done > 0 && done < 100_000_000, "{b}");
    assert_eq!(b["games_requested"], 100_000_000);
    let wins = b["wins"][0]["wins"].as_u64().unwrap() + b["wins"][1]["wins"].as_u64().unwrap();
    assert_eq!(wins, done);
    let stopped = b["stopped"].as_str().unwrap();
    assert!(stopped.contains("compute_time_ms"), "{stopped}");
}

/// A game longer than `max_moves` after some that fit (random players on Nim 3 + 3 take 2 to
/// 6 moves; with seed 7 the first takes at most 4): refused without `partial`, answered with
/// the games before it with `partial`. A series whose first game is too long has nothing to
/// answer with, and is refused either way; a series that finishes has `stopped` null.
#[tokio::test]
async fn a_series_stopped_by_a_long_game_answers_with_the_games_before_it() {
    let limits = Limits {
        max_moves: 4,
        ..Limits::default()
    };
    let mut request = json!({
        "position": { "game": "nim", "heaps": [3, 3] },
        "first": "random", "second": "random", "games": 1000, "seed": 7,
    });
    let (s, b) = simulate(limits.clone(), request.clone()).await;
    assert_limit(s, &b, "max_moves");
    request["partial"] = json!(true);
    let (s, b) = simulate(limits.clone(), request.clone()).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let done = b["games"].as_u64().unwrap();
    assert!(done > 0 && done < 1000, "{b}");
    assert_eq!(b["stopped"], "a game went on for more than 4 moves");
    // Nim 1000 + 1000 between perfect players takes 2000 moves.
    request["position"] = json!({ "game": "nim", "heaps": [1000, 1000] });
    request["first"] = json!("perfect");
    request["second"] = json!("perfect");
    let (s, b) = simulate(limits, request.clone()).await;
    assert_limit(s, &b, "max_moves");
    let (s, b) = simulate(Limits::default(), request.clone()).await;
    assert_limit(s, &b, "max_moves");
    request["position"] = json!({ "game": "nim", "heaps": [3, 3] });
    let (s, b) = simulate(Limits::default(), request.clone()).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        (b["games"].clone(), b["stopped"].clone()),
        (json!(1000), Value::Null)
    );
    request["partial"] = json!("yes");
    let (s, b) = simulate(Limits::default(), request).await;
    assert_client_error(s, &b, "partial");
}

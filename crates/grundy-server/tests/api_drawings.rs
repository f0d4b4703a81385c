//! What the page needs from the API to draw and teach the games that are not heaps, in
//! process: each family's noun (what a component is called, as the engine's moves and
//! explanations call it), its drawing kind, the coin games' numbering, lone boards' typed moves
//! without a component number, Moore's Nim explained by Moore's theorem (the hint's plan being
//! the hint's move), and illegal coin sets refused in the rule's words.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::http::StatusCode;
use serde_json::json;
use support::*;

#[tokio::test]
async fn nouns_drawings_and_explanations_of_boards_graphs_coins_and_rows() {
    // What a component is called, as the engine's moves and explanations call it; the coin
    // games' numbering; how each is drawn.
    let (s, b) = get("/api/rulesets").await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let family = |name: &str| {
        b["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["name"] == name)
            .cloned()
            .unwrap()
    };
    for (name, noun, drawing) in [
        ("nim", "heap", "heaps"),
        ("moore", "row", "heap-row"),
        ("cram", "board", "board"),
        ("chomp", "bar", "chomp"),
        ("node-kayles", "graph", "graph"),
        ("arc-kayles", "graph", "graph-edges"),
        ("turtles", "row of coins", "coins"),
    ] {
        let f = family(name);
        assert_eq!(
            (&f["noun"], &f["positions"]["drawing"]),
            (&json!(noun), &json!(drawing)),
            "{f}"
        );
    }
    assert_eq!(family("turtles")["first_coin"], 1);
    assert_eq!(family("mock-turtles")["first_coin"], 0);
    assert_eq!(family("nim").get("first_coin"), None);
    // Rows and columns of boards drawn square by square, from the rulesets themselves
    // (`Ruleset::grid_numbering`): coin grids as their games number coins, Cram from 1.
    assert_eq!(family("turning-corners")["first_row"], 0);
    assert_eq!(family("cram")["first_row"], 1);
    assert_eq!(family("cram")["first_column"], 1);
    assert_eq!(family("chomp").get("first_row"), None);
    assert!(!family("cram")["moves"]
        .as_str()
        .unwrap()
        .contains("component's number"));
    // The explanation names the board, and a move's text the same.
    let (_, b) = post(
        "/api/analyze",
        json!({ "position": { "game": "cram", "position": "2x3" } }),
    )
    .await;
    assert_eq!(b["explanation"]["components"][0]["noun"], "board", "{b}");
    assert!(
        b["explanation"]["text"]
            .as_str()
            .unwrap()
            .contains("  board 1: cram at"),
        "{b}"
    );
    assert!(
        b["winning_moves"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("board 1: "),
        "{b}"
    );
    // Moore's Nim is explained by Moore's theorem; the hint's plan is the hint's move.
    let moore = json!({ "game": "moore", "k": 2, "heaps": [3, 5, 6] });
    let (_, b) = post("/api/hint", json!({ "position": moore })).await;
    assert_eq!(b["explanation"]["kind"], "moore", "{b}");
    assert_eq!(
        b["explanation"]["plan"]["to"], b["move"]["to"][0]["heaps"],
        "{b}"
    );
    // An illegal set of coins is refused in the rule's words.
    let (_, b) = post(
        "/api/apply",
        json!({ "position": { "game": "twins", "position": "THHTH" }, "move": { "typed": "turn 4" } }),
    )
    .await;
    assert!(
        b["reason"]
            .as_str()
            .unwrap()
            .contains("Twins turns exactly two coins, not 1"),
        "{b}"
    );
}

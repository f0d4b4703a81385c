//! What the page needs from the API to draw and teach the games that are not heaps, in
//! process: each family's noun (what a component is called, as the engine's moves and
//! explanations call it), its drawing kind, the coin games' numbering, lone boards' typed moves
//! without a component number, Moore's Nim explained by Moore's theorem (the hint's plan being
//! the hint's move), and illegal coin sets refused in the rule's words. Also the page itself:
//! every asset served, and every drawing kind the registry names loaded by the page.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod support;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use grundy_server::{router, Config};
use http_body_util::BodyExt;
use serde_json::json;
use support::*;
use tower::ServiceExt;

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
    // (`Presentation::grid`): coin grids as their games number coins, Cram from 1.
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

/// `GET path`: its status, content type and body as text.
async fn fetch(path: &str) -> (StatusCode, String, String) {
    let request = Request::builder().uri(path).body(Body::empty()).unwrap();
    let response = router(Config::default()).oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map_or(String::new(), |t| t.to_str().unwrap().to_string());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

/// The files the page served at `/` links to (its scripts, stylesheets and icon).
async fn linked_by_the_page() -> Vec<String> {
    let (_, _, page) = fetch("/").await;
    let mut linked: Vec<String> = ["src=\"/", "href=\"/"]
        .iter()
        .flat_map(|attr| page.split(attr).skip(1))
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_string)
        .collect();
    linked.sort_unstable();
    linked.dedup();
    linked
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    // Every file the page links to is served, with its type; so is every file of assets/.
    let linked = linked_by_the_page().await;
    assert!(linked.len() >= 10, "{linked:?}");
    let in_assets = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name != "index.html");
    for file in linked
        .iter()
        .cloned()
        .chain(in_assets)
        .chain([String::new()])
    {
        let path = format!("/{file}");
        let kind = match file.rsplit('.').next() {
            Some("js") => "text/javascript",
            Some("css") => "text/css",
            Some("svg") => "image/svg+xml",
            _ => "text/html",
        };
        let (status, content_type, body) = fetch(&path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        assert!(!body.is_empty(), "{path}");
    }
    let (status, _, _) = fetch("/no-such-file.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Every drawing kind the registry names is drawn by the page: `heaps` and `heap-row` by
/// board.js itself, every other by exactly one `draw-*.js` the page loads
/// (`DRAWINGS.kind = ` or `DRAWINGS["kind"] = `); and every drawing a script registers is
/// one a family names, so none is dead. The page loads every `draw-*.js` of assets/ (build.rs).
#[tokio::test]
async fn every_drawing_the_registry_names_is_loaded_by_the_page() {
    let (s, b) = send(Method::GET, "/api/rulesets", "").await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let mut named: Vec<String> = b["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|family| family["positions"]["drawing"].as_str().unwrap().to_string())
        .collect();
    named.sort_unstable();
    named.dedup();
    assert!(named.len() >= 10, "{named:?}");

    let mut registered: Vec<String> = Vec::new();
    for script in linked_by_the_page().await {
        if !script.starts_with("draw-") {
            continue;
        }
        let (_, _, text) = fetch(&format!("/{script}")).await;
        for line in text.lines().filter(|l| l.starts_with("DRAWINGS")) {
            let kind = line["DRAWINGS".len()..]
                .trim_start_matches(['.', '[', '"'])
                .split(['"', ']', ' ', '='])
                .next()
                .unwrap();
            registered.push(kind.to_string());
        }
    }
    let mut distinct = registered.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        registered.len(),
        "a kind registered twice: {registered:?}"
    );
    for kind in &named {
        let by_board = kind == "heaps" || kind == "heap-row";
        assert!(
            by_board || distinct.contains(kind),
            "no script the page loads registers DRAWINGS[{kind:?}]: {distinct:?}"
        );
    }
    for kind in &distinct {
        assert!(
            named.contains(kind),
            "DRAWINGS[{kind:?}] is named by no family: {named:?}"
        );
    }
    let on_disk = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("draw-") && n.ends_with(".js"))
        .count();
    let loaded = linked_by_the_page()
        .await
        .iter()
        .filter(|n| n.starts_with("draw-"))
        .count();
    assert_eq!(loaded, on_disk, "the page loads every draw-*.js of assets/");
}

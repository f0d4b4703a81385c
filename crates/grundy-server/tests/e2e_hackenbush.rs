//! End-to-end, Green Hackenbush in real Chromium: the picture is drawn on its ground (one
//! element per edge, loops and parallel edges included), the hint's highlight is exactly the
//! edge the hint cuts, a click on an edge cuts it and what hung on it falls, nothing else moves,
//! and a whole game is played by clicking edges. Screenshots at 1280 and 390 px go to
//! `target/e2e-screenshots/hackenbush-*.png`.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;

use browser::*;
use fantoccini::Client;
use serde_json::{json, Value};

/// A tree with a loop (*4), a triangle on a stem (*2), two parallel edges on the ground (*0)
/// and a loop on the ground (*1): value 4 XOR 2 XOR 0 XOR 1 = 7.
const PICTURE: &str = "0-1,1-2,1-3,3-3,0-4,4-5,5-6,4-6,0-7,0-7,0-0";

fn link(url: &str, mode: &str) -> String {
    format!("{url}#game=hackenbush&position={PICTURE}&mode={mode}&first=human&strength=100")
}

/// The number of each edge drawn, in the order drawn.
async fn drawn_edges(client: &Client) -> Vec<u64> {
    let v = eval(
        client,
        "[...document.querySelectorAll('#hb-board .hb-edge')].map((g) => Number(g.dataset.edge))",
    )
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect()
}

/// Where the handle of edge `n` is drawn.
async fn handle_at(client: &Client, n: u64) -> Value {
    eval(
        client,
        &format!("(() => {{ const h = document.querySelector('#hb-board .hb-handle[data-edge=\"{n}\"]'); return [h.getAttribute('cx'), h.getAttribute('cy')]; }})()"),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hackenbush_is_drawn_hinted_and_played_by_clicking_edges() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    open(client, &link(url, "human")).await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    // Every edge drawn once, the ground line, a dot for each vertex but the ground.
    assert_eq!(drawn_edges(client).await, (1..=11).collect::<Vec<u64>>());
    assert_eq!(
        eval(
            client,
            "document.querySelectorAll('#hb-board .hb-ground').length"
        )
        .await,
        json!(1)
    );
    assert_eq!(
        eval(
            client,
            "document.querySelectorAll('#hb-board .hb-vertex').length"
        )
        .await,
        json!(7)
    );
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "board-card").await;
        screenshot(client, &format!("hackenbush-{size}-picture")).await;
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();

    // The hint: its text names one edge, and exactly that edge (and its dot) is highlighted.
    hint(client).await;
    let text = eval(client, "state.hint.move.text").await;
    let text = text.as_str().unwrap().to_string();
    let named: u64 = text
        .split("cut edge ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the hint names an edge: {text}"));
    assert_eq!(
        eval(
            client,
            "[...document.querySelectorAll('.hinted')].map((h) => Number(h.dataset.edge))"
        )
        .await,
        json!([named]),
        "{text}"
    );
    assert_eq!(
        eval(
            client,
            "[...document.querySelectorAll('.hint-edge')].map((h) => Number(h.dataset.edge))"
        )
        .await,
        json!([named])
    );
    // The server's analysis agrees: the hinted cut is one of the winning cuts it lists.
    let winning = eval(client, "state.analysis.winning_moves.map((m) => m.text)").await;
    assert!(
        winning
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m.as_str() == Some(text.as_str())),
        "{text} in {winning}"
    );
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "board-card").await;
        screenshot(client, &format!("hackenbush-{size}-hint")).await;
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();

    // Two players: a click on edge 1 (the tree's stem) cuts it, and edges 2 to 4 fall.
    open(client, &link(url, "two")).await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    let triangle_before = handle_at(client, 7).await;
    click(client, "#hb-board .hb-handle[data-edge='1']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 1",
    )
    .await;
    assert_text_contains(
        client,
        "history",
        &["Cut edge 1 (0-1), edge 2 (1-2), edge 3 (1-3), edge 4 (3-3) fall"],
    )
    .await;
    wait_until(client, MY_TURN).await;
    assert_eq!(drawn_edges(client).await, (1..=7).collect::<Vec<u64>>());
    // Nothing moved: the triangle's edge 5-6 (edge 7 before, edge 3 now) is where it was.
    assert_eq!(handle_at(client, 3).await, triangle_before);
    // A click on a parallel edge at the ground drops only itself.
    click(client, "#hb-board .hb-handle[data-edge='5']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 2",
    )
    .await;
    wait_until(client, MY_TURN).await;
    assert_eq!(drawn_edges(client).await, (1..=6).collect::<Vec<u64>>());
    screenshot(client, "hackenbush-1280-cut").await;

    // Against the computer, following the hints to the end wins.
    open(client, &link(url, "human")).await;
    follow_hints_to_the_end(client, 12).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    assert_eq!(drawn_edges(client).await, Vec::<u64>::new());
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "board-card").await;
        screenshot(client, &format!("hackenbush-{size}-end")).await;
    }
    session.close().await;
}

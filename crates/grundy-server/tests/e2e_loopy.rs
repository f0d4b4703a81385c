//! End-to-end, loopy games in real Chromium: a position whose play can cycle is drawn (a
//! token's digraph as vertices and arrows, the token's vertex marked), its values γ and its
//! outcome shown, a draw coloured and labelled as a draw; a move is played by clicking a vertex
//! and with the keyboard; a winning position is won against the perfect computer by following
//! the hints, which end the game (the strategy never cycles); and no JavaScript error happens.
//! Screenshots at 1280 and 390 px go to `target/e2e-screenshots/loopy-*.png`.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;

use browser::*;
use fantoccini::key::Key;
use fantoccini::Client;
use serde_json::json;

/// A draw: the token's digraph (γ = 1) plus Wind-Up (∞{0}) is ∞{1}.
const DRAW: &str = "digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1";
/// A win for the player to move (∞{0}) where careless play goes round the cycles for ever.
const WIN: &str = "digraph{0>1,1>0,0>2,2>3,3>2,2>4}:0 + digraph{0>1,1>0,0>2}:0";

fn link(url: &str, terms: &str, mode: &str) -> String {
    let encoded: String = terms
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("{url}#game=loopy&terms={encoded}&mode={mode}&first=human&strength=100")
}

/// Records the page's JavaScript errors from now on (uncaught errors and rejections).
async fn watch_errors(client: &Client) {
    eval(
        client,
        "(() => { window.__errors = []; addEventListener('error', (e) => window.__errors.push(String(e.message))); addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason))); return true; })()",
    )
    .await;
}

async fn no_errors(client: &Client) {
    assert_eq!(eval(client, "window.__errors").await, json!([]));
}

/// Buttons smaller than 24 × 24 px (as `e2e_access.rs` measures them).
const SMALL_TARGETS: &str = "[...document.querySelectorAll('button, [role=button], input, select, a[href]')].filter((b) => b.getClientRects().length > 0 && !b.closest('[hidden]')).map((b) => [b, b.getBoundingClientRect()]).filter(([, r]) => r.width < 24 || r.height < 24).map(([b, r]) => `${b.tagName} ${b.getAttribute('aria-label') || b.id || b.textContent.trim().slice(0, 30)} ${Math.round(r.width)}x${Math.round(r.height)}`)";
/// Elements wider than the window.
const TOO_WIDE: &str = "[...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length > 0 && !e.matches('.skip')).map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.right > window.innerWidth + 1 || r.left < -1).map(([e, r]) => `${e.tagName}.${e.getAttribute('class') || ''} ${Math.round(r.left)}..${Math.round(r.right)}`).slice(0, 5)";

/// Nothing is wider than the window, and every tap target is at least 24 × 24 px.
async fn fits(client: &Client) {
    assert_eq!(
        eval(client, TOO_WIDE).await,
        json!([]),
        "wider than the window"
    );
    assert_eq!(
        eval(client, SMALL_TARGETS).await,
        json!([]),
        "tap targets under 24 px"
    );
    assert_eq!(
        eval(
            client,
            "document.documentElement.scrollWidth <= window.innerWidth"
        )
        .await,
        json!(true),
        "the page is wider than the window"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loopy_games_are_drawn_valued_and_won_with_hints() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;

    // A draw: said in words and coloured as a draw, the graph drawn with its token.
    open(client, &link(url, DRAW, "human")).await;
    watch_errors(client).await;
    my_turn(client).await;
    assert_text_contains(
        client,
        "board",
        &[
            "γ = ∞{1}",
            "Draw: neither player can force a win",
            "Token 1 at 0",
            "γ = 1",
            "Heap 2 at 1",
        ],
    )
    .await;
    assert_eq!(count(client, ".loopy-sum .outcome.o-draw").await, 1);
    assert_eq!(count(client, ".loopy-graph .vertex").await, 3);
    assert_eq!(count(client, ".loopy-graph path.edge").await, 3);
    assert_eq!(
        eval(
            client,
            "document.querySelector('.loopy-graph .vertex.token-at').dataset.vertex"
        )
        .await,
        json!("0")
    );
    // The vertices the token can reach are buttons, the others are not.
    assert_eq!(
        eval(
            client,
            "[...document.querySelectorAll('.loopy-graph [role=button]')].map((g) => g.dataset.vertex)"
        )
        .await,
        json!(["1", "2"])
    );
    // The move values: the Wind-Up move to 3 keeps the draw, amber and said in words.
    click(client, "#values-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('#values-panel .move-choice').length === 4",
    )
    .await;
    assert_text_contains(client, "values-panel", &["keep a draw", "draws"]).await;
    assert_eq!(count(client, "#values-panel .move-choice.v-draw").await, 1);
    // The hint keeps the draw, and Why? gives every part's γ and Smith's rule.
    hint(client).await;
    assert_text_contains(client, "hint-panel", &["keeps the draw"]).await;
    click(client, "#why-btn").await;
    assert_text_contains(client, "why-panel", &["∞{0}", "Smith's rule"]).await;
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "board-card").await;
        fits(client).await;
        screenshot(client, &format!("loopy-{size}-draw")).await;
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
    no_errors(client).await;

    // Two players: a click on vertex 2 moves the token there; the keyboard plays too.
    open(client, &link(url, DRAW, "two")).await;
    watch_errors(client).await;
    my_turn(client).await;
    click(client, ".loopy-graph .vertex[data-vertex='2']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 1",
    )
    .await;
    assert_text_contains(client, "history", &["Token 1: 0 → 2 (along the edge 0>2)"]).await;
    my_turn(client).await;
    // The token is stuck on 2: only the Wind-Up heap moves, by its buttons or by the keyboard.
    assert_eq!(count(client, ".loopy-graph [role=button]").await, 0);
    eval(
        client,
        "document.querySelector('.loopy-part[data-heap=\"1\"] .move-choice').focus() || true",
    )
    .await;
    client
        .active_element()
        .await
        .unwrap()
        .send_keys(&Key::Enter.to_string())
        .await
        .unwrap();
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 2",
    )
    .await;
    assert_text_contains(client, "history", &["Heap 2: 1 → 0"]).await;
    no_errors(client).await;

    // Against the perfect computer, following the hints wins a position with cycles.
    open(client, &link(url, WIN, "human")).await;
    watch_errors(client).await;
    my_turn(client).await;
    assert_text_contains(client, "board", &["γ = ∞{0}", "N: the player to move wins"]).await;
    hint(client).await;
    assert_text_contains(
        client,
        "hint-panel",
        &["A winning move", "never goes round"],
    )
    .await;
    follow_hints_to_the_end(client, 12).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "board-card").await;
        fits(client).await;
        screenshot(client, &format!("loopy-{size}-won")).await;
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
    no_errors(client).await;

    // A position that comes back a third time ends the game as a draw.
    open(client, &link(url, "digraph{0>1,1>0}:0", "two")).await;
    watch_errors(client).await;
    for n in 1..=4 {
        my_turn(client).await;
        let to = if n % 2 == 1 { "1" } else { "0" };
        click(client, &format!(".loopy-graph .vertex[data-vertex='{to}']")).await;
        wait_until(
            client,
            &format!("document.querySelectorAll('#history li').length === {n}"),
        )
        .await;
    }
    wait_until(client, GAME_OVER).await;
    assert_text_contains(client, "result-text", &["A draw", "3 times"]).await;
    assert_eq!(count(client, "#result.draw").await, 1);
    no_errors(client).await;

    // The form offers the loopy games, each with its example.
    open(client, url).await;
    eval(
        client,
        "(() => { const g = document.getElementById('game'); g.value = 'loopy:square-but-one'; g.dispatchEvent(new Event('change')); return true; })()",
    )
    .await;
    assert_eq!(
        eval(client, "document.getElementById('terms').value").await,
        json!("square-but-one:6")
    );
    click(client, "#start").await;
    wait_until(client, "state.start && state.start.game === 'loopy'").await;
    my_turn(client).await;
    assert_text_contains(client, "board", &["Square-But-One"]).await;
    session.close().await;
}

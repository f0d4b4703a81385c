//! End-to-end, every ruleset of the registry in real Chromium: the page lists it (from
//! `GET /api/rulesets`, nothing hard-coded), starts its example position, draws it, gives a
//! hint whose highlight is the hinted move, explains it (Why?), and is played to the end by
//! clicking what the hints highlight. Screenshots of each ruleset's board, hint, Why? and end
//! screen at 1280 and 390 px go to `target/e2e-screenshots/`.
//!
//! Then the moves that caught defects: Kayles' take-and-split hint (the highlighted tokens are
//! the hinted move, not the last ones), Grundy's game and Lasker's Nim split by clicking, and
//! Moore's Nim played by selecting tokens in several heaps.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;

use browser::*;
use fantoccini::Client;
use serde_json::{json, Value};

// The registry's families are shared between two tests, each with its own server and
// browser, so that the two halves run at once: the first half of the list, then the second
// half and the defects.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_half_of_the_rulesets_is_playable_by_clicks() {
    let session = Session::start().await;
    let (client, url) = (&session.client, &session.url);
    let families = families_listed(client, url).await;
    for family in &families[..families.len() / 2] {
        ruleset(client, url, family).await;
    }
    session.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_second_half_of_the_rulesets_is_playable_by_clicks() {
    let session = Session::start().await;
    let (client, url) = (&session.client, &session.url);
    let families = families_listed(client, url).await;
    for family in &families[families.len() / 2..] {
        ruleset(client, url, family).await;
    }
    kayles_hint_is_the_move(client, url).await;
    splits_by_clicking(client, url).await;
    moore_by_selection(client, url).await;
    session.close().await;
}

/// The registry's families, after checking that the page lists them.
async fn families_listed(client: &Client, url: &str) -> Vec<Value> {
    let registry: Value = reqwest_rulesets(client, url).await;
    let families = registry.as_array().unwrap().clone();
    assert!(families.len() >= 9, "{registry}");
    // The page's game list is the registry's, in its order, with the sum after it, then the
    // loopy games (their own group).
    let listed = eval(
        client,
        "[...document.getElementById('game').options].map((o) => o.value)",
    )
    .await;
    let mut names: Vec<Value> = families.iter().map(|f| f["name"].clone()).collect();
    names.push(json!("sum"));
    for loopy in [
        "digraph",
        "wind-up",
        "loopy-sub",
        "square-but-one",
        "fair-shares",
    ] {
        names.push(json!(format!("loopy:{loopy}")));
    }
    assert_eq!(listed, Value::Array(names));
    families
}

/// The registry as the page reads it.
async fn reqwest_rulesets(client: &Client, url: &str) -> Value {
    client.goto(url).await.unwrap();
    wait_until(client, "document.getElementById('game').options.length > 0").await;
    let v = client
        .execute_async(
            "const done = arguments[0]; fetch('/api/rulesets').then((r) => r.json()).then((j) => done(j.rulesets));",
            vec![],
        )
        .await
        .unwrap();
    v
}

/// The link of a family's example game: its parameters and positions from the registry.
fn example_link(url: &str, family: &Value) -> String {
    let mut link = format!("{url}#game={}", family["name"].as_str().unwrap());
    for p in family["params"].as_array().unwrap() {
        let value = p["presets"]
            .as_array()
            .and_then(|presets| presets.first())
            .map_or_else(
                || p["example"].as_str().unwrap().to_string(),
                |s| s["name"].as_str().unwrap().to_string(),
            );
        link.push_str(&format!("&{}={}", p["name"].as_str().unwrap(), value));
    }
    let example = family["positions"]["example"].as_str().unwrap();
    if ["heaps", "queen", "heap-row"].contains(&family["positions"]["drawing"].as_str().unwrap()) {
        link.push_str(&format!("&heaps={}", example.replace(' ', "")));
    } else {
        // A board or a graph, written as text (`#` marks a filled square).
        let encoded: String = example
            .chars()
            .map(|c| match c {
                '%' | '#' | '&' | '+' | ' ' | '/' => format!("%{:02X}", c as u32),
                c => c.to_string(),
            })
            .collect();
        link.push_str(&format!("&position={encoded}"));
    }
    link.push_str("&mode=human&first=human&strength=100");
    link
}

/// One ruleset: board, hint, Why? and the end screen, at both sizes, played to the end.
async fn ruleset(client: &Client, url: &str, family: &Value) {
    let name = family["name"].as_str().unwrap();
    let mut link = example_link(url, family);
    open(client, &link).await;
    wait_until(client, &format!("({MY_TURN}) || {GAME_OVER}")).await;
    // From a P-position the computer starts, so that the hints win (no default position is one
    // since issue 64, e2e_newcomer.rs; a position given by hand may be).
    wait_until(client, "state.analysis !== null").await;
    if eval(client, "state.analysis.outcome").await == json!("P") {
        link = link.replace("first=human", "first=computer");
        open(client, &link).await;
        wait_until(client, &format!("({MY_TURN}) || {GAME_OVER}")).await;
    }
    assert_eq!(
        eval(client, "document.getElementById('game').value").await,
        json!(name)
    );
    assert_text_contains(client, "rules", &[family["rules"].as_str().unwrap()]).await;
    values_loaded(client).await;
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "board-card").await;
        screenshot(client, &format!("{name}-{size}-board")).await;
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
    hint(client).await;
    // The hint names the move in the engine's words with heaps numbered from 1, and arrows.
    let hint_text = text(client, "hint-panel").await;
    let lone = eval(client, "state.analysis.components.length === 1").await == json!(true);
    assert!(
        lone || hint_text.contains("Heap "),
        "{name}: heaps numbered from 1: {hint_text}"
    );
    let drawn_in_words = eval(client, "!!DRAWINGS[drawingKind()]").await == json!(true);
    assert!(
        drawn_in_words || hint_text.contains(" → "),
        "{name}: {hint_text}"
    );
    assert!(
        !hint_text.contains("->") && !hint_text.contains("Take 0"),
        "{name}: {hint_text}"
    );
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.getElementById('why-panel').textContent.length > 40",
    )
    .await;
    let why = text(client, "why-panel").await;
    assert!(
        !why.contains("component"),
        "{name}: heaps, not components: {why}"
    );
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "hint-panel").await;
        screenshot(client, &format!("{name}-{size}-hint")).await;
        scroll_to(client, "why-panel").await;
        screenshot(client, &format!("{name}-{size}-why")).await;
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
    // The example positions are N-positions: following the hints wins.
    play_hint(client).await;
    follow_hints_to_the_end(client, 40).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    // After the game: no Pause button, no live board, the value strip filled.
    assert_eq!(
        eval(client, "document.getElementById('pause-btn').hidden").await,
        json!(true)
    );
    assert!(
        eval(client, "document.querySelectorAll('#strip .chip').length")
            .await
            .as_u64()
            .unwrap()
            >= 1
    );
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "board-card").await;
        screenshot(client, &format!("{name}-{size}-end")).await;
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
}

/// Defect 1: Kayles 7, 4: the hint "7 → 2 + 3" takes tokens 3 and 4 of heap 1; those are the
/// tokens highlighted, and clicking one plays exactly that move (not 7 → 5, which loses).
async fn kayles_hint_is_the_move(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=octal&code=kayles&heaps=7,4&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    hint(client).await;
    let m = eval(client, "state.hint.move.to.map((c) => c.heap)").await;
    let to: Vec<u64> = m
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let left = to.first().copied().unwrap_or(0);
    let right: u64 = to.iter().skip(1).sum();
    let taken = 7 - left - right;
    let hinted = eval(client, "[...document.querySelectorAll(\".heap[data-heap='0'] .token.hinted\")].map((t) => Number(t.dataset.index))").await;
    let expected: Vec<u64> = (left + 1..=left + taken).collect();
    assert_eq!(
        hinted,
        json!(expected),
        "the highlighted tokens are the ones the hint takes ({to:?})"
    );
    click(client, ".heap[data-heap='0'] .token.hinted").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 1",
    )
    .await;
    let first = eval(client, "document.querySelector('#history li').textContent").await;
    let parts: Vec<String> = to.iter().map(u64::to_string).collect();
    assert!(
        first
            .as_str()
            .unwrap()
            .contains(&format!("7 → {}", parts.join(" + "))),
        "{first}"
    );
    // The value after it is 0: the strip's first chip is green.
    wait_until(
        client,
        "document.querySelector('#strip .chip.zero') !== null",
    )
    .await;
    screenshot(client, "kayles-1280-hint-played").await;
}

/// Defect 2: Grundy's game and Lasker's Nim split by clicking the gap between tokens; an
/// equal split of Grundy's game is refused with the heap's moves listed.
async fn splits_by_clicking(client: &Client, url: &str) {
    open(client, &format!("{url}#game=grundys-game&heaps=8&mode=two")).await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    // 8 → 3 + 5 by the gap after token 3.
    click(client, ".heap[data-heap='0'] .gap.cut[data-cut='3']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 1",
    )
    .await;
    assert_text_contains(client, "history", &["8 → 3 + 5"]).await;
    // Heaps 3 and 5: every gap splits into unequal heaps (1 + 2, 2 + 1; 1 + 4 ... 4 + 1).
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    assert_eq!(
        eval(client, "document.querySelectorAll('.gap.cut').length").await,
        json!(6)
    );
    open(client, &format!("{url}#game=grundys-game&heaps=6&mode=two")).await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    assert_eq!(
        eval(
            client,
            "document.querySelector(\".heap[data-heap='0'] .gap.cut[data-cut='3']\")"
        )
        .await,
        Value::Null,
        "6 → 3 + 3 is not a move of Grundy's game: no gap to click there"
    );
    click(client, ".heap[data-heap='0'] .token[data-index='1']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 1",
    )
    .await;
    assert_text_contains(client, "history", &["6 → 1 + 5"]).await;
    // Lasker's Nim: a gap splits, a token takes it and those after it.
    open(client, &format!("{url}#game=lasker&heaps=7&mode=two")).await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    click(client, ".heap[data-heap='0'] .gap.cut[data-cut='2']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 1",
    )
    .await;
    assert_text_contains(client, "history", &["7 → 2 + 5"]).await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    click(client, ".heap[data-heap='1'] .token[data-index='3']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 2",
    )
    .await;
    assert_text_contains(client, "history", &["5 → 2"]).await;
    screenshot(client, "lasker-1280-splits").await;
}

/// Moore's Nim_2: tokens selected in two heaps are one move; three heaps are refused with the
/// rule said; the hint's tokens select the hinted move.
async fn moore_by_selection(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=moore&k=2&heaps=3,5,6&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    for (heap, token) in [(0, 3), (1, 5), (2, 6)] {
        click(
            client,
            &format!(".heap[data-heap='{heap}'] .token[data-index='{token}']"),
        )
        .await;
    }
    assert_text_contains(
        client,
        "row-summary",
        &["take 1 from 1 and 1 from 2 and 1 from 3"],
    )
    .await;
    click(client, "#row-move").await;
    wait_text(client, "status", "at most 2 heaps at once").await;
    click(client, "#row-clear").await;
    hint(client).await;
    click(client, ".heap .token.hinted").await;
    wait_until(client, "!document.getElementById('row-move').disabled").await;
    click(client, "#row-move").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 1",
    )
    .await;
    assert_text_contains(client, "history", &["(3, 5, 6) → (3, 3, 3)"]).await;
    screenshot(client, "moore-1280-played").await;
}

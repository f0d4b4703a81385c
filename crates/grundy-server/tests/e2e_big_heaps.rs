//! End-to-end, heaps of any size in real Chromium: a Nim heap of 10^30 tokens is kept as a
//! string of digits from the form and the link to the requests and back, its value and hint
//! are exact, the hint is played, and a heap too large for another ruleset gets one clear line.
//! Screenshots at 1280 and 390 px go to `target/e2e-screenshots/big-heaps-*.png`.

mod browser;

use browser::*;
use fantoccini::Client;
use serde_json::json;

const TEN_30: &str = "1000000000000000000000000000000";

/// Records the page's JavaScript errors from now on.
async fn watch_errors(client: &Client) {
    eval(
        client,
        "(() => { window.__errors = []; addEventListener('error', (e) => window.__errors.push(String(e.message))); addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason))); return true; })()",
    )
    .await;
}

/// Elements wider than the window (but what scrolls inside a panel: the 64 binary columns of
/// Why?'s table).
const TOO_WIDE: &str = "[...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length > 0 && !e.matches('.skip') && !e.closest('.panel > *')).map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.right > window.innerWidth + 1 || r.left < -1).map(([e, r]) => `${e.tagName}.${e.getAttribute('class') || ''} ${Math.round(r.left)}..${Math.round(r.right)}`).slice(0, 5)";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nim_heap_of_ten_to_the_thirty() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;

    // From the link: the heap stays exact, its value and the hint are right.
    open(
        client,
        &format!("{url}#game=nim&heaps={TEN_30},7&mode=human&first=human&strength=100"),
    )
    .await;
    watch_errors(client).await;
    wait_until(
        client,
        "state.analysis && !document.getElementById('hint-btn').disabled",
    )
    .await;
    assert_eq!(eval(client, "state.spec.heaps").await, json!([TEN_30, 7]));
    assert_eq!(
        eval(client, "state.analysis.nim_sum").await,
        json!("1000000000000000000000000000007")
    );
    assert_text_contains(
        client,
        "board",
        &["1,000,000,000,000,000,000,000,000,000,000 tokens"],
    )
    .await;
    hint(client).await;
    assert_text_contains(
        client,
        "hint-panel",
        &[
            "A winning move",
            "Heap 1: 1,000,000,000,000,000,000,000,000,000,000 → 7 (take 999,999,999,999,999,999,999,999,999,993)",
        ],
    )
    .await;
    // The hint fills the heap's box with what it becomes.
    assert_eq!(
        eval(client, "document.querySelector('.big-heap input').value").await,
        json!("7")
    );
    click(client, "#why-btn").await;
    assert_text_contains(client, "why-panel", &["nim-sum"]).await;
    // The move values cannot be listed for 10^30 moves: said in a sentence.
    click(client, "#values-btn").await;
    wait_text(client, "values-panel", "cannot be valued").await;
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "board-card").await;
        assert_eq!(eval(client, TOO_WIDE).await, json!([]), "{size} px");
        assert_eq!(
            eval(
                client,
                "document.documentElement.scrollWidth <= window.innerWidth"
            )
            .await,
            json!(true),
            "{size} px"
        );
        screenshot(client, &format!("big-heaps-{size}-hint")).await;
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
    click(client, "#values-btn").await;
    // Playing the hint: 10^30 -> 7, then the computer moves from (7, 7) and the human wins
    // by following the hints.
    follow_hints_to_the_end(client, 10).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    assert_text_contains(
        client,
        "history",
        &["Heap 1: 1,000,000,000,000,000,000,000,000,000,000 → 7"],
    )
    .await;
    // The link keeps the start position and the moves; opened again it replays them.
    let hash = eval(client, "location.hash").await;
    assert!(
        hash.as_str()
            .unwrap()
            .contains(&format!("heaps={TEN_30}%2C7"))
            || hash
                .as_str()
                .unwrap()
                .contains(&format!("heaps={TEN_30},7")),
        "{hash}"
    );
    assert_eq!(eval(client, "window.__errors").await, json!([]));

    // From the form: a heap of 10^30 typed in the Heaps field.
    open(client, url).await;
    watch_errors(client).await;
    wait_until(client, "state.analysis !== null").await;
    type_into(client, "#positions", &format!("{TEN_30}, 5")).await;
    click(client, "#start").await;
    wait_until(
        client,
        "state.spec && state.spec.heaps[0] === '1000000000000000000000000000000'",
    )
    .await;
    assert_eq!(
        eval(client, "state.analysis.nim_sum").await,
        json!("1000000000000000000000000000005")
    );
    // A typed move on the huge heap.
    type_into(client, "#typed", "heap 1 to 12345678901234567890123").await;
    click(client, "#typed-move button").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 1",
    )
    .await;
    assert_eq!(
        eval(client, "state.history[0].move.to[0].heap").await,
        json!("12345678901234567890123")
    );
    // Another ruleset refuses such a heap in one line, and the game on the board stays.
    eval(
        client,
        "(() => { const g = document.getElementById('game'); g.value = 'subtraction'; g.dispatchEvent(new Event('change')); return true; })()",
    )
    .await;
    type_into(client, "#positions", TEN_30).await;
    click(client, "#start").await;
    wait_text(client, "setup-error", "is too large").await;
    assert_text_contains(
        client,
        "setup-error",
        &[
            "Nim takes heaps of any size",
            "The game on the board is unchanged.",
        ],
    )
    .await;
    assert_eq!(eval(client, "window.__errors").await, json!([]));
    session.close().await;
}

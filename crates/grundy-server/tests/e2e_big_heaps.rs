//! End-to-end, heaps of any size in real Chromium: a Nim heap of 10^30 tokens is kept as a
//! string of digits from the form and the link to the requests and back, its value and hint
//! are exact, the hint is played, and a heap whose value is no lookup gets one clear line. Other
//! rulesets (subtraction, Kayles, Wythoff's game, a sum of them) are played with hints at 10^30.
//! Screenshots at 1280 and 390 px go to `target/e2e-screenshots/big-heaps-*.png`.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

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
    // A ruleset whose value is no lookup at 10^30 (no period is proven for Grundy's game)
    // refuses such a heap in one line, and the game on the board stays.
    eval(
        client,
        "(() => { const g = document.getElementById('game'); g.value = 'grundys-game'; g.dispatchEvent(new Event('change')); return true; })()",
    )
    .await;
    type_into(client, "#positions", TEN_30).await;
    click(client, "#start").await;
    wait_text(client, "setup-error", "is too large").await;
    assert_text_contains(
        client,
        "setup-error",
        &["no period is proven", "The game on the board is unchanged."],
    )
    .await;
    assert_eq!(eval(client, "window.__errors").await, json!([]));
    session.close().await;
}

/// The human's turn, on a board that may have nothing drawn to click (a lone heap too large to
/// draw).
const LIVE: &str = "isLive() && !document.getElementById('hint-btn').disabled";

/// Issue 28: other rulesets at 10^30 on the page — subtraction, Kayles (octal 0.77), Wythoff's
/// game and a sum of them: started from the link, hinted, explained (Why?) and played by
/// following the hints for several moves, every number shown in full, no JavaScript error, and
/// nothing wider than the phone's 390 px.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_games_of_ten_to_the_thirty_are_played_with_hints() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    let grouped = "1,000,000,000,000,000,000,000,000,000,000";
    let games = [
        (
            "subtraction",
            format!("game=subtraction&set=1,4,9&heaps={TEN_30}"),
        ),
        ("kayles", format!("game=octal&code=0.77&heaps={TEN_30},5")),
        ("wythoff", format!("game=wythoff&heaps={TEN_30},17")),
        (
            "sum",
            format!("game=sum&terms=sub{{1,4,9}}:{TEN_30} %2B octal{{0.77}}:{TEN_30} %2B nim:3"),
        ),
    ];
    for (name, hash) in games {
        open(
            client,
            &format!("{url}#{hash}&mode=human&first=human&strength=100"),
        )
        .await;
        watch_errors(client).await;
        wait_until(
            client,
            "state.analysis && !document.getElementById('hint-btn').disabled",
        )
        .await;
        assert_eq!(
            eval(client, "window.__errors").await,
            json!([]),
            "{name}: {}",
            eval(client, "document.getElementById('status').textContent").await
        );
        // The heap is exact in the state and shown in full on the board.
        let first = eval(
            client,
            "state.analysis.components[0].heap ?? state.analysis.components[0].heaps[0]",
        )
        .await;
        assert_eq!(first, json!(TEN_30), "{name}");
        assert_text_contains(client, "board", &[grouped]).await;
        hint(client).await;
        let hinted = eval(client, "moveText(state.hint.move)").await;
        assert!(
            hinted
                .as_str()
                .unwrap()
                .contains("1,000,000,000,000,000,000,000,000,000,000")
                || hinted
                    .as_str()
                    .unwrap()
                    .contains("999,999,999,999,999,999,999,999,999,99"),
            "{name}: {hinted}"
        );
        click(client, "#why-btn").await;
        wait_until(
            client,
            "document.getElementById('why-panel').textContent.length > 40",
        )
        .await;
        for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
            client.set_window_size(w, h).await.unwrap();
            scroll_to(client, "board-card").await;
            assert_eq!(
                eval(client, TOO_WIDE).await,
                json!([]),
                "{name} at {size} px"
            );
            assert_eq!(
                eval(
                    client,
                    "document.documentElement.scrollWidth <= window.innerWidth"
                )
                .await,
                json!(true),
                "{name} at {size} px"
            );
            screenshot(client, &format!("big-heaps-{name}-{size}")).await;
        }
        client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
        click(client, "#why-btn").await;
        // Several moves by the hints (the computer answers each).
        for _ in 0..3 {
            wait_until(client, &format!("({LIVE}) || {GAME_OVER}")).await;
            if eval(client, GAME_OVER).await == json!(true) {
                break;
            }
            hint(client).await;
            play_hint(client).await;
        }
        wait_until(client, &format!("({LIVE}) || {GAME_OVER}")).await;
        let history = eval(client, "document.getElementById('history').textContent").await;
        assert!(
            history
                .as_str()
                .unwrap()
                .contains("1,000,000,000,000,000,000,000,000,000,000")
                || history
                    .as_str()
                    .unwrap()
                    .contains("999,999,999,999,999,999,999,999,999,99"),
            "{name}: {history}"
        );
        // Every heap in the game's state is exact: no JavaScript number beyond 2^53 - 1 (such
        // heaps are strings of digits, or digits in a sum's terms).
        assert_eq!(
            eval(
                client,
                "(() => { let ok = true; JSON.stringify([state.spec, state.analysis, state.history], (k, v) => { if (typeof v === 'number' && !Number.isSafeInteger(v)) ok = false; return v; }); return ok; })()"
            )
            .await,
            json!(true),
            "{name}"
        );
        assert_eq!(eval(client, "window.__errors").await, json!([]), "{name}");
    }
    session.close().await;
}

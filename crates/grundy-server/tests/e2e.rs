//! End-to-end: Nim and Wythoff's game in real headless Chromium (see `browser/mod.rs`).
//!
//! It opens the page, starts Nim, asks for a hint and the "why" panel, takes tokens by clicking,
//! sees the computer answer, plays to the end and sees the result, and opens the sequence view;
//! then plays Wythoff's game on its board (by clicking, by keyboard and by typing), watches
//! computer against computer, and looks at the board on a phone-sized screen.
//! Screenshots go to `target/e2e-screenshots/`. The other rulesets and the classroom defects
//! are in `e2e_rulesets.rs` and `e2e_classroom.rs`.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;

use browser::*;
use std::path::Path;

use fantoccini::{Client, Locator};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_nim_in_the_browser() {
    let session = Session::start().await;
    scenario(&session.client, &session.url).await;
    session.close().await;
}

async fn scenario(client: &Client, url: &str) {
    // Open the page: it starts Nim 3, 4, 5 against a perfect computer, the human first.
    open(
        client,
        &format!("{url}#game=nim&heaps=3,4,5&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    assert_eq!(
        eval(client, "document.querySelectorAll('#board .heap').length").await,
        3
    );
    screenshot(client, "01-nim-start").await;

    // A hint: [3, 4, 5] has nim-sum 2; the winning move takes 2 from the heap of 3.
    click(client, "#hint-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('.token.hinted').length > 0",
    )
    .await;
    assert_text_contains(client, "hint-panel", &["Heap 1: 3 → 1 (take 2)"]).await;
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.querySelector('#why-panel table.bits') !== null",
    )
    .await;
    assert_text_contains(client, "why-panel", &["nim-sum"]).await;
    screenshot(client, "02-hint-and-why").await;

    // Take two tokens from heap 1 by clicking its second token; the computer answers.
    click(client, ".heap[data-heap='0'] .token[data-index='2']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 2",
    )
    .await;
    wait_until(client, &format!("{MY_TURN} || {GAME_OVER}")).await;
    assert_text_contains(client, "history", &["You", "Computer"]).await;
    screenshot(client, "03-computer-answered").await;

    // Play to the end, following the hints: from an N-position the perfect line wins.
    follow_hints_to_the_end(client, 20).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    screenshot(client, "04-game-over").await;

    // Undo takes back the last move of the human and the computer's answer, if any.
    click(client, "#undo-btn").await;
    wait_until(client, &format!("{MY_TURN} && !({GAME_OVER})")).await;

    // The sequence view: G(n) with the period marked.
    click(client, "#tab-sequences").await;
    wait_until(client, "document.querySelector('#seq-chart svg') !== null").await;
    assert_text_contains(client, "seq-period", &["Period"]).await;
    click(client, ".presets button[data-value='1,4,9']").await;
    wait_until(
        client,
        "document.getElementById('seq-period').textContent.includes('Period 5 from n = 0')",
    )
    .await;
    screenshot(client, "05-sequence").await;
    click(client, ".presets button[data-value='kayles']").await;
    wait_until(
        client,
        "document.getElementById('seq-period').textContent.includes('Period 12 from n = 71')",
    )
    .await;
    screenshot(client, "05b-kayles-sequence").await;

    // A phone-sized screen.
    client.set_window_size(PHONE.0, PHONE.1).await.unwrap();
    click(client, "#tab-play").await;
    wait_until(client, "!document.getElementById('view-play').hidden").await;
    screenshot(client, "06-phone").await;

    // An octal game: split a Kayles row of 5 in the middle with the move form.
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
    open(
        client,
        &format!("{url}#game=octal&code=kayles&heaps=5&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    type_into(client, "#typed", "1 to 2 2").await;
    click(client, "#typed-move button[type='submit']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 2",
    )
    .await;
    assert_text_contains(client, "history", &["2 + 2"]).await;
    screenshot(client, "07-kayles-split").await;

    wythoff(client, url).await;
}

const QUEEN_TURN: &str = "document.querySelector('#wythoff-board.live .sq') !== null";

/// The square `(x, y)` of the Wythoff board.
fn square(x: u64, y: u64) -> String {
    format!("#wythoff-board .sq[data-x='{x}'][data-y='{y}']")
}

/// The queen's square as the page shows it.
async fn queen_at(client: &Client) -> (u64, u64) {
    let v = eval(
        client,
        "[...document.querySelectorAll('#wythoff-board .sq.queen')].map((b) => [Number(b.dataset.x), Number(b.dataset.y)])",
    )
    .await;
    assert_eq!(v.as_array().map(Vec::len), Some(1), "one queen: {v}");
    (v[0][0].as_u64().unwrap(), v[0][1].as_u64().unwrap())
}

/// Wythoff's game: the board, a queen move by clicking, an illegal click explained, a move with
/// the keyboard, hints to the end, a phone-sized screen, and computer against computer.
async fn wythoff(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=wythoff&heaps=10,7&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, QUEEN_TURN).await;
    // A 12x12 board (one square beyond the queen), the queen at (10, 7), (0, 0) bottom left.
    assert_eq!(
        eval(
            client,
            "document.querySelectorAll('#wythoff-board .sq').length"
        )
        .await,
        144
    );
    assert_eq!(queen_at(client).await, (10, 7));
    let below = eval(
        client,
        &format!(
            "document.querySelector(\"{}\").getBoundingClientRect().top > document.querySelector(\"{}\").getBoundingClientRect().top \
             && document.querySelector(\"{}\").getBoundingClientRect().left < document.querySelector(\"{}\").getBoundingClientRect().left",
            square(0, 0),
            square(0, 1),
            square(0, 0),
            square(1, 0)
        ),
    )
    .await;
    assert_eq!(below, json!(true), "(0, 0) is at the bottom left");
    // P-positions are marked, other squares show G(x, y) in their colour.
    for (x, y) in [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (7, 4)] {
        let class = eval(
            client,
            &format!("document.querySelector(\"{}\").className", square(x, y)),
        )
        .await;
        assert!(
            class.as_str().unwrap().contains(" p"),
            "({x}, {y}): {class}"
        );
    }
    assert_eq!(
        eval(client, &format!("document.querySelector(\"{}\").textContent", square(2, 2))).await,
        "1",
        "G(2, 2) is the mex of G(0, 2), G(1, 2), G(2, 0), G(2, 1), G(1, 1), G(0, 0) = 2, 0, 2, 0, 2, 0: 1"
    );
    assert_ne!(
        eval(
            client,
            &format!(
                "document.querySelector(\"{}\").style.background",
                square(2, 2)
            )
        )
        .await,
        ""
    );
    // An illegal click (up and right of the queen) is refused with the reason.
    click(client, &square(11, 8)).await;
    wait_until(
        client,
        "document.getElementById('status').textContent.includes('Not allowed')",
    )
    .await;
    assert_text_contains(client, "status", &["left, down or diagonally"]).await;
    screenshot(client, "08-wythoff-board").await;

    // Hint and why: from (10, 7) the winning moves go to (4, 7), (10, 6) or (7, 4).
    click(client, "#hint-btn").await;
    wait_until(
        client,
        "document.querySelector('#wythoff-board .sq.hinted') !== null",
    )
    .await;
    assert_text_contains(client, "hint-panel", &["Queen (10, 7) → "]).await;
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.getElementById('why-panel').textContent.includes('P-position')",
    )
    .await;
    assert_text_contains(client, "why-panel", &["(4, 7)", "a_n"]).await;
    eval(
        client,
        "document.getElementById('hint-panel').scrollIntoView() || true",
    )
    .await;
    screenshot(client, "09-wythoff-hint-why").await;

    // Click (4, 7): the queen moves there and the computer answers.
    click(client, &square(4, 7)).await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 2",
    )
    .await;
    wait_until(client, &format!("{QUEEN_TURN} || {GAME_OVER}")).await;
    assert_text_contains(client, "history", &["queen (10, 7) → (4, 7)"]).await;
    let after = queen_at(client).await;
    assert_ne!(after, (4, 7), "the computer moved the queen");
    screenshot(client, "10-wythoff-computer-answered").await;
    // The link holds the game: the queen's square is in the address.
    let hash = eval(client, "location.hash").await;
    let hash = hash.as_str().unwrap();
    assert!(
        hash.contains("game=wythoff")
            && hash.contains("heaps=10%2C7")
            && hash.contains(&format!("moves=0%3A4.7%2C0%3A{}.{}", after.0, after.1)),
        "link: {hash}"
    );
    // Undo takes back the human's move and the computer's answer; play (4, 7) again.
    click(client, "#undo-btn").await;
    wait_until(
        client,
        "document.querySelector(\"#wythoff-board .sq.queen[data-x='10'][data-y='7']\") !== null",
    )
    .await;
    wait_until(client, QUEEN_TURN).await;
    assert_eq!(
        eval(client, "document.querySelectorAll('#history li').length").await,
        0
    );
    click(client, &square(4, 7)).await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 2",
    )
    .await;
    wait_until(client, &format!("{QUEEN_TURN} || {GAME_OVER}")).await;

    // The keyboard: the hint takes the tab stop; up, down and Enter play it.
    click(client, "#hint-btn").await;
    wait_until(
        client,
        "document.querySelector('#wythoff-board .sq.hinted[tabindex=\"0\"]') !== null",
    )
    .await;
    let target = eval(
        client,
        "[Number(document.querySelector('.sq.hinted').dataset.x), Number(document.querySelector('.sq.hinted').dataset.y)]",
    )
    .await;
    let stop = client
        .find(Locator::Css("#wythoff-board .sq[tabindex='0']"))
        .await
        .unwrap();
    stop.send_keys("\u{E013}").await.unwrap(); // ArrowUp
    let focused = eval(client, "document.activeElement.dataset.y").await;
    assert_eq!(
        focused.as_str().and_then(|y| y.parse::<u64>().ok()),
        Some(target[1].as_u64().unwrap() + 1),
        "ArrowUp moves the focus one square up"
    );
    client
        .active_element()
        .await
        .unwrap()
        .send_keys("\u{E015}\u{E007}") // ArrowDown, Enter
        .await
        .unwrap();
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 3",
    )
    .await;
    let history = text(client, "history").await;
    let (tx, ty) = (target[0].as_u64().unwrap(), target[1].as_u64().unwrap());
    assert!(
        history.contains(&format!("→ ({tx}, {ty})")),
        "history: {history}"
    );

    // Follow the hints to the end: the human, started from an N-position, wins.
    follow_hints_to_the_end(client, 20).await;
    assert_text_contains(client, "result-text", &["You win", "made the last move"]).await;
    assert_eq!(queen_at(client).await, (0, 0));
    screenshot(client, "11-wythoff-won").await;

    // A position far beyond the table: P-positions only, the typed move box still works.
    open(
        client,
        &format!("{url}#game=wythoff&heaps=100000,3&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, QUEEN_TURN).await;
    assert_text_contains(client, "wythoff-keys", &["only the P-positions"]).await;
    type_into(client, "#typed", "to 5 3").await;
    click(client, "#typed-move button[type='submit']").await;
    wait_until(
        client,
        "document.getElementById('history').textContent.includes('(5, 3)')",
    )
    .await;

    // A phone-sized screen: the board fits the width.
    open(
        client,
        &format!("{url}#game=wythoff&heaps=10,7&mode=human&first=human&strength=100"),
    )
    .await;
    client.set_window_size(PHONE.0, PHONE.1).await.unwrap();
    wait_until(client, QUEEN_TURN).await;
    let width = eval(client, "document.documentElement.scrollWidth").await;
    assert!(
        width.as_u64().unwrap() <= 390,
        "no sideways scrolling: {width}"
    );
    let board = client.find(Locator::Css("#wythoff-board")).await.unwrap();
    board
        .screenshot()
        .await
        .map(|png| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e-screenshots");
            std::fs::write(dir.join("12b-wythoff-phone-board.png"), png).unwrap();
        })
        .unwrap();
    screenshot(client, "12-wythoff-phone").await;
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();

    // Computer against computer, to the end.
    open(
        client,
        &format!("{url}#game=wythoff&heaps=6,5&mode=watch&strength=100&strength2=0"),
    )
    .await;
    wait_until(client, GAME_OVER).await;
    assert_text_contains(client, "result-text", &["Computer A (100) wins"]).await;
    screenshot(client, "13-wythoff-watch").await;
}

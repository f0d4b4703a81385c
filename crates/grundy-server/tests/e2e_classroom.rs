//! End-to-end, the page as a classroom, in real Chromium: each defect a teacher found, with the
//! test that catches it, and the teaching tools (move values, the value strip, Why? for every
//! ruleset, the Nim lesson, the Wythoff puzzle, the link that keeps the game, two players,
//! misère play, the sequences' link and exports, the phone layout, labels for screen readers).

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;

use browser::*;
use fantoccini::Client;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_as_a_classroom_setups_values_and_why() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    bad_setups_keep_the_game(client, url).await;
    huge_heaps_play(client, url).await;
    values_and_lengths(client, url).await;
    why_for_every_ruleset(client, url).await;
    messages_in_plain_words(client, url).await;
    session.close().await;
}

// A second test, with its own server and browser, so that the two halves run at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_as_a_classroom_players_lessons_and_phones() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    refresh_keeps_the_game(client, url).await;
    players_and_conventions(client, url).await;
    lesson_and_puzzle(client, url).await;
    sequences(client, url).await;
    phone(client, url).await;
    labels(client, url).await;
    session.close().await;
}

async fn start_from_form(client: &Client) {
    click(client, "#start").await;
}

/// Defect 3: a rejected setup (octal code 0.8, a take-set with 0, 300 heaps, Grundy's game of
/// 10^8 tokens, beyond any table the engine builds) leaves the previous game on the board, its link unchanged, and the error
/// beside the Start button, in view.
async fn bad_setups_keep_the_game(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=nim&heaps=3,4,5&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    let link = eval(client, "location.hash").await;
    let many = vec!["1"; 300].join(",");
    for (game, field, value, needle) in [
        ("octal", "#param-code", "0.8", "0.8"),
        ("subtraction", "#param-set", "0, 1", "0"),
        ("nim", "#positions", many.as_str(), "300"),
        ("grundys-game", "#positions", "100000000", "too large"),
    ] {
        eval(
            client,
            &format!("(document.getElementById('game').value = '{game}', gameChanged(), true)"),
        )
        .await;
        type_into(client, field, value).await;
        start_from_form(client).await;
        wait_until(
            client,
            "document.getElementById('setup-error').textContent.includes('Not started')",
        )
        .await;
        assert_text_contains(client, "setup-error", &[needle, "unchanged"]).await;
        // The old game is intact and live; its link did not change.
        assert_eq!(
            eval(client, "document.querySelectorAll('#board .heap').length").await,
            json!(3)
        );
        assert_eq!(eval(client, "location.hash").await, link);
        wait_until(client, MY_TURN).await;
        let in_view = eval(client, "(() => { const r = document.getElementById('setup-error').getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight + 1; })()").await;
        // Within a pixel: a box scrolled to the bottom of the view may end a fraction past it.
        assert_eq!(in_view, json!(true), "{game}: the error is in view");
        // The form's field is not named by its JSON path (`position.code: ...`).
        let said = eval(client, "document.getElementById('setup-error').textContent").await;
        assert!(!said.to_string().contains("osition."), "{game}: {said}");
    }
    screenshot(client, "classroom-1280-bad-setup").await;
}

/// Defect 4: a subtraction heap of 10^15 is hinted and the hinted move is played.
async fn huge_heaps_play(client: &Client, url: &str) {
    open(client, &format!("{url}#game=subtraction&set=1,4,9&heaps=1000000000000000&mode=human&first=human&strength=100")).await;
    wait_until(
        client,
        "document.querySelector('.big-heap button:not([disabled])') !== null",
    )
    .await;
    click(client, "#hint-btn").await;
    wait_until(
        client,
        "document.querySelector('.big-heap button.hinted') !== null",
    )
    .await;
    click(client, ".big-heap button.hinted").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 1",
    )
    .await;
    assert_text_contains(client, "history", &["1000000000000000 → "]).await;
    let status = text(client, "status").await;
    assert!(!status.contains("Not allowed"), "{status}");
}

/// Defect 5: every move coloured win or lose with "wins in N" where the tree is small; the
/// losing perfect player makes the game as long as remoteness says, not one token at a time.
async fn values_and_lengths(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=subtraction&set=1,4,9&heaps=11,9&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    click(client, "#values-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('#values-panel .move-choice').length > 0",
    )
    .await;
    let wins = eval(
        client,
        "document.querySelectorAll('#values-panel .move-choice.v-win').length",
    )
    .await;
    let loses = eval(
        client,
        "document.querySelectorAll('#values-panel .move-choice.v-lose').length",
    )
    .await;
    assert!(
        wins.as_u64().unwrap() >= 1 && loses.as_u64().unwrap() >= 1,
        "{wins} {loses}"
    );
    assert_text_contains(client, "values-panel", &["wins in", "loses in"]).await;
    // The tokens carry the same colours.
    assert!(
        eval(client, "document.querySelectorAll('.token.v-win').length")
            .await
            .as_u64()
            .unwrap()
            >= 1
    );
    scroll_to(client, "values-panel").await;
    screenshot(client, "classroom-1280-move-values").await;
    // The hint says how soon it wins, and the valued list marks it best.
    hint(client).await;
    assert_text_contains(client, "hint-panel", &["It wins in"]).await;
    click(client, "#values-btn").await;
    // Computer against computer from a P-position of S = {1,4,9} with 1,271 positions: the
    // game lasts exactly as long as the loser can make it (the remoteness the server gives).
    let moves_left = client
        .execute_async(
            "const done = arguments[0]; fetch('/api/moves', {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({position: {game: 'subtraction', set: [1,4,9], heaps: [30, 40]}})}).then((r) => r.json()).then((j) => done(j.moves_left));",
            vec![],
        )
        .await
        .unwrap();
    let moves_left = moves_left
        .as_u64()
        .expect("the tree is small enough to measure");
    open(
        client,
        &format!(
            "{url}#game=subtraction&set=1,4,9&heaps=30,40&mode=watch&strength=100&strength2=100"
        ),
    )
    .await;
    wait_until_long(client, GAME_OVER, 120).await;
    assert_eq!(
        Value::from(moves_played(client).await),
        json!(moves_left),
        "perfect against perfect lasts the remoteness"
    );
}

/// Waits up to `seconds` (a whole watched game).
async fn wait_until_long(client: &Client, expr: &str, seconds: u64) {
    for _ in 0..seconds * 10 {
        if eval(client, expr).await == json!(true) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("timed out waiting for {expr}");
}

/// Defect 6: Why? beyond Nim: the mex derivation with the missing value marked, the values in
/// binary columns, the move from them, heaps numbered from 1; the same move as the hint.
async fn why_for_every_ruleset(client: &Client, url: &str) {
    for link in [
        "game=subtraction&set=1,4,9&heaps=11,9",
        "game=octal&code=kayles&heaps=7,4",
        "game=sum&terms=nim%3A3%20%2B%20sub%7B1%2C4%2C9%7D%3A11%20%2B%20lasker%3A5",
    ] {
        open(
            client,
            &format!("{url}#{link}&mode=human&first=human&strength=100"),
        )
        .await;
        wait_until(client, MY_TURN).await;
        hint(client).await;
        click(client, "#why-btn").await;
        wait_until(
            client,
            "document.querySelector('#why-panel table.bits') !== null",
        )
        .await;
        wait_until(
            client,
            "document.querySelector('#why-panel mark.missing') !== null",
        )
        .await;
        assert_text_contains(client, "why-panel", &["mex", "XOR", "Heap 1", "heap 2"]).await;
        let why = text(client, "why-panel").await;
        assert!(!why.contains("component") && !why.contains("->"), "{why}");
        // The move derived in Why? is the hinted move.
        let plan = eval(
            client,
            "(() => { const p = currentExplanation().plan; return p ? p.component : null; })()",
        )
        .await;
        assert_eq!(
            plan,
            eval(client, "state.hint.move.component").await,
            "{link}"
        );
        let rows = eval(
            client,
            "document.querySelectorAll('#why-panel table.bits tr').length",
        )
        .await;
        let heaps = eval(client, "state.analysis.components.length").await;
        assert_eq!(
            rows.as_u64().unwrap(),
            heaps.as_u64().unwrap() + 2,
            "header, one row a heap, the total"
        );
    }
    scroll_to(client, "why-panel").await;
    screenshot(client, "classroom-1280-why-sum").await;
}

/// Defect 7: illegal moves in plain words: a take not in S names S; a heap that does not
/// exist is numbered from 1; no "component", no "counted from 0".
async fn messages_in_plain_words(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=subtraction&set=1,4,9&heaps=11&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    // 11 → 9 takes 2, which S does not hold (a click always plays a move of S: it takes the
    // shortest run of tokens S allows, so the illegal move is typed).
    type_into(client, "#typed", "1 to 9").await;
    click(client, "#typed-move button[type='submit']").await;
    wait_text(client, "status", "Not allowed").await;
    let status = text(client, "status").await;
    assert!(
        status.contains("1, 4, 9") || status.contains("take 1, 4"),
        "{status}"
    );
    type_into(client, "#typed", "9 to 1").await;
    click(client, "#typed-move button[type='submit']").await;
    wait_until(
        client,
        "document.getElementById('status').textContent.includes('9')",
    )
    .await;
    let status = text(client, "status").await;
    assert!(
        status.starts_with("Not allowed")
            && !status.contains("component")
            && !status.contains("counted from 0")
            && !status.contains("illegal move:"),
        "{status}"
    );
}

/// Defect 8: a refresh keeps the moves, the history and Undo; "Play again" starts from the
/// game's start, not from the position the refresh showed.
async fn refresh_keeps_the_game(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=nim&heaps=3,4,5&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    hint(client).await;
    play_hint(client).await;
    wait_until(
        client,
        &format!("document.querySelectorAll('#history li').length >= 2 && ({MY_TURN})"),
    )
    .await;
    let history = text(client, "history").await;
    reload(client).await;
    wait_until(
        client,
        &format!("document.querySelectorAll('#history li').length >= 2 && ({MY_TURN})"),
    )
    .await;
    assert_eq!(text(client, "history").await, history);
    assert_eq!(
        eval(client, "document.getElementById('undo-btn').disabled").await,
        json!(false)
    );
    click(client, "#undo-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 0",
    )
    .await;
    assert_eq!(eval(client, "state.spec.heaps").await, json!([3, 4, 5]));
    follow_hints_to_the_end(client, 20).await;
    reload(client).await;
    wait_until(client, GAME_OVER).await;
    click(client, "#again-btn").await;
    wait_until(
        client,
        &format!("document.querySelectorAll('#history li').length === 0 && ({MY_TURN})"),
    )
    .await;
    assert_eq!(eval(client, "state.spec.heaps").await, json!([3, 4, 5]));
}

/// Defect 9 (part): two players on one screen; misère play for every ruleset the engine
/// solves; Pause only while computers play; no stale simulation result.
async fn players_and_conventions(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=lasker&heaps=2,3&misere=1&mode=two"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    assert_text_contains(client, "turn-badge", &["Player 1"]).await;
    assert_eq!(
        eval(client, "document.getElementById('misere').checked").await,
        json!(true)
    );
    follow_hints_to_the_end(client, 20).await;
    assert_text_contains(
        client,
        "result-text",
        &["wins", "had to make the last move"],
    )
    .await;
    assert_eq!(
        eval(client, "document.getElementById('pause-btn').hidden").await,
        json!(true)
    );
    screenshot(client, "classroom-1280-two-players-misere").await;
    // A misère Kayles game is analysed (by search) and hinted.
    open(
        client,
        &format!(
            "{url}#game=octal&code=kayles&heaps=4,3&misere=1&mode=human&first=human&strength=100"
        ),
    )
    .await;
    wait_until(client, MY_TURN).await;
    hint(client).await;
    // Simulate, then change the setup: the old result disappears.
    click(client, "#simulate-btn").await;
    wait_text(client, "simulate-out", "200 games").await;
    type_into(client, "#positions", "5, 6").await;
    assert_eq!(text(client, "simulate-out").await, "");
    // Pause during a watched game, hidden at its end.
    open(
        client,
        &format!("{url}#game=nim&heaps=1,2&mode=watch&strength=100&strength2=100"),
    )
    .await;
    wait_until(client, "!document.getElementById('pause-btn').hidden").await;
    wait_until(client, GAME_OVER).await;
    assert_eq!(
        eval(client, "document.getElementById('pause-btn').hidden").await,
        json!(true)
    );
}

/// The Nim lesson, step by step on the position; the Wythoff puzzle hides values until asked.
async fn lesson_and_puzzle(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=nim&heaps=3,4,5&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    click(client, "#lesson-btn").await;
    click(client, "#lesson-panel [data-lesson='nim']").await;
    wait_text(client, "lesson-panel", "Step 1").await;
    for step in ["Step 2", "Step 3", "Your turn"] {
        // The lesson asks before it tells: the answer shows only after the right choice.
        assert!(!text(client, "lesson-panel").await.contains("Right"));
        click(client, "#lesson-panel .choice[data-right='true']").await;
        wait_text(client, "lesson-panel", "Right").await;
        if step == "Your turn" {
            assert_text_contains(client, "lesson-panel", &["3 XOR 2 = 1"]).await;
            screenshot(client, "classroom-1280-lesson").await;
        }
        click(client, "#lesson-panel .lesson-next").await;
        wait_text(client, "lesson-panel", step).await;
    }
    open(
        client,
        &format!("{url}#game=wythoff&heaps=5,4&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    click(client, "#puzzle").await;
    wait_until(
        client,
        "document.querySelectorAll('#wythoff-board .sq.p').length === 0",
    )
    .await;
    let shown = eval(client, "[...document.querySelectorAll('#wythoff-board .sq:not(.queen)')].filter((b) => b.textContent !== '').length").await;
    assert_eq!(shown, json!(0), "no value shown in the puzzle");
    click(client, "#reveal-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('#wythoff-board .sq.p').length > 0",
    )
    .await;
    screenshot(client, "classroom-1280-wythoff-puzzle").await;
}

/// Sequences: every ruleset with a sequence listed, the title read as written, a link that
/// reopens it, CSV and PNG of the values; a stale error goes when the form changes.
async fn sequences(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#view=sequences&seq=grundys-game&count=40"),
    )
    .await;
    wait_until(client, "document.querySelector('#seq-chart svg') !== null").await;
    assert_text_contains(client, "seq-title", &["G(n): Grundy's game"]).await;
    let title = text(client, "seq-title").await;
    assert!(!title.contains("the grundy"), "{title}");
    click(client, ".presets button[data-value='kayles']").await;
    wait_text(client, "seq-period", "Period 12 from n = 71").await;
    click(client, "#seq-link").await;
    let hash = eval(client, "location.hash").await;
    assert!(
        hash.as_str().unwrap().contains("seq=octal")
            && hash.as_str().unwrap().contains("code=kayles"),
        "{hash}"
    );
    reload(client).await;
    wait_text(client, "seq-period", "Period 12 from n = 71").await;
    let csv = eval(
        client,
        "sequenceCsv(lastSequence).split('\\n').slice(0, 4).join('|')",
    )
    .await;
    assert_eq!(csv, json!("n,G(n)|0,0|1,1|2,2"));
    click(client, "#seq-png").await;
    wait_text(client, "seq-out", ".png").await;
    type_into(client, "#seq-code", "0.8").await;
    click(client, "#seq-go").await;
    wait_text(client, "seq-error", "0.8").await;
    type_into(client, "#seq-code", "kayles").await;
    assert_eq!(text(client, "seq-error").await, "");
    // On a phone the labels keep a readable size (at least 11 px on screen).
    client.set_window_size(PHONE.0, PHONE.1).await.unwrap();
    click(client, "#seq-go").await;
    wait_until(
        client,
        "document.querySelector('#seq-chart svg text') !== null",
    )
    .await;
    let size = eval(client, "Math.min(...[...document.querySelectorAll('#seq-chart svg text')].map((t) => t.getBoundingClientRect().height))").await;
    assert!(
        size.as_f64().unwrap() >= 11.0,
        "chart labels {size} px high"
    );
    scroll_to(client, "seq-chart").await;
    screenshot(client, "sequences-390").await;
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
    screenshot(client, "sequences-1280").await;
    click(client, "#tab-play").await;
}

/// Defect 9 (phone): the board in view after Start; Wythoff squares big enough to tap; axis
/// labels of big coordinates that do not overlap.
async fn phone(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=nim&heaps=3,4,5&mode=human&first=human&strength=100"),
    )
    .await;
    client.set_window_size(PHONE.0, PHONE.1).await.unwrap();
    wait_until(client, MY_TURN).await;
    eval(
        client,
        "(document.getElementById('start').scrollIntoView(), true)",
    )
    .await;
    type_into(client, "#positions", "2, 5, 6").await;
    click(client, "#start").await;
    wait_until(client, "state.spec && state.spec.heaps.join() === '2,5,6'").await;
    wait_until(client, "(() => { const r = document.getElementById('board').getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight - 100; })()").await;
    screenshot(client, "classroom-390-after-start").await;
    open(
        client,
        &format!("{url}#game=wythoff&heaps=10,7&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    let side = eval(
        client,
        "document.querySelector('#wythoff-board .sq').getBoundingClientRect().width",
    )
    .await;
    assert!(
        side.as_f64().unwrap() >= 30.0,
        "Wythoff squares {side} px wide on a phone"
    );
    assert!(
        eval(client, "document.documentElement.scrollWidth")
            .await
            .as_u64()
            .unwrap()
            <= PHONE.0 as u64
    );
    scroll_to(client, "board-card").await;
    screenshot(client, "wythoff-390-board").await;
    open(
        client,
        &format!("{url}#game=wythoff&heaps=100000,99999&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    let overlap = eval(client, "(() => { const xs = [...document.querySelectorAll('#wythoff-board .axis.x')].filter((a) => a.textContent); for (let i = 1; i < xs.length; i += 1) { const a = xs[i - 1].firstChild, b = xs[i].firstChild; const r = document.createRange(); r.selectNodeContents(xs[i - 1]); const ra = r.getBoundingClientRect(); r.selectNodeContents(xs[i]); const rb = r.getBoundingClientRect(); if (ra.right > rb.left) return true; } return false; })()").await;
    assert_eq!(overlap, json!(false), "axis labels overlap");
    scroll_to(client, "board-card").await;
    screenshot(client, "wythoff-390-big-coordinates").await;
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
}

/// Keyboard and screen-reader labels: every button, input and select has an accessible name,
/// ids are unique, the board's tokens are reachable by Tab and played with Enter.
async fn labels(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=lasker&heaps=4,3&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
    let unnamed = eval(client, "[...document.querySelectorAll('button, input, select')].filter((e) => e.offsetParent !== null && e.type !== 'hidden').filter((e) => { const label = e.getAttribute('aria-label') || (e.labels && [...e.labels].map((l) => l.textContent).join('')) || e.textContent || e.title; return !label || !label.trim(); }).map((e) => e.outerHTML.slice(0, 80))").await;
    assert_eq!(unnamed, json!([]), "controls without an accessible name");
    let dupes = eval(client, "(() => { const ids = [...document.querySelectorAll('[id]')].map((e) => e.id); return ids.filter((id, i) => ids.indexOf(id) !== i); })()").await;
    assert_eq!(dupes, json!([]));
    let label = eval(client, "document.querySelector(\".heap[data-heap='1'] .token[data-index='1']\").getAttribute('aria-label')").await;
    assert!(
        label.as_str().unwrap().starts_with("Heap 2, token 1:"),
        "{label}"
    );
    let token = client
        .find(fantoccini::Locator::Css(
            ".heap[data-heap='1'] .token[data-index='3']",
        ))
        .await
        .unwrap();
    token.send_keys("\u{E007}").await.unwrap(); // Enter
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 1",
    )
    .await;
    assert_text_contains(client, "history", &["3 → 2"]).await;
}

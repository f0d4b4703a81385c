//! End-to-end, the page for every player, in real Chromium: the README's sum and a sum of
//! every drawing played to the end by clicking the hint's highlight alone (and won); the
//! keyboard (the focus stays on the board after a move, arrow keys and Enter on every board);
//! tap targets of at least 24 × 24 px and nothing wider than a 390 px phone; and an axe-core
//! scan of every tab with no serious or critical violation.
//!
//! axe-core (`tests/browser/axe.min.js`, MPL-2.0, its licence header kept) is injected into the
//! page by the test; it is never served by the app.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;

use browser::*;
use fantoccini::key::Key;
use fantoccini::Client;
use serde_json::json;

/// The README's sum: `grundy analyze sum nim:3,4 'sub{1,4,9}:11' 'octal{kayles}:10' wythoff:10,7`.
const README_SUM: &str = "nim:3,4 + sub{1,4,9}:11 + octal{kayles}:10 + wythoff:10,7";
/// A part of every drawing: heaps, Moore's row (listed moves), Cram, Chomp, both graph games,
/// a row and a grid of coins, a Green Hackenbush picture, a Wythoff board, splits.
const EVERY_DRAWING: &str = "nim:3 + moore{2}:1,2 + cram:2x3 + chomp:2x2 + node-kayles:path:3 + arc-kayles:path:4 + turtles:THH + turning-corners:TT/TH + hackenbush:0-1,1-2 + wythoff:3,5 + lasker:4 + octal{kayles}:4";

// Two tests, each with its own server and browser, so that the two halves run at once.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hints_alone_win_every_sum_and_lesson() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    let mut won = 0;
    for terms in [README_SUM, EVERY_DRAWING] {
        won += sum_won_by_hints(client, url, terms).await;
    }
    won += lessons(client, url).await;
    println!("games won by following the hints alone: {won} of 7 (2 sums, 5 lessons)");
    assert_eq!(won, 7);
    session.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_for_every_player() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    keyboard(client, url).await;
    tap_targets_and_widths(client, url).await;
    texts(client, url).await;
    pictures(client, url).await;
    accessibility(client, url).await;
    session.close().await;
}

fn sum_link(url: &str, terms: &str) -> String {
    let encoded: String = terms
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("{url}#game=sum&terms={encoded}&mode=human&first=human&strength=100")
}

/// Plays `terms` against the perfect computer by clicking only what the hint highlights, and
/// returns 1 when the human wins. Every part of the sum is drawn (no part is text only) and
/// the Wythoff board of the README's sum marks the hint's square.
async fn sum_won_by_hints(client: &Client, url: &str, terms: &str) -> u32 {
    open(client, &sum_link(url, terms)).await;
    my_turn(client).await;
    let parts = count(client, "#board > .heap").await;
    let drawn = count(
        client,
        "#board > .heap:has(.tokens, .drawing, svg.hb, .part-moves)",
    )
    .await;
    assert_eq!(parts, drawn, "{terms}: every part is drawn and clickable");
    if terms == README_SUM {
        assert_eq!(count(client, ".mini-queen .sq.queen").await, 1);
        hint(client).await;
        // The README's first hint moves the queen: its square is highlighted on the board.
        assert_eq!(count(client, ".mini-queen .sq.hinted").await, 1);
        both_sizes(client, "access-readme-sum", "board").await;
        click(client, "#why-btn").await;
        wait_until(client, "!document.getElementById('why-panel').hidden").await;
        // Why? names the part the move is made in, and the board marks that part.
        assert_eq!(count(client, "#board > .heap.why-part").await, 1);
        let part = eval(
            client,
            "document.querySelector('#board > .heap.why-part').dataset.heap",
        )
        .await;
        assert_eq!(
            part,
            eval(client, "String(state.hint.move.component)").await
        );
        click(client, "#why-btn").await;
    }
    follow_hints_to_the_end(client, 60).await;
    let result = text(client, "result").await;
    screenshot(
        client,
        if terms == README_SUM {
            "access-readme-sum-won"
        } else {
            "access-every-drawing-won"
        },
    )
    .await;
    u32::from(result.contains("You win"))
}

/// Walks each lesson: every question answered wrong first (feedback, and no answer shown),
/// then right (the explanation shows); the last step's game against the perfect player is
/// played by the hints and won, which completes the lesson. Returns the lessons won.
async fn lessons(client: &Client, url: &str) -> u32 {
    let mut won = 0;
    for lesson in ["nim", "mex", "kayles", "wythoff", "misere"] {
        open(
            client,
            &format!("{url}#game=nim&heaps=3,4,5&mode=human&first=human&strength=100"),
        )
        .await;
        my_turn(client).await;
        click(client, "#lesson-btn").await;
        click(client, &format!("#lesson-panel [data-lesson='{lesson}']")).await;
        wait_until(
            client,
            "document.querySelector('#lesson-panel h4') !== null",
        )
        .await;
        let mut asked = 0;
        while count(client, "#lesson-panel .lesson-play").await == 0 {
            assert!(
                count(client, "#lesson-panel .choice").await > 0,
                "{lesson}: a step that asks"
            );
            assert!(
                !text(client, "lesson-panel").await.contains("Right"),
                "{lesson}: told before asked"
            );
            assert_eq!(
                count(client, "#lesson-panel .lesson-next:not([disabled])").await,
                0
            );
            if count(client, "#lesson-panel .choice[data-right='false']").await > 0 {
                click(client, "#lesson-panel .choice[data-right='false']").await;
                wait_text(client, "lesson-panel", "Not quite").await;
            }
            click(client, "#lesson-panel .choice[data-right='true']").await;
            wait_text(client, "lesson-panel", "Right").await;
            asked += 1;
            click(client, "#lesson-panel .lesson-next").await;
        }
        assert!(asked >= 2, "{lesson}: {asked} questions");
        if lesson == "wythoff" {
            both_sizes(client, "access-lesson-wythoff", "lesson-panel").await;
        }
        click(client, "#lesson-panel .lesson-play").await;
        // The lesson's game replaces the Nim board the lesson was opened on.
        wait_text(client, "lesson-panel", "Your move on the board").await;
        follow_hints_to_the_end(client, 40).await;
        wait_until(client, "!document.getElementById('lesson-panel').hidden").await;
        if text(client, "lesson-panel")
            .await
            .contains("You beat the perfect player")
        {
            won += 1;
        }
        scroll_to(client, "lesson-panel").await;
        screenshot(client, &format!("access-lesson-{lesson}-won")).await;
    }
    won
}

/// The element that has the focus, described: "BUTTON Heap 1, token 2: ...".
async fn focused(client: &Client) -> String {
    eval(client, "(() => { const a = document.activeElement; return a ? a.tagName + ' ' + (a.getAttribute('aria-label') || '') : ''; })()").await.as_str().unwrap_or_default().to_string()
}

/// Puts the focus on the board's first button (as Tab does).
const FOCUS_FIRST: &str = "(document.querySelector('#wythoff-board .sq[tabindex=\"0\"], #board button:not([disabled]), #board [role=button]').focus(), true)";

/// Whether the focus is on a board (the drawing of a position, or Wythoff's board).
const FOCUS_ON_BOARD: &str = "(() => { const a = document.activeElement; return !!a && (document.getElementById('board').contains(a) || document.getElementById('wythoff-board').contains(a)); })()";

async fn press(client: &Client, key: Key) {
    let active = client.active_element().await.unwrap();
    active
        .send_keys(&char::from(key).to_string())
        .await
        .unwrap();
}

/// Every board: Tab reaches it, an arrow key moves to the next button, Enter presses it, and
/// after the move (and the computer's answer) the focus is still on the board.
async fn keyboard(client: &Client, url: &str) {
    for link in [
        "game=nim&heaps=3,4,5",
        "game=lasker&heaps=4",
        "game=cram&position=2x3",
        "game=chomp&position=3x4",
        "game=node-kayles&position=path:5",
        "game=arc-kayles&position=path:5",
        "game=turtles&position=THHTH",
        "game=turning-corners&position=TTT/THT/TTH",
        "game=hackenbush&position=0-1,1-2,1-1,0-3",
        "game=wythoff&heaps=6,9",
        "game=sum&terms=nim%3A3%20%2B%20wythoff%3A4%2C6%20%2B%20cram%3A2x2",
    ] {
        open(
            client,
            &format!("{url}#{link}&mode=human&first=human&strength=100"),
        )
        .await;
        my_turn(client).await;
        eval(client, FOCUS_FIRST).await;
        let first = focused(client).await;
        assert!(
            eval(client, FOCUS_ON_BOARD).await == json!(true),
            "{link}: focus on the board"
        );
        press(client, Key::Right).await;
        let mut second = focused(client).await;
        if second == first {
            press(client, Key::Up).await;
            second = focused(client).await;
        }
        if !link.contains("wythoff&") {
            assert_ne!(
                first, second,
                "{link}: an arrow key moves between the board's buttons"
            );
        }
        // Play the hint by the keyboard alone: arrow keys to each highlighted button, Enter;
        // then to the drawing's Turn or Move button where it has one.
        hint(client).await;
        eval(client, FOCUS_FIRST).await;
        let before = moves_played(client).await;
        let played = format!("document.querySelectorAll('#history li').length > {before}");
        for _ in 0..6 {
            if eval(client, &played).await == json!(true) {
                break;
            }
            let target = if count(client, ".hinted:not(.selected)").await > 0 {
                ".hinted:not(.selected)"
            } else {
                ".confirm-move:not([disabled])"
            };
            keys_to(client, target, link).await;
            press(client, Key::Enter).await;
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        }
        wait_until(
            client,
            &format!("document.querySelectorAll('#history li').length > {before}"),
        )
        .await;
        wait_until(client, &format!("({MY_TURN}) || {GAME_OVER}")).await;
        if eval(client, GAME_OVER).await == json!(false) {
            assert_eq!(
                eval(client, FOCUS_ON_BOARD).await,
                json!(true),
                "{link}: the focus stays on the board after the move ({})",
                focused(client).await
            );
        }
    }
}

/// Presses arrow keys until the focus is on an element matching `target` (the nearest one).
async fn keys_to(client: &Client, target: &str, link: &str) {
    let direction = format!("(() => {{ const a = document.activeElement; if (a.matches({target:?})) return 'here'; const c = (e) => {{ const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }}; const [ax, ay] = c(a); const t = [...document.querySelectorAll({target:?})].map((e) => c(e)).sort((p, q) => Math.hypot(p[0] - ax, p[1] - ay) - Math.hypot(q[0] - ax, q[1] - ay))[0]; const [dx, dy] = [t[0] - ax, t[1] - ay]; return Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up'); }})()");
    for _ in 0..40 {
        let key = match eval(client, &direction).await.as_str().unwrap_or_default() {
            "here" => return,
            "right" => Key::Right,
            "left" => Key::Left,
            "down" => Key::Down,
            _ => Key::Up,
        };
        press(client, key).await;
    }
    panic!(
        "{link}: the arrow keys never reached {target} (focus on {})",
        focused(client).await
    );
}

/// Interactive elements smaller than 24 × 24 px (WCAG 2.2, 2.5.8).
const SMALL_TARGETS: &str = "[...document.querySelectorAll('button, [role=button], input, select, a[href]')].filter((b) => b.getClientRects().length > 0 && !b.closest('[hidden]')).map((b) => [b, b.getBoundingClientRect()]).filter(([, r]) => r.width < 24 || r.height < 24).map(([b, r]) => `${b.tagName} ${b.getAttribute('aria-label') || b.id || b.textContent.trim().slice(0, 30)} ${Math.round(r.width)}x${Math.round(r.height)}`)";
/// Elements wider than the window (a line that does not wrap, a table or a board too wide).
const TOO_WIDE: &str = "[...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length > 0 && !e.matches('.skip')).map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.right > window.innerWidth + 1 || r.left < -1).map(([e, r]) => `${e.tagName}.${e.getAttribute('class') || ''} ${Math.round(r.left)}..${Math.round(r.right)}`).slice(0, 5)";

/// Opens the hint, Why? and the move values, so that their panels are scanned too.
async fn open_panels(client: &Client) {
    wait_until(client, "!document.getElementById('hint-btn').disabled").await;
    values_loaded(client).await;
    hint(client).await;
    click(client, "#why-btn").await;
    click(client, "#values-btn").await;
    // Valued moves, or the sentence saying why a position of 10^15 moves is not valued.
    wait_until(client, "document.querySelectorAll('#values-panel .move-choice').length > 0 || document.getElementById('values-panel').textContent.includes('cannot be valued')").await;
    click(client, "#distance-btn").await;
    wait_until(client, DISTANCE_SHOWN).await;
}

/// The Distance panel shows its picture, or says why it has none.
const DISTANCE_SHOWN: &str = "document.querySelector('#distance-panel .dist') !== null || /drawn for heap games|:/.test(document.querySelector('#distance-panel p:last-child')?.textContent || '')";

/// A loopy position, a draw (`digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1`), URL-encoded.
const LOOPY: &str = "digraph%7B0%3E1%2C1%3E0%2C0%3E2%7D%3A0%20%2B%20windup%7B5%3B1%2C3%7D%3A1";

const GAMES: [&str; 9] = [
    "game=sum&terms=nim%3A3%2C4%20%2B%20sub%7B1%2C4%2C9%7D%3A11%20%2B%20octal%7Bkayles%7D%3A10%20%2B%20wythoff%3A10%2C7",
    "game=nim&heaps=3,4,5",
    "game=grundys-game&heaps=9",
    "game=wythoff&heaps=10,7",
    "game=cram&position=3x4",
    "game=arc-kayles&position=grid:2x3",
    "game=turtles&position=THHTH",
    "game=hackenbush&position=0-1,1-2,1-1,0-3",
    "game=subtraction&set=1,4,9&heaps=1000000000000000",
];

/// At 390 px: every tap target is at least 24 × 24 px and nothing is wider than the window,
/// with the hint, Why? and the move values open; the Sequences tab too.
async fn tap_targets_and_widths(client: &Client, url: &str) {
    client.set_window_size(PHONE.0, PHONE.1).await.unwrap();
    for link in GAMES {
        open(
            client,
            &format!("{url}#{link}&mode=human&first=human&strength=100"),
        )
        .await;
        open_panels(client).await;
        assert_eq!(
            eval(client, SMALL_TARGETS).await,
            json!([]),
            "{link}: tap targets under 24 px"
        );
        assert_eq!(
            eval(client, TOO_WIDE).await,
            json!([]),
            "{link}: wider than 390 px"
        );
    }
    show_sequence(client).await;
    assert_eq!(
        eval(client, SMALL_TARGETS).await,
        json!([]),
        "Sequences: tap targets under 24 px"
    );
    assert_eq!(
        eval(client, TOO_WIDE).await,
        json!([]),
        "Sequences: wider than 390 px"
    );
    screenshot(client, "access-390-sequences").await;
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
}

/// The Sequences tab with a chart drawn.
async fn show_sequence(client: &Client) {
    click(client, "#tab-sequences").await;
    click(client, "#seq-go").await;
    wait_until(client, "document.querySelector('#seq-chart svg') !== null").await;
}

/// Messages are sentences for people: a full stop, long numbers grouped ("5,000"), no help
/// about gaps where there are none (Kayles takes as it splits), and a refusal of a heap of 200
/// digits wraps on a phone instead of widening the page.
async fn texts(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=octal&code=kayles&heaps=7&mode=human&first=human&strength=100"),
    )
    .await;
    my_turn(client).await;
    let status = text(client, "status").await;
    assert!(status.ends_with('.') && !status.contains("gap"), "{status}");
    open(
        client,
        &format!("{url}#game=grundys-game&heaps=7&mode=human&first=human&strength=100"),
    )
    .await;
    my_turn(client).await;
    assert_text_contains(client, "status", &["click a gap"]).await;
    open(client, &format!("{url}#game=subtraction&set=1,4,9&heaps=1000000000000000&mode=human&first=human&strength=100")).await;
    open_panels(client).await;
    assert_text_contains(
        client,
        "values-panel",
        &["1,000,000,000,000,000 moves", "at most 5,000 moves."],
    )
    .await;
    assert_text_contains(
        client,
        "board",
        &["1,000,000,000,000,000 tokens (too many to draw)"],
    )
    .await;
    assert_text_contains(client, "status", &["too large to draw"]).await;
    client.set_window_size(PHONE.0, PHONE.1).await.unwrap();
    eval(
        client,
        "(document.getElementById('game').value = 'grundys-game', gameChanged(), true)",
    )
    .await;
    type_into(client, "#positions", &"9".repeat(200)).await;
    click(client, "#start").await;
    wait_until(
        client,
        "document.getElementById('setup-error').textContent.includes('Not started')",
    )
    .await;
    let error = text(client, "setup-error").await;
    assert!(error.ends_with("unchanged."), "{error}");
    // Nim and the games whose value there is a lookup take it; Grundy's game (no period
    // proven) refuses it in one line.
    assert!(error.contains("no period is proven"), "{error}");
    assert_eq!(
        eval(client, TOO_WIDE).await,
        json!([]),
        "a refused heap of 200 digits wraps"
    );
    scroll_to(client, "setup-error").await;
    screenshot(client, "access-390-refusal").await;
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
}

/// The win/loss distance strip of a heap game and board of Wythoff's game, each cell as
/// `POST /api/remoteness` says; the value history of a game played; misère values beside the
/// normal ones in the Sequences tab (Kayles: a heap of 1 is worth 1, and 0 under misère play).
async fn pictures(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=subtraction&set=1,4,9&heaps=11,9&mode=human&first=human&strength=100"),
    )
    .await;
    my_turn(client).await;
    click(client, "#distance-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('#distance-panel .dist').length > 0",
    )
    .await;
    assert_eq!(
        count(client, "#distance-panel .dist").await,
        12,
        "heaps 0 to 11"
    );
    assert_eq!(
        count(client, "#distance-panel .dist.here").await,
        2,
        "heaps 11 and 9"
    );
    let shown = eval(
        client,
        "[...document.querySelectorAll('#distance-panel .dist')].map((c) => c.textContent)",
    )
    .await;
    let measured = client
        .execute_async(
            "const done = arguments[0]; fetch('/api/remoteness', {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({positions: [...Array(12).keys()].map((m) => ({game: 'subtraction', set: [1, 4, 9], heaps: [m]}))})}).then((r) => r.json()).then((j) => done(j.positions.map((p) => (p.outcome === 'N' ? 'W' : 'L') + p.moves_left)));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(shown, measured);
    assert_eq!(
        shown[0],
        json!("L0"),
        "an empty heap: the player to move has lost"
    );
    both_sizes(client, "access-distance-strip", "distance-panel").await;
    // Two moves played: the value history has a dot for each.
    for _ in 0..2 {
        my_turn(client).await;
        hint(client).await;
        play_hint(client).await;
    }
    my_turn(client).await;
    wait_until(
        client,
        "document.querySelectorAll('#value-history svg circle').length >= 3",
    )
    .await;
    both_sizes(client, "access-value-history", "history-title").await;
    open(
        client,
        &format!("{url}#game=wythoff&heaps=4,6&mode=human&first=human&strength=100"),
    )
    .await;
    my_turn(client).await;
    click(client, "#distance-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('#distance-panel .dist').length > 0",
    )
    .await;
    assert_eq!(
        count(client, "#distance-panel .dist").await,
        49,
        "squares (0..6, 0..6)"
    );
    assert_text_contains(client, "distance-panel", &["L0"]).await;
    both_sizes(client, "access-distance-wythoff", "distance-panel").await;
    open(
        client,
        &format!("{url}#game=nim&heaps=3&mode=human&first=human&strength=100"),
    )
    .await;
    my_turn(client).await;
    eval(client, "(selectTab('sequences'), document.getElementById('seq-game').value = 'octal', seqGameChanged(), true)").await;
    type_into(client, "#seq-code", "kayles").await;
    click(client, "#seq-go").await;
    wait_until(
        client,
        "document.querySelectorAll('#seq-misere .misere-values > span').length === 24",
    )
    .await;
    // The panel may be drawn again once more values arrive: wait for the label itself.
    wait_until(
        client,
        "document.querySelector('#seq-misere .misere-values > span')?.getAttribute('aria-label') === 'Heap 1: normal value 1, misère value 0, genus 1^{031}'",
    )
    .await;
    both_sizes(client, "access-sequences-misere", "seq-misere").await;
    selected_play(client).await;
}

/// Back to the Play tab.
async fn selected_play(client: &Client) {
    eval(client, "(selectTab('play'), true)").await;
}

/// axe-core on every tab: the Play tab with each drawing and its panels open (and the Nim
/// lesson), and the Sequences tab, at both widths.
async fn accessibility(client: &Client, url: &str) {
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        for link in GAMES {
            open(
                client,
                &format!("{url}#{link}&mode=human&first=human&strength=100"),
            )
            .await;
            open_panels(client).await;
            let found = axe(client).await;
            check_axe(&format!("Play {size} px, {link}"), &found);
        }
        open(
            client,
            &format!("{url}#game=nim&heaps=3,4,5&mode=human&first=human&strength=100"),
        )
        .await;
        my_turn(client).await;
        click(client, "#lesson-btn").await;
        wait_until(client, "!document.getElementById('lesson-panel').hidden").await;
        check_axe(&format!("Play {size} px, the lessons"), &axe(client).await);
        click(client, "#lesson-panel [data-lesson='wythoff']").await;
        // The lesson's first question may wait for the server (a busy machine is slow).
        wait_until(
            client,
            "document.querySelector(\"#lesson-panel .choice[data-right='false']\") !== null",
        )
        .await;
        click(client, "#lesson-panel .choice[data-right='false']").await;
        wait_text(client, "lesson-panel", "Not quite").await;
        click(client, "#lesson-panel .choice[data-right='true']").await;
        wait_text(client, "lesson-panel", "Right").await;
        check_axe(
            &format!("Play {size} px, the Wythoff lesson"),
            &axe(client).await,
        );
        // A loopy game: its digraph, the draw's colour and words, the hint, Why? and the
        // valued moves.
        open(
            client,
            &format!("{url}#game=loopy&terms={LOOPY}&mode=human&first=human&strength=100"),
        )
        .await;
        my_turn(client).await;
        hint(client).await;
        click(client, "#why-btn").await;
        click(client, "#values-btn").await;
        wait_until(
            client,
            "document.querySelectorAll('#values-panel .move-choice').length > 0",
        )
        .await;
        let found = axe(client).await;
        assert!(found.is_empty(), "loopy, {size} px: {found:?}");
        check_axe(&format!("Play {size} px, a loopy game"), &found);
        show_sequence(client).await;
        check_axe(&format!("Sequences {size} px"), &axe(client).await);
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
}

//! End-to-end, the page as a newcomer meets it (issue 64), in real Chromium at 1366 × 900 and
//! 390 × 844: lessons whose feedback states the position's own figures, links that never break
//! a game, huge games that ask only what the server answers, rule texts that follow the
//! convention, instructions from each ruleset's own moves, default positions the first player
//! wins, presets that show their period, and the looks (move numbers, Hackenbush targets, the
//! distance board's axes), with screenshots and an axe-core scan of the new states.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;
mod support;

use axum::http::{Method, StatusCode};
use browser::*;
use fantoccini::Client;
use grundy_server::{Config, Limits};
use serde_json::{json, Value};
use support::send_with;

/// The desktop width the issue was found at, and the phone.
const WIDE: (u32, u32) = (1366, 900);
const SIZES: [(&str, (u32, u32)); 2] = [("1366", WIDE), ("390", PHONE)];

// Two tests, each with its own server and browser, so that the two halves run at once.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_meets_true_lessons_safe_links_and_huge_games() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    client.set_window_size(WIDE.0, WIDE.1).await.unwrap();
    lessons_state_the_positions_figures(client, url).await;
    bad_links_are_named_and_replaced(client, url).await;
    huge_games_ask_only_what_is_answered(client, url).await;
    session.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_meets_rules_defaults_and_pictures_that_fit() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    client.set_window_size(WIDE.0, WIDE.1).await.unwrap();
    rules_follow_the_convention(client, url).await;
    grundys_game_is_played_by_splitting(client, url).await;
    every_default_is_won_by_the_first_player(client, url).await;
    presets_show_their_period(client, url).await;
    move_numbers_are_whole(client, url).await;
    hackenbush_targets_never_overlap(client, url).await;
    the_distance_board_has_axes(client, url).await;
    session.close().await;
}

/// Waits up to `seconds` (a link replaying many moves, a game started for every ruleset: on
/// a loaded machine more than WAIT).
async fn wait_long(client: &Client, expr: &str, seconds: u64) {
    for _ in 0..seconds * 10 {
        if eval(client, &format!("!!({expr})")).await == json!(true) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("timed out waiting for {expr}");
}

fn link(url: &str, rest: &str) -> String {
    format!("{url}#{rest}&mode=human&first=human&strength=100")
}

/// Walks the open lesson to its last step: at each question every wrong choice is clicked
/// (its feedback read), then the right one and Next. Gives `[step title, choice, feedback]`.
const WALK_LESSON: &str = "(() => { const out = []; const panel = document.getElementById('lesson-panel'); for (let guard = 0; guard < 12; guard += 1) { const title = panel.querySelector('h4').textContent; const wrong = [...panel.querySelectorAll(\".choice[data-right='false']\")].map((b) => b.textContent); if (!panel.querySelector('.choice')) break; for (const label of wrong) { [...panel.querySelectorAll('.choice')].find((b) => b.textContent === label).click(); out.push([title, label, panel.querySelector('.feedback').textContent]); } panel.querySelector(\".choice[data-right='true']\").click(); panel.querySelector('.lesson-next').click(); } return out; })()";

async fn walk_lesson(client: &Client, url: &str, board: &str, id: &str) -> Vec<[String; 3]> {
    open(client, &link(url, board)).await;
    my_turn(client).await;
    click(client, "#lesson-btn").await;
    click(client, &format!("#lesson-panel [data-lesson='{id}']")).await;
    wait_until(
        client,
        "document.querySelector('#lesson-panel .choice') !== null",
    )
    .await;
    let walked = eval(client, WALK_LESSON).await;
    walked
        .as_array()
        .unwrap()
        .iter()
        .map(|row| [0, 1, 2].map(|k| row[k].as_str().unwrap().to_string()))
        .collect()
}

/// Item 1: every wrong answer of every lesson is told why in the position's figures, never a
/// bare "Not quite"; Bouton's question on a nim-sum of 2 (heaps 3, 4, 5) and of 0 (1, 2, 3)
/// says the nim-sum it is and who wins.
async fn lessons_state_the_positions_figures(client: &Client, url: &str) {
    for (heaps, nim_sum) in [("3,4,5", 2), ("1,2,3", 0), ("2,7,11", 14)] {
        let walked = walk_lesson(client, url, &format!("game=nim&heaps={heaps}"), "nim").await;
        let bouton: Vec<_> = walked.iter().filter(|r| r[0].contains("Step 2")).collect();
        assert_eq!(bouton.len(), 1, "{heaps}: one wrong answer of yes or no");
        let said = &bouton[0][2];
        if nim_sum == 0 {
            assert_eq!(bouton[0][1], "Yes");
            assert!(
                said.contains("The nim-sum is 0, so the player to move loses"),
                "{heaps}: {said}"
            );
        } else {
            assert_eq!(bouton[0][1], "No");
            let figures = format!("The nim-sum is {nim_sum}, not 0, so the player to move wins");
            assert!(said.contains(&figures), "{heaps}: {said}");
        }
        // The wrong nim-sums are read in binary; the heaps that cannot win are named in it.
        for row in walked.iter().filter(|r| r[0].contains("Step 1")) {
            let g: u64 = row[1].parse().unwrap();
            assert!(
                row[2].contains(&format!("{g} is {g:b} in binary")),
                "{row:?}"
            );
        }
        for row in walked.iter().filter(|r| r[0].contains("Step 3")) {
            assert!(row[2].contains("in binary) has no 1 in the"), "{row:?}");
        }
    }
    for (id, needles) in [
        ("mex", ["mex", "missing"]),
        ("kayles", ["XOR", "pins"]),
        ("wythoff", ["reaches", "breaks the pattern"]),
        ("misere", ["heaps of 1", "last"]),
    ] {
        let walked = walk_lesson(client, url, "game=nim&heaps=3,4,5", id).await;
        assert!(!walked.is_empty(), "{id}: wrong answers to try");
        let all: String = walked.iter().map(|r| r[2].clone()).collect();
        for row in &walked {
            // "Not quite: <why> Try again.", the why never empty.
            assert!(
                row[2].starts_with("Not quite: ") && row[2].len() > "Not quite:  Try again.".len(),
                "{id}: {row:?}"
            );
        }
        for needle in needles {
            assert!(all.contains(needle), "{id}: {all}");
        }
    }
    // The Wythoff lesson's squares: each wrong one names the P-position (or corner) it reaches.
    let walked = walk_lesson(client, url, "game=nim&heaps=3,4,5", "wythoff").await;
    for row in walked.iter().filter(|r| r[0].contains("Step 1")) {
        let said = &row[2];
        let reached = if row[1] == "(2, 2)" {
            "(0, 0), the corner"
        } else {
            "(1, 2), a P-position"
        };
        assert!(said.contains(reached), "{row:?}");
    }
    // Bouton's question on 3, 4, 5 answered wrong, as a learner sees it.
    open(client, &link(url, "game=nim&heaps=3,4,5")).await;
    my_turn(client).await;
    click(client, "#lesson-btn").await;
    click(client, "#lesson-panel [data-lesson='nim']").await;
    wait_until(
        client,
        "document.querySelector('#lesson-panel .choice') !== null",
    )
    .await;
    click(client, "#lesson-panel .choice[data-right='true']").await;
    click(client, "#lesson-panel .lesson-next").await;
    wait_text(client, "lesson-panel", "Step 2").await;
    click(client, "#lesson-panel .choice[data-right='false']").await;
    wait_text(client, "lesson-panel", "The nim-sum is 2, not 0").await;
    for (size, (w, h)) in SIZES {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "lesson-panel").await;
        screenshot(client, &format!("newcomer-{size}-lesson")).await;
    }
    client.set_window_size(WIDE.0, WIDE.1).await.unwrap();
}

/// A bad link, the note that names it, and the game that replaced it.
struct BadLink {
    rest: &'static str,
    named: &'static [&'static str],
    /// What the game on the board is, checked in the page.
    board: &'static str,
}

const BAD_LINKS: [BadLink; 8] = [
    BadLink {
        rest: "game=nim&heaps=3,4,5&strength=abc",
        named: &["strength", "abc", "100"],
        board: "state.settings.strength === 100 && state.spec.heaps.join() === '3,4,5'",
    },
    BadLink {
        rest: "game=nim&heaps=-1",
        named: &["heaps", "-1", "3, 4, 5"],
        board: "state.start.heaps.join() === '3,4,5'",
    },
    BadLink {
        rest: "game=foo",
        named: &["game", "foo"],
        board: "state.start.game === state.order[0]",
    },
    BadLink {
        rest: "game=nim&heaps=abc",
        named: &["heaps", "abc"],
        board: "state.start.heaps.join() === '3,4,5'",
    },
    BadLink {
        rest: "game=nim&heaps=3,4,5&moves=9:9",
        named: &["moves", "9:9", "move 1"],
        board: "state.history.length === 0 && state.spec.heaps.join() === '3,4,5'",
    },
    BadLink {
        rest: "game=nim&heaps=3,4,5&mode=two&moves=0:2,zzz",
        named: &["moves", "zzz", "after move 1"],
        board: "state.history.length === 1 && state.spec.heaps.join() === '2,4,5'",
    },
    BadLink {
        rest: "game=nim&heaps=3,4,5&mode=solo&misere=yes",
        named: &["mode", "solo", "misere", "yes"],
        board: "state.settings.mode === 'human' && state.spec.convention === 'normal'",
    },
    BadLink {
        rest: "game=octal&code=0.8&heaps=3",
        named: &["refused", "0.8"],
        board: "state.start.game === state.order[0]",
    },
];

/// Item 2: each bad link (after `#` and after `?`) shows a note naming the bad parameter and
/// starts a valid game in its place, which plays: the computer answers the first move. A good
/// link after `?` is followed and rewritten after `#`, with no note.
async fn bad_links_are_named_and_replaced(client: &Client, url: &str) {
    for bad in &BAD_LINKS {
        for mark in ["#", "?"] {
            let full = format!("{url}{mark}{}", bad.rest);
            open(client, &full).await;
            wait_until(client, &format!("({MY_TURN}) && state.analysis !== null")).await;
            wait_until(client, "!document.getElementById('link-note').hidden").await;
            let note = text(client, "link-note").await;
            for needle in bad.named {
                assert!(
                    note.contains(needle),
                    "{full}: the note lacks {needle:?}: {note}"
                );
            }
            assert_eq!(eval(client, bad.board).await, json!(true), "{full}: {note}");
        }
    }
    // The first one's game plays: a move, then the computer's answer (strength 100, not null).
    open(client, &format!("{url}#{}", BAD_LINKS[0].rest)).await;
    my_turn(client).await;
    hint(client).await;
    play_hint(client).await;
    wait_until(client, &format!("state.history.length >= 2 || {GAME_OVER}")).await;
    let status = text(client, "status").await;
    assert!(!status.contains("could not"), "{status}");
    for (size, (w, h)) in SIZES {
        client.set_window_size(w, h).await.unwrap();
        eval(client, "(window.scrollTo(0, 0), true)").await;
        screenshot(client, &format!("newcomer-{size}-bad-link")).await;
        check_axe(&format!("a bad link's note, {size} px"), &axe(client).await);
    }
    // On a phone the note is in view when the page opens.
    open(client, &format!("{url}#{}", BAD_LINKS[2].rest)).await;
    wait_until(client, &format!("({MY_TURN}) && state.analysis !== null")).await;
    let seen = eval(client, "(() => { const r = document.getElementById('link-note').getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; })()").await;
    assert_eq!(seen, json!(true), "the note in view on a phone");
    client.set_window_size(WIDE.0, WIDE.1).await.unwrap();
    // A good link after `?`: followed, no note, kept after `#`.
    open(client, &format!("{url}?game=nim&heaps=2,3&mode=two")).await;
    wait_until(client, &format!("({MY_TURN}) && state.analysis !== null")).await;
    assert_eq!(eval(client, "state.start.heaps").await, json!([2, 3]));
    assert_eq!(
        eval(client, "document.getElementById('link-note').hidden").await,
        json!(true)
    );
    let at = eval(client, "location.search + ' ' + location.hash").await;
    assert!(
        at.as_str().unwrap().starts_with(" #game=nim&heaps=2%2C3"),
        "{at}"
    );
    // The Sequences view of a link: a game without a sequence and a bad count are named.
    open(client, &format!("{url}#view=sequences&seq=wythoff&count=0")).await;
    wait_until(client, "!document.getElementById('link-note').hidden").await;
    assert_text_contains(client, "link-note", &["seq=\"wythoff\"", "count=\"0\""]).await;
    wait_until(client, "document.querySelector('#seq-chart svg') !== null").await;
}

/// The requests the page made that the server refused, as "status path" (Chromium's resource
/// timing records each response's status).
const REFUSED: &str = "performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/') && e.responseStatus >= 400).map((e) => e.responseStatus + ' ' + e.name)";

/// The human may move a heap (or a queen) too large to draw: its field's Move button is live.
const BIG_LIVE: &str =
    "document.querySelector('.big-heap button:not([disabled])') !== null && !state.busy";

/// Whether Chromium records the responses' statuses (else REFUSED could not see a refusal).
const STATUSES_SEEN: &str = "performance.getEntriesByType('resource').some((e) => e.name.includes('/api/analyze') && e.responseStatus === 200)";

/// Item 3: Nim with heaps of 10^40, Kayles with a row of 10^30 and a Wythoff queen 30 digits
/// out play their moves, every request answered (none refused: no /api/moves nor
/// /api/remoteness of what the server cannot list), the status one consistent line.
async fn huge_games_ask_only_what_is_answered(client: &Client, url: &str) {
    let ten_to = |n: usize| format!("1{}", "0".repeat(n));
    for (rest, name) in [
        (
            format!(
                "game=nim&heaps={},{}",
                ten_to(40),
                ten_to(40).replacen('0', "5", 1)
            ),
            "nim",
        ),
        (
            format!("game=octal&code=kayles&heaps={}", ten_to(30)),
            "kayles",
        ),
        (
            format!(
                "game=wythoff&heaps={},{}",
                ten_to(29),
                ten_to(29).replacen('1', "3", 1)
            ),
            "wythoff",
        ),
    ] {
        open(client, &link(url, &rest)).await;
        wait_until(client, BIG_LIVE).await;
        let status = text(client, "status").await;
        if name == "wythoff" {
            assert!(status.contains("queen's new square"), "{name}: {status}");
        } else {
            assert!(
                status.contains("write what the heap becomes") && !status.contains("click a token"),
                "{name}: {status}"
            );
        }
        click(client, "#values-btn").await;
        wait_text(client, "values-panel", "too large").await;
        let said = text(client, "values-panel").await;
        assert!(
            said.contains("ask for a hint") && !said.contains("/api/"),
            "{name}: {said}"
        );
        click(client, "#values-btn").await;
        hint(client).await;
        click(client, ".big-heap button.hinted").await;
        wait_until(
            client,
            &format!("(state.history.length >= 2 && ({BIG_LIVE})) || {GAME_OVER}"),
        )
        .await;
        assert_eq!(eval(client, STATUSES_SEEN).await, json!(true));
        assert_eq!(
            eval(client, REFUSED).await,
            json!([]),
            "{name}: refused requests"
        );
        let status = text(client, "status").await;
        assert!(!status.contains("could not"), "{name}: {status}");
        if name == "nim" {
            for (size, (w, h)) in SIZES {
                client.set_window_size(w, h).await.unwrap();
                scroll_to(client, "board-card").await;
                screenshot(client, &format!("newcomer-{size}-huge-nim")).await;
            }
            client.set_window_size(WIDE.0, WIDE.1).await.unwrap();
        }
    }
}

/// Item 4: under misère play every rule text says the last move loses, never that whoever
/// cannot move loses; under normal play the reverse. The board's rules and the form's help.
async fn rules_follow_the_convention(client: &Client, url: &str) {
    for game in [
        "cram&position=3x4",
        "node-kayles&position=grid:3x3",
        "hackenbush&position=0-1,1-2",
        "wythoff&heaps=10,7",
        "chomp&position=3x4",
    ] {
        for (misere, says, never) in [
            (
                "&misere=1",
                "whoever makes the last move loses",
                "cannot move loses",
            ),
            ("", "Whoever cannot move loses", "last move loses"),
        ] {
            open(client, &link(url, &format!("game={game}{misere}"))).await;
            my_turn(client).await;
            for id in ["rules", "game-help"] {
                let said = text(client, id).await;
                assert!(
                    said.contains(says) && !said.contains(never) && !said.contains("wins"),
                    "{game}{misere}, #{id}: {said}"
                );
            }
        }
    }
    // Every family of the registry, and a sum: the texts the page shows under each convention.
    let texts = eval(client, "[null, ...state.order].map((n) => [rulesText(state.families[n] || null, 'misere'), rulesText(state.families[n] || null, 'normal')])").await;
    for pair in texts.as_array().unwrap() {
        let (misere, normal) = (pair[0].as_str().unwrap(), pair[1].as_str().unwrap());
        assert!(
            misere.ends_with("whoever makes the last move loses.")
                && !misere.contains("cannot move loses"),
            "{misere}"
        );
        assert!(
            normal.ends_with("Whoever cannot move loses.") && !normal.contains("last move"),
            "{normal}"
        );
    }
    // Ticking Misère in the form changes its help at once.
    eval(client, "(document.getElementById('misere').click(), true)").await;
    wait_text(client, "game-help", "last move loses").await;
}

/// Item 5: Grundy's game says to split at a gap, never to take a token, in the status and the
/// typed moves' help; a typed split and a clicked gap both play.
async fn grundys_game_is_played_by_splitting(client: &Client, url: &str) {
    open(client, &link(url, "game=grundys-game&heaps=10,21")).await;
    my_turn(client).await;
    wait_text(client, "status", "gap").await;
    let status = text(client, "status").await;
    let typed = text(client, "typed-help").await;
    assert!(
        !status.contains("take") && !typed.contains("take"),
        "{status} / {typed}"
    );
    assert!(typed.contains("\"3 to 1 4\""), "{typed}");
    type_into(client, "#typed", "1 to 3 7").await;
    click(client, "#typed-move button[type='submit']").await;
    wait_until(client, "state.history.length >= 1").await;
    let split = eval(
        client,
        "JSON.stringify(state.history[0].move.to.map((c) => c.heap).sort((a, b) => a - b))",
    )
    .await;
    assert_eq!(split, json!("[3,7]"));
    my_turn(client).await;
    hint(client).await;
    play_hint(client).await;
    // Nim's help still names taking (and Lasker's both).
    open(client, &link(url, "game=lasker&heaps=7,9")).await;
    my_turn(client).await;
    wait_text(client, "status", "gap").await;
    assert_text_contains(client, "status", &["take it"]).await;
}

/// Item 6: the position each game of the picker starts from (the form's defaults, as the page
/// builds them) is won by the player who moves first: a newcomer moving first against
/// strength 100 can win it. Each is asked of the router in process with a minute a question,
/// so that a loaded machine cannot make a default's value a refusal.
async fn every_default_is_won_by_the_first_player(client: &Client, url: &str) {
    open(client, &link(url, "game=nim&heaps=1")).await;
    my_turn(client).await;
    let specs = eval(client, "[...document.getElementById('game').options].map((o) => { document.getElementById('game').value = o.value; gameChanged(); return [o.value, specFromForm()]; })").await;
    let config = Config {
        limits: Limits {
            compute_time_ms: 60_000,
            ..Limits::default()
        },
    };
    let mut lost = Vec::new();
    let specs = specs.as_array().unwrap();
    for pair in specs {
        let body = json!({ "position": pair[1] }).to_string();
        let (status, answer) = send_with(config.clone(), Method::POST, "/api/analyze", body).await;
        if status != StatusCode::OK || answer["outcome"] != json!("N") {
            let why = if status == StatusCode::OK {
                &answer["outcome"]
            } else {
                &answer["error"]
            };
            lost.push(format!("{}: {status} {why} at {}", pair[0], pair[1]));
        }
    }
    assert!(
        specs.len() > 30,
        "every game of the picker: {}",
        specs.len()
    );
    assert!(
        lost.is_empty(),
        "defaults the first player does not win: {lost:?}"
    );
}

/// Item 7: each preset of the Sequences tab shows its preperiod and two periods, shaded.
async fn presets_show_their_period(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#view=sequences&seq=subtraction&set=1,2&count=10"),
    )
    .await;
    wait_until(client, "document.querySelector('#seq-chart svg') !== null").await;
    let presets = count(client, ".presets button").await;
    for k in 0..presets {
        eval(client, "(lastSequence = null, true)").await;
        eval(
            client,
            &format!("(document.querySelectorAll('.presets button')[{k}].click(), true)"),
        )
        .await;
        let enough = "lastSequence && lastSequence.period.status === 'proven' && lastSequence.values.length >= Math.min(400, lastSequence.period.preperiod + 2 * lastSequence.period.period)";
        wait_until(client, enough).await;
        let shown = eval(
            client,
            "document.querySelectorAll('#seq-values .cycle-start').length",
        )
        .await;
        let name = eval(
            client,
            &format!("document.querySelectorAll('.presets button')[{k}].textContent"),
        )
        .await;
        assert!(
            shown.as_u64().unwrap() >= 2,
            "{name}: the period's start shaded twice, {shown}"
        );
    }
    click(client, ".presets button[data-value='kayles']").await;
    wait_text(client, "seq-period", "Period 12 from n = 71").await;
    wait_until(
        client,
        "document.querySelectorAll('#seq-values span').length >= 71 + 2 * 12",
    )
    .await;
    for (size, (w, h)) in SIZES {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, "seq-values").await;
        screenshot(client, &format!("newcomer-{size}-kayles-preset")).await;
    }
    client.set_window_size(WIDE.0, WIDE.1).await.unwrap();
    click(client, "#tab-play").await;
}

/// The move numbers of the Moves list that are not wholly inside the list's box.
const CLIPPED_NUMBERS: &str = "(() => { const list = document.getElementById('history').getBoundingClientRect(); return [...document.querySelectorAll('#history li .n')].filter((n) => { const r = n.getBoundingClientRect(); return r.left < list.left - 0.5 || n.scrollWidth > n.clientWidth + 0.5; }).map((n) => n.textContent); })()";

/// Item 10: twelve moves (a link replays them): every number, 10. to 12. included, whole.
async fn move_numbers_are_whole(client: &Client, url: &str) {
    let moves: Vec<String> = (0..12).rev().map(|h| format!("0:{h}")).collect();
    open(
        client,
        &format!(
            "{url}#game=nim&heaps=12,1&mode=two&moves={}",
            moves.join(",")
        ),
    )
    .await;
    wait_long(
        client,
        "state.history.length === 12 && state.analysis !== null",
        180,
    )
    .await;
    for (size, (w, h)) in SIZES {
        client.set_window_size(w, h).await.unwrap();
        let numbers = eval(
            client,
            "[...document.querySelectorAll('#history li .n')].map((n) => n.textContent).join(' ')",
        )
        .await;
        assert_eq!(numbers, json!("1. 2. 3. 4. 5. 6. 7. 8. 9. 10. 11. 12."));
        eval(
            client,
            "(document.getElementById('history').scrollTop = 1e6, true)",
        )
        .await;
        assert_eq!(eval(client, CLIPPED_NUMBERS).await, json!([]), "{size} px");
        eval(
            client,
            "(document.getElementById('history').scrollIntoView({block: 'center'}), true)",
        )
        .await;
        screenshot(client, &format!("newcomer-{size}-moves")).await;
    }
    client.set_window_size(WIDE.0, WIDE.1).await.unwrap();
}

/// Pairs of Hackenbush click circles that touch (their strokes included), and loops whose
/// circle a handle covers, as texts.
const TOUCHING_TARGETS: &str = "(() => { const out = []; const hs = [...document.querySelectorAll('#hb-board .hb-handle')].map((c) => { const r = c.getBoundingClientRect(); return { n: c.dataset.edge, x: r.left + r.width / 2, y: r.top + r.height / 2, r: r.width / 2 + 1.5 }; }); hs.forEach((a, i) => hs.slice(i + 1).forEach((b) => { if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r) out.push(`handles ${a.n} and ${b.n}`); })); document.querySelectorAll('#hb-board .hb-edge').forEach((g) => { const path = g.querySelector('.hb-line'); if (!/ a /.test(path.getAttribute('d'))) return; const r = path.getBoundingClientRect(); const h = hs.find((x) => x.n === g.dataset.edge); const loop = { x: r.left + r.width / 2, y: r.top + r.height / 2, r: r.width / 2 }; if (Math.hypot(h.x - loop.x, h.y - loop.y) < loop.r + h.r) out.push(`loop ${h.n} under its handle`); }); return out; })()";

/// Item 11: the default picture's click circles never touch, nor cover the loop, at both sizes.
async fn hackenbush_targets_never_overlap(client: &Client, url: &str) {
    open(
        client,
        &link(
            url,
            "game=hackenbush&position=0-1,1-2,1-3,3-3,0-4,4-5,5-6,4-6",
        ),
    )
    .await;
    my_turn(client).await;
    for (size, (w, h)) in SIZES {
        client.set_window_size(w, h).await.unwrap();
        wait_until(
            client,
            "document.querySelectorAll('#hb-board .hb-handle').length === 8",
        )
        .await;
        assert_eq!(eval(client, TOUCHING_TARGETS).await, json!([]), "{size} px");
        let wide = eval(client, "document.getElementById('hb-board').getBoundingClientRect().right <= window.innerWidth").await;
        assert_eq!(wide, json!(true), "{size} px: the picture fits");
        scroll_to(client, "board-card").await;
        screenshot(client, &format!("newcomer-{size}-hackenbush")).await;
        check_axe(
            &format!("the default Hackenbush picture, {size} px"),
            &axe(client).await,
        );
    }
    // Still played by clicks.
    client.set_window_size(WIDE.0, WIDE.1).await.unwrap();
    hint(client).await;
    play_hint(client).await;
}

/// Item 12: the Wythoff distance board has its axes, each label in line with its row or column.
async fn the_distance_board_has_axes(client: &Client, url: &str) {
    open(client, &link(url, "game=wythoff&heaps=10,7")).await;
    my_turn(client).await;
    click(client, "#distance-btn").await;
    wait_until(
        client,
        "document.querySelector('#distance-panel .dist-board') !== null",
    )
    .await;
    let side = 11;
    for (size, (w, h)) in SIZES {
        client.set_window_size(w, h).await.unwrap();
        let axes: Value = eval(client, "(() => { const cells = [...document.querySelectorAll('.dist-board .dist')].map((c) => c.getBoundingClientRect()); const side = Math.round(Math.sqrt(cells.length)); const xs = [...document.querySelectorAll('.dist-x span')]; const ys = [...document.querySelectorAll('.dist-y span')]; const mid = (r) => [r.left + r.width / 2, r.top + r.height / 2]; const off = []; xs.forEach((l, k) => { const d = mid(l.getBoundingClientRect())[0] - mid(cells[(side - 1) * side + k])[0]; if (Math.abs(d) > 1.5) off.push('x ' + l.textContent); }); ys.forEach((l, k) => { const d = mid(l.getBoundingClientRect())[1] - mid(cells[k * side])[1]; if (Math.abs(d) > 1.5) off.push('y ' + l.textContent); }); return { side, x: xs.map((l) => l.textContent).join(), y: ys.map((l) => l.textContent).join(), off }; })()").await;
        let along: Vec<String> = (0..side).map(|k| k.to_string()).collect();
        let down: Vec<String> = (0..side).rev().map(|k| k.to_string()).collect();
        assert_eq!(axes["side"], json!(side), "{size} px");
        assert_eq!(axes["x"], json!(along.join(",")), "{size} px");
        assert_eq!(axes["y"], json!(down.join(",")), "{size} px");
        assert_eq!(axes["off"], json!([]), "{size} px: labels out of line");
        scroll_to(client, "distance-panel").await;
        screenshot(client, &format!("newcomer-{size}-distance-axes")).await;
    }
    client.set_window_size(WIDE.0, WIDE.1).await.unwrap();
}

//! End-to-end, the games that are not heaps, in real Chromium: Cram's board, Chomp's bar, the
//! graphs of Node-Kayles and Arc-Kayles and the rows of coins are drawn and played by clicking
//! what they show (not a list of buttons named "board 1"); the hint highlights exactly its move
//! on the drawing and playing the highlight by clicks plays that move; the computer's last move
//! is shown; illegal picks are explained in plain words; Why? names boards, graphs and rows of
//! coins, draws the options small, XORs a row's heads in binary columns, and teaches Moore's
//! theorem by its columns counted modulo k + 1. Screenshots at 1280 and 390 px go to
//! `target/e2e-screenshots/boards-*.png`.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;

use browser::*;
use fantoccini::Client;
use serde_json::{json, Value};

// Two tests, each with its own server and browser, so that they run at once: Cram (whose
// boards wait for the server's budget) and the rest.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cram_is_drawn_and_played_by_clicks() {
    let session = Session::start().await;
    cram(&session.client, &session.url).await;
    session.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chomp_graphs_coins_and_sums_are_drawn_and_played_by_clicks() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    chomp(client, url).await;
    node_kayles(client, url).await;
    arc_kayles(client, url).await;
    graph_layouts(client, url).await;
    coins(client, url).await;
    moore(client, url).await;
    too_big_to_draw(client, url).await;
    sums_draw_their_boards(client, url).await;
    session.close().await;
}

fn link(url: &str, game: &str) -> String {
    format!("{url}#game={game}&mode=human&first=human&strength=100")
}

/// Clicks Why? and waits until its panel draws options small (`drawing`: their class), then
/// gives the panel's text.
async fn why_with_drawings(client: &Client, drawing: &str) -> String {
    click(client, "#why-btn").await;
    wait_until(
        client,
        &format!("document.querySelector('#why-panel {drawing}') !== null"),
    )
    .await;
    text(client, "why-panel").await
}

/// Asks for a hint, checks that the drawing highlights `expected` things, and plays them by
/// clicks (the helper checks that what was played is the hinted move).
async fn hint_and_play(client: &Client, expected: u64) {
    hint(client).await;
    assert_eq!(count(client, ".hinted").await, expected, "highlighted");
    play_hint(client).await;
}

/// Cram 3 × 3: squares, not a list; a domino by two clicks; non-neighbours and covered squares
/// refused in words; the hint's two squares are its domino; the computer's domino outlined;
/// Why? draws each option small; refresh keeps the dominoes, Undo takes them back, also after
/// a computer move refused at the server's limit.
async fn cram(client: &Client, url: &str) {
    open(client, &format!("{}&position=3x3", link(url, "cram"))).await;
    my_turn(client).await;
    assert_eq!(count(client, ".grid-board.cram .cell.empty").await, 9);
    assert_eq!(count(client, ".move-choice").await, 0, "drawn, not listed");
    // Row 1, column 1 then row 3, column 3: not neighbours, explained; the second is selected.
    click(client, ".cram .cell[data-r='1'][data-c='1']").await;
    assert_eq!(count(client, ".cram .cell.candidate").await, 2);
    click(client, ".cram .cell[data-r='3'][data-c='3']").await;
    wait_text(client, "status", "are not neighbours").await;
    assert_eq!(count(client, ".cram .cell.selected").await, 1);
    // Its neighbour row 3, column 2 places the domino. Seven squares are left, and no domino
    // of the computer's can leave five squares of them apart: the game goes on.
    click(client, ".cram .cell[data-r='3'][data-c='2']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 2",
    )
    .await;
    assert_text_contains(
        client,
        "history",
        &["Domino on row 3, column 2 and row 3, column 3"],
    )
    .await;
    my_turn(client).await;
    // The computer's domino is outlined and said.
    assert_eq!(count(client, ".cram .cell.last").await, 2);
    assert_text_contains(client, "board", &["The computer's last move is outlined"]).await;
    assert_eq!(count(client, ".cram .cell.domino").await, 4);
    click(client, ".cram .cell.domino").await;
    wait_text(client, "status", "already covered").await;
    both_sizes(client, "boards-cram-played", "board-card").await;
    // A refresh keeps the game (the moves are in the link); Undo takes the pair back.
    let history = text(client, "history").await;
    reload(client).await;
    my_turn(client).await;
    assert_eq!(text(client, "history").await, history);
    assert_eq!(count(client, ".cram .cell.domino").await, 4);
    undo_to_the_start(client, 9).await;
    // Cram 3 × 4 is a first-player win: follow the hints to the end, two squares each time.
    open(client, &format!("{}&position=3x4", link(url, "cram"))).await;
    my_turn(client).await;
    hint_and_play(client, 2).await;
    let why = why_with_drawings(client, ".mini-grid").await;
    assert!(why.contains("The board") && !why.contains("Heap"), "{why}");
    assert!(
        count(client, "#why-panel .mini-grid .new").await >= 2,
        "each option's domino marked"
    );
    both_sizes(client, "boards-cram-why", "why-panel").await;
    follow_hints_to_the_end(client, 10).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    // Cram 5 × 6: its hint is the central domino, known to win without search (then the
    // half-turn answer to every domino); Why? says so, its value not computed.
    open(client, &format!("{}&position=5x6", link(url, "cram"))).await;
    my_turn(client).await;
    hint(client).await;
    assert_eq!(count(client, ".hinted").await, 2, "the central domino");
    click(client, "#why-btn").await;
    wait_until(client, "!document.getElementById('why-panel').hidden").await;
    assert_text_contains(
        client,
        "why-panel",
        &["known without search", "not computed"],
    )
    .await;
    both_sizes(client, "boards-cram-strategy", "why-panel").await;
    // The same board with a square filled beside the centre: 45 options, too many to value
    // one by one within the server's budget, and no move known to win. The hint's domino is
    // found by search, and Why? draws one option worth 0 and one worth 1, none worth 2.
    let holed = "....../....../..#.../....../......".replace('/', "%2F");
    let holed = holed.replace('#', "%23");
    open(client, &format!("{}&position={holed}", link(url, "cram"))).await;
    my_turn(client).await;
    hint(client).await;
    assert_eq!(count(client, ".hinted").await, 2, "the hint's domino");
    let why = why_with_drawings(client, ".mini-grid").await;
    assert!(
        why.contains("too many to value one by one") && why.contains("2 missing"),
        "{why}"
    );
    assert_eq!(count(client, "#why-panel .mini-grid").await, 2, "{why}");
    both_sizes(client, "boards-cram-witnesses", "why-panel").await;
    // Cram 6 × 7, whose value takes minutes: the game starts all the same (it was "Not
    // started"). The computer moving first plays the central domino, known to win (and the
    // board left is its own half turn, worth 0 without search).
    let computer_first = link(url, "cram").replace("first=human", "first=computer");
    open(client, &format!("{computer_first}&position=6x7")).await;
    my_turn(client).await;
    assert_text_contains(
        client,
        "history",
        &["Domino on row 3, column 4 and row 4, column 4"],
    )
    .await;
    // The human moving first is told that the value is beyond the server's limit. After a
    // corner domino no move is known to win, so the computer's best move is refused at the
    // limit: it plays a move at random and says so (it used to stop, asking to undo the
    // domino), and the game goes on; Undo takes the pair back.
    open(client, &format!("{}&position=6x7", link(url, "cram"))).await;
    my_turn(client).await;
    assert_text_contains(
        client,
        "status",
        &["takes longer to compute than the server allows"],
    )
    .await;
    both_sizes(client, "boards-cram-unvalued", "board-card").await;
    // Why? says the value was not computed, and why, and points to the hint.
    click(client, "#why-btn").await;
    wait_until(client, "!document.getElementById('why-panel').hidden").await;
    assert_text_contains(
        client,
        "why-panel",
        &["was not computed", "compute_time_ms", "Ask for a hint"],
    )
    .await;
    click(client, "#why-btn").await;
    click(client, ".cram .cell[data-r='1'][data-c='1']").await;
    click(client, ".cram .cell[data-r='1'][data-c='2']").await;
    wait_text(client, "status", "played a move at random").await;
    my_turn(client).await;
    assert_eq!(moves_played(client).await, 2);
    assert_eq!(count(client, ".cram .cell.empty").await, 38);
    both_sizes(client, "boards-cram-guessed", "board-card").await;
    undo_to_the_start(client, 42).await;
}

/// Clicks Undo and waits for the start of a Cram game: no move in the history, the human to
/// move, `empty` squares empty.
async fn undo_to_the_start(client: &Client, empty: u64) {
    click(client, "#undo-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 0",
    )
    .await;
    my_turn(client).await;
    assert_eq!(count(client, ".cram .cell.empty").await, empty);
}

/// Chomp 3 × 4: the bar with its poisoned square; focus previews what a bite eats; the
/// poisoned square is refused in words; the hint's square is its bite.
async fn chomp(client: &Client, url: &str) {
    open(client, &format!("{}&position=3x4", link(url, "chomp"))).await;
    my_turn(client).await;
    assert_eq!(count(client, ".chomp .cell.choc").await, 12);
    assert_eq!(count(client, ".chomp .cell.poison").await, 1);
    // Row 1 is the bottom one, where the poisoned square is.
    let poison_below = eval(client, "document.querySelector('.chomp .poison').getBoundingClientRect().top > document.querySelector(\".chomp .cell[data-r='3'][data-c='1']\").getBoundingClientRect().top").await;
    assert_eq!(poison_below, json!(true));
    // Focused as Tab focuses it. Chromium fires `focus` only in a window that has the
    // system's focus, which a headless window can lose (with Chromium 148 here,
    // `document.hasFocus()` is false by this point), so the event is sent by hand when it was
    // not fired.
    let focused = eval(
        client,
        "(() => { const b = document.querySelector(\".chomp .cell[data-r='2'][data-c='3']\"); \
         b.focus(); if (!document.hasFocus()) b.dispatchEvent(new FocusEvent('focus')); \
         return document.activeElement === b; })()",
    )
    .await;
    assert_eq!(focused, json!(true));
    assert_eq!(
        count(client, ".chomp .cell.preview").await,
        4,
        "rows 2-3, columns 3-4"
    );
    click(client, ".chomp .cell.poison").await;
    wait_text(
        client,
        "status",
        "poisoned square (row 1, column 1) is never eaten",
    )
    .await;
    hint_and_play(client, 1).await;
    my_turn(client).await;
    assert!(count(client, ".chomp .cell.last-eaten").await >= 1);
    assert_text_contains(client, "board", &["The computer's last move: ate row"]).await;
    both_sizes(client, "boards-chomp-played", "board-card").await;
    follow_hints_to_the_end(client, 12).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    // Misère Chomp 3 × 4 (whoever makes the last move loses) and every move coloured: each
    // square but the poisoned one says whether eating it wins.
    open(
        client,
        &format!("{}&position=3x4&misere=1", link(url, "chomp")),
    )
    .await;
    my_turn(client).await;
    click(client, "#values-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('.chomp .cell.v-win, .chomp .cell.v-lose').length === 11",
    )
    .await;
    assert!(count(client, ".chomp .cell.v-win").await >= 1);
    assert_text_contains(client, "values-panel", &["Eat row"]).await;
    scroll_to(client, "board-card").await;
    screenshot(client, "boards-chomp-values-1280").await;
    click(client, "#values-btn").await;
    follow_hints_to_the_end(client, 12).await;
    assert_text_contains(
        client,
        "result-text",
        &["You win", "had to make the last move"],
    )
    .await;
    // 5 rows of 16, value 31: Why? draws the first 12 of its 31 witnesses and keeps the rest
    // behind "19 more", drawn when opened.
    open(
        client,
        &format!("{}&position=16,16,16,16,16", link(url, "chomp")),
    )
    .await;
    my_turn(client).await;
    hint(client).await;
    let why = why_with_drawings(client, ".more-witnesses").await;
    assert!(why.contains("31 missing"), "{why}");
    let witnesses = "#why-panel ul.options li";
    assert_eq!(count(client, witnesses).await, 12, "{why}");
    assert_text_contains(client, "why-panel", &["19 more, worth 12 to 30"]).await;
    click(client, "#why-panel .more-witnesses summary").await;
    wait_until(
        client,
        &format!("document.querySelectorAll('{witnesses}').length === 31"),
    )
    .await;
    both_sizes(client, "boards-chomp-witnesses", "why-panel").await;
}

/// Node-Kayles on the path of 5 (a line): a vertex takes its neighbours; the hinted vertex is
/// the move; Enter on a focused vertex plays it; the vertices gone are drawn faded.
async fn node_kayles(client: &Client, url: &str) {
    open(
        client,
        &format!("{}&position=path%3A5", link(url, "node-kayles")),
    )
    .await;
    my_turn(client).await;
    assert_eq!(count(client, ".graph .vertex").await, 5);
    let ys = eval(
        client,
        "[...document.querySelectorAll('.graph .vertex circle')].map((c) => c.getAttribute('cy'))",
    )
    .await;
    let first = ys[0].clone();
    assert!(
        ys.as_array().unwrap().iter().all(|y| *y == first),
        "a path is a line: {ys}"
    );
    hint_and_play(client, 1).await;
    my_turn(client).await;
    assert!(count(client, ".graph .vertex.gone").await >= 3);
    assert!(count(client, ".graph .vertex.last-gone").await >= 1);
    both_sizes(client, "boards-node-kayles-played", "board-card").await;
    // The keyboard plays too: Enter on a vertex still in play.
    let vertex = client
        .find(fantoccini::Locator::Css(".graph .vertex:not(.gone)"))
        .await
        .unwrap();
    vertex.send_keys("\u{E007}").await.unwrap();
    wait_until(
        client,
        &format!("document.querySelectorAll('#history li').length >= 3 || {GAME_OVER}"),
    )
    .await;
    // The grid 3 × 3 from its start: Why? names the graph and draws its options small.
    open(
        client,
        &format!("{}&position=grid%3A3x3", link(url, "node-kayles")),
    )
    .await;
    my_turn(client).await;
    hint(client).await;
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.querySelector('#why-panel svg.mini-graph') !== null",
    )
    .await;
    let why = text(client, "why-panel").await;
    assert!(why.contains("The graph") && !why.contains("9:0-1"), "{why}");
    assert_eq!(count(client, "#why-panel svg.mini-graph").await, 9);
    both_sizes(client, "boards-node-kayles-why", "why-panel").await;
}

/// Arc-Kayles on the grid 3 × 3: an edge by a vertex and then a neighbour; a vertex with no
/// neighbour left is refused in words; the hinted edge is the move.
async fn arc_kayles(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=arc-kayles&position=grid%3A3x3&mode=two"),
    )
    .await;
    my_turn(client).await;
    click(client, ".graph .vertex[data-v='0']").await;
    assert_eq!(count(client, ".graph .vertex.candidate").await, 2);
    click(client, ".graph .vertex[data-v='1']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 1",
    )
    .await;
    assert_text_contains(client, "history", &["Take edge 0-1"]).await;
    my_turn(client).await;
    // Vertex 0 is gone: player 2 picks vertex 3, then its neighbour 6.
    assert_eq!(count(client, ".graph .vertex.gone").await, 2);
    click(client, ".graph .vertex[data-v='3']").await;
    click(client, ".graph .vertex[data-v='6']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 2",
    )
    .await;
    my_turn(client).await;
    // Player 2's move is drawn and said; vertex 2 has one neighbour left (5), vertex 4 two.
    assert_text_contains(client, "board", &["Player 2's last move took the edge 3-6"]).await;
    assert_eq!(count(client, ".graph .edge.last").await, 1);
    hint_and_play(client, 1).await;
    both_sizes(client, "boards-arc-kayles-played", "board-card").await;
}

/// Named graphs keep their shapes: a grid as a grid, a cycle on a circle, an edge list spread
/// out with no two vertices on top of each other.
async fn graph_layouts(client: &Client, url: &str) {
    open(
        client,
        &format!("{}&position=grid%3A2x3", link(url, "node-kayles")),
    )
    .await;
    my_turn(client).await;
    let grid = eval(client, "(() => { const p = [...document.querySelectorAll('.graph .vertex circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]); return p[0][1] === p[2][1] && p[3][1] === p[5][1] && p[0][0] === p[3][0] && p[1][0] === p[4][0] && p[0][1] < p[3][1]; })()").await;
    assert_eq!(grid, json!(true), "vertex r·C + c at row r, column c");
    open(
        client,
        &format!("{}&position=cycle%3A7", link(url, "node-kayles")),
    )
    .await;
    my_turn(client).await;
    let round = eval(client, "(() => { const p = [...document.querySelectorAll('.graph .vertex circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]); const cx = p.reduce((s, q) => s + q[0], 0) / p.length; const cy = p.reduce((s, q) => s + q[1], 0) / p.length; const d = p.map((q) => Math.hypot(q[0] - cx, q[1] - cy)); return Math.max(...d) - Math.min(...d) < 1; })()").await;
    assert_eq!(round, json!(true), "a cycle on a circle");
    open(
        client,
        &format!(
            "{}&position=edges%3A0-1,1-2,2-0,2-3,3-4,4-5,5-3,0-6",
            link(url, "node-kayles")
        ),
    )
    .await;
    my_turn(client).await;
    let apart = eval(client, "(() => { const p = [...document.querySelectorAll('.graph .vertex circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]); let least = Infinity; for (let i = 0; i < p.length; i += 1) for (let j = i + 1; j < p.length; j += 1) least = Math.min(least, Math.hypot(p[i][0] - p[j][0], p[i][1] - p[j][1])); return least; })()").await;
    assert!(apart.as_f64().unwrap() > 45.0, "vertices apart: {apart}");
    // Big enough to tap on a phone: a vertex at least 24 px wide.
    client.set_window_size(PHONE.0, PHONE.1).await.unwrap();
    let width = eval(
        client,
        "document.querySelector('.graph .vertex circle').getBoundingClientRect().width",
    )
    .await;
    assert!(width.as_f64().unwrap() >= 24.0, "{width}");
    scroll_to(client, "board-card").await;
    screenshot(client, "boards-edge-list-390").await;
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
}

/// Turning Turtles THHTH: coins numbered from 1 (Twins from 0); a set the rules refuse is
/// explained in the rule's words; the hint's coins are its move, played by clicks and Turn;
/// Why? XORs the heads' values in binary columns.
async fn coins(client: &Client, url: &str) {
    open(client, &format!("{}&position=THHTH", link(url, "turtles"))).await;
    my_turn(client).await;
    assert_eq!(count(client, ".coin-row .coin.heads").await, 3);
    assert_eq!(
        eval(client, "document.querySelector('.coin').dataset.coin").await,
        json!("1")
    );
    for coin in ["1", "2", "3"] {
        click(client, &format!(".coin[data-coin='{coin}']")).await;
    }
    click(client, ".confirm-move").await;
    wait_text(client, "status", "turns one or two coins, not 3").await;
    click(client, ".coin[data-coin='4']").await;
    click(client, ".confirm-move").await;
    wait_text(client, "status", "must go from heads to tails").await;
    let hinted = {
        hint(client).await;
        eval(client, "state.hint.move.from.heaps.filter((c, i) => c !== state.hint.move.to[0].heaps[i]).length").await
    };
    assert_eq!(json!(count(client, ".coin.hinted").await), hinted);
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.querySelector('#why-panel table.bits') !== null",
    )
    .await;
    assert_text_contains(
        client,
        "why-panel",
        &["The row of coins", "coin 2", "coin 3", "coin 5", "XOR"],
    )
    .await;
    let rows = count(client, "#why-panel .derivation table.bits tr").await;
    assert_eq!(rows, 5, "header, heads 2, 3 and 5, the value");
    both_sizes(client, "boards-coins-why", "why-panel").await;
    play_hint(client).await;
    my_turn(client).await;
    assert!(count(client, ".coin.last").await >= 1);
    both_sizes(client, "boards-coins-played", "board-card").await;
    follow_hints_to_the_end(client, 10).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    open(client, &format!("{}&position=HTTH", link(url, "twins"))).await;
    my_turn(client).await;
    assert_eq!(
        eval(client, "document.querySelector('.coin').dataset.coin").await,
        json!("0")
    );
}

/// Moore's Nim_2: Why? shows the columns' counts modulo 3, and the move it derives is the
/// hint's; a P-position says why every move loses.
async fn moore(client: &Client, url: &str) {
    open(client, &format!("{}&k=2&heaps=3,5,6", link(url, "moore"))).await;
    my_turn(client).await;
    hint(client).await;
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.querySelector('#why-panel table.moore') !== null",
    )
    .await;
    assert_text_contains(
        client,
        "why-panel",
        &["Moore's theorem", "modulo 3", "Column 4"],
    )
    .await;
    let why = text(client, "why-panel").await;
    assert!(!why.contains("too many to list"), "{why}");
    assert_eq!(
        count(client, "#why-panel table.moore").await,
        2,
        "before and after"
    );
    assert_eq!(
        count(client, "#why-panel table.moore:first-of-type tr.mod td.bad").await,
        3
    );
    let plan = eval(client, "currentExplanation().plan.to").await;
    assert_eq!(plan, eval(client, "state.hint.move.to[0].heaps").await);
    both_sizes(client, "boards-moore-why", "why-panel").await;
    open(client, &format!("{}&k=2&heaps=1,1,1", link(url, "moore"))).await;
    wait_until(client, "state.analysis !== null").await;
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.querySelector('#why-panel table.moore') !== null",
    )
    .await;
    assert_text_contains(client, "why-panel", &["multiple of 3", "loses"]).await;
}

/// A board too big to draw is played from a list whose buttons say the move ("1,1-1,2"), not
/// "board 1".
async fn too_big_to_draw(client: &Client, url: &str) {
    open(client, &format!("{}&position=1x20", link(url, "cram"))).await;
    my_turn(client).await;
    let labels: Value = eval(
        client,
        "[...document.querySelectorAll('#board .move-choice')].map((b) => b.textContent)",
    )
    .await;
    let labels = labels.as_array().unwrap();
    assert_eq!(labels.len(), 19);
    assert_eq!(labels[0], json!("1,1-1,2"));
    assert!(
        labels
            .iter()
            .all(|l| !l.as_str().unwrap().contains("board")),
        "{labels:?}"
    );
}

/// A sum of a Cram board, a Nim heap and a row of coins draws each of them and is played by
/// clicks to the end, the link keeping the boards' moves through a refresh.
async fn sums_draw_their_boards(client: &Client, url: &str) {
    let terms = "cram%3A2x3%20%2B%20nim%3A3%20%2B%20turtles%3ATHTH";
    let mut game = format!("{}&terms={terms}", link(url, "sum"));
    open(client, &game).await;
    wait_until(client, "state.analysis !== null").await;
    if eval(client, "state.analysis.outcome").await == json!("P") {
        game = game.replace("first=human", "first=computer");
        open(client, &game).await;
    }
    my_turn(client).await;
    assert_eq!(count(client, ".heap.term .grid-board.cram").await, 1);
    assert_eq!(count(client, ".heap.term .coin-row").await, 1);
    assert_eq!(count(client, ".heap .tokens").await, 1);
    assert_text_contains(client, "board", &["board 1", "row of coins 3"]).await;
    hint(client).await;
    play_hint(client).await;
    my_turn(client).await;
    let history = text(client, "history").await;
    reload(client).await;
    my_turn(client).await;
    assert_eq!(text(client, "history").await, history);
    both_sizes(client, "boards-sum", "board-card").await;
    follow_hints_to_the_end(client, 12).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
}

//! End-to-end, grids of coins and Green Hackenbush in a sum, in real Chromium. A grid (Rugs,
//! Turning Corners, Acrostic Twins, `tartan{G;H}`) is drawn coin by coin with its rows and
//! columns numbered as the game numbers them, played by selecting coins and Turn; a set the
//! rules refuse is explained in their words; the hint highlights exactly its coins; the last
//! move is outlined; move values ring the heads; Why? XORs the heads' values (nim products for
//! a Tartan product) in binary columns; a grid too big to draw is played from the list. A
//! picture in a sum of games is drawn, hinted and played by clicking its edges. Screenshots at
//! 1280 and 390 px go to `target/e2e-screenshots/grids-*.png`.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;

use browser::*;
use fantoccini::Client;
use serde_json::{json, Value};

// Two tests, each with its own server and browser, so that the two halves run at once.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grids_of_coins_are_drawn_and_played() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    rugs(client, url).await;
    too_big_to_draw(client, url).await;
    session.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grids_are_numbered_from_zero_and_pictures_drawn_in_sums() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    numbered_from_zero(client, url).await;
    picture_in_a_sum(client, url).await;
    session.close().await;
}

fn link(url: &str, game: &str, position: &str) -> String {
    let position = position.replace('/', "%2F");
    format!("{url}#game={game}&position={position}&mode=human&first=human&strength=100")
}

/// The numbers written beside the rows and above the columns.
async fn axes(client: &Client) -> (Value, Value) {
    let rows = eval(
        client,
        "[...document.querySelectorAll('.coin-grid .axis.row')].map((a) => a.textContent)",
    )
    .await;
    let cols = eval(
        client,
        "[...document.querySelectorAll('.coin-grid .axis.col')].map((a) => a.textContent)",
    )
    .await;
    (rows, cols)
}

/// Rugs (Ruler × Ruler, numbered from 1), Ferguson's position of value 13: drawn coin by coin;
/// refused sets explained; the hint's coins are its move, played by clicks and Turn; the
/// computer's move outlined; heads ringed by move values; Why? XORs the nim products.
async fn rugs(client: &Client, url: &str) {
    open(client, &link(url, "rugs", "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH")).await;
    my_turn(client).await;
    assert_eq!(count(client, ".coin-grid .coin").await, 25);
    assert_eq!(count(client, ".coin-grid .coin.heads").await, 3);
    assert_eq!(count(client, ".move-choice").await, 0, "drawn, not listed");
    let (rows, cols) = axes(client).await;
    assert_eq!(rows, json!(["1", "2", "3", "4", "5"]));
    assert_eq!(cols, json!(["1", "2", "3", "4", "5"]));
    // The head at row 2, column 4 is the coin so numbered (rows from the top).
    assert_eq!(
        eval(client, "document.querySelector(\".coin-grid .coin[data-r='2'][data-c='4']\").classList.contains('heads')").await,
        json!(true)
    );
    // Two coins on a diagonal: not rows × columns, said in the rules' words.
    click(client, ".coin-grid .coin[data-r='1'][data-c='1']").await;
    click(client, ".coin-grid .coin[data-r='2'][data-c='2']").await;
    assert_eq!(count(client, ".coin-grid .coin.selected").await, 2);
    assert_text_contains(
        client,
        "board",
        &["Turn the coins at row 1, column 1; row 2, column 2"],
    )
    .await;
    click(client, ".confirm-move").await;
    wait_text(
        client,
        "status",
        "Rugs turns every coin where the rows it turns cross the columns it turns",
    )
    .await;
    assert_text_contains(
        client,
        "status",
        &["missing: row 1, column 2; row 2, column 1"],
    )
    .await;
    // A rectangle whose southeast coin shows tails.
    for (r, c) in [(1, 1), (1, 2)] {
        click(
            client,
            &format!(".coin-grid .coin[data-r='{r}'][data-c='{c}']"),
        )
        .await;
    }
    click(client, ".confirm-move").await;
    wait_text(client, "status", "southeast coin turned").await;
    assert_text_contains(
        client,
        "status",
        &["at row 1, column 2, must go from heads to tails"],
    )
    .await;
    // Rows 2 and 4 of column 3 (the head at row 4 last) are not a run: Ruler's rule, in its
    // words. A second click unselects a coin.
    for (r, c) in [(2, 3), (3, 3), (4, 3)] {
        click(
            client,
            &format!(".coin-grid .coin[data-r='{r}'][data-c='{c}']"),
        )
        .await;
    }
    click(client, ".coin-grid .coin[data-r='3'][data-c='3']").await;
    assert_eq!(count(client, ".coin-grid .coin.selected").await, 2);
    click(client, ".confirm-move").await;
    wait_text(client, "status", "rows turned must be a move of Ruler").await;
    assert_eq!(moves_played(client).await, 0);
    // Move values: each head is ringed by whether a winning move turns it last.
    click(client, "#values-btn").await;
    wait_until(client, "document.querySelectorAll('.coin-grid .coin.heads.v-win, .coin-grid .coin.heads.v-lose').length === 3").await;
    assert!(count(client, ".coin-grid .coin.heads.v-win").await >= 1);
    both_sizes(client, "grids-rugs-values", "board-card").await;
    click(client, "#values-btn").await;
    // The hint highlights exactly the coins its move turns.
    hint(client).await;
    let turned = eval(client, "gridTurned(gridCells(state.hint.move.from.grid), gridCells(state.hint.move.to[0].grid)).length").await;
    assert_eq!(
        json!(count(client, ".coin-grid .coin.hinted").await),
        turned
    );
    assert_text_contains(
        client,
        "hint-panel",
        &["Turn rows", "click each of them, then Turn"],
    )
    .await;
    both_sizes(client, "grids-rugs-hint", "board-card").await;
    // Why?: the heads, each worth G(x) ⊗ H(y), XORed in binary columns.
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.querySelector('#why-panel table.bits') !== null",
    )
    .await;
    assert_text_contains(
        client,
        "why-panel",
        &[
            "The grid of coins",
            "coin (2, 4): 2 ⊗ 4",
            "coin (4, 3): 4 ⊗ 1",
            "coin (5, 5): 1 ⊗ 1",
            "Tartan theorem",
            "the sum of its heads",
            "The heads' values XORed",
        ],
    )
    .await;
    assert_eq!(
        count(client, "#why-panel .derivation table.bits tr").await,
        5,
        "header, three heads, the value"
    );
    let why = text(client, "why-panel").await;
    assert!(!why.contains("heap") && !why.contains("Heap"), "{why}");
    both_sizes(client, "grids-rugs-why", "why-panel").await;
    // Played by clicking the highlighted coins and Turn; the computer's reply is outlined.
    play_hint(client).await;
    assert_text_contains(
        client,
        "history",
        &["Turn rows 1 and 2 × columns 1, 2, 3 and 4 (8 coins)"],
    )
    .await;
    my_turn(client).await;
    assert!(count(client, ".coin-grid .coin.last").await >= 1);
    assert_text_contains(
        client,
        "board",
        &["The computer's last move turned", "(outlined in red)"],
    )
    .await;
    both_sizes(client, "grids-rugs-played", "board-card").await;
    follow_hints_to_the_end(client, 12).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    both_sizes(client, "grids-rugs-end", "board-card").await;
}

/// Turning Corners and Acrostic Twins number rows and columns from 0, as Twins numbers its
/// coins; a Tartan product of two games is numbered as each of them is (Twins from 0 down the
/// rows, Ruler from 1 along them). Acrostic Twins is played to the end by the hints.
async fn numbered_from_zero(client: &Client, url: &str) {
    open(
        client,
        &link(url, "turning-corners", "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH"),
    )
    .await;
    my_turn(client).await;
    let (rows, cols) = axes(client).await;
    assert_eq!((rows[0].clone(), cols[4].clone()), (json!("0"), json!("4")));
    hint(client).await;
    assert_eq!(
        count(client, ".coin-grid .coin.hinted").await,
        4,
        "the four corners"
    );
    open(
        client,
        &format!("{url}#game=tartan&rows=twins&columns=ruler&position=THT%2FTTH&mode=two"),
    )
    .await;
    my_turn(client).await;
    let (rows, cols) = axes(client).await;
    assert_eq!((rows, cols), (json!(["0", "1"]), json!(["1", "2", "3"])));
    open(
        client,
        &link(url, "acrostic-twins", "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH"),
    )
    .await;
    my_turn(client).await;
    click(client, ".coin-grid .coin[data-r='1'][data-c='3']").await;
    click(client, ".coin-grid .coin[data-r='4'][data-c='4']").await;
    click(client, ".confirm-move").await;
    wait_text(
        client,
        "status",
        "Acrostic Twins turns coins in one column or in one row",
    )
    .await;
    follow_hints_to_the_end(client, 12).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
}

/// A grid of 17 × 17 is more than the page draws: its moves are listed, and played from the
/// list.
async fn too_big_to_draw(client: &Client, url: &str) {
    let mut rows = vec!["T".repeat(17); 17];
    rows[1] = format!("TH{}", "T".repeat(15));
    open(client, &link(url, "rugs", &rows.join("/"))).await;
    my_turn(client).await;
    assert_eq!(count(client, ".coin-grid").await, 0);
    let labels = eval(
        client,
        "[...document.querySelectorAll('#board .move-choice')].map((b) => b.textContent)",
    )
    .await;
    assert_eq!(labels.as_array().unwrap().len(), 4, "{labels}");
    click(client, "#board .move-choice").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 1",
    )
    .await;
}

/// A sum of a Green Hackenbush picture, a Nim heap and a grid of coins: the picture is drawn
/// on its ground (not "()" or a bare text), the hint's edge highlighted, a click on an edge
/// cuts it; Why? and the typed-move help name the picture.
async fn picture_in_a_sum(client: &Client, url: &str) {
    // A stalk of 2 and an edge (*3) beside a heap of 1 and Rugs HT/TH (*2): the total is 0,
    // so the computer moves first.
    let terms = "hackenbush%3A0-1%2C1-2%2C0-3%20%2B%20nim%3A1%20%2B%20rugs%3AHT%2FTH";
    let game = format!("{url}#game=sum&terms={terms}&mode=two");
    open(client, &game).await;
    my_turn(client).await;
    assert_eq!(count(client, ".heap.term svg.hb .hb-edge").await, 3);
    assert_eq!(count(client, ".heap.term .coin-grid").await, 1);
    assert_text_contains(client, "board", &["picture 1", "grid of coins 3"]).await;
    let board = text(client, "board").await;
    assert!(
        !board.contains("()") && !board.contains("0-1,1-2,0-3"),
        "{board}"
    );
    assert_text_contains(
        client,
        "typed-help",
        &["a picture (hackenbush): its number, then"],
    )
    .await;
    assert_text_contains(client, "status", &["On a picture, click an edge"]).await;
    both_sizes(client, "grids-sum-picture", "board-card").await;
    // Player 1 cuts the stalk's top edge (edge 2) by clicking it.
    click(client, "svg.hb[data-picture='0'] .hb-handle[data-edge='2']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 1",
    )
    .await;
    assert_text_contains(client, "history", &["Picture 1: Cut edge 2 (1-2)"]).await;
    my_turn(client).await;
    assert_eq!(count(client, "svg.hb[data-picture='0'] .hb-edge").await, 2);
    // Player 2 faces 0 XOR 1 XOR 2 = 3: the hint's edge, coins or token, highlighted and played.
    hint(client).await;
    let hinted = eval(client, "state.hint.move.component").await;
    if hinted == json!(0) {
        assert_eq!(count(client, "svg.hb .hb-handle.hinted").await, 1);
    }
    click(client, "#values-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('svg.hb.valued .hb-edge.v-win, svg.hb.valued .hb-edge.v-lose').length === 2",
    )
    .await;
    both_sizes(client, "grids-sum-picture-hint", "board-card").await;
    click(client, "#values-btn").await;
    play_hint(client).await;
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.querySelector('#why-panel table.bits') !== null",
    )
    .await;
    assert_text_contains(
        client,
        "why-panel",
        &["picture 1", "heap 2", "grid of coins 3", "XOR the values"],
    )
    .await;
    both_sizes(client, "grids-sum-picture-why", "why-panel").await;
    // Against the computer, following the hints wins.
    open(
        client,
        &game.replace("mode=two", "mode=human&first=computer&strength=100"),
    )
    .await;
    follow_hints_to_the_end(client, 12).await;
    assert_text_contains(client, "result-text", &["You win"]).await;
}

//! End-to-end, Sprouts in real Chromium: each region drawn as a room of spots, a line drawn by
//! clicking two spots (one twice for a loop), the ways of a line that can leave other spots on
//! either side offered as buttons in words, spots of two regions refused in words, the hint's
//! line played by clicking what it highlights, and the Sprouts lesson ending in a game won
//! against the perfect player. Screenshots at 1280 and 390 px go to
//! `target/e2e-screenshots/sprouts-*.png`.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod browser;

use browser::*;
use fantoccini::Client;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sprouts_is_drawn_played_by_clicks_and_taught() {
    let session = Session::start().await;
    let client = &session.client;
    let url = &session.url;
    clicks_and_choices(client, url).await;
    regions_keep_spots_apart(client, url).await;
    lesson(client, url).await;
    session.close().await;
}

fn spot(n: u32) -> String {
    format!(".spots .spot[data-spot='{n}']")
}

/// Three spots, two players on one screen: a loop from spot 1 offers its two ways in words,
/// the one chosen is played and said; then the hint's line is played by its highlight.
async fn clicks_and_choices(client: &Client, url: &str) {
    open(client, &format!("{url}#game=sprouts&position=0*3&mode=two")).await;
    my_turn(client).await;
    assert_eq!(count(client, ".spots .spot").await, 3);
    assert_eq!(count(client, ".spots .room").await, 1);
    assert_eq!(
        count(client, ".spots .spot .life").await,
        9,
        "three lives each"
    );
    click(client, &spot(1)).await;
    // A line from spot 1 reaches spots 2 and 3, and spot 1 itself (a loop).
    assert_eq!(count(client, ".spots .spot.candidate").await, 3);
    click(client, &spot(1)).await;
    wait_until(
        client,
        "document.querySelectorAll('.spot-choices .move-choice').length === 2",
    )
    .await;
    assert_text_contains(
        client,
        "board",
        &[
            "A loop from spot 1 around no spot",
            "A loop from spot 1 around spot",
        ],
    )
    .await;
    both_sizes(client, "sprouts-choices", "board-card").await;
    let around = "[...document.querySelectorAll('.spot-choices .move-choice')].find((b) => /around spot \\d/.test(b.textContent))";
    eval(client, &format!("{around}.click()")).await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length === 1",
    )
    .await;
    assert_text_contains(client, "history", &["A loop from spot 1 around spot"]).await;
    my_turn(client).await;
    // Player 2 follows the hint: its ends are highlighted, and clicking them plays it.
    hint(client).await;
    play_hint(client).await;
    my_turn(client).await;
    assert_text_contains(client, "board", &["Player 2's last move: a "]).await;
    both_sizes(client, "sprouts-played", "board-card").await;
}

/// A loop keeps spot 1 inside and spot 4 outside: clicking both says why no line joins them;
/// a spot of one line is drawn at the end of a stalk.
async fn regions_keep_spots_apart(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=sprouts&position=0.AB%7C0.AB&mode=two"),
    )
    .await;
    my_turn(client).await;
    assert_eq!(count(client, ".spots .room").await, 2);
    // Spots 2 and 3 lie on the loop: drawn in both regions.
    assert_eq!(count(client, ".spots .spot.shared").await, 4);
    click(client, &spot(1)).await;
    click(client, &spot(4)).await;
    wait_text(client, "status", "Spots 1 and 4 share no region").await;
    assert_eq!(moves_played(client).await, 0);
    // A spot of one line (4) ends a stalk from the loop through spots 5 and 6: its foot is a
    // dead spot; the loop is drawn once in each region.
    open(
        client,
        &format!("{url}#game=sprouts&position=0*3.1AB%7C0.AB&mode=two"),
    )
    .await;
    my_turn(client).await;
    assert_eq!(count(client, ".spots .room").await, 2);
    assert_eq!(count(client, ".spots .dead").await, 1);
    assert_eq!(count(client, ".spots .spot").await, 9);
    both_sizes(client, "sprouts-stalk", "board-card").await;
}

/// The Sprouts lesson asks before it tells, then its game of three spots is won by hints.
async fn lesson(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=sprouts&position=0*3&mode=human&first=human&strength=100"),
    )
    .await;
    my_turn(client).await;
    click(client, "#lesson-btn").await;
    click(client, "#lesson-panel [data-lesson='sprouts']").await;
    wait_text(client, "lesson-panel", "Step 1").await;
    for step in ["Step 2", "Step 3", "Your turn"] {
        assert!(!text(client, "lesson-panel").await.contains("Right"));
        click(client, "#lesson-panel .choice[data-right='true']").await;
        wait_text(client, "lesson-panel", "Right").await;
        if step == "Step 2" {
            assert_text_contains(client, "lesson-panel", &["5 moves"]).await;
        }
        click(client, "#lesson-panel .lesson-next").await;
        wait_text(client, "lesson-panel", step).await;
    }
    click(client, "#lesson-panel .lesson-play").await;
    follow_hints_to_the_end(client, 10).await;
    wait_text(client, "lesson-panel", "lesson complete").await;
    assert_eq!(eval(client, "state.lesson.won").await, json!(true));
}

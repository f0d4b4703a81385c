//! End-to-end tests of the coin-turning games (`turtles`, `twins`, `mock-turtles`, `ruler`) in
//! `analyze`, sums, `play` and `simulate`, and their bad input (exit code 2).

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod common;

use common::{grundy, json};
use predicates::prelude::*;

/// Turning Turtles THHTH: heads at coins 2, 3, 5, worth 2 ⊕ 3 ⊕ 5 = 4 (Winning Ways, ch. 14);
/// the one winning move turns coin 5 with coin 1 (5 ⊕ 1 = 4).
#[test]
fn analyze_a_row() {
    grundy()
        .args(["analyze", "turtles", "THHTH", "--explain"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "heads: coin 2 worth 2, coin 3 worth 3, coin 5 worth 5",
        ))
        .stdout(predicate::str::contains("THHTH -> HHHTT (turn 1, 5)"));
    let v = json(&["analyze", "ruler", "0", "1", "1", "1"]);
    // Ruler coins 2, 3, 4 are worth 2, 1, 4.
    assert_eq!(v["nim_sum"], 7);
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(
        v["winning_moves"][0]["text"],
        "row of coins 1: THHH -> TTTT (turn 2, 3, 4)"
    );
}

/// Mock Turtles HTTH (coins 0 and 3, worth 1 and 7) plus a Nim heap of 3: 6 ⊕ 3 = 5.
#[test]
fn sums_with_other_games() {
    let v = json(&["analyze", "sum", "mock-turtles:HTTH + nim:3"]);
    assert_eq!(v["values"], serde_json::json!([6, 3]));
    assert_eq!(v["nim_sum"], 5);
    let v = json(&["analyze", "sum", "twins:HHHH", "ruler:HHHH"]);
    // Twins 0 ⊕ 1 ⊕ 2 ⊕ 3 = 0; Ruler 1 ⊕ 2 ⊕ 1 ⊕ 4 = 6.
    assert_eq!(v["values"], serde_json::json!([0, 6]));
}

#[test]
fn play_and_simulate() {
    let out = grundy()
        .args(["play", "turtles", "THHTH", "--seed", "1"])
        .write_stdin("hint\nturn 9\nturn 1 2 3\nturn 1 5\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Hint: THHTH -> HHHTT (turn 1, 5) wins."),
        "{text}"
    );
    assert!(text.contains("numbered 1 to 5"), "{text}");
    assert!(text.contains("You: THHTH -> HHHTT (turn 1, 5)"), "{text}");
    // Eight heads of Mock Turtles are worth 1 ⊕ 2 ⊕ 4 ⊕ 7 ⊕ 8 ⊕ 11 ⊕ 13 ⊕ 14 = 0.
    grundy()
        .args([
            "simulate",
            "mock-turtles",
            "HHHHHHHH",
            "--games",
            "200",
            "--seed",
            "42",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("P-position"))
        .stdout(predicate::str::contains("200 games"));
}

#[test]
fn bad_rows() {
    for (args, mentions) in [
        (vec!["analyze", "twins", "THXH"], "\"THXH\""),
        (
            vec!["analyze", "ruler", "0", "2", "1"],
            "0 (tails) or 1 (heads)",
        ),
        (
            vec!["analyze", "sum", "turtles:"],
            "invalid Turning Turtles row \"\"",
        ),
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(mentions));
    }
    let long = "H".repeat(65);
    grundy()
        .args(["analyze", "mock-turtles", &long])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1 to 64 coins"));
}

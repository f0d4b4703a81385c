//! End-to-end tests of the coin-turning games of a described rule (`coins`) and of the
//! two-dimensional ones (`tartan`, `turning-corners`, `rugs`, `acrostic`, `acrostic-twins`) in
//! `analyze`, sums, `play` and `simulate`, and their bad input (exit code 2).

mod common;

use common::{fails_with_usage, grundy, json};
use predicates::prelude::*;

/// `coins at-most=3` is Mock Turtles numbered from 1: THHTH has heads worth 2, 4 and 8.
#[test]
fn analyze_a_described_row() {
    let v = json(&["analyze", "coins", "at-most=3", "THHTH"]);
    assert_eq!(v["nim_sum"], 2 ^ 4 ^ 8);
    assert_eq!(
        v["winning_move_count"].as_u64().unwrap() as usize,
        v["winning_moves"].as_array().unwrap().len()
    );
    grundy()
        .args(["analyze", "coins", "consecutive=2..", "HTHH", "--explain"])
        .assert()
        .success()
        .stdout(predicate::str::contains("coins {consecutive=2..}"))
        .stdout(predicate::str::contains("coin 4 worth 2"));
    let v = json(&["analyze", "sum", "coins{two-at=1,4,9}:THTH + nim:1"]);
    assert_eq!(v["values"].as_array().unwrap().len(), 2);
}

/// Ferguson's layout (Game Theory, Part I §5.2) in Turning Corners: 3 ⊕ 1 ⊕ 6 = 4, one winning
/// move; in Rugs 8 ⊕ 4 ⊕ 1 = 13; in Acrostic Twins 2 ⊕ 1 ⊕ 0 = 3.
#[test]
fn analyze_grids() {
    let layout = "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH";
    let v = json(&["analyze", "turning-corners", layout]);
    assert_eq!(v["nim_sum"], 4);
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(
        v["winning_moves"][0]["text"],
        "grid 1: TTTTT/TTTHT/TTTTT/TTHTT/TTTTH -> TTTTT/TTTHT/TTTTT/TTHHH/TTTHT (turn rows 3, 4 × columns 3, 4)"
    );
    assert_eq!(json(&["analyze", "rugs", layout])["nim_sum"], 13);
    assert_eq!(json(&["analyze", "acrostic-twins", layout])["nim_sum"], 3);
    assert_eq!(
        json(&["analyze", "tartan", "ruler", "ruler", layout])["nim_sum"],
        13
    );
    grundy()
        .args([
            "analyze",
            "tartan",
            "twins",
            "at-most=3",
            "TTH/THT",
            "--explain",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Tartan theorem"))
        .stdout(predicate::str::contains("(0, 3) worth 0 ⊗ 4 = 0"));
    let v = json(&[
        "analyze",
        "sum",
        "acrostic{ruler;twins}:HT/TH",
        "turning-corners:TT/TH",
    ]);
    assert_eq!(v["values"].as_array().unwrap().len(), 2);
}

#[test]
fn play_and_simulate_grids() {
    let out = grundy()
        .args(["play", "turning-corners", "TTT/TTH", "--seed", "1"])
        .write_stdin("hint\nturn 0,1 x 0,1\nturn 0,1 x 0,2\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Hint:"), "{text}");
    assert!(
        text.contains("TTT/TTH -> HTH/HTT (turn rows 0, 1 × columns 0, 2)"),
        "{text}"
    );
    grundy()
        .args([
            "simulate", "rugs", "HHH/HHH", "--games", "50", "--seed", "3",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("50 games"));
    grundy()
        .args([
            "simulate",
            "coins",
            "at-most=5",
            "HHHHHHHHHH",
            "--games",
            "50",
            "--seed",
            "3",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("50 games"));
}

#[test]
fn bad_rules_and_grids() {
    fails_with_usage(&["analyze", "coins", "at-most=0", "TH"], "\"0\"");
    fails_with_usage(&["analyze", "coins", "sometimes", "TH"], "at-most=K");
    fails_with_usage(
        &["analyze", "coins", "any", &"H".repeat(22)],
        "1 to 21 coins",
    );
    fails_with_usage(&["analyze", "tartan", "twins", "chess", "TH"], "\"chess\"");
    fails_with_usage(&["analyze", "turning-corners", "TH/T"], "separated by /");
    fails_with_usage(
        &[
            "analyze",
            "tartan",
            "any",
            "twins",
            &vec!["H"; 14].join("/"),
        ],
        "1 to 13",
    );
}

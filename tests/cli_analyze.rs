//! End-to-end tests of `grundy analyze` and `grundy sequence`: real processes, real output.

mod common;

use common::{grundy, json};
use predicates::prelude::*;

#[test]
fn seed_000_nim() {
    grundy()
        .args(["analyze", "nim", "2", "3", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Nim-sum: 2 XOR 3 XOR 4 = 5"))
        .stdout(predicate::str::contains(
            "N-position: the player to move wins",
        ))
        .stdout(predicate::str::contains("heap 3: 4 -> 1 (take 3)"));
    let doc = json(&["analyze", "nim", "2", "3", "4"]);
    assert_eq!(doc["nim_sum"], 5);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["winning_moves"][0]["component"], 2);
    assert_eq!(doc["winning_moves"][0]["to"][0]["heap"], 1);
    let doc = json(&["analyze", "nim", "1", "4", "5"]);
    assert_eq!(doc["outcome"], "P");
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn explain_shows_the_binary_columns() {
    grundy()
        .args(["analyze", "nim", "2", "3", "4", "--explain"])
        .assert()
        .success()
        .stdout(predicate::str::contains("heap 3   4 = 100"))
        .stdout(predicate::str::contains("nim-sum  5 = 101"))
        .stdout(predicate::str::contains("bit 2"));
    let doc = json(&["analyze", "nim", "2", "3", "4", "--explain"]);
    assert_eq!(doc["explanation"]["highest_bit"], 2);
    assert_eq!(doc["explanation"]["binary"][2], "100");
}

#[test]
fn misere_nim() {
    let doc = json(&["analyze", "nim", "1", "1", "2", "--misere"]);
    assert_eq!(doc["convention"], "misere");
    assert_eq!(doc["winning_moves"][0]["to"][0]["heap"], 1);
    let doc = json(&["analyze", "nim", "1", "1", "1", "--misere"]);
    assert_eq!(doc["outcome"], "P");
}

#[test]
fn seed_001_subtraction_sum() {
    let doc = json(&[
        "analyze",
        "subtraction",
        "--set",
        "1,4,9,12,16",
        "11",
        "15",
        "14",
        "10",
        "23",
        "8",
    ]);
    assert_eq!(doc["values"], serde_json::json!([1, 0, 1, 0, 3, 1]));
    assert_eq!(doc["nim_sum"], 2);
    assert_eq!(doc["winner"], "player to move");
}

#[test]
fn mixed_sum_and_misere_search() {
    let doc = json(&["analyze", "sum", "nim:3,4", "sub{1,4,9}:11"]);
    assert_eq!(doc["nim_sum"], 3 ^ 4 ^ 1);
    let doc = json(&["analyze", "sum", "nim:2 + bachet{2}:4", "--misere"]);
    assert!(doc["outcome"] == "N" || doc["outcome"] == "P");
}

#[test]
fn sequence_with_period_and_huge_heap() {
    grundy()
        .args(["sequence", "subtraction", "--set", "1,4,9", "--count", "13"])
        .assert()
        .success()
        .stdout(predicate::str::contains("0 1 0 1 2 0 1 0 1 2 0 1 0"));
    let doc = json(&[
        "sequence",
        "subtraction",
        "--set",
        "1,4,9",
        "--period",
        "--at",
        "1000000000000000000000000000001",
    ]);
    assert_eq!(doc["period"]["period"], 5);
    assert_eq!(doc["period"]["preperiod"], 0);
    assert_eq!(doc["at"]["value"], 1);
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["analyze", "nim", "2", "-3"], "\"-3\""),
        (&["analyze", "nim", "2", "x"], "\"x\""),
        (&["analyze", "nim", "99999999999999999999"], "out of range"),
        (&["analyze", "nim"], "required"),
        (&["analyze", "subtraction", "--set", "", "3"], "amount list"),
        (&["analyze", "subtraction", "--set", "0,1", "3"], "\"0\""),
        (
            &["analyze", "subtraction", "--set", "1,,2", "3"],
            "\"1,,2\"",
        ),
        (
            &["analyze", "subtraction", "--set", "1,2000000", "3"],
            "1000000",
        ),
        (&["analyze", "sum", "chess:3"], "\"chess\""),
        (
            &["analyze", "all-but", "--except", "1", "20000000"],
            "at most 10000000",
        ),
        (
            &[
                "sequence",
                "subtraction",
                "--set",
                "1,2",
                "--count",
                "100000000",
            ],
            "count",
        ),
        (
            &["sequence", "subtraction", "--set", "1,2", "--at", "-5"],
            "\"-5\"",
        ),
        (
            &["sequence", "all-but", "--except", "1", "--period"],
            "finite take-sets",
        ),
    ];
    for (args, needle) in cases {
        let out = grundy().args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn huge_nim_heaps_are_exact() {
    let max = u64::MAX.to_string();
    let doc = json(&["analyze", "nim", &max, "1"]);
    assert_eq!(doc["nim_sum"], u64::MAX - 1);
    assert_eq!(doc["winning_moves"][0]["to"][0]["heap"], 1);
}

/// A list too long to print says so, with the exact count: a Kayles heap of 65,538 has 27,300
/// winning moves, and the first 10,000 are shown.
#[test]
fn long_move_lists_give_the_exact_count() {
    let out = grundy()
        .args(["analyze", "octal", "0.77", "65538"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("27300 winning moves; the first 10000 are listed:"),
        "{}",
        &text[..text.len().min(2000)]
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("  heap 1:")).count(),
        10_000
    );
    let doc = json(&["analyze", "octal", "0.77", "65538"]);
    assert_eq!(doc["winning_move_count"], 27_300);
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), 10_000);
    // In a sum the count adds up over components: the Nim heap of 0 adds nothing, and a second
    // Kayles heap of equal value leaves a P-position with none.
    let doc = json(&["analyze", "sum", "octal{0.77}:70000", "nim:0"]);
    assert_eq!(doc["winning_move_count"], 5_838);
    let doc = json(&["analyze", "sum", "octal{0.77}:70000,70000"]);
    assert_eq!(doc["winning_move_count"], 0);
    assert_eq!(doc["outcome"], "P");
}

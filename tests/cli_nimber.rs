//! End-to-end tests of `grundy nimber`: products, inverses, quotients, roots, tables, and bad
//! input (exit code 2, the bad value named).

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod common;

use common::{fails_with_usage, grundy, json};
use predicates::prelude::*;

/// The worked examples of Ferguson, Game Theory, Part I §5.3 (docs/bibliography.md).
#[test]
fn fergusons_examples() {
    grundy()
        .args(["nimber", "mul", "24", "17"])
        .assert()
        .success()
        .stdout(predicate::str::contains("24 ⊗ 17 = 128"))
        .stdout(predicate::str::contains("24 ⊕ 17 = 9"));
    let v = json(&["nimber", "mul", "8", "8"]);
    assert_eq!(v["product"], 13);
    assert_eq!(v["sum"], 0);
    assert_eq!(json(&["nimber", "inv", "7"])["inverse"], 11);
    assert_eq!(json(&["nimber", "div", "6", "5"])["quotient"], 9);
    let root = json(&["nimber", "sqrt", "8"])["root"].as_u64().unwrap();
    assert_eq!(
        json(&["nimber", "mul", &root.to_string(), &root.to_string()])["product"],
        8
    );
    // Hexadecimal operands and the largest nimber.
    let v = json(&["nimber", "mul", "0xFFFFFFFFFFFFFFFF", "1"]);
    assert_eq!(v["product"], "18446744073709551615");
}

/// Numbers are JSON numbers up to 2^53 - 1 and decimal strings beyond (docs/api.md,
/// "Numbers"), as in every JSON document: 2^53 - 1 is a number, 2^53 a string.
#[test]
fn json_numbers_are_exact_at_2_to_the_53() {
    let below = (1u64 << 53) - 1;
    let v = json(&["nimber", "mul", &below.to_string(), "1"]);
    assert_eq!(v["a"], below);
    assert_eq!(v["product"], below);
    assert_eq!(v["sum"], below ^ 1);
    let v = json(&["nimber", "mul", &(1u64 << 53).to_string(), "1"]);
    assert_eq!(v["a"], "9007199254740992");
    assert_eq!(v["product"], "9007199254740992");
    assert_eq!(v["b"], 1);
    let v = json(&[
        "nimber",
        "mul",
        "18446744073709551615",
        "18446744073709551615",
    ]);
    assert_eq!(v["a"], "18446744073709551615");
    assert_eq!(v["sum"], 0);
    assert_eq!(v["product"], "11290409524105353207");
    assert_eq!(
        json(&["nimber", "inv", "9007199254740992"])["a"],
        "9007199254740992"
    );
}

#[test]
fn the_table_of_turning_corners() {
    let v = json(&["nimber", "table", "16"]);
    assert_eq!(v["size"], 16);
    // Row 4 of Ferguson's Table 5.2.
    assert_eq!(
        v["rows"][4],
        serde_json::json!([0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1])
    );
    grundy()
        .args(["nimber", "table", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 | 0 2 3 1"));
    // 16 ⊗ 16 = 24, the square of a Fermat 2-power (Ferguson, §5.3).
    assert_eq!(json(&["nimber", "table", "256"])["rows"][16][16], 24);
}

#[test]
fn bad_input() {
    fails_with_usage(&["nimber", "inv", "0"], "\"0\"");
    fails_with_usage(&["nimber", "div", "3", "0"], "0 has no nim inverse");
    fails_with_usage(&["nimber", "mul", "-1", "2"], "\"-1\"");
    fails_with_usage(&["nimber", "mul", "18446744073709551616", "2"], "2^64 - 1");
    fails_with_usage(&["nimber", "mul", "0xZZ", "2"], "\"0xZZ\"");
    fails_with_usage(&["nimber", "table", "257"], "1 to 256");
    fails_with_usage(&["nimber", "table", "0"], "1 to 256");
    fails_with_usage(&["nimber", "mul", "3"], "<B>");
}

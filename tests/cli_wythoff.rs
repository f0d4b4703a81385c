//! End-to-end tests of `grundy wythoff` and `grundy analyze wythoff`.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod common;

use common::{fails_with_usage, grundy, json};
use predicates::prelude::*;

#[test]
fn analyze_ten_seven() {
    grundy()
        .args(["analyze", "wythoff", "10", "7"])
        .assert()
        .success()
        .stdout(predicate::str::contains("N-position"))
        .stdout(predicate::str::contains(
            "queen (10, 7) -> (4, 7): take 6 from the first heap",
        ))
        .stdout(predicate::str::contains(
            "queen (10, 7) -> (10, 6): take 1 from the second heap",
        ))
        .stdout(predicate::str::contains(
            "queen (10, 7) -> (7, 4): take 3 from both heaps",
        ));
    // The same JSON as every other analysis.
    let v = json(&["analyze", "wythoff", "10", "7"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["values"][0], 15);
    assert_eq!(v["winning_move_count"], 3);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    assert_eq!(
        v["winning_moves"][2]["to"][0],
        serde_json::json!({"ruleset": "wythoff", "heaps": [7, 4]})
    );
}

#[test]
fn analyze_p_position_and_huge_heaps() {
    let v = json(&["analyze", "wythoff", "13", "8"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["values"][0], 0);
    assert!(v["winning_moves"].as_array().unwrap().is_empty());
    // n = 10^40: (a_n, b_n) from `nth`, then one more token on the second heap.
    let nth = json(&["wythoff", "nth", &format!("1{}", "0".repeat(40))]);
    let (a, b) = (nth["a"].as_str().unwrap(), nth["b"].as_str().unwrap());
    assert_eq!(json(&["analyze", "wythoff", b, a])["outcome"], "P");
    let bigger = (b.parse::<num_bigint::BigUint>().unwrap() + 1u8).to_string();
    let v = json(&["analyze", "wythoff", a, &bigger]);
    assert_eq!(v["outcome"], "N");
    assert!(v["values"].is_null());
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves
        .iter()
        .any(|m| m["to"][0]["heaps"] == serde_json::json!([a, b])));
}

#[test]
fn p_positions_three_ways() {
    let out = grundy()
        .args(["wythoff", "p-positions", "--count", "13", "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains("12   19   31"))
        .stdout(predicate::str::contains("agree on all 13"));
    drop(out);
    for method in ["beatty", "mex", "word"] {
        let v = json(&[
            "wythoff",
            "p-positions",
            "--count",
            "20",
            "--method",
            method,
        ]);
        assert_eq!(v["p_positions"][12]["a"], 19);
        assert_eq!(v["p_positions"][19]["b"], 49);
    }
}

#[test]
fn nth_is_exact_where_f64_fails() {
    grundy()
        .args(["wythoff", "nth", "102334155"])
        .assert()
        .success()
        .stdout(predicate::str::contains("a_102334155 = 165580140"));
    // JSON numbers up to 2^53 - 1, strings beyond (a_n passes 2^53 at n = 2^53 / φ).
    let v = json(&["wythoff", "nth", "102334155"]);
    assert_eq!(v["n"], 102334155);
    assert_eq!(v["a"], 165580140);
    assert_eq!(v["b"], 165580140 + 102334155);
    let v = json(&["wythoff", "nth", "9007199254740991"]);
    assert_eq!(v["n"], 9007199254740991u64);
    let v = json(&["wythoff", "nth", "9007199254740992"]);
    assert_eq!(v["n"], "9007199254740992");
    assert!(v["a"].is_string() && v["b"].is_string(), "{v}");
}

#[test]
fn table_marks_p_positions_and_the_published_misprints() {
    grundy()
        .args(["wythoff", "table", "--size", "13"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "10 |  10  11   9   8  13  12  0*  15  16  17  14  18   7",
        ))
        .stdout(predicate::str::contains("G(10,10) = 14 (printed 18)"));
    let v = json(&["wythoff", "table", "--size", "13"]);
    // The shape of `POST /api/wythoff/table`'s tile (grundy_core::wire::WythoffTile).
    assert_eq!((v["x0"].as_u64(), v["width"].as_u64()), (Some(0), Some(13)));
    assert_eq!(v["values"][10][10], 14);
    assert_eq!(v["values"][11][10], 18);
    assert_eq!(v["published_misprints"].as_array().unwrap().len(), 3);
    assert!(
        json(&["wythoff", "table", "--size", "5"])["published_misprints"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    grundy()
        .args(["wythoff", "table", "--size", "3", "--csv"])
        .assert()
        .success()
        .stdout("y\\x,0,1,2\n0,0,1,2\n1,1,2,0\n2,2,0,1\n");
}

#[test]
fn image_is_a_png() {
    let dir = std::env::temp_dir().join(format!("grundy-wythoff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("w.png");
    let v = json(&[
        "wythoff",
        "image",
        "--size",
        "64",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(v["width"], 128);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    fails_with_usage(&["analyze", "wythoff", "-3", "4"], "\"-3\"");
    fails_with_usage(&["analyze", "wythoff", "3", "four"], "\"four\"");
    fails_with_usage(&["wythoff", "table", "--size", "2000"], "from 1 to 1024");
    fails_with_usage(&["wythoff", "p-positions", "--count", "-1"], "count");
    fails_with_usage(&["wythoff", "image", "--size", "5000"], "16 to 4096");
    fails_with_usage(&["wythoff", "nth", "1.5"], "\"1.5\"");
}

#[test]
fn wythoff_in_a_sum() {
    let v = json(&["analyze", "sum", "wythoff:10,7", "nim:3"]);
    assert_eq!(v["values"][0], 15);
    assert_eq!(v["nim_sum"], 12);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m["component"] == 0));
    assert_eq!(
        json(&["analyze", "sum", "wythoff:10,7", "nim:15"])["outcome"],
        "P"
    );
}

#[test]
fn analyze_wythoff_json_has_the_shape_of_every_analysis() {
    // docs/cli.md, "JSON output": `analyze wythoff` gives the generic analysis document.
    let v = json(&["analyze", "wythoff", "10", "7"]);
    assert_eq!(v["components"][0]["ruleset"], "wythoff");
    assert_eq!(v["components"][0]["heaps"], serde_json::json!([10, 7]));
    assert_eq!(v["outcome"], "N");
    let first = &v["winning_moves"][0];
    let mut keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, ["component", "count", "from", "text", "to"]);
    for absent in ["position", "grundy", "p_index"] {
        assert!(v.get(absent).is_none(), "{absent}");
    }
}

#[test]
fn nth_zero_is_one_position() {
    // (a_0, b_0) = (0, 0) is its own mirror image: one P-position, not "(0, 0) and (0, 0)".
    grundy()
        .args(["wythoff", "nth", "0"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(0, 0) is a P-position (its own mirror image): the player to move has no move and loses.",
        ))
        .stdout(predicate::str::contains("and (0, 0)").not());
    grundy()
        .args(["wythoff", "nth", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(1, 2) and (2, 1) are P-positions",
        ));
}

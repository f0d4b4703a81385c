//! `grundy misere quotient` and `grundy misere genus`: text, JSON, bad input (exit code 2).

mod common;

use common::grundy;

/// `grundy misere ARGS --json`, checked to succeed and parsed.
fn json(args: &[&str]) -> serde_json::Value {
    let all: Vec<&str> = std::iter::once("misere")
        .chain(args.iter().copied())
        .collect();
    common::json(&all)
}

/// 0.75 has the quotient R_8 (Plambeck and Siegel, "Misère quotients for impartial games",
/// JCTA 115 (2008)): order 8, P-portion {a, b^2}; its normal-play quotient has order 4.
#[test]
fn quotient_of_075() {
    let v = json(&["quotient", "0.75", "--max-heap", "12"]);
    assert_eq!(v["order"], 8);
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(v["generators"], serde_json::json!(["a", "b", "c"]));
    assert_eq!(v["pretending"][1], "a");
    assert_eq!(v["pretending"].as_array().unwrap().len(), 13);
    assert_eq!(v["normal_order"], 4);
    assert_eq!(v["orders"][12], 8);
}

/// Misère Nim with heaps up to 3 is T_2 (order 6); presets and codes name the same game.
#[test]
fn nim_and_presets() {
    assert_eq!(json(&["quotient", "nim", "--max-heap", "3"])["order"], 6);
    let a = json(&["quotient", "kayles", "--max-heap", "9"]);
    let b = json(&["quotient", "0.77", "--max-heap", "9"]);
    assert_eq!(a, b);
    assert_eq!(a["order"], 18);
}

#[test]
fn text_output_shows_the_presentation() {
    let out = grundy()
        .args(["misere", "quotient", ".07", "--max-heap", "6"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("order 6"), "{text}");
    assert!(text.contains("P-portion: {"), "{text}");
    assert!(text.contains("relations:"), "{text}");
}

/// Genera of 0.312 begin 1^{031}, 2^{20}, 0^{02}, 2^{1420}: heap 4 is wild.
#[test]
fn genus_table() {
    let v = json(&["genus", "0.312", "--count", "4"]);
    let heaps = v["heaps"].as_array().unwrap();
    let shown: Vec<&str> = heaps.iter().map(|h| h["genus"].as_str().unwrap()).collect();
    assert_eq!(shown, ["1^{031}", "2^{20}", "0^{02}", "2^{1420}"]);
    assert_eq!(heaps[3]["kind"], "wild");
    assert_eq!(heaps[0]["kind"], "tame");
}

#[test]
fn bad_input_is_exit_code_2() {
    for args in [
        vec!["quotient", "0.77", "--max-heap", "0"],
        vec!["quotient", "0.77", "--max-heap", "1001"],
        vec!["quotient", "0.9", "--max-heap", "5"],
        vec!["quotient", "froggy", "--max-heap", "5"],
        vec!["quotient", "0.07", "--max-heap", "40", "--max-order", "50"],
        vec!["genus", "0.77", "--count", "65"],
    ] {
        let out = grundy().arg("misere").args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("error"), "{args:?}: {err}");
    }
}

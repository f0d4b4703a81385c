//! Take-and-break codes beyond octal on the command line: sequences with arithmetic periods and
//! their certificates, `--at` at any size, checkpoints, plots, analysis and typed splits in three.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod common;

use common::{fails_with_usage, grundy, json};
use predicates::prelude::*;

/// A fresh directory for one test, removed (with what the test wrote) when it is dropped.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("grundy-cli-take-break-")
        .tempdir()
        .expect("temp dir")
}

#[test]
fn arithmetic_period_with_its_certificate() {
    // 0.8: remove one token, split the rest into three; G(n) = (n - 1) div 3 for n >= 1.
    grundy()
        .args([
            "sequence",
            "hex",
            "0.8",
            "--count",
            "13",
            "--until-period",
            "--period",
            "--at",
            "30000000000000000001",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("0 0 0 0 1 1 1 2 2 2 3 3 3"))
        .stdout(predicate::str::contains(
            "Arithmetic period 3 with saltus 1 from n = 1",
        ))
        .stdout(predicate::str::contains("move-class test"))
        .stdout(predicate::str::contains(
            "G(30000000000000000001) = 10000000000000000000",
        ));
    // Lasker's Nim written as a code: its closed form, from its arithmetic period.
    let doc = json(&[
        "sequence",
        "hex",
        "4.[3]",
        "--count",
        "9",
        "--until-period",
        "--at",
        "1000003",
    ]);
    assert_eq!(
        doc["values"],
        serde_json::json!([0, 1, 2, 4, 3, 5, 6, 8, 7])
    );
    assert_eq!(doc["period"]["period"], 4);
    assert_eq!(doc["period"]["saltus"], 4);
    assert_eq!(doc["period"]["theorem"]["name"], "move-classes");
    assert_eq!(doc["at"]["value"], 1_000_004);
    // An ordinary period keeps the octal games' document: no saltus field.
    let doc = json(&["sequence", "hex", "0.A", "--count", "40", "--period"]);
    assert_eq!(doc["period"]["theorem"]["name"], "guy-smith-heaps");
    assert!(doc["period"].get("saltus").is_none(), "{}", doc["period"]);
}

#[test]
fn values_beyond_64_bits_are_refused_not_wrapped() {
    fails_with_usage(
        &[
            "sequence",
            "hex",
            "0.[3]",
            "--until-period",
            "--at",
            "100000000000000000000000",
        ],
        "2^64",
    );
}

#[test]
fn checkpoints_resume_and_plots_draw() {
    let dir = scratch();
    let file = dir.path().join("c0.bin");
    let first = json(&[
        "sequence",
        "hex",
        "C.0",
        "--count",
        "300",
        "--checkpoint",
        file.to_str().unwrap(),
    ]);
    let again = json(&[
        "sequence",
        "hex",
        "C.0",
        "--count",
        "400",
        "--resume",
        file.to_str().unwrap(),
    ]);
    let whole = json(&["sequence", "hex", "C.0", "--count", "400"]);
    assert_eq!(again["values"], whole["values"]);
    assert_eq!(
        first["values"].as_array().unwrap()[..],
        whole["values"].as_array().unwrap()[..300]
    );
    fails_with_usage(
        &["sequence", "hex", "0.8", "--resume", file.to_str().unwrap()],
        "hex{C.0}",
    );
    let plot = dir.path().join("lasker.svg");
    grundy()
        .args([
            "sequence",
            "hex",
            "4.[3]",
            "--count",
            "64",
            "--plot",
            plot.to_str().unwrap(),
        ])
        .assert()
        .success();
    assert!(std::fs::read_to_string(&plot).unwrap().contains("<svg"));
}

#[test]
fn analysis_and_typed_splits_in_three() {
    grundy()
        .args(["analyze", "hex", "0.8", "10", "20"])
        .assert()
        .success()
        .stdout(predicate::str::contains("20 -> 4 + 4 + 11 (take 1)"));
    // Grundy's game is the code 4!.0, solved by the octal solvers.
    grundy()
        .args(["analyze", "sum", "hex{4!.0}:9", "grundys:9"])
        .assert()
        .success()
        .stdout(predicate::str::contains("P-position"));
    grundy()
        .args(["play", "hex", "0.8", "10", "--seed", "1"])
        .write_stdin("1 to 2 3 4\nquit\n")
        .assert()
        .stdout(predicate::str::contains("10 -> 2 + 3 + 4 (take 1)"));
    grundy()
        .args(["play", "hex", "0.8", "10", "--seed", "1"])
        .write_stdin("1 to 1 1 1 6\nquit\n")
        .assert()
        .stdout(predicate::str::contains("at most three heaps"));
    fails_with_usage(&["analyze", "hex", "0.3!", "5"], "0.3!");
    fails_with_usage(&["sequence", "hex", "4!.[2]", "--until-period"], "unequal");
}

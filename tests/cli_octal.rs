//! The octal-game commands: sequences, periods, formats, checkpoints and analysis.

mod common;

use common::grundy;
use predicates::prelude::*;

fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cli-octal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

#[test]
fn kayles_values_and_period() {
    grundy()
        .args(["sequence", "octal", "0.77", "--count", "12"])
        .assert()
        .success()
        .stdout(predicate::str::contains("0 1 2 3 1 4 3 2 1 4 2 6"));
    grundy()
        .args([
            "sequence",
            "octal",
            "kayles",
            "--count",
            "100",
            "--until-period",
            "--period",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Period 12 from n = 71"));
}

#[test]
fn json_and_csv() {
    let out = grundy()
        .args([
            "sequence", "octal", ".07", "--count", "5000", "--period", "--json",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["period"]["period"], 34);
    assert_eq!(doc["period"]["preperiod"], 53);
    assert_eq!(doc["values"][4], 2);
    grundy()
        .args([
            "sequence", "octal", "0.6", "--count", "4", "--format", "csv",
        ])
        .assert()
        .success()
        .stdout("n,value\n0,0\n1,0\n2,1\n3,2\n");
}

#[test]
fn grundys_game_claims_no_period() {
    grundy()
        .args(["sequence", "grundys-game", "--count", "10", "--period"])
        .assert()
        .success()
        .stdout(predicate::str::contains("0 0 0 1 0 2 1 0 2 1"))
        .stdout(predicate::str::contains("No period is claimed"));
}

#[test]
fn bad_codes_are_usage_errors() {
    for code in ["0.78", "077", "0.", "3.1"] {
        grundy()
            .args(["sequence", "octal", code])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("octal code"));
    }
    grundy()
        .args(["sequence", "octal", "0.77", "--format", "binary"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--output"));
}

#[test]
fn analyze_octal_heaps() {
    grundy()
        .args(["analyze", "octal", "0.77", "10", "20", "31"])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 XOR 1 XOR 2 = 1"))
        .stdout(predicate::str::contains("31 -> 4 + 26"));
    grundy()
        .args(["analyze", "sum", "octal{kayles}:5", "nim:3", "grundys:9"])
        .assert()
        .success()
        .stdout(predicate::str::contains("4 XOR 3 XOR 1 = 6"));
}

#[test]
fn checkpoint_and_resume_give_the_same_bytes() {
    let full = temp_path("full.bin");
    let part = temp_path("part.bin");
    let resumed = temp_path("resumed.bin");
    let f = full.to_str().expect("utf-8 path");
    grundy()
        .args([
            "sequence",
            "grundys-game",
            "--count",
            "30000",
            "--format",
            "binary",
            "--output",
            f,
        ])
        .assert()
        .success();
    grundy()
        .args([
            "sequence",
            "grundys-game",
            "--count",
            "12000",
            "--checkpoint",
        ])
        .arg(&part)
        .args(["--format", "csv", "--output"])
        .arg(temp_path("part.csv"))
        .assert()
        .success();
    grundy()
        .args(["sequence", "grundys-game", "--count", "30000", "--resume"])
        .arg(&part)
        .args(["--format", "binary", "--output"])
        .arg(&resumed)
        .assert()
        .success();
    let a = std::fs::read(&full).expect("full run written");
    let b = std::fs::read(&resumed).expect("resumed run written");
    assert_eq!(a, b);
    // A checkpoint of another game is refused.
    grundy()
        .args(["sequence", "octal", "0.77", "--resume"])
        .arg(&part)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("grundys-game"));
}

#[test]
fn plot_is_an_svg() {
    let path = temp_path("kayles.svg");
    grundy()
        .args([
            "sequence",
            "octal",
            "kayles",
            "--count",
            "300",
            "--until-period",
            "--plot",
        ])
        .arg(&path)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).expect("plot written");
    assert!(
        svg.starts_with("<svg") && svg.contains("period 12 from n = 71"),
        "{svg}"
    );
}

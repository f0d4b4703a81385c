//! `grundy misere quotient` and `grundy misere genus`: text, JSON, bad input (exit code 2).

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod common;

use common::grundy;
use predicates::prelude::*;

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

/// Genera of 0.312 begin 1^{031}, 2^{20}, 0^{02}, 2^{1420}: heap 4 is not tame, but its
/// options are and its g₀ is 1, so it is restless.
#[test]
fn genus_table() {
    let v = json(&["genus", "0.312", "--count", "4"]);
    let heaps = v["heaps"].as_array().unwrap();
    let shown: Vec<&str> = heaps.iter().map(|h| h["genus"].as_str().unwrap()).collect();
    assert_eq!(shown, ["1^{031}", "2^{20}", "0^{02}", "2^{1420}"]);
    assert_eq!(heaps[3]["kind"], "restless");
    assert_eq!(heaps[0]["kind"], "tame");
    assert_eq!(v["classified"], "raw positions");
}

#[test]
fn bad_input_is_exit_code_2() {
    for args in [
        vec!["quotient", "0.77", "--max-heap", "0"],
        vec!["quotient", "0.77", "--max-heap", "1001"],
        vec!["quotient", "0.9", "--max-heap", "5"],
        vec!["quotient", "froggy", "--max-heap", "5"],
        vec!["quotient", "0.07", "--max-heap", "40", "--max-order", "50"],
        vec!["genus", "0.77", "--count", "201"],
    ] {
        let out = grundy().arg("misere").args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("error"), "{args:?}: {err}");
    }
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("grundy-cli-misere-{}-{name}", std::process::id()))
}

/// A run saved at heap 10 and resumed to 16 prints what one run to 16 prints; a checkpoint is
/// refused for another game or below the heap it reached.
#[test]
fn checkpoint_and_resume() {
    let path = temp_path("dawson.json");
    let file = path.to_str().unwrap();
    json(&["quotient", "0.07", "--max-heap", "10", "--checkpoint", file]);
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(saved["heap"], 10);
    let resumed = json(&["quotient", "0.07", "--max-heap", "16", "--resume", file]);
    let direct = json(&["quotient", "0.07", "--max-heap", "16"]);
    assert_eq!(resumed, direct);
    common::fails_with_usage(
        &[
            "misere",
            "quotient",
            "0.77",
            "--max-heap",
            "16",
            "--resume",
            file,
        ],
        "not 0.77",
    );
    common::fails_with_usage(
        &[
            "misere",
            "quotient",
            "0.07",
            "--max-heap",
            "9",
            "--resume",
            file,
        ],
        "at least 10",
    );
    common::fails_with_usage(
        &[
            "misere",
            "quotient",
            "0.07",
            "--max-heap",
            "9",
            "--resume",
            "/nonexistent/q.json",
        ],
        "cannot read checkpoint",
    );
    let _ = std::fs::remove_file(&path);
}

/// A run stopped by a limit keeps what it proved: the checkpoint holds the last quotient, and a
/// resumed run with a larger limit goes on from it.
#[test]
fn a_run_stopped_by_a_limit_is_saved() {
    let path = temp_path("limit.json");
    let file = path.to_str().unwrap();
    let out = grundy()
        .args(["misere", "quotient", "0.07", "--max-heap", "30"])
        .args(["--max-order", "100", "--checkpoint", file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("Q_24 (order 24) is saved in"), "{err}");
    let v = json(&["quotient", "0.07", "--max-heap", "26", "--resume", file]);
    assert_eq!(v["order"], 144);
    let _ = std::fs::remove_file(&path);
}

/// A checkpoint in a directory that does not exist is a bad path, refused with exit 2 at the
/// first save (after the first heap) and naming the directory; it was a raw "No such file or
/// directory (os error 2)", exit 1.
#[test]
fn a_checkpoint_in_a_missing_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-dir").join("q.json");
    grundy()
        .args([
            "misere",
            "quotient",
            "0.77",
            "--max-heap",
            "5",
            "--checkpoint",
        ])
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("does not exist"));
    assert!(!missing.parent().unwrap().exists());
}

/// Ctrl-C (SIGINT) during a long run: the checkpoint is saved, the message says how to go on,
/// the exit code is 130, and the saved quotient resumes.
#[cfg(unix)]
#[test]
fn ctrl_c_and_sigterm_save_and_exit_130() {
    for signal in ["-INT", "-TERM"] {
        interrupted_quotient_resumes(signal);
    }
}

#[cfg(unix)]
fn interrupted_quotient_resumes(signal: &str) {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let path = temp_path(&format!("interrupted{signal}.json"));
    let _ = std::fs::remove_file(&path);
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["misere", "quotient", "0.07", "--max-heap", "1000"])
        .args(["--max-order", "16384", "--seconds", "3600", "--checkpoint"])
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut child = child;
    let start = Instant::now();
    // The first heap is saved at once; the run then goes on for a long time (heap 34 alone
    // takes minutes), so the interrupt lands during the computation.
    while !path.exists() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("no checkpoint within 60 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("exits");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{signal}: {stderr}");
    assert!(
        stderr.contains("interrupted") && stderr.contains("--resume"),
        "{stderr}"
    );
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let heap = saved["heap"].as_u64().unwrap().to_string();
    let file = path.to_str().unwrap();
    let v = json(&["quotient", "0.07", "--max-heap", &heap, "--resume", file]);
    assert_eq!(v["order"], saved["order"]);
    let _ = std::fs::remove_file(&path);
}

/// Heap rulesets of the registry: a subtraction game, Lasker's Nim, Grundy's game. Games
/// whose moves touch several heaps, or that are not heaps, are refused.
#[test]
fn registry_heap_rulesets() {
    // S(1, 2) is tame (heaps 1, 2, 0, 1, 2, 0, …): the quotient T_2 of order 6.
    let v = json(&["quotient", "sub{1,2}", "--max-heap", "9"]);
    assert_eq!(v["order"], 6);
    assert_eq!(v["game"], "sub{1,2}");
    assert_eq!(
        json(&["quotient", "lasker", "--max-heap", "6"])["order"]
            .as_u64()
            .unwrap()
            % 2,
        0
    );
    assert_eq!(
        json(&["quotient", "grundys", "--max-heap", "8"])["max_heap"],
        8
    );
    for game in ["wythoff", "moore{2}", "turtles"] {
        common::fails_with_usage(
            &["misere", "quotient", game, "--max-heap", "5"],
            "heap game",
        );
    }
}

/// The genus rule answers sums of tame heaps, and refuses to guess for the others.
#[test]
fn genus_rule_for_sums() {
    // 0.31: heaps 2, 3, 5 have genera 2^{20}, 0^{02}, 0^{02}: like *2 + (*2+*2) + (*2+*2),
    // nim-sum 2 with a large heap: N.
    let v = json(&["genus", "0.31", "--count", "6", "--sum", "2,3,5"]);
    assert_eq!(v["sum"]["outcome"], "N");
    let v = json(&["genus", "0.31", "--count", "6", "--sum", "3,5"]);
    assert_eq!(v["sum"]["outcome"], "P");
    let v = json(&["genus", "0.77", "--count", "6", "--sum", "5,1"]);
    assert_eq!(v["sum"]["outcome"], serde_json::Value::Null);
    assert_eq!(v["sum"]["rule"], serde_json::Value::Null);
    // Nim heaps in a tame sum: 0.31's heap 2 (2^{20}) beside *2 is *2 + *2: P.
    let v = json(&["genus", "0.31", "--count", "6", "--sum", "2", "--nim", "2"]);
    assert_eq!(
        (&v["sum"]["outcome"], &v["sum"]["rule"]),
        (&"P".into(), &"tame".into())
    );
    // Daisies (4.7): heap 5 is restive, 1^{431}. Beside *4 (among 0, 1, 4, 5) it plays as
    // *4: *4 + *4, P. Beside *2 + *3 it plays as *1: *1 + *2 + *3, P. Beside *2 alone as *1:
    // N. Alone, as *4: N. (The rule is checked against exhaustive search in grundy-core.)
    for (nim, outcome) in [
        (Some("4"), "P"),
        (Some("2,3"), "P"),
        (Some("2"), "N"),
        (None, "N"),
    ] {
        let mut args = vec!["genus", "4.7", "--count", "6", "--sum", "5"];
        if let Some(nim) = nim {
            args.extend(["--nim", nim]);
        }
        let v = json(&args);
        assert_eq!(v["heaps"][4]["kind"], "restive", "{nim:?}");
        assert_eq!(v["sum"]["rule"], "restive", "{nim:?}");
        assert_eq!(v["sum"]["outcome"], outcome, "{nim:?}");
    }
    // A restive heap beside another heap of the game: no rule.
    let v = json(&["genus", "4.7", "--count", "6", "--sum", "5,1"]);
    assert_eq!(v["sum"]["outcome"], serde_json::Value::Null);
    common::fails_with_usage(
        &[
            "misere", "genus", "0.77", "--count", "6", "--sum", "5", "--nim", "1001",
        ],
        "invalid Nim heap 1001",
    );
    common::fails_with_usage(
        &["misere", "genus", "0.77", "--count", "6", "--sum", "7"],
        "invalid heap 7",
    );
}

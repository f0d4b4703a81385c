//! Helpers shared by the CLI test files: run the real `grundy` binary.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use assert_cmd::Command;

/// The `grundy` binary built by this workspace.
pub fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

/// Runs `grundy ARGS --json`, checks it succeeded, and parses its one JSON document.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = grundy().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Runs `grundy ARGS`, checks it failed as bad input (exit code 2) with `mentions` on stderr.
pub fn fails_with_usage(args: &[&str], mentions: &str) {
    use predicates::prelude::*;
    grundy()
        .args(args)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(mentions));
}

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
    let answer = serde_json::from_slice(&out.stdout).unwrap();
    conforms(args, &answer);
    answer
}

/// The wire format's document a subcommand prints with `--json` (grundy_core::wire), where it
/// is in the schema; `sequence`, `simulate` and `play` print the core's reports, which are not
/// yet.
fn document_of(args: &[&str]) -> Option<&'static str> {
    Some(match args {
        ["nimber", "mul", ..] => "NimProduct",
        ["nimber", "inv", ..] => "NimInverse",
        ["nimber", "div", ..] => "NimQuotient",
        ["nimber", "sqrt", ..] => "NimRoot",
        ["nimber", "table", ..] => "NimTable",
        ["wythoff", "p-positions", ..] => "WythoffPPositions",
        ["wythoff", "nth", ..] => "WythoffNth",
        ["wythoff", "table", ..] => "WythoffTile",
        ["wythoff", "image", ..] | ["hackenbush", "draw", ..] => "PictureFile",
        ["hackenbush", "value", ..] => "HackenbushValue",
        ["misere", "quotient", ..] => "QuotientDoc",
        ["misere", "genus", ..] => "GenusTable",
        ["search", ..] => "SearchDoc",
        ["verify", ..] => "Verification",
        ["analyze", "loopy", ..] => "LoopyAnalysis",
        // A sum with a loopy term is the loopy game, answered as `analyze loopy` answers it.
        ["analyze", "sum", terms @ ..]
            if grundy_core::loopy::family::loopy_term(&terms.join(" + ")).is_some() =>
        {
            "LoopyAnalysis"
        }
        ["analyze", ..] => "Analysis",
        ["survey", "run", ..] => "SurveyRun",
        ["survey", "merge", ..] => "SurveyMerge",
        ["simulate", ..] => "Simulation",
        ["sequence", ..] => "ReportDocument",
        _ => return None,
    })
}

/// Fails the test unless `answer` is the document `grundy ARGS --json` prints, as
/// docs/wire-schema.json describes it.
pub fn conforms(args: &[&str], answer: &serde_json::Value) {
    let Some(name) = document_of(args) else {
        return;
    };
    let schema = grundy_core::wire::schema::document_schema(name).expect("a document");
    let validator = jsonschema::validator_for(&schema).expect("the published schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(answer)
        .map(|e| e.to_string())
        .collect();
    assert!(
        errors.is_empty(),
        "{args:?}: not a {name} (docs/wire-schema.json): {errors:?}\n{answer}"
    );
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

/// The output documented under `$ COMMAND` in a ```` ```text ```` block of `doc` (a path from
/// the repository's root), up to the block's end: what a doc example promises.
pub fn documented_output(doc: &str, command: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(doc);
    let text = std::fs::read_to_string(&path).expect("the doc is readable");
    let start = text
        .find(&format!("$ {command}\n"))
        .unwrap_or_else(|| panic!("{doc} has no example `$ {command}`"));
    let body = &text[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    let end = body.find("```").expect("the example's block ends");
    body[..end].to_string()
}

/// Splits a command line into words: spaces separate, single quotes group (as in a shell).
pub fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quote in {command:?}");
    if started {
        words.push(word);
    }
    words
}

/// The server's time for one request in the documented examples: ten times its default of
/// 2 s. The docs show answers, none of them a refusal for time; but some answers take most of
/// the default on a quiet machine (`/api/sequence` of the octal game 0.6 computes 262,144
/// values before it refuses an `at` beyond them), and while the other tests of the suite run
/// beside them on two cores they took longer, so the table's row met the time limit instead.
pub const TEST_COMPUTE_TIME_MS: u64 = 20_000;

/// Sends `METHOD PATH` with `body` to the server's router in process (its default
/// configuration, but for time: see [`TEST_COMPUTE_TIME_MS`]): the status and the body of the
/// answer.
pub async fn api_request(method: &str, path: &str, body: &str) -> (u16, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let request = axum::http::Request::builder()
        .method(
            method
                .parse::<axum::http::Method>()
                .expect("an HTTP method"),
        )
        .uri(path)
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    let mut config = grundy_server::Config::default();
    config.limits.compute_time_ms = TEST_COMPUTE_TIME_MS;
    let response = grundy_server::router(config)
        .oneshot(request)
        .await
        .unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, bytes.to_vec())
}

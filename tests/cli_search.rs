//! `grundy search`: values, JSON, bad input (exit code 2), tables kept on disk and reused,
//! foreign or damaged tables refused, and Ctrl-C saving the table (exit code 130).

mod common;

use std::fs;
use std::path::PathBuf;
use std::time::Duration;

use common::grundy;

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-search-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `grundy search ARGS --json`, checked to succeed and parsed.
fn value(args: &[&str]) -> serde_json::Value {
    let all: Vec<&str> = std::iter::once("search")
        .chain(args.iter().copied())
        .collect();
    common::json(&all)
}

#[test]
fn values_of_each_game() {
    assert_eq!(value(&["cram", "3x4"])["value"], 1);
    assert_eq!(value(&["cram", "4x4"])["outcome"], "P");
    // 3x3 with the centre filled is a ring of 8 squares.
    assert_eq!(
        value(&["cram", "3x3", "--holes", "2,2"])["position"],
        ".../.#./..."
    );
    assert_eq!(value(&["chomp", "2,1"])["value"], 0);
    assert_eq!(value(&["node-kayles", "path:5"])["value"], 3);
    assert_eq!(value(&["arc-kayles", "path:5"])["value"], 0);
    // The path on 3 vertices: the centre takes all (0), an end leaves one vertex (1).
    assert_eq!(value(&["node-kayles", "edges:0-1,1-2"])["value"], 2);
}

/// `--outcome` says who wins as the value does, on one thread: a loss with its value 0, a
/// win with `value` null (not sought). JSON is checked against the schema by `common::json`.
#[test]
fn an_outcome_search_says_who_wins() {
    for args in [
        ["cram", "3x4"],
        ["cram", "4x4"],
        ["node-kayles", "path:5"],
        ["chomp", "2,1"],
        ["sprouts", "0*5"],
        ["sprouts", "0*7"],
    ] {
        let whole = value(&args);
        let outcome = value(&[args[0], args[1], "--outcome", "--threads", "2"]);
        assert_eq!(outcome["outcome"], whole["outcome"], "{args:?}");
        assert_eq!(outcome["threads"], 1, "{args:?}");
        match whole["value"].as_u64() {
            Some(0) => assert_eq!(outcome["value"], 0, "{args:?}"),
            _ => assert!(outcome["value"].is_null(), "{args:?}: {outcome}"),
        }
    }
}

/// A graph with a name is shown by it in the text answer and in a refusal, where its edge
/// list ran to hundreds of characters; JSON keeps the form that parses back.
#[test]
fn graphs_are_shown_by_name() {
    let out = grundy()
        .args(["search", "node-kayles", "grid:5x7"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("node-kayles grid:5x7: value 2 "), "{text}");
    let json = value(&["node-kayles", "grid:5x7"]);
    assert!(
        json["position"].as_str().unwrap().starts_with("35:0-1,"),
        "{json}"
    );
    let out = grundy()
        .args(["search", "arc-kayles", "cycle:9!0"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("arc-kayles cycle:9!0: value "), "{text}");
    // Too hard for a second: the refusal names the graph by its name.
    let out = grundy()
        .args(["search", "node-kayles", "grid:7x9", "--time", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the search of grid:7x9 is too large"), "{err}");
}

#[test]
fn bad_input_is_named_with_exit_code_2() {
    for (args, named) in [
        (vec!["cram", "9x9"], "9x9"),
        (vec!["cram", "3x3", "--holes", "0,1"], "0,1"),
        (vec!["chomp", "3,4"], "3,4"),
        (vec!["node-kayles", "grid:9x9"], "9x9"),
        (vec!["arc-kayles", "edges:0-0"], "0-0"),
        (vec!["chomp", "3x3", "--holes", "1,1"], "--holes"),
        (vec!["cram", "3x3", "--memory", "0"], "0"),
    ] {
        let out = grundy().arg("search").args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(named), "{args:?}: {err}");
    }
}

#[test]
fn a_table_is_reused_and_foreign_or_damaged_ones_refused() {
    let dir = fresh_dir("reuse");
    let table = dir.join("cram.table");
    let t = table.to_str().unwrap();
    let first = value(&["cram", "5x5", "--table", t]);
    assert!(first["expanded"].as_u64().unwrap() > 0);
    let second = value(&["cram", "5x5", "--table", t]);
    assert_eq!(second["value"], first["value"]);
    assert_eq!(second["expanded"], 0);
    assert_eq!(second["table"]["entries_read"], first["table"]["entries"]);
    // The same file for another game is refused, and so is a damaged one.
    let out = grundy()
        .args(["search", "chomp", "3x3", "--table", t])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a table for chomp"));
    let mut bytes = fs::read(&table).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    fs::write(&table, &bytes).unwrap();
    let out = grundy()
        .args(["search", "cram", "5x5", "--table", t])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("damaged"));
    fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C (SIGINT) and a scheduler's SIGTERM both save the table, which the next search reads.
#[test]
fn ctrl_c_and_sigterm_save_the_table_and_the_search_resumes() {
    for signal in ["-INT", "-TERM"] {
        interrupted_search_resumes(signal, "1");
    }
    // On two threads the signal stops both, and what both proved is saved in one table.
    interrupted_search_resumes("-INT", "2");
}

/// `--threads 2`: the same values as one thread, said in the text and the JSON.
#[test]
fn two_threads_give_the_same_answers() {
    for position in ["3x8", "4x7", "5x5", "1x1"] {
        let one = value(&["cram", position, "--threads", "1"]);
        assert_eq!(one["threads"], 1);
        let two = value(&["cram", position, "--threads", "2"]);
        assert_eq!(one["value"], two["value"], "{position}");
        assert_eq!(two["threads"], 2);
    }
    let grid = value(&["node-kayles", "grid:3x7", "--threads", "2"]);
    let alone = value(&["node-kayles", "grid:3x7", "--threads", "1"]);
    assert_eq!(grid["value"], alone["value"]);
    let out = grundy()
        .args(["search", "cram", "4x7", "--threads", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(": value 3 ") && text.contains(" on 2 threads: "),
        "{text}"
    );
}

/// Without `--threads` a search takes two threads, or one on a one-core machine.
#[test]
fn the_default_is_two_threads_where_there_are_two_cores() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let answer = value(&["cram", "4x7"]);
    assert_eq!(answer["threads"], cores.min(2));
    assert_eq!(answer["value"], 3);
}

/// Issue 65: a search asked for is research, not a short question: without `--time` it runs
/// until done (Cram 6 x 7 was refused at the old default of ten minutes on a busy machine),
/// and says so in its JSON; Ctrl-C and SIGTERM stop it with its table kept (above).
#[test]
fn a_search_has_no_time_limit_unless_asked() {
    let unbounded = value(&["cram", "3x4"]);
    assert_eq!(unbounded["time_limit"], serde_json::Value::Null);
    assert_eq!(value(&["cram", "3x4", "--time", "60"])["time_limit"], 60);
    assert_eq!(
        unbounded["value"],
        value(&["cram", "3x4", "--time", "60"])["value"]
    );
    let help = grundy().args(["search", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("none by default"), "{help}");
}

fn interrupted_search_resumes(signal: &str, threads: &str) {
    let dir = fresh_dir(&format!("interrupt{signal}-{threads}"));
    let table = dir.join("cram.table");
    let t = table.to_str().unwrap();
    // 6 x 7 takes many seconds (5 x 7 now ends in about one, before the signal): interrupted
    // after one and a half, it has saved what it proved.
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["search", "cram", "6x7", "--table", t, "--threads", threads])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let pid = child.id().to_string();
    let status = std::process::Command::new("kill")
        .args([signal, &pid])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{signal}, {threads} threads: {out:?}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("run the same command to resume"), "{err}");
    let saved = fs::metadata(&table).unwrap().len();
    assert!(saved > 100, "{saved}");
    // The saved table is a valid one for Cram: a small search with it reads its entries.
    let small = value(&["cram", "3x4", "--table", t]);
    assert!(small["table"]["entries_read"].as_u64().unwrap() > 0);
    fs::remove_dir_all(&dir).unwrap();
}

/// Issue 25: `search chomp 30x30` ran for half an hour. `--time` bounds a search; a refusal
/// arrives within the budget plus a slack generous for a loaded machine, and names the option
/// that allows more. The other side: a small board is answered within the same budget.
#[test]
fn a_search_keeps_its_time_budget() {
    let started = std::time::Instant::now();
    let out = grundy()
        .args(["search", "chomp", "30x30", "--time", "1"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let elapsed = started.elapsed();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--time SECONDS"), "{err}");
    assert!(
        elapsed < Duration::from_secs(1 + 10),
        "refused after {elapsed:?}"
    );
    assert_eq!(value(&["chomp", "4x5", "--time", "1"])["outcome"], "N");
    grundy()
        .args(["search", "chomp", "3x3", "--time", "0"])
        .assert()
        .code(2);
}

/// Issue 65: a full Chomp bar beyond the search is answered at once by its theory (a square by
/// its one winning bite, two rows by theirs, any other bar by strategy stealing, no move named),
/// saying it was not searched, unless `--time` asks for a search. The other side of the reach:
/// 14 x 10 (C(24, 10) = 1,961,256 diagrams, at most 2^21) is searched for its value.
#[test]
fn bars_beyond_the_search_are_answered_by_theory() {
    for (board, answer) in [
        ("30x30", "Winning move:\n  bar 1: 2,2:"),
        ("2x3000", "Winning move:\n  bar 1: 2,3000:"),
        ("30x20", "No winning move is known: strategy stealing"),
        ("61x3", "No winning move is known: strategy stealing"),
    ] {
        let out = grundy()
            .args(["search", "chomp", board])
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{board}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("N-position: the player to move wins."),
            "{text}"
        );
        assert!(text.contains(answer), "{text}");
        assert!(
            text.contains("Not searched: the bar has more than"),
            "{text}"
        );
    }
    let out = grundy()
        .args(["search", "chomp", "30x20", "--json"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["outcome"], "N");
    assert!(doc["winning_moves"].is_null() && doc["values"].is_null());
    assert!(doc["winning_moves_unknown"]
        .as_str()
        .unwrap()
        .contains("strategy stealing"));
    assert_eq!(value(&["chomp", "14x10"])["value"], 86);
}

//! `grundy survey`: shards merged equal one whole survey, a survey killed half-way goes on to the
//! same store, a member extended from its checkpoint, Ctrl-C, the trivial members left out, bad
//! input refused and files that are not stores left alone.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{fails_with_usage, grundy, json};
use grundy_survey::store::Store;
use grundy_survey::Record;

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-survey-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A store's rows without what differs from run to run (time taken, time written).
fn facts(db: &Path) -> Vec<Record> {
    Store::open_read(db)
        .unwrap()
        .records()
        .unwrap()
        .into_iter()
        .map(|r| Record {
            seconds: 0.0,
            finished: None,
            ..r
        })
        .collect()
}

const FAMILY: [&str; 6] = ["survey", "octal", "--digits", "2", "--with-4", "--count"];

#[test]
fn shards_merged_equal_one_whole_survey() {
    let dir = fresh_dir("shards");
    let whole = dir.join("whole.db");
    let report = json(&[&FAMILY[..], &["4096", "--db", s(&whole)]].concat());
    assert_eq!(report["members"], 127);
    assert_eq!(report["computed"], 127);
    let mut shards = Vec::new();
    for i in 0..3 {
        let db = dir.join(format!("shard{i}.db"));
        let shard = format!("{i}/3");
        let report = json(&[&FAMILY[..], &["4096", "--db", s(&db), "--shard", &shard]].concat());
        assert_eq!(report["shard"], shard.as_str());
        shards.push(db);
    }
    let merged = dir.join("merged.db");
    let report = json(&[
        "survey",
        "merge",
        "--db",
        s(&merged),
        s(&shards[0]),
        s(&shards[1]),
        s(&shards[2]),
    ]);
    assert_eq!(report["members"], 127);
    assert_eq!(report["rows_written"], 127);
    assert_eq!(facts(&merged), facts(&whole));
    // Merging a shard again changes nothing.
    let report = json(&["survey", "merge", "--db", s(&merged), s(&shards[1])]);
    assert_eq!(report["rows_written"], 0);
    // The same survey again computes nothing.
    let report = json(&[&FAMILY[..], &["4096", "--db", s(&whole)]].concat());
    assert_eq!(
        (report["computed"].as_u64(), report["done_before"].as_u64()),
        (Some(0), Some(127))
    );
    let _ = fs::remove_dir_all(&dir);
}

fn rows(db: &Path) -> usize {
    // Read while another process writes: a locked or half-created store counts as none yet.
    Store::open_read(db)
        .ok()
        .and_then(|s| s.records().ok())
        .map_or(0, |r| r.len())
}

#[test]
fn a_survey_killed_half_way_goes_on_to_the_same_store() {
    let dir = fresh_dir("killed");
    let codes = [
        "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.104", "0.106", "0.007",
    ];
    let args = |db: &Path| -> Vec<String> {
        let mut a: Vec<String> = ["survey", "octal"].iter().map(|x| x.to_string()).collect();
        a.extend(codes.iter().map(|c| c.to_string()));
        a.extend(
            ["--count", "60000", "--db", s(db)]
                .iter()
                .map(|x| x.to_string()),
        );
        a
    };
    let whole = dir.join("whole.db");
    grundy().args(args(&whole)).assert().success();
    let db = dir.join("killed.db");
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let mut child = Command::new(&bin)
        .args(args(&db))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while rows(&db) < 6 && start.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let kept = rows(&db);
    assert!(
        (6..codes.len()).contains(&kept),
        "killed with {kept} members stored"
    );
    let mut again = args(&db);
    again.push("--json".into());
    let out = grundy().args(&again).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["done_before"].as_u64(), Some(kept as u64));
    assert_eq!(facts(&db), facts(&whole));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_member_is_extended_from_its_checkpoint() {
    let dir = fresh_dir("extend");
    let (db, ckpts, direct) = (dir.join("s.db"), dir.join("ckpt"), dir.join("direct.db"));
    let run = |count: &str, db: &Path| {
        json(&[
            "survey",
            "octal",
            "0.104",
            "0.77",
            "--count",
            count,
            "--db",
            s(db),
            "--checkpoints",
            s(&ckpts),
        ])
    };
    run("5000", &db);
    let ckpt = ckpts.join("octal-0.104.ckpt");
    let small = fs::metadata(&ckpt).unwrap().len();
    assert!(
        !ckpts.join("octal-0.77.ckpt").exists(),
        "a periodic member keeps no checkpoint"
    );
    let report = run("20000", &db);
    assert_eq!(
        (report["computed"].as_u64(), report["done_before"].as_u64()),
        (Some(1), Some(1))
    );
    assert!(fs::metadata(&ckpt).unwrap().len() > small);
    json(&[
        "survey",
        "octal",
        "0.104",
        "0.77",
        "--count",
        "20000",
        "--db",
        s(&direct),
    ]);
    // Kayles, periodic, was not computed again: its row keeps the count it was asked for.
    let asked = |mut rows: Vec<Record>| {
        for r in &mut rows {
            if r.is_periodic() {
                r.count = 0;
            }
        }
        rows
    };
    assert_eq!(asked(facts(&db)), asked(facts(&direct)));
    assert_eq!(facts(&db)[1].count, 5000);
    // A damaged checkpoint is not used: the member starts again, with a warning.
    fs::write(&ckpt, b"damaged").unwrap();
    let out = grundy()
        .args([
            "survey",
            "octal",
            "0.104",
            "--count",
            "30000",
            "--db",
            s(&db),
            "--checkpoints",
            s(&ckpts),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("was not used") && stderr.contains("starts again"),
        "{stderr}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_records_the_member_as_interrupted_and_keeps_its_checkpoint() {
    let dir = fresh_dir("sigint");
    let (db, ckpts) = (dir.join("s.db"), dir.join("ckpt"));
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let child = Command::new(&bin)
        .args([
            "survey",
            "octal",
            "0.77",
            "0.007",
            "--count",
            "2000000",
            "--db",
            s(&db),
            "--checkpoints",
            s(&ckpts),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while rows(&db) < 1 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(300));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("interrupted") && stderr.contains("0.007"),
        "{stderr}"
    );
    let rows = facts(&db);
    let treblecross = rows.iter().find(|r| r.code == "0.007").unwrap();
    assert_eq!(treblecross.stopped, Some(grundy_survey::Stop::Interrupted));
    assert!(treblecross.computed < 2_000_000);
    assert!(ckpts.join("octal-0.007.ckpt").is_file());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn trivial_members_can_be_left_out() {
    let dir = fresh_dir("trivial");
    let db = dir.join("s.db");
    let report = json(&[
        "survey",
        "octal",
        "--digits",
        "1",
        "--no-trivial",
        "--count",
        "4096",
        "--db",
        s(&db),
    ]);
    assert_eq!(report["trivial_left_out"], 6);
    let codes: Vec<String> = facts(&db).into_iter().map(|r| r.code).collect();
    assert_eq!(
        codes,
        ["0.6"],
        "Officers is the one code of one digit not settled below heap 1000"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_time_budget_stops_a_member_open() {
    let dir = fresh_dir("time");
    let db = dir.join("s.db");
    json(&[
        "survey",
        "octal",
        "0.007",
        "--count",
        "100000000",
        "--seconds",
        "0.2",
        "--db",
        s(&db),
    ]);
    let row = &facts(&db)[0];
    assert_eq!(row.stopped, Some(grundy_survey::Stop::Time));
    assert!(row.computed < 100_000_000);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn csv_export_and_subtraction_and_hex_families() {
    let dir = fresh_dir("csv");
    let db = dir.join("s.db");
    json(&[
        "survey",
        "subtraction",
        "--max",
        "3",
        "--count",
        "1000",
        "--db",
        s(&db),
    ]);
    json(&[
        "survey",
        "hex",
        "0.[3]",
        "0.8",
        "--count",
        "1000",
        "--db",
        s(&db),
    ]);
    let out = grundy()
        .args(["survey", "export", "--db", s(&db)])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], grundy_survey::store::COLUMNS.join(","));
    assert_eq!(lines.len(), 1 + 7 + 2);
    assert!(
        text.contains("subtraction,\"1,2,3\",periodic,1000,"),
        "{text}"
    );
    let csv = dir.join("s.csv");
    grundy()
        .args(["survey", "export", "--db", s(&db), "-o", s(&csv)])
        .assert()
        .success();
    assert_eq!(fs::read_to_string(&csv).unwrap(), text);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_refused_and_files_that_are_not_stores_are_left_alone() {
    let dir = fresh_dir("bad");
    let db = dir.join("s.db");
    let db = s(&db);
    fails_with_usage(
        &[
            "survey", "octal", "--digits", "6", "--count", "10", "--db", db,
        ],
        "--digits",
    );
    fails_with_usage(
        &[
            "survey", "octal", "--digits", "2", "0.77", "--count", "10", "--db", db,
        ],
        "one way",
    );
    fails_with_usage(&["survey", "octal", "--count", "10", "--db", db], "one way");
    fails_with_usage(
        &[
            "survey", "octal", "0.77", "0.9", "--count", "10", "--db", db,
        ],
        "0.9",
    );
    fails_with_usage(
        &["survey", "octal", "0.77", "--count", "0", "--db", db],
        "count",
    );
    fails_with_usage(
        &[
            "survey", "octal", "0.77", "--count", "10", "--shard", "3/3", "--db", db,
        ],
        "--shard",
    );
    fails_with_usage(
        &[
            "survey",
            "octal",
            "0.77",
            "--count",
            "10",
            "--seconds",
            "0",
            "--db",
            db,
        ],
        "seconds",
    );
    fails_with_usage(
        &[
            "survey", "octal", "0.77", "--count", "10", "--memory", "1K", "--db", db,
        ],
        "memory budget",
    );
    fails_with_usage(
        &[
            "survey",
            "subtraction",
            "--digits",
            "2",
            "--count",
            "10",
            "--db",
            db,
        ],
        "--max",
    );
    fails_with_usage(
        &[
            "survey",
            "subtraction",
            "--max",
            "17",
            "--count",
            "10",
            "--db",
            db,
        ],
        "--max",
    );
    assert!(
        !Path::new(db).exists(),
        "nothing was created by refused commands"
    );
    let notes = dir.join("notes.txt");
    fs::write(&notes, "not a database\n".repeat(100)).unwrap();
    fails_with_usage(
        &[
            "survey",
            "octal",
            "0.77",
            "--count",
            "10",
            "--db",
            s(&notes),
        ],
        "not a survey store",
    );
    fails_with_usage(
        &["survey", "export", "--db", s(&notes)],
        "not a survey store",
    );
    fails_with_usage(
        &["survey", "merge", "--db", s(&dir.join("m.db")), s(&notes)],
        "not a survey store",
    );
    assert_eq!(
        fs::read_to_string(&notes).unwrap(),
        "not a database\n".repeat(100)
    );
    json(&["survey", "octal", "0.77", "--count", "10", "--db", db]);
    fails_with_usage(
        &["survey", "merge", "--db", db, db],
        "both --db and a store",
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn negative_budgets_and_a_directory_store_are_refused_in_words() {
    // `--memory -5M` and `--shard -1/2` reach their own checks (not clap's "unexpected
    // argument '-5'"), and a directory as the store is refused as the other file flags refuse
    // one, exit 2 (not SQLite's "unable to open database file", exit 1).
    let dir = fresh_dir("hyphen");
    let db = dir.join("s.db");
    let db = s(&db);
    for (flag, value, needle) in [
        ("--memory", "-5M", "memory \"-5M\" is not allowed"),
        ("--shard", "-1/2", "invalid --shard \"-1/2\""),
    ] {
        let out = grundy()
            .args(["survey", "octal", "0.77", "--count", "100", flag, value])
            .args(["--db", db])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{flag} {value}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let store_dir = dir.join("dirdb");
    fs::create_dir_all(&store_dir).unwrap();
    let store_dir = s(&store_dir);
    for args in [
        &[
            "survey", "octal", "0.77", "--count", "100", "--db", store_dir,
        ][..],
        &["survey", "export", "--db", store_dir],
        &["survey", "merge", "--db", db, store_dir],
    ] {
        let out = grundy().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("is a directory: expected a file's path"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert!(!Path::new(db).exists(), "nothing was created");
}

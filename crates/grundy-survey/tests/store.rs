//! The SQLite store: rows written and read back, files that are not stores refused and left
//! alone, merges that keep the better row, CSV.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use grundy_survey::store::{Store, StoreError, COLUMNS, SCHEMA};
use grundy_survey::{run_member, Budget, Family, Record, Stop};

/// A fresh directory under the system's temporary directory, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("grundy-survey-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn record(family: Family, code: &str, count: u64) -> Record {
    let member = family.member(code).unwrap();
    run_member(
        &member,
        &Budget::values(count),
        None,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap()
    .record
}

fn without_time(mut r: Record) -> Record {
    r.seconds = 0.0;
    r.finished = None;
    r
}

#[test]
fn rows_read_back_as_written_and_survive_reopening() {
    let dir = TempDir::new("roundtrip");
    let path = dir.path("s.db");
    let rows = vec![
        record(Family::Octal, "0.77", 1 << 16),
        record(Family::Octal, "0.104", 3000),
        record(Family::Hex, "0.[3]", 100),
        record(Family::Subtraction, "1,4,9", 1000),
    ];
    {
        let store = Store::open(&path).unwrap();
        for r in &rows {
            store.put(r).unwrap();
        }
    }
    let store = Store::open(&path).unwrap();
    for r in &rows {
        let member = r.family.member(&r.code).unwrap();
        let back = store.get(&member).unwrap().unwrap();
        assert!(back.finished.as_deref().is_some_and(|t| t.ends_with('Z')));
        assert_eq!(without_time(back.clone()), without_time(r.clone()));
        assert_eq!(back.seconds, r.seconds);
    }
    assert_eq!(store.records().unwrap().len(), 4);
    // Rewriting a member replaces its row.
    store.put(&record(Family::Octal, "0.104", 4000)).unwrap();
    let rows = store.records().unwrap();
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().any(|r| r.code == "0.104" && r.computed == 4000));
}

#[test]
fn plain_sql_reads_the_schema_the_docs_show() {
    let dir = TempDir::new("sql");
    let path = dir.path("s.db");
    let store = Store::open(&path).unwrap();
    store.put(&record(Family::Octal, "0.77", 1 << 16)).unwrap();
    store.put(&record(Family::Octal, "0.104", 2000)).unwrap();
    drop(store);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let periodic: Vec<(String, i64, i64)> = conn
        .prepare(
            "SELECT code, preperiod, period FROM members WHERE status = 'periodic' ORDER BY code",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(periodic, vec![("0.77".to_string(), 71, 12)]);
    let columns: Vec<String> = conn
        .prepare("SELECT name FROM pragma_table_info('members')")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(columns, COLUMNS);
    // docs/surveys.md shows the schema as the store creates it.
    let docs = include_str!("../../../docs/surveys.md");
    assert!(
        docs.contains(SCHEMA),
        "docs/surveys.md holds the schema of store.rs"
    );
}

#[test]
fn files_that_are_not_stores_are_refused_and_left_unchanged() {
    let dir = TempDir::new("refuse");
    let text = dir.path("notes.txt");
    std::fs::write(&text, "my notes, not a database\n".repeat(100)).unwrap();
    let before = std::fs::read(&text).unwrap();
    let err = Store::open(&text).err().unwrap();
    assert!(matches!(err, StoreError::NotAStore { .. }), "{err}");
    assert!(err.to_string().contains("not an SQLite file"), "{err}");
    assert_eq!(std::fs::read(&text).unwrap(), before);

    let other = dir.path("other.db");
    let conn = rusqlite::Connection::open(&other).unwrap();
    conn.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    drop(conn);
    let before = std::fs::read(&other).unwrap();
    let err = Store::open(&other).err().unwrap();
    assert!(err.to_string().contains("another kind"), "{err}");
    assert_eq!(std::fs::read(&other).unwrap(), before);

    let missing = dir.path("missing.db");
    assert!(Store::open_read(&missing).is_err());
    assert!(!missing.exists(), "reading never creates a file");

    let empty = dir.path("empty.db");
    std::fs::write(&empty, b"").unwrap();
    assert!(Store::open(&empty).is_ok(), "an empty file becomes a store");
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = TempDir::new("version");
    let path = dir.path("s.db");
    drop(Store::open(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch("PRAGMA user_version = 2").unwrap();
    drop(conn);
    let err = Store::open(&path).err().unwrap().to_string();
    assert!(err.contains("version 2"), "{err}");
}

#[test]
fn a_merge_keeps_the_better_row_and_refuses_conflicting_periods() {
    let dir = TempDir::new("merge");
    let a = Store::open(&dir.path("a.db")).unwrap();
    let b = Store::open(&dir.path("b.db")).unwrap();
    let short = record(Family::Octal, "0.104", 1000);
    let long = record(Family::Octal, "0.104", 3000);
    let kayles = record(Family::Octal, "0.77", 1 << 16);
    a.put(&long).unwrap();
    b.put(&short).unwrap();
    b.put(&kayles).unwrap();
    let mut into = Store::open(&dir.path("into.db")).unwrap();
    assert_eq!(into.merge(&a).unwrap(), 1);
    assert_eq!(
        into.merge(&b).unwrap(),
        1,
        "only Kayles is new; the shorter 0.104 is not taken"
    );
    let rows = into.records().unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().any(|r| r.code == "0.104" && r.computed == 3000));
    // The merged row keeps the time it was written.
    let kept = into
        .get(&Family::Octal.member("0.77").unwrap())
        .unwrap()
        .unwrap();
    let original = b
        .get(&Family::Octal.member("0.77").unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(kept.finished, original.finished);

    // A proven period beats an open row with more values; two periods must agree.
    let mut open_kayles = kayles.clone();
    open_kayles.period = None;
    open_kayles.preperiod = None;
    open_kayles.saltus = None;
    open_kayles.computed = 1 << 20;
    let c = Store::open(&dir.path("c.db")).unwrap();
    c.put(&open_kayles).unwrap();
    assert_eq!(into.merge(&c).unwrap(), 0);
    let mut wrong = kayles.clone();
    wrong.period = Some(24);
    let d = Store::open(&dir.path("d.db")).unwrap();
    d.put(&wrong).unwrap();
    d.put(&record(Family::Octal, "0.07", 1 << 12)).unwrap();
    let err = into.merge(&d).err().unwrap();
    assert!(matches!(err, StoreError::Conflict { .. }), "{err}");
    assert!(err.to_string().contains("0.77"), "{err}");
    assert_eq!(
        into.records().unwrap().len(),
        2,
        "nothing of a conflicting store is written"
    );
}

#[test]
fn csv_has_a_header_and_quotes_sets() {
    let dir = TempDir::new("csv");
    let store = Store::open(&dir.path("s.db")).unwrap();
    let mut r = record(Family::Subtraction, "1,4,9", 1000);
    r.stopped = Some(Stop::Time);
    store.put(&r).unwrap();
    let mut out = Vec::new();
    store.write_csv(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], COLUMNS.join(","));
    assert!(
        lines[1].starts_with("subtraction,\"1,4,9\",periodic,1000,"),
        "{}",
        lines[1]
    );
    assert_eq!(lines.len(), 2);
}

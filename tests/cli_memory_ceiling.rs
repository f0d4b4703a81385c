//! `grundy search --memory` is a ceiling on the process (issue 29): a saved table larger than
//! the memory is refused and left as it was, or read with `--shrink-table` a buffer at a time,
//! the process's peak resident memory (VmHWM, polled from /proc while it runs) staying far
//! below the size of the file. A question's `--memory` budget (`analyze`, `misere genus`) is a
//! ceiling the same way: the process refuses, naming the part and the option, before its peak
//! passes the budget by more than the program itself.

mod common;

use std::fs;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::grundy;

/// Entries in the synthetic table: 18 bytes each on disk, about 72 MB.
const ENTRIES: u64 = 4_000_000;

/// A Chomp table file of `ENTRIES` exact values, in the format of `search::persist` (keys far
/// beyond any diagram a small search meets, so they never answer it).
fn write_table(path: &std::path::Path) {
    let mut bytes = Vec::with_capacity(32 + ENTRIES as usize * 18);
    bytes.extend_from_slice(b"GRUNDYTT");
    bytes.extend_from_slice(&1u32.to_le_bytes());
    bytes.extend_from_slice(&5u32.to_le_bytes());
    bytes.extend_from_slice(b"chomp");
    bytes.extend_from_slice(&ENTRIES.to_le_bytes());
    for i in 0..ENTRIES {
        let key = (1u64 << 62) | i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 2;
        bytes.extend_from_slice(&key.to_le_bytes());
        bytes.push(0);
        bytes.extend_from_slice(&(i % 5).to_le_bytes());
        bytes.push(10);
    }
    // FNV-1a of everything before it.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    bytes.extend_from_slice(&hash.to_le_bytes());
    fs::File::create(path).unwrap().write_all(&bytes).unwrap();
}

/// Runs `grundy ARGS`, polling its peak resident memory; returns the exit code, stderr and
/// the peak in KiB.
fn run_measured(args: &[&str]) -> (Option<i32>, String, u64) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if let Ok(status) = fs::read_to_string(&status_file) {
            if let Some(kib) = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            {
                peak = peak.max(kib);
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{args:?} runs too long"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        peak,
    )
}

#[test]
fn a_table_larger_than_the_memory_is_refused_or_read_within_it() {
    let dir = std::env::temp_dir().join(format!("grundy-memory-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let table = dir.join("chomp.table");
    write_table(&table);
    let before = fs::read(&table).unwrap();
    let t = table.to_str().unwrap();
    // Refused, naming the memory that would hold it and the flag that shrinks it; the file
    // is untouched.
    let (code, stderr, _) =
        run_measured(&["search", "chomp", "3x4", "--table", t, "--memory", "16"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("{ENTRIES} entries"))
            && stderr.contains("MiB would hold")
            && stderr.contains("--shrink-table"),
        "{stderr}"
    );
    assert!(
        fs::read(&table).unwrap() == before,
        "a refused table was changed"
    );
    // Shrunk on request: the 72 MB file is read a buffer at a time, the table kept within
    // 16 MiB, and the file saved smaller. The process's peak stays below 16 MiB of table plus
    // 40 MiB for the program itself: well below the file's size.
    let (code, stderr, peak_kib) = run_measured(&[
        "search",
        "chomp",
        "3x4",
        "--table",
        t,
        "--memory",
        "16",
        "--shrink-table",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let file_kib = before.len() as u64 / 1024;
    assert!(peak_kib > 0, "the peak was not measured");
    assert!(
        peak_kib < (16 + 40) * 1024 && peak_kib < file_kib,
        "peak {peak_kib} KiB for a {file_kib} KiB file and --memory 16"
    );
    let after = fs::metadata(&table).unwrap().len();
    assert!(after < before.len() as u64, "{after} bytes");
    // The saved table reads back within the same memory without shrinking.
    grundy()
        .args(["search", "chomp", "3x4", "--table", t, "--memory", "16"])
        .assert()
        .success();
    fs::remove_dir_all(&dir).unwrap();
}

/// Kayles' misère genera grow fast (about 0.9 GB by heap 60 unbounded): with `--memory 8` the
/// run is refused once the process has grown by 8 MiB, naming the heap and `--memory`, and its
/// peak stays below twice the budget (a table that doubles between two checks) plus the
/// program's own 24 MiB; with 16 MiB it gets further before it is refused.
#[test]
fn a_questions_memory_budget_is_a_ceiling_on_the_process() {
    let genus =
        |mib: &str| run_measured(&["misere", "genus", "0.77", "--count", "64", "--memory", mib]);
    let (code, stderr, peak_kib) = genus("8");
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: the genus of heap ")
            && stderr.contains("needed more than the memory budget of 8 MiB")
            && stderr.contains("--memory MIB (up to 1048576)"),
        "{stderr}"
    );
    assert!(peak_kib > 0, "the peak was not measured");
    assert!(
        peak_kib < (2 * 8 + 24) * 1024,
        "peak {peak_kib} KiB with --memory 8"
    );
    let heap_of = |s: &str| -> u64 {
        s.trim_start_matches("error: the genus of heap ")
            .split(' ')
            .next()
            .and_then(|h| h.parse().ok())
            .unwrap_or_else(|| panic!("no heap in {s}"))
    };
    let (code, larger, _) = genus("16");
    assert_eq!(code, Some(2), "{larger}");
    assert!(heap_of(&larger) > heap_of(&stderr), "{stderr} / {larger}");
}

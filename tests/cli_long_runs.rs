//! Long `grundy sequence` runs: arguments refused before computing, values beyond a proven
//! period filled from it, runs that cannot fit refused, a run killed with SIGKILL resumed
//! exactly, and the peak memory of a large run written as JSON and CSV.

mod common;

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant, SystemTime};

use common::grundy;
use grundy_core::games::octal::SequenceRun;
use grundy_core::kernel::heap_rules::HeapRules;

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-long-runs-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `G(0..count)` computed in full, without stopping at the period.
fn computed_in_full(code: &str, count: u64) -> Vec<u64> {
    let mut run = SequenceRun::new(HeapRules::parse(code).unwrap(), count, false).unwrap();
    run.run(&AtomicBool::new(false), &mut |_| {}).unwrap();
    assert_eq!(run.values().len() as u64, count);
    run.values().iter().map(u64::from).collect()
}

fn cli_json(args: &[&str]) -> serde_json::Value {
    let out = grundy().args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn binary_without_output_is_refused_before_computing() {
    let start = Instant::now();
    let out = grundy()
        .args(["sequence", "octal", "officers", "--count", "100000000"])
        .args(["--format", "binary"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--format binary needs --output FILE"),
        "{stderr}"
    );
    // Officers computes about a million values a second here: 10^8 would take minutes.
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "refused only after computing"
    );
    // A missing checkpoint to resume, and a missing directory, are refused up front too.
    let dir = fresh_dir("up-front");
    for (flag, path) in [
        ("--resume", dir.join("no-such.bin")),
        ("--output", dir.join("no-such-dir").join("out.txt")),
        ("--checkpoint", dir.join("no-such-dir").join("c.bin")),
    ] {
        let start = Instant::now();
        let out = grundy()
            .args([
                "sequence",
                "octal",
                "officers",
                "--count",
                "100000000",
                flag,
            ])
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag}: {stderr}");
        assert!(stderr.contains("no-such"), "{flag}: {stderr}");
        assert!(start.elapsed() < Duration::from_secs(10), "{flag}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// `--count N` stops computing once a period is proven and fills the rest from it: the values
/// are those of a full computation, on both sides of the period's start and of the point where
/// it is proven; "computed" says how many were computed.
#[test]
fn values_beyond_a_proven_period_are_filled_not_computed() {
    // Kayles: period 12 from n = 71, proven within a few thousand values.
    let full = computed_in_full("0.77", 100_000);
    for count in [0u64, 1, 70, 71, 72, 83, 84, 2_000, 5_000, 100_000] {
        let doc = cli_json(&["sequence", "octal", "0.77", "--count", &count.to_string()]);
        let values: Vec<u64> = serde_json::from_value(doc["values"].clone()).unwrap();
        assert_eq!(values, full[..count as usize], "count {count}");
        let computed = doc["computed"].as_u64().unwrap();
        assert!(
            computed <= count.max(4_096),
            "count {count}: computed {computed}"
        );
    }
    let doc = cli_json(&["sequence", "octal", "0.77", "--count", "100000", "--period"]);
    assert!(
        doc["computed"].as_u64().unwrap() < 10_000,
        "{}",
        doc["computed"]
    );
    assert_eq!(doc["period"]["preperiod"], 71);
    // 0.16: its period is proven at 509,622 values; ask for counts below and beyond that.
    let full = computed_in_full("0.16", 700_000);
    for count in [400_000u64, 700_000] {
        let doc = cli_json(&["sequence", "octal", "0.16", "--count", &count.to_string()]);
        let values: Vec<u64> = serde_json::from_value(doc["values"].clone()).unwrap();
        assert!(values == full[..count as usize], "0.16, count {count}");
        let computed = doc["computed"].as_u64().unwrap();
        if count == 700_000 {
            assert!(computed < count, "0.16 computed {computed} values");
        } else {
            assert_eq!(computed, count);
        }
    }
}

/// A million Kayles values as CSV, most of them filled from the period: every line is there
/// and the last is G(999999) (the speed-up is measured in BENCHMARKS.md, not here).
#[test]
fn a_million_kayles_values_as_csv() {
    let dir = fresh_dir("kayles");
    let out = grundy()
        .args([
            "sequence", "octal", "0.77", "--count", "1000000", "--format", "csv",
        ])
        .arg("-o")
        .arg(dir.join("k.csv"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = fs::read_to_string(dir.join("k.csv")).unwrap();
    assert_eq!(text.lines().count(), 1_000_001);
    assert!(text.ends_with("999999,8\n"), "{}", &text[text.len() - 20..]);
    fs::remove_dir_all(&dir).unwrap();
}

/// A machine with less memory than a run needs: the run is refused at once with the estimate
/// and the machine's memory; a run that fits goes ahead. The machine's memory is read from a
/// file given by GRUNDY_MEMINFO instead of /proc/meminfo.
#[test]
fn a_run_that_cannot_fit_is_refused() {
    let dir = fresh_dir("meminfo");
    let meminfo = dir.join("meminfo");
    // 1 GiB in all, 512 MiB available.
    fs::write(
        &meminfo,
        "MemTotal:        1048576 kB\nMemFree:          100000 kB\nMemAvailable:     524288 kB\n",
    )
    .unwrap();
    let start = Instant::now();
    let out = grundy()
        .env("GRUNDY_MEMINFO", &meminfo)
        .args(["sequence", "octal", "officers", "--count", "300000000"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("300000000 values needs at least 1.7 GiB")
            && stderr.contains("512.0 MiB available (1.0 GiB in all)"),
        "{stderr}"
    );
    assert!(start.elapsed() < Duration::from_secs(10));
    // Both sides of the limit: (512 MiB - 64 MiB) / 6 bytes per value fit on two threads (the
    // second keeps a copy of the values), one more does not; on one thread, 4 bytes per value.
    for (threads, per_value) in [("2", 6), ("1", 4)] {
        let fits = ((512u64 << 20) - (64 << 20)) / per_value;
        for (count, ok) in [(fits, true), (fits + 1, false)] {
            let out = grundy()
                .env("GRUNDY_MEMINFO", &meminfo)
                .args(["sequence", "octal", "0.77", "--count", &count.to_string()])
                .args(["--threads", threads, "--format", "binary", "-o"])
                .arg(dir.join("k.bin"))
                .output()
                .unwrap();
            assert_eq!(
                out.status.success(),
                ok,
                "{threads} threads, count {count}: {out:?}"
            );
            if !ok {
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert!(
                    stderr.contains(&format!("({per_value} bytes per value")),
                    "{stderr}"
                );
            }
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// SIGKILL in the middle of a run with --checkpoint: the checkpoint is whole, at most one
/// checkpoint interval old, and resuming it gives exactly the bytes of an uninterrupted run.
#[test]
fn a_killed_run_resumes_exactly_from_its_checkpoint() {
    // Officers has no period within these values and computes them at well under 2 million a
    // second (12 million in 9.5 s here, where 10^8 values of 0.104 took 5.5 s and ended
    // before the kill): the run outlasts the five seconds of the first checkpoint.
    let (code, count) = ("0.6", "12000000");
    let dir = fresh_dir("kill");
    let checkpoint = dir.join("run.bin");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["sequence", "octal", code, "--count", count, "--checkpoint"])
        .arg(&checkpoint)
        .args(["--format", "binary", "-o"])
        .arg(dir.join("never.bin"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let started_at = SystemTime::now();
    let start = Instant::now();
    while !checkpoint.exists() {
        assert!(start.elapsed() < Duration::from_secs(120), "no checkpoint");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The checkpoint is written whole and renamed into place: a moment's more work, then the
    // kill.
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the run ended before the kill"
    );
    child.kill().expect("SIGKILL");
    let killed_at = SystemTime::now();
    child.wait().unwrap();
    let saved_at = fs::metadata(&checkpoint).unwrap().modified().unwrap();
    let age = killed_at.duration_since(saved_at).unwrap_or_default();
    // At most one interval (5 s) lost, with a second's slack for the write itself.
    assert!(
        age <= Duration::from_secs(6),
        "checkpoint {age:?} old at the kill"
    );
    let ran = killed_at.duration_since(started_at).unwrap();
    // The checkpoint's values: its length less the header (with the code), the width byte and
    // the checksum, one or two bytes each (the width byte says which).
    let saved = fs::read(&checkpoint).unwrap();
    let header = 8 + 1 + 1 + 2 + code.len() + 6 * 8;
    let width = u64::from(saved[header]);
    assert!(width == 1 || width == 2, "width {width}");
    let held = (saved.len() as u64 - header as u64 - 1 - 8) / width;
    let resumed = dir.join("resumed.bin");
    let whole = dir.join("whole.bin");
    let out = grundy()
        .args(["sequence", "octal", code, "--count", count, "--resume"])
        .arg(&checkpoint)
        .args(["--format", "binary", "-o"])
        .arg(&resumed)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let whole_started = Instant::now();
    let out = grundy()
        .args(["sequence", "octal", code, "--count", count])
        .args(["--format", "binary", "-o"])
        .arg(&whole)
        .output()
        .unwrap();
    let whole_took = whole_started.elapsed();
    assert!(out.status.success(), "{out:?}");
    assert!(fs::read(&resumed).unwrap() == fs::read(&whole).unwrap());
    // How many values the lost time was worth, at the uninterrupted run's average rate: the
    // checkpoint holds all but at most one interval's (5 s), with two seconds' slack.
    let rate = count.parse::<f64>().unwrap() / whole_took.as_secs_f64();
    let expected = rate * ran.as_secs_f64().max(7.0) - rate * 7.0;
    assert!(
        held > 0 && held as f64 >= expected,
        "the checkpoint holds {held} values after {ran:?} at {rate:.0} values/s"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// The most resident memory (VmHWM) a child reached, polled from /proc until it exits.
fn peak_kib(mut child: std::process::Child) -> (u64, std::process::ExitStatus) {
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(text) = fs::read_to_string(&status_file) {
            let hwm = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            peak = peak.max(hwm.unwrap_or(0));
        }
        if let Some(status) = child.try_wait().unwrap() {
            return (peak, status);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Ten million values written as JSON and as CSV: the peak resident memory stays near the
/// values' own storage (2 bytes each, room for the table to grow) plus a bounded overhead.
/// Building the documents in memory, as before, took several times more.
#[test]
fn a_large_run_written_as_json_or_csv_stays_near_its_values() {
    let count: u64 = 10_000_000;
    let dir = fresh_dir("memory");
    for format in ["json", "csv", "text"] {
        let file = dir.join(format!("out.{format}"));
        let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args(["sequence", "octal", "0.104", "--count", &count.to_string()])
            .args(["--format", format, "-o"])
            .arg(&file)
            .stdout(Stdio::null())
            .spawn()
            .expect("starts");
        let (peak, status) = peak_kib(child);
        assert!(status.success());
        let bound_kib = (4 * count + (48 << 20)) / 1024;
        assert!(
            peak > 0 && peak <= bound_kib,
            "{format}: peak {peak} KiB, bound {bound_kib} KiB"
        );
        let written = fs::metadata(&file).unwrap().len();
        assert!(written > 2 * count, "{format}: {written} bytes");
        fs::remove_file(&file).unwrap();
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// A run that passes the estimate before it starts is stopped, with its checkpoint saved, once
/// its measured cost per value shows that the rest cannot fit in what is available (here the
/// machine's available memory falls while it runs, as when another program takes it); a run
/// that fits runs to the end.
#[test]
fn a_run_that_grows_beyond_memory_is_stopped_with_its_work_saved() {
    let dir = fresh_dir("grows");
    let meminfo = dir.join("meminfo");
    let available = |kib: u64| {
        // Replaced whole, so that the run never reads half a file.
        let next = dir.join("meminfo.next");
        fs::write(
            &next,
            format!("MemTotal: 1048576 kB\nMemAvailable: {kib} kB\n"),
        )
        .unwrap();
        fs::rename(&next, &meminfo).unwrap();
    };
    // 150 MiB available: 14,000,000 values pass the estimate (6 bytes each on two threads +
    // 64 MiB), and Officers' run (some 7 bytes a value) would fit.
    available(153_600);
    let checkpoint = dir.join("officers.bin");
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .env("GRUNDY_MEMINFO", &meminfo)
        .args(["sequence", "octal", "officers", "--count", "14000000"])
        .arg("--checkpoint")
        .arg(&checkpoint)
        .arg("-o")
        .arg(dir.join("never.txt"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    // Some seconds in (a few million values of some 14 s of work), 20 MiB are left.
    std::thread::sleep(Duration::from_secs(3));
    available(20_480);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("bytes per value") && stderr.contains("20.0 MiB available"),
        "{stderr}"
    );
    assert!(stderr.contains("--resume"), "{stderr}");
    assert!(!dir.join("never.txt").exists());
    // What was kept resumes (a few values, from the checkpoint).
    grundy()
        .args(["sequence", "octal", "officers", "--count", "4", "--resume"])
        .arg(&checkpoint)
        .assert()
        .success()
        .stdout(predicates::str::contains("0 0 1 2"));
    available(153_600);
    let out = grundy()
        .env("GRUNDY_MEMINFO", &meminfo)
        .args([
            "sequence", "octal", "0.104", "--count", "14000000", "--format", "binary",
        ])
        .arg("-o")
        .arg(dir.join("fits.bin"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    fs::remove_dir_all(&dir).unwrap();
}

/// Ten million values of a subtraction game and of an all-but game, in every format: the
/// subtraction game's values past its period are read off the period, so its peak memory is
/// a buffer, whatever the count (it was over 600 MiB when the document was built in memory);
/// the all-but game keeps its values (4 bytes each) and nothing more.
#[test]
fn ten_million_subtraction_and_all_but_values_stay_small() {
    let count: u64 = 10_000_000;
    let dir = fresh_dir("subtraction-memory");
    let games: [(&[&str], u64); 2] = [
        (&["subtraction", "--set", "1,4,9"], 16 << 20),
        (&["all-but", "--except", "2,3"], 4 * count + (48 << 20)),
    ];
    for (game, bound) in games {
        for format in ["json", "csv", "text"] {
            let file = dir.join(format!("out.{format}"));
            let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
                .arg("sequence")
                .args(game)
                .args(["--count", &count.to_string(), "--format", format, "-o"])
                .arg(&file)
                .stdout(Stdio::null())
                .spawn()
                .expect("starts");
            let (peak, status) = peak_kib(child);
            assert!(status.success(), "{game:?} {format}");
            assert!(
                peak > 0 && peak <= bound / 1024,
                "{game:?} {format}: peak {peak} KiB, bound {} KiB",
                bound / 1024
            );
            let written = fs::metadata(&file).unwrap().len();
            assert!(written >= 2 * count, "{game:?} {format}: {written} bytes");
            fs::remove_file(&file).unwrap();
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

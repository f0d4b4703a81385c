//! The octal-game commands: sequences, periods, formats, checkpoints and analysis.

mod common;

use common::grundy;
use predicates::prelude::*;

/// A fresh directory for one test, removed (with what the test wrote) when it is dropped.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("grundy-cli-octal-")
        .tempdir()
        .expect("temp dir")
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
fn one_and_two_threads_print_the_same_values() {
    let officers = |threads: &str| {
        let out = grundy()
            .args([
                "sequence", "octal", "officers", "--count", "20000", "--format", "csv",
            ])
            .args(["--threads", threads])
            .output()
            .expect("runs");
        assert!(out.status.success(), "--threads {threads}");
        out.stdout
    };
    assert_eq!(officers("1"), officers("2"));
    for bad in ["0", "3", "two"] {
        grundy()
            .args(["sequence", "octal", "0.6", "--threads", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("expected 1 or 2"));
    }
}

#[test]
fn checkpoint_and_resume_give_the_same_bytes() {
    let dir = scratch();
    let full = dir.path().join("full.bin");
    let part = dir.path().join("part.bin");
    let resumed = dir.path().join("resumed.bin");
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
        .arg(dir.path().join("part.csv"))
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

/// Plots Kayles until its period is proven, into `path` (the picture type from its extension).
fn plot_kayles(path: &std::path::Path) {
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
        .arg(path)
        .assert()
        .success();
}

#[test]
fn plot_is_an_svg() {
    let dir = scratch();
    let path = dir.path().join("kayles.svg");
    plot_kayles(&path);
    let svg = std::fs::read_to_string(&path).expect("plot written");
    assert!(
        svg.starts_with("<svg") && svg.contains("period 12 from n = 71"),
        "{svg}"
    );
}

#[test]
fn plot_is_a_png() {
    let dir = scratch();
    let path = dir.path().join("kayles.png");
    plot_kayles(&path);
    let bytes = std::fs::read(&path).expect("plot written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a readable PNG");
    let info = reader.info();
    assert_eq!((info.width, info.height), (880, 380));
    let mut pixels = vec![0; reader.output_buffer_size()];
    reader.next_frame(&mut pixels).expect("one frame");
    // The period's shading (light blue) and the values' ink (dark blue) are both drawn.
    let has = |rgb: [u8; 3]| pixels.chunks_exact(3).any(|p| p == rgb);
    assert!(has([221, 232, 255]) && has([31, 78, 156]));
    // Another extension is refused up front.
    grundy()
        .args(["sequence", "octal", "kayles", "--plot", "kayles.gif"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(".svg or .png"));
}

/// Ctrl-C (SIGINT) during a long run: the checkpoint is saved, the message says how to resume,
/// and the exit code is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_and_sigterm_keep_the_checkpoint_and_exit_130() {
    // A job stopped by a scheduler or `timeout` (SIGTERM) keeps its work as Ctrl-C does.
    for signal in ["-INT", "-TERM"] {
        interrupted_run_resumes(signal);
    }
}

#[cfg(unix)]
fn interrupted_run_resumes(signal: &str) {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = scratch();
    let checkpoint = dir.path().join("officers-interrupted.bin");
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["sequence", "octal", "officers", "--count", "50000000"])
        .arg("--checkpoint")
        .arg(&checkpoint)
        .arg("--output")
        .arg(dir.path().join("officers-interrupted.txt"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    // The first checkpoint (a few seconds in) shows the run, and its Ctrl-C handler, started.
    let start = Instant::now();
    while !checkpoint.exists() {
        assert!(start.elapsed() < Duration::from_secs(120), "no checkpoint");
        std::thread::sleep(Duration::from_millis(100));
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
        stderr.contains("interrupted:") && stderr.contains("--resume"),
        "{stderr}"
    );
    // What was kept is a valid checkpoint of the same game.
    grundy()
        .args(["sequence", "octal", "officers", "--count", "4", "--resume"])
        .arg(&checkpoint)
        .assert()
        .success()
        .stdout(predicate::str::contains("0 0 1 2"));
}

/// Ctrl-C or SIGTERM while the values are written (Kayles to 2^31 is computed in moments from
/// its period, then two billion values are written): the writing stops at once with exit 130,
/// `--output`'s file is left as it was and no temporary file stays; printed values end with a
/// whole line. (Both signals were caught and ignored while writing: only SIGKILL stopped the
/// run, and it left a temporary file of gigabytes.)
#[cfg(unix)]
#[test]
fn ctrl_c_and_sigterm_stop_the_writing_of_the_values() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let kayles = ["sequence", "octal", "kayles", "--count", "2147483648"];
    let signal = |child: &std::process::Child, signal: &str| {
        let sent = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
    };
    let dir = scratch();
    let output = dir.path().join("kayles.txt");
    std::fs::write(&output, "kept\n").unwrap();
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(kayles)
        .arg("--output")
        .arg(&output)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    // The temporary file beside the output shows the writing started.
    let start = Instant::now();
    while std::fs::read_dir(dir.path()).unwrap().count() < 2 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(&child, "-TERM");
    let sent = Instant::now();
    let out = child.wait_with_output().expect("exits");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(sent.elapsed() < Duration::from_secs(10), "{stderr}");
    assert!(
        stderr.contains("interrupted while writing --output") && stderr.contains("left as it was"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "kept\n");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "a file was left"
    );

    let printed = dir.path().join("printed.txt");
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(kayles)
        .stdout(std::fs::File::create(&printed).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let start = Instant::now();
    while std::fs::metadata(&printed).unwrap().len() < 1 << 20 {
        assert!(start.elapsed() < Duration::from_secs(60), "nothing printed");
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(&child, "-INT");
    let out = child.wait_with_output().expect("exits");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted while printing"), "{stderr}");
    let text = std::fs::read_to_string(&printed).unwrap();
    assert!(
        text.len() < 1 << 30 && text.ends_with('\n'),
        "{} bytes",
        text.len()
    );
    // Every value printed is Kayles' value: one of 0..8, whole.
    let last = text.lines().last().unwrap();
    assert!(
        last.split_whitespace()
            .all(|v| v.parse::<u8>().is_ok_and(|v| v <= 8)),
        "{last}"
    );
}

/// `--at N` beyond `--count` computes until the period is proven (and no further), then reads
/// G(N) off it: for Kayles (period 12 from 71) G(2^64 - 1) = G(71 + (2^64 - 1 - 71) mod 12).
/// Grundy's game has no period, so a heap beyond the table is refused up front.
#[test]
fn at_beyond_the_count_reads_the_period() {
    let n: u128 = u64::MAX as u128;
    let reduced = 71 + (n - 71) % 12;
    let short = grundy()
        .args([
            "sequence", "octal", "0.77", "--count", "100", "--format", "csv",
        ])
        .output()
        .unwrap();
    let csv = String::from_utf8(short.stdout).unwrap();
    let expected = csv
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{reduced},")))
        .expect("the reduced heap is listed")
        .to_string();
    grundy()
        .args(["sequence", "octal", "0.77", "--count", "2", "--at"])
        .arg(n.to_string())
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("G({n}) = {expected}")));
    grundy()
        .args([
            "sequence",
            "grundys-game",
            "--count",
            "2",
            "--at",
            "100000000000000000000",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no period is claimed for Grundy's game",
        ));
}

//! `grundy sequence`: one report for every game. The JSON is the API's, each format reads back
//! to the same values, and every subcommand takes every flag or refuses it naming the flag.

mod common;

use std::fs;
use std::path::PathBuf;

use axum::body::Body;
use axum::http::{Method, Request};
use common::{grundy, json};
use grundy_core::sequence::report::ReportDocument;
use http_body_util::BodyExt;
use tower::ServiceExt;

fn fresh_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("grundy-cli-sequence-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The games, as the command line and the API name them.
const GAMES: &[(&[&str], &str)] = &[
    (
        &["subtraction", "--set", "1,4,9"],
        r#""game": "subtraction", "set": [1, 4, 9]"#,
    ),
    (
        &["all-but", "--except", "2,3"],
        r#""game": "all-but", "except": [2, 3]"#,
    ),
    (&["octal", "kayles"], r#""game": "octal", "code": "kayles""#),
    (&["octal", "0.6"], r#""game": "octal", "code": "0.6""#),
    (&["grundys-game"], r#""game": "grundys-game""#),
];

fn api(body: String) -> (u16, serde_json::Value) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let request = Request::builder()
            .method(Method::POST)
            .uri("/api/sequence")
            .body(Body::from(body))
            .unwrap();
        let response = grundy_server::router(grundy_server::Config::default())
            .oneshot(request)
            .await
            .unwrap();
        let status = response.status().as_u16();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice(&bytes).expect("JSON"))
    })
}

/// The command line's `--json` and the API give the same document, field for field, for every
/// game, with and without `at` (the API searches octal periods as `--until-period` up to 2^18
/// values, so the command line is asked the same).
#[test]
fn the_json_is_the_api_json() {
    for (cli, body) in GAMES {
        if cli.contains(&"0.6") {
            // Officers proves no period within either search: compared in the formats test.
            continue;
        }
        for at in [None, Some("100"), Some("123456789012345678901234567890")] {
            let claims = !cli.contains(&"grundys-game") && !cli.contains(&"all-but");
            if at.is_some_and(|n| n.len() > 5) && !claims {
                continue;
            }
            let mut args = vec!["sequence"];
            args.extend_from_slice(cli);
            args.extend(["--count", "50"]);
            if claims && cli[0] == "octal" {
                args.push("--until-period");
            }
            if let Some(n) = at {
                args.extend(["--at", n]);
            }
            let from_cli = json(&args);
            let at_field = at.map(|n| format!(r#", "at": "{n}""#)).unwrap_or_default();
            let (status, from_api) = api(format!(r#"{{{body}, "count": 50{at_field}}}"#));
            assert_eq!(status, 200, "{from_api}");
            if cli[0] == "octal" {
                // The API searches up to 2^18 values, --until-period up to 2^24: both prove
                // Kayles' period at the same length.
                assert_eq!(from_cli["period"]["status"], "proven");
            }
            assert_eq!(from_cli, from_api, "{args:?}");
            // Both are the serialisation of the core's document.
            let doc: ReportDocument = serde_json::from_value(from_cli.clone()).unwrap();
            assert_eq!(serde_json::to_value(&doc).unwrap(), from_cli);
        }
    }
}

fn run_ok(args: &[&str], extra: &[&std::ffi::OsStr]) -> Vec<u8> {
    let out = grundy().args(args).args(extra).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Text, CSV, JSON and binary read back to the same values, for every game; the binary file is
/// the checkpoint, and resuming it gives the same JSON without computing again.
#[test]
fn every_format_reads_back_to_the_same_values() {
    let dir = fresh_dir("formats");
    for (cli, _) in GAMES {
        let mut args = vec!["sequence"];
        args.extend_from_slice(cli);
        args.extend(["--count", "300"]);
        let doc: ReportDocument = serde_json::from_value(json(&args)).unwrap();
        assert_eq!(doc.values.len(), 300);
        // JSON through --format json and --output: the same document.
        let file = dir.join("out.json");
        let mut with = args.clone();
        with.extend(["--format", "json", "-o"]);
        run_ok(&with, &[file.as_os_str()]);
        let written: ReportDocument = serde_json::from_slice(&fs::read(&file).unwrap()).unwrap();
        assert_eq!(written, doc, "{args:?}");
        // CSV: n,value lines.
        let mut csv_args = args.clone();
        csv_args.extend(["--format", "csv"]);
        let csv = String::from_utf8(run_ok(&csv_args, &[])).unwrap();
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some("n,value"));
        let from_csv: Vec<u64> = lines
            .enumerate()
            .map(|(i, l)| {
                let (n, v) = l.split_once(',').unwrap();
                assert_eq!(n.parse::<usize>().unwrap(), i);
                v.parse().unwrap()
            })
            .collect();
        assert_eq!(from_csv, doc.values, "{args:?}");
        // Text: a heading naming the game, then the values.
        let text = String::from_utf8(run_ok(&args, &[])).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next().unwrap(), format!("{}, G(0..299):", doc.title));
        let from_text: Vec<u64> = lines
            .next()
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(from_text, doc.values, "{args:?}");
        // Binary: the checkpoint; resumed, it answers without computing more.
        let bin = dir.join("out.bin");
        let mut bin_args = args.clone();
        bin_args.extend(["--format", "binary", "-o"]);
        run_ok(&bin_args, &[bin.as_os_str()]);
        let mut resumed_args = args.clone();
        resumed_args.push("--resume");
        let resumed = grundy()
            .args(&resumed_args)
            .arg(&bin)
            .arg("--json")
            .output()
            .unwrap();
        assert!(resumed.status.success(), "{resumed:?}");
        let resumed: ReportDocument = serde_json::from_slice(&resumed.stdout).unwrap();
        assert_eq!(resumed, doc, "{args:?}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint is refused by another game, naming what it holds.
#[test]
fn a_checkpoint_of_another_game_is_refused() {
    let dir = fresh_dir("other-game");
    let sub = dir.join("sub.bin");
    run_ok(
        &["sequence", "subtraction", "--set", "1,4,9", "--checkpoint"],
        &[sub.as_os_str()],
    );
    let kayles = dir.join("kayles.bin");
    run_ok(
        &["sequence", "octal", "kayles", "--checkpoint"],
        &[kayles.as_os_str()],
    );
    for (args, file, holds) in [
        (&["octal", "kayles"][..], &sub, "sub{1,4,9}"),
        (&["subtraction", "--set", "1,4"][..], &sub, "sub{1,4,9}"),
        (&["all-but", "--except", "1,4,9"][..], &sub, "sub{1,4,9}"),
        (&["subtraction", "--set", "1,4"][..], &kayles, "octal{0.77}"),
        (&["grundys-game"][..], &kayles, "0.77"),
    ] {
        let out = grundy()
            .arg("sequence")
            .args(args)
            .arg("--resume")
            .arg(file)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("--resume") && stderr.contains(holds),
            "{args:?}: {stderr}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Every subcommand with every flag: it works, or it exits with code 2 naming the flag.
#[test]
fn every_flag_works_or_is_refused_by_name() {
    let dir = fresh_dir("flags");
    let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
    // The flags that fail for some games, and the games they fail for.
    let refused = |game: &str, flag: &str| match flag {
        "--until-period" => game == "grundys-game",
        "--threads" => matches!(game, "subtraction" | "all-but"),
        _ => false,
    };
    let games: &[(&str, &[&str])] = &[
        ("subtraction", &["subtraction", "--set", "1,4,9"]),
        ("all-but", &["all-but", "--except", "2,3"]),
        ("octal", &["octal", "kayles"]),
        ("grundys-game", &["grundys-game"]),
    ];
    for (game, args) in games {
        let checkpoint = file(&format!("{game}.bin"));
        let flags: Vec<(&str, Vec<String>)> = vec![
            ("--count", vec!["--count".into(), "100".into()]),
            ("--period", vec!["--period".into()]),
            ("--until-period", vec!["--until-period".into()]),
            ("--at", vec!["--at".into(), "1000".into()]),
            ("--format", vec!["--format".into(), "csv".into()]),
            ("--output", vec!["--output".into(), file("out.txt")]),
            ("--plot", vec!["--plot".into(), file("plot.svg")]),
            (
                "--checkpoint",
                vec!["--checkpoint".into(), checkpoint.clone()],
            ),
            ("--resume", vec!["--resume".into(), checkpoint.clone()]),
            ("--threads", vec!["--threads".into(), "1".into()]),
            ("--json", vec!["--json".into()]),
        ];
        for (flag, flag_args) in flags {
            let out = grundy()
                .arg("sequence")
                .args(*args)
                .args(&flag_args)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            if refused(game, flag) {
                assert_eq!(out.status.code(), Some(2), "{game} {flag}: {stderr}");
                assert!(stderr.contains(flag), "{game} {flag}: {stderr}");
                assert!(!stderr.contains("panicked"), "{game} {flag}: {stderr}");
            } else {
                assert!(out.status.success(), "{game} {flag}: {stderr}");
            }
        }
        // The plot and the checkpoint were written.
        assert!(fs::read_to_string(file("plot.svg"))
            .unwrap()
            .starts_with("<svg"));
        assert!(fs::read(&checkpoint).unwrap().starts_with(b"GRUNDYSQ"));
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The PNG plot is the SVG plot's shapes: the same picture size, the period shaded and edged
/// where it is proven, the values inked.
#[test]
fn the_png_plot_draws_what_the_svg_draws() {
    let dir = fresh_dir("plots");
    for ext in ["png", "svg"] {
        let path = dir.join(format!("k.{ext}"));
        run_ok(
            &[
                "sequence",
                "subtraction",
                "--set",
                "1,4,9",
                "--count",
                "100",
                "--plot",
            ],
            &[path.as_os_str()],
        );
    }
    let svg = fs::read_to_string(dir.join("k.svg")).unwrap();
    assert!(
        svg.contains("width=\"880\"") && svg.contains("height=\"380\""),
        "{svg}"
    );
    assert!(svg.contains("period 5 from n = 0"), "{svg}");
    let bytes = fs::read(dir.join("k.png")).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (880, 380));
    let mut pixels = vec![0; reader.output_buffer_size()];
    reader.next_frame(&mut pixels).unwrap();
    let has = |rgb: [u8; 3]| pixels.chunks_exact(3).any(|p| p == rgb);
    // Shade, edge and ink, in both pictures.
    for (rgb, hex) in [
        ([221, 232, 255], "#DDE8FF"),
        ([200, 40, 40], "#C82828"),
        ([31, 78, 156], "#1F4E9C"),
    ] {
        assert!(has(rgb), "PNG lacks {rgb:?}");
        assert!(svg.to_uppercase().contains(hex), "SVG lacks {hex}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// A real checkpoint with its period field (byte 40 for `0.16`) set and the checksum
/// recomputed: its checksum is right but the period repeats within no checked values. The
/// resumed run used to panic (`attempt to subtract with overflow` in the certificate); it is
/// refused in one line naming the file and the field.
#[test]
fn a_checkpoint_with_a_right_checksum_and_a_wrong_period_is_refused() {
    let dir = fresh_dir("inconsistent-checkpoint");
    let saved = dir.join("c.bin");
    grundy()
        .args([
            "sequence",
            "octal",
            "0.16",
            "--count",
            "6000",
            "--checkpoint",
        ])
        .arg(&saved)
        .assert()
        .success();
    let mut bytes = fs::read(&saved).unwrap();
    assert_eq!(&bytes[12..16], b"0.16");
    bytes[40..48].copy_from_slice(&1u64.to_le_bytes());
    let body = bytes.len() - 8;
    let sum = grundy_core::sequence::checkpoint::fnv1a(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    let edited = dir.join("edited.bin");
    fs::write(&edited, &bytes).unwrap();
    let out = grundy()
        .args(["sequence", "octal", "0.16", "--count", "20000", "--resume"])
        .arg(&edited)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        format!(
            "error: --resume {}: invalid checkpoint field period \"1\": expected a period that, \
             from the preperiod 0, repeats within the 0 values checked (preperiod + period <= \
             checked) (this command is for octal{{0.16}})\n",
            edited.display()
        )
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_documented_example_is_what_the_binary_prints() {
    // docs/cli.md and the README show this run: its heading is "TITLE, G(0..N):".
    let command =
        "grundy sequence subtraction --set 1,4,9 --count 20 --period --at 1000000000000000000";
    let args: Vec<&str> = command.split(' ').skip(1).collect();
    let out = grundy().args(&args).output().unwrap();
    assert!(out.status.success());
    let printed = String::from_utf8(out.stdout).unwrap();
    for doc in ["docs/cli.md", "README.md"] {
        assert_eq!(common::documented_output(doc, command), printed, "{doc}");
    }
}

#[test]
fn a_subtraction_sequence_lists_up_to_two_to_the_31_values() {
    // At most 2^25 values are computed; beyond, the proven period lists the rest, so the
    // limit is 2^31 as for octal games (docs/limits.md), not 10,000,000.
    let out = grundy()
        .args([
            "sequence",
            "subtraction",
            "--set",
            "1,4,9",
            "--count",
            "10000001",
        ])
        .args(["--format", "csv"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        out.stdout.iter().filter(|&&b| b == b'\n').count(),
        10_000_002
    );
    let out = grundy()
        .args([
            "sequence",
            "subtraction",
            "--set",
            "1,4,9",
            "--count",
            "2147483649",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "count \"2147483649\" is out of range: expected a whole number from 0 to 2147483648"
        ),
        "{err}"
    );
}

#[test]
fn the_period_is_in_the_json_with_or_without_period() {
    // docs/cli.md, "JSON output": `period` is always present; a subtraction game's proof is
    // `theorem: {name: "window", window}`.
    for extra in [&[][..], &["--period"]] {
        let mut args = vec!["sequence", "subtraction", "--set", "1,4,9", "--count", "5"];
        args.extend_from_slice(extra);
        let v = json(&args);
        assert_eq!(v["period"]["status"], "proven", "{extra:?}");
        assert_eq!(v["period"]["theorem"]["name"], "window");
        assert_eq!(v["period"]["theorem"]["window"], 9);
    }
}

/// `--at` beyond the values `--count` asks for keeps a time budget, and searches for a period
/// as far as `analyze` does: `sequence octal 0.6 --at 10^30` computed 2^24 values (51 s)
/// before it was refused, printing nothing meanwhile.
#[test]
fn at_keeps_a_budget_and_says_how_to_go_further() {
    let huge = "1000000000000000000000000000000";
    let refused = |args: &[&str]| {
        let started = std::time::Instant::now();
        let out = grundy().args(args).output().unwrap();
        let took = started.elapsed();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        (String::from_utf8_lossy(&out.stderr).to_string(), took)
    };
    let (err, took) = refused(&["sequence", "octal", "0.6", "--at", huge]);
    assert!(
        err.contains("no period is proven within the 262144 values computed"),
        "{err}"
    );
    assert!(
        err.contains("search up to 16777216 values with --until-period"),
        "{err}"
    );
    assert!(took < std::time::Duration::from_secs(8), "took {took:?}");
    // A dense code is stopped by the budget, which the refusal names with the values computed.
    let (err, took) = refused(&["sequence", "octal", "0.007", "--at", huge, "--time", "1"]);
    assert!(
        err.contains("values computed in the time budget of 1 s"),
        "{err}"
    );
    assert!(
        err.contains("allow more with --time SECONDS (up to 604800)"),
        "{err}"
    );
    assert!(took < std::time::Duration::from_secs(4), "took {took:?}");
    // A heap whose value is computed directly: --count computes it without a time limit.
    let (err, _) = refused(&["sequence", "octal", "0.6", "--at", "5000000", "--time", "1"]);
    assert!(err.contains("of its 5000001 values were computed"), "{err}");
    assert!(err.contains("--count 5000001"), "{err}");
    // Within the budget the value is given as before.
    grundy()
        .args(["sequence", "octal", "kayles", "--at", huge, "--time", "1"])
        .assert()
        .success()
        .stdout(predicates::str::contains(format!("G({huge}) = 1")));
}

/// `grundy sequence --json` is the wire schema's `ReportDocument` (`common::json` validates every
/// document the suite reads), a proven period's certificate included; the schema can fail.
#[test]
fn the_report_conforms_to_the_schema_and_a_wrong_field_is_refused() {
    let doc = json(&[
        "sequence",
        "octal",
        "0.77",
        "--count",
        "100",
        "--until-period",
    ]);
    assert_eq!(doc["period"]["status"], "proven");
    assert_eq!(doc["period"]["theorem"]["name"], "guy-smith");
    let schema = grundy_core::wire::schema::document_schema("ReportDocument").unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    assert!(validator.is_valid(&doc));
    let mut wrong = doc.clone();
    wrong["values"] = serde_json::Value::from("0, 1, 2");
    assert!(!validator.is_valid(&wrong));
    let mut wrong = doc;
    wrong["period"]["status"] = serde_json::Value::from("guessed");
    assert!(!validator.is_valid(&wrong));
}

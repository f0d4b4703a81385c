//! `grundy search --certificate FILE` and `grundy verify FILE`: a search's proof written, then
//! checked with the game's rules alone; altered, truncated or foreign certificates refused
//! (exit code 1 when read but not proving, 2 when unreadable).

mod common;

use std::fs;
use std::path::PathBuf;

use common::grundy;

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-verify-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `grundy search GAME POSITION --certificate FILE --json`: the document, checked against
/// the schema, and the certificate's path.
fn certified(dir: &std::path::Path, game: &str, position: &str) -> (serde_json::Value, PathBuf) {
    let path = dir.join(format!("{game}.cert"));
    let file = path.to_str().unwrap();
    let doc = common::json(&["search", game, position, "--certificate", file]);
    (doc, path)
}

/// Every search game: the certificate's count of facts is the search's, and it verifies
/// (`0*5`: a first-player win, as 5 mod 6 is 3, 4 or 5; Applegate, Jacobson and Sleator 1991).
#[test]
fn certificates_of_every_search_game_verify() {
    let dir = fresh_dir("games");
    for (game, position) in [
        ("sprouts", "0*5"),
        ("cram", "3x7"),
        ("chomp", "3x4"),
        ("node-kayles", "grid:3x4"),
        ("arc-kayles", "cycle:7"),
    ] {
        let (doc, path) = certified(&dir, game, position);
        let facts = doc["certificate"]["facts"].as_u64().unwrap();
        let verified = common::json(&["verify", path.to_str().unwrap()]);
        assert_eq!(verified["verified"], true, "{game} {position}: {verified}");
        assert_eq!(verified["value"], doc["value"], "{game}");
        assert_eq!(verified["facts"].as_u64(), Some(facts), "{game}");
        let text = grundy()
            .args(["verify", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(text.status.success());
        let said = String::from_utf8_lossy(&text.stdout);
        assert!(said.contains(": verified: "), "{said}");
    }
    let sprouts = common::json(&["verify", dir.join("sprouts.cert").to_str().unwrap()]);
    assert!(sprouts["facts"].as_u64().unwrap() > 100, "{sprouts}");
    assert_eq!(sprouts["value"], 1);
    // The facts name lands in the notation Glop and SPOTS read.
    let text = fs::read_to_string(dir.join("sprouts.cert")).unwrap();
    assert!(
        text.contains(r#"{"key":"0*5","value":1}"#),
        "{}",
        &text[..200]
    );
    // The text answer of the search names the file and how to check it.
    let path = dir.join("again.cert");
    let out = grundy()
        .args([
            "search",
            "sprouts",
            "0*4",
            "--certificate",
            path.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("certificate: ") && said.contains("grundy verify "),
        "{said}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// A value changed on one line: exit code 1, the line and the rule it breaks named.
#[test]
fn an_altered_certificate_is_refuted() {
    let dir = fresh_dir("altered");
    let (_, path) = certified(&dir, "sprouts", "0*4");
    let text = fs::read_to_string(&path).unwrap();
    let altered = text.replacen(r#""key":"0*4","value":1"#, r#""key":"0*4","value":0"#, 1);
    assert_ne!(altered, text);
    fs::write(&path, altered).unwrap();
    let out = grundy()
        .args(["verify", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("not verified") && said.contains("line "),
        "{said}"
    );
    // JSON: the document, with why.
    let out = grundy()
        .args(["verify", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    common::conforms(&["verify"], &doc);
    assert_eq!(doc["verified"], false);
    assert!(
        doc["refuted"].as_str().unwrap().starts_with("line "),
        "{doc}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Unreadable certificates and bad arguments: exit code 2, naming what is wrong.
#[test]
fn unreadable_certificates_are_refused() {
    let dir = fresh_dir("unreadable");
    let (_, path) = certified(&dir, "sprouts", "0*3");
    let file = path.to_str().unwrap();
    let text = fs::read_to_string(&path).unwrap();
    let bad = dir.join("bad.cert");
    let bad_file = bad.to_str().unwrap();
    // One fact short of its count.
    let lines: Vec<&str> = text.lines().collect();
    fs::write(&bad, lines[..lines.len() - 1].join("\n")).unwrap();
    common::fails_with_usage(&["verify", bad_file], "facts the first line counts");
    // A position of another game's certificate.
    let foreign = text
        .replacen(r#""game":"sprouts""#, r#""game":"cram""#, 1)
        .replacen(r#""position":"0*3""#, r#""position":".../.../...""#, 1);
    fs::write(&bad, foreign).unwrap();
    common::fails_with_usage(&["verify", bad_file], "keys of a sprouts search");
    // The position not as the game writes it.
    fs::write(
        &bad,
        text.replacen(r#""position":"0*3""#, r#""position":"0*1+0*2""#, 1),
    )
    .unwrap();
    common::fails_with_usage(&["verify", bad_file], "as the game writes it");
    // Not a certificate.
    fs::write(&bad, "hello\n").unwrap();
    common::fails_with_usage(&["verify", bad_file], "line 1");
    common::fails_with_usage(
        &["verify", dir.join("none.cert").to_str().unwrap()],
        "cannot read it",
    );
    // --certificate and --table naming one file; a directory that does not exist.
    common::fails_with_usage(
        &[
            "search",
            "sprouts",
            "0*3",
            "--certificate",
            file,
            "--table",
            file,
        ],
        "the same file as --table",
    );
    let missing = dir.join("no/such/dir.cert");
    common::fails_with_usage(
        &[
            "search",
            "sprouts",
            "0*3",
            "--certificate",
            missing.to_str().unwrap(),
        ],
        "does not exist",
    );
    fs::remove_dir_all(&dir).unwrap();
}

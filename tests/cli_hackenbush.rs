//! `grundy analyze hackenbush`, `grundy hackenbush value` and `grundy hackenbush draw`, as real
//! processes: values, winning cuts, the reduction, and pictures written in a temporary
//! directory (SVG and PNG).

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod common;

use common::{fails_with_usage, grundy, json};

/// A temporary directory of this test process, removed when dropped.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn analyze_lists_every_winning_cut_with_what_falls() {
    let report = json(&["analyze", "hackenbush", "stalk:3", "cycle:3"]);
    assert_eq!(report["values"], serde_json::json!([1]));
    assert_eq!(report["winning_move_count"], 3);
    let texts: Vec<&str> = report["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(
        texts[0].starts_with("picture 1: cut edge 3 (2-3): "),
        "{texts:?}"
    );
    assert!(
        texts[1].starts_with("picture 1: cut edge 5 (4-5): "),
        "{texts:?}"
    );
    assert!(
        texts[2].starts_with("picture 1: cut edge 7 (4-6): "),
        "{texts:?}"
    );
    // The explanation derives the value twice: the mex over the cuts, and the reduction.
    let out = grundy()
        .args([
            "analyze",
            "hackenbush",
            "0-1,1-2,1-3,3-3,0-4,4-5,5-6,4-6",
            "--explain",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("= mex{2, 1, 0, 3, 4, 7, 5, 7} = 6"), "{text}");
    assert!(
        text.contains("      Fuse vertex 4 (fused with 5, 6): 3 edges (4-5, 5-6, 4-6) become 3 loops, worth *1 (odd)."),
        "{text}"
    );
    assert!(text.contains("the picture is worth *6."), "{text}");
}

#[test]
fn value_answers_a_million_edges() {
    let v = json(&["hackenbush", "value", "stalk:999999", "0-0"]);
    assert_eq!(v["edges"], 1_000_000);
    assert_eq!(v["value"], 999_999 ^ 1);
    let v = json(&["hackenbush", "value", "tree:3x2", "--explain"]);
    assert_eq!(v["value"], 1);
    let steps = v["steps"].as_array().unwrap();
    assert!(steps
        .last()
        .unwrap()
        .as_str()
        .unwrap()
        .contains("the picture is worth *1"));
    fails_with_usage(
        &["hackenbush", "value", "stalk:1000000", "0-1"],
        "Hackenbush picture \"1000001 edges\" is out of range: expected at most 1000000 edges",
    );
}

#[test]
fn a_tree_too_large_is_refused_with_its_real_size() {
    // tree:DxB has 1 + B + ... + B^D edges: the refusal names that count (or that it is beyond
    // 10^38), not the partial count where counting passed the limit.
    for (tree, edges) in [
        ("tree:64x2", "36893488147419103231 edges"),
        ("tree:1000x2", "more than 10^38 edges"),
        ("tree:40x3", "18236498188585393201 edges"),
        ("tree:65x3", "15451577191316306180960320901764 edges"),
        ("tree:1000000x1000000", "more than 10^38 edges"),
        ("tree:1000000x1", "1000001 edges"),
    ] {
        fails_with_usage(
            &["hackenbush", "value", tree],
            &format!(
                "Hackenbush picture \"{edges}\" is out of range: expected at most 1000000 edges"
            ),
        );
    }
}

#[test]
fn draw_writes_svg_and_png() {
    let dir = TempDir::new("hackenbush-draw");
    let svg = dir.file("picture.svg");
    let v = json(&[
        "hackenbush",
        "draw",
        "stalk:3",
        "cycle:3",
        "--winning",
        "-o",
        &svg,
    ]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["winning_cuts"], serde_json::json!([3, 5, 7]));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("Green Hackenbush: 7 edges, value *1"));
    // The winning cuts in orange (#E66E14), the others green.
    assert!(text.contains("#E66E14") && text.contains("#2E8B3C"));
    let png = dir.file("picture.png");
    let v = json(&["hackenbush", "draw", "0-1,1-1,0-0", "-o", &png]);
    assert_eq!(v["winning_cuts"], serde_json::Value::Null);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert_eq!(u64::from(width), v["width"].as_u64().unwrap());
    // A P-position: nothing to mark.
    let out = grundy()
        .args([
            "hackenbush",
            "draw",
            "stalk:2,stalk:2",
            "--winning",
            "-o",
            &svg,
        ])
        .output()
        .unwrap();
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.contains("No winning cut (a P-position): nothing is marked."),
        "{said}"
    );
    fails_with_usage(
        &[
            "hackenbush",
            "draw",
            "0-1",
            "-o",
            &dir.file("no-such-dir/p.svg"),
        ],
        "does not exist",
    );
}

#[test]
fn play_cuts_edges_by_number_or_ends() {
    let out = grundy()
        .args([
            "play",
            "hackenbush",
            "stalk:2",
            "cycle:3",
            "--first",
            "me",
            "--seed",
            "1",
        ])
        .write_stdin("cut 9\ncut 1-2\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("illegal move: there is no edge 9: the picture has 6 edges"),
        "{text}"
    );
    assert!(
        text.contains("You: cut edge 2 (1-2): 0-1,1-2,0-3,3-4,4-5,3-5 -> 0-1,0-3,3-4,4-5,3-5"),
        "{text}"
    );
}

//! Cram, Chomp, Node-Kayles and Arc-Kayles as rulesets: the registry's values, winning moves
//! and typed moves against exhaustive search of the same positions (no decomposition, no
//! symmetry, no table), in sums with other games too.

use grundy_core::play::MoveParser;
use grundy_core::report::analyze_sum;
use grundy_core::solve::{grundy_by_search, DEFAULT_POSITION_LIMIT};
use grundy_core::spec::parse_sum;
use grundy_core::strategy::Convention;
use grundy_core::sum::Outcome;

/// Every position named, its value by the engine and by plain search of the sum.
fn check(terms: &[&str]) {
    for term in terms {
        let sum = parse_sum(term).unwrap_or_else(|e| panic!("{term}: {e}"));
        let engine = sum.value().unwrap();
        let searched = grundy_by_search(&sum, DEFAULT_POSITION_LIMIT).unwrap();
        assert_eq!(engine, searched, "{term}");
        // Every winning move the report lists leaves value 0, and there is one exactly when
        // the value is not 0.
        let report = analyze_sum(&sum, Convention::Normal, false).unwrap();
        assert_eq!(report.outcome == Outcome::P, engine == 0, "{term}");
        assert_eq!(
            report.winning_move_count == 0u8.into(),
            engine == 0,
            "{term}"
        );
        for m in sum.winning_moves().unwrap().iter() {
            assert_eq!(sum.after(m).value().unwrap(), 0, "{term}: {m}");
        }
    }
}

#[test]
fn cram_boards() {
    check(&[
        "cram:1x1",
        "cram:1x5",
        "cram:2x2",
        "cram:2x4",
        "cram:3x3",
        "cram:3x4",
        "cram:.../.#./...",
        "cram:2x3 + nim:2",
        "cram:1x4 + octal{0.07}:6",
    ]);
}

#[test]
fn chomp_bars() {
    check(&[
        "chomp:1x1",
        "chomp:2x3",
        "chomp:3x3",
        "chomp:4,3,1",
        "chomp:2x2 + nim:3",
    ]);
}

#[test]
fn graphs() {
    check(&[
        "node-kayles:path:7",
        "node-kayles:cycle:6",
        "node-kayles:grid:2x3",
        "node-kayles:star:4",
        "arc-kayles:path:7",
        "arc-kayles:cycle:5",
        "arc-kayles:grid:2x3",
        "node-kayles:edges:0-1,1-2,2-0 + lasker:3",
    ]);
}

#[test]
fn typed_moves() {
    let cases = [
        ("cram:2x3", "1 1 1 2", "##./..."),
        ("cram:2x3", "1,1-2,1", "#../#.."),
        ("chomp:3x3", "2 2", "3,1,1"),
        ("node-kayles:path:4", "0", "4:0-1,1-2,2-3!0,1"),
        ("arc-kayles:path:4", "1 2", "4:0-1,1-2,2-3!1,2"),
    ];
    for (position, text, after) in cases {
        let sum = parse_sum(position).unwrap();
        let m = MoveParser::for_position(&sum)
            .parse(text, &sum)
            .unwrap_or_else(|e| panic!("{position} {text}: {e}"));
        assert_eq!(m.to[0].position_text(), after, "{position} {text}");
    }
    // Refused in plain words: what is wrong with the square, vertex or edge, once "illegal
    // move" and never the position's encoded text.
    for (position, text, says) in [
        ("cram:2x3", "1 1 2 2", "side by side or one above the other"),
        ("cram:1x2", "1 2 1 3", "no square at row 1, column 3"),
        (
            "cram:#./..",
            "1 1 1 2",
            "row 1, column 1 is already covered",
        ),
        ("chomp:3x3", "1 1", "poisoned"),
        ("chomp:3x3", "4 1", "row 4, column 1 is already eaten"),
        (
            "node-kayles:path:4",
            "9",
            "no vertex 9: the graph's vertices are numbered 0 to 3",
        ),
        (
            "node-kayles:4:0-1,1-2,2-3!1",
            "1",
            "vertex 1 is already gone",
        ),
        (
            "arc-kayles:path:4",
            "0 2",
            "0 and 2 are not joined by an edge",
        ),
        (
            "arc-kayles:4:0-1,1-2,2-3!1",
            "1 2",
            "vertex 1 is already gone",
        ),
    ] {
        let sum = parse_sum(position).unwrap();
        let err = MoveParser::for_position(&sum)
            .parse(text, &sum)
            .unwrap_err()
            .to_string();
        assert!(err.contains(says), "{position} {text}: {err}");
        assert_eq!(err.matches("illegal move").count(), 1, "{err}");
        assert!(!err.contains("0-1,1-2"), "{err}");
    }
}

#[test]
fn moves_name_what_they_change() {
    // A board, a graph and a row of Moore's Nim are not heaps: moves and analyses say so.
    let sum = parse_sum("cram:1x3 + node-kayles:path:2 + moore{2}:1,2 + nim:4").unwrap();
    let texts: Vec<String> = sum.moves().unwrap().iter().map(|m| m.to_string()).collect();
    for (prefix, noun) in [
        ("board 1: ", "board"),
        ("graph 2: ", "graph"),
        ("row 3: ", "row"),
        ("heap 4: ", "heap"),
    ] {
        assert!(
            texts.iter().any(|t| t.starts_with(prefix)),
            "no move of the {noun} starts with {prefix:?}: {texts:?}"
        );
    }
    assert!(
        !texts
            .iter()
            .any(|t| t.starts_with("heap 1") || t.starts_with("heap 3")),
        "{texts:?}"
    );
    let report = analyze_sum(&sum, Convention::Normal, false).unwrap();
    let text = report.to_text();
    assert!(text.contains("  board 1 [cram]"), "{text}");
    assert!(text.contains("  row 3 [moore {2}]"), "{text}");
}

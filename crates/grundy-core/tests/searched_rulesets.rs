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
        assert_eq!(report.winning_move_count == 0, engine == 0, "{term}");
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
    for (position, text) in [
        ("cram:2x3", "1 1 2 2"),
        ("cram:1x2", "1 1 1 3"),
        ("chomp:3x3", "1 1"),
        ("chomp:3x3", "4 1"),
        ("node-kayles:path:4", "9"),
        ("arc-kayles:path:4", "0 2"),
    ] {
        let sum = parse_sum(position).unwrap();
        assert!(
            MoveParser::for_position(&sum).parse(text, &sum).is_err(),
            "{position} {text}"
        );
    }
}

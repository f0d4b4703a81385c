//! Tests of the explanations (`explain`), reading positions as a user writes them (`spec`),
//! which the engines' crate cannot see.

use crate::explain::*;
use crate::kernel::ColumnWindow;
use crate::nimber::Nimber;
use crate::strategy::Convention;
use crate::sum::Outcome;
use num_bigint::BigUint;

#[test]
fn worked_example_of_avansyah_2025() {
    // The binary columns of [2, 3, 4] in Avansyah (2025) (docs/bibliography.md).
    let e = NimExplanation::new(&[2, 3, 4], Convention::Normal);
    assert_eq!(e.binary, vec!["010", "011", "100"]);
    assert_eq!(e.nim_sum_binary, "101");
    assert_eq!(e.highest_bit, Some(2));
    assert_eq!(e.heaps_with_bit, vec![2]);
    let text = e.to_text();
    assert!(text.contains("Cut heap 3 from 4 to 4 XOR 5 = 1"), "{text}");
    assert!(text.contains("N-position"), "{text}");
}

#[test]
fn p_position_and_empty() {
    let e = NimExplanation::new(&[1, 4, 5], Convention::Normal);
    assert_eq!(e.outcome, Outcome::P);
    assert!(e.moves.is_empty());
    let e = NimExplanation::<u64>::new(&[], Convention::Normal);
    assert_eq!(e.bits, 1);
    assert!(e.to_text().contains("P-position"));
}

#[test]
fn big_heaps_explain_like_u64_heaps_when_they_fit() {
    for (heaps, c) in [
        (vec![2u64, 3, 4], Convention::Normal),
        (vec![1, 1, 5], Convention::Misere),
        (vec![u64::MAX, 1 << 63, 0], Convention::Normal),
    ] {
        let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
        let (small, wide) = (NimExplanation::new(&heaps, c), NimExplanation::new(&big, c));
        assert_eq!(small.to_text(), wide.to_text());
        assert_eq!(
            serde_json::to_value(&small).unwrap(),
            serde_json::to_value(&wide).unwrap()
        );
        assert_eq!(small.columns, None);
    }
}

#[test]
fn wide_heaps_show_a_window_of_64_columns() {
    let top = BigUint::from(1u32) << 100u32;
    // The nim-sum's highest bit is bit 100: the window starts at the top column.
    let e = NimExplanation::new(&[top.clone(), BigUint::from(5u32)], Convention::Normal);
    assert_eq!((e.bits, e.highest_bit), (101, Some(100)));
    assert_eq!(e.columns, Some(ColumnWindow { high: 100, low: 37 }));
    assert_eq!(e.binary[0], format!("1{}", "0".repeat(63)));
    assert_eq!(e.binary[1], "0".repeat(64));
    let text = e.to_text();
    assert!(
        text.contains("of the 101 columns only bits 100 down to 37 are shown"),
        "{text}"
    );
    assert!(text.contains("worth 2^100"), "{text}");
    assert!(text.lines().all(|l| l.len() < 400), "{text}");
    // Heaps that agree above bit 2: the window ends at the units column, with the columns
    // above it said to be even.
    let a = &top + 6u32;
    let b = &top + 1u32;
    let e = NimExplanation::new(&[a, b], Convention::Normal);
    assert_eq!(e.highest_bit, Some(2));
    assert_eq!(e.columns, Some(ColumnWindow { high: 63, low: 0 }));
    assert!(e.binary[0].ends_with("110") && e.nim_sum_binary.ends_with("111"));
    let text = e.to_text();
    assert!(
        text.contains("Columns 100 down to 64 (not shown) each hold an even number of 1s"),
        "{text}"
    );
    let json = serde_json::to_value(&e).unwrap();
    assert_eq!(json["columns"], serde_json::json!({"high": 63, "low": 0}));
    assert_eq!(
        json["heaps"][0],
        serde_json::json!((&top + 6u32).to_string())
    );
    assert_eq!(json["nim_sum"], serde_json::json!(7));
}

#[test]
fn numbers_of_many_digits_are_shortened_in_the_table_only() {
    let huge: BigUint = format!("1{}", "0".repeat(60)).parse().unwrap();
    let e = NimExplanation::new(std::slice::from_ref(&huge), Convention::Normal);
    let text = e.to_text();
    assert!(
        text.contains("1000000000...0000000000 (61 digits) = "),
        "{text}"
    );
    assert!(
        text.contains(&format!("Cut heap 1 from {huge} to")),
        "{text}"
    );
}

/// Components are named by what they are, in the text and the JSON alike: a board, a
/// graph, a row of coins, a heap.
#[test]
fn components_are_named_by_their_nouns() {
    let sum = crate::spec::parse_sum("cram:1x3 + nim:4 + turtles:THHTH").unwrap();
    let e = SumExplanation::new(&sum).unwrap();
    let text = e.to_text();
    assert!(text.starts_with("Grundy value of each part"), "{text}");
    for line in [
        "board 1: cram at ...",
        "heap 2: nim at 4",
        "row of coins 3: turtles at THHTH",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let json = serde_json::to_value(&e).unwrap();
    assert_eq!(json["components"][0]["noun"], "board");
    assert_eq!(json["components"][2]["noun"], "row of coins");
    let lone = SumExplanation::new(&crate::spec::parse_sum("cram:2x2").unwrap()).unwrap();
    let text = lone.to_text();
    assert!(
        text.starts_with("Grundy value of the board (the mex of its options' values)"),
        "{text}"
    );
    assert!(
        text.contains("every move gives the board a non-zero value"),
        "{text}"
    );
    assert!(!text.contains("Total"), "{text}");
    let graph = crate::spec::parse_sum("node-kayles:path:3").unwrap();
    let text = SumExplanation::new(&graph).unwrap().to_text();
    assert!(
        text.contains("The value is 2, not 0: move the graph to a position of value 0"),
        "{text}"
    );
    let two = crate::spec::parse_sum("node-kayles:path:3 + cram:1x3").unwrap();
    let text = SumExplanation::new(&two).unwrap().to_text();
    assert!(text.contains("Move in graph 1 (value 2)"), "{text}");
    // Pictures and grids of coins are named as such; values by a closed form say so.
    let text = SumExplanation::new(&crate::spec::parse_sum("hackenbush:0-1 + rugs:HT/TH").unwrap())
        .unwrap()
        .to_text();
    for line in [
        "picture 1: hackenbush at 0-1",
        "grid of coins 2: rugs at HT/TH",
        "each part (the mex of its options' values, or a closed form)",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let text = SumExplanation::new(&crate::spec::parse_sum("rugs:HT/TH").unwrap())
        .unwrap()
        .to_text();
    assert!(
        text.starts_with("Grundy value of the grid of coins (by a closed form)"),
        "{text}"
    );
}

/// A board or graph too large to list its options, whose value is known without search (the
/// mirror strategy), is explained by that reason, not by searching every option (which spent
/// the whole time budget on the 8 × 8 Cram board); small ones still list their options.
#[test]
fn symmetric_boards_and_graphs_are_explained_by_their_mirror() {
    for (text, says) in [
        ("cram:8x8", "its own half turn"),
        ("node-kayles:grid:8x8", "the graph has a mirror"),
        ("arc-kayles:grid:6x8", "the graph has a mirror"),
        ("node-kayles:cycle:40", "the graph has a mirror"),
    ] {
        let sum = crate::spec::parse_sum(text).unwrap();
        let shown = SumExplanation::new(&sum).unwrap().to_text();
        assert!(shown.contains("(by a closed form)"), "{text}: {shown}");
        assert!(shown.contains(says), "{text}: {shown}");
        assert!(shown.contains("P-position"), "{text}: {shown}");
    }
    for text in ["cram:2x2", "node-kayles:grid:2x4", "arc-kayles:cycle:8"] {
        let sum = crate::spec::parse_sum(text).unwrap();
        let shown = SumExplanation::new(&sum).unwrap().to_text();
        assert!(
            shown.contains("the mex of its options' values"),
            "{text}: {shown}"
        );
        assert!(!shown.contains("mirror"), "{text}: {shown}");
    }
}

/// A row of coins is worth its heads XORed (Winning Ways, ch. 14): Turning Turtles THHTH has
/// heads at coins 2, 3, 5, worth 2 XOR 3 XOR 5 = 4, shown in binary columns.
#[test]
fn coin_rows_xor_their_heads() {
    let sum = crate::spec::parse_sum("turtles:THHTH").unwrap();
    let e = SumExplanation::new(&sum).unwrap();
    let d = e.components[0].derivation.as_ref().unwrap();
    let parts = d.parts.as_ref().unwrap();
    let named: Vec<(&str, Nimber)> = parts
        .parts
        .iter()
        .map(|p| (p.option.as_str(), p.value))
        .collect();
    assert_eq!(named, [("coin 2", 2), ("coin 3", 3), ("coin 5", 5)]);
    assert_eq!(parts.columns.binary, ["010", "011", "101"]);
    assert_eq!(parts.columns.total_binary, "100");
    assert_eq!(d.value, 4);
    assert!(
        d.to_text().starts_with("G(THHTH) = 2 XOR 3 XOR 5 = 4: "),
        "{}",
        d.to_text()
    );
    // No heads: the value is 0, with no parts to XOR.
    let none = crate::spec::parse_sum("turtles:TTT").unwrap();
    let e = SumExplanation::new(&none).unwrap();
    assert_eq!(e.components[0].derivation.as_ref().unwrap().value, 0);
}

#[test]
fn misere_endgame_is_flagged() {
    let e = NimExplanation::new(&[1, 1, 5], Convention::Misere);
    assert!(e.misere_endgame);
    assert_eq!(e.moves[0].to, 1);
    assert!(e.to_text().contains("This is that endgame"));
}

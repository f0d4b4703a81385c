//! The report against the rulesets: grouped moves, exact counts, the text and JSON forms.

use super::*;

#[test]
fn one_shape_for_every_game() {
    for text in [
        "nim:3,4,5",
        "sub{1,4,9}:11,15",
        "wythoff:10,7",
        "wythoff:123456789012345678901234567890,7",
        "lasker:7 + nim:8",
        "moore{2}:1000,999,997",
        "nim:100000000000000000000000,3",
    ] {
        let report = analyze(text, Convention::Normal, true).unwrap();
        let json = serde_json::to_value(&report).unwrap();
        for field in [
            "game",
            "convention",
            "components",
            "values",
            "nim_sum",
            "outcome",
            "winner",
            "finished",
            "winning_move_count",
            "winning_moves",
            "explanation",
        ] {
            assert!(json.get(field).is_some(), "{text}: {field} in {json}");
        }
        assert!(!report.to_text().is_empty());
    }
}

/// Issue 25: Node-Kayles on `complete:4` listed "vertex 0" four times, a Hackenbush picture
/// "cut edge 1" three times. Equal moves are one entry with their count; every label is
/// distinct, and each is read back by the typed-move parser as that very move.
#[test]
fn equal_moves_are_grouped_and_labels_are_distinct() {
    for (text, convention, groups) in [
        ("node-kayles:complete:4", Convention::Normal, vec![4]),
        ("hackenbush:0-1,0-1,0-1", Convention::Normal, vec![3]),
        (
            "hackenbush:0-1,0-1,0-1 + nim:2",
            Convention::Normal,
            vec![1],
        ),
        (
            "node-kayles:star:3 + node-kayles:complete:3",
            Convention::Normal,
            vec![],
        ),
        ("nim:1,1,3", Convention::Misere, vec![1]),
        ("chomp:3,3 + chomp:2", Convention::Normal, vec![1]),
    ] {
        let report = analyze(text, convention, false).unwrap();
        let counts: Vec<u64> = report.winning_moves.iter().map(|m| m.count).collect();
        assert_eq!(counts, groups, "{text}");
        assert_eq!(
            report.winning_move_count,
            BigUint::from(groups.len()),
            "{text}"
        );
        let labels: std::collections::HashSet<String> =
            report.winning_moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(labels.len(), report.winning_moves.len(), "{text}");
        let sum = crate::spec::parse_sum(text).unwrap();
        let parser = crate::play::MoveParser::for_position(&sum);
        for m in report.winning_moves.iter() {
            let Move::Sum(BigMove::Small(listed)) = &m.mv else {
                panic!("{text}: a small move")
            };
            assert_eq!(&parser.parse(&m.to_string(), &sum).unwrap(), listed, "{m}");
            assert_eq!(
                &parser.parse(&listed.to_string(), &sum).unwrap(),
                listed,
                "{m}"
            );
        }
    }
}

/// A lone Moore's Nim position too large to search is still answered, without its value.
#[test]
fn lone_components_without_values() {
    let report = analyze("moore{2}:1000,999,997", Convention::Normal, false).unwrap();
    assert_eq!(report.values, None);
    assert_eq!(report.outcome, Outcome::N);
    assert!(report.winning_move_count > BigUint::from(0u8));
    // In a sum the value is needed, and its absence is an error that says why.
    let err = analyze("moore{2}:1000,999,997 + nim:1", Convention::Normal, false)
        .unwrap_err()
        .to_string();
    assert!(err.contains("Moore's theorem"), "{err}");
}

#[test]
fn big_wythoff_boards() {
    let report = analyze(
        "wythoff:1618033988749894848204586834365,2618033988749894848204586834365",
        Convention::Normal,
        false,
    )
    .unwrap();
    assert_eq!(report.outcome, Outcome::P);
    let report = analyze("wythoff:100000000000000000000,3", Convention::Normal, false).unwrap();
    assert_eq!(report.outcome, Outcome::N);
    assert!(report.winning_move_count >= BigUint::from(1u8));
    let err = analyze("wythoff:1,2,3", Convention::Normal, false).unwrap_err();
    assert!(err.to_string().contains("pairs"), "{err}");
}

#[test]
fn a_misere_sum_with_nim_heaps_is_explained_by_its_simplest_forms() {
    // Kayles 4 + 5 + *3: the heaps added as simplest forms, and the value that decides.
    let report = analyze("octal{0.77}:4,5 + nim:3", Convention::Misere, true).unwrap();
    let explanation = report.explanation.as_ref().unwrap();
    let text = explanation.text();
    assert!(
        text.contains("simplest forms") && text.contains("G⁻(S) = "),
        "{text}"
    );
    assert!(
        text.contains("S + *3 is a misère P-position exactly when G⁻(S) = 3"),
        "{text}"
    );
    // Beyond the quotient's heaps (24), the same; two Nim heaps, the smaller beside S.
    let report = analyze("octal{0.07}:25,3 + nim:2,4", Convention::Misere, true).unwrap();
    let text = report.explanation.as_ref().unwrap().text();
    assert!(text.contains("G⁻(S + *2) = "), "{text}");
    assert_eq!(
        crate::answer::provenance(
            &crate::spec::parse_sum("octal{0.07}:25,3 + nim:2,4").unwrap(),
            Convention::Misere
        ),
        vec![crate::kernel::provenance::Provenance::SimplestForms]
    );
    // Without Nim heaps, the quotient's explanation names each heap's element.
    let plain = analyze("octal{0.77}:4,5", Convention::Misere, true).unwrap();
    assert!(!plain
        .explanation
        .as_ref()
        .unwrap()
        .text()
        .contains("Nim heaps *1"));
}

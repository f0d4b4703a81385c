//! Moore's Nim (`games::moore`) as the doors read it: terms, typed moves, the report's
//! explanation by the theorem.

use crate::games::moore::Moore;
use crate::spec::parse_sum;

#[test]
fn terms_and_typed_moves() {
    let err = parse_sum("moore{2}:1,2,3,4,5,6,7,8,9").unwrap_err();
    assert!(err.to_string().contains("1 to 8 heaps"), "{err}");
    let sum = parse_sum("moore{2}:3,5,6").unwrap();
    let parser = crate::play::MoveParser::for_position(&sum);
    let to = |text: &str| {
        let m = parser
            .parse(text, &sum)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        m.to[0].position::<Moore>().unwrap().clone()
    };
    assert_eq!(to("1 2"), [1, 5, 6]);
    assert_eq!(to("1 2 3 1"), [1, 5, 5]);
    assert_eq!(to("take 2 from 1 and 1 from 3"), [1, 5, 5]);
    assert_eq!(to("to 3 0 2"), [3, 0, 2]);
    for (text, needle) in [
        ("1 1 2 1 3 1", "at most 2 heaps"),
        ("4 1", "no heap 4"),
        ("1 9", "only 3 tokens"),
        ("to 4 5 6", "does not allow"),
        ("1 1 1 1", "named twice"),
    ] {
        let e = parser.parse(text, &sum).unwrap_err().to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
    // In a sum, the component's number comes first.
    let sum = parse_sum("nim:4 + moore{2}:3,5,6").unwrap();
    let parser = crate::play::MoveParser::for_position(&sum);
    let m = parser.parse("2 take 2 from 1 and 1 from 3", &sum).unwrap();
    assert_eq!(m.component, 1);
    assert_eq!(m.to[0].position::<Moore>().unwrap(), &[1, 5, 5]);
    assert_eq!(parser.parse("1 3", &sum).unwrap().to[0].as_nim(), Some(1));
    assert_eq!(sum.to_terms(), "nim:4 + moore{2}:3,5,6");
}

/// The analysis of a lone position of Moore's Nim explains it by the theorem (not by a mex
/// over options too many to list), also where its value is out of reach, and the hint's
/// plan is the hint's move.
#[test]
fn the_report_explains_by_the_theorem() {
    use crate::report::{analyze, Explanation};
    use crate::strategy::Convention;
    let report = analyze("moore{2}:3,5,6", Convention::Normal, true).unwrap();
    let Some(Explanation::Ruleset(e)) = &report.explanation else {
        panic!("{:?}", report.explanation);
    };
    assert_eq!(e.kind, "moore");
    assert!(e.text.contains("Moore's theorem"), "{}", e.text);
    assert!(!e.text.contains("options"), "{}", e.text);
    let json = serde_json::to_value(report.explanation.as_ref().unwrap()).unwrap();
    assert_eq!(json["kind"], "moore");
    assert_eq!(json["remainders"], serde_json::json!([2, 2, 2]));
    // Heaps whose value no search reaches: the theorem still explains who wins.
    let big = analyze("moore{2}:1000000,999999,3", Convention::Normal, true).unwrap();
    assert_eq!(big.values, None);
    assert!(matches!(&big.explanation, Some(Explanation::Ruleset(e)) if e.kind == "moore"));
    // Planned for each winning move in turn: the plan is that move.
    let sum = parse_sum("moore{2}:3,5,6").unwrap();
    for m in sum.winning_moves().unwrap() {
        let planned = report.explanation.clone().unwrap().planned_for(&m);
        let json = serde_json::to_value(&planned).unwrap();
        assert_eq!(json["kind"], "moore");
        let to = m.to[0].position::<Moore>().unwrap();
        assert_eq!(json["plan"]["to"], serde_json::json!(to));
    }
    // In a sum with other games, the sum's explanation as before.
    let mixed = analyze("moore{2}:3,5,6 + nim:1", Convention::Normal, true).unwrap();
    assert!(matches!(mixed.explanation, Some(Explanation::Sum(_))));
}

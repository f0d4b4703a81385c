//! Tests of the notation, the moves and the canonical forms.

use super::notation::{parse, write};
use super::*;
use std::time::Duration;

fn position(text: &str) -> SproutsPosition {
    text.parse().unwrap()
}

/// Strings as SPOTS writes them read back to themselves (letters named in the order met,
/// runs of `0` shortened), lands, regions and boundaries kept in their order.
#[test]
fn the_notation_round_trips() {
    for text in [
        "0",
        "0*12",
        "0*18|1a1a",
        "0.1a1a",
        "AB|AB",
        "0*3.AB|0.AB",
        "1a1a+0*2",
        "12.3",
        "2abab",
        "m(1)m(1)",
        "0*4|1a1a.1b1b|0",
    ] {
        let lands = parse(text).unwrap();
        let written = write(&lands);
        let expect = text.replace("m(1)m(1)", "aa");
        assert_eq!(written, expect, "{text}");
        assert_eq!(parse(&written).unwrap(), lands, "{text}");
    }
    assert_eq!(write(&parse("0.0.0").unwrap()), "0*3");
    assert_eq!(write(&parse("0*0").unwrap()), "0*0");
}

/// Thirteen lower-case letters are written `m(1)` to `m(13)`, and read back.
#[test]
fn many_letters_are_written_in_long_form() {
    let boundary: String = (0..13)
        .map(|k| format!("1m({})1m({})", k + 1, k + 1))
        .collect();
    let lands = parse(&boundary).unwrap();
    let written = write(&lands);
    assert!(written.starts_with("1m(1)1m(1)1m(2)"), "{written}");
    assert_eq!(parse(&written).unwrap(), lands);
    let short: String = (0..12)
        .map(|k| format!("1{0}1{0}", (b'a' + k) as char))
        .collect();
    assert_eq!(write(&parse(&short).unwrap()), short);
}

/// Each malformed string is refused with what is wrong and what is allowed.
#[test]
fn malformed_positions_are_refused_by_name() {
    for (text, why) in [
        ("", "a position (0*0 is the one without spots), not nothing"),
        ("04", "expected spots of at most three lines, not 4"),
        ("1a1a.9", "at most three lines, not 9"),
        ("6", "not 6 (for 6 spots write 0*6)"),
        ("14", "not 4 (for 14 spots write 0*14)"),
        ("0..0", "empty"),
        ("0|", "empty"),
        ("x", "expected spots, not 'x'"),
        (
            "10",
            "a boundary of its own, not in '10' (for 10 spots write 0*10)",
        ),
        ("0.10", "a boundary of its own, not in '10';"),
        ("0*x", "a number of spots N in 0*N, not 'x'"),
        (
            "1a1",
            "lower-case letter met twice on one boundary, not letter a (met once)",
        ),
        ("1a.1a", "lower-case letter met twice on one boundary"),
        ("AB.AB", "upper-case letter met once in each of two regions"),
        ("A|A|A", "not letter A (met 3 times)"),
        ("m(0)m(0)", "letters m(K) and n(K) with K from 1"),
        ("m(3", "m(K) and n(K)"),
        ("0*99999", "4096 spots"),
    ] {
        let e = parse(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text:?}: {e}");
    }
    let long = format!("{}x", "0.".repeat(40));
    let e = parse(&long).unwrap_err().to_string();
    assert!(e.contains("…") && !e.contains(&long), "{e}");
}

/// Canonical forms: dead spots and regions go, lands split, orders and turns forgotten.
#[test]
fn canonical_forms_merge_what_is_the_same_game() {
    for (a, b) in [
        // Boundaries and regions in any order, a boundary from any spot, a region turned.
        ("0*4|1a1a", "1a1a|0.0.0.0"),
        ("12.0", "0.21"),
        ("1122", "1221"),
        ("AB1|BA1", "AB1|AB1"),
        ("123", "21"),
        // A dead spot goes; a letter met twice in a row is met once, a 2.
        ("1a3a", "12"),
        // A region of one life goes; the letter it shared is a 2 elsewhere.
        ("A3|A.0", "0.2"),
        // Regions sharing no spot are two lands; lands in any order.
        ("0*2|1a1a", "1a1a+0*2"),
        ("0.0+12", "12+0*2"),
    ] {
        assert_eq!(position(a), position(b), "{a} and {b}");
    }
    for (a, b) in [("0*3", "0*2"), ("1a1a", "0.0"), ("1a1a.0", "1a1a|0")] {
        assert_ne!(position(a), position(b), "{a} and {b}");
    }
    // Nothing can be drawn: the finished position.
    for finished in ["3", "2", "2|2", "A|A", "33.3", "0*0"] {
        assert_eq!(position(finished).to_string(), "0*0", "{finished}");
    }
    // Its text reads back as the same position.
    for text in ["0*5", "0*3|1a1a", "AB1.0|AB2.0*2", "1a1a.1b1b"] {
        let p = position(text);
        assert_eq!(position(&p.to_string()), p, "{text}");
    }
}

/// The moves of a few positions counted by hand. `0*2`: the line between the spots, or a loop
/// at one with the other inside or outside (one game): two. `0*1`: the loop, one.
#[test]
fn small_positions_have_the_moves_counted_by_hand() {
    let counts = |t: &str| position(t).options().len();
    assert_eq!(counts("0"), 1);
    assert_eq!(counts("0*2"), 2);
    let mut shown: Vec<String> = position("0*2")
        .options()
        .iter()
        .map(|p| p.to_string())
        .collect();
    shown.sort();
    assert_eq!(shown, ["0.AB|AB", "1a1a"]);
    assert!(position("0*0").options().is_empty());
}

/// The first player wins `0*n` exactly when `n mod 6` is 3, 4 or 5, as Applegate, Jacobson and
/// Sleator (1991) verified up to 11 spots, and Lemoine and Viennot (2012, Glop) far beyond:
/// checked here up to ten spots, each by an engine of its own (both sides of every turn of
/// the pattern: 2 lost, 3 won, 5 won, 6 lost, 8 lost, 9 won), by proof numbers in a few
/// seconds where the depth-first search took more than an hour for nine.
#[test]
fn the_starting_positions_have_the_published_outcomes() {
    for n in 1..=10usize {
        let mut engine = default_engine();
        let keys = SproutsPosition::spots(n).keys();
        let first_wins = !engine.sum_has_value(&keys, 0).unwrap();
        assert_eq!(first_wins, matches!(n % 6, 3..=5), "0*{n}");
    }
}

/// Every option of a few positions reads back from its text as itself; the winning moves the
/// ruleset lists are exactly the options worth 0, and the rules of `Searched` agree with the
/// values (moves to each value, the mex rule, the derivation).
#[test]
fn every_move_reads_back_and_the_winning_moves_are_the_options_worth_0() {
    use crate::kernel::Ruleset;
    use crate::rules::sprouts::SproutsGame;
    use crate::searched::{assert_moves_to_value_agree, Searched};
    let rules = Searched::<SproutsGame>::new();
    for text in ["0*3", "0*4", "0*2.1a1a", "0*2|1a1a", "AB1|AB.0"] {
        let p = position(text);
        for option in p.options() {
            assert_eq!(position(&option.to_string()), option, "{text}: {option}");
        }
        let winning = rules.moves_to_value(&p, 0, usize::MAX).unwrap();
        let zeros: Vec<Vec<SproutsPosition>> = p
            .options()
            .into_iter()
            .filter(|o| value(o).unwrap() == 0)
            .map(|o| vec![o])
            .collect();
        assert_eq!(winning.moves(), &zeros[..], "{text}");
        assert_moves_to_value_agree(&rules, &p);
    }
}

/// Misère play of the starting positions against the published record: the first player wins
/// `0*1`, `0*5` and `0*6` and loses `0*2`, `0*3`, `0*4`, `0*7` and `0*8` (Lemoine and Viennot,
/// "Analysis of misère Sprouts game with reduced canonical trees", arXiv:0908.4407, 2009,
/// Figure 1: the first player wins exactly when n is 0 or 1 modulo 5; OEIS A164950).
#[test]
fn misere_outcomes_of_the_starting_positions_are_the_published_ones() {
    let record = [
        (1, true),
        (2, false),
        (3, false),
        (4, false),
        (5, true),
        (6, true),
        (7, false),
        (8, false),
    ];
    for (n, first_wins) in record {
        let sum = lands(&format!("0*{n}"));
        // A question's budget, as `analyze --time 120` gives: `0*8` takes seconds.
        let budget = crate::kernel::budget::Budget::new(Duration::from_secs(120), "--time");
        let analysis = crate::kernel::budget::within(&budget, || {
            crate::strategy::analyze_listing(&sum, crate::strategy::Convention::Misere, false)
        })
        .unwrap();
        let wins = analysis.outcome == crate::sum::Outcome::N;
        assert_eq!(wins, first_wins, "0*{n}");
    }
}

/// The sum a door reads from `sprouts:TEXT`: the family's own reading of the position.
pub(super) fn lands(text: &str) -> crate::sum::Sum {
    let rules = crate::rules::sprouts::FAMILY.rules(&[]).unwrap();
    crate::sum::Sum::new(rules.components(text).unwrap())
}

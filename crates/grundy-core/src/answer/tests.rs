use std::time::{Duration, Instant};

use super::*;
use crate::sum::Outcome;

fn budget(seconds: u64) -> Budget {
    Budget::new(Duration::from_secs(seconds), "--time SECONDS")
}

fn ask_text(text: &str, convention: Convention, seconds: u64) -> Result<Answer> {
    ask(&Question::text(
        text,
        convention,
        Asked::default(),
        budget(seconds),
    ))
}

/// The square bar's one winning move, found at once, is the one search finds, and the only one.
#[test]
fn square_chomp_by_its_mirror_move_agrees_with_search() {
    for n in 2..=6 {
        let text = format!("chomp:{n}x{n}");
        let fast = ask_text(&text, Convention::Normal, 60).unwrap();
        let sum = crate::spec::parse_sum(&text).unwrap();
        let searched = report::analyze_sum(&sum, Convention::Normal, false).unwrap();
        assert_eq!(fast.report.outcome, searched.outcome, "{text}");
        let labels =
            |r: &Report| -> Vec<String> { r.winning_moves.iter().map(|m| m.to_string()).collect() };
        assert_eq!(labels(&fast.report), labels(&searched), "{text}");
        assert_eq!(fast.provenance, vec![Provenance::Symmetry]);
    }
}

#[test]
fn instant_answers_are_instant_through_the_one_entry() {
    for text in ["chomp:12x12", "cram:6x6", "cram:8x8 + cram:6x6"] {
        let started = Instant::now();
        let answer = ask_text(text, Convention::Normal, 10).unwrap();
        assert!(started.elapsed() < Duration::from_secs(5), "{text}");
        assert!(!answer.report.winning_moves.is_empty() || answer.report.outcome == Outcome::P);
    }
    let cram = ask_text("cram:6x6", Convention::Normal, 10).unwrap();
    assert_eq!(cram.provenance, vec![Provenance::Symmetry]);
    assert_eq!(cram.report.outcome, Outcome::P);
}

#[test]
fn provenance_names_each_components_argument() {
    let answer = ask_text(
        "nim:3 + wythoff:4,7 + sub{1,4,9}:11 + chomp:3,2 + node-kayles:path:5",
        Convention::Normal,
        60,
    )
    .unwrap();
    assert_eq!(
        answer.provenance,
        vec![
            Provenance::ClosedForm,
            Provenance::ClosedForm,
            Provenance::Table,
            Provenance::Search,
            Provenance::Search,
        ]
    );
    // Heaps beyond `u64`: Bouton's closed form for them, the others as usual.
    let big = ask_text(
        "nim:100000000000000000000000 + sub{1,2}:5",
        Convention::Normal,
        60,
    );
    assert_eq!(
        big.unwrap().provenance,
        vec![Provenance::ClosedForm, Provenance::Table]
    );
    let misere = ask_text("nim:1,2,3", Convention::Misere, 60).unwrap();
    assert_eq!(misere.provenance, vec![Provenance::ClosedForm]);
    let json = serde_json::to_value(&answer).unwrap();
    assert_eq!(json["provenance"][0], "closed-form");
}

/// A question out of time is refused soon after its budget, naming the term and the option.
#[test]
fn a_refusal_comes_within_the_budget_and_names_the_part() {
    let started = Instant::now();
    let err = ask_text("nim:3 + cram:7x9", Convention::Normal, 1)
        .unwrap_err()
        .to_string();
    let took = started.elapsed();
    // Generous: the machine is shared; the loops check every few milliseconds.
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert!(err.contains("term 2 (cram:"), "{err}");
    assert!(err.contains("allow more with --time SECONDS"), "{err}");
}

#[test]
fn the_computer_move_is_a_winning_move() {
    let asked = Asked {
        explanation: false,
        computer_move: true,
    };
    for text in ["nim:3,4,5", "chomp:9x9", "sub{1,4,9}:11 + nim:2"] {
        let q = Question::text(text, Convention::Normal, asked, budget(60));
        let answer = ask(&q).unwrap();
        let m = answer.computer_move.expect("a move");
        let listed: Vec<String> = answer
            .report
            .winning_moves
            .iter()
            .map(|w| w.mv.to_string())
            .collect();
        assert!(listed.contains(&m.to_string()), "{text}: {m}");
    }
}

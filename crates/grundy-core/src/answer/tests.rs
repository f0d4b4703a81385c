use crate::games::searched::Searched;
use std::time::{Duration, Instant};

use super::*;
use crate::games::rules::chomp::ChompGame;
use crate::kernel::derivation::MAX_DERIVED_OPTIONS;
use crate::report::Move;
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
    // Cram: a line is Dawson's Kayles, a board within 7 × 3 or 5 × 4 is read from the tables
    // of small regions, a larger one searched.
    let cram = ask_text(
        "cram:1x5 + cram:3x7 + cram:5x4 + cram:3x8",
        Convention::Normal,
        60,
    )
    .unwrap();
    assert_eq!(
        cram.provenance,
        vec![
            Provenance::ClosedForm,
            Provenance::Table,
            Provenance::Table,
            Provenance::Search,
        ]
    );
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
        computer_move: true,
        ..Asked::default()
    };
    for text in ["nim:3,4,5", "chomp:9x9", "sub{1,4,9}:11 + nim:2"] {
        let q = Question::text(text, Convention::Normal, asked, budget(60));
        let answer = ask(&q).unwrap();
        let m = answer.computer_move.expect("a move");
        assert!(
            winning_texts(&answer.report).contains(&m.to_string()),
            "{text}: {m}"
        );
    }
}

/// The texts of the winning moves a report lists.
fn winning_texts(report: &Report) -> Vec<String> {
    report
        .winning_moves
        .iter()
        .map(|w| w.mv.to_string())
        .collect()
}

/// One perfect move for every door: the simulations' perfect player (`player::choose_move`, and
/// `TrackedPosition` checked equal to it) makes exactly the answer's computer move, the move
/// `grundy play`, `/api/move`, the page and the hints make, on positions of every ruleset
/// walked down by random moves, under both conventions. (Positions the answer settles at once
/// by a symmetry argument, a square Chomp bar or an even Cram board, are the one difference:
/// there the answer plays the argument's move, the simulation the first winning move it
/// finds; the registry's examples are none of them.)
#[test]
fn the_simulations_perfect_player_makes_the_answers_move() {
    use crate::player::{choose_move, random_move, Player};
    use crate::registry::REGISTRY;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    let mut walk = ChaCha8Rng::seed_from_u64(25);
    let (mut compared, mut differ) = (0, Vec::new());
    for family in REGISTRY {
        let start = crate::spec::parse_sum(family.example).unwrap();
        for convention in [Convention::Normal, Convention::Misere] {
            let mut sum = start.clone();
            for _ in 0..6 {
                if sum.is_terminal() {
                    break;
                }
                assert!(
                    instant(&sum, convention, false).is_none(),
                    "{}",
                    sum.to_terms()
                );
                // The same seed: both draw the strength's roll first.
                let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(1), ChaCha8Rng::seed_from_u64(1));
                let answered = player_move(&sum, convention, Player::Perfect, budget(60), &mut a);
                let simulated = choose_move(&sum, convention, Player::Perfect, &mut b);
                // A position beyond the engine's limits (a misère coin grid's search) is refused
                // by both: the walk ends there, as the positions below it cost as much.
                match (answered, simulated) {
                    (Ok(x), Ok(y)) if x == y => compared += 1,
                    (Ok(x), Ok(y)) => {
                        differ.push(format!("{} {convention:?}: {x:?} / {y:?}", sum.to_terms()))
                    }
                    (Err(_), Err(_)) => break,
                    (x, y) => panic!("{} {convention:?}: {x:?} / {y:?}", sum.to_terms()),
                }
                let Some(m) = random_move(&sum, &mut walk) else {
                    break;
                };
                sum.apply(&m);
            }
        }
    }
    assert!(compared > 200, "{compared}");
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// A sum of many terms, each valued in fewer steps than its engine takes between two looks at
/// the budget (every term has an engine of its own), is still stopped at the budget: it is
/// looked at before each term. 10,000 such Cram boards with `--time 1` were refused only after
/// 4 to 9 s, and the server went on computing after it had answered.
#[test]
fn a_sum_of_many_quick_terms_keeps_the_budget_between_terms() {
    let boards = ["cram:2x3", "cram:.../.#./...", "cram:2x4", "cram:3x3"];
    let text: Vec<&str> = boards.iter().cycle().take(40).copied().collect();
    let text = text.join(" + ");
    // Within a budget the sum is answered (the boards are quick)...
    assert!(ask_text(&text, Convention::Normal, 60).is_ok());
    // ...and with none left it is refused at its first term, named.
    let spent = Budget::new(Duration::ZERO, "--time SECONDS");
    let err = ask(&Question::text(
        &text,
        Convention::Normal,
        Asked::default(),
        spent,
    ))
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("term 1 (cram:"), "{err}");
    assert!(err.contains("--time SECONDS"), "{err}");
    // A raised cancel flag (the server's deadline) stops it the same way.
    let sum = crate::spec::parse_sum(&text).unwrap();
    let raised = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let err = crate::kernel::cancel::with_flag(raised, || sum.values()).unwrap_err();
    assert!(err.to_string().contains("cancelled"), "{err}");
}

/// A hint or computer move on a board whose value takes a search but which has a winning move
/// known without search (the central domino of a Cram board that is its own half turn, one side
/// odd) is that move, the value not computed; the move wins (its option is a P-position by
/// search, and it is one of the winning moves a full analysis lists). On both sides of the
/// threshold of options: 25 options (2 × 9) take the strategy, 24 are valued as before, as is
/// a line whose value is known without search.
#[test]
fn a_move_known_to_win_answers_a_hint_without_the_value() {
    let hint = Asked {
        explanation: true,
        ..Asked::computer_move_only()
    };
    for text in ["cram:2x9", "cram:5x6", "cram:4x7", "cram:6x7"] {
        let sum = crate::spec::parse_sum(text).unwrap();
        assert!(sum.components[0].options().len() > MAX_DERIVED_OPTIONS);
        let answer = ask(&Question::sum(&sum, Convention::Normal, hint, budget(60))).unwrap();
        assert_eq!(answer.report.values, None, "{text}");
        assert_eq!(answer.report.outcome, Outcome::N, "{text}");
        assert!(!answer.winning_moves_listed, "{text}");
        let text_of = |a: &Answer| a.report.explanation.as_ref().unwrap().text().to_string();
        assert!(text_of(&answer).contains("not computed"), "{text}");
        let m = answer.computer_move.expect("a move");
        let after = Sum::new(m.to.clone());
        // The option is lost for the player to move, by search as well.
        assert_eq!(after.components[0].value().unwrap(), 0, "{text}: {m}");
        if text != "cram:6x7" {
            // Every winning move, by search, lists it (6 × 7 takes minutes to search).
            let full = ask(&Question::sum(
                &sum,
                Convention::Normal,
                Asked::default(),
                budget(60),
            ));
            let full = full.unwrap();
            assert!(full.report.values.is_some());
            let listed = winning_texts(&full.report);
            assert!(listed.contains(&m.to_string()), "{text}: {m}");
        }
    }
    // 24 options with a move known to win, a line (closed form): valued.
    for text in ["cram:##......../..........", "cram:1x30"] {
        let sum = crate::spec::parse_sum(text).unwrap();
        let c = &sum.components[0];
        assert!(c.known_move_to_value(0).is_some(), "{text}");
        let answer = ask(&Question::sum(&sum, Convention::Normal, hint, budget(60))).unwrap();
        assert!(answer.report.values.is_some(), "{text}");
    }
    let options = |t: &str| {
        crate::spec::parse_sum(t).unwrap().components[0]
            .options()
            .len()
    };
    assert_eq!(options("cram:##......../.........."), MAX_DERIVED_OPTIONS);
    assert_eq!(options("cram:2x9"), MAX_DERIVED_OPTIONS + 1);
}

/// A refusal names a named graph as it was written (`grid:6x9`), in one line, not by its 93
/// edges, alone or as a term of a sum; the name reads back as the same position.
#[test]
fn a_refusal_names_a_graph_by_its_short_form() {
    for (text, named) in [
        ("node-kayles:grid:6x9", "the position node-kayles:grid:6x9 "),
        (
            "node-kayles:grid:6x9 + nim:3",
            "term 1 (node-kayles:grid:6x9)",
        ),
    ] {
        let spent = Budget::new(Duration::ZERO, "--time SECONDS");
        let q = Question::text(text, Convention::Normal, Asked::default(), spent);
        let err = ask(&q).unwrap_err().to_string();
        assert!(err.contains(named) && !err.contains("0-1,"), "{err}");
    }
    let sum = crate::spec::parse_sum("node-kayles:grid:6x9").unwrap();
    let c = &sum.components[0];
    assert_eq!(crate::sum::shown_term(c), "node-kayles:grid:6x9");
    assert_eq!(
        crate::spec::parse_sum(&crate::sum::shown_term(c)).unwrap(),
        sum
    );
    // A whole board or bar is named by its size, and reads back as itself; a position with
    // no shorter form is named by its text.
    for (term, named) in [
        ("cram:2x3", "cram:2x3"),
        ("cram:6x7", "cram:6x7"),
        ("cram:.../.#./...", "cram:.../.#./..."),
        ("cram:1x2", "cram:.."),
        ("chomp:9x40", "chomp:9x40"),
        ("chomp:4,4,2", "chomp:4,4,2"),
        ("chomp:1x5", "chomp:5"),
    ] {
        let sum = crate::spec::parse_sum(term).unwrap();
        let shown = crate::sum::shown_term(&sum.components[0]);
        assert_eq!(shown, named, "{term}");
        assert_eq!(crate::spec::parse_sum(&shown).unwrap(), sum, "{term}");
    }
}

/// A move played without its value: a legal move of a board or graph (any of them, chosen by
/// the seed), none for a sum holding a heap game (its refusal stands), none when the game is
/// over.
#[test]
fn a_move_without_its_value_is_a_legal_move_of_boards_and_graphs_only() {
    use rand_chacha::rand_core::SeedableRng;
    let rng = || rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for text in ["cram:6x7", "cram:3x5 + node-kayles:grid:3x4", "chomp:3x4"] {
        let sum = crate::spec::parse_sum(text).unwrap();
        let m = unvalued_move(&sum, &mut rng()).unwrap_or_else(|| panic!("{text}"));
        let options: Vec<Sum> = sum.moves().unwrap().iter().map(|o| sum.after(o)).collect();
        assert!(options.contains(&sum.after(&m)), "{text}: {m:?}");
        assert_eq!(
            unvalued_move(&sum, &mut rng()),
            Some(m),
            "{text}: the seed decides"
        );
    }
    for text in ["nim:3,4", "cram:3x3 + nim:2", "cram:1x1"] {
        let sum = crate::spec::parse_sum(text).unwrap();
        assert_eq!(unvalued_move(&sum, &mut rng()), None, "{text}");
    }
}

/// The labels of a report's winning moves.
fn move_labels(r: &Report) -> Vec<String> {
    r.winning_moves.iter().map(|m| m.to_string()).collect()
}

/// Two rows or two columns: the one winning bite, found at once by two-rowed Chomp's closed
/// form (docs/theory.md), is the one search finds, and the only one, on every such bar up to
/// 2 x 24 (its search takes milliseconds). Every diagram of two rows is checked against search
/// in `games::chomp` (`two_rows_are_p_exactly_when_the_first_is_one_longer`).
#[test]
fn two_row_chomp_by_its_closed_form_agrees_with_search() {
    for (r, c) in (3..=24).flat_map(|c| [(2, c), (c, 2)]) {
        let text = format!("chomp:{r}x{c}");
        let fast = ask_text(&text, Convention::Normal, 60).unwrap();
        assert_eq!(fast.provenance, vec![Provenance::ClosedForm], "{text}");
        let sum = crate::spec::parse_sum(&text).unwrap();
        let searched = report::analyze_sum(&sum, Convention::Normal, false).unwrap();
        assert_eq!(fast.report.outcome, Outcome::N, "{text}");
        assert_eq!(searched.outcome, Outcome::N, "{text}");
        assert_eq!(move_labels(&fast.report), move_labels(&searched), "{text}");
        assert_eq!(fast.report.winning_moves.len(), 1, "{text}");
    }
}

/// The bite and the position a lone bar's one winning move leaves, read off its report.
fn winning_bite_of(text: &str) -> (String, Vec<u32>) {
    use crate::games::chomp::ChompBoard;
    let answer = ask_text(text, Convention::Normal, 60).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(answer.report.outcome, Outcome::N, "{text}");
    let [w] = answer.report.winning_moves.moves() else {
        panic!("{text}: one winning move")
    };
    let Move::Sum(crate::big_nim::BigMove::Small(m)) = &w.mv else {
        panic!("{text}: a small move")
    };
    let from = m.from.position::<Searched<ChompGame>>().unwrap();
    let to: &ChompBoard = m.to[0].position::<Searched<ChompGame>>().unwrap();
    let bite = from.bite_to(to).unwrap();
    (bite.to_string(), to.row_lengths().to_vec())
}

/// Bars beyond the search's 62 rows and columns together (issue 65): a square by the corner
/// bite, two rows or two columns by the last square of the second, one row or column as a Nim
/// heap, on both sides of the search's limit and up to `MAX_SIDE`; any other full bar beyond
/// it is won by strategy stealing, with no move known; other diagrams beyond it are refused.
#[test]
fn chomp_bars_beyond_the_search_are_answered_by_theory() {
    use crate::games::chomp::MAX_SIDE;
    let n = MAX_SIDE;
    for side in [31, 32, n] {
        let (bite, after) = winning_bite_of(&format!("chomp:{side}x{side}"));
        assert_eq!(bite, "2,2");
        let mut arms = vec![1; side as usize];
        arms[0] = side;
        assert_eq!(after, arms, "{side}");
    }
    for cols in [60, 61, n] {
        let (bite, after) = winning_bite_of(&format!("chomp:2x{cols}"));
        assert_eq!((bite, after), (format!("2,{cols}"), vec![cols, cols - 1]));
        let (bite, after) = winning_bite_of(&format!("chomp:{cols}x2"));
        let mut columns = vec![2; cols as usize];
        columns[cols as usize - 1] = 1;
        assert_eq!((bite, after), (format!("{cols},2"), columns));
    }
    for text in ["chomp:1x61", "chomp:1x62", "chomp:62x1", "chomp:1x10000"] {
        assert_eq!(
            winning_bite_of(text).1.iter().sum::<u32>(),
            1,
            "{text}: to the last square"
        );
    }
    // 3 x 59 fits the search (62 together), 3 x 60 does not: strategy stealing, no move.
    let searched = ask_text("chomp:3x59", Convention::Normal, 60).unwrap();
    assert_eq!(searched.report.outcome, Outcome::N);
    assert_eq!(searched.provenance, vec![Provenance::Search]);
    for text in ["chomp:3x60", "chomp:40x41"] {
        let answer = ask_text(text, Convention::Normal, 60).unwrap();
        assert_eq!(
            answer.provenance,
            vec![Provenance::StrategyStealing],
            "{text}"
        );
        assert!(answer.report.moves_unknown.is_some(), "{text}");
    }
    // Not a full bar: beyond the key, refused, naming the limit.
    let refusal = ask_text("chomp:60,60,59", Convention::Normal, 60)
        .unwrap_err()
        .to_string();
    assert!(
        refusal.contains("at most 62 rows and columns together"),
        "{refusal}"
    );
    let beyond = format!("chomp:{}x2", n + 1);
    let refusal = crate::spec::parse_sum(&beyond).unwrap_err().to_string();
    assert!(refusal.contains(&format!("at most {n} rows")), "{refusal}");
}

/// A full Chomp bar beyond the search is won by the player to move, by strategy stealing
/// ([Gale 1974], docs/bibliography.md): answered at once, no value and no winning move named,
/// the computer biting the top right square. Both sides of the reach: 14 × 10 holds
/// C(24, 10) = 1,961,256 diagrams (searched), 15 × 10 holds C(25, 10) = 3,268,760 (not).
#[test]
fn chomp_bars_beyond_the_search_are_won_by_strategy_stealing() {
    let within = ask_text("chomp:14x10", Convention::Normal, 60).unwrap();
    assert_eq!(within.provenance, vec![Provenance::Search]);
    assert!(within.report.moves_unknown.is_none());
    assert!(!within.report.winning_moves.is_empty());
    assert!(within.report.values.is_some());
    let asked = Asked {
        winning_moves: true,
        explanation: true,
        computer_move: true,
    };
    // 61 x 3 and 3 x 61 hold few diagrams, but more rows and columns than a key holds.
    for (text, rows, cols) in [
        ("chomp:15x10", 15, 10),
        ("chomp:10x15", 10, 15),
        ("chomp:30x20", 30, 20),
        ("chomp:61x3", 61, 3),
        ("chomp:3x61", 3, 61),
        ("chomp:10000x9999", 10_000, 9_999),
    ] {
        // A budget far below what a search of these bars takes: the answer needs none.
        let tight = Budget::new(Duration::from_millis(200), "--time SECONDS");
        let answer = ask(&Question::text(text, Convention::Normal, asked, tight)).unwrap();
        let report = &answer.report;
        assert_eq!(report.outcome, Outcome::N, "{text}");
        assert_eq!(
            answer.provenance,
            vec![Provenance::StrategyStealing],
            "{text}"
        );
        assert!(
            report.values.is_none() && report.winning_moves.is_empty(),
            "{text}"
        );
        let why = report.moves_unknown.as_deref().unwrap();
        assert!(why.contains("strategy stealing") && why.contains("beyond the search"));
        let explained = report.explanation.as_ref().unwrap().text();
        assert!(explained.contains("top right square"), "{explained}");
        let text_report = report.to_text();
        assert!(
            text_report.contains("No winning move is known"),
            "{text_report}"
        );
        let json = serde_json::to_value(&answer).unwrap();
        assert!(json["winning_moves"].is_null() && json["winning_move_count"].is_null());
        assert_eq!(json["winning_moves_unknown"], why);
        // The computer's move: the top right square bitten.
        let mv = answer.computer_move.expect("a move is played");
        let after = mv.to[0].position::<Searched<ChompGame>>().unwrap();
        let mut expected = vec![cols; rows as usize];
        expected[rows as usize - 1] = cols - 1;
        assert_eq!(after.row_lengths(), expected.as_slice(), "{text}");
    }
    // Square bars and two rows keep their known move; sums and misère play are not stolen.
    for text in ["chomp:30x30", "chomp:2x40", "chomp:40x2"] {
        let answer = ask_text(text, Convention::Normal, 1).unwrap();
        assert!(answer.report.moves_unknown.is_none(), "{text}");
        assert_eq!(answer.report.winning_moves.len(), 1, "{text}");
    }
    let sum = crate::spec::parse_sum("chomp:15x10 + nim:1").unwrap();
    assert!(instant(&sum, Convention::Normal, false).is_none());
    let lone = crate::spec::parse_sum("chomp:15x10").unwrap();
    assert!(instant(&lone, Convention::Misere, false).is_none());
}

/// The premise, checked by search on every full bar of 3 to 7 rows and columns: each is an
/// N-position (the theorem the answer beyond the search rests on).
#[test]
fn every_small_full_chomp_bar_is_won_by_the_player_to_move() {
    for rows in 3..=7 {
        for cols in 3..=7 {
            let text = format!("chomp:{rows}x{cols}");
            let sum = crate::spec::parse_sum(&text).unwrap();
            let searched = report::analyze_sum(&sum, Convention::Normal, false).unwrap();
            assert_eq!(searched.outcome, Outcome::N, "{text}");
        }
    }
}

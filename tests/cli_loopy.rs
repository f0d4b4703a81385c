//! End-to-end tests of loopy games: `grundy analyze loopy` (text and JSON), `grundy play loopy`
//! (a win, a declared draw, an accepted draw) and their refusals.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod common;

use common::grundy;
use predicates::prelude::*;

fn analyze(args: &[&str]) -> String {
    analyze_as("loopy", args)
}

/// `grundy analyze DOOR ARGS` (`loopy`, or `sum`), which must succeed: its text.
fn analyze_as(door: &str, args: &[&str]) -> String {
    let out = grundy()
        .arg("analyze")
        .arg(door)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn session(terms: &str, script: &str, extra: &[&str]) -> String {
    session_as("loopy", terms, script, extra)
}

/// `grundy play DOOR TERMS EXTRA` with `script` as the human's moves: its text.
fn session_as(door: &str, terms: &str, script: &str, extra: &[&str]) -> String {
    let out = grundy()
        .args(["play", door, terms])
        .args(extra)
        .write_stdin(script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_draw_with_the_move_that_keeps_it() {
    let out = analyze(&["digraph{0>1,1>0,0>2}:0", "windup{5;1,3}:1"]);
    for needle in [
        "token 1: Token on a digraph (3 vertices, 3 edges) at 0   γ = 1",
        "heap 2: Wind-Up mod 5, S = {1,3} at 1   γ = ∞{0}",
        "Value of the sum (Smith's rule): ∞{1}",
        "Draw: neither player can force a win.",
        "heap 2: 1 -> 3 (subtract 3 mod 5)",
        "Proven for windup{5;1,3}: every heap 0 to 4",
    ] {
        assert!(out.contains(needle), "{needle} in {out}");
    }
}

/// The brief's trap: from 0 both 1 and 2 have value 0, and only 2 ends the game.
#[test]
fn the_strategy_names_the_move_that_ends_the_game() {
    let out = analyze(&["digraph{0>1,1>0,0>2}:0"]);
    assert!(out.contains("N-position"), "{out}");
    assert!(out.contains("The strategy plays token 1: 0 -> 2"), "{out}");
    assert!(
        out.contains("  token 1: 0 -> 1 (along the edge 0>1)"),
        "{out}"
    );
}

#[test]
fn json_report() {
    let out = grundy()
        .args([
            "analyze",
            "loopy",
            "fair-shares:6,3",
            "square-but-one:5",
            "--json",
        ])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["value"], serde_json::json!({"finite": 2}));
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["moves_are"], "winning");
    assert_eq!(json["components"][1]["value_text"], "0");
    assert_eq!(
        json["best"]["after"],
        "fair-shares:3,3,3 + square-but-one:5"
    );
    assert_eq!(json["graphs"].as_array().unwrap().len(), 2);
}

#[test]
fn the_computer_wins_and_the_game_ends() {
    let out = session("windup{5;1,3}:1", "", &["--first", "computer"]);
    assert!(out.contains("The computer plays heap 1: 1 -> 0"), "{out}");
    assert!(
        out.contains("You cannot move: the computer wins. (1 move)"),
        "{out}"
    );
}

#[test]
fn a_repeated_draw_is_declared_and_an_offer_accepted() {
    let out = session("digraph{0>1,1>0,1>2,2>2}:0", "1\n", &[]);
    assert!(out.contains("The computer offers a draw"), "{out}");
    assert!(
        out.contains("repeats and its value ∞{} proves it a draw"),
        "{out}"
    );
    assert!(out.contains("Game drawn after 2 moves."), "{out}");
    let out = session("digraph{0>1,1>0,1>2,2>2}:0", "draw\n", &[]);
    assert!(out.contains("Draw agreed"), "{out}");
    let out = session("digraph{0>1,0>2,1>0}:0", "draw\nhint\n2\n", &[]);
    assert!(
        out.contains("No draw: this position is N-position"),
        "{out}"
    );
    assert!(out.contains("You win with token 1: 0 -> 2"), "{out}");
    assert!(out.contains("The computer cannot move: you win."), "{out}");
}

/// A position repeats only by moves: a hint, a mistyped move or `show` in a drawn position
/// leaves the game going (the position is met once), and the list of moves is shown again
/// only on `show`.
#[test]
fn questions_in_a_drawn_position_are_no_repetition() {
    let out = session(
        "digraph{0>1,1>0,1>2,2>2}:0",
        "hint\n7\nshow\nhelp\n1\n",
        &[],
    );
    assert!(out.contains("The best you can do is a draw"), "{out}");
    assert!(
        out.contains("\"7\" is not a move: type a number from 1 to 1"),
        "{out}"
    );
    assert!(
        out.contains("Moves: the number of one of the 1 move listed"),
        "{out}"
    );
    assert_eq!(out.matches("Position: digraph").count(), 2, "{out}");
    assert!(out.contains("You play token 1: 0 -> 1"), "{out}");
    assert!(out.contains("Game drawn after 2 moves."), "{out}");
    // Quitting and the end of input count the moves, as every game of `grundy play` does.
    let out = session("digraph{0>1,1>0,1>2,2>2}:0", "quit\n", &[]);
    assert!(
        out.contains("You resign after 0 moves: the computer wins."),
        "{out}"
    );
    let out = session("digraph{0>1,1>0,1>2,2>2}:0", "", &[]);
    assert!(
        out.contains("End of input: the game stops unfinished after 0 moves."),
        "{out}"
    );
}

#[test]
fn refusals_name_the_value() {
    for (args, needle) in [
        (
            vec!["analyze", "loopy", "windup{5;0}:1"],
            "Wind-Up amount \"0\"",
        ),
        (
            vec!["analyze", "loopy", "digraph{0>1}:3"],
            "token vertex \"3\"",
        ),
        (
            vec!["analyze", "loopy", "chess:3"],
            "invalid loopy ruleset \"chess\"",
        ),
        (
            vec!["analyze", "loopy", "loopy-sub{1;1;any}:3"],
            "more than 1000000 positions",
        ),
        (
            vec!["simulate", "loopy", "windup{5;1,3}:1"],
            "simulate takes short games",
        ),
        (
            vec!["play", "loopy", "windup{5;1,3}:1", "--misere"],
            "normal play",
        ),
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
}

/// `analyze loopy` keeps the question's budget like every other `analyze`: a sum of four
/// Wind-Up games of a million heaps each is refused at `--time`, naming the term being worked
/// on and the option (within milliseconds of the budget: the exploration and the labelling
/// look at it every few thousand steps).
#[test]
fn a_loopy_sum_is_refused_at_its_time_budget() {
    let set = (1..=20)
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let terms: Vec<String> = (0..4)
        .map(|i| format!("windup{{{};{set}}}:1", 1_000_000 - i))
        .collect();
    let out = grundy()
        .args(["analyze", "loopy", "--time", "1"])
        .args(&terms)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: term "), "{err}");
    assert!(
        err.contains(
            "is too large: it was not answered within the time budget of 1 s: allow \
                      more with --time SECONDS (up to 604800)"
        ),
        "{err}"
    );
}

/// And at `--memory`: Fair Shares of 200 tokens has more positions than fit in 16 MiB.
#[test]
fn a_loopy_sum_is_refused_at_its_memory_budget() {
    grundy()
        .args(["analyze", "loopy", "--memory", "16", "fair-shares:100,100"])
        .assert()
        .code(2)
        .stderr(predicate::eq(
            "error: term 1 (fair-shares:100,100) is too large: it needed more than the memory \
             budget of 16 MiB: allow more with --memory MIB (up to 1048576)\n",
        ));
}

/// `analyze loopy` takes `--time` and `--memory`; a small game is answered within them.
#[test]
fn analyze_loopy_takes_a_budget_and_small_games_fit_it() {
    let text = analyze(&["--time", "5", "--memory", "64", "windup{5;1,3}:1"]);
    assert!(text.contains("N-position"), "{text}");
}

/// A game that ends stands in a loopy sum: its Grundy value enters Smith's rule (Wind-Up's
/// ∞{0} beside a Nim heap of 1 is ∞{1}, a draw), the report validates against the schema,
/// and `play loopy` plays it: the computer's winning move is in the Nim heap.
#[test]
fn games_that_end_stand_beside_loopy_ones() {
    let out = analyze(&["windup{5;1,3}:1", "nim:1"]);
    for needle in [
        "Value of the sum (Smith's rule): ∞{1}",
        "Draw: neither player can force a win.",
        "heap 1: 1 -> 3 (subtract 3 mod 5)",
    ] {
        assert!(out.contains(needle), "{needle} in {out}");
    }
    let json = common::json(&["analyze", "loopy", "windup{5;1,3}:1 + octal{0.77}:4"]);
    assert_eq!(json["components"][1]["value_text"], "1");
    assert_eq!(json["graphs"].as_array().unwrap().len(), 1);
    // Token at 0 (γ 1) and a heap of 2: the computer takes the heap to 1 (XOR 0); the human
    // empties it (move 3), the computer walks the token to 2, and the human cannot move.
    let out = session(
        "digraph{0>1,1>0,0>2}:0 + nim:2",
        "3\n",
        &["--first", "computer"],
    );
    assert!(out.contains("The computer plays heap 2: 2 -> 1"), "{out}");
    assert!(
        out.contains("You cannot move: the computer wins. (3 moves)"),
        "{out}"
    );
}

/// A sum with a loopy term is a loopy game at every door of the command line: `analyze sum`
/// gives `analyze loopy`'s answer (text and JSON), `play sum` plays it, `--misere` and
/// `simulate` are refused naming why.
#[test]
fn a_sum_with_a_loopy_term_is_the_loopy_game() {
    let terms = ["windup{5;1,3}:1", "nim:1"];
    assert_eq!(analyze_as("sum", &terms), analyze(&terms));
    let json_sum = common::json(&["analyze", "sum", "nim:2 + digraph{0>1,1>0,0>2}:0"]);
    let json_loopy = common::json(&["analyze", "loopy", "nim:2 + digraph{0>1,1>0,0>2}:0"]);
    assert_eq!(json_sum, json_loopy);
    assert_eq!(json_sum["outcome"], "N", "{json_sum}");

    let out = session_as(
        "sum",
        "digraph{0>1,1>0,0>2}:0 + nim:2",
        "3\n",
        &["--first", "computer"],
    );
    assert!(
        out.contains("You cannot move: the computer wins. (3 moves)"),
        "{out}"
    );

    for (args, needle) in [
        (
            vec!["analyze", "sum", "--misere", "nim:3", "windup{5;1,3}:1"],
            "normal play only",
        ),
        (
            vec!["simulate", "sum", "square-but-one:5", "nim:3"],
            "(square-but-one:5 is loopy)",
        ),
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
}

//! End-to-end tests of `grundy play` (scripted sessions on piped stdin) and `grundy simulate`.

mod common;

use common::grundy;
use predicates::prelude::*;

/// Runs `grundy play ARGS` with `script` on stdin; returns stdout (the command must succeed).
fn session(args: &[&str], script: &str) -> String {
    let out = grundy()
        .arg("play")
        .args(args)
        .write_stdin(script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn full_game_won_by_the_human() {
    // [2,3,4]: 3 3 leaves [2,3,1] (nim-sum 0); the perfect computer delays, we keep answering.
    let out = session(
        &["nim", "2", "3", "4", "--seed", "1"],
        "3 3\n3 1\n2 1\n2 1\n",
    );
    assert!(out.contains("heap 3: ||||  (4)"), "{out}");
    assert!(out.contains("You: heap 3: 4 -> 1 (take 3)"), "{out}");
    assert!(out.contains("Computer: heap 2: 3 -> 2 (take 1)"), "{out}");
    assert!(out.contains("heap 1: -"), "{out}");
    assert!(out.contains("Game over after 7 moves (4 yours)"), "{out}");
    assert!(out.contains("You win!"), "{out}");
    assert!(out.contains("perfect (strength 100"), "{out}");
}

#[test]
fn computer_first_wins_and_says_so() {
    let out = session(&["nim", "2", "3", "4", "--first", "computer"], "1 1\n1 1\n");
    assert!(out.contains("The computer moves first."), "{out}");
    assert!(out.contains("Computer: heap 3: 4 -> 1 (take 3)"), "{out}");
    assert!(out.contains("The computer wins."), "{out}");
}

#[test]
fn hint_and_explain() {
    let out = session(&["nim", "2", "3", "4"], "hint\nexplain\nquit\n");
    assert!(out.contains("Hint: heap 3: 4 -> 1 (take 3) wins."), "{out}");
    assert!(out.contains("nim-sum  5 = 101"), "{out}");
    assert!(out.contains("you win in 7 moves"), "{out}");
    assert!(out.contains("You resign after 0 moves"), "{out}");
    // From a P-position there is nothing to win: say so.
    let out = session(&["nim", "1", "2", "3"], "hint\n");
    assert!(out.contains("no move wins here"), "{out}");
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let out = session(&["nim", "2", "3", "4"], "undo\n1 1\nundo\n3 3\n");
    assert!(out.contains("Nothing to undo"), "{out}");
    assert!(out.contains("Undone: heap 1: 2 -> 1 (take 1)."), "{out}");
    // After the undo the position is the start again, and 3 3 is legal.
    assert!(out.contains("You: heap 3: 4 -> 1 (take 3)"), "{out}");
}

#[test]
fn illegal_input_gets_a_message_and_a_new_prompt() {
    let script = "1 2 3\n2 1\n7 1\nbanana\n1 5\n\n";
    let out = session(&["nim", "2", "0", "4"], script);
    for needle in [
        "too many words or numbers (3)",
        "heap 2 has no move left",
        "there is no heap 7: the heaps are numbered 1 to 3",
        "cannot read \"banana\" as a move",
        "illegal move: heap 1 has only 2 tokens",
        "type a move",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    // One prompt per line read, plus the last one answered by end of input.
    assert_eq!(out.matches("Your move>").count(), 7, "{out}");
    assert!(out.contains("End of input"), "{out}");
}

#[test]
fn end_of_input_is_a_clean_exit() {
    let out = session(&["nim", "3"], "");
    assert!(out.contains("End of input: the game stops unfinished after 0 moves"));
}

#[test]
fn subtraction_sums_and_misere() {
    let out = session(&["subtraction", "--set", "1,2,3", "10", "7"], "1 2\n");
    assert!(out.contains("You: heap 1: 10 -> 8 (take 2)"), "{out}");
    let out = session(&["subtraction", "--set", "1,2,3", "10"], "1 5\n");
    assert!(out.contains("allowed here: take 1, 2, 3"), "{out}");
    let out = session(&["sum", "nim:3", "sub{1,2}:5"], "hint\n");
    assert!(out.contains("[subtraction {1,2}]"), "{out}");
    assert!(out.contains("Hint:"), "{out}");
    // Octal games (merged from main): a typed move leaves one heap.
    let out = session(&["octal", "0.77", "5", "3", "--seed", "3"], "1 2\n");
    assert!(out.contains("You: heap 1: 5 -> 3 (take 2)"), "{out}");
    // Misère [1,1,2]: the winning move leaves three 1-heaps... of which the human takes none.
    let out = session(&["nim", "1", "1", "2", "--misere"], "hint\n");
    assert!(out.contains("Hint: heap 3: 2 -> 1 (take 1) wins."), "{out}");
}

#[test]
fn bad_arguments_exit_with_code_2() {
    grundy()
        .args(["play", "nim", "3", "--player", "101"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("strength from 0 to 100"));
    grundy()
        .args(["simulate", "nim", "3", "--players", "perfect"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("two players"));
    grundy()
        .args(["simulate", "nim", "3", "--games", "0"])
        .assert()
        .code(2);
}

#[test]
fn simulate_reports_win_rates() {
    grundy()
        .args([
            "simulate",
            "nim",
            "2",
            "3",
            "4",
            "--players",
            "perfect,random",
            "--games",
            "10000",
            "--seed",
            "42",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "10000 games, player 1 moves first, seed 42",
        ))
        .stdout(predicate::str::contains(
            "player 1 (perfect): 10000 wins  100.00%  95% CI [99.96%, 100.00%]",
        ))
        .stdout(predicate::str::contains("Average length:"));
}

#[test]
fn simulate_json_and_the_seed_000_transcript() {
    let out = grundy()
        .args([
            "simulate",
            "nim",
            "2",
            "3",
            "4",
            "--players",
            "seed000,seed000",
            "--games",
            "3",
            "--seed",
            "1",
            "--transcript",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["games"], 3);
    assert_eq!(doc["players"], serde_json::json!(["seed000", "seed000"]));
    assert_eq!(doc["wins"][0]["wins"], 3);
    assert_eq!(doc["wins"][0]["rate"], 1.0);
    assert!(doc["wins"][0]["ci95"][0].as_f64().unwrap() > 0.4);
    assert_eq!(doc["average_length"], 5.0);
    assert_eq!(doc["outcome"], "N");
    let turns = doc["transcript"]["turns"].as_array().unwrap();
    let after: Vec<Vec<u64>> = turns
        .iter()
        .map(|t| {
            t["after"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["heap"].as_u64().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(
        after,
        [[2, 3, 1], [0, 3, 1], [0, 1, 1], [0, 0, 1], [0, 0, 0]]
    );
    let values: Vec<(u64, u64)> = turns
        .iter()
        .map(|t| {
            (
                t["value_before"].as_u64().unwrap(),
                t["value_after"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(values, [(5, 0), (0, 2), (2, 0), (0, 1), (1, 0)]);
    assert_eq!(doc["transcript"]["winner"], 1);

    grundy()
        .args([
            "simulate",
            "nim",
            "2",
            "3",
            "4",
            "--players",
            "seed000,seed000",
            "--games",
            "1",
            "--transcript",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "--- Turn 1: player 1 (seed000) ---",
        ))
        .stdout(predicate::str::contains("heap 3: ||||  (4)"))
        .stdout(predicate::str::contains(
            "Before: Nim-sum: 2 XOR 3 XOR 4 = 5",
        ))
        .stdout(predicate::str::contains("After: [2, 3, 1], nim-sum 0"))
        .stdout(predicate::str::contains(
            "Game over after 5 moves: player 1 (seed000) wins.",
        ));
}

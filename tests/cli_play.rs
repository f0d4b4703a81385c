//! End-to-end tests of `grundy play` (scripted sessions on piped stdin) and `grundy simulate`.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

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

/// The simulation's document is the wire schema's `Simulation`, and a seed beyond 2^53 - 1 is
/// written as a string of digits (a JSON client would round a number), the same seed replayed.
#[test]
fn simulate_json_conforms_and_writes_a_large_seed_exactly() {
    let args = [
        "simulate",
        "nim",
        "3",
        "4",
        "--games",
        "5",
        "--seed",
        "18446744073709551615",
    ];
    let doc = common::json(&args);
    assert_eq!(doc["seed"], "18446744073709551615");
    assert_eq!(common::json(&args)["total_moves"], doc["total_moves"]);
    // The schema can fail: a field of another document is refused.
    let mut other = doc.clone();
    other["nim_sum"] = serde_json::Value::from(7);
    let schema = grundy_core::wire::schema::document_schema("Simulation").unwrap();
    assert!(!jsonschema::validator_for(&schema).unwrap().is_valid(&other));
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
fn simulate_json_and_the_transcript_of_avansyah_2025() {
    // Fig. 8 of Avansyah (2025) (docs/bibliography.md), replayed by two `bouton` players.
    let out = grundy()
        .args([
            "simulate",
            "nim",
            "2",
            "3",
            "4",
            "--players",
            "bouton,bouton",
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
    common::conforms(&["simulate"], &doc);
    assert_eq!(doc["games"], 3);
    assert_eq!(doc["players"], serde_json::json!(["bouton", "bouton"]));
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
            "bouton,bouton",
            "--games",
            "1",
            "--transcript",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "--- Turn 1: player 1 (bouton) ---",
        ))
        .stdout(predicate::str::contains("heap 3: ||||  (4)"))
        .stdout(predicate::str::contains(
            "Before: Nim-sum: 2 XOR 3 XOR 4 = 5",
        ))
        .stdout(predicate::str::contains("After: [2, 3, 1], nim-sum 0"))
        .stdout(predicate::str::contains(
            "Game over after 5 moves: player 1 (bouton) wins.",
        ));
}

#[test]
fn wythoff_full_game_on_a_board() {
    // (10, 7) has value 15. "both 4" leaves (6, 3), an N-position: the computer answers
    // (5, 3), a P-position; "y 3" leaves (5, 0) and the computer takes the queen home.
    let out = session(&["wythoff", "10", "7", "--seed", "1"], "both 4\ny 3\n");
    assert!(out.contains("Wythoff's game"), "{out}");
    // The board: origin bottom-left, the queen in the top-right cell, the corner marked.
    assert!(
        out.contains("  7 |  .  .  .  .  .  .  .  .  .  .  Q"),
        "{out}"
    );
    assert!(
        out.contains("  0 |  *  .  .  .  .  .  .  .  .  .  ."),
        "{out}"
    );
    assert!(
        out.contains("       0  1  2  3  4  5  6  7  8  9 10"),
        "{out}"
    );
    assert!(
        out.contains("You: queen (10, 7) -> (6, 3): take 4 from both heaps"),
        "{out}"
    );
    assert!(
        out.contains("Computer: queen (6, 3) -> (5, 3): take 1 from the first heap"),
        "{out}"
    );
    assert!(out.contains("  3 | . . . . . Q"), "{out}");
    assert!(
        out.contains("You: queen (5, 3) -> (5, 0): take 3 from the second heap"),
        "{out}"
    );
    assert!(
        out.contains("Computer: queen (5, 0) -> (0, 0): take 5 from the first heap"),
        "{out}"
    );
    assert!(out.contains("Game over after 4 moves (2 yours)"), "{out}");
    assert!(out.contains("The computer wins."), "{out}");
}

#[test]
fn wythoff_won_by_the_human_with_hints() {
    // From (10, 7) the hint wins in 7 moves (both sides counted); the perfect computer delays
    // and we answer each reply with a winning move, in four different move forms.
    let out = session(
        &["wythoff", "10", "7", "--seed", "5"],
        "hint\nto 4 7\nhint\ny 2\n2 1\nboth 1\n",
    );
    for needle in [
        "Hint: queen (10, 7) -> (4, 7): take 6 from the first heap wins. With best play on both sides you win in 7 moves",
        "Its Grundy value is G(10, 7) = 15",
        "You: queen (10, 7) -> (4, 7): take 6 from the first heap",
        "Computer: queen (4, 7) -> (3, 7): take 1 from the first heap",
        "Hint: queen (3, 7) -> (3, 5): take 2 from the second heap wins. With best play on both sides you win in 5 moves",
        "You: queen (3, 7) -> (3, 5): take 2 from the second heap",
        "Computer: queen (3, 5) -> (2, 5): take 1 from the first heap",
        "You: queen (2, 5) -> (2, 1): take 4 from the second heap",
        "Computer: queen (2, 1) -> (1, 1): take 1 from the first heap",
        "You: queen (1, 1) -> (0, 0): take 1 from both heaps",
        "Game over after 7 moves (4 yours). You made the last move",
        "You win!",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
}

#[test]
fn wythoff_undo_and_show() {
    let out = session(
        &["wythoff", "10", "7", "--seed", "5"],
        "undo\nto 4 7\nundo\nshow\n4 7\n",
    );
    assert!(out.contains("Nothing to undo"), "{out}");
    assert!(
        out.contains("Undone: queen (10, 7) -> (4, 7): take 6 from the first heap."),
        "{out}"
    );
    // Drawn at the start, after the undo, and on "show"; "4 7" is then the same move again.
    assert_eq!(out.matches("Q = queen at (10, 7)").count(), 3, "{out}");
    assert_eq!(
        out.matches("You: queen (10, 7) -> (4, 7)").count(),
        2,
        "{out}"
    );
}

#[test]
fn wythoff_illegal_moves_get_a_message_and_a_new_prompt() {
    let script = "x 11\ny 8\nboth 8\nx 0\nto 4 6\nto 11 2\nto 10 7\nz 3\n2 both 1\n\n";
    let out = session(&["wythoff", "10", "7"], script);
    for needle in [
        "the first heap has only 10: the queen at (10, 7) cannot go 11 left, off the board",
        "the second heap has only 7: the queen at (10, 7) cannot go 8 down, off the board",
        "taking 8 from both heaps needs 8 in each",
        "a move takes at least one token",
        "(4, 6) is neither in the queen's column, its row, nor its down-left diagonal (that would take the same number from both heaps: 6 and 1 differ)",
        "the queen at (10, 7) cannot reach (11, 2): the queen only moves left, down or diagonally down-left, never right or up",
        "the queen at (10, 7) cannot reach (10, 7): the queen must move at least one square",
        "cannot read \"z 3\" as a move: try \"x 3\"",
        "there is no heap 2",
        "type a move, e.g. \"x 3\"",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    assert_eq!(out.matches("Your move>").count(), 11, "{out}");
    // The board is drawn once: errors do not repeat it.
    assert_eq!(out.matches("Q = queen at (10, 7)").count(), 1, "{out}");
    assert!(out.contains("End of input"), "{out}");
}

#[test]
fn wythoff_in_a_sum_and_large_boards() {
    let out = session(
        &["sum", "wythoff:3,5", "nim:2", "--seed", "1"],
        "1 3\n2 1\n1 both 1\nhelp\n",
    );
    assert!(out.contains("heap 1: queen at (3, 5) [wythoff]"), "{out}");
    assert!(out.contains("heap 2: ||  (2) [nim]"), "{out}");
    assert!(
        out.contains("heap 1 plays wythoff: its moves are typed e.g. \"1 x 3\""),
        "{out}"
    );
    assert!(out.contains("You: heap 2: 2 -> 1 (take 1)"), "{out}");
    assert!(
        out.contains("You: heap 1: queen (3, 5) -> (2, 4): take 1 from both heaps"),
        "{out}"
    );
    assert!(out.contains("Wythoff board: the queen moves left"), "{out}");
    // Beyond 20 × 20 the board is drawn compactly.
    let out = session(&["wythoff", "100", "40"], "");
    assert!(
        out.contains("queen at (100, 40): too large to draw"),
        "{out}"
    );
    assert!(
        out.contains("  y: ||||||||||||||||||||||||||||||||||||||||"),
        "{out}"
    );
    // Beyond the table of Grundy values a lone board is still played, from the closed form of
    // its P-positions: the hint names a winning move.
    let out = session(&["wythoff", "20000", "5"], "hint\n");
    assert!(out.contains("Hint: queen (20000, 5) -> (3, 5)"), "{out}");
    grundy().args(["play", "wythoff", "10"]).assert().code(2);
}

#[test]
fn octal_split_moves_can_be_typed() {
    // Kayles 0.77: take 1 or 2, leaving 0, 1 or 2 heaps.
    let out = session(
        &["octal", "0.77", "9", "--seed", "2"],
        "help\n1 to 3 3\n1 to 5 5\n1 take 2 leave 3 3\n1 to 0 7\n1 to 3 4\n",
    );
    for needle in [
        "to split a heap \"3 to 1 4\"",
        "octal 0.77 does not allow taking 3 from heap 1 (9 tokens); allowed here: take 1, 2",
        "heap 1 has only 9 tokens: it cannot become 5 + 5 = 10",
        "taking 2 from heap 1 (9 tokens) leaves 7, not 3 + 3 = 6",
        "both heaps left by a split must be non-empty",
        "You: heap 1: 9 -> 3 + 4 (take 2)",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    // After the split the position has two heaps.
    assert!(out.contains("heap 2: "), "{out}");
    // Nim never splits.
    let out = session(&["nim", "5"], "1 to 1 2\n");
    assert!(out.contains("nim never splits a heap"), "{out}");
}

#[test]
fn simulate_wythoff() {
    grundy()
        .args([
            "simulate", "wythoff", "10", "7", "--games", "10000", "--seed", "42",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Start: [(10, 7)]"))
        .stdout(predicate::str::contains(
            "player 1 (perfect): 10000 wins  100.00%",
        ));
    grundy()
        .args([
            "simulate",
            "wythoff",
            "4",
            "3",
            "--games",
            "1",
            "--seed",
            "1",
            "--transcript",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Before: Grundy value: 2"))
        .stdout(predicate::str::contains(
            "Player 1: queen (4, 3) -> (2, 1): take 2 from both heaps",
        ))
        .stdout(predicate::str::contains("After: [(2, 1)], Grundy value 0"));
}

/// The board and the prompts name each component by what it is (a picture, a board, a grid or
/// a row of coins, a graph), never "heap"; boards and grids are drawn row by row with their
/// rows and columns numbered as moves name them.
#[test]
fn components_are_named_by_what_they_are() {
    let out = session(&["node-kayles", "path:5", "--seed", "1"], "hint\n7\nhelp\n");
    // A named graph is shown by its name, not its edge list.
    assert!(out.contains("  graph 1: path:5"), "{out}");
    assert!(out.contains("there is no vertex 7"), "{out}");
    assert!(!out.contains("heap"), "{out}");
    let out = session(
        &["hackenbush", "stalk:3,cycle:3", "--seed", "1"],
        "2 cut 1\nhelp\n",
    );
    assert!(
        out.contains("  picture 1: 0-1,1-2,2-3,0-4,4-5,5-6,4-6"),
        "{out}"
    );
    assert!(
        out.contains("there is no picture 2: the position is one picture, picture 1"),
        "{out}"
    );
    assert!(out.contains("Type a move such as \"cut 3\""), "{out}");
    assert!(!out.contains("heap") && !out.contains("1 cut 3"), "{out}");
    let out = session(&["rugs", "HT/TH", "--seed", "1"], "turn 1 x 2\n");
    for line in [
        "  grid of coins 1: HT/TH",
        "         1 2",
        "      1  H T",
        "      2  T H",
    ] {
        assert!(out.contains(line), "{line:?}: {out}");
    }
    assert!(out.contains("the southeast coin turned"), "{out}");
    let out = session(&["turtles", "THHTH", "--seed", "1"], "");
    assert!(
        out.contains("  row of coins 1: THHTH  (heads: coins 2, 3 and 5; coins numbered from 1)"),
        "{out}"
    );
    let out = session(
        &[
            "sum",
            "nim:3",
            "cram:2x2",
            "hackenbush:0-1",
            "acrostic-twins:HT/TH",
            "--seed",
            "1",
        ],
        "9 1\nhelp\n",
    );
    for needle in [
        "           heap 1: |||  (3) [nim]",
        "          board 2: ../.. [cram]",
        "        picture 3: 0-1 [hackenbush]",
        "  grid of coins 4: HT/TH [acrostic-twins]",
        "         0 1",
        "      0  H T",
        "there is no part 9: the parts are numbered 1 to 4",
        "on a board (cram): the board's number, then",
        "on a picture (hackenbush): \"1 cut 3\" (in picture 1, cut edge 3;",
        "Parts are numbered from 1, top to bottom.",
    ] {
        assert!(out.contains(needle), "{needle:?}: {out}");
    }
}

/// Issue 29: a subtraction heap of 10^30 is played in the terminal: the hint, the human's move,
/// the computer's answer (the core's), an illegal move refused with the rules' reason.
#[test]
fn a_subtraction_heap_of_ten_to_the_thirty() {
    // S = {1, 4, 9}: taking 2 is not allowed; 10^30 + 2 is a P-position, so the hint takes
    // little, and the computer answers.
    let out = session(
        &[
            "subtraction",
            "--set",
            "1,4,9",
            "1000000000000000000000000000002",
        ],
        "1 2\nhint\n1 1\nwhy\nquit\n",
    );
    assert!(
        out.contains("Position: sub{1,4,9}:1000000000000000000000000000002"),
        "{out}"
    );
    assert!(out.contains("Try again"), "{out}");
    assert!(
        out.contains("Hint: no move wins here; heap 1: 1000000000000000000000000000002 -> "),
        "{out}"
    );
    assert!(
        out.contains("the rules allow no such move. Try again."),
        "{out}"
    );
    assert!(out.contains("You: heap 1: 1000000000000000000000000000002 -> 1000000000000000000000000000001 (take 1)"), "{out}");
    assert!(
        out.contains("Computer: heap 1: 1000000000000000000000000000001 -> "),
        "{out}"
    );
    assert!(out.contains("You resign"), "{out}");
    // The computer first: it plays the winning move.
    let out = session(
        &[
            "subtraction",
            "--set",
            "1,4,9",
            "1000000000000000000000000000002",
            "--first",
            "computer",
        ],
        "quit\n",
    );
    assert!(
        out.contains("Computer: heap 1: 1000000000000000000000000000002 -> "),
        "{out}"
    );
}

#[test]
fn the_documented_wythoff_game_is_what_the_binary_prints() {
    // docs/cli.md shows this session, the refusal of an illegal queen move included.
    let printed = session(
        &["wythoff", "10", "7", "--seed", "1"],
        "both 4\nto 4 6\ny 3\n",
    );
    let documented = common::documented_output(
        "docs/cli.md",
        "printf 'both 4\\nto 4 6\\ny 3\\n' | grundy play wythoff 10 7 --seed 1",
    );
    assert_eq!(documented, printed);
}

/// A line of input that is not UTF-8 is not a move: the game says so and goes on (it ended
/// with "stream did not contain valid UTF-8", exit 1), in `play` of a position, of a heap of
/// many digits and of a loopy game.
#[test]
fn a_line_that_is_not_text_is_not_a_move() {
    for args in [
        &["nim", "3", "4"][..],
        &["nim", "123456789012345678901234567890"][..],
        &["loopy", "digraph{0>1,1>0,0>2}:0"][..],
    ] {
        let out = grundy()
            .arg("play")
            .args(args)
            .write_stdin(&b"\xff\xfe\nquit\n"[..])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}{stdout}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains('\u{fffd}'), "{args:?}: {stdout}");
    }
}

/// A named graph is shown by its name and a graph move by the vertices it removes: the
/// analysis of Node-Kayles on `grid:3x3` wrote the graph's 12 edges twice in each winning
/// move (some 1,100 characters a line on `grid:7x9`). A move as the analysis lists it is
/// typed back in `play`, and the position after it reads back from its shown form.
#[test]
fn graphs_are_shown_by_name_and_moves_by_the_vertices_removed() {
    let out = grundy()
        .args(["analyze", "node-kayles", "grid:3x3"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("graph 1 [node-kayles]: grid:3x3  Grundy value 1"),
        "{text}"
    );
    assert!(
        text.contains("  graph 1: vertex 4: removes vertices 1, 3, 4, 5, 7\n"),
        "{text}"
    );
    assert!(!text.contains("0-1"), "{text}");
    let out = session(
        &["node-kayles", "grid:3x3", "--seed", "1"],
        "graph 1: vertex 4: removes vertices 1, 3, 4, 5, 7\nquit\n",
    );
    assert!(
        out.contains("You: vertex 4: removes vertices 1, 3, 4, 5, 7"),
        "{out}"
    );
    // The computer takes one of the four corners left.
    assert!(out.contains("  graph 1: grid:3x3!"), "{out}");
    let out = grundy()
        .args(["analyze", "arc-kayles", "grid:3x3!0,1,3,4,5,7"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success() && text.contains("grid:3x3!0,1,3,4,5,7  Grundy value 0"),
        "{text}"
    );
}

/// A board the perfect computer opens with a move known to win without search is played by
/// it, not valued first: Cram 6 × 7 (its value takes minutes) gets the central domino at
/// once, then the half-turn answer to the human's domino.
#[test]
fn the_computer_opens_by_strategy_without_the_value() {
    let args = [
        "play", "cram", "6x7", "--first", "computer", "--time", "2", "--seed", "1",
    ];
    let out = grundy()
        .args(args)
        .write_stdin("1,1-1,2\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Computer: 3,4-4,4:"), "{text}");
    // The image of 1,1-1,2 under the half turn of the 6 × 7 board.
    assert!(text.contains("Computer: 6,6-6,7:"), "{text}");
}

/// A position too hard to value within the budget is refused at the budget, once, naming the
/// flag that allows more: `play cram 9x7 --first computer` took 30 s (the start valued by the
/// engine's own budget twice, then asked again at any size) and advised "a smaller position";
/// `simulate chomp 9x40` took 20 s and named no option.
#[test]
fn a_position_too_hard_to_value_is_refused_within_one_budget() {
    let play: &[&str] = &["play", "cram", "9x7", "--first", "computer", "--time", "2"];
    let simulate: &[&str] = &["simulate", "chomp", "9x40", "--time", "2"];
    for args in [play, simulate] {
        let started = std::time::Instant::now();
        let out = grundy().args(args).write_stdin("quit\n").output().unwrap();
        let took = started.elapsed();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(
                "not answered within the time budget of 2 s: allow more with --time SECONDS"
            ),
            "{args:?}: {err}"
        );
        assert!(
            took < std::time::Duration::from_secs(6),
            "{args:?} took {took:?}"
        );
    }
}

/// Once the game has begun, a question refused within the budget does not end it: the computer
/// that finds no reply says so and waits for more time (`time`), an `undo` or `quit`; a refused
/// explanation is one line. Before, `play cram 6x7 --time 1` ended with exit 2 at the human's
/// first move or first hint, the game lost.
#[test]
fn a_refusal_in_the_middle_of_a_game_does_not_end_it() {
    let script = "hint\n1,1-1,2\nhint\ntime 0\ntime 1\nundo\nexplain\nquit\n";
    let text = session(&["cram", "6x7", "--time", "1", "--seed", "1"], script);
    // The hint at the start is the central domino, and why: the strategy, the value (minutes
    // away) not computed. Before, its explanation was asked apart, refused, and the game ended.
    assert!(text.contains("Hint: 3,4-4,4:"), "{text}");
    assert!(
        text.contains("A winning move known without search: board 1: 3,4-4,4"),
        "{text}"
    );
    let refused = "The computer found no move: the position cram:##...../......./......./......./......./....... is too large: it was not answered within the time budget of 1 s: allow more with `time SECONDS`";
    // Refused after the move, and again after `time 1`.
    assert_eq!(text.matches(refused).count(), 2, "{text}");
    let waiting = "It is the computer's turn: type `time SECONDS` or `memory MIB`";
    // Said after each refusal, and to the hint asked while the computer waits.
    assert_eq!(text.matches(waiting).count(), 3, "{text}");
    assert!(
        text.contains("time: \"0\" is not a whole number of seconds from 1 to 604800. Try again."),
        "{text}"
    );
    assert!(
        text.contains("Each question may now take 1 s and 1024 MiB."),
        "{text}"
    );
    assert!(text.contains("Undone: 1,1-1,2"), "{text}");
    assert!(
        text.contains("Not answered: the position cram:6x7 is too large"),
        "{text}"
    );
    assert!(text.contains("You resign after 0 moves"), "{text}");
}

//! End-to-end tests of `grundy analyze` and `grundy sequence`: real processes, real output.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

mod common;

use common::{grundy, json};
use predicates::prelude::*;

#[test]
fn nim_worked_example_of_avansyah_2025() {
    // [2, 3, 4] from Avansyah (2025) (docs/bibliography.md).
    grundy()
        .args(["analyze", "nim", "2", "3", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Nim-sum: 2 XOR 3 XOR 4 = 5"))
        .stdout(predicate::str::contains(
            "N-position: the player to move wins",
        ))
        .stdout(predicate::str::contains("heap 3: 4 -> 1 (take 3)"));
    let doc = json(&["analyze", "nim", "2", "3", "4"]);
    assert_eq!(doc["nim_sum"], 5);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["winning_moves"][0]["component"], 2);
    assert_eq!(doc["winning_moves"][0]["to"][0]["heap"], 1);
    let doc = json(&["analyze", "nim", "1", "4", "5"]);
    assert_eq!(doc["outcome"], "P");
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn explain_shows_the_binary_columns() {
    grundy()
        .args(["analyze", "nim", "2", "3", "4", "--explain"])
        .assert()
        .success()
        .stdout(predicate::str::contains("heap 3   4 = 100"))
        .stdout(predicate::str::contains("nim-sum  5 = 101"))
        .stdout(predicate::str::contains("bit 2"));
    let doc = json(&["analyze", "nim", "2", "3", "4", "--explain"]);
    assert_eq!(doc["explanation"]["highest_bit"], 2);
    assert_eq!(doc["explanation"]["binary"][2], "100");
}

#[test]
fn misere_nim() {
    let doc = json(&["analyze", "nim", "1", "1", "2", "--misere"]);
    assert_eq!(doc["convention"], "misere");
    assert_eq!(doc["winning_moves"][0]["to"][0]["heap"], 1);
    let doc = json(&["analyze", "nim", "1", "1", "1", "--misere"]);
    assert_eq!(doc["outcome"], "P");
}

#[test]
fn subtraction_sum_of_louis_2021() {
    // The sum of Louis (2021) (docs/bibliography.md).
    let doc = json(&[
        "analyze",
        "subtraction",
        "--set",
        "1,4,9,12,16",
        "11",
        "15",
        "14",
        "10",
        "23",
        "8",
    ]);
    assert_eq!(doc["values"], serde_json::json!([1, 0, 1, 0, 3, 1]));
    assert_eq!(doc["nim_sum"], 2);
    assert_eq!(doc["winner"], "player to move");
}

#[test]
fn mixed_sum_and_misere_search() {
    let doc = json(&["analyze", "sum", "nim:3,4", "sub{1,4,9}:11"]);
    assert_eq!(doc["nim_sum"], 3 ^ 4 ^ 1);
    let doc = json(&["analyze", "sum", "nim:2 + bachet{2}:4", "--misere"]);
    assert!(doc["outcome"] == "N" || doc["outcome"] == "P");
}

#[test]
fn sequence_with_period_and_huge_heap() {
    grundy()
        .args(["sequence", "subtraction", "--set", "1,4,9", "--count", "13"])
        .assert()
        .success()
        .stdout(predicate::str::contains("0 1 0 1 2 0 1 0 1 2 0 1 0"));
    let doc = json(&[
        "sequence",
        "subtraction",
        "--set",
        "1,4,9",
        "--period",
        "--at",
        "1000000000000000000000000000001",
    ]);
    assert_eq!(doc["period"]["period"], 5);
    assert_eq!(doc["period"]["preperiod"], 0);
    assert_eq!(doc["at"]["value"], 1);
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_code_2() {
    let too_long = "9".repeat(100_001);
    let cases: &[(&[&str], &str)] = &[
        (
            &["analyze", "nim", &too_long],
            "(100001 digits)\" is out of range",
        ),
        (&["analyze", "nim", "2", "-3"], "\"-3\""),
        (&["analyze", "nim", "2", "x"], "\"x\""),
        // Nim heaps, periodic games' and Lasker's Nim's heaps may be of any size; other games'
        // heaps stop at 2^64 - 1, refused by name.
        (
            &["analyze", "grundys-game", "99999999999999999999"],
            "heap 99999999999999999999 of grundys-game is too large",
        ),
        (&["analyze", "nim"], "required"),
        (&["analyze", "subtraction", "--set", "", "3"], "amount list"),
        (&["analyze", "subtraction", "--set", "0,1", "3"], "\"0\""),
        (
            &["analyze", "subtraction", "--set", "1,,2", "3"],
            "\"1,,2\"",
        ),
        (
            &["analyze", "subtraction", "--set", "1,2000000", "3"],
            "1000000",
        ),
        (&["analyze", "sum", "chess:3"], "\"chess\""),
        (
            // All-but heaps of any size where the period is proven; excluding 5000 it is not
            // (its period is longer than the values searched): heaps up to 10^7 only.
            &["analyze", "all-but", "--except", "5000", "20000000"],
            "at most 10000000 for allbut{5000}: its values are computed heap by heap",
        ),
        (
            &[
                "sequence",
                "subtraction",
                "--set",
                "1,2",
                "--count",
                "3000000000",
            ],
            "count",
        ),
        (
            &["sequence", "subtraction", "--set", "1,2", "--at", "-5"],
            "\"-5\"",
        ),
        (
            &["sequence", "grundys-game", "--until-period"],
            "--until-period: no period is claimed",
        ),
    ];
    for (args, needle) in cases {
        let out = grundy().args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn amounts_and_nim_heaps_are_refused_with_their_own_range() {
    // A take-set amount is 1 to 1,000,000 and a Nim heap has up to 100,000 digits: a bad one
    // names that, not the range of a 64-bit number.
    let cases: &[(&[&str], &str)] = &[
        (
            &["analyze", "subtraction", "--set", "-1", "5"],
            "invalid amount \"-1\": expected a whole number from 1 to 1000000",
        ),
        (
            &["analyze", "subtraction", "--set", "18446744073709551616", "5"],
            "amount \"18446744073709551616\" is out of range: expected a whole number from 1 to 1000000",
        ),
        (
            &["analyze", "all-but", "--except", "x", "5"],
            "invalid amount \"x\": expected a whole number from 1 to 1000000",
        ),
        (
            &["analyze", "sum", "sub{1,4,9}}:3"],
            "invalid take-set element \"9}\": expected a whole number from 1 to 1000000",
        ),
        (
            &["analyze", "sum", "allbut{-2}:3"],
            "invalid excluded set element \"-2\": expected a whole number from 1 to 1000000",
        ),
        (
            &["analyze", "sum", "nim:3:4"],
            "invalid heap \"3:4\": expected a whole number of at most 100000 digits",
        ),
        // Kayles takes heaps of any size (its period is proven), so a bad one names that.
        (
            &["analyze", "sum", "octal{0.77}:3,-1"],
            "invalid heap \"-1\": expected a whole number of at most 100000 digits",
        ),
    ];
    for (args, needle) in cases {
        let out = grundy().args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("18446744073709551615"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn huge_nim_heaps_are_exact() {
    let max = u64::MAX.to_string();
    let doc = json(&["analyze", "nim", &max, "1"]);
    // Beyond 2^53 - 1 a string, so that no JSON reader loses a digit.
    assert_eq!(doc["nim_sum"], (u64::MAX - 1).to_string());
    assert_eq!(doc["winning_moves"][0]["to"][0]["heap"], 1);
}

/// A list too long to print says so, with the exact count: a Kayles heap of 65,538 has 27,300
/// winning moves, and the first 10,000 are shown.
#[test]
fn long_move_lists_give_the_exact_count() {
    let out = grundy()
        .args(["analyze", "octal", "0.77", "65538"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("27300 winning moves; the first 10000 are listed:"),
        "{}",
        &text[..text.len().min(2000)]
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("  heap 1:")).count(),
        10_000
    );
    let doc = json(&["analyze", "octal", "0.77", "65538"]);
    assert_eq!(doc["winning_move_count"], 27_300);
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), 10_000);
    // In a sum the count adds up over components: the Nim heap of 0 adds nothing, and a second
    // Kayles heap of equal value leaves a P-position with none.
    let doc = json(&["analyze", "sum", "octal{0.77}:70000", "nim:0"]);
    assert_eq!(doc["winning_move_count"], 5_838);
    let doc = json(&["analyze", "sum", "octal{0.77}:70000,70000"]);
    assert_eq!(doc["winning_move_count"], 0);
    assert_eq!(doc["outcome"], "P");
}

/// 2^64 and friends, as the command line reads them.
const TWO_64: &str = "18446744073709551616";
const TWO_64_PLUS_3: &str = "18446744073709551619";

#[test]
fn nim_heaps_of_any_size() {
    // Both sides of 2^64 - 1: the largest u64 heap and the next one are both read.
    let doc = json(&["analyze", "nim", "18446744073709551615", TWO_64]);
    assert_eq!(doc["components"][0]["heap"], u64::MAX.to_string());
    assert_eq!(doc["components"][1]["heap"], TWO_64);
    // 2^64 XOR (2^64 - 1) = 2^65 - 1, written as a string beyond u64.
    assert_eq!(doc["nim_sum"], "36893488147419103231");
    assert_eq!(doc["values"][1], TWO_64);
    let moves = doc["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["component"], 1);
    assert_eq!(moves[0]["to"][0]["heap"], u64::MAX.to_string());
    assert_eq!(
        moves[0]["text"],
        format!("heap 2: {TWO_64} -> 18446744073709551615 (take 1)")
    );
    // A 30-digit pair that cancels: the small heap decides.
    grundy()
        .args([
            "analyze",
            "nim",
            "100000000000000000000000000000",
            "100000000000000000000000000005",
            "3",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("= 6\n"))
        .stdout(predicate::str::contains(
            "heap 2: 100000000000000000000000000005 -> 100000000000000000000000000003 (take 2)",
        ));
    // A P-position of huge heaps.
    let doc = json(&["analyze", "nim", TWO_64, TWO_64]);
    assert_eq!(doc["outcome"], "P");
    assert_eq!(doc["nim_sum"], 0);
}

#[test]
fn huge_nim_heaps_explained_and_misere() {
    let big = format!("1{}", "0".repeat(60));
    let out = grundy()
        .args(["analyze", "nim", &big, "7", "--explain"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("only bits 199 down to 136 are shown"),
        "{text}"
    );
    assert!(text.contains("(61 digits)"), "{text}");
    assert!(text.contains("worth 2^199"), "{text}");
    // The move itself is exact, in the list of winning moves.
    assert!(
        text.contains(&format!("  heap 1: {big} -> 7 (take 999")),
        "{text}"
    );
    let doc = json(&["analyze", "nim", &big, "7", "--explain"]);
    assert_eq!(doc["explanation"]["columns"]["high"], 199);
    assert_eq!(doc["explanation"]["binary"][0].as_str().unwrap().len(), 64);
    // Misère: the huge heap goes to 0 or 1 so that an odd number of 1-heaps is left.
    let doc = json(&["analyze", "nim", &big, "1", "1", "--misere"]);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["winning_moves"][0]["to"][0]["heap"], 1);
    let doc = json(&["analyze", "nim", &big, &big, "--misere"]);
    assert_eq!(doc["outcome"], "P");
}

#[test]
fn sums_with_huge_nim_heaps() {
    // Total 2^64 XOR 2: only the big heap can win (to 2); the subtraction heap would need a
    // value beyond 2^64.
    let doc = json(&["analyze", "sum", &format!("nim:{TWO_64}"), "sub{1,2,3}:10"]);
    assert_eq!(doc["nim_sum"], "18446744073709551618");
    let moves = doc["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"][0]["heap"], 2);
    // The two big heaps cancel but for 3; with value 2 of sub{1,2,3}:10 the total is 1: the
    // last big heap moves to 2^64 + 2, or the subtraction heap to value 3.
    grundy()
        .args(["analyze", "sum", &format!("nim:{TWO_64},{TWO_64_PLUS_3}"), "sub{1,2,3}:10", "--explain"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Total (nim-sum of the values): 18446744073709551616 XOR 18446744073709551619 XOR 2 = 1"))
        .stdout(predicate::str::contains("heap 2: 18446744073709551619 -> 18446744073709551618 (take 1)"))
        .stdout(predicate::str::contains("heap 3: 10 -> 7 (take 3)"));
    // Misère sums mixing huge Nim heaps with other games are refused, naming the component.
    grundy()
        .args([
            "analyze",
            "sum",
            &format!("nim:{TWO_64}"),
            "sub{1,2}:3",
            "--misere",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "component 1 (a Nim heap beyond 2^64 - 1) is too large",
        ));
    // A periodic game's heap beyond u64 is a lookup; a misère sum with one is refused by name.
    grundy()
        .args(["analyze", "sum", &format!("sub{{1,2}}:{TWO_64}")])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "heap 1: {TWO_64} -> 18446744073709551615 (take 1)"
        )));
    grundy()
        .args([
            "analyze",
            "sum",
            &format!("sub{{1,2}}:{TWO_64}"),
            "--misere",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "component 1 (a heap of subtraction {1,2} beyond 2^64 - 1) is too large",
        ));
}

/// `--explain` names each component by what it is and says how its value was found: a lone
/// board, picture, row or grid of coins is "the board" (its value is the position's, with no
/// total to take), a mixed sum's components are "parts".
#[test]
fn explanations_name_components_by_what_they_are() {
    let explain = |args: &[&str]| {
        let out = grundy()
            .arg("analyze")
            .args(args)
            .arg("--explain")
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let cases: [(&[&str], &[&str]); 5] = [
        (
            &["cram", "3x4"],
            &[
                "Grundy value of the board (the mex of its options' values):",
                "  board 1: cram at ..../..../.... has value 1",
                "The value is 1, not 0: move the board to a position of value 0:",
                "  board 1: 1,1-2,1:",
            ],
        ),
        (
            &["hackenbush", "stalk:3,cycle:3"],
            &[
                "Grundy value of the picture (the mex of its options' values):",
                "  picture 1: hackenbush at 0-1,1-2,2-3,0-4,4-5,5-6,4-6 has value 1",
                "move the picture to a position of value 0",
                "  picture 1: cut edge 3 (2-3):",
            ],
        ),
        (
            &["turtles", "THHTH"],
            &[
                "Grundy value of the row of coins (by a closed form):",
                "G(THHTH) = 2 XOR 3 XOR 5 = 4",
                "  row of coins 1: THHTH -> HHHTT (turn 1, 5)",
            ],
        ),
        (
            &["rugs", "HT/TH"],
            &[
                "Grundy value of the grid of coins (by a closed form):",
                "G(HT/TH) = 1 XOR 3 = 2",
                "(2, 2) worth 2 ⊗ 2 = 3",
                "  grid of coins 1: HT/TH -> TH/HT (turn rows 1, 2 × columns 1, 2)",
            ],
        ),
        (
            &[
                "sum",
                "nim:3",
                "cram:2x2",
                "hackenbush:0-1,1-2",
                "rugs:HT/TH",
            ],
            &[
                "Grundy value of each part (the mex of its options' values, or a closed form):",
                "  heap 1: nim at 3 has value 3",
                "  picture 3: hackenbush at 0-1,1-2 has value 2",
                "  grid of coins 4: rugs at HT/TH has value 2",
                "Total (nim-sum of the values): 3 XOR 0 XOR 2 XOR 2 = 3",
            ],
        ),
    ];
    for (args, needles) in cases {
        let out = explain(args);
        for needle in needles {
            assert!(out.contains(needle), "{args:?} lacks {needle:?}: {out}");
        }
        if args[0] != "sum" {
            assert!(
                !out.contains("heap") && !out.contains("Total"),
                "{args:?}: {out}"
            );
        }
    }
}

/// Issue 25: `analyze cram 6x6` refused after 20 s while `search cram 6x6` answered in 7 ms, and
/// `analyze chomp 12x12` took 56 s. Both go through the core's one entry now, which knows them
/// at once (the mirror strategy; the square bar's one winning bite), and says how.
#[test]
fn answers_known_at_once_are_known_at_once_through_analyze() {
    let started = std::time::Instant::now();
    let cram = json(&["analyze", "cram", "6x6"]);
    assert_eq!(cram["outcome"], "P");
    assert_eq!(cram["provenance"], serde_json::json!(["symmetry"]));
    let chomp = json(&["analyze", "chomp", "12x12"]);
    assert_eq!(chomp["outcome"], "N");
    assert_eq!(chomp["winning_move_count"], 1);
    assert_eq!(chomp["provenance"], serde_json::json!(["symmetry"]));
    let bite = chomp["winning_moves"][0]["text"].as_str().unwrap();
    assert!(bite.contains("-> 12,1,1,1,1,1,1,1,1,1,1,1"), "{bite}");
    // Generous for a loaded machine: both took seconds to minutes before.
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// Issue 25: a budget of N seconds refused after 2–3 N. One budget per question now, checked in
/// every long loop: the refusal comes within the budget and a slack generous for a loaded
/// machine, names the part too large and the option that allows more.
#[test]
fn a_question_keeps_its_time_budget() {
    for (args, part) in [
        (
            &["analyze", "cram", "7x9", "--time", "1"][..],
            "the position cram:",
        ),
        (
            &["analyze", "sum", "nim:3", "cram:7x9", "--time", "1"][..],
            "term 2 (cram:",
        ),
        (
            &["search", "cram", "3x16", "--time", "1"][..],
            "the search of",
        ),
    ] {
        let started = std::time::Instant::now();
        let out = grundy()
            .args(args)
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        let elapsed = started.elapsed();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(part), "{args:?}: {err}");
        assert!(err.contains("--time SECONDS"), "{args:?}: {err}");
        assert!(
            elapsed < std::time::Duration::from_secs(4),
            "{args:?}: refused after {elapsed:?}"
        );
    }
}

/// Issue 28: no number of `--json` loses a digit. A heap of 2^53 - 1 is a number; 2^53, 2^64 - 1
/// and 2^64 are strings, in the components, the values, the nim-sum and the moves.
#[test]
fn json_heaps_are_numbers_up_to_2_to_the_53_minus_1_and_strings_beyond() {
    use serde_json::json as j;
    for (heap, written) in [
        ("9007199254740991", j!(9007199254740991u64)),
        ("9007199254740992", j!("9007199254740992")),
        ("18446744073709551615", j!("18446744073709551615")),
        ("18446744073709551616", j!("18446744073709551616")),
    ] {
        let doc = json(&["analyze", "nim", heap]);
        assert_eq!(doc["components"][0]["heap"], written, "{doc}");
        assert_eq!(doc["values"][0], written, "{doc}");
        assert_eq!(doc["nim_sum"], written, "{doc}");
        assert_eq!(doc["winning_moves"][0]["from"]["heap"], written, "{doc}");
        let doc = json(&["analyze", "subtraction", "--set", "1,2", heap]);
        assert_eq!(doc["components"][0]["heap"], written, "{doc}");
    }
}

/// All-but heaps of any size, through the proven arithmetic period: excluding {2, 3},
/// `G(n) = 2·⌊n/4⌋ + (n mod 2)`, so `G(10^30) = 5·10^29`, and the winning moves against a heap
/// of 7 (value 3) leave the heaps of value `5·10^29 XOR 3`.
#[test]
fn all_but_heaps_of_any_size() {
    let ten_30 = "1000000000000000000000000000000";
    grundy()
        .args(["analyze", "all-but", "--except", "2,3", ten_30])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Grundy value 500000000000000000000000000000",
        ))
        .stdout(predicate::str::contains(format!("{ten_30} -> 2 (take")))
        .stdout(predicate::str::contains(format!("{ten_30} -> 0 (take")));
    let doc = json(&["analyze", "all-but", "--except", "2,3", ten_30, "7"]);
    assert_eq!(doc["values"][0], "500000000000000000000000000000");
    assert_eq!(doc["provenance"][0], "proven-period");
    assert_eq!(doc["outcome"], "N");
    for m in doc["winning_moves"].as_array().unwrap() {
        // The huge heap goes to value 3 (heaps 5 and 7); no heap below 7 has value
        // 5·10^29 XOR 3, so heap 2 has no winning move.
        assert_eq!(m["component"], 0, "{m}");
        let to = m["to"][0]["heap"].as_u64().unwrap();
        assert!([5, 7].contains(&to), "{m}");
    }
    assert_eq!(doc["winning_move_count"], 2);
    // The period itself: `sequence --until-period` prints it, proven (it was refused before
    // all-but periods were proven).
    grundy()
        .args(["sequence", "all-but", "--except", "1", "--until-period"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Arithmetic period 2 with saltus 1",
        ));
    // Between 10^7 and 2^64 - 1, the ordinary engine answers through the period too.
    grundy()
        .args(["analyze", "all-but", "--except", "2,3", "100000000000"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Grundy value 50000000000"))
        .stdout(predicate::str::contains("100000000000 -> 0 (take"));
}

#[test]
fn a_position_with_no_move_left_says_why_it_is_won_or_lost() {
    // Misère: the player to move has no move and so wins; no empty "Winning moves:" heading.
    for args in [
        &["analyze", "nim", "0", "0", "--misere"][..],
        &["analyze", "wythoff", "0", "0", "--misere"],
        &["analyze", "sum", "octal{0.77}:0", "nim:0", "--misere"],
    ] {
        let out = grundy().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("N-position: the player to move wins."),
            "{text}"
        );
        assert!(
            text.ends_with(
                "No move is left: the player to move cannot move, and so wins (misère play: \
                 whoever makes the last move loses).\n"
            ),
            "{args:?}: {text}"
        );
        assert!(!text.contains("Winning moves"), "{args:?}: {text}");
    }
    // Normal play: no move, so the player to move loses (not "every move leads to an
    // N-position": there is none).
    let out = grundy()
        .args(["analyze", "nim", "0", "0"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with("No move is left: the player to move cannot move, and so loses.\n"),
        "{text}"
    );
    assert!(!text.contains("every move leads"), "{text}");
    // A position with moves keeps its lines.
    let out = grundy()
        .args(["analyze", "nim", "1", "--misere"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("No winning move: every move leads to an N-position."),
        "{text}"
    );
}

/// Issue 65: one syntax of whole numbers at every argument (docs/cli.md, "Whole numbers"):
/// blanks around the digits are ignored, a no-break space too, as every door reads them; a sign
/// is refused everywhere (the rows of docs/errors.md).
#[test]
fn whole_numbers_with_blanks_around_read_as_their_digits() {
    let cases: [(&[&str], &[&str]); 6] = [
        (
            &["analyze", "nim", " 3", "4\u{a0}"],
            &["analyze", "nim", "3", "4"],
        ),
        (
            &["analyze", "subtraction", "--set", " 5", "7"],
            &["analyze", "subtraction", "--set", "5", "7"],
        ),
        (
            &["analyze", "bachet", "-k", "5\u{a0}", "7"],
            &["analyze", "bachet", "-k", "5", "7"],
        ),
        (&["analyze", "chomp", " 5"], &["analyze", "chomp", "5"]),
        (
            &["analyze", "nim", "3", "--time", " 5"],
            &["analyze", "nim", "3", "--time", "5"],
        ),
        (
            &["nimber", "mul", " 5", "3\t"],
            &["nimber", "mul", "5", "3"],
        ),
    ];
    for (spaced, plain) in cases {
        assert_eq!(json(spaced), json(plain), "{spaced:?}");
    }
}

/// The schema holds the insides of an analysis: each component is its ruleset's name and one
/// field, each winning move's `from` and `to` are components. An answer altered inside is
/// refused, so the suite's validation of every answer checks those shapes too.
#[test]
fn the_schema_checks_components_and_moves_inside() {
    let doc = json(&["analyze", "sum", "nim:3 + sprouts:0*3"]);
    let schema = grundy_core::wire::schema::document_schema("Analysis").unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    assert!(validator.is_valid(&doc), "{doc}");
    let mut no_ruleset = doc.clone();
    no_ruleset["components"][1]
        .as_object_mut()
        .unwrap()
        .remove("ruleset");
    assert!(!validator.is_valid(&no_ruleset));
    let mut two_fields = doc.clone();
    two_fields["winning_moves"][0]["from"]["heaps"] = serde_json::json!([3]);
    assert!(!validator.is_valid(&two_fields));
    let mut bare_to = doc;
    bare_to["winning_moves"][0]["to"] = serde_json::json!(["0.1a1a"]);
    assert!(!validator.is_valid(&bare_to));
}

/// Every kind of explanation `analyze --explain` gives has its own shape in the schema, and the
/// shape holds: a field left out or one added is refused. `strategy` is a hint's (the API's
/// tests validate it); the quotient in words alone needs Nim heaps the simplest forms cannot
/// take, and shares its kind with the quotient's data.
#[test]
fn every_kind_of_explanation_has_its_shape_in_the_schema() {
    let cases: &[&[&str]] = &[
        &["nim:2,3,4"],
        &["sub{1,2,3}:10 + nim:3"],
        &["moore{2}:3,5,6"],
        &["wythoff:10,7"],
        &["wythoff:100000000000000000000,3"],
        &["chomp:12x12"],
        &["chomp:40x39"],
        &["octal{0.77}:3,4,5", "--misere"],
        &["octal{0.77}:3,4,5 + nim:2", "--misere"],
        &["cram:2x3", "--misere"],
    ];
    let schema = grundy_core::wire::schema::document_schema("Analysis").unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for case in cases {
        let mut args = vec!["analyze", "sum"];
        args.extend_from_slice(case);
        args.push("--explain");
        let doc = json(&args);
        let kind = doc["explanation"]["kind"].as_str().unwrap().to_string();
        kinds.insert(kind);
        let mut extra = doc.clone();
        extra["explanation"]["unknown_field"] = serde_json::json!(1);
        assert!(!validator.is_valid(&extra), "{case:?}: a field added");
        let mut text_less = doc.clone();
        text_less["explanation"]
            .as_object_mut()
            .unwrap()
            .remove("text");
        assert!(!validator.is_valid(&text_less), "{case:?}: no text");
    }
    let expected = [
        "nim",
        "sum",
        "moore",
        "wythoff",
        "closed-form",
        "symmetry",
        "strategy-stealing",
        "quotient",
        "simplest-forms",
        "search",
    ];
    assert_eq!(kinds, expected.iter().map(|k| k.to_string()).collect());
    // A field of a kind's data left out is refused too: Bouton's nim-sum, Wythoff's queen.
    for (position, field) in [("nim:2,3,4", "nim_sum"), ("wythoff:10,7", "queen")] {
        let mut doc = json(&["analyze", "sum", position, "--explain"]);
        doc["explanation"].as_object_mut().unwrap().remove(field);
        assert!(!validator.is_valid(&doc), "{position}: no {field}");
    }
}

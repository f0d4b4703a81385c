//! Resource bounds of the command line: a simulated game stops at `--max-moves`, and the
//! bounded loop plays exactly the games the engine's own simulation plays.

mod common;

use common::{grundy, json};
use grundy_core::play::simulate;
use grundy_core::player::Player;
use grundy_core::strategy::Convention;
use grundy_core::sum::Sum;
use predicates::prelude::*;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Two perfect players from the P-position (1000, 1000): the loser takes one token at a time
/// and the winner mirrors it, so the game takes exactly 2000 moves.
const LONG_GAME: [&str; 8] = [
    "simulate",
    "nim",
    "1000",
    "1000",
    "--players",
    "perfect,perfect",
    "--games",
    "1",
];

#[test]
fn a_game_longer_than_max_moves_stops_the_run() {
    let doc = json(&[&LONG_GAME[..], &["--max-moves", "2000"]].concat());
    assert_eq!(doc["longest"], 2000);
    assert_eq!(doc["wins"][1]["wins"], 1, "the second player wins: {doc}");
    for extra in [
        &["--max-moves", "1999"][..],
        &["--max-moves", "1999", "--transcript"],
    ] {
        grundy()
            .args(LONG_GAME)
            .args(extra)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "a game went on for more than 1999 moves (--max-moves)",
            ));
    }
}

#[test]
fn the_default_bound_is_100000_moves() {
    grundy()
        .args([
            "simulate",
            "nim",
            "60000",
            "60000",
            "--players",
            "perfect,perfect",
        ])
        .args(["--games", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("more than 100000 moves"));
}

#[test]
fn bounded_games_are_the_engines_games() {
    for (heaps, players) in [
        (vec![2, 3, 4], "perfect,random"),
        (vec![5, 7, 9, 11], "random,random"),
        (vec![3, 3, 6], "60,40"),
    ] {
        let mut args = vec!["simulate".to_string(), "nim".to_string()];
        args.extend(heaps.iter().map(u64::to_string));
        args.extend(["--players", players, "--games", "500", "--seed", "42"].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let doc = json(&args);

        let (a, b) = players.split_once(',').unwrap();
        let players = [Player::parse(a).unwrap(), Player::parse(b).unwrap()];
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let tally = simulate(
            &Sum::nim(&heaps),
            Convention::Normal,
            players,
            500,
            &mut rng,
        )
        .unwrap();
        assert_eq!(doc["total_moves"], tally.total_moves, "{heaps:?}");
        assert_eq!(doc["wins"][0]["wins"], tally.wins[0], "{heaps:?}");
        assert_eq!(doc["shortest"], tally.shortest, "{heaps:?}");
        assert_eq!(doc["longest"], tally.longest, "{heaps:?}");
    }
}

/// The misère search of a large octal sum stops at the question's time budget (it once ran
/// 345 s before refusing at the position budget, then stopped at a fixed 3 s that `--time`
/// did not raise), with exit 2 and an error naming the option that allows more; a small one
/// is answered.
#[test]
fn misere_search_stops_at_the_questions_time_budget() {
    grundy()
        .args([
            "analyze", "octal", "0.77", "101", "90", "--misere", "--time", "1",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "it was not answered within the time budget of 1 s: allow more with --time SECONDS",
        ));
    grundy()
        .args(["analyze", "octal", "0.77", "5", "6", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains("-position"));
    // Issue 65's example: refused at the fixed 3 s on a busy machine, answered within --time.
    grundy()
        .args(["analyze", "sum", "sub{3,5,7,9}:5,5", "sub{3,5,7,9}:5,5"])
        .args(["wythoff:4,4", "wythoff:4,4", "bachet{3}:6", "bachet{3}:6"])
        .args(["--misere", "--time", "60"])
        .assert()
        .success()
        .stdout(predicate::str::contains("P-position"));
}

/// A Kayles row of 2^64 − 1 pins gains a heap every two moves; the simulation still plays its
/// default 100,000 moves (it once slowed down quadratically) and stops there.
#[test]
fn huge_splitting_games_play_to_the_move_bound() {
    for players in ["perfect,perfect", "perfect,random"] {
        grundy()
            .args(["simulate", "octal", "kayles", "18446744073709551615"])
            .args(["--players", players, "--games", "1", "--seed", "1"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("more than 100000 moves"));
    }
}

#[test]
fn numeric_options_name_the_value_and_their_range() {
    // Every numeric option is read by one parser: a negative number, a fraction, a word or a
    // number past 2^64 - 1 is named with the option's own range, never as Rust's "invalid
    // digit found in string" or "number too large to fit in target type".
    let cases: &[(&[&str], &str)] = &[
        (
            &["analyze", "nim", "3", "--time"],
            "--time: \"{}\" is not a whole number of seconds from 1 to 604800",
        ),
        (
            &["analyze", "nim", "3", "--memory"],
            "--memory: \"{}\" is not a whole number of MiB from 1 to 1048576",
        ),
        (
            &["simulate", "nim", "3", "4", "--seed"],
            "--seed: \"{}\" is not a whole number from 0 to 18446744073709551615",
        ),
        (
            &["simulate", "nim", "3", "4", "--max-moves"],
            "--max-moves: \"{}\" is not a whole number of moves from 1 to 1000000000000",
        ),
        (
            &["simulate", "nim", "3", "4", "--games"],
            "--games: \"{}\" is not a whole number of games from 1 to 100000000",
        ),
        (
            &["play", "nim", "3", "--seed"],
            "--seed: \"{}\" is not a whole number from 0 to 18446744073709551615",
        ),
        (
            &["misere", "quotient", "kayles", "--max-heap"],
            "--max-heap: \"{}\" is not a whole number of tokens from 1 to 1000",
        ),
        (
            &[
                "misere",
                "quotient",
                "kayles",
                "--max-heap",
                "5",
                "--seconds",
            ],
            "--seconds: \"{}\" is not a whole number of seconds from 1 to 86400",
        ),
        (
            &["misere", "genus", "kayles", "--count"],
            "--count: \"{}\" is not a whole number of heaps from 1 to 200",
        ),
        (
            &["wythoff", "image", "-o", "w.png", "--size"],
            "--size: \"{}\" is not a whole number of pixels from 16 to 4096",
        ),
        (
            &["search", "cram", "3x4", "--time"],
            "--time: \"{}\" is not a whole number of seconds from 1 to 604800",
        ),
        (
            &["search", "cram", "3x4", "--memory"],
            "--memory: \"{}\" is not a whole number of MiB from 1 to 65536",
        ),
    ];
    for (args, message) in cases {
        for value in ["-1", "abc", "1.5", "18446744073709551616"] {
            let out = grundy().args(*args).arg(value).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{args:?} {value}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains(&message.replace("{}", value)),
                "{args:?} {value}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{args:?} {value}: {err}");
        }
    }
}

/// A game too long after some that fit: the games finished are printed (text and JSON), and
/// the run still fails, saying how many of those asked for they are. Random players on Nim
/// 3 + 3 take 2 to 6 moves; with seed 7 and at most 4, the first game fits.
#[test]
fn a_run_stopped_by_a_long_game_keeps_the_games_finished() {
    let args = [
        "simulate",
        "nim",
        "3",
        "3",
        "--players",
        "random,random",
        "--games",
        "1000",
        "--seed",
        "7",
        "--max-moves",
        "4",
    ];
    let out = grundy().args(args).args(["--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let done = doc["games"].as_u64().unwrap();
    assert!(done > 0 && done < 1000, "{doc}");
    assert_eq!(doc["games_requested"], 1000);
    assert_eq!(doc["stopped"], "a game went on for more than 4 moves");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "a game went on for more than 4 moves (--max-moves): allow more with --max-moves N (up to 1000000000000) or start from a smaller position; the results above are of the {done} games finished (of 1000 asked for)"
        )),
        "{stderr}"
    );
    grundy()
        .args(args)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(format!("{done} games, player 1")));
}

/// Ctrl-C (SIGINT) and SIGTERM in a long run: the games finished are printed and the exit code
/// is 130, where the process used to end with nothing written.
#[cfg(unix)]
#[test]
fn an_interrupted_run_prints_the_games_finished() {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    for signal in ["-INT", "-TERM"] {
        // 10^8 games of Nim 5 + 6 + 7 take some two minutes here: the signal comes first.
        let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args([
                "simulate",
                "nim",
                "5",
                "6",
                "7",
                "--players",
                "random,random",
            ])
            .args(["--games", "100000000", "--seed", "1", "--json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        std::thread::sleep(Duration::from_millis(1500));
        let sent = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let out = child.wait_with_output().expect("exits");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{signal}: {stderr}");
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let done = doc["games"].as_u64().unwrap();
        assert!(done > 0 && done < 100_000_000, "{doc}");
        assert!(doc["stopped"].is_string(), "{doc}");
        let wins =
            doc["wins"][0]["wins"].as_u64().unwrap() + doc["wins"][1]["wins"].as_u64().unwrap();
        assert_eq!(wins, done);
        assert!(
            stderr.contains(&format!(
                "interrupted; the results above are of the {done} games finished (of 100000000 asked for)"
            )),
            "{signal}: {stderr}"
        );
    }
}

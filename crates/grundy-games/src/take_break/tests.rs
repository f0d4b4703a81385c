//! Take-and-break games as rulesets: Nim and Lasker's Nim written as codes equal the registered
//! rulesets, octal codes equal the octal solvers, and moves are the filtered options, counted
//! exactly, within the table and beyond it.

use super::*;
use crate::kernel::nim::Nim;
use crate::lasker::Lasker;
use crate::nimber::mex;

/// An option as a sorted list of the heaps it leaves (Nim and Lasker's Nim write taking a whole
/// heap as leaving a heap of 0).
fn normal(option: &[u64]) -> Vec<u64> {
    let mut heaps: Vec<u64> = option.iter().copied().filter(|&h| h > 0).collect();
    heaps.sort_unstable();
    heaps
}

fn normal_set(options: &[Vec<u64>]) -> Vec<Vec<u64>> {
    let mut all: Vec<Vec<u64>> = options.iter().map(|o| normal(o)).collect();
    all.sort();
    all
}

/// `game` and `other` have the same values, options and moves to every value on `heaps`.
fn same_as<R: Ruleset<Position = u64>>(
    game: &TakeBreakGame,
    other: &R,
    heaps: &[u64],
    listed: bool,
) {
    for &heap in heaps {
        let g = game.grundy(&heap).unwrap();
        assert_eq!(
            g,
            other.grundy(&heap).unwrap(),
            "{} heap {heap}",
            game.code()
        );
        if listed {
            assert_eq!(
                normal_set(&game.options(&heap)),
                normal_set(&other.options(&heap)),
                "{} heap {heap}",
                game.code()
            );
        }
        for target in [0, g / 2, g.saturating_sub(1), g + 1] {
            let ours = game.moves_to_value(&heap, target, 5).unwrap();
            let theirs = other.moves_to_value(&heap, target, usize::MAX).unwrap();
            assert_eq!(
                ours.total(),
                theirs.total(),
                "{} heap {heap} target {target}",
                game.code()
            );
            let all: Vec<Vec<u64>> = theirs.moves().iter().map(|o| normal(o)).collect();
            for m in ours.moves() {
                assert!(
                    all.contains(&normal(m)),
                    "{} heap {heap}: {m:?}",
                    game.code()
                );
            }
        }
    }
}

#[test]
fn nim_is_the_code_0_3_repeating() {
    let game = TakeBreakGame::parse("0.[3]").unwrap();
    let small: Vec<u64> = (0..80).collect();
    same_as(&game, &Nim, &small, true);
    // Beyond the table, through the proven arithmetic period G(n + 1) = G(n) + 1.
    let p = game.period().unwrap().unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (0, 1, 1));
    same_as(&game, &Nim, &[1 << 40, u64::MAX - 1, 1_000_000_007], false);
}

#[test]
fn laskers_nim_is_the_code_4_3_repeating() {
    let game = TakeBreakGame::parse("4.[3]").unwrap();
    let small: Vec<u64> = (0..60).collect();
    same_as(&game, &Lasker, &small, true);
    let p = game.period().unwrap().unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (1, 4, 4));
    // The splits of a huge heap are counted through the period (submasks of the high part),
    // and agree with Lasker's own count.
    same_as(
        &game,
        &Lasker,
        &[1 << 40, (1 << 40) + 3, 999_999_999_999, 123_456_789_012_345],
        false,
    );
}

#[test]
fn octal_codes_go_to_the_octal_solvers() {
    for (code, term) in [
        ("0.77", "octal{0.77}"),
        ("4.07", "octal{4.07}"),
        ("4!.0", "grundys"),
    ] {
        assert_eq!(build(code).unwrap().term(), term, "{code}");
    }
    assert_eq!(build("0.8").unwrap().term(), "hex{0.8}");
    // The general solver agrees with the octal solvers on their codes (values and periods).
    for code in ["0.77", "0.137", "4.07", "0.6", "4!.0"] {
        let ours = TakeBreakGame::parse(code).unwrap();
        let mut solver = Solver::new(ours.code());
        solver.extend_to(700).unwrap();
        let values = solver.values().to_vec();
        let octal = OctalGame::from_rules(ours.code().as_octal().unwrap());
        let theirs = octal.sequence(700).unwrap().values;
        assert_eq!(values, theirs, "{code}");
    }
    // Kayles' period through the move classes' Guy-Smith for up to three heaps (here two).
    let kayles = TakeBreakGame::parse("0.77").unwrap();
    let p = kayles.period().unwrap().unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (71, 12, 0));
}

/// Grundy's game written as the code `4!.0` and solved by this module's solver (unequal splits
/// listed as sets of pairs): its rare values as published by Flammenkamp ("Sprague-Grundy
/// values of Grundy's game", the list of known sparse values; docs/bibliography.md).
#[test]
fn grundys_game_as_a_code_has_the_published_sparse_values() {
    let mut solver = Solver::new(&TakeBreakCode::parse("4!.0").unwrap());
    solver.extend_to(232).unwrap();
    let g = solver.values();
    for (n, value) in [
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ] {
        assert_eq!(g[n], value, "G({n})");
    }
}

#[test]
fn moves_are_the_options_of_that_value() {
    for code in ["0.8", "C.0", "0.F!", "8!.0", "0.1[8]", "4.[7]", "0.2048"] {
        let game = TakeBreakGame::parse(code).unwrap();
        for heap in 0..36u64 {
            let options = game.options(&heap);
            let values: Vec<Nimber> = options
                .iter()
                .map(|o| game.value_of_all(o).unwrap())
                .collect();
            let g = game.grundy(&heap).unwrap();
            assert_eq!(g, mex(values.iter().copied()), "{code} heap {heap}");
            for target in 0..=g + 1 {
                let slow: Vec<Vec<u64>> = options
                    .iter()
                    .zip(&values)
                    .filter(|(_, &v)| v == target)
                    .map(|(o, _)| o.clone())
                    .collect();
                let fast = game.moves_to_value(&heap, target, usize::MAX).unwrap();
                assert!(fast.is_complete());
                assert_eq!(fast.moves(), slow, "{code} heap {heap} target {target}");
                // A cut list keeps the first moves and the exact count.
                let cut = game.moves_to_value(&heap, target, 2).unwrap();
                assert_eq!(cut.total(), slow.len() as u128);
                assert_eq!(cut.moves(), &slow[..slow.len().min(2)]);
                for o in &slow {
                    assert_eq!(game.option_to(&heap, o).as_ref(), Some(o), "{code} {heap}");
                }
            }
        }
    }
}

#[test]
fn single_heap_moves_beyond_the_table() {
    // 0.4[2]: take one and split in two, or take two or more leaving one heap. Periodic
    // moves leaving one heap are counted through the period at any size.
    for code in ["0.4[2]", "0.[2]", "4.4[3]", "0.44[3]"] {
        let game = TakeBreakGame::parse(code).unwrap();
        let Some(p) = game.period().unwrap() else {
            panic!("{code} has a proven period")
        };
        assert!(p.checked < 1 << 20);
        let heap = 1 << 33;
        let g = game.grundy(&heap).unwrap();
        assert_eq!(g, game.value_big(&BigUint::from(heap)).unwrap());
        for target in [0u64, 1, 2, g.saturating_sub(1)] {
            let moves = game.moves_to_value(&heap, target, 3).unwrap();
            for m in moves.moves() {
                let v = game.value_of_all(m).unwrap();
                assert_eq!(v, target, "{code}: {m:?}");
                assert_eq!(game.option_to(&heap, m).as_ref(), Some(m));
            }
            if target < g {
                assert!(moves.total() > 0, "{code}: a move to every smaller value");
            }
        }
    }
}

#[test]
fn limits_are_errors_that_say_why() {
    // Splits in three of a heap beyond the table are not counted.
    let game = TakeBreakGame::parse("0.8").unwrap();
    assert_eq!(game.grundy(&3_000_000_001).unwrap(), 1_000_000_000);
    let err = game
        .moves_to_value(&3_000_000_001, 0, 10)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("in three") && err.contains("below 8192"),
        "{err}"
    );
    // Below the bound the options are gone through, their values read from the period.
    let heap = MAX_TABLE_HEAP_THREE - 1;
    assert!(game.known_period().unwrap().checked < heap);
    let moves = game.moves_to_value(&heap, 0, 3).unwrap();
    assert!(moves.total() > 0);
    for m in moves.moves() {
        assert_eq!(game.value_of_all(m).unwrap(), 0);
    }
    // Unequal splits claim no period, so huge heaps are out of reach.
    let unequal = TakeBreakGame::parse("4!.[2]").unwrap();
    assert_eq!(unequal.period().unwrap(), None);
    let err = unequal.grundy(&(1 << 40)).unwrap_err().to_string();
    assert!(err.contains(&MAX_TABLE_HEAP.to_string()), "{err}");
    // Unequal splits in three are listed one by one: a smaller table.
    for (code, most) in [
        ("8!.0", MAX_TABLE_HEAP_UNEQUAL),
        ("8.7!", MAX_TABLE_HEAP_THREE),
        ("0.4[3]", MAX_TABLE_HEAP),
    ] {
        assert_eq!(
            TakeBreakGame::parse(code).unwrap().max_table_heap(),
            most,
            "{code}"
        );
    }
    // A value beyond 64 bits is an error, not a wrong number.
    let nim = TakeBreakGame::parse("0.[3]").unwrap();
    let huge = BigUint::from(u64::MAX) * 3u32;
    let err = nim.value_big(&huge).unwrap_err().to_string();
    assert!(err.contains("2^64"), "{err}");
    assert_eq!(nim.value_big(&BigUint::from(u64::MAX)).unwrap(), u64::MAX);
}

#[test]
fn explanations_and_gentle_moves() {
    let game = TakeBreakGame::parse("0.8").unwrap();
    assert!(game.value_source(&1000).contains("table"));
    game.period().unwrap();
    let d = game.explain_value(&7).unwrap();
    assert_eq!(d.value, 2);
    assert_eq!(game.gentlest_option(&7), Some(vec![1, 1, 4]));
    assert_eq!(game.gentlest_option(&2), None);
    assert!(game.value_source(&1000).contains("move-class"));
}

/// Issue 65: a heap beyond `u64` that is refused is named as given, not as the largest heap of
/// `u64` the table was searched for (`heap 18446744073709551615 is too large`, said of 10^30).
#[test]
fn a_refused_heap_beyond_64_bits_is_named_as_given() {
    let game = TakeBreakGame::parse("4!.[2]").unwrap();
    for heap in [BigUint::from(u64::MAX) + 1u32, BigUint::from(10u32).pow(30)] {
        let err = game.value_big(&heap).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("heap {heap} is too large")),
            "{err}"
        );
        assert!(!err.contains(&u64::MAX.to_string()), "{err}");
    }
    // Within `u64`, the heap is named as before.
    let err = game
        .value_big(&BigUint::from(100_000u32))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("heap 100000 is too large"), "{err}");
}

//! Heaps beyond 2^64 - 1 of rulesets whose value is a lookup (subtraction, octal and
//! take-and-break games with a proven period; Lasker's Nim in `games/lasker/big.rs`): their values against the period read off
//! values computed directly, their winning moves against an independent count, and the
//! invariant that every winning move reaches nim-sum 0. Refusals name the limit.

use grundy_core::big_nim::{analyze_big, BigComponent};
use grundy_core::games::octal::OctalGame;
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::kernel::heap_sequence::stand_in;
use grundy_core::kernel::{BigHeaps, Ruleset};
use grundy_core::spec::{parse_big_sum, parse_rules};
use grundy_core::strategy::Convention;
use grundy_core::sum::Outcome;
use num_bigint::BigUint;

fn big(text: &str) -> BigUint {
    text.parse().unwrap()
}

/// 2^64 - 1, 2^64, 2^64 + 1 and a few more on both sides, 10^30 and its neighbours.
fn huge_heaps() -> Vec<BigUint> {
    let two64 = BigUint::from(1u8) << 64;
    let mut heaps = Vec::new();
    for d in 0..12u32 {
        heaps.push(&two64 + d);
        heaps.push(&two64 - 1u32 - d);
    }
    let e30 = big("1000000000000000000000000000000");
    for d in 0..12u32 {
        heaps.push(&e30 + d);
    }
    heaps
}

/// `G(h)` read off values computed directly: `h` reduced into `[n0, n0 + p)`.
fn by_period(values: &[u32], n0: u64, p: u64, h: &BigUint) -> u64 {
    let reduced = if *h < BigUint::from(n0) {
        u64::try_from(h).unwrap()
    } else {
        n0 + u64::try_from(&((h - n0) % p)).unwrap()
    };
    u64::from(values[reduced as usize])
}

#[test]
fn subtraction_values_of_huge_heaps_are_the_period_s() {
    for set in [
        vec![1, 4, 9],
        vec![2, 3, 7],
        vec![1, 2, 3],
        vec![3, 5, 8, 13],
    ] {
        let game = SubtractionGame::new(set.clone()).unwrap();
        let p = game
            .sequence()
            .period
            .expect("these sets have proven periods");
        // Values computed bottom-up, with no period used, well past the proof.
        let direct = grundy_core::games::subtraction::subtraction_values(&set, 4096);
        // The period holds for heaps just above the preperiod, as far as computed.
        for n in p.preperiod as usize..direct.len() - p.period as usize {
            assert_eq!(direct[n + p.period as usize], direct[n], "{set:?} at {n}");
        }
        let term = Ruleset::term(&game);
        for h in huge_heaps() {
            let sum = parse_big_sum(&format!("{term}:{h}")).unwrap();
            let value = sum.value().unwrap();
            let expected = by_period(&direct, p.preperiod, p.period, &h);
            assert_eq!(value, BigUint::from(expected), "{term} at {h}");
        }
    }
}

/// Bouton's invariant and completeness: every winning move reaches nim-sum 0, and the moves
/// listed are exactly the amounts `s` with `G(h - s) = target`, found by lookups of `h - s`.
#[test]
fn subtraction_winning_moves_of_huge_heaps_are_every_amount_to_the_target() {
    for term in ["sub{1,4,9}", "sub{2,3,7}", "bachet{3}", "sub{3,5,8,13}"] {
        let rules = parse_rules(term).unwrap();
        for h in huge_heaps() {
            for other in 0..4u64 {
                let text = format!("{term}:{h} + nim:{other}");
                let sum = parse_big_sum(&text).unwrap();
                let a = analyze_big(&sum, Convention::Normal).unwrap();
                let g = rules.value_big(&h).unwrap();
                assert_eq!(a.total, BigUint::from(g ^ other), "{text}");
                for m in a.winning_moves.moves() {
                    let after = sum.after(m);
                    assert_eq!(after.value().unwrap(), BigUint::ZERO, "{text}: {m}");
                }
                if u64::try_from(&h).is_ok() {
                    continue;
                }
                // Independently: the amounts whose option has the target value (the one that
                // makes the nim-sum 0: `other`), by lookups of `h - s`.
                let target = other;
                let expected: Vec<String> = rules
                    .amounts()
                    .iter()
                    .copied()
                    .filter(|&s| rules.value_big(&(&h - s)).unwrap() == target)
                    .map(|s| format!("heap 1: {h} -> {} (take {s})", &h - s))
                    .collect();
                let listed: Vec<String> = a
                    .winning_moves
                    .moves()
                    .iter()
                    .map(|m| m.to_string())
                    .filter(|t| t.starts_with("heap 1:"))
                    .collect();
                assert_eq!(listed, expected, "{text}");
                assert!(a.winning_moves.is_complete());
                assert_eq!(a.outcome == Outcome::P, g == other, "{text}");
            }
        }
    }
}

/// The stand-in heap plays like the heap it stands for: same value, and the same amounts
/// taken by the winning moves, for heaps small enough to compute directly.
#[test]
fn a_stand_in_has_the_moves_of_its_heap() {
    let game = SubtractionGame::new([2, 3, 7]).unwrap();
    let p = game.sequence().period.unwrap();
    for n in 20_000u64..20_200 {
        let r = stand_in(p, 7, &BigUint::from(n)).unwrap();
        assert!(r >= p.preperiod + 8 && r < p.preperiod + 8 + p.period);
        assert_eq!(game.value(r).unwrap(), game.value(n).unwrap());
        for target in 0..4 {
            let taken = |h: u64| -> Vec<u64> {
                game.moves_to_value(&h, target, 100)
                    .unwrap()
                    .moves()
                    .iter()
                    .map(|to| h - to[0])
                    .collect()
            };
            assert_eq!(
                taken(r),
                taken(n),
                "heap {n}, stand-in {r}, target {target}"
            );
        }
    }
    // No stand-in for an arithmetic period, or below its bound.
    let mut arithmetic = p;
    arithmetic.saltus = 1;
    assert_eq!(stand_in(arithmetic, 7, &(BigUint::from(1u8) << 70)), None);
    assert_eq!(stand_in(p, 7, &BigUint::from(p.preperiod)), None);
}

#[test]
fn kayles_at_huge_heaps_is_the_published_period() {
    // Kayles (0.77) has period 12 from n = 72 on (Guy and Smith 1956; Winning Ways ch. 4):
    // G(72..84) = 4 1 2 8 1 4 7 2 1 8 2 7.
    let published = [4u64, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
    for h in huge_heaps() {
        let sum = parse_big_sum(&format!("octal{{0.77}}:{h}")).unwrap();
        let i = u64::try_from(&((&h - 72u32) % 12u32)).unwrap() as usize;
        assert_eq!(
            sum.value().unwrap(),
            BigUint::from(published[i]),
            "Kayles at {h}"
        );
    }
}

/// Splits of a huge heap are counted through the period: for heaps that fit in `u64` the
/// big-integer count agrees with the engine's own count, move for move.
#[test]
fn octal_split_moves_of_big_heaps_agree_with_the_u64_count() {
    for code in ["0.77", "0.07", "0.137", "4.07", "0.52", "0.75"] {
        let game = OctalGame::parse(code).unwrap();
        game.period().unwrap().expect("a proven period");
        for h in [1_000u64, 12_345, 1_000_003, u64::MAX - 5, u64::MAX] {
            for target in 0..6 {
                let small = game.moves_to_value(&h, target, 50).unwrap();
                let Some(bigs) = BigHeaps::moves_to_value_big(&game, &BigUint::from(h), target, 50)
                else {
                    panic!("{code} splits");
                };
                let bigs = bigs.unwrap();
                assert_eq!(small.count(), bigs.count(), "{code} at {h} to {target}");
                let as_big: Vec<Vec<BigUint>> = small
                    .moves()
                    .iter()
                    .map(|m| m.iter().map(|&x| BigUint::from(x)).collect())
                    .collect();
                assert_eq!(as_big, bigs.moves(), "{code} at {h} to {target}");
            }
        }
    }
}

#[test]
fn octal_winning_moves_of_huge_heaps_reach_nim_sum_zero() {
    for term in [
        "octal{0.77}",
        "octal{0.07}",
        "octal{0.33}",
        "octal{4.07}",
        "hex{0.33}",
    ] {
        for h in huge_heaps() {
            for other in [0u64, 1, 5] {
                let text = format!("{term}:{h} + nim:{other}");
                let sum = parse_big_sum(&text).unwrap();
                let a = analyze_big(&sum, Convention::Normal).unwrap();
                assert_eq!(a.outcome == Outcome::P, a.total == BigUint::ZERO);
                if a.total != BigUint::ZERO {
                    assert!(a.winning_moves.count() > BigUint::ZERO, "{text}");
                }
                for m in a.winning_moves.moves().iter().take(200) {
                    assert_eq!(sum.after(m).value().unwrap(), BigUint::ZERO, "{text}: {m}");
                }
            }
        }
    }
}

#[test]
fn huge_heaps_read_back_and_serialise_as_strings() {
    let text = "sub{1,4,9}:18446744073709551616,7 + nim:100000000000000000000000";
    let sum = parse_big_sum(text).unwrap();
    assert!(matches!(sum.components[0], BigComponent::Heap(_)));
    assert!(matches!(sum.components[1], BigComponent::Small(_)));
    assert_eq!(sum.to_terms(), text);
    let json = serde_json::to_string(&sum.components[0]).unwrap();
    assert_eq!(
        json,
        r#"{"ruleset":"subtraction {1,4,9}","heap":"18446744073709551616"}"#
    );
}

#[test]
fn rulesets_without_a_lookup_refuse_huge_heaps_by_name() {
    // All-but games are a lookup through their proven arithmetic period (games::all_but::big).
    assert!(parse_big_sum("allbut{2}:18446744073709551616").is_ok());
    for (term, needle) in [
        (
            "grundys:18446744073709551616",
            "heap 18446744073709551616 of grundys-game",
        ),
        (
            "octal{0.6}:18446744073709551616",
            "heap 18446744073709551616 of octal 0.6",
        ),
        ("hex{0.8}:1000000000000000000000", "333333333333333333333"),
    ] {
        let err = parse_big_sum(term).unwrap_err().to_string();
        assert!(err.contains(needle), "{term}: {err}");
        assert!(err.contains("2^64"), "{term}: {err}");
    }
    // A take-and-break code that splits: the value is given, the moves refused by name.
    let sum = parse_big_sum("hex{0.8}:18446744073709551616").unwrap();
    let err = analyze_big(&sum, Convention::Normal)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("listing the moves of heap 18446744073709551616"),
        "{err}"
    );
}

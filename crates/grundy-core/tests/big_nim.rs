//! Nim heaps of any size, alone and in sums, against brute-force reasoning.
//!
//! Big heaps cannot be searched exhaustively, so the checks are the defining properties: every
//! listed winning move leads to a P-position, none is listed from a P-position, and no winning
//! move is missing. For a Nim heap `h` in a position of total `T` the one move that can win is
//! to `h XOR T` (the only option of that value), so it is missing exactly when `h XOR T < h`
//! and it is not listed; other components are small enough to enumerate every option.

use std::sync::Arc;

use grundy_core::big_nim::{analyze_big, BigComponent, BigMove, BigSum};
use grundy_core::games::octal::OctalGame;
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::kernel::bouton::{self, NimMove};
use grundy_core::kernel::component::Component;
use grundy_core::strategy::Convention;
use grundy_core::sum::Outcome;
use num_bigint::BigUint;
use proptest::prelude::*;

/// A heap of 0 to 5 32-bit digits: from 0 to beyond 2^128.
fn big_heap() -> impl Strategy<Value = BigUint> {
    prop::collection::vec(any::<u32>(), 0..6).prop_map(BigUint::new)
}

/// A heap beyond 2^64 - 1 (three to five 32-bit digits, the top one non-zero).
fn huge_heap() -> impl Strategy<Value = BigUint> {
    (prop::collection::vec(any::<u32>(), 2..4), 1u32..).prop_map(|(mut digits, top)| {
        digits.push(top);
        BigUint::new(digits)
    })
}

fn nim_heaps() -> impl Strategy<Value = Vec<BigUint>> {
    prop::collection::vec(big_heap(), 0..8)
}

/// The position after a move of misère or normal Nim.
fn after_nim(heaps: &[BigUint], m: &NimMove<BigUint>) -> Vec<BigUint> {
    let mut next = heaps.to_vec();
    next[m.heap] = m.to.clone();
    next
}

fn top_bit_heaps(heaps: &[BigUint]) -> usize {
    let total = bouton::nim_sum_of(heaps);
    match total.bits().checked_sub(1) {
        Some(k) => heaps.iter().filter(|h| h.bit(k)).count(),
        None => 0,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn normal_nim_moves_are_exactly_bouton(heaps in nim_heaps()) {
        let moves = bouton::winning_moves_big(&heaps);
        prop_assert_eq!(moves.len(), top_bit_heaps(&heaps));
        prop_assert_eq!(moves.is_empty(), bouton::is_p_position_big(&heaps));
        let total = bouton::nim_sum_of(&heaps);
        for m in &moves {
            prop_assert!(m.to < m.from);
            prop_assert_eq!(&m.from, &heaps[m.heap]);
            prop_assert!(bouton::is_p_position_big(&after_nim(&heaps, m)));
        }
        // No other heap has a winning move: its only candidate h XOR total is not smaller.
        for (i, h) in heaps.iter().enumerate() {
            if !moves.iter().any(|m| m.heap == i) {
                prop_assert!(h ^ &total >= *h);
            }
        }
    }

    #[test]
    fn misere_nim_moves_match_the_candidates(
        big in prop::collection::vec(big_heap(), 0..3),
        small in prop::collection::vec(0u32..3, 0..5),
    ) {
        // Mostly heaps of 0, 1 and 2, so the endgame (only 0s and 1s left) comes up often.
        let heaps: Vec<BigUint> = big.into_iter().chain(small.into_iter().map(BigUint::from)).collect();
        let moves = bouton::misere_winning_moves_big(&heaps);
        // With no token left the player to move has already won (an N-position with no move).
        if heaps.iter().any(|h| h.bits() > 0) {
            prop_assert_eq!(moves.is_empty(), bouton::is_misere_p_position_big(&heaps));
        }
        // Any move to a misère P-position either keeps a heap of 2 or more (then the nim-sum
        // is 0, so the target is the others' nim-sum) or leaves only 0s and 1s (target 0 or 1):
        // these candidates, checked one by one, are every winning move.
        let total = bouton::nim_sum_of(&heaps);
        let mut expected = Vec::new();
        for (i, h) in heaps.iter().enumerate() {
            let mut targets = vec![&total ^ h, BigUint::from(0u32), BigUint::from(1u32)];
            targets.sort();
            targets.dedup();
            for to in targets.into_iter().filter(|t| t < h) {
                let m = NimMove { heap: i, from: h.clone(), to };
                if bouton::is_misere_p_position_big(&after_nim(&heaps, &m)) {
                    expected.push(m);
                }
            }
        }
        prop_assert_eq!(moves, expected);
    }

    #[test]
    fn big_rules_agree_with_u64_rules(heaps in prop::collection::vec(any::<u64>(), 0..6)) {
        let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
        let widen = |moves: Vec<NimMove>| -> Vec<NimMove<BigUint>> {
            moves
                .into_iter()
                .map(|m| NimMove { heap: m.heap, from: m.from.into(), to: m.to.into() })
                .collect()
        };
        prop_assert_eq!(bouton::winning_moves_big(&big), widen(bouton::winning_moves(&heaps)));
        prop_assert_eq!(
            bouton::misere_winning_moves_big(&big),
            widen(bouton::misere_winning_moves(&heaps))
        );
        prop_assert_eq!(bouton::is_p_position_big(&big), bouton::is_p_position(&heaps));
        prop_assert_eq!(
            bouton::is_misere_p_position_big(&big),
            bouton::is_misere_p_position(&heaps)
        );
    }

    #[test]
    fn mixed_sums_with_huge_heaps_list_every_winning_move(sum in mixed_sum()) {
        check_mixed(&sum);
    }
}

/// A sum of huge Nim heaps (some in pairs that cancel above bit 8, so the total often fits in
/// `u64`, some alone, so it often does not), small Nim heaps, subtraction and Kayles heaps, in
/// random order.
fn mixed_sum() -> impl Strategy<Value = BigSum> {
    let subtraction = Arc::new(SubtractionGame::new([1, 4, 9]).unwrap());
    let kayles = Arc::new(OctalGame::named("kayles").unwrap());
    (
        prop::collection::vec((huge_heap(), 0u32..256), 0..3),
        prop::collection::vec(huge_heap(), 0..2),
        prop::collection::vec(0u64..20, 0..3),
        prop::collection::vec(0u64..30, 0..3),
        prop::collection::vec(0u64..30, 0..3),
    )
        .prop_map(move |(pairs, singles, nims, subs, kays)| {
            let mut components = Vec::new();
            for (h, r) in pairs {
                let partner = &h ^ BigUint::from(r);
                components.push(BigComponent::nim(h));
                components.push(BigComponent::nim(partner));
            }
            components.extend(singles.into_iter().map(BigComponent::nim));
            components.extend(
                nims.into_iter()
                    .map(|h| BigComponent::Small(Component::nim(h))),
            );
            components.extend(
                subs.into_iter()
                    .map(|h| BigComponent::Small(Component::new(&subtraction, h))),
            );
            components.extend(
                kays.into_iter()
                    .map(|h| BigComponent::Small(Component::new(&kayles, h))),
            );
            components
        })
        .prop_shuffle()
        .prop_map(|components| BigSum { components })
}

/// The position after `m`, as [`grundy_core::sum::Sum::apply`] plays it.
fn after(sum: &BigSum, m: &BigMove) -> BigSum {
    let mut next = sum.clone();
    match m {
        BigMove::Nim(m) => next.components[m.heap] = BigComponent::nim(m.to.clone()),
        BigMove::Small(m) => {
            let mut parts = m.to.iter().cloned().map(BigComponent::Small);
            next.components[m.component] = parts
                .next()
                .unwrap_or_else(|| BigComponent::Small(m.from.emptied()));
            next.components.extend(parts);
        }
        // No heap of another ruleset beyond u64 in these sums (tests/big_heaps.rs has them).
        BigMove::Heap(_) => return sum.after(m),
    }
    next
}

/// The position in a line, without the rulesets' internal tables.
fn describe(sum: &BigSum) -> String {
    let parts: Vec<String> = sum
        .components
        .iter()
        .map(|c| format!("{}:{c}", c.ruleset_name()))
        .collect();
    parts.join(" + ")
}

/// Every listed move wins, and every winning move is listed (see the module's comment).
fn check_mixed(sum: &BigSum) {
    let analysis = analyze_big(sum, Convention::Normal).unwrap();
    let total = sum.value().unwrap();
    assert_eq!(analysis.total, total);
    assert_eq!(analysis.outcome == Outcome::P, total.bits() == 0);
    if total.bits() == 0 {
        assert!(analysis.winning_moves.is_empty());
    }
    for m in &analysis.winning_moves {
        assert_eq!(after(sum, m).value().unwrap().bits(), 0, "{m}");
    }
    for (i, c) in sum.components.iter().enumerate() {
        let listed: Vec<&BigMove> = analysis
            .winning_moves
            .iter()
            .filter(|m| m.component() == i)
            .collect();
        if let Some(h) = c.nim_heap() {
            let target = &h ^ &total;
            let texts: Vec<String> = listed.iter().map(|m| m.result_text()).collect();
            let expected: Vec<String> = if target < h {
                vec![target.to_string()]
            } else {
                vec![]
            };
            assert_eq!(texts, expected, "heap {i} of {}", describe(sum));
            continue;
        }
        let BigComponent::Small(small) = c else {
            unreachable!("big components are Nim heaps")
        };
        let g = c.value().unwrap();
        let mut expected: Vec<String> = small
            .options()
            .into_iter()
            .filter(|parts| {
                let v = parts.iter().fold(BigUint::from(0u32), |acc, p| {
                    acc ^ BigUint::from(p.value().unwrap())
                });
                (&total ^ &g ^ v).bits() == 0
            })
            .map(|parts| {
                parts
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" + ")
            })
            .collect();
        let mut listed: Vec<String> = listed.iter().map(|m| m.result_text()).collect();
        expected.sort();
        listed.sort();
        assert_eq!(listed, expected, "component {i} of {}", describe(sum));
    }
}

fn two_to_the(k: u32) -> BigUint {
    BigUint::from(1u32) << k
}

/// Both sides of the threshold where the total leaves `u64`: a subtraction heap of value 3
/// can take part only while the total fits.
#[test]
fn other_components_move_only_while_the_total_fits_in_u64() {
    let game = Arc::new(SubtractionGame::new([1, 2, 3]).unwrap());
    let sub = BigComponent::Small(Component::new(&game, 3)); // value 3
                                                             // Total 2^64 XOR 3: only the big heap can move (to 3).
    let sum = BigSum {
        components: vec![BigComponent::nim(two_to_the(64)), sub.clone()],
    };
    let a = analyze_big(&sum, Convention::Normal).unwrap();
    assert_eq!(a.total, two_to_the(64) + 3u32);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(
        a.winning_moves[0].to_string(),
        "heap 1: 18446744073709551616 -> 3 (take 18446744073709551613)"
    );
    check_mixed(&sum);
    // Heaps 2^64 and 2^65 - 1: total 2^64 - 1, the largest that fits. Its top bit is bit 63,
    // which the second heap has, and the subtraction heap (value 3) cannot reach 3 XOR total.
    let sum = BigSum {
        components: vec![
            BigComponent::nim(two_to_the(64)),
            BigComponent::nim(two_to_the(65) - 1u32),
            sub.clone(),
        ],
    };
    let a = analyze_big(&sum, Convention::Normal).unwrap();
    assert_eq!(a.total, two_to_the(64) - 4u32);
    check_mixed(&sum);
    // Heaps 2^64 and 2^64 + 1 cancel but for 1: total 1 ^ 3 = 2, so the subtraction heap moves
    // to value 1 (heap 1, taking 2); neither big heap has bit 1.
    let sum = BigSum {
        components: vec![
            BigComponent::nim(two_to_the(64)),
            BigComponent::nim(two_to_the(64) + 1u32),
            sub,
        ],
    };
    let a = analyze_big(&sum, Convention::Normal).unwrap();
    assert_eq!(a.total, BigUint::from(2u32));
    let texts: Vec<String> = a.winning_moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(texts, ["heap 3: 3 -> 1 (take 2)"]);
    check_mixed(&sum);
}

#[test]
fn misere_sums_with_huge_heaps_and_other_games_are_refused() {
    let game = Arc::new(SubtractionGame::new([1, 2]).unwrap());
    let sum = BigSum {
        components: vec![
            BigComponent::Small(Component::new(&game, 4)),
            BigComponent::nim(two_to_the(70)),
        ],
    };
    let e = analyze_big(&sum, Convention::Misere)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("component 2") && e.contains("misère Nim alone"),
        "{e}"
    );
    // Pure misère Nim at that size is answered.
    let nim = BigSum::nim(&[two_to_the(70), BigUint::from(1u32)]);
    let a = analyze_big(&nim, Convention::Misere).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(
        a.winning_moves[0].to_string(),
        format!("heap 1: {} -> 0 (take {})", two_to_the(70), two_to_the(70))
    );
}

#[test]
fn positions_without_huge_heaps_answer_as_ordinary_sums() {
    let sum = grundy_core::spec::parse_big_sum("nim:2,3 + sub{1,4,9}:11").unwrap();
    let small = grundy_core::spec::parse_sum("nim:2,3 + sub{1,4,9}:11").unwrap();
    assert_eq!(sum.to_sum(), Some(small.clone()));
    let a = analyze_big(&sum, Convention::Normal).unwrap();
    let b = grundy_core::strategy::analyze(&small, Convention::Normal).unwrap();
    assert_eq!(
        a.values,
        b.values
            .iter()
            .map(|&v| BigUint::from(v))
            .collect::<Vec<_>>()
    );
    let texts = |v: Vec<String>| v;
    assert_eq!(
        texts(a.winning_moves.iter().map(|m| m.to_string()).collect()),
        texts(b.winning_moves.iter().map(|m| m.to_string()).collect())
    );
}

#[test]
fn big_sums_parse_and_refuse_bad_heaps() {
    let s = grundy_core::spec::parse_big_sum("nim:18446744073709551616, 5 + sub{1,2}:3").unwrap();
    assert_eq!(s.components.len(), 3);
    assert_eq!(s.components[0], BigComponent::Nim(two_to_the(64)));
    assert_eq!(s.components[1], BigComponent::Small(Component::nim(5)));
    for (text, needle) in [
        ("nim:-3", "invalid heap \"-3\""),
        ("nim:3,,4", "item 2 is empty"),
        ("nim:", "heap list"),
        ("grundys:18446744073709551616", "2^64 - 1"),
        ("wythoff:18446744073709551616,1", "out of range"),
    ] {
        let e = grundy_core::spec::parse_big_sum(text)
            .unwrap_err()
            .to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
    let long = format!("nim:{}", "9".repeat(100_001));
    let e = grundy_core::spec::parse_big_sum(&long)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("(100001 digits)") && e.contains("at most 100000 digits"),
        "{e}"
    );
    let longest = format!("nim:{}", "9".repeat(100_000));
    assert!(grundy_core::spec::parse_big_sum(&longest).is_ok());
}

//! Property tests: on random small positions, every closed form agrees with exhaustive search,
//! and the two defining invariants of P- and N-positions hold.

use std::sync::Arc;

use grundy_core::games::all_but::AllButGame;
use grundy_core::games::subtraction::{subtraction_values, SubtractionGame};
use grundy_core::games::take_break::code::{TakeBreakCode, UNEQUAL};
use grundy_core::games::take_break::TakeBreakGame;
use grundy_core::kernel::bouton;
use grundy_core::kernel::component::Component;
use grundy_core::solve::{grundy_by_search, misere_outcome_by_search, DEFAULT_POSITION_LIMIT};
use grundy_core::strategy::{analyze, Convention};
use grundy_core::sum::{Outcome, Sum};
use proptest::prelude::*;

const LIMIT: usize = DEFAULT_POSITION_LIMIT;

fn nim_heaps() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0u64..8, 0..5)
}

fn take_set() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::btree_set(1u64..10, 1..5).prop_map(|s| s.into_iter().collect())
}

/// A random small sum mixing Nim, subtraction and all-but components.
fn mixed_sum() -> impl Strategy<Value = Sum> {
    let component = prop_oneof![
        (0u64..7).prop_map(Component::nim),
        (take_set(), 0u64..14).prop_map(|(set, h)| {
            Component::new(&Arc::new(SubtractionGame::new(set).unwrap()), h)
        }),
        (prop::collection::btree_set(1u64..5, 0..3), 0u64..9)
            .prop_map(|(ex, h)| { Component::new(&Arc::new(AllButGame::new(ex).unwrap()), h) }),
    ];
    prop::collection::vec(component, 0..4).prop_map(Sum::new)
}

/// A random take-and-break code `d0.d1d2` (hexadecimal digits, `!` on splitting digits by a
/// bit, a repeating digit or not) and a sum of up to three of its small heaps.
fn take_break_sum() -> impl Strategy<Value = Sum> {
    (
        0usize..4,
        0u8..16,
        0u8..16,
        prop::option::of(0u8..16),
        0u8..8,
        prop::collection::vec(0u64..9, 1..4),
    )
        .prop_filter_map("a valid code", |(d0, d1, d2, rep, flags, heaps)| {
            let mark = |i: u8, cell: u8| {
                if flags >> i & 1 == 1 && cell & 12 != 0 {
                    cell | UNEQUAL
                } else {
                    cell
                }
            };
            let prefix = [mark(0, [0, 4, 8, 12][d0]), mark(1, d1), d2];
            let repeat: Vec<u8> = rep.into_iter().map(|r| mark(2, r)).collect();
            let game = Arc::new(TakeBreakGame::new(TakeBreakCode::from_cells(
                &prefix, &repeat,
            )?));
            Some(Sum::new(
                heaps
                    .into_iter()
                    .map(|h| Component::new(&game, h))
                    .collect(),
            ))
        })
}

/// The outcome under `convention` by exhaustive search.
fn searched(sum: &Sum, convention: Convention) -> Outcome {
    match convention {
        Convention::Normal => Outcome::of_value(grundy_by_search(sum, LIMIT).unwrap()),
        Convention::Misere => misere_outcome_by_search(sum, LIMIT).unwrap(),
    }
}

/// Checks the analysis of `sum` against search: the outcome, that every reported winning move
/// reaches a P-position, that every P-position's moves reach N-positions, and that the winning
/// moves reported are exactly the moves to P-positions.
fn check_against_search(sum: &Sum, convention: Convention) -> Result<(), TestCaseError> {
    let analysis = analyze(sum, convention).unwrap();
    prop_assert_eq!(analysis.outcome, searched(sum, convention));
    let mut to_p = Vec::new();
    for m in sum.moves().unwrap() {
        if searched(&sum.after(&m), convention) == Outcome::P {
            to_p.push(m);
        }
    }
    match analysis.outcome {
        Outcome::P => prop_assert!(to_p.is_empty(), "a P-position has a move to a P-position"),
        // Under misère play a finished game is an N-position with no move at all: the player to
        // move has already won. Every other N-position has a move to a P-position.
        Outcome::N if sum.is_terminal() => prop_assert_eq!(convention, Convention::Misere),
        Outcome::N => prop_assert!(
            !to_p.is_empty(),
            "an N-position has no move to a P-position"
        ),
    }
    prop_assert!(analysis.winning_moves.is_complete());
    let mut reported = analysis.winning_moves.clone().into_moves();
    reported.sort_by_key(|m| format!("{m:?}"));
    to_p.sort_by_key(|m| format!("{m:?}"));
    prop_assert_eq!(reported, to_p);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn nim_matches_search(heaps in nim_heaps()) {
        check_against_search(&Sum::nim(&heaps), Convention::Normal)?;
        prop_assert_eq!(bouton::is_p_position(&heaps), Sum::nim(&heaps).value().unwrap() == 0);
    }

    #[test]
    fn misere_nim_matches_search(heaps in nim_heaps()) {
        check_against_search(&Sum::nim(&heaps), Convention::Misere)?;
    }

    #[test]
    fn subtraction_values_match_search(set in take_set(), heap in 0u64..40) {
        let game = Arc::new(SubtractionGame::new(set).unwrap());
        let sum = Sum::new(vec![Component::new(&game, heap)]);
        prop_assert_eq!(game.value(heap).unwrap(), grundy_by_search(&sum, LIMIT).unwrap());
    }

    #[test]
    fn mixed_sums_match_search(sum in mixed_sum()) {
        prop_assert_eq!(sum.value().unwrap(), grundy_by_search(&sum, LIMIT).unwrap());
        check_against_search(&sum, Convention::Normal)?;
    }

    #[test]
    fn misere_mixed_sums_match_search(sum in mixed_sum()) {
        check_against_search(&sum, Convention::Misere)?;
    }


    /// A proven period predicts values far past the computation that proved it.
    #[test]
    fn periods_hold_far_past_the_certificate(
        set in prop::collection::btree_set(1u64..60, 1..8).prop_map(|s| s.into_iter().collect::<Vec<_>>())
    ) {
        let game = SubtractionGame::new(set.clone()).unwrap();
        let period = game.sequence().period.expect("finite take-sets are periodic");
        let far = period.checked as usize * 4 + 5000;
        let direct = naive_values(&set, far);
        prop_assert_eq!(&subtraction_values(&set, far), &direct);
        for (n, &v) in direct.iter().enumerate() {
            prop_assert_eq!(game.value(n as u64).unwrap(), u64::from(v), "G({})", n);
        }
        // Least period: no proper divisor... nor any smaller shift works from the preperiod on.
        let (pre, p) = (period.preperiod as usize, period.period as usize);
        for q in 1..p {
            prop_assert!((pre..far - q).any(|n| direct[n] != direct[n + q]), "{} is a smaller period", q);
        }
        // Least preperiod for that period.
        if pre > 0 {
            prop_assert_ne!(direct[pre - 1], direct[pre - 1 + p]);
        }
    }
}

/// G(0..count) straight from the definition, independent of the engine's bitset mex.
fn naive_values(set: &[u64], count: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(count);
    for n in 0..count as u64 {
        let options = set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| u64::from(g[(n - s) as usize]));
        g.push(grundy_core::nimber::mex(options) as u32);
    }
    g
}

/// Exhaustive, not random: every Nim position of up to three heaps of at most 7 tokens.
#[test]
fn all_small_nim_positions_normal_and_misere() {
    for a in 0..8u64 {
        for b in 0..8 {
            for c in 0..8 {
                let sum = Sum::nim(&[a, b, c]);
                for convention in [Convention::Normal, Convention::Misere] {
                    check_against_search(&sum, convention).unwrap();
                }
            }
        }
    }
}

/// The sum of Louis (2021) (docs/bibliography.md): heaps 11 15 14 10 23 8 of S = {1,4,9,12,16};
/// the first player wins.
#[test]
fn louis_2021_sum_by_search() {
    let game = Arc::new(SubtractionGame::new([1, 4, 9, 12, 16]).unwrap());
    let sum = Sum::new(
        [11, 15, 14, 10, 23, 8]
            .iter()
            .map(|&h| Component::new(&game, h))
            .collect(),
    );
    assert_eq!(sum.values().unwrap(), vec![1, 0, 1, 0, 3, 1]);
    assert_eq!(sum.value().unwrap(), 2);
    for m in sum.winning_moves().unwrap() {
        let after = sum.after(&m);
        assert_eq!(after.value().unwrap(), 0);
        // Every reply from the P-position leads back to an N-position.
        for reply in after.moves().unwrap() {
            assert_ne!(after.after(&reply).value().unwrap(), 0);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    /// Take-and-break codes (splits in three, repeating digits, unequal heaps): values,
    /// outcomes and every winning move agree with exhaustive search (fewer cases: a split in
    /// three has many moves to search).
    #[test]
    fn take_break_sums_match_search(sum in take_break_sum()) {
        prop_assert_eq!(sum.value().unwrap(), grundy_by_search(&sum, LIMIT).unwrap());
        check_against_search(&sum, Convention::Normal)?;
    }
}

use super::*;
use crate::kernel::Ruleset;
use crate::moore::Moore;

/// Every position of up to four heaps of at most 9, for k = 1, 2, 3: the outcome is the
/// engine's (exhaustive search, checked against Moore's theorem in `moore/tests.rs`), and
/// the constructed move is one of the engine's winning moves, taking from at most k heaps,
/// its column walk adding up.
#[test]
fn the_construction_finds_a_winning_move_everywhere() {
    for k in 1..=3u64 {
        let rules = Moore::new(k).unwrap();
        for n in 1..=4usize {
            let mut heaps = vec![0u64; n];
            loop {
                let e = MooreExplanation::new(k, &heaps);
                let p = rules.is_p_position(&heaps).unwrap();
                assert_eq!(e.outcome == Outcome::P, p, "k={k} {heaps:?}");
                match &e.plan {
                    None => assert!(p, "k={k} {heaps:?}"),
                    Some(plan) => {
                        let wins = rules.moves_to_value(&heaps, 0, 1 << 20).unwrap();
                        assert!(
                            wins.moves().contains(&vec![plan.to.clone()]),
                            "k={k} {heaps:?} -> {:?}",
                            plan.to
                        );
                        assert!(plan.lowered.len() as u64 <= k);
                        let counted: Vec<u64> = plan.steps.iter().map(|s| s.ones).collect();
                        assert_eq!(counted, plan.ones, "k={k} {heaps:?}");
                        assert!(plan.ones.iter().all(|c| c % (k + 1) == 0));
                    }
                }
                // The next position, as an odometer over 0..=9.
                let Some(i) = heaps.iter().position(|&h| h < 9) else {
                    break;
                };
                heaps[i] += 1;
                heaps[..i].iter_mut().for_each(|h| *h = 0);
            }
        }
    }
}

/// Nim is Nim_1: the construction's move is one of Bouton's (the nim-sum becomes 0).
#[test]
fn k_one_is_bouton() {
    let e = MooreExplanation::new(1, &[2, 3, 4]);
    let plan = e.plan.unwrap();
    assert_eq!(plan.to.iter().fold(0, |a, h| a ^ h), 0);
    // Avansyah's example (docs/bibliography.md): cut heap 3 from 4 to 1.
    assert_eq!(plan.to, vec![2, 3, 1]);
}

#[test]
fn the_hints_move_is_explained_and_others_are_not() {
    let e = MooreExplanation::new(2, &[3, 5, 6]);
    // 3 = 011, 5 = 101, 6 = 110: every column holds 2 ones, none a multiple of 3.
    assert_eq!(e.remainders, vec![2, 2, 2]);
    let text = e.to_text();
    assert!(text.contains("multiple of 3"), "{text}");
    assert!(
        text.contains("Move: (3, 5, 6) -> (3, 3, 3), take 2 from heap 2 and 3 from heap 3"),
        "{text}"
    );
    let plan = e.plan.clone().unwrap();
    assert_eq!(plan.steps[0].lowered_here, vec![1, 2]);
    assert_eq!(plan.steps[1].free_ones, vec![1, 2]);
    // Moves that leave an N-position have no plan: (0, 5, 5) is 000, 101, 101 (columns
    // 2, 0, 2); (2, 4, 6) is 010, 100, 110 (columns 2, 2, 0).
    assert!(e.clone().planned_for(&[0, 5, 5]).plan.is_none());
    assert!(e.clone().planned_for(&[2, 4, 6]).plan.is_none());
    // Three heaps at once is not a move of Nim_2.
    assert!(e.clone().planned_for(&[0, 0, 0]).plan.is_none());
    let wins = Moore::new(2)
        .unwrap()
        .moves_to_value(&vec![3, 5, 6], 0, 100)
        .unwrap();
    for m in wins.moves() {
        assert!(e.clone().planned_for(&m[0]).plan.is_some(), "{m:?}");
    }
}

#[test]
fn p_positions_say_why_every_move_loses() {
    let e = MooreExplanation::new(2, &[1, 1, 1]);
    assert_eq!(e.outcome, Outcome::P);
    assert!(e.to_text().contains("loses 1 to 2 ones"), "{}", e.to_text());
    let e = MooreExplanation::new(3, &[0]);
    assert_eq!((e.bits, e.outcome), (1, Outcome::P));
}

#[test]
fn wide_heaps() {
    let e = MooreExplanation::new(2, &[u64::MAX, 1 << 63, 5]);
    assert_eq!(e.bits, 64);
    let plan = e.plan.unwrap();
    assert!(plan.ones.iter().all(|c| c % 3 == 0));
    assert!(Moore::new(2).unwrap().is_p_position(&plan.to).unwrap());
}

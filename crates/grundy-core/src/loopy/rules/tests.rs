//! The loopy rulesets: γ against retrograde analysis of their graphs, and published values.

use super::fair_shares::FairShares;
use super::loopy_subtraction::LoopySubtraction;
use super::wind_up::WindUp;
use super::LoopyRules;
use crate::loopy::explore::Explored;
use crate::loopy::retrograde::outcomes;
use crate::loopy::{Gamma, LoopySum, Outcome};

/// γ's outcome agrees with retrograde analysis at every position of the explored graph.
fn agrees_with_retrograde(explored: &Explored) -> [usize; 3] {
    let truth = outcomes(&explored.solved.graph);
    let mut counts = [0; 3];
    for (u, want) in truth.iter().enumerate() {
        let got = explored.solved.gamma.value(u as u32).outcome();
        assert_eq!(got, *want, "position {:?}", explored.positions[u]);
        counts[got as usize] += 1;
    }
    counts
}

fn heaps(rules: &dyn LoopyRules, up_to: u64) -> Explored {
    let roots: Vec<Vec<u64>> = (0..=up_to).map(|n| vec![n]).collect();
    Explored::from_roots(rules, &roots).unwrap()
}

/// Square-But-One (Berlekamp, Conway and Guy, *Winning Ways*, chapter 12): the P-positions are
/// 0 and 5, the N-positions the positive squares and the squares plus 5, every other heap a
/// draw; checked to 400 (both sides of every square), and against retrograde analysis.
#[test]
fn square_but_one() {
    let explored = heaps(&LoopySubtraction::square_but_one(), 400);
    agrees_with_retrograde(&explored);
    let is_square = |n: u64| (1..=20u64).any(|k| k * k == n);
    let mut counts = [0; 3];
    for n in 0..=400u64 {
        let at = explored.number(&vec![n]).unwrap();
        let want = if n == 0 || n == 5 {
            Outcome::P
        } else if is_square(n) || (n > 5 && is_square(n - 5)) {
            Outcome::N
        } else {
            Outcome::Draw
        };
        assert_eq!(explored.solved.gamma.value(at).outcome(), want, "heap {n}");
        counts[want as usize] += 1;
    }
    assert_eq!(counts[0], 2);
    assert!(counts[1] > 30 && counts[2] > 300, "{counts:?}");
    // The explored graph spans 0..=401: a heap of 400 may grow to 401, never further.
    assert_eq!(explored.positions.iter().map(|p| p[0]).max(), Some(401));
}

/// Subtraction games with additions of every condition, against retrograde analysis.
#[test]
fn loopy_subtraction_games_against_retrograde() {
    let mut counts = [0; 3];
    for take in ["1", "2", "1,2", "2,3", "1,4", "squares", "3,5,7"] {
        for add in ["1", "2", "3", "1,3"] {
            for when in ["positive", "even", "odd"] {
                let rules = LoopySubtraction::parse(take, add, when).unwrap();
                // Heaps may grow for ever where an addition keeps the condition: refused.
                let Ok(explored) = Explored::within(&rules, &[vec![30]], 10_000) else {
                    continue;
                };
                let c = agrees_with_retrograde(&explored);
                for (total, more) in counts.iter_mut().zip(c) {
                    *total += more;
                }
            }
        }
    }
    println!("loopy subtraction positions: {counts:?}");
    assert!(counts.iter().all(|&c| c > 50), "{counts:?}");
}

/// A heap that can grow for ever is refused at the explored-graph limit, naming it.
#[test]
fn an_unbounded_graph_is_refused() {
    let rules = LoopySubtraction::parse("1", "1", "any").unwrap();
    let err = Explored::from_roots(&rules, &[vec![3]])
        .unwrap_err()
        .to_string();
    assert!(err.contains("more than 1000000 positions"), "{err}");
    assert!(err.contains("loopy-sub{1;1;any}"), "{err}");
}

/// The mex iteration of cgt-tools' "sequence" method: start from a sequence, replace each
/// value but the first by the mex of the values its moves reach, until nothing changes.
fn mex_iteration(start: Vec<u64>, modulus: u64, set: &[u64]) -> Vec<u64> {
    let mut seq = start;
    for _ in 0..10_000 {
        let mut next = vec![0];
        for i in 1..modulus {
            let reached = set
                .iter()
                .map(|&s| seq[((i + modulus - s % modulus) % modulus) as usize]);
            next.push(crate::nimber::mex(reached));
        }
        if next == seq {
            return seq;
        }
        seq = next;
    }
    panic!("no fixed point");
}

/// Wind-Up mod 40 with S = {6, 7}: cgt-tools (Tomasz Maciosowski, `cgt`, `WindUp` test
/// `sequence_reduction_graph_equivalence`) publishes that its graph solution has every value
/// finite and equal to the fixed point of the mex iteration started from the period of the
/// subtraction game {6, 7} (0 six times, 1 six times, 2).
#[test]
fn wind_up_mod_40_of_6_and_7_as_published_by_cgt_tools() {
    let rules = WindUp::new(40, vec![6, 7]).unwrap();
    let explored = heaps(&rules, 39);
    agrees_with_retrograde(&explored);
    let period = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2];
    let start: Vec<u64> = (0..40).map(|i| period[i % 13]).collect();
    let fixed = mex_iteration(start, 40, &[6, 7]);
    for h in 0..40u64 {
        let at = explored.number(&vec![h]).unwrap();
        assert_eq!(
            explored.solved.gamma.value(at),
            &Gamma::Finite(fixed[h as usize]),
            "heap {h}"
        );
    }
}

/// Wind-Up for every modulus to 24 and small sets, against retrograde analysis; with some
/// draws among them (a set whose amounts are all multiples of a divisor of the modulus
/// never reaches 0 from a heap outside that divisor's multiples).
#[test]
fn wind_up_against_retrograde() {
    let mut counts = [0; 3];
    for n in 1..=24 {
        for set in [
            vec![1],
            vec![2],
            vec![1, 3],
            vec![2, 4],
            vec![2, 5],
            vec![3, 6, 7],
        ] {
            let explored = heaps(&WindUp::new(n, set).unwrap(), n - 1);
            let c = agrees_with_retrograde(&explored);
            for (total, more) in counts.iter_mut().zip(c) {
                *total += more;
            }
        }
    }
    println!("Wind-Up positions: {counts:?}");
    assert!(counts.iter().all(|&c| c > 50), "{counts:?}");
}

/// Fair Shares and Varied Pairs: every position of every total to 14 against retrograde
/// analysis of its graph.
#[test]
fn fair_shares_against_retrograde() {
    let mut counts = [0; 3];
    for total in 1..=14 {
        let explored = Explored::from_roots(&FairShares, &[vec![total]]).unwrap();
        let c = agrees_with_retrograde(&explored);
        for (total, more) in counts.iter_mut().zip(c) {
            *total += more;
        }
    }
    println!("Fair Shares positions: {counts:?}");
    assert!(counts[0] > 0 && counts[1] > 0, "{counts:?}");
}

#[test]
fn fair_shares_moves() {
    // 6 in two, three or six equal heaps; 3 in three; 6 and 3 united.
    let want: Vec<Vec<u64>> = vec![
        vec![3, 1, 1, 1, 1, 1, 1],
        vec![3, 2, 2, 2],
        vec![3, 3, 3],
        vec![6, 1, 1, 1],
        vec![9],
    ];
    assert_eq!(FairShares.options(&vec![6, 3]), want);
    assert!(FairShares.options(&vec![1, 1, 1]).is_empty());
}

/// Sums mixing the rulesets read, solve and write themselves back.
#[test]
fn mixed_sums() {
    let sum = LoopySum::parse(
        "digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1,2 + square-but-one:5 + fair-shares:6,3",
    )
    .unwrap();
    let report = sum.analyze().unwrap();
    assert_eq!(report.components.len(), 5);
    assert_eq!(
        LoopySum::parse(&report.position).unwrap().to_terms(),
        report.position
    );
    for mv in &report.moves {
        let after = LoopySum::parse(&mv.after).unwrap().analyze().unwrap();
        let want = if report.moves_are == "winning" {
            Outcome::P
        } else {
            Outcome::Draw
        };
        assert_eq!(after.outcome, want, "{}", mv.after);
    }
}

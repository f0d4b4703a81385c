//! The move-class test and the period search against the reference solver: what they prove
//! must hold on every value the reference computes, far beyond the values that proved it.

use super::super::code::TakeBreakCode;
use super::super::naive::naive_values;
use super::super::period::{search, Proof, Search};
use super::super::solver::Solver;
use super::*;

fn proven(code: &str, count: usize) -> (Period, Proof) {
    let parsed = TakeBreakCode::parse(code).unwrap();
    let values = naive_values(&parsed, count);
    match search(&parsed, &values) {
        Search::Proven(p, proof) => (p, proof),
        other => panic!("{code}: {other:?}"),
    }
}

use crate::kernel::heap_sequence::Period;

#[test]
fn named_codes_are_proven() {
    // (code, preperiod, period, saltus): Nim is 0.[3], Lasker's Nim 4.[3] (its closed form:
    // G(4k + 1..4k + 4) = 4k + 1, 4k + 2, 4k + 4, 4k + 3); 0.8 is (n - 1) div 3.
    for (code, n0, p, s) in [
        ("0.[3]", 0, 1, 1),
        ("4.[3]", 1, 4, 4),
        ("0.[7]", 0, 1, 1),
        ("0.[F]", 0, 1, 1),
        ("0.[1]", 1, 1, 0),
        ("0.[2]", 1, 1, 1),
        ("0.8", 1, 3, 1),
        ("8.0", 1, 2, 1),
        ("0.C", 1, 2, 1),
        ("0.48", 1, 2, 1),
        ("0.0F", 0, 2, 1),
        ("0.4[8]", 1, 2, 1),
        ("0.B", 0, 2, 0),
        ("0.A", 1, 2, 0),
    ] {
        let (period, proof) = proven(code, 400);
        assert_eq!(
            (period.preperiod, period.period, period.saltus),
            (n0, p, s),
            "{code}: {proof:?}"
        );
        let finite = TakeBreakCode::parse(code).unwrap().is_finite();
        match proof {
            Proof::GuySmith { .. } => assert!(finite && s == 0, "{code}"),
            Proof::Classes(c) => {
                assert!(c.window <= period.checked, "{code}");
                assert_eq!(c.block % p, 0, "{code}");
            }
        }
    }
}

#[test]
fn a_proof_needs_its_whole_window() {
    for code in ["0.8", "4.[3]", "0.[3]", "0.A"] {
        let parsed = TakeBreakCode::parse(code).unwrap();
        let values = naive_values(&parsed, 400);
        let (_, proof) = proven(code, 400);
        let window = match proof {
            Proof::Classes(c) => c.window,
            Proof::GuySmith { .. } => {
                let Search::Proven(p, _) = search(&parsed, &values) else {
                    unreachable!()
                };
                3 * p.preperiod.max(1) + 3 * p.period + parsed.max_removed().unwrap() as u64
            }
        } as usize;
        assert!(
            matches!(search(&parsed, &values[..window]), Search::Proven(..)),
            "{code} at {window}"
        );
        // One value fewer proves nothing (a short prefix may not even show the repetition).
        let short = search(&parsed, &values[..window - 1]);
        assert!(
            matches!(short, Search::Nothing)
                || short
                    == Search::Candidate {
                        needed: window as u64
                    },
            "{code} at {}: {short:?}",
            window - 1
        );
    }
}

#[test]
fn codes_with_unequal_heaps_claim_nothing() {
    let parsed = TakeBreakCode::parse("8!.0").unwrap();
    let values = naive_values(&parsed, 300);
    assert_eq!(search(&parsed, &values), Search::Nothing);
}

#[test]
fn wrong_values_fail_the_test() {
    // 0.8's values with G(2) raised: a small heap worth as much as the saltus is refused, and a
    // changed block is caught by the top condition.
    let parsed = TakeBreakCode::parse("0.8").unwrap();
    let mut values = naive_values(&parsed, 200);
    assert!(test(&parsed, &values, 1, 3, 1).is_ok());
    values[3] = 1;
    assert!(test(&parsed, &values, 4, 3, 1).is_err());
    let lasker = TakeBreakCode::parse("4.[3]").unwrap();
    let mut values = naive_values(&lasker, 200);
    assert!(test(&lasker, &values, 1, 4, 4).is_ok());
    values.swap(3, 4);
    assert_eq!(test(&lasker, &values, 1, 4, 4), Err(Refusal::Fails));
    assert!(matches!(
        test(&lasker, &values, 1, 4, 3),
        Err(Refusal::NotApplicable(_))
    ));
    assert!(
        matches!(
            test(&lasker, &values, 1, 3, 4),
            Err(Refusal::NotApplicable(_))
        ) || test(&lasker, &values, 1, 3, 4).is_err()
    );
}

/// A small deterministic generator for the codes below.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn proofs_hold_far_beyond_their_window() {
    let mut rng = Lcg(2026);
    let (mut proven_count, mut arithmetic) = (0, 0);
    for _ in 0..300 {
        let d0 = [0u8, 0, 4, 8, 12][rng.below(5) as usize];
        let mut prefix = vec![d0];
        for _ in 0..rng.below(3) {
            prefix.push(rng.below(16) as u8);
        }
        let repeat: Vec<u8> = if rng.below(10) < 4 {
            (0..1 + rng.below(2)).map(|_| rng.below(16) as u8).collect()
        } else {
            Vec::new()
        };
        let Some(code) = TakeBreakCode::from_cells(&prefix, &repeat) else {
            continue;
        };
        if code.as_octal().is_some() {
            continue;
        }
        // The fast solver (itself checked against the reference on the first values) reaches
        // far beyond the prefixes the proofs use.
        let mut solver = Solver::new(&code);
        solver.extend_to(600).unwrap();
        let all = solver.values();
        assert_eq!(all[..90], naive_values(&code, 90)[..], "{code}");
        for len in [40, 70, 110, 160] {
            if let Search::Proven(p, _) = search(&code, &all[..len]) {
                proven_count += 1;
                arithmetic += usize::from(p.saltus > 0);
                for n in p.preperiod as usize..all.len() - p.period as usize {
                    assert_eq!(
                        u64::from(all[n + p.period as usize]),
                        u64::from(all[n]) + p.saltus,
                        "{code}: proven from {len} values: {p:?}, fails at n = {n}"
                    );
                }
                break;
            }
        }
    }
    // The test has teeth: many codes are proven, many of them arithmetic-periodic.
    assert!(proven_count >= 60, "{proven_count} proven");
    assert!(arithmetic >= 20, "{arithmetic} arithmetic");
}

/// Not every hexadecimal game is periodic or arithmetic-periodic (Howse and Nowakowski 2004):
/// the games built on `0.2048` show a ruler regularity instead (Grossman and Nowakowski 2015).
/// No period of any kind is proven for it, however many values are looked at.
#[test]
fn the_ruler_game_0_2048_proves_nothing() {
    let code = TakeBreakCode::parse("0.2048").unwrap();
    let mut solver = Solver::new(&code);
    solver.extend_to(3000).unwrap();
    let all = solver.values();
    assert_eq!(all[..20], naive_values(&code, 20)[..]);
    for len in [100, 500, 1000, 2000, 3000] {
        assert!(
            !matches!(search(&code, &all[..len]), Search::Proven(..)),
            "0.2048 at {len}"
        );
    }
}

/// Issue 27, item 6: every period proven for a hexadecimal code of up to three digits
/// (`0.d₁`, `0.d₁d₂`, `0.d₁d₂d₃`, the 4,095 codes a `grundy survey hex --digits 3` covers) holds
/// on direct computation to ten times the point where it was proven (the values its theorem
/// needs: the move-class test's window, or Guy–Smith's bound). Values are searched
/// at 64, 128, ... up to `LOOK` values, as `analyze` and `sequence --until-period` grow theirs.
#[test]
fn every_period_of_three_hex_digits_holds_to_ten_times_its_proof() {
    let mut codes = Vec::new();
    for digits in 1..=3u32 {
        for n in 0..16u32.pow(digits) {
            // The digits d₁..d_k of n, the last one nonzero (else the code is a shorter one).
            let cells: Vec<u8> = (0..digits)
                .rev()
                .map(|i| ((n >> (4 * i)) & 15) as u8)
                .collect();
            if cells[cells.len() - 1] != 0 {
                let mut prefix = vec![0u8];
                prefix.extend(&cells);
                codes.extend(TakeBreakCode::from_cells(&prefix, &[]));
            }
        }
    }
    assert_eq!(codes.len(), 4095);
    // Two threads, codes dealt alternately (the costly ones, 0.BF1 and 0.BF3, are neighbours).
    let checks: Vec<HexCheck> = std::thread::scope(|scope| {
        let halves: Vec<_> = (0..2)
            .map(|half| {
                let codes = &codes;
                scope.spawn(move || {
                    codes
                        .iter()
                        .skip(half)
                        .step_by(2)
                        .filter_map(check_hex_code)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let failures: Vec<&String> = checks.iter().filter_map(|c| c.failure.as_ref()).collect();
    let arithmetic = checks.iter().filter(|c| c.saltus > 0).count();
    let by_classes = checks.iter().filter(|c| c.by_classes).count();
    let furthest = checks.iter().map(|c| c.far).max().unwrap_or(0);
    println!(
        "hex codes of up to three digits: {}; proven within {HEX_LOOK} values: {} \
         ({arithmetic} arithmetic, {by_classes} by the move-class test); each checked to 10x \
         its proof, the furthest to {furthest} values",
        codes.len(),
        checks.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
    // The test has teeth: a large share is proven, arithmetic periods among them.
    assert!(checks.len() >= 2000, "{} proven", checks.len());
    assert!(arithmetic >= 1000, "{arithmetic} arithmetic");
}

/// The most values searched for a period of a code, as `analyze` grows its table: 64, 128, ...
const HEX_LOOK: usize = 1024;

/// What [`check_hex_code`] found for one proven code.
struct HexCheck {
    saltus: u64,
    by_classes: bool,
    far: usize,
    failure: Option<String>,
}

/// The period proven for `code` within [`HEX_LOOK`] values, if any, checked on the values
/// computed directly to ten times the point where it was proven.
fn check_hex_code(code: &TakeBreakCode) -> Option<HexCheck> {
    let mut solver = Solver::new(code);
    let mut len = 64;
    let (p, proof) = loop {
        solver.extend_to(len).unwrap();
        if let Search::Proven(p, proof) = search(code, &solver.values()[..len]) {
            break (p, proof);
        }
        if len >= HEX_LOOK {
            return None;
        }
        len *= 2;
    };
    // The point where the period was proven: the values its theorem needs.
    let point = match proof {
        Proof::Classes(c) => c.window as usize,
        Proof::GuySmith { max_removed, heaps } => {
            (heaps * p.preperiod.max(1) + heaps * p.period + max_removed) as usize
        }
    };
    let far = 10 * point.max(p.preperiod as usize + 2 * p.period as usize);
    solver.extend_to(far).unwrap();
    let all = solver.values();
    let (n0, period) = (p.preperiod as usize, p.period as usize);
    let failure = if point > len {
        Some(format!("{code}: proven at {point} from only {len} values"))
    } else {
        (n0..far - period)
            .find(|&n| u64::from(all[n + period]) != u64::from(all[n]) + p.saltus)
            .map(|n| format!("{code}: proven at {point} ({proof:?}) as {p:?}; fails at n = {n}"))
    };
    Some(HexCheck {
        saltus: p.saltus,
        by_classes: matches!(proof, Proof::Classes(_)),
        far,
        failure,
    })
}

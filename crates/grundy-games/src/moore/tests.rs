use super::*;
use crate::solve::{Solver, DEFAULT_POSITION_LIMIT};

/// Every row of `len` heaps of at most `max` tokens.
fn rows(len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|r: Vec<u64>| {
                (0..=max).map(move |h| {
                    let mut r = r.clone();
                    r.push(h);
                    r
                })
            })
            .collect();
    }
    out
}

/// Moore's theorem against exhaustive search of the outcome, for k = 1, 2, 3 and every row of
/// up to four heaps of at most 5 (three heaps of at most 7).
#[test]
fn moores_theorem_matches_exhaustive_search() {
    for k in 1..=3u64 {
        let game = Moore::new(k).unwrap();
        let moves = |row: &Vec<u64>| -> Result<Vec<Vec<u64>>> {
            Ok(game
                .options(row)
                .into_iter()
                .map(|mut o| o.pop().unwrap())
                .collect())
        };
        let mut solver = Solver::new(moves, crate::solve::normal_rule, DEFAULT_POSITION_LIMIT);
        for (len, max) in [(1, 9), (2, 7), (3, 7), (4, 5)] {
            for row in rows(len, max) {
                let searched = solver.value(&row).unwrap() == crate::sum::Outcome::P;
                assert_eq!(
                    game.is_p_position(&row).unwrap(),
                    searched,
                    "k = {k}: {row:?}"
                );
            }
        }
    }
}

/// The winning moves from the dynamic programme equal the options of value 0, in the same
/// order, and cut lists keep the exact count.
#[test]
fn winning_moves_match_the_options() {
    for k in 1..=4u64 {
        let game = Moore::new(k).unwrap();
        for (len, max) in [(1, 9), (2, 9), (3, 6), (4, 4)] {
            for row in rows(len, max) {
                let slow: Vec<Vec<Vec<u64>>> = game
                    .options(&row)
                    .into_iter()
                    .filter(|o| game.is_p_position(&o[0]).unwrap())
                    .collect();
                let fast = game.moves_to_value(&row, 0, usize::MAX).unwrap();
                assert_eq!(fast.total(), slow.len() as u128, "k = {k}: {row:?}");
                assert_eq!(fast.moves(), slow.as_slice(), "k = {k}: {row:?}");
                let cut = game.moves_to_value(&row, 0, 1).unwrap();
                assert_eq!(cut.total(), slow.len() as u128);
                assert_eq!(cut.moves(), &slow[..slow.len().min(1)]);
                // Every N-position has a winning move; no P-position has one.
                assert_eq!(
                    slow.is_empty(),
                    game.is_p_position(&row).unwrap(),
                    "{row:?}"
                );
            }
        }
    }
}

/// Rows of big heaps: counted exactly (against enumeration where it is still possible, heaps
/// below 2^9), every listed move is legal and reaches a P-position.
#[test]
fn big_heaps_are_counted_exactly() {
    let game = Moore::new(2).unwrap();
    for row in [
        vec![300u64, 411, 257],
        vec![511, 1, 400],
        vec![100, 200, 300, 50],
    ] {
        let all = game.moves_to_value(&row, 0, usize::MAX).unwrap();
        let slow = game
            .options(&row)
            .into_iter()
            .filter(|o| game.is_p_position(&o[0]).unwrap())
            .count();
        assert_eq!(all.total(), slow as u128, "{row:?}");
    }
    let huge = vec![u64::MAX, 1 << 63, 12345678901234567, 3];
    let found = game.moves_to_value(&huge, 0, 100).unwrap();
    assert!(found.total() > 0);
    for m in found.moves() {
        assert!(game.option_to(&huge, m).is_some(), "{m:?}");
        assert!(game.is_p_position(&m[0]).unwrap(), "{m:?}");
    }
}

/// Values by search: the mex rule holds at every small row, and Nim_1 is Nim.
#[test]
fn values_follow_the_mex_rule() {
    let nim = Moore::new(1).unwrap();
    let game = Moore::new(2).unwrap();
    for row in rows(3, 4) {
        assert_eq!(nim.grundy(&row).unwrap(), row.iter().fold(0, |a, &h| a ^ h));
        let g = game.grundy(&row).unwrap();
        let options: Vec<Nimber> = game
            .options(&row)
            .iter()
            .map(|o| game.value_of_all(o).unwrap())
            .collect();
        assert_eq!(g, mex(options.iter().copied()), "{row:?}");
        assert_eq!(g == 0, game.is_p_position(&row).unwrap());
    }
    let err = game.grundy(&vec![1000, 999, 997]).unwrap_err().to_string();
    assert!(err.contains("Moore's theorem"), "{err}");
}

/// Binomial coefficient `C(n, r)` as a big integer (0 when `r > n`).
fn binomial(n: u64, r: u64) -> BigUint {
    if r > n {
        return BigUint::from(0u8);
    }
    (0..r).fold(BigUint::from(1u8), |c, i| c * (n - i) / (i + 1))
}

/// The winning moves of `n` heaps of `b` ones each (`2^b - 1`) in Nim_k, counted by a formula
/// independent of the dynamic programme: a move touching `m` heaps must leave `r = (-(n - m))
/// mod (k + 1)` ones among them in each of the `b` columns, every touched heap losing at least
/// one 1 (inclusion–exclusion over the heaps left whole).
fn all_ones_count(n: u64, k: u64, b: u32) -> BigUint {
    let mut total = BigUint::from(0u8);
    for m in 1..=k.min(n) {
        let r = (k + 1 - (n - m) % (k + 1)) % (k + 1);
        let (mut plus, mut minus) = (BigUint::from(0u8), BigUint::from(0u8));
        for j in 0..=m.min(r) {
            let term = binomial(m, j) * binomial(m - j, r - j).pow(b);
            if j % 2 == 0 {
                plus += term;
            } else {
                minus += term;
            }
        }
        total += binomial(n, m) * (plus - minus);
    }
    total
}

/// Counts past 2^64 and 2^128 are exact (a big integer, never a wrapped number): six heaps of
/// 2^64 - 1 in Nim_4 against the formula, which is itself checked against enumeration on
/// heaps of 3 bits.
#[test]
fn counts_beyond_u128_are_exact() {
    for (n, k) in [(3u64, 1u64), (4, 2), (5, 2), (6, 4)] {
        let row = vec![7u64; n as usize];
        let game = Moore::new(k).unwrap();
        let slow = game
            .options(&row)
            .into_iter()
            .filter(|o| game.is_p_position(&o[0]).unwrap())
            .count();
        assert_eq!(
            all_ones_count(n, k, 3),
            BigUint::from(slow),
            "n = {n}, k = {k}"
        );
    }
    let game = Moore::new(4).unwrap();
    let row = vec![u64::MAX; 6];
    let found = game.moves_to_value(&row, 0, 10).unwrap();
    let expected = all_ones_count(6, 4, 64);
    assert!(expected > BigUint::from(u128::MAX), "{expected}");
    assert_eq!(found.count(), expected);
    assert_eq!(found.total(), u128::MAX);
    assert_eq!(found.len(), 10);
    for m in found.moves() {
        assert!(game.is_p_position(&m[0]).unwrap(), "{m:?}");
    }
    // Past 2^64 but within 2^128: four heaps of 2^64 - 1 in Nim_2.
    let two = Moore::new(2).unwrap();
    let found = two.moves_to_value(&vec![u64::MAX; 4], 0, 0).unwrap();
    assert_eq!(found.count(), all_ones_count(4, 2, 64));
    assert!(found.count() > BigUint::from(u64::MAX));
    assert_eq!(BigUint::from(found.total()), found.count());
}

#[test]
fn limits_and_typed_moves() {
    assert!(Moore::new(0).is_err());
    // k beyond the most heaps a position may have (and a k whose k + 1 would wrap).
    assert!(Moore::new(MAX_HEAPS as u64).is_ok());
    for k in [MAX_HEAPS as u64 + 1, u64::MAX] {
        let err = Moore::new(k).unwrap_err().to_string();
        assert!(
            err.contains(&k.to_string()) && err.contains("1 to 8"),
            "{err}"
        );
    }
}

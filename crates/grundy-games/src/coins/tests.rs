use super::*;
use crate::kernel::component::Component;
use crate::nimber::mex;
use crate::solve::{grundy_by_search, DEFAULT_POSITION_LIMIT};
use crate::sum::Sum;
use rand_core::SeedableRng;

const GAMES: [CoinGame; 4] = [
    CoinGame::TurningTurtles,
    CoinGame::Twins,
    CoinGame::MockTurtles,
    CoinGame::Ruler,
];

/// OEIS A000069, the odious numbers (an odd number of 1s in binary), from a(0) = 1.
const A000069: [u64; 33] = [
    1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49,
    50, 52, 55, 56, 59, 61, 62, 64,
];

/// OEIS A006519, the highest power of 2 dividing n, from n = 1.
const A006519: [u64; 32] = [
    1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1,
    32,
];

/// The value of a lone head at each index below `count`, by the mex rule alone: a move from a
/// lone head at `r` turns tails to heads at the other coins of its set, a sum of lone heads.
fn single_coin_values_by_mex(game: CoinGame, count: usize) -> Vec<Nimber> {
    let mut g: Vec<Nimber> = Vec::new();
    for r in 0..count {
        let options = game.turn_sets(r).into_iter().map(|set| {
            set.iter()
                .filter(|&&i| i != r)
                .fold(0, |acc, &i| acc ^ g[i])
        });
        g.push(mex(options));
    }
    g
}

/// Each closed form against the mex rule on a lone head, for every coin of the longest row.
#[test]
fn closed_forms_match_the_mex_rule() {
    for game in GAMES {
        let by_mex = single_coin_values_by_mex(game, MAX_COINS);
        for (i, &v) in by_mex.iter().enumerate() {
            let n = i as u64 + game.first_coin();
            assert_eq!(game.coin_value(n), v, "{} coin {n}", game.title());
        }
    }
}

/// Mock Turtles are the odious numbers (OEIS A000069; Winning Ways ch. 14), Ruler the ruler
/// function (OEIS A006519), Turning Turtles and Twins the coin's number (Ferguson, Part I §5).
#[test]
fn published_sequences() {
    let mock = single_coin_values_by_mex(CoinGame::MockTurtles, A000069.len());
    assert_eq!(mock, A000069);
    let ruler = single_coin_values_by_mex(CoinGame::Ruler, A006519.len());
    assert_eq!(ruler, A006519);
    let turtles = single_coin_values_by_mex(CoinGame::TurningTurtles, 20);
    assert_eq!(turtles, (1..=20).collect::<Vec<u64>>());
    let twins = single_coin_values_by_mex(CoinGame::Twins, 20);
    assert_eq!(twins, (0..20).collect::<Vec<u64>>());
}

/// Every row of up to 12 coins by exhaustive search over the ruleset's own options (rows as
/// bit masks: the rightmost coin turned goes from heads to tails, so every option is a
/// smaller mask) against the nim-sum of the heads' closed-form values.
#[test]
fn every_small_row_by_exhaustive_search() {
    for game in GAMES {
        let rules = Coins::new(game);
        for len in 1..=12usize {
            let mut values: Vec<Nimber> = Vec::with_capacity(1 << len);
            for mask in 0u64..1 << len {
                let row: Vec<u64> = (0..len).map(|i| mask >> i & 1).collect();
                let options = rules.options(&row).into_iter().map(|o| {
                    let option_mask = o[0].iter().rev().fold(0u64, |m, &c| m << 1 | c);
                    assert!(option_mask < mask, "{} {row:?}", game.title());
                    values[option_mask as usize]
                });
                let v = mex(options);
                values.push(v);
                assert_eq!(rules.grundy(&row).unwrap(), v, "{} {row:?}", game.title());
            }
        }
    }
}

/// The generic solver agrees on sums of a coin row with other games.
#[test]
fn sums_by_the_solver() {
    let nim = Arc::new(crate::kernel::nim::Nim);
    for game in GAMES {
        let rules = Arc::new(Coins::new(game));
        for text in ["THHTH", "HHHH", "TTHTHH", "H"] {
            let row = rules.parse_positions(text).unwrap().remove(0);
            for heap in 0..4u64 {
                let sum = Sum::new(vec![
                    Component::new(&rules, row.clone()),
                    Component::new(&nim, heap),
                ]);
                let searched = grundy_by_search(&sum, DEFAULT_POSITION_LIMIT).unwrap();
                assert_eq!(
                    searched,
                    rules.grundy(&row).unwrap() ^ heap,
                    "{text} + {heap}"
                );
            }
        }
    }
}

/// The number of options of a lone head at index `r`: what each rule allows, and no more.
#[test]
fn turn_sets_are_the_rules() {
    for r in 0..10usize {
        assert_eq!(CoinGame::TurningTurtles.turn_sets(r).len(), 1 + r);
        assert_eq!(CoinGame::Twins.turn_sets(r).len(), r);
        assert_eq!(
            CoinGame::MockTurtles.turn_sets(r).len(),
            1 + r + r * r.saturating_sub(1) / 2
        );
        assert_eq!(CoinGame::Ruler.turn_sets(r).len(), r + 1);
        for game in GAMES {
            for set in game.turn_sets(r) {
                assert_eq!(set.last(), Some(&r));
                assert!(set.windows(2).all(|w| w[0] < w[1]));
            }
        }
        for set in CoinGame::Ruler.turn_sets(r) {
            assert!(set.windows(2).all(|w| w[0] + 1 == w[1]));
        }
    }
}

#[test]
fn rows_and_their_errors() {
    let turtles = Coins::new(CoinGame::TurningTurtles);
    assert_eq!(
        turtles.parse_positions("THHTH").unwrap(),
        [vec![0, 1, 1, 0, 1]]
    );
    assert_eq!(
        turtles.parse_positions("0,1,1,0,1").unwrap(),
        [vec![0, 1, 1, 0, 1]]
    );
    assert_eq!(turtles.parse_positions("thh").unwrap(), [vec![0, 1, 1]]);
    let err = turtles.parse_positions("THXH").unwrap_err().to_string();
    assert!(err.contains("THXH") && err.contains("T (tails)"), "{err}");
    let err = turtles.parse_positions("0,2,1").unwrap_err().to_string();
    assert!(
        err.contains('2') && err.contains("0 (tails) or 1 (heads)"),
        "{err}"
    );
    let long = "H".repeat(MAX_COINS + 1);
    let err = turtles.parse_positions(&long).unwrap_err().to_string();
    assert!(err.contains("1 to 64 coins"), "{err}");
    assert!(turtles.parse_positions(&"H".repeat(MAX_COINS)).is_ok());
    assert!(turtles.positions_from(vec![]).is_err());
    let err = turtles.parse_positions(" ").unwrap_err().to_string();
    assert!(err.contains("Turning Turtles row"), "{err}");
    // The longest rows keep their values in range: coin 63 of Mock Turtles is worth 127.
    let mock = Coins::new(CoinGame::MockTurtles);
    let mut row = vec![0; MAX_COINS];
    row[MAX_COINS - 1] = 1;
    assert_eq!(mock.grundy(&row).unwrap(), 127);
}

/// The explanation names every head, its value and the rule.
#[test]
fn explanation() {
    let mock = Coins::new(CoinGame::MockTurtles);
    let d = mock.explain_value(&vec![1, 0, 0, 1]).unwrap();
    assert_eq!(d.value, 1 ^ 7);
    let reason = d.reason.unwrap();
    assert!(reason.contains("coin 0 worth 1") && reason.contains("coin 3 worth 7"));
    assert!(reason.contains("odious"), "{reason}");
}

/// A winning move from every N-position of up to 8 coins, found by the generic machinery.
#[test]
fn winning_moves_reach_zero() {
    for game in GAMES {
        let rules = Coins::new(game);
        for mask in 1u64..1 << 8 {
            let row: Vec<u64> = (0..8).map(|i| mask >> i & 1).collect();
            let v = rules.grundy(&row).unwrap();
            let winning = rules.moves_to_value(&row, 0, usize::MAX).unwrap();
            assert_eq!(winning.total() > 0, v != 0, "{} {row:?}", game.title());
            for m in winning.moves() {
                assert_eq!(rules.value_of_all(m).unwrap(), 0);
            }
        }
    }
}

/// The described rules: one of every kind (`rule/tests.rs`).
fn described() -> Vec<Coins> {
    rule::tests::sample_rules()
        .into_iter()
        .map(Coins::ruled)
        .collect()
}

/// The value of every row of up to 11 coins by exhaustive search over the ruleset's own
/// options (rows as bit masks: every option is a smaller mask), against the nim-sum of its
/// heads' values, for every kind of described rule; and the winning moves (and the moves to
/// every other value) against the options filtered by value: the same moves, in the same
/// order, counted exactly.
#[test]
fn every_small_row_of_every_rule_by_exhaustive_search() {
    for rules in described() {
        let mut values: Vec<Nimber> = Vec::new();
        for len in 1..=11usize {
            values.clear();
            for mask in 0u64..1 << len {
                let row: Vec<u64> = (0..len).map(|i| mask >> i & 1).collect();
                let options = rules.options(&row);
                let option_values: Vec<Nimber> = options
                    .iter()
                    .map(|o| {
                        let option_mask = o[0].iter().rev().fold(0u64, |m, &c| m << 1 | c);
                        assert!(option_mask < mask, "{} {row:?}", rules.term());
                        values[option_mask as usize]
                    })
                    .collect();
                let v = mex(option_values.iter().copied());
                values.push(v);
                assert_eq!(rules.grundy(&row).unwrap(), v, "{} {row:?}", rules.term());
                if len == 7 {
                    for target in [0, 1, 2, v ^ 1] {
                        let expected: Vec<_> = options
                            .iter()
                            .zip(&option_values)
                            .filter(|(_, &w)| w == target)
                            .map(|(o, _)| o.clone())
                            .collect();
                        let found = rules.moves_to_value(&row, target, 2).unwrap();
                        assert_eq!(found.total(), expected.len() as u128, "{row:?}");
                        assert_eq!(found.moves(), &expected[..expected.len().min(2)]);
                    }
                    assert_eq!(rules.gentlest_option(&row), options.first().cloned());
                    let estimate = rules.tree_estimate(&[&row], 0);
                    assert_eq!(estimate.options, options.len() as u64);
                    for o in &options {
                        assert_eq!(rules.option_to(&row, o), Some(o.clone()));
                    }
                }
            }
        }
    }
}

/// Sums of described rows with other games, by the generic solver.
#[test]
fn described_rows_in_sums_by_the_solver() {
    let nim = Arc::new(crate::kernel::nim::Nim);
    for rules in described() {
        let rules = Arc::new(rules);
        for text in ["THHTH", "HHHHHH", "TTHTHH"] {
            let row = rules.parse_positions(text).unwrap().remove(0);
            for heap in 0..3u64 {
                let sum = Sum::new(vec![
                    Component::new(&rules, row.clone()),
                    Component::new(&nim, heap),
                ]);
                let searched = grundy_by_search(&sum, DEFAULT_POSITION_LIMIT).unwrap();
                assert_eq!(
                    searched,
                    rules.grundy(&row).unwrap() ^ heap,
                    "{}",
                    rules.term()
                );
            }
        }
    }
}

/// Rows as long as the rule allows, on both sides of the limit; the longest rows' winning
/// moves are found and counted without listing the options.
#[test]
fn described_rows_and_their_limits() {
    let any = Coins::ruled(CoinRule::Any);
    assert_eq!(any.max_coins(), 21);
    assert!(any.grundy(&vec![1; 21]).is_ok());
    let err = any.grundy(&vec![1; 22]).unwrap_err().to_string();
    assert!(
        err.contains("1 to 21 coins") && err.contains("1048576 moves"),
        "{err}"
    );
    let err = any
        .parse_positions(&"H".repeat(22))
        .unwrap_err()
        .to_string();
    assert!(err.contains("\"22\""), "{err}");
    // All 21 heads of `any`: 2^21 - 1 moves, each one a different change of value.
    let row = vec![1; 21];
    let v = any.grundy(&row).unwrap();
    assert_eq!(v, (1 << 21) - 1);
    let winning = any.moves_to_value(&row, 0, 3).unwrap();
    assert_eq!(winning.total(), 1);
    assert_eq!(winning.moves(), [vec![vec![0; 21]]]);
    // Mock Turtles' longest row: every head's winning moves counted exactly.
    let mock = Coins::ruled(CoinRule::AtMost(3));
    let row: Vec<u64> = (0..64).map(|i| u64::from(i % 3 != 0)).collect();
    let v = mock.grundy(&row).unwrap();
    let found = mock.moves_to_value(&row, 0, 5).unwrap();
    assert!(found.total() > 5 && found.len() == 5);
    for m in found.moves() {
        assert_eq!(mock.value_of_all(m).unwrap(), 0);
    }
    assert_ne!(v, 0);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..50 {
        let option = mock.random_option(&row, &mut rng).unwrap();
        assert!(mock.option_to(&row, &option).is_some());
    }
    assert_eq!(mock.random_option(&vec![0; 5], &mut rng), None);
    assert_eq!(mock.gentlest_option(&vec![0; 5]), None);
}

/// Typed moves, words and explanations of a described rule.
#[test]
fn described_moves_and_explanations() {
    let rules = Arc::new(Coins::ruled(CoinRule::TwoAt(vec![2, 3])));
    let d = rules.explain_value(&vec![1, 0, 0, 1, 1]).unwrap();
    let reason = d.reason.unwrap();
    assert!(
        reason.contains("coins {two-at=2,3}") && reason.contains("numbered from 1"),
        "{reason}"
    );
    assert!(
        reason.contains("coin 4 worth") && reason.contains("mex"),
        "{reason}"
    );
    assert_eq!(
        rules.title(),
        "Coins: turn over two coins at a distance in {2,3}"
    );
    let ruler = Coins::ruled(CoinRule::parse("consecutive").unwrap());
    let reason = ruler.explain_value(&vec![0, 1]).unwrap().reason.unwrap();
    assert!(
        reason.contains("largest power of 2 dividing n") && reason.contains("coin 2 worth 2"),
        "{reason}"
    );
}

/// `why_not` agrees with the options: a set of coins is refused with a reason exactly when no
/// option turns it, for every row of up to 6 coins and every set of coins, in the four named
/// games and one rule of every described kind.
#[test]
fn reasons_agree_with_the_options() {
    let named = GAMES.iter().map(|&g| Coins::new(g));
    for rules in named.chain(described()) {
        for n in 1..=6usize {
            for bits in 0..1u32 << n {
                let row: Vec<u64> = (0..n).map(|i| u64::from(bits >> i & 1)).collect();
                let options = rules.options(&row);
                for set in 1..1u32 << n {
                    let turned: Vec<usize> = (0..n).filter(|&i| set >> i & 1 == 1).collect();
                    let mut to = row.clone();
                    turned.iter().for_each(|&i| to[i] ^= 1);
                    let legal = options.contains(&vec![to]);
                    let why = rules.why_not(&row, &turned);
                    let term = rules.term();
                    assert_eq!(why.is_none(), legal, "{term} {row:?} {turned:?}: {why:?}");
                }
            }
        }
    }
    let turtles = Coins::new(CoinGame::TurningTurtles);
    let row = vec![0, 1, 1, 0, 1];
    assert_eq!(
        turtles.why_not(&row, &[0, 3]).unwrap(),
        "the rightmost coin turned, coin 4, must go from heads to tails, and it shows tails"
    );
    assert_eq!(
        turtles.why_not(&row, &[0, 1, 2]).unwrap(),
        "Turning Turtles turns one or two coins, not 3"
    );
    let ruler = Coins::new(CoinGame::Ruler);
    assert!(ruler
        .why_not(&row, &[0, 2])
        .unwrap()
        .contains("coins 1, 3 are not one"));
    let spaced = Coins::ruled(CoinRule::parse("spaced=3").unwrap());
    assert_eq!(
        spaced.why_not(&[1, 1, 1, 1, 1], &[0, 1, 3]).unwrap(),
        "a move must turn over 3 equally spaced coins (coins {spaced=3}), and coins 1, 2 and 4 are not such a set"
    );
}

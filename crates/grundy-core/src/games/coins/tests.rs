use super::*;
use crate::nimber::mex;
use crate::solve::{grundy_by_search, DEFAULT_POSITION_LIMIT};
use crate::sum::{Component, Sum};

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
    let nim = Arc::new(crate::games::nim::Nim);
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

#[test]
fn terms_typed_moves_and_words() {
    let sum = crate::spec::parse_sum("turtles:THHTH + nim:3").unwrap();
    assert_eq!(sum.to_terms(), "turtles:0,1,1,0,1 + nim:3");
    let parser = crate::play::MoveParser::for_position(&sum);
    let rules = Arc::new(Coins::new(CoinGame::TurningTurtles));
    // Turn coins 2 and 5 (5 goes from heads to tails).
    let m = parser.parse("1 turn 2 5", &sum).unwrap();
    assert_eq!(m.to, [Component::new(&rules, vec![0, 0, 1, 0, 0])]);
    let m = parser.parse("1 to THTTT", &sum).unwrap();
    assert_eq!(m.to, [Component::new(&rules, vec![0, 1, 0, 0, 0])]);
    // Three coins, a rightmost coin showing tails, and a coin that is not there.
    assert!(parser.parse("1 turn 1 2 3", &sum).is_err());
    assert!(parser.parse("1 turn 1 4", &sum).is_err());
    let err = parser.parse("1 turn 6", &sum).unwrap_err().to_string();
    assert!(err.contains("numbered 1 to 5"), "{err}");
    assert_eq!(
        rules.describe_move(&vec![0, 1, 1, 0, 1], &[vec![0, 0, 1, 0, 0]]),
        "THHTH -> TTHTT (turn 2, 5)"
    );
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

/// `why_not` agrees with the options: a set of coins is refused with a reason exactly when no
/// option turns it, for every row of up to 6 coins and every set of coins, in all four games.
#[test]
fn reasons_agree_with_the_options() {
    for game in GAMES {
        let rules = Coins::new(game);
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
                    assert_eq!(why.is_none(), legal, "{game:?} {row:?} {turned:?}: {why:?}");
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
}

//! Wythoff's game against the worked examples of Ibrahim, Haryanto and Amir (n.d.), OEIS, and
//! its three constructions against one another (sources: docs/bibliography.md).

use super::beatty::{self, p_position, p_position_big, rank_big, Rank};
use super::mex::p_positions_by_mex;
use super::table::{grundy_value, SgTable, PUBLISHED_MISPRINTS};
use super::word::{self, count_a, letter_at, nth_a_position, Letter};
use super::*;
use num_bigint::BigUint;
use std::str::FromStr;

/// Table 3.2 of Ibrahim, Haryanto and Amir (n.d.): the P-positions `(a_n, b_n)`, n = 0..12.
const TABLE_3_2_A: [u64; 13] = [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19];
const TABLE_3_2_B: [u64; 13] = [0, 2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31];

#[test]
fn published_p_positions_three_ways() {
    let expected: Vec<(u64, u64)> = TABLE_3_2_A.into_iter().zip(TABLE_3_2_B).collect();
    assert_eq!(beatty::p_positions_by_beatty(13), expected);
    assert_eq!(p_positions_by_mex(13), expected);
    assert_eq!(word::p_positions_by_word(13), expected);
    let table = SgTable::square(32).unwrap();
    let zeros: Vec<(u64, u64)> = (0..32)
        .flat_map(|x| (x..32).map(move |y| (x, y)))
        .filter(|&(x, y)| table.get(x, y) == Some(0))
        .map(|(x, y)| (x as u64, y as u64))
        .collect();
    assert_eq!(zeros, expected);
}

#[test]
fn published_sigma_power() {
    // The fifth power of the Fibonacci morphism, as printed by Ibrahim, Haryanto and Amir (n.d.).
    assert_eq!(word::to_string(&word::sigma_power(5)), "abaababaabaab");
}

#[test]
fn published_table_rows_with_corrections() {
    // Rows y = 0..5 of Figure 1 of Ibrahim, Haryanto and Amir (n.d.).
    let rows: [[u16; 13]; 6] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        [1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9, 13],
        [2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10, 14],
        [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15],
        [4, 5, 3, 2, 7, 6, 9, 0, 1, 8, 13, 12, 11],
        [5, 3, 4, 0, 6, 8, 10, 1, 2, 7, 12, 14, 9],
    ];
    let table = SgTable::square(13).unwrap();
    for (y, row) in rows.iter().enumerate() {
        for (x, &g) in row.iter().enumerate() {
            assert_eq!(table.get(x, y), Some(g), "G({x}, {y})");
        }
    }
    // Their Figure 1 prints 18 at (10, 10) and 5 at (10, 11) and (11, 10).
    assert_eq!(table.get(10, 10), Some(14));
    assert_eq!(table.get(10, 11), Some(18));
    assert_eq!(table.get(11, 10), Some(18));
    for (x, y, printed, truth) in PUBLISHED_MISPRINTS {
        assert_eq!(table.get(x, y), Some(truth));
        assert_ne!(printed, truth);
    }
    assert_eq!(
        PUBLISHED_MISPRINTS.map(|(x, y, printed, _)| (x, y, printed)),
        [(10, 10, 18), (10, 11, 5), (11, 10, 5)]
    );
}

#[test]
fn oeis_sequences() {
    // A000201 (from n = 1) and A001950 (from n = 1).
    let a000201 = [
        1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32,
    ];
    let a001950 = [
        2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52,
    ];
    for n in 1..=20 {
        assert_eq!(beatty::lower(n), a000201[n as usize - 1]);
        assert_eq!(beatty::upper(n), a001950[n as usize - 1]);
    }
    // A003849: the Fibonacci word with a = 0, b = 1.
    let a003849 = "010010100100101001010";
    let digits: String = word::fibonacci_word(21)
        .iter()
        .map(|&l| if l == Letter::A { '0' } else { '1' })
        .collect();
    assert_eq!(digits, a003849);
    // A047708: the diagonal G(n, n).
    let a047708 = [0, 2, 1, 6, 7, 8, 3, 5, 4, 16, 14, 15, 10];
    let table = SgTable::square(13).unwrap();
    for (n, &g) in a047708.iter().enumerate() {
        assert_eq!(table.get(n, n), Some(g), "G({n}, {n})");
    }
}

#[test]
fn three_constructions_agree_below_a_million() {
    const COUNT: usize = 1_000_000;
    let by_beatty = beatty::p_positions_by_beatty(COUNT);
    let by_mex = p_positions_by_mex(COUNT);
    let by_word = word::p_positions_by_word(COUNT);
    assert_eq!(by_beatty.len(), COUNT);
    assert_eq!(by_beatty, by_mex);
    assert_eq!(by_beatty, by_word);
    // The stream and the square-root formula agree too.
    for n in (0..COUNT as u64).step_by(997) {
        let (a, b) = p_position(n);
        assert_eq!((a as u64, b as u64), by_beatty[n as usize]);
    }
}

#[test]
fn closed_form_matches_the_word_near_10_to_12() {
    // Sampled indices near 10^12: the n-th `a` found by bisection on the Zeckendorf count.
    let base = 1_000_000_000_000u64;
    let mut n = base - 5_000_000;
    while n < base + 5_000_000 {
        assert_eq!(nth_a_position(n) as u128, beatty::lower(n), "a_{n}");
        n += 9_973;
    }
    // A window of 20,000 consecutive letters, read one by one, against the stream.
    let start = nth_a_position(base);
    let mut lower_seen = base - 1;
    let mut stream = beatty::PPositions::starting_at(base);
    let mut expected_b: Vec<u128> = Vec::new();
    for position in start..start + 20_000 {
        match letter_at(position) {
            Letter::A => {
                lower_seen += 1;
                let (a, b) = stream.next().unwrap();
                assert_eq!(a, position, "a_{lower_seen}");
                expected_b.push(b as u128);
            }
            Letter::B => {
                // The k-th b sits after k letters b: k = position − count_a(position).
                let k = position - count_a(position);
                assert_eq!(beatty::upper(k), position as u128, "b_{k}");
            }
        }
    }
    assert!(expected_b.len() > 12_000);
}

#[test]
fn f64_fails_where_integers_do_not() {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let naive = |n: u64| (n as f64 * phi).floor() as u128;
    let n = 102_334_155u64;
    assert_ne!(naive(n), beatty::lower(n), "f64 is wrong at n = {n}");
    // The exact value, checked by squaring: 2a − n <= n√5 < 2a + 2 − n.
    let a = beatty::lower(n);
    let (two_a, n) = (2 * a, n as u128);
    assert!((two_a - n).pow(2) <= 5 * n * n && 5 * n * n < (two_a + 2 - n).pow(2));
    assert_eq!(naive(1_000_000), beatty::lower(1_000_000));
}

/// `a = ⌊nφ⌋` exactly: `(2a − n)² <= 5n² < (2a − n + 2)²`.
fn is_floor_n_phi(n: &BigUint, a: &BigUint) -> bool {
    let five_n2 = BigUint::from(5u8) * n * n;
    let low = BigUint::from(2u8) * a - n;
    &low * &low <= five_n2 && five_n2 < (&low + 2u8) * (&low + 2u8)
}

#[test]
fn thousand_digit_positions() {
    let n = BigUint::from_str(&"7".repeat(1000)).unwrap();
    let (a, b) = p_position_big(&n);
    assert!(is_floor_n_phi(&n, &a));
    assert_eq!(&b - &a, n);
    assert!(beatty::is_p_position_big(&a, &b));
    assert!(beatty::is_p_position_big(&b, &a));
    assert!(!beatty::is_p_position_big(&a, &(&b + 1u8)));
    assert_eq!(rank_big(&a), Rank::Lower(n.clone()));
    assert_eq!(rank_big(&b), Rank::Upper(n.clone()));
    assert_eq!(beatty::partner_big(&a), b);
    // From an N-position nearby, every winning move reaches a P-position.
    let (x, y) = (&a + 12345u32, &b + 1u8);
    let moves = winning_moves_big(&x, &y);
    assert!(!moves.is_empty() && moves.len() <= 3);
    for m in &moves {
        assert!(beatty::is_p_position_big(&m.to.0, &m.to.1));
    }
    assert!(winning_moves_big(&a, &b).is_empty());
}

#[test]
fn u64_edge_positions() {
    for n in [
        u64::MAX,
        u64::MAX / 3,
        beatty::FAST_PATH_LIMIT,
        beatty::FAST_PATH_LIMIT - 1,
    ] {
        let (a, _) = p_position(n);
        assert!(
            is_floor_n_phi(&BigUint::from(n), &BigUint::from(a)),
            "n = {n}"
        );
    }
    let (x, y) = (u64::MAX, u64::MAX - 7);
    let moves = winning_moves(x, y);
    assert!(!moves.is_empty());
    for m in moves {
        assert!(beatty::is_p_position(m.to.0, m.to.1), "{m:?}");
    }
}

#[test]
fn closed_form_agrees_with_table_search_below_200() {
    const SIDE: usize = 200;
    let table = SgTable::square(SIDE).unwrap();
    for x in 0..SIDE as u64 {
        for y in 0..SIDE as u64 {
            let g = table.get(x as usize, y as usize).unwrap();
            assert_eq!(beatty::is_p_position(x, y), g == 0, "({x}, {y})");
            let searched: Vec<WythoffMove<u64>> = all_moves(x, y)
                .filter(|m| table.get(m.to.0 as usize, m.to.1 as usize) == Some(0))
                .collect();
            let mut closed = winning_moves(x, y);
            closed.sort_by_key(|m| (m.kind, m.taken));
            assert_eq!(closed, searched, "({x}, {y})");
        }
    }
}

#[test]
fn table_invariants() {
    const SIDE: usize = 700;
    let table = SgTable::square(SIDE).unwrap();
    let g = |x: usize, y: usize| table.get(x, y).unwrap() as usize;
    for x in 0..SIDE {
        let mut row = vec![false; 2 * SIDE];
        let mut column = vec![false; 2 * SIDE];
        for y in 0..SIDE {
            assert_eq!(g(x, y), g(y, x));
            let (low, high) = (x.min(y), x.max(y));
            assert!(
                high.saturating_sub(2 * low) <= g(x, y) && g(x, y) <= x + y,
                "({x}, {y})"
            );
            assert!(
                !std::mem::replace(&mut row[g(x, y)], true),
                "row {x} repeats"
            );
            assert!(
                !std::mem::replace(&mut column[g(y, x)], true),
                "column {x} repeats"
            );
        }
        // Every row of the triangle covers the values below y − 2x early: 0..SIDE − 2x all seen.
        assert!(row[..SIDE.saturating_sub(2 * x)].iter().all(|&s| s));
    }
    for d in 0..SIDE {
        let mut diagonal = vec![false; 2 * SIDE];
        for x in 0..SIDE - d {
            assert!(
                !std::mem::replace(&mut diagonal[g(x, x + d)], true),
                "diagonal {d}"
            );
        }
    }
}

#[test]
fn ruleset_values_and_moves() {
    let rules = Wythoff::new();
    let table = SgTable::square(64).unwrap();
    for (x, y) in [(0, 0), (10, 7), (3, 5), (40, 63), (1, 0), (12, 12)] {
        let g = table.get(x as usize, y as usize).unwrap() as Nimber;
        assert_eq!(rules.grundy(&(x, y)).unwrap(), g);
        for target in 0..g {
            let moves = rules.moves_to_value(&(x, y), target, 10).unwrap();
            assert!(
                !moves.is_empty() && moves.len() <= 3,
                "({x}, {y}) -> {target}"
            );
            for m in moves {
                assert_eq!(rules.grundy(&m[0]).unwrap(), target);
            }
        }
        assert_eq!(rules.options(&(x, y)).len() as u64, x + y + x.min(y));
    }
    // The default trait search agrees with the table shortcut.
    let search: Vec<Vec<(u64, u64)>> = rules
        .options(&(10, 7))
        .into_iter()
        .filter(|o| rules.value_of_all(o).unwrap() == 3)
        .collect();
    assert_eq!(
        rules.moves_to_value(&(10, 7), 3, 10).unwrap().into_moves(),
        search
    );
    // Huge positions: P-positions and winning moves work, other values are refused clearly.
    let (a, b) = p_position(1_000_000_000_000);
    let (a, b) = (a as u64, b as u64);
    assert_eq!(rules.grundy(&(b, a)).unwrap(), 0);
    let to_zero = rules.moves_to_value(&(a + 5, b), 0, 10).unwrap();
    assert!(to_zero.contains(&vec![(a, b)]) && to_zero.len() <= 3);
    let err = rules.grundy(&(a + 1, b)).unwrap_err().to_string();
    assert!(err.contains("16384"), "{err}");
    assert_eq!(
        grundy_value(7, 10).unwrap(),
        rules.grundy(&(10, 7)).unwrap()
    );
}

/// `queen_move` accepts exactly the options `all_moves` lists, giving the same move, and
/// names the right reason for every other square (including ones beyond the board's corner).
#[test]
fn queen_moves_are_exactly_the_listed_options() {
    for x in 0..12u64 {
        for y in 0..12u64 {
            let options: Vec<WythoffMove<u64>> = all_moves(x, y).collect();
            for a in 0..15u64 {
                for b in 0..15u64 {
                    let listed = options.iter().find(|m| m.to == (a, b));
                    match (queen_move((x, y), (a, b)), listed) {
                        (Ok(m), Some(l)) => assert_eq!(&m, l, "({x}, {y}) -> ({a}, {b})"),
                        (Err(e), None) => {
                            let reason = if (a, b) == (x, y) {
                                IllegalReason::Stays
                            } else if a > x || b > y {
                                IllegalReason::Backwards
                            } else {
                                IllegalReason::OffLines
                            };
                            assert_eq!(e.reason, reason, "({x}, {y}) -> ({a}, {b})");
                            assert_eq!((e.from, e.to), ((x, y), (a, b)));
                        }
                        (got, _) => panic!("({x}, {y}) -> ({a}, {b}): {got:?}, listed {listed:?}"),
                    }
                }
            }
        }
    }
    // At the top of u64, no overflow.
    let top = (u64::MAX, u64::MAX);
    assert_eq!(queen_move(top, (0, 0)).unwrap().taken, u64::MAX);
    assert_eq!(
        queen_move(top, (u64::MAX, 0)).unwrap().kind,
        MoveKind::FromSecond
    );
    assert_eq!(
        queen_move((0, u64::MAX), (u64::MAX, 0)).unwrap_err().reason,
        IllegalReason::Backwards
    );
}

#[test]
fn illegal_queen_moves_say_why() {
    let why = |to| queen_move((10, 7), to).unwrap_err().to_string();
    assert_eq!(
        why((10, 7)),
        "the queen at (10, 7) cannot reach (10, 7): the queen must move at least one square"
    );
    assert_eq!(
        why((11, 2)),
        "the queen at (10, 7) cannot reach (11, 2): the queen only moves left, down or \
         diagonally down-left, never right or up"
    );
    assert_eq!(
        why((4, 6)),
        "the queen at (10, 7) cannot reach (4, 6): (4, 6) is neither in the queen's column, its \
         row, nor its down-left diagonal (that would take the same number from both heaps: 6 \
         and 1 differ)"
    );
}

#[test]
fn move_texts() {
    let moves = winning_moves(10, 7);
    let take: Vec<String> = moves.iter().map(WythoffMove::take_text).collect();
    assert_eq!(
        take,
        [
            "take 6 from the first heap",
            "take 1 from the second heap",
            "take 3 from both heaps"
        ]
    );
    let queen: Vec<String> = moves.iter().map(WythoffMove::queen_text).collect();
    assert_eq!(
        queen,
        ["(4, 7), left 6", "(10, 6), down 1", "(7, 4), diagonally 3"]
    );
    assert_eq!(moves[2].to_string(), "take 3 from both heaps -> (7, 4)");
    let big = moves[0].clone().map(BigUint::from);
    assert_eq!(big.to_string(), "take 6 from the first heap -> (4, 7)");
}

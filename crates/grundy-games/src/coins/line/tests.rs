use super::*;
use crate::coins::layers::{self, Besides};
use crate::coins::rule::odious;
use crate::coins::Coins;
use crate::kernel::Ruleset;

/// The values of a lone head by the mex rule for every coin of the longest line the rule
/// allows in a row.
fn by_mex(rule: &CoinRule) -> Vec<Nimber> {
    let line = CoinLine::ruled(rule.clone());
    CoinLine::values_by_mex(rule, line.max_coins(MAX_HEAD_MOVES))
}

/// Every closed form against the mex rule, on every coin of the longest row, for every
/// parameter its kind admits (all of them: `K` and `A..B` up to 64).
#[test]
fn closed_forms_match_the_mex_rule() {
    let mut rules = vec![
        CoinRule::AtMost(1),
        CoinRule::AtMost(2),
        CoinRule::AtMost(3),
        CoinRule::Exactly(1),
        CoinRule::Exactly(2),
        CoinRule::Exactly(3),
        CoinRule::Any,
    ];
    for a in 1..=RULE_COINS {
        rules.push(CoinRule::Consecutive {
            shortest: a,
            longest: None,
        });
        for b in a..=RULE_COINS {
            rules.push(CoinRule::Consecutive {
                shortest: a,
                longest: Some(b),
            });
        }
    }
    for rule in rules {
        let mex = by_mex(&rule);
        assert!(mex.len() >= 21, "{rule}");
        for (i, &v) in mex.iter().enumerate() {
            assert_eq!(rule.closed_form(i), Some(v), "{rule} at index {i}");
        }
        assert!(rule.closed_form_words(1).is_some(), "{rule}");
    }
    for rule in ["at-most=4", "exactly=4", "two-at=1", "spaced=3", "grunt"] {
        let rule = CoinRule::parse(rule).unwrap();
        assert_eq!(rule.closed_form(5), None, "{rule}");
        assert_eq!(rule.closed_form_words(1), None, "{rule}");
    }
}

/// Published sequences: Mock Turtles (at most 3 coins) are the odious numbers, OEIS A000069;
/// Ruler (any run) the largest power of 2 dividing n, OEIS A006519; Turning Turtles the coin's
/// number; Twins the coin's number from 0 (Ferguson, Part I §5.1; docs/bibliography.md).
#[test]
fn published_sequences_by_the_mex_rule() {
    let a000069 = [
        1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38,
    ];
    let a006519 = [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4];
    let mex = |text: &str| CoinLine::values_by_mex(&CoinRule::parse(text).unwrap(), 20);
    assert_eq!(mex("at-most=3"), a000069);
    assert_eq!(mex("consecutive"), a006519);
    assert_eq!(mex("at-most=2"), (1..=20).collect::<Vec<u64>>());
    assert_eq!(mex("exactly=2"), (0..20).collect::<Vec<u64>>());
}

/// Rulerette (Ferguson, Part I §5.5, exercise 4: runs of at least two coins): a head at n is
/// worth half the largest power of 2 dividing n (0 for odd n); Triplets (exercise 3: exactly
/// three coins): Mock Turtles moved two coins to the right.
#[test]
fn fergusons_exercises() {
    let rulerette = by_mex(&CoinRule::parse("consecutive=2..").unwrap());
    for (i, &v) in rulerette.iter().enumerate() {
        let n = i as u64 + 1;
        assert_eq!(v, (n & n.wrapping_neg()) / 2, "coin {n}");
    }
    let triplets = by_mex(&CoinRule::Exactly(3));
    assert_eq!(triplets[..2], [0, 0]);
    for (i, &v) in triplets.iter().enumerate().skip(2) {
        assert_eq!(v, odious(i as u64 - 2));
    }
}

/// Exactly `K` coins is "at most `K`" behind `K − 1` coins that have no move (value 0), which
/// may stand in for the coins a move does not turn.
#[test]
fn exactly_k_is_at_most_k_shifted() {
    for k in 1..=8usize {
        let exactly = by_mex(&CoinRule::Exactly(k));
        let at_most = by_mex(&CoinRule::AtMost(k));
        for (i, &v) in exactly.iter().enumerate() {
            let expected = if i + 1 < k { 0 } else { at_most[i + 1 - k] };
            assert_eq!(v, expected, "exactly={k} at {i}");
        }
    }
}

/// Two coins at a distance in `D` is the subtraction game with take-set `D` (a head at index
/// `i` is a heap of `i`); one coin or two, that game's values plus 1 (Ferguson, Part I §5.5,
/// exercises 1(c) and 5).
#[test]
fn two_coins_at_a_distance_are_subtraction_games() {
    use crate::subtraction::SubtractionGame;
    for set in [
        vec![1u64],
        vec![1, 2, 3],
        vec![2, 5],
        vec![1, 4, 9],
        vec![3, 7, 8, 20],
    ] {
        let text: Vec<String> = set.iter().map(u64::to_string).collect();
        let two = by_mex(&CoinRule::parse(&format!("two-at={}", text.join(","))).unwrap());
        let one_or_two =
            by_mex(&CoinRule::parse(&format!("one-or-two-at={}", text.join(","))).unwrap());
        let game = SubtractionGame::new(set.clone()).unwrap();
        for (i, (&v, &w)) in two.iter().zip(&one_or_two).enumerate() {
            let heap = game.grundy(&(i as u64)).unwrap();
            assert_eq!(v, heap, "{set:?} at {i}");
            assert_eq!(w, heap + 1, "{set:?} at {i}");
        }
    }
}

/// Grunt is Grundy's game in disguise (Ferguson, Part I §5.1): a head at index `n` is a heap
/// of `n`.
#[test]
fn grunt_is_grundys_game() {
    let grunt = by_mex(&CoinRule::Grunt);
    let grundy = crate::octal::OctalGame::grundys_game();
    for (n, &v) in grunt.iter().enumerate() {
        assert_eq!(v, grundy.grundy(&(n as u64)).unwrap(), "heap {n}");
    }
    assert_eq!(grunt.len(), RULE_COINS);
}

/// Two equally spaced coins are any two coins: Twins.
#[test]
fn two_spaced_coins_are_twins() {
    assert_eq!(by_mex(&CoinRule::Spaced(2)), by_mex(&CoinRule::Exactly(2)));
}

/// The rows whose value is 0 under "turn at most `K`" are the lexicographic code of minimum
/// distance `K + 1` (Conway and Sloane, "Lexicographic codes", 1986; docs/bibliography.md),
/// a linear code since the values add: Moebius (`K = 5`) on 18 coins gives the [18, 9, 6]
/// code (512 words, least weight 6) and Mogul (`K = 7`) on 24 coins the binary Golay code,
/// whose weights are 0, 8, 12, 16, 24 on 1, 759, 2576, 759, 1 words (759 octads).
#[test]
fn moebius_and_mogul_are_lexicodes() {
    let weights = |k: usize, n: usize| -> Vec<u64> {
        let values = CoinLine::values_by_mex(&CoinRule::AtMost(k), n);
        let mut count = vec![0u64; n + 1];
        // Rows in Gray-code order: one coin turned from each row to the next.
        let (mut row, mut value) = (0u64, 0u64);
        count[0] += 1;
        for step in 1u64..1 << n {
            let coin = step.trailing_zeros() as usize;
            row ^= 1 << coin;
            value ^= values[coin];
            if value == 0 {
                count[row.count_ones() as usize] += 1;
            }
        }
        count
    };
    let moebius = weights(5, 18);
    assert_eq!(moebius.iter().sum::<u64>(), 512);
    assert_eq!(moebius[1..6], [0; 5]);
    assert!(moebius[6] > 0);
    let mogul = weights(7, 24);
    let mut golay = vec![0u64; 25];
    for (w, c) in [(0, 1), (8, 759), (12, 2576), (16, 759), (24, 1)] {
        golay[w] = c;
    }
    assert_eq!(mogul, golay);
}

/// The named games and their rules: the same values, the named ones numbered as published.
#[test]
fn named_games_and_their_rules() {
    for game in CoinGame::ALL {
        let named = CoinLine::named(game);
        let ruled = CoinLine::ruled(game.rule());
        assert_eq!(named.values(64), ruled.values(64), "{}", game.title());
        assert_eq!(named.values(64), CoinLine::values_by_mex(&game.rule(), 64));
        assert_ne!(named, ruled);
        assert_eq!(named.first_coin(), game.first_coin());
        assert_eq!(ruled.first_coin(), 1);
        assert_eq!(CoinLine::parse(game.term()).unwrap(), named);
    }
    assert_eq!(
        CoinLine::parse("mock").unwrap(),
        CoinLine::named(CoinGame::MockTurtles)
    );
    assert_eq!(
        CoinLine::parse("coins{at-most=3}").unwrap(),
        CoinLine::ruled(CoinRule::AtMost(3))
    );
    assert_eq!(
        CoinLine::parse(" Consecutive ").unwrap().term(),
        "consecutive"
    );
    let err = CoinLine::parse("turtle").unwrap_err().to_string();
    assert!(
        err.contains("\"turtle\"") && err.contains("mock-turtles"),
        "{err}"
    );
    let err = CoinLine::parse("at-most=99").unwrap_err().to_string();
    assert!(err.contains("\"99\"") && err.contains("1 to 64"), "{err}");
}

/// The longest rows: where a coin first has more moves than allowed, on both sides.
#[test]
fn longest_lines() {
    let most =
        |text: &str| CoinLine::ruled(CoinRule::parse(text).unwrap()).max_coins(MAX_HEAD_MOVES);
    assert_eq!(most("any"), 21);
    assert_eq!(most("at-most=3"), 64);
    assert_eq!(most("at-most=5"), 64);
    assert_eq!(most("at-most=7"), 32);
    for text in ["any", "at-most=7", "at-most=9", "exactly=10"] {
        let line = CoinLine::ruled(CoinRule::parse(text).unwrap());
        let n = line.max_coins(MAX_HEAD_MOVES);
        assert!(line.set_count(n - 1) <= MAX_HEAD_MOVES, "{text}");
        assert!(line.set_count(n) > MAX_HEAD_MOVES, "{text}");
    }
    // The cache answers a longer line after a shorter one, and the reverse.
    let line = CoinLine::ruled(CoinRule::AtMost(4));
    let short = line.values(10);
    let long = line.values(40);
    assert_eq!(long[..10], short[..]);
    assert_eq!(line.values(10), short);
    assert_eq!(long, CoinLine::values_by_mex(&CoinRule::AtMost(4), 40));
    let _ = Coins::ruled(CoinRule::AtMost(4))
        .grundy(&vec![1; 40])
        .unwrap();
}

/// The nim-sums kept by number of coins ([`layers`]) against the sets listed one by one, for
/// "at most K" and "exactly K", K from 1 to 10, on every coin the listing reaches within a
/// budget of 10^7 sets (all 64 coins up to `at-most=5`), both sides of each bitmap's growth
/// included.
#[test]
fn layered_values_match_the_listing() {
    for k in 1..=10usize {
        for rule in [CoinRule::AtMost(k), CoinRule::Exactly(k)] {
            let line = CoinLine::ruled(rule.clone());
            let count = (0..RULE_COINS)
                .find(|&r| (0..=r).map(|i| line.set_count(i)).sum::<u128>() > 10_000_000)
                .unwrap_or(RULE_COINS);
            let listed = CoinLine::values_by_mex(&rule, count);
            assert_eq!(line.values(count), listed, "{rule}");
            let besides = match rule {
                CoinRule::AtMost(k) => Besides::FewerThan(k),
                _ => Besides::Exactly(k),
            };
            assert_eq!(layers::values(besides, count), listed, "{rule}");
            assert!(count >= 20, "{rule}: {count}");
        }
    }
}

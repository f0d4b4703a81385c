use super::*;

/// One rule of every kind, with parameters on both sides of each kind's special cases.
pub(crate) fn sample_rules() -> Vec<CoinRule> {
    let texts = [
        "at-most=1",
        "at-most=2",
        "at-most=3",
        "at-most=4",
        "at-most=5",
        "at-most=6",
        "exactly=1",
        "exactly=2",
        "exactly=3",
        "exactly=4",
        "exactly=5",
        "any",
        "consecutive",
        "consecutive=1",
        "consecutive=3",
        "consecutive=2..",
        "consecutive=2..3",
        "consecutive=3..5",
        "two-at=1",
        "two-at=1,2,3",
        "two-at=2,5",
        "one-or-two-at=1,3",
        "one-or-two-at=2",
        "spaced=2",
        "spaced=3",
        "spaced=4",
        "grunt",
    ];
    texts.iter().map(|t| CoinRule::parse(t).unwrap()).collect()
}

fn sets_of(rule: &CoinRule, r: usize) -> Vec<Vec<usize>> {
    let mut sets = Vec::new();
    let _ = rule.for_each_set(r, &mut |set| {
        sets.push(set.to_vec());
        ControlFlow::Continue(())
    });
    sets
}

#[test]
fn rules_read_and_write_back() {
    for rule in sample_rules() {
        let text = rule.to_string();
        assert_eq!(CoinRule::parse(&text).unwrap(), rule, "{text}");
    }
    // Case, spaces, an unsorted list with repeats, and the ranges' written forms.
    assert_eq!(
        CoinRule::parse(" At-Most = 3 ").unwrap(),
        CoinRule::AtMost(3)
    );
    assert_eq!(
        CoinRule::parse("two-at=3, 1, 3").unwrap(),
        CoinRule::TwoAt(vec![1, 3])
    );
    assert_eq!(
        CoinRule::parse("consecutive=1..").unwrap().to_string(),
        "consecutive"
    );
    assert_eq!(
        CoinRule::parse("consecutive=1..4").unwrap().to_string(),
        "consecutive=4"
    );
    assert_eq!(
        CoinRule::parse("consecutive=4..4").unwrap().to_string(),
        "consecutive=4..4"
    );
    assert_eq!(CoinRule::parse("at-most=64").unwrap(), CoinRule::AtMost(64));
}

#[test]
fn bad_rules_name_the_value_and_what_is_allowed() {
    let err = |text: &str| CoinRule::parse(text).unwrap_err().to_string();
    for text in ["", "at-most", "turn=3", "any=2", "grunt=1"] {
        let e = err(text);
        assert!(
            e.contains("invalid coin rule") && e.contains("at-most=K"),
            "{text}: {e}"
        );
    }
    let e = err("at-most=0");
    assert!(e.contains("\"0\"") && e.contains("from 1 to 64"), "{e}");
    let e = err("exactly=65");
    assert!(e.contains("\"65\"") && e.contains("from 1 to 64"), "{e}");
    let e = err("spaced=1");
    assert!(e.contains("\"1\"") && e.contains("from 2 to 64"), "{e}");
    let e = err("at-most=x");
    assert!(e.contains("\"x\"") && e.contains("whole number"), "{e}");
    let e = err("consecutive=5..2");
    assert!(e.contains("5..2") && e.contains("at most B"), "{e}");
    let e = err("two-at=0");
    assert!(e.contains("\"0\"") && e.contains("from 1 to 63"), "{e}");
    let e = err("two-at=64");
    assert!(e.contains("\"64\"") && e.contains("from 1 to 63"), "{e}");
    assert!(err("two-at=1,,2").contains("item 2 is empty"));
    let e = err("consecutive=");
    assert!(e.contains("\"\"") && e.contains("from 1 to 64"), "{e}");
    // Both sides of every bound are accepted.
    for ok in [
        "at-most=1",
        "exactly=64",
        "spaced=2",
        "spaced=64",
        "two-at=1,63",
    ] {
        assert!(CoinRule::parse(ok).is_ok(), "{ok}");
    }
}

/// For every rightmost coin of a 12-coin row: the sets listed are exactly the sets the rule
/// allows (every subset is tried), each once, as many as counted, rightmost first, fewest
/// coins first.
#[test]
fn sets_listed_are_the_sets_allowed() {
    for rule in sample_rules() {
        for r in 0..12usize {
            let sets = sets_of(&rule, r);
            assert_eq!(sets.len() as u128, rule.set_count(r), "{rule} at {r}");
            for set in &sets {
                assert_eq!(set[0], r, "{rule}");
                assert!(set.windows(2).all(|w| w[0] > w[1]), "{rule} {set:?}");
                assert!(rule.allows(set), "{rule} {set:?}");
            }
            assert!(sets.windows(2).all(|w| w[0].len() <= w[1].len()), "{rule}");
            let mut sorted = sets.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), sets.len(), "{rule} at {r}: a set twice");
            // Every subset of the coins left of r, with r.
            let allowed = (0u32..1 << r)
                .filter(|mask| {
                    let set: Vec<usize> = std::iter::once(r)
                        .chain((0..r).rev().filter(|&i| mask >> i & 1 == 1))
                        .collect();
                    rule.allows(&set)
                })
                .count();
            assert_eq!(allowed, sets.len(), "{rule} at {r}");
        }
    }
}

/// The counts by formula against the sets listed, on every coin of a 64-coin row where the
/// listing stays small, and the counts' exact values at the extremes.
#[test]
fn set_counts_at_every_coin() {
    for rule in sample_rules() {
        for r in 0..RULE_COINS {
            if rule.set_count(r) <= 50_000 {
                assert_eq!(
                    sets_of(&rule, r).len() as u128,
                    rule.set_count(r),
                    "{rule} {r}"
                );
            }
        }
    }
    assert_eq!(CoinRule::Any.set_count(63), 1 << 63);
    assert_eq!(CoinRule::AtMost(64).set_count(63), 1 << 63);
    assert_eq!(CoinRule::AtMost(3).set_count(63), 1 + 63 + 63 * 62 / 2);
    assert_eq!(CoinRule::Exactly(5).set_count(3), 0);
    assert_eq!(binomial(63, 31), 916_312_070_471_295_267);
    assert_eq!(CoinRule::Grunt.set_count(2), 0);
    assert_eq!(CoinRule::Grunt.set_count(3), 1);
}

/// The named games' sets, as Winning Ways and Ferguson describe them.
#[test]
fn sets_of_the_named_kinds() {
    assert_eq!(
        sets_of(&CoinRule::AtMost(2), 2),
        [vec![2], vec![2, 1], vec![2, 0]]
    );
    assert_eq!(sets_of(&CoinRule::Exactly(2), 2), [vec![2, 1], vec![2, 0]]);
    assert_eq!(
        sets_of(&CoinRule::parse("consecutive").unwrap(), 2),
        [vec![2], vec![2, 1], vec![2, 1, 0]]
    );
    assert_eq!(
        sets_of(&CoinRule::parse("spaced=3").unwrap(), 6),
        [vec![6, 5, 4], vec![6, 4, 2], vec![6, 3, 0]]
    );
    assert_eq!(
        sets_of(&CoinRule::Grunt, 6),
        [vec![6, 5, 1, 0], vec![6, 4, 2, 0]]
    );
    assert_eq!(
        sets_of(&CoinRule::parse("one-or-two-at=2,5").unwrap(), 4),
        [vec![4], vec![4, 2]]
    );
    assert!(!CoinRule::Grunt.allows(&[6, 3, 3, 0]));
    assert!(!CoinRule::Grunt.allows(&[6, 5, 1]));
    assert!(!CoinRule::parse("spaced=3").unwrap().allows(&[6, 5, 3]));
    assert!(!CoinRule::parse("consecutive=2..").unwrap().allows(&[6]));
    assert!(!CoinRule::parse("consecutive").unwrap().allows(&[6, 4]));
    assert!(!CoinRule::AtMost(3).allows(&[]));
}

/// Flow stops where the caller breaks, and the sets before are the first ones listed.
#[test]
fn listing_stops_on_break() {
    let mut seen = Vec::new();
    let flow = CoinRule::Any.for_each_set(10, &mut |set| {
        seen.push(set.to_vec());
        if seen.len() == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(flow, ControlFlow::Break(()));
    assert_eq!(seen, sets_of(&CoinRule::Any, 10)[..3]);
}

#[test]
fn descriptions() {
    let described: Vec<String> = sample_rules().iter().map(CoinRule::describe).collect();
    assert!(described.iter().all(|d| d.starts_with("turn over")));
    assert_eq!(CoinRule::AtMost(3).describe(), "turn over 1 to 3 coins");
    assert_eq!(
        CoinRule::parse("consecutive=2..").unwrap().describe(),
        "turn over 2 or more consecutive coins"
    );
    assert_eq!(odious(0), 1);
    assert_eq!(odious(3), 7);
    assert_eq!(floor_power_of_two(1), 1);
    assert_eq!(floor_power_of_two(63), 32);
    assert_eq!(floor_power_of_two(64), 64);
}

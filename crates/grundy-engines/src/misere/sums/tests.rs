use super::*;
use crate::misere::test_sums::parse_sum;
use std::collections::HashMap;

/// Whether `sum` is a misère P-position, by exhaustive search (no quotient, no theory):
/// the player who cannot move wins, so a P-position has a move and every move leads to
/// an N-position.
fn misere_p(sum: &Sum, memo: &mut HashMap<Sum, bool>) -> bool {
    let sum = sum.canonical();
    if let Some(&p) = memo.get(&sum) {
        return p;
    }
    let moves = sum.moves().unwrap();
    let p = !moves.is_empty() && moves.iter().all(|m| !misere_p(&sum.after(m), memo));
    memo.insert(sum, p);
    p
}

/// Sums of an octal game's heaps and Nim heaps through the quotient with Nim heaps beside
/// it, against exhaustive search: the outcome and the winning moves (as the positions they
/// leave) of every sum of one or two heaps of at most 6 with one or two Nim heaps of at
/// most 3, for Kayles, Dawson's Kayles, Dawson's Chess and 4.07 (a game that splits
/// without taking).
#[test]
fn octal_heaps_beside_nim_heaps_match_exhaustive_search() {
    let mut checked = 0;
    for code in ["0.77", "0.07", "0.137", "4.07"] {
        let mut memo = HashMap::new();
        for a in 0..=6u64 {
            for b in [None, Some(6u64), Some(a)] {
                for m in 0..=3u64 {
                    for k in [None, Some(1u64), Some(3)] {
                        let mut terms = format!("octal{{{code}}}:{a}");
                        if let Some(b) = b {
                            terms += &format!(",{b}");
                        }
                        terms += &format!(" + nim:{m}");
                        if let Some(k) = k {
                            terms += &format!(",{k}");
                        }
                        let sum = parse_sum(&terms);
                        let nim = m.max(k.unwrap_or(0));
                        if nim == 0 {
                            // No Nim heap to adjoin: the one-game quotient's path.
                            let found = answer(&sum);
                            assert!(found.map_or(true, |f| f.nim_beside.is_none()));
                            continue;
                        }
                        // The quotient given room: within its own small limits it answers
                        // these in milliseconds, but how many depends on the machine.
                        let found = answer_with_nim_within(&sum, SUM_QUOTIENT_LIMITS);
                        let found = found.unwrap_or_else(|| panic!("{terms}"));
                        assert!(found.nim_beside.is_some(), "{terms}");
                        let p = misere_p(&sum, &mut memo);
                        assert_eq!(found.outcome() == Outcome::P, p, "{terms}");
                        let mut want: Vec<Sum> = sum
                            .moves()
                            .unwrap()
                            .iter()
                            .map(|m| sum.after(m))
                            .filter(|s| misere_p(s, &mut memo))
                            .map(|s| s.canonical())
                            .collect();
                        let mut got: Vec<Sum> = found
                            .moves
                            .moves()
                            .iter()
                            .map(|m| sum.after(m).canonical())
                            .collect();
                        want.sort_by_key(|s| format!("{s:?}"));
                        got.sort_by_key(|s| format!("{s:?}"));
                        want.dedup();
                        got.dedup();
                        assert_eq!(got, want, "{terms}");
                        assert!(found.text().contains("Nim heaps *1 to"), "{terms}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 400, "{checked}");
    // Beyond the bound, and with a second game: not this path.
    let sum = |t: &str| parse_sum(t);
    let within = |s: &Sum| answer_with_nim_within(s, SUM_QUOTIENT_LIMITS);
    assert!(within(&sum("octal{0.77}:25 + nim:1")).is_none());
    assert!(within(&sum("octal{0.77}:24 + nim:1")).is_some());
    assert!(within(&sum("octal{0.77}:4 + nim:8")).is_none());
    assert!(within(&sum("octal{0.77}:4 + nim:7")).is_some());
    assert!(within(&sum("octal{0.77}:4 + octal{0.07}:5 + nim:1")).is_none());
}

/// Both sides of [`MAX_SUM_HEAP`]: a sum whose largest heap is at the bound is answered through
/// the quotient (Kayles' to heap 100 has 40 elements), one heap more is left to the searches.
/// The answer holds together: a P-position's every move reaches an N-position, and an
/// N-position's listed moves each reach a P-position.
#[test]
fn heaps_up_to_the_bound_go_through_the_quotient() {
    let kayles = |heaps: &str| parse_sum(&format!("octal{{0.77}}:{heaps}"));
    let at = kayles(&format!("{MAX_SUM_HEAP},41,7"));
    let found = answer(&at).expect("through the quotient");
    assert!(found.quotient.order() <= 48, "{}", found.quotient.order());
    match found.outcome() {
        Outcome::P => {
            for m in at.moves().unwrap() {
                assert_eq!(answer(&at.after(&m)).unwrap().outcome(), Outcome::N);
            }
        }
        Outcome::N => {
            assert!(!found.moves.moves().is_empty());
            for m in found.moves.moves() {
                assert_eq!(answer(&at.after(m)).unwrap().outcome(), Outcome::P);
            }
        }
    }
    assert!(answer(&kayles(&format!("{},3", MAX_SUM_HEAP + 1))).is_none());
}

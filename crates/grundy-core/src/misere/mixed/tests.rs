use super::*;
use std::collections::HashMap;

/// Whether `sum` is a misère P-position, by plain exhaustive search of the sum as the rules
/// generate it (no canonical heaps, no identities): P when it has a move and every move
/// reaches an N-position.
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

/// The positions a list of moves leaves, canonical and sorted, to compare sets of moves.
fn leaves(sum: &Sum, moves: &[SumMove]) -> Vec<Sum> {
    let mut out: Vec<Sum> = moves.iter().map(|m| sum.after(m).canonical()).collect();
    out.sort_by_key(|s| format!("{s:?}"));
    out.dedup();
    out
}

/// Every sum of one to three heaps of at most 7 (Kayles, Dawson's Kayles, Dawson's Chess,
/// 4.07, 0.6 and 0.51) beside one or two Nim heaps of at most 4: the outcome and the set of
/// winning moves against the plain search. The heaps cross every threshold the search uses:
/// heaps without moves, heaps that are Nim heaps as trees (Dawson's Kayles 2 to 4, Kayles 1
/// and 2), `*1` pairs, and positions of Nim heaps alone.
#[test]
fn sums_beside_nim_heaps_match_exhaustive_search() {
    let mut checked = 0;
    for code in ["0.77", "0.07", "0.137", "4.07", "0.6", "0.51"] {
        let mut memo = HashMap::new();
        for a in 0..=7u64 {
            for b in a..=7u64 {
                for c in [None, Some(b), Some(7)] {
                    if c.is_some() && b > 5 {
                        continue;
                    }
                    for m in 1..=4u64 {
                        for k in [None, Some(1u64), Some(m), Some(4)] {
                            let mut terms = format!("octal{{{code}}}:{a},{b}");
                            if let Some(c) = c {
                                terms += &format!(",{c}");
                            }
                            terms += &format!(" + nim:{m}");
                            if let Some(k) = k {
                                terms += &format!(",{k}");
                            }
                            let sum = crate::spec::parse_sum(&terms).unwrap();
                            let (outcome, moves) =
                                analyze(&sum).unwrap().unwrap_or_else(|| panic!("{terms}"));
                            let p = misere_p(&sum, &mut memo);
                            assert_eq!(outcome == Outcome::P, p, "{terms}");
                            let want = winning_by_search(&sum, &mut memo);
                            assert_eq!(moves.count(), want.len().into(), "{terms}");
                            assert_eq!(leaves(&sum, moves.moves()), leaves(&sum, &want), "{terms}");
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 4000, "{checked}");
}

/// Larger sums against the plain search, fewer of them: heaps of Kayles and Dawson's Kayles
/// up to 12 beside two Nim heaps up to 6 (the Nim heaps beyond every heap the games hold as
/// trees).
#[test]
fn larger_sums_match_exhaustive_search() {
    for (code, heaps) in [("0.77", [9u64, 12]), ("0.07", [11, 12]), ("0.07", [8, 10])] {
        let mut memo = HashMap::new();
        for (m, k) in [(5u64, 6u64), (3, 6), (2, 2), (6, 6)] {
            let terms = format!("octal{{{code}}}:{},{} + nim:{m},{k}", heaps[0], heaps[1]);
            let sum = crate::spec::parse_sum(&terms).unwrap();
            let (outcome, moves) = analyze(&sum).unwrap().unwrap();
            assert_eq!(outcome == Outcome::P, misere_p(&sum, &mut memo), "{terms}");
            let want = winning_by_search(&sum, &mut memo);
            assert_eq!(leaves(&sum, moves.moves()), leaves(&sum, &want), "{terms}");
        }
    }
}

/// Which heaps are Nim heaps as trees: Dawson's Kayles (0.07) 1 is `0`, 2 and 3 are `*1`, 4
/// is `*2` (its options 2 and 1 + 1); 5 is not (both its options, 3 and 1 + 2, are `*1`: it
/// is `{*1}`, no Nim heap). Kayles 1 and 2 are `*1` and `*2`;
/// Kayles 3 is not, as a tree (its option `1 + 1` is not a Nim heap), though it plays as `*3`.
#[test]
fn nim_heaps_as_trees() {
    let dawson = Search::new(&HeapRules::parse("0.07").unwrap(), 8).unwrap();
    assert_eq!(
        &dawson.nim_like[..6],
        &[Some(0), Some(0), Some(1), Some(1), Some(2), None]
    );
    let kayles = Search::new(&HeapRules::parse("0.77").unwrap(), 8).unwrap();
    assert_eq!(&kayles.nim_like[..4], &[Some(0), Some(1), Some(2), None]);
    // Nim heaps beyond the search's bound, a second game, or no Nim heap: not this search.
    let sum = |t: &str| crate::spec::parse_sum(t).unwrap();
    assert!(analyze(&sum("octal{0.77}:4 + nim:65")).unwrap().is_none());
    assert!(analyze(&sum("octal{0.77}:65 + nim:1")).unwrap().is_none());
    assert!(analyze(&sum("octal{0.77}:4 + octal{0.07}:5 + nim:1"))
        .unwrap()
        .is_none());
    assert!(analyze(&sum("octal{0.77}:4,5")).unwrap().is_none());
    assert!(analyze(&sum("octal{0.77}:3 + nim:64")).unwrap().is_some());
}

/// The winning moves of `sum` by the plain exhaustive search: those to a misère P-position.
fn winning_by_search(sum: &Sum, memo: &mut HashMap<Sum, bool>) -> Vec<SumMove> {
    sum.moves()
        .unwrap()
        .into_iter()
        .filter(|m| misere_p(&sum.after(m), memo))
        .collect()
}

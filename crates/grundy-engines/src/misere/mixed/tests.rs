use super::*;
use crate::misere::test_sums::parse_sum;
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
                            let sum = parse_sum(&terms);
                            let p = misere_p(&sum, &mut memo);
                            let want = winning_by_search(&sum, &mut memo);
                            for (method, found) in [
                                ("heaps", analyze(&sum).unwrap()),
                                ("forms", by_forms_alone(&sum)),
                            ] {
                                let (outcome, moves) =
                                    found.unwrap_or_else(|| panic!("{terms} by {method}"));
                                assert_eq!(outcome == Outcome::P, p, "{terms} by {method}");
                                assert_eq!(moves.count(), want.len().into(), "{terms} {method}");
                                let (got, wanted) =
                                    (leaves(&sum, moves.moves()), leaves(&sum, &want));
                                assert_eq!(got, wanted, "{terms} by {method}");
                            }
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
            let sum = parse_sum(&terms);
            let want = winning_by_search(&sum, &mut memo);
            for found in [analyze(&sum).unwrap(), by_forms_alone(&sum)] {
                let (outcome, moves) = found.unwrap();
                assert_eq!(outcome == Outcome::P, misere_p(&sum, &mut memo), "{terms}");
                assert_eq!(leaves(&sum, moves.moves()), leaves(&sum, &want), "{terms}");
            }
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
    let sum = |t: &str| parse_sum(t);
    assert!(analyze(&sum("octal{0.77}:4 + nim:65")).unwrap().is_none());
    assert!(analyze(&sum("octal{0.77}:65 + nim:1")).unwrap().is_none());
    assert!(analyze(&sum("octal{0.77}:4 + octal{0.07}:5 + nim:1"))
        .unwrap()
        .is_none());
    assert!(analyze(&sum("octal{0.77}:4,5")).unwrap().is_none());
    assert!(analyze(&sum("octal{0.77}:3 + nim:64")).unwrap().is_some());
}

/// The answer on simplest forms within the store's limits, the quotient not asked.
fn by_forms_alone(sum: &Sum) -> Option<(Outcome, MoveList<SumMove>)> {
    let (rules, n, octal, nim) = split_any(sum)?;
    with_forms(&rules, n, None, |search| {
        answer_by(sum, &octal, &nim, |a, b| search.is_p(a, b))
    })
    .unwrap()
}

/// Larger sums, where the forms and the search of the heaps meet their own thresholds: the
/// two agree on the outcome and the winning moves. The Nim heaps cover each way the forms
/// decide (one Nim heap, two, three with the smallest added to the sum), and Kayles 24 + 20
/// beside `*7 + *6` (3.4 s by the heaps' search before the forms) is among them.
#[test]
fn forms_agree_with_the_search_of_the_heaps() {
    for (code, heaps, nims) in [
        ("0.77", "24,20", "7,6"),
        ("0.77", "16,13", "5"),
        ("0.77", "14,11", "6,3,2"),
        ("0.77", "12,9,5", "4,4"),
        ("0.71", "15,12", "7,6"),
        ("0.07", "24,20", "7,6"),
        ("0.137", "20,17,9", "5,5,1"),
        ("0.6", "13,11", "3,2"),
    ] {
        let terms = format!("octal{{{code}}}:{heaps} + nim:{nims}");
        let sum = parse_sum(&terms);
        let (outcome, moves) = by_forms_alone(&sum).unwrap();
        let (want_outcome, want) = analyze(&sum).unwrap().unwrap();
        assert_eq!(outcome, want_outcome, "{terms}");
        assert_eq!(
            leaves(&sum, moves.moves()),
            leaves(&sum, want.moves()),
            "{terms}"
        );
        // And the explanation names the value that decided it.
        let text = explain_by_forms(&sum, || false).unwrap();
        assert!(text.contains("G⁻(S"), "{text}");
    }
}

/// Both sides of the forms' thresholds: a sum whose answer needs more than [`QUICK_FORM_SUMS`]
/// sums of two forms (0.75 27 + 25 beside `*7 + *6`, with its winning moves: some 250,000) is
/// not answered by a quick attempt and is by a full one, from what the quick one made (no
/// other test asks about 0.75, whose store is kept for the process); heaps whose forms alone
/// pass
/// [`forms::FORM_SUMS_LIMIT`] (Kayles 60: some 2 million) are left to the other methods, and
/// so are Nim heaps beyond the heaps' search's bound.
#[test]
fn forms_within_their_limits_only() {
    let answer = |sum: &Sum, more: Option<usize>| {
        let (rules, n, octal, nim) = split(sum).unwrap();
        with_forms(&rules, n, more, |search| {
            answer_by(sum, &octal, &nim, |a, b| search.is_p(a, b))
        })
        .unwrap()
    };
    // A small sum answers within the quick attempt.
    let small = parse_sum("octal{0.75}:12,10 + nim:7,6");
    assert!(answer(&small, Some(QUICK_FORM_SUMS)).is_some());
    let sum = parse_sum("octal{0.75}:27,25 + nim:7,6");
    assert!(answer(&sum, Some(QUICK_FORM_SUMS)).is_none());
    // (The search of the heaps gives up on this one; the forms' answers are checked against
    // it and against exhaustive search above.)
    let (outcome, moves) = answer(&sum, None).unwrap();
    assert_eq!(outcome == Outcome::N, moves.count() > 0u32.into());

    let big = parse_sum("octal{0.77}:60 + nim:1");
    assert!(by_forms_alone(&big).is_none());
    assert!(analyze_by_forms(&big, || false).unwrap().is_none());
    assert!(explain_by_forms(&big, || false).is_none());
    let wide = parse_sum("octal{0.77}:4 + nim:65");
    assert!(analyze_by_forms(&wide, || false).unwrap().is_none());
}

/// The winning moves of `sum` by the plain exhaustive search: those to a misère P-position.
fn winning_by_search(sum: &Sum, memo: &mut HashMap<Sum, bool>) -> Vec<SumMove> {
    sum.moves()
        .unwrap()
        .into_iter()
        .filter(|m| misere_p(&sum.after(m), memo))
        .collect()
}

/// Sums of a game's heaps alone, on forms: every sum of one to three heaps of at most 8 of
/// four wild games against the plain exhaustive search (outcome and winning moves), and the
/// order: the quotient is asked first (a sum it answers is not answered here), the forms when
/// it is not (Dawson's Kayles 50 + 40, beyond the quotient's 2,048 elements).
#[test]
fn heaps_alone_on_forms() {
    for code in ["0.77", "0.07", "0.6", "0.16"] {
        let mut memo = HashMap::new();
        for a in 1..=8u64 {
            for b in a..=8u64 {
                for c in [None, Some(b), Some(3)] {
                    let mut terms = format!("octal{{{code}}}:{a},{b}");
                    if let Some(c) = c {
                        terms += &format!(",{c}");
                    }
                    let sum = parse_sum(&terms);
                    let (outcome, moves) = by_forms_alone(&sum).unwrap();
                    assert_eq!(outcome == Outcome::P, misere_p(&sum, &mut memo), "{terms}");
                    let want = winning_by_search(&sum, &mut memo);
                    assert_eq!(leaves(&sum, moves.moves()), leaves(&sum, &want), "{terms}");
                }
            }
        }
    }
    let sum = parse_sum("octal{0.07}:50,40");
    assert!(analyze_by_forms(&sum, || true).unwrap().is_none());
    let (outcome, moves) = analyze_by_forms(&sum, || false).unwrap().unwrap();
    assert_eq!(outcome == Outcome::N, moves.count() > 0u32.into());
    let text = explain_by_forms(&sum, || false).unwrap();
    assert!(
        text.contains("S is a misère P-position exactly when G⁻(S) = 0"),
        "{text}"
    );
    // The search of the heaps still wants Nim heaps.
    assert!(analyze(&sum).unwrap().is_none());
}

/// Both sides of the bound on the values `G⁻(X + *k)`: Kayles 9 + 7 beside `*5 + *4` needs
/// more than 8 of them and fewer than 100,000; refused, the forms give way (`Stop::Exhausted`).
#[test]
fn values_beside_a_nim_heap_within_their_bound() {
    let sum = parse_sum("octal{0.77}:9,7 + nim:5,4");
    let (rules, n, octal, nim) = split(&sum).unwrap();
    for (limit, answers) in [(8, false), (100_000, true)] {
        let mut search = forms::FormSearch::new(rules.clone());
        search.set_beside_limit(limit);
        assert!(search.reach(n).unwrap());
        let found = search.is_p(&octal, &nim);
        assert_eq!(found.is_ok(), answers, "{limit}");
        if let Err(stop) = found {
            assert!(matches!(stop, Stop::Exhausted));
        }
    }
}

/// The last method before the exhaustive search, a store of its own with the large limits:
/// Officers' 45 + 30, whose forms pass the shelf's limits (refused at the budget before this
/// stage), is answered, as a sum the shelf answers is answered the same by both stores; its
/// words are kept for the explanation though the store is dropped; and it keeps the budget.
#[test]
fn a_large_store_answers_past_the_shelf() {
    use crate::kernel::budget::{within, Budget};
    let sum = parse_sum("octal{0.6}:45,30");
    // Without a question's budget, its bound, the large store is not tried.
    assert!(analyze_by_large_forms(&sum).unwrap().is_none());
    let minute = Budget::new(std::time::Duration::from_secs(60), "--time SECONDS");
    within(&minute, || answered_past_the_shelf(&sum));
    let spent = Budget::new(std::time::Duration::ZERO, "--time SECONDS");
    let refused = within(&spent, || analyze_by_large_forms(&sum));
    assert!(refused.unwrap_err().to_string().contains("--time SECONDS"));
}

/// [`a_large_store_answers_past_the_shelf`] within a question's budget.
fn answered_past_the_shelf(sum: &Sum) {
    let sum = sum.clone();
    assert!(analyze_by_forms(&sum, || false).unwrap().is_none());
    let (outcome, moves) = analyze_by_large_forms(&sum).unwrap().unwrap();
    assert_eq!(outcome, Outcome::N);
    let moves = moves.to_vec();
    assert!(!moves.is_empty() && moves.len() < sum.moves().unwrap().len());
    let words = explain_by_forms(&sum, || false).unwrap();
    assert!(words.contains("simplest forms"), "{words}");
    // 45 + 35: even its verdict alone passes the shelf's limits (0.4 s, then no answer); the
    // explanation is the words the large store left.
    let further = parse_sum("octal{0.6}:45,35");
    assert!(analyze_by_large_forms(&further).unwrap().is_some());
    let kept = LARGE_ANSWERS.get(&large_key(
        &HeapRules::parse("0.6").unwrap(),
        &[45, 35],
        &[],
    ));
    assert!(kept.is_some());
    assert_eq!(explain_by_forms(&further, || false), kept);

    // A smaller sum, both ways (the forms themselves are checked against exhaustive search
    // above).
    for text in ["octal{0.6}:20,15", "octal{0.6}:21,13 + nim:3,2"] {
        let small = parse_sum(text);
        let (o, m) = analyze_by_forms(&small, || false).unwrap().unwrap();
        let (large_o, large_m) = analyze_by_large_forms(&small).unwrap().unwrap();
        assert_eq!(
            (o, leaves(&small, &m)),
            (large_o, leaves(&small, &large_m)),
            "{text}"
        );
    }
}

/// The words of large answers: kept by game and sorted heaps, at most [`LARGE_ANSWERS_KEPT`],
/// then forgotten all at once (both sides of that bound).
#[test]
fn words_of_large_answers_are_kept_within_their_bound() {
    let kept = LargeAnswers(Mutex::new(None));
    let rules = HeapRules::parse("0.6").unwrap();
    let key = |h: usize| large_key(&rules, &[(h % 256) as u8], &[(h / 256) as u8]);
    assert_eq!(
        large_key(&rules, &[3, 1], &[2, 5]),
        large_key(&rules, &[1, 3], &[5, 2])
    );
    for h in 0..LARGE_ANSWERS_KEPT {
        kept.put(key(h), format!("words {h}"));
    }
    assert_eq!(kept.get(&key(0)).as_deref(), Some("words 0"));
    assert_eq!(
        kept.get(&key(LARGE_ANSWERS_KEPT - 1)),
        Some(format!("words {}", LARGE_ANSWERS_KEPT - 1))
    );
    kept.put(key(LARGE_ANSWERS_KEPT), "one more".into());
    assert_eq!(kept.get(&key(0)), None);
    assert_eq!(
        kept.get(&key(LARGE_ANSWERS_KEPT)).as_deref(),
        Some("one more")
    );
}

//! Misère quotients and genera, checked against exhaustive search and published facts.

use grundy_core::kernel::bouton;
use grundy_core::kernel::heap_rules::HeapRules;
use grundy_core::misere::check::{compare_with_search, is_reduced, prove, Proof};
use grundy_core::misere::game::{Nim, OptionTable};
use grundy_core::misere::genus_quotient::heap_genera;
use grundy_core::misere::monoid::Candidate;
use grundy_core::misere::quotient::{Limits, MisereQuotient};
use grundy_core::sum::Outcome;

fn candidate(q: &MisereQuotient) -> Candidate<'_> {
    Candidate {
        monoid: &q.monoid,
        pretend: &q.pretend,
        p_portion: &q.p_portion,
    }
}

/// Misère Nim with heaps of at most 3 has the tame quotient T_2 = <a, b | a^2 = 1, b^3 = b>
/// of order 6, P-portion {a, b^2} (Plambeck, "Taming the wild in impartial combinatorial
/// games", INTEGERS 5 (2005) G05; Plambeck and Siegel, "Misère quotients for impartial games",
/// JCTA 115 (2008)); with heaps of at most 1 it is <a | a^2 = 1> of order 2.
#[test]
fn misere_nim_is_tame() {
    let one = MisereQuotient::compute(&Nim, 1, Limits::default()).unwrap();
    assert_eq!(one.order(), 2);
    let q = MisereQuotient::compute(&Nim, 3, Limits::default()).unwrap();
    assert_eq!(q.order(), 6);
    assert_eq!(q.presentation.generators.len(), 2);
    let p: Vec<String> = q.p_elements().iter().map(|&e| q.element_text(e)).collect();
    assert_eq!(p, ["a", "b^2"]);
    assert_eq!(q.element_text(q.pretend[3]), "ab");
    // Bouton's misère rule on every position with heaps of at most 3 and up to 12 heaps.
    for_each_position(3, 12, &mut |heaps| {
        let as_u64: Vec<u64> = heaps.iter().map(|&h| h as u64).collect();
        let p = bouton::is_misere_p_position(&as_u64);
        assert_eq!(q.outcome(heaps).unwrap() == Outcome::P, p, "{heaps:?}");
    });
    assert!(is_reduced(candidate(&q)));
}

/// Every impartial misère quotient has even order (Plambeck and Siegel 2008); checked on every
/// quotient computed here, each also compared with exhaustive search of 14 tokens.
#[test]
fn quotients_have_even_order_and_agree_with_search() {
    let games: Vec<(Box<dyn grundy_core::misere::HeapGame>, usize)> = vec![
        (Box::new(Nim), 2),
        (Box::new(HeapRules::parse("0.75").unwrap()), 4),
        (Box::new(HeapRules::parse("0.77").unwrap()), 4),
        (Box::new(HeapRules::parse("0.07").unwrap()), 6),
        (Box::new(HeapRules::parse("0.31").unwrap()), 5),
    ];
    for (game, n) in games {
        let q = MisereQuotient::compute(game.as_ref(), n, Limits::default()).unwrap();
        assert_eq!(q.order() % 2, 0, "{} {n}: order {}", q.game, q.order());
        let options = OptionTable::new(game.as_ref(), n).unwrap();
        assert!(
            compare_with_search(&options, candidate(&q), 14).is_ok(),
            "{}",
            q.game
        );
        assert!(matches!(
            prove(&options, candidate(&q), 1 << 20).unwrap(),
            Proof::Proven { .. }
        ));
        assert!(is_reduced(candidate(&q)));
    }
}

/// The game 0.75 has the quotient R_8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2> of
/// order 8 with P-portion {a, b^2} (Plambeck and Siegel, "Misère quotients for impartial
/// games", JCTA 115 (2008), the quotient they call R_8); it is reached at heap 5 and stays.
#[test]
fn quotient_of_075_is_r8() {
    let game = HeapRules::parse("0.75").unwrap();
    let q = MisereQuotient::compute(&game, 20, Limits::default()).unwrap();
    assert_eq!(q.order(), 8);
    assert_eq!(q.orders[4], 6);
    assert!(q.orders[5..].iter().all(|&o| o == 8));
    let text = |w: &[u32]| grundy_core::misere::monoid::Presentation::word_text(w);
    let mut relations: Vec<String> = q
        .presentation
        .relations
        .iter()
        .map(|(l, r)| format!("{}={}", text(l), text(r)))
        .collect();
    relations.sort();
    assert_eq!(relations, ["a^2=1", "b^3=b", "bc=ab", "c^2=b^2"]);
    let p: Vec<String> = q.p_elements().iter().map(|&e| q.element_text(e)).collect();
    assert_eq!(p, ["a", "b^2"]);
    let options = OptionTable::new(&game, 20).unwrap();
    assert!(compare_with_search(&options, candidate(&q), 22).is_ok());
}

/// The order of each quotient equals the number of classes exhaustive search alone tells
/// apart (positions of at most T/2 tokens compared beside every position of at most T/2
/// tokens): a lower bound computed without the quotient, met exactly. Covers Kayles and
/// Dawson's Kayles on both sides of the heaps where their quotients grow.
#[test]
fn orders_equal_the_classes_search_tells_apart() {
    for (code, n, tokens) in [
        ("0.77", 4, 16),
        ("0.77", 5, 20),
        ("0.77", 9, 40),
        ("0.07", 9, 24),
        ("0.07", 10, 44),
    ] {
        let game = HeapRules::parse(code).unwrap();
        let q = MisereQuotient::compute(&game, n, Limits::default()).unwrap();
        let options = OptionTable::new(&game, n).unwrap();
        let classes = classes_told_apart(&options, tokens);
        assert_eq!(q.order(), classes, "{code} with heaps up to {n}");
    }
}

fn classes_told_apart(options: &OptionTable, tokens: usize) -> usize {
    use grundy_core::misere::search::{merge, OutcomeTable};
    let table = OutcomeTable::new(options, tokens, 1 << 22).unwrap();
    let size = |p: &[u16]| p.iter().map(|&h| h as usize).sum::<usize>();
    let half: Vec<_> = table
        .positions()
        .iter()
        .filter(|p| size(p) <= tokens / 2)
        .collect();
    let signatures: std::collections::HashSet<Vec<bool>> = half
        .iter()
        .map(|x| {
            half.iter()
                .map(|z| table.is_p(&merge(x, z)).unwrap())
                .collect()
        })
        .collect();
    signatures.len()
}

/// Dawson's Kayles with heaps up to 30 (the quotient grows to 360 elements at heap 30):
/// proven, reduced, even, agreeing with exhaustive search on every position of at most 20
/// tokens; the position 30, 29, 27, 25, 23, 17 (far beyond exhaustive search) is answered
/// with every winning move landing in the P-portion.
#[test]
fn dawsons_kayles_to_thirty() {
    let dawson = HeapRules::parse("0.07").unwrap();
    let q = MisereQuotient::compute(&dawson, 30, Limits::default()).unwrap();
    assert_eq!(q.order() % 2, 0);
    assert_eq!(q.orders[24], 24);
    assert!(q.orders[25] > 24);
    assert!(is_reduced(candidate(&q)));
    let options = OptionTable::new(&dawson, 30).unwrap();
    assert!(compare_with_search(&options, candidate(&q), 20).is_ok());
    let heaps = [30, 29, 27, 25, 23, 17];
    let answer = q.analyze(&heaps).unwrap();
    assert_eq!(
        answer.outcome == Outcome::N,
        !answer.winning_moves.is_empty()
    );
    for m in &answer.winning_moves {
        let mut after: Vec<usize> = heaps
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != m.heap)
            .map(|(_, &h)| h)
            .collect();
        after.extend(&m.to);
        assert_eq!(q.outcome(&after).unwrap(), Outcome::P);
    }
}

/// Limits are errors naming the bound, never a panic or a wrong answer.
#[test]
fn limits_are_errors() {
    let dawson = HeapRules::parse("0.07").unwrap();
    let small = Limits {
        max_order: 100,
        ..Limits::default()
    };
    let e = MisereQuotient::compute(&dawson, 30, small).unwrap_err();
    assert!(e.to_string().contains("100"), "{e}");
    let rushed = Limits {
        time_budget: std::time::Duration::ZERO,
        ..Limits::default()
    };
    let e = MisereQuotient::compute(&dawson, 10, rushed).unwrap_err();
    assert!(e.to_string().contains("time budget"), "{e}");
    assert!(MisereQuotient::compute(&dawson, 0, Limits::default()).is_err());
    assert!(MisereQuotient::compute(&dawson, 1001, Limits::default()).is_err());
}

/// A wrong candidate is caught: misère Nim's quotient with its P-portion flipped.
#[test]
fn a_wrong_quotient_is_refuted() {
    let q = MisereQuotient::compute(&Nim, 2, Limits::default()).unwrap();
    let flipped: Vec<bool> = q.p_portion.iter().map(|p| !p).collect();
    let bad = Candidate {
        monoid: &q.monoid,
        pretend: &q.pretend,
        p_portion: &flipped,
    };
    let options = OptionTable::new(&Nim, 2).unwrap();
    assert!(matches!(
        prove(&options, bad, 1000).unwrap(),
        Proof::Counterexample(_)
    ));
    assert!(compare_with_search(&options, bad, 6).is_err());
}

/// Winning moves land in the P-portion, and they are all of them (checked against every
/// option of every heap by exhaustive search).
#[test]
fn winning_moves_are_exactly_the_moves_to_p() {
    let dawson = HeapRules::parse("0.07").unwrap();
    let q = MisereQuotient::compute(&dawson, 6, Limits::default()).unwrap();
    let options = OptionTable::new(&dawson, 6).unwrap();
    let table = grundy_core::misere::search::OutcomeTable::new(&options, 24, 1 << 20).unwrap();
    for_each_position(6, 4, &mut |heaps| {
        let answer = q.analyze(heaps).unwrap();
        let mut expected = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for o in &options.options[h] {
                let mut after: Vec<u16> = heaps
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &x)| x as u16)
                    .collect();
                after.extend(o.iter().map(|&x| x as u16));
                after.sort_unstable();
                if table.is_p(&after) == Some(true) {
                    expected.push((i, o.clone()));
                }
            }
        }
        let got: Vec<(usize, Vec<usize>)> = answer
            .winning_moves
            .iter()
            .map(|m| (m.heap, m.to.clone()))
            .collect();
        assert_eq!(got, expected, "{heaps:?}");
        let mut sorted: Vec<u16> = heaps.iter().map(|&h| h as u16).collect();
        sorted.sort_unstable();
        assert_eq!(Some(answer.outcome == Outcome::P), table.is_p(&sorted));
        assert!(answer.explanation.to_text().contains("Product: "));
    });
    assert!(q.analyze(&[7]).is_err());
}

/// Nim heaps have the genera of ONAG ch. 12: *0 = 0^{120} (no heap), *1 = 1^{031},
/// *2 = 2^{20}, *3 = 3^{31}, *n = n^{n (n xor 2)}; all tame.
#[test]
fn nim_heap_genera() {
    let options = OptionTable::new(&Nim, 6).unwrap();
    let genera = heap_genera(&options).unwrap();
    let shown: Vec<String> = genera.iter().map(|g| g.genus.to_string()).collect();
    assert_eq!(
        shown,
        ["1^{031}", "2^{20}", "3^{31}", "4^{46}", "5^{57}", "6^{64}"]
    );
    assert!(genera.iter().all(|g| g.tame));
}

/// The game 0.312 (Plambeck, "misère octal games" notes, after Winning Ways ch. 13): the
/// heap genera begin 1^{031}, 2^{20}, 0^{02}, 2^{1420}, 0^{02}, 1^{13}; heap 4 is not tame.
#[test]
fn genera_of_0312() {
    let game = HeapRules::parse("0.312").unwrap();
    let options = OptionTable::new(&game, 6).unwrap();
    let genera = heap_genera(&options).unwrap();
    let shown: Vec<String> = genera.iter().map(|g| g.genus.to_string()).collect();
    assert_eq!(
        shown,
        ["1^{031}", "2^{20}", "0^{02}", "2^{1420}", "0^{02}", "1^{13}"]
    );
    assert!(!genera[3].tame);
    assert!(genera[0].tame && genera[1].tame && genera[2].tame);
}

fn for_each_position(max_heap: usize, max_heaps: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(from: usize, left: usize, cur: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        f(cur);
        if left == 0 {
            return;
        }
        let top = cur.last().copied().unwrap_or(from);
        for h in 1..=top {
            cur.push(h);
            go(from, left - 1, cur, f);
            cur.pop();
        }
    }
    go(max_heap, max_heaps, &mut Vec::new(), f);
}

/// `analyze --misere` on sums of octal heaps goes through the quotient: every outcome and
/// every winning move equal exhaustive search's (the oracle) on all positions of up to four
/// heaps of at most 8 tokens of Kayles and Dawson's Kayles; the explanation shows elements.
#[test]
fn analyze_answers_octal_sums_through_the_quotient() {
    use grundy_core::report::analyze;
    use grundy_core::strategy::Convention;
    for code in ["0.77", "0.07"] {
        let game = HeapRules::parse(code).unwrap();
        let options = OptionTable::new(&game, 8).unwrap();
        let table = grundy_core::misere::search::OutcomeTable::new(&options, 32, 1 << 20).unwrap();
        for_each_position(8, 4, &mut |heaps| {
            if heaps.is_empty() {
                return;
            }
            let list: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            let text = format!("octal{{{code}}}:{}", list.join(","));
            let report = analyze(&text, Convention::Misere, true).unwrap();
            let mut sorted: Vec<u16> = heaps.iter().map(|&h| h as u16).collect();
            sorted.sort_unstable();
            assert_eq!(
                Some(report.outcome == Outcome::P),
                table.is_p(&sorted),
                "{text}"
            );
            let mut expected = 0u128;
            for (i, &h) in heaps.iter().enumerate() {
                for o in &options.options[h] {
                    let mut after: Vec<u16> = sorted.clone();
                    let at = after.iter().position(|&x| x as usize == heaps[i]).unwrap();
                    after.remove(at);
                    after.extend(o.iter().map(|&x| x as u16));
                    after.sort_unstable();
                    expected += u128::from(table.is_p(&after) == Some(true));
                }
            }
            assert_eq!(report.winning_move_count, expected.into(), "{text}");
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(json["explanation"]["kind"], "quotient", "{text}");
        });
    }
}

/// A second, deliberately naive proof that a quotient predicts every misère outcome, written
/// apart from `check::prove`: states (element, has a move, the set `Win` as a vector of
/// booleans) explored breadth-first over every heap, each checked against the misère rule.
/// Also checks, naively, that the table is an associative commutative monoid with identity 0,
/// that every element is a product of heaps, and that no two elements are indistinguishable
/// (`x·z ∈ P ⟺ y·z ∈ P` for every element `z`, every element being some position).
fn independent_check(game: &dyn grundy_core::misere::HeapGame, q: &MisereQuotient) {
    use std::collections::{HashSet, VecDeque};
    let n = q.order() as u32;
    let mul = |a: u32, b: u32| q.monoid.mul(a, b);
    for a in 0..n {
        assert_eq!(mul(0, a), a);
        for b in 0..n {
            assert_eq!(mul(a, b), mul(b, a), "{}: {a}·{b}", q.game);
            for c in 0..n {
                assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)), "{}", q.game);
            }
        }
    }
    let heaps = q.max_heap;
    let options: Vec<Vec<Vec<usize>>> = (0..=heaps)
        .map(|h| if h == 0 { vec![] } else { game.options(h) })
        .collect();
    let of = |o: &[usize]| o.iter().fold(0, |e, &h| mul(e, q.pretend[h]));
    let winning: Vec<Vec<bool>> = options
        .iter()
        .map(|opts| {
            (0..n)
                .map(|r| opts.iter().any(|o| q.p_portion[mul(r, of(o)) as usize]))
                .collect()
        })
        .collect();
    type State = (u32, bool, Vec<bool>);
    let start: State = (0, false, vec![false; n as usize]);
    let mut seen: HashSet<State> = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    let mut reached = vec![false; n as usize];
    while let Some((e, moves, win)) = queue.pop_front() {
        reached[e as usize] = true;
        assert_eq!(
            q.p_portion[e as usize],
            moves && !win[0],
            "{}: the prediction for element {e} breaks the misère rule",
            q.game
        );
        for g in 1..=heaps {
            let x = q.pretend[g];
            let next: State = (
                mul(e, x),
                moves || !options[g].is_empty(),
                (0..n)
                    .map(|r| winning[g][mul(r, e) as usize] || win[mul(r, x) as usize])
                    .collect(),
            );
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    assert!(
        reached.iter().all(|&r| r),
        "{}: an element no position has",
        q.game
    );
    for a in 0..n {
        for b in 0..a {
            assert!(
                (0..n).any(|z| q.p_portion[mul(a, z) as usize] != q.p_portion[mul(b, z) as usize]),
                "{}: elements {a} and {b} are indistinguishable",
                q.game
            );
        }
    }
}

/// Every quotient below, including the larger published cases (Kayles to heap 80, Dawson's
/// Kayles to 30, Dawson's Chess, Treblecross, Daisies) and heap rulesets of the registry, is
/// proven again by the naive checker above. Kayles grows to 40 elements at heap 27 and no
/// heap up to 80 splits it further (the engine finds the same to heap 300); Dawson's Kayles
/// keeps growing (360 elements at heap 30).
#[test]
fn quotients_pass_an_independent_proof() {
    use grundy_core::misere::game::RegistryHeapGame;
    use grundy_core::spec::parse_rules;
    let registry = |t: &str| -> Box<dyn grundy_core::misere::HeapGame> {
        Box::new(RegistryHeapGame::new(parse_rules(t).unwrap()).unwrap())
    };
    let octal = |c: &str| -> Box<dyn grundy_core::misere::HeapGame> {
        Box::new(HeapRules::parse(c).unwrap())
    };
    let cases: Vec<(Box<dyn grundy_core::misere::HeapGame>, usize)> = vec![
        (Box::new(Nim), 9),
        (octal("0.75"), 20),
        (octal("0.77"), 80),
        (octal("0.07"), 30),
        (octal("0.137"), 29),
        (octal("0.007"), 40),
        (octal("4.7"), 24),
        (registry("sub{1,4}"), 15),
        (registry("lasker"), 10),
        (registry("grundys"), 14),
        (registry("allbut{2}"), 12),
    ];
    for (game, n) in cases {
        let q = MisereQuotient::compute(game.as_ref(), n, Limits::default()).unwrap();
        independent_check(game.as_ref(), &q);
        // Every impartial misère quotient but the trivial one has even order (Plambeck and
        // Siegel 2008).
        assert_eq!(q.order() % 2, 0, "{}: order {}", q.game, q.order());
        // The options behind the quotient give the normal-play values the octal solver gives
        // (a separate code path, itself checked against published sequences).
        if let Ok(octal) = grundy_core::games::octal::OctalGame::named(&q.game) {
            for h in 1..=n {
                assert_eq!(
                    q.normal_values[h],
                    octal.value(h as u64).unwrap(),
                    "{} {h}",
                    q.game
                );
            }
        }
        if q.game == "0.77" {
            assert_eq!((q.order(), q.orders[26], q.orders[27]), (40, 32, 40));
            assert_eq!(q.p_elements().len(), 9);
        }
    }
}

/// Misère Nim with heaps of at most N: the quotient is the normal-play group (the XOR of the
/// heaps, `2^k` elements for heaps below `2^k`) with the two extra elements of positions made
/// of single tokens, `2^k + 2` in all, and a P-portion of two elements (an odd number of single
/// tokens; nim-sum 0 with a heap of at least 2) (Plambeck and Siegel, "Misère quotients for
/// impartial games", JCTA 115 (2008), the quotient of misère Nim, whose tame quotients are
/// T_k). With heaps of at most 1 only the single tokens remain: order 2, P-portion {a}.
#[test]
fn misere_nim_quotients_have_order_a_power_of_two_plus_two() {
    for n in 1..=9usize {
        let q = MisereQuotient::compute(&Nim, n, Limits::default()).unwrap();
        let span = (n + 1).next_power_of_two();
        let expected = if n == 1 { 2 } else { span + 2 };
        assert_eq!(q.order(), expected, "heaps up to {n}");
        assert_eq!(q.normal_order(), span, "heaps up to {n}");
        let p_size = if n == 1 { 1 } else { 2 };
        assert_eq!(q.p_elements().len(), p_size, "heaps up to {n}");
    }
}

/// Dawson's Chess (0.137) with heaps of n is Dawson's Kayles (0.07) with heaps of n + 1
/// (Guy and Smith 1956; Winning Ways ch. 4; Plambeck and Siegel 2008 §1), so their quotients
/// are isomorphic: heap n of one pretends to be what heap n + 1 of the other does, under an
/// isomorphism that keeps the P-portion. Checked by pairing the elements breadth-first.
#[test]
fn dawsons_chess_is_dawsons_kayles_shifted() {
    let chess = HeapRules::parse("0.137").unwrap();
    let kayles = HeapRules::parse("0.07").unwrap();
    let n = 26;
    let c = MisereQuotient::compute(&chess, n, Limits::default()).unwrap();
    let k = MisereQuotient::compute(&kayles, n + 1, Limits::default()).unwrap();
    assert_eq!(c.orders[..=n], k.orders[1..]);
    assert_eq!(c.order(), k.order());
    // Heap 1 of Dawson's Kayles has no move: it is the identity.
    assert_eq!(k.pretend[1], 0);
    let mut to_k = vec![u32::MAX; c.order()];
    to_k[0] = 0;
    let mut queue = vec![0u32];
    while let Some(x) = queue.pop() {
        let y = to_k[x as usize];
        assert_eq!(c.p_portion[x as usize], k.p_portion[y as usize]);
        for h in 1..=n {
            let (x2, y2) = (
                c.monoid.mul(x, c.pretend[h]),
                k.monoid.mul(y, k.pretend[h + 1]),
            );
            match to_k[x2 as usize] {
                u32::MAX => {
                    to_k[x2 as usize] = y2;
                    queue.push(x2);
                }
                seen => assert_eq!(seen, y2, "heap {h}"),
            }
        }
    }
    let mut image = to_k.clone();
    image.sort_unstable();
    image.dedup();
    assert_eq!(image.len(), k.order());
}

/// Tame games play like misère Nim (Conway, On Numbers and Games ch. 12), so a game whose
/// heaps up to N are all tame has as quotient a tame quotient T_k of misère Nim (Plambeck and
/// Siegel 2008): the normal-play group plus two elements, P-portion of two elements; or, when
/// every heap has genus 0^{120} or 1^{031} (single tokens), the group of order 2 with
/// P-portion {a}. The genus
/// module and the quotient module are checked against each other, and the genus rule for sums
/// of tame heaps against exhaustive search.
#[test]
fn tame_games_have_tame_quotients_and_the_genus_rule_holds() {
    use grundy_core::misere::genus::tame_sum_outcome;
    use grundy_core::misere::search::OutcomeTable;
    for (code, n) in [
        ("0.31", 12),
        ("0.52", 12),
        ("0.56", 12),
        ("0.33", 12),
        ("4.3", 12),
        ("0.13", 10),
        ("0.3", 10),
        ("0.51", 10),
        ("0.007", 8),
    ] {
        let game = HeapRules::parse(code).unwrap();
        let options = OptionTable::new(&game, n).unwrap();
        let genera = heap_genera(&options).unwrap();
        assert!(genera.iter().all(|g| g.tame), "{code} is tame up to {n}");
        let q = MisereQuotient::compute(&game, n, Limits::default()).unwrap();
        let large = genera
            .iter()
            .any(|g| g.genus.normal >= 2 || g.genus.term(0) == g.genus.normal);
        let expected = if large { q.normal_order() + 2 } else { 2 };
        assert_eq!(q.order(), expected, "{code} up to {n}");
        assert_eq!(q.p_elements().len(), if large { 2 } else { 1 }, "{code}");
        let table = OutcomeTable::new(&options, 3 * n, 1 << 21).unwrap();
        for_each_position(n, 3, &mut |heaps| {
            let gs: Vec<_> = heaps.iter().map(|&h| &genera[h - 1]).collect();
            let by_genus = tame_sum_outcome(&gs).unwrap();
            let mut sorted: Vec<u16> = heaps.iter().map(|&h| h as u16).collect();
            sorted.sort_unstable();
            assert_eq!(
                Some(by_genus == Outcome::P),
                table.is_p(&sorted),
                "{code} {heaps:?}"
            );
            assert_eq!(q.outcome(heaps).unwrap(), by_genus, "{code} {heaps:?}");
        });
    }
    // A heap that is not tame: the rule says nothing.
    let kayles = HeapRules::parse("0.77").unwrap();
    let genera = heap_genera(&OptionTable::new(&kayles, 5).unwrap()).unwrap();
    assert!(!genera[4].tame);
    assert_eq!(tame_sum_outcome(&[&genera[4], &genera[0]]), None);
    assert!(tame_sum_outcome(&[&genera[3], &genera[0]]).is_some());
}

/// Genera against a naive reference: `G⁻(heap + n·*2)` by plain memoised recursion over
/// (the game's heaps, the count of `*2`, the count of `*1`), with `G⁻ = 1` where no move is
/// left, for n = 0..6, and the normal value by the mex rule. Covers tame and wild heaps of
/// Kayles, Dawson's Kayles, Daisies and 0.312.
#[test]
fn genera_agree_with_a_naive_reference() {
    use std::collections::HashMap;
    type Key = (Vec<usize>, usize, usize);
    fn misere(options: &OptionTable, key: Key, memo: &mut HashMap<Key, u64>) -> u64 {
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let (heaps, twos, ones) = key.clone();
        let mut seen = Vec::new();
        let mut done = std::collections::HashSet::new();
        for (i, &h) in heaps.iter().enumerate() {
            for o in &options.options[h] {
                let mut next: Vec<usize> = heaps.clone();
                next.remove(i);
                next.extend(o);
                next.sort_unstable();
                if done.insert(next.clone()) {
                    seen.push(misere(options, (next, twos, ones), memo));
                }
            }
        }
        if twos > 0 {
            seen.push(misere(options, (heaps.clone(), twos - 1, ones + 1), memo));
            seen.push(misere(options, (heaps.clone(), twos - 1, ones), memo));
        }
        if ones > 0 {
            seen.push(misere(options, (heaps.clone(), twos, ones - 1), memo));
        }
        let v = if seen.is_empty() {
            1
        } else {
            (0..).find(|x| !seen.contains(x)).unwrap()
        };
        memo.insert(key, v);
        v
    }
    for (code, n) in [("0.77", 9), ("0.07", 12), ("4.7", 9), ("0.312", 8)] {
        let game = HeapRules::parse(code).unwrap();
        let options = OptionTable::new(&game, n).unwrap();
        let genera = heap_genera(&options).unwrap();
        let octal = grundy_core::games::octal::OctalGame::named(code).unwrap();
        let mut memo = HashMap::new();
        for g in &genera {
            assert_eq!(
                g.genus.normal,
                octal.value(g.heap as u64).unwrap(),
                "{code} {}",
                g.heap
            );
            for k in 0..=6 {
                let naive = misere(&options, (vec![g.heap], k, 0), &mut memo);
                assert_eq!(g.genus.term(k), naive, "{code} heap {} with {k} *2", g.heap);
            }
        }
    }
}

use super::*;
use crate::kernel::heap_rules::HeapRules;
use crate::misere::follower_genera::heap_genera_by_followers;

/// The distinct simplest forms among all games born by day `day`, each game given by a set
/// of forms born earlier.
fn born_by(forms: &mut MisereForms, day: usize) -> Vec<FormId> {
    let mut classes = vec![ZERO];
    for _ in 0..day {
        let earlier = classes.clone();
        let mut next: Vec<FormId> = (0u64..1 << earlier.len())
            .map(|set| {
                let options = (0..earlier.len())
                    .filter(|&i| set >> i & 1 == 1)
                    .map(|i| earlier[i])
                    .collect();
                forms.game(options).unwrap()
            })
            .collect();
        next.sort_unstable();
        next.dedup();
        classes = next;
    }
    classes
}

/// Conway's count of misère games born by each day (Siegel 2020, after Conway 1976): 1, 2, 3,
/// 5, 22, 4,171,780. Day 5 makes the 2^22 sets of day-4 classes.
#[test]
fn games_born_by_day_five_fall_into_conways_classes() {
    let mut forms = MisereForms::with_limits(5_000_000, MAX_SUMS);
    let counts: Vec<usize> = (0..=5).map(|d| born_by(&mut forms, d).len()).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22, 4_171_780]);
}

/// A game tree (its options), to play sums out by brute force.
#[derive(Clone, Debug)]
struct Tree(Vec<Tree>);

/// Misère outcome of a sum of trees: true when the player to move wins.
fn wins(parts: &[Tree]) -> bool {
    let mut any_move = false;
    for (i, t) in parts.iter().enumerate() {
        for o in &t.0 {
            any_move = true;
            let mut next = parts.to_vec();
            next[i] = o.clone();
            if !wins(&next) {
                return true;
            }
        }
    }
    !any_move
}

fn trees_born_by(day: usize) -> Vec<Tree> {
    let mut all = vec![Tree(vec![])];
    for _ in 0..day {
        let earlier = all.clone();
        all = (0u64..1 << earlier.len())
            .map(|set| {
                Tree(
                    (0..earlier.len())
                        .filter(|&i| set >> i & 1 == 1)
                        .map(|i| earlier[i].clone())
                        .collect(),
                )
            })
            .collect();
    }
    all
}

fn form_of(forms: &mut MisereForms, t: &Tree) -> FormId {
    let options = t.0.iter().map(|o| form_of(forms, o)).collect();
    forms.game(options).unwrap()
}

/// Games with the same simplest form are never told apart by a small game beside them, and
/// games with different ones are, by some raw game born by day 3 (with a Nim heap beside it):
/// the simplest form is exactly the class.
#[test]
fn simplest_forms_are_the_misere_classes_of_small_games() {
    let mut forms = MisereForms::new();
    let games = trees_born_by(3); // 32 raw games, 5 classes
    let mut contexts = trees_born_by(3);
    let star = |m: usize| -> Tree {
        let mut heaps: Vec<Tree> = vec![];
        for _ in 0..m {
            heaps.push(Tree(heaps.clone()));
        }
        Tree(heaps)
    };
    for m in 0..4 {
        let base = contexts.clone();
        contexts.extend(base.into_iter().map(|c| Tree(vec![c, star(m)])));
    }
    let ids: Vec<FormId> = games.iter().map(|g| form_of(&mut forms, g)).collect();
    let profile = |g: &Tree| -> Vec<bool> {
        contexts
            .iter()
            .flat_map(|c| (0..4).map(move |m| wins(&[g.clone(), c.clone(), star(m)])))
            .collect()
    };
    let profiles: Vec<Vec<bool>> = games.iter().map(profile).collect();
    for i in 0..games.len() {
        for j in 0..i {
            assert_eq!(
                ids[i] == ids[j],
                profiles[i] == profiles[j],
                "games {i} and {j}"
            );
        }
    }
}

/// A sum's simplest form is the simplest form of the sum played out as a tree.
#[test]
fn sums_agree_with_the_sum_of_trees() {
    let mut forms = MisereForms::new();
    let games = trees_born_by(3);
    fn sum_tree(a: &Tree, b: &Tree) -> Tree {
        let mut options: Vec<Tree> = a.0.iter().map(|x| sum_tree(x, b)).collect();
        options.extend(b.0.iter().map(|y| sum_tree(a, y)));
        Tree(options)
    }
    for a in &games {
        for b in &games {
            let fa = form_of(&mut forms, a);
            let fb = form_of(&mut forms, b);
            let sum = forms.add(fa, fb).unwrap();
            assert_eq!(sum, form_of(&mut forms, &sum_tree(a, b)));
        }
    }
}

/// `*1 + *1 = 0` and the Nim heaps are distinct, with `G⁻(*m) = m` except `G⁻(0) = 1`,
/// `G⁻(*1) = 0`.
#[test]
fn nim_heaps() {
    let mut forms = MisereForms::new();
    let one = forms.nim(1).unwrap();
    assert_eq!(forms.add(one, one).unwrap(), ZERO);
    let heaps: Vec<FormId> = (0..8).map(|m| forms.nim(m).unwrap()).collect();
    let values: Vec<Nimber> = heaps.iter().map(|&h| forms.misere_value(h)).collect();
    assert_eq!(values, [1, 0, 2, 3, 4, 5, 6, 7]);
    let mut distinct = heaps.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), 8);
}

/// The genera read off simplest forms are those of the follower search, for games tame,
/// restive and wild.
#[test]
fn genera_by_forms_agree_with_the_follower_search() {
    for (code, count) in [
        ("0.77", 34),
        ("0.07", 30),
        ("4.7", 22),
        ("0.137", 30),
        ("0.6", 28),
        ("0.75", 40),
    ] {
        let rules = HeapRules::parse(code).unwrap();
        let options = OptionTable::new(&rules, count).unwrap();
        let by_forms = heap_genera_by_forms(&options).unwrap();
        let by_followers = heap_genera_by_followers(&options).unwrap();
        assert_eq!(by_forms, by_followers, "{code}");
    }
}

/// A store that is full refuses, naming its limit.
#[test]
fn a_full_store_refuses() {
    let mut forms = MisereForms::with_limits(4, 100);
    assert_eq!(forms.nim(2).unwrap(), 2); // 0, *1, *2: room for one more
    let three = forms.nim(3).unwrap();
    assert_eq!(forms.len(), 4);
    let err = forms.nim(4).unwrap_err();
    assert!(err.to_string().contains("at most 4 forms"), "{err}");
    // Forms already held are still found when the store is full.
    assert_eq!(forms.nim(3).unwrap(), three);
    let kayles = OptionTable::new(&HeapRules::parse("0.77").unwrap(), 40).unwrap();
    let mut few_sums = MisereForms::with_limits(MAX_FORMS, 1);
    let err = heap_genera_in(&mut few_sums, &kayles).unwrap_err();
    assert!(err.to_string().contains("at most 1 sums"), "{err}");
    // A store that refused goes on from where it stopped once allowed more.
    few_sums.set_sums_limit(1 << 20);
    let went_on = heap_genera_in(&mut few_sums, &kayles).unwrap();
    assert_eq!(went_on, heap_genera_by_forms(&kayles).unwrap());
}

/// A sum is kept under both its parts: `b + a` after `a + b` is found, not computed again, and
/// counts once against the limit, which holds exactly at the number of sums a question needs.
#[test]
fn a_sum_is_kept_under_both_parts_and_counted_once() {
    let needed = |limit: usize| {
        let mut forms = MisereForms::with_limits(MAX_FORMS, limit);
        let (two, three) = (forms.nim(2).unwrap(), forms.nim(3).unwrap());
        let before = forms.sums_len();
        let sum = forms.add(two, three);
        (forms, two, three, before, sum)
    };
    let (mut forms, two, three, before, sum) = needed(MAX_SUMS);
    let sum = sum.unwrap();
    let spent = forms.sums_len() - before;
    assert!(spent > 1, "{spent}");
    assert_eq!(forms.add(three, two).unwrap(), sum);
    assert_eq!(forms.sums_len() - before, spent);
    // With a heap above 1, misère Nim's values are Nim's: G⁻(*2 + *3) = 2 XOR 3.
    assert_eq!(forms.misere_value(sum), 1);
    // A limit of exactly the sums needed answers; with none left a sum is refused at once.
    // (The limit is looked at as each sum starts, against the sums finished, so a store may
    // pass it by the sums under way: at most the depth of the recursion.)
    assert_eq!(needed(before + spent).4.unwrap(), sum);
    let err = needed(before).4.unwrap_err();
    assert!(
        err.to_string().contains(&format!("at most {before} sums")),
        "{err}"
    );
}

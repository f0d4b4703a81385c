//! Green Hackenbush against exhaustive search: every rooted multigraph of up to 6 edges (loops
//! and parallel edges included), random pictures of up to 14 edges, the engine's own search
//! (`solve`) on sums, and the rules as Winning Ways (ch. 7) and Ferguson (Part I, §6) state them.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::cuts::{cuts_to_value, MAX_CYCLE_WORK};
use super::naive::{naive_value, NaiveValues, MAX_NAIVE_EDGES};
use super::*;
use crate::kernel::component::Component;
use crate::solve::grundy_by_search;
use crate::sum::Sum;
use std::sync::Arc;

fn pic(text: &str) -> Picture {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every multiset of `m` edges on the vertices `0..=m` whose vertices other than the ground
/// are `1..=k` for some `k` (a relabelling of the others would give the same games).
fn all_pictures(m: usize) -> Vec<Picture> {
    let pairs: Vec<(u32, u32)> = (0..=m as u32)
        .flat_map(|a| (a..=m as u32).map(move |b| (a, b)))
        .collect();
    let mut out = Vec::new();
    let mut choice = vec![0usize; m];
    loop {
        let edges: Vec<(u32, u32)> = choice.iter().map(|&i| pairs[i]).collect();
        let mut used: Vec<u32> = edges
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .filter(|&v| v > 0)
            .collect();
        used.sort_unstable();
        used.dedup();
        if used.iter().enumerate().all(|(i, &v)| v == i as u32 + 1) {
            out.push(Picture::new(edges).unwrap());
        }
        // The next non-decreasing choice.
        let mut i = m;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if choice[i] + 1 < pairs.len() {
                choice[i] += 1;
                for j in i + 1..m {
                    choice[j] = choice[i];
                }
                break;
            }
        }
    }
}

fn random_picture(rng: &mut ChaCha8Rng, edges: usize, vertices: u32) -> Picture {
    let list = (0..edges)
        .map(|_| {
            let a = rng.next_u32() % (vertices + 1);
            // Mostly edges to a vertex already reachable in spirit: a lower number.
            let b = if rng.next_u32() % 4 == 0 {
                rng.next_u32() % (vertices + 1)
            } else {
                rng.next_u32() % (a + 1)
            };
            (a, b)
        })
        .collect();
    Picture::new(list).unwrap()
}

/// Everything the ruleset says about `p`, against the exhaustive search of its positions.
fn check_against_search(p: &Picture) {
    let mut search = NaiveValues::new(p).unwrap();
    let full = search.full();
    let v = search.value(full);
    assert_eq!(value(p), v, "{p}");
    let options = search.options(full);
    let option_values: Vec<Nimber> = options.iter().map(|&(_, o)| search.value(o)).collect();
    // Each cut leaves exactly the edges the search keeps, in order.
    let drops = drops_nothing(p);
    for (i, &(_, mask)) in options.iter().enumerate() {
        let (after, fell) = p.cut(i);
        let kept: Vec<(u32, u32)> = (0..p.len())
            .filter(|e| mask >> e & 1 == 1)
            .map(|e| p.edges()[e])
            .collect();
        assert_eq!(after.edges(), kept.as_slice(), "{p} cut {i}");
        assert_eq!(fell.len() + kept.len() + 1, p.len(), "{p} cut {i}");
        assert_eq!(drops[i], fell.is_empty(), "{p} cut {i}");
        // The move reads back as the first cut that leaves the same picture.
        let first = (0..p.len()).find(|&j| p.cut(j).0 == after);
        assert_eq!(cut_to(p, &after), first, "{p} cut {i}");
        assert_eq!(
            Hackenbush.option_to(p, std::slice::from_ref(&after)),
            Some(vec![after.clone()])
        );
    }
    // Every target: the cuts found are exactly those the search values so.
    let top = option_values.iter().copied().max().unwrap_or(0) + 2;
    for t in 0..=top {
        let expected: Vec<usize> = (0..p.len()).filter(|&i| option_values[i] == t).collect();
        assert_eq!(cuts_to_value(p, t).unwrap(), expected, "{p} to {t}");
    }
}

#[test]
fn every_picture_of_up_to_5_edges_agrees_with_search() {
    let mut seen = 0;
    for m in 0..=5 {
        for p in all_pictures(m) {
            check_against_search(&p);
            seen += 1;
        }
    }
    // Every multiset of up to 5 edges with its vertices numbered in order: 1 + 3 + 16 + 128 +
    // 1,390 + 19,183 of them, loops and parallel edges among them.
    assert_eq!(seen, 20_721);
    assert!(all_pictures(2).contains(&pic("0-1,0-1")));
    assert!(all_pictures(1).contains(&pic("0-0")));
    assert!(all_pictures(3).contains(&pic("0-1,1-1,1-2")));
}

#[test]
fn every_picture_of_6_edges_agrees_with_search() {
    let all = all_pictures(6);
    assert_eq!(all.len(), 321_788);
    for p in &all {
        check_against_search(p);
    }
}

#[test]
fn random_pictures_agree_with_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for round in 0..3000 {
        let edges = 1 + round % 14;
        let vertices = 1 + rng.next_u32() % 8;
        check_against_search(&random_picture(&mut rng, edges, vertices));
    }
}

#[test]
fn the_engines_search_agrees_on_sums() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..150 {
        let (m, k) = (1 + rng.next_u32() % 7, 1 + rng.next_u32() % 5);
        let p = random_picture(&mut rng, m as usize, 4);
        let q = random_picture(&mut rng, k as usize, 3);
        let heap = rng.next_u32() % 5;
        let text = format!("hackenbush:{p} + hackenbush:{q} + nim:{heap}");
        let rules = Arc::new(Hackenbush);
        let sum = Sum::new(vec![
            Component::new(&rules, p.clone()),
            Component::new(&rules, q.clone()),
            Component::nim(u64::from(heap)),
        ]);
        let searched = grundy_by_search(&sum, 1 << 22).unwrap();
        assert_eq!(searched, value(&p) ^ value(&q) ^ u64::from(heap), "{text}");
    }
}

/// Winning Ways, ch. 7, and Ferguson, Part I, §6.1: a bamboo stalk of n edges is worth *n, and
/// stalks side by side are Nim.
#[test]
fn bamboo_stalks_are_nim_heaps() {
    for n in 0..=12u64 {
        assert_eq!(value(&pic(&format!("stalk:{n}"))), n);
    }
    assert_eq!(
        value(&pic(&format!("stalk:{}", MAX_EDGES))),
        MAX_EDGES as u64
    );
    // Bouton's winning move: stalks 3, 4, 5 (nim-sum 2) are won by cutting the stalk of 3
    // down to 1, and only that.
    let p = pic("stalk:3,stalk:4,stalk:5");
    assert_eq!(value(&p), 2);
    let wins = Hackenbush.moves_to_value(&p, 0, 10).unwrap();
    assert_eq!(wins.total(), 1);
    assert_eq!(
        wins.moves()[0][0].to_string(),
        "0-1,0-4,4-5,5-6,6-7,0-8,8-9,9-10,10-11,11-12"
    );
}

/// The colon principle (Winning Ways, ch. 7; Ferguson §6.2): branches meeting at a vertex may
/// be replaced by one stalk of length their nim-sum. A vertex with stalks of 1, 2 and 3 on a
/// stem of one edge is worth (1 XOR 2 XOR 3) + 1 = *1, the same as a stalk of 1.
#[test]
fn the_colon_principle() {
    let tree = pic("0-1,1-2,1-3,3-4,1-5,5-6,6-7");
    assert_eq!(value(&tree), 1);
    // The branches are worth 0 together: replaced by nothing, the stem alone.
    assert_eq!(value(&tree), value(&pic("stalk:1")));
    // A star of n leaves on its stem: (n mod 2) + 1.
    for n in 0..10u64 {
        assert_eq!(value(&pic(&format!("star:{n}"))), n % 2 + 1);
    }
    // A complete binary tree on a stem: each vertex's two equal branches cancel: *1.
    assert_eq!(value(&pic("tree:6x2")), 1);
    // Three branches: the top level is 1 XOR 1 XOR 1 = 1 per vertex, + 1 = 2, three of them
    // XOR to 2, + 1 = 3 below them, and so on.
    assert_eq!(value(&pic("tree:1x3")), 2);
    assert_eq!(value(&pic("tree:2x3")), 3);
    assert_eq!(naive_value(&pic("tree:2x3")).unwrap(), 3);
}

/// The fusion principle (Winning Ways, ch. 7; Ferguson §6.3): the vertices on a cycle may be
/// fused; a loop is a single edge; a cycle of an odd number of edges reduces to a single edge
/// and one of an even number to a single vertex.
#[test]
fn the_fusion_principle() {
    for n in 1..=14u64 {
        // On a stem: an odd cycle is a stalk of 2, an even one a stalk of 1.
        let on_stem = pic(&format!("cycle:{n}"));
        assert_eq!(value(&on_stem), n % 2 + 1, "cycle:{n}");
        // Through the ground: fused into the ground.
        let arch = pic(&format!("path:{n}"));
        assert_eq!(value(&arch), n % 2, "path:{n}");
        if n <= 12 {
            assert_eq!(naive_value(&on_stem).unwrap(), n % 2 + 1, "cycle:{n}");
            assert_eq!(naive_value(&arch).unwrap(), n % 2, "path:{n}");
        }
    }
    // A loop is worth a single edge: a stalk with a loop at the top is a stalk one longer.
    assert_eq!(value(&pic("0-1,1-2,2-2")), 3);
    // Two parallel edges on the ground are two loops: *0.
    assert_eq!(value(&pic("0-1,0-1")), 0);
    // A triangle with a stalk of 2 on one corner, on a stem: fused, 3 loops (*1) and the
    // stalk (*2) meet at one vertex: *3, and the stem makes *4.
    let p = pic("0-1,1-2,2-3,1-3,3-4,4-5");
    assert_eq!(value(&p), 4);
    assert_eq!(naive_value(&p).unwrap(), 4);
}

#[test]
fn large_pictures_agree_with_cut_by_cut_values() {
    // Random pictures with many cycles: the top-down search for winning cuts against the value
    // of each cut computed on its own.
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    for _ in 0..20 {
        let p = random_picture(&mut rng, 150, 60);
        let values: Vec<Nimber> = (0..p.len()).map(|i| value(&p.cut(i).0)).collect();
        for t in 0..8 {
            let expected: Vec<usize> = (0..p.len()).filter(|&i| values[i] == t).collect();
            assert_eq!(cuts_to_value(&p, t).unwrap(), expected, "{p} to {t}");
        }
    }
}

#[test]
fn move_lists_keep_order_and_count_beyond_the_limit() {
    // 40 stalks of 1 and one of 3: value 0 XOR 3 = 3, and the only winning cut is the base of
    // the stalk of 3.
    let mut text: Vec<String> = (0..40).map(|_| "stalk:1".to_string()).collect();
    text.push("stalk:3".into());
    let p = pic(&text.join(","));
    assert_eq!(value(&p), 3);
    let wins = Hackenbush.moves_to_value(&p, 0, 10).unwrap();
    assert_eq!(wins.total(), 1);
    // To *2: any of the 40 twigs (1 XOR 3) or the top of the stalk of 3; the first 5 listed
    // in order, all 41 counted.
    let some = Hackenbush.moves_to_value(&p, 2, 5).unwrap();
    assert_eq!(some.total(), 41);
    assert_eq!(some.moves().len(), 5);
    let all = Hackenbush.options(&p);
    let by_filter: Vec<Vec<Picture>> = all
        .into_iter()
        .filter(|o| value(&o[0]) == 2)
        .take(5)
        .collect();
    assert_eq!(some.moves(), by_filter.as_slice());
}

#[test]
fn the_cycle_work_limit_holds_on_both_sides() {
    // A cycle of k edges through the ground: k edges and k vertices in one block, 2k² steps.
    let under = ((MAX_CYCLE_WORK / 2) as f64).sqrt() as u64;
    let over = under + 1;
    assert!(2 * under * under <= MAX_CYCLE_WORK && 2 * over * over > MAX_CYCLE_WORK);
    let p = pic(&format!("path:{under}"));
    // Each cut leaves two stalks on the ground whose lengths add to under - 1 (odd): *0 only
    // when they are equal, which the middle edge of this odd arch does.
    assert_eq!(cuts_to_value(&p, 0).unwrap(), [(under / 2) as usize]);
    let p = pic(&format!("path:{over}"));
    let e = cuts_to_value(&p, 0).unwrap_err().to_string();
    assert!(e.contains("at most 100000000"), "{e}");
    // Its value needs no search at all.
    assert_eq!(value(&p), over % 2);
}

#[test]
fn the_naive_search_has_its_limit() {
    assert!(naive_value(&pic(&format!("stalk:{MAX_NAIVE_EDGES}"))).is_ok());
    let e = naive_value(&pic(&format!("stalk:{}", MAX_NAIVE_EDGES + 1))).unwrap_err();
    assert!(e.to_string().contains("at most 20 edges"), "{e}");
}

#[test]
fn explanations_derive_the_value_two_ways() {
    let p = pic("0-1,1-2,1-3,3-3,0-4,4-5,5-6,4-6");
    let d = Hackenbush.explain_value(&p).unwrap();
    assert_eq!(d.value, value(&p));
    assert_eq!(d.value, 6);
    assert_eq!(d.options.len(), p.len());
    assert!(
        d.steps.iter().any(|s| s.contains("Fusion principle")),
        "{:?}",
        d.steps
    );
    assert!(
        d.steps.last().unwrap().contains("the picture is worth *6"),
        "{:?}",
        d.steps
    );
    let text = d.to_text();
    assert!(
        text.starts_with("G(0-1,1-2,1-3,3-3,0-4,4-5,5-6,4-6) = mex{"),
        "{text}"
    );
    assert!(text.contains("\n  Colon principle"), "{text}");
    // Both sides of the thresholds: 24 options named, 25 counted; 4096 cuts valued, 4097
    // explained by the reduction alone.
    let named = Hackenbush.explain_value(&pic("stalk:24")).unwrap();
    assert_eq!((named.options.len(), named.value), (24, 24));
    let counted = Hackenbush.explain_value(&pic("stalk:25")).unwrap();
    assert_eq!((counted.options.len(), counted.option_count), (0, Some(25)));
    assert_eq!(counted.value, 25);
    let valued = Hackenbush
        .explain_value(&pic(&format!("stalk:{MAX_EXPLAINED_CUTS}")))
        .unwrap();
    assert_eq!(valued.option_count, Some(MAX_EXPLAINED_CUTS as u64));
    let big = format!("stalk:{}", MAX_EXPLAINED_CUTS + 1);
    let reduced = Hackenbush.explain_value(&pic(&big)).unwrap();
    assert_eq!(reduced.option_count, None);
    assert_eq!(reduced.value, MAX_EXPLAINED_CUTS as u64 + 1);
    assert!(reduced.reason.unwrap().contains("fusion principle"));
    assert!(!reduced.steps.is_empty());
}

#[test]
fn a_picture_of_many_edges_is_described_without_writing_it_out() {
    let p = pic("stalk:100");
    let after = p.cut(97).0;
    let text = Hackenbush.describe_move(&p, &[after]);
    assert_eq!(
        text,
        "cut edge 98 (97-98), edge 99 (98-99), edge 100 (99-100) fall: 100 edges -> 97 edges"
    );
    let p = pic("stalk:20");
    let text = Hackenbush.describe_move(&p, &[p.cut(0).0]);
    assert!(text.contains("edge 9 (8-9) and 11 more fall: "), "{text}");
}

#[test]
fn gentle_and_random_cuts() {
    let p = pic("0-1,1-2,0-3");
    // Edge 1 drops edge 2; edge 2 drops nothing.
    assert_eq!(Hackenbush.gentlest_option(&p), Some(vec![pic("0-1,0-3")]));
    assert_eq!(Hackenbush.gentlest_option(&Picture::ground()), None);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let options = Hackenbush.options(&p);
    for _ in 0..20 {
        let o = Hackenbush.random_option(&p, &mut rng).unwrap();
        assert!(options.contains(&o));
    }
    assert!(Hackenbush
        .random_option(&Picture::ground(), &mut rng)
        .is_none());
}

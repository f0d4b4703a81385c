//! Green Hackenbush as the doors read and answer it: pictures typed as text, moves typed as a
//! player types them, and the winning moves as the report groups them.

use std::sync::Arc;

use crate::games::hackenbush::{Hackenbush, Picture};
use crate::kernel::component::Component;
use crate::kernel::Ruleset;
use crate::spec::parse_sum;
use crate::sum::Sum;

fn pic(text: &str) -> Picture {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn typed_moves_name_edges_by_number_or_ends() {
    let sum = parse_sum("hackenbush:0-1,1-2,1-2,2-3").unwrap();
    let parser = crate::play::MoveParser::for_position(&sum);
    let m = parser.parse("cut 2", &sum).unwrap();
    assert_eq!(
        m.to_string(),
        "picture 1: cut edge 2 (1-2): 0-1,1-2,1-2,2-3 -> 0-1,1-2,2-3"
    );
    // The same move by its ends, or the parallel copy: the first edge that leaves it.
    assert_eq!(parser.parse("cut 1-2", &sum).unwrap(), m);
    assert_eq!(
        parser.parse("cut edge 3", &sum).unwrap().to_string(),
        m.to_string()
    );
    let m = parser.parse("cut g-1", &sum).unwrap();
    assert_eq!(
        m.to_string(),
        "picture 1: cut edge 1 (0-1), edge 2 (1-2), edge 3 (1-2), edge 4 (2-3) fall: 0-1,1-2,1-2,2-3 -> ground"
    );
    for (bad, says) in [
        ("cut 9", "there is no edge 9: the picture has 4 edges"),
        ("cut 0", "there is no edge 0"),
        ("cut 3-7", "no edge joins 3 and 7"),
        ("cut x-y", "cannot read \"x-y\" as an edge"),
        ("cut", "cannot read"),
    ] {
        let e = parser.parse(bad, &sum).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
    // In a sum, the graph's number comes first.
    let sum = parse_sum("nim:3 + hackenbush:stalk:2").unwrap();
    let parser = crate::play::MoveParser::for_position(&sum);
    let m = parser.parse("2 cut 2", &sum).unwrap();
    assert_eq!(m.to_string(), "picture 2: cut edge 2 (1-2): 0-1,1-2 -> 0-1");
}

#[test]
fn the_registry_reads_pictures_as_text_only() {
    let sum = parse_sum("hackenbush:stalk:2,cycle:3").unwrap();
    assert_eq!(sum.to_terms(), "hackenbush:0-1,1-2,0-3,3-4,4-5,3-5");
    let e = Hackenbush
        .positions_from(vec![1, 2])
        .unwrap_err()
        .to_string();
    assert!(e.contains("written as text"), "{e}");
    assert_eq!(sum.values().unwrap(), [2 ^ 2]);
}

/// The winning moves of `p` as the report groups them, written so that the order of its edges
/// does not show: each move's position after, its edges sorted, with how many moves lead there.
fn grouped_winning_moves(p: &Picture) -> Vec<(Vec<(u32, u32)>, u64)> {
    let sum = Sum::new(vec![Component::new(&Arc::new(Hackenbush), p.clone())]);
    let report = crate::report::analyze_sum(&sum, crate::strategy::Convention::Normal, false)
        .unwrap_or_else(|e| panic!("{p}: {e}"));
    let mut moves: Vec<(Vec<(u32, u32)>, u64)> = report
        .winning_moves
        .moves()
        .iter()
        .map(|w| {
            let crate::report::Move::Sum(crate::big_nim::BigMove::Small(m)) = &w.mv else {
                panic!("{p}: a picture's move is a small move: {w}")
            };
            let mut after: Vec<(u32, u32)> =
                m.to.iter()
                    .flat_map(|c| c.position::<Hackenbush>().unwrap().edges().to_vec())
                    .collect();
            after.sort_unstable();
            (after, w.count)
        })
        .collect();
    moves.sort();
    moves
}

#[test]
fn cuts_of_parallel_edges_are_one_move_in_either_order() {
    // Issue 65: 0-1,0-2,0-1 listed its two 0-1 cuts apart; 0-1,0-1,0-2 grouped them.
    let expected = vec![(vec![(0, 1), (0, 1)], 1), (vec![(0, 1), (0, 2)], 2)];
    for text in ["0-1,0-2,0-1", "0-1,0-1,0-2", "0-2,0-1,0-1"] {
        assert_eq!(grouped_winning_moves(&pic(text)), expected, "{text}");
    }
}

/// Random pictures in random orders (a module of its own for proptest's names).
mod any_order {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The grouped winning moves are the same for every order of a picture's edges.
        #[test]
        fn grouped_winning_moves_do_not_depend_on_the_order_of_the_edges(
            edges in proptest::collection::vec((0u32..5, 0u32..5), 1..9),
            order in Just((0..8usize).collect::<Vec<_>>()).prop_shuffle(),
        ) {
            let p = Picture::new(edges.clone()).unwrap();
            let shuffled = order.iter().filter(|&&i| i < edges.len()).map(|&i| edges[i]);
            let q = Picture::new(shuffled.collect()).unwrap();
            prop_assert_eq!(grouped_winning_moves(&p), grouped_winning_moves(&q));
        }
    }
}

//! Games that end in loopy sums: their values against the same games drawn as digraphs, the
//! strategy played out against every defence, splits, and the refusals.

use std::collections::HashMap;

use super::MAX_ENDED_OPTIONS;
use crate::loopy::{LoopyGame, LoopySum, Outcome};

fn game(text: &str) -> LoopyGame {
    LoopySum::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .solve()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The example of the issue that asked for mixed sums: Wind-Up at 1 is ∞{0}, the Nim heap 1,
/// so the sum is ∞{1}: no move to 0 is on offer, a draw.
#[test]
fn windup_beside_a_nim_heap_is_a_draw() {
    let report = game("windup{5;1,3}:1 + nim:1").report();
    assert_eq!(report.value_text, "∞{1}");
    assert_eq!(report.outcome, Outcome::Draw);
    assert_eq!(report.components[1].value_text, "1");
    assert_eq!(report.position, "windup{5;1,3}:1 + nim:1");
    // Only the explored graph is reported as one: the heap is valued, not explored.
    assert_eq!(report.graphs.len(), 1);
    // The draw is kept by every move but Wind-Up's to 0 (the sum would be 1: won by the
    // opponent, who takes the heap) and the heap's (Wind-Up alone, ∞{0}: the opponent wins).
    let kept: Vec<&str> = report.moves.iter().map(|m| m.words.as_str()).collect();
    assert_eq!(kept, ["1 -> 3 (subtract 3 mod 5)"], "{report:?}");
}

/// A subtraction game's heap `n` drawn as a digraph: vertex `k` moves to `k - s`.
fn subtraction_digraph(set: &[u64], n: u64) -> String {
    let mut edges = Vec::new();
    for k in 0..=n {
        for &s in set {
            if s <= k {
                edges.push(format!("{k}>{}", k - s));
            }
        }
    }
    // A digraph needs an edge: a heap with no move is compared as itself.
    if edges.is_empty() {
        return "nim:0".into();
    }
    format!("digraph{{{}}}:{n}", edges.join(","))
}

/// A game that ends is the same in a loopy sum whether valued by its own engine or explored as
/// a digraph and labelled (Fraenkel and Yesha's labelling, which is the mex rule on a graph
/// without cycles): the sum's value, its outcome and the values after each kind of move agree,
/// for every small heap of Nim and of subtraction {1, 2} and {2, 3} beside loopy positions.
#[test]
fn a_game_that_ends_equals_its_digraph_in_every_small_loopy_sum() {
    let loopy = [
        "windup{5;1,3}:0",
        "windup{5;1,3}:1",
        "windup{5;1,3}:2",
        "digraph{0>1,1>0,0>2}:0",
        "digraph{0>1,1>0,0>2}:1",
        "loopy-sub{2,3;1;even}:7",
        "fair-shares:6,3",
    ];
    let mut checked = 0;
    for x in loopy {
        for (name, set) in [
            ("nim", &[][..]),
            ("sub{1,2}", &[1, 2][..]),
            ("sub{2,3}", &[2, 3][..]),
        ] {
            for n in 0..=6u64 {
                let set: Vec<u64> = if set.is_empty() {
                    (1..=n).collect()
                } else {
                    set.to_vec()
                };
                let ended = game(&format!("{x} + {name}:{n}")).report();
                let drawn = game(&format!("{x} + {}", subtraction_digraph(&set, n))).report();
                assert_eq!(ended.value, drawn.value, "{x} + {name}:{n}");
                assert_eq!(ended.outcome, drawn.outcome, "{x} + {name}:{n}");
                let after = |r: &crate::loopy::LoopyReport| {
                    let mut v: Vec<String> =
                        r.moves.iter().map(|m| m.value_after.clone()).collect();
                    v.sort();
                    v
                };
                assert_eq!(after(&ended), after(&drawn), "{x} + {name}:{n}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 7 * 3 * 7);
}

/// Plays the strategy (`best_move`) from `game` against every defence: no position repeats on
/// a play, and every play ends with the loser unable to move. Returns the longest play.
fn play_out(game: &LoopyGame, winner_to_move: bool, path: &mut HashMap<String, ()>) -> usize {
    let key = format!("{} {winner_to_move}", game.to_terms());
    assert!(
        path.insert(key.clone(), ()).is_none(),
        "the winner's play repeats {key}"
    );
    let depth = if winner_to_move {
        let mv = game
            .best_move()
            .unwrap_or_else(|| panic!("no winning move at {}", game.to_terms()));
        let mut next = game.clone();
        next.play(&mv).unwrap();
        1 + play_out(&next, false, path)
    } else {
        let mut longest = 0;
        for mv in game.moves() {
            let mut next = game.clone();
            next.play(&mv).unwrap();
            longest = longest.max(1 + play_out(&next, true, path));
        }
        longest
    };
    path.remove(&key);
    depth
}

/// The strategy ends every play it wins against every defence, in sums of loopy components and
/// games that end (Nim, a subtraction game, Kayles, whose moves split a row), with the
/// counters of games that end all 0 (see `strategy`, "Games that end").
#[test]
fn winning_play_ends_against_every_defence_beside_games_that_end() {
    let loopy = [
        "windup{5;1,3}:1",
        "windup{5;1,3}:2",
        "digraph{0>1,1>0,0>2}:0",
        "digraph{0>1,1>0,0>2,2>3}:1",
    ];
    let ended = [
        "nim:2",
        "nim:3",
        "sub{1,2}:4",
        "octal{0.77}:4",
        "octal{0.77}:3 + nim:1",
    ];
    let (mut played, mut longest) = (0, 0);
    for x in loopy {
        for y in ended {
            let g = game(&format!("{x} + {y}"));
            match g.outcome() {
                Outcome::Draw => continue,
                outcome => {
                    longest = longest.max(play_out(&g, outcome == Outcome::N, &mut HashMap::new()));
                    played += 1;
                }
            }
        }
    }
    assert!(played >= 5 && longest >= 6, "{played} {longest}");
}

/// A Kayles row split by a move is one component made of two rows: shown `1 + 1`, written back
/// as one term that reads back to the same value.
#[test]
fn a_split_is_shown_and_written_back() {
    let g = game("windup{5;1,3}:2 + octal{0.77}:4");
    let split = g
        .moves()
        .into_iter()
        .find(|m| m.component == 2 && m.to == "1 + 1")
        .expect("the middle two pins of four taken");
    assert!(split.after.ends_with("octal{0.77}:1,1"), "{}", split.after);
    let again = game(&split.after);
    assert_eq!(again.value().to_string(), split.value_after);
    let mut played = g.clone();
    played.play(&split).unwrap();
    assert_eq!(played.to_terms(), split.after);
    // From the two rows of one pin, taking either leaves one row of one pin: one option,
    // described as the move of one of the parts.
    let words: Vec<String> = played
        .moves()
        .into_iter()
        .filter(|m| m.component == 2)
        .map(|m| m.words)
        .collect();
    assert_eq!(words.len(), 1, "{words:?}");
    assert!(words[0].contains(" 1: "), "{words:?}");
}

/// A player names a component's position by its heaps (`/api/apply`'s `to`).
#[test]
fn a_move_is_found_by_its_heaps() {
    let g = game("windup{5;1,3}:1 + nim:5");
    let mv = g.find_move(1, &[2]).unwrap();
    assert_eq!(mv.to, "2");
    assert!(g.find_move(1, &[7]).is_err());
}

/// Bad terms name what they refused; a heap with more options than are valued is refused at
/// the limit and not below it.
#[test]
fn refusals_name_the_term_and_the_limit() {
    let err = LoopySum::parse("windup{5;1,3}:1 + nim:x")
        .unwrap_err()
        .to_string();
    assert!(err.contains("\"x\""), "{err}");
    let err = LoopySum::parse("windup{5;1,3}:1 + chess:3")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("\"chess\"") && err.contains("a game that ends") && err.contains("nim"),
        "{err}"
    );
    let at_limit = game(&format!("windup{{5;1,3}}:1 + nim:{MAX_ENDED_OPTIONS}"));
    assert_eq!(
        at_limit.value().to_string(),
        format!("∞{{{}}}", MAX_ENDED_OPTIONS)
    );
    let err = LoopySum::parse(&format!(
        "windup{{5;1,3}}:1 + nim:{}",
        MAX_ENDED_OPTIONS + 1
    ))
    .unwrap()
    .solve()
    .unwrap_err()
    .to_string();
    let over = format!("nim:{}", MAX_ENDED_OPTIONS + 1);
    assert!(
        err.contains(&over) && err.contains(&MAX_ENDED_OPTIONS.to_string()),
        "{err}"
    );
}

/// A move that leaves nothing of a game that ends (the last pin of a Kayles row) writes the
/// component as its empty position, which reads back: the sum after it is still a sum.
#[test]
fn an_emptied_component_is_written_back() {
    let g = game("octal{0.77}:1");
    let [only] = g.moves().try_into().expect("one move");
    let again = game(&only.after);
    assert!(again.moves().is_empty(), "{}", only.after);
    assert_eq!(again.value().to_string(), "0");
    let mut played = g.clone();
    played.play(&only).unwrap();
    assert_eq!(played.to_terms(), only.after);
}

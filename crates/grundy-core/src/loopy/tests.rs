//! The γ rule checked against plain retrograde analysis on thousands of random digraphs, and
//! the winner's strategy played out against every defence.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::gamma::GammaTable;
use super::graph::MoveGraph;
use super::retrograde::outcomes;
use super::strategy::{self, Solved, SumMove, Token};
use super::{Gamma, Outcome};

/// A random digraph on 1..=`max_n` positions: each ordered pair (self-loops included) is a
/// move with probability `density` percent.
fn random_graph(rng: &mut ChaCha8Rng, max_n: u64, density: u64) -> MoveGraph {
    let n = 1 + rng.next_u64() % max_n;
    let mut moves = Vec::new();
    for a in 0..n as u32 {
        for b in 0..n as u32 {
            if rng.next_u64() % 100 < density {
                moves.push((a, b));
            }
        }
    }
    MoveGraph::from_moves(n as usize, &moves)
}

/// The whole position graph of the sum of one token on each of `graphs` (positions in mixed
/// radix), for retrograde analysis.
fn product(graphs: &[&MoveGraph]) -> MoveGraph {
    let sizes: Vec<usize> = graphs.iter().map(|g| g.len()).collect();
    let total: usize = sizes.iter().product();
    let mut moves = Vec::new();
    for code in 0..total {
        let digits = decode(code, &sizes);
        for (i, g) in graphs.iter().enumerate() {
            for &to in g.options(digits[i]) {
                let mut next = digits.clone();
                next[i] = to;
                moves.push((code as u32, encode(&next, &sizes) as u32));
            }
        }
    }
    MoveGraph::from_moves(total, &moves)
}

fn decode(mut code: usize, sizes: &[usize]) -> Vec<u32> {
    sizes
        .iter()
        .map(|&s| {
            let d = code % s;
            code /= s;
            d as u32
        })
        .collect()
}

fn encode(digits: &[u32], sizes: &[usize]) -> usize {
    digits
        .iter()
        .zip(sizes)
        .rev()
        .fold(0, |acc, (&d, &s)| acc * s + d as usize)
}

/// γ satisfies its definition: a finite `m` is the mex of the finite options and every option
/// of larger or infinite value has an option of value `m` with a smaller counter; `∞(K)` has
/// `K` its options' finite values and an infinite option with no option of value `mex K`.
fn check_definition(g: &MoveGraph, t: &GammaTable) {
    for u in 0..g.len() as u32 {
        let finite: Vec<u64> = g
            .options(u)
            .iter()
            .filter_map(|&v| t.value(v).finite())
            .collect();
        let mex = crate::nimber::mex(finite.iter().copied());
        match t.value(u) {
            Gamma::Finite(m) => {
                assert_eq!(*m, mex, "position {u}");
                for &v in g.options(u) {
                    if t.value(v).finite().map_or(true, |x| x > *m) {
                        assert!(
                            g.options(v)
                                .iter()
                                .any(|&w| t.value(w) == &Gamma::Finite(*m)
                                    && t.counter(w) < t.counter(u)),
                            "position {u}: option {v} is not reversed"
                        );
                    }
                }
            }
            Gamma::Infinite(k) => {
                let mut want = finite.clone();
                want.sort_unstable();
                want.dedup();
                assert_eq!(k, &want, "position {u}");
                assert!(
                    g.options(u).iter().any(|&v| t.value(v).finite().is_none()
                        && !g
                            .options(v)
                            .iter()
                            .any(|&w| t.value(w) == &Gamma::Finite(mex))),
                    "position {u}: ∞ without an unanswerable infinite option"
                );
            }
        }
    }
}

/// Thousands of random digraphs: γ meets its definition and the outcome of every lone
/// position agrees with retrograde analysis.
#[test]
fn gamma_of_random_digraphs() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let mut counts = [0usize; 3];
    for round in 0..4000 {
        let g = random_graph(&mut rng, 12, [10, 20, 35][round % 3]);
        let t = GammaTable::of(&g);
        check_definition(&g, &t);
        let truth = outcomes(&g);
        for u in 0..g.len() as u32 {
            let outcome = t.value(u).outcome();
            assert_eq!(outcome, truth[u as usize], "{g:?} position {u}");
            counts[outcome as usize] += 1;
        }
    }
    println!(
        "lone positions: {} P, {} N, {} draws",
        counts[0], counts[1], counts[2]
    );
    assert!(counts.iter().all(|&c| c > 1000), "{counts:?}");
}

/// Sums of one to three tokens on random digraphs: Smith's rule against retrograde analysis
/// of the sum's whole position graph, at every position of it.
#[test]
fn sums_by_the_gamma_rule_against_retrograde_analysis() {
    let mut rng = ChaCha8Rng::seed_from_u64(1966);
    let mut counts = [0usize; 3];
    let mut sums = 0;
    for round in 0..3000 {
        let tokens = 1 + round % 3;
        let max_n = [9, 7, 5][tokens - 1];
        let graphs: Vec<MoveGraph> = (0..tokens)
            .map(|_| random_graph(&mut rng, max_n, [15, 25, 40][round % 3]))
            .collect();
        let solved: Vec<Solved> = graphs.iter().cloned().map(Solved::new).collect();
        let refs: Vec<&MoveGraph> = graphs.iter().collect();
        let whole = product(&refs);
        let truth = outcomes(&whole);
        let sizes: Vec<usize> = graphs.iter().map(MoveGraph::len).collect();
        for (code, want) in truth.iter().enumerate() {
            let at: Vec<Token> = decode(code, &sizes).into_iter().enumerate().collect();
            let got = strategy::value(&solved, &at).outcome();
            assert_eq!(got, *want, "sum {at:?} of {graphs:?}");
            counts[got as usize] += 1;
            sums += 1;
        }
    }
    println!(
        "{sums} sum positions: {} P, {} N, {} draws",
        counts[0], counts[1], counts[2]
    );
    assert!(counts.iter().all(|&c| c > 1000), "{counts:?}");
}

/// Plays the winner's strategy from `start` (the winner to move when `winner_first`) against
/// every defence: the positions the play can reach under the strategy must form no cycle
/// and every play must end with the loser unable to move. Returns the plays' longest length.
fn play_out(solved: &[Solved], start: Vec<Token>, winner_first: bool) -> usize {
    use std::collections::HashMap;
    // 0 = on the current path, 1 = done (with the longest play from it).
    let mut state: HashMap<(Vec<Token>, bool), Option<usize>> = HashMap::new();
    fn visit(
        solved: &[Solved],
        at: Vec<Token>,
        winner_to_move: bool,
        state: &mut HashMap<(Vec<Token>, bool), Option<usize>>,
    ) -> usize {
        let key = (at.clone(), winner_to_move);
        match state.get(&key) {
            Some(None) => panic!("the winner's play repeats {at:?}"),
            Some(Some(depth)) => return *depth,
            None => {}
        }
        state.insert(key.clone(), None);
        let depth = if winner_to_move {
            let mv: SumMove = strategy::winning_move(solved, &at)
                .unwrap_or_else(|| panic!("no winning move at {at:?}"));
            1 + visit(solved, strategy::after(&at, mv), false, state)
        } else {
            let replies = strategy::moves(solved, &at);
            replies
                .into_iter()
                .map(|mv| 1 + visit(solved, strategy::after(&at, mv), true, state))
                .max()
                .unwrap_or(0)
        };
        state.insert(key, Some(depth));
        depth
    }
    visit(solved, start, winner_first, &mut state)
}

/// The winner's strategy ends against every defence, on every won position of small sums.
#[test]
fn winning_play_ends_against_every_defence() {
    let mut rng = ChaCha8Rng::seed_from_u64(1986);
    let (mut played, mut longest) = (0, 0);
    for round in 0..1500 {
        let tokens = 1 + round % 3;
        let solved: Vec<Solved> = (0..tokens)
            .map(|_| Solved::new(random_graph(&mut rng, [8, 6, 4][tokens - 1], 30)))
            .collect();
        let sizes: Vec<usize> = solved.iter().map(|s| s.graph.len()).collect();
        for code in 0..sizes.iter().product() {
            let at: Vec<Token> = decode(code, &sizes).into_iter().enumerate().collect();
            let outcome = strategy::value(&solved, &at).outcome();
            if outcome != Outcome::Draw {
                longest = longest.max(play_out(&solved, at, outcome == Outcome::N));
                played += 1;
            }
        }
    }
    println!("{played} won positions played out, longest play {longest} moves");
    assert!(played > 2500 && longest > 4, "{played} {longest}");
}

/// The brief's trap: 0 → 1, 0 → 2, 1 → 0. Both 1 and 2 have value... 2 has value 0 and 1 has
/// value 0 too, but only 2 ends the game: the winner at 0 must pick the smaller counter.
#[test]
fn the_winner_picks_the_zero_labelled_first() {
    let solved = vec![Solved::new(MoveGraph::from_moves(
        3,
        &[(0, 1), (0, 2), (1, 0)],
    ))];
    assert_eq!(
        strategy::moves_to(&solved, &[(0, 0)], Outcome::P).len(),
        2,
        "both options are P-positions"
    );
    assert_eq!(
        strategy::winning_move(&solved, &[(0, 0)]),
        Some(SumMove { token: 0, to: 2 })
    );
    assert_eq!(play_out(&solved, vec![(0, 0)], true), 1);
}

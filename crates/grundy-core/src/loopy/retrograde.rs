//! Plain retrograde analysis: the win, loss or draw of every position of a finite graph,
//! without values. The reference the γ rule for sums is checked against.
//!
//! A position with no move is lost for the player to move; a position with an option lost
//! for the opponent is won; a position whose every option is won for the opponent is lost;
//! what these rules never settle is a draw (play can go on for ever and neither side can
//! force an end it wins).

use super::graph::MoveGraph;
use super::Outcome;

/// The outcome of every position of `graph`, for the player to move.
pub fn outcomes(graph: &MoveGraph) -> Vec<Outcome> {
    let n = graph.len();
    let mut outcome: Vec<Option<Outcome>> = vec![None; n];
    let mut unsettled_options: Vec<usize> = (0..n as u32).map(|u| graph.options(u).len()).collect();
    let mut settled: Vec<u32> = (0..n as u32)
        .filter(|&u| unsettled_options[u as usize] == 0)
        .collect();
    for &u in &settled {
        outcome[u as usize] = Some(Outcome::P);
    }
    while let Some(u) = settled.pop() {
        let lost = outcome[u as usize] == Some(Outcome::P);
        for &p in graph.predecessors(u) {
            let j = p as usize;
            if outcome[j].is_some() {
                continue;
            }
            if lost {
                outcome[j] = Some(Outcome::N);
                settled.push(p);
            } else {
                unsettled_options[j] -= 1;
                if unsettled_options[j] == 0 {
                    outcome[j] = Some(Outcome::P);
                    settled.push(p);
                }
            }
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::Draw))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_losses_and_draws() {
        // 0 ⇄ 1, 0 → 2: 2 is lost, 0 won (move to 2), 1 lost (its only move reaches 0).
        let g = MoveGraph::from_moves(3, &[(0, 1), (1, 0), (0, 2)]);
        assert_eq!(outcomes(&g), vec![Outcome::N, Outcome::P, Outcome::P]);
        let g = MoveGraph::from_moves(3, &[(0, 1), (1, 0), (1, 2), (2, 2)]);
        assert_eq!(outcomes(&g), vec![Outcome::Draw; 3]);
    }
}

//! Moves in a sum of tokens on solved move graphs: the value after a move, the winning move
//! that provably ends the play, the moves that keep a draw.
//!
//! ## Why the winner's play ends
//!
//! Call the *potential* of a position whose components are all finite the pair (sum of the
//! components' values, sum of their counters), compared lexicographically: a well-order,
//! since both are natural numbers. From an N-position the winner moves to the P-position
//! (all finite, XOR 0) of least potential. Suppose the opponent then moves, from a P-position
//! `X`, in component `j` of value `g`:
//!
//! * to a smaller value: the XOR is no longer 0 and a Nim move to a *smaller* value in some
//!   component restores it (the mex rule gives every smaller value among a finite position's
//!   options), so a P-position of smaller value sum than `X` is on offer;
//! * to a larger or infinite value: by the definition of γ that option has an option of value
//!   `g` labelled *before* component `j`'s position (smaller counter), so moving back there
//!   restores `X`'s values with a smaller counter sum.
//!
//! Either way the winner's chosen reply, the least on offer, has a smaller potential than
//! `X`. A strictly falling sequence in a well-order is finite, so the play ends, and since the
//! winner always has a reply, it ends with the opponent unable to move. The tests play this
//! strategy against every defence on small sums and check that no play repeats.
//!
//! ## Games that end
//!
//! A component of a game that ends (`loopy::ended`) has its Sprague–Grundy value as γ and
//! every counter 0. The opponent's move there to a larger value is reversed by the mex rule to
//! the same value, with the same counter sum: the potential does not rise, though it may not
//! fall. But such a component can be moved only finitely often in the whole play (its game
//! ends), so after its last move the argument above holds as it is: the play still ends.

use super::gamma::GammaTable;
use super::graph::MoveGraph;
use super::{Gamma, Outcome, SumValue};

/// A move graph with its γ labelling.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The positions and moves.
    pub graph: MoveGraph,
    /// γ and the counters of its positions.
    pub gamma: GammaTable,
}

impl AsRef<Solved> for Solved {
    fn as_ref(&self) -> &Solved {
        self
    }
}

impl Solved {
    /// Labels `graph`.
    pub fn new(graph: MoveGraph) -> Self {
        let gamma = GammaTable::of(&graph);
        Solved { graph, gamma }
    }

    /// Labels `graph` within the question's budget ([`GammaTable::checked_of`]).
    pub fn checked(graph: MoveGraph) -> crate::kernel::error::Result<Self> {
        let gamma = GammaTable::checked_of(&graph)?;
        Ok(Solved { graph, gamma })
    }
}

/// A token of a sum: which solved graph it is on, and at which position.
pub type Token = (usize, u32);

/// A move of a sum: token `token` goes to position `to` of its graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SumMove {
    /// The token moved (its index in the sum).
    pub token: usize,
    /// Where it goes.
    pub to: u32,
}

/// γ of a token.
pub fn gamma<S: AsRef<Solved>>(graphs: &[S], token: Token) -> &Gamma {
    graphs[token.0].as_ref().gamma.value(token.1)
}

/// The value of a sum of tokens.
pub fn value<S: AsRef<Solved>>(graphs: &[S], tokens: &[Token]) -> SumValue {
    SumValue::of(tokens.iter().map(|&t| gamma(graphs, t)))
}

/// Every move of the sum, token by token, each token's options in increasing order.
pub fn moves<S: AsRef<Solved>>(graphs: &[S], tokens: &[Token]) -> Vec<SumMove> {
    tokens
        .iter()
        .enumerate()
        .flat_map(|(i, &(g, at))| {
            graphs[g]
                .as_ref()
                .graph
                .options(at)
                .iter()
                .map(move |&to| SumMove { token: i, to })
        })
        .collect()
}

/// The tokens after `mv`.
pub fn after(tokens: &[Token], mv: SumMove) -> Vec<Token> {
    let mut next = tokens.to_vec();
    next[mv.token].1 = mv.to;
    next
}

/// The moves to a position of outcome `wanted`.
pub fn moves_to<S: AsRef<Solved>>(graphs: &[S], tokens: &[Token], wanted: Outcome) -> Vec<SumMove> {
    moves(graphs, tokens)
        .into_iter()
        .filter(|&mv| value(graphs, &after(tokens, mv)).outcome() == wanted)
        .collect()
}

/// The winner's move (see the module documentation): to the P-position of least potential,
/// or `None` when the sum is not an N-position.
pub fn winning_move<S: AsRef<Solved>>(graphs: &[S], tokens: &[Token]) -> Option<SumMove> {
    let mut best: Option<((u128, u128), SumMove)> = None;
    for (i, &(g, at)) in tokens.iter().enumerate() {
        let Some((values, counters, xor)) = others_finite(graphs, tokens, i) else {
            continue;
        };
        let solved = graphs[g].as_ref();
        for &to in solved.graph.options(at) {
            if solved.gamma.value(to) != &Gamma::Finite(xor) {
                continue;
            }
            let potential = (
                values + u128::from(xor),
                counters + u128::from(solved.gamma.counter(to)),
            );
            if best.as_ref().map_or(true, |(b, _)| potential < *b) {
                best = Some((potential, SumMove { token: i, to }));
            }
        }
    }
    best.map(|(_, mv)| mv)
}

/// The sums of values and counters and the XOR of every token but `skip`, when all are
/// finite.
fn others_finite<S: AsRef<Solved>>(
    graphs: &[S],
    tokens: &[Token],
    skip: usize,
) -> Option<(u128, u128, u64)> {
    let (mut values, mut counters, mut xor) = (0u128, 0u128, 0u64);
    for (i, &(g, at)) in tokens.iter().enumerate() {
        if i == skip {
            continue;
        }
        let m = graphs[g].as_ref().gamma.value(at).finite()?;
        values += u128::from(m);
        counters += u128::from(graphs[g].as_ref().gamma.counter(at));
        xor ^= m;
    }
    Some((values, counters, xor))
}

/// The move a perfect player makes: the winning move from an N-position, the first move
/// that keeps the draw from a draw, and from a P-position the first move (every move loses).
pub fn best_move<S: AsRef<Solved>>(graphs: &[S], tokens: &[Token]) -> Option<SumMove> {
    match value(graphs, tokens).outcome() {
        Outcome::N => winning_move(graphs, tokens),
        Outcome::Draw => moves_to(graphs, tokens, Outcome::Draw).into_iter().next(),
        Outcome::P => moves(graphs, tokens).into_iter().next(),
    }
}

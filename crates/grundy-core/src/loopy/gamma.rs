//! The generalized Sprague–Grundy function γ of a finite move graph, by staged labelling.
//!
//! Stage `m = 0, 1, 2, ...` labels with `m` every position that may take it, one at a time,
//! numbering them with a global *counter* in the order they are labelled:
//!
//! 1. a position still unlabelled gets `m` when none of its options is labelled `m` and every
//!    option that is unlabelled or labelled ∞ already has an option labelled `m`;
//! 2. when no more can, every position still unlabelled with no option labelled `m` gets ∞;
//! 3. the stage ends; the next starts while positions remain unlabelled.
//!
//! Then an ∞ position's set `K` is the finite labels of its options. This is the algorithm of
//! A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its
//! computational complexity" (1986), after C. A. B. Smith (1966). Each stage is linear in the
//! moves it looks at: a position is labelled when the count of its "unanswered" options falls
//! to zero, and the count falls only when an option first gains an option labelled `m`,
//! found by walking predecessors once.
//!
//! Why the counter: a finite value `m` of a position `u` promises that an opponent's move from
//! `u` to a larger or infinite value can be *reversed* to a position of value `m` labelled
//! before `u` (smaller counter). A winner who always reverses to the smallest counter makes
//! the counter fall, so the play ends.

use super::graph::MoveGraph;
use super::Gamma;
use crate::kernel::error::Result;

/// Not yet labelled (internal).
const UNLABELLED: u64 = u64::MAX;
/// Labelled ∞ (internal).
const INFINITE: u64 = u64::MAX - 1;

/// γ of every position of a graph, with the counter of every finite one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GammaTable {
    values: Vec<Gamma>,
    counters: Vec<u64>,
    stages: u64,
}

impl GammaTable {
    /// Labels every position of `graph` (see the module documentation).
    pub fn of(graph: &MoveGraph) -> Self {
        match Self::label(graph, || Ok::<(), std::convert::Infallible>(())) {
            Ok(table) => table,
            Err(never) => match never {},
        }
    }

    /// [`GammaTable::of`] within the question's budget: the labelling looks at the budget and
    /// the cancel flag every few thousand steps ([`crate::kernel::cancel::check`]) and stops
    /// with its refusal.
    pub fn checked_of(graph: &MoveGraph) -> Result<Self> {
        Self::label(graph, crate::kernel::cancel::check)
    }

    fn label<E>(
        graph: &MoveGraph,
        check: impl FnMut() -> std::result::Result<(), E>,
    ) -> std::result::Result<Self, E> {
        let mut ticker = Ticker { check, ticks: 0 };
        let (labels, counters, stages) = staged_labelling(graph, &mut ticker)?;
        let mut values = Vec::with_capacity(graph.len());
        for u in 0..graph.len() as u32 {
            ticker.tick()?;
            values.push(match labels[u as usize] {
                INFINITE => Gamma::Infinite(finite_options(graph, &labels, u)),
                m => Gamma::Finite(m),
            });
        }
        Ok(GammaTable {
            values,
            counters,
            stages,
        })
    }

    /// The table of values known otherwise, every counter 0: a game that ends, whose values
    /// are its Sprague–Grundy values (`loopy::ended`).
    pub fn given(values: Vec<Gamma>) -> Self {
        GammaTable {
            counters: vec![0; values.len()],
            values,
            stages: 0,
        }
    }

    /// γ of `position`.
    pub fn value(&self, position: u32) -> &Gamma {
        &self.values[position as usize]
    }

    /// Every position's γ, by position number.
    pub fn values(&self) -> &[Gamma] {
        &self.values
    }

    /// When `position` was labelled, among the finite ones (`u64::MAX` for an ∞ position).
    pub fn counter(&self, position: u32) -> u64 {
        self.counters[position as usize]
    }

    /// How many stages the labelling took (one more than the largest finite value, or one
    /// for a graph with no finite value).
    pub fn stages(&self) -> u64 {
        self.stages
    }
}

/// The finite labels of `u`'s options, sorted, without repeats.
fn finite_options(graph: &MoveGraph, labels: &[u64], u: u32) -> Vec<u64> {
    let mut k: Vec<u64> = graph
        .options(u)
        .iter()
        .map(|&v| labels[v as usize])
        .filter(|&l| l != INFINITE)
        .collect();
    k.sort_unstable();
    k.dedup();
    k
}

/// Calls its check every [`CHECK_EVERY`] steps of the labelling.
struct Ticker<C> {
    check: C,
    ticks: usize,
}

/// The steps (positions or moves looked at) between two looks at the budget.
const CHECK_EVERY: usize = 1 << 14;

impl<E, C: FnMut() -> std::result::Result<(), E>> Ticker<C> {
    fn tick(&mut self) -> std::result::Result<(), E> {
        self.ticks += 1;
        if self.ticks % CHECK_EVERY == 0 {
            (self.check)()
        } else {
            Ok(())
        }
    }
}

/// The labels (a finite value or [`INFINITE`]), the counters and the number of stages.
fn staged_labelling<E, C: FnMut() -> std::result::Result<(), E>>(
    graph: &MoveGraph,
    ticker: &mut Ticker<C>,
) -> std::result::Result<(Vec<u64>, Vec<u64>, u64), E> {
    let n = graph.len();
    let mut stage = Stage {
        graph,
        labels: vec![UNLABELLED; n],
        counters: vec![u64::MAX; n],
        unanswered: vec![0; n],
        // `answered[v] == m + 1` when v has an option labelled m in stage m.
        answered: vec![0; n],
        clock: 0,
    };
    let mut unlabelled: Vec<u32> = (0..n as u32).collect();
    let mut m = 0;
    while !unlabelled.is_empty() {
        unlabelled = stage.run(m, &unlabelled, ticker)?;
        m += 1;
    }
    Ok((stage.labels, stage.counters, m))
}

/// The state the stages share.
struct Stage<'g> {
    graph: &'g MoveGraph,
    labels: Vec<u64>,
    counters: Vec<u64>,
    /// Options of an unlabelled position that are unlabelled or ∞ and have no option labelled
    /// `m` yet: the position may take `m` when this reaches zero.
    unanswered: Vec<u32>,
    answered: Vec<u64>,
    clock: u64,
}

impl Stage<'_> {
    /// Stage `m` over the positions still unlabelled; returns those still unlabelled after it.
    fn run<E, C: FnMut() -> std::result::Result<(), E>>(
        &mut self,
        m: u64,
        unlabelled: &[u32],
        ticker: &mut Ticker<C>,
    ) -> std::result::Result<Vec<u32>, E> {
        let mark = m + 1;
        let mut ready = Vec::new();
        for &u in unlabelled {
            ticker.tick()?;
            let open = self
                .graph
                .options(u)
                .iter()
                .filter(|&&v| self.is_open(v))
                .count();
            self.unanswered[u as usize] = open as u32;
            if open == 0 {
                ready.push(u);
            }
        }
        while let Some(u) = ready.pop() {
            ticker.tick()?;
            let i = u as usize;
            if self.labels[i] != UNLABELLED || self.answered[i] == mark {
                continue;
            }
            self.labels[i] = m;
            self.counters[i] = self.clock;
            self.clock += 1;
            self.answer_predecessors(u, mark, &mut ready);
        }
        let mut left = Vec::new();
        for &u in unlabelled {
            let i = u as usize;
            if self.labels[i] != UNLABELLED {
                continue;
            }
            if self.answered[i] == mark {
                left.push(u);
            } else {
                self.labels[i] = INFINITE;
            }
        }
        Ok(left)
    }

    /// Whether option `v` must be answered (it is unlabelled or ∞).
    fn is_open(&self, v: u32) -> bool {
        matches!(self.labels[v as usize], UNLABELLED | INFINITE)
    }

    /// `u` was just labelled `m`: each predecessor now has an option labelled `m`, which
    /// answers it as an option of the positions before it.
    fn answer_predecessors(&mut self, u: u32, mark: u64, ready: &mut Vec<u32>) {
        let graph = self.graph;
        for &p in graph.predecessors(u) {
            if self.answered[p as usize] == mark {
                continue;
            }
            self.answered[p as usize] = mark;
            if !self.is_open(p) {
                continue;
            }
            for &q in graph.predecessors(p) {
                let j = q as usize;
                if self.labels[j] != UNLABELLED {
                    continue;
                }
                self.unanswered[j] -= 1;
                if self.unanswered[j] == 0 && self.answered[j] != mark {
                    ready.push(q);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(n: usize, moves: &[(u32, u32)]) -> GammaTable {
        GammaTable::of(&MoveGraph::from_moves(n, moves))
    }

    /// The brief's example: 0 → 1, 0 → 2, 1 → 0. Position 2 is terminal (0), 0 has value 1,
    /// and 1 has value 0 through the reversal 1 → 0 → 2.
    #[test]
    fn a_cycle_with_an_exit() {
        let t = table(3, &[(0, 1), (0, 2), (1, 0)]);
        assert_eq!(
            t.values(),
            &[Gamma::Finite(1), Gamma::Finite(0), Gamma::Finite(0)]
        );
        assert!(t.counter(2) < t.counter(1));
    }

    #[test]
    fn pure_cycles_and_self_loops_are_infinite() {
        let t = table(2, &[(0, 1), (1, 0)]);
        assert_eq!(
            t.values(),
            &[Gamma::Infinite(vec![]), Gamma::Infinite(vec![])]
        );
        // A self-loop beside a move to a terminal position: ∞ with K = {0}, a win.
        let t = table(2, &[(0, 0), (0, 1)]);
        assert_eq!(t.value(0), &Gamma::Infinite(vec![0]));
        assert_eq!(t.value(1), &Gamma::Finite(0));
    }

    #[test]
    fn acyclic_graphs_get_their_grundy_values() {
        // A Nim heap of 3 as a graph: 3 → 2, 1, 0 and so on.
        let moves: Vec<(u32, u32)> = (0..4u32)
            .flat_map(|a| (0..a).map(move |b| (a, b)))
            .collect();
        let t = table(4, &moves);
        let want: Vec<Gamma> = (0..4).map(Gamma::Finite).collect();
        assert_eq!(t.values(), &want[..]);
        assert_eq!(t.stages(), 4);
    }
}

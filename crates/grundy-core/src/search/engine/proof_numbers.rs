//! One question, "is this component worth exactly `y`?", by depth-first proof-number search
//! (df-pn: Nagai, "Df-pn algorithm for searching AND/OR trees", 2002), the method of SPOTS
//! for Sprouts (Čížek, Balko and Schmid 2025).
//!
//! A component `G` is worth `y` exactly when `G + *y` is a P-position, so the question is
//! an outcome: a node is `G + *y`, its children are `G' + *y` for each option `G'` of `G`
//! and `G + *z` for each `z < y`. An option that splits into several components keeps its
//! largest in the node and is shifted by the values of the others, which the engine
//! computes ("nimbers are inevitable", Lemoine and Viennot 2012), so a node is always one
//! component and a heap.
//!
//! Each node has two numbers: `phi`, how many leaves at least must still be proven for the
//! player to move to win, and `delta`, for them to lose. The search always works under the
//! child whose question is cheapest, within thresholds that send it back up as soon as a
//! sibling becomes cheaper: where the engine's depth-first search proves a losing option
//! whole before trying the next, this one tries many shallowly and deepens the promising.
//! What it proves goes to the engine's table (a P-position `G + *y`: `G` is worth `y`;
//! otherwise it is not), where every later question, of either method, finds it.

use std::collections::HashMap;

use super::*;
use crate::search::options::Options;

/// A proof or disproof number too large to matter: the node is proven the other way.
const INF: u64 = u64::MAX / 4;

/// The numbers of a node not searched yet.
const FRESH: (u64, u64) = (1, 1);

/// A child of a node, as far as is known when it is listed.
enum Child<K> {
    /// Settled without search: whether it is a P-position.
    Settled(bool),
    /// A component and a heap to search.
    Node(K, Nimber),
}

/// A node: a component and a heap, hashed by the component's own hash.
#[derive(Clone, PartialEq, Eq)]
struct Node<K>(K, Nimber);

impl<K: TableKey> std::hash::Hash for Node<K> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash64() ^ self.1);
    }
}

/// The proof and disproof numbers of the nodes met and not settled.
struct Numbers<K> {
    of: HashMap<Node<K>, (u64, u64)>,
    bytes: usize,
}

impl<G: SplitGame> Engine<G> {
    /// Whether the component `key` is worth exactly `y`, by proof-number search. What it
    /// proves stays in the table.
    pub fn is_value_by_proof_numbers(&mut self, key: &G::Key, y: Nimber) -> Result<bool> {
        // The time budget runs from the outermost question: one asked inside another (a
        // smaller land's value) keeps its clock.
        let started = Instant::now();
        let outer = self.started;
        self.started = outer.or(Some(started));
        let mut numbers = Numbers {
            of: HashMap::new(),
            bytes: 0,
        };
        let result = self
            .prove_node(&mut numbers, key, y, INF, INF)
            .map(|(_, delta)| {
                // The root is settled at both thresholds INF: `delta` 0 is a P-position.
                delta == 0
            });
        self.started = outer;
        if outer.is_none() {
            self.search_time += started.elapsed();
        }
        result
    }

    /// The value of `key` asked value by value, each question by proof-number search: is
    /// it 0? 1? ... (each "no" stays in the table). A value the table cannot exclude (40 and
    /// up) is left to the engine's own search.
    pub(super) fn value_by_proof_numbers(&mut self, key: &G::Key) -> Result<Nimber> {
        for k in 0..EXCLUDABLE as Nimber {
            match self.table.peek(key) {
                Some(Knowledge::Exact(v)) => return Ok(v),
                Some(fact) if fact.excludes(k) => continue,
                _ => {}
            }
            if self.is_value_by_proof_numbers(key, k)? {
                return Ok(k);
            }
        }
        self.value(key)
    }

    /// Searches `key + *y` until its numbers reach a threshold; returns them.
    fn prove_node(
        &mut self,
        numbers: &mut Numbers<G::Key>,
        key: &G::Key,
        y: Nimber,
        phi_limit: u64,
        delta_limit: u64,
    ) -> Result<(u64, u64)> {
        let before = self.expanded;
        self.tick()?;
        let children = self.children(key, y)?;
        loop {
            let (mut phi, mut delta) = (INF, 0u64);
            let (mut best, mut best_delta, mut second_delta) = (usize::MAX, INF, INF);
            let mut best_phi = 0;
            for (i, child) in children.iter().enumerate() {
                let (p, d) = self.child_numbers(numbers, child);
                phi = phi.min(d);
                delta = (delta + p).min(INF);
                if d < best_delta {
                    second_delta = best_delta;
                    (best, best_delta, best_phi) = (i, d, p);
                } else if d < second_delta {
                    second_delta = d;
                }
            }
            if phi >= phi_limit || delta >= delta_limit || phi == 0 || delta == 0 {
                self.settle(numbers, key, y, (phi, delta), before);
                return Ok((phi, delta));
            }
            let Child::Node(child, z) = &children[best] else {
                unreachable!("a settled child has a proof or disproof number of 0 or INF")
            };
            // The child's thresholds: proven for its mover (our `delta` at the limit) or
            // costlier than the second-cheapest sibling.
            let child_phi = (delta_limit - (delta - best_phi)).min(INF);
            let child_delta = phi_limit.min(
                second_delta
                    .saturating_add(second_delta / 4)
                    .max(second_delta + 1),
            );
            self.prove_node(numbers, child, *z, child_phi, child_delta)?;
        }
    }

    /// The current numbers of a child: settled, kept, in the table, or fresh.
    fn child_numbers(&mut self, numbers: &Numbers<G::Key>, child: &Child<G::Key>) -> (u64, u64) {
        match child {
            Child::Settled(true) => (INF, 0),
            Child::Settled(false) => (0, INF),
            Child::Node(key, z) => {
                if let Some(&n) = numbers.of.get(&Node(key.clone(), *z)) {
                    return n;
                }
                match self.table.peek(key) {
                    Some(Knowledge::Exact(v)) if v == *z => (INF, 0),
                    Some(fact) if fact.excludes(*z) => (0, INF),
                    _ => FRESH,
                }
            }
        }
    }

    /// Keeps a node's numbers; a settled node goes to the table.
    fn settle(
        &mut self,
        numbers: &mut Numbers<G::Key>,
        key: &G::Key,
        y: Nimber,
        (phi, delta): (u64, u64),
        before: u64,
    ) {
        let spent = work(self.expanded - before);
        if delta == 0 {
            self.table.store(key, Knowledge::Exact(y), spent);
        } else if phi == 0 && y < EXCLUDABLE as Nimber {
            self.table.store(key, Knowledge::Excluded(1 << y), spent);
        }
        // The numbers of unsettled nodes take at most half the table's memory; beyond it they
        // are forgotten (the settled are in the table) and found again as the search returns.
        if numbers.bytes > self.table.memory_limit() / 2 {
            numbers.of.clear();
            numbers.bytes = 0;
        }
        let entry = Node(key.clone(), y);
        if numbers.of.insert(entry, (phi, delta)).is_none() {
            numbers.bytes += key.heap_bytes() + 64;
        }
    }

    /// The children of `key + *y`: its options, each with components other than the largest
    /// replaced by their values, and the heap's moves.
    fn children(&mut self, key: &G::Key, y: Nimber) -> Result<Vec<Child<G::Key>>> {
        let mut options = Options::default();
        self.game.options(key, &mut options);
        let mut children = Vec::with_capacity(options.len() + y as usize);
        let mut seen = std::collections::HashSet::new();
        for i in 0..options.len() {
            let (keys, x) = options.get(i);
            let mut keys = self.sum_order(keys);
            let mut shift = x ^ y;
            let largest = keys.pop();
            for other in &keys {
                shift ^= self.value_by_proof_numbers(other)?;
            }
            let child = match largest {
                None => Child::Settled(shift == 0),
                Some(k) => match self.table.get(&k) {
                    Some(Knowledge::Exact(v)) => Child::Settled(v == shift),
                    _ => Child::Node(k, shift),
                },
            };
            if let Child::Node(k, z) = &child {
                if !seen.insert(Node(k.clone(), *z)) {
                    continue;
                }
            }
            children.push(child);
        }
        for z in 0..y {
            children.push(Child::Node(key.clone(), z));
        }
        Ok(children)
    }
}

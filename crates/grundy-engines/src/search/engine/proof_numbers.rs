//! One question, "is this component worth exactly `y`?", by depth-first proof-number search
//! (df-pn: Nagai, "Df-pn algorithm for searching AND/OR trees", 2002), the method of SPOTS
//! for Sprouts (Čížek, Balko and Schmid 2025).
//!
//! A component `G` is worth `y` exactly when `G + *y` is a P-position, so the question is
//! an outcome: a node is `G + *y`, its children are `G' + *y` for each option `G'` of `G`
//! and `G + *z` for each `z < y`.
//!
//! An option that splits into several components of unknown value is a *lands* child (after
//! SPOTS's "lands nodes"): it is a P-position when their values' XOR is the heap
//! ("nimbers are inevitable", Lemoine and Viennot 2012), and it is searched land by land,
//! smallest first, each asked "worth 0? 1? ..." by the same search. Its numbers are the sum
//! of its lands' current questions' costs, so it is valued only if the search chooses it:
//! an option never tried costs nothing, where valuing every option's smaller lands on
//! listing it would cost their whole searches.
//!
//! Each node has two numbers: `phi`, how many leaves at least must still be proven for the
//! player to move to win, and `delta`, for them to lose. The search always works under the
//! child whose question is cheapest, within thresholds that send it back up as soon as a
//! sibling becomes cheaper: where the engine's depth-first search proves a losing option
//! whole before trying the next, this one tries many shallowly and deepens the promising.
//! Ties go to the smallest child (fewest moves left, SPOTS's order). What it proves goes to
//! the engine's table (a P-position `G + *y`: `G` is worth `y`; otherwise it is not), where
//! every later question, of either method, finds it.

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
    /// Components (two or more, smallest first) and a heap: a P-position when the XOR of
    /// the components' values is the heap.
    Lands(Vec<K>, Nimber),
}

/// A lands child as the table knows it now: its lands of known value folded into the heap.
enum Lands<K> {
    /// Every land's value is known: whether it is a P-position.
    Settled(bool),
    /// One land of unknown value is left: the child is that node.
    Node(K, Nimber),
    /// The first land of unknown value and the value it is asked next, and the others'.
    Many(K, Nimber, Vec<(K, Nimber)>),
}

/// A node: a component and a heap, hashed by the component's own hash.
#[derive(Clone, PartialEq, Eq)]
struct Node<K>(K, Nimber);

impl<K: TableKey> std::hash::Hash for Node<K> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash64() ^ self.1);
    }
}

/// The numbers of the nodes met and not settled.
struct Numbers<K> {
    of: HashMap<Node<K>, (u64, u64)>,
    bytes: usize,
}

/// Where a node's search goes back up: as soon as `phi` reaches `phi`, `delta` reaches
/// `delta`, or the least of `phi + phi_shift` and `delta + delta_shift` reaches `least` (a
/// land's question counts for its lands child by its cheaper number, either answer being
/// progress; the shifts carry that threshold down through the nodes below).
#[derive(Clone, Copy)]
struct Limits {
    phi: u64,
    delta: u64,
    phi_shift: u64,
    delta_shift: u64,
    least: u64,
}

impl Limits {
    /// No limit: the search goes on until the node is settled.
    const NONE: Limits = Limits {
        phi: INF,
        delta: INF,
        phi_shift: 0,
        delta_shift: 0,
        least: INF,
    };

    /// Whether a node with these numbers is searched on.
    fn hold(&self, (phi, delta): (u64, u64)) -> bool {
        phi < self.phi
            && delta < self.delta
            && (phi + self.phi_shift).min(delta + self.delta_shift) < self.least
            && phi != 0
            && delta != 0
    }
}

impl<G: SplitGame> Engine<G> {
    /// Whether the component `key` is worth exactly `y`, by proof-number search. What it
    /// proves stays in the table.
    pub fn is_value_by_proof_numbers(&mut self, key: &G::Key, y: Nimber) -> Result<bool> {
        // The time budget runs from the outermost question: one asked inside another keeps
        // its clock.
        let started = Instant::now();
        let outer = self.started;
        self.started = outer.or(Some(started));
        let mut numbers = Numbers {
            of: HashMap::new(),
            bytes: 0,
        };
        let result = self
            .prove_node(&mut numbers, key, y, Limits::NONE)
            // The root is searched until settled: `delta` 0 is a P-position.
            .map(|(_, delta)| delta == 0);
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

    /// Searches `key + *y` until its numbers leave `limits`; returns them.
    fn prove_node(
        &mut self,
        numbers: &mut Numbers<G::Key>,
        key: &G::Key,
        y: Nimber,
        limits: Limits,
    ) -> Result<(u64, u64)> {
        let before = self.expanded;
        self.tick()?;
        let children = self.children(numbers, key, y);
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
            if !limits.hold((phi, delta)) {
                self.settle(numbers, key, y, (phi, delta), before);
                return Ok((phi, delta));
            }
            // The child's limits: proven for its mover (our `delta` at its limit), costlier
            // than the second-cheapest sibling (plus one, as SPOTS: a margin of a quarter
            // more, tried, was 1.6x slower on 0*12), or our least number at its limit.
            let others = delta - best_phi;
            let child = Limits {
                phi: limits.delta.saturating_sub(others),
                delta: limits.phi.min(second_delta.saturating_add(1)),
                phi_shift: (limits.delta_shift + others).min(INF),
                delta_shift: limits.phi_shift,
                least: limits.least,
            };
            self.prove_child(numbers, &children[best], child)?;
        }
    }

    /// Searches a child within `limits`.
    fn prove_child(
        &mut self,
        numbers: &mut Numbers<G::Key>,
        child: &Child<G::Key>,
        limits: Limits,
    ) -> Result<()> {
        match child {
            Child::Settled(_) => unreachable!("a settled child has a number of 0 or INF"),
            Child::Node(key, z) => self.prove_node(numbers, key, *z, limits).map(|_| ()),
            Child::Lands(keys, z) => match self.lands(numbers, keys, *z) {
                Lands::Settled(_) => Ok(()),
                Lands::Node(key, z) => self.prove_node(numbers, &key, z, limits).map(|_| ()),
                Lands::Many(key, q, _) if q >= EXCLUDABLE as Nimber => self.value(&key).map(|_| ()),
                Lands::Many(key, q, rest) => {
                    // Both numbers of the lands child are the sum of its lands' costs: the
                    // first land's question is searched until that sum leaves the limits.
                    let others = self.lands_cost(numbers, &rest);
                    let shift = limits.phi_shift.min(limits.delta_shift);
                    let limit = limits
                        .phi
                        .min(limits.delta)
                        .min(limits.least.saturating_sub(shift));
                    let land = Limits {
                        least: limit.saturating_sub(others),
                        ..Limits::NONE
                    };
                    self.prove_node(numbers, &key, q, land).map(|_| ())
                }
            },
        }
    }

    /// The current numbers of a child: settled, kept, in the table, or fresh.
    fn child_numbers(&self, numbers: &Numbers<G::Key>, child: &Child<G::Key>) -> (u64, u64) {
        match child {
            Child::Settled(p) => settled(*p),
            Child::Node(key, z) => self.node_numbers(numbers, key, *z),
            Child::Lands(keys, z) => match self.lands(numbers, keys, *z) {
                Lands::Settled(p) => settled(p),
                Lands::Node(key, z) => self.node_numbers(numbers, &key, z),
                Lands::Many(key, q, rest) => {
                    let first = cost(self.node_numbers(numbers, &key, q));
                    let sum = (first + self.lands_cost(numbers, &rest)).min(INF);
                    (sum, sum)
                }
            },
        }
    }

    /// The sum of the costs of `lands`' questions (each a land and the value it is asked).
    fn lands_cost(&self, numbers: &Numbers<G::Key>, lands: &[(G::Key, Nimber)]) -> u64 {
        lands
            .iter()
            .map(|(k, q)| cost(self.node_numbers(numbers, k, *q)))
            .fold(0, |sum, c| (sum + c).min(INF))
    }

    /// The current numbers of the node `key + *z`: kept, in the table, or fresh.
    fn node_numbers(&self, numbers: &Numbers<G::Key>, key: &G::Key, z: Nimber) -> (u64, u64) {
        if let Some(&n) = numbers.of.get(&Node(key.clone(), z)) {
            return n;
        }
        match self.table.peek(key) {
            Some(Knowledge::Exact(v)) => settled(v == z),
            Some(fact) if fact.excludes(z) => settled(false),
            _ => FRESH,
        }
    }

    /// A lands child as the table and the numbers kept know it now.
    fn lands(&self, numbers: &Numbers<G::Key>, keys: &[G::Key], z: Nimber) -> Lands<G::Key> {
        let mut shift = z;
        let mut unknown = Vec::new();
        for key in keys {
            match self.question(numbers, key) {
                Ok(v) => shift ^= v,
                Err(q) => unknown.push((key.clone(), q)),
            }
        }
        let mut unknown = unknown.into_iter();
        match (unknown.next(), unknown.len()) {
            (None, _) => Lands::Settled(shift == 0),
            (Some((key, _)), 0) => Lands::Node(key, shift),
            (Some((key, q)), _) => Lands::Many(key, q, unknown.collect()),
        }
    }

    /// A land's value if it is known (`Ok`), else the value it is asked next (`Err`): the
    /// least the table does not exclude and the numbers kept do not settle. Both are asked,
    /// as the table may have lost a fact (or never held a key too large for its slots) whose
    /// node's numbers are kept.
    fn question(
        &self,
        numbers: &Numbers<G::Key>,
        key: &G::Key,
    ) -> std::result::Result<Nimber, Nimber> {
        let fact = self.table.peek(key);
        if let Some(Knowledge::Exact(v)) = fact {
            return Ok(v);
        }
        let mut q = 0;
        loop {
            if !fact.is_some_and(|f| f.excludes(q)) {
                match numbers.of.get(&Node(key.clone(), q)) {
                    Some(&(_, 0)) => return Ok(q),
                    Some(&(0, _)) => {}
                    _ => return Err(q),
                }
            }
            q += 1;
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

    /// The children of `key + *y`, smallest first: its options (an option whose components
    /// are all known settled, one left a node, several a lands child), and the heap's moves.
    /// Listing stops at an option that is a P-position: the node is won.
    fn children(
        &mut self,
        numbers: &Numbers<G::Key>,
        key: &G::Key,
        y: Nimber,
    ) -> Vec<Child<G::Key>> {
        let mut options = Options::default();
        self.game.options(key, &mut options);
        let mut children = Vec::with_capacity(options.len() + y as usize);
        let mut seen = std::collections::HashSet::new();
        for i in 0..options.len() {
            let (keys, x) = options.get(i);
            let keys = self.sum_order(keys);
            let size: u64 = keys.iter().map(|k| u64::from(self.game.size(k))).sum();
            let child = match self.lands(numbers, &keys, x ^ y) {
                Lands::Settled(true) => return vec![Child::Settled(true)],
                Lands::Settled(false) => continue,
                Lands::Node(k, z) => Child::Node(k, z),
                Lands::Many(..) => Child::Lands(keys, x ^ y),
            };
            let fresh = match &child {
                Child::Node(k, z) => seen.insert(Node(k.clone(), *z)),
                _ => true,
            };
            if fresh {
                children.push((size + 4 * (x ^ y), child));
            }
        }
        let size = u64::from(self.game.size(key));
        children.extend((0..y).map(|z| (size + 4 * z, Child::Node(key.clone(), z))));
        // SPOTS's order: fewest moves left (a heap counted as four), so ties in the numbers
        // go to the child likeliest to be settled soon; equal sizes keep the listing's order.
        children.sort_by_key(|&(size, _)| size);
        children.into_iter().map(|(_, child)| child).collect()
    }
}

/// The numbers of a settled child: a P-position is a win for the player moving to it.
fn settled(p_position: bool) -> (u64, u64) {
    if p_position {
        (INF, 0)
    } else {
        (0, INF)
    }
}

/// What a land's question costs its lands child: its cheaper number (either answer is
/// progress: the value, or the next value to ask).
fn cost((phi, delta): (u64, u64)) -> u64 {
    phi.min(delta)
}

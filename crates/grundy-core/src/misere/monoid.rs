//! Finite commutative monoids given by a multiplication table, built from a deterministic
//! automaton over heap sizes, and their presentations by generators and relations.
//!
//! A misère quotient is the transition monoid of the minimal automaton that reads a position
//! heap by heap and accepts the P-positions: since sums commute, two positions are
//! indistinguishable exactly when they lead the minimal automaton to the same state, so the
//! states *are* the monoid elements ([`Monoid::from_automaton`]).

use std::collections::HashMap;

/// A finite commutative monoid: elements `0..order`, `0` the identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Monoid {
    order: usize,
    table: Vec<u32>,
}

/// A deterministic automaton reading heap sizes: `next[s][i]` is the state after reading the
/// `i`-th letter in state `s`; state 0 is the start.
#[derive(Debug, Clone)]
pub struct Automaton {
    /// Transitions, one row per state.
    pub next: Vec<Vec<u32>>,
    /// Accepting states.
    pub accept: Vec<bool>,
}

/// A monoid obtained from an automaton: the element each letter gives and the accepting set.
#[derive(Debug, Clone)]
pub struct Recognizer {
    /// The monoid.
    pub monoid: Monoid,
    /// `letter[i]`: the element of the `i`-th letter.
    pub letter: Vec<u32>,
    /// Accepting elements.
    pub accept: Vec<bool>,
}

impl Monoid {
    /// The monoid with this multiplication table (`table[a * order + b] = a·b`).
    pub fn from_table(order: usize, table: Vec<u32>) -> Self {
        debug_assert_eq!(table.len(), order * order);
        Monoid { order, table }
    }

    /// How many elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product `a·b`.
    #[inline]
    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.table[a as usize * self.order + b as usize]
    }

    /// The minimal automaton of `automaton`'s language, as a monoid (Moore's partition
    /// refinement, then products read off representative words).
    ///
    /// The automaton must read a commutative language (one that depends only on the multiset
    /// of letters), as positions of heap games do.
    pub fn from_automaton(automaton: &Automaton) -> Recognizer {
        let (block, blocks) = coarsest_partition(automaton);
        // Words reaching each block, by breadth-first search from the start.
        let letters = automaton.next.first().map_or(0, |r| r.len());
        let mut word: Vec<Option<Vec<u32>>> = vec![None; blocks];
        let mut rep = vec![u32::MAX; blocks];
        let mut renumber = vec![u32::MAX; blocks];
        let mut order = 0u32;
        let mut queue = std::collections::VecDeque::from([(0u32, Vec::<u32>::new())]);
        let mut seen = vec![false; automaton.next.len()];
        seen[0] = true;
        while let Some((s, w)) = queue.pop_front() {
            let b = block[s as usize] as usize;
            if word[b].is_none() {
                renumber[b] = order;
                order += 1;
                rep[b] = s;
                word[b] = Some(w.clone());
            }
            for i in 0..letters {
                let t = automaton.next[s as usize][i];
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    let mut w2 = w.clone();
                    w2.push(i as u32);
                    queue.push_back((t, w2));
                }
            }
        }
        let n = order as usize;
        let mut reps = vec![0u32; n];
        let mut words = vec![Vec::new(); n];
        for b in 0..blocks {
            if renumber[b] != u32::MAX {
                reps[renumber[b] as usize] = rep[b];
                words[renumber[b] as usize] = word[b].clone().unwrap_or_default();
            }
        }
        let elem = |s: u32| renumber[block[s as usize] as usize];
        let mut table = vec![0u32; n * n];
        for a in 0..n {
            for b in 0..n {
                let mut s = reps[a];
                for &i in &words[b] {
                    s = automaton.next[s as usize][i as usize];
                }
                table[a * n + b] = elem(s);
            }
        }
        let letter = (0..letters).map(|i| elem(automaton.next[0][i])).collect();
        let accept = (0..n).map(|a| automaton.accept[reps[a] as usize]).collect();
        Recognizer {
            monoid: Monoid::from_table(n, table),
            letter,
            accept,
        }
    }
}

/// Moore's algorithm: the coarsest partition of the states that respects acceptance and
/// transitions. Returns each state's block and the number of blocks.
pub fn coarsest_partition(automaton: &Automaton) -> (Vec<u32>, usize) {
    let states = automaton.next.len();
    let mut block: Vec<u32> = automaton.accept.iter().map(|&a| a as u32).collect();
    let mut count = usize::MAX;
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut next_block = Vec::with_capacity(states);
        for s in 0..states {
            let mut key = Vec::with_capacity(automaton.next[s].len() + 1);
            key.push(block[s]);
            key.extend(automaton.next[s].iter().map(|&t| block[t as usize]));
            let fresh = ids.len() as u32;
            next_block.push(*ids.entry(key).or_insert(fresh));
        }
        let found = ids.len();
        block = next_block;
        if found == count {
            return (block, found);
        }
        count = found;
    }
}

/// A presentation: generators (named `a`, `b`, … in the order they first occur among the heap
/// elements), the normal form of every element as exponents of the generators, and relations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// The element each generator stands for.
    pub generators: Vec<u32>,
    /// `normal_form[e]`: exponents of the generators in the shortlex-least word for `e`.
    pub normal_form: Vec<Vec<u32>>,
    /// Relations `left = right`, each side a vector of exponents.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
}

impl Presentation {
    /// The presentation of the submonoid generated by `heap_elements` (in heap order): a
    /// generator for each heap element that is not a product of earlier generators.
    pub fn of(monoid: &Monoid, heap_elements: &[u32]) -> Self {
        let mut generators: Vec<u32> = Vec::new();
        let mut reached = closure(monoid, &generators);
        for &e in heap_elements {
            if !reached.contains_key(&e) {
                generators.push(e);
                reached = closure(monoid, &generators);
            }
        }
        let mut normal_form = vec![Vec::new(); monoid.order()];
        for (&e, nf) in &reached {
            normal_form[e as usize] = nf.clone();
        }
        let is_normal = |v: &Vec<u32>| reached.get(&eval(monoid, &generators, v)) == Some(v);
        let mut relations = Vec::new();
        let mut elements: Vec<u32> = reached.keys().copied().collect();
        elements.sort_by_key(|&e| (reached[&e].iter().sum::<u32>(), reached[&e].clone()));
        for &e in &elements {
            for g in 0..generators.len() {
                let mut word = reached[&e].clone();
                word[g] += 1;
                if is_normal(&word) {
                    continue;
                }
                // Keep only minimal non-normal words: every one-smaller sub-word is normal.
                let minimal = (0..word.len()).all(|i| {
                    word[i] == 0 || {
                        let mut sub = word.clone();
                        sub[i] -= 1;
                        is_normal(&sub)
                    }
                });
                if minimal && !relations.iter().any(|(l, _)| l == &word) {
                    let value = eval(monoid, &generators, &word);
                    relations.push((word, reached[&value].clone()));
                }
            }
        }
        Presentation {
            generators,
            normal_form,
            relations,
        }
    }

    /// The name of generator `i`: `a`, `b`, …, `z`, then `g26`, `g27`, ….
    pub fn generator_name(i: usize) -> String {
        if i < 26 {
            ((b'a' + i as u8) as char).to_string()
        } else {
            format!("g{i}")
        }
    }

    /// A word as text: `1`, `a`, `ab^2`.
    pub fn word_text(exponents: &[u32]) -> String {
        let mut text = String::new();
        for (i, &k) in exponents.iter().enumerate() {
            match k {
                0 => {}
                1 => text += &Self::generator_name(i),
                _ => text += &format!("{}^{k}", Self::generator_name(i)),
            }
        }
        if text.is_empty() {
            "1".to_string()
        } else {
            text
        }
    }
}

/// Every element reachable from the identity by the generators, with its shortlex-least
/// exponent vector (breadth-first by total degree, generators in order).
fn closure(monoid: &Monoid, generators: &[u32]) -> HashMap<u32, Vec<u32>> {
    let mut reached = HashMap::from([(0u32, vec![0u32; generators.len()])]);
    let mut frontier = vec![vec![0u32; generators.len()]];
    while !frontier.is_empty() {
        // Words of one degree in lexicographic order, so the first word found is the least.
        frontier.sort_by(|a, b| b.cmp(a));
        let mut next = Vec::new();
        for word in &frontier {
            let e = eval(monoid, generators, word);
            for (g, &x) in generators.iter().enumerate() {
                let f = monoid.mul(e, x);
                if let std::collections::hash_map::Entry::Vacant(slot) = reached.entry(f) {
                    let mut w = word.clone();
                    w[g] += 1;
                    slot.insert(w.clone());
                    next.push(w);
                }
            }
        }
        frontier = next;
    }
    reached
}

/// The element of a word.
pub fn eval(monoid: &Monoid, generators: &[u32], exponents: &[u32]) -> u32 {
    let mut e = 0;
    for (g, &k) in exponents.iter().enumerate() {
        for _ in 0..k {
            e = monoid.mul(e, generators[g]);
        }
    }
    e
}

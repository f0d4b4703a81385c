//! The search: the value of a component from questions "is the value k?".
//!
//! The value of a component `G` is the least `k` such that no option of `G` is worth `k`
//! (the mex rule). Rather than computing every option's value, the engine asks narrower
//! questions, following Lemoine and Viennot ("Nimbers are inevitable", Theoretical Computer
//! Science 462, 2012) and Beling and Rogalski ("On pruning search trees of impartial games",
//! Artificial Intelligence 283, 2020):
//!
//! * **value in a set?** The basic question is "is the value of `G` in the set `R`, and if
//!   so which?" Let `g` be the least value no option is known to have. Each open option is
//!   asked the same question for `[g, top]` minus the values already present, where `top` is
//!   the largest value of `R` that can still be the mex; a "no" means the option is worth
//!   less than `g` or more than `top` and is dropped, a "yes" gives its value. The search
//!   stops as soon as no value of `R` can be the mex: `v` can be only if the open options are
//!   at least as many as the values in `[g, v)` still missing (the counting bound).
//! * **value(G)** inside the search is the question with `R` = every value; for the
//!   components of the position asked about, the values are asked one at a time, `R = {0}`,
//!   `{1}`, ... ("aspiration"), each "no" kept in the table.
//!
//! An option that is a sum of several components needs the exact values of all but one
//! ("nimbers are inevitable"): the engine computes the values of the smaller ones and asks
//! the question of the largest with the target shifted by their XOR.
//!
//! What makes it fast:
//! * **The mex bound**: a component with `n` distinct options is worth at most `n`, so
//!   "is it worth k?" with `k > n` is answered no without searching.
//! * **The table** ([`super::table`]) keeps exact values and also every "no" proven (the
//!   value is not `k`), so a question asked again, from another parent, costs one look-up.
//!   Before an option is searched its components are looked up (an *enhanced transposition
//!   cut-off*): options of known value answer questions without recursion.
//! * **Canonical forms and sums**: the game gives each component in canonical form, equal
//!   components in one option cancel (`G + G = 0`), and options that are the same sum are
//!   searched once (on a symmetric board most moves have mirror twins).
//! * **Move ordering**: options are tried smallest first (fewest cells or vertices), so a
//!   search that can stop early usually stops after cheap work.
//!
//! Games whose options almost never repeat a question (Chomp) are better served by plain
//! memoised mex, [`Strategy::Mex`], which the game chooses.

use std::time::{Duration, Instant};

use super::options::Options;
use super::table::{Knowledge, Table, TableStats};
use super::SplitGame;
use crate::error::Result;
use crate::nimber::Nimber;

/// How the engine computes a component's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// Questions "is the value k?" with early cut-offs (see the module documentation).
    Pruned,
    /// The mex of every option's value, each memoised.
    Mex,
}

/// How often (in expanded components) the engine looks at the cancel flag and reports.
const CHECK_EVERY: u64 = 1 << 12;

/// Counters of a search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Components whose options were generated.
    pub expanded: u64,
    /// The transposition table's counters.
    pub table: TableStats,
    /// Time spent searching so far.
    pub elapsed: Duration,
}

/// One option of an expanded component, its components in `Node::keys[first..first + len]`.
#[derive(Debug, Clone, Copy)]
struct Opt {
    first: u32,
    len: u32,
    /// XOR of the values already known.
    x: Nimber,
    /// Sum of the squared sizes of its components: the ordering key (a move that splits
    /// the board evenly leaves less work than one that leaves a large region).
    size: u32,
}

/// An expanded component: the options whose values are not known yet, and the values of
/// those that are.
struct Node<K> {
    keys: Vec<K>,
    open: Vec<Opt>,
    /// Bit `v`: some option is known to be worth `v`.
    present: Vec<u64>,
    /// Distinct options: the component is worth at most this.
    distinct: u64,
}

impl<K> Node<K> {
    fn is_present(&self, v: Nimber) -> bool {
        let word = (v / 64) as usize;
        word < self.present.len() && self.present[word] >> (v % 64) & 1 == 1
    }

    fn set_present(&mut self, v: Nimber) {
        let word = (v / 64) as usize;
        if word >= self.present.len() {
            self.present.resize(word + 1, 0);
        }
        self.present[word] |= 1 << (v % 64);
    }
}

/// A progress report's receiver: called every few thousand expansions.
pub type ProgressFn = Box<dyn FnMut(&SearchStats) + Send>;

/// The search engine for one game, with its table.
pub struct Engine<G: SplitGame> {
    game: G,
    table: Table<G::Key>,
    strategy: Strategy,
    expanded: u64,
    search_time: Duration,
    started: Option<Instant>,
    progress: Option<ProgressFn>,
    time_budget: Option<Duration>,
    /// Scratch space for one option's keys.
    scratch: Vec<G::Key>,
    raw: Options<G::Key>,
}

impl<G: SplitGame> Engine<G> {
    /// An engine for `game` with a table of at most about `memory_bytes` bytes.
    pub fn new(game: G, memory_bytes: usize) -> Self {
        let table = Table::with_memory(memory_bytes);
        Self::with_table(game, table)
    }

    /// An engine for `game` that goes on from `table` (e.g. one read from disk).
    pub fn with_table(game: G, table: Table<G::Key>) -> Self {
        let strategy = game.strategy();
        Engine {
            game,
            table,
            strategy,
            expanded: 0,
            search_time: Duration::ZERO,
            started: None,
            progress: None,
            time_budget: None,
            scratch: Vec::new(),
            raw: Options::default(),
        }
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The table, e.g. to save it.
    pub fn table(&self) -> &Table<G::Key> {
        &self.table
    }

    /// Gives the table back (to save it, or to go on with another engine).
    pub fn into_table(self) -> Table<G::Key> {
        self.table
    }

    /// Uses `strategy` instead of the game's own choice (to compare them).
    pub fn set_strategy(&mut self, strategy: Strategy) {
        self.strategy = strategy;
    }

    /// Stops each [`Engine::value_of_sum`] with an error after `budget` (none by default:
    /// the caller bounds the time, e.g. with a cancel flag).
    pub fn set_time_budget(&mut self, budget: Option<Duration>) {
        self.time_budget = budget;
    }

    /// Calls `report` every few thousand expanded components.
    pub fn set_progress(&mut self, report: ProgressFn) {
        self.progress = Some(report);
    }

    /// The counters so far.
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            expanded: self.expanded,
            table: self.table.stats(),
            elapsed: self.search_time + self.started.map_or(Duration::ZERO, |s| s.elapsed()),
        }
    }

    /// The value of a sum of components (e.g. a position's canonical components).
    ///
    /// Stops with an error when the thread's computation is cancelled ([`crate::cancel`]);
    /// everything proven until then stays in the table.
    pub fn value_of_sum(&mut self, components: &[G::Key]) -> Result<Nimber> {
        let mut keys = components.to_vec();
        keys.sort();
        cancel_pairs(&mut keys);
        // Largest last: small components fill the table the large one then uses.
        keys.sort_by_key(|k| self.game.size(k));
        let started = Instant::now();
        self.started = Some(started);
        let mut total = 0;
        let mut result = Ok(0);
        for key in &keys {
            match self.value_by_aspiration(key) {
                Ok(v) => total ^= v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.started = None;
        self.search_time += started.elapsed();
        result.map(|_| total)
    }

    /// The value of one canonical component.
    pub fn value(&mut self, key: &G::Key) -> Result<Nimber> {
        if let Some(Knowledge::Exact(v)) = self.table.get(key) {
            return Ok(v);
        }
        if self.strategy == Strategy::Mex {
            let before = self.expanded;
            let mut node = self.expand(key)?;
            let value = self.mex_of_all(&mut node)?;
            self.table
                .store(key, Knowledge::Exact(value), work(self.expanded - before));
            return Ok(value);
        }
        Ok(self
            .value_in(key, ALL)?
            .expect("a value below SET_BITS or computed outright"))
    }

    /// The value of a component asked value by value ("aspiration"): is it 0? 1? ... Each
    /// "no" stays in the table, so each question starts where the last one stopped, and a
    /// narrow question prunes far more than "what is the value?". Used for the components
    /// of the position asked about; inside the search every component is asked once.
    fn value_by_aspiration(&mut self, key: &G::Key) -> Result<Nimber> {
        if self.strategy == Strategy::Mex {
            return self.value(key);
        }
        for k in 0..SET_BITS - 1 {
            if let Some(v) = self.value_in(key, 1 << k)? {
                return Ok(v);
            }
        }
        self.value(key)
    }

    /// Whether the value of the canonical component `key` is exactly `k`.
    pub fn is_value(&mut self, key: &G::Key, k: Nimber) -> Result<bool> {
        if self.strategy == Strategy::Mex || k >= u64::from(SET_BITS) {
            return Ok(self.value(key)? == k);
        }
        Ok(self.value_in(key, 1 << k)?.is_some())
    }

    /// The value of `key` if it lies in the set `wanted` (bit `v`: value `v`), else `None`
    /// (the value is proven not to be in it).
    ///
    /// With `g` the least value no option is known to have, every open option is asked
    /// whether its value is in `[g, top] \ present`, where `top` is the largest wanted value
    /// still reachable. A "no" means the option is worth less than `g` (already present) or
    /// more than `top` (irrelevant to the question), so it is dropped; a "yes" gives its value.
    /// The search stops as soon as no wanted value is reachable: `v` is reachable only if the
    /// open options are at least as many as the values in `[g, v)` not yet present.
    fn value_in(&mut self, key: &G::Key, mut wanted: Set) -> Result<Option<Nimber>> {
        match self.table.get(key) {
            Some(Knowledge::Exact(v)) => {
                return Ok((v < u64::from(SET_BITS) && wanted >> v & 1 == 1).then_some(v));
            }
            Some(Knowledge::Excluded(mask)) => wanted &= !Set::from(mask),
            None => {}
        }
        if wanted == 0 {
            return Ok(None);
        }
        let before = self.expanded;
        let mut node = self.expand(key)?;
        if node.distinct >= u64::from(SET_BITS) - 1 {
            // Too many options for the sets: compute the value outright.
            let v = self.mex_of_all(&mut node)?;
            self.table
                .store(key, Knowledge::Exact(v), work(self.expanded - before));
            return Ok((v < u64::from(SET_BITS) && wanted >> v & 1 == 1).then_some(v));
        }
        let word = |i: usize| Set::from(node.present.get(i).copied().unwrap_or(0));
        let mut present: Set = word(0) | word(1) << 64;
        // The value is at most the number of distinct options.
        wanted &= low(node.distinct as u32 + 1);
        let mut g = (!present).trailing_zeros();
        let mut i = 0;
        let outcome = loop {
            let open = node.open.len() - i;
            let top = match reachable_top(wanted, present, g, open) {
                Some(top) => top,
                // No wanted value can be the mex any more.
                None => break Err(g),
            };
            if i == node.open.len() {
                // No open option left: g is the value.
                break Ok(g);
            }
            let ask = low(top + 1) & !low(g) & !present;
            if let Some(v) = self.option_value_in(&mut node, i, ask)? {
                present |= 1 << v;
                g = (!present).trailing_zeros();
            }
            i += 1;
        };
        let spent = work(self.expanded - before);
        match outcome {
            Ok(v) => {
                self.table.store(key, Knowledge::Exact(v.into()), spent);
                Ok((wanted >> v & 1 == 1).then_some(v.into()))
            }
            Err(g) => {
                // Every value below g is an option's, so none is the value; nor is any
                // wanted one.
                let excluded = (wanted | low(g)) as u64 & EXCLUDABLE_MASK;
                self.table.store(key, Knowledge::Excluded(excluded), spent);
                Ok(None)
            }
        }
    }

    /// The value of option `i` of `node` if it lies in `wanted`. Components other than the
    /// largest are replaced by their values on the way (kept for the next question).
    fn option_value_in(
        &mut self,
        node: &mut Node<G::Key>,
        i: usize,
        wanted: Set,
    ) -> Result<Option<Nimber>> {
        let opt = node.open[i];
        if opt.len > 1 {
            let range = opt.first as usize..(opt.first + opt.len) as usize;
            let largest = range
                .clone()
                .max_by_key(|&j| self.game.size(&node.keys[j]))
                .expect("the option has components");
            node.keys.swap(range.start, largest);
            let mut x = opt.x;
            for j in range.start + 1..range.end {
                let key = node.keys[j].clone();
                x ^= self.value(&key)?;
            }
            node.open[i].x = x;
            node.open[i].len = 1;
        }
        let opt = node.open[i];
        let x = opt.x;
        if opt.len == 0 {
            return Ok((x < u64::from(SET_BITS) && wanted >> x & 1 == 1).then_some(x));
        }
        let key = node.keys[opt.first as usize].clone();
        // The option is worth v ^ x where v is its component's value.
        if x >= u64::from(SET_BITS) {
            let v = self.value(&key)? ^ x;
            return Ok((v < u64::from(SET_BITS) && wanted >> v & 1 == 1).then_some(v));
        }
        let shifted = xor_set(wanted, x);
        Ok(self.value_in(&key, shifted)?.map(|v| v ^ x))
    }

    /// The mex of the values of every option ([`Strategy::Mex`]).
    fn mex_of_all(&mut self, node: &mut Node<G::Key>) -> Result<Nimber> {
        for i in 0..node.open.len() {
            let opt = node.open[i];
            let mut x = opt.x;
            for j in opt.first..opt.first + opt.len {
                let key = node.keys[j as usize].clone();
                x ^= self.value(&key)?;
            }
            node.set_present(x);
        }
        node.open.clear();
        let mut v = 0;
        while node.is_present(v) {
            v += 1;
        }
        Ok(v)
    }

    /// Generates the options of `key`, in canonical and simplified form, known values
    /// folded in, duplicates dropped, open ones smallest first.
    fn expand(&mut self, key: &G::Key) -> Result<Node<G::Key>> {
        self.expanded += 1;
        if self.expanded % CHECK_EVERY == 0 {
            crate::cancel::check()?;
            if let (Some(budget), Some(started)) = (self.time_budget, self.started) {
                if started.elapsed() > budget {
                    return Err(crate::error::GameError::too_large(
                        "the search",
                        format!(
                            "it did not finish within its time budget of {} s",
                            budget.as_secs_f64()
                        ),
                    ));
                }
            }
            if let Some(mut report) = self.progress.take() {
                report(&self.stats());
                self.progress = Some(report);
            }
        }
        let mut raw = std::mem::take(&mut self.raw);
        raw.clear();
        self.game.options(key, &mut raw);
        let mut node = Node {
            keys: Vec::with_capacity(raw.keys.len()),
            open: Vec::with_capacity(raw.len()),
            present: Vec::new(),
            distinct: 0,
        };
        let mut scratch = std::mem::take(&mut self.scratch);
        for i in 0..raw.len() {
            let (keys, mut x) = raw.get(i);
            scratch.clear();
            scratch.extend_from_slice(keys);
            scratch.sort();
            cancel_pairs(&mut scratch);
            let first = node.keys.len() as u32;
            let mut size = 0;
            for k in scratch.drain(..) {
                match self.table.get(&k) {
                    Some(Knowledge::Exact(v)) => x ^= v,
                    _ => {
                        let s = self.game.size(&k);
                        size += s * s;
                        node.keys.push(k);
                    }
                }
            }
            let len = node.keys.len() as u32 - first;
            if len == 0 {
                if !node.is_present(x) {
                    node.distinct += 1;
                }
                node.set_present(x);
            } else {
                node.open.push(Opt {
                    first,
                    len,
                    x,
                    size,
                });
            }
        }
        self.scratch = scratch;
        self.raw = raw;
        // Drop options that are the same sum as another.
        let keys = &node.keys;
        let slice = |o: &Opt| &keys[o.first as usize..(o.first + o.len) as usize];
        node.open
            .sort_unstable_by(|a, b| (a.size, a.x, slice(a)).cmp(&(b.size, b.x, slice(b))));
        node.open
            .dedup_by(|a, b| a.size == b.size && a.x == b.x && slice(a) == slice(b));
        node.distinct += node.open.len() as u64;
        Ok(node)
    }
}

/// A set of values below [`SET_BITS`], bit `v` for value `v`.
type Set = u128;
/// Values a [`Set`] can hold.
const SET_BITS: u32 = 128;
/// Every value a [`Set`] can hold.
const ALL: Set = Set::MAX;
/// The values an exclusion in the table can hold.
const EXCLUDABLE_MASK: u64 = (1 << super::table::EXCLUDABLE) - 1;

/// The values below `n`.
fn low(n: u32) -> Set {
    if n >= SET_BITS {
        ALL
    } else {
        (1 << n) - 1
    }
}

/// `{ v ^ x : v in set }` for `x < SET_BITS`.
fn xor_set(set: Set, x: u64) -> Set {
    let mut out = 0;
    let mut bits = set;
    while bits != 0 {
        let v = bits.trailing_zeros() as u64;
        bits &= bits - 1;
        out |= 1 << (v ^ x);
    }
    out
}

/// The largest wanted value that can still be the mex, when every value in `present` is an
/// option's, `g` is the least value not in it and `open` options are still unknown: `v` can
/// be the mex only if it is not present and the values in `[g, v)` missing from `present`
/// are at most `open`.
fn reachable_top(wanted: Set, present: Set, g: u32, open: usize) -> Option<u32> {
    let mut candidates = wanted & !present & !low(g);
    while candidates != 0 {
        let v = SET_BITS - 1 - candidates.leading_zeros();
        let missing = (low(v) & !low(g) & !present).count_ones() as usize;
        if missing <= open {
            return Some(v);
        }
        candidates &= !(1 << v);
    }
    None
}

/// Removes equal keys in pairs from a sorted list (`G + G = 0`).
fn cancel_pairs<K: PartialEq>(keys: &mut Vec<K>) {
    let mut out = 0;
    let mut i = 0;
    while i < keys.len() {
        if i + 1 < keys.len() && keys[i] == keys[i + 1] {
            i += 2;
            continue;
        }
        keys.swap(out, i);
        out += 1;
        i += 1;
    }
    keys.truncate(out);
}

/// About log2 of the work, for the table's eviction order.
fn work(expanded: u64) -> u8 {
    (64 - expanded.leading_zeros()) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_cancel() {
        let mut v = vec![1, 1, 2, 3, 3, 3, 4];
        cancel_pairs(&mut v);
        assert_eq!(v, [2, 3, 4]);
        let mut v = vec![5, 5];
        cancel_pairs(&mut v);
        assert!(v.is_empty());
    }
}

//! The search: the value of a component from questions "is the value k?".
//!
//! The value of a component `G` is the least `k` such that no option of `G` is worth `k`
//! (the mex rule). Rather than computing every option's value, the engine asks narrower
//! questions, following Lemoine and Viennot ("Nimbers are inevitable", Theoretical Computer
//! Science 462, 2012) and Beling and Rogalski ("On pruning search trees of impartial games",
//! Artificial Intelligence 283, 2020):
//!
//! * **value(G)**: for `k = 0, 1, ...` look for *one* option worth `k`; the first `k` with
//!   none is the value. The search for an option worth `k` stops at the first found.
//! * **is(G, k)** ("is the value of G exactly k?", i.e. is `G + *k` a P-position): no when
//!   some option is worth `k` (searched first: one is enough); otherwise yes exactly when
//!   every `j < k` is the value of some option, and the first `j` without one is then `G`'s
//!   value, which is stored.
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
    /// Cells or vertices in its components: the ordering key.
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
pub type ProgressFn = Box<dyn FnMut(&SearchStats)>;

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
            match self.value(key) {
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
        let known = match self.table.get(key) {
            Some(Knowledge::Exact(v)) => return Ok(v),
            Some(fact) => fact,
            None => Knowledge::Excluded(0),
        };
        let before = self.expanded;
        let mut node = self.expand(key)?;
        let value = match self.strategy {
            Strategy::Mex => self.mex_of_all(&mut node)?,
            Strategy::Pruned => {
                let mut k = 0;
                loop {
                    // All values below k are values of options, so "not k" means "above
                    // k": some option is worth k.
                    if !node.is_present(k) && !known.excludes(k) && !self.find(&mut node, k)? {
                        break k;
                    }
                    k += 1;
                }
            }
        };
        self.table
            .store(key, Knowledge::Exact(value), work(self.expanded - before));
        Ok(value)
    }

    /// Whether the value of the canonical component `key` is exactly `k`.
    pub fn is_value(&mut self, key: &G::Key, k: Nimber) -> Result<bool> {
        let known = match self.table.get(key) {
            Some(Knowledge::Exact(v)) => return Ok(v == k),
            Some(fact) if fact.excludes(k) => return Ok(false),
            Some(fact) => fact,
            None => Knowledge::Excluded(0),
        };
        if self.strategy == Strategy::Mex {
            return Ok(self.value(key)? == k);
        }
        let before = self.expanded;
        let mut node = self.expand(key)?;
        if node.distinct < k || node.is_present(k) || self.find(&mut node, k)? {
            // Worth at most `distinct` options, or some option is worth k.
            self.table
                .store(key, exclusion(k), work(self.expanded - before));
            return Ok(false);
        }
        // No option is worth k: the value is the least j <= k no option is worth.
        for j in 0..k {
            if !node.is_present(j) && !known.excludes(j) && !self.find(&mut node, j)? {
                self.table
                    .store(key, Knowledge::Exact(j), work(self.expanded - before));
                return Ok(false);
            }
        }
        self.table
            .store(key, Knowledge::Exact(k), work(self.expanded - before));
        Ok(true)
    }

    /// Looks for an open option of `node` worth `k`; one found is closed (its value is
    /// known now).
    fn find(&mut self, node: &mut Node<G::Key>, k: Nimber) -> Result<bool> {
        let mut i = 0;
        while i < node.open.len() {
            if self.option_is(node, i, k)? {
                node.open.remove(i);
                node.set_present(k);
                return Ok(true);
            }
            if node.open[i].len == 0 {
                // Its value became known while asking (folded to a plain value).
                let opt = node.open.remove(i);
                node.set_present(opt.x);
                continue;
            }
            i += 1;
        }
        Ok(false)
    }

    /// Whether option `i` of `node` is worth `k`. Components other than the largest are
    /// replaced by their values on the way (kept for the next question).
    fn option_is(&mut self, node: &mut Node<G::Key>, i: usize, k: Nimber) -> Result<bool> {
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
        if opt.len == 0 {
            return Ok(opt.x == k);
        }
        let key = node.keys[opt.first as usize].clone();
        if let Some(Knowledge::Exact(v)) = self.table.peek(&key) {
            node.open[i].x ^= v;
            node.open[i].len = 0;
            return Ok(node.open[i].x == k);
        }
        self.is_value(&key, k ^ opt.x)
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
                        size += self.game.size(&k);
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

/// "The value is not k" as table knowledge.
fn exclusion(k: Nimber) -> Knowledge {
    if k < super::table::EXCLUDABLE as Nimber {
        Knowledge::Excluded(1 << k)
    } else {
        Knowledge::Excluded(0)
    }
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

//! The search: the value of a component from questions "is the value in this set?".
//!
//! The value of a component `G` is the least `k` such that no option of `G` is worth `k`
//! (the mex rule). Rather than computing every option's value, the engine asks narrower
//! questions, the method of Beling and Rogalski ("On pruning search trees of impartial
//! games", Artificial Intelligence 283, 2020), after Lemoine and Viennot ("Nimbers are
//! inevitable", Theoretical Computer Science 462, 2012):
//!
//! * **Candidates.** With `k` options still unknown and `S` the values of the known ones, the
//!   value is one of the `k + 1` least values missing from `S`: the candidates `P`. An
//!   option worth `v` takes `v` out of `P` if it is there, else the largest candidate.
//! * **Value in a set?** The question "is the value of `G` in `R`, and if so which?" is
//!   answered by asking each unknown option whether it is worth one of the candidates up to
//!   `h = max(P ∩ R)`, the largest excepted (an option worth the largest candidate takes the
//!   largest out either way). A "no" takes the largest candidate out. The search stops as
//!   soon as `P` and `R` are disjoint; a single candidate left in `R` is the value. Values
//!   above `h` never matter, which is why the questions stay narrow.
//! * **Aspiration.** The components of the position asked about are asked `R = {0}`, `{1}`,
//!   ... in turn; inside the search each option is asked its own narrow question.
//! * **Many options.** A component with 127 options or more (more candidates than the sets
//!   hold) is valued round by round: is some option worth 0? 1? ... Each round stops at the
//!   first option worth it, and none goes past the largest value asked for.
//! * **Sums.** An option that is a sum of several components needs the exact values of all
//!   but one ("nimbers are inevitable"): the engine computes the smaller ones and asks the
//!   question of the largest with the set shifted by their XOR.
//!
//! What makes it fast:
//! * **Lazy options with table cut-offs.** The game lists options one at a time; each one's
//!   components are looked up as it comes, and the listing stops as soon as the options of
//!   known value answer the question (Beling and Rogalski's enhanced transposition cut-off).
//! * **The table** ([`super::table`]) keeps exact values and the "not in this set" answers,
//!   so a question asked again from another parent costs one look-up.
//! * **Canonical forms and sums**: equal components in one option cancel (`G + G = 0`), and
//!   options that are the same sum are searched once.
//! * **Move ordering**: options are tried smallest first (sum of squared component sizes),
//!   so a search that can stop early usually stops after cheap work.
//! * **No allocation per node**: the options of every node on the search path share two
//!   stacks.
//!
//! Games whose options almost never repeat a question (Chomp) are better served by plain
//! memoised mex, [`Strategy::Mex`], which the game chooses. Games whose options differ
//! widely in cost (Sprouts) have the questions asked from outside answered by proof-number
//! search instead ([`SplitGame::proof_numbers`], `proof_numbers.rs`), which deepens the
//! cheapest option first rather than proving each whole in turn.

use std::time::{Duration, Instant};

use super::options::OptionSink;
use super::sets::{
    contains, largest, least_absent, low, remove_or_largest, xor_set, Set, ALL, SET_BITS,
};
use super::table::{Knowledge, Table, TableKey, TableStats, EXCLUDABLE};
use super::SplitGame;
use crate::kernel::error::{GameError, Result};
use crate::nimber::{mex, Nimber};

mod proof_numbers;
mod rounds;

/// How the engine computes a component's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// Questions "is the value in this set?" with early cut-offs (see the module
    /// documentation).
    Pruned,
    /// The mex of every option's value, each memoised.
    Mex,
}

/// How often (in expanded components) the engine looks at the cancel flag and the time
/// budget. An expansion of a large board takes some 10 µs in a debug build (about 1 µs
/// optimised), so a look every 256 keeps a refusal within a few milliseconds of its deadline,
/// where the server must still answer (`partial`'s fallback); a look costs tens of nanoseconds.
const CHECK_EVERY: u64 = 1 << 8;

/// How often (in expanded components) the engine reports progress: a report may call into
/// Python or redraw a bar, so it is rarer than the look at the clock.
const REPORT_EVERY: u64 = 1 << 12;

/// Counters of a search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Components whose options were listed.
    pub expanded: u64,
    /// The transposition table's counters.
    pub table: TableStats,
    /// Time spent searching so far.
    pub elapsed: Duration,
}

/// One option not known yet, its components in `Engine::keys[first..first + len]`.
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

/// A progress report's receiver: called every few thousand expansions.
pub type ProgressFn = Box<dyn FnMut(&SearchStats) + Send>;

/// The search engine for one game, with its table.
pub struct Engine<G: SplitGame> {
    game: G,
    table: Table<G::Key>,
    strategy: Strategy,
    /// Questions from outside answered by proof numbers ([`SplitGame::proof_numbers`]).
    proof_numbers: bool,
    expanded: u64,
    search_time: Duration,
    started: Option<Instant>,
    progress: Option<ProgressFn>,
    time_budget: Option<Duration>,
    /// Components of the unknown options of every node on the search path.
    keys: Vec<G::Key>,
    /// Unknown options of every node on the search path.
    opts: Vec<Opt>,
    /// The option being listed.
    listing: Vec<G::Key>,
    /// Values of the known options, for [`Strategy::Mex`].
    known: Vec<Nimber>,
}

impl<G: SplitGame> Engine<G> {
    /// An engine for `game` with a table of at most about `memory_bytes` bytes.
    pub fn new(game: G, memory_bytes: usize) -> Self {
        // Inside a question with a memory budget the table takes at most half of what is left.
        let table = Table::with_memory(crate::kernel::budget::table_bytes(memory_bytes));
        Self::with_table(game, table)
    }

    /// An engine for `game` that goes on from `table` (e.g. one read from disk).
    pub fn with_table(game: G, table: Table<G::Key>) -> Self {
        let strategy = game.strategy();
        let proof_numbers = game.proof_numbers();
        Engine {
            game,
            table,
            strategy,
            proof_numbers,
            expanded: 0,
            search_time: Duration::ZERO,
            started: None,
            progress: None,
            time_budget: None,
            keys: Vec::new(),
            opts: Vec::new(),
            listing: Vec::new(),
            known: Vec::new(),
        }
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game searched, to update what it keeps beside the table (Arc-Kayles keeps a Cram
    /// engine for grid graphs); changing what its keys mean would make the table wrong.
    pub fn game_mut(&mut self) -> &mut G {
        &mut self.game
    }

    /// The table, e.g. to save it.
    pub fn table(&self) -> &Table<G::Key> {
        &self.table
    }

    /// Stores `fact` about `key` in the table, found with `work` (about log2 of the
    /// components it took).
    pub(crate) fn keep(&mut self, key: &G::Key, fact: Knowledge, work: u8) {
        self.table.store(key, fact, work);
    }

    /// Shares the table's costly facts with the other engines given `facts`.
    pub(crate) fn share_facts(
        &mut self,
        facts: std::sync::Arc<dyn super::table::SharedKnowledge<G::Key>>,
    ) {
        self.table.share(facts);
    }

    /// Gives the table back (to save it, or to go on with another engine).
    pub fn into_table(self) -> Table<G::Key> {
        self.table
    }

    /// Uses `strategy` instead of the game's own choice (to compare them).
    pub fn set_strategy(&mut self, strategy: Strategy) {
        self.strategy = strategy;
    }

    /// Answers the questions asked from outside by proof numbers or not, whatever the game
    /// chooses ([`SplitGame::proof_numbers`]); returns the choice it replaces.
    pub fn set_proof_numbers(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.proof_numbers, on)
    }

    /// Stops each [`Engine::value_of_sum`] with an error after `budget` (none by default:
    /// the caller bounds the time, e.g. with a cancel flag).
    pub fn set_time_budget(&mut self, budget: Option<Duration>) {
        self.time_budget = budget;
    }

    /// The engine `slot` keeps beside another (a game's search of a special case, as
    /// Arc-Kayles keeps Cram's for grid graphs), made on first use for `game` with `memory`
    /// bytes, and given `budget`.
    pub fn kept(
        slot: &mut Option<Box<Engine<G>>>,
        game: impl FnOnce() -> G,
        memory: usize,
        budget: Option<Duration>,
    ) -> &mut Engine<G> {
        let engine = slot.get_or_insert_with(|| Box::new(Engine::new(game(), memory)));
        engine.set_time_budget(budget);
        engine
    }

    /// The budget of each [`Engine::value_of_sum`] ([`Engine::set_time_budget`]).
    pub fn time_budget(&self) -> Option<Duration> {
        self.time_budget
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

    /// The components of a sum to search: equal ones cancelled in pairs (`G + G = 0`), the
    /// largest last (small components fill the table the large one then uses).
    pub(crate) fn sum_order(&self, components: &[G::Key]) -> Vec<G::Key> {
        let mut keys = components.to_vec();
        keys.sort();
        cancel_pairs(&mut keys);
        keys.sort_by_key(|k| self.game.size(k));
        keys
    }

    /// The value of a sum of components (e.g. a position's canonical components).
    ///
    /// Stops with an error when the thread's computation is cancelled ([`crate::kernel::cancel`]);
    /// everything proven until then stays in the table.
    pub fn value_of_sum(&mut self, components: &[G::Key]) -> Result<Nimber> {
        let keys = self.sum_order(components);
        let started = Instant::now();
        self.started = Some(started);
        let mut result = Ok(0);
        for key in &keys {
            match self.value_by_aspiration(key) {
                Ok(v) => result = result.map(|total| total ^ v),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.started = None;
        self.search_time += started.elapsed();
        self.keys.clear();
        self.opts.clear();
        result
    }

    /// The value of one canonical component.
    pub fn value(&mut self, key: &G::Key) -> Result<Nimber> {
        if let Some(Knowledge::Exact(v)) = self.table.get(key) {
            return Ok(v);
        }
        if let Some(v) = self.value_searched(key) {
            return v;
        }
        if self.strategy == Strategy::Mex {
            return self.value_by_mex(key);
        }
        match self.value_in(key, ALL)? {
            Some(v) => Ok(v),
            // Worth 128 or more (more options than the sets hold): valued by the mex, which is
            // in the table now.
            None => self.value_by_mex(key),
        }
    }

    /// The value of a component asked value by value ("aspiration"): is it 0? 1? ... Each
    /// "no" stays in the table, so each question starts where the last one stopped, and a
    /// narrow question prunes far more than "what is the value?". Used for the components
    /// of the position asked about; inside the search every option gets its own question.
    fn value_by_aspiration(&mut self, key: &G::Key) -> Result<Nimber> {
        if let Some(v) = self.value_known(key) {
            return v;
        }
        if let Some(v) = self.value_searched(key) {
            return v;
        }
        if self.proof_numbers {
            return self.value_by_proof_numbers(key);
        }
        if self.strategy == Strategy::Mex || self.game.move_count(key) >= SET_BITS as usize - 1 {
            return self.value(key);
        }
        for k in 0..SET_BITS {
            if let Some(v) = self.value_in(key, 1 << k)? {
                return Ok(v);
            }
        }
        unreachable!("a component with fewer than 127 options is worth less than 128")
    }

    /// The value of a component of the position asked about when it needs no search: in the
    /// table, or by the game's own method ([`SplitGame::value_outright`], kept in the table).
    pub(crate) fn value_known(&mut self, key: &G::Key) -> Option<Result<Nimber>> {
        if let Some(Knowledge::Exact(v)) = self.table.get(key) {
            return Some(Ok(v));
        }
        let (budget, started) = (self.time_budget, self.started);
        let mut check = || check_time(budget, started);
        let v = self
            .game
            .value_outright(key, self.table.memory_limit(), &mut check)?;
        if let Ok(v) = v {
            self.table.store(key, Knowledge::Exact(v), u8::MAX >> 1);
        }
        Some(v)
    }

    /// Whether a sum of components is worth exactly `target`: the values of all but the
    /// largest, then "is the largest worth `target` XOR theirs?", which stops at the first
    /// option that settles it. Proving that a position is not worth 0 takes one option worth
    /// 0, not the position's value: listing the winning moves of a board asks this of every
    /// option.
    pub fn sum_has_value(&mut self, components: &[G::Key], target: Nimber) -> Result<bool> {
        let mut keys = self.sum_order(components);
        let Some(largest) = keys.pop() else {
            return Ok(target == 0);
        };
        let wanted = target ^ self.value_of_sum(&keys)?;
        let started = Instant::now();
        self.started = Some(started);
        let result = match self.value_known(&largest) {
            Some(v) => v.map(|v| v == wanted),
            None => self.is_value(&largest, wanted),
        };
        self.started = None;
        self.search_time += started.elapsed();
        self.keys.clear();
        self.opts.clear();
        result
    }

    /// The value of `key` by the game's own search ([`SplitGame::value_searched`]), if it
    /// has one.
    fn value_searched(&mut self, key: &G::Key) -> Option<Result<Nimber>> {
        self.with_context(|game, cx| game.value_searched(key, cx))
    }

    /// `f` given the game and what its own search uses of the engine.
    fn with_context<R>(&mut self, f: impl FnOnce(&G, &mut SearchContext<'_, G::Key>) -> R) -> R {
        let mut cx = SearchContext {
            table: &mut self.table,
            expanded: &mut self.expanded,
            budget: self.time_budget,
            started: self.started,
            search_time: self.search_time,
            progress: &mut self.progress,
        };
        f(&self.game, &mut cx)
    }

    /// Whether the value of the canonical component `key` is exactly `k`.
    pub fn is_value(&mut self, key: &G::Key, k: Nimber) -> Result<bool> {
        if let Some(Knowledge::Exact(v)) = self.table.get(key) {
            return Ok(v == k);
        }
        if let Some(is) = self.with_context(|game, cx| game.is_value_searched(key, k, cx)) {
            return is;
        }
        if let Some(v) = self.value_searched(key) {
            return Ok(v? == k);
        }
        if self.proof_numbers {
            return self.is_value_by_proof_numbers(key, k);
        }
        if self.strategy == Strategy::Mex || k >= Nimber::from(SET_BITS) {
            return Ok(self.value(key)? == k);
        }
        Ok(self.value_in(key, 1 << k)?.is_some())
    }

    /// The value of `key` if it lies in `wanted`, else `None` (it is proven not to). See the
    /// module documentation for the method.
    fn value_in(&mut self, key: &G::Key, wanted: Set) -> Result<Option<Nimber>> {
        let mut wanted = wanted;
        let mut ruled_out = 0;
        match self.table.get(key) {
            Some(Knowledge::Exact(v)) => return Ok(contains(wanted, v).then_some(v)),
            Some(Knowledge::Excluded(mask)) => ruled_out = Set::from(mask),
            None => ruled_out |= self.game.known_not(key),
        }
        let moves = self.game.move_count(key);
        if moves >= SET_BITS as usize - 1 {
            return self.value_by_rounds(key, wanted & !ruled_out, ruled_out);
        }
        // The value is at most the number of options.
        ruled_out |= !low(moves as u32 + 1);
        wanted &= !ruled_out;
        if wanted == 0 {
            return Ok(None);
        }
        let before = self.expanded;
        let base_keys = self.keys.len();
        let base_opts = self.opts.len();
        let listed = self.expand(key, moves, wanted, false)?;
        let mut candidates = match listed {
            Listed::Answered => {
                // Options listed before the answer came are dropped.
                self.keys.truncate(base_keys);
                self.opts.truncate(base_opts);
                self.exclude(key, wanted | ruled_out, before);
                return Ok(None);
            }
            Listed::Open(present) => {
                let open = (self.opts.len() - base_opts) as u32;
                least_absent(present, open + 1)
            }
        };
        let mut exact = true;
        let mut horizon = largest(candidates);
        let end = self.opts.len();
        let mut i = base_opts;
        while i < end && candidates & wanted != 0 {
            horizon = largest(candidates & wanted);
            let top = largest(candidates);
            let ask = candidates & !(1 << top) & low(horizon + 1);
            match self.option_value_in(i, ask)? {
                Some(v) => candidates &= !(1 << v),
                None => {
                    candidates &= !(1 << top);
                    exact = false;
                }
            }
            i += 1;
        }
        self.keys.truncate(base_keys);
        self.opts.truncate(base_opts);
        if candidates & wanted != 0 || (i == end && (exact || largest(candidates) <= horizon)) {
            // One candidate left: in `wanted`, or at most the horizon (no option is worth it: an
            // option worth it would have been asked about it and said so), or every option
            // exact.
            debug_assert_eq!(candidates.count_ones(), 1);
            let v = Nimber::from(largest(candidates));
            let spent = work(self.expanded - before);
            self.table.store(key, Knowledge::Exact(v), spent);
            return Ok(contains(wanted, v).then_some(v));
        }
        // Up to the horizon, the candidates are exactly the values still possible.
        let impossible = wanted | ruled_out | (low(horizon + 1) & !candidates);
        self.exclude(key, impossible, before);
        Ok(None)
    }

    /// Stores that `key` is worth none of `impossible`.
    fn exclude(&mut self, key: &G::Key, impossible: Set, before: u64) {
        let mask = (impossible & low(EXCLUDABLE)) as u64;
        if mask != 0 {
            let spent = work(self.expanded - before);
            self.table.store(key, Knowledge::Excluded(mask), spent);
        }
    }

    /// The value of option `i` if it lies in `wanted`. Components other than the largest
    /// are replaced by their values on the way.
    fn option_value_in(&mut self, i: usize, wanted: Set) -> Result<Option<Nimber>> {
        let opt = self.opts[i];
        let range = opt.first as usize..(opt.first + opt.len) as usize;
        if opt.len > 1 {
            let largest = range
                .clone()
                .max_by_key(|&j| self.game.size(&self.keys[j]))
                .expect("the option has components");
            self.keys.swap(range.start, largest);
            let mut x = opt.x;
            for j in range.start + 1..range.end {
                let key = self.keys[j].clone();
                x ^= self.value(&key)?;
            }
            self.opts[i].x = x;
            self.opts[i].len = 1;
        }
        let x = self.opts[i].x;
        let key = self.keys[range.start].clone();
        // The option is worth v ^ x where v is its component's value.
        if x >= Nimber::from(SET_BITS) {
            let v = self.value(&key)? ^ x;
            return Ok(contains(wanted, v).then_some(v));
        }
        Ok(self.value_in(&key, xor_set(wanted, x))?.map(|v| v ^ x))
    }

    /// The mex of the values of every option ([`Strategy::Mex`], and components worth more
    /// than the sets hold).
    fn value_by_mex(&mut self, key: &G::Key) -> Result<Nimber> {
        if let Some(Knowledge::Exact(v)) = self.table.peek(key) {
            return Ok(v);
        }
        let before = self.expanded;
        let base_keys = self.keys.len();
        let base_opts = self.opts.len();
        let base_known = self.known.len();
        self.expand(key, usize::MAX, 0, true)?;
        let mut values: Vec<Nimber> = self.known.drain(base_known..).collect();
        for i in base_opts..self.opts.len() {
            let opt = self.opts[i];
            let mut x = opt.x;
            for j in opt.first..opt.first + opt.len {
                let key = self.keys[j as usize].clone();
                x ^= self.value(&key)?;
            }
            values.push(x);
        }
        self.keys.truncate(base_keys);
        self.opts.truncate(base_opts);
        let v = mex(values);
        let spent = work(self.expanded - before);
        self.table.store(key, Knowledge::Exact(v), spent);
        Ok(v)
    }

    /// Lists the options of `key` onto the stacks: known values folded in, duplicates
    /// dropped, unknown ones smallest first. Stops early (unless `all`) when the options of
    /// known value leave no candidate in `wanted`, counting `moves` options in all.
    fn expand(&mut self, key: &G::Key, moves: usize, wanted: Set, all: bool) -> Result<Listed> {
        self.tick()?;
        let base_opts = self.opts.len();
        let mut sink = Collector {
            table: &mut self.table,
            keys: &mut self.keys,
            opts: &mut self.opts,
            listing: &mut self.listing,
            known: &mut self.known,
            game: &self.game,
            x: 0,
            present: 0,
            candidates: if all { ALL } else { low(moves as u32 + 1) },
            wanted,
            all,
            answered: false,
        };
        self.game.options(key, &mut sink);
        if sink.answered {
            return Ok(Listed::Answered);
        }
        let present = sink.present;
        self.dedup(base_opts);
        Ok(Listed::Open(present))
    }

    /// Drops options that are the same sum as another and sorts the rest smallest first.
    fn dedup(&mut self, base: usize) {
        let keys = &self.keys;
        let slice = |o: &Opt| &keys[o.first as usize..(o.first + o.len) as usize];
        let opts = &mut self.opts[base..];
        if opts.len() < 2 {
            return;
        }
        opts.sort_unstable_by(|a, b| (a.size, a.x, slice(a)).cmp(&(b.size, b.x, slice(b))));
        let mut kept = 1;
        for i in 1..opts.len() {
            let (a, b) = (opts[kept - 1], opts[i]);
            if !(a.size == b.size && a.x == b.x && slice(&a) == slice(&b)) {
                opts[kept] = b;
                kept += 1;
            }
        }
        self.opts.truncate(base + kept);
    }

    /// Counts an expansion; every few hundred, looks at the cancel flag and the time budget,
    /// and every few thousand reports progress.
    fn tick(&mut self) -> Result<()> {
        self.expanded += 1;
        if self.expanded % CHECK_EVERY != 0 {
            return Ok(());
        }
        check_time(self.time_budget, self.started)?;
        if self.expanded % REPORT_EVERY != 0 {
            return Ok(());
        }
        if let Some(mut report) = self.progress.take() {
            report(&self.stats());
            self.progress = Some(report);
        }
        Ok(())
    }
}

/// Fails when the thread's computation is cancelled or the time budget is spent.
fn check_time(budget: Option<Duration>, started: Option<Instant>) -> Result<()> {
    crate::kernel::cancel::check()?;
    // Within a question's budget (`kernel::budget`) that one deadline rules: an engine's own
    // budget restarted at every call would refuse at a multiple of it, or before it, naming no
    // option that allows more.
    if crate::kernel::budget::is_active() {
        return Ok(());
    }
    if let (Some(budget), Some(started)) = (budget, started) {
        if started.elapsed() > budget {
            return Err(GameError::too_large(
                "the search",
                format!(
                    "it did not finish within its time budget of {} s",
                    budget.as_secs_f64()
                ),
            ));
        }
    }
    Ok(())
}

/// What a game's own search ([`SplitGame::value_searched`]) uses of the engine: its table,
/// and its count of expanded components, which also stops the search when the computation is
/// cancelled or out of time and reports progress.
pub struct SearchContext<'a, K: TableKey> {
    table: &'a mut Table<K>,
    expanded: &'a mut u64,
    budget: Option<Duration>,
    started: Option<Instant>,
    search_time: Duration,
    progress: &'a mut Option<ProgressFn>,
}

impl<K: TableKey> SearchContext<'_, K> {
    /// The engine's table: what the search proves goes there (exact values and exclusions,
    /// with their work), and what it finds there it may use.
    #[inline]
    pub fn table(&mut self) -> &mut Table<K> {
        self.table
    }

    /// Counts one expanded component (a component whose options are listed); every few
    /// hundred, fails when the computation is cancelled or out of time, and every few thousand
    /// reports progress.
    #[inline]
    pub fn tick(&mut self) -> Result<()> {
        *self.expanded += 1;
        if *self.expanded % CHECK_EVERY != 0 {
            return Ok(());
        }
        self.check()
    }

    /// The components expanded so far (by the engine and by the game's search).
    pub fn expanded(&self) -> u64 {
        *self.expanded
    }

    #[cold]
    fn check(&mut self) -> Result<()> {
        check_time(self.budget, self.started)?;
        if *self.expanded % REPORT_EVERY != 0 {
            return Ok(());
        }
        if let Some(report) = self.progress.as_mut() {
            report(&SearchStats {
                expanded: *self.expanded,
                table: self.table.stats(),
                elapsed: self.search_time + self.started.map_or(Duration::ZERO, |s| s.elapsed()),
            });
        }
        Ok(())
    }
}

/// What listing the options of a component found.
enum Listed {
    /// The options of known value already answer the question: the value is not wanted.
    Answered,
    /// The unknown options are on the stacks; the values of the known ones.
    Open(Set),
}

/// The engine's [`OptionSink`]: looks each option's components up as it comes.
struct Collector<'a, G: SplitGame> {
    table: &'a mut Table<G::Key>,
    keys: &'a mut Vec<G::Key>,
    opts: &'a mut Vec<Opt>,
    listing: &'a mut Vec<G::Key>,
    known: &'a mut Vec<Nimber>,
    game: &'a G,
    /// XOR of the known values of the option being listed.
    x: Nimber,
    /// Values of the options known so far.
    present: Set,
    /// The candidates for the value, counting every option not listed yet as unknown.
    candidates: Set,
    wanted: Set,
    /// Keep every option (no early stop, known values kept in `known`).
    all: bool,
    answered: bool,
}

impl<G: SplitGame> OptionSink<G::Key> for Collector<'_, G> {
    fn begin(&mut self) {
        self.listing.clear();
        self.x = 0;
    }

    fn component(&mut self, key: G::Key) {
        self.listing.push(key);
    }

    fn value(&mut self, value: Nimber) {
        self.x ^= value;
    }

    fn end(&mut self) -> bool {
        if self.listing.len() > 1 {
            self.listing.sort_unstable();
            cancel_pairs(self.listing);
        }
        let first = self.keys.len();
        let mut size = 0u32;
        let mut x = self.x;
        for key in self.listing.drain(..) {
            match self.table.get(&key) {
                Some(Knowledge::Exact(v)) => x ^= v,
                _ => {
                    let s = self.game.size(&key);
                    size = size.saturating_add(s * s);
                    self.keys.push(key);
                }
            }
        }
        let len = self.keys.len() - first;
        if len > 0 {
            self.opts.push(Opt {
                first: first as u32,
                len: len as u32,
                x,
                size,
            });
            return true;
        }
        if self.all {
            self.known.push(x);
        }
        if contains(ALL, x) {
            self.present |= 1 << x;
        }
        remove_or_largest(&mut self.candidates, x);
        if !self.all && self.candidates & self.wanted == 0 {
            self.answered = true;
            return false;
        }
        true
    }
}

/// Removes equal keys in pairs from a sorted list (`G + G = 0`).
pub(crate) fn cancel_pairs<K: PartialEq>(keys: &mut Vec<K>) {
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
pub(crate) fn work(expanded: u64) -> u8 {
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

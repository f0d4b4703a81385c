//! One position valued by several threads: the options of its largest component shared out.
//!
//! A component's value is the least value none of its options has (the mex). So it is found
//! value by value, as the engine's aspiration finds it: for `k = 0, 1, ...`, is some option
//! worth `k`? In each round the options not known yet are asked that question, each by one
//! thread: a thread asks its own share first (the same options in every round, so that what
//! its table learnt about them serves it again), then any option left. The first option found
//! worth `k` ends the round (the other threads drop the option they are on), and a round where
//! none is worth `k` gives the value, `k`. Options are asked smallest first (by the sum of
//! their components' squared sizes, ties in the order the game lists them), as the engine's
//! search orders them.
//!
//! Each thread keeps an engine and a table of its own, each with its share of the memory, so
//! no look-up waits for another thread and none can read a slot half written; the facts that
//! cost more than a few dozen components are also shared (`shared_facts.rs`), so that
//! a position one thread has searched is not searched again by another (a position two
//! threads search at the same time still is). On Cram two threads take 1.5 to 2 times less
//! time than one (docs/performance-search.md, "Searches on several threads").
//!
//! A thread's question stops at the time budget and at the cancel flag of the thread that
//! asked ([`crate::kernel::cancel::carry`]); what each thread proved stays in its table.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::engine::{Engine, ProgressFn, SearchStats};
use super::options::Options;
use super::shared_facts::SharedFacts;
use super::table::{Knowledge, SharedKnowledge, Table};
use super::SplitGame;
use crate::kernel::cancel;
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;

/// How often the thread that asked looks at its own cancel flag while the others search.
const RELAY_EVERY: Duration = Duration::from_millis(2);

/// The value of the sum of `components`, its largest component's options shared out among
/// `engines` (one thread each; the first also values the smaller components and keeps the
/// largest one's value in its table). With one engine this is [`Engine::value_of_sum`].
pub fn value_of_sum<G>(engines: &mut [Engine<G>], components: &[G::Key]) -> Result<Nimber>
where
    G: SplitGame + Send,
    G::Key: Send + Sync,
{
    let threads = engines.len();
    let [first, ..] = engines else {
        return Err(GameError::invalid(
            "threads",
            "0",
            "at least 1 thread for a search",
        ));
    };
    if threads == 1 {
        return first.value_of_sum(components);
    }
    let mut keys = first.sum_order(components);
    let Some(largest) = keys.pop() else {
        return Ok(0);
    };
    let rest = first.value_of_sum(&keys)?;
    Ok(rest ^ component_value(engines, &largest)?)
}

/// The value of the canonical component `key`, round by round (see the module's
/// documentation).
fn component_value<G>(engines: &mut [Engine<G>], key: &G::Key) -> Result<Nimber>
where
    G: SplitGame + Send,
    G::Key: Send + Sync,
{
    if let Some(v) = engines[0].value_known(key) {
        return v;
    }
    let choices = distinct(engines[0].game(), key);
    // An option with nothing to search is worth the values the game knows (a lone square, a
    // region won by a strategy).
    let mut known: Vec<Option<Nimber>> = choices
        .iter()
        .map(|c| c.keys.is_empty().then_some(c.x))
        .collect();
    let before: u64 = engines.iter().map(|e| e.stats().expanded).sum();
    let mut k: Nimber = 0;
    loop {
        if !known.contains(&Some(k)) {
            let open: Vec<usize> = (0..choices.len()).filter(|&i| known[i].is_none()).collect();
            match round(engines, &choices, &open, k)? {
                Some(i) => known[i] = Some(k),
                None => break,
            }
        }
        k += 1;
    }
    let spent: u64 = engines.iter().map(|e| e.stats().expanded).sum::<u64>() - before;
    engines[0].keep(key, Knowledge::Exact(k), super::engine::work(spent));
    Ok(k)
}

/// Asks the options `open` of `choices` whether they are worth `k`, shared out among the
/// engines' threads: the index of one that is, or `None` when none is.
fn round<G>(
    engines: &mut [Engine<G>],
    choices: &[OptionSum<G::Key>],
    open: &[usize],
    k: Nimber,
) -> Result<Option<usize>>
where
    G: SplitGame + Send,
    G::Key: Send + Sync,
{
    // An option is asked by one thread only; each thread takes its own share first (the
    // same options in every round, so that what its table learnt about one serves it again),
    // then whatever is left.
    let claimed: Vec<AtomicBool> = open.iter().map(|_| AtomicBool::new(false)).collect();
    // Raised by the thread that finds an option worth `k`, or by this thread when its own
    // computation is cancelled: the other threads drop their question.
    let stop = Arc::new(AtomicBool::new(false));
    let found = Mutex::new(None);
    let failed = Mutex::new(None);
    let carried = cancel::carry();
    let engines_len = engines.len();
    let (done, finished) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for (t, engine) in engines.iter_mut().enumerate() {
            let (claimed, stop, found, failed, carried) =
                (&claimed, &stop, &found, &failed, &carried);
            let share = Share {
                open,
                claimed,
                thread: t,
                threads: engines_len,
            };
            let done = done.clone();
            scope.spawn(move || {
                carried.within(|| {
                    cancel::with_flag(Arc::clone(stop), || {
                        ask(engine, choices, &share, k, stop, found, failed)
                    })
                });
                // The receiver outlives the scope.
                let _ = done.send(());
            });
        }
        // The threads answer to `stop` alone, so this thread passes its own cancel flag on.
        let mut running = engines_len;
        while running > 0 {
            match finished.recv_timeout(RELAY_EVERY) {
                Ok(()) => running -= 1,
                Err(_) if cancel::is_cancelled() => stop.store(true, Ordering::SeqCst),
                Err(_) => {}
            }
        }
    });
    // This thread's own refusal (its budget or cancel flag) names what was asked.
    cancel::check()?;
    if let Some(i) = found.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Ok(Some(i));
    }
    match failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(None),
    }
}

/// The options of a round as one thread takes them.
struct Share<'a> {
    /// The options asked in this round (indices of the choices).
    open: &'a [usize],
    /// Whether each has been taken by a thread.
    claimed: &'a [AtomicBool],
    thread: usize,
    threads: usize,
}

impl Share<'_> {
    /// The options this thread asks, in order: its own (choice `i` is thread `i mod threads`'s),
    /// then any other not yet taken.
    fn take(&self) -> impl Iterator<Item = usize> + '_ {
        let own = (0..self.open.len()).filter(|&j| self.open[j] % self.threads == self.thread);
        let all = 0..self.open.len();
        own.chain(all)
            .filter(|&j| !self.claimed[j].swap(true, Ordering::Relaxed))
            .map(|j| self.open[j])
    }
}

/// One thread's part of a round: the options of its share asked whether they are worth `k`,
/// until none is left or `stop` is raised.
fn ask<G>(
    engine: &mut Engine<G>,
    choices: &[OptionSum<G::Key>],
    share: &Share<'_>,
    k: Nimber,
    stop: &AtomicBool,
    found: &Mutex<Option<usize>>,
    failed: &Mutex<Option<GameError>>,
) where
    G: SplitGame,
{
    for i in share.take() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let choice = &choices[i];
        match engine.sum_has_value(&choice.keys, k ^ choice.x) {
            Ok(false) => {}
            Ok(true) => {
                *found.lock().unwrap_or_else(|e| e.into_inner()) = Some(i);
                stop.store(true, Ordering::SeqCst);
                return;
            }
            Err(e) => {
                // A question dropped because another thread answered the round is no failure.
                if found.lock().unwrap_or_else(|e| e.into_inner()).is_none() {
                    failed
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(e);
                }
                stop.store(true, Ordering::SeqCst);
                return;
            }
        }
    }
}

/// `threads` engines (at least one), each with a game made by `game` and an equal share of
/// [`tables_share`] of `memory_bytes` for its table; on several threads the tables share
/// their costly facts within the rest.
pub fn engines<G: SplitGame>(
    game: impl Fn() -> G,
    threads: usize,
    memory_bytes: usize,
) -> Vec<Engine<G>>
where
    G::Key: Send + Sync + 'static,
{
    let threads = threads.max(1);
    let tables = tables_share(memory_bytes, threads);
    sharing(
        (0..threads)
            .map(|_| Engine::new(game(), tables / threads))
            .collect(),
        memory_bytes,
    )
}

/// The part of a search's `memory_bytes` its tables share on `threads` threads: all of it on
/// one; on several, seven eighths, the rest for the facts they share
/// (`shared_facts.rs`).
pub fn tables_share(memory_bytes: usize, threads: usize) -> usize {
    match threads {
        0 | 1 => memory_bytes,
        _ => memory_bytes - memory_bytes / 8,
    }
}

/// `engines`, their tables sharing their costly facts within an eighth of `memory_bytes` when
/// there are several (`shared_facts.rs`).
fn sharing<G: SplitGame>(mut engines: Vec<Engine<G>>, memory_bytes: usize) -> Vec<Engine<G>>
where
    G::Key: Send + Sync + 'static,
{
    if engines.len() > 1 {
        let facts: Arc<dyn SharedKnowledge<G::Key>> =
            Arc::new(SharedFacts::with_memory(memory_bytes / 8));
        for engine in &mut engines {
            engine.share_facts(Arc::clone(&facts));
        }
    }
    engines
}

/// `threads` engines (at least one) that go on from `table`: the first takes it, the others a
/// copy each (every table has its memory limit; read it within
/// [`tables_share`]`(memory_bytes, threads) / threads`), sharing their costly facts as
/// [`engines`] does within `memory_bytes`.
pub fn engines_with_table<G: SplitGame>(
    game: impl Fn() -> G,
    threads: usize,
    table: Table<G::Key>,
    memory_bytes: usize,
) -> Vec<Engine<G>>
where
    G::Key: Send + Sync + 'static,
{
    let mut engines: Vec<Engine<G>> = (1..threads.max(1))
        .map(|_| Engine::with_table(game(), table.clone()))
        .collect();
    engines.insert(0, Engine::with_table(game(), table));
    sharing(engines, memory_bytes)
}

/// The counters of all the engines: components expanded and the tables' counts added up, the
/// time that of the longest (they search at the same time).
pub fn stats<G: SplitGame>(engines: &[Engine<G>]) -> SearchStats {
    total(engines.iter().map(Engine::stats))
}

/// The counters of searches run at the same time: the counts added up, the time the longest.
fn total(each: impl Iterator<Item = SearchStats>) -> SearchStats {
    let mut total = SearchStats::default();
    for s in each {
        total.expanded += s.expanded;
        total.table.hits += s.table.hits;
        total.table.misses += s.table.misses;
        total.table.stores += s.table.stores;
        total.table.evictions += s.table.evictions;
        total.table.entries += s.table.entries;
        total.elapsed = total.elapsed.max(s.elapsed);
    }
    total
}

/// Calls `report` every few thousand components expanded by any of the engines, with the
/// counters of all of them ([`stats`]).
pub fn set_progress<G: SplitGame>(engines: &mut [Engine<G>], report: ProgressFn) {
    if let [one] = engines {
        one.set_progress(report);
        return;
    }
    let shared = Arc::new(Mutex::new((
        vec![SearchStats::default(); engines.len()],
        report,
    )));
    for (t, engine) in engines.iter_mut().enumerate() {
        let shared = Arc::clone(&shared);
        engine.set_progress(Box::new(move |s: &SearchStats| {
            let mut shared = shared.lock().unwrap_or_else(|e| e.into_inner());
            let (each, report) = &mut *shared;
            each[t] = *s;
            report(&total(each.iter().copied()));
        }));
    }
}

/// One table holding what all the engines' tables hold (the first engine's, with the others'
/// entries stored in it: within its memory limit, as in any search, the costliest are kept),
/// e.g. to save it.
pub fn into_table<G: SplitGame>(engines: Vec<Engine<G>>) -> Table<G::Key> {
    let mut engines = engines.into_iter();
    let Some(first) = engines.next() else {
        return Table::with_memory(0);
    };
    let mut table = first.into_table();
    table.unshare();
    for engine in engines {
        for (key, fact, work) in engine.table().entries() {
            table.store(&key, fact, work);
        }
    }
    table
}

/// One option of a component as a sum: its components still to search (sorted, equal ones
/// cancelled in pairs, `G + G = 0`), the XOR of the values the game knows, and its size (the
/// sum of its components' squared sizes), by which searches order options smallest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSum<K> {
    /// The components to search.
    pub keys: Vec<K>,
    /// The XOR of the values known.
    pub x: Nimber,
    /// The sum of the components' squared sizes ([`SplitGame::size`]).
    pub size: u64,
}

/// The options of the component `key`, each once (moves the same up to symmetry list the same
/// sum), smallest first: what several threads (this module's rounds) or several machines share
/// out.
pub fn distinct<G: SplitGame>(game: &G, key: &G::Key) -> Vec<OptionSum<G::Key>> {
    let mut listed = Options::default();
    game.options(key, &mut listed);
    let mut sums: Vec<OptionSum<G::Key>> = Vec::with_capacity(listed.len());
    for i in 0..listed.len() {
        let (keys, x) = listed.get(i);
        let mut keys = keys.to_vec();
        keys.sort();
        super::engine::cancel_pairs(&mut keys);
        if sums.iter().any(|c| c.x == x && c.keys == keys) {
            continue;
        }
        let size = keys.iter().map(|k| u64::from(game.size(k)).pow(2)).sum();
        sums.push(OptionSum { keys, x, size });
    }
    sums.sort_by_key(|c| c.size);
    sums
}

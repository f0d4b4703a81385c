//! Misère sums of one octal game's heaps beside Nim heaps, on simplest forms or by a
//! memoised search.
//!
//! First the heaps are added as Conway's misère simplest forms (the `forms` submodule:
//! [`analyze_by_forms`]; also a sum of the game's heaps alone, once its quotient is beyond its
//! limits). When the forms pass their limits and the quotient, which the caller asks in
//! between, does not answer either, the search below takes over ([`analyze`]).
//!
//! Such a sum has no quotient small enough to compute whenever the Nim heaps are large or the
//! game is wild: Dawson's Kayles to heap 14 with `*1..*6` adjoined passes 2,048 elements, and
//! Kayles' heap 20 beside `*4` or more is told apart by every number of its copies (docs/
//! theory.md, "Genera through the quotient"). A direct search of the sum is exact and small
//! when the positions are kept in a canonical form that loses nothing:
//!
//! * the game's heaps as a sorted multiset and the Nim heaps as another, so that sums reached
//!   in different orders share one entry;
//! * a heap without moves dropped (a game with no move is `0`: adding it changes no tree);
//! * a heap whose game tree *is* a Nim heap's (Dawson's Kayles 2 and 3 are `{0} = *1`, 4 is
//!   `{*1, 0} = *2`) moved among the Nim heaps, where it is the same tree;
//! * pairs of `*1` removed: `G⁻(X + *1 + *1) = G⁻(X)` for every `X` (see `genus`), so
//!   `X + *1 + *1` and `X` have the same misère outcome, whatever `X` is;
//! * a position of Nim heaps alone answered by Bouton's misère rule.
//!
//! No quotient and no theory beyond these identities; the tests compare every outcome and
//! every winning move with the engine's plain exhaustive search on thousands of small sums.
//! One memo per game is kept for the process (a game played move by move, or the analysis,
//! its provenance and explanation of one sum, ask of the same positions), cleared when full.

use std::collections::HashMap;
use std::sync::Mutex;

use super::game::{octal_code_of, HeapGame, OptionTable};
use crate::kernel::bouton;
use crate::kernel::error::Result;
use crate::kernel::heap_rules::HeapRules;
use crate::kernel::moves::{MoveList, MAX_LISTED_MOVES};
use crate::sum::{Outcome, Sum, SumMove};

/// The largest heap of the game, and the largest Nim heap, this search takes (positions are
/// stored a byte a heap); larger sums go to the quotient or the general search.
pub const MAX_MIXED_SEARCH_HEAP: u64 = 64;
/// The most positions one game's memo holds; a search that needs more gives up (the caller
/// falls back to the general search with its own budgets). About 80 bytes each: some 80 MB
/// at most.
pub const MIXED_STATE_LIMIT: usize = 1_000_000;

/// A canonical position as a key: the game's heaps ascending, a 0, the Nim heaps ascending,
/// zeros after (every heap kept is at least 1, so the key reads back unambiguously). Fixed
/// size, so a lookup allocates nothing; a position of more heaps is left to the fallbacks.
type Key = [u8; KEY_BYTES];
const KEY_BYTES: usize = 32;

/// The memo's lookups are most of the search, and the default hasher was a tenth of it.
type Memo = rustc_hash::FxHashMap<Key, bool>;

/// One game's search: its options, which heaps are Nim heaps as trees, and the memo.
struct Search {
    options: OptionTable,
    /// `nim_like[h]`: `Some(k)` when heap `h`'s game tree is the Nim heap `*k` (`Some(0)`: no
    /// move at all).
    nim_like: Vec<Option<u8>>,
    /// Misère outcome (`true`: P) by canonical position.
    memo: Memo,
}

/// Why a search stopped without an answer.
enum Stop {
    /// A position of more heaps than a key holds: the caller falls back.
    Full,
    /// More than [`MIXED_STATE_LIMIT`] positions: the caller falls back too (the general
    /// search, in its own order, answers some such sums within its budget: 0.75's 24 + 23
    /// beside `*7 + *6`).
    Exhausted,
    /// The question's budget ran out or it was cancelled: the caller refuses.
    Refused(crate::kernel::error::GameError),
}

/// Pushes `x` onto the first `len` bytes of `buf`, or stops when full.
fn push(buf: &mut Key, len: &mut usize, x: u8) -> std::result::Result<(), Stop> {
    *buf.get_mut(*len).ok_or(Stop::Full)? = x;
    *len += 1;
    Ok(())
}

/// The game's heaps and the Nim heaps a key holds.
fn parts(key: &Key) -> (&[u8], &[u8]) {
    let sep = key.iter().position(|&x| x == 0).unwrap_or(KEY_BYTES);
    let rest = &key[(sep + 1).min(KEY_BYTES)..];
    let nims = rest.iter().position(|&x| x == 0).unwrap_or(rest.len());
    (&key[..sep], &rest[..nims])
}

impl Search {
    fn new(rules: &HeapRules, max_heap: usize) -> Result<Self> {
        let options = OptionTable::new(rules, max_heap)?;
        let mut nim_like: Vec<Option<u8>> = Vec::with_capacity(max_heap + 1);
        for h in 0..=max_heap {
            let like = if h == 0 {
                Some(0)
            } else {
                nim_tree(&options.options[h], &nim_like)
            };
            nim_like.push(like);
        }
        Ok(Search {
            options,
            nim_like,
            memo: Memo::default(),
        })
    }

    /// The canonical position of the game's heaps `octal` beside the Nim heaps `nim`.
    fn key(
        &self,
        octal: impl Iterator<Item = u8>,
        nim: impl Iterator<Item = u8>,
    ) -> std::result::Result<Key, Stop> {
        let (mut heaps, mut nims) = ([0u8; KEY_BYTES], [0u8; KEY_BYTES]);
        let (mut h_len, mut n_len, mut ones) = (0, 0, 0);
        let mut add_nim = |m: u8, n_len: &mut usize, nims: &mut Key| match m {
            0 => Ok(()),
            1 => {
                ones += 1;
                Ok(())
            }
            m => push(nims, n_len, m),
        };
        for h in octal {
            match self.nim_like[h as usize] {
                None => push(&mut heaps, &mut h_len, h)?,
                Some(k) => add_nim(k, &mut n_len, &mut nims)?,
            }
        }
        for m in nim {
            add_nim(m, &mut n_len, &mut nims)?;
        }
        if ones % 2 == 1 {
            push(&mut nims, &mut n_len, 1)?;
        }
        if h_len + 1 + n_len > KEY_BYTES {
            return Err(Stop::Full);
        }
        heaps[..h_len].sort_unstable();
        nims[..n_len].sort_unstable();
        let mut key = [0u8; KEY_BYTES];
        key[..h_len].copy_from_slice(&heaps[..h_len]);
        key[h_len + 1..h_len + 1 + n_len].copy_from_slice(&nims[..n_len]);
        Ok(key)
    }

    /// Whether the canonical position `key` is a misère P-position.
    fn is_p(&mut self, key: Key) -> std::result::Result<bool, Stop> {
        let (octal, nim) = parts(&key);
        if octal.is_empty() {
            let heaps: Vec<u64> = nim.iter().map(|&m| m as u64).collect();
            return Ok(bouton::is_misere_p_position(&heaps));
        }
        if let Some(&p) = self.memo.get(&key) {
            return Ok(p);
        }
        if self.memo.len() >= MIXED_STATE_LIMIT {
            return Err(Stop::Exhausted);
        }
        if self.memo.len() % 4096 == 0 {
            crate::kernel::cancel::check().map_err(Stop::Refused)?;
        }
        // Every heap left in `octal` has a move (those without were dropped), so the position
        // is P exactly when no move reaches a P-position.
        let p = !self.some_move_to_p(&key)?;
        self.memo.insert(key, p);
        Ok(p)
    }

    /// Whether some move from the canonical position `key` reaches a P-position. Nim moves
    /// are tried first: they are cheap and often win (Dawson's Kayles 12 + 14 + `*5` + `*6`
    /// visits half the positions it does with the game's moves first).
    fn some_move_to_p(&mut self, key: &Key) -> std::result::Result<bool, Stop> {
        let (octal, nim) = parts(key);
        for i in 0..nim.len() {
            if i > 0 && nim[i] == nim[i - 1] {
                continue;
            }
            for to in 0..nim[i] {
                let rest = nim[..i].iter().chain(&nim[i + 1..]).copied();
                let child = self.key(octal.iter().copied(), rest.chain([to]))?;
                if self.is_p(child)? {
                    return Ok(true);
                }
            }
        }
        for i in 0..octal.len() {
            if i > 0 && octal[i] == octal[i - 1] {
                continue;
            }
            let h = octal[i] as usize;
            for o in 0..self.options.options[h].len() {
                let rest = octal[..i].iter().chain(&octal[i + 1..]).copied();
                let parts = self.options.options[h][o].iter().map(|&x| x as u8);
                let child = self.key(rest.chain(parts), nim.iter().copied())?;
                if self.is_p(child)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}

/// `Some(k)` when a heap with these options is, as a tree, the Nim heap `*k`: every option is
/// one (its parts all are, and all but at most one are `0`, which add nothing), and their
/// values are exactly `0..k`. A part `*1 + *1` is not: it plays as `0` but is another tree.
fn nim_tree(options: &[Vec<usize>], nim_like: &[Option<u8>]) -> Option<u8> {
    let mut values: Vec<u8> = Vec::with_capacity(options.len());
    for o in options {
        let mut value = 0u8;
        for &x in o {
            match nim_like[x]? {
                0 => {}
                k if value == 0 => value = k,
                _ => return None,
            }
        }
        values.push(value);
    }
    values.sort_unstable();
    values.dedup();
    let k = values.len();
    (values.iter().enumerate().all(|(i, &v)| v as usize == i) && k < 255).then_some(k as u8)
}

/// The most games whose searches are kept at once: a server asked about many games keeps a
/// few memos (each under [`MIXED_STATE_LIMIT`] / 2 positions between questions: some 40 MB),
/// not one per game it was ever asked about.
const SHELVED_GAMES: usize = 4;

/// A sum of one octal game's heaps and Nim heaps (at least one of each, none larger than
/// [`MAX_MIXED_SEARCH_HEAP`]) as canonical positions: the game, its largest heap, and the heaps.
fn split(sum: &Sum) -> Option<(HeapRules, usize, Vec<u8>, Vec<u8>)> {
    split_any(sum).filter(|(_, _, _, nim)| !nim.is_empty())
}

/// [`split`], the Nim heaps possibly none.
fn split_any(sum: &Sum) -> Option<(HeapRules, usize, Vec<u8>, Vec<u8>)> {
    let mut game: Option<(HeapRules, &crate::kernel::component::Component)> = None;
    let (mut octal, mut nim) = (Vec::new(), Vec::new());
    for c in &sum.components {
        if let Some(m) = c.as_nim() {
            if m > MAX_MIXED_SEARCH_HEAP {
                return None;
            }
            nim.push(m as u8);
            continue;
        }
        if c.noun() != "heap" {
            return None;
        }
        match &game {
            Some((_, first)) if !c.same_rules(first) => return None,
            Some(_) => {}
            None => game = Some((octal_code_of(c.rules().as_ref())?, c)),
        }
        for h in c.heaps() {
            if h > MAX_MIXED_SEARCH_HEAP {
                return None;
            }
            octal.push(h as u8);
        }
    }
    let (rules, _) = game?;
    if octal.is_empty() {
        return None;
    }
    let n = octal.iter().copied().max().unwrap_or(1).max(1) as usize;
    Some((rules, n, octal, nim))
}

/// The outcome and the winning moves of a sum of one octal game's heaps beside Nim heaps, by
/// the memoised search of its heaps; `Ok(None)` for any other sum, or when the search would
/// need more than [`MIXED_STATE_LIMIT`] positions or a position has more heaps than a key
/// holds. An error when the question's budget runs out.
pub fn analyze(sum: &Sum) -> Result<Option<(Outcome, MoveList<SumMove>)>> {
    let Some((rules, n, octal, nim)) = split(sum) else {
        return Ok(None);
    };
    by_heaps(sum, rules, n, &octal, &nim)
}

/// [`analyze`] on misère simplest forms ([`crate::misere::canonical`]), for sums of an octal
/// game's heaps beside Nim heaps or alone: `Ok(None)` for any other sum, or when the forms pass
/// their limits, or when `other_answers()` (the quotient, `misere::sums::answer`) after the
/// forms passed [`QUICK_FORM_SUMS`] (a tame game's quotient with Nim heaps takes milliseconds,
/// where its forms may take a tenth of a second), or at once for a sum without Nim heaps (the
/// quotient's explanation names each heap's element). An error when the question's budget
/// runs out.
pub fn analyze_by_forms(
    sum: &Sum,
    other_answers: impl FnOnce() -> bool,
) -> Result<Option<(Outcome, MoveList<SumMove>)>> {
    by_forms(sum, other_answers, |search, octal, nim| {
        answer_by(sum, octal, nim, |a, b| search.is_p(a, b))
    })
}

/// How [`analyze_by_forms`] or [`analyze_by_large_forms`] answers `sum`, in words; `None` when
/// neither does (look-ups of the sums made when it just answered, or the words kept when the
/// large store answered).
pub fn explain_by_forms(sum: &Sum, other_answers: impl FnOnce() -> bool) -> Option<String> {
    let shelved = by_forms(sum, other_answers, |search, octal, nim| {
        search.explain(octal, nim)
    })
    .ok()
    .flatten();
    shelved.or_else(|| {
        let (rules, _, octal, nim) = split_any(sum)?;
        LARGE_ANSWERS.get(&large_key(&rules, &octal, &nim))
    })
}

/// [`analyze_by_forms`] once more, for when every other method has passed its limits, in a
/// store of its own with room for 30,000,000 sums (the question's time and
/// memory budgets bound it first): Officers' 45 + 30, some two million sums, in 0.7 s. The
/// store is dropped after, so that no large store outlives the question; the words of its
/// answer are kept for [`explain_by_forms`]. Only within a question's budget
/// ([`crate::kernel::budget`]), its bound: a caller without one (a simulation) is answered
/// `None` at once, as before this method.
pub fn analyze_by_large_forms(sum: &Sum) -> Result<Option<(Outcome, MoveList<SumMove>)>> {
    if !crate::kernel::budget::is_active() {
        return Ok(None);
    }
    let Some((rules, n, octal, nim)) = split_any(sum) else {
        return Ok(None);
    };
    let mut search = forms::FormSearch::large(rules.clone());
    let answered = match search.reach(n) {
        Ok(true) => answer_by(sum, &octal, &nim, |a, b| search.is_p(a, b)),
        Ok(false) => Err(Stop::Full),
        Err(e) => Err(Stop::Refused(e)),
    };
    match answered {
        Ok(found) => {
            if let Ok(text) = search.explain(&octal, &nim) {
                LARGE_ANSWERS.put(large_key(&rules, &octal, &nim), text);
            }
            Ok(Some(found))
        }
        Err(Stop::Refused(e)) => Err(e),
        Err(Stop::Full | Stop::Exhausted) => Ok(None),
    }
}

/// The game and the sorted heaps of a sum the large store answered.
type LargeKey = (String, Vec<u8>, Vec<u8>);

fn large_key(rules: &HeapRules, octal: &[u8], nim: &[u8]) -> LargeKey {
    let (a, b) = forms::sorted_pair(octal, nim);
    (rules.name(), a, b)
}

/// The words of the answers the large store gave, at most [`LARGE_ANSWERS_KEPT`] (then
/// forgotten all at once: each answer cost seconds, its words a few hundred bytes).
struct LargeAnswers(Mutex<Option<HashMap<LargeKey, String>>>);

/// See [`LargeAnswers`].
const LARGE_ANSWERS_KEPT: usize = 1024;

static LARGE_ANSWERS: LargeAnswers = LargeAnswers(Mutex::new(None));

impl LargeAnswers {
    fn get(&self, key: &LargeKey) -> Option<String> {
        let kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.as_ref()?.get(key).cloned()
    }

    fn put(&self, key: LargeKey, text: String) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let map = kept.get_or_insert_with(HashMap::new);
        if map.len() >= LARGE_ANSWERS_KEPT {
            map.clear();
        }
        map.insert(key, text);
    }
}

/// The sums of two forms a mixed sum may take before the quotient is tried.
pub const QUICK_FORM_SUMS: usize = 100_000;

/// `f` run on the forms of `sum`'s game (its heaps and its Nim heaps given), within
/// [`QUICK_FORM_SUMS`] more sums when it has Nim heaps, then, unless `other_answers()`,
/// within the store's limits.
fn by_forms<T>(
    sum: &Sum,
    other_answers: impl FnOnce() -> bool,
    mut f: impl FnMut(&mut forms::FormSearch, &[u8], &[u8]) -> std::result::Result<T, Stop>,
) -> Result<Option<T>> {
    let Some((rules, n, octal, nim)) = split_any(sum) else {
        return Ok(None);
    };
    if nim.is_empty() {
        if other_answers() {
            return Ok(None);
        }
        return with_forms(&rules, n, None, |s| f(s, &octal, &nim));
    }
    let quick = with_forms(&rules, n, Some(QUICK_FORM_SUMS), |s| {
        if s.is_slow(&octal, &nim) {
            return Err(Stop::Exhausted);
        }
        let found = f(s, &octal, &nim);
        if matches!(found, Err(Stop::Exhausted)) {
            s.note_slow(&octal, &nim);
        }
        found
    })?;
    if let Some(t) = quick {
        return Ok(Some(t));
    }
    if other_answers() {
        return Ok(None);
    }
    with_forms(&rules, n, None, |s| f(s, &octal, &nim))
}

/// `f` run on the forms of `rules` with every heap up to `n` made, allowed `more` sums (or up
/// to the store's limit); the game's store is taken off its shelf meanwhile and put back
/// after. `Ok(None)` when the forms pass their limits.
fn with_forms<T>(
    rules: &HeapRules,
    n: usize,
    more: Option<usize>,
    f: impl FnOnce(&mut forms::FormSearch) -> std::result::Result<T, Stop>,
) -> Result<Option<T>> {
    let key = rules.name();
    let mut search = FORM_SEARCHES
        .take(&key)
        .unwrap_or_else(|| forms::FormSearch::new(rules.clone()));
    let result = match search.reach(n) {
        Ok(true) => {
            search.allow(more);
            f(&mut search)
        }
        Ok(false) => Err(Stop::Full),
        Err(e) => Err(Stop::Refused(e)),
    };
    let result = match result {
        // What a quick attempt made is kept for the next.
        Err(Stop::Exhausted) if more.is_some() => Err(Stop::Full),
        other => other,
    };
    settle(result, search, key, &FORM_SEARCHES)
}

/// [`analyze`] on the heaps themselves.
fn by_heaps(
    sum: &Sum,
    rules: HeapRules,
    n: usize,
    octal: &[u8],
    nim: &[u8],
) -> Result<Option<(Outcome, MoveList<SumMove>)>> {
    // The game's search is taken out of the shelf while it runs, so that a long search holds
    // no lock: a question about another game, or the same game, meanwhile starts its own.
    let key = rules.name();
    // A table for heaps up to 24 at least, so that one memo serves a game played down.
    let mut search = match SEARCHES.take(&key) {
        Some(s) if s.options.max_heap() >= n => s,
        _ => Search::new(&rules, n.max(24).min(MAX_MIXED_SEARCH_HEAP as usize))?,
    };
    let result = answer_by(sum, octal, nim, |a, b| {
        let key = search.key(a.iter().copied(), b.iter().copied())?;
        search.is_p(key)
    });
    settle(result, search, key, &SEARCHES)
}

/// The outcome of `sum` (its game's heaps `octal`, its Nim heaps `nim`) and its winning moves,
/// given whether any position of the game's heaps beside Nim heaps is a P-position.
fn answer_by(
    sum: &Sum,
    octal: &[u8],
    nim: &[u8],
    mut is_p: impl FnMut(&[u8], &[u8]) -> std::result::Result<bool, Stop>,
) -> std::result::Result<(Outcome, MoveList<SumMove>), Stop> {
    if is_p(octal, nim)? {
        return Ok((Outcome::P, MoveList::complete(Vec::new())));
    }
    let mut moves = MoveList::with_limit(MAX_LISTED_MOVES);
    for m in sum.moves().map_err(Stop::Refused)? {
        let (a, b) = heaps_of(&sum.after(&m)).ok_or(Stop::Full)?;
        if is_p(&a, &b)? {
            moves.push(m);
        }
    }
    Ok((Outcome::N, moves))
}

/// What a search found, its memo forgotten when it ran out of positions, and the search put
/// back on its shelf.
fn settle<T, S: Shelved>(
    result: std::result::Result<T, Stop>,
    mut search: S,
    key: String,
    shelf: &Shelf<S>,
) -> Result<Option<T>> {
    let found = match result {
        Ok(found) => Ok(Some(found)),
        Err(Stop::Full) => Ok(None),
        Err(Stop::Exhausted) => {
            search.forget();
            Ok(None)
        }
        Err(Stop::Refused(e)) => Err(e),
    };
    shelf.put(key, search);
    found
}

/// A search kept between questions: what it knows can be counted and forgotten.
trait Shelved {
    /// Positions known.
    fn known(&self) -> usize;
    /// Forgets every position.
    fn forget(&mut self);
}

impl Shelved for Search {
    fn known(&self) -> usize {
        self.memo.len()
    }
    fn forget(&mut self) {
        self.memo.clear();
    }
}

impl Shelved for forms::FormSearch {
    fn known(&self) -> usize {
        forms::FormSearch::known(self)
    }
    fn forget(&mut self) {
        forms::FormSearch::forget(self);
    }
}

/// The searches kept for the process, by game.
struct Shelf<T>(Mutex<Option<HashMap<String, T>>>);

/// The searches on heaps and on forms kept for the process.
static SEARCHES: Shelf<Search> = Shelf(Mutex::new(None));
static FORM_SEARCHES: Shelf<forms::FormSearch> = Shelf(Mutex::new(None));

impl<T: Shelved> Shelf<T> {
    /// The search of game `key`, taken off the shelf while it runs.
    fn take(&self, key: &str) -> Option<T> {
        self.0
            .lock()
            .ok()
            .and_then(|mut guard| guard.get_or_insert_with(HashMap::new).remove(key))
    }

    /// Puts `search` back for the next question about its game.
    fn put(&self, key: String, mut search: T) {
        if search.known() >= MIXED_STATE_LIMIT / 2 {
            // A memo half full from earlier questions would crowd out the next one.
            search.forget();
        }
        let Ok(mut guard) = self.0.lock() else {
            return;
        };
        let shelf = guard.get_or_insert_with(HashMap::new);
        // Of two searches of one game run side by side, the one that knows more is kept.
        if shelf.get(&key).is_some_and(|s| s.known() > search.known()) {
            return;
        }
        if !shelf.contains_key(&key) && shelf.len() >= SHELVED_GAMES {
            // Another game's search makes room: the one that knows least.
            if let Some(least) = shelf
                .iter()
                .min_by_key(|(_, s)| s.known())
                .map(|(k, _)| k.clone())
            {
                shelf.remove(&least);
            }
        }
        shelf.insert(key, search);
    }
}

/// The game's heaps and the Nim heaps of a position after a move of a sum [`split`] took
/// (either may be empty now).
fn heaps_of(sum: &Sum) -> Option<(Vec<u8>, Vec<u8>)> {
    let (mut octal, mut nim) = (Vec::new(), Vec::new());
    for c in &sum.components {
        if let Some(m) = c.as_nim() {
            nim.push(u8::try_from(m).ok()?);
        } else {
            for h in c.heaps() {
                octal.push(u8::try_from(h).ok()?);
            }
        }
    }
    Some((octal, nim))
}

/// Whether [`analyze`] answers `sum` (a lookup when it was just analysed).
pub fn answers(sum: &Sum) -> bool {
    split(sum).is_some() && matches!(analyze(sum), Ok(Some(_)))
}

mod forms;

#[cfg(test)]
mod tests;

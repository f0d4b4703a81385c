//! Subtraction games: a move takes exactly `s` tokens from one heap, for `s` in a take-set.
//!
//! With a finite take-set `S` (Bachet's game is `S = {1..k}`), `G(n) = mex{G(n - s) : s in S,
//! s <= n}`. Each value depends only on the `max S` values below it, so the sequence is
//! eventually periodic and the window rule of [`crate::sequence`] proves its period after a
//! finite computation: from then on any heap, `u64` or larger, is a table lookup.
//!
//! The all-but games, which allow every amount except a finite set, are in `games::all_but`
//! (which reads this module).
//!
//! ```
//! use grundy_games::subtraction::SubtractionGame;
//! let game = SubtractionGame::new([1, 4, 9]).unwrap();
//! let values: Vec<u64> = (1..=12).map(|n| game.value(n).unwrap()).collect();
//! assert_eq!(values, [1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0]);
//! // The period 0 1 0 1 2 is proven, so huge heaps are a lookup: 10^18 = 0 (mod 5).
//! assert_eq!(game.value(1_000_000_000_000_000_000).unwrap(), 0);
//! ```

use std::sync::{Arc, Mutex, OnceLock};

use num_bigint::BigUint;

use crate::family::{known, Drawing, Family, Param, ParamKind, Positions};
use crate::future_options::FutureOptions;
use crate::kernel::error::{GameError, Result};
use crate::kernel::list::{parse_list_in, parse_u64_in};
use crate::kernel::moves::MoveList;
use crate::kernel::BigHeaps;
use crate::kernel::Derivation;
use crate::kernel::Ruleset;
use crate::nimber::{MexSet, Nimber};
use crate::sequence::GrundySequence;

const HEAPS: Positions = Positions {
    label: "Heaps",
    help: "heap sizes, whole numbers",
    example: "11, 15",
    drawing: Drawing::HEAPS,
};

/// Subtraction games in the registry: `sub{1,4,9}:11,15`.
pub static FAMILY: Family = Family {
    name: "subtraction",
    aliases: &["sub"],
    title: "Subtraction game",
    rules: "A move takes exactly s tokens from one heap, for some s in the take-set S.",
    params: &[Param {
        name: "set",
        short: Some('s'),
        positional: false,
        kind: ParamKind::Amounts,
        label: "Take-set S",
        help: "the amounts a move may take, e.g. 1,4,9 (each from 1 to 1000000)",
        example: "1,4,9",
    }],
    positions: HEAPS,
    example: "sub{1,4,9}:11,15",
    sequence: true,
    known_by: known::sequence,
    heap_game: true,
    search: None,
    at_once: None,
    reasoning: None,
    build: |params| {
        // Each amount is read with its own range, so `-1` or `9}` is refused naming 1 to
        // MAX_TAKE, not the range of u64.
        Ok(Arc::new(SubtractionGame::new(parse_list_in(
            params[0],
            "take-set element",
            1..=MAX_TAKE,
        )?)?))
    },
};

/// Bachet's game in the registry: `bachet{3}:10` is the subtraction game `{1,2,3}`.
pub static BACHET: Family = Family {
    name: "bachet",
    aliases: &[],
    title: "Bachet's game",
    rules: "A move takes from 1 to k tokens from one heap.",
    params: &[Param {
        name: "k",
        short: Some('k'),
        positional: false,
        kind: ParamKind::Number,
        label: "Most tokens taken, k",
        help: "a move takes 1 to k tokens (k from 1 to 10000)",
        example: "3",
    }],
    // Heaps of 11 and 14 (values 3 and 2): the player who moves first wins (11 and 15 would be
    // a P-position, lost before the first click against the perfect player).
    positions: Positions {
        example: "11, 14",
        ..HEAPS
    },
    example: "bachet{3}:10",
    sequence: true,
    known_by: known::closed_form,
    heap_game: true,
    search: None,
    at_once: None,
    reasoning: None,
    build: |params| {
        let k = parse_u64_in(params[0].trim(), "Bachet limit", 1..=MAX_SET_SIZE as u64)?;
        Ok(Arc::new(SubtractionGame::bachet(k)?))
    },
};

mod sequence;

/// The largest amount allowed in a take-set (or an excluded set).
pub const MAX_TAKE: u64 = 1_000_000;
/// The largest number of amounts in a take-set (or an excluded set).
pub const MAX_SET_SIZE: usize = 10_000;
/// How many values a period search may compute before it gives up.
pub const PERIOD_SEARCH_LIMIT: usize = 1 << 25;

/// `2,3`: amounts as a term's parameter writes them.
pub(crate) fn list_text(amounts: &[u64]) -> String {
    amounts
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Checks and normalises a set of amounts: non-empty, no zero, each at most [`MAX_TAKE`], at
/// most [`MAX_SET_SIZE`] of them. Returns the amounts sorted, without repeats.
pub fn parse_amounts(amounts: impl IntoIterator<Item = u64>, what: &str) -> Result<Vec<u64>> {
    let mut set: Vec<u64> = Vec::new();
    for s in amounts {
        if s == 0 || s > MAX_TAKE {
            return Err(GameError::out_of_range(
                format!("{what} element"),
                s,
                format!("a whole number from 1 to {MAX_TAKE}"),
            ));
        }
        set.push(s);
        if set.len() > MAX_SET_SIZE {
            return Err(GameError::too_large(
                what,
                format!("at most {MAX_SET_SIZE} elements are allowed"),
            ));
        }
    }
    set.sort_unstable();
    set.dedup();
    if set.is_empty() {
        return Err(GameError::invalid(
            what,
            "",
            "at least one amount, e.g. 1,2,3",
        ));
    }
    Ok(set)
}

/// A subtraction game with a finite take-set.
#[derive(Debug)]
pub struct SubtractionGame {
    set: Vec<u64>,
    sequence: OnceLock<GrundySequence>,
    /// Values computed bottom-up only as far as small heaps asked, before (or without) the
    /// period search.
    prefix: Mutex<Vec<u32>>,
}

/// Heaps below this are answered from values computed bottom-up as far as the heap asked,
/// without first proving the period: a wide take-set may need 2^25 values for that proof, and
/// a heap of 5 should not wait for it.
pub const DIRECT_HEAP_LIMIT: u64 = 1 << 16;

impl SubtractionGame {
    /// The game with take-set `set` (see [`parse_amounts`] for what is allowed).
    pub fn new(set: impl IntoIterator<Item = u64>) -> Result<Self> {
        Ok(SubtractionGame {
            set: parse_amounts(set, "take-set")?,
            sequence: OnceLock::new(),
            prefix: Mutex::new(Vec::new()),
        })
    }

    /// Bachet's game: take from 1 to `k` tokens.
    pub fn bachet(k: u64) -> Result<Self> {
        if k == 0 || k > MAX_SET_SIZE as u64 {
            return Err(GameError::out_of_range(
                "Bachet limit",
                k,
                format!("a whole number from 1 to {MAX_SET_SIZE}"),
            ));
        }
        Self::new(1..=k)
    }

    /// The take-set, sorted.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// The largest amount that can be taken.
    pub fn max_take(&self) -> u64 {
        *self.set.last().expect("take-sets are never empty")
    }

    /// The Grundy sequence, computed (once) until its period is proven.
    pub fn sequence(&self) -> &GrundySequence {
        self.sequence
            .get_or_init(|| period_search(&self.set, PERIOD_SEARCH_LIMIT))
    }

    /// `G(0..count)`: computed bottom-up until the period is proven, then continued by the
    /// period, which the window rule makes exact (and which costs a copy per value instead of a
    /// mex). Without a proven period every value is computed.
    pub fn values(&self, count: usize) -> Vec<u32> {
        let seq = self.sequence();
        let Some(p) = seq.period else {
            return subtraction_values(&self.set, count);
        };
        let period = p.period as usize;
        let mut out = Vec::with_capacity(count);
        out.extend_from_slice(&seq.values[..count.min(seq.values.len())]);
        // The computed prefix reaches past preperiod + period, so from here on
        // G(n) = G(n - period): copy whole periods at a time.
        while out.len() < count {
            let n = out.len();
            let run = (count - n).min(period);
            out.extend_from_within(n - period..n - period + run);
        }
        out
    }

    /// `G(heap)` for any heap size: below [`DIRECT_HEAP_LIMIT`] from values computed as far as
    /// the heap (unless the period is already known), above it from the proven period.
    pub fn value(&self, heap: u64) -> Result<Nimber> {
        if self.sequence.get().is_none() && heap < DIRECT_HEAP_LIMIT {
            return Ok(self.direct_value(heap as usize));
        }
        self.sequence()
            .value_at(heap)
            .ok_or_else(|| self.no_period())
    }

    /// `G(heap)` from the bottom-up prefix, extended (doubling, so the total work stays within
    /// twice the last request) to reach `heap`.
    fn direct_value(&self, heap: usize) -> Nimber {
        // A poisoned lock only means another thread panicked mid-computation; the values it
        // left are either complete or about to be recomputed, so carry on with them.
        let mut prefix = self.prefix.lock().unwrap_or_else(|e| e.into_inner());
        if prefix.len() <= heap {
            let count = (heap + 1)
                .next_power_of_two()
                .clamp(64, DIRECT_HEAP_LIMIT as usize);
            *prefix = subtraction_values(&self.set, count);
        }
        prefix[heap] as Nimber
    }

    /// `G(heap)` for a heap beyond `u64`.
    pub fn value_big(&self, heap: &num_bigint::BigUint) -> Result<Nimber> {
        self.sequence()
            .value_at_big(heap)
            .ok_or_else(|| self.no_period())
    }

    fn no_period(&self) -> GameError {
        GameError::too_large(
            "heap",
            format!(
                "no period was proven within {} values for this take-set, so only heaps below that are answered",
                self.sequence().values.len()
            ),
        )
    }
}

rules_compared_by!(SubtractionGame, set);

impl Ruleset for SubtractionGame {
    type Position = u64;

    fn term(&self) -> String {
        format!("sub{{{}}}", list_text(&self.set))
    }

    fn name(&self) -> String {
        format!("subtraction {{{}}}", list_text(&self.set))
    }

    fn title(&self) -> String {
        format!("Subtraction game S = {{{}}}", list_text(&self.set))
    }

    fn amounts(&self) -> &[u64] {
        &self.set
    }

    fn sequence(&self) -> Option<&dyn crate::kernel::heap_sequence::HeapSequence> {
        Some(self)
    }

    /// Taking `heap − t` tokens, allowed when that amount is in the take-set.
    fn option_to(&self, &heap: &u64, parts: &[u64]) -> Option<Vec<u64>> {
        let left = match *parts {
            [] => 0,
            [t] => t,
            _ => return None,
        };
        let taken = heap.checked_sub(left)?;
        self.set.binary_search(&taken).is_ok().then(|| vec![left])
    }

    /// The options are at most `|S|` heaps, each a lookup: derived in full at any size.
    fn explain_value(&self, heap: &u64) -> Result<Derivation> {
        crate::kernel::derive_from(self, heap, self.options(heap))
    }

    fn value_source(&self, _heap: &u64) -> String {
        match self.sequence().period {
            Some(p) => format!("the proven period {} from n = {}", p.period, p.preperiod),
            None => "the values computed bottom-up".into(),
        }
    }

    fn options(&self, &heap: &u64) -> Vec<Vec<u64>> {
        self.set
            .iter()
            .take_while(|&&s| s <= heap)
            .map(|&s| vec![heap - s])
            .collect()
    }

    fn grundy(&self, &heap: &u64) -> Result<Nimber> {
        self.value(heap)
    }

    fn moves_to_value(
        &self,
        &heap: &u64,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<u64>>> {
        let mut found = MoveList::with_limit(limit);
        for &s in self.set.iter().take_while(|&&s| s <= heap) {
            if self.value(heap - s)? == target {
                found.push(vec![heap - s]);
            }
        }
        Ok(found)
    }

    /// Heaps beyond `2^64 - 1` are answered (see [`BigHeaps`]).
    fn big_heaps(&self) -> Option<&dyn BigHeaps> {
        Some(self)
    }
}

impl BigHeaps for SubtractionGame {
    fn value_big(&self, heap: &BigUint) -> Option<Result<Nimber>> {
        Some(SubtractionGame::value_big(self, heap))
    }

    fn stand_in(&self, heap: &BigUint) -> Option<Result<u64>> {
        Some(self.big_stand_in(heap))
    }

    /// Taking `heap − t` tokens, allowed when that amount is in the take-set, at any size.
    fn is_option_big(
        &self,
        heap: &num_bigint::BigUint,
        parts: &[num_bigint::BigUint],
    ) -> Option<bool> {
        let left = match parts {
            [] => num_bigint::BigUint::ZERO,
            [t] => t.clone(),
            _ => return Some(false),
        };
        Some(
            left < *heap
                && u64::try_from(heap - left).is_ok_and(|k| self.set.binary_search(&k).is_ok()),
        )
    }
}

/// The answers of [`BigHeaps`] at heaps beyond `2^64 - 1`, each a lookup.
impl SubtractionGame {
    /// A move takes at most `max S` tokens and leaves one heap: the heap congruent to `heap`
    /// past the preperiod and `max S` plays alike (`kernel::heap_sequence::stand_in`).
    fn big_stand_in(&self, heap: &num_bigint::BigUint) -> Result<u64> {
        let p = self.sequence().period.ok_or_else(|| self.no_period())?;
        crate::kernel::heap_sequence::stand_in(p, self.max_take(), heap)
            .ok_or_else(|| self.no_period())
    }
}

/// Computes `G(0..count)` for take-set `set` (sorted, non-empty, no zero) bottom-up, with no
/// recursion.
pub fn subtraction_values(set: &[u64], count: usize) -> Vec<u32> {
    let mut sequencer = Sequencer::new(set);
    sequencer.extend_to(count);
    sequencer.values
}

/// Computes a subtraction game's values in order.
///
/// Once `n >= max S` every amount is legal, and the options of `n` are the values at fixed
/// offsets below `n`; three mex strategies cover the range of take-sets (measured in
/// BENCHMARKS.md):
///
/// * fewer than 64 amounts: `G(n) <= |S| < 64`, so the options' values fit one machine word;
///   the mex is the number of trailing ones.
/// * dense sets (at least two amounts per 64 heaps of `max S`): options are *pushed* forward
///   as bits, see [`FutureOptions`]; about `max S / 64` word updates per heap instead of `|S|`.
/// * otherwise a *stamp* array, `stamp[v] = n` for each option value `v`; the mex is the first
///   `v` whose stamp is not `n`. Nothing is cleared between heaps, and the array has 2^16
///   entries (values never exceed [`MAX_SET_SIZE`]) so indexing needs no bounds check.
struct Sequencer {
    values: Vec<u32>,
    max: usize,
    /// `max - s` for each amount `s`: where the options sit in the last `max` values.
    offsets: Vec<usize>,
    strategy: Strategy,
}

/// How [`Sequencer`] takes the mex; see there.
enum Strategy {
    OneWord,
    Stamps(Box<[u32; 1 << 16]>),
    Push(Box<FutureOptions>),
}

/// The most memory the push strategy may use; larger (sparse, wide) sets use stamps.
const PUSH_MEMORY_LIMIT: usize = 64 << 20;

impl Sequencer {
    fn new(set: &[u64]) -> Self {
        let max = *set.last().expect("take-sets are never empty") as usize;
        let offsets = set.iter().map(|&s| max - s as usize).collect();
        let strategy = if set.len() < 64 {
            Strategy::OneWord
        } else if FutureOptions::pays_for(set)
            && FutureOptions::worst_case_bytes(set) <= PUSH_MEMORY_LIMIT
        {
            Strategy::Push(Box::new(FutureOptions::new(set)))
        } else {
            Strategy::Stamps(
                vec![u32::MAX; 1 << 16]
                    .into_boxed_slice()
                    .try_into()
                    .expect("the length is 2^16"),
            )
        };
        Sequencer {
            values: Vec::new(),
            max,
            offsets,
            strategy,
        }
    }

    /// A sequencer that goes on from `values`, the first values of take-set `set` (restored
    /// from a checkpoint): the push strategy's pending options are rebuilt from the last
    /// `max S` values.
    fn resume(set: &[u64], values: Vec<u32>) -> Self {
        let mut sequencer = Sequencer::new(set);
        if let Strategy::Push(future) = &mut sequencer.strategy {
            **future = FutureOptions::resume(set, &values);
        }
        sequencer.values = values;
        sequencer
    }

    fn extend_to(&mut self, count: usize) {
        self.values.reserve(count.saturating_sub(self.values.len()));
        if let Strategy::Push(future) = &mut self.strategy {
            // Pushing handles the first `max S` heaps too: only computed heaps push options.
            while self.values.len() < count {
                self.values.push(future.next_value());
            }
            return;
        }
        while self.values.len() < count.min(self.max) {
            let g = self.mex_of_first(self.values.len());
            self.values.push(g);
        }
        if self.values.len() >= count {
            return;
        }
        match &mut self.strategy {
            Strategy::OneWord => {
                Self::extend_one_word(&mut self.values, self.max, &self.offsets, count)
            }
            Strategy::Stamps(stamps) => {
                Self::extend_with_stamps(&mut self.values, self.max, &self.offsets, stamps, count)
            }
            Strategy::Push(_) => unreachable!("handled above"),
        }
    }

    /// The first `max S` values, where not every amount is legal yet.
    fn mex_of_first(&self, n: usize) -> u32 {
        let mut seen = MexSet::new();
        for &d in &self.offsets {
            if let Some(m) = (n + d).checked_sub(self.max) {
                seen.insert(self.values[m] as Nimber);
            }
        }
        seen.take_mex() as u32
    }

    fn extend_one_word(values: &mut Vec<u32>, max: usize, offsets: &[usize], count: usize) {
        // Four independent accumulators: one OR chain through 20 amounts would serialise on
        // its own latency (measured 1.8x faster on |S| = 20).
        let (quads, rest) = offsets.split_at(offsets.len() / 4 * 4);
        for n in values.len()..count {
            let below = &values[n - max..n];
            let mut seen = [0u64; 4];
            for q in quads.chunks_exact(4) {
                seen[0] |= 1 << below[q[0]];
                seen[1] |= 1 << below[q[1]];
                seen[2] |= 1 << below[q[2]];
                seen[3] |= 1 << below[q[3]];
            }
            for &d in rest {
                seen[0] |= 1 << below[d];
            }
            values.push((seen[0] | seen[1] | seen[2] | seen[3]).trailing_ones());
        }
    }

    fn extend_with_stamps(
        values: &mut Vec<u32>,
        max: usize,
        offsets: &[usize],
        stamps: &mut [u32; 1 << 16],
        count: usize,
    ) {
        for n in values.len()..count {
            // Stamps are heap numbers; u32 is enough for any sequence that fits in memory.
            let stamp = n as u32;
            let below = &values[n - max..n];
            for &d in offsets {
                stamps[(below[d] & 0xFFFF) as usize] = stamp;
            }
            let g = stamps.iter().position(|&t| t != stamp).unwrap_or(0);
            values.push(g as u32);
        }
    }
}

/// Computes the sequence in doubling rounds until the window rule proves a period or `limit`
/// values are computed (the schedule of [`crate::sequence::table::TableRun`]: first
/// `max(4·max S, 256)` values, then doubling).
pub fn period_search(set: &[u64], limit: usize) -> GrundySequence {
    let game = SubtractionGame::new(set.iter().copied()).expect("a valid take-set");
    let mut run = game
        .table_run(limit as u64)
        .expect("the limit is within the search limit");
    crate::kernel::heap_sequence::Computation::run(
        &mut run,
        &std::sync::atomic::AtomicBool::new(false),
        &mut |_| {},
    )
    .expect("a subtraction run cannot fail");
    let period = crate::kernel::heap_sequence::Computation::proven(&run);
    GrundySequence {
        values: run.into_step().values,
        period,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mex;

    fn naive(set: &[u64], count: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..count as u64 {
            let v = mex(set
                .iter()
                .filter(|&&s| s <= n)
                .map(|&s| g[(n - s) as usize] as Nimber));
            g.push(v as u32);
        }
        g
    }

    #[test]
    fn published_values_of_louis_2021() {
        // G(1..12) for S = {1,4,9} and G(1..23) for S = {1,4,9,12,16}, as printed by Louis (2021)
        // (docs/bibliography.md).
        let g = subtraction_values(&[1, 4, 9], 13);
        assert_eq!(&g[1..], &[1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0]);
        let g = subtraction_values(&[1, 4, 9, 12, 16], 24);
        assert_eq!(
            &g[1..],
            &[1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 2, 3]
        );
    }

    #[test]
    fn every_mex_strategy_agrees_with_naive() {
        fn strategy(set: &[u64]) -> &'static str {
            match Sequencer::new(set).strategy {
                Strategy::OneWord => "one word",
                Strategy::Stamps(_) => "stamps",
                Strategy::Push(_) => "push",
            }
        }
        let small = [2u64, 3, 7, 11];
        assert_eq!(strategy(&small), "one word");
        assert_eq!(subtraction_values(&small, 5000), naive(&small, 5000));
        // Dense: about 200 amounts below 610.
        let mut dense: Vec<u64> = (1..=200).map(|i| i * 3 + (i % 7)).collect();
        dense.sort_unstable();
        dense.dedup();
        assert_eq!(strategy(&dense), "push");
        assert_eq!(subtraction_values(&dense, 3000), naive(&dense, 3000));
        // Sparse and wide: 70 amounts up to 10,000, past max S so the stamp loop runs.
        let sparse: Vec<u64> = (1..=70).map(|i| i * i * 2 + i).collect();
        assert_eq!(strategy(&sparse), "stamps");
        assert_eq!(subtraction_values(&sparse, 25_000), naive(&sparse, 25_000));
    }

    #[test]
    fn small_heaps_of_wide_sets_skip_the_period_search() {
        // Found by fuzzing: this set proves no period within 2^25 values, which took seconds
        // and hundreds of MB before answering a heap of 5.
        let set = [1u64, 24, 9325, 59650];
        let game = SubtractionGame::new(set).unwrap();
        let expected = naive(&set, 3000);
        for heap in [5u64, 0, 63, 64, 2999] {
            assert_eq!(game.value(heap).unwrap(), expected[heap as usize] as Nimber);
        }
        assert!(
            game.sequence.get().is_none(),
            "no period search for small heaps"
        );
        // Once the period is known, small heaps come from it, with the same values.
        let known = SubtractionGame::new([1, 4, 9]).unwrap();
        known.sequence();
        assert_eq!(known.value(11).unwrap(), 1);
    }

    #[test]
    fn bachet_period() {
        let game = SubtractionGame::bachet(3).unwrap();
        let p = game.sequence().period.unwrap();
        assert_eq!((p.preperiod, p.period), (0, 4));
        assert_eq!(game.value(u64::MAX).unwrap(), u64::MAX % 4);
    }

    /// Found by fuzzing `spec`: `sub{24,469441}:15` took 17 s and `sub{1000000}:1` minutes,
    /// because proving the period compared the last `max S` values at every shift. {k} has
    /// period 2k (k zeros, then k ones); the values of {24, 469441} must agree with the mex
    /// rule.
    #[test]
    fn huge_largest_move_proves_its_period() {
        let single = SubtractionGame::new([1_000_000]).unwrap();
        let p = single.sequence().period.unwrap();
        assert_eq!((p.preperiod, p.period), (0, 2_000_000));
        assert_eq!(single.value(1).unwrap(), 0);
        assert_eq!(single.value(1_000_000).unwrap(), 1);
        assert_eq!(single.value(u64::MAX).unwrap(), (u64::MAX / 1_000_000) % 2);

        let pair = SubtractionGame::new([24, 469_441]).unwrap();
        let expected = naive(&[24, 469_441], 600_000);
        for heap in [15, 47, 48, 469_440, 469_441, 469_465, 599_999] {
            assert_eq!(
                pair.value(heap).unwrap(),
                u64::from(expected[heap as usize])
            );
        }
    }

    #[test]
    fn period_agrees_with_values_far_past_the_proof() {
        for set in [
            vec![1u64, 4, 9],
            vec![1, 4, 9, 12, 16],
            vec![2, 5, 6],
            vec![3, 10, 17],
        ] {
            let game = SubtractionGame::new(set.clone()).unwrap();
            let seq = game.sequence();
            let p = seq.period.expect("finite take-sets are periodic");
            let far = (p.checked as usize) * 3 + 1000;
            let direct = subtraction_values(&set, far);
            for (n, &v) in direct.iter().enumerate() {
                assert_eq!(game.value(n as u64).unwrap(), v as Nimber, "{set:?} at {n}");
            }
            // Least period and least preperiod.
            let (pre, per) = (p.preperiod as usize, p.period as usize);
            for q in 1..per {
                assert!(
                    (pre..far - q).any(|n| direct[n] != direct[n + q]),
                    "{q} is a period"
                );
            }
            if pre > 0 {
                assert_ne!(direct[pre - 1], direct[pre - 1 + per]);
            }
        }
    }

    #[test]
    fn values_by_period_equal_values_computed() {
        for set in [
            vec![1u64, 4, 9, 12, 16],
            vec![3, 10, 17],
            vec![1],
            vec![2, 5, 6],
        ] {
            let game = SubtractionGame::new(set.clone()).unwrap();
            for count in [0, 1, 17, 300, 20_000] {
                assert_eq!(
                    game.values(count),
                    subtraction_values(&set, count),
                    "{set:?} {count}"
                );
            }
        }
    }

    #[test]
    fn bad_take_sets() {
        assert!(SubtractionGame::new([]).is_err());
        assert!(SubtractionGame::new([0, 1]).is_err());
        assert!(SubtractionGame::new([MAX_TAKE + 1]).is_err());
        let err = SubtractionGame::new([0]).unwrap_err().to_string();
        assert!(err.contains("\"0\"") && err.contains("from 1 to"), "{err}");
        assert!(SubtractionGame::bachet(0).is_err());
    }
}

#[cfg(test)]
mod derivation_tests;

//! One class of split moves (removals of one parity) and its choice of common and rare codes.

use super::bitsets::CodeSet;
use super::value::Value;
use super::{DENSE_RATIO, MAX_SMALL_PARTS, RECORD_STEP};

/// The blind limit of a class before it has seen any position settle blind.
const INITIAL_BLIND: usize = 4 * RECORD_STEP;

/// Pairs looked at per position (on average) from which recording the splits blind pays: a scan
/// reads a pair for a third of the cost of recording it, and blind recording overshoots by half
/// a step on average. Officers `0.6` scans some 3,500 pairs a position; `0.104`, `0.16` and
/// `0.354` scan 10 to 70.
pub(super) const BLIND_PAIRS: usize = 512;

/// A code of [`Class::kinds`] that is common.
const COMMON: u8 = 1;
/// A code of [`Class::kinds`] that is rare.
const RARE: u8 = 2;

/// The rare/common split for one class of split moves (`k` of parity `d`).
#[derive(Debug, Clone)]
pub(super) struct Class {
    /// The parity of the amounts removed by this class's split moves.
    pub(super) d: u32,
    /// The amounts `k` of the class, ascending.
    pub(super) amounts: Vec<usize>,
    pub(super) common: CodeSet,
    /// Codes known to be rare (the others are common or not classified yet).
    pub(super) rare: CodeSet,
    /// Per code, one byte: [`COMMON`], [`RARE`] or 0 (not classified yet). The same facts as
    /// `common` and `rare`, for [`Class::is_rare`]: it is asked once or twice per position
    /// and candidate, and one load answers it where the two bitmaps took some 27
    /// instructions a call (`0.104`: 3 % of its instructions).
    kinds: Vec<u8>,
    /// The common codes, as a list for the sum-free test.
    pub(super) common_list: Vec<u32>,
    /// Positions `>= 1` whose code is rare, ascending, and their values.
    pub(super) rare_positions: Vec<u32>,
    pub(super) rare_values: Vec<u16>,
    pub(super) dense_ratio: usize,
    /// Whether this class scans every split for the current block (too many rare positions).
    pub(super) block_dense: bool,
    /// During a block: every split whose smaller part is at most this is in `seen` before the
    /// candidate is checked (0: none). Chosen from how deep the scans' hits have been.
    pub(super) small_parts: usize,
    /// Scan statistics since the last block: hits and the pairs they cost.
    pub(super) hits: u64,
    pub(super) hit_depth: u64,
    pub(super) positions: u64,
    pub(super) rebuilds: usize,
    /// Whether the settling loop records this class's splits blind in the current block (see
    /// `Solver::settle_candidate`), decided at the block's start by [`Class::choose_blind`].
    pub(super) blind_mode: bool,
    /// Pairs per split amount that the settling loop records blind, beyond the small parts:
    /// twice the recent mean of the depth positions needed, plus a step.
    pub(super) blind: usize,
    /// Four times the recent mean (over blocks) of the pairs a position looked at: the depth
    /// to which positions settled on a common code had their splits recorded when blind, the
    /// pairs scanned before the hits otherwise (at least as many).
    pairs4: usize,
    /// Since the last block: pairs scanned before hits, and pairs recorded blind by the
    /// positions settled on a common code, and those positions.
    pub(super) scanned: usize,
    recorded: usize,
    settled: usize,
    /// Blind recording starts at this many pairs looked at per position ([`BLIND_PAIRS`];
    /// tests move it to both sides).
    pub(super) blind_pairs: usize,
    /// The most pairs per split amount recorded blind (tests: to reach the scans beyond).
    pub(super) blind_cap: usize,
    /// Diagnostics: steps recorded blind.
    pub(super) blind_steps: u64,
    /// The common set is not chosen again before this many positions: choosing costs
    /// `O(codes · |C| + n)`, so it is spaced out geometrically.
    pub(super) next_choice_at: usize,
    /// During a block: `rare_positions[block_lo..block_hi]` are handled by the block pass, and
    /// `rare_positions[..block_skip]` by the small parts.
    pub(super) block_skip: usize,
    /// During a block: the small parts whose splits came with the second thread's rows.
    pub(super) far_parts: std::ops::Range<usize>,
    pub(super) block_lo: usize,
    pub(super) block_hi: usize,
}

impl Class {
    pub(super) fn new(d: u32, amounts: Vec<usize>) -> Self {
        // `c XOR c XOR d = d`, so `d` itself can never be common.
        let mut class = Class {
            d,
            amounts,
            common: CodeSet::default(),
            rare: CodeSet::default(),
            kinds: vec![0, 0, 0, 0],
            common_list: Vec::new(),
            rare_positions: Vec::new(),
            rare_values: Vec::new(),
            dense_ratio: DENSE_RATIO,
            block_dense: false,
            small_parts: 0,
            hits: 0,
            hit_depth: 0,
            positions: 0,
            rebuilds: 0,
            blind_mode: false,
            blind: INITIAL_BLIND,
            pairs4: 0,
            scanned: 0,
            recorded: 0,
            settled: 0,
            blind_pairs: BLIND_PAIRS,
            blind_cap: usize::MAX,
            blind_steps: 0,
            next_choice_at: 0,
            block_skip: 0,
            far_parts: 0..0,
            block_lo: 0,
            block_hi: 0,
        };
        class.make_rare(d);
        class
    }

    /// Whether `code` can join the common set: no two common codes XOR to `code XOR d`.
    fn can_be_common(&self, code: u32) -> bool {
        let target = code ^ self.d;
        !self
            .common_list
            .iter()
            .any(|&c| self.common.contains(c ^ target))
    }

    /// Whether `code` is rare, classifying it as rare if it cannot be common. A code that could
    /// be common is left unclassified until some position takes it.
    #[inline]
    pub(super) fn is_rare(&mut self, code: u32) -> bool {
        match self.kinds.get(code as usize) {
            Some(&COMMON) => false,
            Some(&RARE) => true,
            _ => self.classify(code),
        }
    }

    /// [`Class::is_rare`] for a code not classified yet.
    #[inline(never)]
    fn classify(&mut self, code: u32) -> bool {
        if self.can_be_common(code) {
            false
        } else {
            self.make_rare(code);
            true
        }
    }

    fn set_kind(&mut self, code: u32, kind: u8) {
        let code = code as usize;
        if code >= self.kinds.len() {
            self.kinds.resize((code + 1).next_power_of_two(), 0);
        }
        self.kinds[code] = kind;
    }

    fn make_common(&mut self, code: u32) {
        self.common.insert(code);
        self.common_list.push(code);
        self.set_kind(code, COMMON);
    }

    fn make_rare(&mut self, code: u32) {
        self.rare.insert(code);
        self.set_kind(code, RARE);
    }

    /// Records position `n` with value `g`; returns whether its code is rare.
    #[inline]
    pub(super) fn record(&mut self, n: usize, g: u16) -> bool {
        let code = code_of(n, g);
        if self.is_rare(code) {
            if n > 0 {
                self.rare_positions.push(n as u32);
                self.rare_values.push(g);
            }
            true
        } else {
            if self.kinds.get(code as usize) != Some(&COMMON) {
                self.make_common(code);
            }
            false
        }
    }

    /// Whether the rare positions are too many for the rare/common method to pay.
    pub(super) fn is_dense(&self, n: usize) -> bool {
        self.rare_positions.len() * self.dense_ratio > n
    }

    /// Chooses the common set again, greedily from the most frequent codes; rebuilds the rare
    /// positions if it changed.
    pub(super) fn choose_again<V: Value>(&mut self, counts: &[u32], values: &[V]) {
        let mut codes: Vec<u32> = (0..counts.len() as u32)
            .filter(|&c| counts[c as usize] > 0 && c != self.d)
            .collect();
        codes.sort_by(|&a, &b| counts[b as usize].cmp(&counts[a as usize]).then(a.cmp(&b)));
        let mut fresh = Class::new(self.d, std::mem::take(&mut self.amounts));
        fresh.dense_ratio = self.dense_ratio;
        (fresh.hits, fresh.hit_depth, fresh.positions) =
            (self.hits, self.hit_depth, self.positions);
        fresh.rebuilds = self.rebuilds + 1;
        (fresh.blind_mode, fresh.blind, fresh.pairs4) = (self.blind_mode, self.blind, self.pairs4);
        (fresh.blind_pairs, fresh.blind_cap, fresh.blind_steps) =
            (self.blind_pairs, self.blind_cap, self.blind_steps);
        let n = values.len();
        fresh.next_choice_at = n + (n / 16).max(256);
        self.next_choice_at = fresh.next_choice_at;
        for code in codes {
            if fresh.can_be_common(code) {
                fresh.make_common(code);
            } else {
                fresh.make_rare(code);
            }
        }
        let mut old = self.common_list.clone();
        let mut new = fresh.common_list.clone();
        old.sort_unstable();
        new.sort_unstable();
        if old == new {
            self.amounts = fresh.amounts;
            return;
        }
        for (n, &g) in values.iter().enumerate().skip(1) {
            let g: u16 = g.into();
            if fresh.rare.contains(code_of(n, g)) {
                fresh.rare_positions.push(n as u32);
                fresh.rare_values.push(g);
            }
        }
        *self = fresh;
    }

    /// How many small parts the next block should precompute: about twice the mean depth of
    /// recent hits, when hits are frequent enough to pay for it.
    pub(super) fn choose_small_parts(&mut self, block: usize) -> usize {
        let (hits, depth, positions) = (self.hits, self.hit_depth, self.positions);
        if positions >= 4096 {
            // Forget slowly: halve the statistics.
            self.hits /= 2;
            self.hit_depth /= 2;
            self.positions /= 2;
        }
        if positions < 256 || hits * 2 < positions {
            return 0;
        }
        let mean = (depth / hits.max(1)) as usize;
        (2 * mean).clamp(8, MAX_SMALL_PARTS.max(block))
    }

    /// Learns that a position settled on a common code after its splits were recorded `depth`
    /// pairs deep beyond the small parts (blind mode only).
    pub(super) fn note_settled(&mut self, depth: usize) {
        self.recorded += depth;
        self.settled += 1;
        if depth > 0 {
            // The scans' statistics, for the small parts: recording blind, the depth of each
            // hit is not known, only how deep the position needed.
            self.hits += 1;
            self.hit_depth += depth as u64;
        }
    }

    /// At the start of a block, `positions` positions after the last: whether to record blind
    /// in it. Blind recording pays from [`BLIND_PAIRS`] pairs looked at per position.
    pub(super) fn choose_blind(&mut self, positions: usize) {
        let pairs = if self.blind_mode {
            // Positions whose value no split reaches record up to the blind limit: left out,
            // they would only push it up.
            let mean = self.recorded / self.settled.max(1);
            self.blind = (2 * mean + RECORD_STEP).min(self.blind_cap);
            mean
        } else {
            self.scanned / positions.max(1)
        };
        (self.scanned, self.recorded, self.settled) = (0, 0, 0);
        // An exponential mean over some four blocks.
        self.pairs4 = self.pairs4 - self.pairs4 / 4 + pairs;
        self.blind_mode = !self.block_dense && self.pairs4 >= self.blind_pairs.saturating_mul(4);
    }

    /// Whether the rare code just taken by a position is now more frequent than some common
    /// code: then another common set may be sparser.
    pub(super) fn should_choose_again(&self, n: usize, code: u32, counts: &[u32]) -> bool {
        if n < self.next_choice_at {
            return false;
        }
        let rare_count = counts[code as usize];
        self.common_list
            .iter()
            .any(|&c| counts[c as usize] < rare_count)
    }
}

#[inline]
pub(super) fn code_of(n: usize, g: u16) -> u32 {
    ((g as u32) << 1) | (n as u32 & 1)
}

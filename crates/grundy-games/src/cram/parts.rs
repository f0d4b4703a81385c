//! The parts an option of a Cram region falls into: what a domino leaves, reduced, cut into
//! regions, each region either worth a value known without search or named by its canonical
//! key. This is where Cram's own search spends most of its time, so it takes shortcuts:
//!
//! * **A cache of regions.** The same region, at the same place of a box of the same width,
//!   comes back again and again (a part a domino cuts off is the same whatever happens on the
//!   other side; a region listed again lists the same options): on Cram 4 × 7 nearly three
//!   canonical forms in four were made before. A direct-mapped cache keeps, for each region
//!   seen, its value or its key.
//! * **One piece without a flood fill.** When the reductions took nothing away and the
//!   domino's neighbours lie on one arc of the ring around it ([`super::ring`]), what is left
//!   is one region.
//! * **Images from the parent's.** A region in its parent's box is the parent without some
//!   squares, and so are its images under the symmetries of the box: the least of those is
//!   its key, with no rows to cut out or transpose.
//! * **Values learnt by the cache.** A region whose one part to search has an exact value in
//!   the engine's table is kept in the cache as that value: listed again, it costs one read of
//!   the cache and no look-up in the (much larger, so slower) table. On Cram 4 × 9 two
//!   look-ups in three found something in the table.

use super::regions::{mirror_strategy_works, Grid};
use super::ring::{stays_connected, Window};
use crate::nimber::Nimber;
use crate::search::canon::{box_images, canonical_region, shape_parts, ShapeKey};
use crate::search::{Knowledge, Table};

/// Regions seen lately, by their squares and the width of the box they were seen in, with
/// their value or key. Direct-mapped: a region takes the slot its hash picks, over whatever
/// was there. It starts small and doubles (keeping what it holds) each time it has missed as
/// often as it has slots, up to its limit.
pub(super) struct RegionCache {
    /// Per slot: the squares; the width of the box (0 for an empty slot) and, above bit 32,
    /// a value; then the key's two halves (key 0, never a shape's key: the region is worth
    /// the value without search).
    slots: Vec<[u64; 4]>,
    /// Bits of the hash that pick the slot.
    shift: u32,
    misses: usize,
    limit: usize,
}

/// The most slots of a [`RegionCache`]: 128 KiB of 32-byte slots, so that the cache stays
/// in the processor's second-level cache (1 MiB here) beside the hot part of the table. A
/// larger cache misses less often but each of its look-ups goes out to memory: 2 MiB (the
/// limit before) was the first source of misses of a 1 MiB cache on Cram 4 × 9 (a third of
/// them), and the search ran 1.3 to 1.7 times slower than with this one (4 × 9, 5 × 7, 3 × 13,
/// 4 × 11) although it executed fewer instructions.
pub(super) const CACHE_SLOTS: usize = 1 << 12;

/// The fewest slots of a [`RegionCache`].
pub(super) const FEWEST_SLOTS: usize = 1 << 8;

impl RegionCache {
    /// An empty cache of `first` slots that grows to at most `limit` (both powers of two).
    pub(super) fn new(first: usize, limit: usize) -> Self {
        debug_assert!(first.is_power_of_two() && limit.is_power_of_two());
        let slots = first.clamp(FEWEST_SLOTS, limit.max(FEWEST_SLOTS));
        RegionCache {
            slots: vec![[0; 4]; slots],
            shift: 64 - slots.trailing_zeros(),
            misses: 0,
            limit,
        }
    }

    #[inline]
    fn slot(&self, cells: u64, stride: u32) -> usize {
        ((cells ^ u64::from(stride) << 58).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift)
            as usize
    }

    /// What the cache holds for `cells` at `stride`, at `slot`: the XOR of the values of
    /// its parts known without search, and its one part to search (0 for none).
    #[inline]
    fn get(&self, slot: usize, cells: u64, stride: u32) -> Option<(Nimber, ShapeKey)> {
        let [c, meta, lo, hi] = self.slots[slot];
        if c != cells || meta as u32 != stride {
            return None;
        }
        Some((meta >> 32, u128::from(lo) | u128::from(hi) << 64))
    }

    /// Replaces the entry at `slot` (which holds `cells` at `stride`) by the value `value`.
    #[inline]
    fn learn(&mut self, slot: usize, stride: u32, value: Nimber) {
        let entry = &mut self.slots[slot];
        entry[1] = u64::from(stride) | value << 32;
        entry[2] = 0;
        entry[3] = 0;
    }

    /// Keeps what [`RegionCache::get`] gives for `cells` at `stride`.
    fn put(&mut self, cells: u64, stride: u32, value: Nimber, key: ShapeKey) {
        let slot = self.slot(cells, stride);
        self.slots[slot] = [
            cells,
            u64::from(stride) | value << 32,
            key as u64,
            (key >> 64) as u64,
        ];
        self.misses += 1;
        if self.misses >= self.slots.len() && self.slots.len() < self.limit {
            let doubled = vec![[0; 4]; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, doubled);
            self.shift -= 1;
            self.misses = 0;
            for entry in old.into_iter().filter(|e| e[1] != 0) {
                let slot = self.slot(entry[0], entry[1] as u32);
                self.slots[slot] = entry;
            }
        }
    }
}

/// The option being listed: its components pushed on `keys` from `first` on, the XOR of the
/// values known without search in `x`. Equal components cancel in pairs
/// ([`cancel_pairs`], once the option is complete).
pub(super) struct OptionParts<'a> {
    cache: &'a mut RegionCache,
    /// The engine's table, read for the exact values of the parts to search.
    table: &'a Table<ShapeKey>,
    keys: &'a mut Vec<ShapeKey>,
    pub(super) x: Nimber,
    /// Regions that fit the boxes of [`super::small_regions`] are valued from its tables.
    small_regions: bool,
}

/// The parent region an option comes from, with what its options share.
pub(super) struct Parent<'a> {
    /// The parent's squares, in its own box.
    pub(super) cells: u64,
    pub(super) grid: &'a Grid,
    /// `dominoes[d][s]`: the squares of the `d`-th domino of the box's order under symmetry
    /// `s` (the order of [`box_images`]).
    pub(super) dominoes: &'a [[u64; 8]],
    /// The window of the ring around each domino of the box's order.
    pub(super) windows: &'a [Window],
    /// The parent's images, made when an option first needs them (`range` empty until then).
    pub(super) images: [u64; 8],
    pub(super) range: std::ops::Range<usize>,
}

impl<'a> OptionParts<'a> {
    pub(super) fn new(
        cache: &'a mut RegionCache,
        table: &'a Table<ShapeKey>,
        keys: &'a mut Vec<ShapeKey>,
        small_regions: bool,
    ) -> Self {
        OptionParts {
            cache,
            table,
            keys,
            x: 0,
            small_regions,
        }
    }

    /// The parts of what `parent` leaves after its `d`-th domino, on squares `i` and
    /// `i + step`.
    pub(super) fn after_domino(&mut self, parent: &mut Parent<'_>, d: usize, i: u32, step: u32) {
        let grid = parent.grid;
        let domino = 1u64 << i | 1u64 << (i + step);
        let after = parent.cells & !domino;
        // Squares and dominoes the domino cuts off alone are known; what is left of a
        // connected region is still connected (they hung on the domino alone), so the ring
        // test below still holds.
        let (rest, x) = grid.without_small_pieces(after);
        self.x ^= x;
        if rest == 0 {
            return;
        }
        // The parent's images serve when the region is all the domino left.
        let whole = |p| (rest == after).then_some((p, d));
        if stays_connected(rest, grid.w, parent.windows[d]) {
            self.region(grid, rest, whole(parent));
            return;
        }
        let first = grid.region(rest);
        if first == rest {
            self.region(grid, rest, whole(parent));
            return;
        }
        self.region(grid, first, None);
        self.regions(grid, rest & !first);
    }

    /// Adds the squares `b` of `grid`, region by region.
    pub(super) fn regions(&mut self, grid: &Grid, mut b: u64) {
        while b != 0 {
            let region = grid.region(b);
            b &= !region;
            self.region(grid, region, None);
        }
    }

    /// Adds the connected region `region`: from the cache, or worked out and kept there when
    /// it has at most one part to search. `parent`, when given, is the parent the region is
    /// what its `d`-th domino leaves.
    fn region(&mut self, grid: &Grid, region: u64, parent: Option<(&mut Parent<'_>, usize)>) {
        if region & region.wrapping_sub(1) == 0 {
            // A lone square is worth 0.
            return;
        }
        let slot = self.cache.slot(region, grid.w);
        if let Some((value, key)) = self.cache.get(slot, region, grid.w) {
            self.x ^= value;
            if key != 0 {
                match self.table.peek(&key) {
                    Some(Knowledge::Exact(v)) => {
                        self.x ^= v;
                        self.cache.learn(slot, grid.w, value ^ v);
                    }
                    _ => self.keys.push(key),
                }
            }
            return;
        }
        let (start, outer) = (self.keys.len(), self.x);
        self.x = 0;
        self.work_out(grid, region, parent);
        cancel_pairs(self.keys, start);
        match self.keys.len() - start {
            0 => self.cache.put(region, grid.w, self.x, 0),
            1 => match self.table.peek(&self.keys[start]) {
                Some(Knowledge::Exact(v)) => {
                    self.keys.truncate(start);
                    self.x ^= v;
                    self.cache.put(region, grid.w, self.x, 0);
                }
                _ => self.cache.put(region, grid.w, self.x, self.keys[start]),
            },
            _ => {}
        }
        self.x ^= outer;
    }

    /// Works out the parts of the connected region `region`: reduced, split along its 2 × 2
    /// blocks, worth a value known without search, or else a component to search.
    fn work_out(&mut self, grid: &Grid, region: u64, parent: Option<(&mut Parent<'_>, usize)>) {
        let reduced = grid.reduced(region);
        if reduced != region {
            // What is left may fall apart; a lone square is worth 0.
            self.regions(grid, reduced & grid.neighbours(reduced));
            return;
        }
        let n = region.count_ones();
        if n <= 2 {
            self.x ^= Nimber::from(n) - 1;
            return;
        }
        if grid.is_line(region) {
            self.x ^= Nimber::from(super::LINE[n as usize]);
            return;
        }
        let cut = grid.block_edges(region);
        if cut != 0 && grid.region_without(region, cut) != region {
            let mut rest = region;
            while rest != 0 {
                let part = grid.region_without(rest, cut);
                rest &= !part;
                self.region(grid, part, None);
            }
            return;
        }
        let key = match parent.filter(|(p, _)| in_full_box(p.grid, region)) {
            Some((parent, d)) => {
                // The parent's images without the domino's.
                let (w, h) = (grid.w, grid.h());
                if region.reverse_bits() >> (64 - w * h) == region
                    && mirror_strategy_works(w, h, region)
                {
                    return;
                }
                if parent.range.is_empty() {
                    parent.range = box_images(parent.cells, w, w, h, &mut parent.images);
                }
                let taken = &parent.dominoes[d];
                let mut best = u64::MAX;
                for s in parent.range.clone() {
                    best = best.min(parent.images[s] & !taken[s]);
                }
                u128::from(best) | u128::from(w.max(h)) << 64 | u128::from(w.min(h)) << 72
            }
            None => {
                let (key, symmetric) = canonical_region(region, grid.w);
                if symmetric {
                    let (w, h, cells) = shape_parts(key).expect("a key just made");
                    if mirror_strategy_works(w, h, cells) {
                        return;
                    }
                }
                key
            }
        };
        match self
            .small_regions
            .then(|| super::small_regions::value(key))
            .flatten()
        {
            Some(v) => self.x ^= v,
            None => self.keys.push(key),
        }
    }
}

/// Removes equal keys in pairs from `keys[from..]` (`G + G = 0`), in any order.
#[inline]
pub(super) fn cancel_pairs(keys: &mut Vec<ShapeKey>, from: usize) {
    match keys.len() - from {
        0 | 1 => {}
        2 => {
            if keys[from] == keys[from + 1] {
                keys.truncate(from);
            }
        }
        _ => cancel_many(keys, from),
    }
}

/// [`cancel_pairs`] of three keys or more.
fn cancel_many(keys: &mut Vec<ShapeKey>, from: usize) {
    keys[from..].sort_unstable();
    let (mut out, mut i) = (from, from);
    while i < keys.len() {
        if i + 1 < keys.len() && keys[i] == keys[i + 1] {
            i += 2;
            continue;
        }
        keys[out] = keys[i];
        out += 1;
        i += 1;
    }
    keys.truncate(out);
}

/// Whether `region` has a square in every row and column of the box of `grid`.
#[inline]
fn in_full_box(grid: &Grid, region: u64) -> bool {
    let (w, h) = (grid.w, grid.h());
    let row = (1u64 << w) - 1;
    region & grid.first_col() != 0
        && region & grid.first_col() << (w - 1) != 0
        && region & row != 0
        && region >> ((h - 1) * w) != 0
}

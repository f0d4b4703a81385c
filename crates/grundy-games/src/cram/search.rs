//! Cram's own search ([`crate::search::SplitGame::value_searched`]): the engine's method,
//! questions "is the value in this set?" with the candidates of Beling and Rogalski (see
//! [`crate::search::engine`]), written for Cram regions alone so that listing an option
//! costs a few dozen word operations instead of a trip through the generic engine.
//!
//! What differs from the engine, and why it is faster:
//! * **Options in the order the dominoes were listed.** The options left to search are
//!   sorted by the sum of their squared sizes and, among equal sums, kept in the order of
//!   their dominoes: nearest the centre of the box first (the engine breaks ties by the keys,
//!   which scatters them). Measured on Cram 4 × 7, this alone lists options for 2.7 times
//!   fewer regions.
//! * **Most options cost no flood fill and no canonical form from scratch.** A domino whose
//!   neighbours stay on one arc of the ring around it ([`super::ring`]) leaves the region in
//!   one piece; if the region keeps its box and loses no square to the reductions, its eight
//!   images are the parent's images without the domino's images, and its key is the least of
//!   them. Other options go through the general decomposition of [`super::Cram`].
//! * **Exact answers are kept.** An option whose search finds its exact value outside the
//!   question asked still takes that value out of the candidates.
//! * No allocation per region: the options of every region on the search path share two
//!   stacks, and the order of the dominoes and the images of each square are worked out once
//!   per box size met.

use super::parts::{cancel_pairs, OptionParts, Parent, RegionCache, CACHE_SLOTS, FEWEST_SLOTS};
use super::regions::{central_domino_wins, Grid};
use super::ring::Window;
use crate::kernel::error::Result;
use crate::nimber::Nimber;
use crate::search::canon::{shape_parts, ShapeKey};
use crate::search::sets::{contains, largest, low, remove_or_largest, xor_set, Set, SET_BITS};
use crate::search::table::EXCLUDABLE;
use crate::search::{Knowledge, SearchContext, TableKey};

/// The value of the component `key`, found by asking whether it is 0, 1, ... in turn (each
/// "no" stays in the table for the next question).
/// `small_regions`: regions that fit the boxes of `small_regions.rs` are valued from its
/// tables.
pub(super) fn value(
    key: &ShapeKey,
    cx: &mut SearchContext<'_, ShapeKey>,
    small_regions: bool,
) -> Result<Nimber> {
    let Some((w, h, cells)) = shape_parts(*key) else {
        // Not a key this game makes (a table file written by hand): no moves.
        return Ok(0);
    };
    let mut search = Searcher::new(cx, cells.count_ones(), small_regions);
    // A key made by hand may hold several regions, or a region not in canonical form: the
    // search expands only what the decomposition makes.
    let (keys, mut total) = search.components(w, h, cells);
    for key in keys {
        total ^= search.aspiration(key)?;
    }
    Ok(total)
}

/// Whether the component `key` is worth `k`: the one question asked of the search (the
/// winning moves of a position are its options worth 0, each proven so without valuing its
/// options). A key made by hand that holds several regions is valued whole. `small_regions`
/// as for [`value`].
pub(super) fn is_value(
    key: &ShapeKey,
    k: Nimber,
    cx: &mut SearchContext<'_, ShapeKey>,
    small_regions: bool,
) -> Result<bool> {
    let Some((w, h, cells)) = shape_parts(*key) else {
        return Ok(k == 0);
    };
    let mut search = Searcher::new(cx, cells.count_ones(), small_regions);
    let (keys, mut total) = search.components(w, h, cells);
    if let [one] = keys[..] {
        // A region of at most 64 squares is worth less than `SET_BITS`.
        let wanted = k ^ total;
        return match wanted < Nimber::from(SET_BITS) {
            true => Ok(search.value_in(one, 1 << wanted)? == Some(wanted)),
            false => Ok(false),
        };
    }
    for key in keys {
        total ^= search.aspiration(key)?;
    }
    Ok(total == k)
}

/// One option not known yet, its components in `Searcher::keys[first..first + len]`.
#[derive(Debug, Clone, Copy)]
struct Opt {
    first: u32,
    len: u32,
    /// XOR of the values already known.
    x: Nimber,
    /// Sum of the squared sizes of its components: the order of the search.
    size: u32,
}

/// What the search keeps about one size of box: its grid, the order in which its dominoes
/// are listed, and where each of its squares goes under each symmetry.
struct BoxShape {
    grid: Grid,
    /// Dominoes as (first square, step to the second: 1 or the width), nearest the centre
    /// of the box first (the upright ones first in boxes of even height above 2).
    order: Box<[(u8, u8)]>,
    /// `dominoes[d][s]`: the squares of the `d`-th domino of `order` under symmetry `s`, in
    /// the order of [`crate::search::canon::box_images`].
    dominoes: Box<[[u64; 8]]>,
    /// The window of the ring around the `d`-th domino of `order`.
    windows: Box<[Window]>,
}

impl BoxShape {
    fn new(w: u32, h: u32) -> Self {
        let mut order = Vec::with_capacity(2 * (w * h) as usize);
        // In a box of even height above 2 (the height is the shorter side of a key's box),
        // the dominoes across the box (upright) come before those along it, as `igs` lists
        // them; elsewhere the two kinds are mixed, nearest the centre first. Options of
        // equal size are searched in this order, and it matters (the search stops at the
        // first options that answer the question): on Cram 4 × 7 and 4 × 9 the upright
        // dominoes first expand 14 % and 15 % fewer components (14,666 against 17,058;
        // 215,642 against 253,467), 4 × 11 17 % fewer; but the same order in every box
        // expands 87 % more on 5 × 7 and 85 % more on 3 × 13, and in boxes of height 2 as
        // well it changes 3 × 13–3 × 15 by under 0.1 %. Boxes of height 4 also change
        // 5 × 7, 5 × 6 and 5 × 8 by under 0.7 % (more).
        let upright_first = h % 2 == 0 && h > 2 && h <= w;
        let group = |upright: bool| u8::from(upright_first && !upright);
        // Twice the coordinates of each domino's middle, from the middle of the box.
        let (w2, h2) = (w as i32, h as i32);
        for r in 0..h2 {
            for c in 0..w2 {
                let (x, y) = (2 * c + 1 - w2, 2 * r + 1 - h2);
                let first = (r * w2 + c) as u8;
                if r + 1 < h2 {
                    let d = x * x + (y + 1) * (y + 1);
                    order.push((group(true), d, 0, first, w as u8));
                }
                if c + 1 < w2 {
                    let d = (x + 1) * (x + 1) + y * y;
                    order.push((group(false), d, 1, first, 1));
                }
            }
        }
        order.sort_unstable();
        let order: Box<[(u8, u8)]> = order.into_iter().map(|(_, _, _, i, s)| (i, s)).collect();
        // Where square (r, c) goes under each symmetry.
        let image = |i: u32| {
            let (r, c) = (i / w, i % w);
            let (rr, cc) = (h - 1 - r, w - 1 - c);
            [
                r * w + c,
                rr * w + c,
                rr * w + cc,
                r * w + cc,
                c * h + r,
                c * h + rr,
                cc * h + rr,
                cc * h + r,
            ]
        };
        let dominoes = order
            .iter()
            .map(|&(i, step)| {
                let (a, b) = (image(u32::from(i)), image(u32::from(i) + u32::from(step)));
                std::array::from_fn(|s| 1u64 << a[s] | 1u64 << b[s])
            })
            .collect();
        let windows = order
            .iter()
            .map(|&(i, step)| Window::new(u32::from(i), w, h, u32::from(step) != 1))
            .collect();
        BoxShape {
            grid: Grid::new(h, w),
            order,
            dominoes,
            windows,
        }
    }
}

/// The state of one search: the engine's table (through `cx`), the stacks of options, and
/// the box sizes met.
struct Searcher<'s, 'c> {
    cx: &'s mut SearchContext<'c, ShapeKey>,
    /// Index into `boxes` of the box `w` wide and `h` high, at `w * 65 + h`.
    box_index: Vec<u16>,
    boxes: Vec<BoxShape>,
    /// Components of the unknown options of every region on the search path.
    keys: Vec<ShapeKey>,
    /// Unknown options of every region on the search path.
    opts: Vec<Opt>,
    /// Regions met lately, with their values or keys.
    cache: RegionCache,
    /// Exclusions too cheap for the table, found lately.
    cheap: CheapExclusions,
    /// Regions that fit the boxes of `small_regions.rs` are valued from its tables.
    small_regions: bool,
}

/// A region of at most 64 squares has at most 112 dominoes: every value it can have is in a
/// [`Set`].
const _: () = assert!(112 < SET_BITS - 1);

impl<'s, 'c> Searcher<'s, 'c> {
    /// A search of a position of `squares` squares.
    fn new(cx: &'s mut SearchContext<'c, ShapeKey>, squares: u32, small_regions: bool) -> Self {
        let limit = cache_slots(cx.table().memory_limit());
        // Distinct regions grow about as 2^(squares / 2): a small board gets a small cache
        // (fewer pages to touch), a large one starts near its limit.
        let cache_first = 1 << (squares / 2).min(16);
        let cache = RegionCache::new(cache_first, limit);
        Searcher {
            cx,
            box_index: vec![u16::MAX; 65 * 65],
            boxes: Vec::new(),
            keys: Vec::with_capacity(256),
            opts: Vec::with_capacity(256),
            cache,
            cheap: CheapExclusions::new(cache_first),
            small_regions,
        }
    }

    /// The index in `boxes` of the box `w` wide and `h` high, made the first time.
    fn box_shape(&mut self, w: u32, h: u32) -> usize {
        let at = (w * 65 + h) as usize;
        if self.box_index[at] == u16::MAX {
            self.box_index[at] = self.boxes.len() as u16;
            self.boxes.push(BoxShape::new(w, h));
        }
        usize::from(self.box_index[at])
    }

    /// The canonical components of `cells` (a box `w` wide, `h` high) and the XOR of the
    /// values known without search.
    fn components(&mut self, w: u32, h: u32, cells: u64) -> (Vec<ShapeKey>, Nimber) {
        let grid = Grid::new(h, w);
        let mut option = OptionParts::new(
            &mut self.cache,
            self.cx.table(),
            &mut self.keys,
            self.small_regions,
        );
        option.regions(&grid, cells);
        let x = option.x;
        cancel_pairs(&mut self.keys, 0);
        let keys = self.keys.split_off(0);
        (keys, x)
    }

    /// The value of `key` asked value by value.
    fn aspiration(&mut self, key: ShapeKey) -> Result<Nimber> {
        for k in 0..SET_BITS {
            if let Some(v) = self.value_in(key, 1 << k)? {
                return Ok(v);
            }
        }
        unreachable!("a region of at most 64 squares is worth less than 128")
    }

    /// The exact value of `key`.
    fn value(&mut self, key: ShapeKey) -> Result<Nimber> {
        Ok(self
            .value_in(key, Set::MAX)?
            .expect("every possible value is asked for"))
    }

    /// The value of `key` if it lies in `wanted` (or whenever the search finds it exactly),
    /// else `None`: it is proven not to lie in `wanted`.
    fn value_in(&mut self, key: ShapeKey, wanted: Set) -> Result<Option<Nimber>> {
        let known = self.cx.table().get(&key);
        let (w, h, b) = shape_parts(key).expect("the search makes only keys of shapes");
        let mut ruled_out = match known {
            Some(Knowledge::Exact(v)) => return Ok(Some(v)),
            Some(Knowledge::Excluded(mask)) => Set::from(mask),
            None => Set::from(central_domino_wins(w, h, b)) | self.cheap.get(key),
        };
        let si = self.box_shape(w, h);
        let grid = self.boxes[si].grid;
        let (down, right) = (grid.down(b), grid.right(b));
        let moves = down.count_ones() + right.count_ones();
        // The value is at most the number of options.
        ruled_out |= !low(moves + 1);
        let wanted = wanted & !ruled_out;
        if wanted == 0 {
            return Ok(None);
        }
        self.cx.tick()?;
        let before = self.cx.expanded();
        let base_keys = self.keys.len();
        let base_opts = self.opts.len();
        let mut candidates = low(moves + 1);
        if self.list(si, b, down, right, wanted, &mut candidates) {
            // The options of known value answer the question.
            self.keys.truncate(base_keys);
            self.opts.truncate(base_opts);
            self.exclude(key, wanted | ruled_out, before);
            return Ok(None);
        }
        // Smallest first; among equals, in the order listed.
        sort_stably(&mut self.opts[base_opts..]);
        let end = self.opts.len();
        let mut exact = true;
        let mut horizon = largest(candidates);
        let mut i = base_opts;
        while i < end && candidates & wanted != 0 {
            horizon = largest(candidates & wanted);
            let top = largest(candidates);
            let ask = candidates & !(1 << top) & low(horizon + 1);
            match self.option_value_in(i, ask)? {
                Some(v) => remove_or_largest(&mut candidates, v),
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
            // One candidate left: in `wanted`, or every option exact, or at most the horizon
            // (an option worth it would have been asked about it and said so).
            debug_assert_eq!(candidates.count_ones(), 1);
            let v = Nimber::from(largest(candidates));
            let spent = work(self.cx.expanded() - before);
            self.cx.table().store(&key, Knowledge::Exact(v), spent);
            return Ok(Some(v));
        }
        // Up to the horizon, the candidates are exactly the values still possible.
        let impossible = wanted | ruled_out | (low(horizon + 1) & !candidates);
        self.exclude(key, impossible, before);
        Ok(None)
    }

    /// Stores that `key` is worth none of `impossible`, unless that was cheap to find
    /// ([`DEAREST_UNKEPT_EXCLUSION`]).
    fn exclude(&mut self, key: ShapeKey, impossible: Set, before: u64) {
        let mask = (impossible & low(EXCLUDABLE)) as u64;
        let spent = work(self.cx.expanded() - before);
        if mask == 0 {
            return;
        }
        if spent > DEAREST_UNKEPT_EXCLUSION {
            self.cx
                .table()
                .store(&key, Knowledge::Excluded(mask), spent);
        } else {
            self.cheap.put(key, mask);
        }
    }

    /// Lists the options of the region `b` (box `si`) onto the stacks, those of known value
    /// folded into `candidates`; `true` as soon as those leave no candidate in `wanted`.
    fn list(
        &mut self,
        si: usize,
        b: u64,
        down: u64,
        right: u64,
        wanted: Set,
        candidates: &mut Set,
    ) -> bool {
        let shape = &self.boxes[si];
        let mut parent = Parent {
            cells: b,
            grid: &shape.grid,
            dominoes: &shape.dominoes,
            windows: &shape.windows,
            images: [0; 8],
            range: 0..0,
        };
        for (d, &(first, step)) in shape.order.iter().enumerate() {
            let (i, step) = (u32::from(first), u32::from(step));
            let free = if step == 1 { right } else { down };
            if free >> i & 1 == 0 {
                continue;
            }
            let first = self.keys.len();
            let mut option = OptionParts::new(
                &mut self.cache,
                self.cx.table(),
                &mut self.keys,
                self.small_regions,
            );
            option.after_domino(&mut parent, d, i, step);
            let x = option.x;
            cancel_pairs(&mut self.keys, first);
            // No component needs a look-up in the table here: the region cache looked each
            // one up when it gave it, and folded in those of exact value.
            let mut size = 0u32;
            for key in &self.keys[first..] {
                debug_assert!(!matches!(
                    self.cx.table().peek(key),
                    Some(Knowledge::Exact(_))
                ));
                let s = (*key as u64).count_ones();
                size += s * s;
            }
            let len = self.keys.len() - first;
            if len > 0 {
                self.opts.push(Opt {
                    first: first as u32,
                    len: len as u32,
                    x,
                    size,
                });
            } else {
                remove_or_largest(candidates, x);
                if *candidates & wanted == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// The value of option `i` if it lies in `wanted` (or whenever found exactly). Components
    /// other than the largest are replaced by their values on the way.
    fn option_value_in(&mut self, i: usize, wanted: Set) -> Result<Option<Nimber>> {
        let opt = self.opts[i];
        let (start, end) = (opt.first as usize, (opt.first + opt.len) as usize);
        if opt.len > 1 {
            let size = |k: &ShapeKey| (*k as u64).count_ones();
            let largest = (start..end)
                .max_by_key(|&j| size(&self.keys[j]))
                .expect("the option has components");
            self.keys.swap(start, largest);
            let mut x = opt.x;
            for j in start + 1..end {
                let key = self.keys[j];
                x ^= self.value(key)?;
            }
            self.opts[i].x = x;
            self.opts[i].len = 1;
        }
        let x = self.opts[i].x;
        let key = self.keys[start];
        // The option is worth v ^ x where v is its component's value.
        if x >= Nimber::from(SET_BITS) {
            let v = self.value(key)? ^ x;
            return Ok(contains(wanted, v).then_some(v));
        }
        Ok(self.value_in(key, xor_set(wanted, x))?.map(|v| v ^ x))
    }
}

/// Sorts options by size, keeping the order of equals: by insertion (a few dozen options,
/// no allocation).
fn sort_stably(opts: &mut [Opt]) {
    for i in 1..opts.len() {
        let o = opts[i];
        let mut j = i;
        while j > 0 && opts[j - 1].size > o.size {
            opts[j] = opts[j - 1];
            j -= 1;
        }
        opts[j] = o;
    }
}

/// The most slots of the region cache for a table of `memory` bytes: a sixteenth of it, at
/// most [`CACHE_SLOTS`], at least [`FEWEST_SLOTS`].
fn cache_slots(memory: usize) -> usize {
    let slots = (memory / 16 / 32).clamp(FEWEST_SLOTS, CACHE_SLOTS);
    1 << (usize::BITS - 1 - slots.leading_zeros())
}

/// Exclusions whose [`work`] is at most this (found by listing fewer than four regions
/// below the component) are not stored: finding them again costs less than the memory they
/// take. Most "no" answers are of this kind (the options of known value answer the question
/// at once), and storing them made the table four to five times larger than its exact
/// values alone, too large for the processor's caches: on Cram 4 × 11 the search without
/// them expands 54 % more components (7.1 M against 4.6 M) but holds 0.67 M entries instead
/// of 3.24 M and takes 22 s instead of 35 s. Exact values are always stored, as `igs` does
/// (which stores nothing else).
const DEAREST_UNKEPT_EXCLUSION: u8 = 2;

/// The exclusions too cheap for the table ([`DEAREST_UNKEPT_EXCLUSION`]) found lately, by
/// component: a direct-mapped cache of [`CHEAP_SLOTS`] slots, each keeping the last key that
/// took it. Kept out of the table because they are many (four or five times its exact
/// values) and cheap to find again, but the same component is often asked the same question
/// again soon after, from another parent (a domino `a` then `b`, or `b` then `a`): on Cram
/// 4 × 9, 3 × 14 and 5 × 7 this cache of 128 KiB spares 12 % of the components expanded.
struct CheapExclusions {
    slots: Vec<(ShapeKey, u64)>,
    mask: usize,
}

/// The most slots of [`CheapExclusions`]: 4,096 of 32 bytes, beside the region cache in the
/// second-level cache.
const CHEAP_SLOTS: usize = 1 << 12;

/// The fewest slots of [`CheapExclusions`]. A small board gets as many slots as its region
/// cache starts with (about `2^(squares / 2)`): clearing all 128 KiB took longer than the
/// whole search of a board under 24 squares (2 × 9 lists seven regions).
const FEWEST_CHEAP_SLOTS: usize = 1 << 8;

impl CheapExclusions {
    /// An empty cache of about `wanted` slots, within [`FEWEST_CHEAP_SLOTS`] and
    /// [`CHEAP_SLOTS`] (`wanted` a power of two).
    fn new(wanted: usize) -> Self {
        let n = wanted.clamp(FEWEST_CHEAP_SLOTS, CHEAP_SLOTS);
        // Key 0 is no shape's key: an empty slot.
        CheapExclusions {
            slots: vec![(0, 0); n],
            mask: n - 1,
        }
    }

    #[inline]
    fn slot(&self, key: ShapeKey) -> usize {
        key.hash64() as usize & self.mask
    }

    /// The values `key` is known not to have (bit `v`: not `v`).
    #[inline]
    fn get(&self, key: ShapeKey) -> Set {
        let (k, mask) = self.slots[self.slot(key)];
        if k == key {
            Set::from(mask)
        } else {
            0
        }
    }

    /// Adds that `key` is worth none of `mask`.
    fn put(&mut self, key: ShapeKey, mask: u64) {
        let at = self.slot(key);
        let slot = &mut self.slots[at];
        if slot.0 == key {
            slot.1 |= mask;
        } else {
            *slot = (key, mask);
        }
    }
}

/// About log2 of the work, for the table's eviction order.
fn work(expanded: u64) -> u8 {
    (64 - expanded.leading_zeros()) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Upright dominoes (step: the width) come first in boxes of even height above 2, and
    /// only there: in boxes of height 2, 3 or 5 the most central domino of each kind comes
    /// before the rest of the other kind.
    #[test]
    fn upright_dominoes_first_only_in_boxes_of_even_height_above_2() {
        let upright_first = |w: u32, h: u32| {
            let shape = BoxShape::new(w, h);
            let uprights = shape.order.iter().filter(|&&(_, s)| u32::from(s) == w);
            let n = uprights.count();
            n > 0 && shape.order[..n].iter().all(|&(_, s)| u32::from(s) == w)
        };
        assert!(upright_first(9, 4) && upright_first(7, 4) && upright_first(8, 6));
        assert!(!upright_first(9, 2) && !upright_first(7, 3) && !upright_first(7, 5));
        // Within each kind, nearest the centre first: the first domino of a 9 × 4 box is
        // the upright one in the middle column, rows 1 and 2.
        assert_eq!(BoxShape::new(9, 4).order[0], (9 + 4, 9));
        assert_eq!(BoxShape::new(9, 4).order.len(), 9 * 3 + 8 * 4);
    }

    /// What is put is got back, merged for one key; a key that takes the slot of another
    /// pushes it out (it is then worth no exclusion, never a wrong one).
    #[test]
    fn cheap_exclusions_keep_the_last_key_of_each_slot() {
        let mut cheap = CheapExclusions::new(CHEAP_SLOTS);
        let key = |cells: u64| u128::from(cells) | 6 << 64 | 3 << 72;
        assert_eq!(cheap.get(key(0b111)), 0);
        cheap.put(key(0b111), 0b01);
        cheap.put(key(0b111), 0b10);
        assert_eq!(cheap.get(key(0b111)), 0b11);
        let slot = cheap.slot(key(0b111));
        let other = (0b1000..)
            .map(key)
            .find(|&k| cheap.slot(k) == slot)
            .expect("a key of the same slot");
        cheap.put(other, 0b100);
        assert_eq!(cheap.get(other), 0b100);
        assert_eq!(cheap.get(key(0b111)), 0);
        // Sized within its bounds, on both sides of each.
        let slots = |wanted| CheapExclusions::new(wanted).slots.len();
        assert_eq!(slots(FEWEST_CHEAP_SLOTS / 2), FEWEST_CHEAP_SLOTS);
        assert_eq!(slots(FEWEST_CHEAP_SLOTS * 2), FEWEST_CHEAP_SLOTS * 2);
        assert_eq!(slots(CHEAP_SLOTS / 2), CHEAP_SLOTS / 2);
        assert_eq!(slots(CHEAP_SLOTS * 2), CHEAP_SLOTS);
    }
}

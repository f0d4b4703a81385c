//! The options of a land, listed for the search: the lands each move leaves, simplified, split
//! and written in canonical order exactly as [`super::moves::children`], [`super::canon`] and
//! [`super::notation::write_land`] define them (a test holds the two listings equal, byte for
//! byte, on more than 20,000 lands), but with every land laid flat, a boundary a run of one
//! array, in buffers kept from one option to the next, and the keys of lands laid out alike
//! before remembered ([`Known`]).
//!
//! Listing options is nearly all of a Sprouts search, and a [`Land`]'s nested vectors cost an
//! allocation per boundary each time a child is built, simplified, split or arranged: about
//! fifty per option, half of the search's time in the allocator (`0*8`: 0.94 s, now 0.36 s).

use std::cell::RefCell;
use std::ops::Range;

use rustc_hash::FxHashMap;

use super::key::LandKey;
use super::moves::{can_loop, classes};
use super::notation::{Kind, Land, Region, SpotId};
use crate::search::TableKey;

/// A land laid flat: the lines at each spot, and the boundaries' spots one after another.
#[derive(Clone, Debug, Default)]
struct Flat {
    lines: Vec<u8>,
    spots: Vec<SpotId>,
    /// Where each boundary ends in `spots` (each starts where the one before ends).
    ends: Vec<u32>,
    /// Where each region's boundaries end in `ends`.
    regions: Vec<u32>,
}

impl Flat {
    fn clear(&mut self) {
        self.lines.clear();
        self.spots.clear();
        self.ends.clear();
        self.regions.clear();
    }

    fn boundary(&self, b: usize) -> &[SpotId] {
        let start = b.checked_sub(1).map_or(0, |a| self.ends[a] as usize);
        &self.spots[start..self.ends[b] as usize]
    }

    /// The boundaries of region `r`, by number.
    fn region(&self, r: usize) -> Range<usize> {
        let start = r.checked_sub(1).map_or(0, |q| self.regions[q] as usize);
        start..self.regions[r] as usize
    }

    /// The spots of region `r`'s boundaries, one after another.
    fn region_spots(&self, r: usize) -> &[SpotId] {
        let bounds = self.region(r);
        let start = bounds
            .start
            .checked_sub(1)
            .map_or(0, |a| self.ends[a] as usize);
        let end = bounds
            .end
            .checked_sub(1)
            .map_or(0, |a| self.ends[a] as usize);
        &self.spots[start..end.max(start)]
    }

    fn close_boundary(&mut self) {
        self.ends.push(self.spots.len() as u32);
    }

    fn close_region(&mut self) {
        self.regions.push(self.ends.len() as u32);
    }

    fn lives(&self, s: SpotId) -> u32 {
        3 - u32::from(self.lines[s as usize].min(3))
    }

    /// Copies `region` as it is.
    fn push_region(&mut self, region: &Region) {
        for boundary in region {
            self.spots.extend_from_slice(boundary);
            self.close_boundary();
        }
        self.close_region();
    }

    /// Pushes `boundary` walked from its `k`-th spot, that spot met again at the end unless it
    /// is alone ([`super::moves`]).
    fn push_walked(&mut self, boundary: &[SpotId], k: usize) {
        self.spots.extend_from_slice(&boundary[k..]);
        self.spots.extend_from_slice(&boundary[..k]);
        if boundary.len() > 1 {
            self.spots.push(boundary[k]);
        }
    }
}

/// A boundary as the arrangement reads it: its number, where it starts, which way.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    boundary: u32,
    start: u32,
    backwards: bool,
}

/// A land's regions in canonical order ([`super::canon`]): each region's boundaries as walks,
/// and each region's reading (its walks' readings, each followed by 0), kept to compare.
#[derive(Debug, Default)]
struct Arrangement {
    steps: Vec<Step>,
    /// Each region's steps, by region as numbered in the land.
    step_ranges: Vec<Range<usize>>,
    readings: Vec<u16>,
    /// Each region's reading in `readings`.
    reading_ranges: Vec<Range<usize>>,
    /// The regions in order.
    order: Vec<usize>,
}

/// The buffers of a listing, kept from one option to the next.
#[derive(Debug, Default)]
struct Lister {
    /// The land a move leaves, as [`super::moves`] builds it.
    child: Flat,
    /// Simplified.
    simple: Flat,
    /// A spare, where regions of few lives become one boundary.
    spare: Flat,
    /// One land of it, spots numbered from 0.
    land: Flat,
    /// That land in canonical order.
    laid: Flat,
    arrangement: Arrangement,
    /// By spot: a mark per region visited, times met, kinds, ranks, letters' names, first
    /// region met, new numbers.
    stamp: Vec<u32>,
    tick: u32,
    seen: Vec<u8>,
    kinds: Vec<Kind>,
    ranks: Vec<u16>,
    names: Vec<usize>,
    first_region: Vec<u32>,
    renumber: Vec<SpotId>,
    /// By region of `simple`: its lives, and its parent in the union of regions into lands.
    region_lives: Vec<u32>,
    parent: Vec<usize>,
    /// Scratch: a region's boundaries' readings and order, one turn's reading.
    boundary_readings: Vec<u16>,
    boundary_ranges: Vec<Range<usize>>,
    boundary_order: Vec<usize>,
    boundary_steps: Vec<Step>,
    turn_steps: [Vec<Step>; 2],
    turn_readings: [Vec<u16>; 2],
    kept: Vec<SpotId>,
    generic: Vec<SpotId>,
    splits: Vec<usize>,
    text: String,
    /// `land` written as [`Known`] keys it.
    code: Vec<u16>,
    known: Known,
    /// Every option made (equal ones too): the keys of its lands, one option after another,
    /// and each option's lives and its keys' place.
    keys: Vec<LandKey>,
    options: Vec<(u32, Range<usize>)>,
}

/// The keys of lands met before, by the land as the split lays it out, before it is arranged:
/// the same land reached from different parents is laid out alike more often than not (0*8:
/// 88,000 layouts among 200,000 lands made), and arranging is most of making a key. Two
/// generations: when the newer is full the older goes and the newer takes its place.
#[derive(Debug, Default)]
struct Known {
    newer: FxHashMap<Box<[u16]>, LandKey>,
    older: FxHashMap<Box<[u16]>, LandKey>,
    bytes: usize,
}

/// Bytes of keys one generation of [`Known`] holds (counted with their layouts).
const KNOWN_BYTES: usize = 4 << 20;

impl Known {
    fn get(&mut self, code: &[u16]) -> Option<LandKey> {
        if let Some(key) = self.newer.get(code) {
            return Some(key.clone());
        }
        let (code, key) = self.older.remove_entry(code)?;
        self.insert(code, key.clone());
        Some(key)
    }

    fn insert(&mut self, code: Box<[u16]>, key: LandKey) {
        let bytes = 2 * code.len() + key.heap_bytes() + 64;
        if self.bytes + bytes > KNOWN_BYTES {
            self.older = std::mem::take(&mut self.newer);
            self.bytes = 0;
        }
        self.bytes += bytes;
        self.newer.insert(code, key);
    }
}

thread_local! {
    static LISTER: RefCell<Lister> = RefCell::new(Lister::default());
}

/// The distinct options of `land`, each the keys of the lands it leaves (sorted by their
/// text), in a fixed order: fewest lives first. The same as
/// [`super::key::options_by_definition`].
pub fn options_of(land: &Land) -> Vec<Vec<LandKey>> {
    LISTER.with(|lister| match lister.try_borrow_mut() {
        Ok(mut lister) => lister.list(land),
        // Listing within a listing never happens; a fresh lister is right all the same.
        Err(_) => Lister::default().list(land),
    })
}

impl Lister {
    fn list(&mut self, land: &Land) -> Vec<Vec<LandKey>> {
        self.options.clear();
        self.keys.clear();
        let seen = land.occurrences();
        for r in 0..land.regions.len() {
            let classes = classes(land, &land.regions[r], &seen);
            for (c, class) in classes.iter().enumerate() {
                self.one_boundary(land, r, &classes, c);
                if class.len() > 1 {
                    self.two_boundaries(land, r, class[0], class[1]);
                }
                for other in &classes[c + 1..] {
                    self.two_boundaries(land, r, class[0], other[0]);
                }
            }
        }
        // Sorted (as pairs of lives and keys), equal options are neighbours: each kept once,
        // and only those copied out.
        let keys = &self.keys;
        let option = |(lives, range): &(u32, Range<usize>)| (*lives, &keys[range.clone()]);
        self.options
            .sort_unstable_by(|a, b| option(a).cmp(&option(b)));
        self.options.dedup_by(|a, b| option(a) == option(b));
        let out = self.options.iter().map(|o| option(o).1.to_vec()).collect();
        self.keys.clear();
        out
    }

    /// Starts the child of a line from `u` to `v`: the lines, the new spot's number.
    fn begin_child(&mut self, land: &Land, u: SpotId, v: SpotId) -> SpotId {
        self.child.clear();
        self.child.lines.extend_from_slice(&land.lines);
        self.child.lines.push(2);
        self.child.lines[u as usize] += 1;
        self.child.lines[v as usize] += 1;
        (self.child.lines.len() - 1) as SpotId
    }

    /// The children of a line from boundary `a` to boundary `b` of region `r`
    /// ([`super::moves`]'s `two_boundaries`).
    fn two_boundaries(&mut self, land: &Land, r: usize, a: usize, b: usize) {
        let region = &land.regions[r];
        for i in 0..region[a].len() {
            for j in 0..region[b].len() {
                let (u, v) = (region[a][i], region[b][j]);
                if land.lives(u) == 0 || land.lives(v) == 0 || u == v {
                    continue;
                }
                let new = self.begin_child(land, u, v);
                for (q, other) in land.regions.iter().enumerate() {
                    if q != r {
                        self.child.push_region(other);
                        continue;
                    }
                    self.child.push_walked(&region[a], i);
                    self.child.spots.push(new);
                    self.child.push_walked(&region[b], j);
                    self.child.spots.push(new);
                    self.child.close_boundary();
                    for (k, boundary) in region.iter().enumerate() {
                        if k != a && k != b {
                            self.child.spots.extend_from_slice(boundary);
                            self.child.close_boundary();
                        }
                    }
                    self.child.close_region();
                }
                self.take_child();
            }
        }
    }

    /// The children of a line from the first boundary of class `c` of region `r` back to it,
    /// every way the others lie ([`super::moves`]'s `one_boundary`).
    fn one_boundary(&mut self, land: &Land, r: usize, classes: &[Vec<usize>], c: usize) {
        let region = &land.regions[r];
        let boundary = &region[classes[c][0]];
        let n = boundary.len();
        // The boundaries of class `k` that may lie on either side.
        let members = |k: usize| match k == c {
            true => &classes[k][1..],
            false => &classes[k][..],
        };
        for i in 0..n {
            for j in i..n {
                let (u, v) = (boundary[i], boundary[j]);
                if !can_loop(land, i == j, u, v) {
                    continue;
                }
                // Of each class, the first `splits[k]` inside, the rest outside: every count.
                self.splits.clear();
                self.splits.resize(classes.len(), 0);
                loop {
                    let new = self.begin_child(land, u, v);
                    for (q, other) in land.regions.iter().enumerate() {
                        if q != r {
                            self.child.push_region(other);
                            continue;
                        }
                        self.push_inside(boundary, i, j, new);
                        for (k, &split) in self.splits.iter().enumerate() {
                            for &m in &members(k)[..split] {
                                self.child.spots.extend_from_slice(&region[m]);
                                self.child.close_boundary();
                            }
                        }
                        self.child.close_region();
                    }
                    self.push_outside(boundary, i, j, new);
                    for (k, &split) in self.splits.iter().enumerate() {
                        for &m in &members(k)[split..] {
                            self.child.spots.extend_from_slice(&region[m]);
                            self.child.close_boundary();
                        }
                    }
                    self.child.close_region();
                    self.take_child();
                    if !self.next_split(|k| members(k).len()) {
                        break;
                    }
                }
            }
        }
    }

    /// Counts `splits` on, each digit `k` from 0 to `len(k)`; false when all are done.
    fn next_split(&mut self, len: impl Fn(usize) -> usize) -> bool {
        for (k, split) in self.splits.iter_mut().enumerate() {
            if *split < len(k) {
                *split += 1;
                return true;
            }
            *split = 0;
        }
        false
    }

    /// The boundary a line from spot `i` to spot `j` (`i <= j`) of `boundary` closes inside.
    fn push_inside(&mut self, boundary: &[SpotId], i: usize, j: usize, new: SpotId) {
        match i == j {
            true => self.child.spots.push(boundary[i]),
            false => self.child.spots.extend_from_slice(&boundary[i..=j]),
        }
        self.child.spots.push(new);
        self.child.close_boundary();
    }

    /// The boundary it leaves outside.
    fn push_outside(&mut self, boundary: &[SpotId], i: usize, j: usize, new: SpotId) {
        match i == j {
            true => self.child.push_walked(boundary, i),
            false => {
                self.child.spots.extend_from_slice(&boundary[j..]);
                self.child.spots.extend_from_slice(&boundary[..=i]);
            }
        }
        self.child.spots.push(new);
        self.child.close_boundary();
    }

    /// The child built: simplified, split into lands, each keyed; the option kept.
    fn take_child(&mut self) {
        self.simplify();
        let start = self.keys.len();
        self.split();
        let keys = &mut self.keys[start..];
        keys.sort_unstable_by(|a, b| a.text().cmp(b.text()));
        let lives = keys.iter().map(LandKey::lives).sum();
        self.options.push((lives, start..self.keys.len()));
    }
}

/// Grows `v` to `n` entries of `fill` at least.
fn at_least<T: Clone>(v: &mut Vec<T>, n: usize, fill: T) {
    if v.len() < n {
        v.resize(n, fill);
    }
}

mod canonical;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sprouts::key::options_by_definition;
    use std::collections::{HashSet, VecDeque};

    /// Both listings of `land` agree, option for option and byte for byte.
    fn agree(land: &Land) -> Vec<Vec<LandKey>> {
        let fast = options_of(land);
        let slow = options_by_definition(land);
        assert_eq!(fast, slow, "{}", super::super::notation::write_land(land));
        fast
    }

    /// Every land met from `0*1` to `0*6`, breadth first (the first 6,000 from each), and every
    /// land met along random games from up to 14 spots: the listings agree.
    #[test]
    fn the_flat_listing_is_the_definitions() {
        let mut checked = 0;
        for n in 1..=6 {
            let start = LandKey::of(&Land::spots(n), &format!("0*{n}"));
            let mut queue = VecDeque::from([start.clone()]);
            let mut met = HashSet::from([start]);
            while let Some(key) = queue.pop_front() {
                checked += 1;
                for land in agree(&key.land()).into_iter().flatten() {
                    if met.len() < 6_000 && met.insert(land.clone()) {
                        queue.push_back(land);
                    }
                }
            }
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for game in 0..400 {
            let n = 7 + game % 8;
            let mut lands = vec![LandKey::new(&format!("0*{n}"))];
            while let Some(key) = lands.pop() {
                checked += 1;
                let options = agree(&key.land());
                if options.is_empty() {
                    continue;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                lands.extend(options[state as usize % options.len()].iter().cloned());
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    /// The marks that count each region's spots once start again when their counter wraps:
    /// a listing across the wrap is the definition's.
    #[test]
    fn the_marks_start_again_when_their_counter_wraps() {
        let land = super::super::notation::parse("0*4.1a1a|AB1.2|AB")
            .unwrap()
            .remove(0);
        let mut lister = Lister {
            tick: u32::MAX - 3,
            ..Lister::default()
        };
        for _ in 0..2 {
            assert_eq!(lister.list(&land), options_by_definition(&land));
        }
        assert!(lister.tick < 1_000, "the counter wrapped: {}", lister.tick);
    }

    /// Lands with more letters than the alphabet writes plainly (`m(13)`, `n(26)`), many
    /// boundaries alike, and regions of two and three lives.
    #[test]
    fn unusual_lands_are_listed_alike() {
        let many_lower: String = (0..14).map(|k| format!("1m({0})1m({0})", k + 1)).collect();
        let many_upper = {
            let names: Vec<String> = (0..27).map(|k| format!("n({})", k + 1)).collect();
            format!("{}|{}", names.join(""), names.join(""))
        };
        for text in [
            many_lower.as_str(),
            many_upper.as_str(),
            "0*5.1a1a.1b1b.AB|AB.0*3",
            "1a1a.1b1b.1c1c.12|0",
            "2a2a",
            "12.0|AB1|BA1",
            "AB|AB|0",
            "1122.0.0",
        ] {
            let lands = super::super::notation::parse(text).unwrap();
            for land in &lands {
                agree(land);
            }
        }
    }
}

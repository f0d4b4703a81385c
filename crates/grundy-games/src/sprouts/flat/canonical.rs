//! A child laid flat, made canonical ([`super::super::canon`], step for step): simplified, split
//! into lands, each arranged, written and keyed.

use super::{at_least, Flat, Lister, Step};
use crate::sprouts::canon::{rank, Walk};
use crate::sprouts::key::LandKey;
use crate::sprouts::notation::{write_regions, Kind, SpotId};

impl Lister {
    /// `child` simplified into `simple`: dead spots off, repeats merged, empty boundaries and
    /// regions of fewer than two lives dropped, regions of two or three lives one boundary.
    pub(super) fn simplify(&mut self) {
        let spots = self.child.lines.len();
        at_least(&mut self.stamp, spots, 0);
        let (child, simple) = (&self.child, &mut self.simple);
        simple.clear();
        simple.lines.extend_from_slice(&child.lines);
        self.region_lives.clear();
        for q in 0..child.regions.len() {
            let (spots_before, ends_before) = (simple.spots.len(), simple.ends.len());
            for b in child.region(q) {
                let start = simple.spots.len();
                let alive = child
                    .boundary(b)
                    .iter()
                    .filter(|&&s| child.lines[s as usize] < 3);
                simple.spots.extend(alive);
                merge_repeats(&mut simple.spots, start);
                if simple.spots.len() > start {
                    simple.close_boundary();
                }
            }
            self.tick = self.tick.wrapping_add(1);
            if self.tick == 0 {
                // After 2^32 regions the marks start again: none may look made this time.
                self.stamp.fill(0);
                self.tick = 1;
            }
            let mut lives = 0;
            for &s in &simple.spots[spots_before..] {
                if self.stamp[s as usize] != self.tick {
                    self.stamp[s as usize] = self.tick;
                    lives += simple.lives(s);
                }
            }
            match lives >= 2 {
                true => {
                    simple.close_region();
                    self.region_lives.push(lives);
                }
                false => {
                    simple.spots.truncate(spots_before);
                    simple.ends.truncate(ends_before);
                }
            }
        }
        if self.region_lives.iter().any(|&l| l <= 3) {
            self.few_lives_as_one_boundary();
        }
    }

    /// Each region of `simple` of two or three lives as one boundary (`canon`'s
    /// `one_boundary`).
    fn few_lives_as_one_boundary(&mut self) {
        let spots = self.simple.lines.len();
        self.seen.clear();
        self.seen.resize(spots, 0);
        for &s in &self.simple.spots {
            self.seen[s as usize] = self.seen[s as usize].saturating_add(1);
        }
        let (simple, spare) = (&self.simple, &mut self.spare);
        spare.clear();
        spare.lines.extend_from_slice(&simple.lines);
        for r in 0..simple.regions.len() {
            if self.region_lives[r] > 3 {
                for b in simple.region(r) {
                    spare.spots.extend_from_slice(simple.boundary(b));
                    spare.close_boundary();
                }
                spare.close_region();
                continue;
            }
            self.kept.clear();
            self.generic.clear();
            for &s in simple.region_spots(r) {
                let shared = self.seen[s as usize] == 2
                    && !simple
                        .region(r)
                        .any(|b| simple.boundary(b).iter().filter(|&&x| x == s).count() == 2);
                let list = match shared {
                    true => &mut self.kept,
                    false => &mut self.generic,
                };
                if !list.contains(&s) {
                    list.push(s);
                }
            }
            spare.spots.extend_from_slice(&self.kept);
            spare.spots.extend_from_slice(&self.generic);
            spare.close_boundary();
            spare.close_region();
        }
        std::mem::swap(&mut self.simple, &mut self.spare);
    }

    /// `simple`'s lands (regions joined when they share a spot), each laid out in `land` with
    /// its spots numbered from 0 in the order met, then keyed onto `keys`.
    pub(super) fn split(&mut self) {
        let n = self.simple.regions.len();
        let spots = self.simple.lines.len();
        self.parent.clear();
        self.parent.extend(0..n);
        self.first_region.clear();
        self.first_region.resize(spots, u32::MAX);
        for r in 0..n {
            for &s in self.simple.region_spots(r) {
                match self.first_region[s as usize] {
                    u32::MAX => self.first_region[s as usize] = r as u32,
                    other => {
                        let a = root(&mut self.parent, other as usize);
                        let b = root(&mut self.parent, r);
                        self.parent[a] = b;
                    }
                }
            }
        }
        for r in 0..n {
            let top = root(&mut self.parent, r);
            self.parent[r] = top;
        }
        self.renumber.clear();
        self.renumber.resize(spots, SpotId::MAX);
        for r in 0..n {
            let top = self.parent[r];
            // A land is laid out when its first region is met.
            if (0..r).any(|q| self.parent[q] == top) {
                continue;
            }
            self.land.clear();
            for q in r..n {
                if self.parent[q] != top {
                    continue;
                }
                for b in self.simple.region(q) {
                    for &s in self.simple.boundary(b) {
                        if self.renumber[s as usize] == SpotId::MAX {
                            self.renumber[s as usize] = self.land.lines.len() as SpotId;
                            self.land.lines.push(self.simple.lines[s as usize]);
                        }
                        self.land.spots.push(self.renumber[s as usize]);
                    }
                    self.land.close_boundary();
                }
                self.land.close_region();
            }
            self.code_of_land();
            let key = match self.known.get(&self.code) {
                Some(key) => key,
                None => {
                    let key = self.key_of_land();
                    self.known.insert(self.code.as_slice().into(), key.clone());
                    key
                }
            };
            self.keys.push(key);
        }
    }

    /// `land` written into `code`: its spots' lines, then each region's boundaries' spots,
    /// with marks above any spot's number between them.
    fn code_of_land(&mut self) {
        const LINES_END: u16 = u16::MAX;
        const BOUNDARY_END: u16 = u16::MAX - 1;
        const REGION_END: u16 = u16::MAX - 2;
        let (land, code) = (&self.land, &mut self.code);
        code.clear();
        code.extend(land.lines.iter().map(|&l| u16::from(l)));
        code.push(LINES_END);
        for r in 0..land.regions.len() {
            for b in land.region(r) {
                code.extend_from_slice(land.boundary(b));
                code.push(BOUNDARY_END);
            }
            code.push(REGION_END);
        }
    }

    /// The key of `land`: arranged by its spots' kinds, letters ranked in the order that
    /// arrangement meets them, arranged again by those ranks (`canon`'s `ordered`), written.
    fn key_of_land(&mut self) -> LandKey {
        self.spot_kinds();
        let spots = self.land.lines.len();
        self.ranks.clear();
        self.ranks.extend(self.kinds.iter().map(|&k| rank(k)));
        self.arrange();
        let mut next = 7u16;
        for &r in &self.arrangement.order {
            for step in &self.arrangement.steps[self.arrangement.step_ranges[r].clone()] {
                for s in walk(&self.land, *step).spots() {
                    if matches!(self.kinds[s as usize], Kind::Letter(_))
                        && self.ranks[s as usize] < 7
                    {
                        self.ranks[s as usize] = next;
                        next += 1;
                    }
                }
            }
        }
        // Without letters the ranks are the kinds': the first arrangement is the last.
        if next > 7 {
            self.arrange();
        }
        self.lay_out();
        self.names.clear();
        self.names.resize(spots, 0);
        self.text.clear();
        let laid = &self.laid;
        let regions = (0..laid.regions.len()).map(|r| laid.region(r).map(|b| laid.boundary(b)));
        write_regions(regions, &self.kinds, &mut self.names, &mut self.text);
        let lives = (0..spots as SpotId).map(|s| self.land.lives(s)).sum();
        LandKey::from_parts(lives, move_bound(laid), &self.text)
    }

    /// How each spot of `land` is written (`notation`'s `spot_kinds`).
    fn spot_kinds(&mut self) {
        let land = &self.land;
        let spots = land.lines.len();
        self.seen.clear();
        self.seen.resize(spots, 0);
        self.first_region.clear();
        self.first_region.resize(spots, u32::MAX);
        self.kinds.clear();
        self.kinds.resize(spots, Kind::Letter(false));
        for r in 0..land.regions.len() {
            for &s in land.region_spots(r) {
                let s = s as usize;
                self.seen[s] = self.seen[s].saturating_add(1);
                let first = self.first_region[s];
                if first != u32::MAX && first != r as u32 {
                    self.kinds[s] = Kind::Letter(true);
                }
                self.first_region[s] = r as u32;
            }
        }
        for s in 0..spots {
            self.kinds[s] = match (land.lines[s], self.seen[s]) {
                (2, 2..) => self.kinds[s],
                (lines, _) => Kind::Digit(lines),
            };
        }
    }

    /// `land`'s regions each turned and its boundaries started and sorted to read least, then
    /// the regions sorted by their readings (`canon`'s `arrangement`), by `ranks`.
    fn arrange(&mut self) {
        let arrangement = &mut self.arrangement;
        arrangement.steps.clear();
        arrangement.step_ranges.clear();
        arrangement.readings.clear();
        arrangement.reading_ranges.clear();
        for r in 0..self.land.regions.len() {
            for turn in [false, true] {
                self.turn(r, turn);
            }
            let backward = self.turn_readings[1] < self.turn_readings[0];
            let t = usize::from(backward);
            let arrangement = &mut self.arrangement;
            let start = arrangement.steps.len();
            arrangement.steps.extend_from_slice(&self.turn_steps[t]);
            arrangement.step_ranges.push(start..arrangement.steps.len());
            let start = arrangement.readings.len();
            arrangement
                .readings
                .extend_from_slice(&self.turn_readings[t]);
            arrangement
                .reading_ranges
                .push(start..arrangement.readings.len());
        }
        let arrangement = &mut self.arrangement;
        arrangement.order.clear();
        arrangement.order.extend(0..self.land.regions.len());
        let reading = |r: usize| &arrangement.readings[arrangement.reading_ranges[r].clone()];
        insertion_sort(&mut arrangement.order, |a, b| reading(*a) < reading(*b));
    }

    /// Region `r` turned one way: each boundary started where it reads least, the boundaries
    /// sorted by their readings, into `turn_steps` and `turn_readings`.
    fn turn(&mut self, r: usize, backwards: bool) {
        let t = usize::from(backwards);
        self.boundary_readings.clear();
        self.boundary_ranges.clear();
        self.boundary_steps.clear();
        for b in self.land.region(r) {
            let walk = Walk::least(self.land.boundary(b), backwards, &self.ranks);
            let start = self.boundary_readings.len();
            self.boundary_readings.extend(walk.reading(&self.ranks));
            self.boundary_ranges
                .push(start..self.boundary_readings.len());
            self.boundary_steps.push(Step {
                boundary: b as u32,
                start: walk.start as u32,
                backwards,
            });
        }
        self.boundary_order.clear();
        self.boundary_order.extend(0..self.boundary_ranges.len());
        let (readings, ranges) = (&self.boundary_readings, &self.boundary_ranges);
        let reading = |k: usize| &readings[ranges[k].clone()];
        insertion_sort(&mut self.boundary_order, |a, b| reading(*a) < reading(*b));
        let turn_reading = &mut self.turn_readings[t];
        turn_reading.clear();
        for &k in &self.boundary_order {
            turn_reading.extend_from_slice(reading(k));
            turn_reading.push(0);
        }
        let steps = &mut self.turn_steps[t];
        steps.clear();
        steps.extend(self.boundary_order.iter().map(|&k| self.boundary_steps[k]));
    }

    /// The arrangement laid out in `laid`: its regions in order, each boundary as walked.
    fn lay_out(&mut self) {
        let laid = &mut self.laid;
        laid.clear();
        laid.lines.extend_from_slice(&self.land.lines);
        for &r in &self.arrangement.order {
            for step in &self.arrangement.steps[self.arrangement.step_ranges[r].clone()] {
                laid.spots.extend(walk(&self.land, *step).spots());
                laid.close_boundary();
            }
            laid.close_region();
        }
    }
}

/// The walk a step names in `land`.
fn walk(land: &Flat, step: Step) -> Walk<'_> {
    Walk {
        spots: land.boundary(step.boundary as usize),
        start: step.start as usize,
        backwards: step.backwards,
    }
}

/// Sorts `v` stably by `less`: a region has few boundaries and a land few regions, and the
/// standard stable sort may allocate.
fn insertion_sort<T: Copy>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && less(&x, &v[j - 1]) {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// The root of `i` in the union of regions, paths halved.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Removes a spot met twice in a row (cyclically) on the boundary `spots[start..]`
/// (`canon`'s `merge_repeats`, step for step: which of the two goes decides where the
/// boundary starts).
fn merge_repeats(spots: &mut Vec<SpotId>, start: usize) {
    let mut k = 0;
    while spots.len() - start > 1 && k < spots.len() - start {
        let len = spots.len() - start;
        let next = (k + 1) % len;
        if spots[start + k] == spots[start + next] {
            spots.remove(start + next);
        } else {
            k += 1;
        }
    }
}

/// At least the number of moves of `land` (`moves::move_bound`).
fn move_bound(land: &Flat) -> usize {
    (0..land.regions.len())
        .map(|r| {
            let corners = land
                .region_spots(r)
                .iter()
                .filter(|&&s| land.lives(s) > 0)
                .count();
            let pairs = corners.saturating_mul(corners + 1) / 2;
            let ways = 1usize
                .checked_shl(land.region(r).len().saturating_sub(1) as u32)
                .unwrap_or(usize::MAX);
            pairs.saturating_mul(ways)
        })
        .fold(0usize, usize::saturating_add)
}

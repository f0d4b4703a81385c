//! Canonical forms: a position simplified to what its moves depend on, split into independent
//! lands, each written in one order, so that equivalent positions are searched once.
//!
//! The simplifications (each keeps the game the same):
//! * a dead spot (three lines) is taken off its boundaries: no line can reach it, and where it
//!   sat changes no way a line splits a region;
//! * a spot met twice in a row on a boundary is met once: its two corners see the same live
//!   spots, so a line from either splits the region alike, and its one life is then spent;
//! * a region with fewer than two lives is dropped: no line can be drawn in it;
//! * empty boundaries and regions are dropped, and regions that share no spot are lands of
//!   their own (the components of a sum).
//!
//! The order: each region is turned the way (clockwise or not; a region's moves depend on its
//! own boundaries only, so each may be turned alone) and each boundary started where the spots'
//! kinds (`0 1 2 a A`) read least, the boundaries of a region and the regions of a land sorted
//! by those readings; letters are then named in the order met. Equal strings are the same
//! game; equivalent positions the order does not tell apart may still get two strings.

use super::notation::{spot_kinds, write_land, Boundary, Kind, Land, Region, SpotId};

/// `land` simplified and split into independent lands, each in canonical order (unsorted).
pub fn simplify(mut land: Land) -> Vec<Land> {
    for boundary in land.regions.iter_mut().flatten() {
        boundary.retain(|&s| land.lines[s as usize] < 3);
        merge_repeats(boundary);
    }
    for region in &mut land.regions {
        region.retain(|b| !b.is_empty());
    }
    let regions = std::mem::take(&mut land.regions);
    land.regions = regions
        .into_iter()
        .filter(|r| region_lives(&land, r) >= 2)
        .collect();
    let seen = land.occurrences();
    for r in 0..land.regions.len() {
        if region_lives(&land, &land.regions[r]) <= 3 {
            land.regions[r] = one_boundary(&land.regions[r], &seen);
        }
    }
    split(&land).into_iter().map(ordered).collect()
}

/// The canonical strings of the lands of `lands` once simplified, sorted.
pub fn canonical(lands: Vec<Land>) -> Vec<String> {
    let mut out: Vec<String> = lands
        .into_iter()
        .flat_map(simplify)
        .map(|l| write_land(&l))
        .collect();
    out.sort();
    out
}

/// A region of two or three lives as one boundary: its spots of two lives or more and those
/// met in another region, in the order met, then each other spot (one life, met in this
/// region only) once. With so few lives the boundaries' shapes no longer matter: a line
/// spends two lives and its new spot is the one life left on each side.
fn one_boundary(region: &Region, seen: &[u8]) -> Region {
    let mut kept: Boundary = Vec::new();
    let mut generic: Boundary = Vec::new();
    for &s in region.iter().flatten() {
        let shared = seen[s as usize] == 2
            && !region
                .iter()
                .any(|b| b.iter().filter(|&&x| x == s).count() == 2);
        let list = match shared {
            true => &mut kept,
            false => &mut generic,
        };
        if !list.contains(&s) {
            list.push(s);
        }
    }
    kept.extend(generic);
    vec![kept]
}

/// Removes a spot met twice in a row (cyclically) on `boundary`.
fn merge_repeats(boundary: &mut Boundary) {
    let mut k = 0;
    while boundary.len() > 1 && k < boundary.len() {
        let next = (k + 1) % boundary.len();
        if boundary[k] == boundary[next] {
            boundary.remove(next);
        } else {
            k += 1;
        }
    }
}

/// The lives of the spots of `region` (each spot counted once: where it is first met).
pub fn region_lives(land: &Land, region: &[Boundary]) -> u32 {
    let spots = || region.iter().flatten();
    spots()
        .enumerate()
        .filter(|&(k, s)| !spots().take(k).any(|t| t == s))
        .map(|(_, &s)| land.lives(s))
        .sum()
}

/// The lands of `land`: regions joined when they share a spot, spots renumbered from 0.
fn split(land: &Land) -> Vec<Land> {
    let n = land.regions.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut first_region = vec![usize::MAX; land.lines.len()];
    for (r, region) in land.regions.iter().enumerate() {
        for &s in region.iter().flatten() {
            match first_region[s as usize] {
                usize::MAX => first_region[s as usize] = r,
                other => {
                    let (a, b) = (root(&mut parent, other), root(&mut parent, r));
                    parent[a] = b;
                }
            }
        }
    }
    let mut lands: Vec<(usize, Land)> = Vec::new();
    let mut renumber = vec![SpotId::MAX; land.lines.len()];
    for r in 0..n {
        let top = root(&mut parent, r);
        let at = match lands.iter().position(|(t, _)| *t == top) {
            Some(at) => at,
            None => {
                lands.push((top, Land::default()));
                lands.len() - 1
            }
        };
        let target = &mut lands[at].1;
        let region = land.regions[r]
            .iter()
            .map(|b| {
                b.iter()
                    .map(|&s| {
                        if renumber[s as usize] == SpotId::MAX {
                            renumber[s as usize] = target.add_spot(land.lines[s as usize]);
                        }
                        renumber[s as usize]
                    })
                    .collect()
            })
            .collect();
        target.regions.push(region);
    }
    lands.into_iter().map(|(_, l)| l).collect()
}

/// The number a spot's kind reads as when ordering (`0 < 1 < 2 < a < A`).
pub(super) fn rank(kind: Kind) -> u16 {
    match kind {
        Kind::Digit(d) => 1 + u16::from(d),
        Kind::Letter(false) => 5,
        Kind::Letter(true) => 6,
    }
}

/// A boundary as a turn of its region reads it: from spot `start`, forwards or backwards.
/// Readings are compared as they are walked, never copied.
#[derive(Clone, Copy)]
pub(super) struct Walk<'a> {
    /// The boundary's spots, as kept.
    pub(super) spots: &'a [SpotId],
    /// Where the walk starts in `spots`.
    pub(super) start: usize,
    /// Whether it walks them backwards.
    pub(super) backwards: bool,
}

impl<'a> Walk<'a> {
    /// The least reading of `spots` by `ranks` walked one way: of equal ones, the first met
    /// starting from each spot in turn along the walk (so the result is the same whatever
    /// ties the ranks leave). In linear time, by the two-candidate scan for the least rotation:
    /// two starts are compared as far as they agree, and the one that reads more is moved past
    /// everything that agreement rules out (no start in it can read least). A canonical form is
    /// made for every option listed, and comparing every start with the best so far was
    /// quadratic in the boundary's length. The test below checks it against that definition.
    pub(super) fn least(spots: &'a [SpotId], backwards: bool, ranks: &[u16]) -> Walk<'a> {
        let n = spots.len();
        if n == 0 {
            return Walk {
                spots,
                start: 0,
                backwards,
            };
        }
        // The rank of the spot `k` steps along the walk that starts at the `i`-th start.
        // `i + k` is below `2n` (both are below `n`): modulo `n` by one subtraction.
        let at = |i: usize, k: usize| {
            let step = if i + k >= n { i + k - n } else { i + k };
            let spot = if backwards { n - 1 - step } else { step };
            ranks[spots[spot] as usize]
        };
        let (mut i, mut j, mut k) = (0, 1, 0);
        while i < n && j < n && k < n {
            let (a, b) = (at(i, k), at(j, k));
            if a == b {
                k += 1;
                continue;
            }
            if a > b {
                i += k + 1;
            } else {
                j += k + 1;
            }
            if i == j {
                j += 1;
            }
            k = 0;
        }
        let first = i.min(j);
        Walk {
            spots,
            start: if backwards { n - 1 - first } else { first },
            backwards,
        }
    }

    /// The spots met, in order.
    pub(super) fn spots(self) -> impl Iterator<Item = SpotId> + 'a {
        let n = self.spots.len();
        // `start + i` or `start + n - i`, taken modulo `n` by one subtraction (no division in
        // the comparisons, the canonical order's inner loop).
        (0..n).map(move |i| {
            let at = match self.backwards {
                false => self.start + i,
                true => self.start + n - i,
            };
            self.spots[if at >= n { at - n } else { at }]
        })
    }

    /// The ranks of the spots met, in order.
    pub(super) fn reading(self, ranks: &'a [u16]) -> impl Iterator<Item = u16> + 'a {
        self.spots().map(move |s| ranks[s as usize])
    }
}

/// The reading of a turned region: its boundaries' readings, each followed by 0.
fn region_reading<'a>(walks: &'a [Walk<'a>], ranks: &'a [u16]) -> impl Iterator<Item = u16> + 'a {
    walks
        .iter()
        .flat_map(move |w| w.reading(ranks).chain(std::iter::once(0)))
}

/// A region's boundaries in canonical order, as walks: the region turned the way that reads
/// least, each boundary started where it reads least, the boundaries sorted by their readings.
fn best_walks<'a>(region: &'a Region, ranks: &[u16]) -> Vec<Walk<'a>> {
    let turn = |backwards: bool| {
        let mut walks: Vec<Walk<'_>> = region
            .iter()
            .map(|b| Walk::least(b, backwards, ranks))
            .collect();
        walks.sort_by(|x, y| x.reading(ranks).cmp(y.reading(ranks)));
        walks
    };
    let (forward, backward) = (turn(false), turn(true));
    match region_reading(&backward, ranks).lt(region_reading(&forward, ranks)) {
        true => backward,
        false => forward,
    }
}

/// `land`'s regions each in canonical order ([`best_walks`]), sorted by their readings.
fn arrangement<'a>(land: &'a Land, ranks: &[u16]) -> Vec<Vec<Walk<'a>>> {
    let mut regions: Vec<Vec<Walk<'a>>> =
        land.regions.iter().map(|r| best_walks(r, ranks)).collect();
    regions.sort_by(|x, y| region_reading(x, ranks).cmp(region_reading(y, ranks)));
    regions
}

/// `land` (simplified, one land) in canonical order: arranged by the spots' kinds, each letter
/// then ranked by the order that arrangement first meets it in, and arranged again by those
/// ranks, which tell apart regions and turns the kinds alone leave tied (`1AB|1BA` is
/// `1AB|1AB`, its second region turned). The first arrangement is only walked, never built:
/// a canonical form is made for every option listed. Arranging `land` again rather than the
/// first arrangement gives the same string: with every letter ranked apart, readings tie only
/// where spots of one digit stand, which are written alike.
fn ordered(land: Land) -> Land {
    let kinds = spot_kinds(&land, &land.occurrences());
    let mut ranks: Vec<u16> = kinds.iter().map(|&k| rank(k)).collect();
    let first: Vec<SpotId> = arrangement(&land, &ranks)
        .iter()
        .flatten()
        .flat_map(|w| w.spots())
        .filter(|&s| matches!(kinds[s as usize], Kind::Letter(_)))
        .collect();
    let mut next = 7u16;
    for s in first {
        if ranks[s as usize] < 7 {
            ranks[s as usize] = next;
            next += 1;
        }
    }
    let regions = arrangement(&land, &ranks)
        .iter()
        .map(|walks| walks.iter().map(|w| w.spots().collect()).collect())
        .collect();
    Land {
        lines: land.lines,
        regions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least reading by comparing every start with the best so far: the definition.
    fn least_by_definition(spots: &[SpotId], backwards: bool, ranks: &[u16]) -> usize {
        let n = spots.len();
        let walk = |start| Walk {
            spots,
            start,
            backwards,
        };
        let starts = (0..n).map(|k| if backwards { n - 1 - k } else { k });
        starts
            .map(walk)
            .reduce(
                |best, next| match next.reading(ranks).lt(best.reading(ranks)) {
                    true => next,
                    false => best,
                },
            )
            .map_or(0, |w| w.start)
    }

    /// The linear scan starts where the definition does, both ways, on every boundary of up to
    /// 8 spots over 3 ranks (periodic ones, where starts tie, included) and on longer random
    /// ones over 2 ranks.
    #[test]
    fn the_least_start_is_the_definitions() {
        let ranks: Vec<u16> = (0..64).map(|s| [1, 2, 5][s % 3]).collect();
        let mut checked = 0;
        for n in 0..=8usize {
            for code in 0..3usize.pow(n as u32) {
                // Spot `3 * m + r` has rank `[1, 2, 5][r]`: distinct spots, chosen ranks.
                let spots: Vec<SpotId> = (0..n)
                    .map(|k| (3 * k + code / 3usize.pow(k as u32) % 3) as SpotId % 64)
                    .collect();
                for backwards in [false, true] {
                    let fast = Walk::least(&spots, backwards, &ranks).start;
                    assert_eq!(
                        fast,
                        least_by_definition(&spots, backwards, &ranks),
                        "{spots:?} backwards {backwards}"
                    );
                    checked += 1;
                }
            }
        }
        // Both ways for each of the 3^0 + ... + 3^8 boundaries.
        assert_eq!(checked, 3usize.pow(9) - 1);
        let two: Vec<u16> = (0..4096).map(|s| 1 + (s % 2) as u16).collect();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for n in [9usize, 16, 31, 64, 200] {
            for _ in 0..200 {
                let spots: Vec<SpotId> = (0..n)
                    .map(|k| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        (2 * k + (state % 2) as usize) as SpotId
                    })
                    .collect();
                for backwards in [false, true] {
                    assert_eq!(
                        Walk::least(&spots, backwards, &two).start,
                        least_by_definition(&spots, backwards, &two),
                        "{spots:?}"
                    );
                }
            }
        }
    }
}

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

use std::cmp::Ordering;

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

/// The lives of the spots of `region` (each spot counted once).
pub fn region_lives(land: &Land, region: &[Boundary]) -> u32 {
    let mut spots: Vec<SpotId> = region.iter().flatten().copied().collect();
    spots.sort_unstable();
    spots.dedup();
    spots.iter().map(|&s| land.lives(s)).sum()
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
fn rank(kind: Kind) -> u16 {
    match kind {
        Kind::Digit(d) => 1 + u16::from(d),
        Kind::Letter(false) => 5,
        Kind::Letter(true) => 6,
    }
}

/// `boundary` started at the rotation whose kinds read least.
fn least_rotation(boundary: &[SpotId], ranks: &[u16]) -> Boundary {
    let n = boundary.len();
    let read = |start: usize| (0..n).map(move |i| ranks[boundary[(start + i) % n] as usize]);
    let best = (1..n).fold(0, |best, start| match read(start).cmp(read(best)) {
        Ordering::Less => start,
        _ => best,
    });
    (0..n).map(|i| boundary[(best + i) % n]).collect()
}

/// A region in canonical order and its reading (boundaries' kinds, 0 between boundaries).
fn ordered_region(region: &Region, ranks: &[u16]) -> (Vec<u16>, Region) {
    let turn = |reverse: bool| {
        let mut boundaries: Vec<(Vec<u16>, Boundary)> = region
            .iter()
            .map(|b| {
                let mut b = b.clone();
                if reverse {
                    b.reverse();
                }
                let b = least_rotation(&b, ranks);
                (b.iter().map(|&s| ranks[s as usize]).collect(), b)
            })
            .collect();
        boundaries.sort_by(|x, y| x.0.cmp(&y.0));
        let mut reading = Vec::new();
        for (r, _) in &boundaries {
            reading.extend_from_slice(r);
            reading.push(0);
        }
        (reading, boundaries.into_iter().map(|(_, b)| b).collect())
    };
    let (forward, backward) = (turn(false), turn(true));
    match backward.0 < forward.0 {
        true => backward,
        false => forward,
    }
}

/// `land` (simplified, one land) in canonical order: arranged by the spots' kinds, then again
/// with each letter read by the order it is first met in, which tells apart regions and turns
/// the kinds alone leave tied (`1AB|1BA` is `1AB|1AB`, its second region turned).
fn ordered(land: Land) -> Land {
    let kinds = spot_kinds(&land, &land.occurrences());
    let mut ranks: Vec<u16> = kinds.iter().map(|&k| rank(k)).collect();
    let first = arranged(&land, &ranks);
    let mut next = 7u16;
    for &s in first.regions.iter().flatten().flatten() {
        if matches!(kinds[s as usize], Kind::Letter(_)) && ranks[s as usize] < 7 {
            ranks[s as usize] = next;
            next += 1;
        }
    }
    arranged(&first, &ranks)
}

/// `land` with each region turned and its boundaries and regions sorted by `ranks`.
fn arranged(land: &Land, ranks: &[u16]) -> Land {
    let mut regions: Vec<(Vec<u16>, Region)> = land
        .regions
        .iter()
        .map(|r| ordered_region(r, ranks))
        .collect();
    regions.sort_by(|x, y| x.0.cmp(&y.0));
    Land {
        lines: land.lines.clone(),
        regions: regions.into_iter().map(|(_, r)| r).collect(),
    }
}

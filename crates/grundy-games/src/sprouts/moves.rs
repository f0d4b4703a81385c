//! Every legal move of a land: a new line, carrying a new spot, drawn inside one region from a
//! spot with a life left to another (or to itself, with two lives left).
//!
//! A line between two boundaries of the region joins them into one: walking around, one meets
//! the first boundary from the first spot, that spot again, the new spot, the second boundary
//! from the second spot, that spot again, and the new spot again. A line from a boundary back
//! to it cuts the region in two: each part is bounded by one arc of the old boundary and the
//! new line, and each other boundary of the region lies in one part or the other, in every
//! way. Boundaries made only of spots met nowhere else and reading alike are interchangeable:
//! one of them is joined, and only how many of them lie in each part counts.

use super::notation::{Boundary, Land, Region, SpotId};

/// The lands left by every move of `land` (not simplified; equal ones may repeat).
pub fn children(land: &Land) -> Vec<Land> {
    let mut out = Vec::new();
    let seen = land.occurrences();
    for r in 0..land.regions.len() {
        let classes = classes(land, &land.regions[r], &seen);
        for (c, class) in classes.iter().enumerate() {
            one_boundary(land, r, &classes, c, &mut out);
            if class.len() > 1 {
                two_boundaries(land, r, class[0], class[1], &mut out);
            }
            for other in &classes[c + 1..] {
                two_boundaries(land, r, class[0], other[0], &mut out);
            }
        }
    }
    out
}

/// A line a move draws: in region `region`, from spot `from` to spot `to` (the same spot for
/// a loop); `cuts` when it runs from a boundary back to it, cutting the region in two (the
/// first part is the child's region `region`, the second its last region).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// The region it is drawn in.
    pub region: usize,
    /// One end.
    pub from: SpotId,
    /// The other end (`from` for a loop).
    pub to: SpotId,
    /// Whether it cuts the region in two.
    pub cuts: bool,
}

/// Where the lands after moves go: [`children`] keeps the lands, [`lines`] each with its line.
trait Sink {
    fn take(&mut self, line: Line, land: Land);
}

impl Sink for Vec<Land> {
    fn take(&mut self, _line: Line, land: Land) {
        self.push(land);
    }
}

/// A sink that hands each land to a function with its line.
struct Each<F>(F);

impl<F: FnMut(Line, Land)> Sink for Each<F> {
    fn take(&mut self, line: Line, land: Land) {
        (self.0)(line, land)
    }
}

/// Every move of `land` with the line it draws, from every corner of every spot: unlike
/// [`children`], interchangeable boundaries are each joined (a drawing names the spot
/// clicked), though the others still lie in the two parts by how many of each kind.
pub fn lines(land: &Land, each: impl FnMut(Line, Land)) {
    let mut sink = Each(each);
    let seen = land.occurrences();
    for r in 0..land.regions.len() {
        let classes = classes(land, &land.regions[r], &seen);
        for c in 0..classes.len() {
            for k in 0..classes[c].len() {
                let mut turned = classes.clone();
                turned[c].swap(0, k);
                one_boundary(land, r, &turned, c, &mut sink);
            }
        }
        for a in 0..land.regions[r].len() {
            for b in a + 1..land.regions[r].len() {
                two_boundaries(land, r, a, b, &mut sink);
            }
        }
    }
}

/// A bound on how many moves [`lines`] lists for `land` (saturating; exact when every spot
/// has three lives, as in `0*N`): pairs of live corners of two boundaries of a region, and for
/// each boundary, pairs of its live corners (a corner with itself included) times the ways the
/// others lie.
pub fn line_count(land: &Land) -> usize {
    let seen = land.occurrences();
    let live = |b: &Boundary| b.iter().filter(|&&s| land.lives(s) > 0).count();
    let mut total = 0usize;
    for region in &land.regions {
        let classes = classes(land, region, &seen);
        let ways = |c: usize| {
            classes.iter().enumerate().fold(1usize, |w, (k, class)| {
                w.saturating_mul(class.len() + usize::from(k != c))
            })
        };
        for (c, class) in classes.iter().enumerate() {
            for &b in class {
                let n = live(&region[b]);
                total = total.saturating_add((n * (n + 1) / 2).saturating_mul(ways(c)));
            }
        }
        let corners: Vec<usize> = region.iter().map(live).collect();
        for a in 0..corners.len() {
            for b in a + 1..corners.len() {
                total = total.saturating_add(corners[a].saturating_mul(corners[b]));
            }
        }
    }
    total
}

/// The boundaries of `region` in classes of interchangeable ones (see the module).
pub(super) fn classes(land: &Land, region: &Region, seen: &[u8]) -> Vec<Vec<usize>> {
    let mut classes: Vec<(Option<Vec<u8>>, Vec<usize>)> = Vec::new();
    for (b, boundary) in region.iter().enumerate() {
        let plain = boundary.iter().all(|&s| seen[s as usize] == 1);
        let reading = plain.then(|| least_cycle(boundary.iter().map(|&s| land.lines[s as usize])));
        match classes
            .iter_mut()
            .find(|(r, _)| reading.is_some() && *r == reading)
        {
            Some((_, members)) => members.push(b),
            None => classes.push((reading, vec![b])),
        }
    }
    classes.into_iter().map(|(_, m)| m).collect()
}

/// The least rotation of a cycle of numbers.
fn least_cycle(values: impl Iterator<Item = u8>) -> Vec<u8> {
    let v: Vec<u8> = values.collect();
    (0..v.len().max(1))
        .map(|k| v[k..].iter().chain(&v[..k]).copied().collect::<Vec<u8>>())
        .min()
        .unwrap_or_default()
}

/// `boundary` walked from its `k`-th spot, that spot met again at the end unless it is alone.
fn walked_from(boundary: &[SpotId], k: usize) -> Boundary {
    let mut walk: Boundary = boundary[k..]
        .iter()
        .chain(&boundary[..k])
        .copied()
        .collect();
    if boundary.len() > 1 {
        walk.push(boundary[k]);
    }
    walk
}

/// The lands after a line from boundary `a` to boundary `b` of region `r`, for every pair of
/// spots with a life left.
fn two_boundaries(land: &Land, r: usize, a: usize, b: usize, out: &mut impl Sink) {
    let region = &land.regions[r];
    for i in 0..region[a].len() {
        for j in 0..region[b].len() {
            let (u, v) = (region[a][i], region[b][j]);
            if land.lives(u) == 0 || land.lives(v) == 0 || u == v {
                continue;
            }
            let mut next = land.clone();
            let new = next.add_spot(2);
            next.lines[u as usize] += 1;
            next.lines[v as usize] += 1;
            let mut joined = walked_from(&region[a], i);
            joined.push(new);
            joined.extend(walked_from(&region[b], j));
            joined.push(new);
            let rest = region
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != a && k != b)
                .map(|(_, bd)| bd.clone());
            next.regions[r] = std::iter::once(joined).chain(rest).collect();
            let line = Line {
                region: r,
                from: u,
                to: v,
                cuts: false,
            };
            out.take(line, next);
        }
    }
}

/// The lands after a line from the first boundary of class `c` of region `r` back to it, for
/// every pair of spots (or one spot with two lives) and every way the other boundaries lie.
fn one_boundary(land: &Land, r: usize, classes: &[Vec<usize>], c: usize, out: &mut impl Sink) {
    let region = &land.regions[r];
    let b = classes[c][0];
    let boundary = &region[b];
    let n = boundary.len();
    for i in 0..n {
        for j in i..n {
            let (u, v) = (boundary[i], boundary[j]);
            if !can_loop(land, i == j, u, v) {
                continue;
            }
            let mut next = land.clone();
            let new = next.add_spot(2);
            next.lines[u as usize] += 1;
            next.lines[v as usize] += 1;
            let (inside, outside) = cut(boundary, i, j, new);
            for (part_in, part_out) in parts(region, classes, c) {
                let mut first: Region = vec![inside.clone()];
                first.extend(part_in);
                let mut second: Region = vec![outside.clone()];
                second.extend(part_out);
                let mut child = next.clone();
                child.regions[r] = first;
                child.regions.push(second);
                let line = Line {
                    region: r,
                    from: u,
                    to: v,
                    cuts: true,
                };
                out.take(line, child);
            }
        }
    }
}

/// Whether a line may run from spot `u` of a boundary back to spot `v` of it (`at_one_corner`:
/// from a corner to itself, which takes two lives).
pub(super) fn can_loop(land: &Land, at_one_corner: bool, u: SpotId, v: SpotId) -> bool {
    match at_one_corner {
        true => land.lives(u) >= 2,
        false => land.lives(u) >= 1 && land.lives(v) >= 1 && u != v,
    }
}

/// The two boundaries a line from spot `i` to spot `j` (`i <= j`) of `boundary` makes, the
/// new spot `new` on it.
fn cut(boundary: &[SpotId], i: usize, j: usize, new: SpotId) -> (Boundary, Boundary) {
    if i == j {
        let mut outside = walked_from(boundary, i);
        if boundary.len() == 1 {
            outside = vec![boundary[i]];
        }
        outside.push(new);
        return (vec![boundary[i], new], outside);
    }
    let mut inside: Boundary = boundary[i..=j].to_vec();
    inside.push(new);
    let mut outside: Boundary = boundary[j..]
        .iter()
        .chain(&boundary[..=i])
        .copied()
        .collect();
    outside.push(new);
    (inside, outside)
}

/// Every way the boundaries of `region` but the one joined (the first of class `c`) lie in the
/// two parts: of each class, the first so many in the first part.
fn parts(region: &Region, classes: &[Vec<usize>], c: usize) -> Vec<(Region, Region)> {
    let mut ways: Vec<(Region, Region)> = vec![(Vec::new(), Vec::new())];
    for (k, class) in classes.iter().enumerate() {
        let members: &[usize] = if k == c { &class[1..] } else { class };
        let mut next = Vec::with_capacity(ways.len() * (members.len() + 1));
        for (a, b) in &ways {
            for split in 0..=members.len() {
                let mut a = a.clone();
                let mut b = b.clone();
                a.extend(members[..split].iter().map(|&m| region[m].clone()));
                b.extend(members[split..].iter().map(|&m| region[m].clone()));
                next.push((a, b));
            }
        }
        ways = next;
    }
    ways
}

/// At least the number of moves of `land` (lines between live corners of a region, times the
/// ways the other boundaries can lie), saturating.
pub fn move_bound(land: &Land) -> usize {
    land.regions
        .iter()
        .map(|region| {
            let corners: usize = region
                .iter()
                .flatten()
                .filter(|&&s| land.lives(s) > 0)
                .count();
            let pairs = corners.saturating_mul(corners + 1) / 2;
            let ways = 1usize
                .checked_shl(region.len().saturating_sub(1) as u32)
                .unwrap_or(usize::MAX);
            pairs.saturating_mul(ways)
        })
        .fold(0usize, usize::saturating_add)
}

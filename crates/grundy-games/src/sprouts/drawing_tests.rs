//! An independent brute force: Sprouts played on drawings, each a planar map given by its
//! rotation system (the lines leaving each spot in turn around it), its faces traced from the
//! rotations rather than kept as strings, valued by the mex rule with no canonical form and no
//! simplification. Its nimbers are compared with the engine's on every position reached from
//! one to three spots and on positions late in random games of four to six spots.

use std::collections::HashMap;

use super::notation::{Land, SpotId};
use super::*;
use crate::nimber::mex;

/// A face's walk: the smallest dart on it, or a spot with no line (a walk of its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Walk {
    Darts(usize),
    Lone(usize),
}

/// A drawing: dart `2e` runs along line `e` from `tail[2e]` to `tail[2e + 1]`; `rotation[v]`
/// the darts leaving spot `v` in turn; `region` the face each walk borders.
#[derive(Clone, Debug)]
struct Drawing {
    rotation: Vec<Vec<usize>>,
    tail: Vec<usize>,
    region: HashMap<Walk, usize>,
    regions: usize,
}

impl Drawing {
    fn spots(n: usize) -> Drawing {
        Drawing {
            rotation: vec![Vec::new(); n],
            tail: Vec::new(),
            region: (0..n).map(|v| (Walk::Lone(v), 0)).collect(),
            regions: 1,
        }
    }

    /// The dart after `d` along its face: the next dart round the spot `d` reaches.
    fn next(&self, d: usize) -> usize {
        let v = self.tail[d ^ 1];
        let around = &self.rotation[v];
        let at = around.iter().position(|&x| x == d ^ 1).unwrap();
        around[(at + 1) % around.len()]
    }

    /// Every face walk, with its darts in order.
    fn walks(&self) -> Vec<(Walk, Vec<usize>)> {
        let mut seen = vec![false; self.tail.len()];
        let mut out = Vec::new();
        for (v, around) in self.rotation.iter().enumerate() {
            if around.is_empty() {
                out.push((Walk::Lone(v), Vec::new()));
            }
        }
        for start in 0..self.tail.len() {
            if seen[start] {
                continue;
            }
            let mut darts = Vec::new();
            let mut d = start;
            while !seen[d] {
                seen[d] = true;
                darts.push(d);
                d = self.next(d);
            }
            out.push((Walk::Darts(*darts.iter().min().unwrap()), darts));
        }
        out
    }

    /// The walk a corner belongs to: corner `k` of `v` (before its `k`-th dart) is on the
    /// walk that leaves `v` by that dart.
    fn walk_of(&self, v: usize, k: usize, walks: &[(Walk, Vec<usize>)]) -> Walk {
        match self.rotation[v].len() {
            0 => Walk::Lone(v),
            n => {
                let d = self.rotation[v][k % n];
                walks.iter().find(|(_, ds)| ds.contains(&d)).unwrap().0
            }
        }
    }

    /// Every corner `(spot, k)` of a spot with a life left, by region.
    fn corners(&self, walks: &[(Walk, Vec<usize>)]) -> Vec<(usize, usize, usize)> {
        let mut out = Vec::new();
        for (v, around) in self.rotation.iter().enumerate() {
            if around.len() >= 3 {
                continue;
            }
            for k in 0..around.len().max(1) {
                let w = self.walk_of(v, k, walks);
                out.push((self.region[&w], v, k));
            }
        }
        out
    }

    /// The drawing with a line from corner `(u, ku)` to corner `(v, kv)` through a new spot,
    /// before faces are reassigned.
    fn drawn(&self, (u, ku): (usize, usize), (v, kv): (usize, usize)) -> Drawing {
        let mut next = self.clone();
        let w = next.rotation.len();
        let e = next.tail.len();
        next.tail.extend([u, w, w, v]);
        next.rotation.push(vec![e + 1, e + 2]);
        if u == v {
            next.rotation[u].insert(ku, e + 3);
            next.rotation[u].insert(ku, e);
        } else {
            next.rotation[u].insert(ku, e);
            next.rotation[v].insert(kv, e + 3);
        }
        next
    }

    /// Every drawing one move on.
    fn children(&self) -> Vec<Drawing> {
        let walks = self.walks();
        let corners = self.corners(&walks);
        let mut out = Vec::new();
        for (i, &(r, u, ku)) in corners.iter().enumerate() {
            for &(r2, v, kv) in &corners[i..] {
                let lives = |x: usize| 3 - self.rotation[x].len();
                let legal = match u == v {
                    true => ku == kv && lives(u) >= 2,
                    false => true,
                };
                if r != r2 || !legal {
                    continue;
                }
                let (wu, wv) = (self.walk_of(u, ku, &walks), self.walk_of(v, kv, &walks));
                let next = self.drawn((u, ku), (v, kv));
                out.extend(next.faces_after(r, wu == wv, &walks));
            }
        }
        out
    }

    /// The drawings after a line in region `r`: the new walks (one when the line joined two
    /// walks, two when it closed one) get the region or its two parts, the region's other
    /// walks lying in either part in every way.
    fn faces_after(
        mut self,
        r: usize,
        closed: bool,
        before: &[(Walk, Vec<usize>)],
    ) -> Vec<Drawing> {
        let walks = self.walks();
        let old: HashMap<&Vec<usize>, Walk> = before.iter().map(|(w, ds)| (ds, *w)).collect();
        let mut region = HashMap::new();
        let mut fresh = Vec::new();
        for (w, ds) in &walks {
            let kept = match w {
                Walk::Lone(_) => self.region.get(w).copied(),
                Walk::Darts(_) => old.get(ds).map(|o| self.region[o]),
            };
            match kept {
                Some(k) => {
                    region.insert(*w, k);
                }
                None => fresh.push(*w),
            }
        }
        if !closed {
            assert_eq!(fresh.len(), 1);
            region.insert(fresh[0], r);
            self.region = region;
            return vec![self];
        }
        assert_eq!(fresh.len(), 2);
        let others: Vec<Walk> = region
            .iter()
            .filter(|(_, &k)| k == r)
            .map(|(w, _)| *w)
            .collect();
        let new_region = self.regions;
        (0..1u64 << others.len())
            .map(|set| {
                let mut d = self.clone();
                let mut region = region.clone();
                region.insert(fresh[0], r);
                region.insert(fresh[1], new_region);
                for (i, w) in others.iter().enumerate() {
                    if set >> i & 1 == 1 {
                        region.insert(*w, new_region);
                    }
                }
                d.region = region;
                d.regions += 1;
                d
            })
            .collect()
    }

    /// The drawing in the notation: one land, a boundary per walk (the spots at its corners).
    fn land(&self) -> Land {
        let lines = self.rotation.iter().map(|r| r.len() as u8).collect();
        let mut regions = vec![Vec::new(); self.regions];
        for (w, darts) in self.walks() {
            let boundary: Vec<SpotId> = match w {
                Walk::Lone(v) => vec![v as SpotId],
                Walk::Darts(_) => darts.iter().map(|&d| self.tail[d] as SpotId).collect(),
            };
            regions[self.region[&w]].push(boundary);
        }
        Land { lines, regions }
    }
}

/// The nimber of `drawing` by the mex rule over every drawing one move on.
fn brute_value(drawing: &Drawing, visit: &mut dyn FnMut(&Drawing, Nimber)) -> Nimber {
    let values: Vec<Nimber> = drawing
        .children()
        .iter()
        .map(|c| brute_value(c, visit))
        .collect();
    let v = mex(values.iter().copied());
    visit(drawing, v);
    v
}

/// The engine's value of a drawing, through the notation and the canonical form.
fn engine_value(drawing: &Drawing, engine: &mut Engine<Sprouts>) -> Nimber {
    let lands = canon::canonical(vec![drawing.land()]);
    let keys: Vec<LandKey> = lands.iter().map(|l| LandKey::new(l)).collect();
    engine.value_of_sum(&keys).unwrap()
}

/// Every position reached from one and two spots: the brute force's nimber is the engine's
/// (and the nimbers of `0*1` and `0*2` are 0).
#[test]
fn every_position_from_two_spots_has_the_brute_forces_nimber() {
    let mut engine = default_engine();
    let mut checked = 0u64;
    let mut starts = Vec::new();
    for n in 1..=2 {
        let mut visit = |d: &Drawing, v: Nimber| {
            assert_eq!(
                engine_value(d, &mut engine),
                v,
                "{}",
                notation::write_land(&d.land())
            );
            checked += 1;
        };
        starts.push(brute_value(&Drawing::spots(n), &mut visit));
    }
    assert_eq!(starts, [0, 0]);
    assert!(checked > 100, "{checked} drawings");
}

/// Positions late in random games of four to six spots (those with at most seven lives left),
/// each with every position below it: the brute force's nimber is the engine's.
#[test]
fn late_positions_of_random_games_have_the_brute_forces_nimber() {
    let mut engine = default_engine();
    let mut seed = 0x5eed_u64;
    let mut checked = 0u64;
    for game in 0..60 {
        let mut d = Drawing::spots(4 + game % 3);
        loop {
            let lives: usize = d.rotation.iter().map(|r| 3 - r.len()).sum();
            if lives <= 7 {
                break;
            }
            let children = d.children();
            seed = crate::search::table::mix64(seed);
            d = children[seed as usize % children.len()].clone();
        }
        brute_value(&d, &mut |x, v| {
            assert_eq!(
                engine_value(x, &mut engine),
                v,
                "{}",
                notation::write_land(&x.land())
            );
            checked += 1;
        });
    }
    assert!(checked > 1000, "{checked} drawings");
}

/// Whether the player to move wins `drawing` under misère play (whoever draws the last line
/// loses, so a player who cannot move wins), over every drawing one move on.
fn brute_misere_wins(drawing: &Drawing, visit: &mut dyn FnMut(&Drawing, bool)) -> bool {
    let mut wins = true;
    let children = drawing.children();
    if !children.is_empty() {
        // Every child is visited (no early stop), so that each is compared.
        let losses: Vec<bool> = children
            .iter()
            .map(|c| !brute_misere_wins(c, visit))
            .collect();
        wins = losses.contains(&true);
    }
    visit(drawing, wins);
    wins
}

/// The misère outcome of a drawing as the doors answer it: the notation, the canonical form and
/// the misère search of the sum of its lands.
fn solver_misere_wins(drawing: &Drawing) -> bool {
    let text = SproutsPosition::of(vec![drawing.land()]).to_string();
    let sum = super::tests::lands(&text);
    let analysis =
        crate::strategy::analyze_listing(&sum, crate::strategy::Convention::Misere, false).unwrap();
    analysis.outcome == crate::sum::Outcome::N
}

/// Misère play: every position reached from one and two spots, and positions late in random
/// games of four and five spots (at most six lives left) with every position below them, have
/// the brute force's outcome (no nimbers here: sums of lands are searched whole, as misère play
/// needs).
#[test]
fn misere_outcomes_are_the_brute_forces() {
    let mut checked = 0u64;
    let mut check = |d: &Drawing, wins: bool| {
        let text = notation::write_land(&d.land());
        assert_eq!(solver_misere_wins(d), wins, "{text}");
        checked += 1;
    };
    let starts: Vec<bool> = (1..=2)
        .map(|n| brute_misere_wins(&Drawing::spots(n), &mut check))
        .collect();
    // The first player wins one spot (the second must draw the last line) and loses two.
    assert_eq!(starts, [true, false]);
    let mut seed = 0x4d15_u64;
    for game in 0..16 {
        let mut d = Drawing::spots(4 + game % 2);
        while d.rotation.iter().map(|r| 3 - r.len()).sum::<usize>() > 6 {
            let children = d.children();
            seed = crate::search::table::mix64(seed);
            d = children[seed as usize % children.len()].clone();
        }
        brute_misere_wins(&d, &mut check);
    }
    assert!(checked > 300, "{checked} drawings");
}

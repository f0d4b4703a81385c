//! The move-class test: a proof from finitely many values that a take-and-break code's
//! sequence is periodic or arithmetic-periodic for ever (docs/theory.md, "The move-class
//! test", states and proves it).
//!
//! Take `n0 >= 1`, a block of `p` heaps and a saltus `s` (0, or a power of two `2^m`). Suppose
//! `G(n + p) = G(n) + s` for every `n >= n0` below the heap `N` being looked at. Write a part
//! `x >= n0` as `x = n0 + r + p·q` (`0 <= r < p`): then `G(x) = L_r + s·(c_r + q)` with
//! `L_r = G(n0 + r) mod s` and `c_r = G(n0 + r) div s` (with `s = 0`: `G(x) = G(n0 + r)`).
//! Parts below `n0` are *small*, worth less than `s`.
//!
//! A move from `N = n0 + R + p·Q` removes `k` tokens and leaves small parts and *large* parts
//! of residues `r_i`. Its **class** is everything but the quotients: the amount (or, for the
//! repeating amounts of an infinite code, its residue modulo `p`), the small parts, the
//! residues. The quotients are free, with `Σ q_i = Q - δ` (`= Q - δ - w` when the amount
//! `κ + p·w` may grow): so the class's moves are worth `low + s·h` with `low` the XOR of the
//! `L_r` and the small parts' values, fixed, and `h` the XOR of `c_i + q_i` over the large
//! parts. Which `h` occur depends only on the *shape* of the class — the number `g` of large
//! parts, their offsets `c_i`, `δ`, and whether the amount grows — and on `Q`.
//!
//! The claim `G(N) = L_R + s·(c_R + Q)` is the mex rule for the union of the classes of `R`:
//! every value below it is some move's value and no move is worth it. For `s = 0` this is a
//! finite computation (`h` plays no part). For `s > 0` the test shows, for every `Q >= Q0`:
//!
//! * **top**: no class with `low = L_R` can reach `h = c_R + Q` (by size and parity: an XOR of
//!   `g` numbers is at most their sum and has its parity), and for each `l < L_R` some class of
//!   low `l` does;
//! * **below**: for each `l`, every `h < c_R + Q` is reached by some class of low `l`.
//!
//! "Reached for every `Q >= Q0`" is checked through explicit moves (witnesses) whose existence
//! depends on `Q` only through `Q mod 2^K`, for the `h` near 0 and near `Q`; between them,
//! through families of witnesses valid for every `h` of a parity. So a finite computation
//! covers every `Q`, and by induction every heap from `B = n0 + p·(Q0 + 1)` on.

use std::collections::{BTreeSet, HashMap};

use super::code::{TakeBreakCode, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};

/// The most classes of moves the test looks at (their number grows like the block length
/// cubed for splits in three): beyond it the test gives up, claiming nothing.
pub const MAX_CLASSES: u64 = 1 << 22;

/// The longest block the test tries.
pub const MAX_BLOCK: u64 = 1 << 12;

/// A class's shape: what decides which high parts `h` its moves reach.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Shape {
    /// Large parts: 0 to 3.
    large: u8,
    /// The amount removed grows with a free multiple of `p` (a repeating code's amounts).
    free: bool,
    /// The large parts' offsets `c_i`, ascending (the first `large` entries).
    offsets: [u64; 3],
    /// `Σ q_i (+ w) = Q - delta`.
    delta: i64,
}

impl Shape {
    /// The large parts' offsets.
    fn offsets(&self) -> &[u64] {
        &self.offsets[..self.large as usize]
    }
}

/// What a successful test proved, for the certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClassProof {
    /// The block `p` of the test (a multiple of the least period).
    pub block: u64,
    /// The saltus of the block (0 for a period).
    pub block_saltus: u64,
    /// Classes of moves examined.
    pub classes: u64,
    /// From this quotient on the classes decide every value.
    pub from_quotient: u64,
    /// `G(n + block) = G(n) + block_saltus` must be checked for `n0 <= n < window - block`.
    pub window: u64,
}

/// Why the test claims nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The test does not apply to these parameters (say which).
    NotApplicable(&'static str),
    /// The values do not satisfy the test's conditions.
    Fails,
    /// Too many classes to examine.
    TooMany(u64),
}

/// The test for `code` with values `values`, from `n0` with block `p` and saltus `s` (0 or a
/// power of two). Needs `G(0..n0 + p)`; checks no value beyond (the caller compares the
/// window [`ClassProof::window`] asks for).
pub fn test(
    code: &TakeBreakCode,
    values: &[u32],
    n0: u64,
    p: u64,
    s: u64,
) -> Result<ClassProof, Refusal> {
    if n0 == 0 || p == 0 {
        return Err(Refusal::NotApplicable(
            "n0 and the block must be at least 1",
        ));
    }
    if s != 0 && !s.is_power_of_two() {
        return Err(Refusal::NotApplicable("the saltus must be a power of two"));
    }
    if code.has_unequal() {
        return Err(Refusal::NotApplicable("splits into unequal heaps"));
    }
    let q = code.repeat().len() as u64;
    if q > 0 && p % q != 0 {
        return Err(Refusal::NotApplicable(
            "the block must be a multiple of the repeating digits",
        ));
    }
    if (values.len() as u64) < n0 + p || p > MAX_BLOCK {
        return Err(Refusal::NotApplicable(
            "the block is longer than the values",
        ));
    }
    let (n0u, pu) = (n0 as usize, p as usize);
    if s > 0 && values[1..n0u].iter().any(|&g| u64::from(g) >= s) {
        return Err(Refusal::NotApplicable(
            "small heaps must be worth less than the saltus",
        ));
    }
    let m = s.trailing_zeros();
    let low: Vec<u64> = (0..pu)
        .map(|r| {
            let g = u64::from(values[n0u + r]);
            if s == 0 {
                g
            } else {
                g & (s - 1)
            }
        })
        .collect();
    let offset: Vec<u64> = (0..pu)
        .map(|r| {
            if s == 0 {
                0
            } else {
                u64::from(values[n0u + r]) >> m
            }
        })
        .collect();
    let classes = enumerate(code, values, n0, p, &low, &offset)?;
    let count = classes.count;
    let max_delta = classes
        .shapes
        .values()
        .flatten()
        .map(|sh| sh.delta)
        .max()
        .unwrap_or(0)
        .max(0) as u64;
    let finite_floor = code.max_removed().map_or(0, |t| 3 * n0 + t as u64 + 1);
    if s == 0 {
        for (r, &want) in low.iter().enumerate() {
            let lows: BTreeSet<u64> = classes
                .shapes
                .keys()
                .filter(|(rr, _)| *rr == r as u64)
                .map(|&(_, l)| l)
                .collect();
            let mex = (0..).find(|v| !lows.contains(v)).unwrap_or(0);
            if mex != want {
                return Err(Refusal::Fails);
            }
        }
        let from_quotient = max_delta + 1;
        return Ok(ClassProof {
            block: p,
            block_saltus: 0,
            classes: count,
            from_quotient,
            window: (n0 + p * (from_quotient + 1)).max(finite_floor),
        });
    }
    let from_quotient = cover::check(&classes.shapes, &low, &offset, s, max_delta)?;
    Ok(ClassProof {
        block: p,
        block_saltus: s,
        classes: count,
        from_quotient,
        window: (n0 + p * (from_quotient + 1)).max(finite_floor),
    })
}

/// The classes: for each `(R, low)` the set of shapes reaching it.
struct Classes {
    shapes: HashMap<(u64, u64), BTreeSet<Shape>>,
    count: u64,
}

/// Multisets of `size` items from `0..n`, ascending.
fn multisets(n: u64, size: usize, visit: &mut dyn FnMut(&[u64])) {
    fn go(n: u64, size: usize, from: u64, acc: &mut Vec<u64>, visit: &mut dyn FnMut(&[u64])) {
        if acc.len() == size {
            visit(acc);
            return;
        }
        for x in from..n {
            acc.push(x);
            go(n, size, x, acc, visit);
            acc.pop();
        }
    }
    go(n, size, 0, &mut Vec::with_capacity(size), visit);
}

/// `C(n + k - 1, k)`: multisets of `k` items from `n`, saturating.
fn multiset_count(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n + i) / (i + 1))
}

fn enumerate(
    code: &TakeBreakCode,
    values: &[u32],
    n0: u64,
    p: u64,
    low: &[u64],
    offset: &[u64],
) -> Result<Classes, Refusal> {
    // Small parts, one to three of them: their sum and the XOR of their values.
    let mut small: Vec<BTreeSet<(u64, u64)>> = vec![BTreeSet::from([(0, 0)])];
    for size in 1..=3 {
        let mut set = BTreeSet::new();
        if n0 > 1 {
            multisets(n0 - 1, size, &mut |parts| {
                let sum: u64 = parts.iter().map(|&a| a + 1).sum();
                let x = parts
                    .iter()
                    .fold(0, |acc, &a| acc ^ u64::from(values[a as usize + 1]));
                set.insert((sum, x));
            });
        }
        small.push(set);
    }
    // The amounts: fixed ones, and the repeating ones by residue (amount κ + p·w).
    let start = code.repeat_start() as u64;
    let amounts: Vec<(u64, bool)> = match code.max_removed() {
        Some(t) => (0..=t as u64).map(|k| (k, false)).collect(),
        None => (0..start)
            .map(|k| (k, false))
            .chain((start..start + p).map(|k| (k, true)))
            .collect(),
    };
    let mut count = 0u64;
    for &(k, free) in &amounts {
        let digit = code.digit(k);
        for heaps in 0..=3usize {
            if digit & [LEAVE_NONE, LEAVE_ONE, LEAVE_TWO, LEAVE_THREE][heaps] == 0 {
                continue;
            }
            for large in 0..=heaps {
                if large == 0 && !free {
                    continue;
                }
                count = count.saturating_add(
                    (small[heaps - large].len() as u64)
                        .saturating_mul(multiset_count(p, large as u64)),
                );
            }
        }
    }
    if count > MAX_CLASSES {
        return Err(Refusal::TooMany(count));
    }
    let mut shapes: HashMap<(u64, u64), BTreeSet<Shape>> = HashMap::new();
    for &(k, free) in &amounts {
        let digit = code.digit(k);
        for heaps in 0..=3usize {
            if digit & [LEAVE_NONE, LEAVE_ONE, LEAVE_TWO, LEAVE_THREE][heaps] == 0 {
                continue;
            }
            for large in 0..=heaps {
                if large == 0 && !free {
                    continue;
                }
                for &(sum, x) in &small[heaps - large] {
                    multisets(p, large, &mut |residues| {
                        let total = (sum + k + large as u64 * n0 + residues.iter().sum::<u64>())
                            as i64
                            - n0 as i64;
                        let r = total.rem_euclid(p as i64) as u64;
                        let delta = total.div_euclid(p as i64);
                        let low_value = residues.iter().fold(x, |acc, &r| acc ^ low[r as usize]);
                        let mut offsets = [0u64; 3];
                        for (slot, &r) in offsets.iter_mut().zip(residues) {
                            *slot = offset[r as usize];
                        }
                        offsets[..large].sort_unstable();
                        shapes.entry((r, low_value)).or_default().insert(Shape {
                            large: large as u8,
                            free,
                            offsets,
                            delta,
                        });
                    });
                }
            }
        }
    }
    Ok(Classes { shapes, count })
}

/// The coverage part of the test for a saltus `s > 0`.
mod cover {
    use super::*;

    /// A family of witnesses valid for every `h` with `lo <= h <= Q + hi` (and
    /// `h ≡ Q + parity (mod 2)` when a parity is given).
    #[derive(Debug, Clone, Copy)]
    struct Family {
        lo: i64,
        hi: i64,
        parity: Option<i64>,
    }

    impl Family {
        fn covers(&self, h: i64, q: i64) -> bool {
            self.lo <= h
                && h <= q + self.hi
                && self
                    .parity
                    .map_or(true, |par| (h - q - par).rem_euclid(2) == 0)
        }
    }

    /// Families of a shape, each proven by an explicit move for every `h` it covers.
    fn families(shape: &Shape) -> Vec<Family> {
        let c: Vec<i64> = shape.offsets().iter().map(|&c| c as i64).collect();
        let total: i64 = c.iter().sum();
        let d = shape.delta;
        let mut out = Vec::new();
        match (shape.large, shape.free) {
            // One large part, any quotient up to Q - δ: c + q.
            (1, true) => out.push(Family {
                lo: c[0],
                hi: c[0] - d,
                parity: None,
            }),
            // Two large parts, one with quotient 0: x = c1, y = c1 ^ h.
            (2, true) => {
                let (c1, c2) = (c[0], c[1]);
                out.push(if c1 == 0 {
                    Family {
                        lo: c2,
                        hi: c2 - d,
                        parity: None,
                    }
                } else {
                    Family {
                        lo: c1 + c2,
                        hi: c2 - c1 - d,
                        parity: None,
                    }
                });
            }
            // Three large parts (x, x, h): any h of the parity of the sum.
            (3, free) => {
                for j in 0..3 {
                    let other = (0..3).filter(|&i| i != j).map(|i| c[i]).max().unwrap_or(0);
                    let hi = total - d - 2 * other;
                    let parity = (total - d).rem_euclid(2);
                    out.push(Family {
                        lo: c[j],
                        hi,
                        parity: Some(parity),
                    });
                    if free {
                        out.push(Family {
                            lo: c[j],
                            hi: hi - 1,
                            parity: Some(1 - parity),
                        });
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// Some `x >= c1`, `y >= c2` with `x + y = sum` and `x ^ y = h`, by the witnesses
    /// `x = d | A`, `y = d | (h ^ A)` with `d = (sum - h) / 2`. Near the top (`near_top`) only
    /// `A = 0` and `A = h`, whose validity does not depend on the high bits of `h`.
    fn pair(h: i64, sum: i64, c1: i64, c2: i64, near_top: bool) -> bool {
        if h < 0 || sum < h || (sum - h) % 2 != 0 {
            return false;
        }
        let d = (sum - h) / 2;
        if d & h != 0 {
            return false;
        }
        let top = if near_top || h == 0 {
            0
        } else {
            1i64 << (63 - h.leading_zeros())
        };
        [0, h, top, h ^ top].iter().any(|&a| {
            let (x, y) = (d | a, d | (h ^ a));
            (x >= c1 && y >= c2) || (x >= c2 && y >= c1)
        })
    }

    /// A shape with what `reaches` needs at hand.
    struct Prepared {
        c: [i64; 3],
        large: usize,
        free: bool,
        delta: i64,
        families: Vec<Family>,
    }

    impl Prepared {
        fn new(shape: &Shape) -> Self {
            let mut c = [0i64; 3];
            for (slot, &x) in c.iter_mut().zip(shape.offsets()) {
                *slot = x as i64;
            }
            Prepared {
                c,
                large: shape.large as usize,
                free: shape.free,
                delta: shape.delta,
                families: families(shape),
            }
        }
    }

    /// Whether the shape certainly has a move worth high part `h` at quotient `q`.
    fn reaches(shape: &Prepared, h: i64, q: i64, near_top: bool) -> bool {
        let t = q - shape.delta;
        if t < 0 {
            return false;
        }
        if shape.families.iter().any(|f| f.covers(h, q)) {
            return true;
        }
        let c = &shape.c;
        let lowest: i64 = c.iter().sum();
        let full = t + lowest;
        let with_sum = |sum: i64| -> bool {
            if sum < lowest || sum > full {
                return false;
            }
            match shape.large {
                0 => h == 0,
                1 => h == sum && h >= c[0],
                2 => pair(h, sum, c[0], c[1], near_top),
                _ => (0..3).any(|j| {
                    let (o1, o2) = match j {
                        0 => (c[1], c[2]),
                        1 => (c[0], c[2]),
                        _ => (c[0], c[1]),
                    };
                    std::iter::once(h)
                        .chain((0..8).map(|i| c[j] + i))
                        .filter(|&z| z >= c[j] && z <= sum)
                        .any(|z| pair(h ^ z, sum - z, o1, o2, near_top))
                }),
            }
        };
        if with_sum(full) {
            return true;
        }
        if !shape.free {
            return false;
        }
        if (1..4).any(|i| with_sum(full - i)) {
            return true;
        }
        let cmax = c.iter().copied().max().unwrap_or(0);
        !near_top && (0..4 * (cmax + 2)).any(|i| with_sum(h + i))
    }

    /// Whether the shape might have a move worth high part `target = c_R + q`: by size (an XOR
    /// is at most the sum) and parity (an XOR has the sum's parity), conservatively.
    fn might_reach_top(shape: &Shape, c_r: i64) -> bool {
        let total: i64 = shape.offsets().iter().map(|&c| c as i64).sum();
        let room = total - shape.delta - c_r;
        match (shape.large, shape.free) {
            (0, _) => false,
            (_, true) => room >= 0,
            (1, false) => room == 0,
            _ => room >= 0 && room % 2 == 0,
        }
    }

    /// The coverage conditions; the quotient from which they hold.
    ///
    /// Each distinct shape's reach is tabled once per residue of `Q` modulo `2^k`, over the
    /// `h` near 0 (slots `0..bottom`) and near the top (`h = Q + e`, `-top <= e <= cmax`);
    /// each `(R, l)` then ORs the rows of its shapes.
    pub(super) fn check(
        shapes: &HashMap<(u64, u64), BTreeSet<Shape>>,
        low: &[u64],
        offset: &[u64],
        s: u64,
        max_delta: u64,
    ) -> Result<u64, Refusal> {
        let all: Vec<&Shape> = shapes
            .values()
            .flatten()
            .collect::<BTreeSet<&Shape>>()
            .into_iter()
            .collect();
        let index: HashMap<&Shape, usize> =
            all.iter().enumerate().map(|(i, &sh)| (sh, i)).collect();
        for (r, (&l, &c)) in low.iter().zip(offset).enumerate() {
            if let Some(set) = shapes.get(&(r as u64, l)) {
                if set.iter().any(|sh| might_reach_top(sh, c as i64)) {
                    return Err(Refusal::Fails);
                }
            }
        }
        let cmax = all
            .iter()
            .flat_map(|sh| sh.offsets().iter().copied())
            .chain(offset.iter().copied())
            .max()
            .unwrap_or(0) as i64;
        let prepared: Vec<Prepared> = all.iter().map(|sh| Prepared::new(sh)).collect();
        let fams: Vec<&[Family]> = prepared.iter().map(|p| p.families.as_slice()).collect();
        // The bottom region is h < bottom; the top region h >= Q - top.
        let bottom = fams
            .iter()
            .flat_map(|f| f.iter())
            .map(|f| f.lo)
            .max()
            .unwrap_or(0)
            .max(cmax)
            + 3;
        let deltas = all.iter().map(|sh| sh.delta.abs()).max().unwrap_or(0);
        let top = fams
            .iter()
            .flat_map(|f| f.iter())
            .map(|f| f.hi.abs())
            .max()
            .unwrap_or(0)
            + deltas
            + 3 * cmax
            + 4;
        // Every witness's constants are below 2^k: then whether it exists depends on Q mod 2^k.
        let constants = bottom + top + 4 * (cmax + 8) + 16;
        let k = 64 - (constants as u64).leading_zeros() + 2;
        // From here on the regions are apart, every class exists, and near 0 every witness's
        // common part d = (sum - h) / 2 exceeds every offset (sum >= Q - δ - 3 - 2·(cmax + 7)).
        let from_quotient = (max_delta as i64 + 1)
            .max(bottom + top + 2)
            .max(4 * cmax + deltas + bottom + 32);
        let base = ((from_quotient >> k) + 1) << k;
        let residues = 1usize << k;
        let slots = (bottom + top + cmax + 1) as usize;
        let row_words = slots.div_ceil(64);
        let work = (all.len() * residues * slots) as u64 + (low.len() as u64) * s * residues as u64;
        if work > MAX_CLASSES * 64 {
            return Err(Refusal::TooMany(work));
        }
        // table[(shape · residues + residue) · row_words ..]: the slots the shape reaches.
        let mut table = vec![0u64; all.len() * residues * row_words];
        for (i, sh) in prepared.iter().enumerate() {
            for residue in 0..residues {
                let q = base + residue as i64;
                let row = &mut table[(i * residues + residue) * row_words..][..row_words];
                for slot in 0..slots {
                    let (h, near_top) = slot_h(slot as i64, bottom, top, q);
                    if h >= 0 && reaches(sh, h, q, near_top) {
                        row[slot / 64] |= 1 << (slot % 64);
                    }
                }
            }
        }
        let mut checked: std::collections::HashSet<(Vec<usize>, i64, bool)> = Default::default();
        let empty = BTreeSet::new();
        let mut row = vec![0u64; row_words];
        for r in 0..low.len() {
            let c_r = offset[r] as i64;
            for l in 0..s {
                let set = shapes.get(&(r as u64, l)).unwrap_or(&empty);
                let ids: Vec<usize> = set.iter().map(|sh| index[sh]).collect();
                let key = (ids, c_r, l < low[r]);
                if checked.contains(&key) {
                    continue;
                }
                // Between the regions only the families count: both parities of h - Q.
                for h in [bottom, bottom + 1] {
                    if !key
                        .0
                        .iter()
                        .any(|&i| fams[i].iter().any(|f| f.covers(h, base)))
                    {
                        return Err(Refusal::Fails);
                    }
                }
                for residue in 0..residues {
                    row.iter_mut().for_each(|w| *w = 0);
                    for &i in &key.0 {
                        let from = &table[(i * residues + residue) * row_words..][..row_words];
                        for (w, &f) in row.iter_mut().zip(from) {
                            *w |= f;
                        }
                    }
                    let q = base + residue as i64;
                    let has = |slot: usize| row[slot / 64] >> (slot % 64) & 1 == 1;
                    for slot in 0..slots {
                        let (h, near_top) = slot_h(slot as i64, bottom, top, q);
                        let needed = h < q + c_r || (key.2 && near_top && h == q + c_r);
                        if needed && !has(slot) {
                            return Err(Refusal::Fails);
                        }
                    }
                }
                checked.insert(key);
            }
        }
        Ok(from_quotient as u64)
    }

    /// The `h` of a slot: `0..bottom` near 0, then `Q - top ..= Q + cmax` near the top.
    fn slot_h(slot: i64, bottom: i64, top: i64, q: i64) -> (i64, bool) {
        if slot < bottom {
            (slot, false)
        } else {
            (q - top + (slot - bottom), true)
        }
    }
}

#[cfg(test)]
mod tests;

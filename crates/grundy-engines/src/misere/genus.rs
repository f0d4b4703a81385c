//! Conway's genus (*On Numbers and Games*, ch. 12; *Winning Ways*, ch. 13).
//!
//! The misère Grundy value `G⁻` is defined like the normal one, `G⁻(X) = mex G⁻(options)`,
//! except that a position with no move has `G⁻ = 1`. The **genus** of `G` is
//! `g^{g₀ g₁ g₂ …}` where `g` is the normal-play value and `gₙ = G⁻(G + n·*2)`. The
//! superscript is eventually periodic (with period 2 in every known case); it is written up
//! to the point where the repetition is plain: `*0 = 0^{120}`, `*1 = 1^{031}`, `*2 = 2^{20}`.
//!
//! **Exactness.** `G⁻(X + *1 + *1) = G⁻(X)` for every `X` (the options of `X + *1 + *1` are
//! those of `X` plus `*1 + *1` and `X + *1`, and `G⁻(X + *1) ≠ G⁻(X)` since `X` is an
//! option of `X + *1`), so the values `G⁻(F + a·*2 + b·*1)` over the followers `F` of `G` and
//! `b ∈ {0, 1}` form, for each `a`, a finite vector that depends only on the vector for
//! `a − 1`. The first repeated vector therefore proves the period of the superscript of `G`
//! and of every follower at once; nothing is extrapolated.
//!
//! **Tame.** The genera of misère Nim positions are `0^{120}`, `1^{031}` and `g^{g (g⊕2)}`
//! for every `g` (written `g^{g}` by Conway: `0^{02}` is `*2 + *2`, `1^{13}` is `*2 + *3`). A
//! game all of whose positions have such genera is **tame** (Conway); tame games add like
//! misère Nim heaps, so a sum of tame games is a P-position exactly when the Nim position
//! with the same genera is.
//!
//! **Restive and restless** (Conway, *On Numbers and Games* ch. 12). A game that is not tame
//! but all of whose options are tame is **restive** when its normal value `g` is 0 or 1 (its
//! `g₀` is then at least 2), and **restless** when `g₀` is 0 or 1. Beside Nim positions a
//! restive game plays as `*g₀` when every Nim heap is `0`, `1`, `g₀` or `g₀ ⊕ 1`, and as `*g`
//! otherwise ([`restive_sum_outcome`], checked against exhaustive search). Every other game
//! that is not tame is **wild**. Classes are those of the raw positions of a ruleset (their
//! followers as the rules generate them), not of their simplest forms.
//!
//! This module finds genera by searching the followers of each heap (`follower_genera::heap_genera_by_followers`,
//! exponential in the heap); the module `canonical` reads them off the heaps' misère simplest
//! forms, far fewer for a wild game; the module `genus_quotient` reads them off the misère
//! quotient of the game's heaps with Nim heaps beside them when that quotient is small, and
//! chooses.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::fmt;

use super::game::OptionTable;
use super::search::{for_each_option, Position};
use crate::kernel::budget::in_part;
use crate::kernel::error::{GameError, Result};
use crate::nimber::{mex, Nimber};

/// Most followers whose genera are computed: of one position (`genera`), or of all the heaps
/// searched by one call of `follower_genera::heap_genera_by_followers` (memory: about 100 bytes each).
pub const MAX_FOLLOWERS: usize = 2_000_000;

/// A genus `g^{g₀ g₁ …}` with its proven eventual period.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play value `g`.
    pub normal: Nimber,
    /// `g₀, g₁, …` up to the end of the first period.
    pub misere: Vec<Nimber>,
    /// Index where the periodic part starts.
    pub period_start: usize,
    /// Length of the period.
    pub period: usize,
}

impl Genus {
    /// `gₙ` for any `n`.
    pub fn term(&self, n: usize) -> Nimber {
        if n < self.misere.len() {
            self.misere[n]
        } else {
            let k = (n - self.period_start) % self.period;
            self.misere[self.period_start + k]
        }
    }

    /// Whether this is the genus of some misère Nim position (see the module docs).
    pub fn is_tame(&self) -> bool {
        let g = self.normal;
        let span = self.period_start + 2 * self.period + 2;
        let nim_like = |first: Nimber, g: Nimber| {
            (0..span).all(|n| {
                let want = match n {
                    0 => first,
                    _ if n % 2 == 1 => g ^ 2,
                    _ => g,
                };
                self.term(n) == want
            })
        };
        match g {
            0 => nim_like(1, 0) || nim_like(0, 0),
            1 => nim_like(0, 1) || nim_like(1, 1),
            _ => nim_like(g, g),
        }
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wide = self.misere.iter().any(|&v| v >= 10);
        let parts: Vec<String> = self.misere.iter().map(|v| v.to_string()).collect();
        let sup = if wide {
            parts.join(",")
        } else {
            parts.concat()
        };
        write!(f, "{}^{{{}}}", self.normal, sup)
    }
}

/// Conway's classes of a game by its genus and its options' (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GenusClass {
    /// Every position has the genus of a misère Nim position.
    Tame,
    /// Not tame, every option tame, normal value 0 or 1 (and `g₀ >= 2`).
    Restive,
    /// Not tame, every option tame, `g₀` 0 or 1.
    Restless,
    /// Not tame, and some option is not tame either.
    Wild,
}

impl GenusClass {
    /// The class of a game with this `genus` whose options are all tame or not.
    pub fn of(genus: &Genus, options_tame: bool) -> GenusClass {
        let g0 = genus.term(0);
        match (options_tame, genus.is_tame()) {
            (true, true) => GenusClass::Tame,
            (true, false) if genus.normal <= 1 && g0 >= 2 => GenusClass::Restive,
            (true, false) if g0 <= 1 => GenusClass::Restless,
            _ => GenusClass::Wild,
        }
    }

    /// The class's name: `tame`, `restive`, `restless` or `wild`.
    pub fn name(self) -> &'static str {
        match self {
            GenusClass::Tame => "tame",
            GenusClass::Restive => "restive",
            GenusClass::Restless => "restless",
            GenusClass::Wild => "wild",
        }
    }
}

/// The genus of one heap and its class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapGenus {
    /// Heap size.
    pub heap: usize,
    /// Its genus.
    pub genus: Genus,
    /// Whether the heap and all its followers have tame genera.
    pub tame: bool,
    /// Whether every option of the heap is tame.
    pub options_tame: bool,
    /// Conway's class of the heap (as the rules generate it, not its simplest form).
    pub class: GenusClass,
}

impl HeapGenus {
    /// Heap `heap` of this genus, whose options are all tame or not.
    pub fn new(heap: usize, genus: Genus, options_tame: bool) -> HeapGenus {
        let class = GenusClass::of(&genus, options_tame);
        HeapGenus {
            heap,
            genus,
            tame: class == GenusClass::Tame,
            options_tame,
            class,
        }
    }
}

/// The genus of the Nim heap `*m`: `0^{120}`, `1^{031}`, and `m^{m (m⊕2)}` from `m = 2`.
pub fn nim_heap_genus(m: Nimber) -> Genus {
    let (misere, period_start) = match m {
        0 => (vec![1, 2, 0], 1),
        1 => (vec![0, 3, 1], 1),
        _ => (vec![m, m ^ 2], 0),
    };
    Genus {
        normal: m,
        misere,
        period_start,
        period: 2,
    }
}

/// The misère outcome of a restive game of genus `restive` beside the Nim heaps `nim`, by
/// Conway's rule (*On Numbers and Games* ch. 12): it plays as `*g₀` when every Nim heap is
/// `0`, `1`, `g₀` or `g₀ ⊕ 1`, and as `*g` otherwise; the Nim position so made is answered by
/// Bouton's misère rule. `None` unless the genus is that of a restive game (`g <= 1`,
/// `g₀ >= 2`); whether the game's options are tame is the caller's to know.
pub fn restive_sum_outcome(restive: &Genus, nim: &[Nimber]) -> Option<crate::sum::Outcome> {
    let (g, g0) = (restive.normal, restive.term(0));
    if g > 1 || g0 < 2 {
        return None;
    }
    let small = nim.iter().all(|&h| h <= 1 || h == g0 || h == g0 ^ 1);
    let plays = if small { g0 } else { g };
    // Bouton's misère rule on the Nim position `*plays + nim` (written out here: the engines
    // do not import the rulesets).
    let xor = nim.iter().fold(plays, |x, &h| x ^ h);
    let large = plays >= 2 || nim.iter().any(|&h| h >= 2);
    let p = if large { xor == 0 } else { xor == 1 };
    Some(if p {
        crate::sum::Outcome::P
    } else {
        crate::sum::Outcome::N
    })
}

/// The misère outcome of a sum of tame heaps by Conway's genus rule (*On Numbers and Games*,
/// ch. 12): a sum of tame games has the outcome of the misère Nim position with the same
/// genera. Genera `0^{120}` and `1^{031}` play as `*0` and `*1`; every other tame genus
/// `g^{g (g⊕2)}` plays as a Nim position with a heap of at least 2 and nim-sum `g` (`*g` for
/// `g >= 2`, `*2 + *2` for `0^{02}`, `*2 + *3` for `1^{13}`). So by Bouton's misère rule the
/// sum is a P-position exactly when the XOR of the normal values is 0 if some heap has a genus
/// of the second kind, and 1 otherwise. `None` when some heap is not tame: the rule says
/// nothing then (see [`super::quotient`]).
pub fn tame_sum_outcome(heaps: &[&HeapGenus]) -> Option<crate::sum::Outcome> {
    if heaps.iter().any(|h| !h.tame) {
        return None;
    }
    let xor = heaps.iter().fold(0, |x, h| x ^ h.genus.normal);
    let large = heaps
        .iter()
        .any(|h| h.genus.normal >= 2 || h.genus.term(0) == h.genus.normal);
    let p = if large { xor == 0 } else { xor == 1 };
    Some(if p {
        crate::sum::Outcome::P
    } else {
        crate::sum::Outcome::N
    })
}

/// The genus of a position (heaps ascending) and of all its followers.
pub fn genera(options: &OptionTable, position: &[u16]) -> Result<HashMap<Position, Genus>> {
    let followers = followers(options, position)?;
    let index: HashMap<&Position, usize> =
        followers.iter().enumerate().map(|(i, p)| (p, i)).collect();
    let moves: Vec<Vec<usize>> = followers
        .iter()
        .map(|p| {
            let mut out = Vec::new();
            for_each_option(options, p, |q| out.push(index[&q]));
            out
        })
        .collect();
    let normal = normal_values(&followers, &moves);
    let count = followers.len();
    // level[a][2f + b] = G⁻(F_f + a·*2 + b·*1)
    let mut levels: Vec<Vec<Nimber>> = Vec::new();
    let mut seen: HashMap<Vec<Nimber>, usize> = HashMap::default();
    loop {
        crate::kernel::cancel::check()?;
        let a = levels.len();
        let mut v = vec![0; 2 * count];
        for f in 0..count {
            for b in 0..2 {
                let mut opts: Vec<Nimber> = moves[f].iter().map(|&o| v[2 * o + b]).collect();
                if b == 1 {
                    opts.push(v[2 * f]);
                }
                if a >= 1 {
                    let below = &levels[a - 1];
                    opts.push(below[2 * f + (b ^ 1)]);
                    opts.push(below[2 * f + b]);
                }
                v[2 * f + b] = if opts.is_empty() { 1 } else { mex(opts) };
            }
        }
        if let Some(&start) = seen.get(&v) {
            let period = a - start;
            return Ok(followers
                .iter()
                .enumerate()
                .map(|(f, p)| {
                    let terms: Vec<Nimber> = levels.iter().map(|l| l[2 * f]).collect();
                    (p.clone(), Genus::shortest(normal[f], terms, start, period))
                })
                .collect());
        }
        seen.insert(v.clone(), a);
        levels.push(v);
    }
}

impl Genus {
    /// The genus with the least preperiod and period that the proven `(start, period)` of
    /// `terms` (at least `start + period` of them) allows.
    pub fn shortest(normal: Nimber, terms: Vec<Nimber>, start: usize, period: usize) -> Genus {
        let full = Genus {
            normal,
            misere: terms,
            period_start: start,
            period,
        };
        let horizon = start + 2 * period;
        for p in (1..=period).filter(|p| period % p == 0) {
            for s in 0..=start {
                if (s..horizon).all(|a| full.term(a) == full.term(a + p)) {
                    let misere = (0..s + p).map(|a| full.term(a)).collect();
                    return Genus {
                        normal,
                        misere,
                        period_start: s,
                        period: p,
                    };
                }
            }
        }
        full
    }
}

/// The genus of a heap whose options (`heap_options`, each a list of heaps) are all made of
/// tame heaps (`known[x - 1]` is heap `x`), without searching its followers.
///
/// A sum of tame games is tame and has the genus of the misère Nim position with the same
/// genera (Conway 1976, ch. 12; Winning Ways 1982, ch. 13): normal value the XOR of the
/// parts', and `g^{g (g⊕2)}` ("large") when some part is, else `0^{120}` or `1^{031}`. So
/// `G⁻(O + a·*2 + b·*1)` of every option `O` is Bouton's misère value of a Nim position, and
/// the heap's own `G⁻(H + a·*2 + b·*1)` follows by the mex rule level by level, as in
/// [`genera`] with the heap as the only follower searched. From `a = 1` the options' values
/// depend only on the parity of `a`, so the first repeated pair (level, parity) proves the
/// period.
pub fn genus_by_tame_options(heap_options: &[Vec<usize>], known: &[HeapGenus]) -> Genus {
    // Each option as (XOR of normal values, some part large).
    let sums: Vec<(Nimber, bool)> = heap_options
        .iter()
        .map(|o| {
            o.iter().fold((0, false), |(x, large), &h| {
                let g = &known[h - 1].genus;
                (
                    x ^ g.normal,
                    large || g.normal >= 2 || g.term(0) == g.normal,
                )
            })
        })
        .collect();
    let normal = mex(sums.iter().map(|&(x, _)| x));
    // Bouton's misère rule: with a heap of 2 or more the value is the nim-sum, otherwise its
    // complement in the last bit.
    let nim_misere = |(x, large): (Nimber, bool), a: usize, b: usize| {
        let x = x ^ if a % 2 == 1 { 2 } else { 0 } ^ b as Nimber;
        if large || a >= 1 {
            x
        } else {
            x ^ 1
        }
    };
    let mut levels: Vec<[Nimber; 2]> = Vec::new();
    let mut seen: HashMap<([Nimber; 2], usize), usize> = HashMap::default();
    loop {
        let a = levels.len();
        let mut v = [0; 2];
        for b in 0..2 {
            let mut opts: Vec<Nimber> = sums.iter().map(|&s| nim_misere(s, a, b)).collect();
            if b == 1 {
                opts.push(v[0]);
            }
            if a >= 1 {
                opts.push(levels[a - 1][b ^ 1]);
                opts.push(levels[a - 1][b]);
            }
            v[b] = if opts.is_empty() { 1 } else { mex(opts) };
        }
        if a >= 1 {
            if let Some(&start) = seen.get(&(v, a % 2)) {
                let terms: Vec<Nimber> = levels.iter().map(|l| l[0]).collect();
                return Genus::shortest(normal, terms, start, a - start);
            }
            seen.insert((v, a % 2), a);
        }
        levels.push(v);
    }
}

/// The genus of every heap `1..=max_heap` and its class, each from the genera of all its
/// followers (the tests' oracle for `follower_genera::heap_genera_by_followers`).
pub fn heap_genera_all_followers(options: &OptionTable) -> Result<Vec<HeapGenus>> {
    (1..=options.max_heap())
        .map(|h| heap_genus_by_followers(options, h))
        .collect()
}

/// The genus and class of heap `h` from the genera of all its followers.
fn heap_genus_by_followers(options: &OptionTable, h: usize) -> Result<HeapGenus> {
    {
        // A refusal (the question's budget) names the heap whose followers were searched.
        let all = in_part(
            || format!("the genus of heap {h}"),
            || genera(options, &[h as u16]),
        )?;
        let genus = all[&vec![h as u16]].clone();
        let options_tame = all
            .iter()
            .filter(|(p, _)| p.as_slice() != [h as u16])
            .all(|(_, g)| g.is_tame());
        Ok(HeapGenus::new(h, genus, options_tame))
    }
}

/// Whether the heap `heap` has at most `cap` followers (positions reachable from it): the
/// follower search of every heap up to it is then quick.
pub fn has_few_followers(options: &OptionTable, heap: usize, cap: usize) -> bool {
    reachable(options, &[heap as u16], cap).is_some()
}

/// Every position reachable from `position`, `None` beyond `cap` of them.
fn reachable(options: &OptionTable, position: &[u16], cap: usize) -> Option<HashSet<Position>> {
    let mut seen: HashSet<Position> = HashSet::from_iter([position.to_vec()]);
    let mut stack = vec![position.to_vec()];
    while let Some(p) = stack.pop() {
        for_each_option(options, &p, |q| {
            if !seen.contains(&q) {
                seen.insert(q.clone());
                stack.push(q);
            }
        });
        if seen.len() > cap {
            return None;
        }
    }
    Some(seen)
}

/// Every position reachable from `position`, options before the positions they come from.
fn followers(options: &OptionTable, position: &[u16]) -> Result<Vec<Position>> {
    let seen = reachable(options, position, MAX_FOLLOWERS).ok_or_else(|| {
        GameError::too_large(
            "genus computation",
            format!("the position has more than {MAX_FOLLOWERS} followers"),
        )
    })?;
    let mut all: Vec<Position> = seen.into_iter().collect();
    all.sort_by_key(|p| {
        let total: usize = p.iter().map(|&h| h as usize).sum();
        let squares: usize = p.iter().map(|&h| (h as usize).pow(2)).sum();
        (total, squares, p.clone())
    });
    Ok(all)
}

fn normal_values(followers: &[Position], moves: &[Vec<usize>]) -> Vec<Nimber> {
    let mut values = vec![0; followers.len()];
    for f in 0..followers.len() {
        values[f] = mex(moves[f].iter().map(|&o| values[o]));
    }
    values
}

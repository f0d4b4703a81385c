//! Genera by the followers of heaps `1, 2, …` in turn, each follower searched once.
//!
//! [`super::genus::genera`] finds the genus of every follower of one position from the vectors
//! `G⁻(F + a·*2 + b·*1)` over its followers `F`, `a = 0, 1, …`, until a vector repeats. Asked
//! heap after heap, it searched the followers of each heap afresh, though the followers of a
//! heap are mostly those of the heaps below it (every heap of Kayles is a follower of the next):
//! the work summed over the heaps, about four times that of the largest for Kayles, whose
//! followers grow by a third per heap. [`FollowerGenera`] keeps one table instead: a heap adds
//! only its followers not met before, and their values at the levels already computed.
//!
//! The values `G⁻(F + a·*2 + b·*1)` of a position are its own: they do not depend on the table
//! around it. The table is closed under options, so its vector at level `a` is a function of
//! its vector at level `a − 1` (the exactness argument of `genus`), and the first repeat of the
//! whole table's vector proves the period of every position in it at once. A heap added later
//! may need more levels before the larger table's vector repeats; the levels are then extended
//! for every position.

use rustc_hash::FxHashMap as HashMap;

use super::game::OptionTable;
use super::genus::{genus_by_tame_options, has_few_followers, Genus, HeapGenus, MAX_FOLLOWERS};
use super::search::{for_each_option, Position};
use crate::kernel::budget::in_part;
use crate::kernel::error::{GameError, Result};
use crate::nimber::{mex, Nimber};

/// Every follower of the heaps added so far, with its values at each level.
#[derive(Debug, Default)]
pub struct FollowerGenera {
    index: HashMap<Position, usize>,
    /// `moves[f]`: the options of position `f` (each added before it).
    moves: Vec<Vec<usize>>,
    normal: Vec<Nimber>,
    /// `levels[a][2f + b] = G⁻(F_f + a·*2 + b·*1)`.
    levels: Vec<Vec<Nimber>>,
    /// `(start, period)`: the first repeat of the table's vector, once found.
    repeat: Option<(usize, usize)>,
    /// `genus[f]`, once the repeat is found for the table holding `f`.
    genus: Vec<Option<Genus>>,
    /// `followers_tame[f]`: every follower of `f` other than itself has a tame genus.
    followers_tame: Vec<bool>,
}

impl FollowerGenera {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no position is held.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The genus of the heap `h` and whether every follower of it other than itself is tame,
    /// adding its followers (at most [`MAX_FOLLOWERS`] in the whole table).
    pub fn heap(&mut self, options: &OptionTable, h: usize) -> Result<(Genus, bool)> {
        let root: Position = vec![h as u16];
        let first_new = self.len();
        self.insert(options, root.clone())?;
        if self.len() > first_new {
            self.extend_new(first_new)?;
            self.find_repeat()?;
            self.classify_new(first_new);
        }
        let f = self.index[&root];
        let genus = self.genus[f].clone().expect("classified");
        Ok((genus, self.followers_tame[f]))
    }

    /// Adds `root` and its followers not held yet, options before the positions they come
    /// from (a depth-first search, each position added after its options).
    fn insert(&mut self, options: &OptionTable, root: Position) -> Result<()> {
        if self.index.contains_key(&root) {
            return Ok(());
        }
        // (position, its options not yet known to be held, or None before they are listed)
        let mut stack: Vec<(Position, Option<Vec<Position>>)> = vec![(root, None)];
        while let Some((p, pending)) = stack.pop() {
            match pending {
                None => {
                    let mut next = Vec::new();
                    for_each_option(options, &p, |q| next.push(q));
                    next.sort_unstable();
                    next.dedup();
                    stack.push((p, Some(next)));
                }
                Some(mut rest) => {
                    let mut descended = false;
                    while let Some(q) = rest.pop() {
                        if !self.index.contains_key(&q) {
                            stack.push((p.clone(), Some(rest)));
                            stack.push((q, None));
                            descended = true;
                            break;
                        }
                    }
                    // Every option is held: add `p` (a follower of two positions on the
                    // stack is added once).
                    if !descended && !self.index.contains_key(&p) {
                        self.add(options, p)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Adds `p`, whose options are all held.
    fn add(&mut self, options: &OptionTable, p: Position) -> Result<()> {
        if self.len() >= MAX_FOLLOWERS {
            return Err(GameError::too_large(
                "genus computation",
                format!("the heaps' followers number more than {MAX_FOLLOWERS}"),
            ));
        }
        if self.len() % 4096 == 0 {
            crate::kernel::cancel::check()?;
        }
        let mut moves = Vec::new();
        for_each_option(options, &p, |q| moves.push(self.index[&q]));
        moves.sort_unstable();
        moves.dedup();
        let normal = mex(moves.iter().map(|&o| self.normal[o]));
        self.index.insert(p, self.moves.len());
        self.moves.push(moves);
        self.normal.push(normal);
        self.genus.push(None);
        self.followers_tame.push(false);
        Ok(())
    }

    /// `G⁻(F + a·*2 + b·*1)` of the positions from `first` on, at every level held.
    fn extend_new(&mut self, first: usize) -> Result<()> {
        let count = self.len();
        for a in 0..self.levels.len() {
            crate::kernel::cancel::check()?;
            let (below, rest) = self.levels.split_at_mut(a);
            let level = &mut rest[0];
            level.resize(2 * count, 0);
            for f in first..count {
                for b in 0..2 {
                    let v = value(&self.moves[f], level, below.last(), f, b);
                    level[2 * f + b] = v;
                }
            }
        }
        Ok(())
    }

    /// Computes levels until the table's vector repeats (keeping the first repeat when the
    /// levels held already show one).
    fn find_repeat(&mut self) -> Result<()> {
        let count = self.len();
        self.repeat = None;
        for a in 1..self.levels.len() {
            if let Some(start) = (0..a).find(|&s| self.levels[s] == self.levels[a]) {
                self.repeat = Some((start, a - start));
                return Ok(());
            }
        }
        loop {
            crate::kernel::cancel::check()?;
            let a = self.levels.len();
            let mut level = vec![0; 2 * count];
            for f in 0..count {
                for b in 0..2 {
                    level[2 * f + b] = value(&self.moves[f], &level, self.levels.last(), f, b);
                }
            }
            if let Some(start) = (0..a).find(|&s| self.levels[s] == level) {
                self.repeat = Some((start, a - start));
                return Ok(());
            }
            self.levels.push(level);
        }
    }

    /// The genus of each position from `first` on, and whether its followers are all tame.
    fn classify_new(&mut self, first: usize) {
        let (start, period) = self.repeat.expect("found");
        for f in first..self.len() {
            let terms: Vec<Nimber> = self.levels[..start + period]
                .iter()
                .map(|l| l[2 * f])
                .collect();
            self.genus[f] = Some(Genus::shortest(self.normal[f], terms, start, period));
            let tame = self.moves[f].iter().all(|&o| {
                self.followers_tame[o] && self.genus[o].as_ref().is_some_and(Genus::is_tame)
            });
            self.followers_tame[f] = tame;
        }
    }
}

/// `G⁻(F_f + a·*2 + b·*1)` from the options' values at the same level (`level`, options first)
/// and the position's own at the level below (`below`, none at level 0): the options of
/// `F + a·*2 + b·*1` are `F' + a·*2 + b·*1`, `F + a·*2` (for `b = 1`), and `F + (a−1)·*2 +
/// *1 + b·*1` and `F + (a−1)·*2 + b·*1` (a `*2` to `*1` or `*0`, for `a >= 1`; `*1 + *1`
/// counts as nothing, by exactness).
fn value(
    moves: &[usize],
    level: &[Nimber],
    below: Option<&Vec<Nimber>>,
    f: usize,
    b: usize,
) -> Nimber {
    let mut opts: Vec<Nimber> = moves.iter().map(|&o| level[2 * o + b]).collect();
    if b == 1 {
        opts.push(level[2 * f]);
    }
    if let Some(below) = below {
        opts.push(below[2 * f + (b ^ 1)]);
        opts.push(below[2 * f + b]);
    }
    if opts.is_empty() {
        1
    } else {
        mex(opts)
    }
}

/// The genus of every heap `1..=max_heap` and its class: by the genus rule
/// ([`genus_by_tame_options`]) for a heap whose options are made of tame heaps, and from the
/// genera of all its followers only for a heap with an option that is not tame, where the
/// theory says nothing. The followers of the heaps searched are kept in one table
/// ([`FollowerGenera`], at most [`MAX_FOLLOWERS`] positions in all), so each follower
/// is searched once however many heaps it follows.
pub fn heap_genera_by_followers(options: &OptionTable) -> Result<Vec<HeapGenus>> {
    Ok(heap_genera_capped(options, None)?.expect("no cap, no refusal"))
}

/// [`heap_genera_by_followers`], or `Err(h)` as soon as a heap `h` that needs the follower
/// search has more than `cap` followers.
pub fn heap_genera_capped(
    options: &OptionTable,
    cap: Option<usize>,
) -> Result<std::result::Result<Vec<HeapGenus>, usize>> {
    let mut out: Vec<HeapGenus> = Vec::new();
    let mut searched = FollowerGenera::new();
    for h in 1..=options.max_heap() {
        in_part(
            || format!("the genus of heap {h}"),
            crate::kernel::cancel::check,
        )?;
        let tame_options = options.options[h]
            .iter()
            .all(|o| o.iter().all(|&x| out[x - 1].tame));
        if tame_options {
            let genus = genus_by_tame_options(&options.options[h], &out);
            out.push(HeapGenus::new(h, genus, true));
            continue;
        }
        if cap.is_some_and(|cap| !has_few_followers(options, h, cap)) {
            return Ok(Err(h));
        }
        // A refusal (the question's budget) names the heap whose followers were searched.
        let (genus, options_tame) = in_part(
            || format!("the genus of heap {h}"),
            || searched.heap(options, h),
        )?;
        out.push(HeapGenus::new(h, genus, options_tame));
    }
    Ok(Ok(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::heap_rules::HeapRules;
    use crate::misere::genus::genera;

    /// One table for heaps `1..=n` against a search of each heap's followers apart (the genus
    /// and whether every other follower is tame): Kayles (every heap a follower of the next),
    /// 0.4 (splits only: heap `n − 1` is no follower of `n`), Dawson's Kayles and Daisies.
    #[test]
    fn one_table_equals_a_search_per_heap() {
        for (code, n) in [("0.77", 22), ("0.4", 18), ("0.07", 18), ("4.7", 12)] {
            let options = OptionTable::new(&HeapRules::parse(code).unwrap(), n).unwrap();
            let mut table = FollowerGenera::new();
            for h in 1..=n {
                let (genus, tame) = table.heap(&options, h).unwrap();
                let root = vec![h as u16];
                let apart = genera(&options, &root).unwrap();
                assert_eq!(genus, apart[&root], "{code} heap {h}");
                let others_tame = apart
                    .iter()
                    .filter(|(p, _)| **p != root)
                    .all(|(_, g)| g.is_tame());
                assert_eq!(tame, others_tame, "{code} heap {h}");
            }
            assert!(!table.is_empty());
        }
    }
}

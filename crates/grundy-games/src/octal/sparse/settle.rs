//! Settling a position's candidate: the splits of two common parts that the rare/common
//! method leaves out are looked for (or recorded) only while the candidate's code is rare.

use super::class::code_of;
use super::kernels::find_pair_xor;
use super::value::Value;
use super::{Solver, CHEAP_RESCANS, MAX_VALUE, RECORD_STEP};

impl<V: Value> Solver<V> {
    /// Raises the candidate `mex(seen)` until no split can reach it: that is `G(n)`.
    ///
    /// A candidate whose code is rare in a class of the rare/common method needs a split of two
    /// common parts. Such candidates come by the dozen (Officers: some 60 a position, found
    /// on average 450 pairs deep, the deepest some 2,500 deep), so rather than looking for each
    /// one and then recording the pairs before the hit, the pairs are recorded blind, a step of
    /// [`RECORD_STEP`] at a time, into byte marks folded into `seen` only where the mex looks
    /// (see [`Seen::mex_from`]): a store per pair, against a scan and a store per pair before.
    /// Beyond a class's blind limit (twice the depth positions needed lately), in dense
    /// classes, and in classes whose positions need few candidates found (`0.104`: a few, a
    /// few dozen pairs deep), the candidate is looked for first ([`Solver::scan_split`]): the
    /// scan reads a split at a third of the cost of recording it, so it wins when the pairs
    /// recorded would mostly go unused, as at rare positions, whose value no split reaches.
    pub(super) fn settle_candidate(&mut self, n: usize) -> u32 {
        if let ([inserted], [from]) = (&mut self.inserted[..], &self.scan_from[..]) {
            // One split amount (Officers, `0.104`): a store, not a call to `memcpy`.
            *inserted = *from;
        } else {
            self.inserted.copy_from_slice(&self.scan_from);
        }
        let mut hits = 0;
        let mut marked = false;
        let mut g = self.seen.mex();
        'verify: loop {
            // Bit `ci`: class `ci` has no split of two common parts reaching `g`.
            let mut settled = 0u32;
            let mut stepped = false;
            let mut slot = 0;
            for ci in 0..self.classes.len() {
                let amounts = self.classes[ci].amounts.len();
                if !self.needs_scan(ci, n, g) {
                    settled |= 1 << ci;
                } else if self.classes[ci].blind_mode {
                    for i in 0..amounts {
                        let k = self.classes[ci].amounts[i];
                        if k + 2 <= n {
                            stepped |= self.record_step(ci, n - k, slot + i);
                        }
                    }
                    // At once, not after the loop: a later class's scan may hit and restart
                    // the loop, and marks not known of were left for the next positions,
                    // where they passed for options (`0.354`, one class blind and the other
                    // not: heap 3,115,549 got 38 for 14).
                    marked |= stepped;
                } else if let Some(next) = self.scan_class(ci, n, slot, g, &mut hits, &mut marked) {
                    g = next;
                    continue 'verify;
                }
                slot += amounts;
            }
            if stepped {
                marked = true;
                let next = self.seen.mex_from(g, &self.marks.0);
                if next != g {
                    hits += 1;
                    g = next;
                }
                continue 'verify;
            }
            // Classes recording blind, past their blind limit: scans.
            slot = 0;
            for ci in 0..self.classes.len() {
                let amounts = self.classes[ci].amounts.len();
                if settled & (1 << ci) == 0 && self.classes[ci].blind_mode {
                    if let Some(next) = self.scan_class(ci, n, slot, g, &mut hits, &mut marked) {
                        g = next;
                        continue 'verify;
                    }
                }
                slot += amounts;
            }
            if self.blind_block {
                self.note_settled(settled);
            }
            if marked {
                // Every XOR of two values in play is below `64 · (seen's words - 1)`.
                let used = 64 * (self.seen.words.len() - 1);
                self.marks.0[..used].fill(0);
            }
            return g;
        }
    }

    /// Scans the split amounts of class `ci` (from slot `slot`) for `g`; on a hit, the next
    /// candidate.
    fn scan_class(
        &mut self,
        ci: usize,
        n: usize,
        slot: usize,
        g: u32,
        hits: &mut usize,
        marked: &mut bool,
    ) -> Option<u32> {
        for i in 0..self.classes[ci].amounts.len() {
            let k = self.classes[ci].amounts[i];
            if k + 2 <= n && self.scan_split(ci, n - k, slot + i, g as u16, hits) {
                *marked |= self.inserted[slot + i] != self.scan_from[slot + i];
                return Some(if *marked {
                    self.seen.mex_from(g, &self.marks.0)
                } else {
                    self.seen.mex()
                });
            }
        }
        None
    }

    /// Whether candidate `g` must be looked for among the splits of class `ci` at position
    /// `n`: in dense mode always, else when its code is rare (a split of two common parts
    /// never has a common code). `false` beyond the largest value.
    fn needs_scan(&mut self, ci: usize, n: usize, g: u32) -> bool {
        g <= MAX_VALUE
            && g <= u32::from(V::MAX)
            && (self.classes[ci].block_dense || self.classes[ci].is_rare(code_of(n, g as u16)))
    }

    /// Records the next [`RECORD_STEP`] pairs `a + (rest - a)` of split slot `slot` as marks,
    /// if they are within the class's blind limit; `false` if there are none to record.
    fn record_step(&mut self, ci: usize, rest: usize, slot: usize) -> bool {
        let from = self.frontier(ci, slot);
        let last = self.last_part(rest);
        if from > last || from >= self.scan_from[slot] + self.classes[ci].blind {
            return false;
        }
        let mut end = (from + RECORD_STEP - 1).min(last);
        let far = &self.classes[ci].far_parts;
        if from < far.start {
            end = end.min(far.start - 1);
        }
        self.classes[ci].blind_steps += 1;
        V::mark_xors(
            &self.values[from..=end],
            self.mirror.partners(rest, from, end),
            &mut self.marks.0,
        );
        self.inserted[slot] = end + 1;
        true
    }

    /// The first small part of split slot `slot` whose splits are neither in `seen` nor marked:
    /// past the small parts the second thread recorded, if it has reached them.
    fn frontier(&self, ci: usize, slot: usize) -> usize {
        let from = self.inserted[slot];
        let far = &self.classes[ci].far_parts;
        if far.contains(&from) {
            far.end
        } else {
            from
        }
    }

    /// The largest smaller part of a split of `rest` (Grundy's game: strictly smaller).
    fn last_part(&self, rest: usize) -> usize {
        if self.unequal_splits {
            (rest - 1) / 2
        } else {
            rest / 2
        }
    }

    /// After settling a position: each class recording blind that settled it on a common code
    /// (bit `ci` of `settled`) learns how deep its splits were recorded.
    fn note_settled(&mut self, settled: u32) {
        let mut slot = 0;
        for ci in 0..self.classes.len() {
            let amounts = self.classes[ci].amounts.len();
            if settled & (1 << ci) != 0 && self.classes[ci].blind_mode {
                let depth = (slot..slot + amounts)
                    .map(|s| self.inserted[s] - self.scan_from[s])
                    .max()
                    .unwrap_or(0);
                self.classes[ci].note_settled(depth);
            }
            slot += amounts;
        }
    }

    /// Looks for `g` among the splits `a + (rest - a)` not yet recorded; on a hit, puts `g` in
    /// `seen` or the marks and returns true.
    ///
    /// After a hit the next candidate must be looked for from the start again. The first few
    /// times, rescanning (vectorised) is cheaper than recording every pair before the hit;
    /// after [`CHEAP_RESCANS`] hits at one position the pairs are recorded instead, so the
    /// total work stays within the naive `O(n)`.
    fn scan_split(
        &mut self,
        ci: usize,
        rest: usize,
        slot: usize,
        g: u16,
        hits: &mut usize,
    ) -> bool {
        let from = self.frontier(ci, slot);
        let last = self.last_part(rest);
        // Two values that fit `V` XOR to a value that fits `V`.
        if from > last || g > V::MAX {
            return false;
        }
        let low = &self.values[from..=last];
        let high = self.mirror.partners(rest, from, last);
        let Some(hit) = find_pair_xor(low, high, V::from_u16(g)).map(|i| from + i) else {
            return false;
        };
        *hits += 1;
        let class = &mut self.classes[ci];
        class.hits += 1;
        class.hit_depth += (hit + 1 - from) as u64;
        class.scanned += hit + 1 - from;
        if *hits <= CHEAP_RESCANS {
            self.seen.insert(g);
        } else {
            V::mark_xors(
                &self.values[from..=hit],
                self.mirror.partners(rest, from, hit),
                &mut self.marks.0,
            );
            self.inserted[slot] = hit + 1;
        }
        true
    }
}

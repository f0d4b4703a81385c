//! Values of take-and-break codes bottom-up, every option counted once per heap size.
//!
//! A split leaves parts summing to `m = n - k`; what the parts are worth depends on `m` alone.
//! So the solver keeps, for every `m`, the set of values of its splits:
//!
//! * `P(m)`, the pairs `G(a) XOR G(m - a)` with `a < m - a` (`O(m)` to make, once); the equal
//!   pair `a = m - a`, worth 0, is added when the digit allows equal heaps;
//! * `T(m)`, the triples `G(a) XOR G(b) XOR G(c)`, `a + b + c = m`: the union over the
//!   largest part `a` of `P(m - a)` translated by `G(a)`. A translation by XOR moves whole
//!   words by the value's high bits (as cheap as a union) and permutes the bits inside each
//!   word by its low six: the sets are moved first and gathered by those six bits, so this
//!   costs `O(m)` set unions plus at most 64 permutations, instead of the `O(m²)` triples
//!   one by one (or one permutation per distinct value). With `!` (heaps must differ) the
//!   triples `a < b < c` are listed directly;
//!
//! and a heap's options are the unions of these sets over the amounts its code allows. A code
//! that repeats for ever allows every amount in a residue class from some point on: for each
//! such class the solver keeps the running union of the sets it reaches, so each heap still
//! costs a few unions.
//!
//! The sets are bit words (module `sets`); their width grows with the values. Their memory
//! is bounded by [`MAX_SET_WORDS`].

use super::code::{TakeBreakCode, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, UNEQUAL};
use super::sets::{insert, mex, or_into, or_moved, or_translated, Arena};
use crate::kernel::error::{GameError, Result};

/// The most words (8 bytes each) the solver's sets of options may hold.
pub const MAX_SET_WORDS: usize = 1 << 25;

/// Whether the solver lists triples one by one (splits in three that must leave unequal
/// heaps): `O(n²)` work per value instead of `O(n)`.
pub fn lists_triples(code: &TakeBreakCode) -> bool {
    code.prefix()
        .iter()
        .chain(code.repeat())
        .any(|&c| c & LEAVE_THREE != 0 && c & UNEQUAL != 0)
}

/// One residue class of amounts of a repeating code: `k = first + q·w`, `w >= 0`, with the
/// running unions of the sets those amounts reach, one per residue of `m` modulo `q`.
#[derive(Debug, Clone)]
struct Tail {
    first: usize,
    cell: u8,
    /// `[residue of m]`: `G(m)` for the one heap left.
    one: Vec<Vec<u64>>,
    /// `[residue of m]`: `P(m)` (with the equal pair unless the cell forbids it).
    two: Vec<Vec<u64>>,
    /// `[residue of m]`: `T(m)` or its unequal form.
    three: Vec<Vec<u64>>,
}

/// The fast solver: values `G(0..len)` and the sets that make the next ones cheap.
#[derive(Debug, Clone)]
pub struct Solver {
    code: TakeBreakCode,
    values: Vec<u32>,
    /// Words per set: a power of two with every value below `64·width`.
    width: usize,
    /// The amounts before the repeating block (all of them for a finite code) with a digit.
    fixed: Vec<(usize, u8)>,
    tails: Vec<Tail>,
    /// `P(m)` without the equal pair, for every `m` (when some digit splits).
    pairs: Arena,
    /// `T(m)` for every `m` (when some digit splits in three and allows equal heaps).
    triples: Arena,
    /// `T(m)` with three different parts (when some digit splits in three with `!`).
    distinct_triples: Arena,
    needs_pairs: bool,
    needs_triples: bool,
    needs_distinct_triples: bool,
    seen: Vec<u64>,
    scratch: Vec<u64>,
    /// Per low six bits `l` of a value: the union of `P(m - a)` moved by the high bits of
    /// `G(a)`, over the parts `a` with `G(a) & 63 = l` (see `make_triples`).
    buckets: Vec<u64>,
}

impl Solver {
    /// A solver for `code`, starting from the empty sequence.
    pub fn new(code: &TakeBreakCode) -> Self {
        let start = code.repeat_start();
        let fixed: Vec<(usize, u8)> = (0..start)
            .map(|k| (k, code.cell(k as u64)))
            .filter(|&(_, c)| c & 15 != 0)
            .collect();
        let q = code.repeat().len();
        let tails: Vec<Tail> = (0..q)
            .map(|i| Tail {
                first: start + i,
                cell: code.repeat()[i],
                one: vec![vec![0]; q],
                two: vec![vec![0]; q],
                three: vec![vec![0]; q],
            })
            .filter(|t| t.cell & 15 != 0)
            .collect();
        let all = code
            .prefix()
            .iter()
            .chain(code.repeat())
            .fold(0u8, |acc, &c| acc | c);
        let three_equal = code
            .prefix()
            .iter()
            .chain(code.repeat())
            .any(|&c| c & LEAVE_THREE != 0 && c & UNEQUAL == 0);
        let three_distinct = lists_triples(code);
        Solver {
            code: code.clone(),
            values: Vec::new(),
            width: 1,
            fixed,
            tails,
            pairs: Arena::new(),
            triples: Arena::new(),
            distinct_triples: Arena::new(),
            needs_pairs: all & (LEAVE_TWO | LEAVE_THREE) != 0,
            needs_triples: three_equal,
            needs_distinct_triples: three_distinct,
            seen: vec![0],
            scratch: vec![0],
            buckets: Vec::new(),
        }
    }

    /// A solver that continues from known values (restored from a checkpoint): the sets are
    /// rebuilt from them.
    pub fn resume(code: &TakeBreakCode, values: &[u32]) -> Result<Self> {
        let mut solver = Self::new(code);
        for &g in values {
            solver.prepare(solver.values.len())?;
            solver.push(g)?;
        }
        Ok(solver)
    }

    /// `G(0..len)`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The code.
    pub fn code(&self) -> &TakeBreakCode {
        &self.code
    }

    /// Computes values until there are `count`, looking at the question's budget and the
    /// cancel flag at every heap (a heap of a code with splits into three different parts costs
    /// `n²/12` steps: some 10 ms at 4,096).
    pub fn extend_to(&mut self, count: usize) -> Result<()> {
        self.values.reserve(count.saturating_sub(self.values.len()));
        while self.values.len() < count {
            let n = self.values.len();
            crate::kernel::cancel::check()?;
            self.prepare(n)?;
            let g = self.next_value(n);
            self.push(g)?;
        }
        Ok(())
    }

    /// Makes `P(n)` and `T(n)` (from the values below `n`) and adds to the running unions of
    /// the repeating amounts the sets they reach at heap `n`.
    fn prepare(&mut self, n: usize) -> Result<()> {
        if self.needs_pairs {
            self.make_pairs(n);
        }
        if self.needs_triples {
            self.make_triples(n);
        }
        if self.needs_distinct_triples {
            self.make_distinct_triples(n);
        }
        let used = self.pairs.words() + self.triples.words() + self.distinct_triples.words();
        if used > MAX_SET_WORDS {
            return Err(GameError::too_large(
                format!("the option sets of G(0..{n}) of {}", self.code),
                format!(
                    "at most {} MiB of sets (this code's values grow too fast for more heaps)",
                    (MAX_SET_WORDS * 8) >> 20
                ),
            ));
        }
        let q = self.code.repeat().len();
        for t in 0..self.tails.len() {
            let first = self.tails[t].first;
            if n < first {
                continue;
            }
            let m = n - first;
            let r = m % q.max(1);
            let cell = self.tails[t].cell;
            if cell & LEAVE_ONE != 0 && m >= 1 {
                let g = self.values[m];
                insert(&mut self.tails[t].one[r], g);
            }
            if cell & LEAVE_TWO != 0 && m >= 2 {
                let set = &mut self.tails[t].two[r];
                or_into(set, self.pairs.get(m));
                if m % 2 == 0 && cell & UNEQUAL == 0 {
                    insert(set, 0);
                }
            }
            if cell & LEAVE_THREE != 0 && m >= 3 {
                let source = if cell & UNEQUAL != 0 {
                    self.distinct_triples.get(m)
                } else {
                    self.triples.get(m)
                };
                or_into(&mut self.tails[t].three[r], source);
            }
        }
        Ok(())
    }

    /// `G(n)`: the mex of the unions of the sets its amounts reach.
    fn next_value(&mut self, n: usize) -> u32 {
        let seen = &mut self.seen;
        seen.iter_mut().for_each(|w| *w = 0);
        if n > 0 && self.code.cell(n as u64) & LEAVE_NONE != 0 {
            insert(seen, 0);
        }
        for &(k, cell) in &self.fixed {
            if k > n {
                break;
            }
            let m = n - k;
            if cell & LEAVE_ONE != 0 && k > 0 && m > 0 {
                insert(seen, self.values[m]);
            }
            if cell & LEAVE_TWO != 0 && m >= 2 {
                or_into(seen, self.pairs.get(m));
                if m % 2 == 0 && cell & UNEQUAL == 0 {
                    insert(seen, 0);
                }
            }
            if cell & LEAVE_THREE != 0 && m >= 3 {
                if cell & UNEQUAL != 0 {
                    or_into(seen, self.distinct_triples.get(m));
                } else {
                    or_into(seen, self.triples.get(m));
                }
            }
        }
        let q = self.code.repeat().len().max(1);
        for tail in &self.tails {
            if n < tail.first {
                continue;
            }
            let r = (n - tail.first) % q;
            or_into(seen, &tail.one[r]);
            or_into(seen, &tail.two[r]);
            or_into(seen, &tail.three[r]);
        }
        mex(seen)
    }

    /// Appends `G(n) = g`, widening the sets when `g` needs more bits.
    fn push(&mut self, g: u32) -> Result<()> {
        if g == u32::MAX {
            return Err(GameError::too_large(
                format!("the value of heap {} of {}", self.values.len(), self.code),
                "values below 2^32 - 1",
            ));
        }
        self.values.push(g);
        let needed = ((g as usize + 1).next_power_of_two()).div_ceil(64);
        if needed > self.width {
            self.width = needed;
            self.seen.resize(needed, 0);
            self.scratch.resize(needed, 0);
            for tail in &mut self.tails {
                for set in tail
                    .one
                    .iter_mut()
                    .chain(&mut tail.two)
                    .chain(&mut tail.three)
                {
                    set.resize(needed, 0);
                }
            }
        }
        Ok(())
    }

    /// `P(m)`: the values of the splits of `m` into two different parts.
    fn make_pairs(&mut self, m: usize) {
        let set = &mut self.scratch;
        set.iter_mut().for_each(|w| *w = 0);
        let v = &self.values;
        if m >= 3 {
            let last = (m - 1) / 2;
            if self.width == 1 {
                let mut word = 0u64;
                for a in 1..=last {
                    word |= 1 << ((v[a] ^ v[m - a]) & 63);
                }
                set[0] = word;
            } else {
                for a in 1..=last {
                    insert(set, v[a] ^ v[m - a]);
                }
            }
        }
        self.pairs.push(set);
    }

    /// `T(m)`: the values of the splits of `m` into three parts, equal parts allowed.
    ///
    /// Every triple is `a` (its largest part, so `a >= m / 3`) beside a pair of `m - a`: the
    /// union over `a` from `⌈m/3⌉` to `m - 2` of `P(m - a)` translated by `G(a)`. (Pairs of
    /// `m - a` with a part above `a` are triples too, met again from their largest part.)
    /// The translation by `G(a) = 64·h + l` moves whole words by `h`, as cheap as a union,
    /// and permutes the bits inside each word by `l`, which costs a few operations per word:
    /// so the sets `P(m - a)` moved by `h` are gathered in one bucket per `l` (64 of them),
    /// and each bucket is permuted once, where values that grow would cost one permutation
    /// per distinct value, `O(m)` of them.
    fn make_triples(&mut self, m: usize) {
        let width = self.width;
        self.scratch.iter_mut().for_each(|w| *w = 0);
        if m >= 3 {
            if self.buckets.len() < 64 * width {
                self.buckets.resize(64 * width, 0);
            }
            // Bit `l`: bucket `l` holds something.
            let mut touched = 0u64;
            for a in m.div_ceil(3)..=m - 2 {
                let g = self.values[a];
                let rest = m - a;
                // The equal pair of `rest` is worth 0: the triple is worth G(a).
                if rest % 2 == 0 {
                    insert(&mut self.scratch, g);
                }
                let pair = self.pairs.get(rest);
                if pair.is_empty() {
                    continue;
                }
                let low = (g & 63) as usize;
                touched |= 1 << low;
                let bucket = &mut self.buckets[low * width..(low + 1) * width];
                or_moved(bucket, pair, (g >> 6) as usize);
            }
            while touched != 0 {
                let low = touched.trailing_zeros();
                touched &= touched - 1;
                let at = low as usize * width;
                let bucket = &mut self.buckets[at..at + width];
                or_translated(&mut self.scratch, bucket, low);
                bucket.iter_mut().for_each(|w| *w = 0);
            }
        }
        self.triples.push(&self.scratch);
    }

    /// `T(m)` with three different parts `a < b < c`, listed one by one.
    fn make_distinct_triples(&mut self, m: usize) {
        let set = &mut self.scratch;
        set.iter_mut().for_each(|w| *w = 0);
        let v = &self.values;
        let mut a = 1;
        while 3 * a + 3 <= m {
            let rest = m - a;
            let mut b = a + 1;
            while 2 * b < rest {
                insert(set, v[a] ^ v[b] ^ v[rest - b]);
                b += 1;
            }
            a += 1;
        }
        self.distinct_triples.push(set);
    }
}

#[cfg(test)]
mod tests {
    use super::super::naive::naive_values;
    use super::*;

    fn check(code: &str, count: usize) {
        let parsed = TakeBreakCode::parse(code).unwrap();
        let mut solver = Solver::new(&parsed);
        solver.extend_to(count).unwrap();
        assert_eq!(solver.values(), naive_values(&parsed, count), "{code}");
    }

    #[test]
    fn equals_the_reference_on_named_codes() {
        for code in [
            "0.8", "0.9", "0.A", "0.B", "0.C", "0.D", "0.E", "0.F", "8.0", "C.0", "0.48", "0.2048",
            "0.0F", "0.1F", "0.[3]", "4.[3]", "0.[7]", "0.[F]", "0.1[37]", "4!.8", "8!.0", "0.F!",
            "0.[8!]", "C!.[3]", "0.7!7", "4!.[2]", "0.[1]", "0.[24]",
        ] {
            check(code, 120);
        }
    }

    #[test]
    fn wide_values_cross_word_boundaries() {
        // Nim's values pass 64, 128 and 256: the sets widen as they go.
        check("0.[3]", 300);
        check("0.8", 400);
        check("C.0", 300);
        // Values pass 512 (sets of 8 and 16 words): parts are moved by whole groups of
        // four words and swapped inside them.
        check("C.BFD", 340);
    }

    #[test]
    fn resuming_gives_the_same_values() {
        for code in ["0.8", "4.[3]", "0.1[37]", "8!.F"] {
            let parsed = TakeBreakCode::parse(code).unwrap();
            let mut whole = Solver::new(&parsed);
            whole.extend_to(200).unwrap();
            let mut resumed = Solver::resume(&parsed, &whole.values()[..77]).unwrap();
            resumed.extend_to(200).unwrap();
            assert_eq!(resumed.values(), whole.values(), "{code}");
        }
    }

    /// The budget is looked at every heap: a spent one refuses the first heap, naming the
    /// option that allows more; outside a budget the same values are computed.
    #[test]
    fn extending_keeps_the_budget() {
        use crate::kernel::budget::{self, Budget};
        let code = TakeBreakCode::parse("8!.0").unwrap();
        let spent = Budget::new(std::time::Duration::ZERO, "--time SECONDS");
        let mut solver = Solver::new(&code);
        let err = budget::within(&spent, || solver.extend_to(4096)).unwrap_err();
        assert!(err.to_string().contains("--time SECONDS"), "{err}");
        let mut solver = Solver::new(&code);
        solver.extend_to(40).unwrap();
        assert_eq!(solver.values(), &naive_values(&code, 40)[..]);
    }
}

//! Grundy sequences of dense take-sets, computed by *pushing* options forward.
//!
//! The textbook loop *pulls*: to find `G(n)` it reads `G(n - s)` for every `s` in `S` and takes
//! the mex, `|S|` scattered reads and writes per heap. When `S` is dense, most of that work is
//! repeated: with `|S| = 2000` and values averaging a few hundred, each option value is seen
//! about eight times.
//!
//! Pushing turns the loop around. When `G(p) = v` is known, `p` is an option of value `v` for
//! every later heap `p + s`, `s` in `S`: one bit for each of those heaps in the row of value `v`.
//! A precomputed copy of `S` shifted by `p mod 64` makes that an OR of `max S / 64 + 2` words.
//! The mex of heap `n` is then the first value whose bit for `n` is clear: a short contiguous
//! scan, because the bits are stored heap-word-major (all values of one 64-heap word together).
//! Cost per heap: about `max S / 64` word updates plus `G(n)` word reads, against `|S|` for the
//! pull loop (measured in BENCHMARKS.md).
//!
//! Only the heaps from `n` to `n + max S` are ever pending, so the words live in a ring.

/// Pending option bits for the heaps from `next` to `next + max S`.
pub(crate) struct FutureOptions {
    /// `S << r` for each `r` in `0..64`, `span` words each: the heaps `p + s` as bits from
    /// the start of `p`'s word.
    shifted: Vec<u64>,
    /// Words per shifted copy of `S`: `max S / 64 + 2`.
    span: usize,
    /// `ring - 1`, where `ring` (a power of two above `span`) is the number of heap words kept.
    ring_mask: usize,
    /// Values that have a row: `0..capacity`.
    capacity: usize,
    /// Words between two heap words' rows: `capacity` plus padding, so that updating one value
    /// in consecutive heap words does not hit the same cache set every time.
    stride: usize,
    /// `bits[w * stride + v]`, bit `b`: heap `64 * w' + b` (with `w' = w` modulo the ring) has
    /// an option of value `v`.
    bits: Vec<u64>,
    /// The values `0..seen` have occurred; larger ones have no bits yet.
    seen: usize,
    /// The next heap whose value is asked.
    next: usize,
}

/// Padding between rows, in words (one cache line).
const ROW_PADDING: usize = 8;

impl FutureOptions {
    /// Memory the ring would need for take-set `set` if every value up to `|S|` occurred.
    pub(crate) fn worst_case_bytes(set: &[u64]) -> usize {
        let (span, ring) = Self::geometry(set);
        ring * (span.max(set.len() + 1) + ROW_PADDING) * 8 + 64 * span * 8
    }

    /// Whether pushing is expected to beat the pull loop: it does about `max S / 64` word
    /// updates per heap against `|S|` reads and writes.
    pub(crate) fn pays_for(set: &[u64]) -> bool {
        let (span, _) = Self::geometry(set);
        2 * span <= set.len()
    }

    fn geometry(set: &[u64]) -> (usize, usize) {
        let max = *set.last().expect("take-sets are never empty") as usize;
        let span = max / 64 + 2;
        (span, (span + 1).next_power_of_two())
    }

    /// An empty state for take-set `set` (sorted, non-empty, no zero), before heap 0.
    pub(crate) fn new(set: &[u64]) -> Self {
        let (span, ring) = Self::geometry(set);
        let mut shifted = vec![0u64; 64 * span];
        for r in 0..64 {
            for &s in set {
                let bit = s as usize + r;
                shifted[r * span + bit / 64] |= 1 << (bit % 64);
            }
        }
        let capacity = 64;
        FutureOptions {
            shifted,
            span,
            ring_mask: ring - 1,
            capacity,
            stride: capacity + ROW_PADDING,
            bits: vec![0; ring * (capacity + ROW_PADDING)],
            seen: 0,
            next: 0,
        }
    }

    /// The state after `values`, the first values of take-set `set`, were computed (restored
    /// from a checkpoint). Only heaps from `len - max S` on push options to heaps not yet
    /// computed, so those are replayed, from the start of their 64-heap word, in order: the
    /// ring then holds what it would hold had every value been computed here.
    pub(crate) fn resume(set: &[u64], values: &[u32]) -> Self {
        let mut future = Self::new(set);
        let max = *set.last().expect("take-sets are never empty") as usize;
        // Every value below the largest has occurred (a value is the mex of smaller ones).
        let seen = values.iter().max().map_or(0, |&g| g as usize + 1);
        while future.capacity < seen {
            future.grow();
        }
        future.seen = seen;
        let start = values.len().saturating_sub(max) / 64 * 64;
        for (n, &g) in values.iter().enumerate().skip(start) {
            future.record(n, g as usize);
        }
        future.next = values.len();
        future
    }

    /// Computes the value of the next heap and records it.
    pub(crate) fn next_value(&mut self) -> u32 {
        let n = self.next;
        let g = self.mex(n);
        self.record(n, g);
        self.next += 1;
        g as u32
    }

    /// The first value whose bit for heap `n` is clear.
    fn mex(&self, n: usize) -> usize {
        let row = ((n / 64) & self.ring_mask) * self.stride;
        let words = &self.bits[row..row + self.seen];
        let bit = n % 64;
        // Eight words at a time with no early exit inside: almost every value below the mex
        // is an option, so the common case is one AND chain and one well-predicted branch.
        let mut chunks = words.chunks_exact(8);
        let mut base = 0;
        for chunk in &mut chunks {
            let all = chunk.iter().fold(u64::MAX, |acc, &w| acc & w);
            if (all >> bit) & 1 == 0 {
                return base + first_clear(chunk, bit).expect("some word has the bit clear");
            }
            base += 8;
        }
        base + first_clear(chunks.remainder(), bit).unwrap_or(chunks.remainder().len())
    }

    /// Records `G(n) = g`: heap `n` is an option of value `g` for each heap `n + s`.
    fn record(&mut self, n: usize, g: usize) {
        if g == self.seen {
            self.seen += 1;
            if self.seen > self.capacity {
                self.grow();
            }
        }
        let word = n / 64;
        let shifted = &self.shifted[n % 64 * self.span..][..self.span];
        for (i, &w) in shifted.iter().enumerate() {
            self.bits[((word + i) & self.ring_mask) * self.stride + g] |= w;
        }
        if n % 64 == 63 {
            // Heap word `word` is finished: its ring slot is next used for heap word
            // `word + ring`, which no recorded heap reaches yet (span < ring).
            let row = (word & self.ring_mask) * self.stride;
            self.bits[row..row + self.capacity].fill(0);
        }
    }

    /// Doubles the number of value rows (values never exceed `|S|`, so this happens at most
    /// `log2 |S|` times).
    fn grow(&mut self) {
        let capacity = self.capacity * 2;
        let stride = capacity + ROW_PADDING;
        let ring = self.ring_mask + 1;
        let mut bits = vec![0; ring * stride];
        for w in 0..ring {
            bits[w * stride..][..self.capacity]
                .copy_from_slice(&self.bits[w * self.stride..][..self.capacity]);
        }
        self.bits = bits;
        self.capacity = capacity;
        self.stride = stride;
    }
}

fn first_clear(words: &[u64], bit: usize) -> Option<usize> {
    words.iter().position(|&w| (w >> bit) & 1 == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::{mex, Nimber};

    fn naive(set: &[u64], count: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..count as u64 {
            let options = set.iter().filter(|&&s| s <= n);
            g.push(mex(options.map(|&s| g[(n - s) as usize] as Nimber)) as u32);
        }
        g
    }

    fn pushed(set: &[u64], count: usize) -> Vec<u32> {
        let mut future = FutureOptions::new(set);
        (0..count).map(|_| future.next_value()).collect()
    }

    #[test]
    fn agrees_with_naive_on_small_and_dense_sets() {
        // Sets crossing word boundaries, a single amount, {1..k}, amounts 63/64/65.
        let sets: Vec<Vec<u64>> = vec![
            vec![1],
            vec![64],
            vec![1, 2, 3],
            vec![63, 64, 65],
            (1..=130).collect(),
            (1..=300).filter(|s| s % 3 != 0).collect(),
            (1..=500).map(|i| i * 2 + 1).collect(),
        ];
        for set in sets {
            assert_eq!(pushed(&set, 4000), naive(&set, 4000), "S = {set:?}");
        }
    }

    #[test]
    fn resumed_at_any_point_goes_on_with_the_same_values() {
        // Word boundaries, a resume before max S values, values past the first capacity.
        let sets: Vec<Vec<u64>> = vec![
            (1..=200).collect(),
            (1..=300).filter(|s| s % 3 != 0).collect(),
            vec![63, 64, 65, 130],
        ];
        for set in sets {
            let whole = pushed(&set, 3000);
            for cut in [0, 1, 63, 64, 65, 150, 199, 200, 201, 1000, 1023, 2999] {
                let mut future = FutureOptions::resume(&set, &whole[..cut]);
                let rest: Vec<u32> = (cut..3000).map(|_| future.next_value()).collect();
                assert_eq!(rest, whole[cut..], "S = {set:?}, resumed at {cut}");
            }
        }
    }

    #[test]
    fn values_grow_past_the_first_capacity() {
        // {1..200}: G(n) = n mod 201 reaches 200, so the rows double twice.
        let set: Vec<u64> = (1..=200).collect();
        let values = pushed(&set, 1000);
        assert_eq!(values, naive(&set, 1000));
        assert_eq!(values.iter().max(), Some(&200));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn random_sets_agree_with_naive(
            amounts in proptest::collection::btree_set(1u64..700, 1..300),
        ) {
            let set: Vec<u64> = amounts.into_iter().collect();
            proptest::prop_assert_eq!(pushed(&set, 2500), naive(&set, 2500));
        }
    }

    #[test]
    fn cost_model() {
        assert!(FutureOptions::pays_for(
            &(1..=2000).map(|i| i * 2).collect::<Vec<_>>()
        ));
        // 64 amounts spread up to 10^6: 15,627 word updates per heap would cost more than
        // 64 stamps.
        let sparse: Vec<u64> = (1..64).chain([1_000_000]).collect();
        assert!(!FutureOptions::pays_for(&sparse));
    }
}

//! A filter in front of the transposition table: which keys the table may hold.
//!
//! Most look-ups in a large search find nothing (Cram 4 × 9: 95 % of the engine's look-ups,
//! and about 60 % of the look-ups of fresh regions while options are listed), and once the
//! table has outgrown the processor's caches each of them costs a trip to memory. The filter
//! answers most of them from a bit array of at most 8 MiB (a blocked Bloom filter: the key's
//! hash picks one 64-bit word and sets two of its bits), so that only look-ups of keys that
//! may be there go to the table. It never says "absent" of a key the table holds; it may
//! say "maybe" of a key it does not (a key stored then evicted, or another key's bits), which
//! only costs the look-up it would have cost anyway.
//!
//! Keys are added when stored and never taken out; the filter is rebuilt from the table's
//! entries when it has taken so many keys that it would say "maybe" too often, and switched
//! off (every look-up goes to the table) when the table holds more keys than it can sort
//! well at its largest size. Tables small enough for the processor's second-level cache
//! have none.

/// The most words of a filter: 8 MiB, which covers tables of up to 4 M slots (100 MiB of
/// Cram keys), and takes up to 8 M keys: a table holding more has its filter off.
const MOST_WORDS: usize = 1 << 20;

/// Tables of fewer slots have no filter: they fit the processor's second-level cache, where a
/// look-up costs about what a look-up of the filter would.
pub(crate) const FILTERED_SLOTS: usize = 1 << 15;

/// Bits of filter per table slot (4 slots a 64-bit word).
const BITS_PER_SLOT: usize = 16;

/// A blocked Bloom filter of 64-bit hashes.
#[derive(Clone, Debug)]
pub(crate) struct Presence {
    words: Vec<u64>,
    /// Hash bits above this pick the word.
    shift: u32,
    /// Keys added since the filter was last emptied.
    added: usize,
    /// Whether the filter is used; when off it says "maybe" of every key.
    on: bool,
}

impl Presence {
    /// A filter for a table of `slots` slots: none (off, no memory) below
    /// [`FILTERED_SLOTS`].
    pub(crate) fn for_slots(slots: usize) -> Self {
        let words = Self::words_for(slots);
        Presence {
            words: vec![0; words],
            shift: 64 - words.max(1).trailing_zeros(),
            added: 0,
            on: words > 0,
        }
    }

    /// Words of the filter of a table of `slots` slots.
    fn words_for(slots: usize) -> usize {
        if slots < FILTERED_SLOTS {
            0
        } else {
            (slots * BITS_PER_SLOT / 64)
                .next_power_of_two()
                .min(MOST_WORDS)
        }
    }

    /// Bytes the filter of a table of `slots` slots takes: up to twice the
    /// [`BITS_PER_SLOT`] a slot, as the words are a power of two.
    pub(crate) fn bytes_for(slots: usize) -> usize {
        Self::words_for(slots) * 8
    }

    /// Bytes the filter takes.
    pub(crate) fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    #[inline]
    fn place(&self, hash: u64) -> (usize, u64) {
        // The word from the top bits, the two bits from the low twelve: the table's bucket
        // comes from the low bits of the same hash, so keys of one bucket still spread over
        // the words.
        let word = (hash >> self.shift) as usize;
        (word, 1u64 << (hash & 63) | 1u64 << (hash >> 6 & 63))
    }

    /// Whether a key of this hash may have been added (`false`: it surely was not).
    #[inline]
    pub(crate) fn may_hold(&self, hash: u64) -> bool {
        if !self.on {
            return true;
        }
        let (word, bits) = self.place(hash);
        self.words[word] & bits == bits
    }

    /// Adds a key of this hash. Returns `true` when the filter is full enough that it should
    /// be rebuilt from the keys it is to hold ([`Presence::rebuild`]).
    #[inline]
    pub(crate) fn add(&mut self, hash: u64) -> bool {
        if !self.on {
            return false;
        }
        let (word, bits) = self.place(hash);
        self.words[word] |= bits;
        self.added += 1;
        self.added > self.capacity()
    }

    /// Keys the filter takes before it says "maybe" of too many others: one for every 8 bits
    /// (about a fifth of the bits set, so that about one absent key in twenty is a "maybe"),
    /// twice the slots of its table: a full table keeps it on.
    fn capacity(&self) -> usize {
        self.words.len() * 64 / 8
    }

    /// Empties the filter and adds the keys of `hashes`; switches it off when they fill more
    /// than three quarters of its capacity (it would soon be rebuilt again).
    pub(crate) fn rebuild(&mut self, hashes: impl Iterator<Item = u64>) {
        if self.words.is_empty() {
            return;
        }
        self.words.fill(0);
        self.added = 0;
        for hash in hashes {
            let (word, bits) = self.place(hash);
            self.words[word] |= bits;
            self.added += 1;
        }
        self.on = self.added * 4 <= self.capacity() * 3;
    }

    /// Whether the filter is used.
    #[cfg(test)]
    pub(crate) fn is_on(&self) -> bool {
        self.on
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Well-mixed hashes of small numbers (SplitMix64's finaliser, as the table's keys have).
    fn mix64(mut x: u64) -> u64 {
        x ^= x >> 30;
        x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x ^= x >> 27;
        x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    #[test]
    fn never_forgets_a_key_and_rejects_most_others() {
        let mut p = Presence::for_slots(FILTERED_SLOTS);
        let cap = p.capacity();
        assert_eq!(cap, 2 * FILTERED_SLOTS);
        for k in 0..cap as u64 {
            assert!(!p.add(mix64(k)));
        }
        for k in 0..cap as u64 {
            assert!(p.may_hold(mix64(k)));
        }
        let maybe = (cap as u64..cap as u64 + 10_000)
            .filter(|&k| p.may_hold(mix64(k)))
            .count();
        assert!(maybe < 800, "{maybe} of 10,000 absent keys said maybe");
        // One more than it takes: it asks to be rebuilt.
        assert!(p.add(mix64(u64::MAX)));
    }

    #[test]
    fn rebuilt_it_holds_what_it_is_given_and_switches_off_when_too_full() {
        let mut p = Presence::for_slots(FILTERED_SLOTS);
        let cap = p.capacity() as u64;
        for k in 0..=cap {
            p.add(mix64(k));
        }
        // Rebuilt from three quarters of its capacity: still on, and the others mostly gone.
        let kept = cap * 3 / 4;
        p.rebuild((0..kept).map(mix64));
        assert!(p.is_on());
        assert!((0..kept).all(|k| p.may_hold(mix64(k))));
        let maybe = (kept..cap).filter(|&k| p.may_hold(mix64(k))).count() as u64;
        assert!(maybe < (cap - kept) / 6, "{maybe}");
        // Rebuilt from one more: off, and then it says maybe of everything and never asks to
        // be rebuilt.
        p.rebuild((0..=kept).map(mix64));
        assert!(!p.is_on());
        assert!((0..1000).all(|k| p.may_hold(mix64(k << 40))));
        assert!(!p.add(mix64(7)));
    }

    #[test]
    fn small_tables_have_none_and_sizes_follow_the_table_within_bounds() {
        let none = Presence::for_slots(FILTERED_SLOTS - 1);
        assert_eq!(none.bytes(), 0);
        assert!(!none.is_on() && none.may_hold(1) && none.may_hold(u64::MAX));
        let one = Presence::for_slots(FILTERED_SLOTS);
        assert!(one.is_on());
        assert_eq!(one.bytes(), FILTERED_SLOTS * BITS_PER_SLOT / 8);
        assert_eq!(Presence::for_slots(1 << 40).bytes(), MOST_WORDS * 8);
    }
}

//! The transposition table: what is known about each component, within a memory limit.
//!
//! For every canonical component the search has met it keeps one [`Knowledge`]: the exact
//! value once proven, or else the set of values proven *not* to be the component's value
//! (each found when an option of that value turned up, or when a query "is the value k?"
//! was answered no). Only proven facts are stored, so a table saved in the middle of a search
//! is as sound as one saved at the end.
//!
//! The table is open-addressed in buckets of [`BUCKET`] slots and never grows beyond the
//! number of slots its memory limit allows. When a bucket is full, the entry that cost the
//! least work to obtain is evicted (its work is kept as a logarithm beside the knowledge),
//! sparing the one the bucket took last, so the table keeps what is dearest to recompute and
//! what the search found last. Keys that own heap memory (graph components) count their
//! heap bytes against the same limit.

use super::presence::Presence;
use crate::nimber::Nimber;

/// Slots per bucket: an entry may sit in any slot of the bucket its hash selects.
pub const BUCKET: usize = 4;

/// The smallest table, in slots, whatever the memory limit.
const MIN_SLOTS: usize = 1 << 10;

/// The slots a table starts with (it doubles at half full up to its limit): a small search
/// touches only these (6 KiB of `u128` keys), where starting at [`MIN_SLOTS`] cleared 24 KiB
/// before a 2 × 9 Cram board's seven components were searched.
const FIRST_SLOTS: usize = 1 << 8;

/// Values whose exclusion can be recorded: `0..EXCLUDABLE`. Knowledge about larger values is
/// simply not kept (exact values of any size are).
pub const EXCLUDABLE: u32 = 56;

/// A component key: the canonical form of a component, stored whole (never a lossy hash), so
/// equal keys always mean equal components.
pub trait TableKey: Clone + Eq + Ord + std::fmt::Debug + Default {
    /// A well-mixed 64-bit hash of the key.
    fn hash64(&self) -> u64;
    /// Whether keys own heap memory ([`TableKey::heap_bytes`]): a table of such keys gives
    /// half its memory to its slots and half to the keys' heaps.
    const OWNS_HEAP: bool = false;
    /// Heap bytes the key owns (0 for plain integers).
    fn heap_bytes(&self) -> usize {
        0
    }
    /// Appends the key's bytes (see [`TableKey::read`]).
    fn write(&self, out: &mut Vec<u8>);
    /// Reads a key written by [`TableKey::write`] from the front of `bytes`, advancing it;
    /// `None` when the bytes do not hold a key.
    fn read(bytes: &mut &[u8]) -> Option<Self>;
    /// `n` placeholder keys for empty slots. Integer keys are all zero bits, which the
    /// allocator gives as untouched pages, so a large table costs memory only as it fills.
    fn placeholders(n: usize) -> Vec<Self> {
        vec![Self::default(); n]
    }
}

/// A 64-bit finaliser (the one of SplitMix64): every input bit affects every output bit.
pub fn mix64(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn take<const N: usize>(bytes: &mut &[u8]) -> Option<[u8; N]> {
    let (head, rest) = bytes.split_first_chunk::<N>()?;
    *bytes = rest;
    Some(*head)
}

impl TableKey for u64 {
    fn placeholders(n: usize) -> Vec<Self> {
        vec![0; n]
    }
    fn hash64(&self) -> u64 {
        mix64(*self)
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn read(bytes: &mut &[u8]) -> Option<Self> {
        take::<8>(bytes).map(u64::from_le_bytes)
    }
}

impl TableKey for u128 {
    fn placeholders(n: usize) -> Vec<Self> {
        vec![0; n]
    }
    fn hash64(&self) -> u64 {
        mix64((*self as u64) ^ ((*self >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn read(bytes: &mut &[u8]) -> Option<Self> {
        take::<16>(bytes).map(u128::from_le_bytes)
    }
}

/// What is known about one component's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Knowledge {
    /// The value is proven.
    Exact(Nimber),
    /// Bit `k` set (for `k < EXCLUDABLE`): the value is proven not to be `k`.
    Excluded(u64),
}

impl Knowledge {
    /// Whether the value is known to differ from `k`.
    pub fn excludes(self, k: Nimber) -> bool {
        match self {
            Knowledge::Exact(v) => v != k,
            Knowledge::Excluded(mask) => k < EXCLUDABLE as Nimber && mask >> k & 1 == 1,
        }
    }

    /// Both facts together (an exact value wins).
    fn merged(self, other: Knowledge) -> Knowledge {
        match (self, other) {
            (Knowledge::Exact(v), _) | (_, Knowledge::Exact(v)) => Knowledge::Exact(v),
            (Knowledge::Excluded(a), Knowledge::Excluded(b)) => Knowledge::Excluded(a | b),
        }
    }

    /// The packed form: bit 63 marks an exact value, bit 62 is [`NEWEST`], bits 56..62 hold
    /// the work (at most 63: about log2 of the components expanded), the low 56 bits the
    /// value or the exclusion mask. Never 0 for stored knowledge (0 marks an empty
    /// slot), since an empty exclusion mask is never stored.
    fn pack(self, work: u8) -> u64 {
        let low = match self {
            Knowledge::Exact(v) => (1 << 63) | (v & LOW_MASK),
            Knowledge::Excluded(mask) => mask & LOW_MASK,
        };
        low | u64::from(work.min(0x3f)) << 56
    }

    fn unpack(packed: u64) -> Knowledge {
        if packed >> 63 == 1 {
            Knowledge::Exact(packed & LOW_MASK)
        } else {
            Knowledge::Excluded(packed & LOW_MASK)
        }
    }

    /// Whether this knowledge can be stored (an exact value must fit the packed form).
    fn storable(self) -> bool {
        match self {
            Knowledge::Exact(v) => v <= LOW_MASK,
            Knowledge::Excluded(mask) => mask & LOW_MASK != 0,
        }
    }
}

const LOW_MASK: u64 = (1 << EXCLUDABLE) - 1;

/// The bit of the packed knowledge that marks the entry its bucket took last: a full bucket
/// evicts the cheapest of its other entries, so the newest fact stays at least until the
/// next one comes to its bucket, even when it is the cheapest. Without it, a bucket whose
/// three other entries are dearer gave each new fact the same slot, and the next store
/// there pushed it out at once, however recent: Cram 5 × 7 with a 64 KiB table expanded 10 %
/// more components (902,103 against 814,518), 4 × 9 and 3 × 13 at 64 KiB 9 % and 14 % more.
/// Protecting the two newest instead was worse (827,831; at 16 KiB 1.88 M against 1.19 M):
/// the dear entries are worth keeping too. With an unlimited table it changes nothing
/// measurable (a bucket is rarely full).
const NEWEST: u64 = 1 << 62;

fn work_of(packed: u64) -> u8 {
    (packed >> 56 & 0x3f) as u8
}

/// How much an entry is worth keeping: its work, an exact value counting double an
/// exclusion of the same work (it answers every question about the component).
fn priority(fact: Knowledge, work: u8) -> u8 {
    match fact {
        Knowledge::Exact(_) => work.saturating_mul(2).saturating_add(2),
        Knowledge::Excluded(_) => work.saturating_mul(2),
    }
}

fn keep_priority(packed: u64) -> u8 {
    priority(Knowledge::unpack(packed), work_of(packed))
}

/// Counters of what the table did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Look-ups that found the key.
    pub hits: u64,
    /// Look-ups that did not.
    pub misses: u64,
    /// Facts stored (new entries and updates of existing ones).
    pub stores: u64,
    /// Entries pushed out to make room.
    pub evictions: u64,
    /// Entries held now.
    pub entries: u64,
}

/// A bounded table from component keys to [`Knowledge`].
#[derive(Clone)]
pub struct Table<K: TableKey> {
    keys: Vec<K>,
    /// Per slot: packed [`Knowledge`] and work; 0 for an empty slot.
    packed: Vec<u64>,
    /// Buckets: any number, so that a table uses all of its memory limit, not the largest
    /// power of two below it (which left up to half of it unused: 64 KiB held 2,048 Cram
    /// entries instead of 2,520).
    buckets: usize,
    heap_bytes: usize,
    heap_limit: usize,
    /// The most buckets the memory limit allows; the table doubles up to it as it fills.
    max_buckets: usize,
    /// The memory limit the table was made with.
    memory_limit: usize,
    stats: TableStats,
    /// Which keys the table may hold: most look-ups of absent keys stop there.
    presence: Presence,
}

impl<K: TableKey + Default> Table<K> {
    /// A table using at most `memory_bytes` bytes (its slots, its filter and the heap bytes
    /// of its keys), also while it grows, and at least 1,024 slots.
    pub fn with_memory(memory_bytes: usize) -> Self {
        // A slot's key and knowledge, and its share of the presence filter (two bytes).
        let slot = std::mem::size_of::<K>() + 8 + 2;
        // Keys with heap memory get half the budget for their slots, half for their heaps.
        // (This asked the default key for its heap bytes, and an empty key has none: graph
        // keys got every byte for their slots and none for their heaps, so the table stored
        // nothing and Node-Kayles on a path of 64 took 10 s instead of 0.02 s.)
        let for_slots = if K::OWNS_HEAP {
            memory_bytes / 2
        } else {
            memory_bytes
        };
        let mut wanted = for_slots / slot;
        // The filter's words are a power of two, so it may take more than its two bytes a
        // slot: then fewer slots, so that slots and filter stay within the limit.
        let slot_bytes = std::mem::size_of::<K>() + 8;
        let filter = Presence::bytes_for(wanted);
        if wanted * slot_bytes + filter > for_slots {
            wanted = for_slots.saturating_sub(filter) / slot_bytes;
        }
        let max_buckets = wanted.max(MIN_SLOTS) / BUCKET;
        // Start small: a table that stays small stays in the caches.
        let buckets = max_buckets.min(FIRST_SLOTS / BUCKET);
        Table {
            keys: K::placeholders(buckets * BUCKET),
            packed: vec![0; buckets * BUCKET],
            buckets,
            heap_bytes: 0,
            heap_limit: memory_bytes.saturating_sub(max_buckets * BUCKET * slot),
            max_buckets,
            memory_limit: memory_bytes,
            stats: TableStats::default(),
            presence: Presence::for_slots(buckets * BUCKET),
        }
    }

    /// Doubles the table (up to its limit) in place: entries that do not fit their new
    /// bucket are dropped, cheapest first, as on any store.
    ///
    /// The slots grow by reallocation (for a large table the allocator remaps its pages, no
    /// copy), not into fresh arrays beside the old ones: those held the old table and the new
    /// one at once, half as much again as the limit (Cram 6 × 7 peaked at 2.39 GB under a
    /// limit of 2 GiB, on the doubling to its final 1.6 GB). In place works because the
    /// bucket of a hash never moves down as buckets are added ([`Table::bucket_of`] scales
    /// the hash by their number), so moving the old buckets from the last to the first puts
    /// every entry in a bucket whose own old entries have already left.
    fn grow(&mut self) {
        let old_buckets = self.buckets;
        let buckets = (old_buckets * 2).min(self.max_buckets);
        let slots = buckets * BUCKET;
        self.keys.reserve_exact(slots - self.keys.len());
        self.keys.resize_with(slots, K::default);
        self.packed.reserve_exact(slots - self.packed.len());
        self.packed.resize(slots, 0);
        self.buckets = buckets;
        // The old filter goes before the new one is made.
        self.presence = Presence::for_slots(0);
        self.presence = Presence::for_slots(slots);
        for old in (0..old_buckets).rev() {
            let moved: [(K, u64); BUCKET] = std::array::from_fn(|j| {
                let i = old * BUCKET + j;
                (
                    std::mem::take(&mut self.keys[i]),
                    std::mem::take(&mut self.packed[i]),
                )
            });
            for (key, p) in moved {
                if p != 0 {
                    self.place_moved(old, key, p);
                }
            }
        }
    }

    /// Puts an entry moved by [`Table::grow`] from bucket `old` into its new bucket: an empty
    /// slot, else the slot of the cheapest entry there if that is cheaper than it; else the
    /// entry is dropped.
    fn place_moved(&mut self, old: usize, key: K, p: u64) {
        let range = self.bucket(&key);
        debug_assert!(range.start >= old * BUCKET, "a bucket never moves down");
        let slot = match range.clone().find(|&i| self.packed[i] == 0) {
            Some(i) => Some(i),
            None => {
                let i = range
                    .min_by_key(|&i| keep_priority(self.packed[i]))
                    .expect("buckets are not empty");
                self.stats.evictions += 1;
                self.stats.entries -= 1;
                if keep_priority(self.packed[i]) < keep_priority(p) {
                    self.heap_bytes -= self.keys[i].heap_bytes();
                    Some(i)
                } else {
                    self.heap_bytes -= key.heap_bytes();
                    None
                }
            }
        };
        if let Some(i) = slot {
            self.presence.add(key.hash64());
            self.keys[i] = key;
            self.packed[i] = p;
        }
    }
}

impl<K: TableKey> std::fmt::Debug for Table<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("capacity", &self.capacity())
            .field("stats", &self.stats)
            .finish()
    }
}

impl<K: TableKey> Table<K> {
    /// How many entries the table can hold (once grown to its memory limit).
    pub fn capacity(&self) -> usize {
        self.max_buckets * BUCKET
    }

    /// The counters so far.
    pub fn stats(&self) -> TableStats {
        self.stats
    }

    /// The memory limit the table was made with, in bytes (a game that computes a value
    /// outright, [`super::SplitGame::value_outright`], may use as much for its own arrays).
    pub fn memory_limit(&self) -> usize {
        self.memory_limit
    }

    /// Bytes in use: the slots and the keys' heap memory.
    pub fn memory_bytes(&self) -> usize {
        self.packed.len() * (std::mem::size_of::<K>() + 8) + self.presence.bytes() + self.heap_bytes
    }

    fn bucket(&self, key: &K) -> std::ops::Range<usize> {
        self.bucket_of(key.hash64())
    }

    #[inline]
    fn bucket_of(&self, hash: u64) -> std::ops::Range<usize> {
        // The low 32 bits of the hash scaled to the number of buckets (Lemire's range
        // reduction: a multiplication instead of a division).
        let start = (((hash & 0xffff_ffff) * self.buckets as u64) >> 32) as usize * BUCKET;
        start..start + BUCKET
    }

    /// What is known about `key`, if anything.
    #[inline]
    pub fn get(&mut self, key: &K) -> Option<Knowledge> {
        let found = self.peek(key);
        if found.is_some() {
            self.stats.hits += 1;
        } else {
            self.stats.misses += 1;
        }
        found
    }

    /// Like [`Table::get`] without counting the look-up.
    #[inline]
    pub fn peek(&self, key: &K) -> Option<Knowledge> {
        let hash = key.hash64();
        if !self.presence.may_hold(hash) {
            return None;
        }
        let start = self.bucket_of(hash).start;
        let keys = &self.keys[start..start + BUCKET];
        let packed = &self.packed[start..start + BUCKET];
        keys.iter()
            .zip(packed)
            .find(|&(k, &p)| k == key && p != 0)
            .map(|(_, &p)| Knowledge::unpack(p))
    }

    /// [`Table::store`] for a fact read back from disk: the table grows (within its limit)
    /// rather than evict, so that everything saved is kept while it fits.
    pub(crate) fn restore(&mut self, key: &K, fact: Knowledge, work: u8) {
        while self.buckets < self.max_buckets
            && self
                .bucket(key)
                .all(|i| self.packed[i] != 0 && self.keys[i] != *key)
        {
            self.grow();
        }
        self.store(key, fact, work);
    }

    /// Adds `fact` to what is known about `key`; `work` (about log2 of the positions the fact
    /// cost) decides what is evicted first when room is short.
    pub fn store(&mut self, key: &K, fact: Knowledge, work: u8) {
        if !fact.storable() {
            return;
        }
        // Grow at half full, up to the memory limit: with four slots a bucket, few buckets
        // overflow below that.
        if self.stats.entries as usize * 2 >= self.packed.len() && self.buckets < self.max_buckets {
            self.grow();
        }
        self.stats.stores += 1;
        let hash = key.hash64();
        let range = self.bucket_of(hash);
        let over_heap = self.heap_bytes + key.heap_bytes() > self.heap_limit;
        let mut empty = None;
        let mut cheapest: Option<(usize, u8)> = None;
        for i in range {
            let packed = self.packed[i];
            if packed == 0 {
                empty = empty.or(Some(i));
                continue;
            }
            if self.keys[i] == *key {
                let merged = Knowledge::unpack(packed).merged(fact);
                self.packed[i] = merged.pack(work_of(packed).max(work)) | packed & NEWEST;
                return;
            }
            if packed & NEWEST != 0 {
                continue;
            }
            let w = keep_priority(packed);
            if cheapest.map_or(true, |(_, c)| w < c) {
                cheapest = Some((i, w));
            }
        }
        // An empty slot is taken unless the keys' heap memory is at its limit; else the
        // cheapest entry of the bucket but its newest ([`NEWEST`]) makes room (exclusions
        // before exact values), even when it is dearer than the new fact. So the dearer
        // entries of a full bucket stay and the newest facts always get in: a table far too
        // small for the search keeps what the search is working on now. Leaving the new fact out instead (when it
        // is the cheapest) filled small tables with old dear entries and made the search
        // recompute every recent fact: Cram 5 × 6 with a 16 KiB table expanded 24 times as
        // many components as with an unlimited one.
        let victim = match (empty, cheapest) {
            (Some(i), _) if !over_heap => i,
            (_, Some((i, _))) => i,
            _ => return,
        };
        if self.packed[victim] != 0 {
            self.stats.evictions += 1;
            self.heap_bytes -= self.keys[victim].heap_bytes();
        } else {
            self.stats.entries += 1;
        }
        self.heap_bytes += key.heap_bytes();
        self.keys[victim] = key.clone();
        self.packed[victim] = fact.pack(work);
        for i in self.bucket_of(hash) {
            self.packed[i] &= !NEWEST;
        }
        self.packed[victim] |= NEWEST;
        if self.presence.add(hash) {
            // Full of keys evicted since: start again from those the table holds.
            let keys = &self.keys;
            let held = self.packed.iter().zip(keys).filter(|(&p, _)| p != 0);
            self.presence.rebuild(held.map(|(_, k)| k.hash64()));
        }
    }

    /// Every entry: key, knowledge and work (in slot order).
    pub fn entries(&self) -> impl Iterator<Item = (&K, Knowledge, u8)> {
        self.keys
            .iter()
            .zip(&self.packed)
            .filter(|(_, &p)| p != 0)
            .map(|(k, &p)| (k, Knowledge::unpack(p), work_of(p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_merge_and_exact_values_win() {
        let mut t: Table<u64> = Table::with_memory(1 << 16);
        assert_eq!(t.get(&7), None);
        t.store(&7, Knowledge::Excluded(0b101), 3);
        t.store(&7, Knowledge::Excluded(0b010), 1);
        assert_eq!(t.get(&7), Some(Knowledge::Excluded(0b111)));
        t.store(&7, Knowledge::Exact(5), 2);
        t.store(&7, Knowledge::Excluded(0b1000), 2);
        assert_eq!(t.get(&7), Some(Knowledge::Exact(5)));
        let s = t.stats();
        assert_eq!((s.hits, s.misses, s.stores, s.entries), (2, 1, 4, 1));
        assert!(Knowledge::Exact(5).excludes(4) && !Knowledge::Exact(5).excludes(5));
        assert!(Knowledge::Excluded(0b10).excludes(1) && !Knowledge::Excluded(0b10).excludes(0));
        assert!(!Knowledge::Excluded(u64::MAX).excludes(EXCLUDABLE as Nimber));
    }

    #[test]
    fn a_full_table_evicts_the_cheapest_and_stays_bounded() {
        let mut t: Table<u64> = Table::with_memory(0);
        let capacity = t.capacity() as u64;
        for key in 0..4 * capacity {
            t.store(&key, Knowledge::Exact(key % 3), (key % 7) as u8);
        }
        let s = t.stats();
        assert_eq!(s.entries, t.entries().count() as u64);
        assert!(s.entries <= capacity);
        assert_eq!(s.entries + s.evictions, 4 * capacity);
        // Whatever survived is right.
        for (k, fact, _) in t.entries() {
            assert_eq!(fact, Knowledge::Exact(k % 3));
        }
        // Work 6 entries outlive work 0 entries.
        let kept = |w: u64| t.entries().filter(|(k, _, _)| **k % 7 == w).count();
        assert!(kept(6) > kept(0), "{} vs {}", kept(6), kept(0));
    }

    #[test]
    fn a_full_bucket_takes_the_newest_fact_keeps_it_once_and_keeps_the_dearest() {
        let mut t: Table<u64> = Table::with_memory(0);
        // Keys of one bucket.
        let same: Vec<u64> = (0..)
            .filter(|k| t.bucket(k) == t.bucket(&0))
            .take(7)
            .collect();
        for (i, key) in same[..BUCKET].iter().enumerate() {
            t.store(key, Knowledge::Exact(1), 40 + i as u8);
        }
        // Cheaper than all four: it takes the cheapest's slot (work 40).
        t.store(&same[4], Knowledge::Excluded(1), 3);
        assert_eq!(t.get(&same[4]), Some(Knowledge::Excluded(1)));
        assert_eq!(t.get(&same[0]), None);
        // The next one keeps the newest, cheapest as it is, and takes the cheapest other
        // slot (work 41).
        t.store(&same[5], Knowledge::Exact(2), 1);
        assert_eq!(t.get(&same[5]), Some(Knowledge::Exact(2)));
        assert_eq!(t.get(&same[4]), Some(Knowledge::Excluded(1)));
        assert_eq!(t.get(&same[1]), None);
        // Once no longer the newest, the cheap entry is the first to go; the two dearest
        // stay.
        t.store(&same[6], Knowledge::Exact(3), 1);
        assert_eq!(t.get(&same[4]), None);
        assert_eq!(t.get(&same[5]), Some(Knowledge::Exact(2)));
        assert_eq!(t.get(&same[6]), Some(Knowledge::Exact(3)));
        for key in &same[2..BUCKET] {
            assert_eq!(t.get(key), Some(Knowledge::Exact(1)));
        }
    }

    /// A table large enough for the presence filter ([`super::super::presence`]), filled four
    /// times over so that the filter is rebuilt on the way: every entry it holds is found,
    /// and so is every entry of a table just below the filter's threshold.
    #[test]
    fn the_presence_filter_never_hides_an_entry() {
        use super::super::presence::FILTERED_SLOTS;
        for slots in [FILTERED_SLOTS / 2, 4 * FILTERED_SLOTS] {
            let mut t: Table<u64> = Table::with_memory(slots * (8 + 8 + 2));
            assert_eq!(t.capacity(), slots);
            let keys = 4 * slots as u64;
            for key in 0..keys {
                t.store(&key, Knowledge::Exact(key % 5), (key % 3) as u8);
            }
            assert!(t.stats().evictions > 0);
            // Rebuilt on the way, and on still for the larger table, full as it is.
            assert_eq!(t.presence.is_on(), slots >= FILTERED_SLOTS);
            let held: Vec<u64> = t.entries().map(|(k, _, _)| *k).collect();
            assert_eq!(held.len() as u64, t.stats().entries);
            for key in &held {
                assert_eq!(t.get(key), Some(Knowledge::Exact(key % 5)));
            }
            for key in keys..keys + 1000 {
                assert_eq!(t.get(&key), None);
            }
        }
    }

    /// The number of buckets is not rounded to a power of two: a 64 KiB table of 16-byte
    /// keys (26 bytes a slot with the knowledge and the filter's share) has 2,520 slots, not
    /// 2,048, and every bucket is used.
    #[test]
    fn a_table_uses_its_whole_memory_limit() {
        let mut t: Table<u128> = Table::with_memory(1 << 16);
        assert_eq!(t.capacity(), 2520);
        let keys = 4 * t.capacity() as u128;
        for key in 0..keys {
            t.store(&key, Knowledge::Exact(1), 1);
        }
        assert_eq!(t.stats().entries, 2520);
        let mut used = vec![false; t.capacity() / BUCKET];
        for key in 0..keys {
            used[t.bucket(&key).start / BUCKET] = true;
        }
        assert!(used.iter().all(|&u| u));
    }

    /// Doubling splits each bucket into two, so it keeps every entry, each in the bucket a
    /// look-up goes to; a last growth by less than twice may drop the cheapest of a bucket.
    #[test]
    fn growing_in_place_keeps_every_entry_in_its_bucket() {
        // 256 slots at first; 8,000 at most (18 bytes a slot of `u64` keys): not 256
        // times a power of two, so the last growth is by less than twice.
        let mut t: Table<u64> = Table::with_memory(8_000 * 18);
        assert_eq!(t.capacity(), 8_000);
        let mut key = 0;
        let mut sizes = vec![t.packed.len()];
        while t.buckets < t.max_buckets {
            // Store until the table grows, noting what it held before each store.
            let (held, buckets, evictions) = loop {
                let held: Vec<u64> = t.entries().map(|(k, _, _)| *k).collect();
                let (buckets, evictions) = (t.buckets, t.stats().evictions);
                t.store(&key, Knowledge::Exact(key % 9), (key % 4) as u8);
                key += 1;
                if t.buckets != buckets {
                    break (held, buckets, evictions);
                }
            };
            sizes.push(t.packed.len());
            if t.buckets == 2 * buckets {
                assert_eq!(t.stats().evictions, evictions, "doubling drops nothing");
                for k in held {
                    assert_eq!(t.get(&k), Some(Knowledge::Exact(k % 9)));
                }
            }
            for (slot, &p) in t.packed.iter().enumerate() {
                if p != 0 {
                    assert!(t.bucket(&t.keys[slot]).contains(&slot));
                }
            }
            assert_eq!(t.entries().count() as u64, t.stats().entries);
        }
        assert_eq!(sizes, [256, 512, 1_024, 2_048, 4_096, 8_000]);
    }

    #[test]
    fn values_too_large_to_pack_are_not_stored() {
        let mut t: Table<u128> = Table::with_memory(1 << 12);
        t.store(&1, Knowledge::Exact(1 << 60), 0);
        t.store(&2, Knowledge::Excluded(0), 0);
        assert_eq!(t.stats().entries, 0);
        t.store(&3, Knowledge::Exact(LOW_MASK), 0);
        assert_eq!(t.get(&3), Some(Knowledge::Exact(LOW_MASK)));
    }
}

//! Facts shared between the tables of the threads of one search (`parallel.rs`).
//!
//! Each thread of a search keeps a table of its own, so that its look-ups never wait. But a
//! position one thread searched may come up in another's, which would search it again: on
//! Cram 6 × 7 two threads with nothing shared expanded 1.8 times the components of one. So a
//! fact that cost at least `2^(SHARED_WORK - 1)` components is also put here, and a look-up
//! that finds nothing in a thread's own table asks here.
//!
//! Most look-ups are of keys that are not here: a filter of bits (a blocked Bloom filter, as
//! the table's own [`super::presence`]) answers those with one load, and only a key it may
//! hold takes the lock of its shard of the map. Every fact here was proven by some thread of
//! the same search of the same game, so it is as exact as one of the thread's own.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::table::{Knowledge, SharedKnowledge, TableKey};

/// Facts that cost at least `2^(SHARED_WORK - 1)` components (a work of `SHARED_WORK` or
/// more, as the table counts work: 32 components) are shared. Cram 4 × 11 on two threads,
/// by this threshold (components expanded by both, wall-clock time): 12 (2,048 components)
/// 6.90 M, 3.42 s; 9: 6.64 M, 2.87 s; 6: 6.21 M, 2.76–2.88 s; 4: 5.60 M, 3.51 s; 2: 5.29 M,
/// 3.10 s (one thread: 5.23 M, 4.4–4.9 s). Below 6 the filter fills and most look-ups take a
/// lock.
pub(crate) const SHARED_WORK: u8 = 6;

/// Words of the filter: 128 KiB, which keeps a few tens of thousands of keys' bits sparse.
const FILTER_WORDS: usize = 1 << 14;

/// Shards of the map, each behind its lock.
const SHARDS: usize = 64;

/// Bytes counted for one fact in the map (its key and knowledge, 32 bytes, and its share of a
/// tree node), beside the heap bytes of its key.
pub(crate) const FACT_BYTES: usize = 64;

/// The costly facts of the threads of one search, within a memory limit.
pub(crate) struct SharedFacts<K> {
    filter: Vec<AtomicU64>,
    shards: Vec<Mutex<BTreeMap<K, Knowledge>>>,
    /// Bytes the facts may take ([`FACT_BYTES`] each and their keys' heap bytes); once they
    /// are taken, new keys are no longer shared (what is known of a key already here still
    /// grows).
    limit: usize,
    used: AtomicUsize,
}

impl<K: TableKey> std::fmt::Debug for SharedFacts<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedFacts").finish_non_exhaustive()
    }
}

impl<K: TableKey> SharedFacts<K> {
    /// An empty store whose filter and facts take at most about `memory_bytes`.
    pub(crate) fn with_memory(memory_bytes: usize) -> Self {
        SharedFacts {
            filter: (0..FILTER_WORDS).map(|_| AtomicU64::new(0)).collect(),
            shards: (0..SHARDS).map(|_| Mutex::new(BTreeMap::new())).collect(),
            limit: memory_bytes.saturating_sub(Self::FILTER_BYTES),
            used: AtomicUsize::new(0),
        }
    }

    /// Bytes of the filter.
    pub(crate) const FILTER_BYTES: usize = FILTER_WORDS * 8;

    /// The filter's word and the two bits of a key of hash `hash` (the word from the top
    /// bits, the bits from two groups of six low bits).
    #[inline]
    fn place(hash: u64) -> (usize, u64) {
        let word = (hash >> 50) as usize % FILTER_WORDS;
        let bits = 1u64 << (hash & 63) | 1u64 << ((hash >> 6) & 63);
        (word, bits)
    }

    fn shard(&self, hash: u64) -> &Mutex<BTreeMap<K, Knowledge>> {
        &self.shards[(hash >> 20) as usize % SHARDS]
    }

    /// Adds `fact` about `key` (of hash `hash`) to what is known of it.
    fn add(&self, key: &K, hash: u64, fact: Knowledge) {
        {
            let mut shard = self.shard(hash).lock().unwrap_or_else(|e| e.into_inner());
            if let Some(known) = shard.get_mut(key) {
                *known = known.merged(fact);
                return;
            }
            let bytes = FACT_BYTES + key.heap_bytes();
            if self.used.fetch_add(bytes, Ordering::Relaxed) + bytes > self.limit {
                self.used.fetch_sub(bytes, Ordering::Relaxed);
                return;
            }
            shard.insert(key.clone(), fact);
        }
        // The bits go in once the fact is there: a thread that sees them finds it.
        let (word, bits) = Self::place(hash);
        self.filter[word].fetch_or(bits, Ordering::Release);
    }

    /// What is known of `key` (of hash `hash`), if another thread (or this one) shared it.
    #[inline]
    fn find(&self, key: &K, hash: u64) -> Option<Knowledge> {
        let (word, bits) = Self::place(hash);
        if self.filter[word].load(Ordering::Acquire) & bits != bits {
            return None;
        }
        self.shard(hash)
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(key)
            .copied()
    }
}

impl<K: TableKey + Send + Sync> SharedKnowledge<K> for SharedFacts<K> {
    fn publish(&self, key: &K, fact: Knowledge, work: u8) {
        if work >= SHARED_WORK {
            self.add(key, key.hash64(), fact);
        }
    }

    fn lookup(&self, key: &K) -> Option<Knowledge> {
        self.find(key, key.hash64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_facts_are_found_merged_and_absent_keys_are_not() {
        let facts = SharedFacts::<u64>::with_memory(1 << 20);
        let hash = |k: u64| k.hash64();
        assert_eq!(facts.find(&7, hash(7)), None);
        facts.add(&7, hash(7), Knowledge::Excluded(0b01));
        facts.add(&7, hash(7), Knowledge::Excluded(0b10));
        assert_eq!(facts.find(&7, hash(7)), Some(Knowledge::Excluded(0b11)));
        facts.add(&7, hash(7), Knowledge::Exact(2));
        assert_eq!(facts.find(&7, hash(7)), Some(Knowledge::Exact(2)));
        // Through the tables' interface, only facts of work `SHARED_WORK` or more are kept.
        facts.publish(&5, Knowledge::Exact(1), SHARED_WORK - 1);
        assert_eq!(facts.lookup(&5), None);
        facts.publish(&5, Knowledge::Exact(1), SHARED_WORK);
        assert_eq!(facts.lookup(&5), Some(Knowledge::Exact(1)));
        // Keys never added are absent, whatever the filter says of them.
        for k in (8..10_000u64).filter(|&k| k != 5) {
            assert_eq!(facts.find(&k, hash(k)), None, "{k}");
        }
    }

    /// Within the memory given: the facts that fit are kept and found, later keys are left
    /// out, and what is known of a key kept still grows.
    #[test]
    fn shared_facts_keep_within_their_memory() {
        let room = 10;
        let facts =
            SharedFacts::<u64>::with_memory(SharedFacts::<u64>::FILTER_BYTES + room * FACT_BYTES);
        for k in 0..2 * room as u64 {
            facts.add(&k, k.hash64(), Knowledge::Excluded(1));
        }
        let kept = (0..2 * room as u64)
            .filter(|k| facts.find(k, k.hash64()).is_some())
            .count();
        assert_eq!(kept, room);
        assert_eq!(facts.used.load(Ordering::Relaxed), room * FACT_BYTES);
        facts.add(&0, 0u64.hash64(), Knowledge::Exact(3));
        assert_eq!(facts.find(&0, 0u64.hash64()), Some(Knowledge::Exact(3)));
        assert_eq!(
            facts.find(&(2 * room as u64 - 1), (2 * room as u64 - 1).hash64()),
            None
        );
    }
}

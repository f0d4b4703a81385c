//! The table's tests: facts merged, eviction by rank, the whole limit used, growth in place,
//! the presence filter, the packed slots of shape keys.

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
    let kept = |w: u64| t.entries().filter(|(k, _, _)| *k % 7 == w).count();
    assert!(kept(6) > kept(0), "{} vs {}", kept(6), kept(0));
}

#[test]
fn a_full_bucket_takes_the_newest_fact_keeps_it_once_and_keeps_the_dearest() {
    let mut t: Table<u64> = Table::with_memory(0);
    // Keys of one bucket.
    let same: Vec<u64> = (0..)
        .filter(|k: &u64| t.bucket_index(k.hash64()) == t.bucket_index(0u64.hash64()))
        .take(7)
        .collect();
    for (i, key) in same[..BUCKET].iter().enumerate() {
        t.store(key, Knowledge::Exact(1), 40 + i as u8);
    }
    // An exclusion does not push out an exact value: it is left out.
    t.store(&same[4], Knowledge::Excluded(1), 60);
    assert_eq!(t.get(&same[4]), None);
    // Cheaper than all four: it takes the cheapest's slot (work 40).
    t.store(&same[4], Knowledge::Exact(9), 3);
    assert_eq!(t.get(&same[4]), Some(Knowledge::Exact(9)));
    assert_eq!(t.get(&same[0]), None);
    // The next one keeps the newest, cheapest as it is, and takes the cheapest other
    // slot (work 41).
    t.store(&same[5], Knowledge::Exact(2), 1);
    assert_eq!(t.get(&same[5]), Some(Knowledge::Exact(2)));
    assert_eq!(t.get(&same[4]), Some(Knowledge::Exact(9)));
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

#[test]
fn an_exact_value_outranks_any_exclusion() {
    assert!(priority(Knowledge::Exact(0), 0) > priority(Knowledge::Excluded(1), 63));
    assert!(priority(Knowledge::Exact(0), 5) > priority(Knowledge::Exact(9), 4));
    let mut t: Table<u64> = Table::with_memory(0);
    let home = t.bucket_index(0u64.hash64());
    let same: Vec<u64> = (0..)
        .filter(|k: &u64| t.bucket_index(k.hash64()) == home)
        .take(BUCKET + 1)
        .collect();
    // A cheap exact value, then dear exclusions: the exclusions make room first.
    t.store(&same[0], Knowledge::Exact(1), 0);
    for key in &same[1..BUCKET] {
        t.store(key, Knowledge::Excluded(1), 60);
    }
    t.store(&same[BUCKET], Knowledge::Excluded(2), 59);
    assert_eq!(t.get(&same[0]), Some(Knowledge::Exact(1)));
    assert_eq!(t.get(&same[1]), None);
    // The newest is an exclusion, the cheapest of the bucket, and not kept as the newest:
    // the next exclusion takes its slot, not that of a dearer one.
    let next = (same[BUCKET] + 1..)
        .find(|k: &u64| t.bucket_index(k.hash64()) == home)
        .expect("keys of every bucket");
    t.store(&next, Knowledge::Excluded(4), 61);
    assert_eq!(t.get(&same[BUCKET]), None);
    assert_eq!(t.get(&next), Some(Knowledge::Excluded(4)));
    for key in &same[2..BUCKET] {
        assert_eq!(t.get(key), Some(Knowledge::Excluded(1)));
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
        let held: Vec<u64> = t.entries().map(|(k, _, _)| k).collect();
        assert_eq!(held.len() as u64, t.stats().entries);
        for key in &held {
            assert_eq!(t.get(key), Some(Knowledge::Exact(key % 5)));
        }
        for key in keys..keys + 1000 {
            assert_eq!(t.get(&key), None);
        }
    }
}

/// The number of buckets is not rounded to a power of two: a 64 KiB table of shape keys
/// (16 bytes a slot with the knowledge, 18 with the filter's share) has 3,640 slots,
/// not 2,048, and every bucket is used.
#[test]
fn a_table_uses_its_whole_memory_limit() {
    let mut t: Table<u128> = Table::with_memory(1 << 16);
    assert_eq!(t.capacity(), 3640);
    let keys = 4 * t.capacity() as u128;
    for key in 0..keys {
        t.store(&key, Knowledge::Exact(1), 1);
    }
    assert_eq!(t.stats().entries, 3640);
    let mut used = vec![false; t.capacity() / BUCKET];
    for key in 0..keys {
        used[t.bucket_index(key.hash64())] = true;
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
    let mut sizes = vec![t.slots.len() * BUCKET];
    while t.buckets < t.max_buckets {
        // Store until the table grows, noting what it held before each store.
        let (held, buckets, evictions) = loop {
            let held: Vec<u64> = t.entries().map(|(k, _, _)| k).collect();
            let (buckets, evictions) = (t.buckets, t.stats().evictions);
            t.store(&key, Knowledge::Exact(key % 9), (key % 4) as u8);
            key += 1;
            if t.buckets != buckets {
                break (held, buckets, evictions);
            }
        };
        sizes.push(t.slots.len() * BUCKET);
        if t.buckets == 2 * buckets {
            assert_eq!(t.stats().evictions, evictions, "doubling drops nothing");
            for k in held {
                assert_eq!(t.get(&k), Some(Knowledge::Exact(k % 9)));
            }
        }
        for (b, bucket) in t.slots.iter().enumerate() {
            for slot in bucket.0.iter().filter(|s| s.packed() != 0) {
                assert_eq!(t.bucket_index(slot.key().hash64()), b);
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
    t.store(&4, Knowledge::Exact(LOW_MASK + 1), 0);
    assert_eq!(t.get(&4), None);
}

/// A shape key's slot is the key with its knowledge in the spare bits 80..128: a bucket
/// is one aligned cache line. Every key bit and every knowledge bit comes back, keys
/// differing only in their top shape bit stay apart, and a key using the spare bits is
/// not stored (it could be mistaken for another).
#[test]
fn shape_slots_pack_the_knowledge_beside_the_key() {
    assert_eq!(std::mem::size_of::<Bucket<u128>>(), 64);
    assert_eq!(std::mem::align_of::<Bucket<u128>>(), 64);
    assert_eq!(std::mem::size_of::<Bucket<Pair<u64>>>(), 64);
    assert_eq!(Table::<u128>::SLOT_BYTES, 16);
    let mut t: Table<u128> = Table::with_memory(1 << 16);
    let top = SHAPE_MASK;
    let below = SHAPE_MASK >> 1;
    t.store(&top, Knowledge::Excluded(LOW_MASK), 63);
    t.store(&below, Knowledge::Exact(LOW_MASK), 63);
    assert_eq!(t.get(&top), Some(Knowledge::Excluded(LOW_MASK)));
    assert_eq!(t.get(&below), Some(Knowledge::Exact(LOW_MASK)));
    let (key, fact, work) = t.entries().find(|(k, _, _)| *k == top).unwrap();
    assert_eq!((key, fact, work), (top, Knowledge::Excluded(LOW_MASK), 63));
    // Merged in place: the key's bits are untouched.
    t.store(&top, Knowledge::Exact(7), 1);
    assert_eq!(t.get(&top), Some(Knowledge::Exact(7)));
    assert_eq!(t.get(&below), Some(Knowledge::Exact(LOW_MASK)));
    let beyond = SHAPE_MASK + 1;
    t.store(&beyond, Knowledge::Exact(1), 1);
    assert_eq!(t.get(&beyond), None);
    assert_eq!(t.get(&0), None);
    assert_eq!(t.stats().entries, 2);
}

//! The search table keeps its memory limit while it grows, not only once grown: every byte
//! the table allocates is counted here by a global allocator that records the peak.
//!
//! A table used to grow by making arrays twice the size beside the old ones, so for a moment
//! it held half as much again as its limit (Cram 6 × 7 peaked at 2.39 GB under a 2 GiB
//! limit). It now grows in place.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use grundy_core::search::{Knowledge, Table};

/// The system allocator, counting the bytes held and their peak.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn add(bytes: usize) {
    let now = HELD.fetch_add(bytes, Ordering::SeqCst) + bytes;
    PEAK.fetch_max(now, Ordering::SeqCst);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            add(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            add(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        HELD.fetch_sub(layout.size(), Ordering::SeqCst);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            if new_size >= layout.size() {
                add(new_size - layout.size());
            } else {
                HELD.fetch_sub(layout.size() - new_size, Ordering::SeqCst);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time: the counters are the whole process's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// What `f` returns, and the most bytes held at once, beyond those held before, while it ran.
fn peak_of<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let before = HELD.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let r = f();
    (r, PEAK.load(Ordering::SeqCst) - before)
}

/// Limits on both sides of the presence filter's threshold (tables of 2^15 slots and more
/// have one) and of its largest size (8 MiB, tables of 4 M slots), of whole and odd numbers
/// of buckets, each table filled with four times its capacity of keys: it doubles on the
/// way (the last time perhaps by less than twice), and at no moment holds more than its
/// limit.
#[test]
fn a_growing_table_stays_within_its_memory_limit() {
    for limit in [
        1 << 16,
        600 << 10,
        1 << 20,
        (1 << 20) + 12_345,
        7 << 20,
        48 << 20,
        130 << 20,
    ] {
        let keys = 4 * Table::<u128>::with_memory(limit).capacity() as u128;
        let (t, peak) = peak_of(|| {
            let mut t: Table<u128> = Table::with_memory(limit);
            for key in 0..keys {
                t.store(&key, Knowledge::Exact((key % 7) as u64), (key % 5) as u8);
            }
            t
        });
        let capacity = t.capacity();
        assert!(
            peak <= limit,
            "a table of {limit} bytes ({capacity} slots) peaked at {peak} bytes"
        );
        // It grew to its limit, not far below (26 bytes a slot with the filter's share).
        assert!(
            capacity * 26 > limit * 9 / 10,
            "a table of {limit} bytes holds only {capacity} slots"
        );
        // Everything it kept is right and can be found.
        assert!(t.stats().evictions > 0);
        let held: Vec<u128> = t.entries().map(|(k, _, _)| k).collect();
        assert_eq!(held.len() as u64, t.stats().entries);
        let mut t = t;
        for key in held {
            assert_eq!(t.get(&key), Some(Knowledge::Exact((key % 7) as u64)));
        }
    }
}

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
use std::sync::Arc;

/// Slots per bucket: an entry may sit in any slot of the bucket its hash selects.
pub const BUCKET: usize = 4;

/// The smallest table, in slots, whatever the memory limit.
const MIN_SLOTS: usize = 1 << 10;

/// The slots a table starts with (it doubles at half full up to its limit): a small search
/// touches only these (6 KiB of `u128` keys), where starting at [`MIN_SLOTS`] cleared 24 KiB
/// before a 2 × 9 Cram board's seven components were searched.
const FIRST_SLOTS: usize = 1 << 8;

/// Values whose exclusion can be recorded: `0..EXCLUDABLE`. Knowledge about larger values is
/// simply not kept, nor exact values of `2^EXCLUDABLE` and more (the packed knowledge has 48
/// bits, to fit beside a shape key in 16 bytes; the values searched are far smaller).
pub const EXCLUDABLE: u32 = 40;

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
    /// How a slot holds the key and its knowledge: side by side ([`Pair`]), or the knowledge
    /// in the key's spare bits (shape keys, [`u128`]).
    type Slot: Slot<Self>;
}

/// `key`'s bytes ([`TableKey::write`]) in hexadecimal digits.
pub fn hex_of<K: TableKey>(key: &K) -> String {
    let mut bytes = Vec::new();
    key.write(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The key whose bytes `text` holds in hexadecimal digits ([`hex_of`]), or `None` when it
/// holds anything else (odd digits, other characters, bytes left over).
pub fn key_of_hex<K: TableKey>(text: &str) -> Option<K> {
    if text.len() % 2 != 0 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let bytes: Vec<u8> = (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect::<Option<_>>()?;
    let mut rest = bytes.as_slice();
    K::read(&mut rest).filter(|_| rest.is_empty())
}

/// What the tables of the threads of one search share (`shared_facts.rs` keeps it): each
/// table offers every fact it stores, and asks when it knows nothing of a key.
pub(crate) trait SharedKnowledge<K>: Send + Sync {
    /// Offers `fact` about `key`, which cost `work` (kept if it is costly enough to share).
    fn publish(&self, key: &K, fact: Knowledge, work: u8);
    /// What is shared about `key`.
    fn lookup(&self, key: &K) -> Option<Knowledge>;
}

/// One slot of the table: a key and its packed knowledge (48 bits, as `Knowledge::pack` makes
/// it), which is 0 in an empty slot.
pub trait Slot<K>: Clone + Default + Send + Sync + std::fmt::Debug {
    /// The packed knowledge; 0 for an empty slot.
    fn packed(&self) -> u64;
    /// Whether the slot, not empty, holds `key`.
    fn holds(&self, key: &K) -> bool;
    /// The key held.
    fn key(&self) -> K;
    /// The hash of the key held (without a copy of a key that owns heap memory).
    fn key_hash(&self) -> u64;
    /// Heap bytes of the key held.
    fn heap_bytes(&self) -> usize;
    /// Whether a slot can hold `key` (a key is never stored in a slot that cannot).
    fn fits(_key: &K) -> bool {
        true
    }
    /// Holds `key` (which [`Slot::fits`]) with `packed` from now on.
    fn put(&mut self, key: &K, packed: u64);
    /// Replaces the packed knowledge of the key held.
    fn repack(&mut self, packed: u64);
    /// Empties the slot, giving back the key and its packed knowledge.
    fn take(&mut self) -> (K, u64);
}

/// A slot holding the key and its knowledge side by side.
#[derive(Clone, Default, Debug)]
pub struct Pair<K> {
    key: K,
    packed: u64,
}

impl<K: TableKey + Send + Sync> Slot<K> for Pair<K> {
    #[inline]
    fn packed(&self) -> u64 {
        self.packed
    }
    #[inline]
    fn holds(&self, key: &K) -> bool {
        self.key == *key
    }
    fn key(&self) -> K {
        self.key.clone()
    }
    fn key_hash(&self) -> u64 {
        self.key.hash64()
    }
    fn heap_bytes(&self) -> usize {
        self.key.heap_bytes()
    }
    fn put(&mut self, key: &K, packed: u64) {
        self.key = key.clone();
        self.packed = packed;
    }
    fn repack(&mut self, packed: u64) {
        self.packed = packed;
    }
    fn take(&mut self) -> (K, u64) {
        (
            std::mem::take(&mut self.key),
            std::mem::take(&mut self.packed),
        )
    }
}

/// Bits of a [`u128`] key below its spare bits: a shape key (`ShapeKey` of the `canon` module)
/// uses bits 0..80, and its slot keeps the packed knowledge in bits 80..128, so that a
/// bucket of four is one cache line of 64 bytes, where a key and a word side by side made
/// 96 bytes, two lines, and a third of the memory more.
const SHAPE_BITS: u32 = 80;
const SHAPE_MASK: u128 = (1 << SHAPE_BITS) - 1;

impl Slot<u128> for u128 {
    #[inline]
    fn packed(&self) -> u64 {
        (*self >> SHAPE_BITS) as u64
    }
    #[inline]
    fn holds(&self, key: &u128) -> bool {
        *self & SHAPE_MASK == *key
    }
    fn key(&self) -> u128 {
        *self & SHAPE_MASK
    }
    fn key_hash(&self) -> u64 {
        self.key().hash64()
    }
    fn heap_bytes(&self) -> usize {
        0
    }
    /// A key using the spare bits is not stored (no key the search makes does), so the
    /// table never confuses two keys.
    fn fits(key: &u128) -> bool {
        *key <= SHAPE_MASK
    }
    fn put(&mut self, key: &u128, packed: u64) {
        debug_assert!(Self::fits(key));
        *self = *key | u128::from(packed) << SHAPE_BITS;
    }
    fn repack(&mut self, packed: u64) {
        *self = *self & SHAPE_MASK | u128::from(packed) << SHAPE_BITS;
    }
    fn take(&mut self) -> (u128, u64) {
        let taken = (self.key(), self.packed());
        *self = 0;
        taken
    }
}

/// The slots of one bucket, aligned to a cache line: a look-up reads one line (two for
/// slots of more than 16 bytes).
#[derive(Clone, Default, Debug)]
#[repr(align(64))]
struct Bucket<S>([S; BUCKET]);

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
    type Slot = Pair<u64>;
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
    type Slot = u128;
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
    pub(crate) fn merged(self, other: Knowledge) -> Knowledge {
        match (self, other) {
            (Knowledge::Exact(v), _) | (_, Knowledge::Exact(v)) => Knowledge::Exact(v),
            (Knowledge::Excluded(a), Knowledge::Excluded(b)) => Knowledge::Excluded(a | b),
        }
    }

    /// The packed form, 48 bits: bit 47 ([`EXACT`]) marks an exact value, bit 46 is
    /// [`NEWEST`], bits 40..46 hold the work (at most 63: about log2 of the components
    /// expanded), the low 40 bits the value or the exclusion mask. Never 0 for stored
    /// knowledge (0 marks an empty slot), since an empty exclusion mask is never stored.
    fn pack(self, work: u8) -> u64 {
        let low = match self {
            Knowledge::Exact(v) => EXACT | (v & LOW_MASK),
            Knowledge::Excluded(mask) => mask & LOW_MASK,
        };
        low | u64::from(work.min(0x3f)) << WORK_SHIFT
    }

    fn unpack(packed: u64) -> Knowledge {
        if packed & EXACT != 0 {
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
const WORK_SHIFT: u32 = EXCLUDABLE;
const EXACT: u64 = 1 << (EXCLUDABLE + 7);

/// The bit of the packed knowledge that marks the entry its bucket took last: a full bucket
/// evicts the cheapest of its other entries, so the newest fact stays at least until the
/// next one comes to its bucket, even when it is the cheapest. Without it, a bucket whose
/// three other entries are dearer gave each new fact the same slot, and the next store
/// there pushed it out at once, however recent: Cram 5 × 7 with a 64 KiB table expanded 10 %
/// more components (902,103 against 814,518), 4 × 9 and 3 × 13 at 64 KiB 9 % and 14 % more.
/// Protecting the two newest instead was worse (827,831; at 16 KiB 1.88 M against 1.19 M):
/// the dear entries are worth keeping too. With an unlimited table it changes nothing
/// measurable (a bucket is rarely full). Only an exact value is kept so: a newest exclusion
/// makes room like any other (5 × 7 at 16 KiB: 1.10 M → 1.07 M components).
const NEWEST: u64 = 1 << (EXCLUDABLE + 6);

fn work_of(packed: u64) -> u8 {
    (packed >> WORK_SHIFT & 0x3f) as u8
}

/// How much an entry is worth keeping: exact values before exclusions, then by work. An
/// exact value answers every question about its component, an exclusion only one, and the
/// search asks again about a component it has met far more often than it meets a new one.
/// An exact value used to count only as much as an exclusion of twice its work: with a
/// table of 16 KiB Cram 5 × 7 expanded 1,200,820 components, and 1,097,033 with this order
/// alone (316,602 with an unlimited table); at 64 KiB 698,684 and 647,247; 4 × 9 at 16 and
/// 64 KiB 797,170 and 446,134, and 725,772 and 411,131. Counting an exact value as three or
/// six more levels of work (8 or 64 times the work) came between the two.
fn priority(fact: Knowledge, work: u8) -> u8 {
    let work = work.min(0x3f);
    match fact {
        Knowledge::Exact(_) => 0x40 | work,
        Knowledge::Excluded(_) => work,
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
    /// The slots, [`BUCKET`] to a cache-line-aligned bucket.
    slots: Vec<Bucket<K::Slot>>,
    /// Buckets: any number, so that a table uses all of its memory limit, not the largest
    /// power of two below it (which left up to half of it unused: 64 KiB held 2,048 Cram
    /// entries instead of 2,520 at 24 bytes a slot; 3,640 now at 16).
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
    /// What the other threads of the same search share, if it has several.
    shared: Option<Arc<dyn SharedKnowledge<K>>>,
}

impl<K: TableKey> Table<K> {
    /// Bytes of one slot: a bucket's share.
    const SLOT_BYTES: usize = std::mem::size_of::<Bucket<K::Slot>>() / BUCKET;

    /// A table using at most `memory_bytes` bytes (its slots, its filter and the heap bytes
    /// of its keys), also while it grows, and at least 1,024 slots.
    pub fn with_memory(memory_bytes: usize) -> Self {
        // A slot's key and knowledge, and its share of the presence filter (two bytes).
        let slot = Self::SLOT_BYTES + 2;
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
        let filter = Presence::bytes_for(wanted);
        if wanted * Self::SLOT_BYTES + filter > for_slots {
            wanted = for_slots.saturating_sub(filter) / Self::SLOT_BYTES;
        }
        let max_buckets = wanted.max(MIN_SLOTS) / BUCKET;
        // Start small: a table that stays small stays in the caches.
        let buckets = max_buckets.min(FIRST_SLOTS / BUCKET);
        Table {
            slots: vec![Bucket::default(); buckets],
            buckets,
            heap_bytes: 0,
            heap_limit: memory_bytes.saturating_sub(max_buckets * BUCKET * slot),
            max_buckets,
            memory_limit: memory_bytes,
            stats: TableStats::default(),
            presence: Presence::for_slots(buckets * BUCKET),
            shared: None,
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
        self.slots.reserve_exact(buckets - self.slots.len());
        self.slots.resize_with(buckets, Bucket::default);
        self.buckets = buckets;
        // The old filter goes before the new one is made.
        self.presence = Presence::for_slots(0);
        self.presence = Presence::for_slots(buckets * BUCKET);
        for old in (0..old_buckets).rev() {
            let moved = std::mem::take(&mut self.slots[old]);
            for mut slot in moved.0 {
                if slot.packed() != 0 {
                    let (key, p) = slot.take();
                    self.place_moved(old, key, p);
                }
            }
        }
    }

    /// Puts an entry moved by [`Table::grow`] from bucket `old` into its new bucket: an empty
    /// slot, else the slot of the cheapest entry there if that is cheaper than it; else the
    /// entry is dropped.
    fn place_moved(&mut self, old: usize, key: K, p: u64) {
        let b = self.bucket_index(key.hash64());
        debug_assert!(b >= old, "a bucket never moves down");
        let bucket = &mut self.slots[b].0;
        let slot = match bucket.iter().position(|s| s.packed() == 0) {
            Some(i) => Some(i),
            None => {
                let i = (0..BUCKET)
                    .min_by_key(|&i| keep_priority(bucket[i].packed()))
                    .expect("buckets are not empty");
                self.stats.evictions += 1;
                self.stats.entries -= 1;
                if keep_priority(bucket[i].packed()) < keep_priority(p) {
                    self.heap_bytes -= bucket[i].heap_bytes();
                    Some(i)
                } else {
                    self.heap_bytes -= key.heap_bytes();
                    None
                }
            }
        };
        if let Some(i) = slot {
            self.presence.add(key.hash64());
            bucket[i].put(&key, p);
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
        self.slots.len() * BUCKET * Self::SLOT_BYTES + self.presence.bytes() + self.heap_bytes
    }

    #[inline]
    fn bucket_index(&self, hash: u64) -> usize {
        // The low 32 bits of the hash scaled to the number of buckets (Lemire's range
        // reduction: a multiplication instead of a division).
        (((hash & 0xffff_ffff) * self.buckets as u64) >> 32) as usize
    }

    /// What is known about `key`, if anything: in this table or, on several threads, in the
    /// facts the others shared (`shared_facts.rs`).
    #[inline]
    pub fn get(&mut self, key: &K) -> Option<Knowledge> {
        // The facts other threads shared are asked here, where a component is to be searched,
        // not in `peek`, which the listing of options calls for every part: there most keys
        // are absent, and the test of each cost one thread 0.5 % more instructions (Cram
        // 4 × 9: 1,566 M against 1,559 M).
        let found = match (self.peek(key), &self.shared) {
            (None, Some(shared)) => shared.lookup(key),
            (found, _) => found,
        };
        if found.is_some() {
            self.stats.hits += 1;
        } else {
            self.stats.misses += 1;
        }
        found
    }

    /// What this table holds about `key`: [`Table::get`] without counting the look-up and
    /// without asking the facts other threads shared.
    #[inline]
    pub fn peek(&self, key: &K) -> Option<Knowledge> {
        let hash = key.hash64();
        if !self.presence.may_hold(hash) {
            return None;
        }
        self.slots[self.bucket_index(hash)]
            .0
            .iter()
            .find(|s| s.packed() != 0 && s.holds(key))
            .map(|s| Knowledge::unpack(s.packed()))
    }

    /// Shares this table's costly facts with the other tables given `facts`, and theirs with
    /// it.
    pub(crate) fn share(&mut self, facts: Arc<dyn SharedKnowledge<K>>) {
        self.shared = Some(facts);
    }

    /// Stops sharing facts with other tables (a table merged from several, to be saved).
    pub(crate) fn unshare(&mut self) {
        self.shared = None;
    }

    /// [`Table::store`] for a fact read back from disk: the table grows (within its limit)
    /// rather than evict, so that everything saved is kept while it fits.
    pub(crate) fn restore(&mut self, key: &K, fact: Knowledge, work: u8) {
        while self.buckets < self.max_buckets
            && self.slots[self.bucket_index(key.hash64())]
                .0
                .iter()
                .all(|s| s.packed() != 0 && !s.holds(key))
        {
            self.grow();
        }
        self.store(key, fact, work);
    }

    /// Adds `fact` to what is known about `key`; `work` (about log2 of the positions the fact
    /// cost) decides what is evicted first when room is short.
    pub fn store(&mut self, key: &K, fact: Knowledge, work: u8) {
        if !fact.storable() || !K::Slot::fits(key) {
            return;
        }
        if let Some(shared) = &self.shared {
            shared.publish(key, fact, work);
        }
        // Grow at half full, up to the memory limit: with four slots a bucket, few buckets
        // overflow below that.
        if self.stats.entries as usize * 2 >= self.slots.len() * BUCKET
            && self.buckets < self.max_buckets
        {
            self.grow();
        }
        self.stats.stores += 1;
        let hash = key.hash64();
        let over_heap = self.heap_bytes + key.heap_bytes() > self.heap_limit;
        let b = self.bucket_index(hash);
        let bucket = &mut self.slots[b].0;
        let mut empty = None;
        let mut cheapest: Option<(usize, u8)> = None;
        for (i, slot) in bucket.iter_mut().enumerate() {
            let packed = slot.packed();
            if packed == 0 {
                empty = empty.or(Some(i));
                continue;
            }
            if slot.holds(key) {
                let merged = Knowledge::unpack(packed).merged(fact);
                slot.repack(merged.pack(work_of(packed).max(work)) | packed & NEWEST);
                return;
            }
            if packed & (NEWEST | EXACT) == NEWEST | EXACT {
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
        // small for the search keeps what the search is working on now. Leaving the new fact
        // out instead (when it is the cheapest) filled small tables with old dear entries and
        // made the search recompute every recent fact: Cram 5 × 6 with a 16 KiB table
        // expanded 24 times as many components as with an unlimited one. The one exception:
        // an exclusion never pushes out an exact value; when only exact values could make
        // room it is left out (5 × 7 at 16 KiB: 1.07 M → 1.05 M components, 4 × 9 at 64 KiB
        // 397 K → 383 K).
        let exact_only = cheapest.is_some_and(|(_, c)| c >= priority(Knowledge::Exact(0), 0));
        let victim = match (empty, cheapest) {
            (Some(i), _) if !over_heap => i,
            (_, Some(_)) if exact_only && !matches!(fact, Knowledge::Exact(_)) => return,
            (_, Some((i, _))) => i,
            _ => return,
        };
        if bucket[victim].packed() != 0 {
            self.stats.evictions += 1;
            self.heap_bytes -= bucket[victim].heap_bytes();
        } else {
            self.stats.entries += 1;
        }
        self.heap_bytes += key.heap_bytes();
        for other in bucket.iter_mut() {
            let p = other.packed();
            if p & NEWEST != 0 {
                other.repack(p & !NEWEST);
            }
        }
        bucket[victim].put(key, fact.pack(work) | NEWEST);
        if self.presence.add(hash) {
            // Full of keys evicted since: start again from those the table holds.
            let held = self
                .slots
                .iter()
                .flat_map(|b| &b.0)
                .filter(|s| s.packed() != 0);
            self.presence.rebuild(held.map(|s| s.key_hash()));
        }
    }

    /// Every entry: key, knowledge and work (in slot order).
    pub fn entries(&self) -> impl Iterator<Item = (K, Knowledge, u8)> + '_ {
        self.slots
            .iter()
            .flat_map(|b| &b.0)
            .filter(|s| s.packed() != 0)
            .map(|s| {
                let p = s.packed();
                (s.key(), Knowledge::unpack(p), work_of(p))
            })
    }
}

#[cfg(test)]
mod tests;

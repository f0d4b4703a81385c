//! The bitmaps of the solver: code sets, the options seen at one position, and the byte marks
//! that record many split values without a chain of read-modify-writes.

use super::value::Value;

/// A set of codes (or values) as a bitmap that grows on demand.
#[derive(Debug, Clone, Default)]
pub(super) struct CodeSet {
    pub(super) words: Vec<u64>,
}

impl CodeSet {
    #[inline]
    pub(super) fn contains(&self, x: u32) -> bool {
        self.words
            .get((x >> 6) as usize)
            .is_some_and(|w| w & (1 << (x & 63)) != 0)
    }

    pub(super) fn insert(&mut self, x: u32) {
        let word = (x >> 6) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (x & 63);
    }
}

/// One byte per possible value (so a `u16` index needs no bounds check), all zero between
/// uses.
#[derive(Clone)]
pub(super) struct Marks(pub(super) Box<[u8; 1 << 16]>);

impl Default for Marks {
    fn default() -> Self {
        let zeros = vec![0u8; 1 << 16].into_boxed_slice();
        Marks(zeros.try_into().expect("the length is 2^16"))
    }
}

impl std::fmt::Debug for Marks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Marks(..)")
    }
}

/// The options' values seen so far for the current position: a bitmap sized to the values in
/// play. XORs of values below `2^b` stay below `2^b`, so it never needs to grow mid-position.
#[derive(Debug, Clone)]
pub(super) struct Seen {
    pub(super) words: Vec<u64>,
}

impl Seen {
    pub(super) fn for_values_below(bound: u32) -> Self {
        let bits = bound.max(2).next_power_of_two() as usize;
        Seen {
            words: vec![0; bits.div_ceil(64) + 1],
        }
    }

    #[inline]
    pub(super) fn insert(&mut self, v: u16) {
        self.words[(v >> 6) as usize] |= 1 << (v & 63);
    }

    pub(super) fn mex(&self) -> u32 {
        let mut base = 0;
        for &w in &self.words {
            if w != u64::MAX {
                return base + w.trailing_ones();
            }
            base += 64;
        }
        base
    }

    /// The least value at or above `from` that is neither in the set nor marked in `marks`
    /// (one byte per value, see [`fold_marks`]), where every value below `from` is known to be
    /// in the set. The marks are folded into the set word by word, only as far as the answer
    /// needs: recording split pairs as marks costs a store each, and most of the words they
    /// touch are never looked at again.
    pub(super) fn mex_from(&mut self, from: u32, marks: &[u8; 1 << 16]) -> u32 {
        let first = (from >> 6) as usize;
        // Most looks find the candidate still missing: one byte says so, without a fold.
        if self.words[first] & (1 << (from & 63)) == 0 && marks.get(from as usize) == Some(&0) {
            return from;
        }
        for (w, word) in self.words.iter_mut().enumerate().skip(first) {
            if *word == u64::MAX {
                continue;
            }
            // The last word of the largest set lies beyond every XOR of two values: no marks.
            if let Some(bytes) = marks.get(64 * w..64 * w + 64) {
                fold_marks(bytes, std::slice::from_mut(word));
            }
            if *word != u64::MAX {
                return 64 * w as u32 + word.trailing_ones();
            }
        }
        64 * self.words.len() as u32
    }

    pub(super) fn clear(&mut self) {
        self.words.fill(0);
    }
}

/// Puts `xors` into `seen` without a chain of read-modify-writes on one word (values are
/// small, so consecutive inserts often hit the same word and would each wait for the previous
/// store): below 128 the bits gather in two registers; above, inserts alternate between `seen`
/// and a second bitmap.
#[inline]
pub(super) fn insert_all(seen: &mut Seen, xors: impl Iterator<Item = u16>, lanes: &mut Vec<u64>) {
    if seen.words.len() == 2 {
        // Values below 64 (`0.104`): one word, one OR per value, where the two-word case
        // below costs some seven instructions a value.
        let mut low = 0u64;
        for x in xors {
            low |= 1u64 << (x & 63);
        }
        seen.words[0] |= low;
        return;
    }
    if seen.words.len() <= 3 {
        let (mut low, mut high) = (0u64, 0u64);
        for x in xors {
            let bit = 1u64 << (x & 63);
            let upper = ((x >> 6) as u64 & 1).wrapping_neg();
            high |= bit & upper;
            low |= bit & !upper;
        }
        seen.words[0] |= low;
        seen.words[1] |= high;
        return;
    }
    let w = seen.words.len();
    lanes.clear();
    lanes.resize(w, 0);
    let mut flip = false;
    for x in xors {
        let (word, bit) = ((x >> 6) as usize, 1u64 << (x & 63));
        if flip {
            lanes[word] |= bit;
        } else {
            seen.words[word] |= bit;
        }
        flip = !flip;
    }
    for (s, l) in seen.words.iter_mut().zip(lanes.iter()) {
        *s |= *l;
    }
}

/// Whether recording `pairs` split values as byte marks (see [`insert_pairs`]) costs less than
/// setting their bits one by one: the marks cost about 2.5 instructions a pair against 7, plus
/// folding and clearing 64 bytes per word of `seen` (about 35 instructions), so they pay from
/// some 8 pairs per word. (`0.104`, whose values are below 128, sets 60 or so small parts'
/// values per position: 27 % of its instructions went to setting their bits.)
#[inline]
pub(super) fn pays_to_mark(pairs: usize, seen: &Seen) -> bool {
    pairs >= 8 * seen.words.len()
}

/// Puts the values of the splits `low[i] + high[i]` (`high` holding the partners of `low` in
/// the same order) into `seen`.
///
/// Setting a bit is a read-modify-write of a word, and values are small, so consecutive
/// inserts often hit the same word and each would wait for the previous one's store. Long runs
/// instead store a 1 byte per value in `marks` (plain stores, no chain), then fold the bytes
/// into `seen` and clear them.
///
/// Never inlined: inlined into the solver's loop, the compiler ran short of registers and
/// reloaded the mark array's address from the stack in the inner loop (4 % more instructions
/// on Treblecross); once per call costs nothing next to the 64 or more pairs of a call.
#[inline(never)]
pub(super) fn insert_pairs<V: Value>(
    low: &[V],
    high: &[V],
    seen: &mut Seen,
    marks: &mut [u8; 1 << 16],
) {
    if !pays_to_mark(low.len(), seen) {
        for (&l, &h) in low.iter().zip(high) {
            seen.insert((l ^ h).into());
        }
        return;
    }
    V::mark_xors(low, high, marks);
    // Every XOR of two values in play is below `64 · (seen.words.len() - 1)`: the last word
    // never gets a mark, so it is neither folded nor cleared (`0.104`, whose values are below
    // 64, folded and cleared twice the bytes it needed).
    let words = seen.words.len() - 1;
    let used = &mut marks[..64 * words];
    fold_marks(used, &mut seen.words[..words]);
    used.fill(0);
}

/// ORs a row of marks (one byte per value, 0 or 1) into bitmap words, 64 bytes per word.
pub(super) fn fold_marks(marks: &[u8], words: &mut [u64]) {
    // Multiplying eight 0/1 bytes by this gathers byte i's bit into bit 56 + i, with no two
    // partial products on the same bit (so no carries).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    for (word, bytes) in words.iter_mut().zip(marks.chunks_exact(64)) {
        let mut bits = 0;
        for (i, eight) in bytes.chunks_exact(8).enumerate() {
            let eight = u64::from_le_bytes(eight.try_into().expect("chunks of 8"));
            bits |= (eight.wrapping_mul(GATHER) >> 56) << (8 * i);
        }
        *word |= bits;
    }
}

//! Nimbers: the values of impartial games.
//!
//! Every position of an impartial game under normal play is equivalent to a single Nim heap; the
//! size of that heap is the position's *nimber* or Sprague–Grundy value. Two facts carry the whole
//! theory:
//!
//! * the value of a position is the [`mex`] (minimum excludant) of the values of its options;
//! * the value of a sum of games is the [`nim_sum`] (bitwise XOR) of the values of its parts.
//!
//! ```
//! use grundy_kernel::nimber::{mex, nim_sum};
//! assert_eq!(nim_sum([2, 3, 4]), 5);
//! assert_eq!(mex([0, 1, 3]), 2);
//! ```
//!
//! With Conway's nim multiplication ([`nim_mul`], module [`field`]) the nimbers below `2^64`
//! are a field: the values of two-dimensional coin-turning games are nim products.

/// A Sprague–Grundy value. Values are small in practice (a subtraction game with take-set `S`
/// never exceeds `|S|`), but a Nim heap is its own value, so the type is as wide as a heap.
pub type Nimber = u64;

pub mod field;

pub use field::{nim_div, nim_inv, nim_mul, nim_pow, nim_sqrt, nim_square};

/// The nim-sum (bitwise XOR) of a collection of values: the value of the sum of the games.
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// The minimum excludant: the least non-negative integer not in `values`.
///
/// Values below 64 cost one bit each; larger ones, of any size, are listed and sorted only
/// when every value below 64 is present.
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    // Values below 64 in one word, the rest (rare, and any size: a Nim heap is its own
    // value) in a list looked at only when the word is full.
    let mut low = 0u64;
    let mut high: Vec<Nimber> = Vec::new();
    for v in values {
        if v < 64 {
            low |= 1 << v;
        } else {
            high.push(v);
        }
    }
    if low != u64::MAX {
        return Nimber::from(low.trailing_ones());
    }
    high.sort_unstable();
    high.dedup();
    let mut m = 64;
    for v in high {
        if v != m {
            break;
        }
        m += 1;
    }
    m
}

/// A reusable set of small values for computing many mexes without allocating.
///
/// Values are stored in a bitmap of 64-bit words. [`MexSet::take_mex`] returns the mex and
/// clears only the words it touched, so the cost per mex is proportional to the number of values
/// inserted, not to the largest value ever seen.
#[derive(Debug, Clone, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Highest word index written since the last clear, plus one.
    dirty: usize,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty set with room for values below `capacity` without reallocating.
    pub fn with_capacity(capacity: usize) -> Self {
        MexSet {
            words: vec![0; capacity.div_ceil(64).max(1)],
            dirty: 0,
        }
    }

    /// Adds `value` to the set.
    ///
    /// Values far beyond the number of inserted elements cannot affect the mex, but they are
    /// stored all the same; callers with huge values (Nim heaps) should use [`mex`] on a
    /// filtered list instead.
    #[inline]
    pub fn insert(&mut self, value: Nimber) {
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
        self.dirty = self.dirty.max(word + 1);
    }

    /// Whether `value` is in the set.
    pub fn contains(&self, value: Nimber) -> bool {
        let word = (value / 64) as usize;
        word < self.words.len() && self.words[word] & (1 << (value % 64)) != 0
    }

    /// The least value not in the set, without clearing it.
    pub fn mex(&self) -> Nimber {
        for (i, &w) in self.words[..self.dirty].iter().enumerate() {
            if w != u64::MAX {
                return i as u64 * 64 + w.trailing_ones() as u64;
            }
        }
        self.dirty as u64 * 64
    }

    /// The least value not in the set; the set is left empty, ready for the next position.
    #[inline]
    pub fn take_mex(&mut self) -> Nimber {
        let m = self.mex();
        self.clear();
        m
    }

    /// Empties the set.
    #[inline]
    pub fn clear(&mut self) {
        self.words[..self.dirty].fill(0);
        self.dirty = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_examples_of_tran() {
        // The XOR examples of Tran (n.d.) (docs/bibliography.md).
        assert_eq!(nim_sum([1, 2]), 3);
        assert_eq!(nim_sum([4, 5]), 1);
        assert_eq!(nim_sum([10, 5]), 15);
        assert_eq!(nim_sum([15, 5]), 10);
        assert_eq!(nim_sum([15, 10]), 5);
        assert_eq!(nim_sum([8, 7]), 15);
    }

    #[test]
    fn xor_example_of_jocul_nim_2008() {
        // 1 xor 7 xor 5 = 3, the example of the article "Jocul NIM" (2008) (docs/bibliography.md).
        assert_eq!(nim_sum([1, 7, 5]), 3);
    }

    #[test]
    fn empty_sum_and_mex() {
        assert_eq!(nim_sum([]), 0);
        assert_eq!(mex([]), 0);
    }

    #[test]
    fn mex_examples() {
        assert_eq!(mex([1, 2, 3]), 0);
        assert_eq!(mex([0, 2]), 1);
        assert_eq!(mex([0, 1, 2, 2, 1]), 3);
        assert_eq!(mex(0..64), 64);
        assert_eq!(mex((0..200).filter(|&v| v != 130)), 130);
    }

    #[test]
    fn mex_on_both_sides_of_one_word() {
        assert_eq!(mex(0..63), 63);
        assert_eq!(mex((0..65).filter(|&v| v != 63)), 63);
        assert_eq!(mex((0..=64).rev()), 65);
        assert_eq!(mex((0..64).chain([65, 66])), 64);
        assert_eq!(mex((0..64).chain([64, 64, 66, 65, 68])), 67);
        // A Nim heap is its own value: a huge one costs nothing and excludes nothing small.
        assert_eq!(mex([u64::MAX, 1 << 62, 0]), 1);
        assert_eq!(mex((0..64).chain([u64::MAX])), 64);
    }

    #[test]
    fn mex_agrees_with_the_definition() {
        // Every set drawn from a pseudo-random walk over 0..140, against the least value
        // absent by counting up.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for len in 0..300 {
            let values: Vec<Nimber> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state % 140
                })
                .collect();
            let naive = (0..).find(|m| !values.contains(m)).unwrap();
            assert_eq!(mex(values.iter().copied()), naive, "{values:?}");
        }
    }

    #[test]
    fn mex_set_is_reusable() {
        let mut set = MexSet::with_capacity(8);
        for v in 0..100 {
            set.insert(v);
        }
        assert!(set.contains(99));
        assert_eq!(set.take_mex(), 100);
        assert!(!set.contains(5));
        set.insert(1);
        assert_eq!(set.take_mex(), 0);
        assert_eq!(set.take_mex(), 0);
    }
}

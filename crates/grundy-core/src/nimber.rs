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
//! use grundy_core::nimber::{mex, nim_sum};
//! assert_eq!(nim_sum([2, 3, 4]), 5);
//! assert_eq!(mex([0, 1, 3]), 2);
//! ```

/// A Sprague–Grundy value. Values are small in practice (a subtraction game with take-set `S`
/// never exceeds `|S|`), but a Nim heap is its own value, so the type is as wide as a heap.
pub type Nimber = u64;

/// The nim-sum (bitwise XOR) of a collection of values: the value of the sum of the games.
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// The minimum excludant: the least non-negative integer not in `values`.
///
/// This convenience version allocates; hot loops should reuse a [`MexSet`].
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut set = MexSet::new();
    for v in values {
        set.insert(v);
    }
    set.take_mex()
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

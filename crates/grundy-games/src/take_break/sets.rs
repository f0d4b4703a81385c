//! Sets of values as bit words, the solver's one data structure.
//!
//! A set of values below `64·w` is `w` words, bit `x` set when `x` is in the set. Values XOR to
//! values of the same bit length, so when every value is below `64·w` (a power of two) so is
//! every XOR of values: the sets of a heap's options fit the same `w` words. Translating a set
//! by XOR with `v` (the set `{x ^ v}`) moves whole words by `v >> 6` and permutes the bits
//! inside each word by `v & 63`: six masked swaps at most.

/// Sets of values stored one after the other, one per heap size `m`, each as many words as the
/// width when it was made (missing words are empty).
#[derive(Debug, Clone, Default)]
pub struct Arena {
    words: Vec<u64>,
    /// `starts[m]..starts[m + 1]` are the words of set `m`.
    starts: Vec<usize>,
}

impl Arena {
    /// An arena with no sets.
    pub fn new() -> Self {
        Arena {
            words: Vec::new(),
            starts: vec![0],
        }
    }

    /// Set `m`'s words.
    pub fn get(&self, m: usize) -> &[u64] {
        &self.words[self.starts[m]..self.starts[m + 1]]
    }

    /// Appends a set, trimming its empty last words.
    pub fn push(&mut self, set: &[u64]) {
        let used = set.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
        self.words.extend_from_slice(&set[..used]);
        self.starts.push(self.words.len());
    }

    /// Words held, for the memory limit.
    pub fn words(&self) -> usize {
        self.words.len()
    }
}

const SWAP_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// The bits of `x` with bit `j` moved to bit `j ^ k` (`k < 64`).
#[inline]
pub fn permute(mut x: u64, k: u32) -> u64 {
    for (j, &mask) in SWAP_MASKS.iter().enumerate() {
        if k >> j & 1 != 0 {
            let shift = 1 << j;
            x = ((x & mask) << shift) | ((x >> shift) & mask);
        }
    }
    x
}

/// `dst |= {x ^ v : x in src}`; `dst` is at least as wide as `src` and wider than `v >> 6`.
#[inline]
pub fn or_translated(dst: &mut [u64], src: &[u64], v: u32) {
    let high = (v >> 6) as usize;
    let low = v & 63;
    for (i, &w) in src.iter().enumerate() {
        if w != 0 {
            dst[i ^ high] |= permute(w, low);
        }
    }
}

/// `dst |= {x ^ (64·high) : x in src}`: the translation by a multiple of 64, which moves whole
/// words and keeps the bits inside each (word `i` to word `i ^ high`). `dst.len()` is a power
/// of two above `high` and at least `src.len()`. Aligned groups of four words move together
/// (group `k` to group `k ^ (high >> 2)`, the words inside it swapped by `high & 3`), so the
/// loop runs a fixed pattern of four unions.
#[inline]
pub fn or_moved(dst: &mut [u64], src: &[u64], high: usize) {
    let groups = src.chunks_exact(4);
    let rest = groups.remainder();
    let inside = high & 3;
    for (k, s) in groups.enumerate() {
        let at = (k ^ (high >> 2)) * 4;
        let d = &mut dst[at..at + 4];
        for j in 0..4 {
            d[j ^ inside] |= s[j];
        }
    }
    let done = src.len() - rest.len();
    for (i, &w) in rest.iter().enumerate() {
        dst[(done + i) ^ high] |= w;
    }
}

/// `dst |= src` (`dst` at least as wide).
#[inline]
pub fn or_into(dst: &mut [u64], src: &[u64]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d |= s;
    }
}

/// Adds `x` to the set.
#[inline]
pub fn insert(set: &mut [u64], x: u32) {
    set[(x >> 6) as usize] |= 1 << (x & 63);
}

/// The least value not in the set (`64·set.len()` when every value is).
pub fn mex(set: &[u64]) -> u32 {
    for (i, &w) in set.iter().enumerate() {
        if w != u64::MAX {
            return (i as u32) * 64 + (!w).trailing_zeros();
        }
    }
    set.len() as u32 * 64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translation_is_xor() {
        for k in 0..64u32 {
            for j in 0..64u32 {
                assert_eq!(permute(1 << j, k), 1 << (j ^ k), "{j} ^ {k}");
            }
        }
        let mut src = vec![0u64; 4];
        for x in [0u32, 5, 63, 64, 130, 255] {
            insert(&mut src, x);
        }
        for v in [0u32, 1, 63, 64, 77, 200, 255] {
            let mut dst = vec![0u64; 4];
            or_translated(&mut dst, &src, v);
            let mut expected = vec![0u64; 4];
            for x in [0u32, 5, 63, 64, 130, 255] {
                insert(&mut expected, x ^ v);
            }
            assert_eq!(dst, expected, "v = {v}");
        }
    }

    #[test]
    fn moving_words_is_xor_by_multiples_of_64() {
        // Sets of 1 to 16 words (whole groups of four, a remainder, or both) moved within
        // 1 to 16 words, against the translation by `64·high`.
        let mut src = vec![0u64; 16];
        for x in [0u32, 5, 63, 64, 130, 255, 300, 511, 640, 777, 1023] {
            insert(&mut src, x);
        }
        for width in [1usize, 2, 4, 8, 16] {
            for trim in 1..=width {
                for high in 0..width as u32 {
                    let mut dst = vec![0u64; width];
                    dst[width - 1] = 1 << 7;
                    let mut expected = dst.clone();
                    or_moved(&mut dst, &src[..trim], high as usize);
                    or_translated(&mut expected, &src[..trim], 64 * high);
                    assert_eq!(dst, expected, "high {high}, {trim} of {width} words");
                }
            }
        }
    }

    #[test]
    fn mex_and_arena() {
        assert_eq!(mex(&[0]), 0);
        assert_eq!(mex(&[0b1011]), 2);
        assert_eq!(mex(&[u64::MAX, 1]), 65);
        assert_eq!(mex(&[u64::MAX]), 64);
        let mut arena = Arena::new();
        arena.push(&[3, 0, 0]);
        arena.push(&[0, 0]);
        arena.push(&[0, 9]);
        assert_eq!(arena.get(0), [3]);
        assert!(arena.get(1).is_empty());
        assert_eq!(arena.get(2), [0, 9]);
        assert_eq!(arena.words(), 3);
    }
}

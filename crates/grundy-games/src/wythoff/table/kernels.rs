//! The per-cell work of the table's construction: the sets of values on each line and the
//! scan for the first value missing from a cell's row, column and diagonal.
//!
//! Column and diagonal bitsets are stored *relative* to their index (bit `v − y` for column `y`,
//! rounded to whole words so that bit positions stay aligned with the row's), so each needs only
//! a window of `3 · rows` bits instead of `2 · cols`.

use super::TILE;

/// Advances `low` to the least value not in the absolute bitset `set`.
#[inline]
pub(super) fn advance_mex(set: &[u64], low: &mut usize) {
    loop {
        let word = set[*low / 64] | ((1u64 << (*low % 64)) - 1);
        if word != u64::MAX {
            *low = *low / 64 * 64 + word.trailing_ones() as usize;
            return;
        }
        *low = (*low / 64 + 1) * 64;
    }
}

/// The least value, from word 0 of the three aligned slices on, missing from all three: the
/// scan that dominates the construction, eight words at a time so that it vectorises.
#[inline]
fn first_missing(row: &[u64], column: &[u64], diagonal: &[u64]) -> usize {
    const CHUNK: usize = 8;
    let len = row.len().min(column.len()).min(diagonal.len());
    let chunks = row[..len]
        .chunks_exact(CHUNK)
        .zip(column[..len].chunks_exact(CHUNK))
        .zip(diagonal[..len].chunks_exact(CHUNK));
    for (k, ((r, c), d)) in chunks.enumerate() {
        let mut all = u64::MAX;
        for i in 0..CHUNK {
            all &= r[i] | c[i] | d[i];
        }
        if all != u64::MAX {
            for i in 0..CHUNK {
                let seen = r[i] | c[i] | d[i];
                if seen != u64::MAX {
                    return (k * CHUNK + i) * 64 + seen.trailing_ones() as usize;
                }
            }
        }
    }
    let mut w = len / CHUNK * CHUNK;
    while w < len {
        let seen = row[w] | column[w] | diagonal[w];
        if seen != u64::MAX {
            return w * 64 + seen.trailing_ones() as usize;
        }
        w += 1;
    }
    // Unreachable by the bounds G <= x + y, which the windows cover with a spare word.
    len * 64
}

/// `TILE` consecutive lines (columns, or diagonals) `first..first + TILE`: for each, the set
/// of values on it so far and its mex.
///
/// Each set is a window of `words` words that follows its index `i`: value `v` is bit
/// `v − 64·⌊i/64⌋ + 64·offset`, word aligned with the absolute values so that words of
/// different sets can be ORed directly. The windows are sized from the bounds
/// `y − 2x <= G(x, y) <= x + y`, so every value a line can hold fits.
pub(super) struct LineGroup {
    first: usize,
    words: usize,
    offset: usize,
    bits: Vec<u64>,
    mex: Vec<usize>,
}

impl LineGroup {
    pub(super) fn new(first: usize, offset: usize, words: usize) -> Self {
        LineGroup {
            first,
            words,
            offset,
            bits: vec![0; words * TILE],
            mex: vec![0; TILE],
        }
    }

    /// The word of line `i` holding absolute values `64·w ..`.
    #[inline]
    fn word_index(&self, i: usize, w: usize) -> usize {
        (i - self.first) * self.words + w + self.offset - i / 64
    }

    /// Line `i`'s words from the one holding absolute values `64·w ..` on.
    #[inline]
    fn words_from(&self, i: usize, w: usize) -> &[u64] {
        let end = (i - self.first + 1) * self.words;
        &self.bits[self.word_index(i, w)..end]
    }

    #[inline]
    fn contains(&self, i: usize, v: usize) -> bool {
        self.bits[self.word_index(i, v / 64)] >> (v % 64) & 1 == 1
    }

    #[inline]
    fn mex(&self, i: usize) -> usize {
        self.mex[i - self.first]
    }

    /// Adds `v` to line `i` and keeps its mex (amortised O(1): the mex only moves up).
    #[inline]
    fn insert(&mut self, i: usize, v: usize) {
        let at = self.word_index(i, v / 64);
        self.bits[at] |= 1 << (v % 64);
        let mut mex = self.mex[i - self.first];
        if mex == v {
            while self.contains(i, mex) {
                mex += 1;
            }
            self.mex[i - self.first] = mex;
        }
    }

    /// Line `i` as an absolute bitset written into `out` (which is cleared first).
    pub(super) fn copy_absolute(&self, i: usize, out: &mut [u64]) {
        out.fill(0);
        let start = (i - self.first) * self.words;
        for (k, &word) in self.bits[start..start + self.words].iter().enumerate() {
            // Relative word k holds absolute word k + ⌊i/64⌋ − offset.
            if let Some(w) = (k + i / 64).checked_sub(self.offset) {
                if let Some(slot) = out.get_mut(w) {
                    *slot = word;
                }
            }
        }
    }
}

/// Computes `G(x, from..from + out.len())` into `out`, given row `x`'s absolute bitset and mex
/// and the groups holding those cells' columns and diagonals.
#[inline]
pub(super) fn cells(
    row: &mut [u64],
    low: &mut usize,
    columns: &mut LineGroup,
    diagonals: &mut LineGroup,
    x: usize,
    from: usize,
    out: &mut [u16],
) {
    for (y, cell) in (from..).zip(out.iter_mut()) {
        let d = y - x;
        // Every value below a line's mex is on that line, so the cell's value is at least
        // the largest of the three.
        let bound = (*low).max(columns.mex(y)).max(diagonals.mex(d));
        let w = bound / 64;
        let v = w * 64
            + first_missing(
                &row[w..],
                columns.words_from(y, w),
                diagonals.words_from(d, w),
            );
        *cell = v as u16;
        row[v / 64] |= 1 << (v % 64);
        columns.insert(y, v);
        diagonals.insert(d, v);
        if v == *low {
            advance_mex(row, low);
        }
    }
}

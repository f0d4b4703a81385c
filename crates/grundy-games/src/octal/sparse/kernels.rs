//! The inner loops that read long runs of values: the block passes (many positions' options at
//! once, as rows of bits or of bytes) and the vectorised search for a split with a given value.

use super::bitsets::fold_marks;
use super::value::Value;
use super::CHUNK;

/// The widest byte rows: values below 512 (Officers `0.6` has values up to 302 at 2^20).
pub(super) const MAX_BYTE_WORDS: usize = 8;

/// Byte rows are used when the options per row are at least this many times the row's words.
/// Clearing and folding a row of bytes costs about 30 instructions per word; a byte store saves
/// about 3 over setting a bit, so below some 10 options per word the bits are cheaper (`0.104`,
/// with 20 rare positions, lost 6 % of its instructions to byte rows).
pub(super) const BYTES_PAY: usize = 16;

/// Where a block pass records the options of its positions: one row per position.
///
/// While values are below `64 ·` [`MAX_BYTE_WORDS`] a row is one byte per value (`64 · words`
/// bytes, 1 where the option is seen): setting a byte is a plain store, where setting a bit is a
/// load, an OR and a store. Beyond, a row is a bitmap of `words` words (byte rows would
/// outgrow the first-level cache: 64 rows of 512 bytes fill 32 KiB). [`Rows::fold`] turns the bytes into bits once per
/// block (a row of bytes is folded once, but written once per rare position: about 1,500
/// times per position in Officers at 2^20).
#[derive(Debug)]
pub(super) enum Rows<'a> {
    Bits {
        rows: &'a mut [u64],
        words: usize,
    },
    /// Byte rows, and the bit rows they are folded into at the end.
    Bytes {
        rows: &'a mut [u8],
        bits: &'a mut [u64],
        words: usize,
    },
}

impl Rows<'_> {
    /// The rows for `len` positions of `words` words that will get about `per_row` options
    /// each: bytes (folded into `bits` by [`Rows::fold`]) while `words` is at most
    /// [`MAX_BYTE_WORDS`] and the options are enough to pay for clearing and folding the
    /// bytes, else `bits` directly; `bytes` is resized to `len` rows and must be all zero.
    pub(super) fn new<'a>(
        bits: &'a mut [u64],
        bytes: &'a mut Vec<u8>,
        words: usize,
        len: usize,
        per_row: usize,
    ) -> Rows<'a> {
        if words <= MAX_BYTE_WORDS && per_row >= BYTES_PAY * words {
            bytes.resize(64 * words * len, 0);
            Rows::Bytes {
                rows: &mut bytes[..64 * words * len],
                bits,
                words,
            }
        } else {
            Rows::Bits { rows: bits, words }
        }
    }

    /// ORs byte rows into their bit rows and clears them (bit rows: nothing to do).
    pub(super) fn fold(self) {
        if let Rows::Bytes { rows, bits, words } = self {
            for (marks, row) in rows
                .chunks_exact(64 * words)
                .zip(bits.chunks_exact_mut(words))
            {
                fold_marks(marks, row);
            }
            rows.fill(0);
        }
    }
}

/// Runs `$pass(recorder, args...)` with the recorder of `$rows` specialised to its row width:
/// the width is then a constant in the whole pass, not looked at again per run of values.
macro_rules! with_recorder {
    ($rows:expr, $pass:ident ( $($arg:expr),* )) => {
        match $rows {
            Rows::Bytes { rows, words, .. } => match *words {
                1 => $pass(&mut ByteRows::<64, 512>(rows), $($arg),*),
                2 => $pass(&mut ByteRows::<128, 1024>(rows), $($arg),*),
                4 => $pass(&mut ByteRows::<256, 2048>(rows), $($arg),*),
                _ => {
                    debug_assert_eq!(*words, MAX_BYTE_WORDS);
                    $pass(&mut ByteRows::<512, 4096>(rows), $($arg),*)
                }
            },
            Rows::Bits { rows, words } => {
                debug_assert!(words.is_power_of_two());
                match *words {
                    1 => $pass(&mut BitRows::<1, 4>(rows), $($arg),*),
                    2 => $pass(&mut BitRows::<2, 8>(rows), $($arg),*),
                    4 => $pass(&mut BitRows::<4, 16>(rows), $($arg),*),
                    8 => $pass(&mut BitRows::<8, 32>(rows), $($arg),*),
                    16 => $pass(&mut BitRows::<16, 64>(rows), $($arg),*),
                    32 => $pass(&mut BitRows::<32, 128>(rows), $($arg),*),
                    64 => $pass(&mut BitRows::<64, 256>(rows), $($arg),*),
                    128 => $pass(&mut BitRows::<128, 512>(rows), $($arg),*),
                    256 => $pass(&mut BitRows::<256, 1024>(rows), $($arg),*),
                    512 => $pass(&mut BitRows::<512, 2048>(rows), $($arg),*),
                    _ => $pass(&mut BitRows::<1024, 4096>(rows), $($arg),*),
                }
            }
        }
    };
}

/// Records runs of options in a block's rows, one row per position.
trait Recorder {
    /// Records the options `val ^ run[i]` in rows `first + i`.
    fn record<V: Value>(&mut self, first: usize, run: &[V], val: u16);
}

/// Byte rows of `S` bytes (`E` is `8 · S`, eight rows, passed separately because an array
/// length cannot be an expression of a generic constant).
struct ByteRows<'r, const S: usize, const E: usize>(&'r mut [u8]);

/// Bit rows of `W` words (`F` is `4 · W`, four rows).
struct BitRows<'r, const W: usize, const F: usize>(&'r mut [u64]);

impl<const S: usize, const E: usize> Recorder for ByteRows<'_, S, E> {
    #[inline(always)]
    fn record<V: Value>(&mut self, first: usize, run: &[V], val: u16) {
        mark_rows::<V, S, E>(&mut self.0[first * S..], run, val);
    }
}

impl<const W: usize, const F: usize> Recorder for BitRows<'_, W, F> {
    #[inline(always)]
    fn record<V: Value>(&mut self, first: usize, run: &[V], val: u16) {
        or_rows::<V, W, F>(&mut self.0[first * W..], run, val);
    }
}

/// Sets byte `val ^ run[i]` of row `i` of `rows` (rows of `S` bytes, every value below `S`).
///
/// Eight rows per step, each one byte store; with the row length a constant the index is
/// masked rather than bounds-checked.
#[inline(always)]
fn mark_rows<V: Value, const S: usize, const E: usize>(rows: &mut [u8], run: &[V], val: u16) {
    debug_assert_eq!(E, 8 * S);
    let mut rows = &mut rows[..run.len() * S];
    let mut run8 = run.chunks_exact(8);
    // The rows are split off one chunk at a time (rather than zipped chunk iterators, which
    // index from the slices' starts): the chunk is then a pointer of its own and each store
    // is 2 or 3 instructions (extract, mask unless done on the vector, store), not one more
    // for adding the base.
    for v in &mut run8 {
        let Some((eight, tail)) = std::mem::take(&mut rows).split_first_chunk_mut::<E>() else {
            break;
        };
        rows = tail;
        let v: &[V; 8] = v.try_into().expect("chunks of 8 values");
        for (i, &v) in v.iter().enumerate() {
            eight[i * S + ((val ^ v.into()) as usize & (S - 1))] = 1;
        }
    }
    let rest = run8.remainder();
    for (row, &v) in rows.chunks_exact_mut(S).zip(rest) {
        row[(val ^ v.into()) as usize & (S - 1)] = 1;
    }
}

/// ORs the values `val ^ run[i]` into row `i` of `rows` (rows of `W` words, a power of two
/// with every value below `64 · W`).
///
/// The row width is a constant in each instance, so the word index is masked rather than
/// bounds-checked: this is the innermost loop of the block pass.
#[inline(always)]
fn or_rows<V: Value, const W: usize, const F: usize>(rows: &mut [u64], run: &[V], val: u16) {
    debug_assert_eq!(F, 4 * W);
    let rows = &mut rows[..run.len() * W];
    let mut rows4 = rows.chunks_exact_mut(F);
    let mut run4 = run.chunks_exact(4);
    for (four, v) in (&mut rows4).zip(&mut run4) {
        let four: &mut [u64; F] = four.try_into().expect("chunks of F words");
        let v: &[V; 4] = v.try_into().expect("chunks of 4 values");
        for (i, &v) in v.iter().enumerate() {
            let x = val ^ v.into();
            four[i * W + ((x >> 6) as usize & (W - 1))] |= 1 << (x & 63);
        }
    }
    let rest = run4.remainder();
    for (row, &v) in rows4.into_remainder().chunks_exact_mut(W).zip(rest) {
        let row: &mut [u64; W] = row.try_into().expect("rows of W words");
        let x = val ^ v.into();
        row[(x >> 6) as usize & (W - 1)] |= 1 << (x & 63);
    }
}

/// The block pass for small parts: for positions `start + j` (`j < len`) and removal `k`, the
/// splits whose smaller part `a` is in `parts` (all above `len`, so the larger part lies below
/// `start`). For each `a` the larger parts are a contiguous run of values.
pub(super) fn small_pass<V: Value>(
    values: &[V],
    block: &mut Rows<'_>,
    (start, len, k): (usize, usize, usize),
    parts: std::ops::RangeInclusive<usize>,
    unequal_splits: bool,
) {
    with_recorder!(
        block,
        small_runs(values, (start, len, k), parts, unequal_splits)
    )
}

#[inline(always)]
fn small_runs<V: Value, R: Recorder>(
    rows: &mut R,
    values: &[V],
    (start, len, k): (usize, usize, usize),
    parts: std::ops::RangeInclusive<usize>,
    unequal_splits: bool,
) {
    for a in parts {
        // a must be the smaller part: 2a <= rest (2a < rest in Grundy's game).
        let first = (2 * a + k + usize::from(unequal_splits)).saturating_sub(start);
        if first >= len {
            break;
        }
        let va = values[a].into();
        let other = start + first - k - a;
        let run = &values[other..other + (len - first)];
        rows.record(first, run, va);
    }
}

/// The block pass for rare positions: for positions `start + j` (`j < len`) and removal `k`,
/// the splits `p + (start + j - k - p)` for the rare positions `p` (values `rare_values`).
/// For each `p` the partners are a contiguous run of values, read in order.
pub(super) fn rare_pass<V: Value>(
    values: &[V],
    block: &mut Rows<'_>,
    (start, len, k): (usize, usize, usize),
    (positions, rare_values): (&[u32], &[u16]),
    unequal_splits: bool,
) {
    with_recorder!(
        block,
        rare_runs(
            values,
            (start, len, k),
            (positions, rare_values),
            unequal_splits
        )
    )
}

#[inline(always)]
fn rare_runs<V: Value, R: Recorder>(
    rows: &mut R,
    values: &[V],
    (start, len, k): (usize, usize, usize),
    (positions, rare_values): (&[u32], &[u16]),
    unequal_splits: bool,
) {
    for (&pos, &val) in positions.iter().zip(rare_values) {
        let pos = pos as usize;
        // Position start + j splits `rest = start + j - k` into pos + (rest - pos); it needs
        // pos < rest (and pos != rest - pos in Grundy's game).
        let first = (pos + k + 1).saturating_sub(start);
        if first >= len {
            continue;
        }
        let other = start + first - k - pos;
        let equal_at = (2 * pos + k).checked_sub(start);
        let run = &values[other..other + (len - first)];
        match equal_at {
            // Grundy's game: row `equal_at` must not get the equal split.
            Some(j) if unequal_splits && (first..len).contains(&j) => {
                let skip = j - first;
                rows.record(first, &run[..skip], val);
                rows.record(j + 1, &run[skip + 1..], val);
            }
            _ => rows.record(first, run, val),
        }
    }
}

/// The least `i` with `low[i] XOR high[i] = g`, if any (`high` holds the partners of `low`,
/// in the same order: see `Mirror`).
#[inline]
pub(super) fn find_pair_xor<V: Value>(low: &[V], high: &[V], g: V) -> Option<usize> {
    let high = &high[..low.len()];
    let start = first_chunk_with_xor(low, high, g);
    if let (Some(l), Some(h)) = (low[start..].first_chunk(), high[start..].first_chunk()) {
        // A whole chunk: the one with the hit.
        let i = V::first_xor_in_chunk(l, h, g);
        debug_assert!(i < CHUNK, "the chunk has a hit");
        return Some(start + i);
    }
    (start..low.len()).find(|&i| low[i] ^ high[i] == g)
}

/// The start of the first chunk of [`CHUNK`] pairs that has `low[i] XOR high[i] = g`, or of
/// the incomplete chunk at the end.
///
/// The pairs are compared a chunk at a time with no early exit inside a chunk, so the compiler
/// can use vector instructions: with arrays of a constant length, the hits gathered as
/// integers and nothing else reading the XORs, it emits 28 instructions per 32 pairs of two
/// bytes (loads, XORs, compares, one mask). With the search inside the chunk in the same
/// function, or inlined into the solver, the same loop came out half scalar (about 60).
#[inline(never)]
fn first_chunk_with_xor<V: Value>(low: &[V], high: &[V], g: V) -> usize {
    let chunks = low.chunks_exact(CHUNK).zip(high.chunks_exact(CHUNK));
    for (c, (l, h)) in chunks.enumerate() {
        let l: &[V; CHUNK] = l.try_into().expect("chunks of CHUNK");
        let h: &[V; CHUNK] = h.try_into().expect("chunks of CHUNK");
        let mut hit = 0u8;
        for i in 0..CHUNK {
            hit |= u8::from(l[i] ^ h[i] == g);
        }
        if hit != 0 {
            return c * CHUNK;
        }
    }
    low.len() - low.len() % CHUNK
}

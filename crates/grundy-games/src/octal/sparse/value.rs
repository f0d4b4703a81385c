//! A stored value of the solver's table: `u8` while every value is below 256, `u16` after.
//! A leaf of `sparse`: `bitsets`, `kernels` and `width` all read it.

use std::ops::BitXor;

use super::CHUNK;

/// A stored value: `u8` or `u16`.
pub(super) trait Value:
    Copy + Eq + Ord + Send + Sync + std::fmt::Debug + BitXor<Output = Self> + Into<u16> + 'static
{
    /// The largest value of this width.
    const MAX: u16;
    /// `g`, which is at most [`Value::MAX`].
    fn from_u16(g: u16) -> Self;
    /// Sets `marks[low[i] ^ high[i]]` to 1 for every `i` (both have the same length): the inner loop of recording split pairs, written per width
    /// so that each compiles to vector XORs.
    fn mark_xors(low: &[Self], high: &[Self], marks: &mut [u8; 1 << 16]);
    /// The least `i` with `low[i] XOR high[i] = g`, or `CHUNK` if there is none: the search
    /// inside the chunk that the vectorised scan found a hit in (see `find_pair_xor`).
    ///
    /// Eight bytes at a time as one 64-bit word (SWAR): lane `i` of `x = low ^ high ^ g` is
    /// zero at a hit, and `(x - ONES) & !x & HIGH` sets the top bit of the lowest zero lane
    /// exactly (a borrow only runs upwards, so only lanes above a zero one can be set
    /// falsely). About 7 instructions per 8 bytes, where the scalar search inside a chunk of
    /// 32 cost some 150 instructions a hit (`0.104`: 6 % of its instructions).
    fn first_xor_in_chunk(low: &[Self; CHUNK], high: &[Self; CHUNK], g: Self) -> usize;
    /// The bits `low[i] ^ high[i]` as one word, all values being below 64 (`high` at least as
    /// long as `low`): the splits of the small parts when the values fit a word (`0.104`).
    /// About 3 instructions a pair, where marks (`insert_pairs`) cost some 190 a position
    /// for its 30 pairs, folding and clearing included.
    #[inline]
    fn or_xor_bits(low: &[Self], high: &[Self]) -> u64 {
        low.iter()
            .zip(high)
            .fold(0, |bits, (&l, &h)| bits | 1 << ((l ^ h).into() & 63))
    }
}

/// The lowest lane of `x` (lanes of `bits` bits, `ones` having 1 in each lane) that is zero,
/// if any: see [`Value::first_xor_in_chunk`].
#[inline(always)]
fn first_zero_lane(x: u64, ones: u64, bits: u32) -> Option<usize> {
    let high = ones << (bits - 1);
    let z = x.wrapping_sub(ones) & !x & high;
    (z != 0).then(|| (z.trailing_zeros() / bits) as usize)
}

impl Value for u8 {
    const MAX: u16 = u8::MAX as u16;
    #[inline]
    fn from_u16(g: u16) -> Self {
        debug_assert!(g <= <Self as Value>::MAX);
        g as u8
    }
    #[inline]
    fn mark_xors(low: &[u8], high: &[u8], marks: &mut [u8; 1 << 16]) {
        // Eight pairs per step: one 64-bit XOR.
        let mut low8 = low.chunks_exact(8);
        let mut high8 = high.chunks_exact(8);
        for (l, h) in (&mut low8).zip(&mut high8) {
            let l = u64::from_le_bytes(l.try_into().expect("chunks of 8"));
            let h = u64::from_le_bytes(h.try_into().expect("chunks of 8"));
            for byte in (l ^ h).to_le_bytes() {
                marks[byte as usize] = 1;
            }
        }
        for (&l, &h) in low8.remainder().iter().zip(high8.remainder()) {
            marks[(l ^ h) as usize] = 1;
        }
    }
    #[inline]
    fn or_xor_bits(low: &[u8], high: &[u8]) -> u64 {
        // Eight pairs per step: one 64-bit XOR, then a bit per byte.
        let high = &high[..low.len()];
        let mut low8 = low.chunks_exact(8);
        let mut high8 = high.chunks_exact(8);
        let mut bits = 0u64;
        for (l, h) in (&mut low8).zip(&mut high8) {
            let l = u64::from_le_bytes(l.try_into().expect("chunks of 8"));
            let h = u64::from_le_bytes(h.try_into().expect("chunks of 8"));
            for byte in (l ^ h).to_le_bytes() {
                bits |= 1 << (byte & 63);
            }
        }
        for (&l, &h) in low8.remainder().iter().zip(high8.remainder()) {
            bits |= 1 << ((l ^ h) & 63);
        }
        bits
    }
    #[inline]
    fn first_xor_in_chunk(low: &[u8; CHUNK], high: &[u8; CHUNK], g: u8) -> usize {
        const ONES: u64 = 0x0101_0101_0101_0101;
        let g = u64::from(g) * ONES;
        for (w, (l, h)) in low.chunks_exact(8).zip(high.chunks_exact(8)).enumerate() {
            let l = u64::from_le_bytes(l.try_into().expect("chunks of 8"));
            let h = u64::from_le_bytes(h.try_into().expect("chunks of 8"));
            if let Some(i) = first_zero_lane(l ^ h ^ g, ONES, 8) {
                return 8 * w + i;
            }
        }
        CHUNK
    }
}

impl Value for u16 {
    const MAX: u16 = u16::MAX;
    #[inline]
    fn from_u16(g: u16) -> Self {
        g
    }
    #[inline]
    fn mark_xors(low: &[u16], high: &[u16], marks: &mut [u8; 1 << 16]) {
        // 32 pairs per step: all their loads and XORs come before the 32 stores. With 4 per
        // step (as before narrow storage) the same loop ran up to half again slower in some
        // builds, the loads waiting behind the stores of the step before (Treblecross to 2^16:
        // 0.49 s of CPU against 0.41 s; with 32, 0.42 s).
        let mut low32 = low.chunks_exact(32);
        let mut high32 = high.chunks_exact(32);
        for (l, h) in (&mut low32).zip(&mut high32) {
            let l: &[u16; 32] = l.try_into().expect("chunks of 32");
            let h: &[u16; 32] = h.try_into().expect("chunks of 32");
            let x: [u16; 32] = std::array::from_fn(|i| l[i] ^ h[i]);
            for x in x {
                marks[x as usize] = 1;
            }
        }
        for (&l, &h) in low32.remainder().iter().zip(high32.remainder()) {
            marks[(l ^ h) as usize] = 1;
        }
    }
    #[inline]
    fn first_xor_in_chunk(low: &[u16; CHUNK], high: &[u16; CHUNK], g: u16) -> usize {
        const ONES: u64 = 0x0001_0001_0001_0001;
        let g = u64::from(g) * ONES;
        for (w, (l, h)) in low.chunks_exact(4).zip(high.chunks_exact(4)).enumerate() {
            let word = |v: &[u16]| {
                v.iter()
                    .rev()
                    .fold(0u64, |acc, &x| acc << 16 | u64::from(x))
            };
            if let Some(i) = first_zero_lane(word(l) ^ word(h) ^ g, ONES, 16) {
                return 4 * w + i;
            }
        }
        CHUNK
    }
}

//! A stored value of the solver's table: `u8` while every value is below 256, `u16` after.
//! A leaf of `sparse`: `bitsets`, `kernels` and `width` all read it.

use std::ops::BitXor;

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
}

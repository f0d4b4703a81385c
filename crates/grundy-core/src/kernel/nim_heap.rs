//! Heap sizes of any width for Bouton's rules and binary columns: `u64` and [`BigUint`].

use num_bigint::BigUint;

/// A heap size Nim's rules can work with: `u64` (the fast, common case: no allocation) or
/// [`BigUint`] (heaps of any number of digits). Bouton's rules are written once over this
/// trait, so both sizes follow exactly the same reasoning.
pub trait NimHeap: Clone + Ord + std::hash::Hash + std::fmt::Debug + std::fmt::Display {
    /// The heap of `v` tokens.
    fn small(v: u64) -> Self;
    /// The bitwise XOR (nim-sum) of two heaps.
    fn xor(&self, other: &Self) -> Self;
    /// `self - other` (`other <= self`).
    fn minus(&self, other: &Self) -> Self;
    /// The number of binary digits (0 for 0).
    fn bits(&self) -> u64;
    /// Binary digit `k` (0 = units).
    fn bit(&self, k: u64) -> bool;
    /// The 64 binary digits from bit `low` up, as a `u64`.
    fn digits_from(&self, low: u64) -> u64;
    /// The heap as a `u64` if it fits.
    fn to_u64(&self) -> Option<u64>;
    /// Writes the heap as a JSON number when it fits in `u64`, else as a decimal string
    /// (most JSON readers cannot hold larger numbers exactly).
    fn serialize_heap<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(v) => s.serialize_u64(v),
            None => s.collect_str(self),
        }
    }
}

impl NimHeap for u64 {
    #[inline]
    fn small(v: u64) -> Self {
        v
    }
    #[inline]
    fn xor(&self, other: &Self) -> Self {
        self ^ other
    }
    #[inline]
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    #[inline]
    fn bits(&self) -> u64 {
        u64::from(64 - self.leading_zeros())
    }
    #[inline]
    fn bit(&self, k: u64) -> bool {
        k < 64 && self >> k & 1 == 1
    }
    fn digits_from(&self, low: u64) -> u64 {
        self.checked_shr(u32::try_from(low).unwrap_or(u32::MAX))
            .unwrap_or(0)
    }
    #[inline]
    fn to_u64(&self) -> Option<u64> {
        Some(*self)
    }
}

impl NimHeap for BigUint {
    fn small(v: u64) -> Self {
        BigUint::from(v)
    }
    fn xor(&self, other: &Self) -> Self {
        self ^ other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn bits(&self) -> u64 {
        BigUint::bits(self)
    }
    fn bit(&self, k: u64) -> bool {
        BigUint::bit(self, k)
    }
    fn digits_from(&self, low: u64) -> u64 {
        (self >> low).iter_u64_digits().next().unwrap_or(0)
    }
    fn to_u64(&self) -> Option<u64> {
        u64::try_from(self).ok()
    }
}

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
    /// Writes the heap as a JSON number up to [`MAX_JSON_INTEGER`], else as a decimal string
    /// (JavaScript and many JSON readers hold whole numbers exactly only to 2^53 - 1).
    fn serialize_heap<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(v) => serialize_exact(v, s),
            None => s.collect_str(self),
        }
    }
}

/// The largest whole number written as a JSON number, 2^53 - 1: JavaScript's numbers (and many
/// JSON readers) hold every whole number exactly up to it and no further, so every heap, value
/// and count beyond it is written as a string of decimal digits (docs/api.md, "Numbers").
pub const MAX_JSON_INTEGER: u64 = (1 << 53) - 1;

/// The JSON Schema of a whole number written by [`serialize_exact`] or
/// [`NimHeap::serialize_heap`] (for `#[schemars(with = "ExactNumber")]`): a number up to
/// [`MAX_JSON_INTEGER`], a string of decimal digits beyond.
pub struct ExactNumber;

impl schemars::JsonSchema for ExactNumber {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ExactNumber".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A whole number: a JSON number up to 2^53 - 1, a string of decimal digits beyond.",
            "anyOf": [
                { "type": "integer", "minimum": 0, "maximum": MAX_JSON_INTEGER },
                { "type": "string", "pattern": "^[0-9]+$" }
            ]
        })
    }
}

/// Writes `n` as a JSON number up to [`MAX_JSON_INTEGER`], else as a decimal string.
pub fn serialize_exact<S: serde::Serializer>(n: u64, s: S) -> std::result::Result<S::Ok, S::Error> {
    if n <= MAX_JSON_INTEGER {
        s.serialize_u64(n)
    } else {
        s.collect_str(&n)
    }
}

/// A pair written by [`serialize_exact`] (for `serialize_with`): `[x, y]`.
pub fn serialize_exact_pair<T, S>(pair: &(T, T), s: S) -> std::result::Result<S::Ok, S::Error>
where
    T: Copy + TryInto<u64> + std::fmt::Display,
    S: serde::Serializer,
{
    use serde::ser::SerializeTuple;
    let mut out = s.serialize_tuple(2)?;
    out.serialize_element(&Exact(pair.0))?;
    out.serialize_element(&Exact(pair.1))?;
    out.end()
}

/// A `u64` (for `serialize_with`) written by [`serialize_exact`].
pub fn serialize_exact_u64<S: serde::Serializer>(
    n: &u64,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    serialize_exact(*n, s)
}

/// A whole number (`u64` or `u128`) written by [`serialize_exact`].
struct Exact<T>(T);

impl<T: Copy + TryInto<u64> + std::fmt::Display> serde::Serialize for Exact<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self.0.try_into() {
            Ok(n) => serialize_exact(n, s),
            Err(_) => s.collect_str(&self.0),
        }
    }
}

/// A `u64` written by [`serialize_exact`].
#[derive(Debug, Clone, Copy)]
pub struct ExactU64(pub u64);

impl serde::Serialize for ExactU64 {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        serialize_exact(self.0, s)
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

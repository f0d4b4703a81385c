//! The closed form: P-positions from the golden ratio, computed with integers only.
//!
//! Wythoff's P-positions are `(a_n, b_n)` and `(b_n, a_n)` with `a_n = ⌊nφ⌋` and
//! `b_n = ⌊nφ²⌋ = a_n + n`, where `φ = (1 + √5)/2`. Since `nφ = (n + n√5)/2` and `n√5 = √(5n²)`,
//!
//! ```text
//! a_n = ⌊(n + ⌊√(5n²)⌋) / 2⌋
//! ```
//!
//! (taking the floor of `√(5n²)` first changes nothing, because `n` is an integer and halving
//! commutes with the floor). Everything here is integer arithmetic: a `u128` fast path while
//! `5n²` fits, and [`BigUint`] beyond, so a position with thousands of digits costs a couple of
//! big-integer square roots. Floating point is wrong long before `u64` runs out: the
//! naive `⌊n · φ⌋` in `f64` first fails at `n = 102,334,155`.
//!
//! The inverse relation answers questions about a single heap `h ≥ 1` without any table.
//! Every positive integer is in exactly one of the complementary Beatty sequences `(a_n)` and
//! `(b_n)`. With `m = ⌊h/φ⌋ = ⌊(⌊√(5h²)⌋ − h)/2⌋`:
//!
//! * if `a_{m+1} = h`, then `h` is a lower Wythoff number and its *partner* is `b_{m+1} = h + m + 1`;
//! * otherwise `h = b_k` for some `k`, and its partner is `a_k = ⌊b_k/φ⌋ = m`.
//!
//! ```
//! use grundy_games::wythoff::beatty::{p_position, partner, is_p_position};
//! assert_eq!(p_position(5), (8, 13));
//! assert_eq!(partner(13), 8);
//! assert!(is_p_position(13, 8));
//! assert!(!is_p_position(13, 9));
//! ```

use num_bigint::BigUint;
use num_integer::{Integer, Roots};
use num_traits::ToPrimitive;

/// Below this index (and below this heap size) the `u128` fast path is exact: `5n² < 2^127`.
pub const FAST_PATH_LIMIT: u64 = 1 << 61;

/// The integers the closed form is written for: `u128` and [`BigUint`].
pub(crate) trait Natural: Integer + Roots + Clone + From<u8> {}
impl<T: Integer + Roots + Clone + From<u8>> Natural for T {}

fn two<T: Natural>() -> T {
    T::from(2)
}

/// `⌊n√5⌋ = ⌊√(5n²)⌋`.
pub(crate) fn floor_sqrt5_times<T: Natural>(n: &T) -> T {
    (T::from(5) * n.clone() * n.clone()).sqrt()
}

/// `a_n = ⌊nφ⌋`, the lower Wythoff number.
pub(crate) fn lower_of<T: Natural>(n: &T) -> T {
    (n.clone() + floor_sqrt5_times(n)) / two()
}

/// The other coordinate of the P-position that has `h` as a coordinate.
pub(crate) fn partner_of<T: Natural>(h: &T) -> T {
    if h.is_zero() {
        return T::zero();
    }
    // For h >= 1, ⌊h√5⌋ >= 2h, so the subtraction cannot underflow.
    let m = (floor_sqrt5_times(h) - h.clone()) / two();
    let n = m.clone() + T::one();
    if lower_of(&n) == *h {
        h.clone() + n
    } else {
        m
    }
}

/// Whether `(x, y)` is a P-position: with `x <= y`, exactly when `x = a_{y-x}`.
pub(crate) fn is_p_of<T: Natural>(x: &T, y: &T) -> bool {
    let (low, high) = if x <= y { (x, y) } else { (y, x) };
    lower_of(&(high.clone() - low.clone())) == *low
}

/// The `n`-th P-position `(a_n, b_n)` for any `u64` index (`b_n` may exceed `u64`).
pub fn p_position(n: u64) -> (u128, u128) {
    let a = if n < FAST_PATH_LIMIT {
        lower_of(&(n as u128))
    } else {
        // ⌊nφ⌋ < 2^65 for every u64 n, so the conversion back always succeeds.
        lower_of(&BigUint::from(n)).to_u128().unwrap_or(u128::MAX)
    };
    (a, a + n as u128)
}

/// The `n`-th P-position for an index of any size.
pub fn p_position_big(n: &BigUint) -> (BigUint, BigUint) {
    if let Some(small) = n.to_u64() {
        let (a, b) = p_position(small);
        return (BigUint::from(a), BigUint::from(b));
    }
    let a = lower_of(n);
    let b = &a + n;
    (a, b)
}

/// The lower Wythoff number `a_n = ⌊nφ⌋` (OEIS A000201 without its offset).
pub fn lower(n: u64) -> u128 {
    p_position(n).0
}

/// The upper Wythoff number `b_n = ⌊nφ²⌋` (OEIS A001950).
pub fn upper(n: u64) -> u128 {
    p_position(n).1
}

/// The partner of heap `h`: the `p` with `(h, p)` a P-position (there is exactly one).
pub fn partner(h: u64) -> u128 {
    if h < FAST_PATH_LIMIT {
        partner_of(&(h as u128))
    } else {
        partner_of(&BigUint::from(h)).to_u128().unwrap_or(u128::MAX)
    }
}

/// The partner of a heap of any size.
pub fn partner_big(h: &BigUint) -> BigUint {
    match h.to_u64() {
        Some(small) => BigUint::from(partner(small)),
        None => partner_of(h),
    }
}

/// Whether `(x, y)` is a P-position (the player to move loses).
pub fn is_p_position(x: u64, y: u64) -> bool {
    if x.max(y) < FAST_PATH_LIMIT {
        is_p_of(&(x as u128), &(y as u128))
    } else {
        is_p_of(&BigUint::from(x), &BigUint::from(y))
    }
}

/// Whether `(x, y)` is a P-position, for coordinates of any size.
pub fn is_p_position_big(x: &BigUint, y: &BigUint) -> bool {
    match (x.to_u64(), y.to_u64()) {
        (Some(x), Some(y)) => is_p_position(x, y),
        _ => is_p_of(x, y),
    }
}

/// Which of the two complementary sequences a positive heap belongs to, and its index there:
/// `Lower(n)` when `h = a_n`, `Upper(n)` when `h = b_n`. Zero is `Lower(0)` (and `b_0` too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rank<T> {
    /// `h = a_n`.
    Lower(T),
    /// `h = b_n`.
    Upper(T),
}

/// The inverse Beatty relation for a heap of any size.
pub fn rank_big(h: &BigUint) -> Rank<BigUint> {
    let p = partner_big(h);
    if &p >= h {
        Rank::Lower(p - h)
    } else {
        Rank::Upper(h - p)
    }
}

/// Streams consecutive P-positions `(a_n, b_n)` for `n = 0, 1, 2, …` without a square root per
/// step.
///
/// It keeps `t = ⌊n√5⌋`. Since `2 < √5 < 3`, the next value is `t + 2` or `t + 3`; which one is
/// decided exactly by the integer test `(t + 3)² <= 5(n + 1)²`.
#[derive(Debug, Clone)]
pub struct PPositions {
    n: u64,
    floor_n_sqrt5: u128,
}

impl PPositions {
    /// Starts at `n = 0`.
    pub fn new() -> Self {
        Self::starting_at(0)
    }

    /// Starts at index `n` (one square root, then none), for `n < FAST_PATH_LIMIT`; larger
    /// starts are clamped to it.
    pub fn starting_at(n: u64) -> Self {
        let n = n.min(FAST_PATH_LIMIT);
        PPositions {
            n,
            floor_n_sqrt5: floor_sqrt5_times(&(n as u128)),
        }
    }
}

impl Default for PPositions {
    fn default() -> Self {
        Self::new()
    }
}

impl Iterator for PPositions {
    type Item = (u64, u64);

    #[inline]
    fn next(&mut self) -> Option<(u64, u64)> {
        if self.n >= FAST_PATH_LIMIT {
            return None;
        }
        let n = self.n as u128;
        let a = (n + self.floor_n_sqrt5) / 2;
        let next = n + 1;
        let t3 = self.floor_n_sqrt5 + 3;
        self.floor_n_sqrt5 += if t3 * t3 <= 5 * next * next { 3 } else { 2 };
        self.n += 1;
        Some((a as u64, (a + n) as u64))
    }
}

/// The first `count` P-positions from the closed form.
pub fn p_positions_by_beatty(count: usize) -> Vec<(u64, u64)> {
    PPositions::new().take(count).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_sqrt_is_exact_around_squares() {
        for n in (0u128..2000).chain([(1 << 61) - 1, 1 << 40, 102_334_155]) {
            let t = floor_sqrt5_times(&n);
            assert!(
                t * t <= 5 * n * n && (t + 1) * (t + 1) > 5 * n * n,
                "n = {n}"
            );
        }
    }

    #[test]
    fn fast_and_big_paths_agree() {
        for n in [
            0u64,
            1,
            2,
            1000,
            102_334_155,
            (1 << 61) - 1,
            1 << 61,
            u64::MAX,
        ] {
            let (a, b) = p_position(n);
            let (ab, bb) = p_position_big(&BigUint::from(n));
            let big_a = lower_of(&BigUint::from(n));
            assert_eq!(BigUint::from(a), big_a, "n = {n}");
            assert_eq!((BigUint::from(a), BigUint::from(b)), (ab, bb));
        }
    }

    #[test]
    fn partners_and_ranks() {
        let pairs = p_positions_by_beatty(300);
        for (n, &(a, b)) in pairs.iter().enumerate() {
            assert_eq!(partner(a), b as u128);
            assert_eq!(partner(b), a as u128);
            if n > 0 {
                assert_eq!(rank_big(&a.into()), Rank::Lower(BigUint::from(n)));
                assert_eq!(rank_big(&b.into()), Rank::Upper(BigUint::from(n)));
            }
        }
    }

    #[test]
    fn stream_matches_square_roots() {
        let mut stream = PPositions::starting_at(123_456_789_000);
        for n in 123_456_789_000..123_456_789_000 + 10_000 {
            let (a, b) = p_position(n);
            assert_eq!(stream.next(), Some((a as u64, b as u64)));
        }
    }
}

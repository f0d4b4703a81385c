//! Conway's nim multiplication: with the nim-sum (XOR) it makes the nimbers below `2^64` the
//! field GF(2^64) (Conway, *On Numbers and Games*, ch. 6; Lenstra 1977–78).
//!
//! Two rules and the field laws give every product (Ferguson, *Game Theory*, Part I §5.3):
//!
//! * the nim product of a *Fermat 2-power* `F = 2^(2^k)` and a smaller number is their ordinary
//!   product;
//! * the nim square of a Fermat 2-power is `3F/2` in the ordinary sense: `F ⊗ F = F ⊕ F/2`.
//!
//! So the numbers below `F²` are pairs `a = a1·F ⊕ a0` of numbers below `F`, and
//!
//! ```text
//! (a1·F ⊕ a0) ⊗ (b1·F ⊕ b0) = (a1b1 ⊕ a1b0 ⊕ a0b1)·F  ⊕  (a0b0 ⊕ a1b1 ⊗ F/2)
//! ```
//!
//! with the middle term `(a1 ⊕ a0)(b1 ⊕ b0) ⊕ a0b0` (Karatsuba: three half-size products and
//! one product by the constant `F/2`, which is linear and read from small tables). The
//! recursion stops at bytes, multiplied by logarithms: the bytes are the field GF(256), whose
//! nonzero elements are the powers of one generator. The inverse uses the same tower: `x = F` is a root of
//! `t² + t + F/2` over the numbers below `F`, whose other root is `x ⊕ 1`, so
//! `a · conj(a)` with `conj(a1·F ⊕ a0) = a1·F ⊕ (a0 ⊕ a1)` is the *norm*
//! `a0² ⊕ a0a1 ⊕ (F/2)·a1²`, a number below `F`, and
//! `a⁻¹ = conj(a) ⊗ norm⁻¹` needs one inverse of half the size. Square roots (squaring is a
//! bijection in characteristic 2) go down the tower the same way:
//! `√(a1·F ⊕ a0) = √a1·F ⊕ √(a0 ⊕ (F/2)·a1)`.
//!
//! ```
//! use grundy_kernel::nimber::{nim_div, nim_inv, nim_mul, nim_sqrt};
//! // The worked examples of Ferguson, Game Theory, Part I §5.3.
//! assert_eq!(nim_mul(24, 17), 128);
//! assert_eq!(nim_mul(8, 8), 13);
//! assert_eq!(nim_mul(3, nim_mul(5, 6)), 4);
//! assert_eq!(nim_inv(2), Some(3));
//! assert_eq!(nim_div(6, 5), Some(9));
//! assert_eq!(nim_mul(nim_sqrt(8), nim_sqrt(8)), 8);
//! ```

use std::sync::OnceLock;

use super::Nimber;

/// The byte tables, all small enough to stay in the processor's first-level cache: the bytes
/// are the subfield GF(256), whose nonzero elements are the powers of a generator `g`, so
/// `a ⊗ b = g^(log a + log b)`; the products by the constants `2^15` and `2^31` that the tower
/// needs, which are linear, byte by byte; and the inverses and square roots of the bytes.
struct ByteTables {
    /// `log[a]`: the exponent of `a` (0 to 254), and [`ZERO_LOG`] for 0.
    log: [u16; 256],
    /// `exp[i] = g^(i mod 255)` below `2 · 255`, and 0 from there on, where any sum with
    /// [`ZERO_LOG`] lands.
    exp: [u8; 1024],
    /// `half16[k][v] = (v · 2^(8k)) ⊗ 2^15`.
    half16: [[u16; 256]; 2],
    /// `half32[k][v] = (v · 2^(8k)) ⊗ 2^31`.
    half32: [[u32; 256]; 4],
    inverse: [u8; 256],
    root: [u8; 256],
}

/// The logarithm given to 0: any sum of two logarithms involving it is at least 511, where the
/// exponential table holds zeros; sums of two true logarithms are at most 508.
const ZERO_LOG: u16 = 511;

/// The byte tables, built on first use from the recursion itself (bits down to one).
fn tables() -> &'static ByteTables {
    static TABLES: OnceLock<ByteTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // A generator of GF(256)*: an element of multiplicative order 255.
        let order = |g: u64| {
            let (mut x, mut k) = (g, 1);
            while x != 1 {
                x = small_product(x, g, 8);
                k += 1;
            }
            k
        };
        let g = (2..256u64)
            .find(|&g| order(g) == 255)
            .expect("GF(256)* is cyclic");
        let mut log = [ZERO_LOG; 256];
        let mut exp = [0u8; 1024];
        let mut x = 1u64;
        for i in 0..255u16 {
            log[x as usize] = i;
            exp[i as usize] = x as u8;
            exp[i as usize + 255] = x as u8;
            x = small_product(x, g, 8);
        }
        let mut half16 = [[0u16; 256]; 2];
        let mut half32 = [[0u32; 256]; 4];
        let mut inverse = [0u8; 256];
        let mut root = [0u8; 256];
        for v in 0..256u64 {
            for (k, row) in half16.iter_mut().enumerate() {
                row[v as usize] = small_product(v << (8 * k), 1 << 15, 16) as u16;
            }
            for (k, row) in half32.iter_mut().enumerate() {
                row[v as usize] = small_product(v << (8 * k), 1 << 31, 32) as u32;
            }
            let square = small_product(v, v, 8);
            root[square as usize] = v as u8;
            if v > 0 {
                inverse[v as usize] = exp[(255 - log[v as usize]) as usize % 255];
            }
        }
        ByteTables {
            log,
            exp,
            half16,
            half32,
            inverse,
            root,
        }
    })
}

/// `a ⊗ b` for `a, b < 2^bits` (`bits` a power of two) by the recursion alone: the reference
/// the tables are built from.
fn small_product(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let low = small_product(a0, b0, half);
    let cross = small_product(a1 ^ a0, b1 ^ b0, half);
    let high = small_product(a1, b1, half);
    let high_half = small_product(high, 1 << (half - 1), half);
    ((cross ^ low) << half) | (low ^ high_half)
}

/// `a ⊗ b` for bytes, by logarithms.
#[inline(always)]
fn mul8(t: &ByteTables, a: u64, b: u64) -> u64 {
    let i = t.log[(a & 0xFF) as usize] + t.log[(b & 0xFF) as usize];
    u64::from(t.exp[usize::from(i) & 1023])
}

/// `a ⊗ b` for `a, b < 2^16`: three byte products (Karatsuba) and one by `2^7`.
#[inline(always)]
fn mul16(t: &ByteTables, a: u64, b: u64) -> u64 {
    let (a1, a0, b1, b0) = (a >> 8, a & 0xFF, b >> 8, b & 0xFF);
    let low = mul8(t, a0, b0);
    let cross = mul8(t, a1 ^ a0, b1 ^ b0);
    let high = mul8(t, a1, b1);
    ((cross ^ low) << 8) | (low ^ mul8(t, high, 1 << 7))
}

/// `a ⊗ b` for `a, b < 2^32`: three 16-bit products and one by `2^15`.
#[inline(always)]
fn mul32(t: &ByteTables, a: u64, b: u64) -> u64 {
    let (a1, a0, b1, b0) = (a >> 16, a & 0xFFFF, b >> 16, b & 0xFFFF);
    let low = mul16(t, a0, b0);
    let cross = mul16(t, a1 ^ a0, b1 ^ b0);
    let high = mul16(t, a1, b1);
    let high_half =
        u64::from(t.half16[0][(high & 0xFF) as usize] ^ t.half16[1][(high >> 8 & 0xFF) as usize]);
    ((cross ^ low) << 16) | (low ^ high_half)
}

/// `a ⊗ b` for all `u64`: three 32-bit products and one by `2^31`.
#[inline(always)]
fn mul64(t: &ByteTables, a: u64, b: u64) -> u64 {
    let (a1, a0, b1, b0) = (a >> 32, a & 0xFFFF_FFFF, b >> 32, b & 0xFFFF_FFFF);
    let low = mul32(t, a0, b0);
    let cross = mul32(t, a1 ^ a0, b1 ^ b0);
    let high = mul32(t, a1, b1);
    let high_half = (0..4).fold(0u32, |acc, k| {
        acc ^ t.half32[k][(high >> (8 * k) & 0xFF) as usize]
    });
    ((cross ^ low) << 32) | (low ^ u64::from(high_half))
}

/// The nim product `a ⊗ b`: exact for every pair of `u64` (the nimbers below `2^64` are closed
/// under it).
pub fn nim_mul(a: Nimber, b: Nimber) -> Nimber {
    let t = tables();
    // Smaller operands stay in a smaller subfield: fewer levels of the tower.
    match a | b {
        0..=0xFF => mul8(t, a, b),
        0x100..=0xFFFF => mul16(t, a, b),
        0x1_0000..=0xFFFF_FFFF => mul32(t, a, b),
        _ => mul64(t, a, b),
    }
}

/// The nim square `a ⊗ a`.
pub fn nim_square(a: Nimber) -> Nimber {
    nim_mul(a, a)
}

/// `a` to the ordinary power `e` under nim multiplication (`a⁰ = 1`).
pub fn nim_pow(a: Nimber, mut e: u64) -> Nimber {
    let (mut base, mut out) = (a, 1);
    while e > 0 {
        if e & 1 == 1 {
            out = nim_mul(out, base);
        }
        base = nim_mul(base, base);
        e >>= 1;
    }
    out
}

/// The nim inverse of `a`: the `b` with `a ⊗ b = 1`, `None` for 0 (which has none).
pub fn nim_inv(a: Nimber) -> Option<Nimber> {
    if a == 0 {
        return None;
    }
    let t = tables();
    Some(inverse(t, a, bits_for(a)))
}

/// The nim quotient `a ⊘ b = a ⊗ b⁻¹`, `None` when `b` is 0.
pub fn nim_div(a: Nimber, b: Nimber) -> Option<Nimber> {
    nim_inv(b).map(|inv| nim_mul(a, inv))
}

/// The nim square root of `a`: the one `r` with `r ⊗ r = a` (squaring is one-to-one on a field
/// of characteristic 2, so every nimber has exactly one).
pub fn nim_sqrt(a: Nimber) -> Nimber {
    let t = tables();
    root(t, a, bits_for(a))
}

/// The smallest subfield holding `a`: 8, 16, 32 or 64 bits.
fn bits_for(a: u64) -> u32 {
    match a {
        0..=0xFF => 8,
        0x100..=0xFFFF => 16,
        0x1_0000..=0xFFFF_FFFF => 32,
        _ => 64,
    }
}

/// `a ⊗ b` for `a, b < 2^bits`.
fn mul_bits(t: &ByteTables, a: u64, b: u64, bits: u32) -> u64 {
    match bits {
        8 => mul8(t, a, b),
        16 => mul16(t, a, b),
        32 => mul32(t, a, b),
        _ => mul64(t, a, b),
    }
}

/// The inverse of `0 < a < 2^bits` by the norm (see the module documentation).
fn inverse(t: &ByteTables, a: u64, bits: u32) -> u64 {
    if bits == 8 {
        return u64::from(t.inverse[a as usize]);
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let mul = |x, y| mul_bits(t, x, y, half);
    let norm = mul(a0, a0) ^ mul(a0, a1) ^ mul(mul(a1, a1), 1 << (half - 1));
    let inv_norm = inverse(t, norm, half);
    (mul(a1, inv_norm) << half) | mul(a0 ^ a1, inv_norm)
}

/// The square root of `a < 2^bits` (see the module documentation).
fn root(t: &ByteTables, a: u64, bits: u32) -> u64 {
    if bits == 8 {
        return u64::from(t.root[a as usize]);
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let low = a0 ^ mul_bits(t, a1, 1 << (half - 1), half);
    (root(t, a1, half) << half) | root(t, low, half)
}

/// `a ⊗ b` by the definition, `mex{(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b') : a' < a, b' < b}`, for every
/// `a, b < n`: the table of Turning Corners (Ferguson, Part I §5.2), the reference for small
/// numbers. `O(n⁴)`.
pub fn product_table_by_mex(n: usize) -> Vec<Vec<Nimber>> {
    let mut table = vec![vec![0; n]; n];
    let mut seen = super::MexSet::new();
    for a in 0..n {
        for b in 0..n {
            for a2 in 0..a {
                for b2 in 0..b {
                    seen.insert(table[a2][b] ^ table[a][b2] ^ table[a2][b2]);
                }
            }
            table[a][b] = seen.take_mex();
        }
    }
    table
}

#[cfg(test)]
mod tests;

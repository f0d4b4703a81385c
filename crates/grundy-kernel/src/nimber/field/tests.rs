use super::*;

/// Table 5.2 of Ferguson, *Game Theory*, Part I §5.2 (docs/bibliography.md): Turning Corners,
/// `g(x, y) = x ⊗ y` for `x, y < 16`, row `x`.
const FERGUSON_TABLE_5_2: [[u64; 16]; 16] = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5],
    [0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10],
    [0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1],
    [0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14],
    [0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4],
    [0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11],
    [0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2],
    [0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13],
    [0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7],
    [0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8],
    [0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3],
    [0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12],
    [0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6],
    [0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9],
];

#[test]
fn fergusons_table_of_turning_corners() {
    for (x, row) in FERGUSON_TABLE_5_2.iter().enumerate() {
        for (y, &v) in row.iter().enumerate() {
            assert_eq!(nim_mul(x as u64, y as u64), v, "{x} ⊗ {y}");
        }
    }
}

/// The product against its definition by the mex (Turning Corners) for every pair below 48:
/// an independent derivation of every byte-table entry used at that size and of the tower's
/// first levels.
#[test]
fn product_matches_the_mex_definition() {
    let table = product_table_by_mex(48);
    for (a, row) in table.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            assert_eq!(nim_mul(a as u64, b as u64), v, "{a} ⊗ {b}");
        }
    }
}

/// OEIS A051775, the nim-multiplication table read by antidiagonals from (0, 0), and A051776,
/// the same from (1, 1) (docs/bibliography.md): their first terms.
#[test]
fn oeis_antidiagonals() {
    let a051775 = [
        0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0, 0, 6,
        10, 12, 12, 10, 6, 0, 0, 7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0, 0, 9,
        12, 14, 14, 7, 14, 14, 12, 9, 0, 0, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7,
        11,
    ];
    let a051776 = [
        1, 2, 2, 3, 3, 3, 4, 1, 1, 4, 5, 8, 2, 8, 5, 6, 10, 12, 12, 10, 6, 7, 11, 15, 6, 15, 11, 7,
        8, 9, 13, 2, 2, 13, 9, 8, 9, 12, 14, 14, 7, 14, 14, 12, 9, 10, 14, 4, 10, 8, 8, 10, 4, 14,
        10, 11, 15, 7, 11, 13, 5, 13, 11, 7, 15, 11, 12, 13, 5, 15, 3, 3, 3, 3, 15, 5,
    ];
    let antidiagonals = |from: u64, count: usize| -> Vec<u64> {
        (0u64..)
            .flat_map(|d| (0..=d).map(move |i| (from + i, from + d - i)))
            .take(count)
            .map(|(a, b)| nim_mul(a, b))
            .collect()
    };
    assert_eq!(antidiagonals(0, a051775.len()), a051775);
    assert_eq!(antidiagonals(1, a051776.len()), a051776);
}

/// OEIS A051917, the nim reciprocal of n = 1, 2, ... (docs/bibliography.md).
#[test]
fn oeis_reciprocals() {
    let a051917 = [
        1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170, 160, 109, 107, 131, 139, 116, 115,
        228, 234, 92, 89, 73, 77, 220, 209, 85, 214, 80, 219, 199, 179, 203, 184, 66, 226, 70, 236,
        156, 247, 149, 248, 255, 182, 189, 240, 120, 164, 174, 127, 142, 100, 98, 134,
    ];
    for (n, &inv) in (1u64..).zip(a051917.iter()) {
        assert_eq!(nim_inv(n), Some(inv), "1 ⊘ {n}");
    }
    assert_eq!(nim_inv(0), None);
    assert_eq!(nim_div(5, 0), None);
}

/// The worked examples of Ferguson, Part I §5.3: the two rules for Fermat 2-powers, products,
/// associativity and distributivity in numbers, and quotients.
#[test]
fn fergusons_worked_examples() {
    assert_eq!(nim_mul(2, 16), 32);
    assert_eq!(nim_mul(16, 16), 24);
    assert_eq!(nim_mul(24, 17), 128);
    assert_eq!(nim_mul(8, 8), 13);
    assert_eq!(nim_mul(5, 6), 8);
    assert_eq!(nim_mul(3, 8), 4);
    assert_eq!(nim_mul(3, 5), 15);
    assert_eq!(nim_mul(15, 6), 4);
    assert_eq!(nim_mul(3, 5 ^ 6), 2);
    assert_eq!(nim_mul(3, 6), 13);
    assert_eq!(nim_div(1, 2), Some(3));
    assert_eq!(nim_div(1, 7), Some(11));
    assert_eq!(nim_div(6, 5), Some(9));
}

/// Every Fermat 2-power below `2^64` (2, 4, 16, 256, 65536, 2^32): `F ⊗ F = 3F/2` and
/// `F ⊗ x = F·x` for `x < F` (where the ordinary product fits in 64 bits).
#[test]
fn fermat_two_powers() {
    for k in 0..6 {
        let f: u64 = 1 << (1u32 << k);
        assert_eq!(nim_mul(f, f), f + f / 2, "F = {f}");
        for x in [1, 2, 3, f / 2 + 1, f - 1] {
            if x < f && f.checked_mul(x).is_some() {
                assert_eq!(nim_mul(f, x), f * x, "{f} ⊗ {x}");
            }
        }
    }
}

/// The products by size class agree with the 64-bit tower on both sides of every threshold
/// (one byte, 16 bits, 32 bits).
#[test]
fn size_classes_agree_with_the_full_tower() {
    let t = tables();
    let edges = [
        0u64,
        1,
        2,
        0xFF,
        0x100,
        0x101,
        0xFFFF,
        0x1_0000,
        0xFFFF_FFFF,
        0x1_0000_0000,
        u64::MAX,
    ];
    for &a in &edges {
        for &b in &edges {
            assert_eq!(nim_mul(a, b), mul64(t, a, b), "{a:#x} ⊗ {b:#x}");
            for bits in [8, 16, 32, 64] {
                if bits == 64 || (a | b) >> bits == 0 {
                    assert_eq!(
                        mul_bits(t, a, b, bits),
                        mul64(t, a, b),
                        "{a:#x} {b:#x} {bits}"
                    );
                }
            }
        }
    }
    for a in 0..=0xFFFu64 {
        assert_eq!(small_product(a, 0xABC, 16), mul16(t, a, 0xABC), "{a}");
    }
}

/// Inverses and square roots at every size, including the extremes.
#[test]
fn inverses_and_roots() {
    for a in (1..5000u64).chain([0xFF, 0x100, 0xFFFF, 0x1_0000, u64::MAX, 1 << 63]) {
        let inv = nim_inv(a).unwrap();
        assert_eq!(nim_mul(a, inv), 1, "{a}");
        let r = nim_sqrt(a);
        assert_eq!(nim_mul(r, r), a, "√{a}");
    }
    assert_eq!(nim_sqrt(0), 0);
    assert_eq!(nim_pow(7, 0), 1);
    assert_eq!(nim_pow(2, 3), nim_mul(2, nim_mul(2, 2)));
    // The multiplicative group of GF(2^64) has order 2^64 − 1.
    assert_eq!(nim_pow(12345, u64::MAX), 1);
    assert_eq!(
        nim_pow(0xDEAD_BEEF_1234, u64::MAX - 1),
        nim_inv(0xDEAD_BEEF_1234).unwrap()
    );
}

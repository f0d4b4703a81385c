//! The field axioms of nim multiplication on all of `u64` (GF(2^64)), property-tested: the
//! nimbers with nim-sum and nim product are a field (Conway, On Numbers and Games, ch. 6;
//! docs/bibliography.md).

use grundy_core::nimber::{nim_div, nim_inv, nim_mul, nim_pow, nim_sqrt};
use proptest::prelude::*;

/// Operands from every size class of the tower, so that mixed sizes meet.
fn nimber() -> impl Strategy<Value = u64> {
    prop_oneof![
        0..256u64,
        0..65_536u64,
        0..(1u64 << 32),
        any::<u64>(),
        (0..64u32).prop_map(|k| 1u64 << k),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn commutative(a in nimber(), b in nimber()) {
        prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
    }

    #[test]
    fn associative(a in nimber(), b in nimber(), c in nimber()) {
        prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
    }

    #[test]
    fn distributive_over_the_nim_sum(a in nimber(), b in nimber(), c in nimber()) {
        prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
    }

    #[test]
    fn one_and_zero(a in nimber()) {
        prop_assert_eq!(nim_mul(a, 1), a);
        prop_assert_eq!(nim_mul(a, 0), 0);
    }

    #[test]
    fn inverses(a in nimber()) {
        match nim_inv(a) {
            None => prop_assert_eq!(a, 0),
            Some(inv) => {
                prop_assert_eq!(nim_mul(a, inv), 1);
                prop_assert_eq!(nim_inv(inv), Some(a));
            }
        }
    }

    #[test]
    fn quotients(a in nimber(), b in nimber()) {
        match nim_div(a, b) {
            None => prop_assert_eq!(b, 0),
            Some(q) => prop_assert_eq!(nim_mul(q, b), a),
        }
    }

    /// No zero divisors: a product is 0 only when a factor is.
    #[test]
    fn no_zero_divisors(a in nimber(), b in nimber()) {
        prop_assert_eq!(nim_mul(a, b) == 0, a == 0 || b == 0);
    }

    /// Squaring is additive (Frobenius), and the square root undoes it.
    #[test]
    fn frobenius_and_roots(a in nimber(), b in nimber()) {
        prop_assert_eq!(nim_mul(a ^ b, a ^ b), nim_mul(a, a) ^ nim_mul(b, b));
        prop_assert_eq!(nim_sqrt(nim_mul(a, a)), a);
    }

    /// Each subfield (numbers below 2^8, 2^16, 2^32) is closed under the product.
    #[test]
    fn subfields_are_closed(a in any::<u64>(), b in any::<u64>(), k in 0..3u32) {
        let bits = 8u32 << k;
        let mask = (1u64 << bits) - 1;
        prop_assert!(nim_mul(a & mask, b & mask) <= mask);
    }

    /// Lagrange: every nonzero element's order divides 2^64 − 1.
    #[test]
    fn multiplicative_group_order(a in 1..u64::MAX) {
        prop_assert_eq!(nim_pow(a, u64::MAX), 1);
    }
}

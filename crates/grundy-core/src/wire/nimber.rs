//! Nim arithmetic's answers (`grundy nimber`): operands and results in the field of nimbers.

use serde::Serialize;

use crate::kernel::nim_heap::serialize_exact_u64;
use crate::nimber::{nim_div, nim_inv, nim_mul, nim_sqrt};

/// `a ⊗ b`, with the nim-sum `a ⊕ b` beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct NimProduct {
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub a: u64,
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub b: u64,
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub sum: u64,
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub product: u64,
}

impl NimProduct {
    /// The product and the sum of `a` and `b`.
    pub fn of(a: u64, b: u64) -> NimProduct {
        NimProduct {
            a,
            b,
            sum: a ^ b,
            product: nim_mul(a, b),
        }
    }
}

/// `1 ⊘ a`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct NimInverse {
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub a: u64,
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub inverse: u64,
}

impl NimInverse {
    /// The inverse of `a`; `None` for 0, which has none.
    pub fn of(a: u64) -> Option<NimInverse> {
        nim_inv(a).map(|inverse| NimInverse { a, inverse })
    }
}

/// `a ⊘ b`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct NimQuotient {
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub a: u64,
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub b: u64,
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub quotient: u64,
}

impl NimQuotient {
    /// `a ⊘ b`; `None` when `b` is 0.
    pub fn of(a: u64, b: u64) -> Option<NimQuotient> {
        nim_div(a, b).map(|quotient| NimQuotient { a, b, quotient })
    }
}

/// The nim square root of `a` (every nimber has exactly one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct NimRoot {
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub a: u64,
    #[serde(serialize_with = "serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub root: u64,
}

impl NimRoot {
    /// The root of `a`.
    pub fn of(a: u64) -> NimRoot {
        NimRoot {
            a,
            root: nim_sqrt(a),
        }
    }
}

/// The multiplication table `rows[a][b] = a ⊗ b` for `a, b < size`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct NimTable {
    pub size: u64,
    pub rows: Vec<Vec<u64>>,
}

impl NimTable {
    /// The table of the nimbers below `size` (the caller bounds `size`: it has `size²` cells).
    pub fn of(size: u64) -> NimTable {
        NimTable {
            size,
            rows: (0..size)
                .map(|a| (0..size).map(|b| nim_mul(a, b)).collect())
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nimbers_beyond_2_to_53_are_strings() {
        let big = u64::MAX;
        let json = serde_json::to_value(NimRoot::of(big)).unwrap();
        assert_eq!(json["a"], serde_json::Value::String(big.to_string()));
        let small = serde_json::to_string(&NimProduct::of(2, 3)).unwrap();
        // 2 ⊗ 3 = 1 and 2 ⊕ 3 = 1 (Conway, On Numbers and Games, ch. 6).
        assert_eq!(small, r#"{"a":2,"b":3,"sum":1,"product":1}"#);
    }

    #[test]
    fn zero_has_no_inverse_and_divides_nothing() {
        assert_eq!(NimInverse::of(0), None);
        assert_eq!(NimQuotient::of(5, 0), None);
        assert_eq!(NimInverse::of(1).map(|i| i.inverse), Some(1));
    }
}

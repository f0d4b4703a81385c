//! Octal codes: the rules of a heap game written as octal digits.
//!
//! The code `d0.d1 d2 d3 ...` says, for each amount `k`, what a move that removes `k` tokens
//! from one heap may leave behind. Digit `d_k` is a sum of three flags:
//!
//! | flag | the move removing `k` tokens may leave |
//! | --- | --- |
//! | 1 | nothing (the heap had exactly `k` tokens) |
//! | 2 | one non-empty heap |
//! | 4 | two non-empty heaps (the rest is split) |
//!
//! The digit before the point is `0` or `4`: `4.` allows splitting a heap in two without
//! removing anything (flags 1 and 2 make no sense for `k = 0`).
//!
//! Grundy's game is not octal — it splits a heap into two *unequal* heaps — but it has the same
//! shape (the code `4.` with equal splits forbidden), so it shares [`HeapRules`] and the solvers.
//!
//! The code is kernel data rather than the octal ruleset's own: the misère engine reads a heap
//! game's moves off it (a table built straight from the digits), and a ruleset hands it over
//! through [`crate::Ruleset::heap_moves`] as a [`HeapMoves`], so that no engine looks
//! at a ruleset's type.

use std::fmt;

use crate::error::{GameError, Result};
use num_bigint::BigUint;

/// The largest number of digits allowed after the point: moves remove at most this many tokens.
pub const MAX_CODE_DIGITS: usize = 256;

const LEAVE_NOTHING: u8 = 1;
const LEAVE_ONE: u8 = 2;
const LEAVE_TWO: u8 = 4;

/// The moves of a heap game of the octal family: an octal code, plus a flag for Grundy's game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapRules {
    /// `digits[k] = d_k`, without trailing zeros (but always with `d_0`).
    digits: Vec<u8>,
    /// Splits must give two different heaps (Grundy's game).
    unequal_splits: bool,
}

/// The moves of a heap game in a form an engine can read without knowing the ruleset
/// ([`crate::Ruleset::heap_moves`]): the misère quotient and genera build their tables
/// of options from it directly, where a ruleset that gives none is asked heap by heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeapMoves<'a> {
    /// Nim: a heap of `n` may become any smaller heap.
    Nim,
    /// A game of the octal family (and Grundy's game): the moves its code allows.
    Code(&'a HeapRules),
}

impl HeapRules {
    /// Parses an octal code such as `0.77`, `.07`, `4.07` or `0.137`.
    pub fn parse(code: &str) -> Result<Self> {
        let text = code.trim();
        let what = "octal code";
        let expected =
            "a code like 0.77, .07 or 4.07: 0 or 4 (or nothing), a point, then octal digits 0-7";
        let Some((whole, fraction)) = text.split_once('.') else {
            return Err(GameError::invalid(what, code, expected));
        };
        let d0 =
            match whole {
                "" | "0" => 0,
                "4" => LEAVE_TWO,
                _ => return Err(GameError::invalid(
                    what,
                    code,
                    "0 or 4 before the point (4 means a heap may be split without removing tokens)",
                )),
            };
        if fraction.is_empty() && d0 == 0 {
            return Err(GameError::invalid(
                what,
                code,
                "at least one octal digit after the point, e.g. 0.77",
            ));
        }
        if fraction.len() > MAX_CODE_DIGITS {
            return Err(GameError::too_large(
                format!("octal code with {} digits after the point", fraction.len()),
                format!("at most {MAX_CODE_DIGITS} digits are allowed"),
            ));
        }
        let mut digits = vec![d0];
        for c in fraction.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    let why = if c == '8' || c == '9' {
                        format!("octal digits 0-7 only after the point (found the digit {c})")
                    } else {
                        format!("octal digits 0-7 only after the point (found {c:?})")
                    };
                    return Err(GameError::invalid(what, code, why));
                }
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(HeapRules {
            digits,
            unequal_splits: false,
        })
    }

    /// Grundy's game: split one heap into two non-empty heaps of different sizes.
    pub fn grundys_game() -> Self {
        HeapRules {
            digits: vec![LEAVE_TWO],
            unequal_splits: true,
        }
    }

    /// Whether this is Grundy's game (splits must be unequal), which is not octal.
    pub fn is_grundys_game(&self) -> bool {
        self.unequal_splits
    }

    /// The digits `d_0, d_1, ...` (without trailing zeros).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The most tokens one move removes (the `t` of the Guy–Smith theorem).
    pub fn max_removed(&self) -> usize {
        self.digits.len() - 1
    }

    /// Amounts `k` whose move may take a whole heap of exactly `k` tokens.
    pub fn take_all(&self) -> Vec<usize> {
        self.amounts_with(LEAVE_NOTHING)
    }

    /// Amounts `k` whose move may leave one non-empty heap.
    pub fn take(&self) -> Vec<usize> {
        self.amounts_with(LEAVE_ONE)
    }

    /// Amounts `k` whose move may split what is left into two non-empty heaps.
    pub fn split(&self) -> Vec<usize> {
        self.amounts_with(LEAVE_TWO)
    }

    fn amounts_with(&self, flag: u8) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&k| self.digits[k] & flag != 0)
            .collect()
    }

    /// Whether a split of `rest` tokens into `a` and `rest - a` is allowed (`1 <= a <= rest/2`).
    pub fn split_allowed(&self, a: u64, rest: u64) -> bool {
        a >= 1 && a <= rest - a && !(self.unequal_splits && 2 * a == rest)
    }

    /// [`HeapRules::largest_smaller_part`] for a heap of any size.
    pub fn largest_smaller_part_big(&self, rest: &BigUint) -> BigUint {
        if self.unequal_splits && *rest > BigUint::ZERO {
            (rest - 1u32) / 2u32
        } else {
            rest / 2u32
        }
    }

    /// The largest smaller part of a split of `rest` tokens (0 when no split exists).
    pub fn largest_smaller_part(&self, rest: u64) -> u64 {
        if self.unequal_splits {
            rest.saturating_sub(1) / 2
        } else {
            rest / 2
        }
    }
}

impl fmt::Display for HeapRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unequal_splits {
            return f.write_str("grundys-game");
        }
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_of_a_code() {
        for (text, shown) in [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("4.07", "4.07"),
            (" 0.1370 ", "0.137"),
            ("4.", "4.0"),
            ("0.0", "0.0"),
        ] {
            assert_eq!(HeapRules::parse(text).unwrap().to_string(), shown, "{text}");
        }
        let kayles = HeapRules::parse("0.77").unwrap();
        assert_eq!(kayles.take_all(), [1, 2]);
        assert_eq!(kayles.take(), [1, 2]);
        assert_eq!(kayles.split(), [1, 2]);
        assert_eq!(kayles.max_removed(), 2);
        assert_eq!(HeapRules::parse("4.07").unwrap().split(), [0, 2]);
    }

    #[test]
    fn bad_codes_say_why() {
        for (bad, clue) in [
            ("0.78", "digit 8"),
            ("0.19", "digit 9"),
            ("077", "point"),
            ("0.", "at least one"),
            (".", "at least one"),
            ("", "point"),
            ("3.07", "0 or 4"),
            ("0.7x", "'x'"),
            ("0.-1", "'-'"),
        ] {
            let err = HeapRules::parse(bad).unwrap_err().to_string();
            assert!(err.contains(clue), "{bad}: {err}");
        }
        let long = format!("0.{}", "7".repeat(MAX_CODE_DIGITS + 1));
        let err = HeapRules::parse(&long).unwrap_err().to_string();
        assert!(err.contains(&MAX_CODE_DIGITS.to_string()), "{err}");
        assert!(HeapRules::parse(&format!("0.{}", "7".repeat(MAX_CODE_DIGITS))).is_ok());
    }

    #[test]
    fn grundys_game_forbids_equal_splits() {
        let g = HeapRules::grundys_game();
        assert!(g.is_grundys_game());
        assert!(!g.split_allowed(2, 4));
        assert!(g.split_allowed(1, 4));
        assert_eq!(g.largest_smaller_part(4), 1);
        assert_eq!(HeapRules::parse("4.").unwrap().largest_smaller_part(4), 2);
        assert_eq!(g.to_string(), "grundys-game");
    }
}

//! Take-and-break codes: the rules of a heap game written as hexadecimal digits, possibly
//! repeating for ever, possibly forbidding equal heaps.
//!
//! The code `d0.d1 d2 d3 ...` says, for each amount `k`, what a move removing `k` tokens from
//! one heap may leave (Winning Ways, ch. 4; Howse and Nowakowski 2004: see
//! `docs/bibliography.md`). Digit `d_k` is a hexadecimal digit, a sum of four flags:
//!
//! | flag | the move removing `k` tokens may leave |
//! | --- | --- |
//! | 1 | nothing (the heap had exactly `k` tokens) |
//! | 2 | one non-empty heap |
//! | 4 | two non-empty heaps |
//! | 8 | three non-empty heaps |
//!
//! The digit before the point removes nothing, so it may only split: `0`, `4`, `8` or `C`.
//! Octal codes are the codes whose digits are at most 7.
//!
//! Two additions, written as CGSuite writes them (Siegel, *CGSuite*):
//!
//! * **Repeating digits**: a block in square brackets repeats for ever, so `0.[3]` is Nim (take
//!   any number of tokens) and `4.[3]` is Lasker's Nim (take any number, or split in two);
//!   `0.1[37]` is `0.1373737...`.
//! * **Unequal heaps**: `!` after a digit that splits means the heaps left by that digit's
//!   splits must all differ in size, so `4!.0` is Grundy's game.
//!
//! Codes are kept in one normal form (the least repeating block, started as early as possible;
//! no trailing zeros), so equal rules compare equal whatever way they were written.

use std::fmt;

use crate::kernel::error::{GameError, Result};

/// The most digits after the point, repeating block included.
pub const MAX_CODE_DIGITS: usize = 256;
/// The most digits in the repeating block (the cost of computing values grows with it).
pub const MAX_REPEAT_DIGITS: usize = 16;

/// Flag of a cell: the move may leave nothing.
pub const LEAVE_NONE: u8 = 1;
/// Flag of a cell: the move may leave one heap.
pub const LEAVE_ONE: u8 = 2;
/// Flag of a cell: the move may leave two heaps.
pub const LEAVE_TWO: u8 = 4;
/// Flag of a cell: the move may leave three heaps.
pub const LEAVE_THREE: u8 = 8;
/// Flag of a cell (not a digit bit): the heaps a split leaves must differ.
pub const UNEQUAL: u8 = 16;
const SPLITS: u8 = LEAVE_TWO | LEAVE_THREE;

/// A take-and-break code in normal form. Each *cell* is a digit (its four low bits) plus the
/// [`UNEQUAL`] flag.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TakeBreakCode {
    /// `d_0, d_1, ...` before the repeating block; without trailing zeros when nothing repeats.
    prefix: Vec<u8>,
    /// The repeating block (empty when the code is finite).
    repeat: Vec<u8>,
}

impl TakeBreakCode {
    /// Parses a code such as `0.8`, `4.[3]`, `0.1[37]`, `4!.0` or `.F`.
    pub fn parse(code: &str) -> Result<Self> {
        let text = code.trim();
        let what = "take-and-break code";
        let Some((whole, fraction)) = text.split_once('.') else {
            return Err(GameError::invalid(
                what,
                code,
                "a code like 0.8, 4.[3] or 4!.0: a digit 0, 4, 8 or C (or nothing), a point, \
                 then hexadecimal digits 0-F, a repeating block in [ ] if any",
            ));
        };
        let d0 = match cells(whole, code)?.as_slice() {
            [] => 0,
            [cell] if cell & (LEAVE_NONE | LEAVE_ONE) == 0 => *cell,
            [cell] => {
                return Err(GameError::invalid(
                    what,
                    code,
                    format!(
                        "0, 4, 8 or C before the point (found {:X}: a move that removes nothing \
                         must split the heap in two or three)",
                        cell & 15
                    ),
                ))
            }
            _ => {
                return Err(GameError::invalid(
                    what,
                    code,
                    "one digit before the point: 0, 4, 8 or C",
                ))
            }
        };
        let (fixed, repeat) = match fraction.split_once('[') {
            None if fraction.contains(']') => {
                return Err(GameError::invalid(what, code, "'[' before ']'"))
            }
            None => (fraction, None),
            Some((fixed, rest)) => match rest.strip_suffix(']') {
                Some(block) if !block.contains(['[', ']']) => (fixed, Some(block)),
                _ => {
                    return Err(GameError::invalid(
                        what,
                        code,
                        "one repeating block at the end, closed by ']', e.g. 0.1[37]",
                    ))
                }
            },
        };
        let mut prefix = vec![d0];
        prefix.extend(cells(fixed, code)?);
        let repeat = match repeat {
            Some(block) => {
                let block = cells(block, code)?;
                if block.is_empty() {
                    return Err(GameError::invalid(
                        what,
                        code,
                        "at least one digit in the repeating block, e.g. 0.[3]",
                    ));
                }
                if block.len() > MAX_REPEAT_DIGITS {
                    return Err(GameError::too_large(
                        format!("repeating block of {} digits", block.len()),
                        format!("at most {MAX_REPEAT_DIGITS} repeating digits are allowed"),
                    ));
                }
                block
            }
            None => Vec::new(),
        };
        if prefix.len() == 1 && repeat.is_empty() && d0 == 0 && fraction.is_empty() {
            return Err(GameError::invalid(
                what,
                code,
                "at least one digit after the point, e.g. 0.8",
            ));
        }
        if prefix.len() - 1 + repeat.len() > MAX_CODE_DIGITS {
            return Err(GameError::too_large(
                format!(
                    "take-and-break code with {} digits after the point",
                    prefix.len() - 1 + repeat.len()
                ),
                format!("at most {MAX_CODE_DIGITS} digits are allowed"),
            ));
        }
        Ok(Self::normal(prefix, repeat))
    }

    /// The code in normal form: the least repeating block, started as early as possible; a
    /// block of zeros is no block; no trailing zeros.
    fn normal(mut prefix: Vec<u8>, mut repeat: Vec<u8>) -> Self {
        if let Some(q) = (1..=repeat.len()).find(|&q| {
            repeat.len() % q == 0 && (q..repeat.len()).all(|i| repeat[i] == repeat[i - q])
        }) {
            repeat.truncate(q);
        }
        if repeat.iter().all(|&c| c == 0) {
            repeat.clear();
        }
        if repeat.is_empty() {
            while prefix.len() > 1 && prefix.last() == Some(&0) {
                prefix.pop();
            }
        } else {
            // `0.3[3]` is `0.[3]`: the block starts where the digits begin to repeat.
            while prefix.len() > 1 && prefix.last() == repeat.last() {
                prefix.pop();
                repeat.rotate_right(1);
            }
        }
        TakeBreakCode { prefix, repeat }
    }

    /// The code of a finite list of cells `d_0, d_1, ...` (digits plus [`UNEQUAL`]), for tests
    /// and generated codes. `None` when `d_0` removes nothing yet leaves fewer than two heaps
    /// or a cell is not a digit with flags.
    pub fn from_cells(prefix: &[u8], repeat: &[u8]) -> Option<Self> {
        let valid = |&c: &u8| c < 32 && (c & UNEQUAL == 0 || c & SPLITS != 0);
        let d0 = *prefix.first()?;
        if d0 & (LEAVE_NONE | LEAVE_ONE) != 0
            || !prefix.iter().all(valid)
            || !repeat.iter().all(valid)
        {
            return None;
        }
        Some(Self::normal(prefix.to_vec(), repeat.to_vec()))
    }

    /// The cell (digit plus [`UNEQUAL`]) of amount `k`.
    pub fn cell(&self, k: u64) -> u8 {
        match usize::try_from(k) {
            Ok(k) if k < self.prefix.len() => self.prefix[k],
            _ if self.repeat.is_empty() => 0,
            _ => {
                let q = self.repeat.len() as u64;
                self.repeat[((k - self.prefix.len() as u64) % q) as usize]
            }
        }
    }

    /// The digit of amount `k` (its flags 1, 2, 4, 8).
    pub fn digit(&self, k: u64) -> u8 {
        self.cell(k) & 15
    }

    /// The cells before the repeating block (`d_0` first).
    pub fn prefix(&self) -> &[u8] {
        &self.prefix
    }

    /// The repeating block, empty for a finite code.
    pub fn repeat(&self) -> &[u8] {
        &self.repeat
    }

    /// Where the repeating block starts (`k0`): `d_k = d_{k - q}` for `k >= k0 + q`.
    pub fn repeat_start(&self) -> usize {
        self.prefix.len()
    }

    /// Whether finitely many amounts may be removed.
    pub fn is_finite(&self) -> bool {
        self.repeat.is_empty()
    }

    /// The most tokens one move removes, for a finite code.
    pub fn max_removed(&self) -> Option<usize> {
        self.is_finite().then(|| self.prefix.len() - 1)
    }

    /// The most heaps one move leaves (0 to 3).
    pub fn max_heaps(&self) -> usize {
        let all = self
            .prefix
            .iter()
            .chain(&self.repeat)
            .fold(0, |a, &c| a | c);
        [LEAVE_THREE, LEAVE_TWO, LEAVE_ONE]
            .iter()
            .position(|&f| all & f != 0)
            .map_or(0, |i| 3 - i)
    }

    /// Whether some digit splits with the heaps required to differ.
    pub fn has_unequal(&self) -> bool {
        self.prefix
            .iter()
            .chain(&self.repeat)
            .any(|c| c & UNEQUAL != 0)
    }

    /// Whether some amount's digit has `flag`: whether some move leaves heaps as `flag` says.
    pub fn uses(&self, flag: u8) -> bool {
        self.prefix
            .iter()
            .chain(&self.repeat)
            .any(|c| c & flag != 0)
    }

    /// The octal code these rules are, when they are one: finite, digits at most 7, no `!`
    /// (or exactly `4!.0`, Grundy's game). Such codes are solved by the octal solvers.
    pub fn as_octal(&self) -> Option<crate::kernel::heap_rules::HeapRules> {
        use crate::kernel::heap_rules::HeapRules;
        if !self.is_finite() {
            return None;
        }
        if self.prefix == [LEAVE_TWO | UNEQUAL] {
            return Some(HeapRules::grundys_game());
        }
        if self.prefix.iter().any(|&c| c > 7) {
            return None;
        }
        HeapRules::parse(&self.to_string()).ok()
    }
}

/// The cells of a run of digits, each optionally followed by `!`.
fn cells(text: &str, code: &str) -> Result<Vec<u8>> {
    let what = "take-and-break code";
    let mut out: Vec<u8> = Vec::new();
    for c in text.chars() {
        if c == '!' {
            match out.last_mut() {
                Some(cell) if *cell & UNEQUAL != 0 => {
                    return Err(GameError::invalid(what, code, "at most one '!' per digit"))
                }
                Some(cell) if *cell & SPLITS != 0 => *cell |= UNEQUAL,
                Some(cell) => {
                    return Err(GameError::invalid(
                        what,
                        code,
                        format!(
                            "'!' (the heaps left must differ) only after a digit that splits \
                             (4 to F with flag 4 or 8); the digit {:X} leaves at most one heap",
                            *cell & 15
                        ),
                    ))
                }
                None => {
                    return Err(GameError::invalid(
                        what,
                        code,
                        "'!' right after the digit it qualifies, e.g. 4!.0",
                    ))
                }
            }
            continue;
        }
        match c.to_digit(16) {
            Some(d) => out.push(d as u8),
            None => {
                return Err(GameError::invalid(
                    what,
                    code,
                    format!(
                        "hexadecimal digits 0-9 and A-F, '!' after a splitting digit and one \
                         repeating block in [ ] (found {c:?})"
                    ),
                ))
            }
        }
    }
    Ok(out)
}

fn write_cells(f: &mut fmt::Formatter<'_>, cells: &[u8]) -> fmt::Result {
    for &c in cells {
        write!(f, "{:X}", c & 15)?;
        if c & UNEQUAL != 0 {
            f.write_str("!")?;
        }
    }
    Ok(())
}

impl fmt::Display for TakeBreakCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_cells(f, &self.prefix[..1])?;
        f.write_str(".")?;
        if self.prefix.len() == 1 && self.repeat.is_empty() {
            return f.write_str("0");
        }
        write_cells(f, &self.prefix[1..])?;
        if !self.repeat.is_empty() {
            f.write_str("[")?;
            write_cells(f, &self.repeat)?;
            f.write_str("]")?;
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
            ("0.8", "0.8"),
            (".f", "0.F"),
            ("0.1[37]", "0.1[37]"),
            ("0.3[3]", "0.[3]"),
            ("0.[33]", "0.[3]"),
            ("0.33[3]", "0.[3]"),
            ("4.[3]", "4.[3]"),
            ("0.[37]", "0.[37]"),
            ("0.7[37]", "0.[73]"),
            ("0.12[0]", "0.12"),
            ("4!.", "4!.0"),
            ("4!.0", "4!.0"),
            (" c.0a0 ", "C.0A"),
            ("0.7!7", "0.7!7"),
            ("8.", "8.0"),
            ("0.0", "0.0"),
            ("0.[8!]", "0.[8!]"),
        ] {
            assert_eq!(
                TakeBreakCode::parse(text).unwrap().to_string(),
                shown,
                "{text}"
            );
        }
        let lasker = TakeBreakCode::parse("4.[3]").unwrap();
        assert_eq!(lasker.digit(0), 4);
        assert_eq!((1..50).map(|k| lasker.digit(k)).max(), Some(3));
        assert_eq!(lasker.repeat_start(), 1);
        assert_eq!(lasker.max_removed(), None);
        assert_eq!(lasker.max_heaps(), 2);
        let code = TakeBreakCode::parse("0.1[37]").unwrap();
        let digits: Vec<u8> = (0..7).map(|k| code.digit(k)).collect();
        assert_eq!(digits, [0, 1, 3, 7, 3, 7, 3]);
        assert_eq!(TakeBreakCode::parse("0.8").unwrap().max_heaps(), 3);
        assert_eq!(TakeBreakCode::parse("0.8").unwrap().max_removed(), Some(1));
    }

    #[test]
    fn octal_codes_are_recognised() {
        for (code, octal) in [
            ("0.77", Some("0.77")),
            ("4.07", Some("4.07")),
            ("0.1370", Some("0.137")),
            ("4!.0", Some("grundys-game")),
            ("0.8", None),
            ("0.[3]", None),
            ("4!.07", None),
            ("0.7!", None),
        ] {
            let parsed = TakeBreakCode::parse(code).unwrap();
            assert_eq!(
                parsed.as_octal().map(|r| r.to_string()).as_deref(),
                octal,
                "{code}"
            );
        }
    }

    #[test]
    fn bad_codes_say_why() {
        for (bad, clue) in [
            ("08", "point"),
            ("0.", "at least one digit"),
            ("3.07", "0, 4, 8 or C"),
            ("1.0", "removes nothing"),
            ("44.0", "one digit before"),
            ("0.7x", "'x'"),
            ("0.[]", "at least one digit in the repeating"),
            ("0.[3", "closed by ']'"),
            ("0.[3]1", "closed by ']'"),
            ("0.3]", "'[' before ']'"),
            ("0.[3][4]", "one repeating block"),
            ("0.3!", "leaves at most one heap"),
            ("!.8", "right after"),
            ("0.8!!", "at most one '!'"),
        ] {
            let err = TakeBreakCode::parse(bad).unwrap_err().to_string();
            assert!(err.contains(clue), "{bad}: {err}");
        }
        let long = format!("0.{}", "F".repeat(MAX_CODE_DIGITS + 1));
        let err = TakeBreakCode::parse(&long).unwrap_err().to_string();
        assert!(err.contains(&MAX_CODE_DIGITS.to_string()), "{err}");
        assert!(TakeBreakCode::parse(&format!("0.{}", "F".repeat(MAX_CODE_DIGITS))).is_ok());
        let block = format!("0.[{}]", "12".repeat(MAX_REPEAT_DIGITS / 2 + 1));
        let err = TakeBreakCode::parse(&block).unwrap_err().to_string();
        assert!(err.contains(&MAX_REPEAT_DIGITS.to_string()), "{err}");
        let block = format!("0.[{}1]", "12".repeat(MAX_REPEAT_DIGITS / 2 - 1));
        assert!(TakeBreakCode::parse(&block).is_ok());
    }

    #[test]
    fn cells_from_lists() {
        let code = TakeBreakCode::from_cells(&[0, 8], &[]).unwrap();
        assert_eq!(code.to_string(), "0.8");
        assert!(TakeBreakCode::from_cells(&[1, 8], &[]).is_none());
        assert!(TakeBreakCode::from_cells(&[0, 3 | UNEQUAL], &[]).is_none());
        assert_eq!(
            TakeBreakCode::from_cells(&[0], &[3]).unwrap().to_string(),
            "0.[3]"
        );
    }
}

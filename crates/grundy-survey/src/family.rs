//! The members of a survey: every octal code of up to `d` digits (with or without the codes
//! `4.…`), every hexadecimal code of up to `d` digits, every subtraction set within a bound,
//! or a list read from a file; all in one fixed order, so that shard `i/N` (every `N`-th member
//! from the `i`-th) means the same on every machine.

use std::fmt;

use grundy_core::games::take_break::TakeBreakCode;
use grundy_core::kernel::heap_rules::HeapRules;
use grundy_core::GameError;

/// The most digits after the point of a surveyed octal family (8^5 codes).
pub const MAX_OCTAL_DIGITS: u32 = 5;
/// The most digits after the point of a surveyed hexadecimal family (16^3 codes).
pub const MAX_HEX_DIGITS: u32 = 3;
/// The largest amount of a surveyed family of subtraction sets (2^16 sets).
pub const MAX_SUBTRACTION: u32 = 16;
/// The most shards a survey is cut into.
pub const MAX_SHARDS: u64 = 1 << 20;

/// A family of games a survey runs through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Octal games `0.d1d2…` and `4.d1d2…`.
    Octal,
    /// Take-and-break games of hexadecimal codes.
    Hex,
    /// Subtraction games.
    Subtraction,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 3] = [Family::Octal, Family::Hex, Family::Subtraction];

    /// The family's name in the store and on the command line: the core's ruleset name.
    pub fn game(self) -> &'static str {
        match self {
            Family::Octal => grundy_core::games::octal::FAMILY.name,
            Family::Hex => grundy_core::games::take_break::FAMILY.name,
            Family::Subtraction => grundy_core::games::subtraction::FAMILY.name,
        }
    }

    /// The family named `name`.
    pub fn parse(name: &str) -> Result<Self, GameError> {
        Family::ALL
            .into_iter()
            .find(|f| f.game() == name)
            .ok_or_else(|| GameError::invalid("survey family", name, "octal, hex or subtraction"))
    }

    /// `code` in the family's canonical form (`.77` → `0.77`, `9,1,4` → `1,4,9`), or why it
    /// is not a member.
    pub fn canonical(self, code: &str) -> Result<String, GameError> {
        let code = code.trim();
        match self {
            Family::Octal => {
                let rules = HeapRules::parse(code)?;
                if rules.is_grundys_game() {
                    return Err(GameError::invalid(
                        "octal code",
                        code,
                        "an octal code such as 0.77 (Grundy's game has no period to survey)",
                    ));
                }
                Ok(rules.to_string())
            }
            Family::Hex => Ok(TakeBreakCode::parse(code)?.to_string()),
            Family::Subtraction => {
                let mut set = Vec::new();
                for part in code.split(',') {
                    let part = part.trim();
                    match grundy_core::kernel::parse_whole::<u64>(part) {
                        Ok(k) if k >= 1 => set.push(k),
                        _ => {
                            return Err(GameError::invalid(
                                "subtraction set",
                                code,
                                "amounts 1 or more separated by commas, e.g. 1,4,9",
                            ))
                        }
                    }
                }
                set.sort_unstable();
                set.dedup();
                let text: Vec<String> = set.iter().map(u64::to_string).collect();
                Ok(text.join(","))
            }
        }
    }

    /// Every code of the family with 1 to `digits` digits after the point (the last one not 0),
    /// in order of length, then of digits; for octal codes with `with_four` also the codes
    /// `4.…` (`4.0` and those with up to `digits` digits), after the codes `0.…` of each length.
    pub fn codes(self, digits: u32, with_four: bool) -> Result<Vec<Member>, GameError> {
        let (base, max) = match self {
            Family::Octal => (8u32, MAX_OCTAL_DIGITS),
            Family::Hex => (16, MAX_HEX_DIGITS),
            Family::Subtraction => {
                return Err(GameError::invalid(
                    "survey family",
                    self.game(),
                    "octal or hex for --digits (subtraction sets: --max)",
                ))
            }
        };
        if digits == 0 || digits > max {
            return Err(GameError::invalid(
                "--digits",
                digits,
                format!("1 to {max} for {} codes", self.game()),
            ));
        }
        let mut members = Vec::new();
        if with_four && self == Family::Octal {
            members.push(self.member("4.0")?);
        }
        for len in 1..=digits {
            let leads: &[&str] = if with_four && self == Family::Octal {
                &["0", "4"]
            } else {
                &["0"]
            };
            for lead in leads {
                for n in 0..base.pow(len) {
                    if n % base == 0 {
                        continue; // the last digit is not 0
                    }
                    let mut tail = String::new();
                    let mut rest = n;
                    for _ in 0..len {
                        tail.insert(0, std::char::from_digit(rest % base, base).expect("digit"));
                        rest /= base;
                    }
                    members.push(self.member(&format!("{lead}.{tail}"))?);
                }
            }
        }
        Ok(members)
    }

    /// A member of this family (its code made canonical).
    pub fn member(self, code: &str) -> Result<Member, GameError> {
        Ok(Member {
            family: self,
            code: self.canonical(code)?,
        })
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game())
    }
}

/// One game of a survey.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Member {
    /// Its family.
    pub family: Family,
    /// Its code, canonical.
    pub code: String,
}

impl fmt::Display for Member {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.family, self.code)
    }
}

/// Every subtraction set of amounts from 1 to `max` with at most `size` amounts (all sizes
/// when `None`), ordered by the set's bits (so by largest amount first).
pub fn subtraction_sets(max: u32, size: Option<u32>) -> Result<Vec<Member>, GameError> {
    if max == 0 || max > MAX_SUBTRACTION {
        return Err(GameError::invalid(
            "--max",
            max,
            format!("1 to {MAX_SUBTRACTION} (every set of amounts up to it)"),
        ));
    }
    if size == Some(0) {
        return Err(GameError::invalid("--size", 0, "1 or more amounts"));
    }
    let mut members = Vec::new();
    for bits in 1u32..(1 << max) {
        if size.is_some_and(|s| bits.count_ones() > s) {
            continue;
        }
        let set: Vec<String> = (0..max)
            .filter(|i| bits & (1 << i) != 0)
            .map(|i| (i + 1).to_string())
            .collect();
        members.push(Member {
            family: Family::Subtraction,
            code: set.join(","),
        });
    }
    Ok(members)
}

/// The members listed in `text`, one code per line (blank lines and `#` comments skipped;
/// repeats kept once, at their first place). An error comes with its line number (from 1).
pub fn parse_list(family: Family, text: &str) -> Result<Vec<Member>, (usize, GameError)> {
    let mut members: Vec<Member> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let member = family.member(line).map_err(|e| (i + 1, e))?;
        if seen.insert(member.clone()) {
            members.push(member);
        }
    }
    Ok(members)
}

/// Shard `index` of `count`: the members at positions `index`, `index + count`, … of a family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// The whole family.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Reads `i/N` (`0 <= i < N`).
    pub fn parse(text: &str) -> Result<Self, GameError> {
        let bad = || {
            GameError::invalid(
                "--shard",
                text,
                format!("i/N with 0 <= i < N <= {MAX_SHARDS}, e.g. 0/16 (a Slurm array index)"),
            )
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = grundy_core::kernel::parse_whole(i).map_err(|_| bad())?;
        let count: u64 = grundy_core::kernel::parse_whole(n).map_err(|_| bad())?;
        if count == 0 || count > MAX_SHARDS || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// This shard's members of `members`, in order.
    pub fn select(self, members: Vec<Member>) -> Vec<Member> {
        members
            .into_iter()
            .enumerate()
            .filter(|(k, _)| *k as u64 % self.count == self.index)
            .map(|(_, m)| m)
            .collect()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octal_families_have_every_code_once() {
        let three = Family::Octal.codes(3, false).unwrap();
        assert_eq!(three.len(), 7 + 56 + 448);
        assert_eq!(three[0].code, "0.1");
        assert_eq!(three.last().unwrap().code, "0.777");
        let with_four = Family::Octal.codes(2, true).unwrap();
        assert_eq!(with_four.len(), 2 * (7 + 56) + 1);
        assert_eq!(with_four[0].code, "4.0");
        let mut codes: Vec<_> = with_four.iter().map(|m| m.code.clone()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), with_four.len());
        assert_eq!(Family::Hex.codes(2, false).unwrap().len(), 15 + 240);
        assert!(Family::Octal.codes(0, false).is_err());
        assert!(Family::Octal.codes(MAX_OCTAL_DIGITS + 1, false).is_err());
        assert!(Family::Octal.codes(MAX_OCTAL_DIGITS, false).is_ok());
    }

    #[test]
    fn codes_are_made_canonical() {
        assert_eq!(Family::Octal.canonical(".77").unwrap(), "0.77");
        assert_eq!(Family::Octal.canonical("4.").unwrap(), "4.0");
        assert_eq!(Family::Subtraction.canonical("9, 1,4,4").unwrap(), "1,4,9");
        assert!(Family::Subtraction.canonical("1,0").is_err());
        assert!(Family::Octal.canonical("0.8").is_err());
        assert!(Family::Octal.canonical("grundys-game").is_err());
    }

    #[test]
    fn subtraction_families() {
        assert_eq!(subtraction_sets(4, None).unwrap().len(), 15);
        assert_eq!(subtraction_sets(4, Some(1)).unwrap().len(), 4);
        assert_eq!(subtraction_sets(3, None).unwrap()[2].code, "1,2");
        assert!(subtraction_sets(0, None).is_err());
        assert!(subtraction_sets(MAX_SUBTRACTION + 1, None).is_err());
        assert!(subtraction_sets(2, Some(0)).is_err());
    }

    #[test]
    fn lists_skip_comments_and_repeats_and_name_bad_lines() {
        let members = parse_list(Family::Octal, "# codes\n0.77\n\n.77 # Kayles\n0.07\n").unwrap();
        assert_eq!(members.len(), 2);
        let (line, err) = parse_list(Family::Octal, "0.77\n0.9\n").unwrap_err();
        assert_eq!(line, 2);
        assert!(err.to_string().contains("0.9"), "{err}");
    }

    #[test]
    fn shards_cover_a_family_once() {
        let all = Family::Octal.codes(2, false).unwrap();
        let mut union = Vec::new();
        for i in 0..5 {
            union.extend(Shard { index: i, count: 5 }.select(all.clone()));
        }
        union.sort();
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(union, sorted);
        assert_eq!(Shard::parse("3/4").unwrap(), Shard { index: 3, count: 4 });
        for bad in ["4/4", "1/0", "x/2", "1", "-1/3", "0/2000000"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        assert!(Shard::parse("0/1048576").is_ok());
    }
}

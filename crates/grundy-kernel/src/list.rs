//! Lists of whole numbers as the text format writes them (`1,4,9`), with errors that name the
//! bad item and what is allowed.

use super::error::{GameError, Result};

/// Parses a comma-separated list of non-negative integers (spaces allowed; empty items are
/// errors).
pub fn parse_list(text: &str, what: &str) -> Result<Vec<u64>> {
    list_items(text, what)?
        .into_iter()
        .map(|item| parse_u64(item, what))
        .collect()
}

/// The trimmed items of a comma-separated list, refusing an empty list or an empty item.
pub fn list_items<'a>(text: &'a str, what: &str) -> Result<Vec<&'a str>> {
    if text.trim().is_empty() {
        return Err(GameError::invalid(
            format!("{what} list"),
            text,
            "a comma-separated list of whole numbers, e.g. 1,4,9",
        ));
    }
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    if let Some(empty) = items.iter().position(|item| item.is_empty()) {
        // `1,,2` or `1,2,`: name the whole list, since an empty item cannot be shown alone.
        return Err(GameError::invalid(
            format!("{what} list"),
            text,
            format!(
                "a comma-separated list of whole numbers, e.g. 1,4,9 (item {} is empty)",
                empty + 1
            ),
        ));
    }
    Ok(items)
}

/// The digits of a whole number as every door reads one (docs/cli.md, "Whole numbers"):
/// decimal digits 0-9, the blanks around them ignored (spaces, tabs, no-break spaces: what
/// `str::trim` removes); no sign (`+3` is refused as `-3` is), no blank or separator inside, no
/// exponent. `None` when `text` is not one.
pub fn whole_digits(text: &str) -> Option<&str> {
    let digits = text.trim();
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// Why a text is no whole number of the type asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotWhole {
    /// Not written as a whole number at all ([`whole_digits`]).
    Malformed,
    /// Written as one, but beyond the type.
    TooLarge,
}

/// A whole number of type `T` read by [`whole_digits`]: the one number parser of every door.
pub fn parse_whole<T: std::str::FromStr>(text: &str) -> std::result::Result<T, NotWhole> {
    let digits = whole_digits(text).ok_or(NotWhole::Malformed)?;
    // Digits alone fail to parse only past the type's largest value.
    digits.parse().map_err(|_| NotWhole::TooLarge)
}

/// Parses one non-negative integer that fits in `u64` ([`parse_whole`]).
pub fn parse_u64(text: &str, what: &str) -> Result<u64> {
    parse_whole::<u64>(text).map_err(|why| {
        let allowed = format!("a whole number from 0 to {}", u64::MAX);
        match why {
            NotWhole::TooLarge => GameError::out_of_range(what, text, allowed),
            NotWhole::Malformed => GameError::invalid(what, text, allowed),
        }
    })
}

/// [`parse_list`] for items that must lie in `range`: a non-number or an item outside names
/// that range (not the range of `u64`).
pub fn parse_list_in(
    text: &str,
    what: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Vec<u64>> {
    list_items(text, what)?
        .into_iter()
        .map(|item| parse_u64_in(item, what, range.clone()))
        .collect()
}

/// A whole number in `range`; the error names the value and the range.
pub fn parse_u64_in(text: &str, what: &str, range: std::ops::RangeInclusive<u64>) -> Result<u64> {
    let allowed = format!("a whole number from {} to {}", range.start(), range.end());
    match parse_whole::<u64>(text) {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(_) | Err(NotWhole::TooLarge) => Err(GameError::out_of_range(what, text, allowed)),
        Err(NotWhole::Malformed) => Err(GameError::invalid(what, text, allowed)),
    }
}

#[cfg(test)]
mod whole_number_tests {
    use super::*;

    /// One rule (docs/cli.md, "Whole numbers"): digits, blanks around them ignored (a no-break
    /// space too), nothing else; each spelling of issue 65 read the same way at every door.
    #[test]
    fn a_whole_number_is_digits_with_blanks_around() {
        for (text, read) in [
            ("3", Ok(3u64)),
            (" 3", Ok(3)),
            ("3 ", Ok(3)),
            ("\t5\u{a0}", Ok(5)),
            ("007", Ok(7)),
            ("18446744073709551615", Ok(u64::MAX)),
            ("18446744073709551616", Err(NotWhole::TooLarge)),
            ("+3", Err(NotWhole::Malformed)),
            ("-3", Err(NotWhole::Malformed)),
            ("1 000", Err(NotWhole::Malformed)),
            ("1_000", Err(NotWhole::Malformed)),
            ("1e3", Err(NotWhole::Malformed)),
            ("3.0", Err(NotWhole::Malformed)),
            ("", Err(NotWhole::Malformed)),
            (" ", Err(NotWhole::Malformed)),
            ("３", Err(NotWhole::Malformed)),
        ] {
            assert_eq!(parse_whole::<u64>(text), read, "{text:?}");
        }
        assert_eq!(parse_u64_in(" 5", "k", 1..=10), Ok(5));
        assert!(parse_u64_in("+5", "k", 1..=10).is_err());
        assert_eq!(parse_list("1, 4,\u{a0}9", "amount"), Ok(vec![1, 4, 9]));
        assert!(parse_list("1,+4", "amount").is_err());
    }
}

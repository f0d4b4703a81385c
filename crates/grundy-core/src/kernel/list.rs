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

/// Parses one non-negative integer that fits in `u64`.
pub fn parse_u64(text: &str, what: &str) -> Result<u64> {
    text.parse::<u64>().map_err(|_| {
        let allowed = format!("a whole number from 0 to {}", u64::MAX);
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            GameError::out_of_range(what, text, allowed)
        } else {
            GameError::invalid(what, text, allowed)
        }
    })
}

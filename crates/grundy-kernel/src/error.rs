//! The engine's one error type.
//!
//! Every error names the offending value and says what is allowed, so a front end can show the
//! message as it is. The engine never panics on user input.

use std::fmt;

/// Why the engine refused a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// A value outside its allowed range: `what` names the input, `value` repeats it and
    /// `allowed` describes the range.
    OutOfRange {
        /// The input, e.g. "take-set element".
        what: String,
        /// The value as the user gave it.
        value: String,
        /// What is allowed, e.g. "a whole number from 1 to 1000000".
        allowed: String,
    },
    /// Input that cannot be understood at all.
    Invalid {
        /// The input, e.g. "octal code".
        what: String,
        /// The value as the user gave it.
        value: String,
        /// What was expected.
        expected: String,
    },
    /// A computation that would exceed a documented limit.
    TooLarge {
        /// What would be too large.
        what: String,
        /// The documented limit.
        limit: String,
    },
    /// The move is not legal in the position.
    IllegalMove(String),
}

impl GameError {
    /// Shorthand for [`GameError::OutOfRange`].
    pub fn out_of_range(
        what: impl Into<String>,
        value: impl fmt::Display,
        allowed: impl Into<String>,
    ) -> Self {
        GameError::OutOfRange {
            what: what.into(),
            value: value.to_string(),
            allowed: allowed.into(),
        }
    }

    /// Shorthand for [`GameError::Invalid`].
    pub fn invalid(
        what: impl Into<String>,
        value: impl fmt::Display,
        expected: impl Into<String>,
    ) -> Self {
        GameError::Invalid {
            what: what.into(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }

    /// Shorthand for [`GameError::TooLarge`].
    pub fn too_large(what: impl Into<String>, limit: impl Into<String>) -> Self {
        GameError::TooLarge {
            what: what.into(),
            limit: limit.into(),
        }
    }
}

/// The longest word (a run without spaces) a message echoes whole; a longer one, a value
/// pasted by mistake or a heap of thousands of digits, is shown by [`excerpt`]. Long enough
/// for the paths a refusal names (a file in a deep temporary folder), which a user needs whole.
pub const MAX_ECHOED: usize = 256;
/// How many characters of a long word [`excerpt`] shows.
pub const EXCERPT_START: usize = 20;

/// `value` as a message echoes it: whole up to [`MAX_ECHOED`] characters, else its first
/// [`EXCERPT_START`] characters and its length (`xxxxxxxxxxxxxxxxxxxx... (100000 characters)`,
/// or `99999999999999999999... (100001 digits)` for a number), so that a refusal of a
/// 100,000-character argument stays one short line.
pub fn excerpt(value: &str) -> std::borrow::Cow<'_, str> {
    let mut chars = value.char_indices();
    match chars.nth(MAX_ECHOED) {
        None => value.into(),
        Some(_) => {
            let end = value
                .char_indices()
                .nth(EXCERPT_START)
                .map_or(value.len(), |(i, _)| i);
            let count = value.chars().count();
            let unit = match value.bytes().all(|b| b.is_ascii_digit()) {
                true => "digits",
                false => "characters",
            };
            format!("{}... ({count} {unit})", &value[..end]).into()
        }
    }
}

/// `message` with every long word shown by its [`excerpt`]: the one shortening of every
/// refusal at every door (the engine's errors, the command line's own and clap's, the
/// server's). Quotes and punctuation around a word are kept around its excerpt.
pub fn with_excerpts(message: &str) -> std::borrow::Cow<'_, str> {
    if !message.split(' ').any(|word| word.len() > MAX_ECHOED) {
        return message.into();
    }
    let words: Vec<std::borrow::Cow<'_, str>> = message
        .split(' ')
        .map(|word| {
            let core = word.trim_matches(|c: char| "'\"`,;:()[]".contains(c));
            if core.chars().nth(MAX_ECHOED).is_none() {
                return word.into();
            }
            let at = word.find(core).unwrap_or(0);
            let (before, after) = (&word[..at], &word[at + core.len()..]);
            format!("{before}{}{after}", excerpt(core)).into()
        })
        .collect();
    words.join(" ").into()
}

/// The most characters of a value echoed whole when it has spaces: a value of a few words may
/// be a reason in prose ("its quotient is not the one proven"), kept whole while its long words
/// are cut ([`with_excerpts`]); beyond, it is no reason but pasted text, cut whole.
const MAX_ECHOED_PROSE: usize = 1_000;

/// `value` whole, or by its [`excerpt`] when longer than [`MAX_ECHOED_PROSE`].
fn echoed(value: &str) -> std::borrow::Cow<'_, str> {
    match value.chars().nth(MAX_ECHOED_PROSE) {
        Some(_) => excerpt(value),
        None => value.into(),
    }
}

impl fmt::Display for GameError {
    /// The message, long values shown by their [`excerpt`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&with_excerpts(&self.full_text()))
    }
}

impl GameError {
    /// The message with every value whole.
    fn full_text(&self) -> String {
        match self {
            GameError::OutOfRange {
                what,
                value,
                allowed,
            } => format!(
                "{what} {:?} is out of range: expected {allowed}",
                echoed(value)
            ),
            GameError::Invalid {
                what,
                value,
                expected,
            } => format!("invalid {what} {:?}: expected {expected}", echoed(value)),
            GameError::TooLarge { what, limit } => format!("{what} is too large: {limit}"),
            GameError::IllegalMove(why) => format!("illegal move: {why}"),
        }
    }
}

impl std::error::Error for GameError {}

/// Result with [`GameError`].
pub type Result<T, E = GameError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_value_is_shown_by_its_start_and_length() {
        // Both sides of the threshold: MAX_ECHOED characters whole, one more cut.
        let whole = "7".repeat(MAX_ECHOED);
        assert_eq!(excerpt(&whole), whole);
        let number = "9".repeat(MAX_ECHOED + 1);
        assert_eq!(
            excerpt(&number),
            format!("{}... ({} digits)", "9".repeat(20), MAX_ECHOED + 1)
        );
        let long = "é".repeat(MAX_ECHOED + 1);
        let shown = format!(
            "{}... ({} characters)",
            "é".repeat(EXCERPT_START),
            MAX_ECHOED + 1
        );
        assert_eq!(excerpt(&long), shown);
        let e = GameError::invalid("heap", "x".repeat(100_000), "a whole number");
        assert_eq!(
            e.to_string(),
            format!(
                "invalid heap \"{}... (100000 characters)\": expected a whole number",
                "x".repeat(20)
            )
        );
        // A value with spaces is cut whole, and long words of any message too, their quotes kept.
        // A reason in words of its own (66 characters) stays whole.
        let reason = "its quotient is not the misère quotient of the game it names at all";
        let prose = GameError::invalid("checkpoint", reason, "a file");
        assert!(prose.to_string().contains(reason), "{prose}");
        let spaced = GameError::out_of_range("term", "nim:1 + ".repeat(10_000), "at most 3");
        assert!(spaced.to_string().len() < 200, "{spaced}");
        let message = format!("cannot read '{}': no", "y".repeat(300));
        assert_eq!(
            with_excerpts(&message),
            format!("cannot read '{}... (300 characters)': no", "y".repeat(20))
        );
        // A path of a deep folder, as the tests' temporary files are, stays whole.
        let path = format!("cannot read '/tmp/{}/edited.bin': no", "d".repeat(120));
        assert_eq!(with_excerpts(&path), path);
        assert_eq!(with_excerpts("short words stay"), "short words stay");
    }
}

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

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::OutOfRange {
                what,
                value,
                allowed,
            } => write!(f, "{what} {value:?} is out of range: expected {allowed}"),
            GameError::Invalid {
                what,
                value,
                expected,
            } => write!(f, "invalid {what} {value:?}: expected {expected}"),
            GameError::TooLarge { what, limit } => write!(f, "{what} is too large: {limit}"),
            GameError::IllegalMove(why) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for GameError {}

/// Result with [`GameError`].
pub type Result<T, E = GameError> = std::result::Result<T, E>;

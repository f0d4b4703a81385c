//! Why a typed move was not understood or not allowed.

use std::fmt;

/// Why a typed move was not understood or not allowed. Each message says what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Nothing was typed.
    Empty {
        /// The move forms to suggest.
        examples: String,
    },
    /// More words or numbers than any move form has.
    TooManyTokens {
        /// How many were given.
        count: usize,
        /// What the position's components are called (`Sum::noun`).
        noun: &'static str,
        /// The move forms to suggest.
        examples: String,
    },
    /// No move form matches.
    BadSyntax {
        /// The input, trimmed.
        text: String,
        /// The move forms to suggest.
        examples: String,
    },
    /// The number typed is not one of the position's components (heaps, boards...).
    UnknownHeap {
        /// The number as typed.
        heap: String,
        /// How many components there are.
        heaps: usize,
        /// What they are called (`Sum::noun`).
        noun: &'static str,
    },
    /// The component has no move left.
    EmptyHeap {
        /// The component, counted from 1.
        heap: usize,
        /// What it is called ([`super::Presentation::noun`]).
        noun: &'static str,
    },
    /// Understood, but the rules do not allow it.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty { examples } => write!(f, "type a move, e.g. {examples}, or help"),
            MoveError::TooManyTokens {
                count,
                noun,
                examples,
            } => write!(
                f,
                "too many words or numbers ({count}): a move names one {noun} and what to do with it, e.g. {examples}"
            ),
            MoveError::BadSyntax { text, examples } => {
                write!(f, "cannot read {text:?} as a move: try {examples}")
            }
            MoveError::UnknownHeap {
                heap,
                heaps: 1,
                noun,
            } => write!(
                f,
                "there is no {noun} {heap}: the position is one {noun}, {noun} 1"
            ),
            MoveError::UnknownHeap { heap, heaps, noun } => write!(
                f,
                "there is no {noun} {heap}: the {} are numbered 1 to {heaps}",
                super::plural(noun)
            ),
            MoveError::EmptyHeap { heap, noun: "heap" } => write!(
                f,
                "heap {heap} has no move left: choose a heap that still has tokens"
            ),
            MoveError::EmptyHeap { heap, noun } => write!(
                f,
                "{noun} {heap} has no move left: choose one that still has a move"
            ),
            MoveError::Illegal(why) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for MoveError {}

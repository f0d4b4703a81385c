//! How a position drawn square by square numbers its rows and columns (a leaf: the kernel's
//! `Ruleset`, `AnyRules` and the families' metadata all name it).

/// How a position drawn square by square numbers its rows and columns: a grid of coins as its
/// one-dimensional games number their coins (from 0 or from 1), a Cram board from 1
/// ([`crate::kernel::Ruleset::grid_numbering`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbering {
    /// The number of the top row.
    pub first_row: u64,
    /// The number of the leftmost column.
    pub first_col: u64,
}

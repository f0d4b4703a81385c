//! How a position drawn square by square numbers its rows and columns (a leaf: the kernel's
//! `Ruleset`, `AnyRules` and the families' metadata all name it).

/// How a position drawn square by square numbers its rows and columns: a grid of coins as its
/// one-dimensional games number their coins (from 0 or from 1), a Cram board from 1
/// ([`crate::Presentation::grid`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbering {
    /// The number of the top row.
    pub first_row: u64,
    /// The number of the leftmost column.
    pub first_col: u64,
}

/// A grid's rows, columns and coins in words.
impl Numbering {
    /// A coin in words: `row 2, column 3`.
    pub fn coin(self, x: usize, y: usize) -> String {
        format!(
            "row {}, column {}",
            x as u64 + self.first_row,
            y as u64 + self.first_col
        )
    }

    /// Rows (`noun` "row", indices from `first`) or columns in words: `row 1`, `rows 1 and 3`.
    fn lines(noun: &str, indices: &[usize], first: u64) -> String {
        let names: Vec<String> = indices
            .iter()
            .map(|&i| (i as u64 + first).to_string())
            .collect();
        let plural = if names.len() == 1 { "" } else { "s" };
        format!("{noun}{plural} {}", crate::and_list(&names))
    }

    /// Rows in words: `row 1`, `rows 1, 2 and 4`.
    pub fn rows(self, xs: &[usize]) -> String {
        Numbering::lines("row", xs, self.first_row)
    }

    /// Columns in words: `column 3`, `columns 3 and 5`.
    pub fn cols(self, ys: &[usize]) -> String {
        Numbering::lines("column", ys, self.first_col)
    }
}

//! Full Chomp bars by their theory: which bars have a known winning move (a square, two rows
//! or columns), which are beyond the search's reach, and which are won by strategy stealing
//! [Gale 1974] with no move known. `rules::chomp` answers them at once through every door.

use super::ChompBoard;

/// Whether `board` is a full square bar of side at least 2.
pub fn is_square_bar(board: &ChompBoard) -> bool {
    board.is_full_bar() && board.row_lengths().len() == board.row_lengths()[0] as usize
}

/// Whether `board` is a full bar of two rows or two columns, and not a square.
pub fn is_two_row_bar(board: &ChompBoard) -> bool {
    let rows = board.row_lengths();
    board.is_full_bar() && (rows.len() == 2) != (rows[0] == 2)
}

/// Most diagrams inside a full Chomp bar that a question searches (`2^21`): the count
/// `C(r + c, r)` of positions inside an `r × c` bar bounds the search's work, and at this size
/// it takes about half a second (14 × 10, 1,961,256 diagrams, is searched; 15 × 10, 3,268,760,
/// is answered by strategy stealing).
pub const SEARCH_REACH: u64 = 1 << 21;

/// Whether `board` is a full bar of at least two rows and two columns, neither a square nor of
/// two rows or columns, beyond the search's reach: the bars answered by strategy stealing.
pub fn is_stolen_bar(board: &ChompBoard) -> bool {
    let (rows, cols) = sides(board);
    board.is_full_bar() && rows >= 3 && cols >= 3 && rows != cols && beyond_reach(board).is_some()
}

/// The rows of `board` and the length of its first (poisoned) row: a full bar's sides.
fn sides(board: &ChompBoard) -> (u64, u64) {
    let rows = board.row_lengths();
    (rows.len() as u64, u64::from(rows[0]))
}

/// Whether `C(rows + cols, rows)`, the number of diagrams inside a `rows × cols` bar, exceeds
/// `limit` (computed exactly, stopping as soon as it does).
fn diagrams_exceed(rows: u64, cols: u64, limit: u64) -> bool {
    let k = rows.min(cols);
    let mut count: u128 = 1;
    for i in 1..=k {
        // C(n, i) = C(n, i - 1) * (n - i + 1) / i, exact at every step.
        count = count * u128::from(rows + cols - i + 1) / u128::from(i);
        if count > u128::from(limit) {
            return true;
        }
    }
    false
}

/// Why the full bar `board` is beyond the search's reach (see [`SEARCH_REACH`]), in words, or
/// `None` when it is within it.
pub fn beyond_reach(board: &ChompBoard) -> Option<String> {
    let (rows, cols) = sides(board);
    if !board.fits_search() {
        Some("more than 62 rows and columns together, the most a diagram's key holds".into())
    } else if diagrams_exceed(rows, cols, SEARCH_REACH) {
        Some(format!(
            "more than 2^21 = {SEARCH_REACH} diagrams inside it"
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `C(n, k)` by Pascal's triangle, independently of the product formula.
    fn binomial(n: u64, k: u64) -> u128 {
        let mut row = vec![1u128];
        for _ in 0..n {
            let mut next = vec![1u128; row.len() + 1];
            for i in 1..row.len() {
                next[i] = row[i - 1] + row[i];
            }
            row = next;
        }
        row[k as usize]
    }

    #[test]
    fn diagram_counts_are_exact_on_both_sides_of_every_limit() {
        for rows in 1..=40 {
            for cols in 1..=40 {
                let count = binomial(rows + cols, rows);
                for limit in [1, 1000, SEARCH_REACH, u64::MAX] {
                    let exceeds = count > u128::from(limit);
                    assert_eq!(
                        diagrams_exceed(rows, cols, limit),
                        exceeds,
                        "{rows} x {cols}"
                    );
                }
                // Both sides of the count itself.
                if let Ok(count) = u64::try_from(count) {
                    assert!(!diagrams_exceed(rows, cols, count), "{rows} x {cols}");
                    assert!(diagrams_exceed(rows, cols, count - 1), "{rows} x {cols}");
                }
            }
        }
        // 14 x 10 is searched, 15 x 10 is not.
        assert!(!diagrams_exceed(14, 10, SEARCH_REACH));
        assert!(diagrams_exceed(15, 10, SEARCH_REACH));
    }
}

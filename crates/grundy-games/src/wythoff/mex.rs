//! The mex construction of the P-positions.
//!
//! The P-positions with `x <= y` are built greedily: `(a_0, b_0) = (0, 0)` and
//!
//! ```text
//! a_n = mex{a_i, b_i : i < n},    b_n = a_n + n.
//! ```
//!
//! Why this is right: no two P-positions may share a coordinate (a horizontal or vertical move
//! would join them) or a difference `y − x` (a diagonal move would). The smallest unused value
//! with the next unused difference is therefore forced. The same pairs are the zeros of the
//! Sprague–Grundy table ([`super::table`]).
//!
//! The construction is a single pass with a bitmap of used values: `O(count)` time.

/// The first `count` P-positions `(a_n, b_n)` by the mex construction.
pub fn p_positions_by_mex(count: usize) -> Vec<(u64, u64)> {
    let mut pairs = Vec::with_capacity(count);
    // b_n < 2.62 n + 1, so this many values cover every coordinate that can be marked.
    let mut used = vec![false; 3 * count + 3];
    let mut a = 0usize;
    for n in 0..count {
        while used[a] {
            a += 1;
        }
        let b = a + n;
        used[a] = true;
        used[b] = true;
        pairs.push((a as u64, b as u64));
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_pairs() {
        assert_eq!(
            p_positions_by_mex(5),
            [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
        );
        assert!(p_positions_by_mex(0).is_empty());
    }
}

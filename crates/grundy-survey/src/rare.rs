//! The rare/common split of a Grundy sequence in Flammenkamp's sense: for a mask `m`, a value
//! `v` is *rare* when `popcount(v & m)` is even and *common* otherwise; the mask of a game is
//! the one that makes the rare values fewest. (The XOR of two common values is rare, which is
//! why rare values, once they die out, leave a periodic sequence; the solver's own split, a
//! sum-free set of codes chosen greedily, is an implementation detail and is not what the
//! store records.)
//!
//! Every mask is tried at once: with `c(v)` the number of positions of value `v` and `N` their
//! total, the rare positions of mask `m` number `(N + W(m)) / 2` where `W` is the
//! Walsh–Hadamard transform of `c`, `W(m) = Σ c(v) (-1)^popcount(v & m)`: `O(B log B)` for
//! values below `B`.

/// The largest value for which a split is looked for: larger values leave the split unknown.
pub const MAX_RARE_VALUE: u32 = (1 << 16) - 1;

/// A mask and the positions it makes rare and common.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RareSplit {
    /// The mask (the least of those that make the rare positions fewest; never 0).
    pub mask: u64,
    /// Positions whose value is rare for the mask.
    pub rare: u64,
    /// Positions whose value is common for it.
    pub common: u64,
}

/// The split of positions whose values occur `counts[v]` times each (`counts` at most
/// `MAX_RARE_VALUE + 1` long); `None` when there are no values or only the value 0 can occur
/// (then no mask is better than another: every position is rare).
pub fn rare_split(counts: &[u64]) -> Option<RareSplit> {
    if counts.len() < 2 || counts.len() > MAX_RARE_VALUE as usize + 1 {
        return None;
    }
    let size = counts.len().next_power_of_two();
    let mut w: Vec<i64> = counts.iter().map(|&c| c as i64).collect();
    w.resize(size, 0);
    let mut half = 1;
    while half < size {
        for block in (0..size).step_by(2 * half) {
            for i in block..block + half {
                let (a, b) = (w[i], w[i + half]);
                w[i] = a + b;
                w[i + half] = a - b;
            }
        }
        half *= 2;
    }
    let total = w[0];
    let (mask, best) = w
        .iter()
        .enumerate()
        .skip(1)
        .min_by_key(|&(m, &x)| (x, m))
        .map(|(m, &x)| (m as u64, x))?;
    let rare = ((total + best) / 2) as u64;
    Some(RareSplit {
        mask,
        rare,
        common: total as u64 - rare,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every mask tried one by one: the reference.
    fn naive(counts: &[u64]) -> Option<RareSplit> {
        let size = counts.len().next_power_of_two();
        let total: u64 = counts.iter().sum();
        (1..size as u64)
            .map(|mask| {
                let rare: u64 = counts
                    .iter()
                    .enumerate()
                    .filter(|&(v, _)| (v as u64 & mask).count_ones() % 2 == 0)
                    .map(|(_, &c)| c)
                    .sum();
                RareSplit {
                    mask,
                    rare,
                    common: total - rare,
                }
            })
            .min_by_key(|s| (s.rare, s.mask))
    }

    #[test]
    fn the_transform_agrees_with_trying_every_mask() {
        let mut seed = 12345u64;
        for len in 2..70 {
            let counts: Vec<u64> = (0..len)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (seed >> 33) % 50
                })
                .collect();
            assert_eq!(rare_split(&counts), naive(&counts), "{counts:?}");
        }
    }

    #[test]
    fn a_sparse_sequence_has_few_rare_values() {
        // Values 1, 2, 7 common for the mask 0b111 (odd popcounts), 0 and 3 rare.
        let counts = [2, 100, 100, 1, 0, 0, 0, 50];
        let split = rare_split(&counts).unwrap();
        assert_eq!(split.rare, 3);
        assert_eq!(split.common, 250);
        assert_eq!(split.mask, 7);
    }

    #[test]
    fn no_split_without_two_values() {
        assert_eq!(rare_split(&[]), None);
        assert_eq!(rare_split(&[5]), None);
        assert_eq!(rare_split(&vec![1; MAX_RARE_VALUE as usize + 2]), None);
        assert!(rare_split(&vec![1; MAX_RARE_VALUE as usize + 1]).is_some());
    }
}

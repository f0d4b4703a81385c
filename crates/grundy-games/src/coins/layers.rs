//! Heads' values of "turn at most `K` coins" and "turn exactly `K` coins" without listing the
//! moves: the nim-sums a move can leave are kept by the number of coins besides the head.
//!
//! A move from a lone head at `r` under "at most `K`" turns `r` and `j < K` other coins to its
//! left, and leaves the nim-sum of their values; under "exactly `K`", `j = K − 1`. Keep, for
//! each `j < K`, the set `L_j` of nim-sums of `j` distinct coins among those already valued
//! (`L_0 = {0}`): the head's value is the mex of `L_0 ∪ ... ∪ L_{K−1}` (or of `L_{K−1}`), and
//! adding the coin of value `g` updates `L_j ← L_j ∪ (L_{j−1} ⊕ g)` for `j` from the top down.
//! The sets are bitmaps over the numbers below the next power of 2 above the largest value, so
//! a coin costs at most `K` passes over them, however many sets a move may turn (`C(63, 4)`
//! = 595,665 at the last coin of `at-most=5`, against bitmaps of a few thousand bits). The
//! listing of `line::CoinLine::values_by_mex` is the reference (`line/tests.rs`).

use crate::nimber::Nimber;

/// How a move's other coins are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Besides {
    /// Fewer than `K` coins: "at most `K`".
    FewerThan(usize),
    /// Exactly `K − 1` coins: "exactly `K`".
    Exactly(usize),
}

/// The values of lone heads at indices `0..count`.
pub fn values(besides: Besides, count: usize) -> Vec<Nimber> {
    let top = match besides {
        Besides::FewerThan(k) => k - 1,
        Besides::Exactly(k) => k - 1,
    };
    // layers[j]: the nim-sums of j distinct coins so far, as a bitmap of `words` words.
    let mut words = 1usize;
    let mut layers: Vec<Vec<u64>> = vec![vec![0; words]; top + 1];
    layers[0][0] = 1;
    let mut values = Vec::with_capacity(count);
    for _ in 0..count {
        let reachable = |w: usize| match besides {
            Besides::FewerThan(_) => layers.iter().fold(0, |acc, layer| acc | layer[w]),
            Besides::Exactly(_) => layers[top][w],
        };
        let g = (0..words)
            .find(|&w| reachable(w) != u64::MAX)
            .map_or(64 * words as u64, |w| {
                64 * w as u64 + u64::from(reachable(w).trailing_ones())
            });
        values.push(g);
        // Room for every nim-sum with g: the numbers below the next power of 2 above it.
        let needed = ((g + 1).next_power_of_two() as usize).div_ceil(64);
        if needed > words {
            words = needed;
            for layer in &mut layers {
                layer.resize(words, 0);
            }
        }
        for j in (1..=top).rev() {
            let (below, above) = layers.split_at_mut(j);
            translate_into(&below[j - 1], g, &mut above[0]);
        }
    }
    values
}

/// `to ← to ∪ (from ⊕ g)`: every element `v` of `from` adds `v ⊕ g`.
fn translate_into(from: &[u64], g: Nimber, to: &mut [u64]) {
    for (w, &word) in from.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let v = 64 * w as u64 + u64::from(bits.trailing_zeros());
            bits &= bits - 1;
            let t = v ^ g;
            to[(t / 64) as usize] |= 1 << (t % 64);
        }
    }
}

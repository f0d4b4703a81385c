//! Chomp by dynamic programming over every diagram in a box, each one numbered.
//!
//! From a full `m × n` bar every diagram that fits in the box can be reached, so a search
//! visits all of them anyway; this values them all in one pass, in an array indexed by their
//! rank, instead of a hash table:
//!
//! * A diagram in the box is a **path** of `m + n` steps from the top left corner of the box
//!   to its bottom right one, bit `k` for step `k` (1: down past a row end, 0: right), `m`
//!   bits set; every such path is a diagram (rows may be empty at the top).
//! * Its **rank** is its place among the paths with `m` bits set in increasing order, given
//!   by the combinatorial number system: `Σ_t C(p_t, t)` over its set bits `p_1 < p_2 < ...`
//!   (`t` from 1). Ranks run from 0 to `C(m + n, m) - 1` with no gap.
//! * A **bite** at row `r`, column `c` cuts the rows from `r` up to at most `c` squares. On
//!   the path, the steps from just after the `c`-th step right (`i`) to the step down that
//!   ends row `r` (`j`) are reordered, every step down first: the set bits of `[i, j]` move
//!   down to `i, i + 1, ...`. The bite is legal when a step right lies in `[i, j)` (the square
//!   is there), except the poisoned corner (`c = 0` and `r = 0`).
//! * A bite moves set bits down, so the option's rank is smaller: valuing the diagrams in
//!   increasing rank (Gosper's next-combination step) finds every option already valued.
//!   The option's rank differs from the diagram's by terms of the moved bits only, which the
//!   listing keeps as running sums: each option costs a few additions and one array read.

use std::sync::{Arc, Mutex};

use crate::kernel::error::Result;
use crate::nimber::Nimber;

/// How many diagrams between two calls of the `check` function.
const CHECK_EVERY: usize = 1 << 14;

/// Binomial coefficients `C(k, t)` for `k, t < 64` (`C(63, 31)` fits a `u64`).
struct Binomials(Vec<u64>);

impl Binomials {
    fn new() -> Self {
        let mut c = vec![0u64; 64 * 64];
        for k in 0..64 {
            c[k * 64] = 1;
            for t in 1..=k {
                c[k * 64 + t] = c[(k - 1) * 64 + t - 1] + c[(k - 1) * 64 + t];
            }
        }
        Binomials(c)
    }

    fn get(&self, k: u32, t: u32) -> u64 {
        self.0[k as usize * 64 + t as usize]
    }
}

/// The path of the diagram with these row lengths (poisoned row first) in the box of
/// `rows.len()` rows and `cols` columns.
fn path(rows: &[u32], cols: u32) -> u64 {
    let mut p = 0u64;
    let mut bit = 0;
    let mut above = 0;
    for &len in rows.iter().rev() {
        bit += len - above;
        p |= 1 << bit;
        bit += 1;
        above = len;
    }
    debug_assert!(bit <= rows.len() as u32 + cols);
    p
}

/// The rank of a path (see the module documentation).
fn rank(p: u64, c: &Binomials) -> u64 {
    let mut r = 0;
    let mut bits = p;
    let mut t = 1;
    while bits != 0 {
        r += c.get(bits.trailing_zeros(), t);
        bits &= bits - 1;
        t += 1;
    }
    r
}

/// The value of the diagram with row lengths `rows` (non-increasing, the first at least 1),
/// valuing every diagram of smaller rank in its box, or `None` when that takes more than
/// `memory_bytes` bytes or a value could exceed a byte (more than 256 squares in the box).
#[cfg(test)]
fn value(
    rows: &[u32],
    memory_bytes: usize,
    check: &mut dyn FnMut() -> Result<()>,
) -> Option<Result<Nimber>> {
    Some(values_of_box(rows, memory_bytes, check)?.map(|(_, v)| v))
}

/// The values of a box, in increasing rank up to some diagram, kept for the questions that
/// follow: the winning moves of a board ask for the value of each of its options, all diagrams
/// of the same box, which are then read off the array instead of valuing a box again per option
/// (Chomp 12 x 12: 143 boxes of up to 2.7 million diagrams). A diagram of the box beyond the
/// ranks valued extends the array from where it stopped: the moves of a board valued one by
/// one, before the board itself, would otherwise value the box again for each option of higher
/// rank than the last (5 rows of 26: 17 s). One box is kept, at most the memory its search was
/// given.
struct LastBox {
    rows: u32,
    cols: u32,
    /// `values[r]` for every rank `r` valued so far.
    values: Arc<Vec<u8>>,
    /// The path of rank `values.len() - 1`, where valuing goes on.
    path: u64,
}

static LAST_BOX: Mutex<Option<LastBox>> = Mutex::new(None);

/// The value of the diagram `rows` (non-increasing, the first at least 1), read off the last
/// box valued when the diagram or its transpose lies in it (that box extended when the
/// diagram's rank lies beyond what it holds), else valued with its own box, which is then
/// kept; `None` as for `values_of_box`.
pub(crate) fn value_remembered(
    rows: &[u32],
    memory_bytes: usize,
    check: &mut dyn FnMut() -> Result<()>,
) -> Option<Result<Nimber>> {
    let c = Binomials::new();
    // Taken out while it is read or extended; another thread meanwhile values its own box.
    let kept = LAST_BOX.lock().unwrap_or_else(|e| e.into_inner()).take();
    let keep = |b: Option<LastBox>| *LAST_BOX.lock().unwrap_or_else(|e| e.into_inner()) = b;
    // The box that answers, and the one it replaces (kept again if the new one cannot be
    // valued within the memory).
    let (mut last, r, replaced) = match kept {
        Some(b) => match b.rank_of(rows, &c) {
            Some(r) => (b, r, None),
            None => match LastBox::of(rows) {
                Some(fresh) => (fresh, rank(path(rows, rows[0]), &c), Some(b)),
                None => {
                    keep(Some(b));
                    return None;
                }
            },
        },
        None => (LastBox::of(rows)?, rank(path(rows, rows[0]), &c), None),
    };
    let Some(extended) = last.extend_to(r, memory_bytes, check, &c) else {
        keep(replaced.or(Some(last)));
        return None;
    };
    let v = last.values.get(r as usize).map(|&v| Nimber::from(v));
    keep(Some(last));
    match extended {
        Ok(()) => v.map(Ok),
        Err(e) => Some(Err(e)),
    }
}

/// The value of the diagram `rows` read off the last box valued, when it or its transpose (the
/// same game) lies in that box among the ranks valued.
#[cfg(test)]
fn remembered(rows: &[u32]) -> Option<Nimber> {
    let last = LAST_BOX.lock().unwrap_or_else(|e| e.into_inner());
    last.as_ref()?.value(rows)
}

impl LastBox {
    /// The box of `rows` (as many rows, its first row's length), the empty diagram valued, or
    /// `None` when a value could exceed a byte (more than 256 squares) or a path 63 bits.
    fn of(rows: &[u32]) -> Option<LastBox> {
        let m = rows.len() as u32;
        let n = *rows.first()?;
        // Values are at most the number of moves, below m * n.
        if n == 0 || m * n > 256 || m + n >= 64 {
            return None;
        }
        Some(LastBox {
            rows: m,
            cols: n,
            // The empty diagram (every step down first) is rank 0 and never an option.
            values: Arc::new(vec![0]),
            path: (1u64 << m) - 1,
        })
    }

    /// The rank in the box of the diagram `rows` or of its transpose (the same game: a board's
    /// options come in either orientation, each the lesser of the two, `Chomp`'s canonical
    /// form), whichever lies in the box; `None` when neither does.
    fn rank_of(&self, rows: &[u32], c: &Binomials) -> Option<u64> {
        let (m, n) = (self.rows, self.cols);
        if *rows.first()? == 0 {
            return None;
        }
        let fits = |rows: &[u32]| rows.len() as u32 <= m && rows[0] <= n;
        let transposed;
        let rows = if fits(rows) {
            rows
        } else {
            transposed = transpose(rows);
            if !fits(&transposed) {
                return None;
            }
            &transposed
        };
        // Empty rows at the top of the box: the path's first steps go down.
        let mut padded = rows.to_vec();
        padded.resize(m as usize, 0);
        Some(rank(path(&padded, n), c))
    }

    /// The value of the diagram `rows` or of its transpose, whichever lies in the box among
    /// the ranks valued.
    #[cfg(test)]
    fn value(&self, rows: &[u32]) -> Option<Nimber> {
        let r = self.rank_of(rows, &Binomials::new())?;
        self.values.get(r as usize).map(|&v| Nimber::from(v))
    }

    /// Values every diagram of the box up to rank `last`, going on from the last valued:
    /// `None` when the array would take more than `memory_bytes` bytes; a cancelled
    /// computation keeps what it valued.
    fn extend_to(
        &mut self,
        last: u64,
        memory_bytes: usize,
        check: &mut dyn FnMut() -> Result<()>,
        c: &Binomials,
    ) -> Option<Result<()>> {
        let first = self.values.len() as u64;
        if last < first {
            return Some(Ok(()));
        }
        if usize::try_from(last).map_or(true, |l| l >= memory_bytes) {
            return None;
        }
        let (m, n) = (self.rows, self.cols);
        let width = m + n;
        let all = (1u64 << width) - 1;
        let values = Arc::make_mut(&mut self.values);
        values.resize(last as usize + 1, 0);
        let mut p = self.path;
        for r in first..=last {
            if r as usize % CHECK_EVERY == 0 {
                if let Err(e) = check() {
                    values.truncate(r as usize);
                    self.path = p;
                    return Some(Err(e));
                }
            }
            p = next_combination(p);
            // In a square box the diagram's transpose is in the box too, with the same value:
            // when it came first, its value is copied rather than found again.
            if m == n {
                let t = (!p).reverse_bits() >> (64 - width) & all;
                let rt = rank(t, c);
                if rt < r {
                    values[r as usize] = values[rt as usize];
                    continue;
                }
            }
            values[r as usize] = mex_of_options(p, r, all, values, c);
        }
        self.path = p;
        Some(Ok(()))
    }
}

/// The row lengths of the transposed diagram: row `j` is as long as column `j` was.
fn transpose(rows: &[u32]) -> Vec<u32> {
    (0..rows[0])
        .map(|j| rows.iter().take_while(|&&len| len > j).count() as u32)
        .collect()
}

/// Every diagram of the box of `rows` up to its rank valued: the array and the value of
/// `rows`, or `None` when that takes more than `memory_bytes` bytes or a value could exceed a
/// byte (more than 256 squares in the box).
#[cfg(test)]
fn values_of_box(
    rows: &[u32],
    memory_bytes: usize,
    check: &mut dyn FnMut() -> Result<()>,
) -> Option<Result<(Vec<u8>, Nimber)>> {
    let c = Binomials::new();
    let mut b = LastBox::of(rows)?;
    let last = rank(path(rows, rows[0]), &c);
    if let Err(e) = b.extend_to(last, memory_bytes, check, &c)? {
        return Some(Err(e));
    }
    debug_assert_eq!(b.path, path(rows, rows[0]));
    let values = Arc::try_unwrap(b.values).unwrap_or_else(|shared| (*shared).clone());
    let v = Nimber::from(values[last as usize]);
    Some(Ok((values, v)))
}

/// The next larger number with as many bits set (Gosper's hack).
fn next_combination(p: u64) -> u64 {
    let low = p & p.wrapping_neg();
    let ripple = p + low;
    ripple | (((p ^ ripple) >> 2) / low)
}

/// The mex of the values of the options of path `p` of rank `r` (`all`: the bits of a path).
fn mex_of_options(p: u64, r: u64, all: u64, values: &[u8], c: &Binomials) -> u8 {
    // Values below 128 in one word (almost all of them), the rest in a second array.
    let mut seen = 0u128;
    let mut seen_high = [0u64; 2];
    // The step down that ends row 0, the poisoned row.
    let last_down = 63 - p.leading_zeros();
    // i: just after the c-th step right (0 for c = 0).
    let mut rights = !p & all;
    let mut i = 0u32;
    loop {
        // Set bits below i.
        let t0 = (p & ((1u64 << i) - 1)).count_ones();
        let mut old_sum = 0u64;
        let mut new_sum = 0u64;
        let mut moved = 0u32;
        let mut downs = p >> i << i;
        while downs != 0 {
            let j = downs.trailing_zeros();
            downs &= downs - 1;
            moved += 1;
            old_sum += c.get(j, t0 + moved);
            new_sum += c.get(i + moved - 1, t0 + moved);
            // A step right in [i, j): the square at the bite is there.
            let square_there = j + 1 - i > moved;
            if square_there && !(i == 0 && j == last_down) {
                let v = values[(r - (old_sum - new_sum)) as usize];
                if v < 128 {
                    seen |= 1 << v;
                } else {
                    seen_high[(v as usize - 128) / 64] |= 1 << (v % 64);
                }
            }
        }
        if rights == 0 {
            break;
        }
        i = rights.trailing_zeros() + 1;
        rights &= rights - 1;
        if i > last_down {
            break;
        }
    }
    let mut v = seen.trailing_ones();
    if v == 128 {
        for word in seen_high {
            let free = word.trailing_ones();
            v += free;
            if free < 64 {
                break;
            }
        }
    }
    v.min(255) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_the_paths_in_order() {
        let c = Binomials::new();
        let (m, n) = (4u32, 5u32);
        let mut p = (1u64 << m) - 1;
        for r in 0..c.get(m + n, m) {
            assert_eq!(rank(p, &c), r);
            p = next_combination(p);
        }
        assert_eq!(c.get(9, 4), 126);
        assert_eq!(path(&[2, 1], 2), 0b1010);
    }

    fn naive_value(rows: &[u32]) -> Nimber {
        let board = super::super::ChompBoard::from_rows(rows.to_vec()).unwrap();
        crate::search::naive::value(&board, &|b: &super::super::ChompBoard| {
            b.moves().into_iter().map(|m| b.play(m).unwrap()).collect()
        })
    }

    #[test]
    fn every_diagram_of_a_few_rows_matches_exhaustive_search() {
        // Square boxes (transposes copied) and long and tall ones.
        let mut ok = || Ok(());
        for rows in [
            vec![1],
            vec![2, 1],
            vec![3, 3, 3],
            vec![4, 4, 2, 1],
            vec![5, 3, 3, 2, 2],
            vec![6, 6, 6, 6, 6, 6],
            vec![7, 2],
            vec![2, 2, 2, 2, 2, 1, 1],
            vec![6, 5, 5, 1],
        ] {
            let v = value(&rows, 1 << 20, &mut ok).unwrap().unwrap();
            assert_eq!(v, naive_value(&rows), "{rows:?}");
        }
    }

    /// Every non-increasing diagram of 1 to 4 rows of 1 to 5 squares: the 125 diagrams of the
    /// 4 x 5 box but the empty one.
    fn diagrams_of_4_by_5() -> Vec<Vec<u32>> {
        fn all(prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if !prefix.is_empty() {
                out.push(prefix.clone());
            }
            if prefix.len() == 4 {
                return;
            }
            for len in 1..=prefix.last().copied().unwrap_or(5) {
                prefix.push(len);
                all(prefix, out);
                prefix.pop();
            }
        }
        let mut diagrams = Vec::new();
        all(&mut Vec::new(), &mut diagrams);
        diagrams
    }

    /// Every diagram of a box read off the kept array after the box is valued once, against
    /// exhaustive search; a diagram outside the box is valued afresh.
    #[test]
    fn diagrams_of_the_last_box_are_read_off_it() {
        let mut ok = || Ok(());
        let full = [5u32, 5, 5, 5];
        let v = value_remembered(&full, 1 << 20, &mut ok).unwrap().unwrap();
        assert_eq!(v, naive_value(&full));
        let diagrams = diagrams_of_4_by_5();
        let checked = diagrams.len();
        for diagram in diagrams {
            assert_eq!(
                value_remembered(&diagram, 1 << 20, &mut ok)
                    .unwrap()
                    .unwrap(),
                naive_value(&diagram),
                "{diagram:?}"
            );
            // Read off the box kept (other tests running at once may replace it: then the
            // diagram is not found, never found wrong).
            if let Some(v) = remembered(&diagram) {
                assert_eq!(v, naive_value(&diagram), "{diagram:?}");
            }
        }
        // A box kept answers for every diagram in it and for their transposes, the
        // orientation the board's options may come in (5 rows of 26: options of 26 rows).
        let tall = [2u32, 2, 2, 2, 2, 2];
        let (values, v) = values_of_box(&tall, 1 << 20, &mut ok).unwrap().unwrap();
        assert_eq!(v, naive_value(&tall));
        let kept = LastBox {
            rows: 6,
            cols: 2,
            values: Arc::new(values),
            path: path(&tall, 2),
        };
        let mut read = 0;
        for m in 1..=6usize {
            for first in 1..=2u32 {
                for second_rows in 0..m {
                    let mut diagram = vec![first; m];
                    diagram[second_rows..].fill(1.min(first));
                    let expected = naive_value(&diagram);
                    assert_eq!(kept.value(&diagram), Some(expected), "{diagram:?}");
                    let t = transpose(&diagram);
                    assert_eq!(naive_value(&t), expected, "{t:?} transposes {diagram:?}");
                    assert_eq!(kept.value(&t), Some(expected), "{t:?}");
                    read += 1;
                }
            }
        }
        assert_eq!(read, 42);
        assert_eq!(kept.value(&[3, 3, 3]), None);
        assert_eq!(kept.value(&[2; 7]), None);
        assert_eq!(transpose(&[5, 3, 3, 1]), vec![4, 3, 3, 1, 1]);
        // A diagram beyond the box is valued in a box of its own, which is then kept.
        assert_eq!(
            value_remembered(&[6, 1], 1 << 20, &mut ok)
                .unwrap()
                .unwrap(),
            naive_value(&[6, 1])
        );
        assert_eq!(checked, 125); // C(9, 4) - 1 diagrams that are not empty
    }

    #[test]
    fn a_box_kept_is_extended_to_the_diagrams_asked_in_any_order() {
        // Every diagram of a 4 x 5 box, in an order that jumps up and down the ranks (as the
        // moves of a board are valued before the board): the box is extended from where it
        // stopped, and every value is exhaustive search's.
        let c = Binomials::new();
        let mut ok = || Ok(());
        let mut kept = LastBox::of(&[5, 5, 5, 5]).unwrap();
        let mut diagrams = diagrams_of_4_by_5();
        diagrams.sort_by_key(|rows| kept.rank_of(rows, &c));
        assert_eq!(diagrams.len(), 125);
        // 0, 124, 1, 123, ...: low and high ranks in turn.
        let order: Vec<usize> = (0..63).flat_map(|k| [k, 124 - k]).take(125).collect();
        for k in order {
            let rows = &diagrams[k];
            let r = kept.rank_of(rows, &c).unwrap();
            kept.extend_to(r, 1 << 20, &mut ok, &c).unwrap().unwrap();
            assert_eq!(kept.value(rows), Some(naive_value(rows)), "{rows:?}");
            // Its transpose too, where it lies in the box.
            let t = transpose(rows);
            assert_eq!(kept.value(&t), Some(naive_value(rows)), "{t:?}");
        }
        assert_eq!(kept.values.len(), 126);
        assert_eq!(kept.path, path(&[5, 5, 5, 5], 5));
        // A cancelled extension keeps the ranks it valued, and goes on from there.
        let mut nine = LastBox::of(&[9; 9]).unwrap();
        let last = rank(path(&[9; 9], 9), &c);
        let mut cancel = || Err(crate::kernel::error::GameError::invalid("test", "x", "y"));
        assert!(matches!(
            nine.extend_to(last, 1 << 20, &mut cancel, &c),
            Some(Err(_))
        ));
        assert_eq!(nine.values.len(), CHECK_EVERY);
        nine.extend_to(last, 1 << 20, &mut ok, &c).unwrap().unwrap();
        let fresh = value(&[9; 9], 1 << 20, &mut ok).unwrap().unwrap();
        assert_eq!(nine.value(&[9; 9]), Some(fresh));
        assert_eq!(nine.values.len() as u64, last + 1);
        // Beyond the memory given: not extended.
        assert!(nine
            .extend_to(last + 1, last as usize + 1, &mut ok, &c)
            .is_none());
    }

    #[test]
    fn a_box_beyond_the_memory_leaves_the_one_kept() {
        let c = Binomials::new();
        let mut ok = || Ok(());
        let mut kept = LastBox::of(&[3, 3]).unwrap();
        kept.extend_to(rank(path(&[3, 3], 3), &c), 1 << 20, &mut ok, &c)
            .unwrap()
            .unwrap();
        // Run under the lock's own discipline: another test may value boxes at the same time,
        // so only what this test puts there is checked, and only while no other box replaced it.
        *LAST_BOX.lock().unwrap() = Some(kept);
        assert!(value_remembered(&[9; 9], 100, &mut ok).is_none());
        let after = LAST_BOX.lock().unwrap().as_ref().map(|b| (b.rows, b.cols));
        assert!(
            after != Some((9, 9)),
            "the 9 x 9 box, empty, replaced {after:?}"
        );
    }

    #[test]
    fn boxes_beyond_the_memory_or_a_byte_are_left_to_search() {
        let mut ok = || Ok(());
        // 3 x 3 has C(6, 3) = 20 diagrams, rank 19: 20 bytes are enough, 19 are not.
        assert!(value(&[3, 3, 3], 19, &mut ok).is_none());
        assert!(value(&[3, 3, 3], 20, &mut ok).is_some());
        // 8 x 33 squares: a value could need more than a byte.
        assert!(value(&[33; 8], usize::MAX, &mut ok).is_none());
        // A cancelled computation says so.
        let mut cancel = || Err(crate::kernel::error::GameError::invalid("test", "x", "y"));
        assert!(matches!(value(&[9; 9], 1 << 20, &mut cancel), Some(Err(_))));
    }
}

//! Regions of a Cram board as bit masks: moves, connected regions, the squares that do not
//! change a region's value, the 2 × 2 blocks along which a region splits, and the half-turn
//! strategies.

/// Bit masks of a `h × w` grid stored row by row (`h * w <= 64`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grid {
    pub(crate) w: u32,
    h: u32,
    first_col: u64,
    not_first_col: u64,
    not_last_col: u64,
}

impl Grid {
    pub(crate) fn new(h: u32, w: u32) -> Self {
        let cells = h * w;
        let all = if cells >= 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        let mut first = 0u64;
        for r in 0..h {
            first |= 1 << (r * w);
        }
        Grid {
            w,
            h,
            first_col: first,
            not_first_col: all & !first,
            not_last_col: all & !(first << (w - 1)),
        }
    }

    /// The number of rows.
    pub(crate) fn h(&self) -> u32 {
        self.h
    }

    /// The squares of the first column.
    pub(super) fn first_col(&self) -> u64 {
        self.first_col
    }

    /// Squares whose right neighbour is also in `b`.
    pub(super) fn right(&self, b: u64) -> u64 {
        b & self.not_last_col & (b >> 1)
    }

    /// Squares whose lower neighbour is also in `b`.
    pub(super) fn down(&self, b: u64) -> u64 {
        b & b.checked_shr(self.w).unwrap_or(0)
    }

    /// Squares with a neighbour in `b` (in `b` or not).
    pub(crate) fn neighbours(&self, b: u64) -> u64 {
        ((b & self.not_last_col) << 1)
            | ((b & self.not_first_col) >> 1)
            | b.checked_shl(self.w).unwrap_or(0)
            | b.checked_shr(self.w).unwrap_or(0)
    }

    /// Whether the connected region `region` is a straight line (one row or one column).
    pub(crate) fn is_line(&self, region: u64) -> bool {
        let first = region.trailing_zeros();
        let row = first / self.w;
        let in_row = (63 - region.leading_zeros()) / self.w == row;
        in_row || region & !(self.first_col << (first % self.w)) == 0
    }

    /// `region` without squares that do not change its value. Pendants: when several
    /// squares have the same square (their centre) as their only neighbour, all but one are
    /// dropped, since a domino on the centre and any of its pendants leaves the other
    /// pendants isolated, so the choice of pendant never matters, and no other move touches
    /// them. Bridges (below) are dropped too. What is left may fall apart into regions.
    pub(super) fn without_redundant_squares(&self, region: u64) -> u64 {
        let left = region & ((region & self.not_last_col) << 1);
        let right = region & ((region & self.not_first_col) >> 1);
        let up = region & region.checked_shl(self.w).unwrap_or(0);
        let down = region & region.checked_shr(self.w).unwrap_or(0);
        let two = (left & right)
            | (left & up)
            | (left & down)
            | (right & up)
            | (right & down)
            | (up & down);
        let pendant = (left | right | up | down) & !two;
        // Each pendant's centre, direction by direction; a centre seen before keeps its
        // earlier pendant.
        let mut seen = (pendant & left) >> 1;
        let mut drop = 0;
        let centres = (pendant & right) << 1;
        drop |= (centres & seen) >> 1;
        seen |= centres;
        let centres = (pendant & up).checked_shr(self.w).unwrap_or(0);
        drop |= (centres & seen).checked_shl(self.w).unwrap_or(0);
        seen |= centres;
        let centres = (pendant & down).checked_shl(self.w).unwrap_or(0);
        drop |= (centres & seen).checked_shr(self.w).unwrap_or(0);
        seen |= centres;
        // Bridges: squares, neither pendants nor centres, whose every neighbour is a centre.
        // A domino on a bridge and a centre is worth what the domino on that centre and its
        // pendant is (the pendant is left isolated either way), and the bridge never changes
        // this while it stands, so by induction the region without it has the same options'
        // values (Beling and Rogalski's Cram reductions, "On pruning search trees of
        // impartial games", 2020).
        let rest = region & !pendant & !seen;
        let bridges = rest & !self.neighbours(rest);
        region & !drop & !bridges
    }

    /// `b` without its lone squares (worth 0) and its dominoes standing alone (worth 1 each),
    /// and the XOR of the values of those.
    pub(super) fn without_small_pieces(&self, b: u64) -> (u64, u64) {
        let has_left = b & ((b & self.not_last_col) << 1);
        let has_right = b & ((b & self.not_first_col) >> 1);
        let has_up = b & b.checked_shl(self.w).unwrap_or(0);
        let has_down = b & b.checked_shr(self.w).unwrap_or(0);
        let any = has_left | has_right | has_up | has_down;
        let two = (has_left & has_right)
            | ((has_left | has_right) & (has_up | has_down))
            | (has_up & has_down);
        let one = any & !two;
        // A domino alone: its first square's one neighbour is the second, whose one
        // neighbour is the first.
        let across = one & has_right & (one >> 1);
        let down = one & has_down & one.checked_shr(self.w).unwrap_or(0);
        let gone = (b & !any) | across | across << 1 | down | down.checked_shl(self.w).unwrap_or(0);
        (b & !gone, u64::from((across | down).count_ones() & 1))
    }

    /// `b` without redundant squares, again and again until none is left.
    pub(super) fn reduced(&self, mut b: u64) -> u64 {
        loop {
            let r = self.without_redundant_squares(b);
            if r == b {
                return b;
            }
            b = r;
        }
    }

    /// The connected region of `b` (squares of the box) containing its lowest square.
    pub(crate) fn region(&self, b: u64) -> u64 {
        let mut region = b & b.wrapping_neg();
        loop {
            let grown = (region | self.neighbours(region)) & b;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The squares of `region` whose edge to their right neighbour can be ignored: both
    /// horizontal edges of every 2 × 2 block `A B / C D` of the region in which `A` touches
    /// only `B` and `C`, and `D` only `B` and `C` (or its mirror image: `B` and `C` touch only
    /// the block).
    ///
    /// Why (Beling and Rogalski's split of Cram regions, as their `igs` program applies it):
    /// in such a block the dominoes `A B` and `C D` are worth what `B D` and `A C` are (after
    /// `A B`, `D` hangs on `C` alone, as `A` does after `B D`: the same game), and every other
    /// move either keeps the block as it is or takes `B` or `C`, after which `A` and `D`
    /// hang on the same square and one of them never matters (the pendants above). So by
    /// induction the region without the two edges has the same value, and when it falls
    /// apart without them its parts are played independently.
    pub(super) fn block_edges(&self, region: u64) -> u64 {
        let w = self.w;
        if w > 32 {
            return 0;
        }
        let left = region & ((region & self.not_last_col) << 1);
        let right = region & ((region & self.not_first_col) >> 1);
        let up = region & (region << w);
        let down = region & (region >> w);
        // A B / C D with A and D touching only the block.
        let a = right & down & !left & !up;
        let d = left & up & !right & !down;
        let top_left = a & (d >> (w + 1));
        // The mirror image: B and C touching only the block.
        let b = left & down & !right & !up;
        let c = right & up & !left & !down;
        let top_right = b & (c >> (w - 1));
        top_left | top_left << w | top_right >> 1 | top_right << (w - 1)
    }

    /// The region of `b` containing its lowest square when the right edges of the squares
    /// of `cut` are ignored.
    pub(super) fn region_without(&self, b: u64, cut: u64) -> u64 {
        let to_right = self.not_last_col & !cut;
        let to_left = self.not_first_col & !(cut << 1);
        let mut region = b & b.wrapping_neg();
        loop {
            let grown = (region
                | (region & to_right) << 1
                | (region & to_left) >> 1
                | region << self.w
                | region >> self.w)
                & b;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// `0..n` from the middle out: the middle one or two, then the next one on each side, and
/// so on.
pub(super) fn centre_out(n: u32) -> impl Iterator<Item = u32> {
    let (lower, upper) = ((n.max(1) - 1) / 2, n / 2);
    (0..n + 2).filter_map(move |k| {
        let p = k / 2;
        if k % 2 == 0 {
            lower.checked_sub(p)
        } else if lower == upper && p == 0 {
            None
        } else {
            Some(upper + p).filter(|&i| i < n)
        }
    })
}

/// The squares of a `w × h` box (`w` squares a row) that a domino could share with its
/// image under the half turn about the box's centre: the centre square when both sides are
/// odd, the two centre squares when one side is even, none when both are.
pub(crate) fn centre(w: u32, h: u32) -> u64 {
    let at = |r: u32, c: u32| 1u64 << (r * w + c);
    match (h % 2, w % 2) {
        (0, 0) => 0,
        (1, 1) => at(h / 2, w / 2),
        (1, 0) => at(h / 2, w / 2 - 1) | at(h / 2, w / 2),
        _ => at(h / 2 - 1, w / 2) | at(h / 2, w / 2),
    }
}

/// Whether the shape (`w × h` box, `cells` row by row) is its own image under the half turn.
pub(crate) fn half_turn_symmetric(w: u32, h: u32, cells: u64) -> bool {
    cells.reverse_bits() >> (64 - w * h) == cells
}

/// Whether the second player wins a region that is its own half turn by answering every
/// domino with its image (Gardner's strategy for even by even boards): that works exactly
/// when no domino meets its own image, i.e. unless the [`centre`] squares are all there.
pub(super) fn mirror_strategy_works(w: u32, h: u32, cells: u64) -> bool {
    let c = centre(w, h);
    c == 0 || cells & c != c
}

/// Whether the first player wins a region that is its own half turn with one side of its
/// box even and the other odd, and both centre squares there: the central domino is its own
/// image, and after it the first player answers every domino with its image (the mirror
/// strategy above, which then works). The region is worth anything but 0.
pub(super) fn central_domino_wins(w: u32, h: u32, cells: u64) -> bool {
    let c = centre(w, h);
    (w + h) % 2 == 1 && cells & c == c && half_turn_symmetric(w, h, cells)
}

//! Whether a region stays in one piece when a domino is placed on it, seen from the ring of
//! squares around the domino alone.
//!
//! The squares around a domino, in the 3 × 4 window of a horizontal one (4 × 3 of a vertical
//! one), form a ring of ten: the domino's six neighbours and the four corners between them.
//! A path of the region through the domino's squares enters and leaves them through two of
//! its neighbours; if every neighbour still in the region lies on one unbroken arc of the
//! ring, such a path can go round the arc instead, so a connected region stays connected.
//! When the neighbours lie on several arcs the region may or may not fall apart (the arcs may
//! meet further away): the test says nothing and the caller looks at the whole region.
//!
//! The answers for the 4,096 contents of each window are worked out when the crate is
//! compiled ([`build`]), so a test costs a few shifts and one bit read.

/// One bit for each content of a 12-square window: set when the domino's neighbours in it
/// lie on one arc of the ring. `ring` lists the window's bits in order round the ring,
/// `touches` marks the ring positions that are neighbours of the domino.
const fn build(ring: [usize; 10], touches: [bool; 10]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut content = 0usize;
    while content < 4096 {
        let mut present = [false; 10];
        let mut whole = true;
        let mut k = 0;
        while k < 10 {
            present[k] = (content >> ring[k]) & 1 == 1;
            whole &= present[k];
            k += 1;
        }
        let mut arcs_with_neighbours = 0;
        if !whole {
            // Round the ring from a missing square: count the arcs holding a neighbour.
            let mut start = 0;
            while present[start] {
                start += 1;
            }
            let (mut in_arc, mut arc_touches) = (false, false);
            let mut k = 1;
            while k <= 10 {
                let q = (start + k) % 10;
                if present[q] {
                    if !in_arc {
                        in_arc = true;
                        arc_touches = false;
                    }
                    arc_touches |= touches[q];
                } else {
                    if in_arc && arc_touches {
                        arcs_with_neighbours += 1;
                    }
                    in_arc = false;
                    arc_touches = false;
                }
                k += 1;
            }
        }
        if arcs_with_neighbours <= 1 {
            out[content >> 6] |= 1 << (content & 63);
        }
        content += 1;
    }
    out
}

/// Horizontal domino: window rows of 4 (bit `4 k + j`), the domino on bits 5 and 6.
static HORIZONTAL: [u64; 64] = build(
    [0, 1, 2, 3, 7, 11, 10, 9, 8, 4],
    [
        false, true, true, false, true, false, true, true, false, true,
    ],
);

/// Vertical domino: window rows of 3 (bit `3 k + j`), the domino on bits 4 and 7.
static VERTICAL: [u64; 64] = build(
    [0, 1, 2, 5, 8, 11, 10, 9, 6, 3],
    [
        false, true, false, true, true, false, true, false, true, true,
    ],
);

/// Where to read the window of one domino of a box: rotated right by `rotate`, the box puts
/// the window's top left square on bit 0 and its rows `w` bits apart; `valid` marks the
/// squares of the window inside the box (the others read as empty). In a box so wide (two
/// rows at most) that the window's last row starts 64 bits or more after its first, the
/// window is not read (`usable` false) and says nothing.
#[derive(Debug, Clone, Copy)]
pub(super) struct Window {
    rotate: u32,
    valid: u16,
    vertical: bool,
    usable: bool,
}

impl Window {
    /// The window of the domino whose first square is bit `first` of a box `w` wide and `h`
    /// high, going down when `vertical`, else to the right.
    pub(super) fn new(first: u32, w: u32, h: u32, vertical: bool) -> Self {
        let (r, c) = (first / w, first % w);
        let (rows, cols) = if vertical { (4, 3) } else { (3, 4) };
        let mut valid = 0u16;
        for k in 0..rows {
            for j in 0..cols {
                // Square (r - 1 + k, c - 1 + j) of the box.
                let inside = (r + k >= 1 && r + k <= h) && (c + j >= 1 && c + j <= w);
                if inside {
                    valid |= 1 << (k * cols + j);
                }
            }
        }
        Window {
            rotate: (i64::from(first) - i64::from(w) - 1).rem_euclid(64) as u32,
            valid,
            vertical,
            usable: (if vertical { 3 } else { 2 }) * w < 64,
        }
    }
}

/// Whether the region `after` (a connected region of a box `w` squares wide, row by row, with
/// the domino of `window` just taken out) is surely still connected. `false` means it may
/// not be.
#[inline]
pub(super) fn stays_connected(after: u64, w: u32, window: Window) -> bool {
    if !window.usable {
        return false;
    }
    let x = after.rotate_right(window.rotate);
    let content = if window.vertical {
        (x & 7) | (x >> w & 7) << 3 | (x >> (2 * w) & 7) << 6 | (x >> (3 * w) & 7) << 9
    } else {
        (x & 15) | (x >> w & 15) << 4 | (x >> (2 * w) & 15) << 8
    };
    let content = (content & u64::from(window.valid)) as usize;
    let table = if window.vertical {
        &VERTICAL
    } else {
        &HORIZONTAL
    };
    table[content >> 6] >> (content & 63) & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::super::regions::Grid;
    use super::*;

    /// Checks every domino of `region` (a connected region of a box `w` wide and `h` high):
    /// when the test says connected, a flood fill agrees. Returns how often it said so.
    fn check(grid: &Grid, region: u64, w: u32, h: u32) -> u32 {
        let mut said = 0;
        for first in 0..h * w {
            for vertical in [false, true] {
                let fits = if vertical {
                    first + w < h * w
                } else {
                    first % w + 1 < w
                };
                if !fits {
                    continue;
                }
                let second = if vertical { first + w } else { first + 1 };
                let domino = 1u64 << first | 1u64 << second;
                if region & domino != domino {
                    continue;
                }
                let after = region & !domino;
                if after != 0 && stays_connected(after, w, Window::new(first, w, h, vertical)) {
                    said += 1;
                    assert_eq!(
                        grid.region(after),
                        after,
                        "{region:b} {first} {vertical} {w}x{h}"
                    );
                }
            }
        }
        said
    }

    /// Every region of a few small boxes, and a sample of the regions of boxes of 64 squares
    /// (whose windows wrap round the word), with every domino on them; and a domino in the
    /// middle of a full board is said to leave it connected.
    #[test]
    fn connected_whenever_it_says_so() {
        let mut said = 0;
        for (h, w) in [(3u32, 4u32), (4, 3), (3, 5), (4, 4), (2, 6), (5, 3)] {
            let grid = Grid::new(h, w);
            for region in 1u64..1 << (h * w) {
                if grid.region(region) == region {
                    said += check(&grid, region, w, h);
                }
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for (h, w) in [(2u32, 32u32), (2, 24), (2, 21), (8, 8), (4, 16)] {
            let grid = Grid::new(h, w);
            for _ in 0..2000 {
                seed = crate::search::table::mix64(seed);
                // Most squares of the box there, and the region of the lowest one.
                let all = u64::MAX >> (64 - h * w);
                let squares = (seed | crate::search::table::mix64(seed ^ 1)) & all;
                let region = grid.region(squares);
                said += check(&grid, region, w, h);
            }
        }
        assert!(said > 10_000, "{said}");
        let full = (1u64 << 20) - 1;
        let at = |first: u32, vertical: bool| Window::new(first, 5, 4, vertical);
        assert!(stays_connected(full & !(1 << 7 | 1 << 8), 5, at(7, false)));
        assert!(stays_connected(full & !(1 << 7 | 1 << 12), 5, at(7, true)));
        // A 3 x 5 board whose middle column is cut by a domino on its top two squares, the
        // third one a hole: it falls apart, and the test does not say otherwise.
        let cut = ((1u64 << 15) - 1) & !(1 << 2 | 1 << 7 | 1 << 12);
        assert_ne!(Grid::new(3, 5).region(cut), cut);
        let top = Window::new(2, 5, 3, true);
        assert!(!stays_connected(cut, 5, top));
        // With the third square there, the ring goes round below the domino.
        assert!(stays_connected(cut | 1 << 12, 5, top));
    }
}

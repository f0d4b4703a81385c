//! Node-Kayles on grid graphs, searched as regions of the board: a position is a bit mask of
//! the vertices in play (vertex `r·C + c` is bit `r·C + c`, as `grid:RxC` numbers them), a
//! move clears a square and its four neighbours, and the regions left are keyed by their shape
//! up to the eight symmetries of the square ([`canonical_region`]), as Cram's are. Shapes
//! cost a few shifts where canonical graphs cost a refinement each, and the half-turn mirror
//! is checked on every region met, not only on the position asked about.
//!
//! Known without search: a region of one or two squares is worth 1 (any move ends it); a
//! straight line of `n` squares is Dawson's chess `0.137` on a heap of `n` ([`LINE`]); a
//! region that is its own half turn is worth 0 when no square is its own image or next to
//! it (the second player answers each square taken with its image), and anything but 0 when
//! both sides of its box are odd and the centre square is there (the first player takes it,
//! then answers with images).

use crate::cram::regions::{centre, half_turn_symmetric, Grid};
use crate::nimber::Nimber;
use crate::search::canon::{canonical_region, shape_parts, ShapeKey};
use crate::search::{OptionSink, SplitGame};

/// The most squares of a line, as of a board.
const MAX_LINE: usize = 64;

/// Node-Kayles on a path of `n` vertices, Dawson's chess `0.137` on a heap of `n`: `LINE[n]`,
/// made when the crate is compiled.
pub(crate) const LINE: [u8; MAX_LINE + 1] = dawsons_chess_lines();

const fn dawsons_chess_lines() -> [u8; MAX_LINE + 1] {
    let mut line = [0u8; MAX_LINE + 1];
    let mut n = 1;
    while n <= MAX_LINE {
        // Taking vertex `i` takes `i - 1` and `i + 1` too, leaving the paths left of `i - 1`
        // and right of `i + 1`. The values are below 64: one word holds the options.
        let mut seen = 0u64;
        let mut i = 0;
        while i < n {
            let left = i.saturating_sub(1);
            let right = (n - i).saturating_sub(2);
            seen |= 1 << (line[left] ^ line[right]);
            i += 1;
        }
        line[n] = seen.trailing_ones() as u8;
        n += 1;
    }
    line
}

/// Node-Kayles on regions of a grid, as a [`SplitGame`]: components are shapes.
#[derive(Debug, Clone, Copy, Default)]
pub struct NodeKaylesGrid;

impl NodeKaylesGrid {
    /// Adds the regions of the squares `b` of `grid` to the current option, those known
    /// without search as values.
    pub(crate) fn push_components<S: OptionSink<ShapeKey>>(grid: &Grid, mut b: u64, out: &mut S) {
        while b != 0 {
            let region = grid.region(b);
            b &= !region;
            push_region(grid, region, out);
        }
    }
}

fn push_region<S: OptionSink<ShapeKey>>(grid: &Grid, region: u64, out: &mut S) {
    let n = region.count_ones();
    if n <= 2 {
        out.value(1);
        return;
    }
    if grid.is_line(region) {
        out.value(Nimber::from(LINE[n as usize]));
        return;
    }
    let (key, symmetric) = canonical_region(region, grid.w);
    if symmetric && mirror_works(key) {
        return;
    }
    out.component(key);
}

/// Whether the second player wins a region that is its own half turn by answering each
/// square with its image: exactly when no square is its own image or next to it. The only
/// such squares of a box are its [`centre`] squares (the centre of an odd by odd box, the
/// two middle squares when one side is even, none when both are), and a region that is its
/// own half turn holds all of them or none.
pub(super) fn mirror_works(key: ShapeKey) -> bool {
    shape_parts(key).is_some_and(|(w, h, b)| b & centre(w, h) == 0)
}

impl SplitGame for NodeKaylesGrid {
    type Key = ShapeKey;

    fn table_tag(&self) -> String {
        "node-kayles-grid".into()
    }

    fn size(&self, key: &ShapeKey) -> u32 {
        (*key as u64).count_ones()
    }

    fn move_count(&self, key: &ShapeKey) -> usize {
        (*key as u64).count_ones() as usize
    }

    fn options<S: OptionSink<ShapeKey>>(&self, key: &ShapeKey, out: &mut S) {
        let Some((w, h, b)) = shape_parts(*key) else {
            return;
        };
        let grid = Grid::new(h, w);
        let mut squares = b;
        while squares != 0 {
            let square = squares & squares.wrapping_neg();
            squares &= squares - 1;
            out.begin();
            Self::push_components(&grid, b & !(square | grid.neighbours(square)), out);
            if !out.end() {
                return;
            }
        }
    }

    /// 0 for a region that is its own half turn in an odd by odd box with its centre: the
    /// first player takes the centre (and its neighbours, a set that is its own half turn),
    /// leaving a region whose mirror works.
    fn known_not(&self, key: &ShapeKey) -> u128 {
        match shape_parts(*key) {
            Some((w, h, b))
                if w % 2 == 1
                    && h % 2 == 1
                    && b & centre(w, h) != 0
                    && half_turn_symmetric(w, h, b) =>
            {
                1
            }
            _ => 0,
        }
    }
}

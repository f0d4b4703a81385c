//! The values of every Cram region that fits a 7 × 3 or a 5 × 4 box, made when the crate is
//! compiled (`build.rs`): a look-up, where the search would list the region's options and the
//! engine's table keep its value.
//!
//! Near the leaves of a search most components are small, and each was searched once, then
//! looked up in the engine's table every time it came back: on Cram 4 × 9, 30 % of those
//! look-ups and 10 % of the components expanded were of regions that fit a 5 × 4 box. Here a
//! region's value is one read of half a byte in 1.5 MiB of tables, and it never enters the
//! engine's table. Larger boxes help more and cost more: 6 × 4 and 8 × 3 take 16 MiB, which
//! every binary would carry (docs/performance-search.md, "Cram").
//!
//! A set of squares of a box `w` wide is numbered by its bits, square `(r, c)` being bit
//! `r * w + c`; a domino takes two squares away, so every option of a set has a smaller
//! number, and `build.rs` values the sets in increasing order by the mex rule. Two values a
//! byte, the even-numbered set in the low half (every value there is below 16).

use crate::nimber::Nimber;
use crate::search::canon::ShapeKey;

/// The values of every set of squares of a box `w` wide and `h` high.
pub(crate) struct BoxTable {
    pub(crate) w: u32,
    pub(crate) h: u32,
    /// Two values a byte, by the sets' numbers.
    values: &'static [u8],
}

/// The boxes, as `build.rs` makes them.
pub(crate) static TABLES: [BoxTable; 2] = [
    BoxTable {
        w: 7,
        h: 3,
        values: include_bytes!(concat!(env!("OUT_DIR"), "/cram_7x3.bin")),
    },
    BoxTable {
        w: 5,
        h: 4,
        values: include_bytes!(concat!(env!("OUT_DIR"), "/cram_5x4.bin")),
    },
];

/// The value of the region `key` (its box `w` wide and `h` high, row `r` at bits `r * w ..`:
/// a canonical shape, at least as wide as high) if its box fits one of [`TABLES`] as it lies.
#[inline]
pub(crate) fn value(key: ShapeKey) -> Option<Nimber> {
    TABLES.iter().find_map(|t| t.value(key))
}

impl BoxTable {
    #[inline]
    fn value(&self, key: ShapeKey) -> Option<Nimber> {
        let w = (key >> 64 & 0xff) as u32;
        let h = (key >> 72 & 0xff) as u32;
        if w > self.w || h > self.h {
            return None;
        }
        let set = restride(key as u64, w, h, self.w);
        Some(Nimber::from(self.values[set >> 1] >> (4 * (set & 1)) & 0xf))
    }
}

/// The number of the set `cells` (`h` rows of `w` squares) in a box `stride` wide.
#[inline]
fn restride(cells: u64, w: u32, h: u32, stride: u32) -> usize {
    if w == stride {
        return cells as usize;
    }
    let row = (1u64 << w) - 1;
    let mut set = 0;
    for r in 0..h {
        set |= (cells >> (r * w) & row) << (r * stride);
    }
    set as usize
}

//! The fast table against the naive construction and an independent plain one, at every side
//! up to 300, with any number of threads and any strip width.

use super::wavefront::{fill, strip_width, MIN_STRIP, STRIP_AREA};
use super::*;

#[test]
fn matches_the_naive_table() {
    for side in [0, 1, 2, 3, 63, 64, 65, 130, 300] {
        let fast = SgTable::square(side).unwrap();
        let naive = naive_table(side);
        for (x, column) in naive.iter().enumerate() {
            for (y, &g) in column.iter().enumerate() {
                assert_eq!(fast.get(x, y), Some(g), "G({x}, {y}), side {side}");
            }
        }
    }
}

/// A table's values do not depend on its side: every square up to 300, with one to three
/// threads, is the corner of the naive 300 × 300 table.
#[test]
fn every_side_up_to_300_with_any_threads() {
    let naive = naive_table(300);
    for side in 0..=300 {
        let fast = SgTable::band_with_threads(side, side, 1 + side % 3).unwrap();
        for (x, column) in naive.iter().enumerate().take(side) {
            for (y, &g) in column.iter().enumerate().take(side) {
                assert_eq!(fast.get(x, y), Some(g), "G({x}, {y}), side {side}");
            }
        }
    }
}

/// An independent plain construction: the whole square, one used-value bitset per row,
/// column and diagonal, each mex scanned from value 0.
fn plain_bitset_table(side: usize) -> Vec<u16> {
    let words = 2 * side / 64 + 2;
    let mut rows = vec![0u64; side * words];
    let mut columns = vec![0u64; side * words];
    let mut diagonals = vec![0u64; 2 * side * words];
    let mut g = vec![0u16; side * side];
    for x in 0..side {
        for y in 0..side {
            let d = side + y - x;
            let v = (0..words)
                .find_map(|w| {
                    let seen =
                        rows[x * words + w] | columns[y * words + w] | diagonals[d * words + w];
                    (seen != u64::MAX).then(|| w * 64 + seen.trailing_ones() as usize)
                })
                .expect("values are below 2 · side");
            g[x * side + y] = v as u16;
            for (sets, i) in [(&mut rows, x), (&mut columns, y), (&mut diagonals, d)] {
                sets[i * words + v / 64] |= 1 << (v % 64);
            }
        }
    }
    g
}

#[test]
fn larger_tables_and_single_cells_match_a_plain_construction() {
    const SIDE: usize = 1200;
    let plain = plain_bitset_table(SIDE);
    for threads in [1, 2, 5] {
        let fast = SgTable::band_with_threads(SIDE, SIDE, threads).unwrap();
        for x in 0..SIDE {
            for y in 0..SIDE {
                assert_eq!(fast.get(x, y), Some(plain[x * SIDE + y]), "G({x}, {y})");
            }
        }
    }
    // Single positions (only the last block of rows is kept), at pseudo-random cells.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..12 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (x, y) = ((state >> 20) as usize % SIDE, (state >> 40) as usize % SIDE);
        let g = grundy_value(x as u64, y as u64).unwrap();
        assert_eq!(g, Nimber::from(plain[x * SIDE + y]), "G({x}, {y})");
    }
    for (x, y) in [
        (0, 0),
        (0, SIDE - 1),
        (SIDE - 1, SIDE - 1),
        (31, 32),
        (32, 31),
        (63, 64),
        (64, 127),
        (128, 128),
        (64, 64),
    ] {
        let g = grundy_value(x as u64, y as u64).unwrap();
        assert_eq!(g, Nimber::from(plain[x * SIDE + y]), "G({x}, {y})");
    }
}

#[test]
fn strip_widths() {
    assert_eq!(strip_width(STRIP_AREA, 0), TILE);
    assert_eq!(strip_width(STRIP_AREA, 512), TILE);
    assert_eq!(strip_width(STRIP_AREA, 576), TILE);
    assert_eq!(strip_width(STRIP_AREA, 1024), 32);
    assert_eq!(strip_width(STRIP_AREA, 2048), 16);
    assert_eq!(strip_width(STRIP_AREA, 2500), 16);
    assert_eq!(strip_width(STRIP_AREA, 4096), MIN_STRIP);
    assert_eq!(strip_width(STRIP_AREA, 16320), MIN_STRIP);
    assert_eq!(strip_width(1, 64), MIN_STRIP);
}

/// Strips of every width (all of `MIN_STRIP` with area 1; 64 down to 8 over the blocks
/// with area 4000) and one to three threads give the same values, at a side that is not a
/// multiple of a tile, nor of a strip.
#[test]
fn strips_and_threads_do_not_change_values() {
    const SIDE: usize = 701;
    let plain = plain_bitset_table(SIDE);
    for strip_area in [1, 4000, STRIP_AREA] {
        for threads in [1, 2, 3] {
            let mut cells = vec![0; row_start(SIDE, SIDE)];
            fill(SIDE, SIDE, threads, strip_area, 0, &mut cells).unwrap();
            let table = SgTable {
                rows: SIDE,
                cols: SIDE,
                cells,
            };
            for x in 0..SIDE {
                for y in 0..SIDE {
                    assert_eq!(
                        table.get(x, y),
                        Some(plain[x * SIDE + y]),
                        "G({x}, {y}), strip area {strip_area}, {threads} threads"
                    );
                }
            }
        }
    }
}

#[test]
fn bands_agree_with_the_square() {
    let square = SgTable::square(200).unwrap();
    for (rows, cols) in [(1, 200), (7, 150), (70, 199), (130, 131)] {
        let band = SgTable::band(rows, cols).unwrap();
        for x in 0..rows {
            for y in 0..cols {
                assert_eq!(
                    band.get(x, y),
                    square.get(x, y),
                    "({x}, {y}) in {rows}x{cols}"
                );
            }
        }
        assert_eq!(band.get(rows, rows), None);
    }
}

#[test]
fn limits_and_tiles() {
    assert!(SgTable::square(MAX_TABLE_SIDE + 1).is_err());
    assert!(SgTable::band(5, 4).is_err());
    let t = SgTable::square(13).unwrap();
    assert_eq!(t.tile(0, 0, 3, 2).unwrap(), [0, 1, 2, 1, 2, 0]);
    assert!(t.tile(12, 0, 2, 1).is_err());
    assert!(t.tile(usize::MAX, 0, 2, 1).is_err());
    assert_eq!(t.memory_bytes(), 2 * t.stored_cells());
    assert_eq!(t.stored_cells(), 13 * 14 / 2);
    assert!(grundy_value(MAX_TABLE_SIDE as u64, 0).is_err());
    assert_eq!(grundy_value(10, 11).unwrap(), 18);
}

/// The table keeps the question's budget on every thread: a spent budget refuses, with one
/// thread and with several (the workers carry the caller's budget), and names the option that
/// allows more; within the budget the same table is computed.
#[test]
fn the_table_keeps_the_budget_on_every_thread() {
    use crate::kernel::budget::{self, Budget};
    use std::time::Duration;
    let spent = Budget::new(Duration::ZERO, "--time SECONDS");
    let ample = Budget::new(Duration::from_secs(3600), "--time SECONDS");
    for threads in [1, 2] {
        let err = budget::within(&spent, || SgTable::band_with_threads(1024, 1024, threads))
            .unwrap_err()
            .to_string();
        assert!(err.contains("--time SECONDS"), "{threads} threads: {err}");
        let table = budget::within(&ample, || SgTable::band_with_threads(256, 256, threads));
        assert_eq!(table.unwrap().get(3, 5), Some(0));
    }
}

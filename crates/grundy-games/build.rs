//! Writes into `$OUT_DIR` the Cram value of every set of squares of two small boxes, 7 × 3 and
//! 5 × 4 (`src/cram/small_regions.rs` reads them with `include_bytes!`).
//!
//! Every set of squares of a `w × h` box is numbered by its bits (square `(r, c)` is bit
//! `r * w + c`). A domino takes two squares away, so every option of a set has a smaller
//! number, and one pass in increasing order finds each set's options already valued. A set's
//! value is the mex of its options' (its regions need not be connected: the set is the whole
//! game). Two values a byte, the even-numbered set in the low half.

use std::path::PathBuf;

/// The boxes tabulated, `(w, h)`: those of `cram/small_regions.rs`.
const BOXES: [(u32, u32); 2] = [(7, 3), (5, 4)];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (w, h) in BOXES {
        let values = tabulate(w * h, &dominoes(w, h));
        let packed: Vec<u8> = values.chunks(2).map(|p| p[0] | p[1] << 4).collect();
        let path = out.join(format!("cram_{w}x{h}.bin"));
        std::fs::write(&path, packed).expect("OUT_DIR is writable");
    }
}

/// Cram's moves in a `w × h` box: the squares of each domino.
fn dominoes(w: u32, h: u32) -> Vec<u64> {
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let i = r * w + c;
            if c + 1 < w {
                out.push(1u64 << i | 1 << (i + 1));
            }
            if r + 1 < h {
                out.push(1u64 << i | 1 << (i + w));
            }
        }
    }
    out
}

/// The value of every set of `squares` squares, by its number.
fn tabulate(squares: u32, dominoes: &[u64]) -> Vec<u8> {
    let sets = 1usize << squares;
    let mut values = vec![0u8; sets];
    for set in 0..sets {
        let s = set as u64;
        let mut seen = 0u32;
        for &d in dominoes {
            if s & d == d {
                seen |= 1 << values[(s ^ d) as usize];
            }
        }
        let value = seen.trailing_ones() as u8;
        assert!(value < 16, "a value fits half a byte");
        values[set] = value;
    }
    values
}

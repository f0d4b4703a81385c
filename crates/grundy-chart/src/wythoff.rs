//! The picture of Wythoff's game, as RGB pixels: `grundy wythoff image` writes it as PNG.
//! (It moved here from the command line, so that every picture of the project — the sequence
//! chart, Green Hackenbush pictures, this one — is drawn by this one crate.)
//!
//! The picture has two panels of `size × size` pixels, origin bottom-left in both:
//!
//! * left, the Sprague–Grundy table: cell `(x, y)` is one pixel, coloured by `G(x, y) / (x + y)`
//!   (the value against its upper bound `x + y`), dark blue for 0 through teal to yellow for 1;
//!   the P-positions (`G = 0`) are white;
//! * right, a close-up of the P-positions `(a_n, b_n)` and `(b_n, a_n)` with heaps below
//!   `size / 16` (at least 12), as dots, with the lines `y = φx` and `y = x/φ` they hug
//!   (floating point is fine for drawing; the dots are exact).

use grundy_core::games::wythoff::beatty::PPositions;
use grundy_core::games::wythoff::table::SgTable;
use grundy_core::GameError;

/// An RGB picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// Row-major RGB bytes, top row first.
    pub rgb: Vec<u8>,
}

impl Picture {
    fn new(width: usize, height: usize, background: [u8; 3]) -> Self {
        Picture {
            width,
            height,
            rgb: background.repeat(width * height),
        }
    }
}

/// The smallest and largest panel side in pixels.
pub const MIN_IMAGE_SIZE: usize = 16;
/// The largest panel side in pixels (the table behind it takes about a second).
pub const MAX_IMAGE_SIZE: usize = 4096;

/// Colours the pixel at `(px, py)`, `py` counted from the bottom, if it is inside.
fn plot(picture: &mut Picture, px: i64, py: i64, colour: [u8; 3]) {
    if px < 0 || py < 0 || px >= picture.width as i64 || py >= picture.height as i64 {
        return;
    }
    let row = picture.height - 1 - py as usize;
    let i = 3 * (row * picture.width + px as usize);
    picture.rgb[i..i + 3].copy_from_slice(&colour);
}

const P_POSITION: [u8; 3] = [255, 255, 255];
const PLOT_BACKGROUND: [u8; 3] = [250, 250, 245];
const DOT: [u8; 3] = [200, 30, 40];
const LINE: [u8; 3] = [90, 110, 200];
const AXIS: [u8; 3] = [60, 60, 60];

/// Dark blue → teal → yellow, for `t` in `[0, 1]`.
fn gradient(t: f64) -> [u8; 3] {
    const STOPS: [[f64; 3]; 3] = [
        [20.0, 24.0, 82.0],
        [33.0, 145.0, 140.0],
        [253.0, 231.0, 37.0],
    ];
    let t = t.clamp(0.0, 1.0) * 2.0;
    let (i, f) = if t >= 1.0 { (1, t - 1.0) } else { (0, t) };
    let mix = |k: usize| (STOPS[i][k] + (STOPS[i + 1][k] - STOPS[i][k]) * f).round() as u8;
    [mix(0), mix(1), mix(2)]
}

/// Checks a panel size.
pub fn check_size(size: usize) -> Result<(), GameError> {
    if !(MIN_IMAGE_SIZE..=MAX_IMAGE_SIZE).contains(&size) {
        return Err(GameError::out_of_range(
            "image size",
            size,
            format!("a panel side from {MIN_IMAGE_SIZE} to {MAX_IMAGE_SIZE} pixels"),
        ));
    }
    Ok(())
}

/// Both panels, side by side: `2·size × size` pixels.
pub fn render(size: usize) -> Result<Picture, GameError> {
    check_size(size)?;
    let table = SgTable::square(size)?;
    let mut picture = Picture::new(2 * size, size, PLOT_BACKGROUND);
    draw_table(&mut picture, &table, size);
    draw_p_positions(&mut picture, size);
    Ok(picture)
}

fn draw_table(picture: &mut Picture, table: &SgTable, size: usize) {
    for x in 0..size {
        for y in 0..size {
            let g = table.get(x, y).unwrap_or(0);
            let colour = if g == 0 {
                P_POSITION
            } else {
                gradient(g as f64 / (x + y) as f64)
            };
            plot(picture, x as i64, y as i64, colour);
        }
    }
}

/// The heaps the right panel shows: few enough that each P-position is a separate dot.
fn plot_range(size: usize) -> usize {
    (size / 16).max(12)
}

fn draw_p_positions(picture: &mut Picture, size: usize) {
    let left = size as i64;
    let range = plot_range(size);
    let scale = size as f64 / range as f64;
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let to_pixel = |v: f64| (v * scale).round() as i64;
    for i in 0..size as i64 {
        plot(picture, left + i, 0, AXIS);
        plot(picture, left, i, AXIS);
        // y = φx and y = x/φ, traced along both axes so that no pixel column is skipped.
        let v = i as f64 / scale;
        for (x, y) in [(v, v * phi), (v * phi, v), (v, v / phi), (v / phi, v)] {
            plot(picture, left + to_pixel(x), to_pixel(y), LINE);
        }
    }
    let radius = (scale / 4.0).max(1.0) as i64;
    for (a, b) in PPositions::new().take_while(|&(a, _)| (a as usize) < range) {
        for (x, y) in [(a, b), (b, a)] {
            dot(
                picture,
                left + to_pixel(x as f64),
                to_pixel(y as f64),
                radius,
            );
        }
    }
}

/// A square dot, clipped to the right panel (which starts at `x = height`).
fn dot(picture: &mut Picture, cx: i64, cy: i64, radius: i64) {
    for dx in -radius..=radius {
        for dy in -radius..=radius {
            if cx + dx >= picture.height as i64 {
                plot(picture, cx + dx, cy + dy, DOT);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixel at `(px, py)`, `py` from the bottom.
    fn pixel_up(picture: &Picture, px: usize, py: usize) -> [u8; 3] {
        let i = 3 * ((picture.height - 1 - py) * picture.width + px);
        [picture.rgb[i], picture.rgb[i + 1], picture.rgb[i + 2]]
    }

    #[test]
    fn p_positions_are_white_and_dotted() {
        let picture = render(64).unwrap();
        assert_eq!((picture.width, picture.height), (128, 64));
        assert_eq!(pixel_up(&picture, 0, 0), P_POSITION);
        assert_eq!(pixel_up(&picture, 3, 5), P_POSITION);
        assert_eq!(pixel_up(&picture, 5, 3), P_POSITION);
        assert_ne!(pixel_up(&picture, 4, 5), P_POSITION);
        // Heaps below 12 on 64 pixels: (8, 13) is off the panel, (3, 5) at (16, 26.7).
        assert_eq!(pixel_up(&picture, 64 + 16, 27), DOT);
        assert!(render(8).is_err() && render(MAX_IMAGE_SIZE + 1).is_err());
    }
}

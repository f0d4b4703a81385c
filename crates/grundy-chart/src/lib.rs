//! The chart of a Grundy sequence: G(n) against n, the period marked.
//!
//! One model and one drawing for every front end that shows a sequence as a picture: the
//! command line's `grundy sequence --plot` (SVG, and PNG from [`rgb`]), the Python
//! package's notebooks (inline SVG) and the browser app's Sequences tab (the SVG from
//! `POST /api/sequence` with `chart_width`, drawn at the width it is shown at). The drawing goes through `plotters`' SVG and bitmap
//! backends, so both pictures draw exactly the same shapes; the pixels leave out the text
//! (labels and title), which needs a font file.
//!
//! [`Chart`] is the model, computed in one pass over the values: one column per pixel of the
//! plot's width (or one per heap when there are fewer heaps than pixels) holding the least and
//! the largest value of its heaps. Few heaps are drawn as bars from 0 to G(n); many as the
//! range of each column, so no value is hidden by another. When a period is proven, one period
//! from the preperiod on is shaded, with red lines at both ends.
//!
//! ```
//! use grundy_core::registry::sequences::by_name;
//! use grundy_core::kernel::heap_sequence::compute;
//! use grundy_core::sequence::report::{plan, Report, Request};
//!
//! let seq = by_name("octal", &["kayles"]).unwrap();
//! let request = Request { count: 200, at: None, until_period: None };
//! let target = plan(seq.as_ref(), &request).unwrap();
//! let mut run = seq.start(target).unwrap();
//! compute(run.as_mut()).unwrap();
//! let report = Report::new(seq.as_ref(), run.as_ref(), &request, true).unwrap();
//! let chart = grundy_chart::Chart::of(&report);
//! assert_eq!(chart.period, Some((71, 12)));
//! let svg = grundy_chart::svg(&chart);
//! assert!(svg.starts_with("<svg") && svg.contains("period 12 from n = 71"));
//! ```
//!
//! The same crate draws Green Hackenbush pictures ([`hackenbush`]) for `grundy hackenbush
//! draw`, with the same two backends, and the picture of Wythoff's game ([`wythoff`]) for
//! `grundy wythoff image`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod hackenbush;
pub mod wythoff;

use grundy_core::nimber::Nimber;
use grundy_core::sequence::report::{the, Report};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The picture's size in pixels, unless [`Chart::sized`] says otherwise.
pub const WIDTH: u32 = 880;
/// See [`WIDTH`].
pub const HEIGHT: u32 = 380;
/// The least and largest width and height of a picture.
pub const SIZES: (std::ops::RangeInclusive<u32>, std::ops::RangeInclusive<u32>) =
    (240..=1600, 160..=900);
/// The margins around the plot area: left, top, right, bottom.
const MARGINS: (i32, i32, i32, i32) = (60, 40, 20, 40);

/// The colours (the browser app's blue).
pub const INK: RGBColor = RGBColor(31, 78, 156);
/// The shade of one period.
pub const PERIOD_SHADE: RGBColor = RGBColor(221, 232, 255);
/// The ends of the shaded period.
pub const PERIOD_EDGE: RGBColor = RGBColor(200, 40, 40);
const AXIS: RGBColor = RGBColor(0, 0, 0);
const GRID: RGBColor = RGBColor(225, 225, 225);

/// What is drawn: the columns of values and the period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chart {
    /// The game's title.
    pub title: String,
    /// How many values: G(0..count).
    pub count: u64,
    /// The largest value (at least 1, the top of the y axis).
    pub top: Nimber,
    /// Per column: the least and the largest value of its heaps.
    pub columns: Vec<(Nimber, Nimber)>,
    /// Whether each column is one heap (drawn as bars).
    pub bars: bool,
    /// `(preperiod, period)` when a period is proven.
    pub period: Option<(u64, u64)>,
    /// The picture's width and height in pixels.
    pub size: (u32, u32),
}

impl Chart {
    /// The chart of `report`'s values, read once, [`WIDTH`] × [`HEIGHT`] pixels.
    pub fn of(report: &Report) -> Chart {
        Chart::sized(report, WIDTH, HEIGHT)
    }

    /// The chart of `report`'s values as a picture of `width` × `height` pixels (each
    /// clamped to [`SIZES`]): a page draws it at the width it is shown at, so that its labels
    /// keep their size.
    pub fn sized(report: &Report, width: u32, height: u32) -> Chart {
        let size = (
            width.clamp(*SIZES.0.start(), *SIZES.0.end()),
            height.clamp(*SIZES.1.start(), *SIZES.1.end()),
        );
        let width = area(size).2 as u64;
        let count = report.count;
        let bars = count <= width / 2;
        let columns_wanted = if count <= width { count } else { width };
        let mut columns: Vec<(Nimber, Nimber)> = Vec::with_capacity(columns_wanted as usize);
        let mut top = 1;
        for (n, v) in report.values().enumerate() {
            top = top.max(v);
            let c = if count <= width {
                n as u64
            } else {
                n as u64 * width / count
            } as usize;
            match columns.get_mut(c) {
                Some((lo, hi)) => {
                    *lo = (*lo).min(v);
                    *hi = (*hi).max(v);
                }
                None => columns.push((v, v)),
            }
        }
        Chart {
            title: report.game.title.clone(),
            count,
            top,
            columns,
            bars,
            period: report.period.period().map(|p| (p.preperiod, p.period)),
            size,
        }
    }

    /// The plot area: left, top, width, height.
    fn area(&self) -> (i32, i32, i32, i32) {
        area(self.size)
    }

    /// What the chart shows, in words: its title (`title`) and a description (`desc`) for
    /// readers who cannot see it.
    pub fn words(&self) -> (String, String) {
        let last = self.count.saturating_sub(1);
        let title = format!("G(n) for {}, n = 0..{last}", the(&self.title));
        let period = match self.period {
            Some((0, per)) => format!("periodic from the start with period {per}"),
            Some((pre, per)) => format!("periodic with period {per} from n = {pre}"),
            None => "no period proven".to_string(),
        };
        let desc = format!(
            "A {} chart of the {} values G(0) to G({last}), from 0 to {}; {period}.",
            if self.bars { "bar" } else { "range" },
            self.count,
            self.top
        );
        (title, desc)
    }

    /// The x pixel where heap `n` starts.
    fn x_of(&self, n: u64) -> i32 {
        let (left, _, width, _) = self.area();
        left + (n.min(self.count) * width as u64 / self.count.max(1)) as i32
    }

    /// The y pixel of value `v` (0 at the bottom of the plot area).
    fn y_of(&self, v: Nimber) -> i32 {
        let (_, top, _, height) = self.area();
        top + height - (v.min(self.top) * height as u64 / self.top) as i32
    }

    /// The x pixel range of column `c`.
    fn column_x(&self, c: usize) -> (i32, i32) {
        let (left, _, width, _) = self.area();
        let n = self.columns.len().max(1) as i32;
        let c = c as i32;
        (left + c * width / n, left + (c + 1) * width / n)
    }
}

/// The plot area of a picture of `size`: left, top, width, height.
fn area(size: (u32, u32)) -> (i32, i32, i32, i32) {
    let (left, top, right, bottom) = MARGINS;
    (
        left,
        top,
        size.0 as i32 - left - right,
        size.1 as i32 - top - bottom,
    )
}

/// Draws `chart` on `area`; `text` says whether the backend can draw text.
fn draw<DB: DrawingBackend>(
    chart: &Chart,
    area: &DrawingArea<DB, plotters::coord::Shift>,
    text: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (left, top, width, height) = chart.area();
    let (right, bottom) = (left + width, top + height);
    area.fill(&WHITE)?;
    for i in 1..=4 {
        let y = top + height * i / 5;
        area.draw(&PathElement::new(vec![(left, y), (right, y)], GRID))?;
    }
    if let Some((pre, per)) = chart.period.filter(|&(pre, _)| pre < chart.count) {
        let (xa, xb) = (
            chart.x_of(pre),
            chart.x_of(pre + per).max(chart.x_of(pre) + 1),
        );
        area.draw(&Rectangle::new(
            [(xa, top), (xb, bottom)],
            PERIOD_SHADE.filled(),
        ))?;
        for x in [xa, xb.min(right - 1)] {
            area.draw(&PathElement::new(vec![(x, top), (x, bottom)], PERIOD_EDGE))?;
        }
        if text {
            let label = format!("period {per} from n = {pre}");
            // Kept inside the picture: about 7 pixels a character.
            let room = right - 7 * label.chars().count() as i32;
            area.draw(&Text::new(
                label,
                (xa.min(room).max(left), top - 6),
                label_style(HPos::Left, VPos::Bottom),
            ))?;
        }
    }
    for (c, &(lo, hi)) in chart.columns.iter().enumerate() {
        let (x0, x1) = chart.column_x(c);
        if chart.bars {
            // A bar from 0 with a gap to the next when there is room; a value 0 is a thin line.
            let margin = if x1 - x0 >= 3 {
                ((x1 - x0) / 8).max(1)
            } else {
                0
            };
            let y = chart.y_of(hi).min(bottom - 2);
            area.draw(&Rectangle::new(
                [
                    (x0 + margin, y),
                    ((x1 - margin).max(x0 + margin + 1), bottom),
                ],
                INK.filled(),
            ))?;
        } else {
            let (y_lo, y_hi) = (chart.y_of(lo), chart.y_of(hi));
            area.draw(&Rectangle::new(
                [
                    (x0, y_hi.min(bottom - 1)),
                    (x1.max(x0 + 1), (y_lo + 1).min(bottom)),
                ],
                INK.filled(),
            ))?;
        }
    }
    area.draw(&PathElement::new(
        vec![(left, top), (left, bottom), (right, bottom)],
        AXIS,
    ))?;
    if text {
        let last = chart.count.saturating_sub(1);
        let labels = [
            (chart.words().0, (left, 12), HPos::Left),
            ("0".to_string(), (left, bottom + 16), HPos::Center),
            (last.to_string(), (right, bottom + 16), HPos::Center),
            ("0".to_string(), (left - 6, bottom), HPos::Right),
            (chart.top.to_string(), (left - 6, top + 4), HPos::Right),
        ];
        for (label, at, h) in labels {
            area.draw(&Text::new(label, at, label_style(h, VPos::Center)))?;
        }
    }
    area.present()
}

fn label_style(h: HPos, v: VPos) -> TextStyle<'static> {
    ("sans-serif", 13)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(h, v))
}

/// The chart as an SVG document of [`Chart::size`], with its text alternative: `role="img"`,
/// an `aria-label`, and a `<title>` and a `<desc>` (see [`Chart::words`]).
pub fn svg(chart: &Chart) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, chart.size).into_drawing_area();
        draw(chart, &area, true).expect("drawing into a string cannot fail");
    }
    let (title, desc) = chart.words();
    let escape = |t: &str| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    let open = out.find('>').map_or(0, |i| i + 1);
    let head = out[..open].replacen(
        "<svg ",
        &format!(
            "<svg role=\"img\" aria-label=\"{}: {}\" ",
            escape(&title),
            escape(&desc)
        ),
        1,
    );
    format!(
        "{head}<title>{}</title><desc>{}</desc>{}",
        escape(&title),
        escape(&desc),
        &out[open..]
    )
}

/// The chart as pixels, the same shapes as [`svg`] without the text: [`Chart::size`] RGB
/// triples, row by row from the top.
pub fn rgb(chart: &Chart) -> Vec<u8> {
    let (width, height) = chart.size;
    let mut rgb = [255u8; 3].repeat(width as usize * height as usize);
    {
        let area = BitMapBackend::with_buffer(&mut rgb, chart.size).into_drawing_area();
        draw(chart, &area, false).expect("drawing into a buffer of the right size cannot fail");
    }
    rgb
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(count: u64, period: Option<(u64, u64)>) -> Chart {
        let columns: Vec<(Nimber, Nimber)> = (0..count.min(800)).map(|n| (n % 3, n % 3)).collect();
        Chart {
            title: "Subtraction game S = {1,2}".into(),
            count,
            top: 2,
            bars: count <= 400,
            columns,
            period,
            size: (WIDTH, HEIGHT),
        }
    }

    /// The SVG and the pixels draw the same shapes: the period's shade and its red edges
    /// appear in both, and neither when no period is proven.
    #[test]
    fn both_pictures_mark_the_period() {
        let with = chart(30, Some((0, 3)));
        let text = svg(&with);
        assert!(text.contains("period 3 from n = 0"), "{text}");
        let pixels = rgb(&with);
        assert_eq!(pixels.len(), 3 * (WIDTH * HEIGHT) as usize);
        let has = |colour: RGBColor| {
            pixels
                .chunks(3)
                .any(|p| p == [colour.0, colour.1, colour.2])
        };
        assert!(has(PERIOD_SHADE) && has(PERIOD_EDGE) && has(INK));
        let without = rgb(&chart(30, None));
        let has = |colour: RGBColor| {
            without
                .chunks(3)
                .any(|p| p == [colour.0, colour.1, colour.2])
        };
        assert!(!has(PERIOD_SHADE) && !has(PERIOD_EDGE) && has(INK));
        let unmarked = svg(&chart(30, None));
        assert!(!unmarked.contains("period 3") && unmarked.contains("no period proven"));
    }

    /// The SVG says what it shows (a title, a description, an accessible name) and takes the
    /// size it is given.
    #[test]
    fn the_svg_has_its_text_alternative_and_size() {
        let mut small = chart(30, Some((2, 3)));
        small.size = (340, 220);
        let text = svg(&small);
        assert!(
            text.starts_with("<svg role=\"img\" aria-label=\"G(n) for"),
            "{text}"
        );
        assert!(
            text.contains("<title>G(n) for the subtraction game S = {1,2}, n = 0..29</title>"),
            "{text}"
        );
        assert!(text.contains("<desc>A bar chart of the 30 values G(0) to G(29), from 0 to 2; periodic with period 3 from n = 2.</desc>"), "{text}");
        assert!(
            text.contains("width=\"340\"") && text.contains("height=\"220\""),
            "{text}"
        );
        assert_eq!(rgb(&small).len(), 3 * 340 * 220);
    }
}

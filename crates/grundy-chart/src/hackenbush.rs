//! A Green Hackenbush picture drawn from its layout
//! ([`grundy_core::games::hackenbush::layout`]): the ground a brown line, the edges green
//! lines and circles (the marked ones, e.g. the winning cuts, thicker and orange), the vertices
//! dots. The SVG also numbers the edges and names the vertices; the pixels, like the sequence
//! chart's, leave the text out.

use grundy_core::games::hackenbush::layout::{EdgeShape, Layout, Point};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Pixels per slot of the layout, at most (large pictures are drawn smaller).
const UNIT: f64 = 56.0;
/// The largest side of a picture, in pixels.
pub const MAX_SIDE: u32 = 4096;
/// The margin around the layout, in pixels.
const MARGIN: f64 = 36.0;

/// The ground (brown), an edge (green), a marked edge (orange), a vertex (near black).
pub const GROUND: RGBColor = RGBColor(120, 84, 44);
/// See [`GROUND`].
pub const EDGE: RGBColor = RGBColor(46, 139, 60);
/// See [`GROUND`].
pub const MARKED: RGBColor = RGBColor(230, 110, 20);
const VERTEX: RGBColor = RGBColor(30, 30, 30);

/// How a picture is drawn: its layout, a title, and which edges are marked.
#[derive(Debug, Clone)]
pub struct Drawing<'a> {
    /// Where everything goes.
    pub layout: &'a Layout,
    /// The title above the picture (SVG only).
    pub title: String,
    /// For each edge, whether to mark it.
    pub marked: Vec<bool>,
}

impl Drawing<'_> {
    /// Pixels per slot: [`UNIT`], or less so that no side exceeds [`MAX_SIDE`].
    fn unit(&self) -> f64 {
        let room = f64::from(MAX_SIDE) - 2.0 * MARGIN - 24.0;
        let widest = self.layout.width.max(self.layout.height).max(1.0);
        UNIT.min(room / widest)
    }

    /// The picture's size in pixels.
    pub fn size(&self) -> (u32, u32) {
        let u = self.unit();
        let w = (self.layout.width * u + 2.0 * MARGIN).ceil() as u32;
        let h = (self.layout.height * u + 2.0 * MARGIN + 24.0).ceil() as u32;
        (w.min(MAX_SIDE), h.min(MAX_SIDE))
    }

    /// A layout point in pixels (y down).
    fn px(&self, p: Point) -> (i32, i32) {
        let u = self.unit();
        let (_, h) = self.size();
        let x = MARGIN + p[0] * u;
        let y = f64::from(h) - MARGIN - p[1] * u;
        (x.round() as i32, y.round() as i32)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
        text: bool,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        area.fill(&WHITE)?;
        let u = self.unit();
        let stroke = (u / 14.0).clamp(1.0, 4.0) as u32;
        let (w, _) = self.size();
        let ground = self.px([0.0, 0.0]).1;
        area.draw(&PathElement::new(
            vec![(6, ground), (w as i32 - 6, ground)],
            GROUND.stroke_width(stroke * 2),
        ))?;
        for (i, edge) in self.layout.edges.iter().enumerate() {
            let marked = self.marked.get(i).copied().unwrap_or(false);
            let style = if marked {
                MARKED.stroke_width(stroke * 2)
            } else {
                EDGE.stroke_width(stroke)
            };
            match edge {
                EdgeShape::Line {
                    from, to, control, ..
                } => {
                    // A straight edge is one segment; a bent one, 24.
                    let mid = [(from[0] + to[0]) / 2.0, (from[1] + to[1]) / 2.0];
                    let straight = (mid[0] - control[0]).abs() + (mid[1] - control[1]).abs() < 1e-9;
                    let steps = if straight { 1 } else { 24 };
                    let points: Vec<(i32, i32)> = (0..=steps)
                        .map(|k| {
                            let t = f64::from(k) / f64::from(steps);
                            let s = 1.0 - t;
                            self.px([
                                s * s * from[0] + 2.0 * s * t * control[0] + t * t * to[0],
                                s * s * from[1] + 2.0 * s * t * control[1] + t * t * to[1],
                            ])
                        })
                        .collect();
                    area.draw(&PathElement::new(points, style))?;
                }
                EdgeShape::Loop { centre, radius, .. } => {
                    let r = (radius * u).round().max(2.0) as i32;
                    area.draw(&Circle::new(self.px(*centre), r, style))?;
                }
            }
        }
        let dot = (u / 12.0).clamp(1.5, 4.5) as i32;
        for spot in &self.layout.vertices {
            area.draw(&Circle::new(
                self.px([spot.x, spot.y]),
                dot,
                VERTEX.filled(),
            ))?;
        }
        if text {
            self.labels(area)?;
        }
        Ok(())
    }

    /// The title, the edges' numbers (at their handles) and the vertices' names.
    fn labels<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let (w, _) = self.size();
        let style = |size: u32, colour: RGBColor, h: HPos| {
            ("sans-serif", size)
                .into_font()
                .color(&colour)
                .pos(Pos::new(h, VPos::Center))
        };
        area.draw(&Text::new(
            self.title.clone(),
            (w as i32 / 2, 16),
            style(15, BLACK, HPos::Center),
        ))?;
        if self.unit() < 20.0 {
            return Ok(());
        }
        for (i, edge) in self.layout.edges.iter().enumerate() {
            let handle = match edge {
                EdgeShape::Line { handle, .. } | EdgeShape::Loop { handle, .. } => *handle,
            };
            let (x, y) = self.px(handle);
            area.draw(&Text::new(
                (i + 1).to_string(),
                (x + 7, y - 7),
                style(11, EDGE, HPos::Left),
            ))?;
        }
        for spot in &self.layout.vertices {
            let (x, y) = self.px([spot.x, spot.y]);
            area.draw(&Text::new(
                spot.vertex.to_string(),
                (x - 8, y),
                style(11, VERTEX, HPos::Right),
            ))?;
        }
        Ok(())
    }
}

/// The picture as an SVG document.
pub fn svg(drawing: &Drawing) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, drawing.size()).into_drawing_area();
        drawing
            .draw(&area, true)
            .expect("drawing into a string cannot fail");
    }
    out
}

/// The picture as pixels, the same shapes as [`svg`] without the text: RGB triples, row by row
/// from the top, of [`Drawing::size`].
pub fn rgb(drawing: &Drawing) -> Vec<u8> {
    let (w, h) = drawing.size();
    let mut rgb = [255u8; 3].repeat(w as usize * h as usize);
    {
        let area = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
        drawing
            .draw(&area, false)
            .expect("drawing into a buffer of the right size cannot fail");
    }
    rgb
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::games::hackenbush::layout::layout;
    use grundy_core::games::hackenbush::Picture;

    fn drawing(layout: &Layout, marked: Vec<bool>) -> Drawing<'_> {
        Drawing {
            layout,
            title: "Green Hackenbush".into(),
            marked,
        }
    }

    #[test]
    fn both_pictures_draw_the_ground_the_edges_and_the_marks() {
        let p: Picture = "0-1,1-2,1-1,0-3".parse().unwrap();
        let l = layout(&p).unwrap();
        let d = drawing(&l, vec![false, true, false, false]);
        let text = svg(&d);
        assert!(
            text.starts_with("<svg") && text.contains("Green Hackenbush"),
            "{text}"
        );
        // The title, 4 edge numbers and 3 vertex names; a circle for the loop.
        assert_eq!(text.matches("<text").count(), 8, "{text}");
        assert!(text.contains("fill=\"none\" stroke=\"#2E8B3C\""), "{text}");
        let pixels = rgb(&d);
        let (w, h) = d.size();
        assert_eq!(pixels.len(), (w * h * 3) as usize);
        let has = |c: RGBColor| pixels.chunks(3).any(|p| p == [c.0, c.1, c.2]);
        assert!(has(GROUND) && has(EDGE) && has(MARKED));
        // Without marks there is no orange.
        let plain = rgb(&drawing(&l, vec![false; 4]));
        assert!(!plain.chunks(3).any(|p| p == [MARKED.0, MARKED.1, MARKED.2]));
    }

    #[test]
    fn large_pictures_are_drawn_smaller_within_the_largest_side() {
        let p: Picture = "stalk:3000".parse().unwrap();
        let l = layout(&p).unwrap();
        let d = drawing(&l, Vec::new());
        let (w, h) = d.size();
        assert!(w <= MAX_SIDE && h <= MAX_SIDE, "{w}x{h}");
        assert!(h > 3000, "{w}x{h}");
        assert_eq!(rgb(&d).len(), (w * h * 3) as usize);
    }
}

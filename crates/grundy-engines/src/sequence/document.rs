//! A [`Report`] written as text, CSV or JSON, value by value.
//!
//! The values are read from the computation (its table, and beyond it its proven period)
//! straight into the writer: no list of all values, no JSON tree of them and no string of the
//! whole text is ever built, so a report of 10^8 values costs a buffer, not a second copy of
//! its values. The JSON is exactly what `serde_json` prints for the [`ReportDocument`] of the
//! report (pretty or compact), which is the document the API returns.
//!
//! [`ReportDocument`]: super::report::ReportDocument

use std::io::{self, Write};

use super::report::Report;

/// The formats a report is written in (the binary format is the computation's checkpoint).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A heading, the values separated by spaces, and the lines `show_period` and `at` ask
    /// for.
    Text {
        /// Whether to state the period and its proof (or why there is none).
        show_period: bool,
    },
    /// An `n,value` header line and one line per value.
    Csv,
    /// The JSON document, indented as `serde_json::to_string_pretty` indents it.
    PrettyJson,
    /// The JSON document on one line, as `serde_json::to_string` writes it.
    CompactJson,
}

/// Writes `report` in `style`.
pub fn write(report: &Report, style: Style, out: &mut dyn Write) -> io::Result<()> {
    match style {
        Style::Text { show_period } => write_text(report, show_period, out),
        Style::Csv => write_csv(report, out),
        Style::PrettyJson => write_json(report, true, out),
        Style::CompactJson => write_json(report, false, out),
    }
}

fn write_text(report: &Report, show_period: bool, out: &mut dyn Write) -> io::Result<()> {
    let mut wrote = false;
    if report.count > 0 {
        writeln!(out, "{}, G(0..{}):", report.game.title, report.count - 1)?;
        let mut digits = Digits::default();
        let mut chunked = Chunked::new(out);
        for (n, v) in report.values().enumerate() {
            if n > 0 {
                chunked.put(b" ")?;
            }
            chunked.put(digits.of(v))?;
        }
        chunked.put(b"\n")?;
        chunked.finish()?;
        wrote = true;
    }
    if !report.complete {
        writeln!(
            out,
            "Stopped after {} values (the finished values are kept).",
            report.computation.computed()
        )?;
        wrote = true;
    }
    if show_period {
        writeln!(out, "{}", report.period.text())?;
        wrote = true;
    }
    if let Some(at) = &report.at {
        writeln!(out, "{}", at.text)?;
        wrote = true;
    }
    if !wrote {
        // Nothing asked for: one empty line, so that the output still ends a line.
        out.write_all(b"\n")?;
    }
    Ok(())
}

fn write_csv(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let mut chunked = Chunked::new(out);
    chunked.put(b"n,value\n")?;
    let (mut digits_n, mut digits_v) = (Digits::default(), Digits::default());
    for (n, v) in report.values().enumerate() {
        chunked.put(digits_n.of(n as u64))?;
        chunked.put(b",")?;
        chunked.put(digits_v.of(v))?;
        chunked.put(b"\n")?;
    }
    chunked.finish()
}

/// The header serialised by `serde_json` without its closing brace, then the values.
fn write_json(report: &Report, pretty: bool, out: &mut dyn Write) -> io::Result<()> {
    let header = report.header();
    let text = if pretty {
        serde_json::to_string_pretty(&header)
    } else {
        serde_json::to_string(&header)
    }
    .map_err(io::Error::from)?;
    let open = text.strip_suffix('}').expect("an object ends with a brace");
    let open = open.trim_end_matches('\n');
    out.write_all(open.as_bytes())?;
    let (start, between, end) = if pretty {
        (",\n  \"values\": [", ",\n    ", "\n  ]\n}\n")
    } else {
        (",\"values\":[", ",", "]}")
    };
    let mut chunked = Chunked::new(out);
    chunked.put(start.as_bytes())?;
    let mut digits = Digits::default();
    for (n, v) in report.values().enumerate() {
        if n > 0 {
            chunked.put(between.as_bytes())?;
        } else if pretty {
            chunked.put(b"\n    ")?;
        }
        chunked.put(digits.of(v))?;
    }
    if pretty && report.count == 0 {
        chunked.put(b"]\n}\n")?;
    } else {
        chunked.put(end.as_bytes())?;
    }
    chunked.finish()
}

/// Bytes gathered into a block before they go to the writer: one call through the writer per
/// block, not per value.
struct Chunked<'a> {
    out: &'a mut dyn Write,
    buf: Vec<u8>,
}

impl<'a> Chunked<'a> {
    const SIZE: usize = 1 << 16;

    fn new(out: &'a mut dyn Write) -> Self {
        Chunked {
            out,
            buf: Vec::with_capacity(Self::SIZE + 64),
        }
    }

    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= Self::SIZE {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    fn finish(self) -> io::Result<()> {
        self.out.write_all(&self.buf)
    }
}

/// Decimal digits of a number without the formatting machinery (hundreds of millions of
/// values are written).
#[derive(Default)]
struct Digits([u8; 20]);

impl Digits {
    fn of(&mut self, mut x: u64) -> &[u8] {
        let mut at = self.0.len();
        loop {
            at -= 1;
            self.0[at] = b'0' + (x % 10) as u8;
            x /= 10;
            if x == 0 {
                return &self.0[at..];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Digits;

    #[test]
    fn digits_are_decimal() {
        let mut d = Digits::default();
        for x in [0, 7, 10, 255, 65_535, 1_000_000, u64::MAX] {
            assert_eq!(d.of(x), x.to_string().as_bytes());
        }
    }
}

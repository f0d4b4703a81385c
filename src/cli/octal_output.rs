//! The documents of `grundy sequence octal`: text, CSV and JSON written value by value.
//!
//! The values are read from the run's table and, beyond it, from the proven period, straight
//! into the writer: no list of all values, no JSON tree of them and no string of the whole text
//! is ever built, so a long run's output costs a buffer, not a second copy of its values. The
//! bytes are the same as when the document was built whole (JSON keys in the same order).

use std::io::{self, Write};

use grundy_core::games::octal::SequenceRun;
use grundy_core::nimber::Nimber;
use num_bigint::BigUint;

use super::octal::{period_json, period_text, Format};

/// `G(0..count)` of a run, each from its table or its proven period.
#[derive(Debug, Clone, Copy)]
pub struct Values<'a> {
    /// The run.
    pub run: &'a SequenceRun,
    /// How many values: all of them are known (computed, or given by the proven period).
    pub count: u64,
}

impl Values<'_> {
    /// `G(n)` for `n < count`.
    pub fn get(&self, n: u64) -> Nimber {
        // `count` never exceeds what the table and the period give (see `known_count`).
        self.run
            .value_at(n)
            .expect("G(n) below count is in the table or given by the period")
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = Nimber> + '_ {
        (0..self.count).map(|n| self.get(n))
    }
}

/// What `grundy sequence octal` prints or writes.
#[derive(Debug)]
pub struct Document<'a> {
    /// The game's name, e.g. "octal game 0.77".
    pub name: &'a str,
    /// The values shown.
    pub values: Values<'a>,
    /// Whether Ctrl-C stopped the run.
    pub interrupted: bool,
    /// Whether to state the period (or that none is proven).
    pub show_period: bool,
    /// `--at N` and `G(N)`.
    pub at: Option<(BigUint, Nimber)>,
}

impl Document<'_> {
    /// Writes the document in `format` (never binary: that is the run's checkpoint bytes).
    pub fn write(&self, format: Format, out: &mut impl Write) -> io::Result<()> {
        match format {
            Format::Text => self.write_text(out),
            Format::Csv => self.write_csv(out),
            Format::Json | Format::Binary => self.write_json(out),
        }
    }

    /// Printed documents end with a line break even when empty (a text document with no value
    /// and nothing else to say prints one empty line).
    pub fn end_of_print(&self, format: Format, out: &mut impl Write) -> io::Result<()> {
        let empty = format == Format::Text
            && self.values.count == 0
            && !self.interrupted
            && !self.show_period
            && self.at.is_none();
        if empty {
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    fn run(&self) -> &SequenceRun {
        self.values.run
    }

    fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        let count = self.values.count;
        if count > 0 {
            writeln!(out, "G(0..{}) for {}:", count - 1, self.name)?;
            let mut digits = Digits::default();
            for (n, v) in self.values.iter().enumerate() {
                if n > 0 {
                    out.write_all(b" ")?;
                }
                out.write_all(digits.of(v))?;
            }
            out.write_all(b"\n")?;
        }
        if self.interrupted {
            writeln!(
                out,
                "Stopped after {} values (the finished values are kept).",
                self.run().values().len()
            )?;
        }
        if self.show_period {
            writeln!(out, "{}", period_text(self.run()))?;
        }
        if let Some((n, v)) = &self.at {
            writeln!(out, "G({n}) = {v}")?;
        }
        Ok(())
    }

    fn write_csv(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(b"n,value\n")?;
        let (mut digits_n, mut digits_v) = (Digits::default(), Digits::default());
        for (n, v) in self.values.iter().enumerate() {
            out.write_all(digits_n.of(n as u64))?;
            out.write_all(b",")?;
            out.write_all(digits_v.of(v))?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// The JSON document, pretty-printed as `serde_json` prints it (two-space indents, the
    /// fields in the order a `serde_json::Map` sorts them), with the values streamed.
    fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(b"{\n")?;
        if let Some((n, v)) = &self.at {
            let at = serde_json::json!({ "n": n.to_string(), "value": v });
            field(out, "at", &at)?;
        }
        field(out, "complete", &(!self.interrupted).into())?;
        field(out, "computed", &self.run().values().len().into())?;
        field(out, "game", &self.name.into())?;
        if self.show_period {
            field(out, "period", &period_json(self.run()))?;
        }
        out.write_all(b"  \"values\": [")?;
        let mut digits = Digits::default();
        for (n, v) in self.values.iter().enumerate() {
            out.write_all(if n == 0 { b"\n    " } else { b",\n    " })?;
            out.write_all(digits.of(v))?;
        }
        if self.values.count > 0 {
            out.write_all(b"\n  ")?;
        }
        out.write_all(b"]\n}\n")
    }
}

/// One `"key": value,` line of the pretty JSON document, nested values indented.
fn field(out: &mut impl Write, key: &str, value: &serde_json::Value) -> io::Result<()> {
    let text = serde_json::to_string_pretty(value).map_err(io::Error::from)?;
    writeln!(out, "  \"{key}\": {},", text.replace('\n', "\n  "))
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

//! The checkpoint file of a sequence computation: one byte layout for every ruleset.
//!
//! ```text
//! "GRUNDYSQ"  version (u8)  flags (u8)  code length (u16)  code
//! target  next check  preperiod  period  checked  count      (u64 each)
//! width (u8, version 2 only: 1, 2 or 4 bytes per value)
//! count values, little-endian, `width` bytes each (version 1: always 2)
//! FNV-1a checksum of everything before it (u64)
//! ```
//!
//! All integers are little-endian. `period = 0` means no period is proven. The code names the
//! game: an octal code such as `0.77` (octal runs, see
//! `games::octal::SequenceRun`), or a ruleset in the term format such as `sub{1,4,9}`
//! when the flag [`FLAG_TABLE`] is set (runs of `table::TableRun`).
//!
//! A file whose checksum is right can still be inconsistent (written by hand or by another
//! program), and a resumed run must never trust it: [`parse`] refuses a damaged or truncated
//! file and fields that contradict each other (unknown flags; more values than the target; a
//! period that does not repeat within the values it was checked on, or checked on values that
//! are not stored; a preperiod or checked count without a period), naming the field. Each kind
//! of run then checks what only it knows: that its theorem proves the stored period from the
//! stored values, and that the next check is one its schedule could have set.

use std::io::{self, Write};

use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_sequence::Period;

/// The first eight bytes of every checkpoint.
pub const MAGIC: &[u8; 8] = b"GRUNDYSQ";
/// The version written: 2 stores the values' width. Version 1 (always two bytes per value) is
/// still read.
pub const VERSION: u8 = 2;
/// Flag: the run is Grundy's game (octal runs).
pub const FLAG_GRUNDYS_GAME: u8 = 1;
/// Flag: the run stops as soon as a period is proven.
pub const FLAG_STOP_AT_PERIOD: u8 = 2;
/// Flag: the code is a ruleset in the term format (`sub{1,4,9}`), not an octal code.
pub const FLAG_TABLE: u8 = 4;

/// Everything in a checkpoint before its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The layout version (1 or 2).
    pub version: u8,
    /// [`FLAG_GRUNDYS_GAME`], [`FLAG_STOP_AT_PERIOD`], [`FLAG_TABLE`].
    pub flags: u8,
    /// The game's code.
    pub code: String,
    /// The number of values wanted.
    pub target: u64,
    /// The length at which a period is looked for next.
    pub next_check: u64,
    /// The proven period, if any.
    pub period: Option<Period>,
    /// The number of values stored.
    pub count: u64,
    /// Bytes per stored value: 1, 2 or 4.
    pub width: usize,
}

/// Reads a checkpoint: its header and its stored values (`width` bytes each), after checking
/// the magic, the checksum, the version and that the values are as many as the header says.
pub fn parse(bytes: &[u8]) -> Result<(Header, &[u8])> {
    if bytes.len() < 8 + 8 || &bytes[..8] != MAGIC {
        return Err(bad(bytes, "a Grundy checkpoint (it starts with GRUNDYSQ)"));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if fnv1a(body).to_le_bytes() != sum {
        return Err(bad(
            bytes,
            "a matching checksum (the file is damaged or incomplete)",
        ));
    }
    let mut r = Reader { bytes: body, at: 8 };
    let version = r.u8()?;
    if version != 1 && version != VERSION {
        return Err(bad(bytes, "checkpoint format version 1 or 2"));
    }
    let flags = r.u8()?;
    let code_len = r.u16()? as usize;
    let code = std::str::from_utf8(r.take(code_len)?)
        .map_err(|_| bad(bytes, "a game code in ASCII"))?
        .to_owned();
    let target = r.u64()?;
    let next_check = r.u64()?;
    let (preperiod, period, checked) = (r.u64()?, r.u64()?, r.u64()?);
    let count = r.u64()?;
    let width = if version == 1 { 2 } else { r.u8()? as usize };
    if ![1, 2, 4].contains(&width) {
        return Err(bad(bytes, "values of one, two or four bytes each"));
    }
    if r.remaining() as u64 != (width as u64).saturating_mul(count) {
        return Err(bad(bytes, "as many values as its header says"));
    }
    // The fields against each other (a file whose checksum is right can still be
    // inconsistent: written by hand, or by another program). Each kind of run then checks
    // what only it knows: the period against its own theorem, the next check against its
    // schedule.
    if flags & !(FLAG_GRUNDYS_GAME | FLAG_STOP_AT_PERIOD | FLAG_TABLE) != 0
        || flags & FLAG_GRUNDYS_GAME != 0 && flags & FLAG_TABLE != 0
    {
        return Err(field(
            "flags",
            flags,
            "a combination of 1 (Grundy's game), 2 (stop at the period) and 4 (a ruleset \
             term), not both 1 and 4",
        ));
    }
    if count > target.max(1) {
        return Err(field(
            "count",
            count,
            format!("at most the target ({target}): a run never holds more values than it wants"),
        ));
    }
    if period == 0 && (preperiod != 0 || checked != 0) {
        let (name, value) = if preperiod != 0 {
            ("preperiod", preperiod)
        } else {
            ("checked", checked)
        };
        return Err(field(name, value, "0 when no period is proven (period 0)"));
    }
    if period > 0 {
        if checked > count {
            return Err(field(
                "checked",
                checked,
                format!("at most the count of stored values ({count})"),
            ));
        }
        if preperiod
            .checked_add(period)
            .map_or(true, |end| end > checked)
        {
            return Err(field(
                "period",
                period,
                format!(
                    "a period that, from the preperiod {preperiod}, repeats within the \
                     {checked} values checked (preperiod + period <= checked)"
                ),
            ));
        }
    }
    let header = Header {
        version,
        flags,
        code,
        target,
        next_check,
        period: (period > 0).then_some(Period::new(preperiod, period, checked)),
        count,
        width,
    };
    Ok((header, &body[r.at..]))
}

/// Writes `header` (always as version [`VERSION`]), then the values that `values` writes, then
/// the checksum, streaming.
pub fn write(
    out: &mut dyn Write,
    header: &Header,
    values: impl FnOnce(&mut Fnv1aWriter) -> io::Result<()>,
) -> io::Result<()> {
    let mut out = Fnv1aWriter {
        out,
        hash: fnv1a(&[]),
    };
    out.put(MAGIC)?;
    out.put(&[VERSION, header.flags])?;
    out.put(&(header.code.len() as u16).to_le_bytes())?;
    out.put(header.code.as_bytes())?;
    let p = header.period.unwrap_or(Period::new(0, 0, 0));
    for x in [
        header.target,
        header.next_check,
        p.preperiod,
        p.period,
        p.checked,
        header.count,
    ] {
        out.put(&x.to_le_bytes())?;
    }
    out.put(&[header.width as u8])?;
    values(&mut out)?;
    let sum = out.hash;
    out.out.write_all(&sum.to_le_bytes())
}

fn bad(bytes: &[u8], why: &str) -> GameError {
    GameError::invalid("checkpoint", format!("{} bytes", bytes.len()), why)
}

/// The refusal of a checkpoint whose header field `name` (as the module documentation names
/// it) holds `value`, inconsistent with the rest: `expected` says what it may be.
pub fn field(name: &str, value: impl std::fmt::Display, expected: impl Into<String>) -> GameError {
    GameError::invalid(format!("checkpoint field {name}"), value, expected)
}

/// FNV-1a, 64 bits: a few lines, and enough to catch a damaged or truncated file.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A writer that keeps the FNV-1a hash of what went through it.
pub struct Fnv1aWriter<'a> {
    out: &'a mut dyn Write,
    hash: u64,
}

impl Fnv1aWriter<'_> {
    /// Writes `bytes` and adds them to the hash.
    pub fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        for &b in bytes {
            self.hash ^= b as u64;
            self.hash = self.hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.out.write_all(bytes)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| {
            GameError::invalid("checkpoint", "truncated header", "a complete header")
        })?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u64(&mut self) -> Result<u64> {
        let mut a = [0u8; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
    fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }
}

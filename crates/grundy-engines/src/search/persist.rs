//! Saving a transposition table to bytes and reading it back.
//!
//! The format (version 1), all integers little-endian:
//!
//! | bytes | content |
//! | --- | --- |
//! | 8 | the magic `GRUNDYTT` |
//! | 4 | the format version, 1 |
//! | 4 + n | the game's tag ([`super::SplitGame::table_tag`]): its length, then UTF-8 |
//! | 8 | the number of entries |
//! | … | each entry: the key ([`TableKey::write`]), a kind byte (0 exact, 1 excluded values), the value or mask (8 bytes), the work (1 byte) |
//! | 8 | FNV-1a (64-bit) of every byte before it |
//!
//! A file that is not such a table, of another version, for another game, truncated or with
//! a wrong checksum is refused with an error that says which. Writing the bytes to disk
//! safely (a temporary file, flushed, renamed over the old one) is the front end's job.

use std::io::{Read, Write};

use super::table::{Knowledge, Table, TableKey};
use crate::kernel::error::{GameError, Result};
use crate::sequence::checkpoint::fnv1a;

/// The first bytes of every table file.
pub const MAGIC: &[u8; 8] = b"GRUNDYTT";
/// The format version written and read.
pub const VERSION: u32 = 1;

/// The bytes of `table` for the game tagged `tag`.
pub fn to_bytes<K: TableKey>(table: &Table<K>, tag: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + table.stats().entries as usize * 32);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(tag.len() as u32).to_le_bytes());
    out.extend_from_slice(tag.as_bytes());
    let count_at = out.len();
    out.extend_from_slice(&0u64.to_le_bytes());
    let mut count = 0u64;
    for (key, fact, work) in table.entries() {
        key.write(&mut out);
        let (kind, word) = match fact {
            Knowledge::Exact(v) => (0u8, v),
            Knowledge::Excluded(mask) => (1u8, mask),
        };
        out.push(kind);
        out.extend_from_slice(&word.to_le_bytes());
        out.push(work);
        count += 1;
    }
    out[count_at..count_at + 8].copy_from_slice(&count.to_le_bytes());
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

fn corrupt(what: &str) -> GameError {
    GameError::invalid(
        "search table",
        what,
        "a file written by `grundy search --table` (this one is damaged: start without it or delete it)",
    )
}

/// Reads a table written by [`to_bytes`] for the game tagged `tag` into a table of at most
/// about `memory_bytes` bytes (entries beyond its room are dropped, cheapest first).
pub fn from_bytes<K: TableKey + Default>(
    bytes: &[u8],
    tag: &str,
    memory_bytes: usize,
) -> Result<Table<K>> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(GameError::invalid(
            "search table",
            "(file contents)",
            "a file written by `grundy search --table` (it starts with GRUNDYTT)",
        ));
    }
    if bytes.len() < MAGIC.len() + 4 + 8 {
        return Err(corrupt("truncated"));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    let mut rest = &body[MAGIC.len()..];
    let version = u32::from_le_bytes(take4(&mut rest)?);
    if version != VERSION {
        return Err(GameError::invalid(
            "search table version",
            version,
            format!("version {VERSION}, the one this build reads"),
        ));
    }
    if fnv1a(body) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
        return Err(corrupt("checksum mismatch"));
    }
    let tag_len = u32::from_le_bytes(take4(&mut rest)?) as usize;
    if rest.len() < tag_len {
        return Err(corrupt("truncated"));
    }
    let (file_tag, after) = rest.split_at(tag_len);
    rest = after;
    let file_tag = String::from_utf8_lossy(file_tag);
    if file_tag != tag {
        return Err(GameError::invalid(
            "search table",
            format!("for {file_tag}"),
            format!("a table for {tag}"),
        ));
    }
    let count = u64::read(&mut rest).ok_or_else(|| corrupt("truncated"))?;
    let mut table = Table::with_memory(memory_bytes);
    for _ in 0..count {
        let key = K::read(&mut rest).ok_or_else(|| corrupt("bad key"))?;
        let (&kind, after) = rest.split_first().ok_or_else(|| corrupt("truncated"))?;
        rest = after;
        let word = u64::read(&mut rest).ok_or_else(|| corrupt("truncated"))?;
        let (&work, after) = rest.split_first().ok_or_else(|| corrupt("truncated"))?;
        rest = after;
        let fact = match kind {
            0 => Knowledge::Exact(word),
            1 => Knowledge::Excluded(word),
            _ => return Err(corrupt("bad entry kind")),
        };
        table.restore(&key, fact, work);
    }
    if !rest.is_empty() {
        return Err(corrupt("trailing bytes"));
    }
    Ok(table)
}

/// Writes `table` to `out` in the format of [`to_bytes`], an entry at a time (no copy of the
/// table in memory: saving keeps within the memory limit).
pub fn write_to<K: TableKey>(
    table: &Table<K>,
    tag: &str,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let mut hash = FNV_OFFSET;
    let mut put = |bytes: &[u8], out: &mut dyn Write| {
        for &b in bytes {
            hash = (hash ^ u64::from(b)).wrapping_mul(FNV_PRIME);
        }
        out.write_all(bytes)
    };
    let count = table.entries().count() as u64;
    let mut head = Vec::with_capacity(32 + tag.len());
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&VERSION.to_le_bytes());
    head.extend_from_slice(&(tag.len() as u32).to_le_bytes());
    head.extend_from_slice(tag.as_bytes());
    head.extend_from_slice(&count.to_le_bytes());
    put(&head, out)?;
    let mut entry = Vec::with_capacity(MAX_ENTRY);
    for (key, fact, work) in table.entries() {
        entry.clear();
        key.write(&mut entry);
        let (kind, word) = match fact {
            Knowledge::Exact(v) => (0u8, v),
            Knowledge::Excluded(mask) => (1u8, mask),
        };
        entry.push(kind);
        entry.extend_from_slice(&word.to_le_bytes());
        entry.push(work);
        put(&entry, out)?;
    }
    out.write_all(&hash.to_le_bytes())
}

/// The longest entry: a graph key of 255 words with its length byte, a kind, a word and the
/// work.
const MAX_ENTRY: usize = 1 + 255 * 8 + 1 + 8 + 1;

/// Reads a table written by [`to_bytes`] from `input` a buffer at a time (the file is never
/// held whole in memory), into a table of at most `memory_bytes`.
///
/// A file holding more entries than that table can keep is refused (the error says how much
/// memory would hold them), unless `shrink`: then the entries that fit are kept, the most
/// costly first, as a full table keeps them. Never a silent loss.
pub fn read_from<K: TableKey + Default>(
    input: &mut dyn Read,
    tag: &str,
    memory_bytes: usize,
    shrink: bool,
) -> Result<Table<K>> {
    let mut stream = Stream::new(input);
    stream.fill(MAGIC.len() + 8)?;
    if stream.visible().len() < MAGIC.len() || &stream.visible()[..MAGIC.len()] != MAGIC {
        return Err(GameError::invalid(
            "search table",
            "(file contents)",
            "a file written by `grundy search --table` (it starts with GRUNDYTT)",
        ));
    }
    stream.advance(MAGIC.len());
    let version = u32::from_le_bytes(stream.array::<4>()?);
    if version != VERSION {
        return Err(GameError::invalid(
            "search table version",
            version,
            format!("version {VERSION}, the one this build reads"),
        ));
    }
    let tag_len = u32::from_le_bytes(stream.array::<4>()?) as usize;
    stream.fill(tag_len)?;
    let file_tag = stream
        .visible()
        .get(..tag_len)
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .ok_or_else(|| corrupt("truncated"))?;
    stream.advance(tag_len);
    if file_tag != tag {
        return Err(GameError::invalid(
            "search table",
            format!("for {file_tag}"),
            format!("a table for {tag}"),
        ));
    }
    let count = u64::from_le_bytes(stream.array::<8>()?);
    let mut table = Table::with_memory(memory_bytes);
    if count > table.capacity() as u64 && !shrink {
        return Err(too_many(count, memory_bytes, &table));
    }
    for _ in 0..count {
        stream.fill(MAX_ENTRY)?;
        let mut rest = stream.visible();
        let before = rest.len();
        let key = K::read(&mut rest).ok_or_else(|| corrupt("bad key"))?;
        let (&kind, after) = rest.split_first().ok_or_else(|| corrupt("truncated"))?;
        rest = after;
        let word = u64::read(&mut rest).ok_or_else(|| corrupt("truncated"))?;
        let (&work, after) = rest.split_first().ok_or_else(|| corrupt("truncated"))?;
        let used = before - after.len();
        let fact = match kind {
            0 => Knowledge::Exact(word),
            1 => Knowledge::Excluded(word),
            _ => return Err(corrupt("bad entry kind")),
        };
        stream.advance(used);
        let evicted = table.stats().evictions;
        table.restore(&key, fact, work);
        if table.stats().evictions > evicted && !shrink {
            // Buckets overflowed before the table was full: the file still does not fit.
            return Err(too_many(count, memory_bytes, &table));
        }
    }
    stream.finish()?;
    Ok(table)
}

/// The refusal of a file of `count` entries for a table of `memory_bytes`.
fn too_many<K: TableKey>(count: u64, memory_bytes: usize, table: &Table<K>) -> GameError {
    // Slots come in powers of two, filled to about half before they overflow.
    let slots = count.saturating_mul(2).next_power_of_two();
    let per_slot = (memory_bytes / table.capacity().max(1)).max(1) as u64;
    let mib = slots.saturating_mul(per_slot).div_ceil(1 << 20);
    GameError::too_large(
        format!("the saved search table ({count} entries)"),
        format!(
            "the memory given ({} MiB) holds about {} entries; {mib} MiB would hold them all",
            memory_bytes >> 20,
            table.capacity()
        ),
    )
}

/// A reader of the table format a buffer at a time, hashing every byte it consumes (the
/// checksum covers all bytes but the last 8).
struct Stream<'a> {
    input: &'a mut dyn Read,
    buf: Vec<u8>,
    start: usize,
    eof: bool,
    hash: u64,
}

impl<'a> Stream<'a> {
    /// Bytes read from the input at a time.
    const CHUNK: usize = 1 << 16;

    fn new(input: &'a mut dyn Read) -> Self {
        Stream {
            input,
            buf: Vec::new(),
            start: 0,
            eof: false,
            hash: FNV_OFFSET,
        }
    }

    /// Reads until `want` bytes besides the last 8 are visible, or the input ends.
    fn fill(&mut self, want: usize) -> Result<()> {
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        while !self.eof && self.buf.len() < want + 8 {
            let at = self.buf.len();
            self.buf.resize(at + Self::CHUNK.max(want + 8 - at), 0);
            let n = loop {
                match self.input.read(&mut self.buf[at..]) {
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    other => break other,
                }
            }
            .map_err(|e| {
                GameError::invalid("search table", "(file)", format!("a readable file ({e})"))
            })?;
            self.buf.truncate(at + n);
            self.eof = n == 0;
        }
        Ok(())
    }

    /// The bytes read and not consumed, except the last 8 (the checksum once the input ends).
    fn visible(&self) -> &[u8] {
        &self.buf[self.start..self.buf.len().saturating_sub(8).max(self.start)]
    }

    fn advance(&mut self, n: usize) {
        for &b in &self.buf[self.start..self.start + n] {
            self.hash = (self.hash ^ u64::from(b)).wrapping_mul(FNV_PRIME);
        }
        self.start += n;
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        self.fill(N)?;
        let bytes: [u8; N] = self
            .visible()
            .get(..N)
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| corrupt("truncated"))?;
        self.advance(N);
        Ok(bytes)
    }

    /// Checks that exactly the checksum is left, and that it matches.
    fn finish(mut self) -> Result<()> {
        self.fill(0)?;
        let left = &self.buf[self.start..];
        if left.len() > 8 {
            return Err(corrupt("trailing bytes"));
        }
        let sum: [u8; 8] = left.try_into().map_err(|_| corrupt("truncated"))?;
        if u64::from_le_bytes(sum) != self.hash {
            return Err(corrupt("checksum mismatch"));
        }
        Ok(())
    }
}

/// FNV-1a's 64-bit offset basis and prime, as [`fnv1a`] uses them.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

fn take4(rest: &mut &[u8]) -> Result<[u8; 4]> {
    let (head, tail) = rest
        .split_first_chunk::<4>()
        .ok_or_else(|| corrupt("truncated"))?;
    *rest = tail;
    Ok(*head)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table<u64> {
        let mut t = Table::with_memory(1 << 16);
        t.store(&3, Knowledge::Exact(2), 5);
        t.store(&9, Knowledge::Excluded(0b110), 1);
        t
    }

    /// The streaming reader and writer agree with the byte forms, read a byte at a time too.
    #[test]
    fn streams_match_the_bytes() {
        let bytes = to_bytes(&sample(), "test");
        let mut written = Vec::new();
        write_to(&sample(), "test", &mut written).unwrap();
        assert_eq!(written, bytes);
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = self.0.len().min(1).min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut back: Table<u64> = read_from(&mut Trickle(&bytes), "test", 1 << 16, false).unwrap();
        assert_eq!(back.get(&3), Some(Knowledge::Exact(2)));
        assert_eq!(back.get(&9), Some(Knowledge::Excluded(0b110)));
        let mut damaged = bytes.clone();
        damaged[20] ^= 1;
        let err = read_from::<u64>(&mut damaged.as_slice(), "test", 1 << 16, false);
        assert!(err.is_err());
        let err = read_from::<u64>(&mut &bytes[..bytes.len() - 1], "test", 1 << 16, false)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("truncated") || err.contains("checksum"),
            "{err}"
        );
    }

    /// A file with more entries than the memory holds is refused, naming the memory that
    /// would hold it, or shrunk when asked.
    #[test]
    fn a_file_too_large_for_the_memory_is_refused_or_shrunk() {
        let mut big = Table::<u64>::with_memory(1 << 20);
        for key in 1..=20_000u64 {
            big.store(
                &crate::search::table::mix64(key),
                Knowledge::Exact(key % 7),
                3,
            );
        }
        let entries = big.stats().entries;
        assert!(entries > 10_000, "{entries}");
        let bytes = to_bytes(&big, "test");
        let err = read_from::<u64>(&mut bytes.as_slice(), "test", 1 << 14, false)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("{entries} entries")) && err.contains("MiB would hold"),
            "{err}"
        );
        let small: Table<u64> = read_from(&mut bytes.as_slice(), "test", 1 << 14, true).unwrap();
        assert!(small.stats().entries < entries);
        assert!(small.memory_bytes() <= 1 << 14);
        // With room enough, everything is read back.
        let all: Table<u64> = read_from(&mut bytes.as_slice(), "test", 1 << 20, false).unwrap();
        assert_eq!(all.stats().entries, entries);
    }

    #[test]
    fn a_table_survives_the_round_trip() {
        let bytes = to_bytes(&sample(), "test");
        let mut back: Table<u64> = from_bytes(&bytes, "test", 1 << 16).unwrap();
        assert_eq!(back.get(&3), Some(Knowledge::Exact(2)));
        assert_eq!(back.get(&9), Some(Knowledge::Excluded(0b110)));
        assert_eq!(back.stats().entries, 2);
    }

    #[test]
    fn corrupt_foreign_and_other_version_files_are_refused() {
        let bytes = to_bytes(&sample(), "test");
        let err = |b: &[u8], tag: &str| from_bytes::<u64>(b, tag, 1 << 16).unwrap_err().to_string();
        assert!(
            err(&bytes, "cram").contains("a table for cram"),
            "{}",
            err(&bytes, "cram")
        );
        assert!(err(b"hello world, not a table", "test").contains("GRUNDYTT"));
        let mut flipped = bytes.clone();
        flipped[30] ^= 1;
        assert!(
            err(&flipped, "test").contains("checksum"),
            "{}",
            err(&flipped, "test")
        );
        assert!(err(&bytes[..bytes.len() - 3], "test").contains("damaged"));
        let mut newer = bytes.clone();
        newer[8] = 2;
        assert!(
            err(&newer, "test").contains("version"),
            "{}",
            err(&newer, "test")
        );
    }
}

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

use super::table::{Knowledge, Table, TableKey};
use crate::games::octal::run::fnv1a;
use crate::kernel::error::{GameError, Result};

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

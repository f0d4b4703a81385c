//! The string notation of Applegate, Jacobson and Sleator (1991) as Glop and SPOTS write it.
//!
//! A position is its lands separated by `+`, a land its regions separated by `|`, a region its
//! boundaries separated by `.`, and a boundary the spots met walking once around it, the region
//! on the left. A spot is written by its lines: `0` (none: a boundary of its own), `1`, `2`
//! (two lines, met once in the land), `3` (dead); a spot with two lines met twice is a letter,
//! lower case (`a` to `l`, then `m(13)`, `m(14)`, ...) when both times are on one boundary,
//! upper case (`A` to `Y`, then `n(26)`, ...) when they are in two regions. `0*N` stands for `N`
//! boundaries `0` in a row. Letters name spots within their land only.

use std::collections::HashMap;

use crate::kernel::error::{GameError, Result};

/// A spot's number within its land.
pub type SpotId = u16;
/// The spots met walking once around a boundary, the region on the left (a cycle).
pub type Boundary = Vec<SpotId>;
/// The boundaries of one region.
pub type Region = Vec<Boundary>;

/// A land: regions that share spots, and the lines at each spot.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Land {
    /// The lines at spot `i` (0 to 3).
    pub lines: Vec<u8>,
    /// Its regions.
    pub regions: Vec<Region>,
}

/// Most spots a position may hold (each move adds one; `0*N` is finished within `3N - 1`).
pub const MAX_SPOTS: usize = 4096;
/// Lower-case letters written as themselves (`a` to `l`), the rest as `m(K)`.
const PLAIN_LOWER: usize = 12;
/// Upper-case letters written as themselves (`A` to `Y`), the rest as `n(K)`.
const PLAIN_UPPER: usize = 25;

const WHAT: &str = "Sprouts position";
/// The syntax, in words (no bar: the refusals are quoted in the tables of docs/errors.md).
const SYNTAX: &str = "lands separated by +, regions by a vertical bar, boundaries by .; a spot is 0, 1, 2 or 3 (its lines), a letter a-l or A-Y (a spot with two lines met twice), m(K) or n(K); 0*N for N spots without lines (e.g. 0*6, or 0*4.1a1a)";

impl Land {
    /// A land of `n` spots without lines (`0*n`).
    pub fn spots(n: usize) -> Land {
        Land {
            lines: vec![0; n],
            regions: vec![(0..n as SpotId).map(|s| vec![s]).collect()],
        }
    }

    /// A new spot with `lines` lines, its number.
    pub fn add_spot(&mut self, lines: u8) -> SpotId {
        self.lines.push(lines);
        (self.lines.len() - 1) as SpotId
    }

    /// Lives left at `spot` (three less its lines).
    pub fn lives(&self, spot: SpotId) -> u32 {
        3 - u32::from(self.lines[spot as usize].min(3))
    }

    /// How many times each spot is met in the land.
    pub fn occurrences(&self) -> Vec<u8> {
        let mut seen = vec![0u8; self.lines.len()];
        for s in self.regions.iter().flatten().flatten() {
            seen[*s as usize] = seen[*s as usize].saturating_add(1);
        }
        seen
    }
}

/// Reads a position: its lands as written (not simplified), or the error naming what is wrong.
pub fn parse(text: &str) -> Result<Vec<Land>> {
    let text = text.trim();
    if text.is_empty() {
        return Err(bad(
            text,
            "a position (0*0 is the one without spots), not nothing",
        ));
    }
    if text == "0*0" {
        return Ok(Vec::new());
    }
    let mut total = 0usize;
    let lands = text
        .split('+')
        .map(|land| {
            let land = parse_land(text, land)?;
            total += land.lines.len();
            match total > MAX_SPOTS {
                true => Err(GameError::too_large(
                    "Sprouts position",
                    format!("{MAX_SPOTS} spots"),
                )),
                false => Ok(land),
            }
        })
        .collect::<Result<Vec<Land>>>()?;
    Ok(lands)
}

/// An error about `text`: what was `expected` there, then the syntax allowed.
fn bad(text: &str, why: &str) -> GameError {
    GameError::invalid(WHAT, excerpt(text), format!("{why}; {SYNTAX}"))
}

/// `text`, or its first 40 characters and an ellipsis.
fn excerpt(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A letter's name: its case and its number from 0.
type Letter = (bool, usize);

/// One land (`piece` of `text`).
fn parse_land(text: &str, piece: &str) -> Result<Land> {
    let mut land = Land::default();
    let mut letters: HashMap<Letter, SpotId> = HashMap::new();
    for region_text in piece.split('|') {
        let mut region = Region::new();
        for boundary_text in region_text.split('.') {
            if boundary_text.is_empty() {
                return Err(bad(text, "no empty land, region or boundary"));
            }
            parse_boundary(text, boundary_text, &mut land, &mut letters, &mut region)?;
            if land.lines.len() > MAX_SPOTS {
                return Err(GameError::too_large(WHAT, format!("{MAX_SPOTS} spots")));
            }
        }
        land.regions.push(region);
    }
    check_letters(text, &land, &letters)?;
    Ok(land)
}

/// One boundary, or the `0*N` boundaries it stands for, pushed onto `region`.
fn parse_boundary(
    text: &str,
    piece: &str,
    land: &mut Land,
    letters: &mut HashMap<Letter, SpotId>,
    region: &mut Region,
) -> Result<()> {
    if let Some(count) = piece.strip_prefix("0*") {
        let n: usize = count
            .parse()
            .map_err(|_| bad(text, &format!("a number of spots N in 0*N, not '{count}'")))?;
        if n > MAX_SPOTS {
            return Err(GameError::too_large(WHAT, format!("{MAX_SPOTS} spots")));
        }
        for _ in 0..n {
            let s = land.add_spot(0);
            region.push(vec![s]);
        }
        return Ok(());
    }
    let mut boundary = Boundary::new();
    let mut chars = piece.chars().peekable();
    while let Some(c) = chars.next() {
        let spot = match c {
            '0'..='3' => land.add_spot(c as u8 - b'0'),
            '4'..='9' => return Err(bad(text, &more_lines(text, c))),
            'a'..='l' => letter(land, letters, (false, c as usize - 'a' as usize)),
            'A'..='Y' => letter(land, letters, (true, c as usize - 'A' as usize)),
            'm' | 'n' => {
                let k = expanded(text, &mut chars)?;
                letter(land, letters, (c == 'n', k - 1))
            }
            _ => return Err(bad(text, &format!("spots, not '{c}'"))),
        };
        boundary.push(spot);
    }
    let singleton = boundary.iter().any(|&s| land.lines[s as usize] == 0);
    if singleton && boundary.len() > 1 {
        return Err(bad(
            text,
            &format!(
                "a spot without lines (0) as a boundary of its own, not in '{piece}'{}",
                spots_hint(text)
            ),
        ));
    }
    region.push(boundary);
    Ok(())
}

/// Why a spot of `c` lines is refused, with [`spots_hint`].
fn more_lines(text: &str, c: char) -> String {
    format!("spots of at most three lines, not {c}{}", spots_hint(text))
}

/// How `N` spots are written, when `text` is a bare number `N` that is no position (`grundy
/// play sprouts 6` means six spots: `0*6`); nothing otherwise.
fn spots_hint(text: &str) -> String {
    let spots = text.trim();
    match spots.chars().all(|d| d.is_ascii_digit()) {
        true => format!(" (for {spots} spots write 0*{spots})"),
        false => String::new(),
    }
}

/// The spot a letter names, made on its first use.
fn letter(land: &mut Land, letters: &mut HashMap<Letter, SpotId>, name: Letter) -> SpotId {
    *letters.entry(name).or_insert_with(|| land.add_spot(2))
}

/// The number K of `m(K)` or `n(K)`, the letter read.
fn expanded(text: &str, chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Result<usize> {
    let malformed = || bad(text, "letters m(K) and n(K) with K from 1");
    if chars.next() != Some('(') {
        return Err(malformed());
    }
    let mut digits = String::new();
    for c in chars.by_ref() {
        if c == ')' {
            return match digits.parse::<usize>() {
                Ok(k) if (1..=MAX_SPOTS).contains(&k) => Ok(k),
                _ => Err(malformed()),
            };
        }
        digits.push(c);
    }
    Err(malformed())
}

/// Every letter met twice: a lower-case one twice on one boundary, an upper-case one in two
/// regions (a spot with two lines has two corners).
fn check_letters(text: &str, land: &Land, letters: &HashMap<Letter, SpotId>) -> Result<()> {
    let mut places: HashMap<SpotId, Vec<(usize, usize)>> = HashMap::new();
    for (r, region) in land.regions.iter().enumerate() {
        for (b, boundary) in region.iter().enumerate() {
            for s in boundary {
                places.entry(*s).or_default().push((r, b));
            }
        }
    }
    for (&(upper, k), spot) in letters {
        let mut name = String::new();
        push_letter(&mut name, upper, k, false);
        let at = &places[spot];
        let fits = match (upper, &at[..]) {
            (false, [p, q]) => p == q,
            (true, [p, q]) => p.0 != q.0,
            _ => false,
        };
        if !fits {
            let rule = match upper {
                false => "a lower-case letter met twice on one boundary",
                true => "an upper-case letter met once in each of two regions",
            };
            let times = match at.len() {
                1 => "once".to_string(),
                n => format!("{n} times"),
            };
            return Err(bad(
                text,
                &format!("{rule}, not letter {name} (met {times})"),
            ));
        }
    }
    Ok(())
}

/// Writes a letter: `a`, `m(13)`, `A`, `n(26)`; `expand` writes every one as `m(K)`/`n(K)`.
fn push_letter(out: &mut String, upper: bool, k: usize, expand: bool) {
    let (plain, first, long) = match upper {
        false => (PLAIN_LOWER, b'a', 'm'),
        true => (PLAIN_UPPER, b'A', 'n'),
    };
    match k < plain && !expand {
        true => out.push(char::from(first + k as u8)),
        false => {
            use std::fmt::Write;
            let _ = write!(out, "{long}({})", k + 1);
        }
    }
}

/// Writes `land` as it is (regions and boundaries in its order), letters named in the order
/// they are first met; runs of boundaries `0` as `0*N`.
pub fn write_land(land: &Land) -> String {
    let kinds = spot_kinds(land, &land.occurrences());
    let mut out = String::with_capacity(land.lines.len() * 2 + land.regions.len());
    let regions = land.regions.iter().map(|r| r.iter().map(Vec::as_slice));
    write_regions(regions, &kinds, &mut vec![0; land.lines.len()], &mut out);
    out
}

/// Writes a land's `regions` (each its boundaries, in order) onto `out`, each spot as its
/// kind (`kinds`, by spot) says; `names` (by spot, all 0) are left holding the letters' numbers.
/// Written into one string, whatever holds the land: a key is written for every option the
/// search lists, from lands laid flat (`flat.rs`).
pub(super) fn write_regions<'a, B>(
    regions: impl Iterator<Item = B>,
    kinds: &[Kind],
    names: &mut [usize],
    out: &mut String,
) where
    B: Iterator<Item = &'a [SpotId]>,
{
    let (mut lower, mut upper) = (0usize, 0usize);
    let count = |upper_case: bool| {
        kinds
            .iter()
            .filter(|k| **k == Kind::Letter(upper_case))
            .count()
    };
    let (expand_lower, expand_upper) = (count(false) > PLAIN_LOWER, count(true) > PLAIN_UPPER);
    for (r, region) in regions.enumerate() {
        if r > 0 {
            out.push('|');
        }
        let mut zeros = 0usize;
        let mut parts = 0usize;
        for boundary in region {
            if let [s] = boundary[..] {
                if kinds[s as usize] == Kind::Digit(0) {
                    zeros += 1;
                    continue;
                }
            }
            push_zeros(out, &mut parts, &mut zeros);
            if parts > 0 {
                out.push('.');
            }
            parts += 1;
            for &s in boundary {
                match kinds[s as usize] {
                    Kind::Digit(d) => out.push(char::from(b'0' + d)),
                    Kind::Letter(up) => {
                        // Each letter's number in its case, from 1 (0: not met yet).
                        let name = &mut names[s as usize];
                        if *name == 0 {
                            let next = match up {
                                false => &mut lower,
                                true => &mut upper,
                            };
                            *next += 1;
                            *name = *next;
                        }
                        let expand = if up { expand_upper } else { expand_lower };
                        push_letter(out, up, *name - 1, expand);
                    }
                }
            }
        }
        push_zeros(out, &mut parts, &mut zeros);
    }
}

/// Writes the run of `zeros` boundaries `0` (as `0*N` from two on) as the next of a region's
/// `parts`, and empties it.
fn push_zeros(out: &mut String, parts: &mut usize, zeros: &mut usize) {
    if *zeros == 0 {
        return;
    }
    if *parts > 0 {
        out.push('.');
    }
    *parts += 1;
    match *zeros {
        1 => out.push('0'),
        n => {
            use std::fmt::Write;
            let _ = write!(out, "0*{n}");
        }
    }
    *zeros = 0;
}

/// How a spot is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// By its lines.
    Digit(u8),
    /// A letter: upper case (met in two regions) or lower case (twice on one boundary).
    Letter(bool),
}

/// How each spot of `land` is written, given how often each is met (`seen`).
pub(crate) fn spot_kinds(land: &Land, seen: &[u8]) -> Vec<Kind> {
    let mut region_of = vec![usize::MAX; land.lines.len()];
    let mut upper = vec![false; land.lines.len()];
    for (r, region) in land.regions.iter().enumerate() {
        for &s in region.iter().flatten() {
            let first = &mut region_of[s as usize];
            upper[s as usize] |= *first != usize::MAX && *first != r;
            *first = r;
        }
    }
    (0..land.lines.len())
        .map(|s| match (land.lines[s], seen[s]) {
            (2, 2..) => Kind::Letter(upper[s]),
            (lines, _) => Kind::Digit(lines),
        })
        .collect()
}

/// Writes a position's lands, `+` between them; `0*0` when there are none.
pub fn write(lands: &[Land]) -> String {
    match lands.is_empty() {
        true => "0*0".into(),
        false => lands.iter().map(write_land).collect::<Vec<_>>().join("+"),
    }
}

//! A position as a drawing reads it: its spots numbered as its text meets them, its regions
//! and their boundaries in those numbers, and every line a move can draw, by the spots it joins,
//! in words, with the position it leaves.
//!
//! The canonical form keeps what the moves depend on, not the paper (dead spots and lines are
//! gone, each region turned its own way), so a drawing shows each region as a room of its own:
//! a line joins two spots of one room, or a spot to itself. Two clicks name a line's ends; where
//! one pair of spots can be joined in several ways (the line leaving other spots on either
//! side), [`Line::words`] tell them apart and [`Line::after`] is the move.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use super::key::canonical_keys;
use super::moves::{self, line_count};
use super::notation::{parse, Land};
use super::SproutsPosition;
use crate::kernel::error::{GameError, Result};

/// Most lines [`drawing`] lists, as [`line_count`] bounds them before equal ones merge (0*57
/// has 4,845): each costs a canonical form.
pub const MAX_LINES: usize = 5_000;

/// A line a move can draw: from spot `from` to spot `to` (numbered from 1 as the position's
/// text meets them; `from == to` for a loop), the move in words, and the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The lower-numbered end.
    pub from: u32,
    /// The other end (`from` again for a loop).
    pub to: u32,
    /// The line in words, telling apart the lines between the same spots.
    pub words: String,
    /// The position the move leaves.
    pub after: SproutsPosition,
}

/// A position drawn: its lands, each a list of regions, each a list of boundaries, each the
/// spots met walking once around it (a spot met twice is written twice); the lives of spot `k`
/// at `lives[k - 1]`; and every line, distinct by its ends and the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// Lands, regions, boundaries, spots.
    pub lands: Vec<Vec<Vec<Vec<u32>>>>,
    /// The lives of each spot, by its number less one.
    pub lives: Vec<u32>,
    /// Every line a move can draw.
    pub lines: Vec<Line>,
}

/// `position` drawn; refused beyond [`MAX_LINES`] lines.
pub fn drawing(position: &SproutsPosition) -> Result<Drawing> {
    let lands = parse(&position.to_string())?;
    let count = lands.iter().map(line_count).fold(0, usize::saturating_add);
    if count > MAX_LINES {
        return Err(GameError::out_of_range(
            "Sprouts position to draw",
            format!("{count} lines"),
            format!("at most {MAX_LINES} lines (0*57 has 4845)"),
        ));
    }
    let mut out = Drawing {
        lands: Vec::new(),
        lives: Vec::new(),
        lines: Vec::new(),
    };
    let mut seen = HashSet::new();
    for (i, land) in lands.iter().enumerate() {
        let first = out.lives.len() as u32 + 1;
        let number = |s: u16| first + u32::from(s);
        out.lives
            .extend((0..land.lines.len() as u16).map(|s| land.lives(s)));
        out.lands.push(
            land.regions
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|b| b.iter().map(|&s| number(s)).collect())
                        .collect()
                })
                .collect(),
        );
        moves::lines(land, |line, child| {
            let (from, to) = (number(line.from), number(line.to));
            let (from, to) = (from.min(to), from.max(to));
            let after = position.after(i, &canonical_keys(child.clone()));
            if seen.insert((from, to, after.clone())) {
                let words = words(line, &child, from, to, number);
                out.lines.push(Line {
                    from,
                    to,
                    words,
                    after,
                });
            }
        });
    }
    Ok(out)
}

thread_local! {
    /// The words of the first line to each option of the last position asked of
    /// [`words_of`]: a list of moves asks once per move.
    static WORDS: RefCell<Option<(SproutsPosition, HashMap<SproutsPosition, String>)>> =
        const { RefCell::new(None) };
}

/// The words of a line that leads from `before` to `after` (the first drawn), or `None` when
/// none does or `before` has too many lines to draw.
pub fn words_of(before: &SproutsPosition, after: &SproutsPosition) -> Option<String> {
    WORDS.with(|cell| {
        let mut cached = cell.borrow_mut();
        if cached.as_ref().map(|(p, _)| p) != Some(before) {
            let mut words = HashMap::new();
            for line in drawing(before).ok()?.lines {
                words.entry(line.after).or_insert(line.words);
            }
            *cached = Some((before.clone(), words));
        }
        cached.as_ref()?.1.get(after).cloned()
    })
}

/// A line in words: `a line from spot 1 to spot 2`, `a loop from spot 3 around spots 4 and 5`,
/// `a line from spot 1 to spot 4 with spot 2 on one side and spots 5 and 6 on the other`.
fn words(
    line: moves::Line,
    child: &Land,
    from: u32,
    to: u32,
    number: impl Fn(u16) -> u32,
) -> String {
    if !line.cuts {
        return format!("a line from spot {from} to spot {to}");
    }
    let new = child.lines.len() as u16 - 1;
    let side = |r: usize| {
        let mut spots: Vec<u32> = child.regions[r]
            .iter()
            .flatten()
            .filter(|&&s| s != new && s != line.from && s != line.to)
            .map(|&s| number(s))
            .collect();
        spots.sort_unstable();
        spots.dedup();
        spots
    };
    let (first, second) = (side(line.region), side(child.regions.len() - 1));
    if from == to {
        return format!("a loop from spot {from} around {}", spots_words(&first));
    }
    format!(
        "a line from spot {from} to spot {to} with {} on one side and {} on the other",
        spots_words(&first),
        spots_words(&second)
    )
}

/// `no spot`, `spot 3`, `spots 3 and 4`, `spots 3, 4 and 7`.
fn spots_words(spots: &[u32]) -> String {
    let names: Vec<String> = spots.iter().map(u32::to_string).collect();
    match names.as_slice() {
        [] => "no spot".into(),
        [one] => format!("spot {one}"),
        [rest @ .., last] => format!("spots {} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn drawn(text: &str) -> (SproutsPosition, Drawing) {
        let p: SproutsPosition = text.parse().unwrap();
        let d = drawing(&p).unwrap();
        (p, d)
    }

    /// The spots of each land, by number, with the regions each is met in.
    fn regions_of(d: &Drawing) -> Vec<BTreeSet<(usize, usize)>> {
        let mut at = vec![BTreeSet::new(); d.lives.len()];
        for (l, land) in d.lands.iter().enumerate() {
            for (r, region) in land.iter().enumerate() {
                for &s in region.iter().flatten() {
                    at[s as usize - 1].insert((l, r));
                }
            }
        }
        at
    }

    /// Every position within `depth` moves of `start`.
    fn reached(start: &str, depth: usize) -> Vec<SproutsPosition> {
        let mut all = vec![start.parse::<SproutsPosition>().unwrap()];
        let mut frontier = all.clone();
        for _ in 0..depth {
            let mut next = Vec::new();
            for p in &frontier {
                for o in p.options() {
                    if !all.contains(&o) {
                        all.push(o.clone());
                        next.push(o);
                    }
                }
            }
            frontier = next;
        }
        all
    }

    /// The lines lead to the position's options and to nothing else; each joins spots of one
    /// region with the lives it spends (two for a loop, one at each end otherwise).
    #[test]
    fn the_lines_are_the_moves() {
        let mut positions = Vec::new();
        for start in ["0*1", "0*2", "0*3", "0*4"] {
            positions.extend(reached(start, 3));
        }
        positions.extend(reached("0*5", 2));
        assert!(positions.len() > 200, "{}", positions.len());
        for p in &positions {
            let d = drawing(p).unwrap();
            let options: BTreeSet<SproutsPosition> = p.options().into_iter().collect();
            let afters: BTreeSet<SproutsPosition> =
                d.lines.iter().map(|l| l.after.clone()).collect();
            assert_eq!(afters, options, "{p}");
            let at = regions_of(&d);
            for l in &d.lines {
                let (a, b) = (l.from as usize - 1, l.to as usize - 1);
                assert!(at[a].intersection(&at[b]).next().is_some(), "{p}: {l:?}");
                match a == b {
                    true => assert!(d.lives[a] >= 2, "{p}: {l:?}"),
                    false => assert!(d.lives[a] >= 1 && d.lives[b] >= 1, "{p}: {l:?}"),
                }
            }
        }
    }

    /// Spots are numbered as the text meets them, a letter once, across lands.
    #[test]
    fn spots_are_numbered_as_the_text_meets_them() {
        let (p, d) = drawn("0.1a1a");
        assert_eq!(p.to_string(), "0.1a1a");
        assert_eq!(d.lands, vec![vec![vec![vec![1], vec![2, 3, 4, 3]]]]);
        assert_eq!(d.lives, vec![3, 2, 1, 2]);
        let (p, d) = drawn("AB|AB+1a1a");
        assert_eq!(p.to_string(), "1a1a+AB|AB");
        assert_eq!(d.lands[1], vec![vec![vec![4, 5]], vec![vec![4, 5]]]);
        assert_eq!(d.lives, vec![2, 1, 2, 1, 1]);
    }

    /// Three spots: a line between two of them, or a loop around no other spot or around one
    /// (around both is around none, seen from the other side), each in words.
    #[test]
    fn three_spots_in_words() {
        let (_, d) = drawn("0*3");
        let words: BTreeSet<(u32, u32, &str)> = d
            .lines
            .iter()
            .map(|l| (l.from, l.to, l.words.as_str()))
            .collect();
        assert!(words.contains(&(1, 2, "a line from spot 1 to spot 2")));
        assert!(words.contains(&(2, 3, "a line from spot 2 to spot 3")));
        assert!(words.contains(&(3, 3, "a loop from spot 3 around no spot")));
        assert!(words.contains(&(3, 3, "a loop from spot 3 around spot 2")));
        assert!(words.contains(&(1, 1, "a loop from spot 1 around spot 2")));
        assert_eq!(d.lines.len(), 3 + 3 * 2, "{:?}", d.lines);
    }

    /// A line between two spots of one boundary says what lies on each side.
    #[test]
    fn a_cutting_line_names_both_sides() {
        let (_, d) = drawn("0*2.1a1a");
        let sides: BTreeSet<&str> = d
            .lines
            .iter()
            .filter(|l| (l.from, l.to) == (3, 5))
            .map(|l| l.words.as_str())
            .collect();
        let expect = [
            "a line from spot 3 to spot 5 with spot 4 on one side and spots 1, 2 and 4 on the other",
            "a line from spot 3 to spot 5 with spots 1 and 4 on one side and spots 2 and 4 on the other",
        ];
        assert_eq!(sides, expect.into_iter().collect(), "{sides:?}");
    }

    /// 0*57 counts 4,845 lines and is drawn (3,249 distinct: a loop around k of the others is a
    /// loop around the other 56 - k); 0*58 counts 5,017 and is refused by name.
    #[test]
    fn the_line_limit_holds_on_both_sides() {
        let lines = |n: usize| line_count(&Land::spots(n));
        assert_eq!(lines(50), 3725);
        assert_eq!(lines(57), 4845);
        assert_eq!(lines(58), 5017);
        let (_, d) = drawn("0*57");
        assert_eq!(d.lines.len(), 57 * 56 / 2 + 57 * 29);
        let refused = drawing(&"0*58".parse().unwrap()).unwrap_err().to_string();
        assert!(
            refused.contains("5017 lines") && refused.contains("at most 5000"),
            "{refused}"
        );
    }

    /// A move is said by its first line; a position one move away says nothing.
    #[test]
    fn a_move_is_said_by_its_line() {
        let p: SproutsPosition = "0*3".parse().unwrap();
        let said = |after: &str| words_of(&p, &after.parse().unwrap());
        assert_eq!(
            said("0.1a1a").as_deref(),
            Some("a line from spot 1 to spot 2")
        );
        assert_eq!(
            said("0.AB|0.AB").as_deref(),
            Some("a loop from spot 1 around spot 2")
        );
        assert_eq!(said("0*3"), None);
        assert_eq!(said("1a1a"), None);
        // Beyond the drawing's limit, no words (the move is written by its positions).
        let big: SproutsPosition = "0*58".parse().unwrap();
        assert_eq!(words_of(&big, &"0*56.1a1a".parse().unwrap()), None);
    }
}

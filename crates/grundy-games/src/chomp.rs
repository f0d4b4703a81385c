//! Chomp: a move eats a square of a chocolate bar and every square above and to the right of
//! it; the bottom-left square is poisoned, and whoever must eat it loses.
//!
//! Equivalently, the poisoned square may never be eaten and whoever cannot move loses
//! (normal play). A position is a Young diagram: row lengths `a_0 >= a_1 >= ...`, row 0
//! holding the poisoned square ([`ChompBoard`]). Chomp does **not** split into independent
//! parts (every square shares the poisoned corner), so the whole position is one component,
//! searched by [`crate::search`] with plain memoised mex ([`Strategy::Mex`]); its canonical
//! form is the lesser of the diagram and its transpose (the board's one symmetry, across the
//! diagonal through the poisoned square). Positions of one row (a Nim heap of `a_0 - 1`) and
//! L shapes (two heaps, `(a_0 - 1) ^ (rows - 1)`) are valued without search.
//!
//! Text form: `RxC` (the full `R × C` bar) or the row lengths from the poisoned row up,
//! `7,7,5`.
//!
//! ```
//! use grundy_games::chomp::ChompBoard;
//! // Two rows are a P-position exactly when the first is one square longer.
//! assert_eq!("5,4".parse::<ChompBoard>().unwrap().value().unwrap(), 0);
//! assert_ne!("5,3".parse::<ChompBoard>().unwrap().value().unwrap(), 0);
//! // A full rectangle other than 1 x 1 is always won by the player to move (strategy stealing).
//! assert_ne!("3x7".parse::<ChompBoard>().unwrap().value().unwrap(), 0);
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::{Engine, OptionSink, SplitGame, Strategy};

/// The most rows plus columns a board may have to be searched (its diagram fits a 63-bit key).
/// Larger boards are read, and answered where theory answers them (`answer::instant`: a
/// square bar, two rows or two columns; one row or column is a Nim heap, an L shape two);
/// the value of any other is refused.
pub const MAX_ROWS_PLUS_COLS: usize = 62;
/// The most rows, and the most squares in a row, of any board: a diagram is written one
/// number per row (the option of a square bar of this side that wins is 20,000 characters),
/// and a term of a sum has its bites tried one by one (a hundred million for this square).
pub const MAX_SIDE: u32 = 10_000;
/// Memory for the table of [`ChompBoard::value`] and friends.
pub const DEFAULT_MEMORY: usize = 64 << 20;
/// Time [`ChompBoard::value`] and friends may search before giving up with an error.
pub const DEFAULT_TIME_BUDGET: Duration = Duration::from_secs(10);

/// A Chomp position: row lengths, non-increasing, the first (poisoned) row at least 1 long.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChompBoard {
    rows: Vec<u32>,
}

/// A bite: the square eaten, with everything above and to its right (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bite {
    /// Row, from 0 (the poisoned row).
    pub row: u32,
    /// Column, from 0 (the poisoned column).
    pub col: u32,
}

impl fmt::Display for Bite {
    /// `r,c`, counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row + 1, self.col + 1)
    }
}

impl ChompBoard {
    /// The full `rows × cols` bar.
    pub fn rectangle(rows: u32, cols: u32) -> Result<Self> {
        // Checked before the rows are built: `4000000000x1` must not allocate them.
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(too_long(format!("{rows}x{cols}")));
        }
        Self::from_rows(vec![cols; rows as usize])
    }

    /// The position with these row lengths (the poisoned row first; trailing empty rows are
    /// dropped).
    pub fn from_rows(mut rows: Vec<u32>) -> Result<Self> {
        // Shown as given (`chomp 0` names "0", not the empty list left once zeros are dropped).
        let shown = rows
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        while rows.last() == Some(&0) {
            rows.pop();
        }
        if rows.is_empty() || rows.windows(2).any(|w| w[0] < w[1]) {
            return Err(GameError::invalid(
                "Chomp position",
                shown,
                "row lengths that never increase, the first at least 1",
            ));
        }
        if rows.len() > MAX_SIDE as usize || rows[0] > MAX_SIDE {
            return Err(too_long(shown));
        }
        Ok(ChompBoard { rows })
    }

    /// The row lengths, the poisoned row first.
    pub fn row_lengths(&self) -> &[u32] {
        &self.rows
    }

    /// The bite that leaves `after`, if one does: the first row it shortens, cut to its new
    /// length (found without trying every bite, which a bar beyond the search has millions of).
    pub fn bite_to(&self, after: &ChompBoard) -> Option<Bite> {
        let row = (0..self.rows.len())
            .find(|&r| after.rows.get(r).copied().unwrap_or(0) < self.rows[r])?;
        let bite = Bite {
            row: row as u32,
            col: after.rows.get(row).copied().unwrap_or(0),
        };
        (self.play(bite).ok().as_ref() == Some(after)).then_some(bite)
    }

    /// Every legal bite, row by row.
    pub fn moves(&self) -> Vec<Bite> {
        let mut out = Vec::new();
        for (r, &len) in self.rows.iter().enumerate() {
            for c in 0..len {
                if r > 0 || c > 0 {
                    out.push(Bite {
                        row: r as u32,
                        col: c,
                    });
                }
            }
        }
        out
    }

    /// The position after `bite`, or an error naming it if it is not legal here.
    pub fn play(&self, bite: Bite) -> Result<ChompBoard> {
        let (r, c) = (bite.row as usize, bite.col);
        if r == 0 && c == 0 {
            return Err(GameError::IllegalMove(
                "the square at row 1, column 1 is the poisoned one: it is never eaten (bite another square)".into(),
            ));
        }
        if r >= self.rows.len() || c >= self.rows[r] {
            return Err(GameError::IllegalMove(format!(
                "the square at row {}, column {} is already eaten (or off the bar): the rows hold {} squares, from the poisoned row up",
                r + 1,
                c + 1,
                self.rows
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let rows = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, &len)| if i >= r { len.min(c) } else { len })
            .collect();
        ChompBoard::from_rows(rows)
    }

    /// The diagram reflected across the diagonal through the poisoned square.
    pub fn transpose(&self) -> ChompBoard {
        let cols = self.rows[0];
        let rows = (0..cols)
            .map(|c| self.rows.iter().filter(|&&len| len > c).count() as u32)
            .collect();
        ChompBoard { rows }
    }

    /// The position up to its symmetry: the lesser of it and its transpose.
    pub fn canonical(&self) -> ChompBoard {
        self.clone().min(self.transpose())
    }

    /// Whether the search can hold the diagram: at most [`MAX_ROWS_PLUS_COLS`] rows and
    /// columns together.
    pub fn fits_search(&self) -> bool {
        self.rows.len() + self.rows[0] as usize <= MAX_ROWS_PLUS_COLS
    }

    /// The canonical key of the position (see [`Chomp`]); refused when the diagram does not fit
    /// the key ([`ChompBoard::fits_search`]).
    pub fn key(&self) -> Result<u64> {
        if !self.fits_search() {
            return Err(too_big(self));
        }
        Ok(canonical_key(encode(&self.rows)))
    }

    /// Whether it is a full bar (every row as long as the first) of at least two rows.
    pub fn is_full_bar(&self) -> bool {
        self.rows.len() >= 2 && self.rows.iter().all(|&len| len == self.rows[0])
    }

    /// The Sprague–Grundy value, searched with a table of [`DEFAULT_MEMORY`] within
    /// [`DEFAULT_TIME_BUDGET`] (larger searches: [`Engine`] with [`Chomp`]).
    pub fn value(&self) -> Result<Nimber> {
        self.value_with(&mut default_engine())
    }

    /// The value, searched by `engine`.
    pub fn value_with(&self, engine: &mut Engine<Chomp>) -> Result<Nimber> {
        match known_value(&self.rows) {
            Some(v) => Ok(v),
            None => engine.value_of_sum(&[self.key()?]),
        }
    }

    /// The bites that leave a position of value `target` (winning bites for `target = 0`).
    pub fn moves_to_value(&self, target: Nimber) -> Result<Vec<Bite>> {
        let mut engine = default_engine();
        let mut out = Vec::new();
        for bite in self.moves() {
            if self.play(bite)?.value_with(&mut engine)? == target {
                out.push(bite);
            }
        }
        Ok(out)
    }
}

fn default_engine() -> Engine<Chomp> {
    let mut engine = Engine::new(Chomp, DEFAULT_MEMORY);
    engine.set_time_budget(Some(DEFAULT_TIME_BUDGET));
    engine
}

/// The value of one row (a heap of `a_0 - 1`) or an L shape (two heaps).
fn known_value(rows: &[u32]) -> Option<Nimber> {
    if rows.len() < 2 || rows[1] <= 1 {
        Some(Nimber::from(rows[0] - 1) ^ (rows.len() as Nimber - 1))
    } else {
        None
    }
}

/// The diagram as a path: for each row from the top down, as many 0 bits as it is longer
/// than the row above it, then a 1; a final 1 marks the end.
fn encode(rows: &[u32]) -> u64 {
    let mut key = 0u64;
    let mut bit = 0;
    let mut above = 0;
    for &len in rows.iter().rev() {
        bit += len - above;
        key |= 1 << bit;
        bit += 1;
        above = len;
    }
    key | 1 << bit
}

/// The path of the transposed diagram: the same steps in reverse order, each turned (a step
/// right becomes a step down and back).
fn transposed_key(key: u64) -> u64 {
    let len = 63u32.saturating_sub(key.leading_zeros());
    if len == 0 {
        return key;
    }
    let steps = key & ((1 << len) - 1);
    let turned = !steps.reverse_bits() >> (64 - len) & ((1 << len) - 1);
    turned | 1 << len
}

fn canonical_key(key: u64) -> u64 {
    key.min(transposed_key(key))
}

/// The number of squares of the diagram with this key.
fn squares(key: u64) -> u32 {
    let end = 63u32.saturating_sub(key.leading_zeros());
    // Each row ends with a 1 bit; its length is the number of 0 bits before it.
    let mut total = 0;
    let mut len = 0;
    for bit in 0..end {
        if key >> bit & 1 == 1 {
            total += len;
        } else {
            len += 1;
        }
    }
    total
}

fn decode(key: u64) -> Vec<u32> {
    let end = 63u32.saturating_sub(key.leading_zeros());
    let mut rows = Vec::new();
    let mut len = 0;
    let mut bit = 0;
    while bit < end {
        if key >> bit & 1 == 1 {
            rows.push(len);
        } else {
            len += 1;
        }
        bit += 1;
    }
    rows.reverse();
    rows
}

/// The refusal of a bar with `together` rows and columns, more than [`MAX_ROWS_PLUS_COLS`].
fn too_big(board: &ChompBoard) -> GameError {
    let together = board.rows.len() as u64 + u64::from(board.rows[0]);
    // What is known without the search, said where the search cannot go.
    let stolen = if board.is_full_bar() {
        "; alone and under normal play, a full bar is won by the player to move (strategy \
         stealing: were biting the top right square to lose, the winning reply to it could be played first, for its bite eats \
         that square too), but no winning move is known beyond the search, except on a square \
         bar and on two rows or two columns, answered when alone"
    } else {
        ""
    };
    GameError::too_large(
        format!("searching Chomp position \"{board}\""),
        format!(
            "the search keeps a diagram in a 63-bit key: at most {MAX_ROWS_PLUS_COLS} rows and \
             columns together, not {together}{stolen}"
        ),
    )
}

fn too_long(shown: String) -> GameError {
    GameError::out_of_range(
        "Chomp position",
        shown,
        format!("at most {MAX_SIDE} rows, of at most {MAX_SIDE} squares each"),
    )
}

impl FromStr for ChompBoard {
    type Err = GameError;

    /// `RxC` or row lengths separated by commas.
    fn from_str(text: &str) -> Result<Self> {
        let text = text.trim();
        let expected = "RxC (e.g. 3x7) or row lengths from the poisoned row up (e.g. 7,7,5)";
        let number = |s: &str| crate::kernel::list::parse_whole::<u32>(s).ok();
        if let Some((r, c)) = text.split_once(['x', 'X', '×']) {
            return match (number(r), number(c)) {
                (Some(r), Some(c)) if r >= 1 && c >= 1 => Self::rectangle(r, c),
                _ => Err(GameError::invalid("Chomp position", text, expected)),
            };
        }
        let rows: Option<Vec<u32>> = text.split(',').map(number).collect();
        match rows {
            Some(rows) => Self::from_rows(rows),
            None => Err(GameError::invalid("Chomp position", text, expected)),
        }
    }
}

impl fmt::Display for ChompBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A full bar beyond the search by its size: its rows would be thousands of numbers.
        if self.is_full_bar() && !self.fits_search() {
            return write!(f, "{}x{}", self.rows.len(), self.rows[0]);
        }
        let text: Vec<String> = self.rows.iter().map(u32::to_string).collect();
        f.write_str(&text.join(","))
    }
}

/// Chomp as a [`SplitGame`] of one component: keys are canonical diagrams.
#[derive(Debug, Clone, Copy, Default)]
pub struct Chomp;

impl SplitGame for Chomp {
    type Key = u64;

    fn table_tag(&self) -> String {
        "chomp".into()
    }

    fn size(&self, key: &u64) -> u32 {
        squares(*key)
    }

    fn move_count(&self, key: &u64) -> usize {
        squares(*key).saturating_sub(1) as usize
    }

    fn options<S: OptionSink<u64>>(&self, key: &u64, out: &mut S) {
        let rows = decode(*key);
        let mut next = rows.clone();
        for r in 0..rows.len() {
            for c in 0..rows[r] {
                if r == 0 && c == 0 {
                    continue;
                }
                next.clear();
                next.extend(rows.iter().enumerate().map(
                    |(i, &len)| {
                        if i >= r {
                            len.min(c)
                        } else {
                            len
                        }
                    },
                ));
                while next.last() == Some(&0) {
                    next.pop();
                }
                out.begin();
                match known_value(&next) {
                    Some(v) => out.value(v),
                    None => out.component(canonical_key(encode(&next))),
                }
                if !out.end() {
                    return;
                }
            }
        }
    }

    /// Every diagram in the key's box valued in turn (the module `ranked`), when the box's diagrams
    /// fit `memory_bytes` bytes (one byte each).
    fn value_outright(
        &self,
        key: &u64,
        memory_bytes: usize,
        check: &mut dyn FnMut() -> Result<()>,
    ) -> Option<Result<Nimber>> {
        let rows = decode(*key);
        if rows.is_empty() || rows.windows(2).any(|w| w[0] < w[1]) {
            return None;
        }
        ranked::value_remembered(&rows, memory_bytes, check)
    }

    fn strategy(&self) -> Strategy {
        Strategy::Mex
    }
}

pub mod bars;
mod ranked;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{naive, Options};

    fn naive_value(board: &ChompBoard) -> Nimber {
        naive::value(board, &|b: &ChompBoard| {
            b.moves().into_iter().map(|m| b.play(m).unwrap()).collect()
        })
    }

    /// Every diagram with at most `rows` rows and `cols` columns.
    fn diagrams(rows: u32, cols: u32) -> Vec<ChompBoard> {
        let mut out = vec![];
        let mut current = vec![1u32];
        fn grow(cur: &mut Vec<u32>, rows: u32, out: &mut Vec<ChompBoard>) {
            out.push(ChompBoard::from_rows(cur.clone()).unwrap());
            let last = *cur.last().unwrap();
            if (cur.len() as u32) < rows {
                for len in 1..=last {
                    cur.push(len);
                    grow(cur, rows, out);
                    cur.pop();
                }
            }
        }
        for first in 1..=cols {
            current[0] = first;
            grow(&mut current, rows, &mut out);
        }
        out
    }

    #[test]
    fn any_key_is_read_without_a_panic() {
        let mut out = Options::default();
        for key in [0u64, 1, 0b11, u64::MAX, 1 << 63] {
            Chomp.options(&key, &mut out);
            let _ = Chomp.size(&key);
            let _ = canonical_key(key);
        }
    }

    #[test]
    fn keys_round_trip() {
        for b in diagrams(5, 5) {
            assert_eq!(decode(encode(&b.rows)), b.rows);
            assert_eq!(transposed_key(encode(&b.rows)), encode(&b.transpose().rows));
            assert_eq!(squares(encode(&b.rows)), b.rows.iter().sum::<u32>());
            assert_eq!(b.key().unwrap(), b.transpose().key().unwrap());
        }
    }

    #[test]
    fn every_small_position_matches_exhaustive_search() {
        let mut e = Engine::new(Chomp, 1 << 20);
        for b in diagrams(5, 6) {
            assert_eq!(b.value_with(&mut e).unwrap(), naive_value(&b), "{b}");
        }
    }

    #[test]
    fn two_rows_are_p_exactly_when_the_first_is_one_longer() {
        // The known rule for two-rowed Chomp (Zeilberger, "Three-rowed Chomp", Adv. Appl.
        // Math. 26, 2001, recalls it): (a, b) is a P-position exactly when a = b + 1.
        let mut e = Engine::new(Chomp, 1 << 22);
        for a in 1..=30 {
            for b in 0..=a {
                let board = ChompBoard::from_rows(vec![a, b]).unwrap();
                let p = board.value_with(&mut e).unwrap() == 0;
                assert_eq!(p, a == b + 1, "{board}");
            }
        }
    }

    #[test]
    fn three_rows_against_exhaustive_search_and_p_positions() {
        let mut e = Engine::new(Chomp, 1 << 22);
        for rows in [[3, 1, 1], [4, 2, 2], [5, 3, 2], [6, 3, 3], [7, 4, 3]] {
            let b = ChompBoard::from_rows(rows.to_vec()).unwrap();
            assert_eq!(b.value_with(&mut e).unwrap(), naive_value(&b), "{b}");
        }
        for b in diagrams(3, 9) {
            assert_eq!(b.value_with(&mut e).unwrap(), naive_value(&b), "{b}");
        }
    }

    #[test]
    fn rectangles_are_first_player_wins_and_bad_input_is_named() {
        let mut e = Engine::new(Chomp, 1 << 22);
        for r in 1..=6 {
            for c in 1..=6 {
                let v = ChompBoard::rectangle(r, c)
                    .unwrap()
                    .value_with(&mut e)
                    .unwrap();
                assert_eq!(v == 0, r == 1 && c == 1, "{r}x{c}");
            }
        }
        for bad in ["0x3", "3,4", "a,b", "10001x1", "1,10001", "+3", ""] {
            let e = bad.parse::<ChompBoard>().unwrap_err().to_string();
            assert!(e.contains("Chomp position"), "{bad}: {e}");
        }
        // Read beyond the search (answered by theory where it answers), not searched there:
        // 31 x 31 fits its 63-bit key, 31 x 32 does not.
        let fits: ChompBoard = "31x31".parse().unwrap();
        assert!(fits.fits_search() && fits.key().is_ok());
        let beyond: ChompBoard = "31x32".parse().unwrap();
        assert!(!beyond.fits_search());
        let e = beyond.value_with(&mut e).unwrap_err().to_string();
        assert!(
            e.contains("not 63") && e.contains("strategy stealing"),
            "{e}"
        );
        assert_eq!(beyond.to_string(), "31x32");
        assert_eq!(
            "10000x10000".parse::<ChompBoard>().unwrap().to_string(),
            "10000x10000"
        );
        let b: ChompBoard = "3,2".parse().unwrap();
        assert_eq!(b.to_string(), "3,2");
        assert!(b.play(Bite { row: 0, col: 0 }).is_err());
        // 3,2 is a P-position: no bite wins; from 3,3 the one winning bite leaves 3,2.
        assert!(b.moves_to_value(0).unwrap().is_empty());
        let b: ChompBoard = "3,3".parse().unwrap();
        assert_eq!(b.moves_to_value(0).unwrap(), [Bite { row: 1, col: 2 }]);
    }
}

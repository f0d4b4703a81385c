//! The shapes a position can have, and what each shape brings to every ruleset that uses it.
//!
//! | shape | rulesets | term list | JSON field | shown |
//! | --- | --- | --- | --- | --- |
//! | one heap, `u64` | Nim, subtraction, octal, Lasker's Nim | `3,4` is two heaps | `"heap": 3` | `3` |
//! | a pair, `(u64, u64)` | Wythoff's game | `10,7` is one pair (`10,7,3,5` two) | `"heaps": [10, 7]` | `(10, 7)` |
//! | a row, `Vec<u64>` | Moore's Nim | `3,4,5` is one row of three heaps | `"heaps": [3, 4, 5]` | `(3, 4, 5)` |
//!
//! Each shape also gives default typed moves ([`PositionForm::parse_move`]): the heap forms of
//! [`super::move_forms`] for a heap, `to X Y` for a pair, `to A B C` for a row.

use std::fmt::Debug;
use std::hash::Hash;

use super::error::{GameError, Result};
use super::move_forms as forms;
use super::nim_heap::ExactU64;
use super::{MoveError, Ruleset};

/// Where a typed move was found, for [`super::Ruleset::parse_move`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveContext {
    /// The component's index in the position, from 0 (errors count from 1).
    pub index: usize,
    /// Whether the words followed the component's number (`3 to 1`), rather than being the
    /// whole move (`x 3` on a lone Wythoff board).
    pub numbered: bool,
    /// Whether every component of the position has this ruleset (a lone game, not a sum of
    /// different games).
    pub alone: bool,
}

/// A shape of positions: how they are written, read, counted and moved by default.
pub trait PositionForm:
    Clone + Eq + Hash + Ord + Debug + Send + Sync + serde::Serialize + 'static
{
    /// The field of a component's JSON that holds the position: `heap` or `heaps`.
    const JSON_FIELD: &'static str;

    /// What a component of this shape is called in moves and analyses (`heap 2: 7 -> 4`):
    /// `heap`, also for a Wythoff pair (its two heaps are one component, as they always were
    /// in Grundy's texts); `row`, `board`, `graph` for the shapes that are not heaps.
    const NOUN: &'static str = "heap";

    /// The positions a list of numbers gives, e.g. `[3, 4]` (two heaps) or `[10, 7]` (one pair):
    /// a term's list (`3,4`) or the API's `heaps`.
    fn from_numbers(numbers: Vec<u64>) -> Result<Vec<Self>>;

    /// The position as written in a term's list: `3`, `10,7`, `3,4,5`.
    fn write(&self) -> String;

    /// The position in JSON: as it serialises, except that the heap shapes write every heap
    /// beyond 2^53 - 1 as a decimal string ([`super::nim_heap::serialize_exact`]), so that no
    /// JSON reader loses a digit.
    fn serialize_json<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        serde::Serialize::serialize(self, s)
    }

    /// The position as shown to people: `3`, `(10, 7)`, `(3, 4, 5)`.
    fn show(&self) -> String;

    /// A short name that a term reads back as this position (`6x7` for a Cram board with no
    /// square covered), where [`PositionForm::show`] draws it whole: how a refusal names it.
    fn named(&self) -> Option<String> {
        None
    }

    /// Its tokens: the heap, or the heaps together (saturating).
    fn tokens(&self) -> u64;

    /// Its heaps, as drawn: one for a heap, two for a pair, the row's for a row.
    fn heaps(&self) -> Vec<u64>;

    /// The positions a component can pass through from here when it never splits, counting
    /// this one (saturating): `h + 1` for a heap, `(x + 1)(y + 1)` for a pair.
    fn position_count(&self) -> u64;

    /// At most how many options one position of this shape has, when it never splits: `h` for
    /// a heap (each move takes a different amount), `x + y + min(x, y)` for a queen.
    fn option_bound(&self) -> u64;

    /// The position with nothing left, which a component becomes when a move empties it.
    fn emptied(&self) -> Self;

    /// How many distinct positions any member of `group` can reach (saturating): with `k`
    /// members, a position of the group is one of the multisets of `k` of them.
    fn universe(group: &[&Self]) -> u64;

    /// The default typed moves of this shape (see the module documentation).
    fn parse_move<R: Ruleset<Position = Self> + ?Sized>(
        rules: &R,
        from: &Self,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Self>, MoveError>>;

    /// The default typed move forms of this shape, as shown to the user.
    fn move_examples(splits: bool, numbered: bool) -> String;

    /// A move in words: `11 -> 2 (take 9)`, `7 -> 2 + 3 (take 2)`.
    fn describe_move(from: &Self, to: &[Self]) -> String {
        let after = if to.is_empty() {
            from.emptied().show()
        } else {
            to.iter().map(Self::show).collect::<Vec<_>>().join(" + ")
        };
        let left: u64 = to.iter().fold(0u64, |a, p| a.saturating_add(p.tokens()));
        match from.tokens().checked_sub(left).filter(|&t| t > 0) {
            Some(taken) => format!("{} -> {after} (take {taken})", from.show()),
            None => format!("{} -> {after}", from.show()),
        }
    }
}

impl PositionForm for u64 {
    const JSON_FIELD: &'static str = "heap";

    fn serialize_json<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        super::nim_heap::serialize_exact(*self, s)
    }

    fn from_numbers(numbers: Vec<u64>) -> Result<Vec<Self>> {
        Ok(numbers)
    }

    fn write(&self) -> String {
        self.to_string()
    }

    fn show(&self) -> String {
        self.to_string()
    }

    fn tokens(&self) -> u64 {
        *self
    }

    fn heaps(&self) -> Vec<u64> {
        vec![*self]
    }

    fn position_count(&self) -> u64 {
        self.saturating_add(1)
    }

    fn option_bound(&self) -> u64 {
        *self
    }

    fn emptied(&self) -> Self {
        0
    }

    fn universe(group: &[&Self]) -> u64 {
        group
            .iter()
            .map(|&&h| h)
            .max()
            .unwrap_or(0)
            .saturating_add(1)
    }

    fn parse_move<R: Ruleset<Position = Self> + ?Sized>(
        rules: &R,
        from: &Self,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Self>, MoveError>> {
        forms::heap_move(rules, *from, words, context)
    }

    fn move_examples(splits: bool, _numbered: bool) -> String {
        if splits {
            format!(
                "{}; to split a heap {}",
                forms::EXAMPLES,
                forms::SPLIT_EXAMPLES
            )
        } else {
            forms::EXAMPLES.to_string()
        }
    }
}

impl PositionForm for (u64, u64) {
    const JSON_FIELD: &'static str = "heaps";

    fn serialize_json<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq([ExactU64(self.0), ExactU64(self.1)])
    }

    fn from_numbers(list: Vec<u64>) -> Result<Vec<Self>> {
        if list.len() % 2 != 0 {
            let text: Vec<String> = list.iter().map(u64::to_string).collect();
            return Err(GameError::invalid(
                "pairs of heaps",
                text.join(","),
                "pairs of heaps, e.g. 10,7 (or 10,7,3,5 for two positions)",
            ));
        }
        Ok(list.chunks_exact(2).map(|p| (p[0], p[1])).collect())
    }

    fn write(&self) -> String {
        format!("{},{}", self.0, self.1)
    }

    fn show(&self) -> String {
        format!("({}, {})", self.0, self.1)
    }

    fn tokens(&self) -> u64 {
        self.0.saturating_add(self.1)
    }

    fn heaps(&self) -> Vec<u64> {
        vec![self.0, self.1]
    }

    fn position_count(&self) -> u64 {
        self.0
            .saturating_add(1)
            .saturating_mul(self.1.saturating_add(1))
    }

    fn option_bound(&self) -> u64 {
        self.0
            .saturating_add(self.1)
            .saturating_add(self.0.min(self.1))
    }

    fn emptied(&self) -> Self {
        (0, 0)
    }

    fn universe(group: &[&Self]) -> u64 {
        let x = group.iter().map(|p| p.0).max().unwrap_or(0);
        let y = group.iter().map(|p| p.1).max().unwrap_or(0);
        x.saturating_add(1).saturating_mul(y.saturating_add(1))
    }

    fn parse_move<R: Ruleset<Position = Self> + ?Sized>(
        rules: &R,
        from: &Self,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Self>, MoveError>> {
        let ["to", a, b] = words else { return None };
        let to = (forms::number(a)?, forms::number(b)?);
        Some(forms::checked_option(rules, from, &[to], context))
    }

    fn move_examples(_splits: bool, numbered: bool) -> String {
        if numbered {
            format!("\"1 to 4 7\" ({} 1 becomes the pair (4, 7))", Self::NOUN)
        } else {
            "\"to 4 7\" (the pair becomes (4, 7))".into()
        }
    }
}

impl PositionForm for Vec<u64> {
    const JSON_FIELD: &'static str = "heaps";
    const NOUN: &'static str = "row";

    fn serialize_json<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|&h| ExactU64(h)))
    }

    /// The whole list is one row of heaps.
    fn from_numbers(numbers: Vec<u64>) -> Result<Vec<Self>> {
        Ok(vec![numbers])
    }

    fn write(&self) -> String {
        self.iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    fn show(&self) -> String {
        let items: Vec<String> = self.iter().map(u64::to_string).collect();
        format!("({})", items.join(", "))
    }

    fn tokens(&self) -> u64 {
        self.iter().fold(0u64, |a, &h| a.saturating_add(h))
    }

    fn heaps(&self) -> Vec<u64> {
        self.clone()
    }

    fn position_count(&self) -> u64 {
        self.iter()
            .fold(1u64, |a, &h| a.saturating_mul(h.saturating_add(1)))
    }

    fn option_bound(&self) -> u64 {
        self.position_count().saturating_sub(1)
    }

    fn emptied(&self) -> Self {
        vec![0; self.len()]
    }

    /// Rows of one length stay within the box of their largest heaps; rows of several lengths
    /// are bounded by the product of their counts alone.
    fn universe(group: &[&Self]) -> u64 {
        let Some(first) = group.first() else { return 1 };
        if group.iter().any(|p| p.len() != first.len()) {
            return u64::MAX;
        }
        (0..first.len()).fold(1u64, |acc, i| {
            let largest = group.iter().map(|p| p[i]).max().unwrap_or(0);
            acc.saturating_mul(largest.saturating_add(1))
        })
    }

    fn parse_move<R: Ruleset<Position = Self> + ?Sized>(
        rules: &R,
        from: &Self,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Self>, MoveError>> {
        let ["to", sizes @ ..] = words else {
            return None;
        };
        let to: Vec<u64> = sizes
            .iter()
            .map(|w| forms::number(w))
            .collect::<Option<_>>()?;
        Some(forms::checked_option(rules, from, &[to], context))
    }

    fn move_examples(_splits: bool, numbered: bool) -> String {
        if numbered {
            format!(
                "\"1 to 3 0 2\" ({} 1 becomes the heaps 3, 0, 2)",
                Self::NOUN
            )
        } else {
            "\"to 3 0 2\" (the heaps become 3, 0, 2)".into()
        }
    }
}

//! Sums of games: several components, a move in exactly one of them.
//!
//! A [`Sum`] is a list of [`Component`]s, each a position of its own ruleset: a Nim heap, a heap
//! of a subtraction game, and so on. By the Sprague–Grundy theorem its value is the nim-sum of
//! the components' values, and a winning move from a total `t != 0` moves a component of value
//! `g` with `g ^ t < g` to a position of value `g ^ t`.
//!
//! ```
//! use std::sync::Arc;
//! use grundy_core::games::subtraction::SubtractionGame;
//! use grundy_core::kernel::component::Component;
//! use grundy_core::sum::Sum;
//!
//! let game = Arc::new(SubtractionGame::new([1, 4, 9, 12, 16]).unwrap());
//! let heaps = [11, 15, 14, 10, 23, 8];
//! let sum = Sum::new(heaps.iter().map(|&h| Component::new(&game, h)).collect());
//! assert_eq!(sum.value().unwrap(), 2); // 1 ^ 0 ^ 1 ^ 0 ^ 3 ^ 1
//! let moves = sum.winning_moves().unwrap();
//! assert!(!moves.is_empty());
//! for m in &moves {
//!     assert_eq!(sum.after(m).value().unwrap(), 0);
//! }
//! ```
//!
//! Moves keep component indices stable: a component that disappears stays as an empty heap, and
//! the second part of a split is appended at the end.

use std::fmt;

use crate::kernel::budget::in_part;
use crate::kernel::component::Component;
use crate::kernel::error::{GameError, Result};
use crate::kernel::move_forms::MAX_LISTED_HEAP;
use crate::kernel::moves::{MoveList, MAX_LISTED_MOVES};
use crate::nimber::{nim_sum, Nimber};

/// A move in a sum: component `component` becomes the components `to` (the first takes its
/// place, further ones are appended; none means it becomes empty).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SumMove {
    /// Index of the component moved in, from 0.
    pub component: usize,
    /// The component before the move.
    pub from: Component,
    /// What it becomes.
    pub to: Vec<Component>,
}

/// Writes `group` (consecutive components of one ruleset) as terms. They share one term only
/// when that term's list reads back as these same components: `nim:3,4` is two heaps, but
/// `chomp:2,2` is one board of two rows and `hackenbush:0-1,0-1` one picture of two edges, so
/// two Chomp boards or two pictures stay two terms, in order.
pub(crate) fn write_terms(group: &[Component], terms: &mut Vec<String>) {
    let Some(first) = group.first() else { return };
    let term = first.rules().term();
    let texts: Vec<String> = group.iter().map(Component::position_text).collect();
    if group.len() > 1 {
        let shared = texts.join(",");
        let read_back = first.rules().components(&shared);
        if read_back.is_ok_and(|parts| parts == group) {
            terms.push(format!("{term}:{shared}"));
            return;
        }
    }
    terms.extend(texts.iter().map(|text| format!("{term}:{text}")));
}

impl SumMove {
    /// Component `component`, now `from`, becomes `to`.
    pub fn new(component: usize, from: &Component, to: Vec<Component>) -> Self {
        SumMove {
            component,
            from: from.clone(),
            to,
        }
    }
}

impl fmt::Display for SumMove {
    /// `heap 3: 4 -> 1 (take 3)`, or `heap 2: 7 -> 2 + 3 (take 2)` for a split: the component's
    /// number and the move in its ruleset's words ([`Component::describe_move`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.from.noun(),
            self.component + 1,
            self.from.describe_move(&self.to)
        )
    }
}

impl serde::Serialize for SumMove {
    /// `{"component": 2, "from": {...}, "to": [{...}], "text": "heap 3: 4 -> 1 (take 3)"}`;
    /// `component` counts from 0.
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("SumMove", 4)?;
        out.serialize_field("component", &self.component)?;
        out.serialize_field("from", &self.from)?;
        out.serialize_field("to", &self.to)?;
        out.serialize_field("text", &self.to_string())?;
        out.end()
    }
}

/// The outcome class of a position.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
pub enum Outcome {
    /// The previous player wins: whoever moves from here loses with best play.
    P,
    /// The next player (the one to move) wins.
    N,
}

impl Outcome {
    /// The outcome of a position of value `value` under normal play.
    pub fn of_value(value: Nimber) -> Self {
        if value == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// A sentence for students.
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::P => "P-position: the player to move loses against best play",
            Outcome::N => "N-position: the player to move wins",
        }
    }
}

/// A sum of components.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Sum {
    /// The components, in the user's order.
    pub components: Vec<Component>,
}

impl Sum {
    /// The sum of `components`.
    pub fn new(components: Vec<Component>) -> Self {
        Sum { components }
    }

    /// A Nim position with the given heaps.
    pub fn nim(heaps: &[u64]) -> Self {
        Sum::new(heaps.iter().map(|&h| Component::nim(h)).collect())
    }

    /// Whether every component has the same ruleset (a game of one ruleset, not a mixed sum).
    pub fn is_one_ruleset(&self) -> bool {
        self.components.windows(2).all(|w| w[0].same_rules(&w[1]))
    }

    /// What its components are called together: their noun when they share one (`heap`,
    /// `board`, `row of coins`), `part` when they are of several kinds
    /// ([`crate::kernel::common_noun`]).
    pub fn noun(&self) -> &'static str {
        crate::kernel::common_noun(self.components.iter().map(Component::noun))
    }

    /// The heaps, if every component is a Nim heap.
    pub fn nim_heaps(&self) -> Option<Vec<u64>> {
        self.components.iter().map(Component::as_nim).collect()
    }

    /// The position in the text format of `registry`, e.g. `nim:3,4 + sub{1,4,9}:11`, which
    /// `spec::parse_sum` reads back as the same position, component for component and in order
    /// (see `write_terms`). The empty sum, which has no term, is the empty string.
    pub fn to_terms(&self) -> String {
        let mut terms: Vec<String> = Vec::new();
        for group in self.components.chunk_by(|a, b| a.same_rules(b)) {
            write_terms(group, &mut terms);
        }
        terms.join(" + ")
    }

    /// Each component's value, in order.
    pub fn values(&self) -> Result<Vec<Nimber>> {
        self.components
            .iter()
            .enumerate()
            .map(|(i, c)| on_term(i, c, || c.value()))
            .collect()
    }

    /// The value of the sum: the nim-sum of the components' values.
    pub fn value(&self) -> Result<Nimber> {
        Ok(nim_sum(self.values()?))
    }

    /// P or N under normal play.
    pub fn outcome(&self) -> Result<Outcome> {
        Ok(Outcome::of_value(self.value()?))
    }

    /// Every legal move. Listing them is refused (with an error) when a component holds more
    /// than [`MAX_LISTED_HEAP`] tokens.
    pub fn moves(&self) -> Result<Vec<SumMove>> {
        let mut moves = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            if c.tokens() > MAX_LISTED_HEAP {
                return Err(GameError::too_large(
                    format!("component {} ({} tokens)", i + 1, c.tokens()),
                    format!("every move is listed only for components of at most {MAX_LISTED_HEAP} tokens"),
                ));
            }
            moves.extend(c.options().into_iter().map(|to| SumMove {
                component: i,
                from: c.clone(),
                to,
            }));
        }
        Ok(moves)
    }

    /// An upper bound on the number of positions reachable from this one when no component
    /// splits: the product of each component's [`Component::position_count`], saturating.
    pub fn position_bound(&self) -> u64 {
        self.components
            .iter()
            .fold(1u64, |acc, c| acc.saturating_mul(c.position_count()))
    }

    /// Every winning move (each leads to a position of value 0), the first
    /// [`MAX_LISTED_MOVES`] listed and all counted; empty from a P-position.
    pub fn winning_moves(&self) -> Result<MoveList<SumMove>> {
        self.winning_moves_up_to(MAX_LISTED_MOVES)
    }

    /// The winning moves, the first `limit` listed (component by component, each in its
    /// ruleset's order) and all counted exactly.
    ///
    /// A component of value `g` must move to value `g ^ total`. When that is below `g` the mex
    /// rule guarantees such a move; when it is above `g` one may still exist (an option's value
    /// can exceed its position's in games other than Nim), and it wins just as well.
    pub fn winning_moves_up_to(&self, limit: usize) -> Result<MoveList<SumMove>> {
        if let [c] = self.components.as_slice() {
            // One component: the winning moves are its moves to value 0, with no need for its
            // own value (which for a large Wythoff position has no closed form). A P-position
            // known at once (a Cram board of even sides by the half-turn symmetry) has none:
            // trying each of its moves would search every option for nothing.
            if c.is_p_position().unwrap_or(false) {
                return Ok(MoveList::with_limit(limit));
            }
            let found = on_term(0, c, || c.moves_to_value(0, limit))?;
            return Ok(found.map(|to| SumMove::new(0, c, to)));
        }
        let values = self.values()?;
        let total = nim_sum(values.iter().copied());
        let mut moves = MoveList::with_limit(limit);
        if total == 0 {
            return Ok(moves);
        }
        for (i, (c, &g)) in self.components.iter().zip(&values).enumerate() {
            let found = on_term(i, c, || c.moves_to_value(g ^ total, moves.room()))?;
            moves.append(found.map(|to| SumMove::new(i, c, to)));
        }
        Ok(moves)
    }

    /// The position after `m` (which must be a move of this sum).
    pub fn after(&self, m: &SumMove) -> Sum {
        let mut next = self.clone();
        next.apply(m);
        next
    }

    /// Plays `m` (which must be a move of this sum) in place: the moved component takes the
    /// first part's place (or becomes empty), further parts are appended, so every other
    /// component keeps its index.
    pub fn apply(&mut self, m: &SumMove) {
        let mut parts = m.to.iter().cloned();
        self.components[m.component] = parts.next().unwrap_or_else(|| m.from.emptied());
        self.components.extend(parts);
    }

    /// Whether no move is possible: under normal play the player to move has lost.
    pub fn is_terminal(&self) -> bool {
        self.components.iter().all(Component::is_terminal)
    }

    /// The position in canonical form (components sorted, empty ones dropped): equal canonical
    /// forms are the same game, which lets exhaustive search share work.
    pub fn canonical(&self) -> Sum {
        let mut components: Vec<Component> = self
            .components
            .iter()
            .filter(|c| !c.is_terminal())
            .cloned()
            .collect();
        components.sort();
        Sum { components }
    }
}

/// Runs `f`, the work on component `i`, `c`: a refusal inside names the term, and the question's
/// budget and the cancel flag (`kernel::cancel::check`) are looked at before it starts. An
/// engine looks at them every few thousand steps of its own, so a sum of thousands of terms
/// each valued in fewer steps (10,000 small Cram boards, each searched by its own engine) was
/// never stopped while it ran: `--time 1` refused after 9 s, and the server went on computing
/// after it had answered.
fn on_term<T>(i: usize, c: &Component, f: impl FnOnce() -> Result<T>) -> Result<T> {
    in_part(
        || term_name(i, c),
        || {
            crate::kernel::cancel::check()?;
            f()
        },
    )
}

/// How a refusal names the component it was working on (`kernel::budget::in_part`): `term 2
/// (cram:6x7)`, counted from 1 as the doors number components.
fn term_name(i: usize, c: &Component) -> String {
    format!("term {} ({})", i + 1, shown_term(c))
}

/// How a refusal of a whole question names `sum`: `the position node-kayles:grid:6x9` when it
/// is one term ([`shown_term`]), else `the sum` (its values and winning moves name their own
/// term: [`Sum::values`]).
pub fn refusal_name(sum: &Sum) -> String {
    match sum.components.as_slice() {
        [c] => format!("the position {}", shown_term(c)),
        _ => "the sum".to_string(),
    }
}

/// The term of the lone component `c` as people read it: its text form, or with a shorter
/// form that reads back as the same position (`cram:6x7` for a whole board, not its 42 dots;
/// `node-kayles:grid:6x9`, not its 93 edges): what a refusal names, in one line.
pub fn shown_term(c: &Component) -> String {
    let term = Sum::new(vec![c.clone()]).to_terms();
    let written = c.position_text();
    let shown = c.position_named().unwrap_or_else(|| c.position_shown());
    match term.strip_suffix(&written) {
        Some(rules) if shown.len() < written.len() => format!("{rules}{shown}"),
        _ => term,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_sum_winning_move_matches_bouton() {
        let sum = Sum::nim(&[2, 3, 4]);
        let moves = sum.winning_moves().unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].component, 2);
        assert_eq!(moves[0].to, vec![Component::nim(1)]);
        assert!(Sum::nim(&[1, 4, 5]).winning_moves().unwrap().is_empty());
    }

    #[test]
    fn empty_sum_is_a_p_position() {
        let sum = Sum::default();
        assert_eq!(sum.value().unwrap(), 0);
        assert!(sum.is_terminal());
        assert!(sum.moves().unwrap().is_empty());
    }

    #[test]
    fn huge_heaps_refuse_to_list_moves() {
        let err = Sum::nim(&[3, u64::MAX]).moves().unwrap_err().to_string();
        assert!(
            err.contains("component 2") && err.contains("1000000"),
            "{err}"
        );
    }
}

//! The [`Ruleset`] trait: what every ruleset gives the engines.

use std::fmt::Debug;

use num_bigint::BigUint;
use std::hash::Hash;

use super::error::Result;
use super::form::{MoveContext, PositionForm};
use super::heap_rules::HeapMoves;
use super::heap_sequence::HeapSequence;
use super::moves::MoveList;
use super::presentation::Presentation;
use super::reasoning::PositionReasoning;
use super::{Derivation, MoveError, TreeEstimate};
use crate::nimber::{nim_sum, Nimber};

/// The rules of one kind of component.
///
/// Rulesets are values (a subtraction game holds its take-set), compared and hashed by their
/// rules, so that equal components of equal rules are one position to exhaustive search.
pub trait Ruleset: Debug + Send + Sync + Eq + Hash + Ord + 'static {
    /// A single component: a heap size, a pair of heap sizes, a row of heaps...
    type Position: PositionForm;

    /// The rules in the text format of the registry (`registry`), e.g. `sub{1,4,9}` or `nim`: with a
    /// list of positions after a colon it reads back as the same component.
    fn term(&self) -> String;

    /// A short name for lists and JSON, e.g. `subtraction {1,4,9}` or `nim`.
    fn name(&self) -> String;

    /// A title for people, e.g. `Subtraction game S = {1,4,9}`.
    fn title(&self) -> String;

    /// What a component is called and how it is numbered for people (one value: see
    /// [`Presentation`]); by default its shape's noun ([`PositionForm::NOUN`]). Rulesets whose
    /// shape is shared with other kinds of game name their own (a row of coins is not a row of
    /// heaps), and rows and grids of coins give their numbering.
    fn presentation(&self) -> Presentation {
        Presentation::of_form::<Self::Position>()
    }

    /// A position as shown to people: by default its shape's ([`PositionForm::show`]); a row
    /// of coins shows as `THHTH`, not as the numbers it is stored as.
    fn show_position(&self, position: &Self::Position) -> String {
        position.show()
    }

    /// The positions written in a term's list (the text after the colon, e.g. `11,15`), checked
    /// against this ruleset's limits.
    fn parse_positions(&self, text: &str) -> Result<Vec<Self::Position>> {
        self.positions_from(super::parse_list(text, "heap")?)
    }

    /// The positions a list of numbers gives (a term's list once read, or the API's `heaps`),
    /// checked against this ruleset's limits.
    fn positions_from(&self, numbers: Vec<u64>) -> Result<Vec<Self::Position>> {
        Self::Position::from_numbers(numbers)
    }

    /// Every option of `position`: what the component becomes after each legal move. An empty
    /// list inside means the component disappears (for instance the last tokens of an octal
    /// heap are taken); two entries mean it was split.
    ///
    /// Options are listed from the move that takes least to the move that takes most.
    ///
    /// Meant for small positions (exhaustive search, play); large positions go through
    /// [`Ruleset::grundy`] and [`Ruleset::moves_to_value`], which rulesets answer without
    /// enumerating.
    fn options(&self, position: &Self::Position) -> Vec<Vec<Self::Position>>;

    /// The Sprague–Grundy value of `position`, or an error when it is beyond a documented
    /// limit of this ruleset.
    fn grundy(&self, position: &Self::Position) -> Result<Nimber>;

    /// Whether `position` is a P-position (its value is 0). Rulesets with a closed form for
    /// their P-positions (Wythoff's game, Moore's Nim) answer it at sizes where the value itself
    /// is out of reach.
    fn is_p_position(&self, position: &Self::Position) -> Result<bool> {
        Ok(self.grundy(position)? == 0)
    }

    /// An option of `position` whose value is known to be `target` without search (a strategy
    /// argument such as the mirror strategy), if the ruleset knows one; `None` says nothing
    /// about the other options. The perfect player looks here before it searches.
    fn known_move_to_value(
        &self,
        _position: &Self::Position,
        _target: Nimber,
    ) -> Option<Vec<Self::Position>> {
        None
    }

    /// The options of `position` whose value is `target`: the first `limit` of them in the
    /// order of [`Ruleset::options`], and how many there are in all (exactly, however many
    /// that is). By the mex rule there is at least one whenever `target` is less than the
    /// position's own value.
    fn moves_to_value(
        &self,
        position: &Self::Position,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<Self::Position>>> {
        let mut found = MoveList::with_limit(limit);
        for option in self.options(position) {
            if self.value_of_all(&option)? == target {
                found.push(option);
            }
        }
        Ok(found)
    }

    /// An option of `position` whose value is `target`, if any: by default the first in the
    /// order of [`Ruleset::options`]. It is [`Ruleset::moves_to_value`] without the count,
    /// which rulesets that search their positions answer by stopping at the first found (the
    /// perfect player wants one winning move; proving all took 4 s on Cram 5 × 8, which has 59),
    /// looking first at the options whose value they know without search.
    fn first_move_to_value(
        &self,
        position: &Self::Position,
        target: Nimber,
    ) -> Result<Option<Vec<Self::Position>>> {
        Ok(self.moves_to_value(position, target, 1)?.into_iter().next())
    }

    /// The option of `position` that leaves exactly the components `parts` (in any order;
    /// none when the component is emptied), if the rules allow that move; in the form
    /// [`Ruleset::options`] lists it. The default looks through the options; rulesets whose
    /// positions can be huge answer from their rules.
    fn option_to(
        &self,
        position: &Self::Position,
        parts: &[Self::Position],
    ) -> Option<Vec<Self::Position>> {
        let mut wanted = parts.to_vec();
        wanted.sort_unstable();
        self.options(position).into_iter().find(|option| {
            let mut sorted = option.clone();
            sorted.sort_unstable();
            sorted == wanted
        })
    }

    /// Whether a move may leave more than one component (a heap split in two).
    fn splits(&self) -> bool {
        false
    }

    /// The most components one move may leave in place of one: 2 for rulesets that split (a
    /// heap split in two), 1 for the others; take-and-break codes that split in three say 3.
    fn max_parts(&self) -> usize {
        if self.splits() {
            2
        } else {
            1
        }
    }

    /// The Grundy sequence `G(0), G(1), ...` of a heap ruleset with one, for `grundy sequence`
    /// and `/api/sequence` (`sequence::report`); `None` for rulesets without one.
    fn sequence(&self) -> Option<&dyn HeapSequence> {
        None
    }

    /// The amounts the rules list, if any (a take-set, an excluded set): front ends bound how
    /// many and how large, since the cost of computing values grows with them.
    fn amounts(&self) -> &[u64] {
        &[]
    }

    /// Its answers at heaps beyond `2^64 - 1`, for rulesets whose values there are a lookup
    /// (a proven period, a closed form): an optional capability. `None` (the default) refuses
    /// such heaps by name; heaps of this ruleset are answered up to `2^64 - 1`.
    fn big_heaps(&self) -> Option<&dyn BigHeaps> {
        None
    }

    /// The option that takes the least, for a player who must lose and wants the game to last.
    /// By convention [`Ruleset::options`] lists the gentlest moves first, so the default is the
    /// first option; rulesets whose positions can be huge override it to avoid enumerating.
    fn gentlest_option(&self, position: &Self::Position) -> Option<Vec<Self::Position>> {
        self.options(position).into_iter().next()
    }

    /// A uniformly random option, or `None` when there is no move. The default enumerates
    /// [`Ruleset::options`]; rulesets whose positions can be huge override it.
    fn random_option(
        &self,
        position: &Self::Position,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<Vec<Self::Position>> {
        let mut options = self.options(position);
        if options.is_empty() {
            return None;
        }
        let i = uniform_below(rng, options.len() as u64) as usize;
        Some(options.swap_remove(i))
    }

    /// The value of a list of components of this ruleset: the nim-sum of their values.
    fn value_of_all(&self, positions: &[Self::Position]) -> Result<Nimber> {
        let values: Result<Vec<Nimber>> = positions.iter().map(|p| self.grundy(p)).collect();
        Ok(nim_sum(values?))
    }

    /// Whether the sum of `positions` (all of this ruleset) is a P-position under misère play,
    /// by a search of the ruleset's own; `None` when it has none, and misère analysis searches
    /// the sum itself. Sprouts has one: its lands do not add under misère play, and its
    /// search proves outcomes by proof numbers.
    fn misere_p_position(&self, _positions: &[&Self::Position]) -> Option<Result<bool>> {
        None
    }

    /// Bounds on the game tree below a group of live components of this ruleset, for deciding
    /// before a search whether it fits a budget (`tree_size`). The default holds for
    /// rulesets whose moves never split a component; splitting rulesets must override it.
    fn tree_estimate(&self, group: &[&Self::Position], _limit: u64) -> TreeEstimate {
        super::tree_estimate::unsplit_estimate(group)
    }

    /// How the value of `position` follows from the mex rule, with its options named, for a
    /// person ([`Derivation`]). The default lists the options when there are few enough
    /// ([`super::MAX_DERIVED_OPTIONS`]) and otherwise states the value with
    /// [`Ruleset::value_source`].
    fn explain_value(&self, position: &Self::Position) -> Result<Derivation> {
        super::derive_by_options(self, position)
    }

    /// Where the value of a position too large to derive option by option comes from, in a
    /// sentence (e.g. "the proven period 12 from n = 71").
    fn value_source(&self, _position: &Self::Position) -> String {
        "the table of values computed bottom-up by the mex rule".into()
    }

    /// Reads a typed move of `from` (see `play::parse`): `None` when the words are not
    /// a move of this ruleset's shape, the option reached otherwise, or why it is not allowed.
    /// The default reads the forms of [`PositionForm::parse_move`].
    fn parse_move(
        &self,
        from: &Self::Position,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Self::Position>, MoveError>> {
        Self::Position::parse_move(self, from, words, context)
    }

    /// The typed move forms of this ruleset, as shown in help and errors; `numbered` when the
    /// position holds other components, so that a move starts with the component's number.
    fn move_examples(&self, numbered: bool) -> String {
        Self::Position::move_examples(self.splits(), numbered)
    }

    /// A move in words for a player, e.g. `11 -> 2 (take 9)` or `queen (10, 7) -> (6, 3): take 4
    /// from both heaps`.
    fn describe_move(&self, from: &Self::Position, to: &[Self::Position]) -> String {
        Self::Position::describe_move(from, to)
    }

    /// The moves of one heap in a form the misère engine reads directly (Nim, or an octal
    /// code), for heap rulesets that have one; `None` for the others, which the engine asks
    /// heap by heap through their options. The ruleset hands its rules over here so that no
    /// engine has to recognise its type.
    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        None
    }

    /// The ruleset's own reasoning on a lone `position` under normal play, for rulesets whose
    /// theory explains a position better than its options' values do (Moore's theorem); with
    /// `toward`, its plan is made for the move that leaves `toward` (the hint's move), where
    /// that is a move it can plan. `None` (the default) leaves the explanation to the engines.
    fn explain_position(
        &self,
        _position: &Self::Position,
        _toward: Option<&Self::Position>,
    ) -> Option<std::sync::Arc<dyn PositionReasoning>> {
        None
    }
}

/// A ruleset's answers at heaps beyond `2^64 - 1` ([`Ruleset::big_heaps`]): each `None` where
/// the ruleset cannot answer that way, and the caller (`component::AnyRules`) then
/// refuses by name or falls back as each method says.
pub trait BigHeaps {
    /// `G(heap)`, a lookup (a proven period, a closed form).
    fn value_big(&self, _heap: &BigUint) -> Option<Result<Nimber>> {
        None
    }

    /// A heap below `2^64` whose moves are those of `heap` taking the same number of tokens,
    /// each leaving a heap of the same value: what lists the winning moves of a huge heap.
    /// Only rulesets whose moves take at most a bounded number of tokens and leave at most one
    /// heap have one (see [`super::heap_sequence::stand_in`]).
    fn stand_in(&self, _heap: &BigUint) -> Option<Result<u64>> {
        None
    }

    /// The moves of `heap` to a component of value `target` (the heaps each leaves, of any
    /// size), the first `limit` listed and all counted, for rulesets that count them
    /// themselves (octal codes that split); `None` leaves them to [`BigHeaps::stand_in`].
    fn moves_to_value_big(
        &self,
        _heap: &BigUint,
        _target: Nimber,
        _limit: usize,
    ) -> Option<Result<MoveList<Vec<BigUint>>>> {
        None
    }

    /// `G(heap)` as a number of any size, for closed forms whose values grow with the heap
    /// (Lasker's Nim); `None` leaves it to [`BigHeaps::value_big`].
    fn value_huge(&self, _heap: &BigUint) -> Option<Result<BigUint>> {
        None
    }

    /// The moves of `heap` to a value `target` of any size, for rulesets whose values grow with
    /// the heap; `None` leaves them to [`BigHeaps::moves_to_value_big`] and
    /// [`BigHeaps::stand_in`].
    fn moves_to_huge_value(
        &self,
        _heap: &BigUint,
        _target: &BigUint,
        _limit: usize,
    ) -> Option<Result<MoveList<Vec<BigUint>>>> {
        None
    }

    /// Whether the rules let `heap` become the heaps `parts` (none empty, in any order),
    /// decided by arithmetic rather than by listing its moves; `None` when it cannot tell so.
    fn is_option_big(&self, _heap: &BigUint, _parts: &[BigUint]) -> Option<bool> {
        None
    }
}

/// A noun ([`Presentation::noun`]) in the plural: `heaps`, `rows of coins`, `grids of coins`.
pub fn plural(noun: &str) -> String {
    match noun.split_once(' ') {
        Some((first, rest)) => format!("{first}s {rest}"),
        None => format!("{noun}s"),
    }
}

/// Words joined as a person lists them: `1`, `1 and 2`, `1, 2 and 4`.
pub fn and_list(words: &[String]) -> String {
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// What the components of a position are called together: their [`Presentation::noun`] when they
/// share one (`heap`, `board`, `row of coins`), `part` when they are of several kinds.
pub fn common_noun<'a>(nouns: impl IntoIterator<Item = &'a str>) -> &'a str {
    let mut nouns = nouns.into_iter();
    match nouns.next() {
        Some(first) if nouns.all(|n| n == first) => first,
        Some(_) => "part",
        None => "heap",
    }
}

/// A uniform random integer in `0..n` (`n > 0`), without modulo bias.
pub fn uniform_below(rng: &mut dyn rand_core::RngCore, n: u64) -> u64 {
    assert!(n > 0, "uniform_below needs a non-empty range");
    // Reject the top partial block of the u64 range so every residue is equally likely.
    let zone = u64::MAX - (u64::MAX - n + 1) % n;
    loop {
        let x = rng.next_u64();
        if x <= zone {
            return x % n;
        }
    }
}

/// The refusal of a heap beyond `2^64 - 1` by a ruleset whose value there is no lookup.
pub fn beyond_u64(name: &str, heap: &num_bigint::BigUint) -> super::error::GameError {
    super::error::GameError::too_large(
        format!("heap {heap} of {name}"),
        "its heaps are answered up to 2^64 - 1 = 18446744073709551615: beyond, only games \
         whose value is a lookup take heaps of any size (Nim, Lasker's Nim, and subtraction, \
         octal and take-and-break games with a proven period)",
    )
}

//! One component of a sum: a position of any ruleset, behind one type ([`Component`]), and a
//! ruleset with its type forgotten ([`AnyRules`]), which builds components and which each
//! component points to (the two need each other, so they share this file).
//!
//! A sum mixes rulesets (a Nim heap beside a Wythoff board), so its components cannot share
//! one position type. A [`Component`] holds a ruleset `R` and a position of `R` together and
//! forgets `R`: every question is asked through a small private trait that a generic adapter
//! implements once for every [`Ruleset`]. This is the one place where rulesets meet sums; a new
//! ruleset needs nothing here.
//!
//! Components compare, order and hash by ruleset and position, so that exhaustive search
//! recognises equal positions; cloning one is a reference count.
//!
//! The constructors of the two rulesets every front end uses, `Component::nim` and
//! `Wythoff::component`, and `Component::as_nim` are written beside those rulesets
//! (`games::nim`, `games::wythoff`), so that this file imports no ruleset.

use std::any::Any;
use std::cmp::Ordering;
use std::fmt;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::error::Result;
use crate::moves::MoveList;
use crate::nimber::Nimber;
use crate::reasoning::PositionReasoning;
use crate::Derivation;
use crate::MoveError;
use crate::TreeEstimate;
use crate::{MoveContext, PositionForm, Ruleset};

/// One component of a sum: a position of some ruleset.
#[derive(Clone)]
pub struct Component(Arc<dyn Erased>);

/// A ruleset and one of its positions: what a [`Component`] holds.
struct Typed<R: Ruleset> {
    rules: Arc<R>,
    position: R::Position,
}

/// The questions a sum asks of a component, with the ruleset's type forgotten. Parts of moves
/// come back as components of the same ruleset.
trait Erased: Send + Sync + 'static {
    fn as_any(&self) -> &dyn Any;
    fn rules_dyn(&self) -> Arc<dyn AnyRules>;
    /// The ruleset's Rust type: orders components of different rulesets.
    fn rules_type(&self) -> &'static str;
    fn eq_erased(&self, other: &dyn Erased) -> bool;
    fn cmp_erased(&self, other: &dyn Erased) -> Ordering;
    fn hash_erased(&self, state: &mut dyn Hasher);
    fn same_rules(&self, other: &dyn Erased) -> bool;
    fn value(&self) -> Result<Nimber>;
    fn is_p_position(&self) -> Result<bool>;
    fn options(&self) -> Vec<Vec<Component>>;
    fn moves_to_value(&self, target: Nimber, limit: usize) -> Result<MoveList<Vec<Component>>>;
    fn first_move_to_value(&self, target: Nimber) -> Result<Option<Vec<Component>>>;
    fn known_move_to_value(&self, target: Nimber) -> Option<Vec<Component>>;
    fn option_to(&self, parts: &[Component]) -> Option<Vec<Component>>;
    fn gentlest_option(&self) -> Option<Vec<Component>>;
    fn random_option(&self, rng: &mut dyn rand_core::RngCore) -> Option<Vec<Component>>;
    fn emptied(&self) -> Component;
    fn tokens(&self) -> u64;
    fn heaps(&self) -> Vec<u64>;
    fn position_count(&self) -> u64;
    fn name(&self) -> String;
    fn show(&self) -> String;
    fn named(&self) -> Option<String>;
    fn write(&self) -> String;
    fn json_field(&self) -> &'static str;
    fn presentation(&self) -> crate::Presentation;
    fn position_serialize(&self) -> Box<dyn erased_serde::Serialize + '_>;
    fn parse_move(
        &self,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Component>, MoveError>>;
    fn move_examples(&self, numbered: bool) -> String;
    fn describe_move(&self, to: &[Component]) -> String;
    fn explain_value(&self) -> Result<Derivation>;
    fn explain_position(&self, toward: Option<&[Component]>) -> Option<Arc<dyn PositionReasoning>>;
    fn splits(&self) -> bool;
    fn tree_estimate(&self, group: &[&Component], limit: u64) -> TreeEstimate;
    fn misere_p_position(&self, group: &[&Component]) -> Option<Result<bool>>;
}

impl<R: Ruleset> Typed<R> {
    fn wrap(&self, position: R::Position) -> Component {
        Component(Arc::new(Typed {
            rules: Arc::clone(&self.rules),
            position,
        }))
    }

    fn wrap_all(&self, parts: Vec<R::Position>) -> Vec<Component> {
        parts.into_iter().map(|p| self.wrap(p)).collect()
    }

    /// The positions of `parts`, all of this ruleset (`None` if one is not).
    fn positions_of(parts: &[Component]) -> Option<Vec<R::Position>> {
        parts
            .iter()
            .map(|c| c.downcast::<R>().map(|(_, p)| p.clone()))
            .collect()
    }

    fn other<'a>(&self, other: &'a dyn Erased) -> Option<&'a Typed<R>> {
        other.as_any().downcast_ref::<Typed<R>>()
    }
}

impl<R: Ruleset> Erased for Typed<R> {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn rules_dyn(&self) -> Arc<dyn AnyRules> {
        Arc::clone(&self.rules) as Arc<dyn AnyRules>
    }

    fn rules_type(&self) -> &'static str {
        std::any::type_name::<R>()
    }

    fn eq_erased(&self, other: &dyn Erased) -> bool {
        self.other(other).is_some_and(|o| {
            o.position == self.position
                && (Arc::ptr_eq(&o.rules, &self.rules) || o.rules == self.rules)
        })
    }

    fn cmp_erased(&self, other: &dyn Erased) -> Ordering {
        match self.other(other) {
            Some(o) => self
                .rules
                .cmp(&o.rules)
                .then_with(|| self.position.cmp(&o.position)),
            None => self.rules_type().cmp(other.rules_type()),
        }
    }

    fn hash_erased(&self, mut state: &mut dyn Hasher) {
        self.rules_type().hash(&mut state);
        self.rules.hash(&mut state);
        self.position.hash(&mut state);
    }

    fn same_rules(&self, other: &dyn Erased) -> bool {
        self.other(other)
            .is_some_and(|o| Arc::ptr_eq(&o.rules, &self.rules) || o.rules == self.rules)
    }

    fn value(&self) -> Result<Nimber> {
        self.rules.grundy(&self.position)
    }

    fn is_p_position(&self) -> Result<bool> {
        self.rules.is_p_position(&self.position)
    }

    fn options(&self) -> Vec<Vec<Component>> {
        self.rules
            .options(&self.position)
            .into_iter()
            .map(|parts| self.wrap_all(parts))
            .collect()
    }

    fn moves_to_value(&self, target: Nimber, limit: usize) -> Result<MoveList<Vec<Component>>> {
        Ok(self
            .rules
            .moves_to_value(&self.position, target, limit)?
            .map(|parts| self.wrap_all(parts)))
    }

    fn first_move_to_value(&self, target: Nimber) -> Result<Option<Vec<Component>>> {
        Ok(self
            .rules
            .first_move_to_value(&self.position, target)?
            .map(|parts| self.wrap_all(parts)))
    }

    fn known_move_to_value(&self, target: Nimber) -> Option<Vec<Component>> {
        self.rules
            .known_move_to_value(&self.position, target)
            .map(|parts| self.wrap_all(parts))
    }

    fn option_to(&self, parts: &[Component]) -> Option<Vec<Component>> {
        let parts = Self::positions_of(parts)?;
        self.rules
            .option_to(&self.position, &parts)
            .map(|found| self.wrap_all(found))
    }

    fn gentlest_option(&self) -> Option<Vec<Component>> {
        self.rules
            .gentlest_option(&self.position)
            .map(|parts| self.wrap_all(parts))
    }

    fn random_option(&self, rng: &mut dyn rand_core::RngCore) -> Option<Vec<Component>> {
        self.rules
            .random_option(&self.position, rng)
            .map(|parts| self.wrap_all(parts))
    }

    fn emptied(&self) -> Component {
        self.wrap(self.position.emptied())
    }

    fn tokens(&self) -> u64 {
        self.position.tokens()
    }

    fn heaps(&self) -> Vec<u64> {
        self.position.heaps()
    }

    fn position_count(&self) -> u64 {
        self.position.position_count()
    }

    fn name(&self) -> String {
        self.rules.name()
    }

    fn show(&self) -> String {
        self.rules.show_position(&self.position)
    }

    fn named(&self) -> Option<String> {
        self.position.named()
    }

    fn write(&self) -> String {
        self.position.write()
    }

    fn json_field(&self) -> &'static str {
        R::Position::JSON_FIELD
    }

    fn presentation(&self) -> crate::Presentation {
        self.rules.presentation()
    }

    fn position_serialize(&self) -> Box<dyn erased_serde::Serialize + '_> {
        Box::new(PositionJson(&self.position))
    }

    fn parse_move(
        &self,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Component>, MoveError>> {
        self.rules
            .parse_move(&self.position, words, context)
            .map(|read| read.map(|parts| self.wrap_all(parts)))
    }

    fn move_examples(&self, numbered: bool) -> String {
        self.rules.move_examples(numbered)
    }

    fn describe_move(&self, to: &[Component]) -> String {
        match Self::positions_of(to) {
            Some(parts) => self.rules.describe_move(&self.position, &parts),
            None => format!("{} -> ?", self.rules.show_position(&self.position)),
        }
    }

    fn explain_value(&self) -> Result<Derivation> {
        self.rules.explain_value(&self.position)
    }

    fn explain_position(&self, toward: Option<&[Component]>) -> Option<Arc<dyn PositionReasoning>> {
        // A move that leaves anything but one position of this ruleset has no plan here: the
        // reasoning is then the position's own, unplanned.
        let toward = toward
            .and_then(Self::positions_of)
            .and_then(|mut parts| (parts.len() == 1).then(|| parts.remove(0)));
        self.rules.explain_position(&self.position, toward.as_ref())
    }

    fn splits(&self) -> bool {
        self.rules.splits()
    }

    fn tree_estimate(&self, group: &[&Component], limit: u64) -> TreeEstimate {
        let positions: Vec<&R::Position> = group
            .iter()
            .filter_map(|c| c.downcast::<R>().map(|(_, p)| p))
            .collect();
        self.rules.tree_estimate(&positions, limit)
    }

    fn misere_p_position(&self, group: &[&Component]) -> Option<Result<bool>> {
        let positions: Option<Vec<&R::Position>> = group
            .iter()
            .map(|c| c.downcast::<R>().map(|(_, p)| p))
            .collect();
        self.rules.misere_p_position(&positions?)
    }
}

impl Component {
    /// A component of the ruleset `rules` at `position`.
    pub fn new<R: Ruleset>(rules: &Arc<R>, position: R::Position) -> Self {
        Component(Arc::new(Typed {
            rules: Arc::clone(rules),
            position,
        }))
    }

    /// The ruleset and position, if this component is of ruleset `R`.
    pub fn downcast<R: Ruleset>(&self) -> Option<(&Arc<R>, &R::Position)> {
        self.0
            .as_any()
            .downcast_ref::<Typed<R>>()
            .map(|t| (&t.rules, &t.position))
    }

    /// The position, if this component is of ruleset `R`.
    pub fn position<R: Ruleset>(&self) -> Option<&R::Position> {
        self.downcast::<R>().map(|(_, p)| p)
    }

    /// The ruleset, type-erased (its name, its term, building more components).
    pub fn rules(&self) -> Arc<dyn AnyRules> {
        self.0.rules_dyn()
    }

    /// Whether `other` has the same ruleset (equal rules, any position).
    pub fn same_rules(&self, other: &Component) -> bool {
        self.0.same_rules(other.0.as_ref())
    }

    /// The component's Sprague–Grundy value.
    pub fn value(&self) -> Result<Nimber> {
        self.0.value()
    }

    /// Whether the component alone is a P-position (see [`Ruleset::is_p_position`]).
    pub fn is_p_position(&self) -> Result<bool> {
        self.0.is_p_position()
    }

    /// What the component can become in one move (see [`Ruleset::options`]).
    pub fn options(&self) -> Vec<Vec<Component>> {
        self.0.options()
    }

    /// The moves of this component to a position of value `target`: the first `limit`
    /// listed, all counted (see [`Ruleset::moves_to_value`]).
    pub fn moves_to_value(&self, target: Nimber, limit: usize) -> Result<MoveList<Vec<Component>>> {
        self.0.moves_to_value(target, limit)
    }

    /// The first move of this component to a position of value `target`, if any (see
    /// [`Ruleset::first_move_to_value`]).
    pub fn first_move_to_value(&self, target: Nimber) -> Result<Option<Vec<Component>>> {
        self.0.first_move_to_value(target)
    }

    /// An option of value `target` known without search, if the ruleset knows one (see
    /// [`Ruleset::known_move_to_value`]).
    pub fn known_move_to_value(&self, target: Nimber) -> Option<Vec<Component>> {
        self.0.known_move_to_value(target)
    }

    /// The option leaving exactly `parts` (components of this ruleset), if the rules allow it
    /// (see [`Ruleset::option_to`]).
    pub fn option_to(&self, parts: &[Component]) -> Option<Vec<Component>> {
        self.0.option_to(parts)
    }

    /// The option that takes least (see [`Ruleset::gentlest_option`]).
    pub fn gentlest_option(&self) -> Option<Vec<Component>> {
        self.0.gentlest_option()
    }

    /// A uniformly random option of this component (see [`Ruleset::random_option`]).
    pub fn random_option(&self, rng: &mut dyn rand_core::RngCore) -> Option<Vec<Component>> {
        self.0.random_option(rng)
    }

    /// The same ruleset with nothing left to play (what a component becomes when it vanishes).
    pub fn emptied(&self) -> Component {
        self.0.emptied()
    }

    /// Whether no move is possible in this component.
    pub fn is_terminal(&self) -> bool {
        // Nim answers without building an option: simulations ask this on every move.
        if let Some(heap) = self.as_nim() {
            return heap == 0;
        }
        self.gentlest_option().is_none()
    }

    /// The number of tokens: the heap, or the heaps of the component together.
    pub fn tokens(&self) -> u64 {
        self.0.tokens()
    }

    /// The component's heaps, as drawn: one for a heap, two for a Wythoff pair, the row of a
    /// Moore's Nim position (see [`PositionForm::heaps`]).
    pub fn heaps(&self) -> Vec<u64> {
        self.0.heaps()
    }

    /// How many positions of this component can occur from here on, counting this one, when
    /// it does not split (see [`PositionForm::position_count`]).
    pub fn position_count(&self) -> u64 {
        self.0.position_count()
    }

    /// What this component is called in moves and analyses: `heap`, `row`, `board`, `graph`,
    /// `row of coins` ([`crate::Presentation::noun`]).
    pub fn noun(&self) -> &'static str {
        self.0.presentation().noun
    }

    /// What this component is called and how it is numbered ([`Ruleset::presentation`]).
    pub fn presentation(&self) -> crate::Presentation {
        self.0.presentation()
    }

    /// A short name of the ruleset, e.g. `nim` or `subtraction {1,4,9}`.
    pub fn ruleset_name(&self) -> String {
        self.0.name()
    }

    /// The position as written in a term's list (`11`, `10,7`): see the registry's text format.
    pub fn position_text(&self) -> String {
        self.0.write()
    }

    /// The position as shown to people ([`Ruleset::show_position`]): the text form, or a
    /// shorter one that reads back as the same position (`grid:6x9` for a named graph's 93
    /// edges).
    pub fn position_shown(&self) -> String {
        self.0.show()
    }

    /// A short name of the position that a term reads back as it ([`PositionForm::named`]):
    /// `6x7` for a whole Cram board.
    pub fn position_named(&self) -> Option<String> {
        self.0.named()
    }

    /// Reads a typed move of this component (see [`Ruleset::parse_move`]).
    pub fn parse_move(
        &self,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Component>, MoveError>> {
        self.0.parse_move(words, context)
    }

    /// The typed move forms of this component's ruleset (see [`Ruleset::move_examples`]).
    pub fn move_examples(&self, numbered: bool) -> String {
        self.0.move_examples(numbered)
    }

    /// The move from this component to `to` in words (see [`Ruleset::describe_move`]).
    pub fn describe_move(&self, to: &[Component]) -> String {
        self.0.describe_move(to)
    }

    /// How the value follows from the mex rule (see [`Ruleset::explain_value`]).
    pub fn explain_value(&self) -> Result<Derivation> {
        self.0.explain_value()
    }

    /// The ruleset's own reasoning on this component alone, its plan made for the move that
    /// leaves `toward` when given (see [`Ruleset::explain_position`]).
    pub fn explain_position(
        &self,
        toward: Option<&[Component]>,
    ) -> Option<Arc<dyn PositionReasoning>> {
        self.0.explain_position(toward)
    }

    /// Whether a move of this ruleset may leave several components.
    pub fn splits(&self) -> bool {
        self.0.splits()
    }

    /// The bound of `tree_size` for `group`, live components of this ruleset.
    pub fn tree_estimate(&self, group: &[&Component], limit: u64) -> TreeEstimate {
        self.0.tree_estimate(group, limit)
    }

    /// Whether the sum of `group` is a P-position under misère play, by its ruleset's own
    /// search ([`Ruleset::misere_p_position`]); `None` unless `group` is not empty, of one
    /// ruleset, and that ruleset has such a search.
    pub fn misere_p_position_of(group: &[Component]) -> Option<Result<bool>> {
        let first = group.first()?;
        if !group.iter().all(|c| c.same_rules(first)) {
            return None;
        }
        let group: Vec<&Component> = group.iter().collect();
        first.0.misere_p_position(&group)
    }
}

impl PartialEq for Component {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.eq_erased(other.0.as_ref())
    }
}

impl Eq for Component {}

impl PartialOrd for Component {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Component {
    /// By ruleset, then position: a total order, so that sorted components are a canonical
    /// form of a sum.
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp_erased(other.0.as_ref())
    }
}

impl Hash for Component {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash_erased(state);
    }
}

impl fmt::Debug for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.ruleset_name(), self.position_text())
    }
}

impl fmt::Display for Component {
    /// The position as shown to people: the heap, or `(x, y)` for a Wythoff position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.show())
    }
}

/// A position as its shape writes it in JSON ([`PositionForm::serialize_json`]).
struct PositionJson<'a, P>(&'a P);

impl<P: PositionForm> serde::Serialize for PositionJson<'_, P> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        self.0.serialize_json(s)
    }
}

impl serde::Serialize for Component {
    /// `{"ruleset": "nim", "heap": 4}` or `{"ruleset": "wythoff", "heaps": [10, 7]}`: the
    /// ruleset's name and the position, in the field of its shape ([`PositionForm::JSON_FIELD`]).
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut out = serializer.serialize_map(Some(2))?;
        out.serialize_entry("ruleset", &self.ruleset_name())?;
        out.serialize_entry(self.0.json_field(), &self.0.position_serialize())?;
        out.end()
    }
}

/// A ruleset with its type forgotten: what the registry builds and a [`Component`] points to.
pub trait AnyRules: Debug + Send + Sync + 'static {
    /// The rules in the text format (see [`Ruleset::term`]).
    fn term(&self) -> String;
    /// A short name (see [`Ruleset::name`]).
    fn name(&self) -> String;
    /// A title for people (see [`Ruleset::title`]).
    fn title(&self) -> String;
    /// Whether a move may leave several components (see [`Ruleset::splits`]).
    fn splits(&self) -> bool;
    /// The amounts the rules list (see [`Ruleset::amounts`]).
    fn amounts(&self) -> &[u64];
    /// The Grundy sequence, for rulesets with one (see [`Ruleset::sequence`]).
    fn sequence(&self) -> Option<&dyn crate::heap_sequence::HeapSequence>;
    /// `G(heap)` beyond `2^64 - 1` (see [`super::ruleset::BigHeaps::value_big`]).
    fn value_big(&self, heap: &num_bigint::BigUint) -> Result<Nimber>;
    /// A heap below `2^64` with the moves of `heap` (see [`super::ruleset::BigHeaps::stand_in`]).
    fn stand_in(&self, heap: &num_bigint::BigUint) -> Result<u64>;
    /// The moves of a heap beyond `2^64 - 1` (see [`super::ruleset::BigHeaps::moves_to_value_big`]).
    fn moves_to_value_big(
        &self,
        heap: &num_bigint::BigUint,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<MoveList<Vec<num_bigint::BigUint>>>>;
    /// `G(heap)` beyond `2^64 - 1`, of any size (see [`super::ruleset::BigHeaps::value_huge`]).
    fn value_huge(&self, heap: &num_bigint::BigUint) -> Result<num_bigint::BigUint>;
    /// The moves of a heap beyond `2^64 - 1` to a value of any size (see
    /// [`super::ruleset::BigHeaps::moves_to_huge_value`]).
    fn moves_to_huge_value(
        &self,
        heap: &num_bigint::BigUint,
        target: &num_bigint::BigUint,
        limit: usize,
    ) -> Option<Result<MoveList<Vec<num_bigint::BigUint>>>>;
    /// Whether a heap beyond `2^64 - 1` may become `parts` (see [`super::ruleset::BigHeaps::is_option_big`]).
    fn is_option_big(
        &self,
        heap: &num_bigint::BigUint,
        parts: &[num_bigint::BigUint],
    ) -> Option<bool>;
    /// The components a term's list of positions names, e.g. `3,4` (two heaps).
    fn components(self: Arc<Self>, positions: &str) -> Result<Vec<Component>>;
    /// The components a list of numbers names (see [`Ruleset::positions_from`]).
    fn components_from(self: Arc<Self>, numbers: Vec<u64>) -> Result<Vec<Component>>;
    /// What a component is called and how it is numbered (see [`Ruleset::presentation`]).
    fn presentation(&self) -> crate::Presentation;
    /// One heap's moves as Nim's or an octal code's (see [`Ruleset::heap_moves`]).
    fn heap_moves(&self) -> Option<super::heap_rules::HeapMoves<'_>>;
    /// The ruleset itself, to look at its own type.
    fn as_any(&self) -> &dyn Any;
}

impl<R: Ruleset> AnyRules for R {
    fn term(&self) -> String {
        Ruleset::term(self)
    }

    fn name(&self) -> String {
        Ruleset::name(self)
    }

    fn title(&self) -> String {
        Ruleset::title(self)
    }

    fn splits(&self) -> bool {
        Ruleset::splits(self)
    }

    fn presentation(&self) -> crate::Presentation {
        Ruleset::presentation(self)
    }

    fn amounts(&self) -> &[u64] {
        Ruleset::amounts(self)
    }

    fn heap_moves(&self) -> Option<super::heap_rules::HeapMoves<'_>> {
        Ruleset::heap_moves(self)
    }

    fn sequence(&self) -> Option<&dyn crate::heap_sequence::HeapSequence> {
        Ruleset::sequence(self)
    }

    fn value_big(&self, heap: &num_bigint::BigUint) -> Result<Nimber> {
        let big = Ruleset::big_heaps(self).and_then(|b| b.value_big(heap));
        big.unwrap_or_else(|| Err(super::ruleset::beyond_u64(&Ruleset::name(self), heap)))
    }

    fn stand_in(&self, heap: &num_bigint::BigUint) -> Result<u64> {
        let big = Ruleset::big_heaps(self).and_then(|b| b.stand_in(heap));
        big.unwrap_or_else(|| {
            Err(super::error::GameError::too_large(
                format!(
                    "listing the moves of heap {heap} of {}",
                    Ruleset::name(self)
                ),
                "moves of a heap beyond 2^64 - 1 are listed only for games whose moves take a \
                 bounded number of tokens and leave one heap (subtraction games, octal codes \
                 that never split); its value alone: grundy sequence --at",
            ))
        })
    }

    fn moves_to_value_big(
        &self,
        heap: &num_bigint::BigUint,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<MoveList<Vec<num_bigint::BigUint>>>> {
        Ruleset::big_heaps(self)?.moves_to_value_big(heap, target, limit)
    }

    fn value_huge(&self, heap: &num_bigint::BigUint) -> Result<num_bigint::BigUint> {
        match Ruleset::big_heaps(self).and_then(|b| b.value_huge(heap)) {
            Some(value) => value,
            None => AnyRules::value_big(self, heap).map(num_bigint::BigUint::from),
        }
    }

    fn moves_to_huge_value(
        &self,
        heap: &num_bigint::BigUint,
        target: &num_bigint::BigUint,
        limit: usize,
    ) -> Option<Result<MoveList<Vec<num_bigint::BigUint>>>> {
        Ruleset::big_heaps(self)?.moves_to_huge_value(heap, target, limit)
    }

    fn is_option_big(
        &self,
        heap: &num_bigint::BigUint,
        parts: &[num_bigint::BigUint],
    ) -> Option<bool> {
        Ruleset::big_heaps(self)?.is_option_big(heap, parts)
    }

    fn components(self: Arc<Self>, positions: &str) -> Result<Vec<Component>> {
        Ok(self
            .parse_positions(positions)?
            .into_iter()
            .map(|p| Component::new(&self, p))
            .collect())
    }

    fn components_from(self: Arc<Self>, numbers: Vec<u64>) -> Result<Vec<Component>> {
        Ok(self
            .positions_from(numbers)?
            .into_iter()
            .map(|p| Component::new(&self, p))
            .collect())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The ruleset of type `R` in `rules`, if it is one.
pub fn downcast<R: Ruleset>(rules: &dyn AnyRules) -> Option<&R> {
    rules.as_any().downcast_ref::<R>()
}

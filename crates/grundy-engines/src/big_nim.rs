//! Positions whose Nim heaps may have any number of digits.
//!
//! A Nim heap is its own Grundy value, so Nim needs nothing but XOR at any size. Every other
//! ruleset's values are [`Nimber`](crate::nimber::Nimber)s (`u64`), and the fast machinery of [`crate::sum`] keeps
//! heaps in `u64` (simulations play millions of moves and must not allocate). A [`BigSum`] sits
//! beside it: its components are ordinary [`Component`]s or Nim heaps beyond `u64`
//! ([`BigComponent::Nim`]), and [`analyze_big`] answers it exactly. A position with no heap
//! beyond `u64` is handed to [`crate::strategy::analyze`] unchanged.
//!
//! In a sum whose total `T` (a [`BigUint`]) is not 0, a winning move brings some component of
//! value `g` to the value `g XOR T`:
//!
//! * a big Nim heap `h` can do so exactly when `h` has the highest set bit of `T` (then
//!   `h XOR T < h`);
//! * a heap of Lasker's Nim beyond `u64` ([`BigComponent::Heap`]) has a value of any size
//!   (its closed form), and its moves to `g XOR T` are found by that closed form's arithmetic;
//! * any other component has a `u64` value `g`, so `g XOR T` fits in `u64` only when `T` does.
//!   When `T` has a bit beyond 2^64 - 1 no other component can take part: its target value is
//!   at least 2^64, and no component of those rulesets has such a value. When `T` fits, the
//!   component's moves to `g XOR T` are found as in any sum.
//!
//! ```
//! use grundy_core::big_nim::{analyze_big, BigComponent, BigSum};
//! use grundy_core::strategy::Convention;
//! use grundy_core::sum::Outcome;
//! use num_bigint::BigUint;
//!
//! let huge: BigUint = "100000000000000000000000000000".parse().unwrap(); // 10^29
//! let sum = BigSum::nim(&[huge.clone(), huge + 5u32, BigUint::from(3u32)]);
//! let analysis = analyze_big(&sum, Convention::Normal).unwrap();
//! assert_eq!(analysis.total, BigUint::from(5u32 ^ 3)); // the two huge heaps cancel out
//! assert_eq!(analysis.outcome, Outcome::N);
//! // Only the middle heap has bit 2 of the total (6 = 110): it goes to 10^29 + (5 XOR 6).
//! assert_eq!(analysis.winning_moves.len(), 1);
//! assert_eq!(
//!     analysis.winning_moves[0].to_string(),
//!     "heap 2: 100000000000000000000000000005 -> 100000000000000000000000000003 (take 2)"
//! );
//! ```

use std::fmt;
use std::sync::Arc;

use num_bigint::BigUint;

use crate::kernel::bouton::{self, BigNimMove, HeapJson, NimMove};
use crate::kernel::component::AnyRules;
use crate::kernel::component::Component;
use crate::kernel::error::{GameError, Result};
use crate::kernel::move_forms::MAX_LISTED_HEAP;
use crate::kernel::moves::{MoveList, MAX_LISTED_MOVES};
use crate::strategy::{analyze, Analysis, Convention};
use crate::sum::{Outcome, Sum, SumMove};

/// One component of a [`BigSum`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BigComponent {
    /// An ordinary component (its heaps fit in `u64`).
    Small(Component),
    /// A Nim heap of more than 2^64 - 1 tokens (smaller heaps are [`BigComponent::Small`]).
    Nim(BigUint),
    /// A heap of more than 2^64 - 1 tokens of another heap ruleset whose value there is a
    /// lookup (a proven period): subtraction, octal and take-and-break games.
    Heap(BigHeap),
}

/// A heap beyond `2^64 - 1` of a heap ruleset other than Nim.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BigHeap {
    /// The ruleset's empty heap: it carries the rules (compared and hashed by them).
    pub empty: Component,
    /// The tokens, more than `2^64 - 1`.
    pub heap: BigUint,
}

impl BigHeap {
    /// The component of `heap` tokens of `rules`: [`BigComponent::Small`] when it fits in
    /// `u64` (and its value does: Lasker's Nim values `2^64 - 1` at `2^64`, so that heap is a
    /// big one). A heap beyond is accepted only when the ruleset gives its value
    /// ([`crate::kernel::BigHeaps::value_huge`]), which is an error naming the limit otherwise.
    pub fn component(rules: &Arc<dyn AnyRules>, heap: BigUint) -> Result<BigComponent> {
        if let Ok(h) = u64::try_from(&heap) {
            let small = single(rules.clone().components_from(vec![h])?, &heap)?;
            let fits = h < u64::MAX || small.value().is_ok() || rules.value_huge(&heap).is_err();
            if fits {
                return Ok(BigComponent::Small(small));
            }
        }
        let empty = single(rules.clone().components_from(vec![0])?, &heap)?;
        rules.value_huge(&heap)?;
        Ok(BigComponent::Heap(BigHeap { empty, heap }))
    }

    /// The value, a lookup through the ruleset's period or closed form.
    pub fn value(&self) -> Result<BigUint> {
        self.empty.rules().value_huge(&self.heap)
    }

    /// The moves to a component of value `target` (of any size), at most `limit` listed (all
    /// counted), as heaps of any size: the ruleset's own ([`crate::kernel::BigHeaps::moves_to_huge_value`],
    /// [`crate::kernel::BigHeaps::moves_to_value_big`]), else the moves of its stand-in heap
    /// ([`crate::kernel::BigHeaps::stand_in`]), each taking as many tokens from this heap. A
    /// target beyond `u64` is reached by no ruleset whose values fit in `u64`.
    pub fn moves_to_value(&self, target: &BigUint, limit: usize) -> Result<MoveList<Vec<BigUint>>> {
        let rules = self.empty.rules();
        if let Some(found) = rules.moves_to_huge_value(&self.heap, target, limit) {
            return found;
        }
        let Ok(target) = u64::try_from(target) else {
            return Ok(MoveList::with_limit(limit));
        };
        if let Some(found) = rules.moves_to_value_big(&self.heap, target, limit) {
            return found;
        }
        let r = rules.stand_in(&self.heap)?;
        let stand_in = single(rules.components_from(vec![r])?, &self.heap)?;
        let found = stand_in.moves_to_value(target, limit)?;
        found.try_map(|to| {
            // A stand-in's move leaves one heap (or none, which never happens: it is larger
            // than any amount taken); anything else would break the correspondence.
            let left = match to.as_slice() {
                [] => 0,
                [c] => match c.heaps().as_slice() {
                    [h] => *h,
                    _ => return Err(not_a_heap(&self.heap)),
                },
                _ => return Err(not_a_heap(&self.heap)),
            };
            let taken = r.checked_sub(left).ok_or_else(|| not_a_heap(&self.heap))?;
            Ok(vec![&self.heap - BigUint::from(taken)])
        })
    }
}

/// The one component a list of numbers names for a heap ruleset.
fn single(mut parts: Vec<Component>, heap: &BigUint) -> Result<Component> {
    match parts.len() {
        1 => Ok(parts.remove(0)),
        _ => Err(not_a_heap(heap)),
    }
}

fn not_a_heap(heap: &BigUint) -> GameError {
    GameError::invalid(
        "heap",
        heap,
        "a heap of a ruleset whose positions are single heaps (beyond 2^64 - 1)",
    )
}

impl BigComponent {
    /// A Nim heap of `heap` tokens: [`BigComponent::Small`] when it fits in `u64`.
    pub fn nim(heap: BigUint) -> Self {
        match u64::try_from(&heap) {
            Ok(h) => BigComponent::Small(Component::nim(h)),
            Err(_) => BigComponent::Nim(heap),
        }
    }

    /// The component's Grundy value.
    pub fn value(&self) -> Result<BigUint> {
        match self {
            BigComponent::Small(c) => c.value().map(BigUint::from),
            BigComponent::Nim(h) => Ok(h.clone()),
            BigComponent::Heap(b) => b.value(),
        }
    }

    /// The Nim heap, if the component is one (of any size).
    pub fn nim_heap(&self) -> Option<BigUint> {
        match self {
            BigComponent::Small(c) => c.as_nim().map(BigUint::from),
            BigComponent::Nim(h) => Some(h.clone()),
            BigComponent::Heap(_) => None,
        }
    }

    /// A short name of the ruleset (see [`Component::ruleset_name`]).
    pub fn ruleset_name(&self) -> String {
        match self {
            BigComponent::Small(c) => c.ruleset_name(),
            BigComponent::Nim(_) => crate::kernel::nim::NAME.into(),
            BigComponent::Heap(b) => b.empty.ruleset_name(),
        }
    }

    /// What the component is called in an analysis: `heap` for a big Nim heap.
    pub fn noun(&self) -> &'static str {
        match self {
            BigComponent::Small(c) => c.noun(),
            BigComponent::Nim(_) | BigComponent::Heap(_) => "heap",
        }
    }
}

impl fmt::Display for BigComponent {
    /// The heap, or `(x, y)` for a Wythoff position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BigComponent::Small(c) => c.fmt(f),
            BigComponent::Nim(h) | BigComponent::Heap(BigHeap { heap: h, .. }) => h.fmt(f),
        }
    }
}

impl serde::Serialize for BigComponent {
    /// As [`Component`]; a heap beyond `u64` is a decimal string: `{"ruleset": "nim", "heap":
    /// "18446744073709551616"}`.
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        match self {
            BigComponent::Small(c) => c.serialize(serializer),
            BigComponent::Nim(h) => nim_json(h).serialize(serializer),
            BigComponent::Heap(b) => heap_json(&b.empty, &b.heap).serialize(serializer),
        }
    }
}

/// `{"ruleset": "nim", "heap": ...}` for a heap of any size.
#[derive(serde::Serialize)]
struct NimJson<'a> {
    ruleset: String,
    heap: HeapJson<'a, BigUint>,
}

fn nim_json(heap: &BigUint) -> NimJson<'_> {
    NimJson {
        ruleset: crate::kernel::nim::NAME.into(),
        heap: HeapJson(heap),
    }
}

/// `{"ruleset": "subtraction {1,4,9}", "heap": ...}` for a heap of `rules` of any size.
fn heap_json<'a>(rules: &Component, heap: &'a BigUint) -> NimJson<'a> {
    NimJson {
        ruleset: rules.ruleset_name(),
        heap: HeapJson(heap),
    }
}

/// A move in a [`BigSum`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum BigMove {
    /// A move in an ordinary component.
    Small(SumMove),
    /// A move in a Nim heap (`heap` is the component's index).
    Nim(BigNimMove),
    /// A move in a [`BigHeap`]: the heaps it leaves may be of any size.
    Heap(BigHeapMove),
}

/// A move in a [`BigHeap`] of `from` tokens, leaving the heaps `to`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BigHeapMove {
    /// The component's index.
    pub component: usize,
    /// The heap moved in, beyond `2^64 - 1`.
    pub from: BigUint,
    /// The heaps left (one, or two after a split), each of any size.
    pub to: Vec<BigUint>,
    /// The ruleset's empty heap (the rules).
    pub empty: Component,
}

impl BigHeapMove {
    /// The tokens taken: `from` less the heaps left.
    pub fn taken(&self) -> BigUint {
        let left: BigUint = self.to.iter().sum();
        &self.from - left
    }

    /// The heaps left, `3 + 95`.
    fn to_text(&self) -> String {
        let parts: Vec<String> = self.to.iter().map(|h| h.to_string()).collect();
        if parts.is_empty() {
            "0".into()
        } else {
            parts.join(" + ")
        }
    }
}

impl BigMove {
    /// Index of the component moved in, from 0.
    pub fn component(&self) -> usize {
        match self {
            BigMove::Small(m) => m.component,
            BigMove::Nim(m) => m.heap,
            BigMove::Heap(m) => m.component,
        }
    }

    /// What the component becomes, e.g. `1` or `2 + 3` (empty when it vanishes).
    pub fn result_text(&self) -> String {
        match self {
            BigMove::Small(m) => {
                m.to.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" + ")
            }
            BigMove::Nim(m) => m.to.to_string(),
            BigMove::Heap(m) => m.to_text(),
        }
    }
}

impl From<SumMove> for BigMove {
    fn from(m: SumMove) -> Self {
        BigMove::Small(m)
    }
}

impl fmt::Display for BigMove {
    /// As [`SumMove`]: `heap 3: 4 -> 1 (take 3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BigMove::Small(m) => m.fmt(f),
            BigMove::Heap(m) => write!(
                f,
                "heap {}: {} -> {} (take {})",
                m.component + 1,
                m.from,
                m.to_text(),
                m.taken()
            ),
            BigMove::Nim(m) => write!(
                f,
                "heap {}: {} -> {} (take {})",
                m.heap + 1,
                m.from,
                m.to,
                m.taken()
            ),
        }
    }
}

impl serde::Serialize for BigMove {
    /// As [`SumMove`]: `{"component", "from", "to", "text"}`, heaps beyond `u64` as decimal
    /// strings.
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let (component, from, to) = match self {
            BigMove::Small(m) => return m.serialize(serializer),
            BigMove::Nim(m) => (m.heap, nim_json(&m.from), vec![nim_json(&m.to)]),
            BigMove::Heap(m) => (
                m.component,
                heap_json(&m.empty, &m.from),
                m.to.iter().map(|h| heap_json(&m.empty, h)).collect(),
            ),
        };
        let mut out = serializer.serialize_struct("SumMove", 4)?;
        out.serialize_field("component", &component)?;
        out.serialize_field("from", &from)?;
        out.serialize_field("to", &to)?;
        out.serialize_field("text", &self.to_string())?;
        out.end()
    }
}

/// A sum of games whose Nim heaps may be of any size.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct BigSum {
    /// The components, in the user's order.
    pub components: Vec<BigComponent>,
}

impl From<Sum> for BigSum {
    fn from(sum: Sum) -> Self {
        BigSum {
            components: sum
                .components
                .into_iter()
                .map(BigComponent::Small)
                .collect(),
        }
    }
}

impl BigSum {
    /// A Nim position with the given heaps.
    pub fn nim(heaps: &[BigUint]) -> Self {
        BigSum {
            components: heaps.iter().cloned().map(BigComponent::nim).collect(),
        }
    }

    /// The same position as an ordinary [`Sum`], when no heap is beyond `u64`.
    pub fn to_sum(&self) -> Option<Sum> {
        self.components
            .iter()
            .map(|c| match c {
                BigComponent::Small(c) => Some(c.clone()),
                BigComponent::Nim(_) | BigComponent::Heap(_) => None,
            })
            .collect::<Option<Vec<_>>>()
            .map(Sum::new)
    }

    /// The heaps, if every component is a Nim heap.
    pub fn nim_heaps(&self) -> Option<Vec<BigUint>> {
        self.components.iter().map(BigComponent::nim_heap).collect()
    }

    /// Each component's value, in order.
    pub fn values(&self) -> Result<Vec<BigUint>> {
        self.components.iter().map(BigComponent::value).collect()
    }

    /// The value of the sum: the nim-sum of the components' values.
    pub fn value(&self) -> Result<BigUint> {
        Ok(bouton::nim_sum_of(&self.values()?))
    }

    /// The position in the text format of `registry`, as [`Sum::to_terms`] writes it,
    /// with Nim heaps of any size in decimal: `spec::parse_big_sum` reads it back.
    ///
    /// ```
    /// use grundy_core::spec::parse_big_sum;
    ///
    /// let text = "nim:100000000000000000000000,3 + sub{1,4,9}:11 + nim:7";
    /// let sum = parse_big_sum(text).unwrap();
    /// assert_eq!(sum.to_terms(), text);
    /// assert_eq!(parse_big_sum(&sum.to_terms()).unwrap(), sum);
    /// ```
    pub fn to_terms(&self) -> String {
        let term = |c: &BigComponent| match c {
            BigComponent::Small(c) => c.rules().term(),
            BigComponent::Nim(_) => crate::kernel::nim::NAME.to_string(),
            BigComponent::Heap(b) => b.empty.rules().term(),
        };
        let mut terms: Vec<String> = Vec::new();
        for group in self.components.chunk_by(|a, b| term(a) == term(b)) {
            // Nim heaps of any size always share a term; other rulesets share one only when it
            // reads back as the same components (`crate::sum::write_terms`).
            let small: Option<Vec<Component>> = group
                .iter()
                .map(|c| match c {
                    BigComponent::Small(c) if c.as_nim().is_none() => Some(c.clone()),
                    _ => None,
                })
                .collect();
            match small {
                Some(components) => crate::sum::write_terms(&components, &mut terms),
                None => {
                    let heaps: Vec<String> = group
                        .iter()
                        .map(|c| match c {
                            BigComponent::Small(c) => c.position_text(),
                            BigComponent::Nim(h) | BigComponent::Heap(BigHeap { heap: h, .. }) => {
                                h.to_string()
                            }
                        })
                        .collect();
                    terms.push(format!("{}:{}", term(&group[0]), heaps.join(",")));
                }
            }
        }
        terms.join(" + ")
    }

    /// The position after `m` (a move of this sum): as [`Sum::apply`], the moved component
    /// takes the first part's place (or becomes empty) and further parts are appended.
    ///
    /// ```
    /// use grundy_core::big_nim::analyze_big;
    /// use grundy_core::spec::parse_big_sum;
    /// use grundy_core::strategy::Convention;
    ///
    /// let sum = parse_big_sum("nim:100000000000000000000000,3 + sub{1,4,9}:11").unwrap();
    /// let analysis = analyze_big(&sum, Convention::Normal).unwrap();
    /// for m in analysis.winning_moves.iter() {
    ///     assert_eq!(sum.after(m).value().unwrap(), 0u32.into());
    /// }
    /// ```
    pub fn after(&self, m: &BigMove) -> BigSum {
        let mut next = self.clone();
        match m {
            BigMove::Small(m) => {
                let mut parts = m.to.iter().cloned().map(BigComponent::Small);
                next.components[m.component] = parts
                    .next()
                    .unwrap_or_else(|| BigComponent::Small(m.from.emptied()));
                next.components.extend(parts);
            }
            BigMove::Nim(m) => next.components[m.heap] = BigComponent::nim(m.to.clone()),
            BigMove::Heap(m) => {
                // Heaps a move leaves were valued when the move was found: this cannot fail.
                let part = |h: &BigUint| {
                    BigHeap::component(&m.empty.rules(), h.clone()).unwrap_or_else(|_| {
                        BigComponent::Heap(BigHeap {
                            empty: m.empty.clone(),
                            heap: h.clone(),
                        })
                    })
                };
                let mut parts = m.to.iter().map(part);
                next.components[m.component] = parts
                    .next()
                    .unwrap_or_else(|| BigComponent::Small(m.empty.clone()));
                next.components.extend(parts);
            }
        }
        next
    }
}

/// The analysis of a [`BigSum`]: as [`Analysis`], with values of any size.
#[derive(Debug, Clone)]
pub struct BigAnalysis {
    /// The play convention analysed.
    pub convention: Convention,
    /// Each component's Sprague–Grundy value (normal play).
    pub values: Vec<BigUint>,
    /// Their nim-sum.
    pub total: BigUint,
    /// Who wins.
    pub outcome: Outcome,
    /// The winning moves (none from a P-position): the first
    /// [`MAX_LISTED_MOVES`] listed, all counted.
    pub winning_moves: MoveList<BigMove>,
}

impl From<Analysis> for BigAnalysis {
    fn from(a: Analysis) -> Self {
        BigAnalysis {
            convention: a.convention,
            values: a.values.into_iter().map(BigUint::from).collect(),
            total: BigUint::from(a.total),
            outcome: a.outcome,
            winning_moves: a.winning_moves.map(BigMove::Small),
        }
    }
}

/// Classifies `sum` and lists every winning move, for Nim heaps of any size.
///
/// Pure Nim is answered by Bouton's rules under both conventions. Other sums holding a heap
/// beyond `u64` are answered under normal play (see the module's documentation); under misère
/// play they would need an exhaustive search through every move, and are refused.
pub fn analyze_big(sum: &BigSum, convention: Convention) -> Result<BigAnalysis> {
    if let Some(small) = sum.to_sum() {
        return analyze(&small, convention).map(BigAnalysis::from);
    }
    let values = sum.values()?;
    let total = bouton::nim_sum_of(&values);
    let (outcome, winning_moves) = match (convention, sum.nim_heaps()) {
        (Convention::Normal, Some(heaps)) => (
            Outcome::of_big(&total),
            nim_moves(bouton::winning_moves_big(&heaps)),
        ),
        (Convention::Misere, Some(heaps)) => (
            if bouton::is_misere_p_position_big(&heaps) {
                Outcome::P
            } else {
                Outcome::N
            },
            nim_moves(bouton::misere_winning_moves_big(&heaps)),
        ),
        (Convention::Normal, None) => (
            Outcome::of_big(&total),
            mixed_winning_moves(sum, &values, &total)?,
        ),
        (Convention::Misere, None) => return Err(misere_refusal(sum)),
    };
    Ok(BigAnalysis {
        convention,
        values,
        total,
        outcome,
        winning_moves,
    })
}

fn nim_moves(moves: Vec<BigNimMove>) -> MoveList<BigMove> {
    MoveList::complete(moves.into_iter().map(BigMove::Nim).collect())
}

/// The winning moves of a normal-play sum with at least one heap beyond `u64`, given each
/// component's value and their nim-sum `total`, in component order.
fn mixed_winning_moves(
    sum: &BigSum,
    values: &[BigUint],
    total: &BigUint,
) -> Result<MoveList<BigMove>> {
    let mut moves = MoveList::with_limit(MAX_LISTED_MOVES);
    let Some(top) = total.bits().checked_sub(1) else {
        return Ok(moves);
    };
    // Only a total that fits in u64 can be reached by components whose values are u64.
    let small_total = u64::try_from(total).ok();
    for (i, (c, g)) in sum.components.iter().zip(values).enumerate() {
        match c {
            BigComponent::Nim(h) if h.bit(top) => moves.push(BigMove::Nim(NimMove {
                heap: i,
                from: h.clone(),
                to: h ^ total,
            })),
            BigComponent::Nim(_) => {}
            BigComponent::Heap(b) => {
                let found = b.moves_to_value(&(g ^ total), moves.room())?;
                moves.append(found.map(|to| {
                    BigMove::Heap(BigHeapMove {
                        component: i,
                        from: b.heap.clone(),
                        to,
                        empty: b.empty.clone(),
                    })
                }));
            }
            BigComponent::Small(c) => {
                let (Some(t), Ok(g)) = (small_total, u64::try_from(g)) else {
                    continue;
                };
                let found = c.moves_to_value(g ^ t, moves.room())?;
                moves.append(found.map(|to| BigMove::Small(SumMove::new(i, c, to))));
            }
        }
    }
    Ok(moves)
}

/// Why a misère sum of Nim heaps beyond `u64` and other games is not answered.
fn misere_refusal(sum: &BigSum) -> GameError {
    let i = sum
        .components
        .iter()
        .position(|c| !matches!(c, BigComponent::Small(_)))
        .unwrap_or(0);
    let what = match sum.components.get(i) {
        Some(BigComponent::Heap(b)) => {
            format!("a heap of {} beyond 2^64 - 1", b.empty.ruleset_name())
        }
        _ => "a Nim heap beyond 2^64 - 1".into(),
    };
    GameError::too_large(
        format!("component {} ({what})", i + 1),
        format!(
            "misère sums other than pure Nim are solved by exhaustive search, which lists every \
             move: components of at most {MAX_LISTED_HEAP} tokens (misère Nim alone takes heaps \
             of any size)"
        ),
    )
}

impl Outcome {
    /// The outcome of a position of value `value` (of any size) under normal play.
    pub fn of_big(value: &BigUint) -> Self {
        if value.bits() == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

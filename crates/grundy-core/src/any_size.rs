//! Playing positions of any size: the moves of a position whose heaps may be beyond `u64`
//! (a sum of terms read by [`crate::spec::parse_big_sum`], or a lone Wythoff board beyond
//! `u64`), for the doors that play it (the server's `/api/hint`, `/api/move` and `/api/apply`).
//!
//! The analysis is [`crate::report::analyze`]'s (asked through the one answer entry); this module
//! adds what playing needs beyond it: the computer's move ([`AnyPosition::computer_move`]: the
//! report's first winning move, else a move that takes little), a player's move checked
//! against the rules ([`AnyPosition::checked_move`], [`AnyPosition::typed_move`]) and the
//! position after a move ([`AnyPosition::after`]), written back as terms or as heaps.
//!
//! A heap beyond `u64` of a ruleset other than Nim is played only where its value is a lookup
//! (a proven period): its moves are those [`BigHeap::moves_to_value`] finds.
//!
//! ```
//! use grundy_core::any_size::AnyPosition;
//! use grundy_core::report::analyze;
//! use grundy_core::strategy::Convention;
//!
//! let text = "sub{1,4,9}:1000000000000000000000000000001"; // value 1: take 1 wins
//! let position = AnyPosition::parse(text).unwrap();
//! let report = analyze(text, Convention::Normal, false).unwrap();
//! let m = position.computer_move(&report).unwrap().unwrap();
//! let after = position.after(&m);
//! assert_eq!(after.to_terms(), "sub{1,4,9}:1000000000000000000000000000000");
//! // A player's move, as the API sends it: heap 1 (from 0) becomes 10^30 - 1.
//! let to = vec!["999999999999999999999999999999".parse().unwrap()];
//! assert!(after.checked_move(0, &to).unwrap().is_ok());
//! let to = vec!["999999999999999999999999999998".parse().unwrap()];
//! assert!(after.checked_move(0, &to).unwrap().is_err()); // takes 2: not in {1, 4, 9}
//! ```

mod valued;
pub use valued::{AnyMoveValues, AnyValuedMove};

use num_bigint::BigUint;

use crate::big_nim::{BigComponent, BigHeap, BigHeapMove, BigMove, BigSum};
use crate::games::wythoff::{MoveKind, WythoffMove};
use crate::kernel::bouton::NimMove;
use crate::kernel::error::{GameError, Result};
use crate::kernel::moves::MAX_LISTED_MOVES;
use crate::kernel::MoveContext;
use crate::report::{Move, Report};
use crate::spec::{parse_big, parse_big_sum};
use crate::sum::SumMove;

/// A position whose heaps may have any number of digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyPosition {
    /// A sum of terms (Nim heaps of any size, heaps of other rulesets beyond `u64` where their
    /// value is a lookup, any component within `u64`).
    Sum(BigSum),
    /// A lone Wythoff board `(x, y)`, of any size.
    Wythoff(BigUint, BigUint),
}

/// The largest value tried for a move of a heap beyond `u64` that only has to be legal (from a
/// P-position): the values of the rulesets answered there are small.
const MAX_TRIED_VALUE: u64 = 256;

impl AnyPosition {
    /// Reads the position written `text`, as [`crate::report::analyze`] does.
    pub fn parse(text: &str) -> Result<AnyPosition> {
        match parse_big_sum(text) {
            Ok(sum) => Ok(AnyPosition::Sum(sum)),
            Err(e) => lone_wythoff(text).ok_or(e),
        }
    }

    /// The position in the text format: [`BigSum::to_terms`], `wythoff:x,y`.
    pub fn to_terms(&self) -> String {
        match self {
            AnyPosition::Sum(sum) => sum.to_terms(),
            AnyPosition::Wythoff(x, y) => format!("wythoff:{x},{y}"),
        }
    }

    /// Every heap, in order (a Wythoff board's two, a Moore's Nim row's each), as the API's
    /// `heaps` lists them.
    pub fn heaps(&self) -> Vec<BigUint> {
        match self {
            AnyPosition::Sum(sum) => sum
                .components
                .iter()
                .flat_map(|c| match c {
                    BigComponent::Small(c) => c.heaps().into_iter().map(BigUint::from).collect(),
                    BigComponent::Nim(h) | BigComponent::Heap(BigHeap { heap: h, .. }) => {
                        vec![h.clone()]
                    }
                })
                .collect(),
            AnyPosition::Wythoff(x, y) => vec![x.clone(), y.clone()],
        }
    }

    /// The position after `m`, a move of this position.
    pub fn after(&self, m: &Move) -> AnyPosition {
        match (self, m) {
            (AnyPosition::Sum(sum), Move::Sum(m)) => AnyPosition::Sum(sum.after(m)),
            // Within `u64` a board is an ordinary component again.
            (_, Move::Wythoff { to, .. }) => {
                let (x, y) = &to.to;
                AnyPosition::parse(&format!("wythoff:{x},{y}"))
                    .unwrap_or_else(|_| AnyPosition::Wythoff(x.clone(), y.clone()))
            }
            (AnyPosition::Wythoff(..), Move::Sum(_)) => self.clone(),
        }
    }

    /// Whether no move is left.
    pub fn is_terminal(&self) -> bool {
        self.heaps().iter().all(|h| h.bits() == 0)
            && match self {
                AnyPosition::Sum(sum) => sum.components.iter().all(|c| match c {
                    BigComponent::Small(c) => c.is_terminal(),
                    _ => false,
                }),
                AnyPosition::Wythoff(..) => true,
            }
    }

    /// The perfect player's move, given the position's `report`: its first winning move, else
    /// (from a P-position) a move that takes little from the largest part, so that the game
    /// lasts; `None` when no move is left.
    pub fn computer_move(&self, report: &Report) -> Result<Option<Move>> {
        if let Some(m) = report.winning_moves.iter().next() {
            return Ok(Some(m.mv.clone()));
        }
        match self {
            AnyPosition::Wythoff(x, y) => Ok(wythoff_step(x, y)),
            AnyPosition::Sum(sum) => Ok(delaying_move(sum)?.map(Move::Sum)),
        }
    }

    /// The move of component `component` (from 0) that leaves the heaps `to` (`[]` or `[0]`
    /// when it is emptied, two heaps after a split, the queen's square for a Wythoff board), or
    /// why the rules refuse it (heaps numbered from 1).
    pub fn checked_move(
        &self,
        component: usize,
        to: &[BigUint],
    ) -> Result<std::result::Result<Move, String>> {
        match self {
            AnyPosition::Wythoff(x, y) => Ok(wythoff_move(x, y, component, to)),
            AnyPosition::Sum(sum) => sum_move(sum, component, to),
        }
    }

    /// A move typed as `grundy play` reads it: `"1 to 5"`, `"1 to 2 3"` (a split), `"1 3"`
    /// (take 3 from heap 1), `"take 3 from 1"`; on a lone Wythoff board `"to 4 7"`.
    pub fn typed_move(&self, text: &str) -> Result<std::result::Result<Move, String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let lone = matches!(self, AnyPosition::Wythoff(..))
            || matches!(self, AnyPosition::Sum(s) if s.components.len() == 1);
        let (index, rest): (&str, Vec<&str>) = match words.as_slice() {
            ["take", k, "from", n] => (n, vec![k]),
            ["heap", n, rest @ ..] if !rest.is_empty() => (n, rest.to_vec()),
            ["to", ..] if lone => ("1", words.clone()),
            [n, rest @ ..] if !rest.is_empty() => (n, rest.to_vec()),
            _ => return Ok(Err(typed_help(text))),
        };
        let Some(i) = crate::kernel::list::parse_whole::<usize>(index)
            .ok()
            .and_then(|n| n.checked_sub(1))
        else {
            return Ok(Err(typed_help(text)));
        };
        let parts = match self {
            AnyPosition::Sum(sum) => sum.components.len(),
            AnyPosition::Wythoff(..) => 1,
        };
        if i >= parts {
            return Ok(Err(format!(
                "there is no heap {index}: the heaps are numbered 1 to {parts}"
            )));
        }
        if let AnyPosition::Sum(sum) = self {
            if let Some(BigComponent::Small(c)) = sum.components.get(i) {
                let context = MoveContext {
                    index: i,
                    numbered: true,
                    alone: sum.components.len() == 1,
                };
                return Ok(match c.parse_move(&rest, context) {
                    Some(Ok(parts)) => Ok(Move::Sum(BigMove::Small(SumMove::new(i, c, parts)))),
                    Some(Err(e)) => Err(e.to_string()),
                    None => Err(typed_help(text)),
                });
            }
        }
        let numbers = |words: &[&str]| -> Option<Vec<BigUint>> {
            words.iter().map(|w| parse_big(w, "heap").ok()).collect()
        };
        let to = match rest.as_slice() {
            ["to", parts @ ..] => numbers(parts),
            [k] => match (numbers(&[k]), self.heaps_of(i)) {
                (Some(k), Some(from)) if k[0] <= from && k[0].bits() > 0 => {
                    Some(vec![from - &k[0]])
                }
                (Some(_), Some(from)) => {
                    return Ok(Err(format!(
                        "heap {} has {from} tokens: take from 1 to at most all of them",
                        i + 1
                    )))
                }
                _ => None,
            },
            _ => None,
        };
        match to {
            Some(to) => self.checked_move(i, &to),
            None => Ok(Err(typed_help(text))),
        }
    }

    /// The one heap of component `i`, when it is a single heap.
    fn heaps_of(&self, i: usize) -> Option<BigUint> {
        match self {
            AnyPosition::Sum(sum) => match sum.components.get(i)? {
                BigComponent::Nim(h) | BigComponent::Heap(BigHeap { heap: h, .. }) => {
                    Some(h.clone())
                }
                BigComponent::Small(c) => match c.heaps().as_slice() {
                    [h] => Some(BigUint::from(*h)),
                    _ => None,
                },
            },
            AnyPosition::Wythoff(..) => None,
        }
    }
}

fn typed_help(text: &str) -> String {
    format!(
        "\"{text}\" is not a move here: write the heap's number and what it becomes, e.g. \"1 to 5\" (\"1 to 2 3\" to split it), or the heap's number and how many to take, e.g. \"1 3\""
    )
}

/// A lone Wythoff board written `wythoff:x,y` with a coordinate beyond `u64`.
fn lone_wythoff(text: &str) -> Option<AnyPosition> {
    let (rules, list) = text.trim().rsplit_once(':')?;
    let wythoff = &crate::games::wythoff::FAMILY;
    if text.contains('+') || !std::ptr::eq(crate::registry::family(rules.trim())?, wythoff) {
        return None;
    }
    let (x, y) = list.split_once(',')?;
    Some(AnyPosition::Wythoff(
        parse_big(x.trim(), "heap").ok()?,
        parse_big(y.trim(), "heap").ok()?,
    ))
}

/// A Wythoff board's move one square left (or down, on the first column).
fn wythoff_step(x: &BigUint, y: &BigUint) -> Option<Move> {
    let one = BigUint::from(1u8);
    let (kind, to) = if x.bits() > 0 {
        (MoveKind::FromFirst, (x - &one, y.clone()))
    } else if y.bits() > 0 {
        (MoveKind::FromSecond, (x.clone(), y - &one))
    } else {
        return None;
    };
    Some(Move::Wythoff {
        from: (x.clone(), y.clone()),
        to: WythoffMove {
            kind,
            taken: one,
            to,
        },
    })
}

/// The queen's move from `(x, y)` to `to` = `[a, b]`, or why it is not one.
fn wythoff_move(
    x: &BigUint,
    y: &BigUint,
    component: usize,
    to: &[BigUint],
) -> std::result::Result<Move, String> {
    let [a, b] = to else {
        return Err("a Wythoff move gives the queen's new square, two numbers [x, y]".into());
    };
    if component != 0 {
        return Err(format!(
            "there is no board {}: the position is one board",
            component + 1
        ));
    }
    let kind = if a < x && b == y {
        MoveKind::FromFirst
    } else if a == x && b < y {
        MoveKind::FromSecond
    } else if a < x && b < y && x - a == y - b {
        MoveKind::FromBoth
    } else {
        return Err(format!(
            "the queen at ({x}, {y}) cannot go to ({a}, {b}): she moves left, down or diagonally down-left, at least one square"
        ));
    };
    let taken = if a < x { x - a } else { y - b };
    Ok(Move::Wythoff {
        from: (x.clone(), y.clone()),
        to: WythoffMove {
            kind,
            taken,
            to: (a.clone(), b.clone()),
        },
    })
}

/// The move of component `i` of `sum` leaving the heaps `to`, or why there is none.
fn sum_move(sum: &BigSum, i: usize, to: &[BigUint]) -> Result<std::result::Result<Move, String>> {
    let Some(from) = sum.components.get(i) else {
        let n = sum.components.len();
        return Ok(Err(format!(
            "there is no heap {}: the position has {n} heap{}, numbered from 1",
            i + 1,
            if n == 1 { "" } else { "s" }
        )));
    };
    let parts: Vec<BigUint> = to.iter().filter(|h| h.bits() > 0).cloned().collect();
    match from {
        BigComponent::Small(c) => {
            let small: Option<Vec<u64>> = to.iter().map(|h| u64::try_from(h).ok()).collect();
            let Some(small) = small else {
                return Ok(Err(format!(
                    "{} {} has {c}: a move leaves fewer tokens",
                    c.noun(),
                    i + 1
                )));
            };
            let mut words = vec!["to".to_string()];
            words.extend(small.iter().map(u64::to_string));
            if small.is_empty() {
                words.push("0".into());
            }
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let context = MoveContext {
                index: i,
                numbered: true,
                alone: sum.components.len() == 1,
            };
            Ok(match c.parse_move(&words, context) {
                Some(Ok(parts)) => Ok(Move::Sum(BigMove::Small(SumMove::new(i, c, parts)))),
                Some(Err(e)) => Err(e.to_string()),
                None => Err(format!(
                    "{} ({c}) cannot become {}: its moves are written {}",
                    c.ruleset_name(),
                    shown(to),
                    c.move_examples(true)
                )),
            })
        }
        BigComponent::Nim(h) => Ok(match parts.as_slice() {
            [] => Ok(nim_move(i, h, BigUint::ZERO)),
            [t] if t < h => Ok(nim_move(i, h, t.clone())),
            _ => Err(format!(
                "heap {} has {h} tokens: a Nim move leaves one smaller heap",
                i + 1
            )),
        }),
        BigComponent::Heap(b) => heap_move(b, i, parts),
    }
}

fn nim_move(i: usize, from: &BigUint, to: BigUint) -> Move {
    Move::Sum(BigMove::Nim(NimMove {
        heap: i,
        from: from.clone(),
        to,
    }))
}

fn shown(heaps: &[BigUint]) -> String {
    let parts: Vec<String> = heaps.iter().map(BigUint::to_string).collect();
    format!("[{}]", parts.join(", "))
}

/// The move of the heap `b` (beyond `u64`, component `i`) leaving the heaps `parts` (none
/// empty): decided by the ruleset's arithmetic ([`crate::kernel::BigHeaps::is_option_big`]:
/// every move, however far from the ends a split is), else found among its moves to the value
/// the parts have together.
fn heap_move(
    b: &BigHeap,
    i: usize,
    mut parts: Vec<BigUint>,
) -> Result<std::result::Result<Move, String>> {
    let rules = b.empty.rules();
    let wanted = shown(&parts);
    let refuse = |why: &str| {
        Err(format!(
            "heap {} ({} tokens, {}) cannot become {wanted}: {why}",
            i + 1,
            b.heap,
            b.empty.ruleset_name(),
        ))
    };
    let the_move = |to: Vec<BigUint>| {
        Move::Sum(BigMove::Heap(BigHeapMove {
            component: i,
            from: b.heap.clone(),
            to,
            empty: b.empty.clone(),
        }))
    };
    match rules.is_option_big(&b.heap, &parts) {
        Some(true) => {
            parts.sort();
            return Ok(Ok(the_move(parts)));
        }
        Some(false) => return Ok(refuse("the rules allow no such move")),
        None => {}
    }
    let left: BigUint = parts.iter().sum();
    if left >= b.heap {
        return Ok(refuse("a move takes at least one token"));
    }
    let mut target = BigUint::ZERO;
    for p in &parts {
        match BigHeap::component(&rules, p.clone()) {
            Ok(c) => target ^= c.value()?,
            Err(_) => return Ok(refuse("the rules allow no such heap")),
        }
    }
    parts.sort();
    let found = b.moves_to_value(&target, MAX_LISTED_MOVES)?;
    let complete = found.is_complete();
    for to in found.iter() {
        let mut sorted = to.clone();
        sorted.sort();
        if sorted == parts {
            return Ok(Ok(the_move(to.clone())));
        }
    }
    Ok(if complete {
        refuse("the rules allow no such move")
    } else {
        refuse(&format!(
            "it is not among the first {MAX_LISTED_MOVES} moves to its value, which are all that are checked for a heap this large"
        ))
    })
}

/// A move that takes little, from the largest part first: for a lost position, so that the
/// game lasts; `None` when no move is left.
fn delaying_move(sum: &BigSum) -> Result<Option<BigMove>> {
    let mut order: Vec<usize> = (0..sum.components.len()).collect();
    let size = |c: &BigComponent| match c {
        BigComponent::Small(c) => BigUint::from(c.tokens()),
        BigComponent::Nim(h) | BigComponent::Heap(BigHeap { heap: h, .. }) => h.clone(),
    };
    // The largest first, and of equal ones the last (as Nim's computer always did).
    order.sort_by(|&a, &b| (size(&sum.components[b]), b).cmp(&(size(&sum.components[a]), a)));
    for i in order {
        match &sum.components[i] {
            BigComponent::Small(c) => {
                if let Some(to) = c.gentlest_option() {
                    return Ok(Some(BigMove::Small(SumMove::new(i, c, to))));
                }
            }
            BigComponent::Nim(h) => {
                return Ok(Some(BigMove::Nim(NimMove {
                    heap: i,
                    from: h.clone(),
                    to: h - 1u8,
                })))
            }
            BigComponent::Heap(b) => {
                // Taking one token, where the rules decide it by arithmetic.
                let one_less = vec![&b.heap - 1u8];
                if b.empty.rules().is_option_big(&b.heap, &one_less) == Some(true) {
                    return Ok(Some(BigMove::Heap(BigHeapMove {
                        component: i,
                        from: b.heap.clone(),
                        to: one_less,
                        empty: b.empty.clone(),
                    })));
                }
                for target in 0..=MAX_TRIED_VALUE {
                    let target = BigUint::from(target);
                    if let Some(to) = b.moves_to_value(&target, 1)?.iter().next() {
                        return Ok(Some(BigMove::Heap(BigHeapMove {
                            component: i,
                            from: b.heap.clone(),
                            to: to.clone(),
                            empty: b.empty.clone(),
                        })));
                    }
                }
                return Err(GameError::too_large(
                    format!("a move of heap {} ({})", i + 1, b.heap),
                    format!("no move to a value up to {MAX_TRIED_VALUE} was found"),
                ));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::analyze;
    use crate::strategy::Convention;
    use serde_json::json;

    const HUGE: &str = "1000000000000000000000000000000"; // 10^30

    /// Plays `text` with the computer's moves for `moves` moves, checking each position after
    /// a move reads back and each winning move leaves a P-position.
    fn play(text: &str, moves: usize) {
        let mut text = text.to_string();
        for _ in 0..moves {
            let position = AnyPosition::parse(&text).unwrap();
            let report = analyze(&text, Convention::Normal, false).unwrap();
            let Some(m) = position.computer_move(&report).unwrap() else {
                return;
            };
            let after = position.after(&m);
            let written = after.to_terms();
            assert_eq!(AnyPosition::parse(&written).unwrap(), after, "{written}");
            if report.outcome == crate::sum::Outcome::N {
                let next = analyze(&written, Convention::Normal, false).unwrap();
                assert_eq!(next.outcome, crate::sum::Outcome::P, "{text} -> {written}");
            }
            // The same move, as a player sends it, is legal.
            let json = serde_json::to_value(&m).unwrap();
            let i = json["component"].as_u64().unwrap() as usize;
            let to: Vec<BigUint> = after_heaps(&json);
            assert!(position.checked_move(i, &to).unwrap().is_ok(), "{json}");
            text = written;
        }
    }

    fn after_heaps(json: &serde_json::Value) -> Vec<BigUint> {
        let number = |v: &serde_json::Value| match v {
            serde_json::Value::String(s) => s.parse().unwrap(),
            v => BigUint::from(v.as_u64().unwrap()),
        };
        json["to"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|part| match (part.get("heap"), part.get("heaps")) {
                (Some(h), _) => vec![number(h)],
                (_, Some(hs)) => hs.as_array().unwrap().iter().map(number).collect(),
                _ => panic!("{part}"),
            })
            .collect()
    }

    #[test]
    fn huge_positions_are_played_through() {
        play(&format!("sub{{1,4,9}}:{HUGE}"), 6);
        play(&format!("octal{{0.77}}:{HUGE}"), 4);
        play(&format!("octal{{0.07}}:{HUGE}"), 4);
        play(&format!("wythoff:{HUGE},17"), 3);
        play(&format!("lasker:{HUGE},1000000000000000000000000000006"), 4);
        play(&format!("lasker:18446744073709551615 + nim:{HUGE}"), 3);
        play(
            &format!("sub{{1,4,9}}:{HUGE} + octal{{0.77}}:{HUGE} + nim:5"),
            6,
        );
    }

    #[test]
    fn illegal_moves_are_refused_with_the_reason() {
        let p = AnyPosition::parse(&format!("sub{{1,4,9}}:{HUGE}")).unwrap();
        let two_less: BigUint = HUGE.parse::<BigUint>().unwrap() - 2u8;
        let e = p.checked_move(0, &[two_less]).unwrap().unwrap_err();
        assert!(e.contains("heap 1") && e.contains(HUGE), "{e}");
        assert!(p.typed_move("1 4").unwrap().is_ok());
        assert!(p.typed_move("1 2").unwrap().is_err());
        let w = AnyPosition::parse(&format!("wythoff:{HUGE},17")).unwrap();
        assert!(w.typed_move("to 3 17").unwrap().is_ok());
        assert!(w.typed_move("to 3 16").unwrap().is_err());
    }

    #[test]
    fn json_numbers_are_exact_on_both_sides_of_2_to_the_53() {
        let below = (1u64 << 53) - 1;
        for (heap, expected) in [
            (below.to_string(), json!(below)),
            ((1u64 << 53).to_string(), json!("9007199254740992")),
            (u64::MAX.to_string(), json!("18446744073709551615")),
            (
                "18446744073709551616".to_string(),
                json!("18446744073709551616"),
            ),
        ] {
            for term in ["nim", "sub{1,2}", "wythoff"] {
                let text = match term {
                    "wythoff" => format!("wythoff:{heap},{heap}"),
                    _ => format!("{term}:{heap}"),
                };
                let report = analyze(&text, Convention::Normal, true).unwrap();
                let value = serde_json::to_value(&report).unwrap();
                let c = &value["components"][0];
                let shown = c.get("heap").unwrap_or_else(|| &c["heaps"][0]);
                assert_eq!(shown, &expected, "{text}: {c}");
                // Every whole number in the document is within 2^53 - 1.
                assert!(all_exact(&value), "{text}: {value}");
            }
        }
    }

    fn all_exact(v: &serde_json::Value) -> bool {
        match v {
            serde_json::Value::Number(n) => n.as_u64().map_or(true, |n| n < 1 << 53),
            serde_json::Value::Array(items) => items.iter().all(all_exact),
            serde_json::Value::Object(fields) => fields.values().all(all_exact),
            _ => true,
        }
    }
}

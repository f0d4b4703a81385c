//! The moves of an octal heap to a chosen value, every one counted, however large the heap.
//!
//! A heap of `n` tokens has up to `n/2` split moves per split digit, so a heap of 10^18 tokens
//! has more winning moves than any list can hold. They are still counted exactly: once a period
//! `p` from `n0` is proven, `G(a) XOR G(rest - a)` depends only on `a mod p` as soon as both
//! parts are at least `n0`. So the smaller parts below `n0 + p` are checked one by one, and
//! beyond them each residue class that reaches the target contributes
//! `floor((L - n0 - j) / p)` further moves (`L` the largest smaller part, `n0 + j` the class's
//! first member), listed in increasing order while the list has room.

use super::run::SequenceRun;
use crate::kernel::heap_rules::HeapRules;
use crate::kernel::moves::MoveList;
use crate::nimber::Nimber;
use num_bigint::BigUint;

/// The options of `heap` of value `target`, in the order of [`crate::kernel::Ruleset::options`]
/// (by amount removed; for each, the one-heap option, the splits by smaller part, then taking
/// the whole heap), the first `limit` listed and all counted. `None` when a value needed is not
/// known to `run` (the caller extends the table first: every value below `heap` is needed
/// unless a period is proven).
pub(super) fn moves_to_value(
    rules: &HeapRules,
    run: &SequenceRun,
    heap: u64,
    target: Nimber,
    limit: usize,
) -> Option<MoveList<Vec<u64>>> {
    let mut found = MoveList::with_limit(limit);
    for (k, &digit) in rules.digits().iter().enumerate() {
        let k = k as u64;
        if digit & 2 != 0 && k < heap && run.value_at(heap - k)? == target {
            found.push(vec![heap - k]);
        }
        if digit & 4 != 0 && k < heap {
            splits_to_value(rules, run, heap - k, target, &mut found)?;
        }
        if digit & 1 != 0 && k == heap && target == 0 {
            found.push(Vec::new());
        }
    }
    Some(found)
}

/// Adds to `found` the splits of `rest` tokens into `a + (rest - a)` (smaller part `a`
/// ascending) with `G(a) XOR G(rest - a) = target`.
fn splits_to_value(
    rules: &HeapRules,
    run: &SequenceRun,
    rest: u64,
    target: Nimber,
    found: &mut MoveList<Vec<u64>>,
) -> Option<()> {
    let largest = rules.largest_smaller_part(rest);
    let value_of = |a: u64| -> Option<Nimber> { Some(run.value_at(a)? ^ run.value_at(rest - a)?) };
    // Where the periodic shortcut starts: past it, every smaller part a and its partner
    // rest - a >= a are at least n0, so the split's value repeats with period p in a.
    let periodic_from = run
        .period()
        .map(|p| p.preperiod + p.period)
        .filter(|&start| start <= largest);
    let direct_to = periodic_from.map_or(largest, |start| start - 1);
    for a in 1..=direct_to {
        if value_of(a)? == target {
            found.push(vec![a, rest - a]);
        }
    }
    let (Some(start), Some(p)) = (periodic_from, run.period()) else {
        return Some(());
    };
    let (n0, period) = (p.preperiod, p.period);
    // The residues j (smaller part n0 + j + m·p, m >= 1) whose splits reach the target.
    let mut residues = Vec::new();
    for j in 0..period {
        if value_of(n0 + j)? == target {
            residues.push(j);
        }
    }
    let count: u128 = residues
        .iter()
        .map(|&j| u128::from((largest - n0 - j) / period))
        .sum();
    let mut listed = 0u128;
    'cycles: for m in 1u64.. {
        for &j in &residues {
            if !found.wants_more() {
                break 'cycles;
            }
            let a = n0 + j + m * period;
            if a > largest {
                break 'cycles;
            }
            debug_assert!(a >= start);
            found.push(vec![a, rest - a]);
            listed += 1;
        }
        if residues.is_empty() {
            break;
        }
    }
    found.count_unlisted(count - listed);
    Some(())
}

/// [`moves_to_value`] for a heap beyond `u64`, through the proven period (`None` without one,
/// or when a value needed is unknown). The heap is larger than any amount a move takes, so
/// no move empties it, and every heap a move leaves alone is beyond the preperiod; a split
/// leaves a smaller part `a` and `rest - a`, which is beyond `u64` too, so the splits are
/// counted as in [`splits_to_value`]: smaller parts below `n0 + p` one by one, then by residue
/// class (the count is a big integer: a heap of 10^30 has about 10^29 splits).
pub(super) fn moves_to_value_big(
    rules: &HeapRules,
    run: &SequenceRun,
    heap: &BigUint,
    target: Nimber,
    limit: usize,
) -> Option<MoveList<Vec<BigUint>>> {
    let p = run.period()?;
    let mut found = MoveList::with_limit(limit);
    for (k, &digit) in rules.digits().iter().enumerate() {
        let rest = heap - BigUint::from(k);
        if digit & 2 != 0 && run.value_at_big(&rest)? == target {
            found.push(vec![rest.clone()]);
        }
        if digit & 4 != 0 {
            let largest = rules.largest_smaller_part_big(&rest);
            let (n0, period) = (p.preperiod, p.period);
            // Every smaller part below n0 + p is a split, and its partner is at least n0:
            // true of the heaps beyond u64 this is for (the period is found within 2^24).
            if largest < BigUint::from(n0 + period) {
                return None;
            }
            let value_of = |a: u64| -> Option<Nimber> {
                Some(run.value_at(a)? ^ run.value_at_big(&(&rest - a))?)
            };
            for a in 1..n0 + period {
                if value_of(a)? == target {
                    found.push(vec![BigUint::from(a), &rest - a]);
                }
            }
            let mut residues = Vec::new();
            for j in 0..period {
                if value_of(n0 + j)? == target {
                    residues.push(j);
                }
            }
            // Smaller parts n0 + j + m·p for m >= 1, up to `largest` (for a heap beyond u64
            // the list fills long before a part passes it).
            let mut count = BigUint::ZERO;
            for &j in &residues {
                count += (&largest - (n0 + j)) / period;
            }
            let mut listed = 0u64;
            'cycles: for m in 1u64.. {
                for &j in &residues {
                    if !found.wants_more() {
                        break 'cycles;
                    }
                    let a = n0 + j + m * period;
                    if BigUint::from(a) > largest {
                        break 'cycles;
                    }
                    found.push(vec![BigUint::from(a), &rest - a]);
                    listed += 1;
                }
                if residues.is_empty() {
                    break;
                }
            }
            found.count_unlisted_big(&(count - listed));
        }
    }
    Some(found)
}

/// The option of `heap` that leaves the heaps `wanted` (sorted, none empty) if the code allows
/// it, read off its digits: taking `heap` and leaving nothing, taking `heap − a` and leaving
/// one heap of `a`, or taking `heap − a − b` and leaving `a` and `b`.
pub(super) fn option_leaving(rules: &HeapRules, heap: u64, wanted: &[u64]) -> Option<Vec<u64>> {
    let digit = |k: u64| {
        usize::try_from(k)
            .ok()
            .and_then(|k| rules.digits().get(k).copied())
            .unwrap_or(0)
    };
    match *wanted {
        [] => (heap > 0 && digit(heap) & 1 != 0).then(Vec::new),
        [a] => {
            let k = heap.checked_sub(a).filter(|&k| k > 0)?;
            (digit(k) & 2 != 0).then(|| vec![a])
        }
        [a, b] => {
            let rest = a.checked_add(b)?;
            let k = heap.checked_sub(rest)?;
            (digit(k) & 4 != 0 && rules.split_allowed(a, rest)).then(|| vec![a, b])
        }
        _ => None,
    }
}

/// Whether the code lets a heap of `heap` tokens (any size) become the heaps `parts` (none
/// empty, any order), read off its digits as [`option_leaving`] does: a split is checked by
/// its two parts alone, however far from the ends it is (the list of a huge heap's moves
/// holds only its first ones).
pub(super) fn is_option_big(rules: &HeapRules, heap: &BigUint, parts: &[BigUint]) -> bool {
    let digit = |k: &BigUint| {
        usize::try_from(k)
            .ok()
            .and_then(|k| rules.digits().get(k).copied())
            .unwrap_or(0)
    };
    let left: BigUint = parts.iter().sum();
    if parts.iter().any(|p| p.bits() == 0) || &left > heap {
        return false;
    }
    let taken = heap - &left;
    match parts {
        [] => taken.bits() > 0 && digit(&taken) & 1 != 0,
        [_] => taken.bits() > 0 && digit(&taken) & 2 != 0,
        [a, b] => digit(&taken) & 4 != 0 && !(rules.is_grundys_game() && a == b),
        _ => false,
    }
}

//! The moves of a take-and-break heap to a chosen value, every one counted.
//!
//! Within the table of values the options are gone through one by one (their number is
//! counted first and bounded by [`MAX_COUNTED_OPTIONS`]: a heap of `n` has about `n²/12`
//! splits in three per amount). Beyond the table, with a proven period `G(n + p) = G(n) + s`:
//!
//! * a move leaving one heap of `m` reaches `target` for the `m` of the right residue —
//!   every period of them when `s = 0`, at most one per residue when `s > 0`;
//! * a split `a + b = rest` with both parts at least `n0` has parts `n0 + r_i + p·q_i` with
//!   `r_1 + r_2` fixed modulo `p` and `q_1 + q_2 = K` fixed: for `s = 0` its value depends on
//!   the residues alone; for `s = 2^m` it is `(L_1 XOR L_2) + s·((c_1 + q_1) XOR (c_2 + q_2))`
//!   (see [`super::classes`]), and `x XOR y = τ` with `x + y = S` holds exactly for
//!   `x = d + A`, `A` a submask of `τ`, `d = (S - τ)/2` sharing no bit with `τ` — so the
//!   splits are counted by counting submasks in a range, and listed in increasing order.
//!
//! Splits of a heap beyond the table into three, and splits by repeating amounts beyond the
//! table, are refused with an error (a documented limit), never miscounted.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::code::{TakeBreakCode, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, UNEQUAL};
use super::count::option_count_capped;
use super::solver::Solver;
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_sequence::Computation;
use crate::kernel::heap_sequence::Period;
use crate::kernel::moves::MoveList;
use crate::nimber::Nimber;
use crate::sequence::table::TableRun;

/// The most options of one heap gone through to find its moves to a value.
pub const MAX_COUNTED_OPTIONS: u128 = 1 << 28;

/// The options of `heap` of value `target`, in the order of the ruleset's options, the first
/// `limit` listed and all counted. `G(heap)` must be known to `run` (computed, or through its
/// proven period). Heaps below `listed_below` have their options gone through one by one (the
/// values read from the table or the period); larger ones are counted through the period.
pub(super) fn moves_to_value(
    code: &TakeBreakCode,
    run: &TableRun<Solver>,
    heap: u64,
    target: Nimber,
    limit: usize,
    listed_below: u64,
) -> Result<MoveList<Vec<u64>>> {
    let value = |x: u64| -> Result<Nimber> {
        run.value_at(x).ok_or_else(|| {
            GameError::too_large(
                format!("G({x}) of {code}"),
                "values below 2^64 (this arithmetic-periodic sequence passes it)",
            )
        })
    };
    if heap < run.computed().max(listed_below) {
        return within_table(code, heap, target, limit, &value);
    }
    let period = run.proven().expect("G(heap) is known beyond the table");
    beyond_table(code, period, heap, target, limit, &value, listed_below)
}

/// Every option of a heap within the table, one by one.
fn within_table(
    code: &TakeBreakCode,
    heap: u64,
    target: Nimber,
    limit: usize,
    value: &dyn Fn(u64) -> Result<Nimber>,
) -> Result<MoveList<Vec<u64>>> {
    let options = option_count_capped(code, heap, MAX_COUNTED_OPTIONS);
    if options > MAX_COUNTED_OPTIONS {
        return Err(GameError::too_large(
            format!("the moves of heap {heap} of {code} ({options} options or more)"),
            format!("winning moves are counted among at most {MAX_COUNTED_OPTIONS} options"),
        ));
    }
    // The table holds every value below the heap: read them once.
    let values: Vec<Nimber> = (0..heap).map(value).collect::<Result<_>>()?;
    let mut found = MoveList::with_limit(limit);
    let last = code.max_removed().map_or(heap, |t| heap.min(t as u64));
    for k in 0..=last {
        let cell = code.cell(k);
        let rest = heap - k;
        let unequal = cell & UNEQUAL != 0;
        let r = rest as usize;
        if cell & LEAVE_ONE != 0 && k > 0 && rest > 0 && values[r] == target {
            found.push(vec![rest]);
        }
        if cell & LEAVE_TWO != 0 {
            for a in 1..=r / 2 {
                if (unequal && 2 * a == r) || values[a] ^ values[r - a] != target {
                    continue;
                }
                found.push(vec![a as u64, (r - a) as u64]);
            }
        }
        if cell & LEAVE_THREE != 0 {
            for a in 1..=r / 3 {
                let want = target ^ values[a];
                for b in a..=(r - a) / 2 {
                    let c = r - a - b;
                    if (unequal && (a == b || b == c)) || values[b] ^ values[c] != want {
                        continue;
                    }
                    found.push(vec![a as u64, b as u64, c as u64]);
                }
            }
        }
        if cell & LEAVE_NONE != 0 && rest == 0 && heap > 0 && target == 0 {
            found.push(Vec::new());
        }
    }
    Ok(found)
}

fn beyond(code: &TakeBreakCode, heap: u64, what: &str, listed_below: u64) -> GameError {
    GameError::too_large(
        format!("heap {heap} of {code} (its moves that {what})"),
        format!(
            "such moves are counted only for heaps below {listed_below}, whose options are \
             gone through one by one (see docs/limits.md)"
        ),
    )
}

/// The moves of a heap beyond the table, through the proven period.
fn beyond_table(
    code: &TakeBreakCode,
    period: Period,
    heap: u64,
    target: Nimber,
    limit: usize,
    value: &dyn Fn(u64) -> Result<Nimber>,
    listed_below: u64,
) -> Result<MoveList<Vec<u64>>> {
    let mut found = MoveList::with_limit(limit);
    let start = code.repeat_start() as u64;
    let fixed_last = code
        .max_removed()
        .map_or(start.min(heap), |t| (t as u64 + 1).min(heap));
    for k in 0..fixed_last {
        let cell = code.cell(k);
        let rest = heap - k;
        if cell & LEAVE_ONE != 0 && k > 0 && value(rest)? == target {
            found.push(vec![rest]);
        }
        if cell & LEAVE_TWO != 0 {
            if cell & UNEQUAL != 0 {
                return Err(beyond(
                    code,
                    heap,
                    "split it into unequal heaps",
                    listed_below,
                ));
            }
            pairs(period, rest, target, &mut found, value)?;
        }
        if cell & LEAVE_THREE != 0 {
            return Err(beyond(code, heap, "split it in three", listed_below));
        }
    }
    if code.is_finite() {
        return Ok(found);
    }
    let flags = code.repeat().iter().fold(0u8, |a, &c| a | c);
    if flags & (LEAVE_TWO | LEAVE_THREE) != 0 {
        return Err(beyond(
            code,
            heap,
            "split it after removing a repeating amount",
            listed_below,
        ));
    }
    if flags & LEAVE_ONE != 0 {
        single_heaps(code, period, heap, target, &mut found, value)?;
    }
    if code.cell(heap) & LEAVE_NONE != 0 && target == 0 {
        found.push(Vec::new());
    }
    Ok(found)
}

/// The moves removing a repeating amount `k >= start` and leaving one heap `m = heap - k` of
/// value `target`, listed by `k` ascending (`m` descending).
fn single_heaps(
    code: &TakeBreakCode,
    period: Period,
    heap: u64,
    target: Nimber,
    found: &mut MoveList<Vec<u64>>,
    value: &dyn Fn(u64) -> Result<Nimber>,
) -> Result<()> {
    let start = code.repeat_start() as u64;
    let q = code.repeat().len() as u64;
    let Some(top) = heap.checked_sub(start).filter(|&t| t >= 1) else {
        return Ok(());
    };
    let allowed = |m: u64| code.cell(heap - m) & LEAVE_ONE != 0;
    let n0 = period.preperiod.max(1);
    // The residues of m modulo a common period of the values and the digits: within one, the
    // digit of heap - m and the value (up to the saltus) are fixed.
    let big = lcm(period.period, q);
    let step = period.saltus * (big / period.period);
    let mut small = Vec::new();
    for m in 1..n0.min(top + 1) {
        if allowed(m) && value(m)? == target {
            small.push(m);
        }
    }
    let mut exact = Vec::new();
    let mut total = small.len() as u128;
    for rho in 0..big {
        let first = n0 + rho;
        if first > top || !allowed(first) {
            continue;
        }
        let base = value(first)?;
        let members = (top - first) / big + 1;
        if step == 0 {
            if base == target {
                total += u128::from(members);
            }
        } else if target >= base && (target - base) % step == 0 && (target - base) / step < members
        {
            exact.push(first + (target - base) / step * big);
        }
    }
    if step > 0 {
        // At most one heap per residue: list them all, largest first.
        exact.extend(small);
        exact.sort_unstable_by(|a, b| b.cmp(a));
        for m in exact {
            found.push(vec![m]);
        }
        return Ok(());
    }
    // Every period has its heaps: walk m down from the top while the list has room.
    let mut listed = 0u128;
    let mut m = top;
    while found.wants_more() && m >= 1 && listed < total {
        if allowed(m) && value(m)? == target {
            found.push(vec![m]);
            listed += 1;
        }
        m -= 1;
    }
    found.count_unlisted(total - listed);
    Ok(())
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        a / gcd(a, b) * b
    }
}

/// The submasks `A` of `t` with `A <= x` (none for `x < 0`).
fn submasks_up_to(t: u64, x: i128) -> u128 {
    if x < 0 {
        return 0;
    }
    let x = x.min(u64::MAX as i128) as u64;
    let mut count = 0u128;
    for i in (0..64).rev() {
        let lower = 1u128 << (t & ((1u64 << i) - 1)).count_ones();
        match (t >> i & 1, x >> i & 1) {
            (0, 1) => return count + lower,
            (1, 1) => count += lower,
            _ => {}
        }
    }
    count + 1
}

/// The least submask of `t` at least `x`.
fn submask_at_least(t: u64, x: u64) -> Option<u64> {
    let outside = x & !t;
    if outside == 0 {
        return Some(x);
    }
    let high = 63 - outside.leading_zeros();
    (high + 1..64)
        .find(|&i| t >> i & 1 == 1 && x >> i & 1 == 0)
        .map(|i| ((x >> i) | 1) << i)
}

/// The splits `a + (rest - a)`, `1 <= a <= rest/2`, of value `target`, for `rest` beyond the
/// table: the small parts one by one, the rest by residues (see the module documentation).
fn pairs(
    period: Period,
    rest: u64,
    target: Nimber,
    found: &mut MoveList<Vec<u64>>,
    value: &dyn Fn(u64) -> Result<Nimber>,
) -> Result<()> {
    let (n0, p, s) = (period.preperiod.max(1), period.period, period.saltus);
    for a in 1..n0.min(rest / 2 + 1) {
        if value(a)? ^ value(rest - a)? == target {
            found.push(vec![a, rest - a]);
        }
    }
    let Some(span) = rest.checked_sub(2 * n0) else {
        return Ok(());
    };
    let m = s.trailing_zeros();
    let base = |r: u64| value(n0 + r);
    // One stream per residue r1 of the smaller part: its parts a ascending.
    struct Stream {
        r1: u64,
        /// The quotient q1 = x - c1 for x = d + A: A runs over submasks (s > 0), or q1 over
        /// 0..=last (s = 0).
        next: Option<u64>,
        last: u64,
        tau: u64,
        d: u64,
        c1: u64,
    }
    let mut streams = Vec::new();
    let mut total = 0u128;
    for r1 in 0..p.min(span + 1) {
        let r2 = (span - r1) % p;
        let Some(k) = span.checked_sub(r1 + r2).map(|x| x / p) else {
            continue;
        };
        // a <= b: p·q1 + r1 <= p·(k - q1) + r2.
        let Some(top) = (p * k + r2).checked_sub(r1).map(|x| x / (2 * p)) else {
            continue;
        };
        let top = top.min(k);
        let (g1, g2) = (base(r1)?, base(r2)?);
        if s == 0 {
            if g1 ^ g2 == target {
                total += u128::from(top) + 1;
                streams.push(Stream {
                    r1,
                    next: Some(0),
                    last: top,
                    tau: 0,
                    d: 0,
                    c1: 0,
                });
            }
            continue;
        }
        if (g1 ^ g2) & (s - 1) != target & (s - 1) {
            continue;
        }
        let (c1, c2, tau) = (g1 >> m, g2 >> m, target >> m);
        let sum = u128::from(c1) + u128::from(c2) + u128::from(k);
        if sum < u128::from(tau) || (sum - u128::from(tau)) % 2 != 0 {
            continue;
        }
        let d = ((sum - u128::from(tau)) / 2) as u64;
        if d & tau != 0 {
            continue;
        }
        // x = c1 + q1 in [c1, c1 + top]: A = x - d in [c1 - d, c1 + top - d].
        let lo = i128::from(c1) - i128::from(d);
        let hi = lo + i128::from(top);
        let count = submasks_up_to(tau, hi) - submasks_up_to(tau, lo - 1);
        if count == 0 {
            continue;
        }
        total += count;
        let first = submask_at_least(tau, lo.max(0) as u64);
        streams.push(Stream {
            r1,
            next: first,
            last: hi as u64,
            tau,
            d,
            c1,
        });
    }
    // Merge the streams by a = n0 + r1 + p·q1.
    let quotient = |st: &Stream, v: u64| if s == 0 { v } else { st.d + v - st.c1 };
    let mut queue = BinaryHeap::new();
    for (i, st) in streams.iter().enumerate() {
        if let Some(v) = st.next.filter(|&v| v <= st.last) {
            queue.push(Reverse((n0 + st.r1 + p * quotient(st, v), i, v)));
        }
    }
    let mut listed = 0u128;
    while found.wants_more() {
        let Some(Reverse((a, i, v))) = queue.pop() else {
            break;
        };
        found.push(vec![a, rest - a]);
        listed += 1;
        let st = &streams[i];
        let next = if s == 0 {
            v.checked_add(1)
        } else {
            Some(((v | !st.tau).wrapping_add(1)) & st.tau).filter(|&n| n > v)
        };
        if let Some(n) = next.filter(|&n| n <= st.last) {
            queue.push(Reverse((n0 + st.r1 + p * quotient(st, n), i, n)));
        }
    }
    found.count_unlisted(total - listed);
    Ok(())
}

/// The option of `heap` that leaves the heaps `wanted` (sorted, none empty) if the code allows
/// it: the amount removed is what the heaps do not hold.
pub(super) fn option_leaving(code: &TakeBreakCode, heap: u64, wanted: &[u64]) -> Option<Vec<u64>> {
    let left = wanted.iter().try_fold(0u64, |acc, &x| acc.checked_add(x))?;
    let k = heap.checked_sub(left)?;
    let cell = code.cell(k);
    let distinct = wanted.windows(2).all(|w| w[0] != w[1]);
    let allowed = match wanted.len() {
        0 => heap > 0 && cell & LEAVE_NONE != 0,
        1 => k > 0 && cell & LEAVE_ONE != 0,
        2 => cell & LEAVE_TWO != 0 && (distinct || cell & UNEQUAL == 0),
        3 => cell & LEAVE_THREE != 0 && (distinct || cell & UNEQUAL == 0),
        _ => false,
    };
    allowed.then(|| wanted.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn submask_counting() {
        for t in [0u64, 1, 0b1010, 0b1101, 0b111, 0b100100] {
            let subs: Vec<u64> = (0..=t).filter(|a| a & !t == 0).collect();
            for x in -2i128..70 {
                let naive = subs.iter().filter(|&&a| (a as i128) <= x).count() as u128;
                assert_eq!(submasks_up_to(t, x), naive, "t={t} x={x}");
            }
            for x in 0..70u64 {
                let naive = subs.iter().copied().find(|&a| a >= x);
                assert_eq!(submask_at_least(t, x), naive, "t={t} x={x}");
            }
        }
    }
}

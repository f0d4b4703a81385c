//! All-but games at any size: values and winning moves read off the proven arithmetic period.
//!
//! [`super::period`] proves `G(n + p) = G(n) + s` for every `n >= n0` from finitely many
//! values; `find_period` computes values until it does (a few hundred for small excluded
//! sets, at most [`PERIOD_SEARCH`]), and [`ProvenPeriod`] answers a heap of any size:
//!
//! * `G(n)` is the table's below `n0 + p`, else `G(n0 + r) + k·s` for `n = n0 + r + k·p`;
//! * the moves of `n` to a value `T` leave the heaps `m < n` with `n − m` not excluded and
//!   `G(m) = T`: those of the preperiod with value `T`, and for each residue `r` the one
//!   `m = n0 + r + k·p` with `G(n0 + r) + k·s = T`, if any (`s > 0`: an all-but game's values
//!   are unbounded, each taken by at most `t + 1` heaps, `t` the largest excluded amount, as
//!   a heap moves to every heap more than `t` below it). At most `n0 + p` moves in all.

use num_bigint::BigUint;
use num_traits::{CheckedSub, ToPrimitive};

use super::period::AllButPeriod;
use super::sequence::AllButSequencer;
use crate::kernel::heap_sequence::Period;
use crate::kernel::moves::MoveList;
use crate::nimber::Nimber;

/// The values first searched for a period (doubled until one is proven).
const FIRST_SEARCH: usize = 256;

/// The most values searched for a period, 2^12: at each doubling the search tries every period
/// up to a third of the values, so its cost grows with their square (a game with no period
/// proven there costs a fraction of a second, not minutes); games with small excluded sets
/// prove theirs within a few hundred values.
pub const PERIOD_SEARCH: u64 = 1 << 12;

/// An all-but game's proven least period and the values it is read from, `G(0..n0 + p)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProvenPeriod {
    /// The least period, its saltus (more than 0) and its least preperiod `n0`.
    pub period: Period,
    /// `G(0..n0 + p)`.
    pub values: Vec<u32>,
}

/// The proven period of the all-but game excluding `excluded` (sorted), or, when none is
/// proven within the first [`PERIOD_SEARCH`] values, those values.
pub(super) fn find_period(excluded: &[u64]) -> Result<ProvenPeriod, Vec<u32>> {
    let test = AllButPeriod::of(excluded);
    let most = PERIOD_SEARCH as usize;
    let mut sequencer = AllButSequencer::new(excluded);
    let mut count = FIRST_SEARCH;
    loop {
        sequencer.extend_to(count);
        let mut next = count.saturating_mul(2);
        match test.find(&sequencer.values) {
            Ok(proof) if proof.period.saltus > 0 => {
                let p = proof.period;
                let end = (p.preperiod + p.period) as usize;
                return Ok(ProvenPeriod {
                    period: p,
                    values: sequencer.values[..end].to_vec(),
                });
            }
            Err(Some(needed)) => next = next.max(needed.min(most as u64) as usize),
            _ => {}
        }
        if count >= most {
            return Err(sequencer.values);
        }
        count = next.min(most);
    }
}

impl ProvenPeriod {
    /// `n0`, `p` and `s`.
    fn parts(&self) -> (u64, u64, u64) {
        (
            self.period.preperiod,
            self.period.period,
            self.period.saltus,
        )
    }

    /// `G(n)` for a heap within `u64` (it fits: `G(n) <= n`, a heap having `n` moves at most).
    pub fn value(&self, n: u64) -> Nimber {
        if let Some(&g) = self.values.get(n as usize) {
            return g as Nimber;
        }
        let (reduced, _) = self.period.reduce(n);
        self.period
            .value(n, self.values[reduced as usize] as Nimber)
            .expect("G(n) <= n fits in 64 bits")
    }

    /// `G(n)` for a heap of any size.
    pub fn value_big(&self, n: &BigUint) -> BigUint {
        if let Some(n) = n.to_u64() {
            return BigUint::from(self.value(n));
        }
        let (reduced, _) = self.period.value_big(n, 0);
        self.period
            .value_big(n, self.values[reduced as usize] as Nimber)
            .1
    }

    /// The moves of a heap of `heap` tokens to value `target`, as the heap each leaves, in the
    /// order of the ruleset's options (taking 1, 2, ... tokens: the heaps left descending);
    /// the first `limit` listed, all counted (module documentation).
    pub fn moves_to_value(
        &self,
        excluded: &[u64],
        heap: &BigUint,
        target: &BigUint,
        limit: usize,
    ) -> MoveList<Vec<BigUint>> {
        let (n0, p, s) = self.parts();
        let mut heaps: Vec<BigUint> = Vec::new();
        if let Some(t) = target.to_u32() {
            heaps.extend(
                self.values[..n0 as usize]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &g)| g == t)
                    .map(|(m, _)| BigUint::from(m)),
            );
        }
        let saltus = BigUint::from(s);
        for r in 0..p {
            let base = self.values[(n0 + r) as usize];
            let Some(above) = target.checked_sub(&BigUint::from(base)) else {
                continue;
            };
            if (&above % &saltus).bits() == 0 {
                heaps.push(above / &saltus * p + (n0 + r));
            }
        }
        heaps.retain(|m| {
            m < heap
                && (heap - m)
                    .to_u64()
                    .map_or(true, |taken| excluded.binary_search(&taken).is_err())
        });
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        let mut found = MoveList::with_limit(limit);
        for m in heaps {
            found.push(vec![m]);
        }
        found
    }
}

/// Whether a heap of `heap` tokens may become `parts` (none empty): one smaller heap (or none),
/// having taken an amount that is not excluded.
pub fn is_option_big(excluded: &[u64], heap: &BigUint, parts: &[BigUint]) -> bool {
    let left = match parts {
        [] => BigUint::ZERO,
        [t] => t.clone(),
        _ => return false,
    };
    left < *heap
        && (heap - left)
            .to_u64()
            .map_or(true, |taken| excluded.binary_search(&taken).is_err())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::all_but::AllButGame;
    use crate::kernel::{BigHeaps, Ruleset};

    const SETS: [&[u64]; 6] = [
        &[],
        &[1],
        &[2, 3],
        &[3, 7, 11],
        &[1, 2, 4, 8],
        &[2, 5, 9, 13],
    ];

    fn big(n: u64) -> BigUint {
        BigUint::from(n)
    }

    /// `G(n)` by the period's formula, written out: `n = n0 + r + k·p`.
    fn formula(p: &ProvenPeriod, n: &BigUint) -> BigUint {
        let (n0, period, s) = (p.period.preperiod, p.period.period, p.period.saltus);
        if n < &big(n0 + period) {
            return big(u64::from(p.values[n.to_usize().unwrap()]));
        }
        let offset = n - n0;
        let r = (&offset % period).to_usize().unwrap();
        let k = offset / period;
        k * s + u64::from(p.values[n0 as usize + r])
    }

    /// On every heap up to 300: the period's values are the table's, and its moves to every
    /// value up to past the heap's own are those listed from the table in the order of the
    /// options (same heaps, same order, same count), as are the ordinary engine's.
    #[test]
    fn agrees_with_the_engine_on_small_heaps() {
        for excluded in SETS {
            let game = AllButGame::new(excluded.to_vec()).unwrap();
            let table = game.values(301).unwrap();
            let p = game.proven_period().expect("a period is proven");
            assert!(p.period.saltus > 0, "{excluded:?}");
            for n in 0..=300u64 {
                let g = u64::from(table[n as usize]);
                assert_eq!(p.value(n), g, "{excluded:?} G({n})");
                assert_eq!(p.value_big(&big(n)), big(g), "{excluded:?} G({n})");
                assert_eq!(formula(p, &big(n)), big(g), "{excluded:?} G({n})");
                for target in 0..=g + 3 {
                    let expected: Vec<Vec<BigUint>> = game
                        .options(&n)
                        .into_iter()
                        .filter(|o| u64::from(table[o[0] as usize]) == target)
                        .map(|o| vec![big(o[0])])
                        .collect();
                    let any = p.moves_to_value(excluded, &big(n), &big(target), usize::MAX);
                    assert_eq!(
                        any.moves(),
                        expected.as_slice(),
                        "{excluded:?} {n} -> {target}"
                    );
                    assert_eq!(any.total(), expected.len() as u128);
                    let few = p.moves_to_value(excluded, &big(n), &big(target), 2);
                    assert_eq!(few.moves(), &expected[..expected.len().min(2)]);
                    assert_eq!(few.total(), expected.len() as u128);
                    let engine = game.moves_to_value(&n, target, usize::MAX).unwrap();
                    assert_eq!(engine.total(), expected.len() as u128);
                    // A move checked by arithmetic is one of the options.
                    for o in game.options(&n) {
                        assert!(is_option_big(excluded, &big(n), &[big(o[0])]));
                    }
                }
                for m in 0..=n {
                    let legal = m < n && !excluded.contains(&(n - m));
                    assert_eq!(is_option_big(excluded, &big(n), &[big(m)]), legal);
                }
            }
        }
    }

    /// Beyond the table: at 10^7 + 1, 2^64 - 1, 2^64 and about 10^30 the value is the
    /// period's formula (on every door: the u64 engine, `value_huge`), and every listed winning
    /// move is legal and leaves a heap of the target value; below the heap's value there is
    /// one (the mex rule).
    #[test]
    fn huge_heaps_follow_the_period() {
        let two64: BigUint = BigUint::from(1u8) << 64;
        let huge: BigUint = "1000000000000000000000000000007".parse().unwrap();
        for excluded in SETS {
            let game = AllButGame::new(excluded.to_vec()).unwrap();
            let p = game.proven_period().unwrap().clone();
            for heap in [
                big(10_000_001),
                big(123_456_789_012),
                &two64 - 1u8,
                two64.clone(),
                huge.clone(),
                &huge + 1u8,
            ] {
                let g = game.big_value_huge(&heap).unwrap();
                assert_eq!(g, formula(&p, &heap), "{excluded:?} G({heap})");
                if let Ok(h) = u64::try_from(&heap) {
                    assert_eq!(big(game.grundy(&h).unwrap()), g);
                }
                for beside in [0u64, 1, 5, 1000] {
                    let target = &g ^ big(beside);
                    let found = game
                        .moves_to_huge_value(&heap, &target, 40)
                        .unwrap()
                        .unwrap();
                    for m in found.moves() {
                        assert!(game.is_option_big(&heap, m).unwrap(), "{heap} -> {m:?}");
                        assert_eq!(formula(&p, &m[0]), target, "{excluded:?} {heap} -> {m:?}");
                    }
                    if target < g {
                        assert!(found.total() > 0, "{excluded:?} {heap} -> {target}");
                    }
                    if beside == 0 {
                        assert_eq!(found.total(), 0);
                    }
                    // The u64 door lists the same moves.
                    if let (Ok(h), Ok(t)) = (u64::try_from(&heap), u64::try_from(&target)) {
                        let small = game.moves_to_value(&h, t, 40).unwrap();
                        assert_eq!(small.total(), found.total());
                        let as_big: Vec<Vec<BigUint>> =
                            small.moves().iter().map(|m| vec![big(m[0])]).collect();
                        assert_eq!(found.moves(), as_big.as_slice());
                    }
                }
            }
        }
    }

    /// At 10^7 + 1, beyond the old table, the period's value is the one computed heap by heap.
    #[test]
    fn the_period_agrees_with_values_computed_past_the_table() {
        let excluded = [2u64, 3];
        let mut sequencer = AllButSequencer::new(&excluded);
        sequencer.extend_to(10_000_002);
        let game = AllButGame::new(excluded).unwrap();
        for n in [9_999_999u64, 10_000_000, 10_000_001] {
            assert_eq!(
                game.value(n).unwrap(),
                u64::from(sequencer.values[n as usize])
            );
        }
    }

    /// Every game with `E ⊆ {1..7}` (127) and a few larger sets prove their period within the
    /// search's values.
    #[test]
    fn small_excluded_sets_prove_their_period() {
        let mut sets: Vec<Vec<u64>> = (1u32..128)
            .map(|mask| (1..=7).filter(|&e| mask >> (e - 1) & 1 == 1).collect())
            .collect();
        sets.extend(SETS.iter().map(|s| s.to_vec()));
        for excluded in sets {
            let found = find_period(&excluded);
            assert!(found.is_ok(), "{excluded:?}");
        }
    }

    /// A random move of a heap far beyond the table is legal, without listing the moves.
    #[test]
    fn random_moves_are_legal() {
        use rand_chacha::rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let game = AllButGame::new([1, 2, 4, 8]).unwrap();
        for heap in [0u64, 1, 3, 9, 10, 1 << 40, u64::MAX] {
            for _ in 0..50 {
                match game.random_option(&heap, &mut rng) {
                    Some(to) => assert!(is_option_big(game.excluded(), &big(heap), &[big(to[0])])),
                    None => assert!(heap == 0 || (1..=heap).all(|s| game.excluded().contains(&s))),
                }
            }
        }
        // Every move is drawn: heap 9 excluding {1, 2, 4, 8} has moves taking 3, 5, 6, 7, 9.
        let drawn: std::collections::BTreeSet<u64> = (0..400)
            .map(|_| 9 - game.random_option(&9, &mut rng).unwrap()[0])
            .collect();
        assert_eq!(drawn.into_iter().collect::<Vec<_>>(), [3, 5, 6, 7, 9]);
    }
}

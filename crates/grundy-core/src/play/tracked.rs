//! A position that keeps what the computer players need up to date move by move, so that a long
//! game costs the same per move at its end as at its start.
//!
//! [`choose_move`](crate::player::choose_move) looks at the whole position on every move: the
//! nim-sum of every component's value, the live components for a random move, the largest for a
//! delaying move. A game that splits heaps keeps adding components (a Kayles row of 2^64 − 1
//! pins between two perfect players gains one heap every two moves), so that cost grows with
//! the moves made and a whole game with the square of its length. [`TrackedPosition`] keeps
//! those facts in indexes updated only where a move changes the position, and
//! [`TrackedPosition::choose_move`] makes **exactly** the move `choose_move` makes on the same
//! position with the same generator: a seeded game is the same game either way.
//!
//! Per move: `O(log n)` for `n` components, plus the cost of the move itself (its component's
//! moves to one value). Where the perfect player measures remoteness, under misère play, for a
//! lone component and for `bouton`, the move is delegated to the stateless code, whose cost is
//! bounded in those cases (a remoteness search is only made on trees of at most
//! [`PLAYER_REMOTENESS_LIMIT`] positions) or linear in
//! the components (misère play: Bouton's misère rule and misère search need the whole position).

use std::cmp::Reverse;
use std::collections::BTreeSet;

use crate::kernel::component::Component;
use crate::kernel::error::Result;
use crate::kernel::uniform_below;
use crate::nimber::Nimber;
use crate::player::{bouton_rule_move, Player};
use crate::strategy::{self, Convention, PLAYER_REMOTENESS_LIMIT};
use crate::sum::{Sum, SumMove};

/// A position with indexes of its live components, their sizes and (once a perfect move under
/// normal play has been asked for) their values.
#[derive(Debug, Clone)]
pub struct TrackedPosition {
    sum: Sum,
    /// Whether each component still has a move.
    live: Vec<bool>,
    /// Live components counted by index, to find the `k`-th in `O(log n)`.
    live_index: Fenwick,
    /// Live components by (tokens, lowest index first): the largest is the last.
    by_size: BTreeSet<(u64, Reverse<usize>)>,
    /// The values, kept once first needed.
    values: Option<Values>,
}

/// Each component's value, their nim-sum, and for each bit the components whose value has it.
#[derive(Debug, Clone)]
struct Values {
    of: Vec<Nimber>,
    total: Nimber,
    by_bit: Vec<BTreeSet<usize>>,
}

impl Values {
    fn new() -> Self {
        Values {
            of: Vec::new(),
            total: 0,
            by_bit: vec![BTreeSet::new(); Nimber::BITS as usize],
        }
    }

    fn set(&mut self, i: usize, value: Nimber) {
        if i == self.of.len() {
            self.of.push(0);
        }
        let old = self.of[i];
        for_bits(old, |b| {
            self.by_bit[b].remove(&i);
        });
        for_bits(value, |b| {
            self.by_bit[b].insert(i);
        });
        self.total ^= old ^ value;
        self.of[i] = value;
    }
}

/// Calls `f` with the index of every set bit of `value`.
fn for_bits(mut value: Nimber, mut f: impl FnMut(usize)) {
    while value != 0 {
        f(value.trailing_zeros() as usize);
        value &= value - 1;
    }
}

impl TrackedPosition {
    /// Tracks `sum`.
    pub fn new(sum: Sum) -> Self {
        let mut tracked = TrackedPosition {
            sum: Sum::default(),
            live: Vec::new(),
            live_index: Fenwick::default(),
            by_size: BTreeSet::new(),
            values: None,
        };
        for c in sum.components {
            tracked.push(c);
        }
        tracked
    }

    /// The position.
    pub fn position(&self) -> &Sum {
        &self.sum
    }

    /// Whether no move is possible.
    pub fn is_terminal(&self) -> bool {
        self.by_size.is_empty()
    }

    /// Plays `m`, a legal move of the position, as [`Sum::apply`] does.
    pub fn apply(&mut self, m: &SumMove) {
        let mut parts = m.to.iter().cloned();
        let first = parts.next().unwrap_or_else(|| m.from.emptied());
        self.replace(m.component, first);
        for part in parts {
            self.push(part);
        }
    }

    /// The move `player` makes: the same as [`crate::player::choose_move`] on
    /// [`TrackedPosition::position`] with the same generator.
    pub fn choose_move(
        &mut self,
        convention: Convention,
        player: Player,
        rng: &mut dyn rand_core::RngCore,
    ) -> Result<Option<SumMove>> {
        let Some(strength) = player.strength() else {
            return bouton_rule_move(&self.sum);
        };
        let roll = uniform_below(rng, 100);
        if roll < u64::from(strength) {
            self.best_move(convention)
        } else {
            Ok(self.random_move(rng))
        }
    }

    /// [`strategy::best_move`] of the position.
    pub fn best_move(&mut self, convention: Convention) -> Result<Option<SumMove>> {
        if convention == Convention::Misere
            || self.sum.components.len() == 1
            || self.may_measure_remoteness()
        {
            return strategy::best_move(&self.sum, convention);
        }
        let values = self.values()?;
        let total = values.total;
        if total == 0 {
            return Ok(self.delaying_move());
        }
        // g XOR t < g exactly when g has the highest bit of t: the first such component.
        let bit = (Nimber::BITS - 1 - total.leading_zeros()) as usize;
        let i = *values.by_bit[bit]
            .first()
            .expect("a component holds the highest bit of a non-zero nim-sum");
        let target = values.of[i] ^ total;
        strategy::winning_move_in(&self.sum, i, target).map(Some)
    }

    /// [`crate::player::random_move`] of the position.
    pub fn random_move(&self, rng: &mut dyn rand_core::RngCore) -> Option<SumMove> {
        let live = self.by_size.len();
        if live == 0 {
            return None;
        }
        let k = uniform_below(rng, live as u64) as usize;
        let i = self.live_index.kth(k);
        let from = self.sum.components[i].clone();
        let to = from.random_option(rng)?;
        Some(SumMove {
            component: i,
            from,
            to,
        })
    }

    /// Whether [`strategy::player_measures_remoteness`] may hold. Its bound on positions is at
    /// least the number of live components plus one, and at least the largest live component's
    /// tokens plus one, so either reaching the limit rules it out without looking further.
    fn may_measure_remoteness(&self) -> bool {
        let limit = PLAYER_REMOTENESS_LIMIT as u64;
        let largest = self.by_size.last().map_or(0, |&(tokens, _)| tokens);
        (self.by_size.len() as u64) < limit
            && largest < limit
            && strategy::player_measures_remoteness(&self.sum)
    }

    /// [`strategy::delaying_move`]: the gentlest move of the largest live component.
    fn delaying_move(&self) -> Option<SumMove> {
        let &(_, Reverse(i)) = self.by_size.last()?;
        let from = self.sum.components[i].clone();
        let to = from.gentlest_option()?;
        Some(SumMove {
            component: i,
            from,
            to,
        })
    }

    /// The values, computed for every component the first time (returning the first error in
    /// component order, as [`Sum::values`] does) and kept up to date by later moves.
    fn values(&mut self) -> Result<&Values> {
        if self.values.is_none() {
            let mut values = Values::new();
            for (i, c) in self.sum.components.iter().enumerate() {
                values.set(i, c.value()?);
            }
            self.values = Some(values);
        }
        Ok(self.values.as_ref().expect("set just above"))
    }

    /// Keeps the value of component `i` in step; a value that cannot be computed drops them all,
    /// so the next question recomputes them and reports the error where it belongs.
    fn update_value(&mut self, i: usize) {
        if let Some(values) = &mut self.values {
            match self.sum.components[i].value() {
                Ok(v) => values.set(i, v),
                Err(_) => self.values = None,
            }
        }
    }

    fn push(&mut self, c: Component) {
        let i = self.sum.components.len();
        let live = !c.is_terminal();
        if live {
            self.by_size.insert((c.tokens(), Reverse(i)));
        }
        self.live.push(live);
        self.live_index.push(u32::from(live));
        self.sum.components.push(c);
        self.update_value(i);
    }

    fn replace(&mut self, i: usize, c: Component) {
        if self.live[i] {
            self.by_size
                .remove(&(self.sum.components[i].tokens(), Reverse(i)));
        }
        let live = !c.is_terminal();
        if live {
            self.by_size.insert((c.tokens(), Reverse(i)));
        }
        if live != self.live[i] {
            self.live_index.add(i, live);
            self.live[i] = live;
        }
        self.sum.components[i] = c;
        self.update_value(i);
    }
}

/// A Fenwick (binary indexed) tree of 0/1 counts that can grow at the end: prefix counts and
/// the `k`-th one in `O(log n)`.
#[derive(Debug, Clone, Default)]
struct Fenwick {
    /// `tree[j - 1]` holds the count of the elements `(j - lowbit(j), j]`, 1-based.
    tree: Vec<u32>,
}

impl Fenwick {
    /// The count of the first `n` elements.
    fn prefix(&self, mut n: usize) -> u32 {
        let mut sum = 0;
        while n > 0 {
            sum += self.tree[n - 1];
            n &= n - 1;
        }
        sum
    }

    /// Appends an element of count `v`.
    fn push(&mut self, v: u32) {
        let j = self.tree.len() + 1;
        let low = j & j.wrapping_neg();
        let before = self.prefix(j - 1) - self.prefix(j - low);
        self.tree.push(before + v);
    }

    /// Sets element `i` (0-based) from 0 to 1 (`up`) or from 1 to 0.
    fn add(&mut self, i: usize, up: bool) {
        let mut j = i + 1;
        while j <= self.tree.len() {
            if up {
                self.tree[j - 1] += 1;
            } else {
                self.tree[j - 1] -= 1;
            }
            j += j & j.wrapping_neg();
        }
    }

    /// The index (0-based) of the element holding the `k`-th one (from 0); `k` must be below the
    /// total count.
    fn kth(&self, mut k: usize) -> usize {
        let mut pos = 0;
        let mut step = self.tree.len().checked_next_power_of_two().unwrap_or(0);
        while step > 0 {
            if pos + step <= self.tree.len() && (self.tree[pos + step - 1] as usize) <= k {
                pos += step;
                k -= self.tree[pos - 1] as usize;
            }
            step /= 2;
        }
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::OctalGame;
    use crate::player::choose_move;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::sync::Arc;

    #[test]
    fn fenwick_finds_the_kth_one() {
        let flags = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1];
        let mut f = Fenwick::default();
        for &v in &flags {
            f.push(v);
        }
        let ones: Vec<usize> = (0..flags.len()).filter(|&i| flags[i] == 1).collect();
        for (k, &i) in ones.iter().enumerate() {
            assert_eq!(f.kth(k), i);
        }
        f.add(2, false);
        f.add(4, true);
        assert_eq!(f.prefix(flags.len()), ones.len() as u32);
        assert_eq!(f.kth(1), 3);
        assert_eq!(f.kth(2), 4);
    }

    /// Plays the same game with the tracked and the stateless players: every move must agree.
    fn same_game(start: Sum, convention: Convention, players: [Player; 2], seed: u64) {
        let mut plain = start.clone();
        let mut tracked = TrackedPosition::new(start);
        let mut a = ChaCha8Rng::seed_from_u64(seed);
        let mut b = ChaCha8Rng::seed_from_u64(seed);
        for turn in 0..400 {
            let player = players[turn % 2];
            let expected = choose_move(&plain, convention, player, &mut a).unwrap();
            let got = tracked.choose_move(convention, player, &mut b).unwrap();
            assert_eq!(got, expected, "turn {turn} of {players:?} from {plain:?}");
            let Some(m) = expected else {
                assert!(tracked.is_terminal());
                return;
            };
            plain.apply(&m);
            tracked.apply(&m);
            assert_eq!(tracked.position(), &plain);
        }
    }

    #[test]
    fn tracked_players_make_the_stateless_moves() {
        let kayles = Arc::new(OctalGame::parse("0.77").unwrap());
        let dawson = Arc::new(OctalGame::parse("0.07").unwrap());
        let grundy = Arc::new(OctalGame::grundys_game());
        let starts = [
            Sum::nim(&[1000, 999, 3, 0, 7]),
            Sum::new(vec![Component::new(&kayles, 300), Component::nim(5)]),
            Sum::new(vec![
                Component::new(&dawson, 200),
                Component::new(&kayles, 1 << 40),
            ]),
            Sum::new(vec![
                Component::new(&grundy, 70),
                Component::new(&grundy, 40),
            ]),
            Sum::new(vec![Component::new(&kayles, u64::MAX)]),
        ];
        let players = [
            [Player::Perfect, Player::Perfect],
            [Player::Perfect, Player::Random],
            [Player::Strength(50), Player::Random],
        ];
        for (n, start) in starts.iter().enumerate() {
            for (p, pair) in players.iter().enumerate() {
                same_game(
                    start.clone(),
                    Convention::Normal,
                    *pair,
                    (n * 10 + p) as u64,
                );
            }
        }
        same_game(
            Sum::nim(&[5, 6, 7, 1]),
            Convention::Misere,
            [Player::Perfect, Player::Random],
            3,
        );
    }
}

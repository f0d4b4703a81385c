//! Lists of moves that may be too long to print, with their exact length.
//!
//! A heap of an octal game can have millions of winning moves (a Kayles heap of 70,000 tokens
//! has 5,838), and a heap of 10^18 tokens with a proven period has more than any list could
//! hold. A [`MoveList`] therefore keeps the first moves in the ruleset's order, up to a limit
//! chosen by the caller, and the **exact** number of moves in all: an answer is either complete
//! or says precisely how much it leaves out, never silently less.
//!
//! ```
//! use grundy_kernel::moves::MoveList;
//!
//! let mut list = MoveList::with_limit(2);
//! for m in ["a", "b", "c"] {
//!     list.push(m);
//! }
//! assert_eq!(list.moves(), ["a", "b"]);
//! assert_eq!(list.total(), 3);
//! assert!(!list.is_complete());
//! ```

use std::ops::Deref;

use num_bigint::BigUint;

/// How many moves an answer lists at most (the count is always exact).
pub const MAX_LISTED_MOVES: usize = 10_000;

/// The first moves of a list, at most a limit of them, and how many there are in all.
///
/// Invariant: `moves.len() == min(total, limit)`; the listed moves are the first `moves.len()`
/// of the full list in its order. It dereferences to the listed moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveList<M> {
    moves: Vec<M>,
    /// How many moves there are, while that fits in `u128` (every count but Moore's Nim's of
    /// many huge heaps): the fast path.
    total: u128,
    /// The exact count once it passes `u128::MAX` (then `total` stays at `u128::MAX`).
    beyond: Option<Box<BigUint>>,
    limit: usize,
}

impl<M> MoveList<M> {
    /// An empty list that will keep at most `limit` moves.
    pub fn with_limit(limit: usize) -> Self {
        MoveList {
            moves: Vec::new(),
            total: 0,
            beyond: None,
            limit,
        }
    }

    /// A complete list of `moves` (its limit is its length, or [`MAX_LISTED_MOVES`] if more).
    pub fn complete(moves: Vec<M>) -> Self {
        MoveList {
            total: moves.len() as u128,
            beyond: None,
            limit: moves.len().max(MAX_LISTED_MOVES),
            moves,
        }
    }

    /// Counts one more move, keeping it if the limit allows.
    pub fn push(&mut self, m: M) {
        self.add(1);
        if self.moves.len() < self.limit {
            self.moves.push(m);
        }
    }

    /// Counts `count` more moves without listing them: only valid when the list is already
    /// full (else they would have to be listed), which [`MoveList::wants_more`] tells.
    pub fn count_unlisted(&mut self, count: u128) {
        debug_assert!(
            count == 0 || !self.wants_more(),
            "moves left out of a list with room"
        );
        self.add(count);
    }

    /// [`MoveList::count_unlisted`] for a count of any size.
    pub fn count_unlisted_big(&mut self, count: &BigUint) {
        match u128::try_from(count) {
            Ok(small) => self.count_unlisted(small),
            Err(_) => self.add_big(count),
        }
    }

    /// Adds `count` to the total, switching to a big integer past `u128::MAX`.
    fn add(&mut self, count: u128) {
        match (&mut self.beyond, self.total.checked_add(count)) {
            (None, Some(sum)) => self.total = sum,
            _ => self.add_big(&BigUint::from(count)),
        }
    }

    /// Adds `count` to the total as a big integer.
    fn add_big(&mut self, count: &BigUint) {
        let sum = self.count() + count;
        match u128::try_from(&sum) {
            Ok(small) => self.total = small,
            Err(_) => {
                self.total = u128::MAX;
                self.beyond = Some(Box::new(sum));
            }
        }
    }

    /// Whether another move would still be listed.
    pub fn wants_more(&self) -> bool {
        self.moves.len() < self.limit
    }

    /// How many more moves would be listed.
    pub fn room(&self) -> usize {
        self.limit - self.moves.len()
    }

    /// The most moves listed.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The listed moves: the first ones, in order.
    pub fn moves(&self) -> &[M] {
        &self.moves
    }

    /// The listed moves, taken out.
    pub fn into_moves(self) -> Vec<M> {
        self.moves
    }

    /// How many moves there are in all, listed or not, while that fits in `u128`; a count
    /// beyond reads `u128::MAX` here and is exact in [`MoveList::count`] (what every front end
    /// shows).
    pub fn total(&self) -> u128 {
        self.total
    }

    /// How many moves there are in all, exactly, at any size.
    pub fn count(&self) -> BigUint {
        match &self.beyond {
            Some(big) => (**big).clone(),
            None => BigUint::from(self.total),
        }
    }

    /// Whether every move is listed.
    pub fn is_complete(&self) -> bool {
        self.beyond.is_none() && self.moves.len() as u128 == self.total
    }

    /// The same list with each move mapped.
    pub fn map<N>(self, f: impl FnMut(M) -> N) -> MoveList<N> {
        MoveList {
            moves: self.moves.into_iter().map(f).collect(),
            total: self.total,
            beyond: self.beyond,
            limit: self.limit,
        }
    }

    /// The same list with each move mapped by `f`, which may fail.
    pub fn try_map<N, E>(self, f: impl FnMut(M) -> Result<N, E>) -> Result<MoveList<N>, E> {
        Ok(MoveList {
            moves: self.moves.into_iter().map(f).collect::<Result<_, E>>()?,
            total: self.total,
            beyond: self.beyond,
            limit: self.limit,
        })
    }

    /// Equal listed moves listed once, in the order of their first appearance, each with how
    /// many times it was listed: moves that lead to the same position (every vertex of a
    /// complete graph in Node-Kayles, parallel edges of a Hackenbush picture) are one choice for
    /// a player, and listing them apart would repeat one label. `key` is a cheap stand-in for
    /// equality (the move's label); moves are merged only when also equal. The total drops by
    /// the repeats merged, so a complete list stays complete.
    pub fn grouped<K: std::hash::Hash + Eq>(self, key: impl Fn(&M) -> K) -> MoveList<(M, u64)>
    where
        M: PartialEq,
    {
        let mut seen: std::collections::HashMap<K, Vec<usize>> = Default::default();
        let mut moves: Vec<(M, u64)> = Vec::with_capacity(self.moves.len());
        let mut merged = 0u128;
        for m in self.moves {
            let same = seen.entry(key(&m)).or_default();
            match same.iter().copied().find(|&i| moves[i].0 == m) {
                Some(i) => {
                    moves[i].1 += 1;
                    merged += 1;
                }
                None => {
                    same.push(moves.len());
                    moves.push((m, 1));
                }
            }
        }
        let (total, beyond) = match self.beyond {
            None => (self.total - merged, None),
            Some(big) => {
                let rest = *big - BigUint::from(merged);
                match u128::try_from(&rest) {
                    Ok(small) => (small, None),
                    Err(_) => (u128::MAX, Some(Box::new(rest))),
                }
            }
        };
        MoveList {
            moves,
            total,
            beyond,
            limit: self.limit,
        }
    }

    /// Appends `other`'s moves after this list's, listing them while there is room and counting
    /// them all.
    pub fn append(&mut self, other: MoveList<M>) {
        let cut = !other.is_complete();
        for m in other.moves {
            if self.moves.len() < self.limit {
                self.moves.push(m);
            }
        }
        match &other.beyond {
            Some(big) => self.add_big(big),
            None => self.add(other.total),
        }
        // Moves `other` left unlisted come after every move it listed, so when `other` was
        // cut, so is this list: the order stays that of the full list.
        if cut {
            self.limit = self.moves.len();
        }
    }
}

impl<M> Deref for MoveList<M> {
    type Target = [M];

    fn deref(&self) -> &[M] {
        &self.moves
    }
}

impl<M> IntoIterator for MoveList<M> {
    type Item = M;
    type IntoIter = std::vec::IntoIter<M>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter()
    }
}

impl<'a, M> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

impl<M: serde::Serialize> serde::Serialize for MoveList<M> {
    /// The listed moves, as a JSON array (the count is reported beside it by the caller).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.moves.serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_zero_counts_everything_and_lists_nothing() {
        let mut list = MoveList::with_limit(0);
        list.push(1);
        list.push(2);
        assert!(list.moves().is_empty());
        assert_eq!(list.total(), 2);
        assert!(!list.wants_more());
    }

    #[test]
    fn append_keeps_the_order_of_the_full_list() {
        let mut first = MoveList::with_limit(3);
        first.push(1);
        let mut second = MoveList::with_limit(1);
        second.push(2);
        second.push(3);
        first.append(second);
        // 3 was not listed by `second`, so nothing after it may be listed either.
        let mut third = MoveList::with_limit(5);
        third.push(4);
        first.append(third);
        assert_eq!(first.moves(), [1, 2]);
        assert_eq!(first.total(), 4);
        assert!(!first.is_complete());
    }

    #[test]
    fn counts_pass_u128_exactly() {
        let mut list = MoveList::with_limit(1);
        list.push(0);
        list.count_unlisted(u128::MAX - 1);
        assert_eq!(list.total(), u128::MAX);
        assert_eq!(list.count(), BigUint::from(u128::MAX));
        assert!(!list.is_complete());
        // One more passes 2^128 - 1: the count goes on exactly in a big integer.
        list.count_unlisted(2);
        assert_eq!(list.count(), (BigUint::from(1u8) << 128u32) + 1u8);
        let mut sum = MoveList::with_limit(0);
        sum.count_unlisted(7);
        sum.append(list.clone());
        sum.append(list);
        assert_eq!(sum.count(), (BigUint::from(1u8) << 129u32) + 9u8);
        let mut from_big = MoveList::<u8>::with_limit(0);
        from_big.count_unlisted_big(&(BigUint::from(3u8) << 200u32));
        assert_eq!(from_big.count(), BigUint::from(3u8) << 200u32);
    }

    #[test]
    fn complete_lists_are_complete() {
        let list = MoveList::complete(vec![5; 20_000]);
        assert!(list.is_complete());
        assert_eq!(list.total(), 20_000);
    }
}

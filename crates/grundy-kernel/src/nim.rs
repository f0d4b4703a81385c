//! Nim: heaps of tokens; a move takes one or more tokens from one heap.
//!
//! A heap of `h` tokens is worth exactly `h` (its options are the heaps `0..h`, whose mex is
//! `h`), so a Nim position's value is the nim-sum of its heaps (Bouton, 1901). Misère Nim, where
//! taking the last token loses, is played the same way until the move would leave only heaps of
//! size 0 or 1; then the winner leaves an odd number of 1-heaps.

use std::sync::Arc;

use crate::component::Component;
use crate::error::Result;
use crate::heap_rules::HeapMoves;
use crate::moves::MoveList;
use crate::nimber::Nimber;
use crate::Derivation;
use crate::Ruleset;

/// The largest heap of the [`Nim`] ruleset (and so of Nim heaps in a `sum::Sum`):
/// `u64`. Heaps of any size go through the `_big` functions below and `big_nim`.
pub const MAX_HEAP: u64 = u64::MAX;

/// Nim's name in terms, in the registry and on the wire: `nim:3,4,5`.
pub const NAME: &str = "nim";

/// The Nim ruleset. A position is one heap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nim;

impl Component {
    /// A Nim heap of `heap` tokens.
    pub fn nim(heap: u64) -> Self {
        Component::new(Nim::shared(), heap)
    }

    /// The heap, if this is a Nim heap.
    pub fn as_nim(&self) -> Option<u64> {
        self.position::<Nim>().copied()
    }
}

impl Nim {
    /// The ruleset shared by the whole process: Nim heaps are made often (simulations, every
    /// request of the page), and sharing spares an allocation each time.
    pub fn shared() -> &'static Arc<Nim> {
        static RULES: std::sync::OnceLock<Arc<Nim>> = std::sync::OnceLock::new();
        RULES.get_or_init(|| Arc::new(Nim))
    }
}

impl Ruleset for Nim {
    type Position = u64;

    fn term(&self) -> String {
        NAME.into()
    }

    fn name(&self) -> String {
        "nim".into()
    }

    fn title(&self) -> String {
        "Nim".into()
    }

    /// Any smaller heap, without listing them (heaps can hold 2^64 − 1 tokens).
    fn option_to(&self, &heap: &u64, parts: &[u64]) -> Option<Vec<u64>> {
        match *parts {
            [] if heap > 0 => Some(vec![0]),
            [t] if t < heap => Some(vec![t]),
            _ => None,
        }
    }

    /// A heap of `h` is worth `h`: its options are the heaps `0..h`, which hold every value
    /// below `h` and nothing else.
    fn explain_value(&self, &heap: &u64) -> Result<Derivation> {
        if heap == 0 {
            return crate::derive_from(self, &heap, Vec::new());
        }
        Ok(Derivation::closed_form(
            heap.to_string(),
            heap,
            if heap == 1 {
                "a Nim heap of 1 can only become the empty heap, of value 0; the mex of {0} is 1"
                    .to_string()
            } else {
                format!(
                    "a Nim heap of {heap} can become any smaller heap, of values 0 to {}; their mex is {heap}",
                    heap - 1
                )
            },
        ))
    }

    fn options(&self, &heap: &u64) -> Vec<Vec<u64>> {
        (0..heap).rev().map(|h| vec![h]).collect()
    }

    fn grundy(&self, &heap: &u64) -> Result<Nimber> {
        Ok(heap)
    }

    /// Nim's moves need no table: the misère engine knows them.
    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        Some(HeapMoves::Nim)
    }

    fn gentlest_option(&self, &heap: &u64) -> Option<Vec<u64>> {
        heap.checked_sub(1).map(|h| vec![h])
    }

    fn random_option(&self, &heap: &u64, rng: &mut dyn rand_core::RngCore) -> Option<Vec<u64>> {
        (heap > 0).then(|| vec![crate::uniform_below(rng, heap)])
    }

    fn moves_to_value(
        &self,
        &heap: &u64,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<u64>>> {
        let mut found = MoveList::with_limit(limit);
        if target < heap {
            found.push(vec![target]);
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bouton::*;
    use crate::nimber::nim_sum;

    #[test]
    fn the_value_of_a_heap_is_explained_in_words_that_fit_its_size() {
        let one = Nim.explain_value(&1).unwrap();
        assert_eq!(one.value, 1);
        let reason = one.reason.unwrap();
        assert!(reason.contains("only become the empty heap"), "{reason}");
        assert!(!reason.contains("0 to 0"), "{reason}");
        let five = Nim.explain_value(&5).unwrap();
        assert_eq!(five.value, 5);
        assert!(five.reason.unwrap().contains("values 0 to 4"));
        assert_eq!(Nim.explain_value(&0).unwrap().value, 0);
    }

    #[test]
    fn worked_examples_of_avansyah_2025() {
        // [2, 3, 4] and [1, 4, 5] from Avansyah (2025) (docs/bibliography.md).
        assert_eq!(nim_sum([2, 3, 4]), 5);
        assert!(!is_p_position(&[2, 3, 4]));
        assert_eq!(
            winning_moves(&[2, 3, 4]),
            vec![NimMove {
                heap: 2,
                from: 4,
                to: 1
            }]
        );
        assert!(is_p_position(&[1, 4, 5]));
        assert!(winning_moves(&[1, 4, 5]).is_empty());
    }

    #[test]
    fn edge_cases() {
        assert!(is_p_position(&[]));
        assert!(is_p_position(&[0]));
        assert!(!is_p_position(&[1]));
        assert_eq!(winning_moves(&[7]).len(), 1);
        assert_eq!(winning_moves(&[u64::MAX])[0].to, 0);
        // Empty misère Nim: the previous player took the last token and lost, so the
        // player to move has won: an N-position.
        assert!(!is_misere_p_position(&[]));
        assert!(is_misere_p_position(&[1]));
        assert!(!is_misere_p_position(&[2]));
        assert_eq!(
            misere_winning_moves(&[2]),
            vec![NimMove {
                heap: 0,
                from: 2,
                to: 1
            }]
        );
        assert!(is_misere_p_position(&[1, 1, 1]));
        assert!(is_misere_p_position(&[2, 2]));
    }
}

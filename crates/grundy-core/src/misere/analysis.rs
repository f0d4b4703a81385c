//! Using a quotient: the misère outcome of a sum of heaps and every winning move, in time
//! linear in the number of heaps (times the options of one heap).

use super::quotient::MisereQuotient;
use crate::error::{GameError, Result};
use crate::sum::Outcome;

/// One move: heap number `heap` (0-based, in the order given) of `from` tokens becomes the
/// heaps `to` (empty: it is taken away).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapMove {
    /// Index of the heap moved in.
    pub heap: usize,
    /// Its size.
    pub from: usize,
    /// What is left of it.
    pub to: Vec<usize>,
}

/// Why a position has its outcome: the element of each heap and their product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The heaps, as given.
    pub heaps: Vec<usize>,
    /// Each heap's element, in normal form (e.g. `b`).
    pub elements: Vec<String>,
    /// The product, in normal form.
    pub product: String,
    /// Whether the product is in the P-portion.
    pub in_p_portion: bool,
    /// The P-portion, in normal form.
    pub p_portion: Vec<String>,
}

impl Explanation {
    /// The explanation as lines of text.
    pub fn to_text(&self) -> String {
        let parts: Vec<String> = self
            .heaps
            .iter()
            .zip(&self.elements)
            .map(|(h, e)| format!("{h} -> {e}"))
            .collect();
        format!(
            "heaps pretend to be: {}\nproduct: {} ({} the P-portion {{{}}})",
            if parts.is_empty() {
                "(none)".to_string()
            } else {
                parts.join(", ")
            },
            self.product,
            if self.in_p_portion { "in" } else { "not in" },
            self.p_portion.join(", ")
        )
    }
}

/// The answer for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereAnalysis {
    /// P: the player to move loses with perfect play; N: wins.
    pub outcome: Outcome,
    /// Every winning move, by heap index, then by option in the game's order.
    pub winning_moves: Vec<HeapMove>,
    /// The monoid elements behind the outcome.
    pub explanation: Explanation,
}

impl MisereQuotient {
    /// Checks that every heap is covered by this quotient.
    fn check_heaps(&self, heaps: &[usize]) -> Result<()> {
        match heaps.iter().find(|&&h| h > self.max_heap) {
            Some(h) => Err(GameError::out_of_range(
                "heap",
                h,
                format!(
                    "at most {} tokens: the misère quotient of {} was computed for heaps up to {}",
                    self.max_heap, self.game, self.max_heap
                ),
            )),
            None => Ok(()),
        }
    }

    /// The misère outcome of the sum of `heaps`.
    pub fn outcome(&self, heaps: &[usize]) -> Result<Outcome> {
        self.check_heaps(heaps)?;
        Ok(self.outcome_of(self.element_of(heaps)))
    }

    fn outcome_of(&self, e: u32) -> Outcome {
        if self.p_portion[e as usize] {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// Outcome, every winning move and the explanation of the sum of `heaps`.
    pub fn analyze(&self, heaps: &[usize]) -> Result<MisereAnalysis> {
        self.check_heaps(heaps)?;
        let k = heaps.len();
        let elements: Vec<u32> = heaps.iter().map(|&h| self.pretend[h]).collect();
        // prefix[i] = product of heaps before i; suffix[i] = product of heaps from i on.
        let mut prefix = vec![0u32; k + 1];
        for i in 0..k {
            prefix[i + 1] = self.monoid.mul(prefix[i], elements[i]);
        }
        let mut suffix = vec![0u32; k + 1];
        for i in (0..k).rev() {
            suffix[i] = self.monoid.mul(elements[i], suffix[i + 1]);
        }
        let total = prefix[k];
        let mut winning_moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let rest = self.monoid.mul(prefix[i], suffix[i + 1]);
            for o in &self.options.options[h] {
                let e = o
                    .iter()
                    .fold(rest, |e, &x| self.monoid.mul(e, self.pretend[x]));
                if self.p_portion[e as usize] {
                    winning_moves.push(HeapMove {
                        heap: i,
                        from: h,
                        to: o.clone(),
                    });
                }
            }
        }
        let explanation = Explanation {
            heaps: heaps.to_vec(),
            elements: elements.iter().map(|&e| self.element_text(e)).collect(),
            product: self.element_text(total),
            in_p_portion: self.p_portion[total as usize],
            p_portion: self
                .p_elements()
                .iter()
                .map(|&e| self.element_text(e))
                .collect(),
        };
        Ok(MisereAnalysis {
            outcome: self.outcome_of(total),
            winning_moves,
            explanation,
        })
    }
}

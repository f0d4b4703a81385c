//! Using a quotient: the misère outcome of a sum of heaps and every winning move, in time
//! linear in the number of heaps (times the options of one heap).

use serde::Serialize;

use super::quotient::MisereQuotient;
use crate::kernel::error::{GameError, Result};
use crate::sum::Outcome;

/// One move: heap number `heap` (0-based, in the order given) of `from` tokens becomes the
/// heaps `to` (empty: it is taken away).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct HeapMove {
    /// Index of the heap moved in.
    pub heap: usize,
    /// Its size.
    pub from: usize,
    /// What is left of it.
    pub to: Vec<usize>,
}

/// The most elements of a P-portion the text lists in full; a larger one is counted, and the
/// text says where to read it (`grundy misere quotient`). The data always holds all of it.
pub const P_PORTION_LISTED: usize = 12;

/// Why a position has its outcome: the element of each heap, their product, whether the
/// product lies in the P-portion, and (for an N-position) one winning move checked the same
/// way. As the Nim explanation shows the XOR of the heaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[schemars(rename = "QuotientExplanation")]
pub struct Explanation {
    /// The game's name, e.g. `0.07`.
    pub game: String,
    /// `N` of the quotient `Q_N` used.
    pub max_heap: usize,
    /// The quotient's order.
    pub order: usize,
    /// The heaps, as given.
    pub heaps: Vec<usize>,
    /// Each heap's element, in normal form (e.g. `b`).
    pub elements: Vec<String>,
    /// The product, in normal form.
    pub product: String,
    /// Whether the product is in the P-portion.
    pub in_p_portion: bool,
    /// How many elements the P-portion has.
    pub p_portion_size: usize,
    /// The P-portion, in normal form.
    pub p_portion: Vec<String>,
    /// For an N-position, the first winning move and the product it leaves.
    pub winning_move: Option<MoveCheck>,
}

/// A move checked in the quotient: the heap's element is replaced by its option's elements,
/// and the new product lies in the P-portion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[schemars(rename = "QuotientMoveCheck")]
pub struct MoveCheck {
    /// Index of the heap moved in.
    pub heap: usize,
    /// Its size.
    pub from: usize,
    /// The heaps left of it.
    pub to: Vec<usize>,
    /// The elements of the heaps left.
    pub to_elements: Vec<String>,
    /// The product after the move.
    pub product: String,
}

impl Explanation {
    /// The explanation as lines of text.
    pub fn to_text(&self) -> String {
        let mut lines = vec![format!(
            "Misère quotient Q_{n} of {}: {} elements, {} of them in the P-portion (proven for \
             every position with heaps up to {n}).",
            self.game,
            self.order,
            self.p_portion_size,
            n = self.max_heap
        )];
        if self.p_portion.len() <= P_PORTION_LISTED {
            lines.push(format!("P-portion: {{{}}}.", self.p_portion.join(", ")));
        }
        lines.push("Each heap pretends to be an element of the quotient:".into());
        for (h, e) in self.heaps.iter().zip(&self.elements) {
            lines.push(format!("  {h} -> {e}"));
        }
        let verdict = |inside: bool| if inside { "is" } else { "is not" };
        let product = if self.elements.len() > 1 {
            format!("{} = {}", self.elements.join(" · "), self.product)
        } else {
            self.product.clone()
        };
        lines.push(format!(
            "Product: {product}, which {} in the P-portion.",
            verdict(self.in_p_portion)
        ));
        match &self.winning_move {
            Some(m) => {
                let parts = if m.to.is_empty() {
                    "nothing".to_string()
                } else {
                    m.to.iter()
                        .zip(&m.to_elements)
                        .map(|(h, e)| format!("{h} (element {e})"))
                        .collect::<Vec<_>>()
                        .join(" + ")
                };
                lines.push(format!(
                    "A winning move puts the product in the P-portion: heap {}: {} -> {parts} \
                     makes it {}, which is in the P-portion.",
                    m.heap + 1,
                    m.from,
                    m.product
                ));
            }
            None if self.in_p_portion => lines.push(
                "So every move leaves a product outside the P-portion: the opponent then has a \
                 winning move."
                    .into(),
            ),
            None => lines.push("No move reaches the P-portion.".into()),
        }
        if self.p_portion.len() > P_PORTION_LISTED {
            lines.push(format!(
                "(The P-portion's {} elements: grundy misere quotient {} --max-heap {}.)",
                self.p_portion_size, self.game, self.max_heap
            ));
        }
        lines.join("\n")
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
        let winning_move = winning_moves.first().map(|m| {
            let rest = self.monoid.mul(prefix[m.heap], suffix[m.heap + 1]);
            let after =
                m.to.iter()
                    .fold(rest, |e, &x| self.monoid.mul(e, self.pretend[x]));
            MoveCheck {
                heap: m.heap,
                from: m.from,
                to: m.to.clone(),
                to_elements: m
                    .to
                    .iter()
                    .map(|&x| self.element_text(self.pretend[x]))
                    .collect(),
                product: self.element_text(after),
            }
        });
        let p_elements = self.p_elements();
        let explanation = Explanation {
            game: self.game.clone(),
            max_heap: self.max_heap,
            order: self.order(),
            heaps: heaps.to_vec(),
            elements: elements.iter().map(|&e| self.element_text(e)).collect(),
            product: self.element_text(total),
            in_p_portion: self.p_portion[total as usize],
            p_portion_size: p_elements.len(),
            p_portion: p_elements.iter().map(|&e| self.element_text(e)).collect(),
            winning_move,
        };
        Ok(MisereAnalysis {
            outcome: self.outcome_of(total),
            winning_moves,
            explanation,
        })
    }
}

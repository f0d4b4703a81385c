//! The components' Grundy values in binary columns, exactly as Bouton's table writes Nim heaps:
//! by the Sprague–Grundy theorem a sum plays like Nim on its components' values, so the same
//! table (one row per component, one column per power of two, the nim-sum as the XOR of each
//! column) shows why the total is what it is and which component must move.

use super::{MovePlan, SumExplanation};
use crate::nimber::{nim_sum, Nimber};
use crate::sum::SumMove;

impl SumExplanation {
    /// The same explanation with its plan made for the move `m` (the hint's move, so that the
    /// reasoning shown names the move the player is told to make). A move that does not make
    /// the total 0 (from a P-position every move is such) leaves no plan.
    pub fn plan_for(mut self, m: &SumMove) -> Self {
        let Some(component) = self.components.get(m.component) else {
            return self;
        };
        if self.total == 0 {
            // No move wins: nothing to value (the option of a Cram board of 36 squares costs
            // seconds, which a hint from a lost position would spend for nothing).
            self.plan = None;
            return self;
        }
        let value = component.value;
        let parts: Option<Vec<Nimber>> = m.to.iter().map(|c| c.value().ok()).collect();
        self.plan = match parts {
            Some(parts) if nim_sum(parts.iter().copied()) == value ^ self.total => {
                Some(MovePlan::of_move(m, value, self.total))
            }
            _ => None,
        };
        self
    }
}

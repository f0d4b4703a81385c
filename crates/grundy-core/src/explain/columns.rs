//! The components' Grundy values in binary columns, exactly as Bouton's table writes Nim heaps:
//! by the Sprague–Grundy theorem a sum plays like Nim on its components' values, so the same
//! table (one row per component, one column per power of two, the nim-sum as the XOR of each
//! column) shows why the total is what it is and which component must move.

use super::{MovePlan, SumExplanation};
use crate::games::moore::Moore;
use crate::nimber::{nim_sum, Nimber};
use crate::report::{Explained, Explanation};
use crate::sum::SumMove;

impl SumExplanation {
    /// The same explanation with its plan made for the move `m` (the hint's move, so that the
    /// reasoning shown names the move the player is told to make). A move that does not make
    /// the total 0 (from a P-position every move is such) leaves no plan.
    pub fn plan_for(mut self, m: &SumMove) -> Self {
        let Some(component) = self.components.get(m.component) else {
            return self;
        };
        let value = component.value;
        let parts: Option<Vec<Nimber>> = m.to.iter().map(|c| c.value().ok()).collect();
        self.plan = match parts {
            Some(parts)
                if nim_sum(parts.iter().copied()) == value ^ self.total && self.total != 0 =>
            {
                Some(MovePlan::of_move(m, value, self.total))
            }
            _ => None,
        };
        self
    }
}

impl Explanation {
    /// The same explanation, its plan made for the move `m` where it has one (a sum's, see
    /// [`SumExplanation::plan_for`]; Moore's Nim's, see
    /// [`crate::games::moore::MooreExplanation::planned_for`]);
    /// other kinds are returned as they are.
    pub fn planned_for(self, m: &SumMove) -> Self {
        match self {
            Explanation::Moore(e) => {
                let to = m.to.first().and_then(|c| c.position::<Moore>()).cloned();
                let detail = match to {
                    Some(to) if m.component == 0 => e.detail.planned_for(&to),
                    _ => e.detail,
                };
                let text = detail.to_text();
                Explanation::Moore(Explained {
                    kind: e.kind,
                    detail,
                    text,
                })
            }
            Explanation::Sum(e) => {
                let detail = e.detail.plan_for(m);
                let text = detail.to_text();
                Explanation::Sum(Explained {
                    kind: e.kind,
                    detail,
                    text,
                })
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_sum;

    #[test]
    fn columns_of_a_kayles_sum() {
        // Kayles 7 and 4: G = 2 and 1 (Guy and Smith, 1956: 0.77 begins 0 1 2 3 1 4 3 2).
        let sum = parse_sum("octal{0.77}:7,4").unwrap();
        let e = SumExplanation::new(&sum).unwrap();
        assert_eq!(e.columns.binary, vec!["10", "01"]);
        assert_eq!(e.columns.total_binary, "11");
        assert_eq!(e.columns.highest_bit, Some(1));
        assert_eq!(e.columns.with_bit, vec![0]);
        // The plan moves a component with the highest bit.
        let plan = e.plan.unwrap();
        assert!(e.columns.with_bit.contains(&plan.component));
        assert!(plan.target < plan.value);
    }

    /// The plan follows a chosen winning move, and any winning move of the sum is one.
    #[test]
    fn plans_follow_the_chosen_move() {
        let sum = parse_sum("octal{0.77}:7,4 + nim:2").unwrap();
        let e = SumExplanation::new(&sum).unwrap();
        for m in sum.winning_moves().unwrap() {
            let plan = e.clone().plan_for(&m).plan.unwrap();
            assert_eq!(plan.component, m.component);
            assert_eq!(plan.target, plan.value ^ e.total);
            assert_eq!(sum.after(&m).value().unwrap(), 0);
        }
        // A move that does not win has no plan.
        let losing = sum
            .moves()
            .unwrap()
            .into_iter()
            .find(|m| sum.after(m).value().unwrap() != 0)
            .unwrap();
        assert_eq!(e.plan_for(&losing).plan, None);
    }

    #[test]
    fn a_zero_total_has_no_deciding_column() {
        // S = {1,4,9}: by the mex rule G(0..4) = 0 1 0 1 2, so G(3) = 1 and 1 XOR 1 = 0.
        let sum = parse_sum("sub{1,4,9}:3 + nim:1").unwrap();
        let e = SumExplanation::new(&sum).unwrap();
        assert_eq!(e.total, 0);
        assert_eq!(e.columns.highest_bit, None);
        assert!(e.columns.with_bit.is_empty());
        assert_eq!(e.columns.total_binary, "0");
    }
}

//! Tests of the columns and plans, reading positions as a user writes them.

use crate::explain::SumExplanation;
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

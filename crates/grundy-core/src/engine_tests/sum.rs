//! Sums (`sum`) of components of particular rulesets: a Wythoff board beside Nim heaps.

use crate::games::wythoff::Wythoff;
use crate::kernel::component::Component;
use crate::sum::Sum;

#[test]
fn wythoff_components_in_sums() {
    // G(10, 7) = 15, so with a Nim heap of 15 the sum is a P-position.
    let wythoff = Wythoff::component(10, 7);
    assert_eq!(wythoff.value().unwrap(), 15);
    let balanced = Sum::new(vec![wythoff.clone(), Component::nim(15)]);
    assert_eq!(balanced.value().unwrap(), 0);
    assert!(balanced.winning_moves().unwrap().is_empty());
    // With a Nim heap of 3 the total is 12: the Wythoff part must move to value 3.
    let sum = Sum::new(vec![wythoff.clone(), Component::nim(3)]);
    let moves = sum.winning_moves().unwrap();
    assert!(!moves.is_empty());
    for m in &moves {
        assert_eq!(sum.after(m).value().unwrap(), 0, "{m}");
    }
    assert_eq!(wythoff.to_string(), "(10, 7)");
    assert_eq!(wythoff.emptied(), Wythoff::component(0, 0));
    assert_eq!(
        serde_json::to_value(&wythoff).unwrap(),
        serde_json::json!({"ruleset": "wythoff", "heaps": [10, 7]})
    );
}

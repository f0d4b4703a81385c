//! Components with more options than the engine's candidate sets hold (127 or more) are
//! valued round by round ([`Engine`]'s `value_by_rounds`): checked against values computed
//! directly, on Kayles (many options, small values) and Nim (values past the sets).

use super::test_heaps::{kayles, nim, Heaps};
use super::Engine;

#[test]
fn components_with_many_options_have_their_values() {
    for (rule, top) in [(kayles as fn(u64) -> _, 160), (nim, 140)] {
        let game = || Heaps {
            rule,
            proof_numbers: false,
        };
        let values = game().direct(top);
        let kayles = top == 160;
        let mut engine = Engine::new(game(), 1 << 24);
        for n in [top, top - 1, 130, 127, 126, 64, 3, 0] {
            assert_eq!(
                engine.value_of_sum(&[n]).unwrap(),
                values[n as usize],
                "{kayles} {n}"
            );
        }
        let mut engine = Engine::new(game(), 1 << 24);
        for n in [top, 131, 128] {
            for k in [0, 1, values[n as usize], 127, 128] {
                let is = engine.sum_has_value(&[n], k).unwrap();
                assert_eq!(is, values[n as usize] == k, "{kayles} {n} {k}");
            }
        }
    }
}

//! Proof-number search ([`Engine::is_value_by_proof_numbers`], used for every question asked
//! from outside when the game says [`super::SplitGame::proof_numbers`]) against values computed
//! directly: octal games whose moves split a heap in two (the options' smaller parts valued on
//! the way, the node's heap moves when the value asked is above 0), with tables large and tiny.

use super::test_heaps::{dawson, kayles, nim, Heaps};
use super::Engine;

/// The game of `rule`, answered by proof numbers.
fn by_numbers(rule: fn(u64) -> Vec<Vec<u64>>) -> Heaps {
    Heaps {
        rule,
        proof_numbers: true,
    }
}

/// Every heap up to 40 asked each value from 0 to two past its own by an engine that knows
/// nothing yet (a P-position at its value; an N-position below it, by an option, and above
/// it, by the heap's move), and sums of two heaps; on a table of 1 MiB, and heaps up to 16 on
/// one of 4 KiB, where the numbers of unsettled nodes outgrow their half of it and are
/// forgotten many times over.
#[test]
fn questions_by_proof_numbers_have_the_values_computed_directly() {
    // Nim: a heap of `n` has no option worth `n + 1`, so a question above its value is
    // answered by the heap's move alone.
    for rule in [kayles as fn(u64) -> _, dawson, nim] {
        let values = by_numbers(rule).direct(60);
        for (memory, top) in [(1 << 20, 40), (4 << 10, 12)] {
            for n in 0..=top {
                let v = values[n as usize];
                for k in 0..=v + 2 {
                    let mut engine = Engine::new(by_numbers(rule), memory);
                    let is = engine.is_value(&n, k).unwrap();
                    assert_eq!(is, v == k, "{n} asked {k}");
                }
            }
            let mut engine = Engine::new(by_numbers(rule), memory);
            for n in [0, 1, 9, 16, 34, 60]
                .into_iter()
                .filter(|&n| n <= top * 3 / 2)
            {
                assert_eq!(engine.value_of_sum(&[n]).unwrap(), values[n as usize]);
                for m in [3, 11, 45].into_iter().filter(|&m| m <= top * 3 / 2) {
                    let sum = values[n as usize] ^ values[m as usize];
                    for k in [0, sum, sum + 1] {
                        let mut fresh = Engine::new(by_numbers(rule), memory);
                        let is = fresh.sum_has_value(&[n, m], k).unwrap();
                        assert_eq!(is, sum == k, "{n} + {m} asked {k}");
                    }
                }
            }
        }
    }
}

/// The same questions by the engine's depth-first search and by proof numbers leave the same
/// facts: a value found by either is the other's.
#[test]
fn both_searches_agree_on_every_heap() {
    let values = by_numbers(kayles).direct(45);
    let mut depth_first = Engine::new(by_numbers(kayles), 1 << 20);
    let mut numbers = Engine::new(by_numbers(kayles), 1 << 20);
    for n in 0..=45u64 {
        let v = depth_first.value(&n).unwrap();
        assert_eq!(v, values[n as usize]);
        assert!(numbers.is_value_by_proof_numbers(&n, v).unwrap(), "{n}");
        assert!(
            !numbers.is_value_by_proof_numbers(&n, v + 1).unwrap(),
            "{n}"
        );
    }
}

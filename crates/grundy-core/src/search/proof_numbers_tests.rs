//! Proof-number search ([`Engine::is_value_by_proof_numbers`], used for every question asked
//! from outside when the game says [`SplitGame::proof_numbers`]) against values computed
//! directly: octal games whose moves split a heap in two (the options' smaller parts valued on
//! the way, the node's heap moves when the value asked is above 0), with tables large and tiny.

use super::{Engine, OptionSink, SplitGame};
use crate::nimber::{mex, Nimber};

/// Heaps of an octal game (Kayles, `0.77`, Dawson's Kayles, `0.137`, or Nim), keyed by their
/// size.
struct Octal {
    /// Pins a move takes, and the most heaps it may leave (0, 1 or 2).
    moves: &'static [(u64, usize)],
}

const KAYLES: Octal = Octal {
    moves: &[(1, 2), (2, 2)],
};
const DAWSON: Octal = Octal {
    moves: &[(1, 0), (2, 1), (3, 2)],
};
/// Nim (`0.333...`): any number of counters from one heap. A heap of `n` has no option worth
/// `n + 1`, so a question above its value is answered by the heap's move alone.
const NIM: Octal = Octal { moves: &NIM_MOVES };
const NIM_MOVES: [(u64, usize); 60] = {
    let mut moves = [(0, 1); 60];
    let mut i = 0;
    while i < 60 {
        moves[i].0 = i as u64 + 1;
        i += 1;
    }
    moves
};

impl Octal {
    /// The options of a heap of `n`, each its non-empty parts.
    fn options_of(&self, n: u64) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for &(take, heaps) in self.moves {
            let Some(rest) = n.checked_sub(take) else {
                continue;
            };
            for a in 0..=rest / 2 {
                let parts: Vec<u64> = [a, rest - a].into_iter().filter(|&p| p > 0).collect();
                if parts.len() <= heaps {
                    options.push(parts);
                }
            }
        }
        options
    }

    /// The values of heaps `0..=top` by the mex rule, parts XORed.
    fn direct(&self, top: u64) -> Vec<Nimber> {
        let mut values: Vec<Nimber> = Vec::new();
        for n in 0..=top {
            let options = self.options_of(n);
            values.push(mex(options
                .iter()
                .map(|o| o.iter().fold(0, |x, &p| x ^ values[p as usize]))));
        }
        values
    }
}

impl SplitGame for Octal {
    type Key = u64;

    fn table_tag(&self) -> String {
        "octal".into()
    }

    fn size(&self, key: &u64) -> u32 {
        *key as u32
    }

    fn move_count(&self, key: &u64) -> usize {
        self.options_of(*key).len()
    }

    fn options<S: OptionSink<u64>>(&self, key: &u64, out: &mut S) {
        for option in self.options_of(*key) {
            out.begin();
            option.into_iter().for_each(|p| out.component(p));
            if !out.end() {
                return;
            }
        }
    }

    fn proof_numbers(&self) -> bool {
        true
    }
}

/// Every heap up to 40 asked each value from 0 to two past its own by an engine that knows
/// nothing yet (a P-position at its value; an N-position below it, by an option, and above
/// it, by the heap's move), and sums of two heaps; on a table of 1 MiB, and heaps up to 16 on
/// one of 4 KiB, where the numbers of unsettled nodes outgrow their half of it and are
/// forgotten many times over.
#[test]
fn questions_by_proof_numbers_have_the_values_computed_directly() {
    for game in [KAYLES, DAWSON, NIM] {
        let values = game.direct(60);
        for (memory, top) in [(1 << 20, 40), (4 << 10, 12)] {
            for n in 0..=top {
                let v = values[n as usize];
                for k in 0..=v + 2 {
                    let mut engine = Engine::new(Octal { moves: game.moves }, memory);
                    let is = engine.is_value(&n, k).unwrap();
                    assert_eq!(is, v == k, "{:?} {n} asked {k}", game.moves);
                }
            }
            let mut engine = Engine::new(Octal { moves: game.moves }, memory);
            for n in [0, 1, 9, 16, 34, 60]
                .into_iter()
                .filter(|&n| n <= top * 3 / 2)
            {
                assert_eq!(engine.value_of_sum(&[n]).unwrap(), values[n as usize]);
                for m in [3, 11, 45].into_iter().filter(|&m| m <= top * 3 / 2) {
                    let sum = values[n as usize] ^ values[m as usize];
                    for k in [0, sum, sum + 1] {
                        let mut fresh = Engine::new(Octal { moves: game.moves }, memory);
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
    let values = KAYLES.direct(45);
    let mut depth_first = Engine::new(KAYLES, 1 << 20);
    let mut numbers = Engine::new(KAYLES, 1 << 20);
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

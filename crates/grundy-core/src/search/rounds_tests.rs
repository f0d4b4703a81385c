//! Components with more options than the engine's candidate sets hold (127 or more) are
//! valued round by round ([`Engine`]'s `value_by_rounds`): checked against values computed
//! directly, on Kayles (many options, small values) and Nim (values past the sets).

use super::{Engine, OptionSink, SplitGame};
use crate::nimber::{mex, Nimber};

/// Kayles rows (`n` pins; a move knocks down one or two adjacent pins) or Nim heaps, keyed by
/// their size.
struct Heaps {
    kayles: bool,
}

impl Heaps {
    /// The options of `n`, each its parts (empty ones left out).
    fn options_of(&self, n: u64) -> Vec<Vec<u64>> {
        match self.kayles {
            false => (0..n)
                .map(|m| vec![m])
                .filter(|o| o[0] > 0)
                .chain((n > 0).then(Vec::new))
                .collect(),
            true => (1..=2u64.min(n))
                .flat_map(|t| (0..=(n - t) / 2).map(move |a| vec![a, n - t - a]))
                .map(|parts| parts.into_iter().filter(|&p| p > 0).collect())
                .collect(),
        }
    }
}

impl SplitGame for Heaps {
    type Key = u64;

    fn table_tag(&self) -> String {
        "heaps".into()
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
}

/// The values of heaps `0..=top` by the mex rule, parts XORed.
fn direct(game: &Heaps, top: u64) -> Vec<Nimber> {
    let mut values: Vec<Nimber> = Vec::new();
    for n in 0..=top {
        let options = game.options_of(n);
        values.push(mex(options
            .iter()
            .map(|o| o.iter().fold(0, |x, &p| x ^ values[p as usize]))));
    }
    values
}

#[test]
fn components_with_many_options_have_their_values() {
    for (kayles, top) in [(true, 160), (false, 140)] {
        let game = Heaps { kayles };
        let values = direct(&game, top);
        let mut engine = Engine::new(Heaps { kayles }, 1 << 24);
        for n in [top, top - 1, 130, 127, 126, 64, 3, 0] {
            assert_eq!(
                engine.value_of_sum(&[n]).unwrap(),
                values[n as usize],
                "{kayles} {n}"
            );
        }
        let mut engine = Engine::new(Heaps { kayles }, 1 << 24);
        for n in [top, 131, 128] {
            for k in [0, 1, values[n as usize], 127, 128] {
                let is = engine.sum_has_value(&[n], k).unwrap();
                assert_eq!(is, values[n as usize] == k, "{kayles} {n} {k}");
            }
        }
    }
}

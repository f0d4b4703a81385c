//! Sums for the misère engine's tests, written as the text format writes them
//! (`octal{0.77}:7,4 + nim:2`): the engines' crate cannot see the rulesets' crate, so an octal
//! game is rebuilt here from the kernel's [`HeapRules`] alone, its values by the mex rule.
//! That is all the misère engine reads of a heap game (its code, through
//! [`Ruleset::heap_moves`], and its values).

use std::sync::{Arc, Mutex, OnceLock};

use crate::kernel::component::Component;
use crate::kernel::error::Result;
use crate::kernel::heap_rules::{HeapMoves, HeapRules};
use crate::kernel::Ruleset;
use crate::nimber::{mex, Nimber};
use crate::sum::Sum;

/// An octal game given by its code, for tests.
#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Octal(HeapRules);

impl Ruleset for Octal {
    type Position = u64;

    fn term(&self) -> String {
        "octal".into()
    }

    fn name(&self) -> String {
        format!("octal {:?}", self.0)
    }

    fn title(&self) -> String {
        self.name()
    }

    fn splits(&self) -> bool {
        true
    }

    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        Some(HeapMoves::Code(&self.0))
    }

    fn options(&self, &heap: &u64) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (k, digit) in self.0.digits().iter().enumerate() {
            let k = k as u64;
            if digit & 2 != 0 && k < heap {
                options.push(vec![heap - k]);
            }
            if digit & 4 != 0 && k < heap {
                let rest = heap - k;
                for a in 1..=self.0.largest_smaller_part(rest) {
                    options.push(vec![a, rest - a]);
                }
            }
            if digit & 1 != 0 && k == heap {
                options.push(Vec::new());
            }
        }
        options
    }

    fn grundy(&self, &heap: &u64) -> Result<Nimber> {
        Ok(values_of(&self.0, heap)[heap as usize])
    }
}

/// The values of heaps `0, 1, 2, …` of each code asked, as far as asked.
type Kept = Mutex<Vec<(HeapRules, Vec<Nimber>)>>;

/// The values of the heaps `0..=heap` of `rules`, by the mex rule, kept per code.
fn values_of(rules: &HeapRules, heap: u64) -> Vec<Nimber> {
    static KEPT: OnceLock<Kept> = OnceLock::new();
    let mut kept = KEPT.get_or_init(Default::default).lock().unwrap();
    let index = match kept.iter().position(|(r, _)| r == rules) {
        Some(i) => i,
        None => {
            kept.push((rules.clone(), Vec::new()));
            kept.len() - 1
        }
    };
    let game = Octal(rules.clone());
    let values = &mut kept[index].1;
    while values.len() <= heap as usize {
        let n = values.len() as u64;
        let options = game.options(&n);
        let value = mex(options
            .iter()
            .map(|parts| parts.iter().fold(0, |x, &p| x ^ values[p as usize])));
        values.push(value);
    }
    values.clone()
}

/// A sum written as the text format writes one, of `octal{CODE}:` and `nim:` terms only.
pub(super) fn parse_sum(text: &str) -> Sum {
    let mut components = Vec::new();
    for term in text.split('+') {
        let (game, heaps) = term.trim().split_once(':').expect("a term is game:heaps");
        let heaps = heaps.split(',').map(|h| h.trim().parse::<u64>().unwrap());
        match game
            .strip_prefix("octal{")
            .and_then(|g| g.strip_suffix('}'))
        {
            Some(code) => {
                let rules = Arc::new(Octal(HeapRules::parse(code).unwrap()));
                components.extend(heaps.map(|h| Component::new(&rules, h)));
            }
            None => {
                assert_eq!(game, "nim", "{term}");
                components.extend(heaps.map(Component::nim));
            }
        }
    }
    Sum::new(components)
}

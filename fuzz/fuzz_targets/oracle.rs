//! The oracle: on small random positions of every ruleset and of sums, the engine's outcome
//! and winning moves equal exhaustive search, under normal and misère play.
#![no_main]

use std::sync::Arc;

use arbitrary::Arbitrary;
use grundy_core::games::octal::OctalGame;
use grundy_core::games::subtraction::{AllButGame, SubtractionGame};
use grundy_core::solve::{grundy_rule, misere_rule, sum_options, Solver};
use grundy_core::strategy::{analyze, Convention};
use grundy_core::sum::{Component, Outcome, Sum};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, Arbitrary)]
enum Part {
    Nim(u8),
    Subtraction(Vec<u8>, u8),
    AllBut(Vec<u8>, u8),
    Octal(u16, u8),
    Grundys(u8),
}

#[derive(Debug, Arbitrary)]
struct Case {
    parts: Vec<Part>,
    misere: bool,
}

const SEARCH_LIMIT: usize = 50_000;

fn component(part: &Part) -> Option<Component> {
    Some(match part {
        Part::Nim(h) => Component::Nim(u64::from(h % 8)),
        Part::Subtraction(set, h) => {
            let set: Vec<u64> = set.iter().take(4).map(|&s| u64::from(s % 9) + 1).collect();
            Component::subtraction(
                &Arc::new(SubtractionGame::new(set).ok()?),
                u64::from(h % 16),
            )
        }
        Part::AllBut(set, h) => {
            let set: Vec<u64> = set.iter().take(3).map(|&s| u64::from(s % 6) + 1).collect();
            Component::all_but(&Arc::new(AllButGame::new(set).ok()?), u64::from(h % 10))
        }
        Part::Octal(code, h) => {
            // Three octal digits after the point, any of 0..7.
            let digits: String = (0..3)
                .map(|i| char::from(b'0' + ((code >> (3 * i)) & 7) as u8))
                .collect();
            let game = OctalGame::parse(&format!("0.{digits}")).ok()?;
            Component::octal(&Arc::new(game), u64::from(h % 12))
        }
        Part::Grundys(h) => {
            Component::octal(&Arc::new(OctalGame::grundys_game()), u64::from(h % 12))
        }
    })
}

/// Exhaustive outcomes with one memo shared by the position and all its options.
struct Searcher(Box<dyn FnMut(&Sum) -> Option<Outcome>>);

impl Searcher {
    fn new(convention: Convention) -> Self {
        Searcher(match convention {
            Convention::Normal => {
                let mut solver = Solver::new(sum_options, grundy_rule, SEARCH_LIMIT);
                Box::new(move |s: &Sum| solver.value(&s.canonical()).ok().map(Outcome::of_value))
            }
            Convention::Misere => {
                let mut solver = Solver::new(sum_options, misere_rule, SEARCH_LIMIT);
                Box::new(move |s: &Sum| solver.value(&s.canonical()).ok())
            }
        })
    }

    fn outcome(&mut self, sum: &Sum) -> Option<Outcome> {
        (self.0)(sum)
    }
}

fuzz_target!(|case: Case| {
    let Some(components) = case
        .parts
        .iter()
        .take(3)
        .map(component)
        .collect::<Option<Vec<_>>>()
    else {
        return;
    };
    let sum = Sum::new(components);
    let convention = if case.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let mut search = Searcher::new(convention);
    let Some(expected) = search.outcome(&sum) else {
        return; // too large to search: nothing to compare
    };
    let analysis = analyze(&sum, convention).expect("small positions are always analysed");
    assert_eq!(analysis.outcome, expected, "{sum:?}");
    let mut to_p = Vec::new();
    for m in sum.moves().expect("small positions list their moves") {
        if search.outcome(&sum.after(&m)) == Some(Outcome::P) {
            to_p.push(format!("{m:?}"));
        }
    }
    let mut reported: Vec<String> = analysis
        .winning_moves
        .iter()
        .map(|m| format!("{m:?}"))
        .collect();
    reported.sort();
    to_p.sort();
    assert_eq!(reported, to_p, "{sum:?}");
});

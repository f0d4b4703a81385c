//! The oracle: on small random positions of every heap ruleset (Nim, subtraction, all-but, octal
//! games, Grundy's game, Wythoff, Lasker's Nim, Moore's Nim_k) and of mixed sums of up to three of them, the engine's outcome
//! and winning moves equal exhaustive search, under normal and misère play.
#![no_main]

use arbitrary::Arbitrary;
use grundy_core::kernel::error::GameError;
use grundy_core::solve::{grundy_rule, misere_rule, sum_options, Solver};
use grundy_core::strategy::{analyze, Convention};
use grundy_core::sum::{Outcome, Sum};
use libfuzzer_sys::fuzz_target;

#[path = "small.rs"]
mod small;

#[derive(Debug, Arbitrary)]
struct Case {
    parts: Vec<small::Part>,
    misere: bool,
}

const SEARCH_LIMIT: usize = 50_000;

/// A position's outcome by exhaustive search, `None` beyond the search limit.
type OutcomeSearch = Box<dyn FnMut(&Sum) -> Option<Outcome>>;

/// Exhaustive outcomes with one memo shared by the position and all its options.
struct Searcher(OutcomeSearch);

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
    let Some(sum) = small::sum_of(&case.parts, 3) else {
        return;
    };
    let convention = if case.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let mut search = Searcher::new(convention);
    let Some(expected) = search.outcome(&sum) else {
        return; // too large to search: nothing to compare
    };
    let analysis = match analyze(&sum, convention) {
        Ok(analysis) => analysis,
        // The documented time budget of a misère search is a clean refusal, not a wrong
        // answer; the fuzz build (sanitizers, coverage) runs many times slower than a release
        // build and meets it on sums a release build answers in a fraction of a second.
        Err(GameError::TooLarge { limit, .. }) if limit.contains("time budget") => return,
        Err(e) => panic!("small positions are always analysed: {e} ({sum:?})"),
    };
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

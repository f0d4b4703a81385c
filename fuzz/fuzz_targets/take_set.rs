//! Heap lists and take-sets, as the CLI (`--set`, `--except`, heap arguments) and the position
//! format read them: any text. Parsing never panics; an accepted list is exactly its numbers;
//! a game built from an accepted take-set or excluded set has the values of the mex rule
//! computed from scratch, and the moves it reports to a value are exactly the options of that value.
#![no_main]

use grundy_core::games::all_but::AllButGame;
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::kernel::Ruleset;
use grundy_core::nimber::mex;
use grundy_core::kernel::{parse_list, parse_u64};
use libfuzzer_sys::fuzz_target;

/// Heaps checked against the mex rule (past every period's start for these small games).
const HEAPS: u64 = 160;

/// Each heap's value by the mex rule over `game`'s options, bottom-up.
fn naive<G: Ruleset<Position = u64>>(game: &G) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for n in 0..HEAPS {
        let options = game.options(&n);
        let v = mex(options.iter().map(|parts| {
            parts
                .iter()
                .fold(0, |acc, &h| acc ^ values[usize::try_from(h).unwrap()])
        }));
        values.push(v);
    }
    values
}

fn check<G: Ruleset<Position = u64>>(game: &G, what: &str) {
    let expected = naive(game);
    for (n, &want) in (0..HEAPS).zip(&expected) {
        let got = game.grundy(&n).expect("small heaps have values");
        assert_eq!(got, want, "{what}: G({n})");
        let value_of =
            |parts: &Vec<u64>| parts.iter().fold(0, |acc, &h| acc ^ expected[h as usize]);
        for target in [0, 1, 2, want ^ 1] {
            let reported = game
                .moves_to_value(&n, target, usize::MAX)
                .expect("small heaps");
            assert!(reported.is_complete(), "{what}: heap {n} to value {target}");
            let mut reported = reported.into_moves();
            let mut wanted: Vec<Vec<u64>> = game
                .options(&n)
                .into_iter()
                .filter(|parts| value_of(parts) == target)
                .collect();
            reported.sort();
            wanted.sort();
            assert_eq!(reported, wanted, "{what}: heap {n} to value {target}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(list) = parse_list(text, "amount") else {
        // The scalar parser must agree that some item is bad (or that the list is empty).
        assert!(
            text.trim().is_empty() || text.split(',').any(|i| parse_u64(i.trim(), "x").is_err())
        );
        return;
    };
    // Accepted: each item is a number, and writing them back gives the same list.
    let written: Vec<String> = list.iter().map(u64::to_string).collect();
    assert_eq!(parse_list(&written.join(","), "amount").unwrap(), list);
    // Keep the games small enough to check against the mex rule quickly.
    if list.iter().any(|&a| a > 64) || list.len() > 8 {
        return;
    }
    match selector % 3 {
        0 => {
            if let Ok(game) = SubtractionGame::new(list.clone()) {
                assert!(game.set().iter().all(|s| list.contains(s)));
                check(&game, &format!("sub{list:?}"));
            }
        }
        1 => {
            if let Ok(game) = AllButGame::new(list.clone()) {
                check(&game, &format!("allbut{list:?}"));
            }
        }
        _ => {
            if let Ok(game) = SubtractionGame::bachet(list[0]) {
                check(&game, &format!("bachet{{{}}}", list[0]));
            }
        }
    }
});

//! Any text given as an octal code or preset, and as a take-and-break code: parsing never
//! panics; a parsed game's fast values equal the mex of each heap's options (the octal games'
//! rare/common path, the take-and-break solver); a take-and-break code writes back to itself,
//! and a period it proves holds on the values computed.
#![no_main]

use grundy_core::games::octal::OctalGame;
use grundy_core::games::take_break::code::TakeBreakCode;
use grundy_core::games::take_break::naive::naive_values;
use grundy_core::games::take_break::period::{search, Search};
use grundy_core::games::take_break::solver::Solver;
use grundy_core::kernel::Ruleset;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    take_break(text);
    let Ok(game) = OctalGame::named(text) else {
        return;
    };
    let Ok(seq) = game.sequence(120) else {
        return;
    };
    // The sequence must agree with the mex of each heap's options, computed from scratch.
    for n in 0..seq.values.len() as u64 {
        let options = game.options(&n);
        let values = options.iter().map(|parts| {
            parts
                .iter()
                .fold(0u64, |acc, &h| acc ^ u64::from(seq.values[h as usize]))
        });
        let mex = grundy_core::nimber::mex(values);
        assert_eq!(u64::from(seq.values[n as usize]), mex, "{text}: G({n})");
    }
});

/// The text as a take-and-break code (`0.8`, `4.[3]`, `4!.0`, ...).
fn take_break(text: &str) {
    let Ok(code) = TakeBreakCode::parse(text) else {
        return;
    };
    assert_eq!(
        TakeBreakCode::parse(&code.to_string()).as_ref(),
        Ok(&code),
        "{text} writes as {code}"
    );
    // Long codes cost more per value: fewer values keep the target fast.
    let count = if code.prefix().len() + code.repeat().len() > 8 {
        30
    } else {
        70
    };
    let mut solver = Solver::new(&code);
    solver.extend_to(count).expect("small tables fit");
    assert_eq!(solver.values(), naive_values(&code, count), "{code}");
    if let Search::Proven(p, _) = search(&code, solver.values()) {
        let g = solver.values();
        for n in p.preperiod as usize..g.len() - p.period as usize {
            assert_eq!(
                u64::from(g[n + p.period as usize]),
                u64::from(g[n]) + p.saltus,
                "{code}: {p:?} at {n}"
            );
        }
    }
}

//! Any text given as an octal code or preset: parsing never panics; a parsed game's fast
//! (rare/common) values equal the naive ones.
#![no_main]

use grundy_core::games::octal::OctalGame;
use grundy_core::games::Ruleset;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
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

//! Any text given as a position: parsing never panics, and a parsed small position can be
//! analysed without panicking.
#![no_main]

use grundy_core::strategy::{analyze, Convention};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(sum) = grundy_core::spec::parse_sum(text) else {
        return;
    };
    // Analyse only what is cheap: a fuzzer should explore parsing, not wait on big games.
    if sum.components.len() <= 6 && sum.components.iter().all(|c| c.tokens() <= 200) {
        let _ = analyze(&sum, Convention::Normal);
        let _ = grundy_core::explain::SumExplanation::new(&sum);
    }
});

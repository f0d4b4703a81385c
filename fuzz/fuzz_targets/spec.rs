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
    // Heaps of 200 tokens are instant; a board, graph or row of that size is a real search
    // (the explanation values every option), so those stay small.
    let small = |c: &grundy_core::kernel::component::Component| {
        c.tokens() <= if c.noun() == "heap" { 200 } else { 20 }
    };
    if sum.components.len() <= 6 && sum.components.iter().all(small) {
        let _ = analyze(&sum, Convention::Normal);
        let _ = grundy_core::explain::SumExplanation::new(&sum);
    }
});

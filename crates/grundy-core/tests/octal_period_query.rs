//! Regression: `OctalGame::period` after a small query.
//!
//! A first small query (`value(5)`) builds a short table. `period()` used to answer from that
//! table alone, so Kayles "had no period" (and the split moves of a heap beyond 2^24 could
//! then not be listed). It must extend the table until the period is proven, whatever came
//! before.

use grundy_core::games::octal::OctalGame;

#[test]
fn period_is_found_after_a_small_query() {
    let kayles = OctalGame::named("kayles").unwrap();
    assert_eq!(kayles.value(5).unwrap(), 4);
    let period = kayles
        .period()
        .unwrap()
        .expect("Kayles has period 12 from 71");
    assert_eq!((period.preperiod, period.period), (71, 12));
}

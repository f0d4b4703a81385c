//! `games::searched::share_engines`: after it, every ruleset of a searched game made in the
//! process shares one engine per game, so a question starts from what the questions before it
//! proved. The switch is for the whole process, so it is tested in a process of its own (this
//! file), in one test that runs its steps in order.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use grundy_core::games::cram::CramBoard;
use grundy_core::games::rules::cram::CramGame;
use grundy_core::games::searched::{engines_shared, share_engines, Searched, SearchedGame};
use grundy_core::kernel::budget::{self, Budget};
use grundy_core::kernel::Ruleset;

/// No time at all: only a question answered by the table's look-ups gets through.
fn no_time() -> Budget {
    Budget::new(Duration::ZERO, "--time SECONDS")
}

#[test]
fn rulesets_made_after_the_switch_share_what_their_questions_proved() {
    // Cram 5 × 7 is worth 1 (BENCHMARKS.md: 267,112 components searched).
    let board: CramBoard = "5x7".parse().unwrap();

    // Before the switch each ruleset has an engine of its own: what one proved, another must
    // search again, and with no time it cannot.
    assert!(!engines_shared());
    let first = Searched::<CramGame>::new();
    assert_eq!(first.grundy(&board).unwrap(), 1);
    let fresh = Searched::<CramGame>::new();
    let refused = budget::within(&no_time(), || fresh.grundy(&board)).unwrap_err();
    assert!(refused.to_string().contains("--time SECONDS"), "{refused}");

    // After it, a ruleset made later answers at once what an earlier one proved.
    share_engines();
    assert!(engines_shared());
    let searching = Searched::<CramGame>::new();
    assert_eq!(searching.grundy(&board).unwrap(), 1);
    let later = Searched::<CramGame>::new();
    assert_eq!(
        budget::within(&no_time(), || later.grundy(&board)).unwrap(),
        1
    );
    // The game goes on: the position after a domino was searched as an option of the board
    // when its value was proved, or is searched now with time, and then known to all.
    let after = board.play(board.moves()[0]).unwrap();
    let value = later.grundy(&after).unwrap();
    let another = Searched::<CramGame>::new();
    assert_eq!(
        budget::within(&no_time(), || another.grundy(&after)).unwrap(),
        value
    );
    // What the shared engine knows is exact: the same as a search from nothing.
    let alone = CramGame::value_with(&after, &mut CramGame::engine()).unwrap();
    assert_eq!(value, alone);

    // A question that finds the shared engine busy does not wait for it: it searches with an
    // engine of its ruleset's own. Here Cram 6 × 7 (some 700 s) holds it for a second.
    let busy = Arc::new(AtomicBool::new(true));
    let holder = {
        let busy = Arc::clone(&busy);
        std::thread::spawn(move || {
            let rules = Searched::<CramGame>::new();
            let big: CramBoard = "6x7".parse().unwrap();
            let second = Budget::new(Duration::from_secs(1), "--time SECONDS");
            let result = budget::within(&second, || rules.grundy(&big));
            busy.store(false, Ordering::SeqCst);
            result
        })
    };
    std::thread::sleep(Duration::from_millis(200));
    let small: CramBoard = "3x5".parse().unwrap();
    let meanwhile = Searched::<CramGame>::new();
    let value = meanwhile.grundy(&small).unwrap();
    assert!(
        busy.load(Ordering::SeqCst),
        "3 × 5 was answered only after 6 × 7 let the engine go"
    );
    assert_eq!(
        value,
        CramGame::value_with(&small, &mut CramGame::engine()).unwrap()
    );
    let refused = holder.join().unwrap().unwrap_err();
    assert!(refused.to_string().contains("--time SECONDS"), "{refused}");
}

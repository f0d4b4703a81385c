//! The misère engine's heap games (`misere::game`) made from rulesets as a user names them.

use crate::kernel::heap_rules::HeapRules;
use crate::misere::game::*;

#[test]
fn heap_games_of_rules() {
    let of = |t: &str| heap_game_of(crate::spec::parse_rules(t).unwrap());
    assert_eq!(of("nim").unwrap().name(), "nim");
    assert_eq!(of("octal{0.07}").unwrap().name(), "0.07");
    let sub = of("sub{1,2}").unwrap();
    assert_eq!(sub.name(), "sub{1,2}");
    assert_eq!(sub.options(3), vec![vec![1], vec![2]]);
    let refused = of("wythoff").err().unwrap().to_string();
    assert!(refused.contains("heap game"), "{refused}");
}

#[test]
fn octal_options_follow_the_digits() {
    let dawson = HeapRules::parse("0.07").unwrap();
    assert!(dawson.options(1).is_empty());
    assert_eq!(dawson.options(2), vec![Vec::<usize>::new()]);
    assert_eq!(dawson.options(5), vec![vec![1, 2], vec![3]]);
    let kayles = HeapRules::parse("0.77").unwrap();
    // Kayles removes one or two pins, so a row of 3 is never cleared in one move.
    assert_eq!(kayles.options(3), vec![vec![1], vec![1, 1], vec![2]]);
    let grundy = HeapRules::grundys_game();
    assert_eq!(grundy.options(4), vec![vec![1, 3]]);
    assert_eq!(Nim.options(3), vec![vec![], vec![1], vec![2]]);
    let table = OptionTable::new(&kayles, 4).unwrap();
    // Registry rulesets give the same options as their own definitions.
    let rules = |t: &str| RegistryHeapGame::new(crate::spec::parse_rules(t).unwrap());
    // The octal ruleset's own move generation (a separate code path) agrees with the
    // options read off the code, for the games whose quotients the tests check.
    for code in ["0.77", "0.07", "0.137", "0.007", "4.7", "0.75", "0.312"] {
        let own = HeapRules::parse(code).unwrap();
        let registry = rules(&format!("octal{{{code}}}")).unwrap();
        for n in 1..=40 {
            assert_eq!(registry.options(n), own.options(n), "{code} heap {n}");
        }
    }
    assert_eq!(rules("nim").unwrap().options(3), Nim.options(3));
    assert_eq!(
        rules("sub{1,4}").unwrap().options(5),
        vec![vec![1], vec![4]]
    );
    assert_eq!(
        rules("lasker").unwrap().options(3),
        vec![vec![], vec![1], vec![1, 2], vec![2]]
    );
    assert!(rules("wythoff").is_err());
    assert!(rules("moore{2}").is_err());
    assert_eq!(table.max_heap(), 4);
    assert!(table.has_move(1));
}

//! The mex derivations of the kernel ([`crate::kernel::derivation`]) on a subtraction game.

use crate::kernel::derivation::*;
use crate::subtraction::SubtractionGame;

#[test]
fn texts() {
    let game = SubtractionGame::new([1, 4, 9]).unwrap();
    let d = derive_by_options(&game, &11).unwrap();
    assert_eq!(
        d.to_text(),
        "G(11) = mex{G(10), G(7), G(2)} = mex{0, 0, 0} = 1"
    );
    assert_eq!(d.value, game.value(11).unwrap());
    let d = derive_by_options(&game, &0).unwrap();
    assert_eq!(d.to_text(), "G(0) = mex{} = 0: no move is possible");
    let d = Derivation::closed_form("5".into(), 5, "a reason".into());
    assert_eq!(d.to_text(), "G(5) = 5: a reason");
}

#[test]
fn many_options_give_their_values() {
    let options: Vec<OptionValue> = (0..30)
        .map(|i| OptionValue {
            option: i.to_string(),
            value: i % 4,
        })
        .collect();
    let d = Derivation::from_options("30".into(), options);
    assert_eq!(d.value, 4);
    assert!(d.options.is_empty());
    assert_eq!(
        d.to_text(),
        "G(30) = mex of the values of its 30 options, {0, 1, 2, 3} = 4"
    );
}

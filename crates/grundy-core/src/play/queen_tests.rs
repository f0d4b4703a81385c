//! Wythoff's queen moves (`games::wythoff::queen`) as the move parser of a sum reads them.

use crate::games::wythoff::Wythoff;
use crate::kernel::component::Component;
use crate::kernel::MoveError;
use crate::play::MoveParser;
use crate::spec::parse_sum;
use crate::sum::{Sum, SumMove};

fn parse(text: &str, position: &str) -> Result<SumMove, MoveError> {
    let sum = parse_sum(position).unwrap();
    MoveParser::for_position(&sum).parse(text, &sum)
}

fn to(text: &str, position: &str) -> (usize, Component) {
    let m = parse(text, position).unwrap_or_else(|e| panic!("{text}: {e}"));
    (m.component, m.to[0].clone())
}

fn board(x: u64, y: u64) -> Component {
    Wythoff::component(x, y)
}

#[test]
fn every_form_on_a_lone_board() {
    let p = "wythoff:10,7";
    for (text, x, y) in [
        ("x 3", 7, 7),
        ("left 3", 7, 7),
        ("First 3", 7, 7),
        ("y 2", 10, 5),
        ("down 2", 10, 5),
        ("both 2", 8, 5),
        ("diagonal 7", 3, 0),
        ("to 4 7", 4, 7),
        ("4 7", 4, 7),
        ("(6, 3)", 6, 3),
        ("queen to 10,0", 10, 0),
        ("-> 0 7", 0, 7),
        ("heap 1 both 2", 8, 5),
        ("1 to 3 0", 3, 0),
    ] {
        assert_eq!(to(text, p), (0, board(x, y)), "{text}");
    }
}

#[test]
fn illegal_queen_moves_are_explained() {
    let p = "wythoff:10,7";
    for (text, needle) in [
        ("x 11", "off the board"),
        ("y 8", "off the board"),
        ("both 8", "needs 8 in each"),
        ("x 0", "at least one token"),
        ("to 10 7", "must move at least one square"),
        ("to 11 2", "cannot reach (11, 2)"),
        ("to 4 6", "neither in the queen's column"),
        ("5 5", "neither in the queen's column"),
        ("2 both 1", "no heap 2"),
    ] {
        let e = parse(text, p).unwrap_err().to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
    for text in ["z 3", "both", "to 4", "to 4 7 1", "x -1"] {
        assert!(
            matches!(parse(text, p), Err(MoveError::BadSyntax { .. })),
            "{text}"
        );
    }
    let e = parse("banana", p).unwrap_err().to_string();
    assert!(e.contains("both 2"), "{e}");
    assert_eq!(
        parse("x 1", "wythoff:0,0"),
        Err(MoveError::EmptyHeap {
            heap: 1,
            noun: "heap"
        })
    );
}

#[test]
fn boards_in_sums() {
    let p = "wythoff:10,7 + nim:3";
    assert_eq!(to("1 both 2", p), (0, board(8, 5)));
    assert_eq!(to("1 to 4 7", p), (0, board(4, 7)));
    assert_eq!(to("x 3", p), (0, board(7, 7)));
    // Heap forms still read the Nim heap.
    assert_eq!(to("2 1", p), (1, Component::nim(2)));
    assert_eq!(to("2 to 0", p), (1, Component::nim(0)));
    // "1 3" names the board with a heap move: explained, not guessed.
    let e = parse("1 3", p).unwrap_err().to_string();
    assert!(
        e.contains("heap 1 plays wythoff") && e.contains("1 both 2"),
        "{e}"
    );
    let e = parse("2 both 1", p).unwrap_err().to_string();
    assert!(e.contains("heap 2 plays nim"), "{e}");
    // Two boards: the number is needed.
    let p = "wythoff:3,5,4,4";
    assert_eq!(to("2 to 1 1", p), (1, board(1, 1)));
    let e = parse("both 1", p).unwrap_err().to_string();
    assert!(e.contains("fits 2 heaps (1, 2)"), "{e}");
}

#[test]
fn every_queen_move_can_be_typed() {
    // Each option of a small board, typed as a cell, is read back as that option.
    for x in 0..6u64 {
        for y in 0..6u64 {
            let sum = Sum::new(vec![board(x, y)]);
            let parser = MoveParser::for_position(&sum);
            for parts in board(x, y).options() {
                let (a, b) = *parts[0]
                    .position::<crate::games::wythoff::Wythoff>()
                    .unwrap();
                let m = parser.parse(&format!("to {a} {b}"), &sum).unwrap();
                assert_eq!(m.to, parts);
            }
            // And nothing else: every other cell is refused.
            let legal = board(x, y).options().len();
            let typed = (0..8)
                .flat_map(|a| (0..8).map(move |b| (a, b)))
                .filter(|(a, b)| parser.parse(&format!("{a} {b}"), &sum).is_ok())
                .count();
            assert_eq!(typed, legal, "({x}, {y})");
        }
    }
}

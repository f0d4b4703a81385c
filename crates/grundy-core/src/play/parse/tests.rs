use super::*;
use crate::games::octal::OctalGame;
use crate::games::subtraction::SubtractionGame;
use crate::kernel::move_forms::EXAMPLES;
use crate::spec::parse_sum;
use std::sync::Arc;

fn parse(text: &str, sum: &Sum) -> std::result::Result<SumMove, MoveError> {
    MoveParser::for_position(sum).parse(text, sum)
}

#[test]
fn every_move_form_reads_the_same_move() {
    let sum = Sum::nim(&[2, 3, 4]);
    let expected = SumMove {
        component: 2,
        from: Component::nim(4),
        to: vec![Component::nim(1)],
    };
    for text in [
        "3 3",
        " 3   3 ",
        "3,3",
        "heap 3 to 1",
        "Heap 3 -> 1",
        "3->1",
        "3 to 1",
        "take 3 from 3",
        "take 3 from heap 3",
        "heap 3 take 3",
        "h 3 3",
        "take 3 from 3 leave 1",
    ] {
        assert_eq!(parse(text, &sum), Ok(expected.clone()), "{text:?}");
    }
}

#[test]
fn errors_say_what_went_wrong() {
    let sum = Sum::nim(&[2, 0, 4]);
    let examples = EXAMPLES.to_string();
    assert_eq!(
        parse("", &sum),
        Err(MoveError::Empty {
            examples: examples.clone()
        })
    );
    assert!(matches!(parse("   ", &sum), Err(MoveError::Empty { .. })));
    assert_eq!(
        parse("3 2 1", &sum),
        Err(MoveError::TooManyTokens {
            count: 3,
            noun: "heap",
            examples: examples.clone()
        })
    );
    assert!(matches!(
        parse("please do take 2 tokens from heap 3 now", &sum),
        Err(MoveError::BadSyntax { .. })
    ));
    let long = vec!["1"; 33].join(" ");
    assert!(matches!(
        parse(&long, &sum),
        Err(MoveError::TooManyTokens { count: 33, .. })
    ));
    for text in [
        "banana",
        "3 x",
        "x 3",
        "-1 2",
        "both 2",
        "1 to",
        "1 take 2 leave",
    ] {
        assert!(
            matches!(parse(text, &sum), Err(MoveError::BadSyntax { .. })),
            "{text}"
        );
    }
    for heap in ["4", "0", "99999999999999999999999"] {
        assert_eq!(
            parse(&format!("{heap} 1"), &sum),
            Err(MoveError::UnknownHeap {
                heap: heap.into(),
                heaps: 3,
                noun: "heap"
            })
        );
    }
    assert_eq!(
        parse("2 1", &sum),
        Err(MoveError::EmptyHeap {
            heap: 2,
            noun: "heap"
        })
    );
    for text in [
        "1 3",
        "1 0",
        "1 to 2",
        "1 to 5",
        "1 99999999999999999999999",
        "3 to 1 2",
        "3 take 1 leave 1 2",
    ] {
        assert!(
            matches!(parse(text, &sum), Err(MoveError::Illegal(_))),
            "{text}"
        );
    }
    let message = parse("4 1", &sum).unwrap_err().to_string();
    assert!(message.contains("numbered 1 to 3"), "{message}");
    let message = parse("3 to 1 2", &sum).unwrap_err().to_string();
    assert!(message.contains("nim never splits a heap"), "{message}");
}

#[test]
fn subtraction_moves_must_be_in_the_take_set() {
    let game = Arc::new(SubtractionGame::new([1, 4, 9]).unwrap());
    let sum = Sum::new(vec![Component::new(&game, 7)]);
    let m = parse("1 4", &sum).unwrap();
    assert_eq!(m.to[0].tokens(), 3);
    let message = parse("1 2", &sum).unwrap_err().to_string();
    assert!(message.contains("take 1, 4"), "{message}");
    assert!(message.contains("subtraction {1,4,9}"), "{message}");
}

fn kayles(heaps: &[u64]) -> Sum {
    let game = Arc::new(OctalGame::named("0.77").unwrap());
    Sum::new(heaps.iter().map(|&h| Component::new(&game, h)).collect())
}

#[test]
fn octal_moves_may_split_a_heap() {
    let sum = kayles(&[9, 3]);
    let split = |text: &str| {
        let m = parse(text, &sum).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut sizes: Vec<u64> = m.to.iter().map(Component::tokens).collect();
        sizes.sort_unstable();
        (m.component, sizes)
    };
    for text in [
        "1 to 3 4",
        "heap 1 to 3,4",
        "1 -> 4 + 3",
        "1 to 3 and 4",
        "1 take 2 leave 3 4",
        "take 2 from heap 1 leave 4 3",
        "take 2 from 1 leaving 3,4",
    ] {
        assert_eq!(split(text), (0, vec![3, 4]), "{text}");
    }
    // Take one from the middle of three: two heaps of one.
    assert_eq!(split("2 to 1 1"), (1, vec![1, 1]));
    // The split applies: heap 1 keeps 3, the 4 is appended.
    let m = parse("1 to 3 4", &sum).unwrap();
    let after = sum.after(&m);
    let heaps: Vec<u64> = after.components.iter().map(Component::tokens).collect();
    assert_eq!(heaps, [3, 3, 4]);
    // Every option of a small Kayles heap can be typed as "1 to a b" (or "1 to a").
    for n in 0..10 {
        let sum = kayles(&[n]);
        for parts in Component::new(&Arc::new(OctalGame::named("0.77").unwrap()), n).options() {
            let sizes: Vec<String> = parts
                .iter()
                .map(Component::tokens)
                .filter(|&t| t > 0)
                .map(|t| t.to_string())
                .collect();
            let text = if sizes.is_empty() {
                "1 to 0".to_string()
            } else {
                format!("1 to {}", sizes.join(" "))
            };
            let m = parse(&text, &sum).unwrap_or_else(|e| panic!("{n} {text}: {e}"));
            let mut got: Vec<u64> =
                m.to.iter()
                    .map(Component::tokens)
                    .filter(|&t| t > 0)
                    .collect();
            let mut want: Vec<u64> = parts
                .iter()
                .map(Component::tokens)
                .filter(|&t| t > 0)
                .collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "{n} {text}");
        }
    }
}

#[test]
fn illegal_splits_are_explained() {
    let sum = kayles(&[9, 3]);
    for (text, needle) in [
        // Kayles takes 1 or 2: taking 3 is not allowed at all.
        ("1 to 3 3", "allowed here: take 1, 2"),
        ("1 to 5 5", "has only 9 tokens: it cannot become 5 + 5 = 10"),
        ("1 to 0 7", "must be non-empty"),
        ("1 to 1 2 3", "at most two heaps"),
        ("1 take 2 leave 3 3", "leaves 7, not 3 + 3 = 6"),
        ("1 take 0 leave 4 5", "at least one token"),
        ("1 take 12 leave 1 1", "only 9 tokens"),
        ("2 to 1 2", "1 + 2 = 3 takes none"),
    ] {
        let e = parse(text, &sum).unwrap_err().to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
    // Dawson's Kayles 0.07 takes exactly two; from 9, taking 2 may leave one heap or two.
    let game = Arc::new(OctalGame::named("0.07").unwrap());
    let sum = Sum::new(vec![Component::new(&game, 9)]);
    let e = parse("1 to 8", &sum).unwrap_err().to_string();
    assert!(e.contains("allowed here: take 2"), "{e}");
    // Grundy's game splits without taking, never into equal heaps.
    let sum = parse_sum("grundys:6").unwrap();
    assert_eq!(parse("1 to 2 4", &sum).unwrap().to.len(), 2);
    let e = parse("1 to 3 3", &sum).unwrap_err().to_string();
    assert!(
        e.contains("taking 0 may leave: ") && e.contains("1+5"),
        "{e}"
    );
    // The errors of an octal game suggest the split forms.
    let e = parse("banana", &kayles(&[3])).unwrap_err().to_string();
    assert!(e.contains("3 to 1 4"), "{e}");
}

/// Moves in octal heaps are read off the code's digits, not found among listed options: they
/// must agree with the options on every small heap, for codes that take, split, split without
/// taking (4.07) and split only unequally (Grundy's game).
#[test]
fn octal_moves_agree_with_the_options() {
    let games = ["0.77", "0.07", "4.07", "0.137", "0.6"]
        .map(|code| Arc::new(OctalGame::named(code).unwrap()))
        .into_iter()
        .chain([Arc::new(OctalGame::grundys_game())]);
    for game in games {
        for n in 0..12u64 {
            let sum = Sum::new(vec![Component::new(&game, n)]);
            let listed: Vec<Vec<u64>> = sum.components[0]
                .options()
                .iter()
                .map(|p| part_sizes(p))
                .collect();
            let mut wanted: Vec<Vec<u64>> = vec![vec![]];
            for a in 1..=n {
                wanted.push(vec![a]);
                wanted.extend((a..=n).map(|b| vec![a, b]));
            }
            for sizes in wanted {
                let words: Vec<String> = sizes.iter().map(u64::to_string).collect();
                let text = format!(
                    "1 to {}",
                    if sizes.is_empty() {
                        "0".into()
                    } else {
                        words.join(" ")
                    }
                );
                match parse(&text, &sum) {
                    Ok(m) => assert!(
                        listed.contains(&sizes) && part_sizes(&m.to) == sizes,
                        "{game} {n}: {text} gave {m}"
                    ),
                    Err(e) => assert!(!listed.contains(&sizes), "{game} {n}: {text}: {e}"),
                }
            }
        }
    }
}

/// A split typed in a Kayles row of 2^64 − 1 pins: answered at once (listing the row's options
/// first allocated gigabytes), and sizes whose sum overflows are refused, not wrapped.
#[test]
fn moves_in_huge_octal_heaps_are_read_directly() {
    let max = u64::MAX;
    let sum = kayles(&[max]);
    let m = parse("1 to 5 18446744073709551609", &sum).unwrap();
    assert_eq!(sizes(&m), [5, max - 6]);
    let m = parse("1 take 2 leave 7 18446744073709551606", &sum).unwrap();
    assert_eq!(sizes(&m), [7, max - 9]);
    let e = parse("1 to 5 6", &sum).unwrap_err().to_string();
    assert!(e.contains("does not allow"), "{e}");
    let e = parse(&format!("1 to {max} {max}"), &sum)
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot become"), "{e}");
    let e = parse(&format!("1 to {max}"), &sum).unwrap_err().to_string();
    assert!(e.contains("must leave fewer"), "{e}");
}

/// The sizes of the non-empty parts an option leaves, sorted: how a typed move names it.
fn part_sizes(parts: &[Component]) -> Vec<u64> {
    let mut sizes: Vec<u64> = parts
        .iter()
        .map(Component::tokens)
        .filter(|&t| t > 0)
        .collect();
    sizes.sort_unstable();
    sizes
}

fn sizes(m: &SumMove) -> Vec<u64> {
    m.to.iter().map(Component::tokens).collect()
}

#[test]
fn overflowing_sizes_are_added_exactly_in_errors() {
    let e = parse("1 to 18446744073709551615 1", &kayles(&[9]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("= 18446744073709551616"), "{e}");
}

/// Errors name the components as the position does: a board, a picture, a part of a mixed
/// sum; a lone component says it is the only one.
#[test]
fn errors_name_components_by_their_nouns() {
    let message = |terms: &str, text: &str| {
        let sum = crate::spec::parse_sum(terms).unwrap();
        parse(text, &sum).unwrap_err().to_string()
    };
    assert_eq!(
        message("hackenbush:0-1,1-2", "2 cut 1"),
        "there is no picture 2: the position is one picture, picture 1"
    );
    assert_eq!(
        message("cram:2x2 + cram:1x3", "3 1 1 1 2"),
        "there is no board 3: the boards are numbered 1 to 2"
    );
    assert_eq!(
        message("cram:2x2 + nim:3 + turtles:THH", "5 2"),
        "there is no part 5: the parts are numbered 1 to 3"
    );
    assert_eq!(
        message("hackenbush:ground + hackenbush:0-1", "1 cut 1"),
        "picture 1 has no move left: choose one that still has a move"
    );
    let e = message("turtles:THH + turtles:HTH", "turn 1 3");
    assert!(
        e.starts_with("illegal move: that move fits 2 rows of coins (1, 2)"),
        "{e}"
    );
    let e = message("cram:2x2 + nim:3", "1 1");
    assert!(
        e.contains("board 1 plays cram: its moves are typed e.g. the board's number"),
        "{e}"
    );
    let sum = crate::spec::parse_sum("nim:3 + cram:2x2 + turtles:THH").unwrap();
    let forms = MoveParser::for_position(&sum).examples().to_string();
    assert!(
        forms.contains("on a board (cram): the board's number, then")
            && forms.contains("on a row of coins (turtles): \"1 turn 2 5\" (in row of coins 1,"),
        "{forms}"
    );
}

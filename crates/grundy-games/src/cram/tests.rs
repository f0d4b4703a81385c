use super::*;
use crate::octal::OctalGame;
use crate::search::naive;

/// The oracle: plain exhaustive search over whole boards (no regions, no symmetry).
fn naive_value(board: &CramBoard) -> Nimber {
    naive::value(board, &|b: &CramBoard| {
        b.moves().into_iter().map(|d| b.play(d).unwrap()).collect()
    })
}

fn engine() -> Engine<Cram> {
    Engine::new(Cram::new(), 1 << 20)
}

/// The game as it is searched (small regions from the tables) and searched to the smallest
/// regions (no tables), so that tests of small boards still test the search.
fn both_engines() -> [Engine<Cram>; 2] {
    [
        engine(),
        Engine::new(Cram::without_small_regions(), 1 << 20),
    ]
}

/// A `rows × cols` board whose squares are each a hole with chance `in24 / 24`, drawn from the
/// generator state `seed` (`mix64`, square by square in reading order).
fn random_board(rows: u32, cols: u32, in24: u32, seed: &mut u64) -> CramBoard {
    let holes: Vec<(u32, u32)> = (0..rows * cols)
        .filter(|_| {
            *seed = crate::search::table::mix64(*seed);
            *seed % 24 < u64::from(in24)
        })
        .map(|i| (i / cols, i % cols))
        .collect();
    CramBoard::with_holes(rows, cols, &holes).unwrap()
}

#[test]
fn every_small_board_matches_exhaustive_search() {
    for mut e in both_engines() {
        for rows in 1..=4 {
            for cols in rows..=(16 / rows).min(6) {
                let board = CramBoard::new(rows, cols).unwrap();
                assert_eq!(
                    board.value_with(&mut e).unwrap(),
                    naive_value(&board),
                    "{rows}x{cols}"
                );
            }
        }
    }
}

#[test]
fn boards_with_holes_match_exhaustive_search() {
    // Every hole pattern of the 3x3 board and a sample of the 3x4 and 4x4 boards.
    let [mut e, mut alone] = both_engines();
    for (rows, cols, step) in [(3u32, 3u32, 1u64), (3, 4, 7), (4, 4, 331)] {
        let cells = rows * cols;
        let mut pattern = 0u64;
        while pattern < 1 << cells {
            let holes: Vec<(u32, u32)> = (0..cells)
                .filter(|i| pattern >> i & 1 == 1)
                .map(|i| (i / cols, i % cols))
                .collect();
            let board = CramBoard::with_holes(rows, cols, &holes).unwrap();
            let expected = naive_value(&board);
            assert_eq!(board.value_with(&mut e).unwrap(), expected, "{board}");
            assert_eq!(board.value_with(&mut alone).unwrap(), expected, "{board}");
            pattern += step;
        }
    }
}

#[test]
fn one_by_n_is_dawsons_kayles() {
    // A 1 x n board is a heap of n in 0.07 (Winning Ways, ch. 4): both sides independent.
    let dawson = OctalGame::parse("0.07").unwrap();
    let mut e = engine();
    for n in 1..=64 {
        let board = CramBoard::new(1, n).unwrap();
        assert_eq!(
            board.value_with(&mut e).unwrap(),
            dawson.value(u64::from(n)).unwrap(),
            "1x{n}"
        );
    }
    // 1 x n through the search itself, not the line table: a bent line is the same game.
    for n in 3..=12u32 {
        let mut text = ".".repeat(n as usize - 1);
        text.push('/');
        text.push_str(&"#".repeat(n as usize - 2));
        text.push('.');
        let bent: CramBoard = text.parse().unwrap();
        assert_eq!(
            bent.value_with(&mut e).unwrap(),
            dawson.value(u64::from(n)).unwrap(),
            "{bent}"
        );
    }
}

#[test]
fn two_by_n_matches_exhaustive_search() {
    let mut e = engine();
    for n in 1..=9 {
        let board = CramBoard::new(2, n).unwrap();
        assert_eq!(
            board.value_with(&mut e).unwrap(),
            naive_value(&board),
            "2x{n}"
        );
    }
    // Even by even boards are P-positions (the point-reflection strategy), on both sides
    // of the parity: 2 x 10, 2 x 12 and 4 x 6 are 0; 2 x 11 is not.
    for (r, c) in [(2, 10), (2, 12), (4, 4), (4, 6)] {
        assert_eq!(
            CramBoard::new(r, c).unwrap().value_with(&mut e).unwrap(),
            0,
            "{r}x{c}"
        );
    }
    assert_ne!(
        CramBoard::new(2, 11).unwrap().value_with(&mut e).unwrap(),
        0
    );
}

#[test]
fn values_igs_computes() {
    // The values Beling and Rogalski's solver igs 0.1.4 (crates.io; the method of "On pruning
    // search trees of impartial games", Artificial Intelligence 283, 2020) computes for these
    // boards; the side-by-side harness (benches/igs-side-by-side) asserts the agreement on
    // larger ones. The tables of Lemoine and Viennot ("Nimbers are inevitable", Theoretical
    // Computer Science 462, 2012) could not be read while this was written: they are not
    // cited for any value here.
    let mut e = engine();
    for (r, c, v) in [
        (3, 3, 0),
        (3, 4, 1),
        (3, 5, 1),
        (3, 6, 4),
        (3, 7, 1),
        (4, 5, 2),
        (5, 5, 0),
    ] {
        assert_eq!(
            CramBoard::new(r, c).unwrap().value_with(&mut e).unwrap(),
            v,
            "{r}x{c}"
        );
    }
}

#[test]
fn text_form_round_trips_and_bad_input_is_named() {
    let b: CramBoard = "../.#/..".parse().unwrap();
    assert_eq!((b.rows(), b.cols(), b.empty_squares()), (3, 2, 5));
    assert_eq!(b.to_string(), "../.#/..");
    assert_eq!(b.to_string().parse::<CramBoard>().unwrap(), b);
    for bad in ["0x3", "9x9", "3y4", "../.", "..x"] {
        let e = bad.parse::<CramBoard>().unwrap_err().to_string();
        assert!(e.contains("Cram board"), "{bad}: {e}");
    }
    let e = CramBoard::with_holes(2, 2, &[(2, 0)])
        .unwrap_err()
        .to_string();
    assert!(e.contains("3,1"), "{e}");
}

#[test]
fn winning_moves_and_canonical_form() {
    let b = CramBoard::new(3, 3).unwrap();
    // 3 x 3 is worth 0: no move wins, and every move leaves a non-zero position.
    assert!(b.moves_to_value(0).unwrap().is_empty());
    let b = CramBoard::new(2, 3).unwrap();
    let wins = b.moves_to_value(0).unwrap();
    assert!(!wins.is_empty());
    for d in wins {
        assert_eq!(naive_value(&b.play(d).unwrap()), 0, "{d}");
    }
    let a: CramBoard = "#../...".parse().unwrap();
    let c: CramBoard = ".../..#".parse().unwrap();
    assert_eq!(a.canonical(), c.canonical());
    assert!(b
        .play(Domino {
            row: 1,
            col: 2,
            vertical: true
        })
        .is_err());
}

#[test]
fn keys_no_board_makes_are_terminal_not_a_panic() {
    // A table file is read as it is: keys in it that this game never makes must not panic.
    let mut out = Options::default();
    for key in [0u128, u128::MAX, 1 << 64 | 5, 9 << 72 | 9 << 64 | 7] {
        Cram::new().options(&key, &mut out);
        assert!(out.is_empty(), "{key:x}");
    }
}

#[test]
fn bridges_between_pendant_centres_are_dropped() {
    let mut e = engine();
    let grid = Grid::new(3, 5);
    // Square (1, 2) touches only (1, 1) and (1, 3), each the centre of pendants: a bridge.
    let bridged: CramBoard = "#.#.#/...../#.#.#".parse().unwrap();
    let reduced = grid.without_redundant_squares(bridged.empty);
    assert_eq!(reduced >> 7 & 1, 0, "the bridge is dropped");
    assert_eq!(bridged.value_with(&mut e).unwrap(), naive_value(&bridged));
    // With a third neighbour, (2, 2), that is no centre, (1, 2) is no bridge and stays.
    let kept: CramBoard = "#.#.#/...../#...#".parse().unwrap();
    let reduced = grid.without_redundant_squares(kept.empty);
    assert_eq!(reduced >> 7 & 1, 1, "not a bridge");
    assert_eq!(kept.value_with(&mut e).unwrap(), naive_value(&kept));
}

#[test]
fn dominoes_are_listed_from_the_centre_out() {
    assert_eq!(centre_out(5).collect::<Vec<_>>(), [2, 1, 3, 0, 4]);
    assert_eq!(centre_out(4).collect::<Vec<_>>(), [1, 2, 0, 3]);
    assert_eq!(centre_out(1).collect::<Vec<_>>(), [0]);
    for n in 1..=64 {
        let mut all: Vec<u32> = centre_out(n).collect();
        all.sort_unstable();
        assert_eq!(all, (0..n).collect::<Vec<_>>());
    }
}

#[test]
fn every_board_of_up_to_sixteen_squares_matches_exhaustive_search() {
    // Every hole pattern of the 4 x 4 and 3 x 5 boards: the 2 x 2 block split, the
    // reductions and the half-turn strategies are all met many times over.
    let [mut e, mut alone] = both_engines();
    for (rows, cols) in [(4u32, 4u32), (3, 5)] {
        let mut memo = std::collections::HashMap::new();
        for pattern in 0u64..1 << (rows * cols) {
            let holes: Vec<(u32, u32)> = (0..rows * cols)
                .filter(|i| pattern >> i & 1 == 1)
                .map(|i| (i / cols, i % cols))
                .collect();
            let board = CramBoard::with_holes(rows, cols, &holes).unwrap();
            let expected = naive::value_memo(
                &board,
                &|b: &CramBoard| b.moves().into_iter().map(|d| b.play(d).unwrap()).collect(),
                &mut memo,
            );
            assert_eq!(board.value_with(&mut e).unwrap(), expected, "{board}");
            assert_eq!(board.value_with(&mut alone).unwrap(), expected, "{board}");
        }
    }
}

#[test]
fn two_by_two_blocks_split_a_region_only_when_their_corners_touch_nothing_else() {
    // A B / C D in the middle of a 4 x 4 board; A's left and D's right squares are holes,
    // the top and bottom rows are holes.
    let grid = Grid::new(4, 4);
    let at = |r: u32, c: u32| 1u64 << (r * 4 + c);
    let block = at(1, 1) | at(1, 2) | at(2, 1) | at(2, 2);
    // B and C reach out (to the right and to the left): the block still qualifies.
    let region = block | at(1, 3) | at(2, 0);
    assert_eq!(grid.block_edges(region), at(1, 1) | at(2, 1));
    let left = grid.region_without(region, grid.block_edges(region));
    assert_eq!(left, at(1, 1) | at(2, 1) | at(2, 0));
    // A touching a square outside the block (above it): no split.
    assert_eq!(grid.block_edges(region | at(0, 1)), 0);
    // The mirror image: B and C touch only the block.
    let mirrored = block | at(1, 0) | at(2, 3);
    assert_eq!(grid.block_edges(mirrored), at(1, 1) | at(2, 1));
    // A lone 2 x 2 square splits into two vertical dominoes.
    assert_eq!(grid.block_edges(block), at(1, 1) | at(2, 1));
}

#[test]
fn central_dominoes_rule_out_zero_only_on_even_by_odd_half_turns() {
    // The key of the whole board (one region), which a board this small would look up in the
    // tables of small regions rather than search.
    let key = |text: &str| {
        let board: CramBoard = text.parse().unwrap();
        canonical_region(board.empty, board.cols).0
    };
    let cram = Cram::new();
    // 3 x 4: its own half turn, the two centre squares there: not 0.
    assert_eq!(cram.known_not(&key("3x4")), 1);
    // 5 x 5 (both odd): nothing known. (3 x 4 without its two centre squares is 0 by the
    // mirror strategy and never searched.)
    assert_eq!(cram.known_not(&key("5x5")), 0);
    assert!(CramBoard::from_str("..../.##./....")
        .unwrap()
        .components()
        .0
        .is_empty());
    // Not its own half turn.
    assert_eq!(cram.known_not(&key("#.../..../....")), 0);
    for text in ["3x4", "3x6", "5x4", "#..#/..../#..#"] {
        let board: CramBoard = text.parse().unwrap();
        assert_ne!(naive_value(&board), 0, "{text}");
    }
}

/// Cram's own search (`cram/search.rs`) against the engine's generic search on random boards
/// with holes of up to 30 squares: the same values. The own search runs with a fresh engine
/// per board (with the tables of small regions and without), and on the boards of up to 20 squares also with one small engine for all of them
/// (a table that evicts, a region cache at its least size), so that values found through the
/// table, the region cache and the parent's images are all checked. (A table far too small
/// for the board makes both searches exponential, so the large boards are not run small.)
#[test]
fn own_search_matches_the_generic_engine_on_random_boards() {
    let mut generic = Engine::new(Cram::generic(), 1 << 24);
    let mut shared = Engine::new(Cram::new(), 1 << 16);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut boards = 0;
    for (rows, cols) in [
        (3u32, 6u32),
        (4, 5),
        (5, 4),
        (4, 6),
        (5, 5),
        (3, 9),
        (2, 13),
        (5, 6),
    ] {
        for trial in 0..60u32 {
            // From no holes to about one square in three.
            let board = random_board(rows, cols, trial % 9, &mut seed);
            let expected = board.value_with(&mut generic).unwrap();
            let mut fresh = Engine::new(Cram::new(), 1 << 24);
            assert_eq!(board.value_with(&mut fresh).unwrap(), expected, "{board}");
            let mut alone = Engine::new(Cram::without_small_regions(), 1 << 24);
            assert_eq!(board.value_with(&mut alone).unwrap(), expected, "{board}");
            if rows * cols <= 20 {
                assert_eq!(board.value_with(&mut shared).unwrap(), expected, "{board}");
            }
            boards += 1;
        }
    }
    assert_eq!(boards, 480);
}

/// Every hole pattern of the 3 x 6 board, own search against exhaustive search (shared memo).
#[test]
fn every_three_by_six_board_matches_exhaustive_search() {
    let [mut e, mut alone] = both_engines();
    let (rows, cols) = (3u32, 6u32);
    let mut memo = std::collections::HashMap::new();
    for pattern in 0u64..1 << (rows * cols) {
        let holes: Vec<(u32, u32)> = (0..rows * cols)
            .filter(|i| pattern >> i & 1 == 1)
            .map(|i| (i / cols, i % cols))
            .collect();
        let board = CramBoard::with_holes(rows, cols, &holes).unwrap();
        let expected = naive::value_memo(
            &board,
            &|b: &CramBoard| b.moves().into_iter().map(|d| b.play(d).unwrap()).collect(),
            &mut memo,
        );
        assert_eq!(board.value_with(&mut e).unwrap(), expected, "{board}");
        assert_eq!(board.value_with(&mut alone).unwrap(), expected, "{board}");
    }
}

/// A table far too small for the board degrades gracefully: the smallest table (1,024 slots,
/// [`crate::search::Table::with_memory`] of 0 bytes) expands at most 4 times the components an
/// unlimited one does on Cram 4 × 7 (2.7 times since a full bucket always takes the newest
/// fact; 9.8 times when the newest fact was left out of a bucket of dearer ones), and finds
/// the same value on both sides of the table's size.
#[test]
fn a_small_table_degrades_gracefully() {
    let board = CramBoard::new(4, 7).unwrap();
    let mut large = Engine::new(Cram::new(), 1 << 30);
    let mut small = Engine::new(Cram::new(), 0);
    assert_eq!(board.value_with(&mut large).unwrap(), 3);
    assert_eq!(board.value_with(&mut small).unwrap(), 3);
    let (l, s) = (large.stats(), small.stats());
    assert!(s.table.evictions > 0 && l.table.entries as usize > small.table().capacity());
    assert!(
        s.expanded <= 4 * l.expanded,
        "{} against {}",
        s.expanded,
        l.expanded
    );
}

/// "Is the value k?" asked of the own search alone ([`Engine::is_value`], how the winning
/// moves and the witnesses of a derivation are found) agrees with the value found by the
/// generic engine, for every k from 0 to one past the value and for values no region can
/// have: on random boards with holes, each asked of a fresh engine (the question alone) and
/// of one shared small table (each answer left in the table for the next question), and on
/// keys made by hand that hold several regions (valued whole).
#[test]
fn asking_whether_a_region_is_worth_k_agrees_with_its_value() {
    let mut generic = Engine::new(Cram::generic(), 1 << 24);
    let mut shared = Engine::new(Cram::new(), 1 << 16);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let (mut asked, mut yes) = (0, 0);
    for (rows, cols) in [(3u32, 6u32), (4, 5), (5, 5), (3, 9), (4, 6)] {
        for trial in 0..24u32 {
            let board = random_board(rows, cols, trial % 8, &mut seed);
            let (keys, known) = board.components();
            let value = board.value_with(&mut generic).unwrap();
            for k in (0..=value + 1).chain([127, 128, 1 << 40]) {
                let mut fresh = Engine::new(Cram::new(), 1 << 24);
                let alone = fresh.sum_has_value(&keys, k ^ known).unwrap();
                assert_eq!(alone, value == k, "{board} worth {k}? (value {value})");
                let mut searched = Engine::new(Cram::without_small_regions(), 1 << 24);
                let no_tables = searched.sum_has_value(&keys, k ^ known).unwrap();
                assert_eq!(no_tables, value == k, "{board} worth {k}? (no tables)");
                let kept = shared.sum_has_value(&keys, k ^ known).unwrap();
                assert_eq!(kept, value == k, "{board} worth {k}? (shared table)");
                asked += 1;
                yes += usize::from(alone);
            }
        }
    }
    assert_eq!(yes, 120, "one yes per board");
    assert!(asked > 3 * 120);
    // A 1 × 7 row holding a 1 × 2 and a 1 × 3 region (values 1 and 1): worth 0, not 1.
    let key: ShapeKey = 7 << 64 | 1 << 72 | 0b111_0011;
    let mut e = Engine::new(Cram::new(), 1 << 20);
    assert!(e.is_value(&key, 0).unwrap());
    assert!(!e.is_value(&key, 1).unwrap());
}

/// The tables of small regions (`small_regions.rs`, made by `build.rs`) against exhaustive
/// search: in each box, every set of squares among its first 16 (a shared memo), the whole box
/// and 300 sets drawn at random. A set is looked up as a key of the whole box, not in
/// canonical form: the tables are numbered by squares, whatever the shape.
#[test]
fn small_region_tables_match_exhaustive_search() {
    let moves = |b: &CramBoard| b.moves().into_iter().map(|d| b.play(d).unwrap()).collect();
    let mut seed = 0x51ed_270b_2b3f_9a5bu64;
    let mut checked = 0;
    for (w, h) in small_regions::TABLES.iter().map(|t| (t.w, t.h)) {
        let all = (1u64 << (w * h)) - 1;
        let mut memo = std::collections::HashMap::new();
        let drawn: Vec<u64> = (0..300)
            .map(|_| {
                seed = crate::search::table::mix64(seed);
                seed & all
            })
            .collect();
        for set in (0u64..1 << 16).chain([all]).chain(drawn) {
            let holes: Vec<(u32, u32)> = (0..w * h)
                .filter(|i| set >> i & 1 == 0)
                .map(|i| (i / w, i % w))
                .collect();
            let board = CramBoard::with_holes(h, w, &holes).unwrap();
            let expected = naive::value_memo(&board, &moves, &mut memo);
            let key = u128::from(set) | u128::from(w) << 64 | u128::from(h) << 72;
            assert_eq!(small_regions::value(key), Some(expected), "{board}");
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * (65_536 + 1 + 300));
}

/// Boards on both sides of the tabled boxes: those that fit 7 × 3 or 5 × 4 (either way up) are
/// looked up whole, the next larger are searched, and both give the values of the search
/// without tables, and those `igs` computes (`values_igs_computes`, and 3 × 8 in BENCHMARKS.md)
/// or exhaustive search finds. (4 × 6 and 2 × 8 are answered by the mirror strategy: one square
/// is taken out of 4 × 6, and 2 × 9 is the next 2-row board.)
#[test]
fn boards_on_both_sides_of_the_tabled_boxes() {
    let mut searched = Engine::new(Cram::without_small_regions(), 1 << 20);
    let two_by = |cols| Some(naive_value(&CramBoard::new(2, cols).unwrap()));
    for (text, tabled, value) in [
        ("3x7", true, Some(1)),
        ("7x3", true, Some(1)),
        ("4x5", true, Some(2)),
        ("5x4", true, Some(2)),
        ("2x7", true, two_by(7)),
        ("3x8", false, Some(3)),
        ("5x5", false, Some(0)),
        ("2x9", false, two_by(9)),
        ("#...../....../....../......", false, None),
    ] {
        let board: CramBoard = text.parse().unwrap();
        let (key, _) = canonical_region(board.empty, board.cols);
        assert_eq!(small_regions::value(key).is_some(), tabled, "{text}");
        let mut e = engine();
        let found = board.value_with(&mut e).unwrap();
        assert_eq!(board.value_with(&mut searched).unwrap(), found, "{text}");
        if let Some(v) = value {
            assert_eq!(found, v, "{text}");
        }
        // Looked up whole: no component expanded.
        assert_eq!(e.stats().expanded == 0, tabled, "{text}");
    }
}

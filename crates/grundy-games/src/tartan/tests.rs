use super::*;
use crate::coin_grid::exhaustive::every_grid_by_search;
use crate::coin_grid::MAX_GRID_HEAD_MOVES;
use crate::coins::CoinRule;
use crate::kernel::component::Component;
use crate::nimber::mex;
use crate::solve::{grundy_by_search, DEFAULT_POSITION_LIMIT};
use crate::sum::Sum;
use rand_core::SeedableRng;

fn product(rows: &str, cols: &str) -> Tartan {
    Tartan::new(
        CoinLine::parse(rows).unwrap(),
        CoinLine::parse(cols).unwrap(),
    )
}

fn grid(text: &str) -> CoinGrid {
    text.parse().unwrap()
}

/// Factor pairs of every kind: named games, described rules, numbered from 0 and from 1.
fn products() -> Vec<Tartan> {
    let pairs = [
        ("twins", "twins"),
        ("turtles", "turtles"),
        ("ruler", "ruler"),
        ("mock-turtles", "ruler"),
        ("mock-turtles", "mock-turtles"),
        ("at-most=4", "twins"),
        ("exactly=3", "consecutive=2.."),
        ("two-at=1,3", "any"),
        ("one-or-two-at=2", "spaced=3"),
        ("grunt", "at-most=2"),
    ];
    pairs.iter().map(|(r, c)| product(r, c)).collect()
}

/// The Tartan theorem against the mex rule on lone heads: `g(x, y)` is the mex, over the
/// products of moves at `(x, y)`, of the nim-sum of the other coins turned.
#[test]
fn tartan_theorem_against_the_mex_rule() {
    for game in products() {
        let side = 9;
        let (g, h) = (game.rows.values(side), game.cols.values(side));
        let mut table = vec![vec![0u64; side]; side];
        for x in 0..side {
            for y in 0..side {
                let mut seen = Vec::new();
                let _ = game.rows.for_each_set(x, &mut |xs| {
                    game.cols.for_each_set(y, &mut |ys| {
                        let mut s = 0;
                        for &a in xs {
                            for &b in ys {
                                if (a, b) != (x, y) {
                                    s ^= table[a][b];
                                }
                            }
                        }
                        seen.push(s);
                        ControlFlow::Continue(())
                    })
                });
                table[x][y] = mex(seen);
                assert_eq!(
                    table[x][y],
                    nim_mul(g[x], h[y]),
                    "{} at ({x}, {y})",
                    game.term()
                );
            }
        }
    }
}

/// Every grid of up to 12 coins (every shape from 1 × 1 to 3 × 4, 4 × 3, 2 × 6, 6 × 2) by
/// exhaustive search over the ruleset's own options (grids as bit masks, every option a
/// smaller mask), against the Tartan theorem; and the moves to a value against the options
/// filtered by value: the same moves, in the same order, counted exactly.
#[test]
fn every_small_grid_by_exhaustive_search() {
    let shapes = [
        (1, 1),
        (1, 4),
        (2, 2),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 3),
        (2, 6),
        (6, 2),
    ];
    for game in products() {
        every_grid_by_search(&game, &shapes);
    }
}

/// Ferguson, Part I §5.2 and §5.4 (docs/bibliography.md): the layout with heads at (1, 3),
/// (3, 2), (4, 4), counted from 0, in Turning Corners (3 ⊕ 1 ⊕ 6 = 4, one winning move, the
/// square (3, 3)-(4, 4)); in Turning Turtles × Turning Turtles, counted from 1 (8 ⊕ 12 ⊕ 7 = 3,
/// a winning move turning (5, 5), (2, 3), (2, 5), (5, 3)); in Rugs (8 ⊕ 4 ⊕ 1 = 13, a winning
/// move turning the block (1, 1)-(2, 4)).
#[test]
fn fergusons_examples() {
    let layout = grid("TTTTT/TTTHT/TTTTT/TTHTT/TTTTH");
    let corners = Tartan::named(NamedTartan::TurningCorners);
    assert_eq!(corners.grundy(&layout).unwrap(), 4);
    let winning = corners.moves_to_value(&layout, 0, 10).unwrap();
    assert_eq!(
        winning.moves(),
        [vec![grid("TTTTT/TTTHT/TTTTT/TTHHH/TTTHT")]]
    );
    let squared = product("turtles", "turtles");
    assert_eq!(squared.grundy(&layout).unwrap(), 3);
    let winning = squared.moves_to_value(&layout, 0, usize::MAX).unwrap();
    assert!(winning.contains(&vec![grid("TTTTT/TTHHH/TTTTT/TTHTT/TTHTT")]));
    let rugs = Tartan::named(NamedTartan::Rugs);
    assert_eq!(rugs.grundy(&layout).unwrap(), 13);
    let winning = rugs.moves_to_value(&layout, 0, usize::MAX).unwrap();
    assert!(winning.contains(&vec![grid("HHHHT/HHHTT/TTTTT/TTHTT/TTTTH")]));
    for m in winning.moves() {
        assert_eq!(rugs.grundy(&m[0]).unwrap(), 0);
    }
}

/// Ferguson's Tables 5.2 (Turning Corners), 5.3 (Rugs) and 5.4 (Mock Turtles squared).
#[test]
fn fergusons_tables() {
    let value_at = |game: &Tartan, rows: usize, cols: usize, x: usize, y: usize| {
        let mut g = CoinGrid::tails(rows, cols).unwrap();
        g.flip(x, y);
        game.grundy(&g).unwrap()
    };
    let corners = Tartan::named(NamedTartan::TurningCorners);
    let by_mex = crate::nimber::field::product_table_by_mex(16);
    for (x, row) in by_mex.iter().enumerate() {
        for (y, &v) in row.iter().enumerate() {
            assert_eq!(value_at(&corners, 16, 16, x, y), v);
        }
    }
    let table_5_3 = [
        [1, 2, 1, 4, 1, 2, 1, 8],
        [2, 3, 2, 8, 2, 3, 2, 12],
        [1, 2, 1, 4, 1, 2, 1, 8],
        [4, 8, 4, 6, 4, 8, 4, 11],
        [1, 2, 1, 4, 1, 2, 1, 8],
        [2, 3, 2, 8, 2, 3, 2, 12],
        [1, 2, 1, 4, 1, 2, 1, 8],
        [8, 12, 8, 11, 8, 12, 8, 13],
    ];
    let rugs = Tartan::named(NamedTartan::Rugs);
    for (x, row) in table_5_3.iter().enumerate() {
        for (y, &v) in row.iter().enumerate() {
            assert_eq!(
                value_at(&rugs, 8, 8, x, y),
                v,
                "Rugs ({}, {})",
                x + 1,
                y + 1
            );
        }
    }
    let table_5_4 = [
        [1, 2, 4, 7, 8, 11],
        [2, 3, 8, 9, 12, 13],
        [4, 8, 6, 10, 11, 7],
        [7, 9, 10, 4, 15, 1],
        [8, 12, 11, 15, 13, 9],
    ];
    let mock = product("mock-turtles", "mock-turtles");
    for (x, row) in table_5_4.iter().enumerate() {
        for (y, &v) in row.iter().enumerate() {
            assert_eq!(value_at(&mock, 5, 6, x, y), v, "Mock Turtles² ({x}, {y})");
        }
    }
}

/// Ferguson's worked search in (Mock Turtles)²: heads worth 2 and 9 (value 11); 176 moves have
/// the head worth 9 as southeast coin; turning {1, 2, 5} × {2, 5, 6} (counted from 1) wins.
/// And exercise 8, (Mock Turtles) × Ruler: value 15.
#[test]
fn fergusons_mock_turtles_squared() {
    let mock = product("mock-turtles", "mock-turtles");
    let layout = grid("THTTTT/TTTTTT/TTTTTT/TTTTTT/TTTTTH");
    assert_eq!(mock.grundy(&layout).unwrap(), 11);
    assert_eq!(mock.head_moves(4, 5), 176);
    let winning = mock.moves_to_value(&layout, 0, usize::MAX).unwrap();
    assert!(winning.contains(&vec![grid("TTTTHH/THTTHH/TTTTTT/TTTTTT/THTTHT")]));
    assert_eq!(winning.total(), winning.len() as u128);
    let exercise_8 = product("mock-turtles", "ruler");
    let layout = grid("THTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTT/TTTTTTTH");
    assert_eq!(exercise_8.grundy(&layout).unwrap(), 15);
}

/// Sums of grids with other games, by the generic solver.
#[test]
fn grids_in_sums_by_the_solver() {
    let nim = Arc::new(crate::kernel::nim::Nim);
    for game in products().into_iter().take(6) {
        let game = Arc::new(game);
        for text in ["HT/TH", "THH/HTH", "H/H/H"] {
            let g = grid(text);
            for heap in 0..3u64 {
                let sum = Sum::new(vec![
                    Component::new(&game, g.clone()),
                    Component::new(&nim, heap),
                ]);
                let searched = grundy_by_search(&sum, DEFAULT_POSITION_LIMIT).unwrap();
                assert_eq!(
                    searched,
                    game.grundy(&g).unwrap() ^ heap,
                    "{} {text}",
                    game.term()
                );
            }
        }
    }
}

/// The largest grids: 64 × 64 of Mock Turtles squared, every coin heads; the moves to a value
/// counted through the nim quotient equal those counted by trying every product, on a grid
/// small enough to try.
#[test]
fn large_grids_and_counts() {
    let mock = product("mock-turtles", "mock-turtles");
    // Every coin heads but the corner: the heads' values add to 0 in each factor, so the
    // value is that of the missing corner, 1 ⊗ 1.
    let mut full = grid(&vec!["H".repeat(64); 64].join("/"));
    full.flip(0, 0);
    let v = mock.grundy(&full).unwrap();
    assert_eq!(v, 1);
    let winning = mock.moves_to_value(&full, 0, 3).unwrap();
    assert_eq!(winning.len(), 3);
    assert!(winning.total() > 3);
    for m in winning.moves() {
        assert_eq!(mock.grundy(&m[0]).unwrap(), 0);
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let medium = grid("HTHHTHHT/THHTHTTH/HHTHTHHH/TTHTHHTH/HTHHHTTH/THTHHHTH");
    let options = mock.options(&medium);
    for target in [0, 5, 100] {
        let expected = options
            .iter()
            .filter(|o| mock.grundy(&o[0]).unwrap() == target)
            .count();
        let found = mock.moves_to_value(&medium, target, 10).unwrap();
        assert_eq!(found.total(), expected as u128, "target {target}");
    }
    for _ in 0..20 {
        let o = mock.random_option(&medium, &mut rng).unwrap();
        assert!(mock.option_to(&medium, &o).is_some());
    }
    assert_eq!(mock.random_option(&grid("TT/TT"), &mut rng), None);
    assert_eq!(
        mock.tree_estimate(&[&medium], 0).options,
        options.len() as u64
    );
}

/// Grids as long as the factors allow, on both sides of the limit.
#[test]
fn grid_limits() {
    let any = product("any", "twins");
    assert_eq!(any.max_sides(), (13, 64));
    assert!(any.grundy(&grid(&vec!["H"; 13].join("/"))).is_ok());
    let err = any
        .parse_positions(&vec!["H"; 14].join("/"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("\"14\"") && err.contains("1 to 13") && err.contains("4096 moves"),
        "{err}"
    );
    assert_eq!(product("mock-turtles", "at-most=4").max_sides(), (64, 30));
    assert!(any.positions_from(vec![1, 2]).is_err());
    let rule = CoinLine::ruled(CoinRule::AtMost(4));
    assert!(rule.set_count(29) <= MAX_GRID_HEAD_MOVES && rule.set_count(30) > MAX_GRID_HEAD_MOVES);
}

#[test]
fn terms_typed_moves_and_words() {
    let rules = Arc::new(Tartan::named(NamedTartan::TurningCorners));
    assert_eq!(
        rules.describe_move(&grid("TTT/TTH"), &[grid("HTH/HTT")]),
        "TTT/TTH -> HTH/HTT (turn rows 0, 1 × columns 0, 2)"
    );
    let d = rules.explain_value(&grid("TTT/TTH")).unwrap();
    assert_eq!(d.value, 2);
    let reason = d.reason.unwrap();
    assert!(
        reason.contains("(1, 2) worth 1 ⊗ 2 = 2") && reason.contains("Tartan theorem"),
        "{reason}"
    );
    assert_eq!(
        product("twins", "at-most=3").title(),
        "Twins × coins {at-most=3}"
    );
}

/// `why_not` agrees with the options on every small grid and every set of coins, and says why
/// in the rules' words.
#[test]
fn reasons_agree_with_the_options() {
    for game in products().into_iter().chain([
        Tartan::named(NamedTartan::TurningCorners),
        Tartan::named(NamedTartan::Rugs),
    ]) {
        coin_grid::assert_reasons_agree(
            &game.term(),
            |g| game.options(g),
            |g, c| game.why_not(g, c),
        );
    }
    let rugs = Tartan::named(NamedTartan::Rugs);
    let g = grid("HTT/TTH/THH");
    let why = |cells: &[(usize, usize)]| rugs.why_not(&g, cells).unwrap();
    assert_eq!(why(&[]), "a move turns at least one coin");
    assert_eq!(
        why(&[(0, 0), (1, 1)]),
        "Rugs turns every coin where the rows it turns cross the columns it turns: rows 1 and 2 and columns 1 and 2 cross at 4 coins, and 2 are chosen (missing: row 1, column 2; row 2, column 1)"
    );
    assert_eq!(
        why(&[(0, 0), (0, 1)]),
        "the southeast coin turned (in the lowest row and the rightmost column turned), at row 1, column 2, must go from heads to tails, and it shows tails"
    );
    assert_eq!(
        why(&[(0, 2), (2, 2)]),
        "in Rugs the rows turned must be a move of Ruler: Ruler turns a run of rows next to each other, and rows 1, 3 are not one"
    );
    assert_eq!(
        why(&[(3, 0)]),
        "there is no coin at row 4, column 1: the rows are numbered 1 to 3, the columns 1 to 3"
    );
    assert_eq!(
        why(&[(2, 2), (2, 2)]),
        "the coin at row 3, column 3 is named twice: name each coin to turn once"
    );
    assert_eq!(rugs.why_not(&g, &[(1, 1), (1, 2), (2, 1), (2, 2)]), None);
    let corners = Tartan::named(NamedTartan::TurningCorners);
    assert_eq!(
        corners.why_not(&g, &[(2, 1), (2, 2)]).unwrap(),
        "in Turning Corners the rows turned must be a move of Twins: Twins turns exactly two rows, not 1"
    );
}

/// Why? for a grid: its heads, each worth `G(x) ⊗ H(y)`, XORed in binary columns.
#[test]
fn derivations_xor_the_heads() {
    let rugs = Tartan::named(NamedTartan::Rugs);
    let d = rugs.explain_value(&grid("HT/TH")).unwrap();
    let parts = d.parts.as_ref().unwrap();
    let named: Vec<(&str, Nimber)> = parts
        .parts
        .iter()
        .map(|p| (p.option.as_str(), p.value))
        .collect();
    assert_eq!(
        named,
        [("coin (1, 1): 1 ⊗ 1", 1), ("coin (2, 2): 2 ⊗ 2", 3)]
    );
    assert_eq!(parts.columns.binary, ["01", "11"]);
    assert_eq!(d.value, 2);
    assert!(
        d.to_text().starts_with("G(HT/TH) = 1 XOR 3 = 2: "),
        "{}",
        d.to_text()
    );
}

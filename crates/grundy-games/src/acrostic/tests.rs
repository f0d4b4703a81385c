use super::*;
use crate::coin_grid::exhaustive::every_grid_by_search;
use crate::kernel::component::Component;
use crate::solve::{grundy_by_search, DEFAULT_POSITION_LIMIT};
use crate::sum::Sum;
use rand_core::SeedableRng;

fn acrostic(rows: &str, cols: &str) -> Acrostic {
    Acrostic::new(
        CoinLine::parse(rows).unwrap(),
        CoinLine::parse(cols).unwrap(),
    )
}

fn grid(text: &str) -> CoinGrid {
    text.parse().unwrap()
}

fn games() -> Vec<Acrostic> {
    vec![
        Acrostic::twins(),
        acrostic("twins", "twins"),
        acrostic("turtles", "turtles"),
        acrostic("ruler", "ruler"),
        acrostic("mock-turtles", "twins"),
        acrostic("at-most=4", "consecutive=2.."),
        acrostic("two-at=1,3", "grunt"),
    ]
}

/// Acrostic Twins' closed form `x ⊕ y` (Ferguson's Table 5.1) against the mex rule on every
/// coin of a 64 × 64 grid.
#[test]
fn acrostic_twins_is_the_nim_sum() {
    let by_mex = acrostic("twins", "twins").table_by_mex(64, 64);
    let closed = Acrostic::twins().table(64, 64);
    assert_eq!(by_mex, closed);
    assert_eq!(closed[9][1], 8);
}

/// Every grid of up to 12 coins by exhaustive search over the ruleset's own options, against
/// the table; the moves to a value against the options filtered by value.
#[test]
fn every_small_grid_by_exhaustive_search() {
    let shapes = [
        (1, 1),
        (1, 5),
        (2, 2),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 3),
        (2, 6),
        (6, 2),
    ];
    for game in games() {
        every_grid_by_search(&game, &shapes);
    }
}

/// Ferguson, Part I §5.2: the layout with heads at (1, 3), (3, 2), (4, 4) in Acrostic Twins is
/// worth 2 ⊕ 1 ⊕ 0 = 3, and turning (1, 3) and (1, 0) wins.
#[test]
fn fergusons_example() {
    let game = Acrostic::twins();
    let layout = grid("TTTTT/TTTHT/TTTTT/TTHTT/TTTTH");
    assert_eq!(game.grundy(&layout).unwrap(), 3);
    let winning = game.moves_to_value(&layout, 0, usize::MAX).unwrap();
    assert!(winning.contains(&vec![grid("TTTTT/HTTTT/TTTTT/TTHTT/TTTTH")]));
    for m in winning.moves() {
        assert_eq!(game.grundy(&m[0]).unwrap(), 0);
    }
}

#[test]
fn sums_limits_moves_and_words() {
    let nim = Arc::new(crate::kernel::nim::Nim);
    for game in games().into_iter().take(4) {
        let game = Arc::new(game);
        for text in ["HT/TH", "THH/HTH"] {
            let g = grid(text);
            let sum = Sum::new(vec![
                Component::new(&game, g.clone()),
                Component::new(&nim, 2),
            ]);
            let searched = grundy_by_search(&sum, DEFAULT_POSITION_LIMIT).unwrap();
            assert_eq!(searched, game.grundy(&g).unwrap() ^ 2);
        }
    }
    let big = acrostic("mock-turtles", "ruler");
    let full = grid(&vec!["H".repeat(64); 64].join("/"));
    let found = big.moves_to_value(&full, 0, 4).unwrap();
    for m in found.moves() {
        assert_eq!(big.grundy(&m[0]).unwrap(), 0);
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20 {
        let o = big.random_option(&full, &mut rng).unwrap();
        assert!(big.option_to(&full, &o).is_some());
    }
    let err = acrostic("any", "twins")
        .parse_positions(&vec!["H"; 14].join("/"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("\"14\"") && err.contains("1 to 13"), "{err}");
    let reason = Acrostic::twins()
        .explain_value(&grid("TTT/TTH"))
        .unwrap()
        .reason
        .unwrap();
    assert!(
        reason.contains("(1, 2) worth 3") && reason.contains("x ⊕ y"),
        "{reason}"
    );
    assert_ne!(Acrostic::twins(), acrostic("twins", "twins"));
    assert_eq!(acrostic("twins", "twins").title(), "Acrostic Twins / Twins");
}

/// `why_not` agrees with the options on every small grid and every set of coins, and says why
/// in the rules' words.
#[test]
fn reasons_agree_with_the_options() {
    for game in games() {
        coin_grid::assert_reasons_agree(
            &game.term(),
            |g| game.options(g),
            |g, c| game.why_not(g, c),
        );
    }
    let twins = Acrostic::twins();
    let g = grid("HTT/TTH/THH");
    let why = |cells: &[(usize, usize)]| twins.why_not(&g, cells).unwrap();
    assert_eq!(
        why(&[(0, 0), (1, 1)]),
        "Acrostic Twins turns coins in one column or in one row, and these are in rows 0 and 1 and columns 0 and 1"
    );
    assert_eq!(
        why(&[(1, 2), (2, 2), (0, 2)]),
        "in Acrostic Twins the coins turned down column 2 must be a move of Twins: Twins turns exactly two rows, not 3"
    );
    assert_eq!(
        why(&[(2, 0), (2, 1), (2, 2)]),
        "in Acrostic Twins the coins turned along row 2 must be a move of Twins: Twins turns exactly two columns, not 3"
    );
    assert_eq!(
        why(&[(2, 2)]),
        "in Acrostic Twins one coin alone is a move of neither game: down its column, Twins turns exactly two rows, not 1; along its row, Twins turns exactly two columns, not 1"
    );
    assert_eq!(twins.why_not(&g, &[(0, 2), (1, 2)]), None);
}

/// Why? for a grid: its heads with their values in the table, XORed in binary columns.
#[test]
fn derivations_xor_the_heads() {
    let d = Acrostic::twins()
        .explain_value(&grid("TTTTT/TTTHT/TTTTT/TTHTT/TTTTH"))
        .unwrap();
    let parts = d.parts.as_ref().unwrap();
    let named: Vec<(&str, Nimber)> = parts
        .parts
        .iter()
        .map(|p| (p.option.as_str(), p.value))
        .collect();
    assert_eq!(
        named,
        [("coin (1, 3)", 2), ("coin (3, 2)", 1), ("coin (4, 4)", 0)]
    );
    assert_eq!(d.value, 3);
}

use super::*;
use crate::games::coin_grid::exhaustive::every_grid_by_search;
use crate::solve::{grundy_by_search, DEFAULT_POSITION_LIMIT};
use crate::sum::{Component, Sum};
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
    let nim = Arc::new(crate::games::nim::Nim);
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
    let sum = crate::spec::parse_sum("acrostic{turtles;at-most=3}:HT/TH").unwrap();
    assert_eq!(sum.to_terms(), "acrostic{turtles;at-most=3}:HT/TH");
    let sum = crate::spec::parse_sum("acrostic-twins:TTT/TTH").unwrap();
    let parser = crate::play::MoveParser::for_position(&sum);
    assert!(parser.parse("1 turn 1 x 0,2", &sum).is_ok());
    assert!(parser.parse("1 turn 0,1 x 2", &sum).is_ok());
    assert!(parser.parse("1 turn 0,1 x 0,2", &sum).is_err());
    assert!(parser.parse("1 turn 1 x 2", &sum).is_err());
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

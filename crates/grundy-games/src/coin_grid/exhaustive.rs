//! The check every game on a grid of coins passes (test only): every grid of the given shapes
//! valued by exhaustive search over the game's own options, grids read as bit masks (bit `k`
//! is cell `k` in reading order, so the southeast coin of a move is its highest bit turned and
//! every option is a smaller mask); against it, the game's values, and on a sample of grids
//! its moves to a value (the same moves, in the same order, counted exactly), gentlest
//! option, size estimate and judgement of typed moves.

use crate::coin_grid::CoinGrid;
use crate::kernel::Ruleset;
use crate::nimber::{mex, Nimber};

/// Checks `game` on every grid of each `(rows, cols)` shape.
pub(crate) fn every_grid_by_search<R: Ruleset<Position = CoinGrid>>(
    game: &R,
    shapes: &[(usize, usize)],
) {
    for &(rows, cols) in shapes {
        let cells = rows * cols;
        let to_grid = |mask: u64| {
            let mut g = CoinGrid::tails(rows, cols).unwrap();
            for k in 0..cells {
                if mask >> k & 1 == 1 {
                    g.flip(k / cols, k % cols);
                }
            }
            g
        };
        let to_mask = |g: &CoinGrid| {
            (0..cells).fold(0u64, |m, k| {
                m | u64::from(g.is_head(k / cols, k % cols)) << k
            })
        };
        let mut values: Vec<Nimber> = Vec::with_capacity(1 << cells);
        for mask in 0u64..1 << cells {
            let g = to_grid(mask);
            let options = game.options(&g);
            let mut distinct = options.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(
                distinct.len(),
                options.len(),
                "{} {g}: a move twice",
                game.term()
            );
            let option_values: Vec<Nimber> = options
                .iter()
                .map(|o| {
                    let m = to_mask(&o[0]);
                    assert!(m < mask, "{} {g}", game.term());
                    values[m as usize]
                })
                .collect();
            let v = mex(option_values.iter().copied());
            values.push(v);
            assert_eq!(game.grundy(&g).unwrap(), v, "{} {g}", game.term());
            if mask % 89 == 3 || mask + 1 == 1 << cells {
                check_moves(game, &g, &options, &option_values, v);
            }
        }
    }
}

/// The moves to a value, gentlest option, estimate and typed moves of `g`, against its
/// options and their values.
fn check_moves<R: Ruleset<Position = CoinGrid>>(
    game: &R,
    g: &CoinGrid,
    options: &[Vec<CoinGrid>],
    option_values: &[Nimber],
    v: Nimber,
) {
    for target in [0, 1, 3, v ^ 1, v ^ 2] {
        let expected: Vec<_> = options
            .iter()
            .zip(option_values)
            .filter(|(_, &w)| w == target)
            .map(|(o, _)| o.clone())
            .collect();
        for limit in [0, 2, usize::MAX] {
            let found = game.moves_to_value(g, target, limit).unwrap();
            assert_eq!(found.total(), expected.len() as u128, "{} {g}", game.term());
            assert_eq!(found.moves(), &expected[..expected.len().min(limit)]);
        }
    }
    assert_eq!(game.gentlest_option(g), options.first().cloned());
    assert_eq!(game.tree_estimate(&[g], 0).options, options.len() as u64);
    for o in options {
        assert_eq!(game.option_to(g, o), Some(o.clone()), "{g} -> {}", o[0]);
    }
}

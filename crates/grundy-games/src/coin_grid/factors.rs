//! What every game on a grid of coins shares through its two one-dimensional games: `rows`,
//! played down a column (its coins are the grid's rows), and `cols`, played along a row. The
//! Tartan products and the acrostic games differ only in which sets of coins a move turns
//! and in how a head's value is found; their limits, typed moves, random moves, size
//! estimates and explanations of a nim-sum of heads are the same, and live here.

use crate::coin_grid::{cells_between, read_move, CoinGrid, MAX_GRID_HEAD_MOVES};
use crate::coins::CoinLine;
use crate::kernel::error::{GameError, Result};
use crate::kernel::move_forms as forms;
use crate::kernel::MoveError;
use crate::kernel::TreeEstimate;
use crate::kernel::{uniform_below, MoveContext, Ruleset};
use crate::nimber::Nimber;

/// The most rows and the most columns of a grid: each factor stops before its first coin
/// with more than [`MAX_GRID_HEAD_MOVES`] moves.
pub(crate) fn max_sides(rows: &CoinLine, cols: &CoinLine) -> (usize, usize) {
    (
        rows.max_coins(MAX_GRID_HEAD_MOVES),
        cols.max_coins(MAX_GRID_HEAD_MOVES),
    )
}

/// Refuses a grid of the game `title` with more rows or columns than [`max_sides`], naming
/// the side, its length and what is allowed.
pub(crate) fn check_sides(
    title: &str,
    rows: &CoinLine,
    cols: &CoinLine,
    grid: &CoinGrid,
) -> Result<()> {
    let (most_rows, most_cols) = max_sides(rows, cols);
    for (what, n, most, line) in [
        ("rows", grid.rows(), most_rows, rows),
        ("columns", grid.cols(), most_cols, cols),
    ] {
        if n > most {
            return Err(GameError::out_of_range(
                format!("number of {what} of a {title} grid"),
                n,
                format!(
                    "1 to {most} (beyond, a coin of {} has more than {MAX_GRID_HEAD_MOVES} moves)",
                    line.label()
                ),
            ));
        }
    }
    Ok(())
}

/// A typed move (see [`read_move`]), numbered as the factors number their coins: a set of
/// coins the rules refuse is refused in their words (`why_not(cells)`, the game's own
/// explanation of the coins turned), any other judged by the game's own options.
pub(crate) fn parse_move<R: Ruleset<Position = CoinGrid> + ?Sized>(
    game: &R,
    (rows, cols): (&CoinLine, &CoinLine),
    from: &CoinGrid,
    words: &[&str],
    context: MoveContext,
    why_not: impl Fn(&[(usize, usize)]) -> Option<String>,
) -> Option<std::result::Result<Vec<CoinGrid>, MoveError>> {
    let read = read_move(from, words, rows.first_coin(), cols.first_coin())?;
    Some(read.and_then(|to| {
        let cells = cells_between(from, &to).map_err(MoveError::Illegal)?;
        match why_not(&cells) {
            Some(why) => Err(MoveError::Illegal(why)),
            None => forms::checked_option(game, from, &[to], context),
        }
    }))
}

/// One move drawn uniformly among every move of every head, without listing them: a head is
/// weighted by its count of moves `moves(x, y)`, and `nth(x, y, k)` is its `k`-th move.
pub(crate) fn uniform_move(
    grid: &CoinGrid,
    rng: &mut dyn rand_core::RngCore,
    moves: impl Fn(usize, usize) -> u128,
    nth: impl Fn(usize, usize, u128) -> Option<CoinGrid>,
) -> Option<Vec<CoinGrid>> {
    let heads: Vec<(usize, usize, u128)> = grid.heads().map(|(x, y)| (x, y, moves(x, y))).collect();
    let total: u128 = heads.iter().map(|h| h.2).sum();
    let mut k = u128::from(uniform_below(
        rng,
        u64::try_from(total).ok().filter(|&t| t > 0)?,
    ));
    for (x, y, count) in heads {
        if k < count {
            return nth(x, y, k).map(|g| vec![g]);
        }
        k -= count;
    }
    None
}

/// The end of a grid's explanation: each head, numbered as the factors number their coins,
/// with what it is worth (`worth(x, y)`, e.g. "3 ⊗ 2 = 1"), and their nim-sum.
pub(crate) fn heads_worth(
    grid: &CoinGrid,
    (rows, cols): (&CoinLine, &CoinLine),
    worth: impl Fn(usize, usize) -> String,
) -> String {
    let heads: Vec<String> = grid
        .heads()
        .map(|(x, y)| {
            format!(
                "({}, {}) worth {}",
                rows.number(x),
                cols.number(y),
                worth(x, y)
            )
        })
        .collect();
    if heads.is_empty() {
        "no heads, so the value is 0".to_string()
    } else {
        format!("heads: {}; the value is their nim-sum", heads.join(", "))
    }
}

/// The nim-sum of a grid's heads read from `value(x, y)`.
pub(crate) fn heads_nim_sum(grid: &CoinGrid, value: impl Fn(usize, usize) -> Nimber) -> Nimber {
    grid.heads().fold(0, |acc, (x, y)| acc ^ value(x, y))
}

/// The estimate of a group of grids whose moves stay northwest of a head: the cells northwest
/// of some head are the only ones that change, and `moves(x, y)` counts a head's moves.
pub(crate) fn northwest_estimate(
    group: &[&CoinGrid],
    moves: impl Fn(usize, usize) -> u128,
) -> TreeEstimate {
    let mut estimate = TreeEstimate {
        positions: 1,
        options: 0,
        components: group.len() as u64,
    };
    for grid in group {
        // Row by row from the bottom: the rightmost head in this row or below.
        let mut reach = 0usize;
        let mut cells = 0u32;
        for x in (0..grid.rows()).rev() {
            if let Some(y) = (0..grid.cols()).rev().find(|&y| grid.is_head(x, y)) {
                reach = reach.max(y + 1);
            }
            cells += reach as u32;
        }
        estimate.positions = estimate
            .positions
            .saturating_mul(1u64.checked_shl(cells).unwrap_or(u64::MAX));
        let options: u128 = grid.heads().map(|(x, y)| moves(x, y)).sum();
        estimate.options = estimate
            .options
            .saturating_add(u64::try_from(options).unwrap_or(u64::MAX));
    }
    estimate
}

//! Acrostic games: two-dimensional coin-turning games whose moves run along one row or one
//! column (Ferguson, *Game Theory*, Part I §5.2; Winning Ways, ch. 14; see
//! `docs/bibliography.md`).
//!
//! Given one-dimensional games `G` (read down a column) and `H` (read along a row), a move of
//! `acrostic{G;H}` on a rectangle of coins ([`CoinGrid`]) turns over, in one column, a set of
//! coins that is a move of `G`, or, in one row, a set that is a move of `H`; the southeast
//! coin (the lowest of a column's set, the rightmost of a row's) goes from heads to tails.
//! **Acrostic Twins** (`acrostic-twins`, `G = H = ` Twins, numbered from 0) turns two coins of
//! one row or one column, and a head at `(x, y)` is worth `x ⊕ y` (Ferguson's Table 5.1): Nim
//! with two heaps in disguise.
//!
//! Unlike the Tartan products of [`crate::tartan`], these games have no product rule
//! for their values: a lone head's value is the mex, over its moves, of the nim-sum of the
//! other coins turned, computed bottom-up row by row over the grid ([`Acrostic::table`]) and
//! kept; a grid is the nim-sum of its heads, as in every coin-turning game. The table is
//! checked against exhaustive search of every grid of up to 12 coins, and Acrostic Twins'
//! closed form against the table on a 64 × 64 grid (`acrostic/tests.rs`).

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use crate::coin_grid::{self, factors, CoinGrid};

use crate::coins::{CoinGame, CoinLine};
use crate::family::{known, Drawing, Family, Param, ParamKind, Positions};
use crate::kernel::error::Result;
use crate::kernel::moves::MoveList;
use crate::kernel::numbering::Numbering;
use crate::kernel::MoveError;
use crate::kernel::TreeEstimate;
use crate::kernel::{Derivation, OptionValue};
use crate::kernel::{MoveContext, Presentation, Ruleset};
use crate::nimber::{MexSet, Nimber};

/// How a grid is written, in the families' help.
const GRID_HELP: &str = "coins of a rectangle, as its rows of T (tails) and H (heads) separated by /, e.g. THT/TTH (at most 64 × 64, fewer where a game gives a coin more than 4096 moves); rows are numbered as the first game numbers its coins, columns as the second";

/// Acrostic games of any two coin games: `acrostic{twins;ruler}:THT/TTH`.
pub static FAMILY: Family = Family {
    name: "acrostic",
    aliases: &[],
    title: "Acrostic game of two coin games",
    rules: "A rectangle of coins: a move turns over, in one column, coins that make a move of the first game, or, in one row, coins that make a move of the second, the southeast one from heads to tails.",
    params: &[
        Param {
            name: "rows",
            short: None,
            positional: true,
            kind: ParamKind::Word,
            label: "Columns' moves",
            help: "the game played down a column (its coins are the rows): turtles, twins, mock-turtles, ruler, or a coin rule such as at-most=3",
            example: "twins",
        },
        Param {
            name: "columns",
            short: None,
            positional: true,
            kind: ParamKind::Word,
            label: "Rows' moves",
            help: "the game played along a row (its coins are the columns), as for the other",
            example: "ruler",
        },
    ],
    // THT/THH, which the first player wins (THT/TTH, the term's example, is a P-position).
    positions: Positions {
        label: "Coins",
        help: GRID_HELP,
        example: "THT/THH",
        drawing: Drawing::COIN_GRID,
    },
    example: "acrostic{twins;ruler}:THT/TTH",
    sequence: false,
    known_by: known::table,
    heap_game: false,
    search: None,
    at_once: None,
    reasoning: None,
    build: |params| {
        Ok(Arc::new(Acrostic::new(
            CoinLine::parse(params[0])?,
            CoinLine::parse(params[1])?,
        )))
    },
};

/// Acrostic Twins in the registry.
pub static ACROSTIC_TWINS: Family = Family {
    name: "acrostic-twins",
    aliases: &[],
    title: "Acrostic Twins",
    rules: "A rectangle of coins, rows and columns numbered from 0: turn over two coins in the same row or the same column, the southeast one from heads to tails.",
    params: &[],
    positions: Positions {
        label: "Coins",
        help: GRID_HELP,
        example: "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH",
        drawing: Drawing::COIN_GRID,
    },
    example: "acrostic-twins:TTTTT/TTTHT/TTTTT/TTHTT/TTTTH",
    sequence: false,
    known_by: known::table,
    heap_game: false,
    search: None,
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(Acrostic::twins())),
};

/// What [`Acrostic`]'s moves are given to: the rows and the columns a move turns.
type ProductVisitor<'a> = dyn FnMut(&[usize], &[usize]) -> ControlFlow<()> + 'a;

/// An acrostic game (see the module documentation). Compared by its rules alone; the table of
/// values it keeps is a cache.
#[derive(Debug, Clone)]
pub struct Acrostic {
    rows: CoinLine,
    cols: CoinLine,
    twins: bool,
    /// Lone heads' values, `table[x][y]`, as far as computed.
    cache: Arc<Mutex<Vec<Vec<Nimber>>>>,
}

rules_compared_by!(Acrostic, twins, rows, cols);

impl Acrostic {
    /// The acrostic game of `rows` (played down a column) and `cols` (along a row).
    pub fn new(rows: CoinLine, cols: CoinLine) -> Self {
        Acrostic {
            rows,
            cols,
            twins: false,
            cache: Arc::default(),
        }
    }

    /// Acrostic Twins.
    pub fn twins() -> Self {
        Acrostic {
            twins: true,
            ..Acrostic::new(
                CoinLine::named(CoinGame::Twins),
                CoinLine::named(CoinGame::Twins),
            )
        }
    }

    /// How its grids' rows and columns are numbered: as its games number their coins.
    pub fn numbering(&self) -> Numbering {
        crate::coin_grid::numbering_of(&self.rows, &self.cols)
    }

    /// Why turning the coins `cells` (row and column indices) of `grid` is not a move, in the
    /// rules' words; `None` when it is one. A move is a move of the first game down one
    /// column or of the second along one row, its southeast coin showing heads.
    pub fn why_not(&self, grid: &CoinGrid, cells: &[(usize, usize)]) -> Option<String> {
        let numbering = self.numbering();
        let span = match coin_grid::span_of(grid, cells, numbering) {
            Ok(span) => span,
            Err(why) => return Some(why),
        };
        let title = self.title();
        if span.rows.len() > 1 && span.cols.len() > 1 {
            return Some(format!(
                "{title} turns coins in one column or in one row, and these are in {} and {}",
                numbering.rows(&span.rows),
                numbering.cols(&span.cols)
            ));
        }
        if let Some(why) = coin_grid::southeast_tails(grid, &span, numbering) {
            return Some(why);
        }
        let down = self.rows.why_not_set(&span.rows, "row");
        let along = self.cols.why_not_set(&span.cols, "column");
        let (x, y) = (span.rows[0], span.cols[0]);
        match (span.rows.len() > 1, span.cols.len() > 1) {
            (true, _) => down.map(|why| {
                format!(
                    "in {title} the coins turned down {} must be a move of {}: {why}",
                    numbering.cols(&[y]),
                    self.rows.title()
                )
            }),
            (_, true) => along.map(|why| {
                format!(
                    "in {title} the coins turned along {} must be a move of {}: {why}",
                    numbering.rows(&[x]),
                    self.cols.title()
                )
            }),
            // One coin: a move of either game.
            _ => down.zip(along).map(|(down, along)| {
                format!(
                    "in {title} one coin alone is a move of neither game: down its column, {down}; along its row, {along}"
                )
            }),
        }
    }

    /// The most rows and the most columns of a grid: each game stops before its first coin with
    /// more than [`MAX_GRID_HEAD_MOVES`](coin_grid::MAX_GRID_HEAD_MOVES) moves.
    pub fn max_sides(&self) -> (usize, usize) {
        factors::max_sides(&self.rows, &self.cols)
    }

    fn check(&self, grid: &CoinGrid) -> Result<()> {
        factors::check_sides(&self.title(), &self.rows, &self.cols, grid)
    }

    /// Lone heads' values on a `rows × cols` grid: Acrostic Twins' closed form `x ⊕ y`, or the
    /// mex rule bottom-up (see the module documentation), kept for the next call.
    pub fn table(&self, rows: usize, cols: usize) -> Vec<Vec<Nimber>> {
        if self.twins {
            return (0..rows as u64)
                .map(|x| (0..cols as u64).map(|y| x ^ y).collect())
                .collect();
        }
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let have = (cache.len(), cache.first().map_or(0, Vec::len));
        if have.0 < rows || have.1 < cols {
            *cache = self.table_by_mex(rows.max(have.0), cols.max(have.1));
        }
        cache[..rows]
            .iter()
            .map(|row| row[..cols].to_vec())
            .collect()
    }

    /// The table by the mex rule alone: the reference for Acrostic Twins' closed form.
    pub fn table_by_mex(&self, rows: usize, cols: usize) -> Vec<Vec<Nimber>> {
        let mut table = vec![vec![0; cols]; rows];
        let mut seen = MexSet::new();
        for x in 0..rows {
            for y in 0..cols {
                let _ = self.rows.for_each_set(x, &mut |xs| {
                    seen.insert(xs[1..].iter().fold(0, |acc, &a| acc ^ table[a][y]));
                    ControlFlow::Continue(())
                });
                let _ = self.cols.for_each_set(y, &mut |ys| {
                    seen.insert(ys[1..].iter().fold(0, |acc, &b| acc ^ table[x][b]));
                    ControlFlow::Continue(())
                });
                table[x][y] = seen.take_mex();
            }
        }
        table
    }

    /// Whether the lone coin `(x, y)` is a move of both games (then listed once, down the
    /// column).
    fn single_twice(&self, x: usize, y: usize) -> bool {
        self.rows.allows(&[x]) && self.cols.allows(&[y])
    }

    /// The moves of the head at `(x, y)`, in order: the column's sets, then the row's (less
    /// the lone coin already listed). `f` gets the rows and the columns turned.
    fn for_each_move(&self, x: usize, y: usize, f: &mut ProductVisitor) -> ControlFlow<()> {
        self.rows.for_each_set(x, &mut |xs| f(xs, &[y]))?;
        let skip_single = self.single_twice(x, y);
        self.cols.for_each_set(y, &mut |ys| {
            if skip_single && ys.len() == 1 {
                ControlFlow::Continue(())
            } else {
                f(&[x], ys)
            }
        })
    }

    /// The `k`-th move (from 0) of the head at `(x, y)`, in the order of [`Self::for_each_move`].
    fn nth_move(&self, grid: &CoinGrid, x: usize, y: usize, k: u128) -> Option<CoinGrid> {
        let mut chosen = None;
        let mut seen = 0u128;
        let _ = self.for_each_move(x, y, &mut |xs, ys| {
            if seen == k {
                chosen = Some(grid.turned(xs, ys));
                return ControlFlow::Break(());
            }
            seen += 1;
            ControlFlow::Continue(())
        });
        chosen
    }

    fn head_moves(&self, x: usize, y: usize) -> u128 {
        self.rows.set_count(x) + self.cols.set_count(y) - u128::from(self.single_twice(x, y))
    }
}

impl Ruleset for Acrostic {
    type Position = CoinGrid;

    fn presentation(&self) -> Presentation {
        Presentation {
            grid: Some(self.numbering()),
            ..Presentation::of_form::<CoinGrid>()
        }
    }

    fn term(&self) -> String {
        if self.twins {
            "acrostic-twins".into()
        } else {
            format!("acrostic{{{};{}}}", self.rows.term(), self.cols.term())
        }
    }

    fn name(&self) -> String {
        if self.twins {
            "acrostic-twins".into()
        } else {
            format!("acrostic {{{};{}}}", self.rows.term(), self.cols.term())
        }
    }

    fn title(&self) -> String {
        if self.twins {
            "Acrostic Twins".into()
        } else {
            format!("Acrostic {} / {}", self.rows.title(), self.cols.title())
        }
    }

    /// The whole text is one grid.
    fn parse_positions(&self, text: &str) -> Result<Vec<CoinGrid>> {
        let grid: CoinGrid = text.parse()?;
        self.check(&grid)?;
        Ok(vec![grid])
    }

    fn positions_from(&self, numbers: Vec<u64>) -> Result<Vec<CoinGrid>> {
        use crate::kernel::PositionForm;
        CoinGrid::from_numbers(numbers)
    }

    /// For each head, row by row, its moves down the column, then along the row.
    fn options(&self, grid: &CoinGrid) -> Vec<Vec<CoinGrid>> {
        let mut out = Vec::new();
        for (x, y) in grid.heads() {
            let _ = self.for_each_move(x, y, &mut |xs, ys| {
                out.push(vec![grid.turned(xs, ys)]);
                ControlFlow::Continue(())
            });
        }
        out
    }

    /// The nim-sum of the heads' values in the table.
    fn grundy(&self, grid: &CoinGrid) -> Result<Nimber> {
        self.check(grid)?;
        let table = self.table(grid.rows(), grid.cols());
        Ok(factors::heads_nim_sum(grid, |x, y| table[x][y]))
    }

    /// Every move of every head, its change of value read from the table, counted.
    fn moves_to_value(
        &self,
        grid: &CoinGrid,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<CoinGrid>>> {
        let wanted = self.grundy(grid)? ^ target;
        let table = self.table(grid.rows(), grid.cols());
        let mut found = MoveList::with_limit(limit);
        for (x, y) in grid.heads() {
            crate::kernel::cancel::check()?;
            let _ = self.for_each_move(x, y, &mut |xs, ys| {
                let change = xs
                    .iter()
                    .flat_map(|&a| ys.iter().map(move |&b| (a, b)))
                    .fold(0, |acc, (a, b)| acc ^ table[a][b]);
                if change == wanted {
                    if found.wants_more() {
                        found.push(vec![grid.turned(xs, ys)]);
                    } else {
                        found.count_unlisted(1);
                    }
                }
                ControlFlow::Continue(())
            });
        }
        Ok(found)
    }

    /// A move of the first game down one column, or of the second along one row.
    fn option_to(&self, grid: &CoinGrid, parts: &[CoinGrid]) -> Option<Vec<CoinGrid>> {
        let [to] = parts else { return None };
        coin_grid::checked(grid, to.clone(), |xs, ys| {
            (ys.len() == 1 && self.rows.allows(xs)) || (xs.len() == 1 && self.cols.allows(ys))
        })
    }

    fn gentlest_option(&self, grid: &CoinGrid) -> Option<Vec<CoinGrid>> {
        let mut first = None;
        for (x, y) in grid.heads() {
            let _ = self.for_each_move(x, y, &mut |xs, ys| {
                first = Some(grid.turned(xs, ys));
                ControlFlow::Break(())
            });
            if first.is_some() {
                break;
            }
        }
        first.map(|g| vec![g])
    }

    /// Uniform over every move: a head weighted by its count of moves.
    fn random_option(
        &self,
        grid: &CoinGrid,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<Vec<CoinGrid>> {
        factors::uniform_move(
            grid,
            rng,
            |x, y| self.head_moves(x, y),
            |x, y, k| self.nth_move(grid, x, y, k),
        )
    }

    fn tree_estimate(&self, group: &[&CoinGrid], _limit: u64) -> TreeEstimate {
        factors::northwest_estimate(group, |x, y| self.head_moves(x, y))
    }

    /// The heads, each worth its value in the table of lone heads, and their nim-sum.
    fn explain_value(&self, grid: &CoinGrid) -> Result<Derivation> {
        self.check(grid)?;
        let table = self.table(grid.rows(), grid.cols());
        let heads = grid
            .heads()
            .map(|(x, y)| OptionValue {
                option: format!("coin ({}, {})", self.rows.number(x), self.cols.number(y)),
                value: table[x][y],
            })
            .collect();
        Ok(Derivation::nim_sum_of(
            grid.to_string(),
            heads,
            self.value_source(grid),
        ))
    }

    fn value_source(&self, grid: &CoinGrid) -> String {
        if self.check(grid).is_err() {
            return "beyond the grid's limits".into();
        }
        let table = self.table(grid.rows(), grid.cols());
        let sum = factors::heads_worth(grid, (&self.rows, &self.cols), |x, y| {
            table[x][y].to_string()
        });
        let rule = if self.twins {
            "a head at (x, y) is worth x ⊕ y (Ferguson, Part I §5.2, Table 5.1)".to_string()
        } else {
            format!(
                "a head's value is the mex of the nim-sums of the other coins its moves turn (a move of {} down its column, or of {} along its row), computed bottom-up",
                self.rows.title(),
                self.cols.title()
            )
        };
        format!(
            "{}, rows numbered from {}, columns from {}: {rule}; a grid is the sum of its heads (Winning Ways, ch. 14), {sum}",
            self.title(),
            self.rows.first_coin(),
            self.cols.first_coin()
        )
    }

    fn parse_move(
        &self,
        from: &CoinGrid,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<CoinGrid>, MoveError>> {
        factors::parse_move(
            self,
            (&self.rows, &self.cols),
            from,
            words,
            context,
            |cells| self.why_not(from, cells),
        )
    }

    fn move_examples(&self, numbered: bool) -> String {
        coin_grid::move_examples(numbered)
    }

    fn describe_move(&self, from: &CoinGrid, to: &[CoinGrid]) -> String {
        coin_grid::describe_move(from, to, self.rows.first_coin(), self.cols.first_coin())
    }
}

#[cfg(test)]
mod tests;

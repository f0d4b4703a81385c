//! Tartan products of coin-turning games: two-dimensional games whose values are nim products
//! (Winning Ways, ch. 14; Conway, *On Numbers and Games*, ch. 6; Ferguson, *Game Theory*,
//! Part I §5.4; see `docs/bibliography.md`).
//!
//! Given one-dimensional games `G` (the rows) and `H` (the columns), a move of `G × H` on a
//! rectangle of coins ([`CoinGrid`]) chooses a move of `G`, a set of rows `x1 < ... < xm`, and
//! a move of `H`, a set of columns `y1 < ... < yn`, and turns over the `m·n` coins where they
//! cross; the southeast coin `(xm, yn)` must go from heads to tails.
//!
//! **The Tartan theorem.** A head at `(x, y)` is worth `G(x) ⊗ H(y)`, the nim product of the
//! factors' values, and a grid is the nim-sum of its heads. The proof is also how a move is
//! found: turning the product `A × B` changes the value by `(⊕_{a∈A} G(a)) ⊗ (⊕_{b∈B} H(b))`
//! (the nim product distributes over the nim-sum), so from a grid of value `v` the moves to
//! value `t` are the products whose factors' nim-sums `s1`, `s2` satisfy `s1 ⊗ s2 = v ⊕ t`.
//! For each head, [`Tartan::moves_to_value`] groups the factors' moves by nim-sum and, for each
//! `s1`, finds the moves of `H` with `s2 = (v ⊕ t) ⊘ s1` (the nim quotient): every such move is
//! counted exactly without trying the `m·n` products one by one, and listed in order.
//!
//! | game (term) | product | a head at `(x, y)` is worth |
//! | --- | --- | --- |
//! | Turning Corners (`turning-corners`) | Twins × Twins, from (0, 0): the four corners of a rectangle | `x ⊗ y` |
//! | Rugs (`rugs`) | Ruler × Ruler, from (1, 1): every coin of a rectangle | `ruler(x) ⊗ ruler(y)` |
//! | `tartan{G;H}` | any two coin games: `turtles`, `twins`, `mock-turtles`, `ruler`, or a rule of the `coins` family | `G(x) ⊗ H(y)` |
//!
//! The theorem is checked against the mex rule on lone heads and against exhaustive search of
//! every grid of up to 12 coins, for products of every kind of rule (`tartan/tests.rs`).
//!
//! ```
//! use grundy_core::spec::parse_sum;
//! // Ferguson's Table 5.2 position: heads at (1, 3), (3, 2), (4, 4) of Turning Corners.
//! let sum = parse_sum("turning-corners:TTTTT/TTTHT/TTTTT/TTHTT/TTTTH").unwrap();
//! assert_eq!(sum.value().unwrap(), 3 ^ 1 ^ 6);
//! // Its one winning move turns the corners of the square (3, 3)-(4, 4).
//! assert_eq!(sum.winning_moves().unwrap().total(), 1);
//! ```

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;

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
use crate::nimber::{nim_div, nim_mul, Nimber};

/// The Tartan products known by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NamedTartan {
    /// Twins × Twins: turn the four corners of a rectangle.
    TurningCorners,
    /// Ruler × Ruler: turn every coin of a rectangle.
    Rugs,
}

impl NamedTartan {
    /// Its factors.
    fn factors(self) -> (CoinGame, CoinGame) {
        match self {
            NamedTartan::TurningCorners => (CoinGame::Twins, CoinGame::Twins),
            NamedTartan::Rugs => (CoinGame::Ruler, CoinGame::Ruler),
        }
    }

    fn term(self) -> &'static str {
        match self {
            NamedTartan::TurningCorners => "turning-corners",
            NamedTartan::Rugs => "rugs",
        }
    }

    fn title(self) -> &'static str {
        match self {
            NamedTartan::TurningCorners => "Turning Corners",
            NamedTartan::Rugs => "Rugs",
        }
    }
}

/// How a grid is written, in the families' help.
const GRID_HELP: &str = "coins of a rectangle, as its rows of T (tails) and H (heads) separated by /, e.g. THT/TTH (at most 64 × 64, fewer where a factor gives a coin more than 4096 moves); rows are numbered as the first game numbers its coins, columns as the second";

/// Tartan products of any two coin games: `tartan{twins;ruler}:THT/TTH`.
pub static FAMILY: Family = Family {
    name: "tartan",
    aliases: &["tartan-product"],
    title: "Tartan product of two coin games",
    rules: "A rectangle of coins: a move turns over the coins where a move of the first game (a set of rows) crosses a move of the second (a set of columns), the southeast one from heads to tails.",
    params: &[
        Param {
            name: "rows",
            short: None,
            positional: true,
            kind: ParamKind::Word,
            label: "Rows' game",
            help: "the game whose moves choose the rows: turtles, twins, mock-turtles, ruler, or a coin rule such as at-most=3 or consecutive=2..",
            example: "twins",
        },
        Param {
            name: "columns",
            short: None,
            positional: true,
            kind: ParamKind::Word,
            label: "Columns' game",
            help: "the game whose moves choose the columns, as for the rows",
            example: "ruler",
        },
    ],
    positions: Positions {
        label: "Coins",
        help: GRID_HELP,
        example: "THT/TTH",
        drawing: Drawing::COIN_GRID,
    },
    example: "tartan{twins;ruler}:THT/TTH",
    sequence: false,
    known_by: known::closed_form,
    heap_game: false,
    search: None,
    at_once: None,
    reasoning: None,
    build: |params| {
        Ok(Arc::new(Tartan::new(
            CoinLine::parse(params[0])?,
            CoinLine::parse(params[1])?,
        )))
    },
};

/// Turning Corners (Twins × Twins) in the registry.
pub static TURNING_CORNERS: Family = Family {
    name: "turning-corners",
    aliases: &["corners"],
    title: "Turning Corners",
    rules: "A rectangle of coins, rows and columns numbered from 0: turn over the four corners of a rectangle, the southeast one from heads to tails.",
    params: &[],
    positions: Positions {
        label: "Coins",
        help: GRID_HELP,
        example: "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH",
        drawing: Drawing::COIN_GRID,
    },
    example: "turning-corners:TTTTT/TTTHT/TTTTT/TTHTT/TTTTH",
    sequence: false,
    known_by: known::closed_form,
    heap_game: false,
    search: None,
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(Tartan::named(NamedTartan::TurningCorners))),
};

/// Rugs (Ruler × Ruler) in the registry.
pub static RUGS: Family = Family {
    name: "rugs",
    aliases: &["turnablock"],
    title: "Rugs",
    rules: "A rectangle of coins, rows and columns numbered from 1: turn over every coin of a rectangle, the southeast one from heads to tails.",
    params: &[],
    positions: Positions {
        label: "Coins",
        help: GRID_HELP,
        example: "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH",
        drawing: Drawing::COIN_GRID,
    },
    example: "rugs:TTTTT/TTTHT/TTTTT/TTHTT/TTTTH",
    sequence: false,
    known_by: known::closed_form,
    heap_game: false,
    search: None,
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(Tartan::named(NamedTartan::Rugs))),
};

/// A Tartan product `G × H` (see the module documentation). A position is one grid.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tartan {
    rows: CoinLine,
    cols: CoinLine,
    named: Option<NamedTartan>,
}

/// One factor's moves at one coin: each set, its nim-sum of values (the coin's own included),
/// and the sets grouped by nim-sum.
struct Moves {
    sets: Vec<Vec<usize>>,
    sums: Vec<Nimber>,
    /// How many sets have each nim-sum.
    counts: HashMap<Nimber, u64>,
    /// `(nim-sum, set index)`, sorted: the sets of one nim-sum, in order.
    by_sum: Vec<(Nimber, usize)>,
}

impl Moves {
    fn at(line: &CoinLine, values: &[Nimber], coin: usize) -> Moves {
        let mut sets = Vec::new();
        let mut sums = Vec::new();
        let _ = line.for_each_set(coin, &mut |set| {
            sums.push(set.iter().fold(0, |acc, &i| acc ^ values[i]));
            sets.push(set.to_vec());
            ControlFlow::Continue(())
        });
        let mut counts = HashMap::new();
        for &s in &sums {
            *counts.entry(s).or_insert(0) += 1;
        }
        let mut by_sum: Vec<(Nimber, usize)> = sums.iter().copied().zip(0..).collect();
        by_sum.sort_unstable();
        Moves {
            sets,
            sums,
            counts,
            by_sum,
        }
    }

    /// The indices of the sets whose nim-sum is `s`, in order.
    fn with_sum(&self, s: Nimber) -> impl Iterator<Item = usize> + '_ {
        let start = self.by_sum.partition_point(|&(t, _)| t < s);
        self.by_sum[start..]
            .iter()
            .take_while(move |&&(t, _)| t == s)
            .map(|&(_, i)| i)
    }
}

impl Tartan {
    /// The product `rows × cols`.
    pub fn new(rows: CoinLine, cols: CoinLine) -> Self {
        Tartan {
            rows,
            cols,
            named: None,
        }
    }

    /// A product known by name.
    pub fn named(named: NamedTartan) -> Self {
        let (rows, cols) = named.factors();
        Tartan {
            rows: CoinLine::named(rows),
            cols: CoinLine::named(cols),
            named: Some(named),
        }
    }

    /// The rows' game and the columns' game.
    pub fn factors(&self) -> (&CoinLine, &CoinLine) {
        (&self.rows, &self.cols)
    }

    /// How its grids' rows and columns are numbered: as its factors number their coins.
    pub fn numbering(&self) -> Numbering {
        crate::coin_grid::numbering_of(&self.rows, &self.cols)
    }

    /// Why turning the coins `cells` (row and column indices) of `grid` is not a move, in the
    /// rules' words; `None` when it is one. A move is every coin where a move of the rows'
    /// game crosses a move of the columns' game, its southeast coin showing heads.
    pub fn why_not(&self, grid: &CoinGrid, cells: &[(usize, usize)]) -> Option<String> {
        let numbering = self.numbering();
        let span = match coin_grid::span_of(grid, cells, numbering) {
            Ok(span) => span,
            Err(why) => return Some(why),
        };
        let title = self.title();
        if !span.product {
            return Some(format!(
                "{title} turns every coin where the rows it turns cross the columns it turns: {} and {} cross at {} coins, and {} are chosen (missing: {})",
                numbering.rows(&span.rows),
                numbering.cols(&span.cols),
                span.rows.len() * span.cols.len(),
                cells.len(),
                coin_grid::missing_coins(&span, cells, numbering)
            ));
        }
        if let Some(why) = coin_grid::southeast_tails(grid, &span, numbering) {
            return Some(why);
        }
        for (line, set, noun, what) in [
            (&self.rows, &span.rows, "row", "rows"),
            (&self.cols, &span.cols, "column", "columns"),
        ] {
            if let Some(why) = line.why_not_set(set, noun) {
                return Some(format!(
                    "in {title} the {what} turned must be a move of {}: {why}",
                    line.title()
                ));
            }
        }
        None
    }

    /// The most rows and the most columns of a grid: each game stops before its first coin with
    /// more than [`MAX_GRID_HEAD_MOVES`](coin_grid::MAX_GRID_HEAD_MOVES) moves.
    pub fn max_sides(&self) -> (usize, usize) {
        factors::max_sides(&self.rows, &self.cols)
    }

    fn check(&self, grid: &CoinGrid) -> Result<()> {
        factors::check_sides(&self.title(), &self.rows, &self.cols, grid)
    }

    /// The factors' values on the grid's rows and columns.
    fn values(&self, grid: &CoinGrid) -> Result<(Vec<Nimber>, Vec<Nimber>)> {
        self.check(grid)?;
        Ok((self.rows.values(grid.rows()), self.cols.values(grid.cols())))
    }

    /// The number of moves of a head at `(x, y)`.
    fn head_moves(&self, x: usize, y: usize) -> u128 {
        self.rows.set_count(x) * self.cols.set_count(y)
    }

    /// The `k`-th move (from 0) of the head at `(x, y)`, in the order of the options.
    fn nth_move(&self, grid: &CoinGrid, x: usize, y: usize, k: u128) -> Option<CoinGrid> {
        let per_row_set = self.cols.set_count(y);
        if per_row_set == 0 {
            return None;
        }
        let xs = self.rows.nth_set(x, k / per_row_set)?;
        let ys = self.cols.nth_set(y, k % per_row_set)?;
        Some(grid.turned(&xs, &ys))
    }
}

impl Ruleset for Tartan {
    type Position = CoinGrid;

    fn presentation(&self) -> Presentation {
        Presentation {
            grid: Some(self.numbering()),
            ..Presentation::of_form::<CoinGrid>()
        }
    }

    fn term(&self) -> String {
        match self.named {
            Some(named) => named.term().into(),
            None => format!("tartan{{{};{}}}", self.rows.term(), self.cols.term()),
        }
    }

    fn name(&self) -> String {
        match self.named {
            Some(named) => named.term().into(),
            None => format!("tartan {{{};{}}}", self.rows.term(), self.cols.term()),
        }
    }

    fn title(&self) -> String {
        match self.named {
            Some(named) => named.title().into(),
            None => format!("{} × {}", self.rows.title(), self.cols.title()),
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

    /// For each head, row by row (the southeast coin), each move of the rows' game there, and
    /// with it each move of the columns' game. Meant for small grids.
    fn options(&self, grid: &CoinGrid) -> Vec<Vec<CoinGrid>> {
        let mut out = Vec::new();
        for (x, y) in grid.heads() {
            let _ = self.rows.for_each_set(x, &mut |xs| {
                self.cols.for_each_set(y, &mut |ys| {
                    out.push(vec![grid.turned(xs, ys)]);
                    ControlFlow::Continue(())
                })
            });
        }
        out
    }

    /// The Tartan theorem: the nim-sum over the heads of `G(x) ⊗ H(y)`.
    fn grundy(&self, grid: &CoinGrid) -> Result<Nimber> {
        let (g, h) = self.values(grid)?;
        Ok(factors::heads_nim_sum(grid, |x, y| nim_mul(g[x], h[y])))
    }

    /// The moves whose factors' nim-sums `s1`, `s2` have `s1 ⊗ s2 = value ⊕ target`, found
    /// through the nim quotient and counted per head from the factors' moves grouped by
    /// nim-sum (see the module documentation); listed in the order of [`Ruleset::options`].
    fn moves_to_value(
        &self,
        grid: &CoinGrid,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<CoinGrid>>> {
        let (g, h) = self.values(grid)?;
        let wanted = self.grundy(grid)? ^ target;
        let mut found = MoveList::with_limit(limit);
        if wanted == 0 {
            // s1 and s2 are never 0: a coin's own value is never that of one of its options.
            return Ok(found);
        }
        let mut row_moves: HashMap<usize, Moves> = HashMap::new();
        let mut col_moves: HashMap<usize, Moves> = HashMap::new();
        for (x, y) in grid.heads() {
            crate::kernel::cancel::check()?;
            let rows = row_moves
                .entry(x)
                .or_insert_with(|| Moves::at(&self.rows, &g, x));
            let cols = col_moves
                .entry(y)
                .or_insert_with(|| Moves::at(&self.cols, &h, y));
            let total: u128 = rows
                .counts
                .iter()
                .filter(|&(&s1, _)| s1 != 0)
                .map(|(&s1, &c1)| {
                    let s2 = nim_div(wanted, s1).unwrap_or(0);
                    u128::from(c1) * u128::from(cols.counts.get(&s2).copied().unwrap_or(0))
                })
                .sum();
            let mut listed = 0u128;
            let sets = if found.wants_more() {
                &rows.sets[..]
            } else {
                &[]
            };
            'sets: for (i, xs) in sets.iter().enumerate() {
                let Some(s2) = nim_div(wanted, rows.sums[i]) else {
                    continue;
                };
                for j in cols.with_sum(s2) {
                    if !found.wants_more() {
                        break 'sets;
                    }
                    found.push(vec![grid.turned(xs, &cols.sets[j])]);
                    listed += 1;
                }
            }
            found.count_unlisted(total - listed);
        }
        Ok(found)
    }

    /// A product of a move of each factor, its southeast coin showing heads.
    fn option_to(&self, grid: &CoinGrid, parts: &[CoinGrid]) -> Option<Vec<CoinGrid>> {
        let [to] = parts else { return None };
        coin_grid::checked(grid, to.clone(), |xs, ys| {
            self.rows.allows(xs) && self.cols.allows(ys)
        })
    }

    fn gentlest_option(&self, grid: &CoinGrid) -> Option<Vec<CoinGrid>> {
        grid.heads()
            .find_map(|(x, y)| self.nth_move(grid, x, y, 0))
            .map(|g| vec![g])
    }

    /// Uniform over every move, without listing them: a head weighted by its count of moves.
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

    /// Every grid reached differs only northwest of some head; the moves are counted exactly.
    fn tree_estimate(&self, group: &[&CoinGrid], _limit: u64) -> TreeEstimate {
        factors::northwest_estimate(group, |x, y| self.head_moves(x, y))
    }

    /// The heads, each worth the nim product of its row's and its column's values, and their
    /// nim-sum.
    fn explain_value(&self, grid: &CoinGrid) -> Result<Derivation> {
        let (g, h) = self.values(grid)?;
        let heads = grid
            .heads()
            .map(|(x, y)| OptionValue {
                option: format!(
                    "coin ({}, {}): {} ⊗ {}",
                    self.rows.number(x),
                    self.cols.number(y),
                    g[x],
                    h[y]
                ),
                value: nim_mul(g[x], h[y]),
            })
            .collect();
        Ok(Derivation::nim_sum_of(
            grid.to_string(),
            heads,
            self.value_source(grid),
        ))
    }

    /// The factors' rules, and each head's `G(x) ⊗ H(y)`.
    fn value_source(&self, grid: &CoinGrid) -> String {
        let Ok((g, h)) = self.values(grid) else {
            return "beyond the grid's limits".into();
        };
        let sum = factors::heads_worth(grid, (&self.rows, &self.cols), |x, y| {
            format!("{} ⊗ {} = {}", g[x], h[y], nim_mul(g[x], h[y]))
        });
        format!(
            "the Tartan product {} × {} (Ferguson, Part I §5.4): rows are coins of {} numbered from {} ({}), columns coins of {} numbered from {} ({}); by the Tartan theorem a head at (x, y) is worth G(x) ⊗ H(y), the nim product of the two games' values; {sum}",
            self.rows.title(),
            self.cols.title(),
            self.rows.title(),
            self.rows.first_coin(),
            self.rows.value_rule(),
            self.cols.title(),
            self.cols.first_coin(),
            self.cols.value_rule(),
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

//! A rectangle of coins, heads or tails: the position of the two-dimensional coin-turning games
//! (`games::tartan`, `games::acrostic`, which read this module), written as its rows of `T`
//! and `H` separated by `/`: `THT/TTH` is two rows of three coins.
//!
//! Coin `(x, y)` is in row `x` (from the top) and column `y` (from the left). In every game here
//! a move turns over a set of coins whose *southeast* coin — the one in the lowest row and the
//! rightmost column of the set — goes from heads to tails, the others lying above and to its
//! left (Ferguson, *Game Theory*, Part I §5.2). Each game numbers rows and columns as its
//! one-dimensional factors number their coins (from 0 or 1), and reads a typed move as a set
//! of rows and a set of columns, `turn 1,2 x 3,5`: the coins where they cross.

use std::fmt;
use std::str::FromStr;

use crate::kernel::error::{GameError, Result};
use crate::kernel::MoveError;
use crate::kernel::{MoveContext, PositionForm, Ruleset};

#[cfg(test)]
pub(crate) mod exhaustive;
pub(crate) mod factors;

/// The most rows, and the most columns, of a grid.
pub const MAX_GRID_SIDE: usize = 64;

/// The most moves a coin of a grid's factor may have (`2^12`): a head at `(x, y)` of a Tartan
/// product has the product of its factors' counts, and the moves to a value are counted by
/// tables of that size (see `games::tartan`). A factor's rows or columns stop before
/// the first coin with more (Mock Turtles: all 64; `at-most=4`: 30).
pub const MAX_GRID_HEAD_MOVES: u128 = 1 << 12;

/// A rectangle of coins (see the module documentation): bit `y` of `rows[x]` is heads at
/// `(x, y)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CoinGrid {
    cols: usize,
    rows: Vec<u64>,
}

impl CoinGrid {
    /// A grid of `rows × cols` tails (`1..=64` each).
    pub fn tails(rows: usize, cols: usize) -> Result<CoinGrid> {
        check_side("rows", rows)?;
        check_side("columns", cols)?;
        Ok(CoinGrid {
            cols,
            rows: vec![0; rows],
        })
    }

    /// Its number of rows.
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// Its number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `(x, y)` shows heads.
    pub fn is_head(&self, x: usize, y: usize) -> bool {
        self.rows[x] >> y & 1 == 1
    }

    /// Turns `(x, y)` over.
    pub fn flip(&mut self, x: usize, y: usize) {
        self.rows[x] ^= 1 << y;
    }

    /// The heads, row by row from the top, each row from the left.
    pub fn heads(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.rows.iter().enumerate().flat_map(|(x, &bits)| {
            (0..64usize)
                .filter(move |&y| bits >> y & 1 == 1)
                .map(move |y| (x, y))
        })
    }

    /// The grid with the coins where the rows `xs` cross the columns `ys` turned over.
    pub fn turned(&self, xs: &[usize], ys: &[usize]) -> CoinGrid {
        let mask = ys.iter().fold(0u64, |m, &y| m | 1 << y);
        let mut next = self.clone();
        for &x in xs {
            next.rows[x] ^= mask;
        }
        next
    }

    /// The coins that differ between `self` and `other` (grids of the same shape), as the rows
    /// and columns of a product (each strictly decreasing) when they are one, or `None`.
    pub fn product_between(&self, other: &CoinGrid) -> Option<(Vec<usize>, Vec<usize>)> {
        if self.rows() != other.rows() || self.cols != other.cols {
            return None;
        }
        let diff: Vec<u64> = self
            .rows
            .iter()
            .zip(&other.rows)
            .map(|(a, b)| a ^ b)
            .collect();
        let xs: Vec<usize> = (0..diff.len()).rev().filter(|&x| diff[x] != 0).collect();
        let &first = xs.first()?;
        // A product: every row that differs differs in the same columns.
        if xs.iter().any(|&x| diff[x] != diff[first]) {
            return None;
        }
        let ys: Vec<usize> = (0..self.cols)
            .rev()
            .filter(|&y| diff[first] >> y & 1 == 1)
            .collect();
        Some((xs, ys))
    }
}

fn check_side(what: &str, n: usize) -> Result<()> {
    if (1..=MAX_GRID_SIDE).contains(&n) {
        Ok(())
    } else {
        Err(GameError::out_of_range(
            format!("number of {what} of a coin grid"),
            n,
            format!("1 to {MAX_GRID_SIDE}"),
        ))
    }
}

/// How a grid is written, for errors and help.
pub const GRID_FORMS: &str = "rows of T (tails) and H (heads) separated by /, all of the same length, e.g. THT/TTH (at most 64 rows of 64 coins)";

impl FromStr for CoinGrid {
    type Err = GameError;

    /// `THT/TTH`: rows of `T` and `H` (any case) separated by `/`.
    fn from_str(text: &str) -> Result<CoinGrid> {
        let bad = || GameError::invalid("coin grid", text.trim(), GRID_FORMS);
        let lines: Vec<&str> = text.trim().split('/').map(str::trim).collect();
        let cols = lines[0].chars().count();
        let mut grid = CoinGrid::tails(lines.len(), cols).map_err(|e| match cols {
            0 => bad(),
            _ => e,
        })?;
        for (x, line) in lines.iter().enumerate() {
            if line.chars().count() != cols {
                return Err(bad());
            }
            for (y, c) in line.chars().enumerate() {
                match c.to_ascii_uppercase() {
                    'H' => grid.flip(x, y),
                    'T' => {}
                    _ => return Err(bad()),
                }
            }
        }
        Ok(grid)
    }
}

impl fmt::Display for CoinGrid {
    /// The rows of `T` and `H`, separated by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for x in 0..self.rows() {
            if x > 0 {
                f.write_str("/")?;
            }
            for y in 0..self.cols {
                f.write_str(if self.is_head(x, y) { "H" } else { "T" })?;
            }
        }
        Ok(())
    }
}

impl serde::Serialize for CoinGrid {
    /// The text form.
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl PositionForm for CoinGrid {
    const JSON_FIELD: &'static str = "grid";
    const NOUN: &'static str = "grid of coins";

    fn from_numbers(numbers: Vec<u64>) -> Result<Vec<Self>> {
        let text: Vec<String> = numbers.iter().map(u64::to_string).collect();
        Err(GameError::invalid(
            "coin grid",
            text.join(","),
            format!(
                "a grid as text (\"position\": \"THT/TTH\"), not a list of heaps: {GRID_FORMS}"
            ),
        ))
    }

    fn write(&self) -> String {
        self.to_string()
    }

    fn show(&self) -> String {
        self.to_string()
    }

    /// Its heads.
    fn tokens(&self) -> u64 {
        self.rows.iter().map(|r| u64::from(r.count_ones())).sum()
    }

    fn heaps(&self) -> Vec<u64> {
        Vec::new()
    }

    /// Any coin may end up either way: `2^(rows × columns)`, saturating.
    fn position_count(&self) -> u64 {
        1u64.checked_shl((self.rows() * self.cols) as u32)
            .unwrap_or(u64::MAX)
    }

    /// The games override the estimate with their exact counts.
    fn option_bound(&self) -> u64 {
        u64::MAX
    }

    fn emptied(&self) -> Self {
        CoinGrid {
            cols: self.cols,
            rows: vec![0; self.rows()],
        }
    }

    fn universe(_group: &[&Self]) -> u64 {
        u64::MAX
    }

    /// The games read their own moves ([`read_move`]).
    fn parse_move<R: Ruleset<Position = Self> + ?Sized>(
        _rules: &R,
        _from: &Self,
        _words: &[&str],
        _context: MoveContext,
    ) -> Option<std::result::Result<Vec<Self>, MoveError>> {
        None
    }

    fn move_examples(_splits: bool, _numbered: bool) -> String {
        String::new()
    }
}

/// A typed move of a grid whose rows are numbered from `first_row` and columns from
/// `first_col`: `turn 1,2 x 3,5` (the rows, `x`, the columns, numbers separated by commas or
/// spaces) or `to THT/TTH` (the grid after the move). `None` when the words are neither; else
/// the grid the move leaves (its legality is for the game to judge) or why it names no coins.
pub fn read_move(
    from: &CoinGrid,
    words: &[&str],
    first_row: u64,
    first_col: u64,
) -> Option<std::result::Result<CoinGrid, MoveError>> {
    match words {
        ["to", text] => Some(
            text.parse::<CoinGrid>()
                .map_err(|e| MoveError::Illegal(e.to_string())),
        ),
        ["turn", rest @ ..] => {
            let joined = rest.join(" ").replace(&['X', '×'][..], "x");
            let (rows, cols) = joined.split_once('x')?;
            let rows = numbers(rows)?;
            let cols = numbers(cols)?;
            Some(coins_named(from, &rows, &cols, first_row, first_col))
        }
        _ => None,
    }
}

/// Whole numbers separated by commas or spaces; `None` when one is not a number or none is.
fn numbers(text: &str) -> Option<Vec<u64>> {
    let list: Vec<u64> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(crate::kernel::move_forms::number)
        .collect::<Option<_>>()?;
    (!list.is_empty()).then_some(list)
}

/// The grid with rows `rows` × columns `cols` (as numbered) turned over.
fn coins_named(
    from: &CoinGrid,
    rows: &[u64],
    cols: &[u64],
    first_row: u64,
    first_col: u64,
) -> std::result::Result<CoinGrid, MoveError> {
    let index = |n: u64, first: u64, count: usize, what: &str| {
        let last = first + count as u64 - 1;
        if n < first || n > last {
            Err(MoveError::Illegal(format!(
                "there is no {what} {n}: the {what}s are numbered {first} to {last}"
            )))
        } else {
            Ok((n - first) as usize)
        }
    };
    let mut xs = rows
        .iter()
        .map(|&n| index(n, first_row, from.rows(), "row"))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let mut ys = cols
        .iter()
        .map(|&n| index(n, first_col, from.cols(), "column"))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    for list in [&mut xs, &mut ys] {
        list.sort_unstable();
        if list.windows(2).any(|w| w[0] == w[1]) {
            return Err(MoveError::Illegal(
                "a row or a column is named twice".into(),
            ));
        }
    }
    Ok(from.turned(&xs, &ys))
}

/// A grid move in words: `THT/TTH -> TTT/TTT (turn rows 1, 2 × columns 3)`.
pub fn describe_move(from: &CoinGrid, to: &[CoinGrid], first_row: u64, first_col: u64) -> String {
    let Some(after) = to.first() else {
        return from.to_string();
    };
    match from.product_between(after) {
        Some((xs, ys)) => {
            let named = |list: &[usize], first: u64| {
                list.iter()
                    .rev()
                    .map(|&i| (i as u64 + first).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let rows = if xs.len() == 1 { "row" } else { "rows" };
            let cols = if ys.len() == 1 { "column" } else { "columns" };
            format!(
                "{from} -> {after} (turn {rows} {} × {cols} {})",
                named(&xs, first_row),
                named(&ys, first_col)
            )
        }
        None => format!("{from} -> {after}"),
    }
}

use crate::kernel::numbering::Numbering;

/// The numbering of a grid whose rows are the coins of `rows` and columns those of `cols`.
pub(crate) fn numbering_of(
    rows: &crate::coins::CoinLine,
    cols: &crate::coins::CoinLine,
) -> Numbering {
    Numbering {
        first_row: rows.first_coin(),
        first_col: cols.first_coin(),
    }
}

/// The rows and the columns a set of coins spans (each ascending), and whether the set is every
/// coin where they cross: a product, the shape of a move in every grid game here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// The rows, top to bottom.
    pub rows: Vec<usize>,
    /// The columns, left to right.
    pub cols: Vec<usize>,
    /// Whether the set holds every coin where those rows cross those columns.
    pub product: bool,
}

/// The coins that differ between `from` and `to`, row by row (row and column indices), or why
/// `to` is not a grid a move could leave (another shape).
pub fn cells_between(
    from: &CoinGrid,
    to: &CoinGrid,
) -> std::result::Result<Vec<(usize, usize)>, String> {
    if (from.rows(), from.cols()) != (to.rows(), to.cols()) {
        return Err(format!(
            "the grid after a move has the same shape, {} rows of {} coins, not {} of {}",
            from.rows(),
            from.cols(),
            to.rows(),
            to.cols()
        ));
    }
    Ok((0..from.rows())
        .flat_map(|x| (0..from.cols()).map(move |y| (x, y)))
        .filter(|&(x, y)| from.is_head(x, y) != to.is_head(x, y))
        .collect())
}

/// The span of the coins `cells` (row and column indices) chosen on `grid`, checked as every
/// grid game checks a move's coins: at least one, each on the grid, none twice. Otherwise why
/// not, in words.
pub fn span_of(
    grid: &CoinGrid,
    cells: &[(usize, usize)],
    numbering: Numbering,
) -> std::result::Result<Span, String> {
    if cells.is_empty() {
        return Err("a move turns at least one coin".into());
    }
    if let Some(&(x, y)) = cells
        .iter()
        .find(|&&(x, y)| x >= grid.rows() || y >= grid.cols())
    {
        return Err(format!(
            "there is no coin at {}: the rows are numbered {} to {}, the columns {} to {}",
            numbering.coin(x, y),
            numbering.first_row,
            numbering.first_row + grid.rows() as u64 - 1,
            numbering.first_col,
            numbering.first_col + grid.cols() as u64 - 1
        ));
    }
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!(
            "the coin at {} is named twice: name each coin to turn once",
            numbering.coin(w[0].0, w[0].1)
        ));
    }
    let mut rows: Vec<usize> = sorted.iter().map(|c| c.0).collect();
    let mut cols: Vec<usize> = sorted.iter().map(|c| c.1).collect();
    for list in [&mut rows, &mut cols] {
        list.sort_unstable();
        list.dedup();
    }
    let product = sorted.len() == rows.len() * cols.len();
    Ok(Span {
        rows,
        cols,
        product,
    })
}

/// Why a product's southeast coin — in its lowest row and its rightmost column — cannot be the
/// one that goes from heads to tails: it shows tails. `None` when it shows heads.
pub fn southeast_tails(grid: &CoinGrid, span: &Span, numbering: Numbering) -> Option<String> {
    let (&x, &y) = (span.rows.last()?, span.cols.last()?);
    (!grid.is_head(x, y)).then(|| {
        format!(
            "the southeast coin turned (in the lowest row and the rightmost column turned), at {}, must go from heads to tails, and it shows tails",
            numbering.coin(x, y)
        )
    })
}

/// The coins of a product that a set lacks, in words: `row 1, column 2 and row 2, column 1`.
pub fn missing_coins(span: &Span, cells: &[(usize, usize)], numbering: Numbering) -> String {
    let missing: Vec<String> = span
        .rows
        .iter()
        .flat_map(|&x| span.cols.iter().map(move |&y| (x, y)))
        .filter(|c| !cells.contains(c))
        .map(|(x, y)| numbering.coin(x, y))
        .collect();
    const SHOWN: usize = 4;
    if missing.len() > SHOWN {
        format!(
            "{} and {} more",
            missing[..SHOWN].join("; "),
            missing.len() - SHOWN
        )
    } else {
        missing.join("; ")
    }
}

/// The typed move forms of a grid game, as shown to the user.
pub fn move_examples(numbered: bool) -> String {
    if numbered {
        "\"1 turn 1,2 x 3,5\" (in grid of coins 1, turn over the coins where rows 1 and 2 cross columns 3 and 5) or \"1 to THT/TTH\"".into()
    } else {
        "\"turn 1,2 x 3,5\" (turn over the coins where rows 1 and 2 cross columns 3 and 5) or \"to THT/TTH\" (the grid after the move)".into()
    }
}

/// The option of a grid game leaving `to`, checked by the game's own judgement of a product
/// move (`allows` gets the rows and the columns, each strictly decreasing).
pub fn checked(
    from: &CoinGrid,
    to: CoinGrid,
    allows: impl Fn(&[usize], &[usize]) -> bool,
) -> Option<Vec<CoinGrid>> {
    let (xs, ys) = from.product_between(&to)?;
    (from.is_head(xs[0], ys[0]) && allows(&xs, &ys)).then(|| vec![to])
}

/// For the grid games' tests: `why_not` refuses a set of coins exactly when no option turns
/// it, on every grid of every shape up to 3 × 3, 2 × 4 and 4 × 2 and every set of its coins.
#[cfg(test)]
pub(crate) fn assert_reasons_agree(
    label: &str,
    options: impl Fn(&CoinGrid) -> Vec<Vec<CoinGrid>>,
    why_not: impl Fn(&CoinGrid, &[(usize, usize)]) -> Option<String>,
) {
    let shapes = (1..=3).flat_map(|r| (1..=3).map(move |c| (r, c)));
    for (rows, cols) in shapes.chain([(2, 4), (4, 2)]) {
        let n = rows * cols;
        let cell = |i: usize| (i / cols, i % cols);
        for bits in 0..1u32 << n {
            let mut grid = CoinGrid::tails(rows, cols).unwrap();
            (0..n).filter(|&i| bits >> i & 1 == 1).for_each(|i| {
                let (x, y) = cell(i);
                grid.flip(x, y);
            });
            let options = options(&grid);
            for set in 1..1u32 << n {
                let cells: Vec<(usize, usize)> =
                    (0..n).filter(|&i| set >> i & 1 == 1).map(cell).collect();
                let mut to = grid.clone();
                cells.iter().for_each(|&(x, y)| to.flip(x, y));
                let legal = options.contains(&vec![to]);
                let why = why_not(&grid, &cells);
                assert_eq!(why.is_none(), legal, "{label} {grid} {cells:?}: {why:?}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_read_and_write() {
        let g: CoinGrid = "tht/HTH".parse().unwrap();
        assert_eq!(g.to_string(), "THT/HTH");
        assert_eq!((g.rows(), g.cols()), (2, 3));
        assert_eq!(g.heads().collect::<Vec<_>>(), [(0, 1), (1, 0), (1, 2)]);
        assert_eq!(g.tokens(), 3);
        assert_eq!(g.emptied().to_string(), "TTT/TTT");
        assert_eq!(g.position_count(), 64);
        let big: CoinGrid = vec!["H".repeat(64); 64].join("/").parse().unwrap();
        assert_eq!(big.position_count(), u64::MAX);
        assert_eq!(big.tokens(), 4096);
        for bad in ["", "TH/T", "TXH", "/", "TH//TH"] {
            let e = bad.parse::<CoinGrid>().unwrap_err().to_string();
            assert!(
                e.contains("coin grid") && e.contains("separated by /"),
                "{bad}: {e}"
            );
        }
        let e = "T".repeat(65).parse::<CoinGrid>().unwrap_err().to_string();
        assert!(e.contains("\"65\"") && e.contains("1 to 64"), "{e}");
        let e = vec!["T"; 65]
            .join("/")
            .parse::<CoinGrid>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("rows") && e.contains("\"65\""), "{e}");
        assert!(CoinGrid::from_numbers(vec![1, 2]).is_err());
    }

    #[test]
    fn products_between_grids() {
        let g: CoinGrid = "HTH/THT/TTH".parse().unwrap();
        let t = g.turned(&[0, 2], &[0, 2]);
        assert_eq!(t.to_string(), "TTT/THT/HTT");
        assert_eq!(g.product_between(&t), Some((vec![2, 0], vec![2, 0])));
        let mut not_product = g.clone();
        not_product.flip(0, 0);
        not_product.flip(1, 1);
        assert_eq!(g.product_between(&not_product), None);
        assert_eq!(g.product_between(&g), None);
        let other: CoinGrid = "HT/TH".parse().unwrap();
        assert_eq!(g.product_between(&other), None);
    }

    #[test]
    fn typed_moves() {
        let g: CoinGrid = "TTH/TTT/TTH".parse().unwrap();
        let read = |w: &[&str]| read_move(&g, w, 1, 0).unwrap();
        assert_eq!(
            read(&["turn", "1,3", "x", "0,2"]).unwrap().to_string(),
            "HTT/TTT/HTT"
        );
        assert_eq!(
            read(&["turn", "1", "3", "X", "2"]).unwrap().to_string(),
            "TTT/TTT/TTT"
        );
        assert_eq!(
            read(&["to", "TTT/TTT/TTT"]).unwrap().to_string(),
            "TTT/TTT/TTT"
        );
        let e = read(&["turn", "0", "x", "2"]).unwrap_err().to_string();
        assert!(
            e.contains("no row 0") && e.contains("numbered 1 to 3"),
            "{e}"
        );
        let e = read(&["turn", "1", "x", "3"]).unwrap_err().to_string();
        assert!(
            e.contains("no column 3") && e.contains("numbered 0 to 2"),
            "{e}"
        );
        assert!(read(&["turn", "1,1", "x", "2"]).is_err());
        assert!(read(&["to", "TX"]).is_err());
        assert!(read_move(&g, &["turn", "1", "2"], 1, 0).is_none());
        assert!(read_move(&g, &["take", "1"], 1, 0).is_none());
        let after = g.turned(&[2, 0], &[2]);
        assert_eq!(
            describe_move(&g, &[after], 1, 0),
            "TTH/TTT/TTH -> TTT/TTT/TTT (turn rows 1, 3 × column 2)"
        );
    }
}

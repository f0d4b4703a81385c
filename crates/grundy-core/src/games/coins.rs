//! Coin-turning games (Winning Ways, ch. 14; Ferguson, *Game Theory*, Part I §5; see
//! `docs/bibliography.md`): a row of coins, each heads or tails. A move turns over a set of
//! coins of a kind the rules allow, and the **rightmost** coin turned must go from heads to
//! tails (so every game ends). The rules here:
//!
//! | game | coins numbered from | a move turns | value of a head at coin `n` |
//! | --- | --- | --- | --- |
//! | Turning Turtles | 1 | one or two coins | `n` |
//! | Twins | 0 | exactly two coins | `n` |
//! | Mock Turtles | 0 | one, two or three coins | the `n`-th odious number (OEIS A000069) |
//! | Ruler | 1 | any number of consecutive coins | the largest power of 2 dividing `n` (A006519) |
//!
//! **Why the values add.** A head at coin `x` behaves as a game on its own whose moves leave
//! heads at the other coins turned: a coin turned from tails to heads starts a new such game,
//! and a coin turned from heads to tails is the same as adding a second copy of the game it
//! holds, which cancels the first (`G ⊕ G = 0`). So a row is the sum of its heads, and its
//! value is the nim-sum of the heads' values (Winning Ways, ch. 14). Each closed form in the
//! table is checked in the tests against the mex rule on single coins and against exhaustive
//! search of every row of up to 12 coins.
//!
//! A position is one row (`Vec<u64>` of 0 = tails, 1 = heads), written `turtles:THHTH` (or
//! `turtles:0,1,1,0,1`).
//!
//! ```
//! use grundy_core::games::coins::{CoinGame, Coins};
//! use grundy_core::games::Ruleset;
//! let turtles = Coins::new(CoinGame::TurningTurtles);
//! // Heads at coins 2, 3 and 5: 2 ⊕ 3 ⊕ 5 = 4.
//! let row = turtles.parse_positions("THHTH").unwrap().remove(0);
//! assert_eq!(turtles.grundy(&row).unwrap(), 4);
//! // Mock Turtles: coins 0, 1, 2, 3 are worth 1, 2, 4, 7 (odious numbers).
//! let mock = Coins::new(CoinGame::MockTurtles);
//! let values: Vec<u64> = (0..4).map(|n| CoinGame::MockTurtles.coin_value(n)).collect();
//! assert_eq!(values, [1, 2, 4, 7]);
//! assert_eq!(mock.grundy(&vec![1, 1, 1, 1]).unwrap(), 1 ^ 2 ^ 4 ^ 7);
//! ```

use std::sync::Arc;

use crate::error::{GameError, Result};
use crate::explain::{Derivation, OptionValue};
use crate::games::{MoveContext, PositionForm, Ruleset};
use crate::nimber::Nimber;
use crate::play::{forms, MoveError};
use crate::registry::{Drawing, Family, Positions};

/// The most coins in a row: a row's options are enumerated (Mock Turtles has about `n³/6` of
/// them for `n` heads), and 64 keeps every coin's value within `u64` for all four games.
pub const MAX_COINS: usize = 64;

/// The rules of one coin-turning game (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CoinGame {
    /// Turn one or two coins; coins numbered from 1; a head at `n` is worth `n`.
    TurningTurtles,
    /// Turn exactly two coins; coins numbered from 0; a head at `n` is worth `n`.
    Twins,
    /// Turn one, two or three coins; numbered from 0; worth the `n`-th odious number.
    MockTurtles,
    /// Turn any number of consecutive coins; numbered from 1; worth the largest power of 2
    /// dividing `n`.
    Ruler,
}

impl CoinGame {
    /// The number of the leftmost coin: 1 for Turning Turtles and Ruler, 0 for Twins and Mock
    /// Turtles (the numberings under which the values are the published sequences).
    pub fn first_coin(self) -> u64 {
        match self {
            CoinGame::TurningTurtles | CoinGame::Ruler => 1,
            CoinGame::Twins | CoinGame::MockTurtles => 0,
        }
    }

    /// The value of a row whose only head is coin number `n` (`n >= first_coin`), by the
    /// closed form of the module documentation.
    pub fn coin_value(self, n: u64) -> Nimber {
        match self {
            CoinGame::TurningTurtles | CoinGame::Twins => n,
            // The odious numbers: 2n, plus 1 when n has an even number of 1s, so that the
            // result has an odd number (Winning Ways, ch. 14).
            CoinGame::MockTurtles => 2 * n + u64::from(n.count_ones() % 2 == 0),
            // The ruler function: the lowest set bit.
            CoinGame::Ruler => n & n.wrapping_neg(),
        }
    }

    /// The sets of coins (row indices, ascending) a move may turn when its rightmost coin is
    /// at index `r`, fewest coins first, then the others from nearest to farthest.
    pub fn turn_sets(self, r: usize) -> Vec<Vec<usize>> {
        let singles = std::iter::once(vec![r]);
        let pairs = (0..r).rev().map(move |j| vec![j, r]);
        let triples = (0..r)
            .rev()
            .flat_map(move |j| (0..j).rev().map(move |i| vec![i, j, r]));
        match self {
            CoinGame::TurningTurtles => singles.chain(pairs).collect(),
            CoinGame::Twins => pairs.collect(),
            CoinGame::MockTurtles => singles.chain(pairs).chain(triples).collect(),
            CoinGame::Ruler => (0..=r).rev().map(|start| (start..=r).collect()).collect(),
        }
    }

    /// The registry name: `turtles`, `twins`, `mock-turtles`, `ruler`.
    pub const fn term(self) -> &'static str {
        match self {
            CoinGame::TurningTurtles => "turtles",
            CoinGame::Twins => "twins",
            CoinGame::MockTurtles => "mock-turtles",
            CoinGame::Ruler => "ruler",
        }
    }

    /// The game's name for people.
    pub const fn title(self) -> &'static str {
        match self {
            CoinGame::TurningTurtles => "Turning Turtles",
            CoinGame::Twins => "Twins",
            CoinGame::MockTurtles => "Mock Turtles",
            CoinGame::Ruler => "Ruler",
        }
    }

    /// The closed form in words, for explanations.
    fn value_rule(self) -> &'static str {
        match self {
            CoinGame::TurningTurtles | CoinGame::Twins => "a head at coin n is worth n",
            CoinGame::MockTurtles => {
                "a head at coin n is worth the n-th odious number (2n or 2n + 1, whichever has an odd number of 1s in binary)"
            }
            CoinGame::Ruler => "a head at coin n is worth the largest power of 2 dividing n",
        }
    }
}

/// Declares the registry family of one coin-turning game.
macro_rules! coin_family {
    ($name:ident, $game:expr, $aliases:expr, $rules:expr, $help:expr, $example:expr) => {
        #[doc = concat!("The coin-turning game `", $example, "` in the registry.")]
        pub static $name: Family = Family {
            name: $game.term(),
            aliases: $aliases,
            title: $game.title(),
            rules: $rules,
            params: &[],
            positions: Positions {
                label: "Coins",
                help: $help,
                example: "THHTH",
                drawing: Drawing::Coins,
            },
            example: $example,
            sequence: false,
            build: |_| Ok(Arc::new(Coins::new($game))),
        };
    };
}

/// How a row is written, in every family's help.
const ROW_HELP: &str = "one row of 1 to 64 coins, left to right, as T (tails) and H (heads), e.g. THHTH, or as 0 and 1 separated by commas";

coin_family!(
    TURNING_TURTLES,
    CoinGame::TurningTurtles,
    &["turning-turtles"],
    "A row of coins: turn over one or two coins, the rightmost of them from heads to tails.",
    ROW_HELP,
    "turtles:THHTH"
);
coin_family!(
    TWINS,
    CoinGame::Twins,
    &[],
    "A row of coins: turn over exactly two coins, the rightmost of them from heads to tails.",
    ROW_HELP,
    "twins:THHTH"
);
coin_family!(
    MOCK_TURTLES,
    CoinGame::MockTurtles,
    &["mock"],
    "A row of coins: turn over one, two or three coins, the rightmost of them from heads to tails.",
    ROW_HELP,
    "mock-turtles:THHTH"
);
coin_family!(
    RULER,
    CoinGame::Ruler,
    &[],
    "A row of coins: turn over any number of consecutive coins, the rightmost of them from heads to tails.",
    ROW_HELP,
    "ruler:THHTH"
);

/// A coin-turning ruleset. A position is one row of coins, 0 for tails and 1 for heads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coins {
    game: CoinGame,
}

impl Coins {
    /// The ruleset of `game`.
    pub fn new(game: CoinGame) -> Self {
        Coins { game }
    }

    /// Its rules.
    pub fn game(&self) -> CoinGame {
        self.game
    }

    /// The number of the coin at row index `i`.
    fn number(&self, i: usize) -> u64 {
        i as u64 + self.game.first_coin()
    }

    /// Checks a row: 1 to [`MAX_COINS`] coins, each 0 or 1.
    fn check_row(&self, row: &[u64]) -> Result<()> {
        if row.is_empty() || row.len() > MAX_COINS {
            return Err(GameError::out_of_range(
                format!("number of coins of a {} row", self.game.title()),
                row.len(),
                format!("1 to {MAX_COINS} coins"),
            ));
        }
        if let Some(&bad) = row.iter().find(|&&c| c > 1) {
            return Err(GameError::invalid(
                "coin",
                bad,
                "0 (tails) or 1 (heads), or a row written with T and H, e.g. THHTH",
            ));
        }
        Ok(())
    }

    /// Why turning the coins at row indices `turned` (ascending, distinct) is not a move of
    /// `row`, in the rules' words; `None` when it is one.
    pub fn why_not(&self, row: &[u64], turned: &[usize]) -> Option<String> {
        let Some(&r) = turned.last() else {
            return Some("a move turns at least one coin".into());
        };
        if r >= row.len() {
            return Some(format!(
                "there is no coin {}: the coins are numbered {} to {}",
                self.number(r),
                self.number(0),
                self.number(row.len().saturating_sub(1))
            ));
        }
        if row[r] == 0 {
            return Some(format!(
                "the rightmost coin turned, coin {}, must go from heads to tails, and it shows tails",
                self.number(r)
            ));
        }
        let n = turned.len();
        let title = self.game.title();
        match self.game {
            CoinGame::TurningTurtles if n > 2 => {
                Some(format!("{title} turns one or two coins, not {n}"))
            }
            CoinGame::Twins if n != 2 => Some(format!("{title} turns exactly two coins, not {n}")),
            CoinGame::MockTurtles if n > 3 => {
                Some(format!("{title} turns one, two or three coins, not {n}"))
            }
            CoinGame::Ruler if turned.windows(2).any(|w| w[1] != w[0] + 1) => {
                let names: Vec<String> =
                    turned.iter().map(|&i| self.number(i).to_string()).collect();
                Some(format!(
                    "{title} turns a run of coins next to each other, and coins {} are not one",
                    names.join(", ")
                ))
            }
            _ => None,
        }
    }

    /// The coins a move from `from` to `to` turns, as coin numbers, if the rows differ only
    /// in coins.
    fn turned(&self, from: &[u64], to: &[u64]) -> Vec<u64> {
        (0..from.len())
            .filter(|&i| from[i] != to[i])
            .map(|i| self.number(i))
            .collect()
    }
}

/// A row as T and H: `THHTH`.
pub fn show_row(row: &[u64]) -> String {
    row.iter()
        .map(|&c| if c == 1 { 'H' } else { 'T' })
        .collect()
}

/// Reads a row written with T and H (any case); `None` when the text has other characters.
fn read_th(text: &str) -> Option<Vec<u64>> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    text.chars()
        .map(|c| match c.to_ascii_uppercase() {
            'T' => Some(0),
            'H' => Some(1),
            _ => None,
        })
        .collect()
}

impl Ruleset for Coins {
    type Position = Vec<u64>;

    fn term(&self) -> String {
        self.game.term().into()
    }

    fn name(&self) -> String {
        self.game.term().into()
    }

    fn title(&self) -> String {
        self.game.title().into()
    }

    fn noun(&self) -> &'static str {
        "row of coins"
    }

    fn show_position(&self, row: &Vec<u64>) -> String {
        show_row(row)
    }

    /// `THHTH` (T and H), or `0,1,1,0,1`: one row either way.
    fn parse_positions(&self, text: &str) -> Result<Vec<Vec<u64>>> {
        match read_th(text) {
            Some(row) => self.positions_from(row),
            None if text.trim().is_empty() || text.trim().chars().any(|c| c.is_ascii_alphabetic()) => {
                Err(GameError::invalid(
                    format!("{} row", self.game.title()),
                    text.trim(),
                    "coins written with T (tails) and H (heads), e.g. THHTH, or 0 and 1 separated by commas",
                ))
            }
            None => self.positions_from(crate::spec::parse_list(text, "coin")?),
        }
    }

    fn positions_from(&self, numbers: Vec<u64>) -> Result<Vec<Vec<u64>>> {
        self.check_row(&numbers)?;
        Ok(vec![numbers])
    }

    /// For each head from left to right (the rightmost coin turned), the sets of
    /// [`CoinGame::turn_sets`].
    fn options(&self, row: &Vec<u64>) -> Vec<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        for r in (0..row.len()).filter(|&r| row[r] == 1) {
            for set in self.game.turn_sets(r) {
                let mut next = row.clone();
                for i in set {
                    next[i] ^= 1;
                }
                out.push(vec![next]);
            }
        }
        out
    }

    /// The nim-sum of the heads' values (see the module documentation).
    fn grundy(&self, row: &Vec<u64>) -> Result<Nimber> {
        self.check_row(row)?;
        Ok((0..row.len())
            .filter(|&i| row[i] == 1)
            .fold(0, |acc, i| acc ^ self.game.coin_value(self.number(i))))
    }

    /// The heads, their values and their nim-sum.
    fn explain_value(&self, row: &Vec<u64>) -> Result<Derivation> {
        self.check_row(row)?;
        let heads = (0..row.len())
            .filter(|&i| row[i] == 1)
            .map(|i| {
                let n = self.number(i);
                OptionValue {
                    option: format!("coin {n}"),
                    value: self.game.coin_value(n),
                }
            })
            .collect();
        Ok(Derivation::nim_sum_of(
            show_row(row),
            heads,
            self.value_source(row),
        ))
    }

    fn value_source(&self, row: &Vec<u64>) -> String {
        let heads: Vec<String> = (0..row.len())
            .filter(|&i| row[i] == 1)
            .map(|i| {
                let n = self.number(i);
                format!("coin {n} worth {}", self.game.coin_value(n))
            })
            .collect();
        let first = self.game.first_coin();
        let sum = if heads.is_empty() {
            "no heads, so the value is 0".to_string()
        } else {
            format!("heads: {}; the value is their nim-sum", heads.join(", "))
        };
        format!(
            "{}, coins numbered from {first}: {}; a row is the sum of its heads (Winning Ways, ch. 14), {sum}",
            self.game.title(),
            self.game.value_rule()
        )
    }

    /// `turn 2 5` (the coins' numbers), or the row's `to` form.
    fn parse_move(
        &self,
        from: &Vec<u64>,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Vec<u64>>, MoveError>> {
        let ["turn", coins @ ..] = words else {
            if let ["to", row] = words {
                if let Some(to) = read_th(row) {
                    if to.len() == from.len() {
                        let turned: Vec<usize> =
                            (0..from.len()).filter(|&i| from[i] != to[i]).collect();
                        if let Some(why) = self.why_not(from, &turned) {
                            return Some(Err(MoveError::Illegal(why)));
                        }
                    }
                    return Some(forms::checked_option(self, from, &[to], context));
                }
            }
            return Vec::<u64>::parse_move(self, from, words, context);
        };
        let numbers: Vec<u64> = coins
            .iter()
            .map(|w| forms::number(w))
            .collect::<Option<_>>()?;
        let first = self.game.first_coin();
        let last = first + from.len() as u64 - 1;
        if numbers.is_empty() {
            return None;
        }
        if let Some(bad) = numbers.iter().find(|&&n| n < first || n > last) {
            return Some(Err(MoveError::Illegal(format!(
                "there is no coin {bad}: the coins are numbered {first} to {last}"
            ))));
        }
        let mut turned: Vec<usize> = numbers.iter().map(|&n| (n - first) as usize).collect();
        turned.sort_unstable();
        if let Some(twice) = turned.windows(2).find(|w| w[0] == w[1]) {
            return Some(Err(MoveError::Illegal(format!(
                "coin {} is named twice: name each coin to turn once",
                self.number(twice[0])
            ))));
        }
        if let Some(why) = self.why_not(from, &turned) {
            return Some(Err(MoveError::Illegal(why)));
        }
        let mut to = from.clone();
        for &i in &turned {
            to[i] ^= 1;
        }
        Some(forms::checked_option(self, from, &[to], context))
    }

    fn move_examples(&self, numbered: bool) -> String {
        if numbered {
            "\"1 turn 2 5\" (in component 1, turn over coins 2 and 5) or \"1 to THTTH\"".into()
        } else {
            "\"turn 2 5\" (turn over coins 2 and 5) or \"to THTTH\" (the row after the move)".into()
        }
    }

    fn describe_move(&self, from: &Vec<u64>, to: &[Vec<u64>]) -> String {
        let Some(after) = to.first() else {
            return show_row(from);
        };
        let turned: Vec<String> = self
            .turned(from, after)
            .iter()
            .map(u64::to_string)
            .collect();
        format!(
            "{} -> {} (turn {})",
            show_row(from),
            show_row(after),
            turned.join(", ")
        )
    }
}

#[cfg(test)]
mod tests;

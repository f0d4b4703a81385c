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
//! Beyond the four named games, the family `coins` plays any rule of the usual kinds, described
//! by the user ([`rule`]): `coins{at-most=5}:THHTH`, `coins{consecutive=2..}:HTTH`,
//! `coins{two-at=1,4,9}:THTH`. Its coins are numbered from 1; its heads' values come from the
//! closed form where one is known, otherwise from the mex rule bottom-up ([`mod@line`]).
//!
//! A position is one row (`Vec<u64>` of 0 = tails, 1 = heads), written `turtles:THHTH` (or
//! `turtles:0,1,1,0,1`).
//!
//! ```
//! use grundy_games::coins::{CoinGame, Coins};
//! use grundy_kernel::Ruleset;
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

mod layers;
pub mod line;
pub mod rule;

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::family::{known, Drawing, Family, Param, ParamKind, Positions};
use crate::kernel::error::{GameError, Result};
use crate::kernel::move_forms as forms;
use crate::kernel::moves::MoveList;
use crate::kernel::MoveError;
use crate::kernel::TreeEstimate;
use crate::kernel::{uniform_below, MoveContext, PositionForm, Presentation, Ruleset};
use crate::kernel::{Derivation, OptionValue};
use crate::nimber::Nimber;

pub use line::{CoinLine, MAX_HEAD_MOVES};
pub use rule::CoinRule;

/// The most coins in a row: a row's options are enumerated (Mock Turtles has about `n³/6` of
/// them for `n` heads), and 64 keeps every coin's value within `u64` for all four games. Rows of
/// a described rule may be shorter ([`CoinLine::max_coins`] with [`MAX_HEAD_MOVES`]).
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
    /// The four games, in the registry's order.
    pub const ALL: [CoinGame; 4] = [
        CoinGame::TurningTurtles,
        CoinGame::Twins,
        CoinGame::MockTurtles,
        CoinGame::Ruler,
    ];

    /// The number of the leftmost coin: 1 for Turning Turtles and Ruler, 0 for Twins and Mock
    /// Turtles (the numberings under which the values are the published sequences).
    pub fn first_coin(self) -> u64 {
        match self {
            CoinGame::TurningTurtles | CoinGame::Ruler => 1,
            CoinGame::Twins | CoinGame::MockTurtles => 0,
        }
    }

    /// The game as a described rule: `at-most=2`, `exactly=2`, `at-most=3`, `consecutive`.
    pub fn rule(self) -> CoinRule {
        match self {
            CoinGame::TurningTurtles => CoinRule::AtMost(2),
            CoinGame::Twins => CoinRule::Exactly(2),
            CoinGame::MockTurtles => CoinRule::AtMost(3),
            CoinGame::Ruler => CoinRule::Consecutive {
                shortest: 1,
                longest: None,
            },
        }
    }

    /// The value of a row whose only head is coin number `n` (`n >= first_coin`), by the
    /// closed form of the module documentation.
    pub fn coin_value(self, n: u64) -> Nimber {
        match self {
            CoinGame::TurningTurtles | CoinGame::Twins => n,
            // The odious numbers: 2n, plus 1 when n has an even number of 1s, so that the
            // result has an odd number (Winning Ways, ch. 14).
            CoinGame::MockTurtles => rule::odious(n),
            // The ruler function: the lowest set bit.
            CoinGame::Ruler => n & n.wrapping_neg(),
        }
    }

    /// The sets of coins (row indices, ascending) a move may turn when its rightmost coin is
    /// at index `r`, fewest coins first, then the others from nearest to farthest.
    pub fn turn_sets(self, r: usize) -> Vec<Vec<usize>> {
        let mut sets = Vec::new();
        let _ = self.rule().for_each_set(r, &mut |set| {
            sets.push(set.iter().rev().copied().collect());
            ControlFlow::Continue(())
        });
        sets
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

    /// The other names the registry accepts.
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            CoinGame::TurningTurtles => &["turning-turtles"],
            CoinGame::MockTurtles => &["mock"],
            CoinGame::Twins | CoinGame::Ruler => &[],
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
    ($name:ident, $game:expr, $rules:expr, $example:expr) => {
        #[doc = concat!("The coin-turning game `", $example, "` in the registry.")]
        pub static $name: Family = Family {
            name: $game.term(),
            aliases: $game.aliases(),
            title: $game.title(),
            rules: $rules,
            params: &[],
            positions: Positions {
                label: "Coins",
                help: ROW_HELP,
                example: "THHTH",
                drawing: Drawing::COINS,
            },
            example: $example,
            sequence: false,
            known_by: known::closed_form,
            heap_game: false,
            search: None,
            at_once: None,
            reasoning: None,
            build: |_| Ok(Arc::new(Coins::new($game))),
        };
    };
}

/// How a row is written, in every family's help.
const ROW_HELP: &str = "coins of one row, 1 to 64 of them, left to right, as T (tails) and H (heads), e.g. THHTH, or as 0 and 1 separated by commas";

coin_family!(
    TURNING_TURTLES,
    CoinGame::TurningTurtles,
    "A row of coins: turn over one or two coins, the rightmost of them from heads to tails.",
    "turtles:THHTH"
);
coin_family!(
    TWINS,
    CoinGame::Twins,
    "A row of coins: turn over exactly two coins, the rightmost of them from heads to tails.",
    "twins:THHTH"
);
coin_family!(
    MOCK_TURTLES,
    CoinGame::MockTurtles,
    "A row of coins: turn over one, two or three coins, the rightmost of them from heads to tails.",
    "mock-turtles:THHTH"
);
coin_family!(
    RULER,
    CoinGame::Ruler,
    "A row of coins: turn over any number of consecutive coins, the rightmost of them from heads to tails.",
    "ruler:THHTH"
);

/// Coin-turning games of a rule the user describes, in the registry: `coins{at-most=3}:THHTH`.
pub static RULED: Family = Family {
    name: "coins",
    aliases: &["coin-turning"],
    title: "Coin-turning game of your rule",
    rules: "A row of coins, numbered from 1: a move turns over a set of coins that the rule allows, the rightmost of them from heads to tails.",
    params: &[Param {
        name: "rule",
        short: Some('r'),
        positional: true,
        kind: ParamKind::Word,
        label: "Rule",
        help: "which coins a move turns over: at-most=K or exactly=K (K from 1 to 64), any, consecutive (or consecutive=K, consecutive=A..B, consecutive=A..), two-at=D or one-or-two-at=D (D distances from 1 to 63, e.g. 1,2,3), spaced=K (K from 2 to 64) or grunt",
        example: "at-most=3",
    }],
    positions: Positions {
        label: "Coins",
        help: "coins of one row (at most 64, fewer where the rule gives a coin more than 2^20 moves), left to right, as T (tails) and H (heads), e.g. THHTH, or as 0 and 1 separated by commas",
        example: "THHTH",
        drawing: Drawing::COINS,
    },
    example: "coins{at-most=3}:THHTH",
    sequence: false,
    known_by: known::table,
    heap_game: false,
    search: None,
    at_once: None,
    reasoning: None,
    build: |params| Ok(Arc::new(Coins::ruled(CoinRule::parse(params[0])?))),
};

/// A coin-turning ruleset. A position is one row of coins, 0 for tails and 1 for heads.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coins {
    line: CoinLine,
}

impl Coins {
    /// The ruleset of `game`.
    pub fn new(game: CoinGame) -> Self {
        Coins {
            line: CoinLine::named(game),
        }
    }

    /// The ruleset of a described rule, its coins numbered from 1.
    pub fn ruled(rule: CoinRule) -> Self {
        Coins {
            line: CoinLine::ruled(rule),
        }
    }

    /// Its game: the rule and how coins are numbered.
    pub fn line(&self) -> &CoinLine {
        &self.line
    }

    /// The longest row allowed: 64 coins, or fewer where the rule gives a coin more than
    /// [`MAX_HEAD_MOVES`] moves.
    pub fn max_coins(&self) -> usize {
        self.line.max_coins(MAX_HEAD_MOVES)
    }

    /// Checks a row: 1 to [`Coins::max_coins`] coins, each 0 or 1.
    fn check_row(&self, row: &[u64]) -> Result<()> {
        let most = self.max_coins();
        if row.is_empty() || row.len() > most {
            let why = if most < MAX_COINS {
                format!(
                    "1 to {most} coins (beyond, a coin of {} has more than {MAX_HEAD_MOVES} moves, which are listed one by one)",
                    self.line.label()
                )
            } else {
                format!("1 to {most} coins")
            };
            return Err(GameError::out_of_range(
                format!("number of coins of a {} row", self.line.label()),
                row.len(),
                why,
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
        let line = &self.line;
        let Some(&r) = turned.last() else {
            return Some("a move turns at least one coin".into());
        };
        if r >= row.len() {
            return Some(format!(
                "there is no coin {}: the coins are numbered {} to {}",
                line.number(r),
                line.number(0),
                line.number(row.len().saturating_sub(1))
            ));
        }
        if row[r] == 0 {
            return Some(format!(
                "the rightmost coin turned, coin {}, must go from heads to tails, and it shows tails",
                line.number(r)
            ));
        }
        line.why_not_set(turned, "coin")
    }

    /// The heads' indices, left to right.
    fn heads(row: &[u64]) -> impl Iterator<Item = usize> + '_ {
        (0..row.len()).filter(|&i| row[i] == 1)
    }

    /// The coins a move from `from` to `to` turns, as coin numbers, if the rows differ only
    /// in coins.
    fn turned(&self, from: &[u64], to: &[u64]) -> Vec<u64> {
        (0..from.len())
            .filter(|&i| from[i] != to[i])
            .map(|i| self.line.number(i))
            .collect()
    }

    /// `row` with the coins of `set` turned over.
    fn turn(row: &[u64], set: &[usize]) -> Vec<u64> {
        let mut next = row.to_vec();
        for &i in set {
            next[i] ^= 1;
        }
        next
    }
}

/// A row as T and H: `THHTH`.
pub fn show_row(row: &[u64]) -> String {
    row.iter()
        .map(|&c| if c == 1 { 'H' } else { 'T' })
        .collect()
}

/// Reads a row written with T and H (any case); `None` when the text has other characters.
pub fn read_th(text: &str) -> Option<Vec<u64>> {
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

    fn presentation(&self) -> Presentation {
        Presentation {
            first_coin: Some(self.line.first_coin()),
            ..Presentation::named("row of coins")
        }
    }

    fn term(&self) -> String {
        match self.line.game() {
            Some(game) => game.term().into(),
            None => format!("coins{{{}}}", self.line.rule()),
        }
    }

    fn name(&self) -> String {
        match self.line.game() {
            Some(game) => game.term().into(),
            None => format!("coins {{{}}}", self.line.rule()),
        }
    }

    fn title(&self) -> String {
        match self.line.game() {
            Some(game) => game.title().into(),
            None => format!("Coins: {}", self.line.rule().describe()),
        }
    }

    fn show_position(&self, row: &Vec<u64>) -> String {
        show_row(row)
    }

    /// `THHTH` (T and H), or `0,1,1,0,1`: one row either way.
    fn parse_positions(&self, text: &str) -> Result<Vec<Vec<u64>>> {
        let not_a_row = || {
            GameError::invalid(
                format!("{} row", self.line.label()),
                text.trim(),
                "coins written with T (tails) and H (heads), e.g. THHTH, or 0 and 1 separated by commas",
            )
        };
        match read_th(text) {
            Some(row) => self.positions_from(row),
            None if text.trim().is_empty()
                || text.trim().chars().any(|c| c.is_ascii_alphabetic()) =>
            {
                Err(not_a_row())
            }
            // Not a list of whole numbers ("0 1 1", a full-width digit): the list's own error
            // would offer any number up to 2^64 - 1, where a coin is 0 or 1.
            None => match crate::kernel::parse_list(text, "coin") {
                Ok(coins) => self.positions_from(coins),
                Err(_) => Err(not_a_row()),
            },
        }
    }

    fn positions_from(&self, numbers: Vec<u64>) -> Result<Vec<Vec<u64>>> {
        self.check_row(&numbers)?;
        Ok(vec![numbers])
    }

    /// For each head from left to right (the rightmost coin turned), the sets of
    /// [`CoinRule::for_each_set`]. Meant for small rows (a row may have `2^26` moves).
    fn options(&self, row: &Vec<u64>) -> Vec<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        for r in Coins::heads(row) {
            let _ = self.line.for_each_set(r, &mut |set| {
                out.push(vec![Coins::turn(row, set)]);
                ControlFlow::Continue(())
            });
        }
        out
    }

    /// The nim-sum of the heads' values (see the module documentation).
    fn grundy(&self, row: &Vec<u64>) -> Result<Nimber> {
        self.check_row(row)?;
        let values = self.line.values(row.len());
        Ok(Coins::heads(row).fold(0, |acc, i| acc ^ values[i]))
    }

    /// A move changes the value by the nim-sum of the values of the coins it turns, so the
    /// moves to `target` are the sets whose values' nim-sum is `value ⊕ target`: every set of
    /// every head is looked at once (in the order of [`Ruleset::options`]), and counted.
    fn moves_to_value(
        &self,
        row: &Vec<u64>,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<Vec<u64>>>> {
        let wanted = self.grundy(row)? ^ target;
        let values = self.line.values(row.len());
        let mut found = MoveList::with_limit(limit);
        for r in Coins::heads(row) {
            crate::kernel::cancel::check()?;
            let _ = self.line.for_each_set(r, &mut |set| {
                if set.iter().fold(0, |acc, &i| acc ^ values[i]) == wanted {
                    if found.wants_more() {
                        found.push(vec![Coins::turn(row, set)]);
                    } else {
                        found.count_unlisted(1);
                    }
                }
                ControlFlow::Continue(())
            });
        }
        Ok(found)
    }

    /// The move is legal when the coins that differ form a set the rule allows whose
    /// rightmost coin shows heads.
    fn option_to(&self, row: &Vec<u64>, parts: &[Vec<u64>]) -> Option<Vec<Vec<u64>>> {
        let [to] = parts else { return None };
        if to.len() != row.len() || to.iter().any(|&c| c > 1) {
            return None;
        }
        let set: Vec<usize> = (0..row.len()).rev().filter(|&i| row[i] != to[i]).collect();
        let legal = set.first().is_some_and(|&r| row[r] == 1) && self.line.allows(&set);
        legal.then(|| vec![to.clone()])
    }

    fn gentlest_option(&self, row: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        Coins::heads(row)
            .find_map(|r| self.line.nth_set(r, 0))
            .map(|set| vec![Coins::turn(row, &set)])
    }

    /// Uniform over every move, without listing them: a head weighted by its count of moves.
    fn random_option(
        &self,
        row: &Vec<u64>,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<Vec<Vec<u64>>> {
        let counts: Vec<(usize, u128)> = Coins::heads(row)
            .map(|r| (r, self.line.set_count(r)))
            .collect();
        let total: u128 = counts.iter().map(|&(_, c)| c).sum();
        let total = u64::try_from(total).ok().filter(|&t| t > 0)?;
        let mut k = u128::from(uniform_below(rng, total));
        for (r, count) in counts {
            if k < count {
                return self
                    .line
                    .nth_set(r, k)
                    .map(|set| vec![Coins::turn(row, &set)]);
            }
            k -= count;
        }
        None
    }

    /// Every row reached keeps the coins right of its rightmost head; the moves of a row are
    /// counted exactly from the rule.
    fn tree_estimate(&self, group: &[&Vec<u64>], _limit: u64) -> TreeEstimate {
        let mut estimate = TreeEstimate {
            positions: 1,
            options: 0,
            components: group.len() as u64,
        };
        for row in group {
            let reach = Coins::heads(row).last().map_or(0, |r| r + 1);
            estimate.positions = estimate
                .positions
                .saturating_mul(1u64.checked_shl(reach as u32).unwrap_or(u64::MAX));
            let moves: u128 = Coins::heads(row).map(|r| self.line.set_count(r)).sum();
            estimate.options = estimate
                .options
                .saturating_add(u64::try_from(moves).unwrap_or(u64::MAX));
        }
        estimate
    }

    /// The heads, their values and their nim-sum.
    fn explain_value(&self, row: &Vec<u64>) -> Result<Derivation> {
        self.check_row(row)?;
        let values = self.line.values(row.len());
        let heads = Coins::heads(row)
            .map(|i| OptionValue {
                option: format!("coin {}", self.line.number(i)),
                value: values[i],
            })
            .collect();
        Ok(Derivation::nim_sum_of(
            show_row(row),
            heads,
            self.value_source(row),
        ))
    }

    fn value_source(&self, row: &Vec<u64>) -> String {
        let values = self.line.values(row.len());
        let heads: Vec<String> = Coins::heads(row)
            .map(|i| format!("coin {} worth {}", self.line.number(i), values[i]))
            .collect();
        let first = self.line.first_coin();
        let sum = if heads.is_empty() {
            "no heads, so the value is 0".to_string()
        } else {
            format!("heads: {}; the value is their nim-sum", heads.join(", "))
        };
        format!(
            "{}, coins numbered from {first}: {}; a row is the sum of its heads (Winning Ways, ch. 14), {sum}",
            self.line.title(),
            self.line.value_rule()
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
        let first = self.line.first_coin();
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
                self.line.number(twice[0])
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
            "\"1 turn 2 5\" (in row of coins 1, turn over coins 2 and 5) or \"1 to THTTH\"".into()
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

//! A one-dimensional coin-turning game as rows and grids use it: a rule ([`CoinRule`]), how its
//! coins are numbered for people, and the values of lone heads — by a closed form where one is
//! known, otherwise by the mex rule bottom-up, computed once and kept.
//!
//! **The mex rule on lone heads.** A move from a row whose only head is at index `r` turns that
//! head to tails and the other coins of its set from tails to heads, so it leaves the sum of
//! lone heads at those coins: the value of a lone head at `r` is the mex of the nim-sums of the
//! values of the *other* coins of each set a move from `r` may turn (Winning Ways, ch. 14).
//!
//! **Limits.** Values and moves are found by listing the sets a move may turn, so a line is as
//! long as its rule allows: at most 64 coins, and only as far as a coin's moves number at most
//! [`MAX_HEAD_MOVES`] in a row ([`CoinLine::max_coins`]); the grids of [`crate::tartan`]
//! allow fewer ([`crate::coin_grid::MAX_GRID_HEAD_MOVES`]).

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use super::layers::{self, Besides};
use super::rule::{CoinRule, TurnSet, RULE_COINS};
use super::CoinGame;
use crate::kernel::error::{GameError, Result};
use crate::nimber::{MexSet, Nimber};

/// The most moves one head of a row may have (`2^20`): the rule's longest row stops before the
/// first coin with more (for `any`, 21 coins; for `at-most=7`, 32; `at-most=5`, all 64).
pub const MAX_HEAD_MOVES: u128 = 1 << 20;

/// A one-dimensional coin-turning game: one of the named games or a rule described by the user
/// (see the module documentation). Compared by its rules alone; the values it keeps are a cache.
#[derive(Debug, Clone)]
pub struct CoinLine {
    rule: CoinRule,
    named: Option<CoinGame>,
    /// The values of lone heads by the mex rule, index by index, as far as asked.
    cache: Arc<Mutex<Vec<Nimber>>>,
}

rules_compared_by!(CoinLine, named, rule);

/// What a line may be, for errors.
const LINE_FORMS: &str = "turtles, twins, mock-turtles or ruler, or a coin rule such as at-most=3, exactly=2, consecutive, two-at=1,2,3 (the rules of the coins family)";

impl CoinLine {
    /// One of the named games.
    pub fn named(game: CoinGame) -> Self {
        CoinLine::new(game.rule(), Some(game))
    }

    /// A game of the rule `rule`, its coins numbered from 1.
    pub fn ruled(rule: CoinRule) -> Self {
        CoinLine::new(rule, None)
    }

    fn new(rule: CoinRule, named: Option<CoinGame>) -> Self {
        CoinLine {
            rule,
            named,
            cache: Arc::default(),
        }
    }

    /// Reads a line: a named game (`twins`), a rule (`at-most=3`) or a rule of the coins family
    /// (`coins{at-most=3}`).
    pub fn parse(text: &str) -> Result<CoinLine> {
        let trimmed = text.trim();
        if let Some(game) = CoinGame::ALL.into_iter().find(|g| {
            g.term() == trimmed.to_ascii_lowercase()
                || g.aliases().iter().any(|a| a.eq_ignore_ascii_case(trimmed))
        }) {
            return Ok(CoinLine::named(game));
        }
        let inner = trimmed
            .strip_prefix("coins{")
            .and_then(|rest| rest.strip_suffix('}'))
            .unwrap_or(trimmed);
        CoinRule::parse(inner)
            .map(CoinLine::ruled)
            .map_err(|e| match e {
                GameError::Invalid { .. } => GameError::invalid("coin game", trimmed, LINE_FORMS),
                other => other,
            })
    }

    /// Its rule.
    pub fn rule(&self) -> &CoinRule {
        &self.rule
    }

    /// The named game it is, if any.
    pub fn game(&self) -> Option<CoinGame> {
        self.named
    }

    /// The number of the leftmost coin: the named game's (0 or 1), 1 for a described rule.
    pub fn first_coin(&self) -> u64 {
        self.named.map_or(1, CoinGame::first_coin)
    }

    /// As written in a term: `twins`, `at-most=3`.
    pub fn term(&self) -> String {
        match self.named {
            Some(game) => game.term().into(),
            None => self.rule.to_string(),
        }
    }

    /// For people: `Twins`, `coins {at-most=3}`.
    pub fn title(&self) -> String {
        match self.named {
            Some(game) => game.title().into(),
            None => format!("coins {{{}}}", self.rule),
        }
    }

    /// As named in messages: `Twins`, `coins{at-most=3}`.
    pub fn label(&self) -> String {
        match self.named {
            Some(game) => game.title().into(),
            None => format!("coins{{{}}}", self.rule),
        }
    }

    /// The longest line whose every coin has at most `head_moves` moves (at most 64 coins).
    pub fn max_coins(&self, head_moves: u128) -> usize {
        (0..RULE_COINS)
            .find(|&r| self.rule.set_count(r) > head_moves)
            .unwrap_or(RULE_COINS)
    }

    /// The number of coin `index` (from 0 at the left).
    pub fn number(&self, index: usize) -> u64 {
        index as u64 + self.first_coin()
    }

    /// The values of lone heads at indices `0..count` (`count` at most 64), by the closed form
    /// where one is known ([`CoinRule::closed_form`], and the named games' own), otherwise by
    /// the mex rule bottom-up (kept for the next call): for "at most `K`" and "exactly `K`" over
    /// the nim-sums each number of coins can reach (module `coins::layers`), for the other rules over
    /// the sets a move may turn, listed.
    pub fn values(&self, count: usize) -> Vec<Nimber> {
        let count = count.min(RULE_COINS);
        if let Some(game) = self.named {
            return (0..count)
                .map(|i| game.coin_value(self.number(i)))
                .collect();
        }
        if let Some(closed) = (0..count)
            .map(|i| self.rule.closed_form(i))
            .collect::<Option<Vec<_>>>()
        {
            return closed;
        }
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() < count {
            // Sets of any coins: their nim-sums by the number of coins, without listing them.
            match self.rule {
                CoinRule::AtMost(k) => *cache = layers::values(Besides::FewerThan(k), count),
                CoinRule::Exactly(k) => *cache = layers::values(Besides::Exactly(k), count),
                _ => extend_by_mex(&self.rule, &mut cache, count),
            }
        }
        cache[..count].to_vec()
    }

    /// The values of a row's heads by the mex rule alone, ignoring closed forms: the reference
    /// the closed forms are checked against.
    pub fn values_by_mex(rule: &CoinRule, count: usize) -> Vec<Nimber> {
        let mut values = Vec::new();
        extend_by_mex(rule, &mut values, count.min(RULE_COINS));
        values
    }

    /// Where a head's value comes from, in words: the closed form, or the mex rule.
    pub fn value_rule(&self) -> String {
        if let Some(game) = self.named {
            return game.value_rule().into();
        }
        self.rule
            .closed_form_words(self.first_coin())
            .unwrap_or_else(|| {
                "a head's value is the mex of the nim-sums of the other coins each of its moves turns (computed bottom-up)".into()
            })
    }

    /// See [`CoinRule::for_each_set`].
    pub fn for_each_set(
        &self,
        r: usize,
        f: &mut dyn FnMut(TurnSet) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.rule.for_each_set(r, f)
    }

    /// See [`CoinRule::set_count`].
    pub fn set_count(&self, r: usize) -> u128 {
        self.rule.set_count(r)
    }

    /// See [`CoinRule::allows`].
    pub fn allows(&self, set: TurnSet) -> bool {
        self.rule.allows(set)
    }

    /// Why turning the coins at indices `turned` (ascending, distinct, not empty) is not a move
    /// of this game, in its rule's words; `None` when it is one. The coins are called `noun`:
    /// `coin` in a row, `row` or `column` when a grid game plays this one across its rows or
    /// columns ("Twins turns exactly two rows, not 3").
    pub fn why_not_set(&self, turned: &[usize], noun: &str) -> Option<String> {
        let descending: Vec<usize> = turned.iter().rev().copied().collect();
        if self.allows(&descending) {
            return None;
        }
        let n = turned.len();
        let names: Vec<String> = turned.iter().map(|&i| self.number(i).to_string()).collect();
        let title = self.title();
        Some(match self.named {
            Some(CoinGame::TurningTurtles) => {
                format!("{title} turns one or two {noun}s, not {n}")
            }
            Some(CoinGame::Twins) => format!("{title} turns exactly two {noun}s, not {n}"),
            Some(CoinGame::MockTurtles) => {
                format!("{title} turns one, two or three {noun}s, not {n}")
            }
            Some(CoinGame::Ruler) => format!(
                "{title} turns a run of {noun}s next to each other, and {noun}s {} are not one",
                names.join(", ")
            ),
            None => {
                let (plural, verb) = if n == 1 { ("", "is") } else { ("s", "are") };
                let names = crate::kernel::and_list(&names);
                if noun == "coin" {
                    format!(
                        "a move must {} ({title}), and coin{plural} {names} {verb} not such a set",
                        self.rule.describe()
                    )
                } else {
                    format!(
                        "a move of {title} must {} (here {noun}s), and {noun}{plural} {names} {verb} not such a set",
                        self.rule.describe()
                    )
                }
            }
        })
    }

    /// The `k`-th set (from 0) of [`CoinLine::for_each_set`] at `r`, if there are more than `k`.
    pub fn nth_set(&self, r: usize, k: u128) -> Option<Vec<usize>> {
        let mut seen = 0u128;
        let mut found = None;
        let _ = self.rule.for_each_set(r, &mut |set| {
            if seen == k {
                found = Some(set.to_vec());
                return ControlFlow::Break(());
            }
            seen += 1;
            ControlFlow::Continue(())
        });
        found
    }
}

/// Extends `values` (lone heads' values from index 0) to `count` entries by the mex rule.
fn extend_by_mex(rule: &CoinRule, values: &mut Vec<Nimber>, count: usize) {
    let mut seen = MexSet::new();
    while values.len() < count {
        let r = values.len();
        let _ = rule.for_each_set(r, &mut |set| {
            seen.insert(set[1..].iter().fold(0, |acc, &i| acc ^ values[i]));
            ControlFlow::Continue(())
        });
        values.push(seen.take_mex());
    }
}

#[cfg(test)]
mod tests;

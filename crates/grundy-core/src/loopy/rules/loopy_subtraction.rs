//! Subtraction games with additions: from a heap of `n`, take `s` of the take-set `S⁻` (at
//! most `n`), or add `a` of the add-set `S⁺` when the heap meets a stated condition. Adding
//! makes play loopy. Square-But-One (*Winning Ways*, chapter 12) takes a square or adds one to
//! a positive even heap.
//!
//! The position space is infinite, so values come from the graph reachable from the asked
//! heaps, explored until closed under moves ([`crate::loopy::explore`]): the answer states
//! the heaps that graph spans. When the heap can grow without bound the graph never closes and
//! the request is refused at the explored-graph limit.

use std::sync::Arc;

use super::{numbers, LoopyFamily, LoopyParam, LoopyPosition, LoopyRules};
use crate::kernel::error::{GameError, Result};

/// The largest heap a term may name.
pub const MAX_HEAP: u64 = 1_000_000_000;

/// The most amounts in a take-set or add-set.
pub const MAX_AMOUNTS: usize = 100;

/// The amounts that may be taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TakeSet {
    /// The listed amounts.
    Listed(Vec<u64>),
    /// Every positive square: 1, 4, 9, ...
    Squares,
}

/// Which heaps may have an amount added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddWhen {
    /// Every heap, 0 included.
    Any,
    /// Every heap of at least 1.
    Positive,
    /// Positive even heaps (Square-But-One).
    Even,
    /// Odd heaps.
    Odd,
}

impl AddWhen {
    const WORDS: [(&'static str, AddWhen); 4] = [
        ("any", AddWhen::Any),
        ("positive", AddWhen::Positive),
        ("even", AddWhen::Even),
        ("odd", AddWhen::Odd),
    ];

    fn allows(self, n: u64) -> bool {
        match self {
            AddWhen::Any => true,
            AddWhen::Positive => n > 0,
            AddWhen::Even => n > 0 && n % 2 == 0,
            AddWhen::Odd => n % 2 == 1,
        }
    }

    fn word(self) -> &'static str {
        Self::WORDS
            .iter()
            .find(|(_, w)| *w == self)
            .map_or("any", |(s, _)| s)
    }
}

/// The rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopySubtraction {
    take: TakeSet,
    add: Vec<u64>,
    when: AddWhen,
}

impl LoopySubtraction {
    /// Square-But-One: take a square, or add one to a positive even heap.
    pub fn square_but_one() -> Self {
        LoopySubtraction {
            take: TakeSet::Squares,
            add: vec![1],
            when: AddWhen::Even,
        }
    }

    /// Reads the three parameters: the take-set (a list or `squares`), the add-set and the
    /// condition (`any`, `positive`, `even`, `odd`).
    pub fn parse(take: &str, add: &str, when: &str) -> Result<Self> {
        let take = if take.trim().eq_ignore_ascii_case("squares") {
            TakeSet::Squares
        } else {
            let mut s = numbers(take, "take-set element", 1, MAX_HEAP, MAX_AMOUNTS)?;
            s.sort_unstable();
            s.dedup();
            TakeSet::Listed(s)
        };
        let mut add = numbers(add, "add-set element", 1, MAX_HEAP, MAX_AMOUNTS)?;
        add.sort_unstable();
        add.dedup();
        let when = AddWhen::WORDS
            .iter()
            .find(|(w, _)| w.eq_ignore_ascii_case(when.trim()))
            .map(|(_, w)| *w)
            .ok_or_else(|| {
                GameError::invalid("add condition", when, "one of any, positive, even, odd")
            })?;
        Ok(LoopySubtraction { take, add, when })
    }

    /// The amounts that may be taken from a heap of `n`.
    fn takes(&self, n: u64) -> Vec<u64> {
        match &self.take {
            TakeSet::Listed(s) => s.iter().copied().filter(|&s| s <= n).collect(),
            TakeSet::Squares => (1..).map(|k: u64| k * k).take_while(|&s| s <= n).collect(),
        }
    }
}

impl LoopyRules for LoopySubtraction {
    fn term(&self) -> String {
        if *self == Self::square_but_one() {
            return "square-but-one".into();
        }
        let list = |s: &[u64]| s.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let take = match &self.take {
            TakeSet::Listed(s) => list(s),
            TakeSet::Squares => "squares".into(),
        };
        format!(
            "loopy-sub{{{take};{};{}}}",
            list(&self.add),
            self.when.word()
        )
    }

    fn title(&self) -> String {
        if *self == Self::square_but_one() {
            return "Square-But-One".into();
        }
        format!("Loopy subtraction game {}", self.term())
    }

    fn noun(&self) -> &'static str {
        "heap"
    }

    fn parse_positions(&self, list: &str) -> Result<Vec<LoopyPosition>> {
        let heaps = numbers(list, "heap", 0, MAX_HEAP, 10_000)?;
        Ok(heaps.into_iter().map(|h| vec![h]).collect())
    }

    fn options(&self, position: &LoopyPosition) -> Vec<LoopyPosition> {
        let n = position[0];
        let mut to: Vec<u64> = self.takes(n).into_iter().map(|s| n - s).collect();
        if self.when.allows(n) {
            to.extend(self.add.iter().filter_map(|&a| n.checked_add(a)));
        }
        to.sort_unstable();
        to.dedup();
        to.into_iter().map(|t| vec![t]).collect()
    }

    fn scope(&self, positions: &[LoopyPosition], moves: usize) -> String {
        let largest = positions.iter().map(|p| p[0]).max().unwrap_or(0);
        format!(
            "the heaps reachable from the start, explored until no move leaves them ({} heaps \
             from 0 to at most {largest}, {} moves): a value depends only on the positions \
             reachable from it, so every value is exact",
            positions.len(),
            moves
        )
    }

    fn describe_move(&self, from: &LoopyPosition, to: &LoopyPosition) -> String {
        if to[0] < from[0] {
            format!("{} -> {} (take {})", from[0], to[0], from[0] - to[0])
        } else {
            format!("{} -> {} (add {})", from[0], to[0], to[0] - from[0])
        }
    }
}

/// The family: `loopy-sub{2,3;1;even}:7`.
pub static FAMILY: LoopyFamily = LoopyFamily {
    name: "loopy-sub",
    aliases: &["loopysub", "addsub"],
    title: "Subtraction game with additions",
    rules: "From a heap, take an amount of the take-set (at most the heap), or add an amount of \
            the add-set when the heap meets the condition. Whoever cannot move loses; play may \
            go on for ever (a draw).",
    params: &[
        LoopyParam {
            name: "take",
            help: "the take-set: amounts comma-separated (each at least 1), or the word squares",
            example: "2,3",
        },
        LoopyParam {
            name: "add",
            help: "the add-set: amounts comma-separated, each at least 1",
            example: "1",
        },
        LoopyParam {
            name: "when",
            help: "which heaps may grow: any, positive, even (positive even heaps) or odd",
            example: "even",
        },
    ],
    positions: "the heaps, each a whole number",
    // Its move graph closes (a heap grows by 1 and only when even), and the first player wins
    // it: the page's default. `loopy-sub{1,2;3;odd}:7` grew for ever (more than 10^6 positions).
    example: "loopy-sub{2,3;1;even}:7",
    build: |params| {
        Ok(Arc::new(LoopySubtraction::parse(
            params[0], params[1], params[2],
        )?))
    },
};

/// Square-But-One: `square-but-one:6`.
pub static SQUARE_BUT_ONE: LoopyFamily = LoopyFamily {
    name: "square-but-one",
    aliases: &["squarebutone"],
    title: "Square-But-One",
    rules: "From a heap, take a positive square number of tokens, or add one token to a \
            positive even heap (Winning Ways, chapter 12).",
    params: &[],
    positions: "the heaps, each a whole number",
    // A heap of 6, which the first player wins (5 is a P-position): the page's default.
    example: "square-but-one:6",
    build: |_| Ok(Arc::new(LoopySubtraction::square_but_one())),
};

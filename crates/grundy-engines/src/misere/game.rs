//! Heap games: the options of a heap of `n` tokens as multisets of smaller heaps.
//!
//! The misère machinery needs nothing else about a ruleset: a position is a multiset of heaps,
//! a move replaces one heap by one of its options, and every option of a heap is made of heaps
//! that are "smaller" in a well-founded sense (for octal games: fewer tokens, or as many tokens
//! split in two). Any heap ruleset can implement [`HeapGame`] and use the quotient (`misere::quotient`).

use std::sync::Arc;

use crate::kernel::component::AnyRules;
use crate::kernel::component::Component;
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_rules::{HeapMoves, HeapRules};

/// A heap game: heaps `1..=max_heap()` and, for each, its options.
pub trait HeapGame {
    /// A name for messages and output, e.g. `0.07`.
    fn name(&self) -> String;
    /// The options of a heap of `n` tokens (`1 <= n`): each a list of the non-empty heaps left
    /// (empty when the move takes the whole heap), sorted ascending, without repeats.
    fn options(&self, n: usize) -> Vec<Vec<usize>>;
}

impl HeapGame for HeapRules {
    fn name(&self) -> String {
        self.to_string()
    }

    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let digits = self.digits();
        let mut found: Vec<Vec<usize>> = Vec::new();
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            if d & 1 != 0 && k == n {
                found.push(Vec::new());
            }
            if d & 2 != 0 && k >= 1 && k < n {
                found.push(vec![n - k]);
            }
            let rest = (n - k) as u64;
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=self.largest_smaller_part(rest) {
                    if self.split_allowed(a, rest) {
                        found.push(vec![a as usize, (rest - a) as usize]);
                    }
                }
            }
        }
        found.sort();
        found.dedup();
        found
    }
}

/// Nim restricted to heaps of at most some size: a heap of `n` may become any smaller heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nim;

impl HeapGame for Nim {
    fn name(&self) -> String {
        crate::kernel::nim::NAME.to_string()
    }

    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        (0..n)
            .map(|m| if m == 0 { vec![] } else { vec![m] })
            .collect()
    }
}

/// The refusal of `term`, a ruleset that is not a heap game, naming the ones that are.
pub fn not_a_heap_game(term: &str) -> GameError {
    GameError::invalid(
        "heap game",
        term,
        "a ruleset whose positions are heaps and whose moves change one heap: nim, an octal code \
         or preset (0.77, kayles), sub{...}, bachet{...}, allbut{...}, hex{...}, grundys, lasker",
    )
}

/// A heap ruleset of the registry (subtraction games, Bachet's game, all-but games, Lasker's
/// Nim, Grundy's game, octal games, Nim) as a [`HeapGame`]: its positions are sums of single
/// heaps and a move replaces one heap by heaps, so the quotient theory applies. Rulesets whose
/// components are not single heaps (Wythoff's game and Moore's Nim, whose moves touch two or
/// more heaps at once; boards, graphs and coin rows) are refused by [`RegistryHeapGame::new`].
#[derive(Debug, Clone)]
pub struct RegistryHeapGame {
    rules: Arc<dyn AnyRules>,
}

impl RegistryHeapGame {
    /// The heap game of `rules`, or an error naming the rulesets that are heap games.
    pub fn new(rules: Arc<dyn AnyRules>) -> Result<Self> {
        let game = RegistryHeapGame { rules };
        let heap_like = (1..=3).all(|n| {
            game.heap(n as u64).is_some_and(|c| {
                c.options()
                    .iter()
                    .all(|o| o.iter().all(|p| p.noun() == "heap" && p.heaps().len() == 1))
            })
        });
        if !heap_like {
            return Err(not_a_heap_game(&game.rules.term()));
        }
        Ok(game)
    }

    /// The component of a heap of `n` tokens.
    fn heap(&self, n: u64) -> Option<Component> {
        let parts = Arc::clone(&self.rules).components_from(vec![n]).ok()?;
        match parts.as_slice() {
            [c] if c.noun() == "heap" && c.heaps() == [n] => Some(c.clone()),
            _ => None,
        }
    }
}

impl HeapGame for RegistryHeapGame {
    fn name(&self) -> String {
        self.rules.term()
    }

    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let Some(c) = self.heap(n as u64) else {
            return Vec::new();
        };
        let mut found: Vec<Vec<usize>> = c
            .options()
            .iter()
            .map(|o| {
                let mut heaps: Vec<usize> = o
                    .iter()
                    .flat_map(|p| p.heaps())
                    .filter(|&h| h > 0)
                    .map(|h| h as usize)
                    .collect();
                heaps.sort_unstable();
                heaps
            })
            .collect();
        found.sort();
        found.dedup();
        found
    }
}

/// The heap game of a ruleset, for its misère quotient and genera: Nim as [`Nim`], an octal
/// game (and Grundy's game) read off its code, as the ruleset hands them over
/// ([`crate::kernel::Ruleset::heap_moves`]); any other heap ruleset through its options
/// ([`RegistryHeapGame`], which refuses rulesets that are not heap games). The front ends that
/// hold rules rather than a name (the Python package) start here.
pub fn heap_game_of(rules: Arc<dyn AnyRules>) -> Result<Box<dyn HeapGame>> {
    match rules.heap_moves() {
        Some(HeapMoves::Nim) => Ok(Box::new(Nim)),
        Some(HeapMoves::Code(code)) => Ok(Box::new(code.clone())),
        None => Ok(Box::new(RegistryHeapGame::new(rules)?)),
    }
}

/// The octal code of `rules`, when the ruleset reads its moves off one.
pub(crate) fn octal_code_of(rules: &dyn AnyRules) -> Option<HeapRules> {
    match rules.heap_moves() {
        Some(HeapMoves::Code(code)) => Some(code.clone()),
        _ => None,
    }
}

/// The options of every heap `1..=max_heap`, computed once (index 0 is unused and empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionTable {
    /// `options[n]`: the options of heap `n`.
    pub options: Vec<Vec<Vec<usize>>>,
}

impl OptionTable {
    /// The table of `game` for heaps up to `max_heap`, checking the trait's promises (options
    /// made of smaller heaps or of a split of the same tokens, sorted, no zero heaps).
    pub fn new(game: &dyn HeapGame, max_heap: usize) -> Result<Self> {
        let mut options = vec![Vec::new()];
        for n in 1..=max_heap {
            let opts = game.options(n);
            for o in &opts {
                let total: usize = o.iter().sum();
                let sorted = o.windows(2).all(|w| w[0] <= w[1]);
                let smaller = o.iter().all(|&h| h >= 1 && h < n);
                if !(sorted && smaller && total <= n) {
                    return Err(GameError::invalid(
                        "heap game option",
                        format!("{o:?} of heap {n}"),
                        "non-empty heaps smaller than the heap moved from, sorted ascending",
                    ));
                }
            }
            options.push(opts);
        }
        Ok(OptionTable { options })
    }

    /// The largest heap in the table.
    pub fn max_heap(&self) -> usize {
        self.options.len() - 1
    }

    /// Whether heap `n` has at least one move.
    pub fn has_move(&self, n: usize) -> bool {
        !self.options[n].is_empty()
    }
}

/// The game's heaps with Nim heaps `*1..=*nim` beside them: game heap `h` is heap `2h`, `*m`
/// is heap `2m − 1`; every other heap has no move (it plays as an empty heap).
pub struct WithNimHeaps<'a> {
    /// The game's options.
    pub options: &'a OptionTable,
    /// The largest Nim heap adjoined.
    pub nim: usize,
}

impl WithNimHeaps<'_> {
    /// The heap of the combined game that stands for game heap `h`.
    pub fn game_heap(h: usize) -> usize {
        2 * h
    }

    /// The heap of the combined game that stands for the Nim heap `*m` (`m >= 1`).
    pub fn nim_heap(m: usize) -> usize {
        2 * m - 1
    }

    /// The largest heap of the combined game.
    pub fn max_heap(&self) -> usize {
        (2 * self.options.max_heap()).max(2 * self.nim.max(1) - 1)
    }
}

impl HeapGame for WithNimHeaps<'_> {
    fn name(&self) -> String {
        format!("heaps with *1..*{}", self.nim)
    }

    fn options(&self, id: usize) -> Vec<Vec<usize>> {
        if id % 2 == 0 {
            let h = id / 2;
            match self.options.options.get(h) {
                Some(list) => list
                    .iter()
                    .map(|o| o.iter().map(|&x| Self::game_heap(x)).collect())
                    .collect(),
                None => Vec::new(),
            }
        } else {
            let m = id.div_ceil(2);
            if m > self.nim {
                return Vec::new();
            }
            (0..m)
                .map(|j| {
                    if j == 0 {
                        vec![]
                    } else {
                        vec![Self::nim_heap(j)]
                    }
                })
                .collect()
        }
    }
}

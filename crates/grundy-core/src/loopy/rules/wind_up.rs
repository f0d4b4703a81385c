//! Wind-Up (Alfie Davies, proposed at Games-at-Dal 2023; valued in Tomasz Maciosowski's
//! cgt-tools): a heap counted modulo `n`; a move subtracts some `s` of the set `S`, wrapping
//! round below zero, and the game ends when the heap is 0. Since the heap wraps, play can
//! cycle.

use std::sync::Arc;

use super::{number, numbers, LoopyFamily, LoopyParam, LoopyPosition, LoopyRules};
use crate::kernel::error::{GameError, Result};

/// The largest modulus.
pub const MAX_MODULUS: u64 = 1_000_000;

/// The most amounts in the set.
pub const MAX_AMOUNTS: usize = 100;

/// The rules: the modulus `n` and the set `S`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindUp {
    modulus: u64,
    set: Vec<u64>,
}

impl WindUp {
    /// Wind-Up mod `modulus` (1 to [`MAX_MODULUS`]) with the amounts `set` (each at least 1).
    pub fn new(modulus: u64, mut set: Vec<u64>) -> Result<Self> {
        number(&modulus.to_string(), "Wind-Up modulus", 1, MAX_MODULUS)?;
        set.sort_unstable();
        set.dedup();
        if set.is_empty() || set[0] == 0 {
            return Err(GameError::invalid(
                "Wind-Up set",
                "0",
                "amounts of at least 1, e.g. 1,3",
            ));
        }
        Ok(WindUp { modulus, set })
    }
}

impl LoopyRules for WindUp {
    fn term(&self) -> String {
        let set: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("windup{{{};{}}}", self.modulus, set.join(","))
    }

    fn title(&self) -> String {
        let set: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("Wind-Up mod {}, S = {{{}}}", self.modulus, set.join(","))
    }

    fn noun(&self) -> &'static str {
        "heap"
    }

    fn parse_positions(&self, list: &str) -> Result<Vec<LoopyPosition>> {
        let heaps = numbers(list, "Wind-Up heap", 0, self.modulus - 1, 10_000)?;
        Ok(heaps.into_iter().map(|h| vec![h]).collect())
    }

    fn options(&self, position: &LoopyPosition) -> Vec<LoopyPosition> {
        let h = position[0];
        if h == 0 {
            return Vec::new();
        }
        let mut to: Vec<u64> = self
            .set
            .iter()
            .map(|&s| (h + self.modulus - s % self.modulus) % self.modulus)
            .collect();
        to.sort_unstable();
        to.dedup();
        to.into_iter().map(|t| vec![t]).collect()
    }

    fn roots(&self, _starts: &[LoopyPosition]) -> Vec<LoopyPosition> {
        (0..self.modulus).map(|h| vec![h]).collect()
    }

    fn scope(&self, _positions: &[LoopyPosition], moves: usize) -> String {
        format!(
            "every heap 0 to {} ({} moves): every value is exact",
            self.modulus - 1,
            moves
        )
    }

    fn describe_move(&self, from: &LoopyPosition, to: &LoopyPosition) -> String {
        let s = (from[0] + self.modulus - to[0]) % self.modulus;
        format!(
            "{} -> {} (subtract {s} mod {})",
            from[0], to[0], self.modulus
        )
    }
}

/// The family: `windup{5;1,3}:1`.
pub static FAMILY: LoopyFamily = LoopyFamily {
    name: "wind-up",
    aliases: &["windup"],
    title: "Wind-Up",
    rules: "A heap counted modulo n: a move subtracts an amount of the set S, wrapping round \
            below zero; the heap 0 ends the game (whoever reaches it wins). Play may cycle.",
    params: &[
        LoopyParam {
            name: "modulus",
            help: "the modulus n, from 1 to 1000000",
            example: "5",
        },
        LoopyParam {
            name: "set",
            help: "the amounts S, comma-separated, each from 1 to 1000000 (at most 100 of them)",
            example: "1,3",
        },
    ],
    positions: "the heaps, each from 0 to n - 1",
    example: "windup{5;1,3}:1",
    build: |params| {
        let modulus = number(params[0], "Wind-Up modulus", 1, MAX_MODULUS)?;
        let set = numbers(params[1], "Wind-Up amount", 1, MAX_MODULUS, MAX_AMOUNTS)?;
        Ok(Arc::new(WindUp::new(modulus, set)?))
    },
};

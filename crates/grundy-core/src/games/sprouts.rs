//! Sprouts (Conway and Paterson, 1967): spots on paper; a move draws a line from a spot to
//! another or to itself, crossing no line, and puts a new spot on it; a spot takes at most
//! three lines; whoever cannot move loses.
//!
//! Positions are written in the notation of Applegate, Jacobson and Sleator (1991) as Glop and
//! SPOTS use it ([`notation`]): `0*6` is six spots, `0*4|1a1a` one land of two regions. A
//! position is kept in canonical form ([`canon`]): simplified, split into independent lands,
//! each land written in one order. Lands are the components of a sum, valued by the search
//! engine ([`search::Sprouts`], a [`crate::search::SplitGame`]); [`moves`] lists every move of
//! a land, every way the new line can split its region included.
//!
//! ```
//! use grundy_core::games::sprouts::SproutsPosition;
//! let p: SproutsPosition = "0*2".parse().unwrap();
//! assert_eq!(p.to_string(), "0*2");
//! // Two spots: the first player loses (2 mod 6 is neither 3, 4 nor 5).
//! assert_eq!(grundy_core::games::sprouts::value(&p).unwrap(), 0);
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::Engine;

pub mod canon;
pub mod moves;
pub mod notation;
pub mod search;

#[cfg(test)]
mod drawing_tests;
#[cfg(test)]
mod tests;

pub use search::{LandKey, Sprouts};

/// Memory for a ruleset's table.
pub const DEFAULT_MEMORY: usize = 64 << 20;
/// Time a ruleset's search may take before giving up with an error.
pub const DEFAULT_TIME_BUDGET: Duration = Duration::from_secs(10);

/// A Sprouts position in canonical form: its lands' canonical strings, sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SproutsPosition {
    lands: Vec<String>,
}

impl SproutsPosition {
    /// The position of `n` spots without lines (`0*n`).
    pub fn spots(n: usize) -> SproutsPosition {
        SproutsPosition {
            lands: canon::canonical(vec![notation::Land::spots(n)]),
        }
    }

    /// Its lands, each a component of the sum.
    pub fn keys(&self) -> Vec<LandKey> {
        self.lands.iter().map(|l| LandKey::new(l)).collect()
    }

    /// Its lives: three per spot less its lines, over the spots that can still be joined.
    pub fn lives(&self) -> u32 {
        self.keys().iter().map(|k| k.lives()).sum()
    }

    /// The positions after each move, distinct, in a fixed order (the lands of fewest lives
    /// changed first).
    pub fn options(&self) -> Vec<SproutsPosition> {
        let mut out = Vec::new();
        for (i, key) in self.keys().iter().enumerate() {
            for option in search::options_of(&key.land()) {
                let mut lands: Vec<String> = self.lands.clone();
                lands.remove(i);
                lands.extend(option.iter().map(|k| k.text().to_string()));
                lands.sort();
                let next = SproutsPosition { lands };
                if !out.contains(&next) {
                    out.push(next);
                }
            }
        }
        out
    }
}

impl FromStr for SproutsPosition {
    type Err = GameError;

    /// Reads the notation; the position is put in canonical form.
    fn from_str(text: &str) -> Result<Self> {
        Ok(SproutsPosition {
            lands: canon::canonical(notation::parse(text)?),
        })
    }
}

impl fmt::Display for SproutsPosition {
    /// The canonical notation, `0*0` for a finished position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.lands.is_empty() {
            true => f.write_str("0*0"),
            false => f.write_str(&self.lands.join("+")),
        }
    }
}

/// A fresh engine with the ruleset's memory and time budget.
pub fn default_engine() -> Engine<Sprouts> {
    let mut engine = Engine::new(Sprouts::new(), DEFAULT_MEMORY);
    engine.set_time_budget(Some(DEFAULT_TIME_BUDGET));
    engine
}

/// The value of `position`, searched within [`DEFAULT_TIME_BUDGET`].
pub fn value(position: &SproutsPosition) -> Result<Nimber> {
    default_engine().value_of_sum(&position.keys())
}

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
//! use grundy_games::sprouts::SproutsPosition;
//! let p: SproutsPosition = "0*2".parse().unwrap();
//! assert_eq!(p.to_string(), "0*2");
//! // Two spots: the first player loses (2 mod 6 is neither 3, 4 nor 5).
//! assert_eq!(grundy_games::sprouts::value(&p).unwrap(), 0);
//! ```

use std::fmt;
use std::rc::Rc;
use std::str::FromStr;
use std::time::Duration;

use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::Engine;

pub mod canon;
mod flat;
pub mod key;
pub mod lines;
pub mod misere;
pub mod moves;
pub mod notation;
pub mod search;

pub use key::LandKey;
pub use search::Sprouts;

/// Memory for a ruleset's table.
pub const DEFAULT_MEMORY: usize = 64 << 20;
/// Time a ruleset's search may take before giving up with an error.
pub const DEFAULT_TIME_BUDGET: Duration = Duration::from_secs(10);

/// A Sprouts position in canonical form: its lands' keys, sorted by their canonical strings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SproutsPosition {
    lands: Vec<LandKey>,
}

thread_local! {
    /// The options of the lands this thread has listed: a game played, analysed or searched
    /// by the misère solver asks the options of the same lands again and again (each move
    /// played lists its position's options), so they are kept as the search's engine keeps
    /// them, in generations of 32 MiB (a server's threads each keep one).
    static LISTED: Sprouts = Sprouts::with_cache_bytes(32 << 20);

    /// The last position whose options this thread made, with them: a move is chosen from
    /// the list, then played by its number ([`SproutsPosition::shared_options`]).
    static LAST: std::cell::RefCell<Option<(SproutsPosition, Rc<Vec<SproutsPosition>>)>> =
        const { std::cell::RefCell::new(None) };
}

impl SproutsPosition {
    /// The position of `n` spots without lines (`0*n`).
    pub fn spots(n: usize) -> SproutsPosition {
        SproutsPosition::of(vec![notation::Land::spots(n)])
    }

    /// The position made of `lands`, in canonical form.
    fn of(lands: Vec<notation::Land>) -> SproutsPosition {
        let mut lands: Vec<LandKey> = lands.into_iter().flat_map(key::canonical_keys).collect();
        lands.sort_by(|a, b| a.text().cmp(b.text()));
        SproutsPosition { lands }
    }

    /// Its lands, each a component of the sum.
    pub fn keys(&self) -> Vec<LandKey> {
        self.lands.clone()
    }

    /// Its lives: three per spot less its lines, over the spots that can still be joined.
    pub fn lives(&self) -> u32 {
        self.lands.iter().map(LandKey::lives).sum()
    }

    /// [`SproutsPosition::options`], made once for the moves listed and the move then played
    /// by its number.
    pub fn shared_options(&self) -> Rc<Vec<SproutsPosition>> {
        let last = LAST.with(|last| match &*last.borrow() {
            Some((p, options)) if p == self => Some(Rc::clone(options)),
            _ => None,
        });
        last.unwrap_or_else(|| {
            let options = Rc::new(self.options());
            LAST.with(|last| *last.borrow_mut() = Some((self.clone(), Rc::clone(&options))));
            options
        })
    }

    /// The first of [`SproutsPosition::options`], made alone (the options of its first land
    /// listed and kept, no other land's), or `None` when the game is over: a sum asks this of
    /// every component it meets, to drop the finished ones.
    pub fn first_option(&self) -> Option<SproutsPosition> {
        let first = self.lands.first()?;
        let options = LISTED.with(|listed| listed.land_options(first));
        Some(self.after(0, options.first()?))
    }

    /// The position after land `i` is replaced by the lands `option`.
    fn after(&self, i: usize, option: &[LandKey]) -> SproutsPosition {
        let mut lands: Vec<LandKey> = self.lands.clone();
        lands.remove(i);
        lands.extend(option.iter().cloned());
        lands.sort_by(|a, b| a.text().cmp(b.text()));
        SproutsPosition { lands }
    }

    /// The positions after each move, distinct, in a fixed order (the lands of fewest lives
    /// changed first).
    pub fn options(&self) -> Vec<SproutsPosition> {
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, key) in self.lands.iter().enumerate() {
            for option in LISTED.with(|listed| listed.land_options(key)).iter() {
                let next = self.after(i, option);
                if seen.insert(next.clone()) {
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
        Ok(SproutsPosition::of(notation::parse(text)?))
    }
}

impl fmt::Display for SproutsPosition {
    /// The canonical notation, `0*0` for a finished position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lands.is_empty() {
            return f.write_str("0*0");
        }
        for (i, land) in self.lands.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            f.write_str(land.text())?;
        }
        Ok(())
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

#[cfg(test)]
mod drawing_tests;
#[cfg(test)]
mod tests;

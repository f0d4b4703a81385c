//! How people see a ruleset's components: what one is called and how its coins, rows and
//! columns are numbered. One data value per ruleset ([`crate::Ruleset::presentation`]), read by
//! every door, so that no kernel method exists for one game's display.

use crate::form::PositionForm;
use crate::numbering::Numbering;

/// What a ruleset's components are called and how they are numbered when drawn or described.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Presentation {
    /// What one component is called in moves and analyses (`heap 2: 7 -> 4`, `board 1: ...`):
    /// `heap`, `row`, `board`, `graph`, `row of coins`, `grid of coins`.
    pub noun: &'static str,
    /// For rows of coins, the number of the leftmost coin: 1, or 0 where the published values
    /// number the coins from 0. The doors number coins with it when they draw a row.
    pub first_coin: Option<u64>,
    /// For positions drawn square by square (grids of coins, Cram boards), how rows and
    /// columns are numbered.
    pub grid: Option<Numbering>,
}

impl Presentation {
    /// A component called `noun`, with no numbering of its own.
    pub const fn named(noun: &'static str) -> Presentation {
        Presentation {
            noun,
            first_coin: None,
            grid: None,
        }
    }

    /// The presentation of a shape of positions: its noun ([`PositionForm::NOUN`]).
    pub const fn of_form<P: PositionForm>() -> Presentation {
        Presentation::named(P::NOUN)
    }
}

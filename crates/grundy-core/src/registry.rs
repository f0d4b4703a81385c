//! The registry of rulesets: every game the front ends offer, declared once.
//!
//! Each ruleset module declares a [`Family`]: its name and aliases, a title and its rules in a
//! sentence, its parameters (a take-set, an octal code, the `k` of Moore's Nim), how its
//! positions are written, and how to build its rules from the parameters. [`REGISTRY`] lists
//! the families; the text format of positions (the `spec` module, above this one), the command line (`analyze`,
//! `play`, `simulate`), the server's positions and the page's list of games all read it, so
//! a new ruleset is one module and one line here.
//!
//! ## The text format
//!
//! A position is a sum of *terms* joined by `+`. A term is `NAME{PARAMETERS}:POSITIONS`: the
//! family's name or an alias, its parameters in braces (separated by `;` when there are
//! several; no braces when there are none), a colon, and the positions as a comma-separated
//! list whose meaning the ruleset's [`crate::kernel::PositionForm`] gives (`3,4` is two heaps;
//! `10,7` is one Wythoff pair; `3,4,5` is one row of Moore's Nim):
//!
//! ```
//! use grundy_core::registry::{family, REGISTRY};
//! use grundy_core::spec::parse_sum;
//!
//! let sum = parse_sum("nim:3,4 + sub{1,4,9}:11 + lasker:7 + moore{2}:1,2,3").unwrap();
//! assert_eq!(sum.components.len(), 5);
//! // Each term names a registered family.
//! assert_eq!(family("sub").unwrap().name, "subtraction");
//! assert!(REGISTRY.iter().any(|f| f.name == "wythoff"));
//! // A sum writes itself back in the same format.
//! assert_eq!(sum.to_terms(), "nim:3,4 + sub{1,4,9}:11 + lasker:7 + moore{2}:1,2,3");
//! ```

mod forms;
pub mod search;
pub mod sequences;

pub use forms::{first_coin, grid_numbering, move_forms, noun, presets};

use crate::games::family::{Drawing, Family};
use crate::games::{
    acrostic, all_but, coins, hackenbush, lasker, moore, nim, octal, rules, subtraction,
    take_break, tartan, wythoff,
};

/// Every registered ruleset family, in the order the front ends list them.
pub static REGISTRY: &[&Family] = &[
    &nim::FAMILY,
    &subtraction::FAMILY,
    &subtraction::BACHET,
    &all_but::FAMILY,
    &octal::FAMILY,
    &octal::GRUNDYS_GAME,
    &take_break::FAMILY,
    &wythoff::FAMILY,
    &lasker::FAMILY,
    &moore::FAMILY,
    &rules::cram::FAMILY,
    &rules::chomp::FAMILY,
    &rules::kayles_graphs::NODE_KAYLES,
    &rules::kayles_graphs::ARC_KAYLES,
    &rules::sprouts::FAMILY,
    &coins::TURNING_TURTLES,
    &coins::TWINS,
    &coins::MOCK_TURTLES,
    &coins::RULER,
    &hackenbush::FAMILY,
    &coins::RULED,
    &tartan::FAMILY,
    &tartan::TURNING_CORNERS,
    &tartan::RUGS,
    &acrostic::FAMILY,
    &acrostic::ACROSTIC_TWINS,
];

/// The family named `name` (its name or an alias, in any case).
pub fn family(name: &str) -> Option<&'static Family> {
    REGISTRY.iter().copied().find(|f| f.answers_to(name))
}

/// The family of the component `c`: the one its term is written with (`subtraction` for
/// `sub{1,4,9}:11`).
pub fn family_of(c: &crate::kernel::component::Component) -> Option<&'static Family> {
    let term = c.rules().term();
    family(term.split('{').next().unwrap_or_default())
}

/// How the component `c` is drawn: its family's [`Drawing`] (a row of heaps played together
/// for Moore's Nim, a queen for Wythoff's game, ...).
pub fn drawing_of(c: &crate::kernel::component::Component) -> Option<Drawing> {
    family_of(c).map(|f| f.positions.drawing)
}

/// The queen's square `(x, y)` of a component drawn as a queen on a quarter-infinite board
/// ([`Drawing::QUEEN`]: a Wythoff board), its two heaps; `None` for any other.
pub fn queen(c: &crate::kernel::component::Component) -> Option<(u64, u64)> {
    if drawing_of(c)? != Drawing::QUEEN {
        return None;
    }
    match c.heaps()[..] {
        [x, y] => Some((x, y)),
        _ => None,
    }
}

/// The families' names, for errors: `nim, subtraction, ...`.
pub fn names() -> String {
    REGISTRY
        .iter()
        .map(|f| f.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Examples of every family's term, for errors: `nim:3,4, sub{1,4,9}:11, ...`.
pub fn examples() -> String {
    REGISTRY
        .iter()
        .map(|f| f.example)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests;

//! How a search game's positions are read: a family's door ([`SearchDoor`], held by
//! `Family::search`) parses a position, cuts it into canonical components and chooses the game
//! its engine searches; the [`SearchedPosition`] it gives does the jobs of
//! [`super::search_run`] (the whole search) and [`super::search_pieces`] (the cluster's pieces).

use super::search_pieces::{self as pieces, Cut, PieceSum, PieceValue};
use super::search_run::{texts, EngineJob, Run, SearchOptions, SearchRun, Verify};
use crate::certificate::check::Checked;
use crate::certificate::Certificate;
use crate::kernel::error::Result;
use crate::nimber::Nimber;
use crate::search::SplitGame;
use crate::searched::Shown;

/// How a search game's positions are read: a family's door (`Family::search`) parses a
/// position, cuts it into canonical components and chooses the game its engine searches.
pub type SearchDoor = fn(&str) -> Result<Box<dyn SearchedPosition>>;

/// A position of a search game read through its door: its canonical components, the values
/// known without search, and the engine's game, ready for the jobs a door's callers do.
pub trait SearchedPosition {
    /// The position's text, which parses back, and how it is shown ([`SearchRun::shown`]).
    fn texts(&self) -> (String, String);
    /// The whole search with the caller's table, time and threads (`registry::search::search`).
    fn search(self: Box<Self>, options: SearchOptions) -> Result<SearchRun>;
    /// Its canonical components as pieces (`registry::search::components`).
    fn cut(self: Box<Self>) -> Result<Cut>;
    /// The options of its component `key` (`registry::search::options`).
    fn options(self: Box<Self>, key: &str) -> Result<Vec<PieceSum>>;
    /// The value of its component `key` (`registry::search::value`).
    fn value(self: Box<Self>, key: &str, options: SearchOptions) -> Result<PieceValue>;
    /// Whether the components `keys` are worth `target` (`registry::search::has_value`).
    fn has_value(
        self: Box<Self>,
        keys: &[&str],
        target: Nimber,
        options: &SearchOptions,
    ) -> Result<PieceValue<bool>>;
    /// Checks a certificate of the position (`registry::search::verify`).
    fn verify(self: Box<Self>, certificate: &Certificate) -> Result<Checked>;
}

/// The position a door gives: `keys` (canonical components of the game `game` makes, or why
/// the position cannot be searched: a Chomp bar of more than 62 rows and columns is read, shown
/// and answered by theory, but has no key) plus the values `x`, for the registry's `family`,
/// with the position's `texts`.
pub fn searched_position<G, F>(
    game: F,
    family: &'static str,
    keys: Result<Vec<G::Key>>,
    x: Nimber,
    position: &impl Shown,
) -> Box<dyn SearchedPosition>
where
    G: SplitGame + Send + 'static,
    G::Key: Default + Send + Sync + 'static,
    F: Fn() -> G + 'static,
{
    Box::new(Parsed {
        game,
        family,
        keys,
        x,
        texts: texts(position),
    })
}

struct Parsed<G: SplitGame, F> {
    game: F,
    family: &'static str,
    keys: Result<Vec<G::Key>>,
    x: Nimber,
    texts: (String, String),
}

impl<G, F> Parsed<G, F>
where
    G: SplitGame + Send + 'static,
    G::Key: Default + Send + Sync + 'static,
    F: Fn() -> G + 'static,
{
    fn run<J: EngineJob>(self, job: J) -> Result<J::Out> {
        job.run(self.game, self.family, self.keys?, self.x, self.texts)
    }
}

impl<G, F> SearchedPosition for Parsed<G, F>
where
    G: SplitGame + Send + 'static,
    G::Key: Default + Send + Sync + 'static,
    F: Fn() -> G + 'static,
{
    fn texts(&self) -> (String, String) {
        self.texts.clone()
    }

    fn search(self: Box<Self>, options: SearchOptions) -> Result<SearchRun> {
        self.run(Run { options })
    }

    fn cut(self: Box<Self>) -> Result<Cut> {
        self.run(pieces::Components)
    }

    fn options(self: Box<Self>, key: &str) -> Result<Vec<PieceSum>> {
        self.run(pieces::Options { key })
    }

    fn value(self: Box<Self>, key: &str, options: SearchOptions) -> Result<PieceValue> {
        self.run(pieces::Value { key, options })
    }

    fn has_value(
        self: Box<Self>,
        keys: &[&str],
        target: Nimber,
        options: &SearchOptions,
    ) -> Result<PieceValue<bool>> {
        self.run(pieces::Question {
            keys,
            target,
            memory_bytes: options.memory_bytes,
            time_budget: options.time_budget,
        })
    }

    fn verify(self: Box<Self>, certificate: &Certificate) -> Result<Checked> {
        self.run(Verify { certificate })
    }
}

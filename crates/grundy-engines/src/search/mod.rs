//! Grundy values by search, for games whose positions split into independent parts.
//!
//! Board and graph games (Cram, Node-Kayles, Arc-Kayles) have no sequence and no period: a
//! position's value is found by searching its game tree. This module searches it well:
//!
//! * a position is split into its **connected components**, each a game of its own, whose
//!   values are XORed (Sprague–Grundy); a move splits a component further;
//! * each component is put in **canonical form** ([`canon`]: board symmetries, graph
//!   relabelling), so positions that are the same game up to symmetry are searched once;
//! * the [`engine`] computes a component's value by questions "is the value k?" with the mex
//!   bound and early cut-offs (Lemoine and Viennot 2012; Beling and Rogalski 2020);
//! * a bounded **transposition table** ([`table`]) keeps what was proven, within a memory
//!   limit, with statistics; [`persist`] saves it to bytes and reads it back, so a later run
//!   reuses it and an interrupted one resumes.
//!
//! A game plugs in by implementing [`SplitGame`]: canonical component keys and the options
//! of a component. Games that do not split (Chomp) are searched as one component.
//! [`naive`] is the plain exhaustive search the tests check everything against.

pub mod canon;
pub mod engine;
pub mod mirror;
pub mod naive;
pub mod options;
pub mod parallel;
pub mod persist;
pub(crate) mod presence;
#[cfg(test)]
mod proof_numbers_tests;
#[cfg(test)]
mod rounds_tests;
pub mod sets;
pub(crate) mod shared_facts;
pub mod table;
#[cfg(test)]
mod test_heaps;

pub use engine::{Engine, SearchContext, SearchStats, Strategy};
pub use options::{OptionSink, Options};
pub use table::{Knowledge, Table, TableKey, TableStats};

/// A game searched component by component.
pub trait SplitGame {
    /// The canonical form of a component: equal keys are the same game (up to symmetry),
    /// so they have the same value.
    type Key: TableKey + Default;

    /// Names the game and every parameter the meaning of a key depends on (e.g. `cram`), so
    /// that a table saved for one game is never used for another.
    fn table_tag(&self) -> String;

    /// The size of a component (cells, vertices, squares): larger components are assumed
    /// harder, which orders the search.
    fn size(&self, key: &Self::Key) -> u32;

    /// At least the number of options [`SplitGame::options`] lists for `key` (its moves):
    /// the component is worth at most this, and the engine counts on it before the options
    /// are listed.
    fn move_count(&self, key: &Self::Key) -> usize;

    /// Lists the options of the component `key` into `out`: for each move,
    /// [`OptionSink::begin`], then the canonical components the move leaves
    /// ([`OptionSink::component`]) and the values of any it knows without search
    /// ([`OptionSink::value`]), then [`OptionSink::end`], which says whether to go on (the
    /// engine stops listing as soon as the options seen answer its question). Moves whose
    /// options are known to be worth the same as another listed one may be left out.
    fn options<S: OptionSink<Self::Key>>(&self, key: &Self::Key, out: &mut S);

    /// Values `key` is known not to have without search (bit `v`: not `v`), e.g. from a
    /// strategy argument. None by default.
    fn known_not(&self, _key: &Self::Key) -> u128 {
        0
    }

    /// The value of `key` computed outright by a method of the game's own that is faster than
    /// search (e.g. every position below it valued in turn, in arrays of at most
    /// `memory_bytes` bytes), or `None` when the game has none or it does not fit. `check` is
    /// to be called every few thousand steps: it fails when the search is cancelled or out of
    /// time. The engine asks this only for the components of the position asked about, and
    /// keeps the answer in its table. None by default.
    fn value_outright(
        &self,
        _key: &Self::Key,
        _memory_bytes: usize,
        _check: &mut dyn FnMut() -> crate::kernel::error::Result<()>,
    ) -> Option<crate::kernel::error::Result<crate::nimber::Nimber>> {
        None
    }

    /// The value of `key` by a search of the game's own (one written for its positions alone,
    /// faster than the engine's), which keeps what it proves in the engine's table
    /// ([`SearchContext::table`]) and calls [`SearchContext::tick`] for every component whose
    /// options it lists; `None` when the game has none. The engine asks this for every
    /// component it would otherwise search itself. None by default.
    fn value_searched(
        &self,
        _key: &Self::Key,
        _cx: &mut SearchContext<'_, Self::Key>,
    ) -> Option<crate::kernel::error::Result<crate::nimber::Nimber>> {
        None
    }

    /// Whether the value of `key` is `k`, by the game's own search (as
    /// [`SplitGame::value_searched`]); `None` when the game has none. A narrower question
    /// than the value, which prunes far more: an option is shown to be a P-position by
    /// proving each of its options is not 0, not by valuing them (the winning moves of a
    /// position are found so). None by default: the engine then compares the value.
    fn is_value_searched(
        &self,
        _key: &Self::Key,
        _k: crate::nimber::Nimber,
        _cx: &mut SearchContext<'_, Self::Key>,
    ) -> Option<crate::kernel::error::Result<bool>> {
        None
    }

    /// Whether the questions asked of the engine from outside ([`Engine::value_of_sum`],
    /// [`Engine::is_value`], [`Engine::sum_has_value`]) are answered by proof-number search
    /// ([`Engine::is_value_by_proof_numbers`]) instead of the engine's depth-first search: for
    /// games with deep trees whose options differ widely in cost (Sprouts). False by default.
    fn proof_numbers(&self) -> bool {
        false
    }

    /// How the engine should search this game.
    fn strategy(&self) -> Strategy {
        Strategy::Pruned
    }

    /// A component's key as the text that names it outside the process (a certificate, a
    /// cluster's piece): by default its bytes ([`TableKey::write`]) in hexadecimal digits; a
    /// game with a notation of its own (Sprouts) writes that.
    fn key_text(&self, key: &Self::Key) -> String {
        table::hex_of(key)
    }

    /// The key [`SplitGame::key_text`] wrote, or `None` when `text` names no component.
    fn key_from_text(&self, text: &str) -> Option<Self::Key> {
        table::key_of_hex(text)
    }
}

//! The Python package `grundy`: the engine of `grundy-core` for notebooks.
//!
//! This crate is thin on purpose. Every ruleset comes from the core's registry
//! ([`grundy_core::registry::REGISTRY`]), every position from its text format
//! ([`grundy_core::spec`]), every answer from the same functions the command line calls
//! ([`grundy_core::report::analyze`] for positions, [`grundy_core::sequence::report`] for
//! sequences), and every error is the core's [`grundy_core::GameError`] with its message
//! unchanged. What lives here is only the Python side of things:
//!
//! * [`family`]: the registry's families, rulesets built from Python values;
//! * [`position`]: positions, their moves and values;
//! * [`sequence`]: Grundy sequences as objects with a NumPy array of values;
//! * [`survey`]: surveys of families of games (one member per call, the SQLite store);
//! * [`loopy`]: loopy games (draws), from the core's loopy families;
//! * [`interrupt`]: long computations with the GIL released, Ctrl-C and progress;
//! * [`misere`]: misère quotients and genera of heap games;
//! * [`game`] and [`custom`]: games defined by a Python function (`grundy.Game.from_moves`);
//! * [`search`]: board and graph games searched with the caller's table and budgets;
//! * [`html`]: what a notebook shows (`_repr_html_`);
//! * [`convert`] and [`error`]: Python values in, Python exceptions out.
//!
//! The Python half of the package (`python/grundy/`) names the families (`grundy.Nim`,
//! `grundy.Subtraction`, ...) from the registry at import time, holds the type stubs and the
//! optional tqdm progress bar.
// The doc comments of the `#[pyclass]`/`#[pyfunction]` items are Python docstrings (PyO3 makes
// them `__doc__`, and the test suite runs their examples as doctests): `[f.name for f in ...]`
// and `(0, 1)` in them are Python, not rustdoc links.
#![allow(rustdoc::broken_intra_doc_links)]

pub mod convert;
pub mod custom;
pub mod error;
pub mod family;
pub mod game;
pub mod html;
pub mod interrupt;
pub mod loopy;
pub mod misere;
pub mod pieces;
pub mod position;
pub mod search;
pub mod sequence;
pub mod simulate;
pub mod survey;

use pyo3::prelude::*;

/// The native module `grundy._grundy` (the package `grundy` re-exports it).
/// Every allocation of the module counted, so that a question's memory budget is kept
/// (`grundy_core::kernel::budget::install_meter`).
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    grundy_core::kernel::budget::install_meter(|| ALLOCATOR.allocated());
    // One search engine per searched game for the whole interpreter, as the server keeps: a
    // notebook that parses a board again, or each option's text, starts from what every
    // question before proved (Cram 5 x 6's 49 options parsed afresh: 5.0 s -> 0.2 ms). At most
    // 64 MiB a game (Node-Kayles and Arc-Kayles 128), made as used (docs/limits.md).
    grundy_core::games::searched::share_engines();
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("GrundyError", py.get_type::<error::GrundyError>())?;
    m.add("Interrupted", py.get_type::<error::Interrupted>())?;
    m.add(
        "_SEARCH_ENGINES_SHARED",
        grundy_core::games::searched::engines_shared(),
    )?;
    m.add(
        "MAX_LISTED_MOVES",
        grundy_core::kernel::moves::MAX_LISTED_MOVES as u64,
    )?;
    m.add_class::<family::Family>()?;
    m.add_class::<family::Param>()?;
    m.add_class::<family::Ruleset>()?;
    m.add_class::<position::Position>()?;
    m.add_class::<position::Move>()?;
    m.add_class::<position::Moves>()?;
    m.add_class::<sequence::Sequence>()?;
    m.add_class::<sequence::Period>()?;
    m.add_class::<sequence::Svg>()?;
    m.add_class::<misere::MisereQuotient>()?;
    m.add_class::<misere::Genus>()?;
    m.add_class::<search::SearchResult>()?;
    m.add_class::<search::Verification>()?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(family::families, m)?)?;
    m.add_function(wrap_pyfunction!(family::family, m)?)?;
    m.add_function(wrap_pyfunction!(position::parse, m)?)?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_function(wrap_pyfunction!(search::verify, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::search_cut, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::search_options, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::search_piece, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::search_question, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::game_cut, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::game_options, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::game_question, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::game_definition, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::game_local, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_columns, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_codes, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_canonical, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_member, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_write, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_pending, m)?)?;
    m.add_class::<loopy::LoopyFamily>()?;
    m.add_class::<loopy::LoopyRuleset>()?;
    m.add_class::<loopy::LoopyPosition>()?;
    m.add_class::<loopy::LoopyMove>()?;
    m.add_function(wrap_pyfunction!(loopy::parse_loopy, m)?)?;
    m.add_function(wrap_pyfunction!(loopy::loopy_families, m)?)?;
    m.add_function(wrap_pyfunction!(loopy::loopy_family, m)?)?;
    Ok(())
}

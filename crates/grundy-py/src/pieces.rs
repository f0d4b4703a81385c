//! The three questions `grundy.search(..., client=...)` asks of the core to spread one search
//! over a Dask cluster (`python/grundy/_cluster.py`): a position's canonical components, a
//! component's options, whether a sum of components is worth a value, a component's value ([`grundy_core::games::rules::search_pieces`]).
//! Private to the package (`grundy._grundy.search_*`): keys are those the core listed.

use std::time::Duration;

use grundy_core::games::rules::search_pieces::{Piece, PieceSum};
use grundy_core::games::rules::search_run::{self, SearchOptions};
use grundy_core::nimber::Nimber;
use grundy_core::registry::search;
use grundy_core::GameError;
use pyo3::prelude::*;

use crate::error::IntoPy;

/// A piece as Python sees it: `(key, size)`.
type PyPiece = (String, u32);

fn pieces(sum: PieceSum) -> (Vec<PyPiece>, Nimber) {
    let listed = sum
        .pieces
        .into_iter()
        .map(|Piece { key, size }| (key, size))
        .collect();
    (listed, sum.known)
}

/// `(game, position, tag, pieces, known)`: the registry's name of the game, the position as the
/// game writes it, the game the keys belong to, its components `(key, size)` and the XOR of
/// the values known outright.
#[pyfunction]
pub fn search_cut(
    game: &str,
    position: &str,
) -> PyResult<(&'static str, String, String, Vec<PyPiece>, Nimber)> {
    let cut = search::components(game, position).py()?;
    let (listed, known) = pieces(cut.sum);
    Ok((cut.game, cut.position, cut.tag, listed, known))
}

/// The options of the component `key` of `position`'s search: `(pieces, known)` each, every
/// option once, smallest first.
#[pyfunction]
pub fn search_options(
    py: Python<'_>,
    game: &str,
    position: &str,
    key: &str,
) -> PyResult<Vec<(Vec<PyPiece>, Nimber)>> {
    let listed = py.detach(|| search::options(game, position, key));
    Ok(listed.py()?.into_iter().map(pieces).collect())
}

/// `(answer, expanded, seconds)`: whether the sum of the components `keys` is worth `target`,
/// searched on one thread with a table of `memory_mb` MiB (kept for the next question or piece
/// of this process) within `seconds`; the answer is None when the time ran out.
#[pyfunction]
pub fn search_question(
    py: Python<'_>,
    game: &str,
    position: &str,
    keys: Vec<String>,
    target: Nimber,
    memory_mb: u64,
    seconds: f64,
) -> PyResult<(Option<bool>, u64, f64)> {
    let options = options(memory_mb, seconds, 1);
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    let asked = py
        .detach(move || search::has_value(game, position, &keys, target, &options))
        .py()?;
    Ok((
        within_time(asked.value)?,
        asked.expanded,
        asked.elapsed.as_secs_f64(),
    ))
}

/// The answer, None when the search ran out of time (the one refusal a search makes of itself,
/// as `TooLarge`); any other failure raised.
fn within_time<T>(answer: Result<T, GameError>) -> PyResult<Option<T>> {
    match answer {
        Ok(v) => Ok(Some(v)),
        Err(GameError::TooLarge { .. }) => Ok(None),
        Err(e) => Err(e).py(),
    }
}

/// A search's options: `memory_mb` MiB of table, `seconds` of time, `threads`.
fn options(memory_mb: u64, seconds: f64, threads: usize) -> SearchOptions {
    SearchOptions {
        memory_bytes: usize::try_from(memory_mb.min(search_run::MAX_TABLE_MIB) << 20)
            .unwrap_or(usize::MAX),
        time_budget: Some(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX)),
        threads,
        ..SearchOptions::default()
    }
}

/// `(value, expanded, seconds)` of the component `key` (the whole position when `key` is None)
/// searched with a table of `memory_mb` MiB on `threads` threads within `seconds`; the value
/// is None when the time ran out (any other failure is raised).
#[pyfunction]
#[pyo3(signature = (game, position, key, memory_mb, seconds, threads))]
pub fn search_piece(
    py: Python<'_>,
    game: &str,
    position: &str,
    key: Option<&str>,
    memory_mb: u64,
    seconds: f64,
    threads: usize,
) -> PyResult<(Option<Nimber>, u64, f64)> {
    let options = options(memory_mb, seconds, threads);
    let (value, expanded, elapsed) = py
        .detach(|| match key {
            Some(key) => search::value(game, position, key, options)
                .map(|piece| (piece.value, piece.expanded, piece.elapsed)),
            None => search::search(game, position, options).map(|run| {
                let value = run
                    .value
                    .map(|p| p.value().expect("a value search finds the value"));
                (value, run.stats.expanded, run.elapsed)
            }),
        })
        .py()?;
    Ok((within_time(value)?, expanded, elapsed.as_secs_f64()))
}

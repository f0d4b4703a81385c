//! The three questions `grundy.search(..., client=...)` asks of the core to spread one search
//! over a Dask cluster (`python/grundy/_cluster.py`): a position's canonical components, a
//! component's options, whether a sum of components is worth a value, a component's value ([`grundy_core::games::rules::search_pieces`]).
//! Private to the package (`grundy._grundy.search_*`): keys are those the core listed.
//! The same questions of a game defined by Python functions (`grundy._grundy.game_*`), whose
//! pieces are the Python objects of its atomic positions: each process lists the moves below
//! the options it is asked about, and values them with the game's engine.

use std::time::Duration;

use grundy_core::games::rules::search_pieces::{Piece, PieceSum};
use grundy_core::games::rules::search_run::{self, SearchOptions};
use grundy_core::nimber::Nimber;
use grundy_core::registry::search;
use grundy_core::GameError;
use pyo3::prelude::*;

use crate::custom::sums::stop_error;
use crate::custom::Stop;
use crate::error::{game_error, IntoPy};
use crate::game::Game;
use grundy_core::kernel::budget::{self, Budget};

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

/// A component of a game defined by Python functions as `grundy._cluster` sees it: the
/// Python object of an atomic position.
type PyObj = Py<PyAny>;

/// `(name, text, pieces)` of `position` of the game defined by Python functions `game`: its
/// name, the position's `repr`, and its atomic components (the Python objects `split` gives;
/// none of their moves are listed here: each worker lists those below the options it is asked
/// about).
#[pyfunction]
pub fn game_cut(
    py: Python<'_>,
    game: &Game,
    position: &Bound<'_, PyAny>,
) -> PyResult<(String, String, Vec<PyObj>)> {
    let shared = game.shared();
    let ids = shared.enter(position).map_err(stop_error)?;
    let objects = ids.iter().filter_map(|&id| shared.object(py, id)).collect();
    Ok((
        shared.name().to_string(),
        position.repr()?.to_string(),
        objects,
    ))
}

/// The options of the atomic position `component` of `game`, each the atomic components it
/// leaves, every option once, equal components cancelled in pairs (`G + G = 0`), fewest
/// components first.
#[pyfunction]
pub fn game_options(
    py: Python<'_>,
    game: &Game,
    component: &Bound<'_, PyAny>,
) -> PyResult<Vec<Vec<PyObj>>> {
    let shared = game.shared();
    let options = shared.atomic_options_of(component).map_err(stop_error)?;
    let mut sums: Vec<Vec<u32>> = options
        .into_iter()
        .map(|mut parts| {
            parts.sort_unstable();
            cancel_pairs(parts)
        })
        .collect();
    sums.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    sums.dedup();
    Ok(sums
        .into_iter()
        .map(|ids| ids.iter().filter_map(|&id| shared.object(py, id)).collect())
        .collect())
}

/// `sorted` without the components that appear an even number of times.
fn cancel_pairs(sorted: Vec<u32>) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::with_capacity(sorted.len());
    for id in sorted {
        if out.last() == Some(&id) {
            out.pop();
        } else {
            out.push(id);
        }
    }
    out
}

/// `(answer, expanded, seconds)`: whether the sum of the atomic positions `components` of
/// `game` is worth `target`, by the game's engine (its table kept for the next question this
/// process is asked) within `seconds`, the moves below them listed first; the answer is None
/// when the time ran out. A position more than 1,000 moves deep is refused, as by
/// `grundy.search`.
#[pyfunction]
pub fn game_question(
    py: Python<'_>,
    game: &Game,
    components: Vec<Bound<'_, PyAny>>,
    target: Nimber,
    seconds: f64,
) -> PyResult<(Option<bool>, u64, f64)> {
    let shared = game.shared();
    let mut ids = Vec::new();
    for c in &components {
        ids.extend(shared.enter(c).map_err(stop_error)?);
    }
    let time = Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX);
    let started = std::time::Instant::now();
    let asked = py.detach(|| {
        budget::within(&Budget::new(time, "seconds"), || {
            shared.has_value(&ids, target)
        })
    });
    let (answer, expanded) = match asked {
        Ok((answer, expanded)) => (Some(answer), expanded),
        Err(Stop::Core(GameError::TooLarge { .. })) => (None, 0),
        Err(stop) => return Err(game.raised().unwrap_or_else(|| stop_error(stop))),
    };
    Ok((answer, expanded, started.elapsed().as_secs_f64()))
}

/// `(moves, name, split, max_positions, time_limit)` of `game`: what a worker makes its copy
/// of the game from (`grundy.Game.from_moves`).
#[pyfunction]
pub fn game_definition(py: Python<'_>, game: &Game) -> (PyObj, String, Option<PyObj>, u32, f64) {
    let shared = game.shared();
    let (moves, split) = shared.functions(py);
    (
        moves,
        shared.name().to_string(),
        split,
        shared.max_positions(),
        shared.time.as_secs_f64(),
    )
}

/// `(value, expanded)` of `position` of `game` searched here as `grundy.search(game, position)`
/// searches it (a table of `memory_mb` MiB, `threads`) within `seconds`: the local try of a
/// search cut into questions; the value is None when the time ran out (or the position is
/// deeper than a search takes: its questions say so).
#[pyfunction]
pub fn game_local(
    py: Python<'_>,
    game: &Game,
    position: &Bound<'_, PyAny>,
    memory_mb: u64,
    seconds: f64,
    threads: usize,
) -> PyResult<(Option<Nimber>, u64)> {
    let job = game.search_job(position)?;
    let options = options(memory_mb, seconds, threads);
    let run = py.detach(move || job(options));
    let run = match run {
        Ok(run) => run,
        Err(GameError::TooLarge { .. }) => return Ok((None, 0)),
        Err(e) => return Err(game.raised().unwrap_or_else(|| game_error(e))),
    };
    let value = run
        .value
        .map(|p| p.value().expect("a value search finds the value"));
    match within_time(value) {
        Ok(value) => Ok((value, run.stats.expanded)),
        Err(e) => Err(game.raised().unwrap_or(e)),
    }
}

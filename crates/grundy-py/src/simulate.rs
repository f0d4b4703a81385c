//! `Position.simulate`: many games between two computer players, the core's one simulation
//! (`grundy_core::simulation`) as `grundy simulate --json` and `/api/simulate` answer it.
//!
//! A series stopped early keeps the games it finished: Ctrl-C raises `Interrupted` holding them
//! (its `simulation`), and with `partial=True` a game too long or a refused question returns
//! them with `stopped` saying why.

use std::sync::Arc;

use grundy_core::player::Player;
use grundy_core::simulation::{self, Series, Simulation, Stop};
use grundy_core::simulation::{MAX_GAMES, MAX_MAX_MOVES};
use grundy_core::strategy::Convention;
use grundy_core::sum::Sum;
use grundy_core::GameError;
use num_bigint::BigInt;
use pyo3::prelude::*;

use crate::custom::sums;
use crate::error::{game_error, grundy_error, Interrupted};
use crate::interrupt::run_stoppable;

/// What `simulate` was asked, read and checked.
pub struct Request {
    pub players: [Player; 2],
    pub series: Series,
    pub partial: bool,
}

impl Request {
    /// The arguments of `Position.simulate`, each refused with its name and what is allowed.
    pub fn read(
        players: &Bound<'_, PyAny>,
        games: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        max_moves: &Bound<'_, PyAny>,
        partial: bool,
    ) -> PyResult<Request> {
        let games = whole_in(games, "games", 1, MAX_GAMES)?;
        let max_moves = whole_in(max_moves, "max_moves", 1, MAX_MAX_MOVES)?;
        let seed = match seed {
            Some(seed) => whole_in(seed, "seed", 0, u64::MAX)?,
            None => grundy_core::player::fresh_seed(),
        };
        Ok(Request {
            players: read_players(players)?,
            series: Series {
                games,
                seed,
                max_moves,
                keep_first: false,
            },
            partial,
        })
    }
}

/// `value` as a whole number from `low` to `high`, or a `GrundyError` naming `what`.
fn whole_in(value: &Bound<'_, PyAny>, what: &str, low: u64, high: u64) -> PyResult<u64> {
    let n: BigInt = crate::convert::whole_number(value, what)?;
    u64::try_from(&n)
        .ok()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| {
            grundy_error(format!(
                "{what} {n} is out of range: expected {low} to {high}"
            ))
        })
}

/// Two players, the first moving first: each `"perfect"`, `"random"`, `"bouton"` or a strength
/// from 0 to 100 (a str or an int).
fn read_players(players: &Bound<'_, PyAny>) -> PyResult<[Player; 2]> {
    let expected = "players: expected two players, the first moving first, such as \
                    (\"perfect\", \"random\") or (\"perfect\", 60)";
    if players.is_instance_of::<pyo3::types::PyString>() {
        return Err(grundy_error(expected));
    }
    let items: Vec<Bound<'_, PyAny>> = match players.try_iter() {
        Ok(iter) => iter.collect::<PyResult<_>>()?,
        Err(_) => return Err(grundy_error(expected)),
    };
    let [a, b] = items.as_slice() else {
        return Err(grundy_error(expected));
    };
    let parse = |p: &Bound<'_, PyAny>| -> PyResult<Player> {
        let text = match crate::convert::is_whole_number(p)? {
            true => crate::convert::int_text(p, "a player's strength")?,
            false => p.extract::<String>().map_err(|_| grundy_error(expected))?,
        };
        Player::parse(&text).map_err(game_error)
    };
    Ok([parse(a)?, parse(b)?])
}

/// Plays the series from `sum`; `custom` when it holds games defined by Python functions (run
/// within their budget, after valuing their positions).
pub fn simulate(
    py: Python<'_>,
    sum: Arc<Sum>,
    convention: Convention,
    custom: bool,
    request: Request,
) -> PyResult<Py<PyAny>> {
    let Request {
        players,
        series,
        partial,
    } = request;
    // Games defined by Python functions run within their own budget, their positions valued
    // first; either way Ctrl-C keeps the games finished.
    let (sim, interrupt) = if custom {
        sums::run_stoppable(py, sum, move |s, _| {
            simulation::run(s, convention, players, series)
        })?
    } else {
        run_stoppable(py, move || {
            simulation::run(&sum, convention, players, series)
        })?
    };
    let sim = match (sim, interrupt) {
        // Ctrl-C while the start was valued: nothing was played.
        (Err(_), Some(interrupt)) => return Err(interrupt),
        (Err(e), None) => return Err(game_error(e)),
        (Ok(sim), Some(interrupt)) => return Err(interrupted(py, &sim, interrupt)?),
        (Ok(sim), None) => sim,
    };
    match &sim.stopped {
        Some(stop) if !partial || sim.tally.games == 0 => Err(stop_error(stop, &sim)),
        _ => document(py, &sim),
    }
}

/// Ctrl-C's `Interrupted`, holding the games finished (its `simulation`).
fn interrupted(py: Python<'_>, sim: &Simulation, cause: PyErr) -> PyResult<PyErr> {
    let err = Interrupted::new_err(format!(
        "interrupted: {} of {} games finished; their results are kept in this exception's \
         `simulation`",
        sim.tally.games, sim.requested
    ));
    err.value(py).setattr("simulation", document(py, sim)?)?;
    err.set_cause(py, Some(cause));
    Ok(err)
}

/// The series as a dict: the JSON document of `grundy simulate --json`.
fn document(py: Python<'_>, sim: &Simulation) -> PyResult<Py<PyAny>> {
    let json = serde_json::to_string(sim).expect("a simulation always serialises");
    Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
}

/// Why the series stopped, as a `GrundyError`: the option that allows a longer game, and the
/// games finished with how to have them.
fn stop_error(stop: &Stop, sim: &Simulation) -> PyErr {
    let why = match stop {
        Stop::TooLong { .. } => format!(
            "{stop} (max_moves): allow more with max_moves=N (up to {MAX_MAX_MOVES}) or start \
             from a smaller position"
        ),
        Stop::Refused(e) => GameError::to_string(e),
    };
    match sim.tally.games {
        0 => grundy_error(why),
        done => grundy_error(format!(
            "{why}; {done} of {} games had finished: simulate(..., partial=True) returns them",
            sim.requested
        )),
    }
}

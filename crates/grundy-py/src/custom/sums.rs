//! Questions about sums holding positions of games defined by Python functions: asked of the
//! core with the sum itself, since such a position has no text (`position.rs` asks here;
//! `game.rs` makes the games).

use std::sync::Arc;
use std::time::Duration;

use grundy_core::kernel::budget::{self, Budget};
use grundy_core::kernel::component::Component;
use grundy_core::sum::{Sum, SumMove};
use grundy_core::GameError;
use pyo3::prelude::*;

use super::{PyGame, Shared, Stop};
use crate::error::game_error;
use crate::interrupt;

/// The exception for `stop`.
pub fn stop_error(stop: Stop) -> PyErr {
    match stop {
        Stop::Core(e) => game_error(e),
        Stop::Python(e) => e,
    }
}

/// The games defined by Python functions among the components of `sum`, each once.
fn games(sum: &Sum) -> Vec<Arc<Shared>> {
    let mut out: Vec<Arc<Shared>> = Vec::new();
    for c in &sum.components {
        if let Some((rules, _)) = c.downcast::<PyGame>() {
            if !out.iter().any(|g| Arc::ptr_eq(g, &rules.shared)) {
                out.push(Arc::clone(&rules.shared));
            }
        }
    }
    out
}

/// Whether a component of `sum` is of a game defined by Python functions.
pub fn holds_games(sum: &Sum) -> bool {
    sum.components
        .iter()
        .any(|c| c.downcast::<PyGame>().is_some())
}

/// The text of a sum holding positions of games defined by Python functions: those written
/// `name(repr)`, the others in the text format (`kayles((3,)) + nim:3,4`).
pub fn text(sum: &Sum) -> String {
    let mut terms: Vec<String> = Vec::new();
    let mut others: Vec<Component> = Vec::new();
    let flush = |others: &mut Vec<Component>, terms: &mut Vec<String>| {
        if !others.is_empty() {
            terms.push(Sum::new(std::mem::take(others)).to_terms());
        }
    };
    for c in &sum.components {
        match c.downcast::<PyGame>() {
            Some((rules, node)) => {
                flush(&mut others, &mut terms);
                terms.push(format!(
                    "{}({})",
                    rules.shared.name(),
                    grundy_core::kernel::PositionForm::show(node)
                ));
            }
            None => others.push(c.clone()),
        }
    }
    flush(&mut others, &mut terms);
    terms.join(" + ")
}

/// How a Python user allows a question more memory than the core's default (1 GiB).
pub const MEMORY_OPTION: &str = "grundy.search(game, position, memory_mb=MIB) for a board or \
                                 graph game (other questions have no larger memory budget in \
                                 Python)";

/// The budget of a question about `sum`: the shortest of its games' time limits.
pub fn budget_of(sum: &Sum) -> Budget {
    let time = games(sum)
        .iter()
        .map(|g| g.time)
        .min()
        .unwrap_or(Duration::from_secs(600));
    Budget::new(
        time,
        "time_limit=SECONDS of grundy.Game.from_moves (at most 604800)",
    )
    .with_memory(grundy_core::answer::DEFAULT_MEMORY, MEMORY_OPTION)
}

/// Runs `work` on `sum` as `interrupt::run` does, within the budget of its games, after
/// valuing their positions (so their options are in the tables); an exception of the games'
/// functions is raised as it is.
pub fn run<T, F>(py: Python<'_>, sum: Arc<Sum>, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: Fn(&Sum, &Budget) -> Result<T, GameError> + Send + Sync + 'static,
{
    let games = games(&sum);
    for g in &games {
        g.take_error();
    }
    let budget = budget_of(&sum);
    let answer = interrupt::run(py, move || {
        budget::within(&budget, || {
            value_components(&sum)?;
            work(&sum, &budget)
        })
    });
    // An exception kept by the games wins over the answer: it says why the answer failed,
    // and an answer reached beside it may have missed options.
    match games.iter().find_map(|g| g.take_error()) {
        Some(e) => Err(e),
        None => answer,
    }
}

/// As [`run`] for work that keeps what it did when stopped (a series of games): Ctrl-C raises
/// the core's cancel flag, and the work's answer comes back beside the `KeyboardInterrupt`
/// ([`interrupt::run_stoppable`]), so that the caller keeps the games finished before raising
/// it. An exception of the games' functions is raised as it is.
pub fn run_stoppable<T, F>(
    py: Python<'_>,
    sum: Arc<Sum>,
    work: F,
) -> PyResult<(Result<T, GameError>, Option<PyErr>)>
where
    T: Send + 'static,
    F: FnOnce(&Sum, &Budget) -> Result<T, GameError> + Send + 'static,
{
    let games = games(&sum);
    for g in &games {
        g.take_error();
    }
    let budget = budget_of(&sum);
    let (answer, interrupt) = interrupt::run_stoppable(py, move || {
        budget::within(&budget, || {
            value_components(&sum)?;
            work(&sum, &budget)
        })
    })?;
    match games.iter().find_map(|g| g.take_error()) {
        Some(e) => Err(e),
        None => Ok((answer, interrupt)),
    }
}

/// Values the components of games defined by Python functions, each within the budget as its
/// own part (so that their options are in the tables before the work asks).
fn value_components(sum: &Sum) -> Result<(), GameError> {
    for (i, c) in sum.components.iter().enumerate() {
        if c.downcast::<PyGame>().is_some() {
            budget::in_part(|| format!("component {}", i + 1), || c.value())?;
        }
    }
    Ok(())
}

/// The Python object the moved component of `m` becomes, when it is of a game defined by
/// Python functions (the option as `moves` returned it).
pub fn option_object(py: Python<'_>, m: &SumMove) -> Option<Py<PyAny>> {
    let (rules, from) = m.from.downcast::<PyGame>()?;
    let to: Vec<u32> =
        m.to.iter()
            .map(|c| c.downcast::<PyGame>().map(|(_, n)| n.id))
            .collect::<Option<_>>()?;
    let raw = rules.shared.option_to(from.id, &to)?;
    rules.shared.object(py, raw)
}

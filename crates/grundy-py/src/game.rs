//! `grundy.Game`: games defined by a Python function (questions about sums holding their
//! positions: `custom::sums`).

use std::sync::Arc;
use std::time::Duration;

use grundy_core::kernel::component::Component;
use grundy_core::registry;
use grundy_core::strategy::Convention;
use grundy_core::sum::Sum;
use grundy_core::GameError;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::convert::int_text;
use crate::custom::search::{Job, SHALLOW};
use crate::custom::sums::stop_error;
use crate::custom::{PyGame, PySearch, Shared, MAX_POSITIONS};
use crate::error::{game_error, grundy_error};
use crate::position::Position;
use grundy_core::games::rules::search_run::{search_game, SearchOptions};
use grundy_core::kernel::budget::{self, Budget};

/// A game defined by Python functions: ``moves(p)`` lists the options of position ``p`` (any
/// hashable objects), and the optional ``split(p)`` its independent parts.
///
/// Make one with :meth:`Game.from_moves`; call it on a position to get a :class:`Position`,
/// valued by the search engine of Cram and Node-Kayles over the moves the game lists once (its
/// tables are the game's: asking again costs a lookup) and added to positions of any other
/// ruleset; ``grundy.search(game, position)`` searches it as it searches Cram.
///
/// >>> import grundy
/// >>> g = grundy.Game.from_moves(lambda n: [n - k for k in (1, 2) if k <= n], name="sub12")
/// >>> [g(n).value for n in range(8)]
/// [0, 1, 2, 0, 1, 2, 0, 1]
/// >>> p = g(7) + grundy.Nim(3)
/// >>> p, p.value
/// (<grundy.Position sub12(7) + nim:3>, 2)
/// >>> [(m.text, m.option) for m in p.winning_moves]
/// [('heap 2: 3 -> 1 (take 2)', None)]
/// >>> g(7).winning_moves[0].option
/// 6
#[pyclass(module = "grundy", frozen)]
pub struct Game {
    rules: Arc<PyGame>,
}

/// `max_positions`: a whole number from 1 to [`MAX_POSITIONS`]; `None`: the most.
fn max_positions_arg(arg: Option<&Bound<'_, PyAny>>) -> PyResult<u32> {
    let Some(arg) = arg.filter(|a| !a.is_none()) else {
        return Ok(MAX_POSITIONS);
    };
    let text = int_text(arg, "max_positions")?;
    match text.parse::<u32>() {
        Ok(n @ 1..=MAX_POSITIONS) => Ok(n),
        _ => Err(game_error(GameError::out_of_range(
            "max_positions",
            text,
            format!("a whole number from 1 to {MAX_POSITIONS}, or None (the default) for {MAX_POSITIONS}"),
        ))),
    }
}

impl Game {
    /// The search of `position` by `grundy.search` (the core's engine, as for Cram), made
    /// here and run by the caller on a worker thread: the moves of every position below it are
    /// listed first (within the search's time budget), then the engine values it. A position
    /// more than [`SHALLOW`] moves deep is refused: the engine recurses a level a move, on the
    /// threads of the search, whose stacks hold that many (the position's `value` values deeper
    /// ones from the ends up). An exception of the functions is kept by the game
    /// ([`Game::raised`]).
    pub(crate) fn search_job(&self, position: &Bound<'_, PyAny>) -> PyResult<Job> {
        let shared = Arc::clone(&self.rules.shared);
        shared.take_error();
        let ids = shared.enter(position).map_err(stop_error)?;
        let text = position.repr()?.to_string();
        let shown = format!("{}({text})", shared.name());
        Ok(Box::new(move |options: SearchOptions| {
            let listed = || shared.list_below(&ids).map_err(|stop| shared.refusal(stop));
            let (atomic, deepest) = match options.time_budget {
                Some(time) => budget::within(&Budget::new(time, "time_limit=SECONDS"), listed),
                None => listed(),
            }?;
            if deepest > SHALLOW {
                return Err(GameError::too_large(
                    format!("position {shown}"),
                    format!(
                        "its longest game is {deepest} moves, and grundy.search searches games \
                         at most {SHALLOW} moves long (the engine recurses a level a move); \
                         its value property values it from the ends up"
                    ),
                ));
            }
            let keys = PySearch::keys(&atomic);
            search_game(
                || shared.search(),
                shared.name(),
                &keys,
                (text, shown),
                options,
            )
        }))
    }

    /// Its table and functions.
    pub(crate) fn shared(&self) -> &Shared {
        &self.rules.shared
    }

    /// Its name.
    pub(crate) fn rules_name(&self) -> &str {
        self.rules.shared.name()
    }

    /// The exception the game's functions raised during the last search, if any.
    pub(crate) fn raised(&self) -> Option<PyErr> {
        self.rules.shared.take_error()
    }
}

#[pymethods]
impl Game {
    /// The game whose options are ``moves(p)``: an iterable of positions, each hashable
    /// (an int, a str, a tuple, a frozenset...), the empty list for a finished position.
    ///
    /// ``split(p)``, when given, returns the independent parts of ``p``: ``[p]`` when ``p``
    /// does not split (then its moves are ``moves(p)``), else the parts (split in turn; none:
    /// a finished position). The value of a position that splits is the nim-sum of its
    /// parts'; a position that splits is the sum of its parts, and so is an option (each part
    /// a component). ``name`` names the game in texts (not a ruleset of the registry).
    ///
    /// Every game must end: a position that leads back to itself is refused, naming it. The
    /// table holds at most ``max_positions`` positions (10,000,000 unless fewer are asked)
    /// and 100,000,000 moves; each question may take ``time_limit`` seconds
    /// (600, as other questions; at most 604800), Ctrl-C stops it sooner.
    ///
    /// >>> import grundy
    /// >>> def moves(row):          # Kayles: knock down one pin or two adjacent pins
    /// ...     (n,) = row
    /// ...     return [(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]
    /// >>> kayles = grundy.Game.from_moves(moves, name="kayles",
    /// ...                                 split=lambda p: [(h,) for h in p if h > 0])
    /// >>> [kayles((n,)).value for n in range(12)]
    /// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    /// >>> kayles((5, 3)).values      # a position that splits is the sum of its parts
    /// [4, 3]
    #[staticmethod]
    #[pyo3(signature = (moves, *, name = "game", split = None, max_positions = None, time_limit = None))]
    fn from_moves(
        py: Python<'_>,
        moves: &Bound<'_, PyAny>,
        name: &str,
        split: Option<&Bound<'_, PyAny>>,
        max_positions: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let not_callable = |what: &str, f: &Bound<'_, PyAny>| -> PyResult<PyErr> {
            Ok(PyTypeError::new_err(format!(
                "{what} must be a function of a position, not {}",
                f.get_type().name()?
            )))
        };
        if !moves.is_callable() {
            return Err(not_callable("moves", moves)?);
        }
        let split = split.filter(|s| !s.is_none());
        if let Some(s) = split.filter(|s| !s.is_callable()) {
            return Err(not_callable("split", s)?);
        }
        let name = name.trim();
        if name.is_empty() || registry::family(name).is_some() {
            return Err(grundy_error(format!(
                "invalid game name {name:?}: expected a name of your own, not empty and not a \
                 ruleset of the registry (the name stands for the game in texts)"
            )));
        }
        let time =
            crate::convert::time_arg(time_limit)?.unwrap_or_else(|| Duration::from_secs(600));
        let shared = Shared::new(
            py,
            name.to_string(),
            moves.clone().unbind(),
            split.map(|s| s.clone().unbind()),
            max_positions_arg(max_positions)?,
            time,
        );
        Ok(Game {
            rules: Arc::new(PyGame {
                shared: Arc::new(shared),
            }),
        })
    }

    /// The position ``position`` of this game (normal play, or ``misere=True``): the sum of
    /// its parts when it splits.
    #[pyo3(signature = (position, *, misere = false))]
    fn __call__(&self, position: &Bound<'_, PyAny>, misere: bool) -> PyResult<Position> {
        let ids = self.rules.shared.enter(position).map_err(stop_error)?;
        let sum = Sum::new(
            ids.into_iter()
                .map(|id| Component::new(&self.rules, self.rules.node(id)))
                .collect(),
        );
        let convention = match misere {
            true => Convention::Misere,
            false => Convention::Normal,
        };
        Ok(Position::from_big(sum.into(), convention))
    }

    /// The name in texts: ``game`` unless named.
    #[getter]
    fn name(&self) -> &str {
        self.rules.shared.name()
    }

    /// How many positions the table holds (every position met so far).
    #[getter]
    fn known(&self) -> usize {
        self.rules.shared.known()
    }

    /// The most positions the table may hold.
    #[getter]
    fn max_positions(&self) -> u32 {
        self.rules.shared.max_positions()
    }

    /// The time each question may take, in seconds.
    #[getter]
    fn time_limit(&self) -> f64 {
        self.rules.shared.time.as_secs_f64()
    }

    fn __repr__(&self) -> String {
        format!(
            "<grundy.Game {:?}: {} positions known>",
            self.rules.shared.name(),
            self.known()
        )
    }
}

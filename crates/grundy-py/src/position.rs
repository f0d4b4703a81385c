//! Positions: sums of components from any rulesets, with their values, outcomes and moves.
//!
//! A [`Position`] holds its text (the core's format, e.g. `nim:3,4 + sub{1,4,9}:11`) and the
//! parsed sum. Its answers come from the core: [`grundy_core::report::analyze`] (the command
//! line's `grundy analyze`) for the outcome, the winning moves and the explanation, the sum's
//! own methods for values and moves. Nim heaps may be Python ints of any size, as on the
//! command line.

use std::sync::{Arc, OnceLock};

use grundy_core::big_nim::{BigMove, BigSum};
use grundy_core::kernel::move_forms::MAX_LISTED_HEAP;
use std::time::Duration;

use grundy_core::answer::{ask, Answer, Asked, Question, DEFAULT_MEMORY};
use grundy_core::kernel::budget::Budget;
use grundy_core::report::{self, analyze, Piece};
use grundy_core::spec::parse_big_sum;
use grundy_core::strategy::Convention;
use grundy_core::sum::{Outcome, Sum};
use grundy_core::GameError;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PySlice};

use crate::custom::sums;
use crate::error::{game_error, IntoPy};
use crate::interrupt;

/// A position: a sum of components from any rulesets, under normal or misère play.
///
/// Make one from a ruleset (``grundy.Nim(3, 4, 5)``), from text (:func:`parse`), or by adding
/// positions (``a + b``). Its answers are the command line's (``grundy analyze``): long ones
/// run with the GIL released and stop at Ctrl-C.
///
/// >>> import grundy
/// >>> p = grundy.Nim(2, 3, 4)
/// >>> p.value, p.outcome
/// (5, 'N')
/// >>> [m.text for m in p.winning_moves]
/// ['heap 3: 4 -> 1 (take 3)']
/// >>> p.winning_moves[0].after
/// grundy.parse('nim:2,3,1')
/// >>> q = p + grundy.Subtraction({1, 4, 9})(11) + grundy.Wythoff(10, 7)
/// >>> q
/// grundy.parse('nim:2,3,4 + sub{1,4,9}:11 + wythoff:10,7')
/// >>> q.values, q.value
/// ([2, 3, 4, 1, 15], 11)
/// >>> grundy.Nim(2**100, 2**100 + 1).value
/// 1
#[pyclass(module = "grundy", frozen)]
pub struct Position {
    /// The position in the core's text format.
    text: String,
    /// The sum, when every heap fits in 64 bits.
    small: Option<Arc<Sum>>,
    /// The sum with Nim heaps of any size (absent only for a Wythoff board beyond 64 bits).
    big: Option<Arc<BigSum>>,
    convention: Convention,
    /// Whether a component is of a game defined by Python functions (`grundy.Game`): the
    /// sum, not the text, is then what questions are asked about.
    custom: bool,
    plain: OnceLock<Arc<Answer>>,
    explained: OnceLock<Arc<Answer>>,
}

impl Position {
    /// The position as a term of a loopy sum (`grundy.parse_loopy("windup{5;1,3}:1") +
    /// grundy.Nim(1)`), or why it cannot be one: loopy sums are played under normal play, and a
    /// game defined by Python functions has no text the core reads.
    pub(crate) fn loopy_term(&self) -> PyResult<&str> {
        if self.convention != Convention::Normal {
            return Err(crate::error::grundy_error(format!(
                "a loopy sum is played under normal play: {} is a misère position (add its \
                 normal-play form)",
                self.text
            )));
        }
        if self.custom {
            return Err(crate::error::grundy_error(format!(
                "a loopy sum takes the games of the registry: {} holds a game defined by Python \
                 functions (grundy.Game)",
                self.text
            )));
        }
        Ok(&self.text)
    }
}

/// The time one question of a position may take: ten minutes (Ctrl-C stops it sooner), so
/// that nothing runs without end by default.
const QUESTION_SECONDS: u64 = 600;

/// The budget of one question: [`QUESTION_SECONDS`] and the core's default memory.
pub(crate) fn question_budget() -> Budget {
    Budget::new(
        Duration::from_secs(QUESTION_SECONDS),
        "grundy.search(game, position, time_limit=SECONDS) for a board or graph game (other \
         questions have no longer budget in Python)",
    )
    .with_memory(DEFAULT_MEMORY, sums::MEMORY_OPTION)
}

impl Position {
    /// Refuses at once the value of a lone Chomp bar beyond the search
    /// ([`grundy_core::answer::beyond_search`]): theory says who wins, not the value, and a
    /// search would run out its time.
    fn refuse_value_beyond_search(&self, sum: &Sum) -> PyResult<()> {
        match grundy_core::answer::beyond_search(sum) {
            Some((_, beyond)) => Err(game_error(GameError::too_large(
                format!("the Grundy value of {}", self.text),
                format!(
                    "the bar has {beyond}, beyond the search; theory answers who wins \
                     (outcome; winning_moves where a move is known), not the value; grundy.search(game, position, \
                     time_limit=SECONDS) searches it anyway, for at most that long"
                ),
            ))),
            None => Ok(()),
        }
    }

    /// The position written `text`, under `convention`.
    pub fn parse_text(text: &str, convention: Convention) -> Result<Self, GameError> {
        // A loopy term makes a loopy game, a class of its own: named, with where it is read.
        let door = "read it with grundy.parse_loopy";
        if let Some(refusal) = grundy_core::loopy::family::refusal_in_sum(text, door) {
            return Err(refusal);
        }
        match parse_big_sum(text) {
            Ok(big) => Ok(Self::from_big(big, convention)),
            // A lone Wythoff board beyond 64 bits is answered by its closed form alone.
            Err(e) => match analyze(text, Convention::Normal, false) {
                Ok(r) => match r.components.as_slice() {
                    [Piece::Wythoff(x, y)] => Ok(Self::new(
                        format!("wythoff:{x},{y}"),
                        None,
                        None,
                        convention,
                    )),
                    _ => Err(e),
                },
                Err(_) => Err(e),
            },
        }
    }

    fn new(
        text: String,
        small: Option<Arc<Sum>>,
        big: Option<Arc<BigSum>>,
        convention: Convention,
    ) -> Self {
        let custom = small.as_deref().is_some_and(sums::holds_games);
        Position {
            text,
            small,
            big,
            convention,
            custom,
            plain: OnceLock::new(),
            explained: OnceLock::new(),
        }
    }

    /// The position of `big`.
    pub fn from_big(big: BigSum, convention: Convention) -> Self {
        let small = big.to_sum().map(Arc::new);
        let text = match &small {
            Some(sum) if sums::holds_games(sum) => sums::text(sum),
            Some(sum) => sum.to_terms(),
            None => big.to_terms(),
        };
        Self::new(text, small, Some(Arc::new(big)), convention)
    }

    /// The core's answer, asked once (with the reasoning when `explain`) within
    /// [`QUESTION_SECONDS`]: the command line's and the API's (`grundy_core::answer`).
    fn report(&self, py: Python<'_>, explain: bool) -> PyResult<Arc<Answer>> {
        let cell = if explain {
            &self.explained
        } else {
            &self.plain
        };
        if let Some(report) = cell.get() {
            return Ok(Arc::clone(report));
        }
        let (text, convention) = (self.text.clone(), self.convention);
        let asked = Asked {
            explanation: explain,
            ..Asked::default()
        };
        if let (true, Some(sum)) = (self.custom, &self.small) {
            let report = sums::run(py, Arc::clone(sum), move |sum, budget| {
                ask(&Question::sum(sum, convention, asked, budget.clone())).map(Arc::new)
            })?;
            return Ok(Arc::clone(cell.get_or_init(|| report)));
        }
        let report = interrupt::run(py, move || {
            ask(&Question::text(&text, convention, asked, question_budget())).map(Arc::new)
        })?;
        Ok(Arc::clone(cell.get_or_init(|| report)))
    }

    /// The sum, for questions answered only for heaps within 64 bits.
    fn small_sum(&self) -> Result<Arc<Sum>, GameError> {
        if let Some(sum) = &self.small {
            return Ok(Arc::clone(sum));
        }
        let heaps: Vec<String> = match &self.big {
            Some(big) => big.components.iter().map(|c| c.to_string()).collect(),
            None => vec![self.text.clone()],
        };
        let (i, heap) = heaps
            .iter()
            .enumerate()
            .max_by_key(|(_, h)| h.len())
            .map(|(i, h)| (i, h.clone()))
            .unwrap_or_default();
        Err(GameError::too_large(
            format!("component {} ({heap})", i + 1),
            format!("every move is listed only for components of at most {MAX_LISTED_HEAP} tokens"),
        ))
    }

    /// Runs `work` on `sum` with the GIL released (`interrupt::run`); for a sum holding
    /// positions of games defined by Python functions, within their budget (`sums::run`).
    fn on_sum<T, F>(&self, py: Python<'_>, sum: Arc<Sum>, work: F) -> PyResult<T>
    where
        T: Send + 'static,
        F: Fn(&Sum) -> Result<T, GameError> + Send + Sync + 'static,
    {
        match self.custom {
            true => sums::run(py, sum, move |s, _| work(s)),
            false => interrupt::run(py, move || work(&sum)),
        }
    }

    fn with_convention(&self, convention: Convention) -> Position {
        Self::new(
            self.text.clone(),
            self.small.clone(),
            self.big.clone(),
            convention,
        )
    }

    fn misere_arg(&self) -> &'static str {
        match self.convention {
            Convention::Normal => "",
            Convention::Misere => ", misere=True",
        }
    }

    /// A move of this position as a Python object.
    fn move_object(&self, py: Python<'_>, m: &report::Move) -> Move {
        let after = match (m, &self.big) {
            (report::Move::Sum(bm), Some(big)) => After::Big(Arc::clone(big), bm.clone()),
            (report::Move::Wythoff { to, .. }, _) => {
                After::Text(format!("wythoff:{},{}", to.to.0, to.to.1))
            }
            (report::Move::Sum(_), None) => After::Text(self.text.clone()),
        };
        let component = match m {
            report::Move::Sum(bm) => bm.component(),
            report::Move::Wythoff { .. } => 0,
        };
        let option = match (self.custom, m) {
            (true, report::Move::Sum(BigMove::Small(m))) => sums::option_object(py, m),
            _ => None,
        };
        Move {
            component,
            text: m.to_string(),
            count: 1,
            after,
            option,
            convention: self.convention,
        }
    }
}

#[pymethods]
impl Position {
    /// The position in the text format of the command line: ``nim:3,4 + sub{1,4,9}:11``.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// ``'normal'`` (the last move wins) or ``'misere'`` (the last move loses).
    #[getter]
    fn convention(&self) -> &'static str {
        match self.convention {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }

    /// The same position under misère play (whoever makes the last move loses).
    ///
    /// >>> import grundy
    /// >>> grundy.Nim(1, 1, 1).misere().outcome
    /// 'P'
    fn misere(&self) -> Position {
        self.with_convention(Convention::Misere)
    }

    /// The same position under normal play (whoever makes the last move wins).
    fn normal(&self) -> Position {
        self.with_convention(Convention::Normal)
    }

    /// The Sprague–Grundy value (normal play): the nim-sum of the components' values. An int
    /// of any size for Nim heaps of any size.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(sum) = &self.small {
            self.refuse_value_beyond_search(sum)?;
            let v = self.on_sum(py, Arc::clone(sum), |s| s.value())?;
            return Ok(v.into_pyobject(py)?.into_any().unbind());
        }
        if let Some(big) = &self.big {
            let big = Arc::clone(big);
            let v = interrupt::run(py, move || big.value())?;
            return Ok(v.into_pyobject(py)?.into_any().unbind());
        }
        match &self.report(py, false)?.report.nim_sum {
            Some(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
            None => Err(game_error(GameError::too_large(
                format!("the Grundy value of {}", self.text),
                "beyond 2^64 - 1 a Wythoff board's value is known only at its P-positions \
                 (value 0); the outcome and the winning moves are answered",
            ))),
        }
    }

    /// Each component's Sprague–Grundy value, in order.
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(sum) = &self.small {
            self.refuse_value_beyond_search(sum)?;
            let v = self.on_sum(py, Arc::clone(sum), |s| s.values())?;
            return Ok(v.into_pyobject(py)?.into_any().unbind());
        }
        if let Some(big) = &self.big {
            let big = Arc::clone(big);
            let v = interrupt::run(py, move || big.values())?;
            return Ok(v.into_pyobject(py)?.into_any().unbind());
        }
        Ok(vec![self.value(py)?].into_pyobject(py)?.into_any().unbind())
    }

    /// ``'P'`` (the player to move loses against best play) or ``'N'`` (the player to move
    /// wins), under the position's convention.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        Ok(match self.report(py, false)?.report.outcome {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }

    /// Who wins with best play: ``'player to move'`` or ``'previous player'``.
    #[getter]
    fn winner(&self, py: Python<'_>) -> PyResult<&'static str> {
        Ok(self.report(py, false)?.report.winner)
    }

    /// Whether no move is left.
    #[getter]
    fn finished(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.report(py, false)?.report.finished)
    }

    /// Every winning move: the first :data:`MAX_LISTED_MOVES` listed, all of them counted
    /// exactly (``winning_moves.count``).
    ///
    /// >>> import grundy
    /// >>> moves = grundy.Octal("0.77")(10**6).winning_moves
    /// >>> moves.count, len(moves), moves.complete
    /// (83338, 10000, False)
    #[getter]
    fn winning_moves(&self, py: Python<'_>) -> PyResult<Moves> {
        let answer = self.report(py, false)?;
        let report = &answer.report;
        // Won, but by an argument that names no move (a Chomp bar by strategy stealing).
        if let Some(why) = &report.moves_unknown {
            return Err(game_error(GameError::too_large(
                format!("the search for a winning move of {}", self.text),
                why.clone(),
            )));
        }
        let items: PyResult<Vec<Py<Move>>> = report
            .winning_moves
            .iter()
            .map(|m| {
                let mut object = self.move_object(py, &m.mv);
                object.text = m.to_string();
                object.count = m.count;
                Py::new(py, object)
            })
            .collect();
        Ok(Moves {
            items: items?,
            count: report.winning_move_count.clone(),
            complete: report.winning_moves.is_complete(),
        })
    }

    /// Every legal move, in the rulesets' order (components of at most 1,000,000 tokens).
    #[getter]
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        let sum = self.small_sum().py()?;
        let moves = self.on_sum(py, sum, |s| s.moves())?;
        Ok(moves
            .into_iter()
            .map(|m| self.move_object(py, &report::Move::Sum(BigMove::Small(m))))
            .collect())
    }

    /// The position after each legal move (see :attr:`moves`).
    ///
    /// >>> import grundy
    /// >>> grundy.Nim(2, 1).options
    /// [grundy.parse('nim:1,1'), grundy.parse('nim:0,1'), grundy.parse('nim:2,0')]
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<Vec<Position>> {
        let sum = self.small_sum().py()?;
        let moves = self.on_sum(py, Arc::clone(&sum), |s| s.moves())?;
        Ok(moves
            .iter()
            .map(|m| Self::from_big(sum.after(m).into(), self.convention))
            .collect())
    }

    /// The move a perfect player makes (a winning move whenever there is one; the quickest
    /// win, or the slowest loss, where the tree is small enough to measure), or ``None`` when
    /// no move is left: the answer's computer move, as ``grundy play`` and ``/api/move`` play.
    #[getter]
    fn best_move(&self, py: Python<'_>) -> PyResult<Option<Move>> {
        let convention = self.convention;
        let Ok(sum) = self.small_sum() else {
            // A heap beyond 2^64 - 1: the core's move at any size (its period or closed form),
            // as `grundy play` plays it.
            let text = self.text.clone();
            let asked = Asked::computer_move_only();
            let answer = interrupt::run(py, move || {
                ask(&Question::text(&text, convention, asked, question_budget()))
            })?;
            return Ok(answer.any_move.map(|m| self.move_object(py, &m)));
        };
        let best = self.on_sum(py, sum, move |s| {
            let asked = Asked::computer_move_only();
            let budget = Budget::new(
                Duration::from_secs(QUESTION_SECONDS),
                "grundy.search(game, position, time_limit=SECONDS) for a board or graph game",
            )
            .with_memory(DEFAULT_MEMORY, sums::MEMORY_OPTION);
            ask(&Question::sum(s, convention, asked, budget)).map(|a| a.computer_move)
        })?;
        Ok(best.map(|m| self.move_object(py, &report::Move::Sum(BigMove::Small(m)))))
    }

    /// Plays ``games`` games from this position between two computer players and counts who
    /// won: a dict, the JSON document of ``grundy simulate --json`` (win rates with their 95%
    /// Wilson intervals, game lengths, the ``seed`` that replays the series).
    ///
    /// ``players`` are the first and the second to move: ``"perfect"``, ``"random"``,
    /// ``"bouton"`` or a strength from 0 to 100. ``games`` is at most 100,000,000;
    /// ``max_moves`` (at most 10^12) bounds one game. A game longer than that, or a question
    /// refused, stops the series with a :class:`GrundyError`, or with ``partial=True`` returns
    /// the games finished, ``stopped`` saying why. Ctrl-C raises :class:`Interrupted`, whose
    /// ``simulation`` holds the games finished.
    ///
    /// >>> import grundy
    /// >>> s = grundy.Nim(3, 4, 5).simulate(("perfect", "random"), games=40, seed=1)
    /// >>> [w["wins"] for w in s["wins"]], s["stopped"]
    /// ([40, 0], None)
    #[pyo3(signature = (players = None, games = None, seed = None, max_moves = None, partial = false))]
    fn simulate(
        &self,
        py: Python<'_>,
        players: Option<&Bound<'_, PyAny>>,
        games: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        max_moves: Option<&Bound<'_, PyAny>>,
        partial: bool,
    ) -> PyResult<Py<PyAny>> {
        let default_players = ("perfect", "random").into_pyobject(py)?.into_any();
        let default_games = 1000u64.into_pyobject(py)?.into_any();
        let default_moves = grundy_core::simulation::DEFAULT_MAX_MOVES
            .into_pyobject(py)?
            .into_any();
        let request = crate::simulate::Request::read(
            players.unwrap_or(&default_players),
            games.unwrap_or(&default_games),
            seed,
            max_moves.unwrap_or(&default_moves),
            partial,
        )?;
        // A heap beyond 2^64 - 1 is refused with the reason (the game's length, or 64-bit
        // play), as `grundy simulate` refuses it.
        let sum = match self.small_sum() {
            Ok(sum) => sum,
            Err(e) => {
                let limit = grundy_core::simulation::MAX_MAX_MOVES;
                let door = grundy_core::simulation::SimulationDoor {
                    max_moves: "max_moves",
                    elsewhere: "value, winning_moves and best_move",
                };
                let beyond = grundy_core::simulation::beyond_u64(&self.text, limit, &door);
                return Err(game_error(beyond.unwrap_or(e)));
            }
        };
        crate::simulate::simulate(py, sum, self.convention, self.custom, request)
    }

    /// The components, each as a position of its own.
    #[getter]
    fn components(&self) -> Vec<Position> {
        match &self.big {
            Some(big) => big
                .components
                .iter()
                .map(|c| {
                    Self::from_big(
                        BigSum {
                            components: vec![c.clone()],
                        },
                        self.convention,
                    )
                })
                .collect(),
            None => vec![self.with_convention(self.convention)],
        }
    }

    /// The reasoning for a person, as ``grundy analyze ... --explain`` prints it: Bouton's
    /// binary columns for Nim, each component's value and the nim-sum for a sum.
    ///
    /// >>> import grundy
    /// >>> print(grundy.Nim(2, 3, 4).explain())
    /// Nim (normal play: whoever makes the last move wins)
    /// Heaps in binary, one column per bit:
    ///   heap 1   2 = 010
    ///   heap 2   3 = 011
    ///   heap 3   4 = 100
    ///   ----------------
    ///   nim-sum  5 = 101   (XOR of each column: 1 where the column has an odd number of 1s)
    /// The highest set bit of the nim-sum is bit 2 (worth 4). Heaps with that bit set: heap 3 (4).
    /// Cut heap 3 from 4 to 4 XOR 5 = 1 (take 3): the nim-sum becomes 0.
    /// N-position: the player to move wins.
    /// Winning move:
    ///   heap 3: 4 -> 1 (take 3)
    /// <BLANKLINE>
    fn explain(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.report(py, true)?.report.to_text())
    }

    /// The analysis as ``grundy analyze`` prints it (without ``--explain``).
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.report(py, false)?.report.to_text())
    }

    /// The analysis as a dict: the JSON document of ``grundy analyze --json`` (and of the
    /// browser app's ``/api/analyze``), with the reasoning when ``explain``.
    #[pyo3(signature = (explain = false))]
    fn to_dict(&self, py: Python<'_>, explain: bool) -> PyResult<Py<PyAny>> {
        let report = self.report(py, explain)?;
        let json = serde_json::to_string(report.as_ref()).expect("answers always serialise");
        Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
    }

    /// The components as a pandas DataFrame (pandas is optional: ``pip install
    /// 'grundy[pandas]'``): one row per component, its text and its value.
    fn to_pandas(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        crate::convert::table(slf.as_any(), "position")
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let answer = self.report(py, true)?;
        Ok(crate::html::position(&answer.report))
    }

    fn __repr__(&self) -> String {
        match (self.custom, self.convention) {
            (false, _) => format!("grundy.parse('{}'{})", self.text, self.misere_arg()),
            (true, Convention::Normal) => format!("<grundy.Position {}>", self.text),
            (true, Convention::Misere) => format!("<grundy.Position {}, misère>", self.text),
        }
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __len__(&self) -> usize {
        self.big.as_ref().map_or(1, |b| b.components.len())
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<Position>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get();
        if other.convention != self.convention {
            return Err(crate::error::grundy_error(
                "a sum needs one convention: both positions normal or both misère (see .misere())",
            ));
        }
        if self.custom || other.custom {
            let (Some(a), Some(b)) = (&self.small, &other.small) else {
                return Err(crate::error::grundy_error(
                    "a position of a game defined by a Python function is added only to \
                     positions whose heaps fit in 64 bits",
                ));
            };
            let components = a.components.iter().chain(&b.components).cloned();
            let sum = Self::from_big(Sum::new(components.collect()).into(), self.convention);
            return Ok(Py::new(py, sum)?.into_any());
        }
        let sum =
            Self::parse_text(&format!("{} + {}", self.text, other.text), self.convention).py()?;
        Ok(Py::new(py, sum)?.into_any())
    }

    /// ``0 + position`` is the position, so that ``sum(positions)`` works.
    fn __radd__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if other.is_instance_of::<PyInt>() && other.extract::<i64>().is_ok_and(|v| v == 0) {
            return Ok(slf.clone().into_any().unbind());
        }
        Ok(py.NotImplemented())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Position>().is_ok_and(|o| {
            let o = o.get();
            match self.custom || o.custom {
                true => o.small == self.small && o.convention == self.convention,
                false => o.text == self.text && o.convention == self.convention,
            }
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (&self.text, self.convention).hash(&mut h);
        h.finish()
    }
}

/// What a move leads to.
enum After {
    /// The sum after a move of it.
    Big(Arc<BigSum>, BigMove),
    /// A position in text.
    Text(String),
}

/// A move: which component, in words, and the position it leads to.
///
/// >>> import grundy
/// >>> m = grundy.Nim(2, 3, 4).winning_moves[0]
/// >>> m.component, m.text, m.after.value
/// (2, 'heap 3: 4 -> 1 (take 3)', 0)
#[pyclass(module = "grundy", frozen)]
pub struct Move {
    /// The component moved in, counted from 0.
    #[pyo3(get)]
    component: usize,
    /// The move in words, as the command line prints it: ``heap 3: 4 -> 1 (take 3)``.
    #[pyo3(get)]
    text: String,
    /// How many moves lead to the same position (1 for most; a winning move of a complete
    /// graph in Node-Kayles stands for every vertex).
    #[pyo3(get)]
    count: u64,
    after: After,
    option: Option<Py<PyAny>>,
    convention: Convention,
}

#[pymethods]
impl Move {
    /// The position after the move (a component that vanishes stays as an empty heap, so
    /// the others keep their places; the second part of a split comes last).
    #[getter]
    fn after(&self) -> PyResult<Position> {
        match &self.after {
            After::Big(base, m) => Ok(Position::from_big(base.after(m), self.convention)),
            After::Text(text) => Position::parse_text(text, self.convention).py(),
        }
    }

    /// The Python object the moved component becomes, as ``moves`` returned it, for a move
    /// in a game defined by Python functions (:class:`Game`); ``None`` otherwise.
    #[getter]
    fn option(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.option.as_ref().map(|o| o.clone_ref(py))
    }

    fn __repr__(&self) -> String {
        format!("<grundy.Move {}>", self.text)
    }

    fn __str__(&self) -> &str {
        &self.text
    }
}

/// Moves, the first of them listed and all of them counted: ``len()`` is how many are
/// listed, ``count`` how many there are (exactly, even beyond :data:`MAX_LISTED_MOVES`).
#[pyclass(module = "grundy", frozen)]
pub struct Moves {
    items: Vec<Py<Move>>,
    /// How many moves there are in all.
    #[pyo3(get)]
    count: num_bigint::BigUint,
    /// Whether every move is listed.
    #[pyo3(get)]
    complete: bool,
}

#[pymethods]
impl Moves {
    fn __len__(&self) -> usize {
        self.items.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let list = pyo3::types::PyList::new(py, &self.items)?;
            return Ok(list.as_any().get_item(slice)?.unbind());
        }
        let i: isize = index.extract()?;
        let n = self.items.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            return Err(PyIndexError::new_err(format!(
                "move {i} is not listed: {n} moves are listed (of {} in all)",
                self.count
            )));
        }
        Ok(self.items[j as usize].clone_ref(py).into_any())
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = pyo3::types::PyList::new(py, &self.items)?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// The listed moves as a pandas DataFrame (pandas is optional: ``pip install
    /// 'grundy[pandas]'``): the component, the move in words and the position after it.
    fn to_pandas(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        crate::convert::table(slf.as_any(), "moves")
    }

    fn __bool__(&self) -> bool {
        self.count > num_bigint::BigUint::from(0u8)
    }

    fn __repr__(&self) -> String {
        let shown: Vec<String> = self
            .items
            .iter()
            .take(3)
            .map(|m| m.get().text.clone())
            .collect();
        let more = if self.items.len() > 3 { ", ..." } else { "" };
        let listed = if self.complete {
            String::new()
        } else {
            format!(", {} listed", self.items.len())
        };
        format!(
            "<grundy.Moves {} in all{listed}: {}{more}>",
            self.count,
            shown.join("; ")
        )
    }
}

/// The position written ``text`` in the command line's format (``nim:3,4 + sub{1,4,9}:11 +
/// octal{0.77}:10 + wythoff:10,7 + lasker:7 + moore{2}:3,5,6``), under normal play or
/// ``misere=True``.
///
/// >>> import grundy
/// >>> grundy.parse("nim:3,4 + sub{1,4,9}:11").value
/// 6
/// >>> grundy.parse("sub{1,4,9}:11 + nim:3,4") == grundy.Subtraction({1, 4, 9})(11) + grundy.Nim(3, 4)
/// True
#[pyfunction]
#[pyo3(signature = (text, misere = false))]
pub fn parse(text: &str, misere: bool) -> PyResult<Position> {
    let convention = if misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    Position::parse_text(text, convention).py()
}

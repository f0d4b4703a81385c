//! The registry's families and rulesets, as Python objects.
//!
//! A [`Family`] is a registered family ([`grundy_core::games::family::Family`]); calling it with
//! its parameters gives a [`Ruleset`]; calling a ruleset with heaps gives a position. Nothing
//! here lists the rulesets: [`families`] reads the registry, so a ruleset added to it appears
//! in Python as it is.

use std::sync::Arc;

use grundy_core::registry::{self, REGISTRY};

use grundy_core::games::family::ParamKind;

use grundy_core::kernel::component::AnyRules;
use grundy_core::spec;
use grundy_core::strategy::Convention;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::convert::{int_text, is_whole_number, param_text};
use crate::error::{grundy_error, IntoPy};
use crate::interrupt::Progress;
use crate::position::Position;
use crate::sequence::Sequence;

/// A family of rulesets from the registry: Nim, subtraction games, octal games, ...
///
/// Call it with its parameters to get a :class:`Ruleset` (a family without parameters is
/// one ruleset: ``grundy.Nim`` is already a ruleset).
///
/// >>> import grundy
/// >>> sub = grundy.family("sub")
/// >>> sub.name, [p.name for p in sub.params]
/// ('subtraction', ['set'])
/// >>> sub({1, 4, 9})
/// grundy.Ruleset('sub{1,4,9}')
/// >>> sub(set="1,4,9") == sub([9, 4, 1])
/// True
#[pyclass(module = "grundy", frozen)]
pub struct Family {
    /// The registry's entry.
    pub inner: &'static grundy_core::games::family::Family,
}

/// One parameter of a family, e.g. the take-set of a subtraction game.
///
/// >>> import grundy
/// >>> p = grundy.family("octal").params[0]
/// >>> p.name, p.kind, p.example
/// ('code', 'word', '0.77')
#[pyclass(module = "grundy", frozen, get_all)]
pub struct Param {
    /// Its name, as a keyword argument: ``set``.
    pub name: &'static str,
    /// What it holds: ``amounts`` (whole numbers: a set, a list or ``"1,4,9"``), ``number``
    /// or ``word`` (a str).
    pub kind: &'static str,
    /// A label for people: ``Take-set S``.
    pub label: &'static str,
    /// What it means and what is allowed.
    pub help: &'static str,
    /// An example value, as the command line takes it: ``1,4,9``.
    pub example: &'static str,
}

#[pymethods]
impl Param {
    fn __repr__(&self) -> String {
        format!(
            "<grundy.Param {} ({}), e.g. {}>",
            self.name, self.kind, self.example
        )
    }
}

/// Every registered family, in the registry's order.
///
/// >>> import grundy
/// >>> [f.name for f in grundy.families()][:3]
/// ['nim', 'subtraction', 'bachet']
#[pyfunction]
pub fn families() -> Vec<Family> {
    REGISTRY.iter().map(|&inner| Family { inner }).collect()
}

/// The family called ``name`` (its name or an alias, in any case).
///
/// >>> import grundy
/// >>> grundy.family("SUB").name
/// 'subtraction'
/// >>> grundy.family("chess")
/// Traceback (most recent call last):
/// ...
/// grundy.GrundyError: invalid rules "chess": expected one of nim, subtraction, ...
#[pyfunction]
pub fn family(name: &str) -> PyResult<Family> {
    match registry::family(name) {
        Some(inner) => Ok(Family { inner }),
        // The core's own message for an unknown name, as the command line gives it.
        None => Err(spec::parse_rules(name)
            .err()
            .map(crate::error::game_error)
            .unwrap_or_else(|| grundy_error(format!("unknown family {name:?}")))),
    }
}

#[pymethods]
impl Family {
    /// The name in terms and on the command line: ``subtraction``.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name
    }

    /// Other names it answers to: ``['sub']``.
    #[getter]
    fn aliases(&self) -> Vec<&'static str> {
        self.inner.aliases.to_vec()
    }

    /// The game's name for people: ``Subtraction game``.
    #[getter]
    fn title(&self) -> &'static str {
        self.inner.title
    }

    /// The moves in a sentence or two (who wins is the convention's: under normal play
    /// whoever cannot move loses, under misère play whoever makes the last move loses).
    #[getter]
    fn rules(&self) -> &'static str {
        self.inner.rules
    }

    /// Its parameters, in order (empty for Nim).
    #[getter]
    fn params(&self) -> Vec<Param> {
        self.inner
            .params
            .iter()
            .map(|p| Param {
                name: p.name,
                kind: match p.kind {
                    ParamKind::Amounts => "amounts",
                    ParamKind::Number => "number",
                    ParamKind::Word => "word",
                },
                label: p.label,
                help: p.help,
                example: p.example,
            })
            .collect()
    }

    /// How its positions are given, in a sentence: ``Heaps: heap sizes, ... (e.g. 3, 4, 5)``.
    #[getter]
    fn positions(&self) -> String {
        let p = &self.inner.positions;
        format!("{}: {} (e.g. {})", p.label, p.help, p.example)
    }

    /// A whole term of the text format, as an example: ``sub{1,4,9}:11,15``.
    #[getter]
    fn example(&self) -> &'static str {
        self.inner.example
    }

    /// Whether its rulesets have a Grundy sequence (:meth:`Ruleset.sequence`).
    #[getter]
    fn has_sequence(&self) -> bool {
        self.inner.sequence
    }

    /// The ruleset with these parameters, by position or by name.
    #[pyo3(signature = (*params, **named))]
    fn __call__(
        &self,
        params: &Bound<'_, PyTuple>,
        named: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Ruleset> {
        Ruleset::build(self.inner, params, named)
    }

    fn __repr__(&self) -> String {
        format!("grundy.family({:?})", self.inner.name)
    }
}

/// A ruleset: a family with its parameters, e.g. the subtraction game S = {1, 4, 9}.
///
/// Build one from the registry by name, ``Ruleset(family, *params, **params)``, or from a
/// family (``grundy.Subtraction({1, 4, 9})``); ``Ruleset("sub{1,4,9}")`` reads the rules part
/// of a term. Call it with positions to get a :class:`Position` (ints of any size; a tuple is
/// a position of its own, e.g. one Wythoff board or one row of Moore's Nim).
///
/// >>> import grundy
/// >>> s = grundy.Ruleset("subtraction", set={1, 4, 9})
/// >>> s.term, s.title
/// ('sub{1,4,9}', 'Subtraction game S = {1,4,9}')
/// >>> s(11, 15)
/// grundy.parse('sub{1,4,9}:11,15')
/// >>> grundy.Wythoff((10, 7), (3, 5))
/// grundy.parse('wythoff:10,7,3,5')
/// >>> grundy.Ruleset("subtraction", set={0, 1})
/// Traceback (most recent call last):
/// ...
/// grundy.GrundyError: take-set element "0" is out of range: expected a whole number from 1 to 1000000
#[pyclass(module = "grundy", frozen)]
pub struct Ruleset {
    /// The rules.
    pub rules: Arc<dyn AnyRules>,
    /// Their family.
    pub family: &'static grundy_core::games::family::Family,
}

impl Ruleset {
    /// The ruleset of `family` with parameters given by position and by name.
    fn build(
        family: &'static grundy_core::games::family::Family,
        params: &Bound<'_, PyTuple>,
        named: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let mut texts: Vec<Option<String>> = vec![None; family.params.len().max(params.len())];
        for (i, value) in params.iter().enumerate() {
            let name = family.params.get(i).map_or("parameter", |p| p.name);
            texts[i] = Some(param_text(&value, name)?);
        }
        if let Some(named) = named {
            for (key, value) in named.iter() {
                let key: String = key.extract()?;
                let allowed: Vec<&str> = family.params.iter().map(|p| p.name).collect();
                let Some(i) = family.params.iter().position(|p| p.name == key) else {
                    return Err(grundy_error(format!(
                        "invalid parameter of {} {key:?}: expected {}",
                        family.name,
                        if allowed.is_empty() {
                            "none".to_string()
                        } else {
                            format!("one of: {}", allowed.join(", "))
                        }
                    )));
                };
                if texts[i].is_some() {
                    return Err(grundy_error(format!(
                        "parameter {key:?} of {} is given twice (by position and by name)",
                        family.name
                    )));
                }
                texts[i] = Some(param_text(&value, &key)?);
            }
        }
        // Missing parameters are left out: the core names what is expected.
        let given: Vec<&str> = texts.iter().flatten().map(String::as_str).collect();
        let rules = family.rules(&given).py()?;
        Ok(Ruleset { rules, family })
    }

    /// The position of this ruleset from Python positions: consecutive whole numbers (ints,
    /// NumPy integers) form one term, each tuple, list or array one term of its own, and each str too (a position in the family's
    /// own text: a coin row `THHTH`, a coin grid `THT/TTH`, a Cram board `3x4`).
    pub fn position_text(&self, positions: &Bound<'_, PyTuple>) -> PyResult<String> {
        let term = self.rules.term();
        let mut terms: Vec<String> = Vec::new();
        let mut run: Vec<String> = Vec::new();
        for p in positions.iter() {
            if let Ok(text) = p.cast::<pyo3::types::PyString>() {
                if !run.is_empty() {
                    terms.push(format!("{term}:{}", run.join(",")));
                    run.clear();
                }
                terms.push(format!("{term}:{text}"));
            } else if p.is_instance_of::<pyo3::types::PyTuple>()
                || p.is_instance_of::<pyo3::types::PyList>()
                || (!is_whole_number(&p)? || p.hasattr("__len__")?) && p.hasattr("__iter__")?
            {
                if !run.is_empty() {
                    terms.push(format!("{term}:{}", run.join(",")));
                    run.clear();
                }
                let items: PyResult<Vec<String>> =
                    p.try_iter()?.map(|h| int_text(&h?, "a heap")).collect();
                terms.push(format!("{term}:{}", items?.join(",")));
            } else if is_whole_number(&p)? {
                run.push(int_text(&p, "a heap")?);
            } else {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "a position of {} must be an int (or an integer with __index__, such as \
                     numpy.int64), a tuple or list of ints, or a str such as {:?}, not {}",
                    self.family.name,
                    self.family.positions.example,
                    p.get_type().name()?
                )));
            }
        }
        if !run.is_empty() || terms.is_empty() {
            terms.push(format!("{term}:{}", run.join(",")));
        }
        Ok(terms.join(" + "))
    }
}

#[pymethods]
impl Ruleset {
    #[new]
    #[pyo3(signature = (family, *params, **named))]
    fn new(
        family: &str,
        params: &Bound<'_, PyTuple>,
        named: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if family.contains('{') {
            if !params.is_empty() || named.is_some_and(|n| !n.is_empty()) {
                return Err(grundy_error(format!(
                    "rules {family:?} already give their parameters: expected no others"
                )));
            }
            let rules = spec::parse_rules(family).py()?;
            return Ok(Ruleset::of(rules));
        }
        Ruleset::build(self::family(family)?.inner, params, named)
    }

    /// The rules in the text format: ``sub{1,4,9}``.
    #[getter]
    fn term(&self) -> String {
        self.rules.term()
    }

    /// A short name: ``subtraction {1,4,9}``.
    #[getter]
    fn name(&self) -> String {
        self.rules.name()
    }

    /// A title for people: ``Subtraction game S = {1,4,9}``.
    #[getter]
    fn title(&self) -> String {
        self.rules.title()
    }

    /// The family it belongs to.
    #[getter]
    fn family(&self) -> Family {
        Family { inner: self.family }
    }

    /// Whether it has a Grundy sequence (:meth:`sequence`).
    #[getter]
    fn has_sequence(&self) -> bool {
        self.rules.sequence().is_some()
    }

    /// The position of these heaps (ints of any size; a tuple or list is a position of its
    /// own, e.g. a Wythoff board; a str is a position in the family's own text, e.g. a coin
    /// grid ``"THT/TTH"``), under normal play or ``misere=True``.
    ///
    /// >>> import grundy
    /// >>> grundy.TurningCorners("TTTTT/TTTHT/TTTTT/TTHTT/TTTTH").value
    /// 4
    #[pyo3(signature = (*positions, misere = false))]
    fn __call__(&self, positions: &Bound<'_, PyTuple>, misere: bool) -> PyResult<Position> {
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        Position::parse_text(&self.position_text(positions)?, convention).py()
    }

    /// The Grundy sequence G(0), G(1), ... of one heap, computed now with the GIL released
    /// (see :class:`Sequence`).
    ///
    /// ``count`` values are listed (40 by default; with ``until_period`` every value computed
    /// to prove the period). ``until_period=True`` computes until a period is proven (up to
    /// the game's search limit; an int sets a lower limit). ``threads`` (1 or 2) is for octal
    /// games and Grundy's game. ``progress``: ``None`` shows a tqdm bar when tqdm is installed
    /// and the run is long, ``False`` nothing, a callable is called as ``progress(done,
    /// target)`` about every 0.1 s. Ctrl-C raises :class:`Interrupted` whose ``sequence``
    /// keeps the values computed so far.
    ///
    /// >>> import grundy
    /// >>> seq = grundy.Octal("0.77").sequence(until_period=True)
    /// >>> seq.period.period, seq.period.preperiod
    /// (12, 71)
    /// >>> seq.values[:12].tolist()
    /// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    #[pyo3(signature = (count = None, *, until_period = None, threads = None, progress = None))]
    fn sequence(
        &self,
        py: Python<'_>,
        count: Option<&Bound<'_, PyAny>>,
        until_period: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<Sequence>> {
        let progress = Progress::from_arg(py, progress)?;
        let ruleset = Py::new(py, Ruleset::of(Arc::clone(&self.rules)))?.into_any();
        Sequence::start(
            py,
            Arc::clone(&self.rules),
            ruleset,
            count,
            until_period,
            threads,
            progress,
        )
    }

    /// The proven misère quotient ``Q_N`` of this heap game for heaps of at most ``max_heap``
    /// tokens (1 to 1000), as ``grundy misere quotient``: see :class:`MisereQuotient`. It
    /// gives up after ``seconds`` (1 to 86400) or when a monoid would have more than
    /// ``max_order`` elements (2 to 16384), with an error naming the limit. ``progress`` as
    /// for sequences, called as ``progress(heap, max_heap)``; Ctrl-C stops it.
    ///
    /// >>> import grundy
    /// >>> grundy.Nim.misere_quotient(max_heap=3).order
    /// 6
    #[pyo3(signature = (max_heap = None, *, seconds = None, max_order = None, progress = None))]
    fn misere_quotient(
        &self,
        py: Python<'_>,
        max_heap: Option<&Bound<'_, PyAny>>,
        seconds: Option<&Bound<'_, PyAny>>,
        max_order: Option<&Bound<'_, PyAny>>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<crate::misere::MisereQuotient> {
        fn default<'py>(
            py: Python<'py>,
            v: Option<&Bound<'py, PyAny>>,
            d: u64,
        ) -> Bound<'py, PyAny> {
            match v {
                Some(v) => v.clone(),
                None => d.into_pyobject(py).expect("an int").into_any(),
            }
        }
        let progress = match progress {
            // No bar unless asked: a quotient's heaps are few and uneven in cost.
            None => Progress::none(),
            some => Progress::from_arg(py, some)?,
        };
        crate::misere::quotient(
            py,
            Arc::clone(&self.rules),
            &default(py, max_heap, 30),
            &default(py, seconds, 60),
            &default(py, max_order, 2048),
            progress,
        )
    }

    /// Conway's genus of each heap from 1 to ``count`` (1 to 64), as ``grundy misere genus``:
    /// see :class:`Genus`.
    fn genera(
        &self,
        py: Python<'_>,
        count: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<crate::misere::Genus>> {
        crate::misere::genera(py, Arc::clone(&self.rules), count, "count")
    }

    /// Conway's genus of a heap of ``n`` tokens (1 to 64): see :class:`Genus`.
    fn genus(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<crate::misere::Genus> {
        let mut all = crate::misere::genera(py, Arc::clone(&self.rules), n, "n")?;
        Ok(all.pop().expect("genera of 1..=n with n >= 1"))
    }

    /// The misère outcome (``'P'`` or ``'N'``) of the sum of these heaps (each 1 to 64) by
    /// Conway's genus rule, or ``None`` when a heap is not tame and the rule says nothing (a
    /// misère quotient answers then).
    ///
    /// >>> import grundy
    /// >>> grundy.Subtraction({1, 2}).genus_outcome([1, 1, 1])
    /// 'P'
    fn genus_outcome(
        &self,
        py: Python<'_>,
        heaps: &Bound<'_, PyAny>,
    ) -> PyResult<Option<&'static str>> {
        crate::misere::genus_outcome(py, Arc::clone(&self.rules), heaps)
    }

    /// The value of ``position`` (the game's text, e.g. ``"5x6"``) by search with the table's
    /// memory, a time limit and a table file of your choosing: :func:`search` for this game
    /// (Cram, Chomp, Node-Kayles, Arc-Kayles, Sprouts), ``progress``, ``threads``,
    /// ``certificate`` and ``outcome`` as there.
    ///
    /// >>> import grundy
    /// >>> grundy.Cram.search("3x5", memory_mb=8, time_limit=30).value
    /// 1
    #[pyo3(signature = (position, *, memory_mb = None, time_limit = None, table = None, progress = None, threads = None, certificate = None, outcome = false))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        position: &str,
        memory_mb: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        table: Option<std::path::PathBuf>,
        progress: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        certificate: Option<std::path::PathBuf>,
        outcome: bool,
    ) -> PyResult<crate::search::SearchResult> {
        crate::search::search(
            py,
            pyo3::types::PyString::new(py, self.family.name).as_any(),
            pyo3::types::PyString::new(py, position).as_any(),
            memory_mb,
            time_limit,
            table,
            progress,
            threads,
            None,
            None,
            None,
            certificate,
            outcome,
        )
    }

    fn __repr__(&self) -> String {
        // Terms hold no quotes: the repr is the call that builds the ruleset again.
        format!("grundy.Ruleset('{}')", self.rules.term())
    }

    fn __str__(&self) -> String {
        self.rules.term()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Ruleset>()
            .is_ok_and(|o| o.get().rules.term() == self.rules.term())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.rules.term().hash(&mut h);
        h.finish()
    }
}

impl Ruleset {
    /// The ruleset `rules`, with the family its term names.
    pub fn of(rules: Arc<dyn AnyRules>) -> Self {
        let term = rules.term();
        let name = term.split(['{', ':']).next().unwrap_or_default();
        let family = registry::family(name).expect("a ruleset's term names its family");
        Ruleset { rules, family }
    }
}

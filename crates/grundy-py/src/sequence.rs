//! Grundy sequences as Python objects: the values as a NumPy array, the proven period with its
//! certificate, `G(n)` for ints of any size, and the chart.
//!
//! A [`Sequence`] owns the core's computation ([`grundy_core::kernel::heap_sequence::Computation`],
//! the one behind `grundy sequence`) and reads every answer from the core's
//! [`grundy_core::sequence::report::Report`]: the same values, period, certificate and
//! messages as the command line.

use std::sync::{Arc, Mutex, MutexGuard};

use grundy_core::games::octal::MAX_RUN_VALUES;
use grundy_core::kernel::component::AnyRules;
use grundy_core::kernel::heap_sequence::{Computation, HeapSequence, Theorem};
use grundy_core::nimber::Nimber;
use grundy_core::registry::sequences::of_rules;
use grundy_core::sequence::document::{self, Style};
use grundy_core::sequence::report::{plan, the, AtAnswer, PeriodStatus, Report, Request};
use grundy_core::spec::parse_big;
use grundy_core::GameError;
use numpy::PyArray1;
use pyo3::exceptions::{PyIndexError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PySlice};

use crate::convert::int_text;
use crate::error::{game_error, grundy_error, Interrupted, IntoPy};
use crate::interrupt::{run_sequence, Progress};

/// How many values are read from the engine at a time into the NumPy array.
const BLOCK: usize = 1 << 16;

/// The Grundy sequence G(0), G(1), ... of a heap game, computed by the engine.
///
/// Made by :meth:`Ruleset.sequence`. ``values`` is a read-only NumPy array of G(0..count)
/// (``uint32``; values beyond the computed ones come from the proven period); ``period`` is
/// the proven :class:`Period` with its certificate, or ``None``; ``at(n)`` answers a heap of
/// any size; ``seq[n]`` is ``seq.at(n)``.
///
/// >>> import grundy
/// >>> seq = grundy.Subtraction({1, 4, 9}).sequence(20)
/// >>> seq.values
/// array([0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2], dtype=uint32)
/// >>> print(seq.period)
/// Period 5 from n = 0 (the least period, and the least preperiod for it).
/// Proof: G(n + 5) = G(n) for the 9 consecutive n = 242..250 (as many as the largest move), so it holds for every n >= 242 (each value depends only on the 9 below it).
/// Below n = 242, the computed values G(0..255) show G(n + 5) = G(n) from n = 0.
/// >>> seq.at(10**30 + 4)
/// 2
/// >>> seq[-1], len(seq)
/// (2, 20)
#[pyclass(module = "grundy", frozen)]
pub struct Sequence {
    rules: Arc<dyn AnyRules>,
    /// The `Ruleset` that started it (given by `Ruleset.sequence`, so that this file does not
    /// import the one that imports it).
    ruleset: Py<PyAny>,
    state: Mutex<State>,
}

struct State {
    computation: Box<dyn Computation>,
    /// How many values to list; with `list_all`, every value computed.
    count: u64,
    list_all: bool,
    until_period: Option<u64>,
    /// Whether the last run reached its end (false after Ctrl-C).
    complete: bool,
    /// The NumPy array of the values listed, once made.
    values: Option<Py<PyAny>>,
}

impl State {
    fn request(&self) -> Request {
        Request {
            count: if self.list_all {
                self.computation.computed()
            } else {
                self.count
            },
            at: None,
            until_period: self.until_period,
        }
    }
}

/// `count`: a whole number from 0 to the most a run holds.
fn count_arg(count: &Bound<'_, PyAny>) -> PyResult<u64> {
    let text = int_text(count, "count")?;
    match text.parse::<u64>() {
        Ok(n) if n <= MAX_RUN_VALUES => Ok(n),
        _ => Err(game_error(GameError::out_of_range(
            "count",
            text,
            format!("a whole number from 0 to {MAX_RUN_VALUES}"),
        ))),
    }
}

/// `until_period`: `True` (up to the game's search limit), an int (a lower limit), or
/// `None`/`False`.
fn until_arg(until: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    match until {
        None => Ok(None),
        Some(u) if u.is_instance_of::<PyBool>() => Ok(u.is_truthy()?.then_some(u64::MAX)),
        Some(u) => {
            let text = int_text(u, "until_period")?;
            text.parse::<u64>().map(Some).map_err(|_| {
                game_error(GameError::out_of_range(
                    "until_period",
                    text,
                    "True, or a whole number of values to search up to",
                ))
            })
        }
    }
}

/// `threads`: 1 or 2, for the octal solver (as the command line's `--threads`).
fn threads_arg(seq: &dyn HeapSequence, threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads else {
        return Ok(2);
    };
    let text = int_text(threads, "threads")?;
    let n = match text.parse::<usize>() {
        Ok(n @ 1..=2) => n,
        _ => {
            return Err(grundy_error(format!(
                "threads {text:?} is not allowed: expected 1 or 2"
            )))
        }
    };
    if seq.max_threads() < 2 {
        return Err(grundy_error(format!(
            "threads applies to octal games and Grundy's game (their solver can use a second \
             thread); {} is computed on one thread",
            the(&seq.game().title)
        )));
    }
    Ok(n)
}

impl Sequence {
    /// Starts and runs the sequence of `rules` (see `Ruleset.sequence`), `ruleset` being the
    /// Python `Ruleset` of `rules`.
    pub fn start(
        py: Python<'_>,
        rules: Arc<dyn AnyRules>,
        ruleset: Py<PyAny>,
        count: Option<&Bound<'_, PyAny>>,
        until_period: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        progress: Progress,
    ) -> PyResult<Py<Sequence>> {
        let Some(seq) = rules.sequence() else {
            return Err(of_rules(Arc::clone(&rules)).err().map_or_else(
                || grundy_error("this ruleset has no Grundy sequence"),
                game_error,
            ));
        };
        let until_period = until_arg(until_period)?;
        let (count, list_all) = match count {
            Some(c) => (count_arg(c)?, false),
            None if until_period.is_some() => (0, true),
            None => (40, false),
        };
        let request = Request {
            count,
            at: None,
            until_period,
        };
        let target = plan(seq, &request).map_err(|e| grundy_error(e.message))?;
        let threads = threads_arg(seq, threads)?;
        let mut computation = seq.start(target).py()?;
        computation.set_threads(threads);
        let state = State {
            computation,
            count,
            list_all,
            until_period,
            complete: false,
            values: None,
        };
        let sequence = Py::new(
            py,
            Sequence {
                rules,
                ruleset,
                state: Mutex::new(state),
            },
        )?;
        Sequence::compute(sequence.bind(py), &progress)?;
        Ok(sequence)
    }

    fn seq(&self) -> &dyn HeapSequence {
        self.rules
            .sequence()
            .expect("checked when the sequence started")
    }

    /// The state; an error when another thread is computing this sequence.
    fn lock(&self) -> PyResult<MutexGuard<'_, State>> {
        self.state.try_lock().map_err(|_| {
            PyRuntimeError::new_err("this sequence is being computed by another thread")
        })
    }

    /// Runs the computation to its target (or its period); Ctrl-C raises `Interrupted`.
    fn compute(slf: &Bound<'_, Self>, progress: &Progress) -> PyResult<()> {
        let py = slf.py();
        let this = slf.get();
        let mut state = this.lock()?;
        let stopped = run_sequence(py, state.computation.as_mut(), progress)?;
        state.complete = stopped.finished;
        state.values = None;
        if let Some(interrupt) = stopped.interrupt {
            let (done, target) = (state.computation.computed(), state.computation.target());
            drop(state);
            let err = Interrupted::new_err(format!(
                "interrupted: {done} of {target} values computed; they are kept in this \
                 exception's `sequence` (its resume() goes on from there)"
            ));
            err.value(py).setattr("sequence", slf)?;
            err.set_cause(py, Some(interrupt));
            return Err(err);
        }
        // A finished run lists every value asked for, or says which one is unknown.
        Report::new(
            this.seq(),
            state.computation.as_ref(),
            &state.request(),
            state.complete,
        )
        .py()?;
        Ok(())
    }

    /// `f` of the report of what is computed.
    fn with_report<T>(&self, f: impl FnOnce(&Report<'_>) -> T) -> PyResult<T> {
        let state = self.lock()?;
        let report = Report::new(
            self.seq(),
            state.computation.as_ref(),
            &state.request(),
            state.complete,
        )
        .py()?;
        Ok(f(&report))
    }

    /// G(n) for a heap of any size, computing more values first if the game needs them.
    fn answer(
        slf: &Bound<'_, Self>,
        n: &Bound<'_, PyAny>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<AtAnswer> {
        let py = slf.py();
        let this = slf.get();
        let n = parse_big(&int_text(n, "n")?, "heap").py()?;
        let request = {
            let state = this.lock()?;
            Request {
                count: 0,
                at: Some(n),
                until_period: state.until_period,
            }
        };
        let target = plan(this.seq(), &request).map_err(|e| grundy_error(e.message))?;
        let more = {
            let mut state = this.lock()?;
            let c = &mut state.computation;
            let known = c.proven().is_some()
                || request
                    .at
                    .as_ref()
                    .is_some_and(|n| *n < c.computed().into());
            if !known && target > c.computed() {
                let wanted = target.max(c.target());
                c.set_target(wanted).py()?;
                true
            } else {
                false
            }
        };
        if more {
            Sequence::compute(slf, &Progress::from_arg(py, progress)?)?;
        }
        let state = this.lock()?;
        let report = Report::new(this.seq(), state.computation.as_ref(), &request, true).py()?;
        Ok(report.at.expect("a complete report answers the heap asked"))
    }

    /// G(0..count) read from the engine into one array that NumPy then owns.
    fn read_values(
        py: Python<'_>,
        computation: &mut dyn Computation,
        count: u64,
    ) -> PyResult<Py<PyAny>> {
        let read = py.detach(move || -> Result<Values, GameError> {
            let mut values = Values::Narrow(Vec::with_capacity(count as usize));
            let mut block = vec![0 as Nimber; BLOCK];
            let mut start = 0u64;
            while start < count {
                let len = (count - start).min(BLOCK as u64) as usize;
                if !computation.values_into(start, &mut block[..len]) {
                    return Err(GameError::too_large(
                        format!("G({start})"),
                        "it is unknown: no period is proven within the values computed",
                    ));
                }
                values.extend(&block[..len]);
                start += len as u64;
            }
            Ok(values)
        });
        let array = match read.py()? {
            Values::Narrow(v) => PyArray1::from_vec(py, v).into_any(),
            Values::Wide(v) => PyArray1::from_vec(py, v).into_any(),
        };
        let kwargs = PyDict::new(py);
        kwargs.set_item("write", false)?;
        array.call_method("setflags", (), Some(&kwargs))?;
        Ok(array.unbind())
    }
}

/// Values as `uint32` while they fit (they always have so far), `uint64` otherwise.
enum Values {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

impl Values {
    fn extend(&mut self, block: &[Nimber]) {
        if let Values::Narrow(v) = self {
            if block.iter().all(|&x| x <= u32::MAX as Nimber) {
                v.extend(block.iter().map(|&x| x as u32));
                return;
            }
            *self = Values::Wide(v.iter().map(|&x| x as u64).collect());
        }
        if let Values::Wide(v) = self {
            v.extend_from_slice(block);
        }
    }
}

#[pymethods]
impl Sequence {
    /// G(0..count) as a read-only NumPy array (``uint32``), read from the engine once.
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let mut state = self.lock()?;
        if let Some(v) = &state.values {
            return Ok(v.clone_ref(py));
        }
        let count = Report::new(
            self.seq(),
            state.computation.as_ref(),
            &state.request(),
            state.complete,
        )
        .py()?
        .count;
        let array = Sequence::read_values(py, state.computation.as_mut(), count)?;
        state.values = Some(array.clone_ref(py));
        Ok(array)
    }

    /// The proven period with its certificate, or ``None`` (see :attr:`period_text`).
    #[getter]
    fn period(&self) -> PyResult<Option<Period>> {
        self.with_report(|r| match &r.period {
            PeriodStatus::Proven(c) => Some(Period {
                period: c.period,
                preperiod: c.preperiod,
                saltus: c.saltus,
                // The theorem's name as the wire writes it (`{"name": "guy-smith", ...}`).
                theorem: serde_json::to_value(c.theorem)
                    .ok()
                    .and_then(|t| Some(t.get("name")?.as_str()?.to_string()))
                    .unwrap_or_default(),
                bound: match c.theorem {
                    Theorem::Window { window } => window,
                    Theorem::GuySmith { max_removed }
                    | Theorem::GuySmithHeaps { max_removed, .. } => max_removed,
                    Theorem::MoveClasses { block, .. } => block,
                    Theorem::AllBut { max_excluded } => max_excluded,
                },
                checked: c.checked,
                compared: (c.compared.from, c.compared.to),
                text: c.text.clone(),
            }),
            _ => None,
        })
    }

    /// The period and its proof in sentences, or why there is none (as ``grundy sequence
    /// --period`` prints it).
    ///
    /// >>> import grundy
    /// >>> print(grundy.GrundysGame.sequence(10).period_text)
    /// No period is claimed: none is known, and the Guy-Smith theorem does not apply to it; 10 values computed.
    #[getter]
    fn period_text(&self) -> PyResult<String> {
        self.with_report(|r| r.period.text().to_string())
    }

    /// G(n) for a heap ``n`` of any size: from the computed values, from the proven period,
    /// or computed now when the game needs more values (Ctrl-C stops it).
    #[pyo3(signature = (n, *, progress = None))]
    fn at(
        slf: &Bound<'_, Self>,
        n: &Bound<'_, PyAny>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Nimber> {
        Ok(Sequence::answer(slf, n, progress)?.value)
    }

    /// G(n) in a sentence, saying how the period gives it.
    ///
    /// >>> import grundy
    /// >>> grundy.Subtraction({1, 4, 9}).sequence().explain_at(10**18)
    /// 'G(1000000000000000000) = 0 (from the period: 1000000000000000000 - 0 = 0 (mod 5), so G(1000000000000000000) = G(0))'
    #[pyo3(signature = (n, *, progress = None))]
    fn explain_at(
        slf: &Bound<'_, Self>,
        n: &Bound<'_, PyAny>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        Ok(Sequence::answer(slf, n, progress)?.text)
    }

    /// Lists ``count`` values from now on, computing more if needed.
    #[pyo3(signature = (count, *, progress = None))]
    fn extend(
        slf: &Bound<'_, Self>,
        count: &Bound<'_, PyAny>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let py = slf.py();
        let this = slf.get();
        let count = count_arg(count)?;
        {
            let mut state = this.lock()?;
            let request = Request {
                count,
                at: None,
                until_period: state.until_period,
            };
            let target = plan(this.seq(), &request).map_err(|e| grundy_error(e.message))?;
            if target > state.computation.target() {
                state.computation.set_target(target).py()?;
            }
            state.count = count;
            state.list_all = false;
            state.values = None;
        }
        Sequence::compute(slf, &Progress::from_arg(py, progress)?)
    }

    /// Goes on with a computation that Ctrl-C stopped.
    #[pyo3(signature = (*, progress = None))]
    fn resume(slf: &Bound<'_, Self>, progress: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        Sequence::compute(slf, &Progress::from_arg(slf.py(), progress)?)
    }

    /// How many values are listed: G(0..count).
    #[getter]
    fn count(&self) -> PyResult<u64> {
        self.with_report(|r| r.count)
    }

    /// How many values the engine computed (the others follow from the period).
    #[getter]
    fn computed(&self) -> PyResult<u64> {
        Ok(self.lock()?.computation.computed())
    }

    /// False when Ctrl-C stopped the last computation before its end.
    #[getter]
    fn complete(&self) -> PyResult<bool> {
        Ok(self.lock()?.complete)
    }

    /// The ruleset.
    #[getter]
    fn ruleset(&self, py: Python<'_>) -> Py<PyAny> {
        self.ruleset.clone_ref(py)
    }

    /// The game's title: ``Subtraction game S = {1,4,9}``.
    #[getter]
    fn title(&self) -> String {
        self.seq().game().title
    }

    /// The report as ``grundy sequence`` prints it (with the period's proof when ``period``).
    #[pyo3(signature = (period = true))]
    fn to_text(&self, period: bool) -> PyResult<String> {
        self.write(Style::Text {
            show_period: period,
        })
    }

    /// The report as ``grundy sequence --format csv`` writes it.
    fn to_csv(&self) -> PyResult<String> {
        self.write(Style::Csv)
    }

    /// The report as ``grundy sequence --json`` prints it.
    fn to_json(&self) -> PyResult<String> {
        self.write(Style::PrettyJson)
    }

    /// The chart of the values (G(n) against n, one period shaded) as an SVG document.
    fn svg(&self) -> PyResult<String> {
        self.with_report(|r| grundy_chart::svg(&grundy_chart::Chart::of(r)))
    }

    /// The chart as an object a notebook draws (its ``str`` is the SVG document).
    ///
    /// >>> import grundy
    /// >>> chart = grundy.Octal("0.77").sequence(200).plot()
    /// >>> str(chart).startswith("<svg") and "period 12 from n = 71" in str(chart)
    /// True
    fn plot(&self) -> PyResult<Svg> {
        Ok(Svg { svg: self.svg()? })
    }

    /// The values as a pandas DataFrame indexed by ``n`` (pandas is optional: ``pip install
    /// 'grundy[pandas]'``), with the period in its ``attrs``.
    fn to_pandas(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        crate::convert::table(slf.as_any(), "sequence")
    }

    fn _repr_html_(&self) -> PyResult<String> {
        self.with_report(|r| {
            crate::html::sequence(r, &grundy_chart::svg(&grundy_chart::Chart::of(r)))
        })
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.count()? as usize)
    }

    fn __getitem__(slf: &Bound<'_, Self>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if index.cast::<PySlice>().is_ok() {
            let values = slf.get().values(py)?;
            return Ok(values.bind(py).get_item(index)?.unbind());
        }
        let negative = index.lt(0)?;
        let n = if negative {
            let from_end = index.add(slf.get().count()?)?;
            if from_end.lt(0)? {
                return Err(PyIndexError::new_err(format!(
                    "index {} is before G(0)",
                    index.str()?
                )));
            }
            from_end
        } else {
            index.clone()
        };
        Ok(Sequence::answer(slf, &n, None)?
            .value
            .into_pyobject(py)?
            .into_any()
            .unbind())
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(self.values(py)?.bind(py).try_iter()?.into_any().unbind())
    }

    fn __repr__(&self) -> PyResult<String> {
        let term = self.rules.term();
        self.with_report(|r| {
            let period = match r.period.period() {
                Some(p) => format!("period {} from n = {}", p.period, p.preperiod),
                None => "no period proven".into(),
            };
            let stopped = if r.complete { "" } else { ", interrupted" };
            format!(
                "<grundy.Sequence {term}: {} values, {period}{stopped}>",
                r.count
            )
        })
    }
}

impl Sequence {
    fn write(&self, style: Style) -> PyResult<String> {
        let out = self.with_report(|r| {
            let mut out = Vec::new();
            document::write(r, style, &mut out).map(|()| out)
        })?;
        let bytes = out.map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(String::from_utf8(bytes).expect("reports are UTF-8"))
    }
}

/// A proven period and its certificate: which theorem, which values were compared.
///
/// >>> import grundy
/// >>> p = grundy.Octal("kayles").sequence(until_period=True).period
/// >>> p.period, p.preperiod, p.theorem, p.bound, p.compared
/// (12, 71, 'guy-smith', 2, (71, 156))
#[pyclass(module = "grundy", frozen, get_all)]
pub struct Period {
    /// The least period p.
    pub period: u64,
    /// The least preperiod for it: G(n + p) = G(n) + saltus for every n >= preperiod.
    pub preperiod: u64,
    /// What a period adds to the values: 0 for an ordinary period, positive for an
    /// arithmetic-periodic sequence (take-and-break codes such as ``0.8``).
    pub saltus: u64,
    /// The theorem that makes the finite check a proof: ``'window'`` (each value depends only
    /// on the ``bound`` values below it: subtraction games), ``'guy-smith'`` (Guy and Smith,
    /// 1956: octal games whose moves remove at most ``bound`` tokens), ``'guy-smith-heaps'``
    /// (their argument for moves leaving up to three heaps) or ``'move-classes'`` (the
    /// move-class test for take-and-break codes, with blocks of ``bound`` heaps; see
    /// docs/theory.md).
    pub theorem: String,
    /// The theorem's bound: the window (largest move), the most tokens a move removes, or the
    /// block of the move-class test.
    pub bound: u64,
    /// G(0..checked) were computed.
    pub checked: u64,
    /// G(n + p) = G(n) (+ saltus) was compared for ``compared[0] <= n < compared[1]`` (with the
    /// block for ``'move-classes'``), as the theorem needs.
    pub compared: (u64, u64),
    /// The proof in sentences.
    pub text: String,
}

#[pymethods]
impl Period {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!(
            "<grundy.Period {} from n = {} ({}, {} values)>",
            self.period, self.preperiod, self.theorem, self.checked
        )
    }
}

/// A picture in SVG, drawn by a notebook; ``str()`` gives the document.
#[pyclass(module = "grundy", frozen)]
pub struct Svg {
    svg: String,
}

#[pymethods]
impl Svg {
    fn _repr_svg_(&self) -> &str {
        &self.svg
    }

    fn __str__(&self) -> &str {
        &self.svg
    }

    fn __repr__(&self) -> String {
        format!("<grundy.Svg {} bytes>", self.svg.len())
    }
}

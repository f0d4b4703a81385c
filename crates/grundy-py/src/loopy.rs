//! Loopy games as Python objects: the core's loopy families ([`grundy_core::loopy`]), where
//! play may cycle and a position may be a draw.
//!
//! ``grundy.Digraph``, ``grundy.WindUp``, ``grundy.LoopySub``, ``grundy.SquareButOne`` and
//! ``grundy.FairShares`` are named from [`grundy_core::loopy::family::LOOPY_REGISTRY`] at
//! import, as the short families are from the registry.

use std::sync::Arc;

use grundy_core::loopy::family::LOOPY_REGISTRY;

use grundy_core::loopy::rules::LoopyFamily as CoreFamily;
use grundy_core::loopy::LoopyReport;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::convert::param_text;
use crate::error::{grundy_error, IntoPy};

/// A family of loopy rulesets: call it with its parameters for a :class:`LoopyRuleset`.
///
/// >>> import grundy
/// >>> grundy.WindUp(5, {1, 3})
/// grundy.LoopyRuleset('windup{5;1,3}')
/// >>> grundy.Digraph([(0, 1), (1, 0), (0, 2)])(0).outcome
/// 'N'
#[pyclass(module = "grundy", frozen)]
pub struct LoopyFamily {
    inner: &'static CoreFamily,
}

#[pymethods]
impl LoopyFamily {
    /// The name in terms: ``windup``.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name
    }

    /// The game's name for people.
    #[getter]
    fn title(&self) -> &'static str {
        self.inner.title
    }

    /// The rules in a sentence or two.
    #[getter]
    fn rules(&self) -> &'static str {
        self.inner.rules
    }

    /// The parameters' names, in order.
    #[getter]
    fn params(&self) -> Vec<&'static str> {
        self.inner.params.iter().map(|p| p.name).collect()
    }

    /// A whole term, as an example.
    #[getter]
    fn example(&self) -> &'static str {
        self.inner.example
    }

    /// The rules with these parameters (by position or by name): a list of pairs, or a str,
    /// for a digraph's edges; a set or list of ints for amounts.
    #[pyo3(signature = (*args, **kwargs))]
    fn __call__(
        &self,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<LoopyRuleset> {
        let mut texts = Vec::new();
        for (i, param) in self.inner.params.iter().enumerate() {
            let value = match args.get_item(i) {
                Ok(v) => v,
                Err(_) => match kwargs.and_then(|k| k.get_item(param.name).ok().flatten()) {
                    Some(v) => v,
                    None => {
                        return Err(grundy_error(format!(
                            "{} needs its parameter {} ({}), e.g. {}",
                            self.inner.name, param.name, param.help, self.inner.example
                        )))
                    }
                },
            };
            texts.push(edge_or_param_text(&value, param.name)?);
        }
        if args.len() > self.inner.params.len() {
            return Err(grundy_error(format!(
                "{} takes {} parameters, not {}",
                self.inner.name,
                self.inner.params.len(),
                args.len()
            )));
        }
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let rules = self.inner.rules(&refs).py()?;
        Ok(LoopyRuleset { term: rules.term() })
    }

    fn __repr__(&self) -> String {
        format!("grundy.loopy_family('{}')", self.inner.name)
    }
}

/// A list of `(a, b)` pairs as `a>b,...` (a digraph's edges); anything else as a parameter.
fn edge_or_param_text(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    if let Ok(pairs) = value.extract::<Vec<(u64, u64)>>() {
        let items: Vec<String> = pairs.iter().map(|(a, b)| format!("{a}>{b}")).collect();
        return Ok(items.join(","));
    }
    param_text(value, name)
}

/// Loopy rules: call them with positions for a :class:`LoopyPosition`.
///
/// >>> import grundy
/// >>> grundy.SquareButOne(5).outcome
/// 'P'
#[pyclass(module = "grundy", frozen)]
pub struct LoopyRuleset {
    term: String,
}

#[pymethods]
impl LoopyRuleset {
    /// The rules in the text format.
    #[getter]
    fn term(&self) -> &str {
        &self.term
    }

    /// A position of these rules: a vertex or a heap per argument (several are a sum), or
    /// for Fair Shares the heaps of one position.
    #[pyo3(signature = (*positions))]
    fn __call__(&self, positions: &Bound<'_, PyTuple>) -> PyResult<LoopyPosition> {
        let numbers: Vec<String> = positions
            .iter()
            .map(|p| crate::convert::int_text(&p, "position"))
            .collect::<PyResult<_>>()?;
        LoopyPosition::parse(
            positions.py(),
            &format!("{}:{}", self.term, numbers.join(",")),
        )
    }

    fn __repr__(&self) -> String {
        format!("grundy.LoopyRuleset('{}')", self.term)
    }
}

/// A loopy position (a sum of loopy components): its generalized value γ, its outcome
/// (``'P'``, ``'N'`` or ``'draw'``) and the moves that win or keep the draw.
///
/// >>> import grundy
/// >>> p = grundy.Digraph("0>1,1>0,0>2")(0) + grundy.WindUp(5, {1, 3})(1)
/// >>> p.value, p.outcome
/// ('∞{1}', 'draw')
/// >>> [m.text for m in p.moves]
/// ['heap 2: 1 -> 3 (subtract 3 mod 5)']
#[pyclass(module = "grundy", frozen)]
pub struct LoopyPosition {
    report: Arc<LoopyReport>,
}

impl LoopyPosition {
    /// The position written `text`, analysed as every other question of the package is: with
    /// the GIL released (Ctrl-C stops it) and within the budget of a question (ten minutes,
    /// 1 GiB), which the exploration and labelling of its graphs keep.
    fn parse(py: Python<'_>, text: &str) -> PyResult<Self> {
        let text = text.to_owned();
        let report = crate::interrupt::run(py, move || {
            grundy_core::answer::loopy(&text, &crate::position::question_budget())
        })?;
        Ok(LoopyPosition {
            report: Arc::new(report),
        })
    }
}

/// A move of a loopy position.
#[pyclass(module = "grundy", frozen, get_all)]
pub struct LoopyMove {
    /// The component moved, from 1.
    pub component: usize,
    /// The move in words.
    pub text: String,
    /// The whole position after it, in the text format.
    pub after: String,
    /// Its value after it.
    pub value_after: String,
}

#[pymethods]
impl LoopyMove {
    fn __repr__(&self) -> String {
        format!("<move {}>", self.text)
    }
}

fn move_of(mv: &grundy_core::loopy::LoopyMove) -> LoopyMove {
    LoopyMove {
        component: mv.component,
        text: mv.to_string(),
        after: mv.after.clone(),
        value_after: mv.value_after.clone(),
    }
}

#[pymethods]
impl LoopyPosition {
    /// γ of the sum, written: ``'3'``, ``'∞{0,2}'``.
    #[getter]
    fn value(&self) -> &str {
        &self.report.value_text
    }

    /// ``'P'``, ``'N'`` or ``'draw'``.
    #[getter]
    fn outcome(&self) -> &'static str {
        match self.report.outcome {
            grundy_core::loopy::Outcome::P => "P",
            grundy_core::loopy::Outcome::N => "N",
            grundy_core::loopy::Outcome::Draw => "draw",
        }
    }

    /// Each component's γ, written.
    #[getter]
    fn values(&self) -> Vec<String> {
        self.report
            .components
            .iter()
            .map(|c| c.value_text.clone())
            .collect()
    }

    /// The winning moves of an N-position, the moves that keep a draw, none at a P-position.
    #[getter]
    fn moves(&self) -> Vec<LoopyMove> {
        self.report.moves.iter().map(move_of).collect()
    }

    /// The strategy's move (the winning move that provably ends the play), or None.
    #[getter]
    fn best_move(&self) -> Option<LoopyMove> {
        self.report.best.as_ref().map(move_of)
    }

    /// The analysis as a dict: the JSON document of ``grundy analyze loopy --json``.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let json = serde_json::to_string(self.report.as_ref()).expect("reports always serialise");
        Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
    }

    /// The sum with another loopy position, or with a position of games that end
    /// (``grundy.Nim(1)``): those stand in a loopy sum with their Grundy values.
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Some(terms) = terms_of(other)? else {
            return Ok(py.NotImplemented());
        };
        let sum = Self::parse(py, &format!("{} + {terms}", self.report.position))?;
        Ok(Py::new(py, sum)?.into_any())
    }

    /// A position of games that end plus this one (``grundy.Nim(1) + loopy``).
    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Some(terms) = terms_of(other)? else {
            return Ok(py.NotImplemented());
        };
        let sum = Self::parse(py, &format!("{terms} + {}", self.report.position))?;
        Ok(Py::new(py, sum)?.into_any())
    }

    fn __str__(&self) -> &str {
        &self.report.position
    }

    fn __repr__(&self) -> String {
        format!("grundy.parse_loopy('{}')", self.report.position)
    }
}

/// The terms of `other` in a loopy sum: a loopy position's, or a position of games that end
/// (refused when it cannot stand there: [`crate::position::Position::loopy_term`]); `None` for
/// anything else.
fn terms_of(other: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if let Ok(loopy) = other.cast::<LoopyPosition>() {
        return Ok(Some(loopy.get().report.position.clone()));
    }
    if let Ok(ended) = other.cast::<crate::position::Position>() {
        return Ok(Some(ended.get().loopy_term()?.to_string()));
    }
    Ok(None)
}

/// The loopy position written ``text``: ``digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1``.
///
/// >>> import grundy
/// >>> grundy.parse_loopy("square-but-one:9").outcome
/// 'N'
#[pyfunction]
pub fn parse_loopy(py: Python<'_>, text: &str) -> PyResult<LoopyPosition> {
    LoopyPosition::parse(py, text)
}

/// Every loopy family, in the engine's order.
#[pyfunction]
pub fn loopy_families() -> Vec<LoopyFamily> {
    LOOPY_REGISTRY
        .iter()
        .map(|&inner| LoopyFamily { inner })
        .collect()
}

/// The loopy family named ``name`` (or an alias).
#[pyfunction]
pub fn loopy_family(name: &str) -> PyResult<LoopyFamily> {
    grundy_core::loopy::family::loopy_family(name)
        .map(|inner| LoopyFamily { inner })
        .ok_or_else(|| grundy_error(format!("no loopy family is named {name:?}")))
}

//! Misère quotients and genera of heap games, from the core's [`grundy_core::misere`]: the
//! answers of `grundy misere quotient` and `grundy misere genus`, as Python objects.
//!
//! A quotient is computed heap by heap on a worker thread (the core's
//! [`grundy_core::misere::QuotientRun`]) while the calling thread reports progress and looks
//! for Ctrl-C, which stops the run through the core's cancel flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use grundy_core::kernel::cancel;
use grundy_core::kernel::component::AnyRules;
use grundy_core::misere::game::{heap_game_of, OptionTable};
use grundy_core::misere::genus::{tame_sum_outcome, HeapGenus};
use grundy_core::misere::genus_quotient::heap_genera;
use grundy_core::misere::quotient::{Limits, MisereQuotient as Quotient, MAX_QUOTIENT_HEAP};
use grundy_core::misere::QuotientRun;
use grundy_core::sum::Outcome;
use grundy_core::wire::{GenusRow, QuotientDoc};
use grundy_core::GameError;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::convert::int_text;
use crate::error::{game_error, IntoPy};
use crate::interrupt::{self, Progress, POLL_TIME};

/// Most heaps whose genera are computed at once (the command line's `--count`).
pub const MAX_GENUS_COUNT: u64 = 64;

/// A whole number argument from `low` to `high`, or the error naming it.
fn bounded(value: &Bound<'_, PyAny>, what: &str, low: u64, high: u64) -> PyResult<u64> {
    let text = int_text(value, what)?;
    match text.parse::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(game_error(GameError::out_of_range(
            what,
            text,
            format!("a whole number from {low} to {high}"),
        ))),
    }
}

/// The proven misère quotient `Q_N` of a heap game: every position whose heaps have at most
/// ``max_heap`` tokens pretends to be an element of this commutative monoid, and its misère
/// outcome is whether that element lies in the P-portion (Plambeck and Siegel, *Misère
/// quotients for impartial games*, 2008). The same quotient as ``grundy misere quotient``.
///
/// >>> import grundy
/// >>> q = grundy.Octal("0.07").misere_quotient(max_heap=12)
/// >>> q.order, q.generators, q.p_portion
/// (12, ['a', 'b', 'c'], ['a', 'ac', 'b^2'])
/// >>> q.relations[:2]
/// ['c^2 = 1', 'a^2 = 1']
/// >>> q.pretending[:6]
/// ['1', '1', 'a', 'a', 'b', '1']
/// >>> q.element_of([2, 4]), q.outcome([2]), q.outcome([2, 2])
/// ('ab', 'P', 'N')
#[pyclass(module = "grundy", frozen)]
pub struct MisereQuotient {
    q: Arc<Quotient>,
}

#[pymethods]
impl MisereQuotient {
    /// The game, as the command line names it: ``0.07``, ``sub{1,2}``.
    #[getter]
    fn game(&self) -> &str {
        &self.q.game
    }

    /// ``N``: every position with heaps of at most ``N`` tokens is covered.
    #[getter]
    fn max_heap(&self) -> usize {
        self.q.max_heap
    }

    /// The number of elements.
    #[getter]
    fn order(&self) -> usize {
        self.q.order()
    }

    /// Every element, in the generators' normal form (``1`` is the identity).
    #[getter]
    fn elements(&self) -> Vec<String> {
        (0..self.q.order() as u32)
            .map(|e| self.q.element_text(e))
            .collect()
    }

    /// The generators' names: ``['a', 'b', 'c']``.
    #[getter]
    fn generators(&self) -> Vec<String> {
        self.doc().generators
    }

    /// The defining relations, e.g. ``'a^2 = 1'``.
    #[getter]
    fn relations(&self) -> Vec<String> {
        self.doc().relations
    }

    /// The P-portion: the elements whose positions are misère P-positions.
    #[getter]
    fn p_portion(&self) -> Vec<String> {
        self.doc().p_portion
    }

    /// The pretending function: ``pretending[h]`` is the element of a heap of ``h`` tokens.
    #[getter]
    fn pretending(&self) -> Vec<String> {
        self.doc().pretending
    }

    /// The normal-play values G(0..=N), beside the quotient.
    #[getter]
    fn normal_values(&self) -> Vec<u64> {
        self.q.normal_values.clone()
    }

    /// The order of the normal-play quotient (the group of nim-values under XOR).
    #[getter]
    fn normal_order(&self) -> usize {
        self.q.normal_order()
    }

    /// ``orders[n]``: the order of ``Q_n`` for ``n`` from 0 to ``N`` (how the quotient grew).
    #[getter]
    fn orders(&self) -> Vec<usize> {
        self.q.orders.clone()
    }

    /// The element a position of these heaps pretends to be.
    fn element_of(&self, heaps: &Bound<'_, PyAny>) -> PyResult<String> {
        let heaps = self.heaps(heaps)?;
        Ok(self.q.element_text(self.q.element_of(&heaps)))
    }

    /// The misère outcome of the position of these heaps: ``'P'`` or ``'N'``.
    fn outcome(&self, heaps: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let heaps = self.heaps(heaps)?;
        let e = self.q.element_of(&heaps);
        Ok(if self.q.p_portion[e as usize] {
            "P"
        } else {
            "N"
        })
    }

    /// The quotient as ``grundy misere quotient ... --json`` writes it.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let doc = serde_json::to_string(&self.doc())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(py.import("json")?.call_method1("loads", (doc,))?.unbind())
    }

    /// The quotient as ``grundy misere quotient`` prints it.
    fn to_text(&self) -> String {
        let q = &self.q;
        let mut lines = vec![
            format!(
                "Misère quotient of {} with heaps up to {}: order {} (proven for every \
                 position; reduced)",
                q.game,
                q.max_heap,
                q.order()
            ),
            format!("generators: {}", self.generators().join(", ")),
            "relations:".to_string(),
        ];
        lines.extend(self.relations().iter().map(|r| format!("  {r}")));
        lines.push(format!("P-portion: {{{}}}", self.p_portion().join(", ")));
        lines.push("heap  element  normal value".to_string());
        for (h, e) in self.pretending().iter().enumerate().skip(1) {
            lines.push(format!("{h:>4}  {e:<7}  {}", q.normal_values[h]));
        }
        lines.push(format!(
            "normal-play quotient: order {} (the group of nim-values under XOR)",
            q.normal_order()
        ));
        let growth: Vec<String> = q.orders.iter().map(|o| o.to_string()).collect();
        lines.push(format!(
            "order of Q_0..Q_{}: {}",
            q.max_heap,
            growth.join(" ")
        ));
        lines.join("\n") + "\n"
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "<grundy.MisereQuotient of {} with heaps up to {}: order {}, P-portion {{{}}}>",
            self.q.game,
            self.q.max_heap,
            self.q.order(),
            self.p_portion().join(", ")
        )
    }
}

impl MisereQuotient {
    /// The quotient's document, as every door writes it.
    fn doc(&self) -> QuotientDoc {
        QuotientDoc::of(&self.q)
    }

    /// Heaps given from Python: each a whole number from 0 to `N`.
    fn heaps(&self, heaps: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let n = self.q.max_heap as u64;
        heaps
            .try_iter()?
            .map(|h| Ok(bounded(&h?, "heap", 0, n)? as usize))
            .collect()
    }
}

/// What the quotient's worker thread sends back.
enum Message {
    /// Heap `n` of `target` is adjoined.
    Heap(usize, usize),
    /// The run ended.
    Done(Box<Result<Quotient, GameError>>),
}

/// `Ruleset.misere_quotient`: checks the arguments as the command line does, then computes.
pub fn quotient(
    py: Python<'_>,
    rules: Arc<dyn AnyRules>,
    max_heap: &Bound<'_, PyAny>,
    seconds: &Bound<'_, PyAny>,
    max_order: &Bound<'_, PyAny>,
    progress: Progress,
) -> PyResult<MisereQuotient> {
    let max_heap = bounded(max_heap, "max_heap", 1, MAX_QUOTIENT_HEAP as u64)? as usize;
    let seconds = bounded(seconds, "seconds", 1, 86_400)?;
    let max_order = bounded(max_order, "max_order", 2, 16_384)? as usize;
    // A ruleset that is no heap game is refused at once, on this thread.
    heap_game_of(Arc::clone(&rules)).py()?;
    let limits = Limits {
        max_order,
        time_budget: Duration::from_secs(seconds),
        ..Limits::default()
    };
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    let worker = {
        let stop = Arc::clone(&stop);
        thread::Builder::new()
            .name("grundy-misere".into())
            .spawn(move || {
                let result = cancel::with_flag(stop, || {
                    let game = heap_game_of(rules)?;
                    let mut run = QuotientRun::new(game.as_ref(), max_heap, limits)?;
                    while !run.is_done() {
                        run.step()?;
                        let _ = sender.send(Message::Heap(run.heap(), run.target()));
                    }
                    run.finish()
                });
                let _ = sender.send(Message::Done(Box::new(result)));
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?
    };
    let receiver = Mutex::new(receiver);
    let outcome = loop {
        let received = py.detach(|| {
            receiver
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .recv_timeout(POLL_TIME)
        });
        match received {
            Ok(Message::Heap(done, target)) => {
                if let Some(f) = &progress.callback {
                    if let Err(e) = f.call1(py, (done, target)) {
                        stop.store(true, Ordering::Relaxed);
                        break Err(e);
                    }
                }
            }
            Ok(Message::Done(result)) => break (*result).map_err(game_error),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    break Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                break Err(PyRuntimeError::new_err(
                    "the computation stopped without an answer (a bug: please report it)",
                ))
            }
        }
    };
    py.detach(|| worker.join()).ok();
    progress.finish(py)?;
    Ok(MisereQuotient {
        q: Arc::new(outcome?),
    })
}

/// Conway's genus of one heap, ``g^{g0 g1 ...}``: its normal-play value ``g`` and the misère
/// values of the heap added to 0, 1, 2, ... copies of a Nim heap of 2 (*On Numbers and
/// Games*, chapter 12); ``tame`` when the heap and all its followers play like misère Nim.
/// The rows of ``grundy misere genus``.
///
/// >>> import grundy
/// >>> [str(g) for g in grundy.Octal("0.77").genera(6)]
/// ['1^{031}', '2^{20}', '3^{31}', '1^{031}', '4^{146}', '3^{31}']
/// >>> g = grundy.Octal("0.77").genus(5)
/// >>> g.heap, g.normal_value, g.misere_values, g.tame
/// (5, 4, [1, 4, 6], False)
#[pyclass(module = "grundy", frozen)]
pub struct Genus {
    g: HeapGenus,
}

#[pymethods]
impl Genus {
    /// The heap's size.
    #[getter]
    fn heap(&self) -> usize {
        self.g.heap
    }

    /// The genus as written: ``1^{031}``.
    #[getter]
    fn text(&self) -> String {
        self.g.genus.to_string()
    }

    /// Its normal-play value ``g``.
    #[getter]
    fn normal_value(&self) -> u64 {
        self.g.genus.normal
    }

    /// ``g0, g1, ...`` up to the end of the first period.
    #[getter]
    fn misere_values(&self) -> Vec<u64> {
        self.g.genus.misere.clone()
    }

    /// Where the periodic part of the misère values starts.
    #[getter]
    fn period_start(&self) -> usize {
        self.g.genus.period_start
    }

    /// The period of the misère values.
    #[getter]
    fn period(&self) -> usize {
        self.g.genus.period
    }

    /// Whether the heap and every follower have the genera of misère Nim positions.
    #[getter]
    fn tame(&self) -> bool {
        self.g.tame
    }

    /// The row as ``grundy misere genus ... --json`` writes it.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let doc = serde_json::to_string(&GenusRow::from(&self.g))
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(py.import("json")?.call_method1("loads", (doc,))?.unbind())
    }

    fn __str__(&self) -> String {
        self.g.genus.to_string()
    }

    fn __repr__(&self) -> String {
        let kind = self.g.class.name();
        format!(
            "<grundy.Genus of heap {}: {} ({kind})>",
            self.g.heap, self.g.genus
        )
    }
}

/// `Ruleset.genera`: the genus of each heap from 1 to `count`.
pub fn genera(
    py: Python<'_>,
    rules: Arc<dyn AnyRules>,
    count: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<Vec<Genus>> {
    let count = bounded(count, what, 1, MAX_GENUS_COUNT)? as usize;
    heap_game_of(Arc::clone(&rules)).py()?;
    let genera = interrupt::run(py, move || {
        let game = heap_game_of(Arc::clone(&rules))?;
        heap_genera(&OptionTable::new(game.as_ref(), count)?)
    })?;
    Ok(genera.into_iter().map(|g| Genus { g }).collect())
}

/// `Ruleset.genus_outcome`: the misère outcome of a sum of heaps by Conway's genus rule, or
/// `None` when a heap is not tame (the rule then says nothing).
pub fn genus_outcome(
    py: Python<'_>,
    rules: Arc<dyn AnyRules>,
    heaps: &Bound<'_, PyAny>,
) -> PyResult<Option<&'static str>> {
    let heaps: Vec<usize> = heaps
        .try_iter()?
        .map(|h| Ok(bounded(&h?, "heap", 1, MAX_GENUS_COUNT)? as usize))
        .collect::<PyResult<_>>()?;
    let largest = heaps.iter().copied().max().unwrap_or(1);
    let count = largest.into_pyobject(py)?;
    let genera = genera(py, rules, count.as_any(), "heap")?;
    let of: Vec<&HeapGenus> = heaps.iter().map(|&h| &genera[h - 1].g).collect();
    Ok(tame_sum_outcome(&of).map(|o| match o {
        Outcome::P => "P",
        Outcome::N => "N",
    }))
}

//! `grundy.search`: one search of a board or graph game with the table's memory, a time budget
//! and a table kept in a file, as `grundy search` (the core's
//! [`grundy_core::games::rules::search_run`]).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy_core::certificate::Certificate;
use grundy_core::games::rules::search_run::{
    self, SearchOptions, SearchRun, MAX_TABLE_MIB, MAX_THREADS,
};
use grundy_core::kernel::budget::{self, Budget};
use grundy_core::nimber::Nimber;
use grundy_core::search::SearchStats;
use grundy_core::sum::Outcome;
use grundy_core::GameError;
use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;

use crate::convert::{int_text, time_arg, DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT};
use crate::custom::search::Job;
use crate::error::{game_error, grundy_error, IntoPy};
use crate::interrupt::{run_stoppable, run_stoppable_with, Progress, PROGRESS_TIME};

/// The table's memory unless chosen, in MiB (as `grundy search --memory`).
pub const DEFAULT_TABLE_MIB: u64 = 1024;

/// The answer of a search: the value, and what the search did.
///
/// >>> import grundy
/// >>> r = grundy.search("cram", "4x7", memory_mb=16, time_limit=60)
/// >>> r.value, r.outcome, r.position
/// (3, 'N', '......./......./......./.......')
/// >>> r.expanded > 0, r.table_entries > 0
/// (True, True)
#[pyclass(module = "grundy", frozen, get_all)]
pub struct SearchResult {
    /// The game: ``cram``, ``chomp``, ``node-kayles``, ``arc-kayles`` or ``sprouts``, or the
    /// name of a game defined by Python functions (``grundy.Game.from_moves``).
    pub game: String,
    /// The position, as the game writes it.
    pub position: String,
    /// The Sprague–Grundy value; ``None`` when an outcome search (``outcome=True``) found a
    /// win (the value, 1 or more, was not sought).
    pub value: Option<Nimber>,
    /// ``'P'`` when the value is 0 (the player to move loses), else ``'N'``.
    pub outcome: &'static str,
    /// Seconds the search took.
    pub seconds: f64,
    /// Components the search expanded.
    pub expanded: u64,
    /// Entries in the table at the end.
    pub table_entries: u64,
    /// Entries read from the table file at the start (0 without one).
    pub resumed: u64,
    /// Threads that shared the search (``threads``, or the default: 2, 1 on a one-core
    /// machine); with ``client=`` or ``store=``, those of the local try (a question runs on
    /// one).
    pub threads: usize,
    /// Pieces valued one by one (on the cluster's workers with ``client=``); 0 when the search
    /// ran whole in one call.
    pub tasks: u64,
    /// With ``certificate=``: the facts of the proof written there (``grundy.verify`` checks
    /// it); else ``None``.
    pub certificate_facts: Option<u64>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "<grundy.SearchResult {}:{} value {} ({}), {:.2} s, {} expanded>",
            self.game,
            self.position,
            self.value
                .map_or("not sought".to_string(), |v| v.to_string()),
            self.outcome,
            self.seconds,
            self.expanded
        )
    }
}

/// The table saved at `path`, if the file exists.
/// The saved table at `path`, if the file exists, read a buffer at a time by the search (never
/// held whole: `memory_mb` bounds the process).
fn read_table(path: &Path) -> PyResult<Option<Box<dyn std::io::Read + Send>>> {
    match std::fs::File::open(path) {
        Ok(file) => Ok(Some(Box::new(std::io::BufReader::new(file)))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(PyOSError::new_err(format!(
            "table {}: cannot read it: {e}",
            path.display()
        ))),
    }
}

/// The engine's progress reports, passed on to the Python callable `f` as `f(expanded, None)`
/// at most every [`PROGRESS_TIME`] (the GIL taken for the call). An exception from `f` is kept
/// in `failed` and raises `stop`, the search's cancel flag, so that the search ends and the
/// exception is raised.
fn report_to(
    f: Py<PyAny>,
    stop: Arc<AtomicBool>,
    failed: Arc<Mutex<Option<PyErr>>>,
) -> Box<dyn FnMut(&SearchStats) + Send> {
    let mut last = Instant::now();
    Box::new(move |stats: &SearchStats| {
        if last.elapsed() < PROGRESS_TIME || stop.load(Ordering::Relaxed) {
            return;
        }
        last = Instant::now();
        if let Err(e) = Python::attach(|py| f.call1(py, (stats.expanded, py.None()))) {
            *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
            stop.store(true, Ordering::Relaxed);
        }
    })
}

/// Writes the search's table to `path` ([`write_atomically`]).
fn write_table(path: &Path, run: &SearchRun) -> PyResult<()> {
    write_atomically(path, "table", |out| run.write_table(out))
}

/// Writes `path` (the argument `what`) by `write` through a temporary file beside it, renamed
/// over it: a reader never sees half a file, and a failed write leaves the old one.
fn write_atomically(
    path: &Path,
    what: &str,
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> PyResult<()> {
    let name = path
        .file_name()
        .map_or_else(|| what.into(), |n| n.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create(&temporary)
        .and_then(|file| {
            let mut out = std::io::BufWriter::new(file);
            write(&mut out)?;
            std::io::Write::flush(&mut out)?;
            out.into_inner().map_err(|e| e.into_error())?.sync_all()
        })
        .and_then(|()| std::fs::rename(&temporary, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        PyOSError::new_err(format!("{what} {}: cannot write it: {e}", path.display()))
    })
}

/// The whole number `value` of the argument `name`, from 1 to `most` (counting `unit`), or
/// the error that names it.
fn whole_from_1(value: &Bound<'_, PyAny>, name: &str, unit: &str, most: u64) -> PyResult<u64> {
    let text = int_text(value, name)?;
    match text.parse::<u64>() {
        Ok(n @ 1..) if n <= most => Ok(n),
        _ => Err(game_error(GameError::out_of_range(
            name,
            text,
            format!("a whole number of {unit} from 1 to {most}"),
        ))),
    }
}

/// Refuses at once a search without a time limit of a lone Chomp bar beyond the search
/// ([`grundy_core::answer::beyond_search`]), which would not finish: theory answers who wins
/// (`grundy.parse`), and a time limit searches it anyway.
fn refuse_beyond_search(game: &str, position: &str) -> PyResult<()> {
    let term = format!("{game}:{position}");
    let Some((_, beyond)) = grundy_core::spec::parse_sum(&term)
        .ok()
        .and_then(|sum| grundy_core::answer::beyond_search(&sum))
    else {
        return Ok(());
    };
    Err(grundy_error(format!(
        "the search of {term} would not finish: the bar has {beyond}; grundy.parse(\"{term}\") \
         answers who wins at once, by theory (and its winning move where one is known), and \
         time_limit=SECONDS searches it anyway, for at most that long"
    )))
}

/// The value of a board or graph position by search, as ``grundy search``: ``game`` is ``cram``,
/// ``chomp``, ``node-kayles``, ``arc-kayles`` or ``sprouts``, ``position`` the game's text
/// (``5x5``, ``3x7``, ``path:12``, ``grid:4x5``, ``0*6``). ``memory_mb`` is the table's memory (1
/// to 65536 MiB, 1024 by default); ``time_limit`` stops the search with an error after that many
/// seconds (at most 604800, a week; None: 600, as ``grundy search --time``); ``threads`` (1 to
/// 64; 2 by default, 1 on a one-core machine) share the position's options out, each with a
/// table of its own and an equal share of ``memory_mb``, as ``grundy search --threads``;
/// ``table`` is a file: read when it exists, written back at the end, after a time limit and
/// after Ctrl-C, so that the same call
/// again goes on from everything proven. The search runs on a worker thread: Ctrl-C stops it (a
/// ``KeyboardInterrupt``). ``progress``: ``None`` shows a tqdm counter of the components expanded
/// when tqdm is installed and the search is long, ``False`` nothing, ``True`` a counter from the
/// start, a callable is called as ``progress(expanded, None)`` every tenth of a second or so and
/// once at the end (``None``: a search's length is not known in advance); an exception it raises
/// stops the search and is raised.
///
/// ``client`` (a ``dask.distributed.Client``, or a scheduler's address such as
/// ``"tcp://host:8786"``) spreads the search over a Dask cluster: each component's value is found
/// value by value, the question "is this option worth k?" asked of every open option as one task
/// (Dask's priorities and retries; a worker lost costs only its question), after checking that
/// every worker imports this version of grundy. ``store`` (a file, created when missing) is an
/// SQLite store of every answer proven, read first and written as answers arrive, so that the
/// same call after any stop goes on from them; with ``store`` alone the questions are asked here.
/// Either first tries the whole search here for ``local_seconds`` (2; 0 spreads it at once), so
/// that a small search is never distributed; ``threads`` are then the local try's (each question
/// runs on one thread), ``memory_mb`` is each worker's table, ``progress`` counts questions
/// answered, and ``table`` is refused (``store`` replaces it). The answer is given only when
/// every question is answered.
///
/// ``certificate`` (a file) proves the value found and writes the proof there, as ``grundy
/// search --certificate``: ``grundy.verify(certificate)`` checks it with the game's rules alone
/// (a search on a cluster writes none).
///
/// ``game`` may also be a game defined by Python functions (``grundy.Game.from_moves``) and
/// ``position`` any of its positions: the same engine searches it, with the same options, on a
/// cluster too (each worker makes the game from its functions, sent as Dask sends functions,
/// and lists the moves below the options it is asked about); ``table`` and ``certificate``
/// are refused (its positions are Python objects, which no file can name), and so is a
/// position whose longest game is more than 1,000 moves (the engine recurses once a move:
/// the position's ``value`` values it from the ends up).
///
/// ``outcome=True`` proves who wins only, as ``grundy search --outcome``: a win needs one
/// winning move where the value needs every option refuted as well, so the answer comes sooner
/// (Sprouts ``0*11``: 0.5 s against 3.5 s). It runs on one thread; ``value`` is 0 for a loss and
/// ``None`` for a win (not sought). Not with ``certificate``, ``client`` or ``store``.
///
/// >>> import grundy
/// >>> grundy.search("node-kayles", "path:12").value
/// 2
/// >>> r = grundy.search("sprouts", "0*9", outcome=True)
/// >>> r.outcome, r.value
/// ('N', None)
/// >>> grundy.search("sprouts", "0*6", outcome=True).value
/// 0
/// >>> grundy.search("nim", "3")
/// Traceback (most recent call last):
/// ...
/// grundy.GrundyError: invalid search game "nim": expected one of cram, chomp, node-kayles, arc-kayles, sprouts
#[pyfunction]
#[pyo3(signature = (game, position, *, memory_mb = None, time_limit = None, table = None, progress = None, threads = None, client = None, store = None, local_seconds = None, certificate = None, outcome = false))]
#[allow(clippy::too_many_arguments)]
pub fn search(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    memory_mb: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
    table: Option<PathBuf>,
    progress: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    client: Option<&Bound<'_, PyAny>>,
    store: Option<&Bound<'_, PyAny>>,
    local_seconds: Option<&Bound<'_, PyAny>>,
    certificate: Option<PathBuf>,
    outcome: bool,
) -> PyResult<SearchResult> {
    let cut = Cut {
        client: client.filter(|c| !c.is_none()),
        store: store.filter(|s| !s.is_none()),
        local_seconds,
    };
    let threads = match threads {
        None => search_run::default_threads(),
        Some(t) => whole_from_1(t, "threads", "threads", MAX_THREADS as u64)? as usize,
    };
    let memory = match memory_mb {
        None => DEFAULT_TABLE_MIB,
        Some(m) => whole_from_1(m, "memory_mb", "MiB", MAX_TABLE_MIB)?,
    };
    if outcome && certificate.is_some() {
        return Err(grundy_error(
            "certificate= proves a value, which an outcome search (outcome=True) does not seek: \
             drop one of them",
        ));
    }
    let defined = game.cast::<crate::game::Game>().ok();
    let named = match defined {
        Some(defined) => {
            let refused = [
                ("table=", table.is_some()),
                ("certificate=", certificate.is_some()),
            ];
            if let Some((option, _)) = refused.iter().find(|(_, given)| *given) {
                return Err(grundy_error(format!(
                    "{option} is not for a game defined by Python functions ({}): its positions \
                     are Python objects, which no file can name; search it here or on a \
                     cluster (client=, store=), with memory_mb=, time_limit=, threads=, \
                     progress= and outcome=",
                    defined.get().rules_name()
                )));
            }
            None
        }
        None => {
            let text = |arg: &Bound<'_, PyAny>, name: &str| -> PyResult<String> {
                arg.extract::<String>().map_err(|_| {
                    let kind = arg
                        .get_type()
                        .name()
                        .map_or_else(|_| "?".into(), |n| n.to_string());
                    PyTypeError::new_err(format!(
                        "{name} must be a str (a search game's name and its position's text, \
                         e.g. \"cram\", \"5x5\") or a grundy.Game and its position, not {kind}"
                    ))
                })
            };
            let (game, position) = (text(game, "game")?, text(position, "position")?);
            if time_limit.map_or(true, |t| t.is_none()) {
                refuse_beyond_search(&game, &position)?;
            }
            Some((game, position))
        }
    };
    if cut.is_asked() {
        if outcome {
            return Err(grundy_error(
                "outcome=True is a search in this process; a search with client= or store= \
                 finds the value: drop outcome=True",
            ));
        }
        if certificate.is_some() {
            return Err(grundy_error(
                "certificate= is the proof of a search in this process; a search with client= \
                 or store= writes none: drop certificate=",
            ));
        }
        if table.is_some() {
            return Err(grundy_error(
                "table= is the file of a search in this process; with client= or store=, the \
                 values proven go to store=: drop table=",
            ));
        }
        let time = time_arg(time_limit)?.unwrap_or(MAX_TIME_LIMIT);
        return cut.search(py, game, position, memory, time, threads, progress);
    }
    if local_seconds.is_some_and(|l| !l.is_none()) {
        return Err(grundy_error(
            "local_seconds= is the local try of a search cut into pieces, which client= or \
             store= asks for: give one of them, or drop local_seconds=",
        ));
    }
    let asked = Asked {
        memory,
        time_limit,
        threads,
        progress,
        outcome,
    };
    let Some((game, position)) = named else {
        let defined = defined.expect("a search game's name or a grundy.Game");
        let answer = searched(py, defined.get().search_job(position)?, asked, None, None);
        // The functions' exception, when they raised, says why the search failed.
        return match defined.get().raised() {
            Some(e) => Err(e),
            None => answer,
        };
    };
    let job: Job =
        Box::new(move |options| grundy_core::registry::search::search(&game, &position, options));
    searched(py, job, asked, table, certificate)
}

/// What a caller of [`search`] asked of every search, read.
struct Asked<'a, 'py> {
    memory: u64,
    time_limit: Option<&'a Bound<'py, PyAny>>,
    threads: usize,
    progress: Option<&'a Bound<'py, PyAny>>,
    outcome: bool,
}

/// Runs `job` with the options `asked` (a table read from and written to `table`, a proof
/// written to `certificate`) on a worker thread that Ctrl-C stops, and gives its answer.
fn searched(
    py: Python<'_>,
    job: Job,
    asked: Asked<'_, '_>,
    table: Option<PathBuf>,
    certificate: Option<PathBuf>,
) -> PyResult<SearchResult> {
    let Asked {
        memory,
        time_limit,
        threads,
        progress,
        outcome,
    } = asked;
    let progress = Progress::counting(py, progress, " components")?;
    let stop = Arc::new(AtomicBool::new(false));
    let failed = Arc::new(Mutex::new(None));
    let options = SearchOptions {
        memory_bytes: memory as usize * (1 << 20),
        time_budget: time_arg(time_limit)?,
        table: match &table {
            Some(path) => read_table(path)?,
            None => None,
        },
        progress: progress
            .callback
            .as_ref()
            .map(|f| report_to(f.clone_ref(py), Arc::clone(&stop), Arc::clone(&failed))),
        threads,
        certify: certificate.is_some(),
        outcome,
        ..SearchOptions::default()
    };
    let (run, interrupt) = run_stoppable_with(py, stop, move || job(options))?;
    let callback_error = failed.lock().unwrap_or_else(|e| e.into_inner()).take();
    // The count where the search ended, so that a counter shows it.
    let last_call = match (&progress.callback, &run, &callback_error, &interrupt) {
        (Some(f), Ok(run), None, None) => f.call1(py, (run.stats.expanded, py.None())).map(drop),
        _ => Ok(()),
    };
    let closed = progress.finish(py);
    let run: SearchRun = run.py()?;
    if let Some(path) = &table {
        write_table(path, &run)?;
    }
    if let Some(e) = callback_error {
        return Err(e);
    }
    last_call?;
    closed?;
    let kept = match &table {
        Some(path) => format!(
            "everything proven so far ({} entries) is saved in {}: the same call goes on from it",
            run.stats.table.entries,
            path.display()
        ),
        None => "nothing was kept: give table=FILE to make a search resumable".into(),
    };
    if let Some(interrupt) = interrupt {
        let err = pyo3::exceptions::PyKeyboardInterrupt::new_err(format!(
            "interrupted after {:.1} s; {kept}",
            run.elapsed.as_secs_f64()
        ));
        err.set_cause(py, Some(interrupt));
        return Err(err);
    }
    let found = run
        .value
        .map_err(|e| grundy_error(format!("{e}; {kept}")))?;
    let certificate_facts = match (&certificate, &run.certificate, found.value()) {
        (Some(path), Some((proof, _)), Some(value)) => {
            let proof = proof.as_ref().map_err(|e| {
                grundy_error(format!(
                    "certificate {}: the value ({value}) was found but its proof stopped: {e}",
                    path.display()
                ))
            })?;
            write_atomically(path, "certificate", |out| proof.write_to(out))?;
            Some(proof.claim.facts)
        }
        _ => None,
    };
    Ok(SearchResult {
        game: run.game,
        position: run.position,
        value: found.value(),
        outcome: match found.outcome() {
            Outcome::P => "P",
            Outcome::N => "N",
        },
        seconds: run.elapsed.as_secs_f64(),
        expanded: run.stats.expanded,
        table_entries: run.stats.table.entries,
        resumed: run.resumed,
        threads: run.threads,
        tasks: 0,
        certificate_facts,
    })
}

/// A certificate checked (``grundy.verify``): the game, position and value it claims; whether
/// its facts prove that (``verified``) and, when not, why (``refuted``: the first line found
/// wrong); the facts checked, the options listed to check them, and the seconds taken.
#[pyclass(module = "grundy", frozen, get_all)]
pub struct Verification {
    /// The game the certificate is of.
    pub game: String,
    /// The position, as the game writes it.
    pub position: String,
    /// The value it claims.
    pub value: Nimber,
    /// Whether its facts prove the claim.
    pub verified: bool,
    /// Why not (``None`` when verified).
    pub refuted: Option<String>,
    /// Facts checked.
    pub facts: u64,
    /// Options listed to check them.
    pub options: u64,
    /// Seconds taken.
    pub seconds: f64,
}

#[pymethods]
impl Verification {
    fn __repr__(&self) -> String {
        let verdict = match self.verified {
            true => "verified".to_string(),
            false => format!("not verified: {}", self.refuted.as_deref().unwrap_or("")),
        };
        format!(
            "<grundy.Verification {}:{} value {}: {verdict}>",
            self.game, self.position, self.value
        )
    }
}

/// Checks the certificate in the file ``path`` (written by ``grundy.search(...,
/// certificate=path)`` or ``grundy search --certificate``) with the game's rules alone, as
/// ``grundy verify``: a ``Verification``, ``verified`` when its facts prove its claim. A file
/// that is not a certificate of a search game raises ``GrundyError``, naming the line; one that
/// cannot be read, ``OSError``. ``time_limit`` bounds the check (seconds, at most 604800; 600 by
/// default); Ctrl-C stops it (``KeyboardInterrupt``).
///
/// >>> import grundy, os, tempfile
/// >>> path = os.path.join(tempfile.mkdtemp(), "sprouts.cert")
/// >>> grundy.search("sprouts", "0*4", certificate=path).certificate_facts > 0
/// True
/// >>> grundy.verify(path).verified
/// True
#[pyfunction]
#[pyo3(signature = (path, *, time_limit = None))]
pub fn verify(
    py: Python<'_>,
    path: PathBuf,
    time_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Verification> {
    let file = std::fs::File::open(&path)
        .map_err(|e| PyOSError::new_err(format!("{}: cannot read it: {e}", path.display())))?;
    let time = time_arg(time_limit)?.unwrap_or(DEFAULT_TIME_LIMIT);
    let started = std::time::Instant::now();
    let shown = path.display().to_string();
    let named = move |e: GameError| grundy_error(format!("{shown}: {e}"));
    let (checked, interrupt) = run_stoppable(py, move || {
        let certificate = Certificate::read_from(&mut std::io::BufReader::new(file))?;
        let budget = Budget::new(time, "grundy.verify(path, time_limit=SECONDS)");
        let checked = budget::within(&budget, || {
            grundy_core::registry::search::verify(&certificate)
        })?;
        Ok::<_, GameError>((certificate.claim, checked))
    })?;
    if let Some(interrupt) = interrupt {
        return Err(interrupt);
    }
    let (claim, checked) = checked.map_err(named)?;
    let seconds = started.elapsed().as_secs_f64();
    let file = path.display().to_string();
    Ok(grundy_core::wire::Verification::of(file, &claim, &checked, seconds).into())
}

impl From<grundy_core::wire::Verification> for Verification {
    fn from(doc: grundy_core::wire::Verification) -> Self {
        Verification {
            game: doc.game,
            position: doc.position,
            value: doc.value,
            verified: doc.verified,
            refuted: doc.refuted,
            facts: doc.facts,
            options: doc.options,
            seconds: doc.seconds,
        }
    }
}

/// The arguments of a search cut into pieces (`client=`, `store=`), which the Python half
/// runs (`grundy/_cluster.py`).
struct Cut<'a, 'py> {
    client: Option<&'a Bound<'py, PyAny>>,
    store: Option<&'a Bound<'py, PyAny>>,
    local_seconds: Option<&'a Bound<'py, PyAny>>,
}

impl Cut<'_, '_> {
    fn is_asked(&self) -> bool {
        self.client.is_some() || self.store.is_some()
    }

    /// The search by `grundy._cluster.search`, whose answer (a dict) becomes the result.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        position: &Bound<'_, PyAny>,
        memory: u64,
        time: Duration,
        threads: usize,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<SearchResult> {
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("client", self.client)?;
        kwargs.set_item("store", self.store)?;
        kwargs.set_item("local_seconds", self.local_seconds)?;
        kwargs.set_item("memory_mb", memory)?;
        kwargs.set_item("seconds", time.as_secs_f64())?;
        kwargs.set_item("threads", threads)?;
        kwargs.set_item("progress", progress)?;
        let answer =
            py.import("grundy._cluster")?
                .call_method("search", (game, position), Some(&kwargs))?;
        let value: Nimber = answer.get_item("value")?.extract()?;
        let (game, position): (String, String) = (
            answer.get_item("game")?.extract()?,
            answer.get_item("position")?.extract()?,
        );
        Ok(SearchResult {
            game,
            position,
            value: Some(value),
            outcome: if value == 0 { "P" } else { "N" },
            seconds: answer.get_item("seconds")?.extract()?,
            expanded: answer.get_item("expanded")?.extract()?,
            table_entries: answer.get_item("table_entries")?.extract()?,
            resumed: answer.get_item("resumed")?.extract()?,
            threads,
            tasks: answer.get_item("tasks")?.extract()?,
            certificate_facts: None,
        })
    }
}

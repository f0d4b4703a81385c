//! Surveys for Python: the survey crate's members, one member computed (what a Dask task runs),
//! and the SQLite store written and consulted. The orchestration — locally or on a Dask
//! cluster, the pandas frame — is Python (`python/grundy/_survey.py`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use grundy_survey::store::{Store, COLUMNS};
use grundy_survey::{family, Budget, Family, Member, RareSplit, Record, Stop};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::error::{grundy_error, IntoPy};

fn family_of(name: &str) -> PyResult<Family> {
    Family::parse(name).py()
}

fn store_err(e: grundy_survey::store::StoreError) -> PyErr {
    grundy_error(e.to_string())
}

/// The columns of a survey's store and frame, in order.
///
/// >>> import grundy
/// >>> grundy._grundy.survey_columns()[:4]
/// ['family', 'code', 'status', 'count']
#[pyfunction]
pub fn survey_columns() -> Vec<&'static str> {
    COLUMNS.to_vec()
}

/// The codes of a family: octal or hex codes of 1 to ``digits`` digits (``with_4``: octal codes
/// 4.… too), or subtraction sets of amounts up to ``max`` (at most ``size`` of them).
///
/// >>> import grundy
/// >>> len(grundy.survey_codes("octal", digits=3))
/// 511
/// >>> grundy.survey_codes("subtraction", max=3)
/// ['1', '2', '1,2', '3', '1,3', '2,3', '1,2,3']
#[pyfunction]
#[pyo3(signature = (family="octal", *, digits=None, with_4=false, max=None, size=None))]
pub fn survey_codes(
    family: &str,
    digits: Option<u32>,
    with_4: bool,
    max: Option<u32>,
    size: Option<u32>,
) -> PyResult<Vec<String>> {
    let fam = family_of(family)?;
    let members = match (fam, digits, max) {
        (Family::Subtraction, None, Some(max)) => family::subtraction_sets(max, size).py()?,
        (Family::Subtraction, _, _) => {
            return Err(grundy_error(
                "subtraction sets take max= (and size=), not digits=",
            ))
        }
        (_, Some(digits), None) if size.is_none() => fam.codes(digits, with_4).py()?,
        _ => {
            return Err(grundy_error(format!(
                "{family} codes take digits= (and with_4=), not max= or size="
            )))
        }
    };
    Ok(members.into_iter().map(|m| m.code).collect())
}

/// ``codes`` made canonical (``.77`` is ``0.77``), repeats dropped; a bad code raises.
#[pyfunction]
pub fn survey_canonical(family: &str, codes: Vec<String>) -> PyResult<Vec<String>> {
    let fam = family_of(family)?;
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for code in codes {
        let c = fam.canonical(&code).py()?;
        if seen.insert(c.clone()) {
            out.push(c);
        }
    }
    Ok(out)
}

fn budget(count: u64, seconds: Option<f64>, memory: Option<u64>) -> PyResult<Budget> {
    if count == 0 || count > grundy_core::games::octal::MAX_RUN_VALUES {
        return Err(grundy_error(format!(
            "count {count} is out of range: expected 1 to {}",
            grundy_core::games::octal::MAX_RUN_VALUES
        )));
    }
    if let Some(s) = seconds {
        if !(s.is_finite() && s > 0.0) {
            return Err(grundy_error(format!(
                "seconds {s} is not allowed: expected a number of seconds above 0"
            )));
        }
    }
    if memory == Some(0) {
        return Err(grundy_error(
            "memory 0 is not allowed: expected bytes above 0",
        ));
    }
    Ok(Budget {
        count,
        seconds,
        memory,
    })
}

/// Computes one member (the GIL released; Ctrl-C stops it) and gives its row as a dict of the
/// store's columns (``finished`` is None until a store writes it). What a Dask task runs.
///
/// >>> import grundy
/// >>> row = grundy._grundy.survey_member("octal", "0.77", 1 << 20)
/// >>> row["status"], row["preperiod"], row["period"]
/// ('periodic', 71, 12)
#[pyfunction]
#[pyo3(signature = (family, code, count, seconds=None, memory=None))]
pub fn survey_member<'py>(
    py: Python<'py>,
    family: &str,
    code: &str,
    count: u64,
    seconds: Option<f64>,
    memory: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let member = family_of(family)?.member(code).py()?;
    let budget = budget(count, seconds, memory)?;
    let record = crate::interrupt::run(py, move || {
        let cancel = AtomicBool::new(false);
        let outcome = grundy_survey::run_member(&member, &budget, None, &cancel, &mut |_| {
            if grundy_core::kernel::cancel::is_cancelled() {
                cancel.store(true, Ordering::Relaxed);
            }
        })?;
        if outcome.cancelled {
            grundy_core::kernel::cancel::check()?;
        }
        Ok(outcome.record)
    })?;
    to_dict(py, &record)
}

fn to_dict<'py>(py: Python<'py>, r: &Record) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("family", r.family.game())?;
    d.set_item("code", &r.code)?;
    d.set_item("status", r.status())?;
    d.set_item("count", r.count)?;
    d.set_item("computed", r.computed)?;
    d.set_item("period", r.period)?;
    d.set_item("preperiod", r.preperiod)?;
    d.set_item("saltus", r.saltus)?;
    d.set_item("max_value", r.max_value)?;
    d.set_item("max_value_at", r.max_value_at)?;
    d.set_item("rare_mask", r.rare.map(|s| s.mask))?;
    d.set_item("rare", r.rare.map(|s| s.rare))?;
    d.set_item("common", r.rare.map(|s| s.common))?;
    d.set_item("stopped", r.stopped.map(Stop::as_str))?;
    d.set_item("seconds", r.seconds)?;
    d.set_item("engine", &r.engine)?;
    d.set_item("finished", &r.finished)?;
    Ok(d)
}

fn from_dict(d: &Bound<'_, PyDict>) -> PyResult<Record> {
    fn get<'py, T: pyo3::conversion::FromPyObjectOwned<'py>>(
        d: &Bound<'py, PyDict>,
        key: &str,
    ) -> PyResult<T> {
        match d.get_item(key)? {
            Some(v) => v.extract::<T>().map_err(|e| {
                let e: PyErr = e.into();
                grundy_error(format!("survey row: column {key:?} has a bad value ({e})"))
            }),
            None => Err(grundy_error(format!("survey row: no column {key:?}"))),
        }
    }
    let family = family_of(&get::<String>(d, "family")?)?;
    let stopped: Option<String> = get(d, "stopped")?;
    let stopped = match stopped {
        None => None,
        Some(s) => Some(Stop::parse(&s).ok_or_else(|| {
            grundy_error(format!(
                "survey row: stopped {s:?}: expected time, memory or interrupted"
            ))
        })?),
    };
    let rare = match (
        get::<Option<u64>>(d, "rare_mask")?,
        get::<Option<u64>>(d, "rare")?,
        get::<Option<u64>>(d, "common")?,
    ) {
        (Some(mask), Some(rare), Some(common)) => Some(RareSplit { mask, rare, common }),
        _ => None,
    };
    Ok(Record {
        family,
        code: get(d, "code")?,
        count: get(d, "count")?,
        computed: get(d, "computed")?,
        period: get(d, "period")?,
        preperiod: get(d, "preperiod")?,
        saltus: get(d, "saltus")?,
        max_value: get(d, "max_value")?,
        max_value_at: get(d, "max_value_at")?,
        rare,
        stopped,
        seconds: get(d, "seconds")?,
        engine: get(d, "engine")?,
        finished: None,
    })
}

/// Writes rows (dicts of the store's columns, as ``survey_member`` gives them) into the store
/// ``db`` (created when missing), each replacing its member's row. Returns how many.
#[pyfunction]
pub fn survey_write(db: PathBuf, rows: Vec<Bound<'_, PyDict>>) -> PyResult<usize> {
    let records = rows.iter().map(from_dict).collect::<PyResult<Vec<_>>>()?;
    let store = Store::open(&db).map_err(store_err)?;
    for r in &records {
        store.put(r).map_err(store_err)?;
    }
    Ok(records.len())
}

/// The codes of ``codes`` that the store ``db`` does not answer yet for this budget (members
/// already done are skipped, as by ``grundy survey``).
#[pyfunction]
#[pyo3(signature = (db, family, codes, count, seconds=None, memory=None))]
pub fn survey_pending(
    db: PathBuf,
    family: &str,
    codes: Vec<String>,
    count: u64,
    seconds: Option<f64>,
    memory: Option<u64>,
) -> PyResult<Vec<String>> {
    let fam = family_of(family)?;
    let budget = budget(count, seconds, memory)?;
    let store = Store::open(&db).map_err(store_err)?;
    let mut pending = Vec::new();
    for code in codes {
        let member = Member {
            family: fam,
            code: fam.canonical(&code).py()?,
        };
        let done = match store.get(&member).map_err(store_err)? {
            Some(r) => grundy_survey::answers(&r, &member, &budget).py()?,
            None => false,
        };
        if !done {
            pending.push(member.code);
        }
    }
    Ok(pending)
}

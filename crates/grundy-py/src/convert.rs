//! Python values into the core's text: heaps (Python ints of any size, NumPy integers and
//! anything else with `__index__`) and parameters.
//!
//! Ints are read through their bytes (PyO3's `num-bigint` conversion, `int.to_bytes` under the
//! stable ABI), never through `str()`: Python refuses to write an int of more than 4,300 digits
//! as text unless `sys.set_int_max_str_digits` allows it, and a heap's size must not depend on
//! that setting.

use std::time::Duration;

use grundy_core::GameError;
use num_bigint::BigInt;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyFrozenSet, PyInt, PySet, PyString};

use crate::error::game_error;

/// The whole number `value` stands for: a Python int, or anything with `__index__` (NumPy's
/// integers, `numpy.uint64`, ...). A bool, a float, a str and anything else is a `TypeError`
/// naming `what` and the type given.
pub fn whole_number(value: &Bound<'_, PyAny>, what: &str) -> PyResult<BigInt> {
    let wrong_type = || -> PyResult<PyErr> {
        Ok(PyTypeError::new_err(format!(
            "{what} must be an int (or an integer with __index__, such as numpy.int64), not {}",
            value.get_type().name()?
        )))
    };
    // `True` is an int to Python but never a heap (NumPy's bool refuses `__index__` itself).
    if value.is_instance_of::<PyBool>() {
        return Err(wrong_type()?);
    }
    let int = if value.is_instance_of::<PyInt>() {
        value.clone()
    } else if value.hasattr("__index__")? {
        match value
            .py()
            .import("operator")?
            .call_method1("index", (value,))
        {
            Ok(int) => int,
            Err(_) => return Err(wrong_type()?),
        }
    } else {
        return Err(wrong_type()?);
    };
    int.extract::<BigInt>()
}

/// A heap, a count or any whole number, in decimal (negative numbers too: the core names them
/// in its error). See [`whole_number`] for what is accepted.
pub fn int_text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    Ok(whole_number(value, what)?.to_string())
}

/// Whether `value` is a whole number for [`int_text`] (an int or has `__index__`, not a bool).
pub fn is_whole_number(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(!value.is_instance_of::<PyBool>()
        && !value.is_instance_of::<PyString>()
        && (value.is_instance_of::<PyInt>() || value.hasattr("__index__")?))
}

/// A ruleset parameter as the core reads it: a str as it is (`"0.77"`, `"1,4,9"`), a whole
/// number in decimal, an iterable of whole numbers (a set, list, tuple, range or NumPy array)
/// comma-separated — a set in increasing order.
pub fn param_text(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text.to_string());
    }
    if is_whole_number(value)? && !value.hasattr("__len__")? {
        return int_text(value, name);
    }
    let sorted;
    let value = if value.is_instance_of::<PySet>() || value.is_instance_of::<PyFrozenSet>() {
        // A set has no order of its own: write it increasing, as people do.
        sorted = value
            .py()
            .import("builtins")?
            .getattr("sorted")?
            .call1((value,))?;
        &sorted
    } else {
        value
    };
    let items = match value.try_iter() {
        Ok(items) if !value.is_instance_of::<PyBool>() => items,
        _ => {
            return Err(PyTypeError::new_err(format!(
                "{name} must be a str, an int or an iterable of ints, not {}",
                value.get_type().name()?
            )))
        }
    };
    let mut texts = Vec::new();
    for item in items {
        texts.push(int_text(&item?, &format!("each item of {name}"))?);
    }
    Ok(texts.join(","))
}

/// The pandas table of `object` made by `grundy._pandas.<kind>` (the Python half, which
/// imports pandas only when asked).
pub fn table(object: &Bound<'_, PyAny>, kind: &str) -> PyResult<Py<PyAny>> {
    let tables = object.py().import("grundy._pandas")?;
    Ok(tables.getattr(kind)?.call1((object,))?.unbind())
}

/// The time a search may take unless `time_limit` says otherwise: ten minutes, the budget of
/// any question in Python, so that no cell of a notebook runs without end unless asked to
/// (`grundy search` has none by default: a search asked for on the command line runs until
/// done, Ctrl-C or SIGTERM keeping its table).
pub(crate) const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(600);

/// The largest `time_limit`: a week, as `grundy search --time`.
pub(crate) const MAX_TIME_LIMIT: Duration = Duration::from_secs(604_800);

/// `time_limit`: seconds, a number greater than 0 and at most a week; `None` (or absent): ten
/// minutes.
pub(crate) fn time_arg(time: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Duration>> {
    let Some(time) = time.filter(|t| !t.is_none()) else {
        return Ok(Some(DEFAULT_TIME_LIMIT));
    };
    let seconds: f64 = if is_whole_number(time)? {
        int_text(time, "time_limit")?
            .parse()
            .unwrap_or(f64::INFINITY)
    } else if time.is_instance_of::<PyFloat>() && !time.is_instance_of::<PyBool>() {
        time.extract()?
    } else {
        return Err(PyTypeError::new_err(format!(
            "time_limit must be a number of seconds or None, not {}",
            time.get_type().name()?
        )));
    };
    match Duration::try_from_secs_f64(seconds) {
        Ok(d) if seconds > 0.0 && d <= MAX_TIME_LIMIT => Ok(Some(d)),
        _ => Err(game_error(GameError::out_of_range(
            "time_limit",
            time.str()?.to_string(),
            "a number of seconds greater than 0 and at most 604800 (a week), or None (the default) for 600",
        ))),
    }
}

//! Python values into the core's text: heaps (Python ints of any size) and parameters.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFrozenSet, PyInt, PySet, PyString};

/// A heap, a count or any whole number given as a Python int, in decimal (negative numbers
/// too: the core names them in its error). Anything else is a `TypeError`.
pub fn int_text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not {}",
            value.get_type().name()?
        )));
    }
    Ok(value.str()?.to_string())
}

/// A ruleset parameter as the core reads it: a str as it is (`"0.77"`, `"1,4,9"`), an int in
/// decimal, an iterable of ints (a set, list, tuple or range) comma-separated — a set in
/// increasing order.
pub fn param_text(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text.to_string());
    }
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
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
        Ok(items) => items,
        Err(_) => {
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

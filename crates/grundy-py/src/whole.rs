//! Whole numbers from Python (heaps, days, budgets): an `int`, or an object with
//! `__index__` such as NumPy's integers, checked for range with the package's exceptions.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::errors;

/// An int from Python as a `u64`: a `TypeError` for what is not an int, an `InputError`
/// naming `what` for a negative one or one too large.
pub(crate) fn whole(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    if !value.is_instance_of::<PyInt>() || value.is_instance_of::<PyBool>() {
        // NumPy's integers are not ints but convert to one; a bool is not taken for a number.
        if !value.is_instance_of::<PyBool>() {
            if let Ok(index) = value.call_method0("__index__") {
                return whole(&index, what);
            }
        }
        return Err(PyTypeError::new_err(format!(
            "{what} is an int, not {}",
            value.get_type().name()?
        )));
    }
    value.extract::<u64>().map_err(|_| {
        let shown = value
            .str()
            .map_or_else(|_| "?".to_string(), |s| s.to_string());
        errors::input(format!("{what} is a whole number, not {shown}"))
    })
}

/// A whole number from `least` to `most`, else an `InputError` that says the range.
pub(crate) fn at_most(
    value: &Bound<'_, PyAny>,
    what: &str,
    least: u64,
    most: u64,
) -> PyResult<u64> {
    let n = whole(value, what)?;
    if n < least || n > most {
        return Err(errors::input(format!(
            "{what} is from {least} to {most}, not {n}"
        )));
    }
    Ok(n)
}

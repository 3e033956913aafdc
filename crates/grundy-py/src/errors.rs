//! The package's exceptions. They are defined in Python (`grundy/_errors.py`) because they
//! inherit twice — `InputError` is a `GameError` and a `ValueError`, `LimitError` a
//! `GameError` and a `MemoryError` — which a class made in Rust cannot.

use std::fmt::Display;

use grundy::budget::Raise;
use pyo3::prelude::*;
use pyo3::types::PyType;

/// An exception of `grundy._errors` by name, with the library's message.
fn raise(name: &str, message: impl Display) -> PyErr {
    let message = message.to_string();
    Python::with_gil(|py| {
        match py
            .import("grundy._errors")
            .and_then(|m| m.getattr(name))
            .and_then(|c| Ok(c.downcast_into::<PyType>()?))
        {
            Ok(class) => PyErr::from_type(class, message),
            Err(e) => e,
        }
    })
}

/// Bad input: a malformed graph, parameter or game (a `ValueError`).
pub fn input(message: impl Display) -> PyErr {
    raise("InputError", message)
}

/// A computation beyond its limits: too many positions, too much memory (a `MemoryError`).
pub fn limit(message: impl Display) -> PyErr {
    raise("LimitError", message)
}

/// An error the engine gives as text (a family's of the catalogue, a built-in table's, which
/// wrap the budget's error in their own): a `LimitError` where a budget ran out, its message
/// ending with how to raise it in `raise`'s words, else an `InputError`.
pub fn limit_or_input(message: impl Display, raise: &Raise) -> PyErr {
    let message = message.to_string();
    if [raise.positions, raise.memory, raise.time]
        .iter()
        .any(|words| message.ends_with(words))
    {
        limit(message)
    } else {
        input(message)
    }
}

/// A position that is not in the graph (a `KeyError`).
pub fn unknown_position(key: &Bound<'_, PyAny>) -> PyErr {
    let shown = key
        .repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string());
    raise(
        "PositionError",
        format!("no position {shown} in this graph"),
    )
}

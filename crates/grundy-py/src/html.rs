//! Text for the HTML a notebook shows (`_repr_html_`).

use pyo3::prelude::*;

/// `text` with the characters that would be markup escaped, by Python's own `html.escape`
/// (quotes included). O(length).
pub fn escape(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(py
        .import("html")?
        .call_method1("escape", (text,))?
        .to_string())
}

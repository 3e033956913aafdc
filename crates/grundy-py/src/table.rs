//! Tables of values (打表): `table(game, rows, columns)`, their patterns and pictures.

use grundy::budget::Budget;
use grundy::games::registry;
use grundy::pattern::observe::observe;
use grundy::pattern::picture::{Heatmap, PictureOptions};
use grundy::pattern::table::{Kind, Span, Table as Inner, TableError};
use grundy::progress::Progress;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyRange, PyRangeMethods, PyString, PyTuple};

use crate::errors;
use crate::graph::int_array;
use crate::progress::Bar;
use crate::python_game::python_values;

fn table_error(e: TableError) -> PyErr {
    match e {
        TableError::TooManyCells { .. }
        | TableError::ParameterTooLarge { .. }
        | TableError::Explore(_) => errors::limit(e),
        _ => errors::input(e),
    }
}

/// A `range` with step 1 (or an int n, for `range(n)`) as the inclusive span of a table.
fn span(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Span> {
    let (start, stop) = match value.downcast::<PyRange>() {
        Ok(r) if r.step()? == 1 => (r.start()?, r.stop()?),
        Ok(_) => {
            return Err(errors::input(format!(
                "{what}: a range with step 1 is needed"
            )))
        }
        Err(_) => (0, value.extract::<isize>()?),
    };
    u64::try_from(start)
        .ok()
        .zip(u64::try_from(stop - 1).ok())
        .and_then(|(a, b)| Span::new(a, b))
        .ok_or_else(|| errors::input(format!("{what}: an empty or negative range")))
}

/// A table of Sprague–Grundy values (or outcomes) by one parameter n or two, (a, b).
///
/// `game` is a built-in table's name, as `grundy table` reads it (`"0.77"`,
/// `"subtraction:1,3,4"`, `"wythoff"`...), or a Python function `options(position)`: with
/// one range the positions are the integers n (an option that is a tuple is a sum of parts,
/// as in `values`); with two, the pairs `(a, b)` (each option one position). `rows` and
/// `columns` are ranges (or ints, for `range(n)`). `outcomes=True` shows outcomes only: P
/// and N, and for partizan games L and R. `progress=True` shows a progress bar on stderr.
///
/// The tables of partizan rulesets (`"domineering"`, `"toads-and-frogs"`) hold canonical
/// forms (`kind == "forms"`): `texts()` gives each cell's form, `forms()` the distinct ones.
///
/// >>> t = table("subtraction:1,3,4", range(14))
/// >>> t.values().tolist()
/// [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
#[pyfunction]
#[pyo3(signature = (
    game, rows, columns = None, *, outcomes = false, name = None, limit = None, progress = false
))]
#[allow(clippy::too_many_arguments)]
pub fn table(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    rows: &Bound<'_, PyAny>,
    columns: Option<&Bound<'_, PyAny>>,
    outcomes: bool,
    name: Option<String>,
    limit: Option<usize>,
    progress: bool,
) -> PyResult<Table> {
    let bar = Bar::new(progress);
    let rows = span(rows, "rows")?;
    let columns = columns.map(|c| span(c, "columns")).transpose()?;
    let kind = if outcomes {
        Kind::Outcomes
    } else {
        Kind::Values
    };
    let inner = if let Ok(spec) = game.downcast::<PyString>() {
        let spec = spec.to_string();
        py.allow_threads(|| {
            let game = registry::table_game(&spec)?;
            match columns {
                None => game.line(rows, kind, &Budget::default(), &bar),
                Some(columns) => {
                    bar.phase("tabulating", None);
                    game.grid(rows, columns, kind, &Budget::default())
                }
            }
        })
        .map_err(table_error)?
    } else {
        let name = match name {
            Some(name) => name,
            None => game
                .getattr("__name__")
                .map_or_else(|_| "a game".to_string(), |n| n.to_string()),
        };
        let values = match columns {
            None => {
                let starts = rows
                    .iter()
                    .map(|n| Ok(n.into_pyobject(py)?.into_any()))
                    .collect::<PyResult<_>>()?;
                let values = python_values(game.clone(), None, starts, limit, &bar)?;
                Inner::line(name, rows, |n| values[(n - rows.first) as usize])
            }
            Some(columns) => {
                let starts = rows
                    .iter()
                    .flat_map(|a| columns.iter().map(move |b| (a, b)))
                    .map(|p| Ok(PyTuple::new(py, [p.0, p.1])?.into_any()))
                    .collect::<PyResult<_>>()?;
                let values = python_values(game.clone(), None, starts, limit, &bar)?;
                let width = columns.count() as u64;
                Inner::grid(name, rows, columns, |a, b| {
                    values[((a - rows.first) * width + (b - columns.first)) as usize]
                })
            }
        }
        .map_err(table_error)?;
        if outcomes {
            values.outcomes()
        } else {
            values
        }
    };
    bar.finish();
    Ok(Table { inner })
}

/// A table of values, outcomes or canonical forms (`kind`). `values()` gives every cell (row
/// by row) as an integer array, `texts()` as strings (values, outcome letters, forms);
/// `patterns()` the patterns the engine observes; `to_csv()`, `to_json()`, `picture()`; in a
/// notebook it shows as a picture.
#[pyclass(module = "grundy", frozen)]
pub struct Table {
    inner: Inner,
}

impl Table {
    fn heatmap(&self, wrap: usize, scale: Option<u32>) -> PyResult<Heatmap> {
        Heatmap::new(&self.inner, &PictureOptions { wrap, scale }).map_err(errors::limit)
    }
}

#[pymethods]
impl Table {
    /// Every cell, row by row (outcomes: 0 for P, 1 for N, 2 for L, 3 for R; forms: indices
    /// into `forms()`).
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_array(py, self.inner.values().iter().map(|&v| v as i64))
    }

    /// The value at n (one parameter) or at (a, b) (two); `None` outside the table.
    #[pyo3(signature = (a, b = None))]
    fn value(&self, a: u64, b: Option<u64>) -> Option<u64> {
        match b {
            None => self.inner.value(a),
            Some(b) => self.inner.get(a, b),
        }
    }

    /// Every cell's text, row by row: its value, its outcome's letter (`P`, `N`, `L`, `R`)
    /// or its canonical form (`{1|0}`, `*2`, `1/2`).
    fn texts(&self) -> Vec<String> {
        let inner = &self.inner;
        inner.values().iter().map(|&v| inner.cell_text(v)).collect()
    }

    /// The text of the cell at n or at (a, b), as `texts()` gives it; `None` outside.
    #[pyo3(signature = (a, b = None))]
    fn text(&self, a: u64, b: Option<u64>) -> Option<String> {
        self.value(a, b).map(|v| self.inner.cell_text(v))
    }

    /// The distinct canonical forms of a table of forms, in order of first appearance: the
    /// cells of `values()` index this list (empty for other kinds).
    fn forms(&self) -> Vec<String> {
        self.inner.forms().iter().map(|f| f.text.clone()).collect()
    }

    /// What the cells hold: `"values"`, `"outcomes"` or `"forms"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner.kind() {
            Kind::Values => "values",
            Kind::Outcomes => "outcomes",
            Kind::Forms => "forms",
        }
    }

    /// The first parameter's range (n, or the rows a), as a `range`.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyRange>> {
        let r = self.inner.rows();
        PyRange::new(py, r.first as isize, r.last as isize + 1)
    }

    /// The columns' range (b) of a two-parameter table, as a `range`; `None` for one.
    #[getter]
    fn columns<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyRange>>> {
        self.inner
            .columns()
            .map(|c| PyRange::new(py, c.first as isize, c.last as isize + 1))
            .transpose()
    }

    /// The patterns that hold on every cell, most specific first (a period, a formula,
    /// the P-positions' family...), as sentences.
    fn patterns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let patterns = py.allow_threads(|| observe(&self.inner));
        PyList::new(py, patterns.iter().map(ToString::to_string))
    }

    /// The same table with outcomes: P (0) where the value is 0, N (1) elsewhere; a table
    /// of forms gets each form's outcome class, P, N, L (2: Left wins) or R (3).
    fn outcomes(&self) -> Table {
        Table {
            inner: self.inner.outcomes(),
        }
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        self.inner.game()
    }

    /// The table as CSV, as `grundy table --format csv` writes it.
    fn to_csv(&self) -> PyResult<String> {
        let mut out = Vec::new();
        self.inner.write_csv(&mut out).map_err(errors::input)?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// The table as JSON.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner).map_err(errors::input)
    }

    /// The table as text, a one-parameter table wrapped into rows of `wrap` cells.
    #[pyo3(signature = (wrap = 10))]
    fn to_text(&self, wrap: usize) -> PyResult<String> {
        let mut out = Vec::new();
        self.inner
            .write_text(&mut out, wrap.max(1))
            .map_err(errors::input)?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// A heatmap: PNG bytes (`format="png"`) or SVG text (`"svg"`); `wrap` is the row width
    /// of a one-parameter table (0: about square), `scale` the pixels per cell.
    #[pyo3(signature = (format = "png", *, wrap = 0, scale = None))]
    fn picture(
        &self,
        py: Python<'_>,
        format: &str,
        wrap: usize,
        scale: Option<u32>,
    ) -> PyResult<PyObject> {
        let heatmap = self.heatmap(wrap, scale)?;
        match format {
            "png" => Ok(PyBytes::new(py, &heatmap.png()).into_any().unbind()),
            "svg" => Ok(PyString::new(py, &heatmap.svg()).into_any().unbind()),
            other => Err(errors::input(format!(
                "picture format {other:?}: expected \"png\" or \"svg\""
            ))),
        }
    }

    fn _repr_png_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        Ok(PyBytes::new(py, &self.heatmap(0, None)?.png()))
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        Ok(self.heatmap(0, None)?.svg())
    }

    fn _repr_html_(&self) -> PyResult<String> {
        let text = self.to_text(10)?;
        let escaped = text
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        Ok(format!("<pre>{escaped}</pre>"))
    }

    fn __len__(&self) -> usize {
        self.inner.values().len()
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "{}\n{}",
            self.inner.game(),
            self.to_text(10)?.trim_end()
        ))
    }
}

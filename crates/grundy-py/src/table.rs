//! `grundy.Table`: a table's cells (indexed, iterated, as NumPy or pandas), its patterns and
//! its pictures.

use std::sync::OnceLock;

use grundy::partizan::GameId;
use grundy::pattern::observe::observe;
use grundy::pattern::picture::{escape, Heatmap, PictureOptions};
use grundy::pattern::table::{Kind, Span, Table as Inner};
use pyo3::exceptions::{PyImportError, PyIndexError, PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyBytes, PyDict, PyList, PyRange, PyString, PyTuple};

use crate::cgt::{shared_store, Cgt};
use crate::errors;
use crate::graph::{int64_array, int_array};

/// The longest text table (in lines) a notebook shows under the picture; `to_text()` has
/// every line.
const HTML_TEXT_LINES: usize = 1_000;

/// NumPy or pandas for a method that needs it: an `ImportError` that says so when it is not
/// installed.
fn required<'py>(py: Python<'py>, module: &str, method: &str) -> PyResult<Bound<'py, PyModule>> {
    py.import(module).map_err(|e| {
        if e.is_instance_of::<PyImportError>(py) {
            let error = PyImportError::new_err(format!(
                "Table.{method}() needs {module}, which is not installed: pip install {module}"
            ));
            error.set_cause(py, Some(e));
            error
        } else {
            e
        }
    })
}

/// A table of values, outcomes or canonical forms (`kind`) by n, or by (a, b).
///
/// Its cells: `t[n]` (one parameter) or `t[a, b]` (two), in the table's own coordinates (a
/// table of `range(5, 20)` starts at `t[5]`); an int for values, a letter `"P"`, `"N"`, `"L"`
/// or `"R"` for outcomes, a `Cgt` for canonical forms; `IndexError` outside. As in NumPy,
/// `len(t)` and iteration go over the cells of a one-parameter table and over the rows (lists
/// of cells) of a two-parameter one; `shape` is `(n,)` or `(rows, columns)`. `to_numpy()`
/// and `to_pandas()` hold the same cells (NumPy and pandas are needed only for them).
///
/// `values()` gives every cell (row by row) as numbers, `texts()` as strings; `patterns()`
/// the patterns the engine observes; `to_csv()`, `to_json()`, `to_text()`, `picture()`; a
/// notebook shows the heatmap, the text table under it.
#[pyclass(module = "grundy", frozen)]
pub struct Table {
    inner: Inner,
    /// The distinct forms of a table of forms as games of the shared store, indexed as
    /// `inner.forms()`: read from their text the first time a cell is asked for, or kept
    /// from the start for a game valued in Python.
    games: OnceLock<Vec<GameId>>,
}

impl Table {
    /// A table whose forms (if any) are read from their text when first asked for.
    pub(crate) fn new(inner: Inner) -> Table {
        Table {
            inner,
            games: OnceLock::new(),
        }
    }

    /// A table of forms whose games, in the order of `inner.forms()`, are known already.
    pub(crate) fn with_games(inner: Inner, games: Vec<GameId>) -> Table {
        Table {
            inner,
            games: OnceLock::from(games),
        }
    }

    fn heatmap(&self, wrap: usize, scale: Option<u32>) -> PyResult<Heatmap> {
        Heatmap::new(&self.inner, &PictureOptions { wrap, scale }).map_err(errors::limit)
    }

    /// The distinct forms of a table of forms as games of the shared store (empty for other
    /// kinds), read from their text once: O(the forms' sizes) the first time.
    fn games(&self, py: Python<'_>) -> PyResult<&[GameId]> {
        if let Some(games) = self.games.get() {
            return Ok(games);
        }
        let forms = self.inner.forms();
        let games = py
            .allow_threads(|| {
                let mut store = shared_store();
                forms
                    .iter()
                    .map(|f| store.parse(&f.text).map_err(|e| format!("{}: {e}", f.text)))
                    .collect::<Result<Vec<GameId>, String>>()
            })
            .map_err(errors::input)?;
        Ok(self.games.get_or_init(|| games))
    }

    /// A cell as indexing gives it: a value an int, an outcome its letter, a form a `Cgt`, a
    /// misère quotient element its word.
    fn cell(&self, py: Python<'_>, code: u64) -> PyResult<PyObject> {
        Ok(match self.inner.kind() {
            Kind::Values => code.into_pyobject(py)?.into_any().unbind(),
            Kind::Outcomes | Kind::Elements => PyString::new(py, &self.inner.cell_text(code))
                .into_any()
                .unbind(),
            Kind::Forms => {
                let game = self.games(py)?[code as usize];
                Cgt::from_id(game).into_pyobject(py)?.into_any().unbind()
            }
        })
    }

    /// The cells `codes` as indexing gives them, in a list.
    fn cells<'py>(&self, py: Python<'py>, codes: &[u64]) -> PyResult<Bound<'py, PyList>> {
        let cells = codes
            .iter()
            .map(|&code| self.cell(py, code))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, cells)
    }

    /// The number of columns of a two-parameter table; `None` for one parameter.
    fn width(&self) -> Option<usize> {
        self.inner.columns().map(|c| c.count() as usize)
    }

    /// Item `i` of the iteration: the cell i of a one-parameter table, the row i (a list of
    /// cells) of a two-parameter one; `None` past the end.
    fn item(&self, py: Python<'_>, i: usize) -> PyResult<Option<PyObject>> {
        let values = self.inner.values();
        Ok(match self.width() {
            None => match values.get(i) {
                Some(&code) => Some(self.cell(py, code)?),
                None => None,
            },
            Some(width) => match values.chunks(width).nth(i) {
                Some(row) => Some(self.cells(py, row)?.into_any().unbind()),
                None => None,
            },
        })
    }
}

/// A coordinate of `t[...]`: `None` for an int no cell can have (negative, or beyond 64
/// bits), a `TypeError` for anything but an int.
fn coordinate(key: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    match key.extract::<u64>() {
        Ok(n) => Ok(Some(n)),
        Err(e) if e.is_instance_of::<PyOverflowError>(key.py()) => Ok(None),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a table is indexed by ints, t[n] or t[a, b], not {} (to_numpy() and to_pandas() \
             have slices)",
            key.get_type().name()?
        ))),
    }
}

/// The iteration of a table: its cells (one parameter) or its rows (two), made as they are
/// asked for.
#[pyclass(module = "grundy")]
pub struct TableIterator {
    table: Py<Table>,
    next: usize,
}

#[pymethods]
impl TableIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let item = self.table.get().item(py, self.next)?;
        self.next += 1;
        Ok(item)
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

    /// The distinct canonical forms of a table of forms, in order of first appearance, or the
    /// words of the elements of a misère quotient's table, in the quotient's order: the cells
    /// of `values()` index this list (empty for other kinds).
    fn forms(&self) -> Vec<String> {
        self.inner.forms().iter().map(|f| f.text.clone()).collect()
    }

    /// What the cells hold: `"values"`, `"outcomes"`, `"forms"` or `"elements"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner.kind() {
            Kind::Values => "values",
            Kind::Outcomes => "outcomes",
            Kind::Forms => "forms",
            Kind::Elements => "elements",
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
    pub(crate) fn outcomes(&self) -> Table {
        Table::new(self.inner.outcomes())
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

    /// The table's shape: `(n,)` for one parameter, `(rows, columns)` for two.
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rows = self.inner.rows().count() as usize;
        match self.width() {
            None => PyTuple::new(py, [rows]),
            Some(columns) => PyTuple::new(py, [rows, columns]),
        }
    }

    /// The cell at n, `t[n]`, or at (a, b), `t[a, b]`: an int (values), a letter (outcomes)
    /// or a `Cgt` (forms). `IndexError` outside the table.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let pair = key.downcast::<PyTuple>().ok().filter(|t| t.len() == 2);
        let code =
            match (self.inner.columns(), pair) {
                (None, None) => coordinate(key)?.and_then(|n| self.inner.value(n)),
                (Some(_), Some(pair)) => {
                    let (a, b) = (
                        coordinate(&pair.get_item(0)?)?,
                        coordinate(&pair.get_item(1)?)?,
                    );
                    a.zip(b).and_then(|(a, b)| self.inner.get(a, b))
                }
                (None, Some(_)) => {
                    return Err(PyTypeError::new_err(
                        "a table of one parameter is indexed by t[n]",
                    ))
                }
                (Some(_), None) => return Err(PyTypeError::new_err(
                    "a table of two parameters is indexed by t[a, b] (iterating it gives its rows)",
                )),
            };
        match code {
            Some(code) => self.cell(py, code),
            None => {
                let r = self.inner.rows();
                let within = match self.inner.columns() {
                    None => format!("n in range({}, {})", r.first, r.last + 1),
                    Some(c) => format!(
                        "a in range({}, {}), b in range({}, {})",
                        r.first,
                        r.last + 1,
                        c.first,
                        c.last + 1
                    ),
                };
                Err(PyIndexError::new_err(format!(
                    "{} is outside the table ({within})",
                    key.repr()?
                )))
            }
        }
    }

    /// The cells of a one-parameter table, the rows of a two-parameter one (each a list of
    /// cells), as NumPy iterates an array.
    fn __iter__(slf: Bound<'_, Self>) -> TableIterator {
        TableIterator {
            table: slf.unbind(),
            next: 0,
        }
    }

    /// The number of cells of a one-parameter table, of rows of a two-parameter one: what
    /// iteration gives.
    fn __len__(&self) -> usize {
        match self.width() {
            None => self.inner.values().len(),
            Some(_) => self.inner.rows().count() as usize,
        }
    }

    /// The cells as a NumPy array of shape `shape`: `int64` values, one-letter strings for
    /// outcomes, `Cgt` objects (dtype object) for forms, words for elements. `values()` gives the numbers of any
    /// kind, reshaped by `numpy.asarray(t.values()).reshape(t.shape)`. An `ImportError`
    /// without NumPy.
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numpy = required(py, "numpy", "to_numpy")?;
        let values = self.inner.values();
        let cells = match self.inner.kind() {
            Kind::Values => int64_array(&numpy, values.iter().map(|&v| v as i64))?,
            Kind::Outcomes | Kind::Elements => {
                numpy.call_method1("array", (self.cells(py, values)?,))?
            }
            Kind::Forms => {
                let object = py.import("builtins")?.getattr("object")?;
                numpy.call_method1("array", (self.cells(py, values)?, object))?
            }
        };
        cells.call_method1("reshape", (self.shape(py)?,))
    }

    /// The cells in pandas: a `Series` indexed by n for one parameter, a `DataFrame` indexed
    /// by a with columns b for two, the cells as `to_numpy()` gives them. An `ImportError`
    /// without pandas.
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pandas = required(py, "pandas", "to_pandas")?;
        let cells = self.to_numpy(py)?;
        let index = |span: Span, name: &str| {
            let range = PyRange::new(py, span.first as isize, span.last as isize + 1)?;
            let kwargs = [("name", name)].into_py_dict(py)?;
            pandas.getattr("RangeIndex")?.call((range,), Some(&kwargs))
        };
        let kwargs = PyDict::new(py);
        let class = match self.inner.columns() {
            None => {
                kwargs.set_item("index", index(self.inner.rows(), "n")?)?;
                kwargs.set_item("name", self.inner.game())?;
                "Series"
            }
            Some(columns) => {
                kwargs.set_item("index", index(self.inner.rows(), "a")?)?;
                kwargs.set_item("columns", index(columns, "b")?)?;
                "DataFrame"
            }
        };
        pandas.getattr(class)?.call((cells,), Some(&kwargs))
    }

    /// What a notebook shows: the heatmap (inline SVG), then the text table behind a
    /// toggle (its first lines, for a long table). The only picture format offered to
    /// notebooks, so that each display draws the heatmap once; `picture()` gives PNG or SVG,
    /// and `repr()` is the text table.
    fn _repr_html_(&self) -> PyResult<String> {
        let picture = match Heatmap::new(&self.inner, &PictureOptions::default()) {
            Ok(heatmap) => heatmap.svg(),
            Err(e) => format!("<p>{}</p>", escape(&e.to_string())),
        };
        let text = self.to_text(10)?;
        let lines = text.lines().count();
        let mut shown: String = text
            .lines()
            .take(HTML_TEXT_LINES)
            .flat_map(|line| [line, "\n"])
            .collect();
        if lines > HTML_TEXT_LINES {
            shown += &format!(
                "... {} more lines: to_text() has them all\n",
                lines - HTML_TEXT_LINES
            );
        }
        Ok(format!(
            "<div>{picture}<details><summary>table</summary><pre>{}</pre></details></div>",
            escape(&shown)
        ))
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "{}\n{}",
            self.inner.game(),
            self.to_text(10)?.trim_end()
        ))
    }
}

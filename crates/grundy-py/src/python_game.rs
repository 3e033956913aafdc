//! Games defined in Python: `explore(options, start)` builds the position graph of a game
//! whose moves a Python function gives (numbering the positions in `positions`, which hands
//! the graph to the library at once), and `values(options, positions)` values the parts of a
//! splitting game by memoised mex (the library's `rules::GrundyMemo`, with the Python
//! function behind its trait).

use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};

use grundy::budget::{Budget, Raise, Resource};
use grundy::pattern::table::TableError;
use grundy::progress::Progress;
use grundy::rules::{GrundyMemo, SplittingGame};
use grundy::solve::grundy_values;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::errors;
use crate::graph::{int_array, Graph};
use crate::positions::{explore_python, PyGame};
use crate::progress::Bar;

/// A Python position in the memo's hash table: the object and its Python hash, computed once
/// (a tuple recomputes its hash on every call).
pub struct Key {
    hash: isize,
    object: Py<PyAny>,
}

impl Key {
    /// The key of a hashable object (a `TypeError` for an unhashable one, such as a list).
    pub fn new(object: &Bound<'_, PyAny>) -> PyResult<Key> {
        Ok(Key {
            hash: object.hash()?,
            object: object.clone().unbind(),
        })
    }
}

impl Clone for Key {
    fn clone(&self) -> Key {
        // SAFETY: keys are cloned only inside `values`, which calls the engine with the GIL
        // held (the engine's traits have no GIL token to pass on).
        let py = unsafe { Python::assume_gil_acquired() };
        Key {
            hash: self.hash,
            object: self.object.clone_ref(py),
        }
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_isize(self.hash);
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        if self.hash != other.hash {
            return false;
        }
        // SAFETY: keys are compared only inside the engine's calls from `values`, with the
        // GIL held; the pointers are owned by the keys. The comparison
        // checks identity first, as dicts do, and makes no Python bool.
        let equal = unsafe {
            pyo3::ffi::PyObject_RichCompareBool(
                self.object.as_ptr(),
                other.object.as_ptr(),
                pyo3::ffi::Py_EQ,
            )
        };
        if equal < 0 {
            // `==` raised (a user's `__eq__`): the error is kept and raised when the engine
            // returns.
            keep(PyErr::fetch(unsafe { Python::assume_gil_acquired() }));
        }
        equal == 1
    }
}

impl Eq for Key {}

thread_local! {
    /// The first error raised by Python code during a call into the engine, whose traits
    /// cannot return errors: once set, the game stops giving moves and the error is raised
    /// when the engine returns.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

fn keep(error: PyErr) {
    PENDING.with(|p| {
        p.borrow_mut().get_or_insert(error);
    });
}

fn failed() -> bool {
    PENDING.with(|p| p.borrow().is_some())
}

/// Raises the error kept during the engine's call, if any.
fn raise_pending() -> PyResult<()> {
    match PENDING.with(|p| p.borrow_mut().take()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// How often (in calls of `options`) Ctrl-C is looked for.
const SIGNAL_EVERY: u32 = 1 << 10;

/// A game whose moves a Python function gives.
struct PyRules<'py, 'a> {
    options: Bound<'py, PyAny>,
    /// Ticked once per call of `options`.
    progress: &'a Bar,
    /// Calls of `options` so far.
    calls: Cell<u32>,
    /// The most calls of `options` (positions expanded) allowed.
    limit: usize,
}

impl<'py, 'a> PyRules<'py, 'a> {
    fn new(options: Bound<'py, PyAny>, limit: Option<usize>, progress: &'a Bar) -> Self {
        PyRules {
            options,
            progress,
            calls: Cell::new(0),
            limit: limit.unwrap_or(usize::MAX),
        }
    }

    /// Calls `options(p)` and `f` on each option, until an error.
    fn each_option(
        &self,
        p: &Key,
        mut f: impl FnMut(&Bound<'py, PyAny>) -> PyResult<()>,
    ) -> PyResult<()> {
        let py = self.options.py();
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        self.progress.tick();
        if calls % SIGNAL_EVERY == 0 {
            py.check_signals()?;
        }
        if calls as usize > self.limit {
            return Err(errors::limit(budget(Some(self.limit), None).exhausted(
                Resource::Positions,
                None,
                "valuing",
                self.limit as u64,
            )));
        }
        let options = self.options.call1((p.object.bind(py),))?;
        if let Ok(list) = options.downcast::<PyList>() {
            list.iter().try_for_each(|q| f(&q))
        } else if let Ok(tuple) = options.downcast::<PyTuple>() {
            tuple.iter().try_for_each(|q| f(&q))
        } else {
            options.try_iter()?.try_for_each(|q| f(&q?))
        }
    }
}

impl SplittingGame for PyRules<'_, '_> {
    type Part = Key;

    /// An option that is a tuple is a sum of independent parts (`()` when nothing is left);
    /// any other option is one part.
    fn moves(&self, part: &Key, out: &mut Vec<Vec<Key>>) {
        if failed() {
            return;
        }
        if let Err(e) = self.each_option(part, |q| {
            out.push(match q.downcast::<PyTuple>() {
                Ok(parts) => parts
                    .iter()
                    .map(|r| Key::new(&r))
                    .collect::<PyResult<_>>()?,
                Err(_) => vec![Key::new(q)?],
            });
            Ok(())
        }) {
            keep(e);
        }
    }
}

/// How Python callers raise a budget: by the functions' keyword arguments.
const RAISE: Raise = Raise {
    positions: "pass a larger limit=",
    memory: "pass a larger memory=",
    time: "pass a larger time limit",
};

/// The budget of `limit` positions and `memory` bytes, the engine's defaults where absent.
fn budget(limit: Option<usize>, memory: Option<usize>) -> Budget {
    let mut budget = Budget::default().named(RAISE);
    if let Some(limit) = limit {
        budget = budget.with_positions(limit as u64);
    }
    if let Some(memory) = memory {
        budget = budget.with_memory(memory as u64);
    }
    budget
}

/// The position graph of a game defined in Python, explored from `starts`.
///
/// `options(position)` returns an iterable of the positions one move leads to (hashable:
/// ints, strings, tuples, frozensets...). `result(position)`, if given, says where the rules
/// end the game: `"win"`, `"loss"` or `"draw"` for the player to move, or `None` to play on
/// (a position without moves is a loss). `player(position)`, if given, says who is to move
/// (1 or 2), for preferences and payoffs. `limit` bounds the number of positions and
/// `memory` the bytes the engine's side uses: beyond them, `LimitError`. An exception in a
/// callback propagates; Ctrl-C interrupts. `progress=True` shows the positions explored so
/// far on stderr as they are.
///
/// >>> g = explore(lambda n: [n - t for t in (1, 2) if t <= n], 5)
/// >>> g.solve().outcome(3)
/// 'loss'
#[pyfunction]
#[pyo3(signature = (
    options, *starts, limit = None, memory = None, result = None, player = None, progress = false
))]
#[allow(clippy::too_many_arguments)]
pub fn explore(
    options: Bound<'_, PyAny>,
    starts: &Bound<'_, PyTuple>,
    limit: Option<usize>,
    memory: Option<usize>,
    result: Option<Bound<'_, PyAny>>,
    player: Option<Bound<'_, PyAny>>,
    progress: bool,
) -> PyResult<Graph> {
    if starts.is_empty() {
        return Err(errors::input("explore needs at least one start position"));
    }
    let game = PyGame {
        options,
        result,
        player,
        budget: budget(limit, memory),
    };
    let bar = Bar::new(progress);
    bar.count("exploring");
    let explored = explore_python(&game, starts.iter().map(Ok), &bar)?;
    bar.finish();
    Ok(Graph::new(explored.graph, Some(explored.positions)))
}

/// The Sprague–Grundy values of `starts` in the impartial game whose options `options`
/// gives. With `split`, an option that is a tuple is a sum of independent parts, valued by
/// memoised mex over XORs (a loopy game is an error); without, positions are explored into a
/// graph and valued by the loopy solver (a position of infinite value is an error).
/// `progress` counts the positions whose options are asked for.
pub fn python_values(
    options: Bound<'_, PyAny>,
    starts: Vec<Key>,
    split: bool,
    limit: Option<usize>,
    progress: &Bar,
) -> PyResult<Vec<u64>> {
    let py = options.py();
    progress.count("valuing");
    let rules = PyRules::new(options, limit, progress);
    if split {
        let mut memo = GrundyMemo::new(&rules);
        let mut values = Vec::with_capacity(starts.len());
        for s in &starts {
            let value = memo.value(s);
            raise_pending()?;
            values.push(u64::from(value.map_err(errors::input)?));
        }
        return Ok(values);
    }
    let game = PyGame {
        options: rules.options,
        result: None,
        player: None,
        budget: budget(limit, None),
    };
    let explored = explore_python(
        &game,
        starts.iter().map(|s| Ok(s.object.bind(py).clone())),
        progress,
    )?;
    progress.phase("solving", None);
    let values = py
        .allow_threads(|| grundy_values(&explored.graph))
        .map_err(errors::input)?;
    starts
        .iter()
        .map(|s| {
            let start = s.object.bind(py);
            let id = explored
                .positions
                .find(start)?
                .expect("a start is explored");
            values.finite(id).map(u64::from).ok_or_else(|| {
                let position = start.repr().map_or("?".into(), |r| r.to_string());
                let value = values.value(&explored.graph, id).to_string();
                errors::input(TableError::Loopy { position, value })
            })
        })
        .collect()
}

/// The Sprague–Grundy value of each of `positions` in an impartial game defined in Python,
/// as `array.array('q')`.
///
/// `options(position)` returns an iterable of options. With `split=True` (the default) an
/// option that is a tuple is a sum of independent parts — `(2, 3)` is a row of 2 and a row of
/// 3, `()` nothing left — and values are found by memoised mex over XORs; with
/// `split=False` every option is one position and loopy games are solved on their graph.
/// `limit` bounds the positions valued. `progress=True` shows the positions valued so far
/// on stderr.
///
/// >>> def kayles(n):
/// ...     return [(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]
/// >>> list(values(kayles, range(8)))
/// [0, 1, 2, 3, 1, 4, 3, 2]
#[pyfunction]
#[pyo3(signature = (options, positions, *, split = true, limit = None, progress = false))]
pub fn values<'py>(
    py: Python<'py>,
    options: Bound<'py, PyAny>,
    positions: &Bound<'py, PyAny>,
    split: bool,
    limit: Option<usize>,
    progress: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let starts: Vec<Key> = positions
        .try_iter()?
        .map(|p| Key::new(&p?))
        .collect::<PyResult<_>>()?;
    let bar = Bar::new(progress);
    let values = python_values(options, starts, split, limit, &bar)?;
    bar.finish();
    int_array(py, values.into_iter().map(|v| v as i64))
}

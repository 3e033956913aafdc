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
use grundy::rules::{GrundyMemo, MemoError, SplittingGame};
use grundy::solve::grundy_values;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::errors;
use crate::graph::{int_array, Graph};
use crate::interrupt::{look, with_timeout, CHECK_EVERY};
use crate::positions::{explore_python, PyGame};
use crate::progress::Bar;

/// A Python position in the memo's hash table: the object and its Python hash, computed once
/// (a tuple recomputes its hash on every call).
pub struct Key {
    hash: isize,
    object: Py<PyAny>,
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Key({:#x})", self.hash)
    }
}

impl Key {
    /// The object.
    pub fn object(&self) -> &Py<PyAny> {
        &self.object
    }

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
        // Keys are cloned only inside the engine's calls, made with the GIL held.
        Key {
            hash: self.hash,
            object: self.object.clone_ref(gil()),
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
        // SAFETY: keys are compared only inside the engine's calls, with the GIL held; the
        // pointers are owned by the keys. The comparison checks identity first, as dicts do,
        // and makes no Python bool.
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
            keep(PyErr::fetch(gil()));
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

/// The GIL's token where the caller holds it but has no token to pass on: in the engine's
/// calls of a Python game's rules, made from a method that holds the GIL throughout (the
/// engine's traits have no token).
pub(crate) fn gil() -> Python<'static> {
    // SAFETY: called only from code the engine runs on the thread that holds the GIL, for
    // the length of the call into the engine.
    unsafe { Python::assume_gil_acquired() }
}

pub(crate) fn keep(error: PyErr) {
    PENDING.with(|p| {
        p.borrow_mut().get_or_insert(error);
    });
}

pub(crate) fn failed() -> bool {
    PENDING.with(|p| p.borrow().is_some())
}

/// Raises the error kept during the engine's call, if any.
pub(crate) fn raise_pending() -> PyResult<()> {
    match PENDING.with(|p| p.borrow_mut().take()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The most positions a game defined in Python explores or values when no `limit` is given:
/// ten million, some seconds of Python calls and about a gigabyte of Python objects, so that
/// a game that never ends stops with `LimitError` rather than filling the machine's memory.
pub const DEFAULT_LIMIT: usize = 10_000_000;

/// The bytes the memo of values holds for each part valued, by estimate: an entry of its
/// hash table (a key of 16 bytes and a value, with a control byte, at 7/8 full) and the room
/// its growth takes, without the Python object the key keeps alive.
const MEMO_BYTES: u64 = 64;

/// A game whose moves a Python function gives.
struct PyRules<'py, 'a> {
    options: Bound<'py, PyAny>,
    /// The user's function that splits a position into independent parts, if any.
    parts: Option<Bound<'py, PyAny>>,
    /// The type `grundy.Sum`: an option of this type is the sum of its items.
    sum: Bound<'py, PyAny>,
    /// Whether a position was split into parts (a `Sum`, or by `parts`).
    split: Cell<bool>,
    /// Ticked once per call of `options`.
    progress: &'a Bar,
    /// Calls of `options` so far.
    calls: Cell<u64>,
    /// The most calls of `options` (positions expanded), and the deadline.
    budget: Budget,
}

impl<'py, 'a> PyRules<'py, 'a> {
    fn new(
        options: Bound<'py, PyAny>,
        parts: Option<Bound<'py, PyAny>>,
        budget: Budget,
        progress: &'a Bar,
    ) -> PyResult<Self> {
        let sum = options.py().import("grundy")?.getattr("Sum")?;
        Ok(PyRules {
            options,
            parts,
            sum,
            split: Cell::new(false),
            progress,
            calls: Cell::new(0),
            budget,
        })
    }

    /// The independent parts of the position `q`: the items of a `Sum` (each split in turn),
    /// what `parts(q)` gives when the game has that function, else `q` alone.
    fn parts_of(&self, q: &Bound<'py, PyAny>, out: &mut Vec<Key>) -> PyResult<()> {
        if q.is_instance(&self.sum)? {
            self.split.set(true);
            return q.try_iter()?.try_for_each(|r| self.parts_of(&r?, out));
        }
        match &self.parts {
            Some(parts) => {
                let mut alone = None;
                let mut count = 0;
                for r in parts.call1((q,))?.try_iter()? {
                    let r = r?;
                    count += 1;
                    alone = (count == 1).then(|| r.eq(q)).transpose()?;
                    out.push(Key::new(&r)?);
                }
                // A position that `parts` gives back whole is not split: a game whose
                // positions are all their own part may still be solved on its graph.
                if alone != Some(true) {
                    self.split.set(true);
                }
                Ok(())
            }
            None => {
                out.push(Key::new(q)?);
                Ok(())
            }
        }
    }

    /// Calls `options(p)` and `f` on each option, until an error.
    fn each_option(
        &self,
        p: &Key,
        mut f: impl FnMut(&Bound<'py, PyAny>) -> PyResult<()>,
    ) -> PyResult<()> {
        let py = self.options.py();
        let calls = self.calls.get() + 1;
        self.calls.set(calls);
        self.progress.tick();
        if calls % CHECK_EVERY == 0 {
            look(py, &self.budget, "valuing", calls)?;
            (self.budget)
                .check_memory(calls * MEMO_BYTES, "valuing", calls)
                .map_err(errors::limit)?;
        }
        if calls > self.budget.positions() {
            return Err(errors::limit(self.budget.exhausted(
                Resource::Positions,
                None,
                "valuing",
                self.budget.positions(),
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

    /// An option that is a `Sum` (or that the game's `parts` splits) is a sum of
    /// independent parts (`Sum()` when nothing is left); any other option is one part.
    fn moves(&self, part: &Key, out: &mut Vec<Vec<Key>>) {
        if failed() {
            return;
        }
        if let Err(e) = self.each_option(part, |q| {
            let mut parts = Vec::new();
            self.parts_of(q, &mut parts)?;
            out.push(parts);
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
    time: "pass a larger timeout=",
};

/// The budget of `limit` positions ([`DEFAULT_LIMIT`] when absent), `memory` bytes (the
/// engine's default when absent) and `timeout` seconds from now (none when absent); an
/// `InputError` for a timeout that is not a number of seconds.
pub fn budget(
    limit: Option<usize>,
    memory: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<Budget> {
    let mut budget = Budget::default()
        .named(RAISE)
        .with_positions(limit.unwrap_or(DEFAULT_LIMIT) as u64);
    if let Some(memory) = memory {
        budget = budget.with_memory(memory as u64);
    }
    with_timeout(budget, timeout)
}

/// The position graph of a game defined in Python, explored from `starts`.
///
/// `options(position)` returns an iterable of the positions one move leads to (hashable:
/// ints, strings, tuples, frozensets...). `result(position)`, if given, says where the rules
/// end the game: `"win"`, `"loss"` or `"draw"` for the player to move, or `None` to play on
/// (a position without moves is a loss). `player(position)`, if given, says who is to move
/// (1 or 2), for preferences and payoffs. `limit` bounds the number of positions (ten
/// million by default, `grundy.DEFAULT_LIMIT`), `memory` the bytes the engine's side uses
/// and `timeout` the seconds: beyond them, `LimitError`. An exception in a callback
/// propagates; Ctrl-C interrupts. `progress=True` shows the positions explored so far on
/// stderr as they are.
///
/// >>> g = explore(lambda n: [n - t for t in (1, 2) if t <= n], 5)
/// >>> g.solve().outcome(3)
/// 'loss'
#[pyfunction]
#[pyo3(signature = (
    options, *starts, limit = None, memory = None, result = None, player = None, progress = false,
    timeout = None
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
    timeout: Option<f64>,
) -> PyResult<Graph> {
    if starts.is_empty() {
        return Err(errors::input("explore needs at least one start position"));
    }
    let game = PyGame {
        options,
        result,
        player,
        budget: budget(limit, memory, timeout)?,
    };
    let bar = Bar::new(progress);
    bar.count("exploring");
    let explored = explore_python(&game, starts.iter().map(Ok), &bar)?;
    bar.finish();
    Ok(Graph::new(explored.graph, Some(explored.positions)))
}

/// The Sprague–Grundy values of `starts` in the impartial game whose options `options`
/// gives, each position split into independent parts where the game says so (a `Sum`, or
/// its `parts` function): by memoised mex over XORs, and for a game that never splits and
/// turns out loopy, by the loopy solver on its explored graph (a position of infinite value
/// is an error), within `budget` (its positions, those whose options are asked for, and its
/// deadline). `progress` counts the positions whose options are asked for.
pub fn python_values(
    options: Bound<'_, PyAny>,
    parts: Option<Bound<'_, PyAny>>,
    starts: Vec<Bound<'_, PyAny>>,
    budget: Budget,
    progress: &Bar,
) -> PyResult<Vec<u64>> {
    progress.count("valuing");
    let rules = PyRules::new(options, parts, budget, progress)?;
    let mut memo = GrundyMemo::new(&rules);
    let mut values = Vec::with_capacity(starts.len());
    for s in &starts {
        let mut parts = Vec::new();
        rules.parts_of(s, &mut parts)?;
        let value = memo.value_of_sum(&parts);
        raise_pending()?;
        match value {
            Ok(value) => values.push(u64::from(value)),
            // A game that never splits may be loopy: its graph has the values.
            Err(MemoError::Loopy) if !rules.split.get() => {
                return loopy_values(&rules, &starts, progress)
            }
            Err(e) => return Err(errors::input(e)),
        }
    }
    Ok(values)
}

/// The values of `starts` in a game that does not split, by the loopy solver on the graph
/// explored from them: a position of infinite value is an error, and so is a `Sum` met while
/// exploring (a sum of loopy games has no finite value the memo could find).
fn loopy_values(
    rules: &PyRules<'_, '_>,
    starts: &[Bound<'_, PyAny>],
    progress: &Bar,
) -> PyResult<Vec<u64>> {
    let py = rules.options.py();
    let game = PyGame {
        options: rules.options.clone(),
        result: None,
        player: None,
        budget: rules.budget.clone(),
    };
    let explored = explore_python(&game, starts.iter().cloned().map(Ok), progress)?;
    for object in &explored.positions.objects {
        if object.bind(py).is_instance(&rules.sum)? {
            return Err(errors::input(format!(
                "{}: a Sum in a loopy game: explore(options, start).values() values the \
                 positions of a loopy game that does not split",
                MemoError::Loopy
            )));
        }
    }
    progress.phase("solving", None);
    let values = py
        .allow_threads(|| grundy_values(&explored.graph))
        .map_err(errors::input)?;
    starts
        .iter()
        .map(|start| {
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
/// as a NumPy `int64` array (an `array.array('q')` when NumPy is not installed).
///
/// `options(position)` returns an iterable of options. A position is one game unless the
/// game says it is a sum of independent games: an option `grundy.Sum(a, b)` is the game `a`
/// beside the game `b` (`Sum()` when nothing is left), and `parts(position)`, if given,
/// returns the independent parts of any position. A tuple is one position like any other.
/// Values are found by memoised mex over XORs; a game that never splits and has cycles is
/// solved on its graph instead (a position of infinite value is an error). `limit` bounds
/// the positions valued (ten million by default), `memory` the bytes the engine's side
/// uses and `timeout` the seconds: beyond them, `LimitError`. Ctrl-C interrupts.
/// `progress=True` shows the positions valued so far on stderr.
///
/// >>> from grundy import Sum
/// >>> def kayles(n):
/// ...     return [Sum(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]
/// >>> values(kayles, range(8)).tolist()
/// [0, 1, 2, 3, 1, 4, 3, 2]
#[pyfunction]
#[pyo3(signature = (
    options, positions, *, parts = None, limit = None, memory = None, progress = false,
    timeout = None
))]
#[allow(clippy::too_many_arguments)]
pub fn values<'py>(
    py: Python<'py>,
    options: Bound<'py, PyAny>,
    positions: &Bound<'py, PyAny>,
    parts: Option<Bound<'py, PyAny>>,
    limit: Option<usize>,
    memory: Option<usize>,
    progress: bool,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    let budget = budget(limit, memory, timeout)?;
    let starts: Vec<Bound<'py, PyAny>> = positions.try_iter()?.collect::<PyResult<_>>()?;
    let bar = Bar::new(progress);
    let values = python_values(options, parts, starts, budget, &bar)?;
    bar.finish();
    int_array(py, values.into_iter().map(|v| v as i64))
}

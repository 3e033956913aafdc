//! Search for games defined in Python: `search(options, position)` finds who wins one
//! position of a game whose moves a Python function gives, and `Partizan.search` one position
//! of a partizan game (in `partizan_game`), without exploring or valuing every position
//! first. Both run the library's search (`grundy::rules::search`, `grundy::partizan::search`)
//! as if on the calling thread (`Options::on_caller`), on a thread of their own whose stack
//! holds the lines of play they follow (`depth=`), holding the GIL there for the Python
//! functions ([`on_own_stack`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use grundy::budget::{Budget, Raise, Resource};
use grundy::outcome::Outcome;
use grundy::rules::search::{GameSearch, GameSearchError, GameSearched};
use grundy::rules::{Game, Moves};
use grundy::search::solver::Options;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors;
use crate::interrupt::{interruptible, look, with_timeout, CHECK_EVERY, STACK_BYTES};
use crate::positions::read_result;
use crate::progress::Bar;
use crate::python_game::{failed, gil, keep, raise_pending, Key, DEFAULT_LIMIT};

/// The table a search keeps by default: 64 MiB, as the command line's.
pub const DEFAULT_TABLE: u64 = 64 << 20;

/// The deepest line of play a search follows by default: 20,000 moves, as deep as the
/// command line's searches go, on a stack of 88 MiB of address space, which the system
/// gives only as the search goes deep.
pub const DEFAULT_DEPTH: usize = 20_000;

/// The stack one level of a search may take: measured for both `search` and
/// `Partizan.search` on a line of 20,000 moves, which runs on 512 bytes a level and
/// overflows on 256 in an optimised build, runs on 4 KiB and overflows on 2 KiB in an
/// unoptimised one. The thread a search runs on has a stack of `depth` levels beside the
/// usual [`STACK_BYTES`].
const STACK_PER_LEVEL: u64 = 4 << 10;

/// The most moves a position of a Python game may have in a search.
const MOST_MOVES: usize = 1 << 20;

/// How Python callers raise the budget of `search`.
const RAISE: Raise = Raise {
    positions: "pass a larger limit=",
    memory: "pass a larger memory= or a smaller table=",
    time: "pass a larger timeout=",
};

/// The budget of a search: `limit` nodes ([`DEFAULT_LIMIT`] when absent), `memory` bytes
/// (the engine's default when absent) and `timeout` seconds (none when absent), raised as
/// `raise` says.
pub fn search_budget(
    raise: Raise,
    limit: Option<usize>,
    memory: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Budget> {
    let mut budget = Budget::default()
        .named(raise)
        .with_positions(limit.unwrap_or(DEFAULT_LIMIT) as u64);
    if let Some(memory) = memory {
        budget = budget.with_memory(memory);
    }
    with_timeout(budget, timeout)
}

/// The search's options on the calling thread, with a table of `table` bytes, following lines
/// of at most `depth` moves.
pub fn on_caller(table: Option<u64>, depth: usize) -> Options {
    Options {
        table_bytes: table.unwrap_or(DEFAULT_TABLE),
        on_caller: true,
        caller_depth: depth,
        ..Options::default()
    }
}

/// The depth a search follows: `depth` (at least 1), or [`DEFAULT_DEPTH`].
pub fn depth(depth: Option<usize>) -> PyResult<usize> {
    match depth {
        Some(0) => Err(errors::input(
            "depth=0: a search follows lines of at least one move",
        )),
        Some(d) => Ok(d),
        None => Ok(DEFAULT_DEPTH),
    }
}

/// The budget message of a line of play deeper than `depth` moves: how to raise it, and the
/// endless game it may be.
pub fn too_deep(depth: usize) -> PyErr {
    errors::limit(format!(
        "the depth budget of {depth} moves ran out while searching (a line of play went \
         deeper, or the game never ends): pass a larger depth="
    ))
}

/// Runs `search`, which calls Python and follows lines of at most `depth` moves, on a thread
/// whose stack holds them (checked against `budget`'s memory first), holding the GIL there,
/// while the calling thread looks for Ctrl-C (which sets the budget's cancel flag, checked
/// at every node): the calling thread's own stack holds only some thousands of levels.
pub fn on_own_stack<T: Send>(
    py: Python<'_>,
    depth: usize,
    budget: &Budget,
    search: impl FnOnce() -> PyResult<T> + Send,
) -> PyResult<T> {
    let stack = (depth as u64)
        .saturating_mul(STACK_PER_LEVEL)
        .saturating_add(STACK_BYTES as u64);
    if stack > budget.memory() || usize::try_from(stack).is_err() {
        let mut e = budget.exhausted(Resource::Memory, Some(stack), "taking the stack", 0);
        e.raise = "pass a larger memory= or a smaller depth=";
        return Err(errors::limit(e));
    }
    interruptible(py, stack as usize, budget.cancel(), || {
        Python::with_gil(|_| search())
    })?
}

/// A game whose moves (and, if given, results) Python functions give, as the library's
/// [`Game`]. An error in a function is kept ([`keep`]) and the game stops giving moves, so
/// that the search ends soon and the error is raised.
struct PyGameRules {
    options: Py<PyAny>,
    result: Option<Py<PyAny>>,
    /// Calls of `options`, shared by the copies the search makes.
    calls: Arc<AtomicU64>,
    /// The current call's budget and bar, shared by the copies: a [`Searcher`] keeps its
    /// game from one call to the next, each call with budgets of its own.
    call: Arc<Mutex<Call>>,
}

/// What the current search works within.
struct Call {
    /// The search's budget, for its deadline.
    budget: Budget,
    /// Ticked at each call of `options`.
    bar: Bar,
}

impl Clone for PyGameRules {
    fn clone(&self) -> PyGameRules {
        PyGameRules {
            options: self.options.clone_ref(gil()),
            result: self.result.as_ref().map(|f| f.clone_ref(gil())),
            calls: Arc::clone(&self.calls),
            call: Arc::clone(&self.call),
        }
    }
}

impl PyGameRules {
    /// Appends the options of `p` to `out`, looking for Ctrl-C and at the clock every so
    /// often (the search checks its budget at every node too, but a slow function may be
    /// called many times at one).
    fn options(&self, p: &Key, out: &mut Moves<Key>) -> PyResult<()> {
        let py = gil();
        let calls = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
        // Only the thread holding the GIL calls: the lock is never waited on.
        let call = self.call.lock().unwrap_or_else(|p| p.into_inner());
        call.bar.tick();
        if calls % CHECK_EVERY == 0 {
            look(py, &call.budget, "searching", calls)?;
        }
        drop(call);
        for q in self
            .options
            .bind(py)
            .call1((p.object().bind(py),))?
            .try_iter()?
        {
            out.push(Key::new(&q?)?);
        }
        Ok(())
    }
}

impl Game for PyGameRules {
    type Position = Key;

    fn moves(&self, p: &Key, out: &mut Moves<Key>) {
        if failed() {
            return;
        }
        if let Err(e) = self.options(p, out) {
            keep(e);
            out.clear();
        }
    }

    fn result(&self, p: &Key) -> Option<Outcome> {
        let f = self.result.as_ref()?;
        if failed() {
            return None;
        }
        read_result(f.bind(gil()), p.object().bind(gil())).unwrap_or_else(|e| {
            keep(e);
            None
        })
    }
}

/// The word Python uses for an outcome.
fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
    }
}

/// A list of the positions `line` holds, as Python objects.
pub fn positions<'py>(py: Python<'py>, line: &[Key]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, line.iter().map(|q| q.object().clone_ref(py)))
}

/// Who wins `position` of the game whose options `options` gives, by search, without
/// exploring every position first: for a position too large to explore whose answer needs
/// only some of its positions.
///
/// Returns a dict: `"outcome"` for the player to move (`"win"`, `"loss"` or `"draw"` where
/// `result` ends games drawn), `"best"` the position a best move leads to (`None` where the
/// game is over), `"line"` a line of play (the positions after each move, each player
/// playing a best move, up to 12 moves) and `"nodes"` the positions searched.
///
/// `options(position)` and `result(position)` are `explore`'s. The search is depth-first
/// alpha-beta with a table of results of `table` bytes (64 MiB by default), moves tried from
/// the one that leaves the opponent the fewest, following lines of at most `depth` moves
/// (20,000 by default; the search runs on a thread of its own whose stack holds them, which
/// calls the functions). `limit` bounds the positions searched (ten million by default),
/// `memory` the bytes (the table's and the stack's) and `timeout` the seconds: beyond them,
/// or deeper than `depth`, `LimitError`. A game with a cycle on a line of play is an
/// `InputError` (`explore(...).solve()` answers it). An exception in a callback
/// propagates; Ctrl-C interrupts. `progress=True` counts the calls of `options` on stderr.
/// `Searcher` keeps its table from one position to the next.
///
/// >>> found = search(lambda n: [n - t for t in (1, 3, 4) if t <= n], 30)
/// >>> found["outcome"], found["best"]
/// ('loss', 29)
#[pyfunction]
#[pyo3(signature = (
    options, position, *, result = None, limit = None, memory = None, table = None,
    timeout = None, depth = None, progress = false
))]
#[allow(clippy::too_many_arguments)]
pub fn search<'py>(
    py: Python<'py>,
    options: Py<PyAny>,
    position: &Bound<'py, PyAny>,
    result: Option<Py<PyAny>>,
    limit: Option<usize>,
    memory: Option<u64>,
    table: Option<u64>,
    timeout: Option<f64>,
    depth: Option<usize>,
    progress: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let mut searcher = Searcher::new(options, result, memory, table, depth)?;
    searcher.search(py, position, limit, timeout, progress)
}

/// A search of one game, whose options a Python function gives, that keeps its table of
/// results from one call to the next: a position searched again, or one whose lines meet
/// those searched before, is answered from the table (only proved results are kept, so a
/// call stopped by its budget leaves it sound).
///
/// `Searcher(options, *, result=None, memory=None, table=None, depth=None)` takes the
/// table (`table` bytes, 64 MiB by default, checked against `memory`); `search(position,
/// *, limit=None, timeout=None, progress=False)` answers as the function `search` does,
/// each call within its own `limit` and `timeout`.
///
/// >>> s = Searcher(lambda n: [n - t for t in (1, 3, 4) if t <= n])
/// >>> s.search(30)["outcome"], s.search(31)["outcome"]
/// ('loss', 'win')
#[pyclass(module = "grundy")]
pub struct Searcher {
    search: GameSearch<PyGameRules>,
    /// The game's current call, shared with the copies the search holds.
    call: Arc<Mutex<Call>>,
    /// The memory budget: the table's and each call's stack.
    memory: Option<u64>,
    /// The deepest line of play followed.
    depth: usize,
    /// The table's bytes.
    table: u64,
}

#[pymethods]
impl Searcher {
    #[new]
    #[pyo3(signature = (options, *, result = None, memory = None, table = None, depth = None))]
    fn new(
        options: Py<PyAny>,
        result: Option<Py<PyAny>>,
        memory: Option<u64>,
        table: Option<u64>,
        depth: Option<usize>,
    ) -> PyResult<Searcher> {
        let budget = search_budget(RAISE, None, memory, None)?;
        let depth = self::depth(depth)?;
        let call = Arc::new(Mutex::new(Call {
            budget: budget.clone(),
            bar: Bar::new(false),
        }));
        let game = PyGameRules {
            options,
            result,
            calls: Arc::new(AtomicU64::new(0)),
            call: Arc::clone(&call),
        };
        let options = on_caller(table, depth);
        let search = GameSearch::new(game, options, MOST_MOVES, &budget).map_err(searched_error)?;
        Ok(Searcher {
            search,
            call,
            memory,
            depth,
            table: options.table_bytes,
        })
    }

    /// Who wins `position`, by search within `limit` positions (ten million by default) and
    /// `timeout` seconds (none by default), the table kept from earlier calls: a dict as
    /// the function `search` returns.
    #[pyo3(signature = (position, *, limit = None, timeout = None, progress = false))]
    fn search<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        limit: Option<usize>,
        timeout: Option<f64>,
        progress: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let budget = search_budget(RAISE, limit, self.memory, timeout)?;
        let bar = Bar::new(progress);
        bar.count("searching");
        *self.call.lock().unwrap_or_else(|p| p.into_inner()) = Call {
            budget: budget.clone(),
            bar,
        };
        let start = Key::new(position)?;
        let search = &mut self.search;
        let found = on_own_stack(py, self.depth, &budget, || {
            let found = search.search(&start, &budget);
            if let Err(e) = raise_pending() {
                // A function that raised left positions without their moves: what the
                // table learnt since may be wrong.
                search.forget();
                return Err(e);
            }
            found.map_err(searched_error)
        })?;
        found_dict(py, &found)
    }

    /// The table's size in bytes.
    #[getter]
    fn table(&self) -> u64 {
        self.table
    }

    fn __repr__(&self) -> String {
        format!("Searcher(..., table={}, depth={})", self.table, self.depth)
    }
}

/// The Python error of a search's error.
fn searched_error(e: GameSearchError) -> PyErr {
    match e {
        GameSearchError::Budget(e) => errors::limit(e),
        GameSearchError::TooDeep(depth) => too_deep(depth),
        e => errors::input(e),
    }
}

/// The dict of what a search found (see [`search`]).
fn found_dict<'py>(py: Python<'py>, found: &GameSearched<Key>) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("outcome", outcome_name(found.outcome))?;
    dict.set_item(
        "best",
        found.best.as_ref().map(|q| q.object().clone_ref(py)),
    )?;
    dict.set_item("line", positions(py, &found.line)?)?;
    dict.set_item("nodes", found.nodes)?;
    Ok(dict)
}

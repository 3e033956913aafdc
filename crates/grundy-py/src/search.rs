//! Search for games defined in Python: `search(options, position)` finds who wins one
//! position of a game whose moves a Python function gives, and `Partizan.search` one position
//! of a partizan game (in `partizan_game`), without exploring or valuing every position
//! first. Both run the library's search (`grundy::rules::search`, `grundy::partizan::search`)
//! on the calling thread, which holds the GIL for the Python functions
//! (`Options::on_caller`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use grundy::budget::{Budget, Raise};
use grundy::outcome::Outcome;
use grundy::rules::search::{search as search_game, GameSearchError};
use grundy::rules::{Game, Moves};
use grundy::search::solver::Options;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors;
use crate::positions::read_result;
use crate::python_game::{failed, gil, keep, raise_pending, Key, DEFAULT_LIMIT};

/// The table a search keeps by default: 64 MiB, as the command line's.
pub const DEFAULT_TABLE: u64 = 64 << 20;

/// The most moves a position of a Python game may have in a search.
const MOST_MOVES: usize = 1 << 20;

/// How often (in calls of the options function) Ctrl-C is looked for.
const SIGNAL_EVERY: usize = 1 << 10;

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
    match timeout {
        Some(seconds) if seconds.is_nan() || seconds < 0.0 => {
            return Err(errors::input(format!(
                "timeout={seconds}: expected a number of seconds, at least 0"
            )))
        }
        // A time too long for a `Duration` (infinity among them) is no limit.
        Some(seconds) => {
            if let Ok(time) = Duration::try_from_secs_f64(seconds) {
                budget = budget.with_time(time);
            }
        }
        None => {}
    }
    Ok(budget)
}

/// The search's options on the calling thread, with a table of `table` bytes.
pub fn on_caller(table: Option<u64>) -> Options {
    Options {
        table_bytes: table.unwrap_or(DEFAULT_TABLE),
        on_caller: true,
        ..Options::default()
    }
}

/// A game whose moves (and, if given, results) Python functions give, as the library's
/// [`Game`]. An error in a function is kept ([`keep`]) and the game stops giving moves, so
/// that the search ends soon and the error is raised.
struct PyGameRules {
    options: Py<PyAny>,
    result: Option<Py<PyAny>>,
    /// Calls of `options`, shared by the copies the search makes.
    calls: Arc<AtomicUsize>,
}

impl Clone for PyGameRules {
    fn clone(&self) -> PyGameRules {
        PyGameRules {
            options: self.options.clone_ref(gil()),
            result: self.result.as_ref().map(|f| f.clone_ref(gil())),
            calls: Arc::clone(&self.calls),
        }
    }
}

impl PyGameRules {
    /// Appends the options of `p` to `out`, looking for Ctrl-C every so often.
    fn options(&self, p: &Key, out: &mut Moves<Key>) -> PyResult<()> {
        let py = gil();
        if self.calls.fetch_add(1, Ordering::Relaxed) % SIGNAL_EVERY == SIGNAL_EVERY - 1 {
            py.check_signals()?;
        }
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
/// the one that leaves the opponent the fewest; it runs on the calling thread, at most 2,000
/// moves deep. `limit` bounds the positions searched (ten million by default), `memory` the
/// bytes and `timeout` the seconds: beyond them, `LimitError`. A game with a cycle on a line
/// of play is an `InputError` (`explore(...).solve()` answers it). An exception in a
/// callback propagates; Ctrl-C interrupts.
///
/// >>> found = search(lambda n: [n - t for t in (1, 3, 4) if t <= n], 30)
/// >>> found["outcome"], found["best"]
/// ('loss', 29)
#[pyfunction]
#[pyo3(signature = (options, position, *, result = None, limit = None, memory = None, table = None, timeout = None))]
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
) -> PyResult<Bound<'py, PyDict>> {
    let budget = search_budget(RAISE, limit, memory, timeout)?;
    let game = PyGameRules {
        options,
        result,
        calls: Arc::new(AtomicUsize::new(0)),
    };
    let start = Key::new(position)?;
    let found = search_game(game, &start, on_caller(table), MOST_MOVES, &budget);
    raise_pending()?;
    let found = found.map_err(|e| match e {
        GameSearchError::Budget(e) => errors::limit(e),
        e => errors::input(e),
    })?;
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

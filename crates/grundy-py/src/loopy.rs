//! Loopy partizan games: `loopy("a{0|{0|a}}")` in the notation CGSuite reads, and
//! `loopy_ruleset("fox-and-geese", ".G.G|....|....|F...")` for a position of a loopy ruleset,
//! with every property `grundy loopy` reports, under the names of its `--json` fields.
//!
//! The properties come from one report of the library ([`describe::properties`]), made the
//! first time one is asked for and kept: the simplest form of a stopper, or the sides of a
//! game that is not one, cost the most, and every property shares them.

use std::sync::OnceLock;
use std::time::Duration;

use grundy::budget::{Budget, Cancel, Exhausted, Raise, Resource};
use grundy::partizan::loopy::{compare, describe, LoopyError};
use grundy::partizan::rulesets::loopy_registry::{
    loopy_ruleset as find_ruleset, LoopyPositionError, LOOPY_RULESETS,
};
use grundy::partizan::{Comparison, ValueError};
use grundy::progress::Progress;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyDict, PyList, PyString};

use crate::catalogue::Report;
use crate::errors;
use crate::interrupt::{interruptible, seconds, STACK_BYTES};
use crate::progress::Bar;

/// How a Python caller raises each budget, in the errors that name it.
const RAISE: Raise = Raise {
    positions: "pass a larger limit= to loopy or loopy_ruleset",
    memory: "pass a larger memory= to loopy or loopy_ruleset",
    time: "pass a larger timeout= to loopy or loopy_ruleset",
};

/// What each computation on a game (reading or exploring it, its properties, a comparison, a
/// sum) works within: the game's positions and bytes, and `timeout` from the computation's
/// start; with a spinner on stderr while it runs if `progress`.
#[derive(Clone)]
struct Limits {
    budget: Budget,
    timeout: Option<Duration>,
    progress: bool,
}

impl Limits {
    /// `limit` positions and `memory` bytes at most (the library's defaults without),
    /// `timeout` seconds a computation (none without): an `InputError` for a timeout that
    /// is not a number of seconds.
    fn new(
        limit: Option<u64>,
        memory: Option<u64>,
        timeout: Option<f64>,
        progress: bool,
    ) -> PyResult<Limits> {
        let mut budget = Budget::default().named(RAISE);
        if let Some(n) = limit {
            budget = budget.with_positions(n);
        }
        if let Some(bytes) = memory {
            budget = budget.with_memory(bytes);
        }
        Ok(Limits {
            budget,
            timeout: seconds(timeout)?,
            progress,
        })
    }

    /// `work`, which does `what` (`"exploring"`), within a budget of its own (its deadline
    /// from now), on a thread of its own that Ctrl-C stops.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        what: &str,
        work: impl FnOnce(&Budget) -> T + Send,
    ) -> PyResult<T> {
        let mut budget = self.budget.clone().with_cancel(Cancel::new());
        if let Some(time) = self.timeout {
            budget = budget.with_time(time);
        }
        let bar = Bar::new(self.progress);
        bar.phase(what, None);
        interruptible(py, STACK_BYTES, budget.cancel(), || work(&budget))
    }
}

/// Whether `e` says nothing of the game, only of the moment: a deadline passed or the
/// work was stopped, so that the same question may be asked again.
fn of_the_moment(e: &LoopyError) -> bool {
    let stopped = |e: &Exhausted| matches!(e.resource, Resource::Time | Resource::Cancelled);
    match e {
        LoopyError::Budget(e) | LoopyError::Value(ValueError::Budget(e)) => stopped(e),
        _ => false,
    }
}

/// A library error as an exception: a text that is not a game, or a game that is not a
/// stopper where one is needed, is bad input; the rest are limits reached.
fn loopy_error(e: LoopyError) -> PyErr {
    match e {
        LoopyError::Parse(_) | LoopyError::NotStopper { .. } | LoopyError::Graph(_) => {
            errors::input(e)
        }
        e => errors::limit(e),
    }
}

/// A loopy partizan game: a graph of positions that may repeat, with the text it was read
/// from. `+`, `-` (also unary) make sums and negatives; comparisons (`<=`, `==`, `<`...)
/// and `compare` order stoppers, and raise `InputError` for a game that is not one.
///
/// The properties are those `grundy loopy` prints, named as its `--json` fields:
/// `is_stopper`, `canonical_form`, `left_stop`, `right_stop`, `degree`, `variety` (None for
/// a game that is not a stopper), `value`, `onside`, `offside` (None where sidling does not
/// settle), `left_first` and `right_first` (who wins, `"left"`, `"right"` or `"draw"`, and
/// the mover's best move); `report()` gives them all as the command line does.
///
/// >>> loopy("a{0|{0|a}}").canonical_form
/// 'over'
/// >>> loopy("on + off").left_first["winner"]
/// 'draw'
#[pyclass(module = "grundy", frozen)]
pub struct LoopyGame {
    game: grundy::partizan::loopy::LoopyGame,
    expression: String,
    /// Each position's name on the board of a ruleset, for the best moves.
    names: Option<Vec<String>>,
    limits: Limits,
    /// The report's JSON, made the first time a property is asked for (and kept, unless it
    /// failed for the moment: [`of_the_moment`]).
    json: OnceLock<Result<serde_json::Value, LoopyError>>,
}

impl LoopyGame {
    fn new(
        game: grundy::partizan::loopy::LoopyGame,
        expression: String,
        names: Option<Vec<String>>,
        limits: Limits,
    ) -> LoopyGame {
        LoopyGame {
            game,
            expression,
            names,
            limits,
            json: OnceLock::new(),
        }
    }

    /// The report of every property, within the game's limits.
    fn properties(&self, py: Python<'_>) -> PyResult<Result<grundy::report::Report, LoopyError>> {
        self.limits.run(py, "loopy: properties", |budget| {
            describe::properties(&self.expression, &self.game, self.names.as_deref(), budget)
        })
    }

    /// The report's field `key` as a Python object (None for null), the report's JSON made
    /// once.
    fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        let json = match self.json.get() {
            Some(json) => json,
            None => {
                let json = self.properties(py)?.map(|r| r.to_json());
                if matches!(&json, Err(e) if of_the_moment(e)) {
                    return Err(loopy_error(json.expect_err("an error")));
                }
                self.json.get_or_init(|| json)
            }
        };
        let value = json.as_ref().map_err(|e| loopy_error(e.clone()))?[key].to_string();
        py.import("json")?.call_method1("loads", (value,))
    }

    /// How this game compares with `other` (a `LoopyGame` or a text), both stoppers.
    fn order(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Comparison> {
        let other = operand(py, other, &self.limits)?;
        let compared = self.limits.run(py, "loopy: comparing", |budget| {
            compare(&self.game, &other.game, budget)
        })?;
        compared.map_err(loopy_error)
    }
}

/// A game given to an operator: a `LoopyGame`, or a text read as one within `limits`.
fn operand(py: Python<'_>, value: &Bound<'_, PyAny>, limits: &Limits) -> PyResult<LoopyGame> {
    if let Ok(g) = value.downcast::<LoopyGame>() {
        let g = g.get();
        return Ok(LoopyGame::new(
            g.game.clone(),
            g.expression.clone(),
            g.names.clone(),
            g.limits.clone(),
        ));
    }
    if value.is_instance_of::<PyString>() {
        return read(py, &value.extract::<String>()?, limits.clone());
    }
    Err(PyTypeError::new_err(format!(
        "expected a loopy game (a LoopyGame or a text such as '{{0|pass}}'), not {}",
        value.get_type().name()?
    )))
}

/// The game of `text` in the notation, within `limits`.
fn read(py: Python<'_>, text: &str, limits: Limits) -> PyResult<LoopyGame> {
    let game = limits.run(py, "loopy: reading", |budget| {
        grundy::partizan::loopy::LoopyGame::parse(text, budget)
    })?;
    Ok(LoopyGame::new(
        game.map_err(loopy_error)?,
        text.to_string(),
        None,
        limits,
    ))
}

/// A loopy game in the notation CGSuite reads: short games (`{1|*}`, `^`, `3/4`), `on`,
/// `off`, `over`, `under`, `upon`, `dud`, `pass` (a move back to the game in the braces
/// around it), named positions (`a{0|{1|a}}`), sums, differences and negatives. An
/// `InputError` names the column of a malformed text.
///
/// `limit` bounds the positions (of the game and of the work on it), `memory` the bytes
/// (the library's defaults without) and `timeout` the seconds of each computation on the
/// game (reading it, its properties, which are computed the first time one is asked for, a
/// comparison, a sum): beyond them, `LimitError`. Ctrl-C interrupts; `progress=True` shows
/// a spinner on stderr while a computation runs.
#[pyfunction]
#[pyo3(signature = (expression, *, limit = None, memory = None, timeout = None, progress = false))]
pub fn loopy(
    py: Python<'_>,
    expression: &str,
    limit: Option<u64>,
    memory: Option<u64>,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<LoopyGame> {
    read(
        py,
        expression,
        Limits::new(limit, memory, timeout, progress)?,
    )
}

/// The game of a position of the loopy ruleset `name` (see `loopy_rulesets()`): every
/// position reachable; best moves are written as positions. An `InputError` for an unknown
/// ruleset or a position that is not one (with its row and column, `2:3: ...`). `limit`,
/// `memory`, `timeout` and `progress` are `loopy`'s, the exploration one computation.
#[pyfunction]
#[pyo3(signature = (name, position, *, limit = None, memory = None, timeout = None, progress = false))]
#[allow(clippy::too_many_arguments)]
pub fn loopy_ruleset(
    py: Python<'_>,
    name: &str,
    position: &str,
    limit: Option<u64>,
    memory: Option<u64>,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<LoopyGame> {
    let ruleset = find_ruleset(name).map_err(errors::input)?;
    let limits = Limits::new(limit, memory, timeout, progress)?;
    let explored = limits.run(py, "loopy: exploring", |budget| {
        ruleset.explore(position, budget)
    })?;
    let (game, names) = explored.map_err(|e| match e {
        LoopyPositionError::Board(e) => errors::input(format!("position '{position}': {e}")),
        LoopyPositionError::Budget(e) => errors::limit(e),
    })?;
    Ok(LoopyGame::new(
        game,
        position.to_string(),
        Some(names),
        limits,
    ))
}

/// The loopy rulesets `loopy_ruleset` plays: a list of dicts with the `name` it takes, the
/// `title`, what it is (`about`) and an `example` position.
#[pyfunction]
pub fn loopy_rulesets(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let entries = LOOPY_RULESETS
        .iter()
        .map(|r| {
            let d = PyDict::new(py);
            d.set_item("name", r.name)?;
            d.set_item("title", r.title)?;
            d.set_item("about", r.about)?;
            d.set_item("example", r.example)?;
            Ok(d)
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, entries)
}

#[pymethods]
impl LoopyGame {
    /// The number of positions of the game's graph.
    #[getter]
    fn positions(&self) -> usize {
        self.game.len()
    }

    /// The number of moves, both players'.
    #[getter]
    fn moves(&self) -> usize {
        self.game.move_count()
    }

    /// Whether no line of play alternates between the players for ever. O(n + m).
    #[getter]
    fn is_stopper(&self) -> bool {
        grundy::partizan::loopy::is_stopper(&self.game)
    }

    /// The simplest form of a stopper, in the notation (equal stoppers print the same); None
    /// for a game that is not a stopper.
    #[getter]
    fn canonical_form<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "canonical_form")
    }

    /// Left's stop of a stopper, a pseudonumber as text (`"1/2"`, `"over"`, `"on"`); None
    /// for a game that is not a stopper.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "left_stop")
    }

    /// Right's stop of a stopper, as `left_stop`.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "right_stop")
    }

    /// The degree of loopiness of a stopper G, the onside of G − G (0 for a short game); None
    /// for a game that is not a stopper.
    #[getter]
    fn degree<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "degree")
    }

    /// The variety of a stable stopper; None for one that is not stable or a game that is not
    /// a stopper.
    #[getter]
    fn variety<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "variety")
    }

    /// The value: `"onside & offside"` (the simplest form of a stopper); None where sidling
    /// does not settle or the game is too large for it.
    #[getter]
    fn value<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "value")
    }

    /// The onside: the stopper the game plays like when infinite play is a win for Left.
    #[getter]
    fn onside<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "onside")
    }

    /// The offside: the stopper the game plays like when infinite play is a win for Right.
    #[getter]
    fn offside<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "offside")
    }

    /// Left moving first: `{"winner": "left" | "right" | "draw", "best_move": text or None}`.
    #[getter]
    fn left_first<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "left_first")
    }

    /// Right moving first, as `left_first`.
    #[getter]
    fn right_first<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "right_first")
    }

    /// Every property as `grundy loopy` reports the game: `.json` is the dict of its
    /// `--json`, `.text` (the `repr`) its text. Made anew at each call.
    fn report(&self, py: Python<'_>) -> PyResult<Report> {
        Ok(Report::from(self.properties(py)?.map_err(loopy_error)?))
    }

    /// `"<"`, `"=="`, `">"` or `"<>"` (confused), as `Cgt.compare`: how this stopper compares with `other`, a
    /// stopper. O(n_G n_H).
    fn compare(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(self.order(py, other)?.symbol())
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<bool> {
        Ok(match self.order(py, other)?.to_ordering() {
            Some(o) => op.matches(o),
            None => matches!(op, CompareOp::Ne),
        })
    }

    /// The sum: its positions the pairs of the two games' positions reachable. O(n_G n_H)
    /// at most, within the budget of this game.
    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<LoopyGame> {
        self.plus(py, &operand(py, other, &self.limits)?)
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<LoopyGame> {
        operand(py, other, &self.limits)?.plus(py, self)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<LoopyGame> {
        self.plus(py, &operand(py, other, &self.limits)?.__neg__())
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<LoopyGame> {
        operand(py, other, &self.limits)?.plus(py, &self.__neg__())
    }

    /// The negative: Left's and Right's moves exchanged.
    fn __neg__(&self) -> LoopyGame {
        LoopyGame::new(
            self.game.negative(),
            format!("-({})", self.expression),
            None,
            self.limits.clone(),
        )
    }

    fn __repr__(&self) -> String {
        format!("LoopyGame({:?})", self.expression)
    }
}

impl LoopyGame {
    /// The sum of this game and `other`, within this game's limits.
    fn plus(&self, py: Python<'_>, other: &LoopyGame) -> PyResult<LoopyGame> {
        let sum = self.limits.run(py, "loopy: adding", |budget| {
            self.game.sum(&other.game, budget)
        })?;
        let sum = sum.map_err(|e| loopy_error(e.into()))?;
        let expression = format!("({}) + ({})", self.expression, other.expression);
        Ok(LoopyGame::new(sum, expression, None, self.limits.clone()))
    }
}

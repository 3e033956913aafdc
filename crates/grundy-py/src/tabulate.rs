//! Tabulating (打表): `table(game, rows, columns)` values, outcomes or canonical forms over a
//! range or a grid, for a built-in table, a game defined in Python or a `Partizan`.

use grundy::budget::{Budget, Raise};
use grundy::pattern::table::{cell_count, Form, Kind, Span, Table as Inner, TableError};
use grundy::progress::Progress;
use grundy_catalogue::games::registry;
use pyo3::prelude::*;
use pyo3::types::{PyRange, PyRangeMethods, PyString, PyTuple};

use crate::catalogue::call;
use crate::cgt::shared_store;
use crate::errors;
use crate::interrupt::{interruptible, with_timeout, STACK_BYTES};
use crate::partizan_game::Partizan;
use crate::progress::Bar;
use crate::python_game::{budget, python_values};
use crate::table::Table;

/// How Python callers raise the budget of a built-in table.
const RAISE: Raise = Raise {
    positions: "tabulate a smaller range",
    memory: "pass a larger memory=",
    time: "pass a larger timeout=",
};

fn table_error(e: TableError) -> PyErr {
    match e {
        TableError::NeedsMore(_) => errors::limit(needs_more(&e)),
        TableError::TooManyCells { .. }
        | TableError::ParameterTooLarge { .. }
        | TableError::Budget { .. }
        | TableError::Stopped { .. }
        | TableError::Explore(_) => errors::limit(e),
        // A game's own error may be its budget's, in words.
        TableError::Game { .. } => errors::limit_or_input(e, &RAISE),
        _ => errors::input(e),
    }
}

/// A table that needs a family's run with more of a budget, naming the call that computes it
/// (`catalogue('misere-quotient', '0.35', upto=20, sums=N)`); any other error as it is.
fn needs_more(e: &TableError) -> String {
    if let TableError::NeedsMore(more) = e {
        if let Some(f) = registry::family(&more.family) {
            let run = call(f, &more.parameters, Some(&more.raise));
            let (game, needed, raise) = (&more.game, &more.needed, &more.raise);
            return format!("{game}: {needed}: compute it with more {raise}: {run}");
        }
    }
    e.to_string()
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

/// A table of Sprague–Grundy values (or outcomes, or canonical forms) by one parameter n or
/// two, (a, b).
///
/// `game` is a built-in table's name, as `grundy table` reads it (`"0.77"`,
/// `"subtraction:1,3,4"`, `"wythoff"`...), a Python function `options(position)` of an
/// impartial game, or a partizan game defined in Python (`Partizan`). With one range the
/// positions are the integers n, with two the pairs `(a, b)` (an option that is a
/// `grundy.Sum` is a sum of parts, as in `values`; any other option, a tuple included, is
/// one position); `position(n)` or
/// `position(a, b)`, if given, makes the game's position from them instead (the empty
/// board of a rows x columns). `rows` and `columns` are ranges (or ints, for `range(n)`).
/// `outcomes=True` shows outcomes only: P and N, and for partizan games L and R.
/// `progress=True` shows a progress bar on stderr. `timeout` bounds the seconds; `limit`
/// bounds the positions of an impartial game defined in Python and `memory` the bytes of a
/// built-in table (a `Partizan` has its own `limit` and `memory`): beyond them,
/// `LimitError`. Ctrl-C interrupts.
///
/// The tables of partizan games (`"domineering"`, `"toads-and-frogs"`, a `Partizan`) hold
/// canonical forms (`kind == "forms"`): each cell a `Cgt`, `texts()` their text, `forms()`
/// the distinct ones.
///
/// >>> t = table("subtraction:1,3,4", range(14))
/// >>> t.values().tolist()
/// [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
/// >>> t[7], t.shape
/// (0, (14,))
#[pyfunction]
#[pyo3(signature = (
    game, rows, columns = None, *, outcomes = false, name = None, limit = None, position = None,
    progress = false, memory = None, timeout = None
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
    position: Option<&Bound<'_, PyAny>>,
    progress: bool,
    memory: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Table> {
    let bar = Bar::new(progress);
    let rows = span(rows, "rows")?;
    let columns = columns.map(|c| span(c, "columns")).transpose()?;
    let kind = if outcomes {
        Kind::Outcomes
    } else {
        Kind::Values
    };
    let table = if let Ok(spec) = game.downcast::<PyString>() {
        if position.is_some() {
            return Err(errors::input(
                "position= is for games defined in Python: a built-in table has its own positions",
            ));
        }
        if limit.is_some() {
            return Err(errors::input(
                "limit= is for games defined in Python: a built-in table is bounded by memory= \
                 and timeout=",
            ));
        }
        let spec = spec.to_string();
        let mut budget = Budget::default().named(RAISE);
        if let Some(memory) = memory {
            budget = budget.with_memory(memory);
        }
        let budget = with_timeout(budget, timeout)?;
        let inner = interruptible(py, STACK_BYTES, budget.cancel(), || {
            let game = registry::table_game(&spec)?;
            match columns {
                None => game.line(rows, kind, &budget, &bar),
                Some(columns) => {
                    bar.phase("tabulating", None);
                    game.grid(rows, columns, kind, &budget)
                }
            }
        })?
        .map_err(table_error)?;
        Table::new(inner)
    } else {
        let starts = positions(py, rows, columns, position)?;
        let table = if let Ok(partizan) = game.downcast::<Partizan>() {
            for (given, what) in [(limit.is_some(), "limit="), (memory.is_some(), "memory=")] {
                if given {
                    return Err(errors::input(format!(
                        "{what} is the partizan game's own: Partizan(..., {what})"
                    )));
                }
            }
            partizan_table(py, partizan, name, rows, columns, &starts, timeout, &bar)?
        } else {
            if memory.is_some() {
                return Err(errors::input(
                    "memory= is for built-in tables: a game defined in Python is bounded by \
                     limit= and timeout=",
                ));
            }
            let name = name.unwrap_or_else(|| function_name(game));
            let budget = budget(limit, None, timeout)?;
            let cells = python_values(game.clone(), None, starts, budget, &bar)?;
            let mut cells = cells.into_iter();
            let mut next = || cells.next().unwrap_or(0);
            let inner = match columns {
                None => Inner::line(name, rows, |_| next()),
                Some(columns) => Inner::grid(name, rows, columns, |_, _| next()),
            };
            Table::new(inner.map_err(table_error)?)
        };
        if outcomes {
            table.outcomes()
        } else {
            table
        }
    };
    bar.finish();
    Ok(table)
}

/// The name of a game's function (`kayles`), else "a game".
fn function_name(f: &Bound<'_, PyAny>) -> String {
    f.getattr("__name__")
        .map_or_else(|_| "a game".to_string(), |n| n.to_string())
}

/// The positions of a table of a game defined in Python, row by row: the integers n of
/// `rows`, or the pairs `(a, b)`; what `position(n)` or `position(a, b)` returns when given.
/// The table's size is checked first, before any position is made.
fn positions<'py>(
    py: Python<'py>,
    rows: Span,
    columns: Option<Span>,
    position: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let mut out = Vec::with_capacity(cell_count(rows, columns).map_err(table_error)?);
    match columns {
        None => {
            for n in rows.iter() {
                out.push(match position {
                    Some(f) => f.call1((n,))?,
                    None => n.into_pyobject(py)?.into_any(),
                });
            }
        }
        Some(columns) => {
            for a in rows.iter() {
                for b in columns.iter() {
                    out.push(match position {
                        Some(f) => f.call1((a, b))?,
                        None => PyTuple::new(py, [a, b])?.into_any(),
                    });
                }
            }
        }
    }
    Ok(out)
}

/// The table of the canonical forms of `starts` (the positions of `rows` × `columns`, row by
/// row) in a partizan game defined in Python, within the game's own limit and `timeout`
/// seconds, each distinct form kept as a game of the shared store. One `value` per cell,
/// each position's options asked for once across the table (and across the game's other
/// calls).
#[allow(clippy::too_many_arguments)]
fn partizan_table(
    py: Python<'_>,
    game: &Bound<'_, Partizan>,
    name: Option<String>,
    rows: Span,
    columns: Option<Span>,
    starts: &[Bound<'_, PyAny>],
    timeout: Option<f64>,
    bar: &Bar,
) -> PyResult<Table> {
    let mut game = game.try_borrow_mut()?;
    let name = name
        .or_else(|| game.name(py))
        .unwrap_or_else(|| "a partizan game".to_string());
    bar.phase("valuing", Some(starts.len() as u64));
    let ids = game.within(false, timeout, |game| {
        let mut ids = Vec::with_capacity(starts.len());
        for start in starts {
            ids.push(game.shared_value(py, start)?);
            bar.tick();
        }
        Ok(ids)
    })?;
    drop(game);
    let forms = py
        .allow_threads(|| {
            let mut store = shared_store();
            ids.iter()
                .map(|&id| {
                    let class = store.outcome(id)?;
                    Ok(Form {
                        text: store.display(id),
                        class,
                    })
                })
                .collect::<Result<Vec<Form>, grundy::partizan::ValueError>>()
        })
        .map_err(errors::limit)?;
    let mut forms = forms.into_iter();
    let mut next = || Ok(forms.next().expect("one form per cell"));
    let inner = match columns {
        None => Inner::form_line(name, rows, |_| next()),
        Some(columns) => Inner::form_grid(name, rows, columns, |_, _| next()),
    }
    .map_err(table_error)?;
    // The distinct forms appear in the cells' order: the first cell of each is its game.
    let mut games = Vec::with_capacity(inner.forms().len());
    for (&cell, &id) in inner.values().iter().zip(&ids) {
        if cell as usize == games.len() {
            games.push(id);
        }
    }
    Ok(Table::with_games(inner, games))
}

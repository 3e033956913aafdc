//! Strong solutions from Python: a game of the catalogue solved tier by tier into a folder
//! (`grundy.strong`), and a folder's files checked, with the positions reachable from the start
//! counted (`grundy.strong_check`): the command line's `grundy strong`, with the same reports.

use std::time::Instant;

use grundy::budget::{default_memory, Budget, Raise};
use grundy::progress::Progress;
use grundy::rules::tiered::{TierError, TierOptions};
use grundy_catalogue::games::registry;
use grundy_catalogue::games::registry::{check_folder, Found};
use grundy_catalogue::games::strong::check_report;
use grundy_catalogue::games::Inputs;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::catalogue::{given_keywords, naming, read_source, Report};
use crate::errors;
use crate::interrupt::{interruptible, with_timeout, STACK_BYTES};
use crate::progress::Bar;

/// How Python callers raise a strong solve's or a count's budget.
const RAISE: Raise = Raise {
    positions: "the ranking numbers every position: solve a smaller game",
    memory: "pass a larger memory=",
    time: "pass a larger timeout=",
};

/// `strong(name, dir, *, memory=None, timeout=None, outcomes_only=False, progress=False,
/// **variant)`: solves the game `name` (`tic-tac-toe`, `connect4`, `morris`...; its variant
/// by keywords: `men=5`, `lasker=True`) strongly into the folder `dir`, tier by tier, and
/// reports as `grundy strong` does (the start's value, the positions, the files' bytes and each
/// tier's counts). A folder holding part of the same solution is resumed. `memory=` bounds the
/// results held at once (default: 3/4 of what the process may use), checked before anything
/// is solved; `timeout=` (seconds, none by default) and Ctrl-C stop the run with a
/// `LimitError` (`KeyboardInterrupt`), the finished tiers kept. O(positions · moves).
///
/// >>> r = strong("tic-tac-toe", "ttt")   # doctest: +SKIP
/// >>> r["start"], r["positions"]        # doctest: +SKIP
/// ('draw', 6046)
#[pyfunction]
#[pyo3(signature = (name, dir, *, memory = None, timeout = None, outcomes_only = false, progress = false, **variant))]
#[allow(clippy::too_many_arguments)]
pub fn strong(
    py: Python<'_>,
    name: &str,
    dir: std::path::PathBuf,
    memory: Option<u64>,
    timeout: Option<f64>,
    outcomes_only: bool,
    progress: bool,
    variant: Option<&Bound<'_, PyDict>>,
) -> PyResult<Report> {
    let Some((_, strong)) = registry::strong_families().find(|(f, _)| f.name() == name) else {
        let known: Vec<&str> = registry::strong_families().map(|(f, _)| f.name()).collect();
        return Err(errors::input(format!(
            "no game {name:?} is solved strongly (the games: {})",
            known.join(", ")
        )));
    };
    let given = given_keywords(name, strong.params, variant)?;
    let budget = with_timeout(Budget::default().named(RAISE), timeout)?;
    let options = TierOptions {
        remoteness: !outcomes_only,
        misere: false,
        memory: Some(memory.unwrap_or_else(default_memory)),
        budget: budget.clone(),
        // The package solves on this machine's threads.
        engine: None,
    };
    let bar = Bar::new(progress);
    let clock = Instant::now();
    let run = interruptible(py, STACK_BYTES, budget.cancel(), || {
        let reader = |path: &str| read_source(path);
        let mut inputs = Inputs::new(strong.params, &reader, &bar).with_naming(naming);
        for (name, values) in given {
            inputs.set(name, values);
        }
        strong
            .solve_into(&inputs, &dir, &options)
            .map_err(|e| match e.downcast::<TierError>() {
                Ok(e) => tier_error(*e),
                Err(e) => errors::input(e),
            })
    })?;
    bar.finish();
    Ok(Report::from(
        run?.report(&dir, clock.elapsed().as_secs_f64()),
    ))
}

/// `strong_check(dir, *, reachable=False, memory=None, timeout=None, progress=False)`: reads
/// back every file of the solution in `dir` (header, index, every block's checksum, every
/// record) and reports each tier's counts, as `grundy strong check` does; with
/// `reachable=True`, also the positions reachable from the start by the rules, tier by tier,
/// with their outcomes (a bit a position, within `memory=`; `timeout=` and Ctrl-C stop it).
/// A damaged file is an `InputError` naming it. O(positions), and O(reachable · moves).
#[pyfunction]
#[pyo3(signature = (dir, *, reachable = false, memory = None, timeout = None, progress = false))]
pub fn strong_check(
    py: Python<'_>,
    dir: std::path::PathBuf,
    reachable: bool,
    memory: Option<u64>,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<Report> {
    let budget = with_timeout(Budget::default().named(RAISE), timeout)?
        .with_memory(memory.unwrap_or_else(default_memory));
    let bar = Bar::new(progress);
    let found = interruptible(py, STACK_BYTES, budget.cancel(), || {
        check_folder(&dir, reachable.then_some(&budget), &bar)
    })?;
    bar.finish();
    let Found {
        manifest, checked, ..
    } = found.map_err(errors::input)?;
    let tiers = checked.tiers.map_err(tier_error)?;
    let reached = checked.reachable.transpose().map_err(tier_error)?;
    Ok(Report::from(check_report(&manifest.game, tiers, reached)))
}

/// A tiered run's error as Python raises it: a `LimitError` where a budget ran out or the
/// memory needed is over the budget, else an `InputError` (a damaged or foreign file).
fn tier_error(e: TierError) -> PyErr {
    match e {
        e @ TierError::Budget(_) => errors::limit(e),
        e @ TierError::Memory { .. } => errors::limit(format!("{e} with memory=")),
        e => errors::input(e),
    }
}

//! The Python package `grundy`: the engine's position graphs, solvers, values, tables and
//! catalogue, canonical forms (partizan, and misère impartial), loopy partizan games and
//! misère quotients, with games defined in Python.
//!
//! The Rust side only converts: every answer comes from the `grundy` library. Long
//! computations that run no Python code release the GIL; every long call takes `timeout=`
//! and stops at Ctrl-C (`interrupt`).

use pyo3::prelude::*;

mod catalogue;
mod cgt;
mod errors;
mod graph;
mod interrupt;
mod loopy;
mod misere;
mod nimber;
mod partizan_game;
mod positions;
mod progress;
mod python_game;
mod quotient;
mod search;
mod strong;
mod table;
mod tabulate;
mod whole;

/// The compiled part of the `grundy` package (imported by `grundy/__init__.py`).
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<graph::Graph>()?;
    m.add_class::<graph::Solution>()?;
    m.add_class::<graph::Values>()?;
    m.add_class::<graph::Payoffs>()?;
    m.add_function(wrap_pyfunction!(python_game::explore, m)?)?;
    m.add_function(wrap_pyfunction!(python_game::values, m)?)?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_class::<search::Searcher>()?;
    m.add("DEFAULT_LIMIT", python_game::DEFAULT_LIMIT)?;
    // One version for the crate and the package: pyproject.toml takes it from Cargo.toml.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<catalogue::Report>()?;
    m.add_function(wrap_pyfunction!(catalogue::catalogue, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue::families, m)?)?;
    m.add_function(wrap_pyfunction!(strong::strong, m)?)?;
    m.add_function(wrap_pyfunction!(strong::strong_check, m)?)?;
    m.add_class::<nimber::Nimber>()?;
    m.add_class::<cgt::Cgt>()?;
    m.add_class::<partizan_game::Partizan>()?;
    m.add_function(wrap_pyfunction!(cgt::cgt, m)?)?;
    m.add_function(wrap_pyfunction!(cgt::compound, m)?)?;
    m.add_class::<loopy::LoopyGame>()?;
    m.add_function(wrap_pyfunction!(loopy::loopy, m)?)?;
    m.add_function(wrap_pyfunction!(loopy::loopy_ruleset, m)?)?;
    m.add_function(wrap_pyfunction!(loopy::loopy_rulesets, m)?)?;
    m.add_class::<misere::MisereGame>()?;
    m.add_function(wrap_pyfunction!(misere::misere_census, m)?)?;
    m.add_class::<quotient::MisereQuotient>()?;
    m.add_class::<table::Table>()?;
    m.add_function(wrap_pyfunction!(tabulate::table, m)?)?;
    m.add_class::<interrupt::Timeout>()?;
    Ok(())
}

//! Short partizan games in canonical form: `cgt("{1|*}")`.

use std::sync::{LazyLock, Mutex, MutexGuard};

use grundy::partizan::{GameId, GameStore};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::PyList;

use crate::errors;

/// Every game made from Python lives in one store, so that games made apart can be added
/// and compared (the store shares canonical forms between them).
static STORE: LazyLock<Mutex<GameStore>> = LazyLock::new(|| Mutex::new(GameStore::new()));

/// The store every `Cgt` lives in, locked.
pub(crate) fn shared_store() -> MutexGuard<'static, GameStore> {
    // A panic inside the engine cannot leave the store half-written in a way later calls
    // would notice: each entry is added whole, so a poisoned lock is still usable.
    STORE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A short partizan game in canonical form, read from the command line's notation
/// (`{1|*}`, `3/4`, `^`, `*2`, `{0|-1}`...). `+`, `-` (also unary), comparisons (`a < b`
/// means Left prefers b; confused games are neither `<`, `>` nor `==`: `a.compare(b)` gives
/// `"<>"`), and properties: `outcome_class`, `is_number`, `birthday`, stops, options...
///
/// >>> cgt("{1|*}") + cgt("-1")
/// {0|-1*}
/// >>> cgt("1/2") + cgt("1/2") == 1
/// True
#[pyclass(module = "grundy", frozen)]
pub struct Cgt {
    id: GameId,
}

impl Cgt {
    /// The game `id` of the shared store.
    pub(crate) fn from_id(id: GameId) -> Cgt {
        Cgt { id }
    }
}

fn wrap(result: Result<GameId, grundy::partizan::ValueError>) -> PyResult<Cgt> {
    result.map(|id| Cgt { id }).map_err(errors::limit)
}

/// Reads a game in the command line's notation.
#[pyfunction]
pub fn cgt(py: Python<'_>, text: &str) -> PyResult<Cgt> {
    let id = py
        .allow_threads(|| shared_store().parse(text).map_err(|e| e.to_string()))
        .map_err(errors::input)?;
    Ok(Cgt { id })
}

/// A game or a text to read as one.
#[derive(FromPyObject)]
enum Operand<'py> {
    Game(PyRef<'py, Cgt>),
    Int(i64),
    Text(String),
}

impl Operand<'_> {
    fn id(&self, py: Python<'_>) -> PyResult<GameId> {
        match self {
            Operand::Game(g) => Ok(g.id),
            Operand::Int(n) => Ok(shared_store().integer(*n)),
            Operand::Text(t) => Ok(cgt(py, t)?.id),
        }
    }
}

#[pymethods]
impl Cgt {
    fn __add__(&self, py: Python<'_>, other: Operand) -> PyResult<Cgt> {
        let (g, h) = (self.id, other.id(py)?);
        wrap(py.allow_threads(|| shared_store().sum(g, h)))
    }

    fn __radd__(&self, py: Python<'_>, other: Operand) -> PyResult<Cgt> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: Operand) -> PyResult<Cgt> {
        let (g, h) = (self.id, other.id(py)?);
        wrap(py.allow_threads(|| shared_store().sub(g, h)))
    }

    fn __rsub__(&self, py: Python<'_>, other: Operand) -> PyResult<Cgt> {
        let (g, h) = (other.id(py)?, self.id);
        wrap(py.allow_threads(|| shared_store().sub(g, h)))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Cgt> {
        let g = self.id;
        wrap(py.allow_threads(|| shared_store().neg(g)))
    }

    /// `"<"`, `"="`, `">"` or `"<>"` (confused): how this game compares with `other`.
    fn compare(&self, py: Python<'_>, other: Operand) -> PyResult<&'static str> {
        let (g, h) = (self.id, other.id(py)?);
        let c = py
            .allow_threads(|| shared_store().compare(g, h))
            .map_err(errors::limit)?;
        Ok(c.symbol())
    }

    fn __richcmp__(&self, py: Python<'_>, other: Operand, op: CompareOp) -> PyResult<bool> {
        let (g, h) = (self.id, other.id(py)?);
        let order = py
            .allow_threads(|| shared_store().compare(g, h))
            .map_err(errors::limit)?
            .to_ordering();
        Ok(match order {
            Some(o) => op.matches(o),
            // Confused games are unequal and in no order.
            None => matches!(op, CompareOp::Ne),
        })
    }

    /// The outcome class, its letter: `"L"` (Left wins whoever starts), `"R"` (Right wins),
    /// `"N"` (the first player wins) or `"P"` (the second player wins).
    #[getter]
    fn outcome_class(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.id;
        let class = py
            .allow_threads(|| shared_store().outcome(g))
            .map_err(errors::limit)?;
        Ok(class.letter().to_string())
    }

    /// Whether the game is a number (dyadic rational).
    #[getter]
    fn is_number(&self) -> bool {
        shared_store().is_number(self.id)
    }

    /// Whether the game is an integer.
    #[getter]
    fn is_integer(&self) -> bool {
        shared_store().is_integer(self.id)
    }

    /// Whether the game is a nimber `*n`.
    #[getter]
    fn is_nimber(&self) -> bool {
        shared_store().is_nimber(self.id)
    }

    /// Whether the game is infinitesimal (between every positive and negative number).
    #[getter]
    fn is_infinitesimal(&self) -> bool {
        shared_store().is_infinitesimal(self.id)
    }

    /// The birthday: the day the canonical form is born.
    #[getter]
    fn birthday(&self) -> u64 {
        shared_store().birthday(self.id)
    }

    /// Left's stop, as text (`"1"`, `"-3/4"`).
    #[getter]
    fn left_stop(&self) -> String {
        shared_store().left_stop(self.id).to_string()
    }

    /// Right's stop, as text.
    #[getter]
    fn right_stop(&self) -> String {
        shared_store().right_stop(self.id).to_string()
    }

    /// Left's options in canonical form.
    #[getter]
    fn left_options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let options = shared_store()
            .left_options(self.id)
            .map_err(errors::limit)?;
        PyList::new(py, options.into_iter().map(|id| Cgt { id }))
    }

    /// Right's options in canonical form.
    #[getter]
    fn right_options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let options = shared_store()
            .right_options(self.id)
            .map_err(errors::limit)?;
        PyList::new(py, options.into_iter().map(|id| Cgt { id }))
    }

    fn __repr__(&self) -> String {
        shared_store().display(self.id)
    }
}

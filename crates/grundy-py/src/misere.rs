//! Misère impartial games in canonical form: `MisereGame("2#1")`, with sums, equality, the
//! genus and the phylum, and `misere_census(day)`. The library's `impartial::misere_form`
//! computes everything; this module converts.

use std::sync::{LazyLock, Mutex, MutexGuard};

use grundy::budget::{Budget, Exhausted, Raise, Resource};
use grundy::impartial::misere_form::{
    FormId, GenusKind, GenusTable, MisereStore, NotationError, Phylum,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBool, PyList, PyString};

use crate::whole::at_most;
use crate::{errors, interrupt};

/// How a Python caller gets room in the store of misère forms: there is one per process, it
/// only grows, and its budget is the engine's default (a share of the machine's memory); an
/// operation's time is bounded by `with grundy.timeout(seconds):`.
const RAISE: Raise = Raise {
    positions: "every MisereGame of this process lives in one store of forms, within this \
                budget: work with smaller games, or restart Python to empty the store",
    memory: "every MisereGame of this process lives in one store of forms, within this \
             budget: work with smaller games, or restart Python to empty the store",
    time: "give the enclosing `with grundy.timeout(seconds):` more seconds",
};

/// The store's budget between operations: the engine's default, no deadline.
static USUAL: LazyLock<Budget> = LazyLock::new(|| Budget::default().named(RAISE));

/// The store every `MisereGame` lives in, and the genera of its forms (computed once each).
struct Forms {
    store: MisereStore,
    genera: GenusTable,
}

/// Every game made from Python lives in one store, so that games made apart can be added and
/// compared (equal games are one id of the store).
static FORMS: LazyLock<Mutex<Forms>> = LazyLock::new(|| {
    Mutex::new(Forms {
        store: MisereStore::with_budget(USUAL.clone()),
        genera: GenusTable::new(),
    })
});

/// The shared store, locked. Nothing that runs Python code may happen while the lock is
/// held: a thread waiting for the lock with the GIL would never get it back.
fn forms() -> MutexGuard<'static, Forms> {
    // Each form is interned whole, so a store whose lock was poisoned by a panic is still
    // consistent.
    FORMS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Why an operation on forms failed.
enum Failure {
    /// A budget ran out (a `LimitError`).
    Budget(Exhausted),
    /// Bad input (an `InputError`), with its message.
    Input(String),
}

impl From<Exhausted> for Failure {
    fn from(e: Exhausted) -> Failure {
        Failure::Budget(e)
    }
}

impl From<NotationError> for Failure {
    fn from(e: NotationError) -> Failure {
        match e {
            NotationError::Input(e) => Failure::Input(e.to_string()),
            NotationError::Budget(e) => Failure::Budget(e),
        }
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        match f {
            Failure::Budget(e) => errors::limit(e),
            Failure::Input(message) => errors::input(message),
        }
    }
}

/// `f` run on the shared store without the GIL (sums, genera and the census can take long),
/// within the deadline of the enclosing `with grundy.timeout(...)` and stopped by Ctrl-C
/// ([`interrupt::shared`]), its error as an exception.
fn with_forms<R: Send>(
    py: Python<'_>,
    f: impl Fn(&mut Forms) -> Result<R, Failure> + Send + Sync,
) -> PyResult<R> {
    let late = |e: &Failure| matches!(e, Failure::Budget(b) if b.resource == Resource::Time);
    let out = interrupt::shared(py, &USUAL, late, |budget| {
        let mut forms = forms();
        forms.store.set_budget(budget);
        let out = f(&mut forms);
        forms.store.set_budget(USUAL.clone());
        out
    })?;
    Ok(out?)
}

/// A whole number of `what` (a nim heap, a day) that fits the engine's `u32`: a
/// `TypeError` for what is not an int, an `InputError` out of range.
fn small_whole(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u32> {
    Ok(at_most(value, what, 0, u64::from(u32::MAX))? as u32)
}

/// A game given to a function or operator of `MisereGame`: a `MisereGame`, an `int` (the nim
/// heap of that size) or a text in CGSuite's notation.
pub(crate) enum Operand {
    Game(FormId),
    Heap(u32),
    Text(String),
}

impl<'py> FromPyObject<'py> for Operand {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(g) = ob.downcast::<MisereGame>() {
            return Ok(Operand::Game(g.get().id));
        }
        if ob.is_instance_of::<PyString>() {
            return Ok(Operand::Text(ob.extract()?));
        }
        // An int, or what converts to one (NumPy's integers); a bool is not taken for one.
        if !ob.is_instance_of::<PyBool>() && ob.hasattr("__index__")? {
            return Ok(Operand::Heap(small_whole(ob, "a nim heap")?));
        }
        Err(PyTypeError::new_err(format!(
            "expected a misère game (a MisereGame, an int for a nim heap, or a text such as \
             '2#1'), not {}",
            ob.get_type().name()?
        )))
    }
}

impl Operand {
    /// The form in the store: a heap is built (O(n²) the first time), a text read.
    fn id(&self, forms: &mut Forms) -> Result<FormId, Failure> {
        Ok(match self {
            Operand::Game(g) => *g,
            Operand::Heap(n) => forms.store.nimber(*n)?,
            Operand::Text(t) => forms.store.parse(t)?,
        })
    }
}

/// The name of a phylum or a kind of genus, as Python gives it.
fn kind_name(kind: GenusKind) -> &'static str {
    match kind {
        GenusKind::Tame => "tame",
        GenusKind::Restive => "restive",
        GenusKind::Restless => "restless",
        GenusKind::Wild => "wild",
    }
}

/// An impartial game in misère canonical form (Conway, *On Numbers and Games*, ch. 12): two
/// games are equal — interchangeable in every sum without changing its misère outcome —
/// exactly when their canonical forms are the same, so `==` and `hash` are exact.
///
/// Made from CGSuite's notation (`MisereGame("2#1")`, with or without `*[…]`), an int (the nim
/// heap `*n`), `MisereGame.nim(n)`, or a list of options (`MisereGame.of([g, h])`, each a
/// `MisereGame`, an int or a text). `+` is the disjunctive sum (ints and texts mix in, so
/// `sum(games)` works); `str` is the form's word in CGSuite's notation and `repr` the same
/// inside `*[…]`, as CGSuite shows it.
///
/// Properties: `options`, `birthday`, the misère `outcome` (`"P"` or `"N"`), `normal_value`
/// (G⁺) and `misere_value` (G⁻), the `genus` (`"2^1420"`), `is_tame`, `phylum` and
/// `genus_kind`. Every game made in a process lives in one store of forms, which only grows.
///
/// >>> MisereGame("2") + MisereGame("2")
/// *[32]
/// >>> MisereGame("2#1").genus
/// '2^1420'
#[pyclass(module = "grundy", frozen)]
pub struct MisereGame {
    id: FormId,
}

impl MisereGame {
    /// Forms of the shared store as a list of `MisereGame`.
    fn list(py: Python<'_>, games: Vec<FormId>) -> PyResult<Bound<'_, PyList>> {
        PyList::new(py, games.into_iter().map(|id| MisereGame { id }))
    }
}

#[pymethods]
impl MisereGame {
    /// The game `value`: a text in CGSuite's notation (an `InputError` that names the place
    /// of a mistake), an int (the nim heap), or a `MisereGame` (returned as it is).
    #[new]
    fn new(py: Python<'_>, value: Operand) -> PyResult<MisereGame> {
        let id = with_forms(py, |f| value.id(f))?;
        Ok(MisereGame { id })
    }

    /// The nim heap `*n`, whose options are `*0, …, *(n-1)`. O(n²) the first time.
    #[staticmethod]
    fn nim(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<MisereGame> {
        let n = small_whole(n, "a nim heap")?;
        let id = with_forms(py, |f| Ok(f.store.nimber(n)?))?;
        Ok(MisereGame { id })
    }

    /// The game whose options are `options` (an iterable of `MisereGame`s, ints for nim heaps
    /// and texts), in canonical form: reversible options are bypassed, so `of([1])` is 0.
    #[staticmethod]
    fn of(py: Python<'_>, options: &Bound<'_, PyAny>) -> PyResult<MisereGame> {
        let operands = options
            .try_iter()?
            .map(|o| o?.extract::<Operand>())
            .collect::<PyResult<Vec<Operand>>>()?;
        let id = with_forms(py, |f| {
            let ids = operands
                .iter()
                .map(|o| o.id(f))
                .collect::<Result<Vec<FormId>, Failure>>()?;
            Ok(f.store.canonical(&ids)?)
        })?;
        Ok(MisereGame { id })
    }

    fn __add__(&self, py: Python<'_>, other: Operand) -> PyResult<MisereGame> {
        let g = self.id;
        let id = with_forms(py, |f| {
            let h = other.id(f)?;
            Ok(f.store.sum(g, h)?)
        })?;
        Ok(MisereGame { id })
    }

    fn __radd__(&self, py: Python<'_>, other: Operand) -> PyResult<MisereGame> {
        self.__add__(py, other)
    }

    /// `==` and `!=` with another `MisereGame` (equal canonical forms); anything else is
    /// unequal, and the games have no order.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        let py = other.py();
        let Ok(other) = other.downcast::<MisereGame>() else {
            return py.NotImplemented();
        };
        let equal = self.id == other.get().id;
        match op {
            CompareOp::Eq => PyBool::new(py, equal).to_owned().into_any().unbind(),
            CompareOp::Ne => PyBool::new(py, !equal).to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        }
    }

    /// A hash consistent with `==`: the store keeps each canonical form once. O(1).
    fn __hash__(&self) -> u64 {
        u64::from(self.id.index())
    }

    /// The canonical options, earliest born first. O(options).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let options = forms().store.options(self.id).to_vec();
        MisereGame::list(py, options)
    }

    /// The birthday of the canonical form (0 for 0, else one more than its options'
    /// latest): the least birthday of any game equal to this one. O(1).
    #[getter]
    fn birthday(&self) -> u32 {
        forms().store.birthday(self.id)
    }

    /// The misère outcome class, its letter: `"P"` when the player to move loses (the last
    /// player to move loses), `"N"` when the player to move wins (0 is `"N"`: no move is
    /// left to make). O(1).
    #[getter]
    fn outcome(&self) -> String {
        forms().store.outcome(self.id).letter().to_string()
    }

    /// The normal-play Grundy value G⁺ (the Sprague-Grundy value). O(1).
    #[getter]
    fn normal_value(&self) -> u32 {
        forms().store.normal_value(self.id)
    }

    /// The misère Grundy value G⁻: 1 for 0, else the mex of the options'; 0 exactly for the
    /// misère P-positions. O(1).
    #[getter]
    fn misere_value(&self) -> u32 {
        forms().store.misere_value(self.id)
    }

    /// Whether the game is a nim heap `*n`. O(1).
    #[getter]
    fn is_nimber(&self) -> bool {
        forms().store.is_nimber(self.id)
    }

    /// The genus `g^γ0γ1…` as text (Conway's and *Winning Ways*' symbol): `g` is the
    /// normal-play value, `γn` the misère value with n heaps of size two added, written up to
    /// where the sequence alternates (`"0^120"` for 0, `"2^20"` for `*2`; terms between
    /// parentheses and commas when one has two digits). O(followers) the first time.
    #[getter]
    fn genus(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.id;
        with_forms(py, |f| Ok(f.genera.genus(&f.store, g)?.to_string()))
    }

    /// The genus as numbers: `(g, [γ0, γ1, …])`, the γ's up to where they alternate (at least
    /// two). O(followers) the first time.
    #[getter]
    fn genus_terms(&self, py: Python<'_>) -> PyResult<(u32, Vec<u32>)> {
        let g = self.id;
        with_forms(py, |f| {
            let genus = f.genera.genus(&f.store, g)?;
            Ok((genus.base, genus.gammas().to_vec()))
        })
    }

    /// The kind of the genus: `"tame"` (a genus of misère Nim: `0^120`, `1^031`, `g^g(g⊕2)`),
    /// `"restive"` (g is 0 or 1, γ0 at least 2), `"restless"` (g at least 2, γ0 is 0 or 1) or
    /// `"wild"`. O(followers) the first time.
    #[getter]
    fn genus_kind(&self, py: Python<'_>) -> PyResult<&'static str> {
        let g = self.id;
        with_forms(py, |f| Ok(kind_name(f.genera.genus(&f.store, g)?.kind())))
    }

    /// Whether the game is tame: every follower of its canonical form, itself included, has a
    /// tame genus (then sums of tame games play as misère Nim). O(followers).
    #[getter]
    fn is_tame(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        with_forms(py, |f| Ok(f.genera.is_tame(&f.store, g)?))
    }

    /// The phylum: `"tame"`; `"restive"` or `"restless"` when the game is not tame but every
    /// option is, and its genus is restive or restless; `"wild"` otherwise. O(followers).
    #[getter]
    fn phylum(&self, py: Python<'_>) -> PyResult<&'static str> {
        let g = self.id;
        with_forms(py, |f| {
            Ok(match f.genera.phylum(&f.store, g)? {
                Phylum::Tame => "tame",
                Phylum::Restive => "restive",
                Phylum::Restless => "restless",
                Phylum::Wild => "wild",
            })
        })
    }

    /// The form's word in CGSuite's notation, `"2#1"`: a digit for a nim heap (`&12;` for
    /// `*12`), `X#` for the game `{X}`, the options one after the other otherwise.
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.id;
        with_forms(py, |f| Ok(f.store.notation(g)?))
    }

    /// The word inside `*[…]`, as CGSuite shows a misère canonical form: `*[2#1]`, which
    /// `MisereGame` reads back.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("*[{}]", self.__str__(py)?))
    }
}

/// The last day whose census can be taken: day 6 has the forms of the 2^4171780 sets of the
/// games born by day 5.
const LAST_CENSUS_DAY: u32 = 5;

/// The misère impartial games born by day `day`, each once, as `MisereGame`s in the store's
/// order: 1, 2, 3, 5 and 22 games for days 0 to 4 (Conway). Day 5 (4,171,780 games) takes
/// some seconds and a few hundred megabytes that the store keeps; later days are out of
/// reach (a `LimitError`).
#[pyfunction]
pub fn misere_census<'py>(
    py: Python<'py>,
    day: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let day = small_whole(day, "a day")?;
    if day > LAST_CENSUS_DAY {
        return Err(errors::limit(format!(
            "the census of day {day} is out of reach: the games born by day 6 are the forms of \
             the 2^4171780 sets of the 4,171,780 games born by day 5"
        )));
    }
    let games = with_forms(py, |f| Ok(f.store.born_by(day)?))?;
    MisereGame::list(py, games)
}

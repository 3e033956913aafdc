//! Short partizan games in canonical form: `cgt("{1|*}")`, with every property the command
//! line's `grundy cgt` reports, under the names of its `--json` fields.
//!
//! Numbers come out as `fractions.Fraction` (every number of a short game is dyadic, so a
//! Fraction holds it exactly), and go in as `int`, `Fraction` or text.

use std::sync::{LazyLock, Mutex, MutexGuard};

use grundy::budget::{Budget, Raise, Resource};
use grundy::partizan::compound::{Compound, CompoundPlay, Count};
use grundy::partizan::picture::ThermographPicture;
use grundy::partizan::{
    describe, Dyadic, GameId, GameStore, ParseError, ParseErrorKind, Side, Thermograph, Trajectory,
    ValueError,
};
use grundy::pattern::picture::escape;
use grundy_catalogue::games::worksheet::{FormsOnly, Worksheet};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyType};

use crate::catalogue::Report;
use crate::{errors, interrupt};

/// Every game made from Python lives in one store, so that games made apart can be added
/// and compared (the store shares canonical forms between them).
static STORE: LazyLock<Mutex<GameStore>> =
    LazyLock::new(|| Mutex::new(GameStore::with_budget(USUAL.clone())));

/// How a Python caller gets room for its games: there is one store per process, it only
/// grows, and an operation's time is bounded by `with grundy.timeout(seconds):`.
const RAISE: Raise = Raise {
    positions: "every Cgt of this process lives in one store of games, within this budget: \
                work with smaller games, or restart Python to empty the store",
    memory: "every Cgt of this process lives in one store of games, within this budget: \
             work with smaller games, or restart Python to empty the store",
    time: "give the enclosing `with grundy.timeout(seconds):` more seconds",
};

/// The store's budget between operations: the engine's default (a share of the machine's
/// memory, as many games as an id numbers), no deadline.
static USUAL: LazyLock<Budget> = LazyLock::new(|| Budget::default().named(RAISE));

/// The store every `Cgt` lives in, locked. Nothing that runs Python code may happen while the
/// lock is held: a thread waiting for the lock with the GIL would never get it back.
pub(crate) fn shared_store() -> MutexGuard<'static, GameStore> {
    // A panic inside the engine cannot leave the store half-written in a way later calls
    // would notice: each entry is added whole, so a poisoned lock is still usable.
    STORE.lock().unwrap_or_else(|e| e.into_inner())
}

/// An engine error as an exception: a cooling temperature of −1 or less is bad input; the
/// rest are limits reached (the store's budget, numbers or ups out of range, a game too deep).
fn value_error(e: ValueError) -> PyErr {
    match e {
        ValueError::CoolingTemperature(_) => errors::input(e),
        e => errors::limit(e),
    }
}

/// Whether a store's error is its deadline passing.
fn out_of_time(e: &ValueError) -> bool {
    matches!(e, ValueError::Budget(b) if b.resource == Resource::Time)
}

/// `f` run on the shared store without the GIL (a computation on games can take long), within
/// the deadline of the enclosing `with grundy.timeout(...)` and stopped by Ctrl-C
/// ([`interrupt::shared`]); `late` tells `f`'s errors for a passed deadline.
fn on_store<R: Send, E: Send>(
    py: Python<'_>,
    late: impl Fn(&E) -> bool,
    f: impl Fn(&mut GameStore) -> Result<R, E> + Send + Sync,
) -> PyResult<Result<R, E>> {
    interrupt::shared(py, &USUAL, late, |budget| {
        let mut store = shared_store();
        store.set_budget(budget);
        let out = f(&mut store);
        store.set_budget(USUAL.clone());
        out
    })
}

/// [`on_store`] for an operation on games, its error as an exception.
fn with_store<R: Send>(
    py: Python<'_>,
    f: impl Fn(&mut GameStore) -> Result<R, ValueError> + Send + Sync,
) -> PyResult<R> {
    on_store(py, out_of_time, f)?.map_err(value_error)
}

/// `fractions.Fraction`, imported once.
fn fraction_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static FRACTION: GILOnceCell<Py<PyType>> = GILOnceCell::new();
    FRACTION.import(py, "fractions", "Fraction")
}

/// A number of the engine as a `fractions.Fraction`: exact, since its denominator `2^k` has
/// `k ≤ 62` and fits an `i64`. Every number `Cgt` gives goes through here.
fn fraction(py: Python<'_>, x: Dyadic) -> PyResult<Bound<'_, PyAny>> {
    fraction_type(py)?.call1((x.numerator(), 1i64 << x.exponent()))
}

/// The numbers as a list of Fractions.
fn fractions<'py>(py: Python<'py>, xs: &[Dyadic]) -> PyResult<Bound<'py, PyList>> {
    let items = xs
        .iter()
        .map(|&x| fraction(py, x))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// The number a Python `int` or `Fraction` stands for: an `InputError` when its denominator
/// is not a power of two or it is beyond the engine's range (numerator below 2^63 in size,
/// denominator at most 2^62). Both print as `m` or `m/n` whatever their size, which the
/// engine's reader of numbers takes exactly.
fn dyadic(value: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    let text = value.str()?.to_string();
    // An int's denominator is 1. Tested here rather than left to the reader, which cannot
    // tell a denominator too long for it from one that is not a power of two.
    let denominator = value.getattr("denominator")?;
    if !denominator.bitand(denominator.sub(1)?)?.eq(0)? {
        return Err(errors::input(format!(
            "the number {text} is not a game: its denominator is not a power of two (the \
             numbers of short games are dyadic, m/2^k)"
        )));
    }
    text.parse()
        .map_err(|e| errors::input(format!("the number {text}: {e}")))
}

/// A game given to a function or operator of `Cgt`: a `Cgt`, an `int` or `Fraction` (read
/// as the number), or a text in the notation. A `bool` is not taken for a number.
pub(crate) enum Operand<'py> {
    Game(GameId),
    Number(Bound<'py, PyAny>),
    Text(String),
}

impl<'py> FromPyObject<'py> for Operand<'py> {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(g) = ob.downcast::<Cgt>() {
            return Ok(Operand::Game(g.get().id));
        }
        if ob.is_instance_of::<PyString>() {
            return Ok(Operand::Text(ob.extract()?));
        }
        let int = ob.is_instance_of::<PyInt>() && !ob.is_instance_of::<PyBool>();
        if int || ob.is_instance(fraction_type(ob.py())?)? {
            // Read when used, so that a number out of range is an InputError rather than the
            // TypeError of an operand of the wrong type.
            return Ok(Operand::Number(ob.clone()));
        }
        Err(PyTypeError::new_err(format!(
            "expected a game (a Cgt, an int, a Fraction or a text such as '{{1|*}}'), not {}",
            ob.get_type().name()?
        )))
    }
}

impl Operand<'_> {
    /// The game in the shared store; an `InputError` for a malformed text or a number out of
    /// range.
    fn id(&self, py: Python<'_>) -> PyResult<GameId> {
        self.read(py, false)
    }

    /// [`Operand::id`], a text read without positions of rulesets when `forms_only` (the
    /// games of a compound, played as their canonical forms: [`FormsOnly`]).
    fn read(&self, py: Python<'_>, forms_only: bool) -> PyResult<GameId> {
        match self {
            Operand::Game(g) => Ok(*g),
            Operand::Number(n) => {
                let x = dyadic(n)?;
                Ok(shared_store().number(x))
            }
            Operand::Text(t) => {
                let late =
                    |e: &ParseError| matches!(&e.kind, ParseErrorKind::Value(v) if out_of_time(v));
                let parsed = on_store(py, late, |s| match forms_only {
                    true => s.parse_with(t, &mut FormsOnly),
                    false => s.parse_with(t, &mut Worksheet),
                })?;
                parsed.map_err(|e| match e.kind {
                    // A budget that ran out while the text was read is not the text's fault.
                    ParseErrorKind::Value(v @ ValueError::Budget(_)) => value_error(v),
                    _ => errors::input(e.to_string()),
                })
            }
        }
    }

    /// The number this operand is (a game that is a number counts); an `InputError` naming
    /// `what` needs it otherwise.
    fn number(&self, py: Python<'_>, what: &str) -> PyResult<Dyadic> {
        let g = self.id(py)?;
        let number = shared_store().as_number(g);
        number.ok_or_else(|| {
            let shown = shared_store().display(g);
            errors::input(format!("{what} takes a number, not {shown}"))
        })
    }
}

/// A game: a `Cgt` from the command line's notation (`"{1|*}"`, `"3/4"`, `"^"`, `"*2"`,
/// `"+-1"`, sums..., and rulesets' positions by their CGSuite names:
/// `'game.grid.Clobber("xox|ox.") + 1'`), an `int` or a dyadic `fractions.Fraction`; a `Cgt` is returned as it is.
/// An `InputError` for a malformed text, a Fraction whose denominator is not a power of two,
/// or a number beyond the engine's range.
#[pyfunction]
pub fn cgt(py: Python<'_>, value: Operand) -> PyResult<Cgt> {
    Ok(Cgt { id: value.id(py)? })
}

/// A short partizan game in canonical form. `+`, `-` (also unary) and comparisons work with
/// other games, ints, Fractions and texts (`a < b` means Left prefers b; confused games are
/// neither `<`, `>` nor `==`: `a.compare(b)` gives `"<>"`). Equal games hash equal, and a
/// number hashes as the Python number it is, so games are set members and dict keys (a key
/// `cgt(3)` is found by `3`).
///
/// The properties are those `grundy cgt` prints, named as its `--json` fields: outcome class,
/// stops, mean, temperature, thermograph, options, incentives, followers, uptimal expansion,
/// atomic weight, reduced form, misère outcome class; `report()` gives them all as the command
/// line does. Numbers are `fractions.Fraction` throughout (`Fraction(3) == 3`); games are
/// `Cgt`. Transformations: `cool`, `heat`, `overheat`, `norton`. In a notebook a game shows
/// its thermograph.
///
/// >>> cgt("{1|*}") + cgt("-1")
/// {0|-1*}
/// >>> cgt("{2|-1}").mean
/// Fraction(1, 2)
#[pyclass(module = "grundy", frozen)]
pub struct Cgt {
    id: GameId,
}

impl Cgt {
    /// The game `id` of the shared store.
    pub(crate) fn from_id(id: GameId) -> Cgt {
        Cgt { id }
    }

    /// A game computed from this one on the shared store, without the GIL.
    fn derived(
        &self,
        py: Python<'_>,
        f: impl Fn(&mut GameStore, GameId) -> Result<GameId, ValueError> + Send + Sync,
    ) -> PyResult<Cgt> {
        let g = self.id;
        with_store(py, |s| f(s, g)).map(Cgt::from_id)
    }

    /// Games of the shared store as a list of `Cgt`.
    fn list<'py>(py: Python<'py>, games: Vec<GameId>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, games.into_iter().map(Cgt::from_id))
    }

    /// The game's thermograph and canonical form.
    fn thermograph_of(&self, py: Python<'_>) -> PyResult<(Thermograph, String)> {
        let g = self.id;
        with_store(py, |s| Ok((s.thermograph(g)?, s.display(g))))
    }
}

/// A wall of a thermograph as `{"mast", "critical_temperatures", "slopes"}`, the fields of
/// `grundy cgt --json` with Fractions for the numbers: the value at the top, the
/// temperatures where the slope changes and the slopes `dx/dt` (-1, 0 or 1), from the top
/// down.
fn wall<'py>(py: Python<'py>, wall: &Trajectory) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("mast", fraction(py, wall.mast().map_err(value_error)?)?)?;
    d.set_item(
        "critical_temperatures",
        fractions(py, &wall.critical_temperatures())?,
    )?;
    d.set_item("slopes", wall.slopes())?;
    Ok(d)
}

#[pymethods]
impl Cgt {
    fn __add__(&self, py: Python<'_>, other: Operand) -> PyResult<Cgt> {
        let h = other.id(py)?;
        self.derived(py, |s, g| s.sum(g, h))
    }

    fn __radd__(&self, py: Python<'_>, other: Operand) -> PyResult<Cgt> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: Operand) -> PyResult<Cgt> {
        let h = other.id(py)?;
        self.derived(py, |s, g| s.sub(g, h))
    }

    fn __rsub__(&self, py: Python<'_>, other: Operand) -> PyResult<Cgt> {
        let h = other.id(py)?;
        self.derived(py, |s, g| s.sub(h, g))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Cgt> {
        self.derived(py, |s, g| s.neg(g))
    }

    /// `"<"`, `"=="`, `">"` or `"<>"` (confused): how this game compares with `other`.
    fn compare(&self, py: Python<'_>, other: Operand) -> PyResult<&'static str> {
        let (g, h) = (self.id, other.id(py)?);
        Ok(with_store(py, |s| s.compare(g, h))?.symbol())
    }

    fn __richcmp__(&self, py: Python<'_>, other: Operand, op: CompareOp) -> PyResult<bool> {
        let (g, h) = (self.id, other.id(py)?);
        let order = with_store(py, |s| s.compare(g, h))?.to_ordering();
        Ok(match order {
            Some(o) => op.matches(o),
            // Confused games are unequal and in no order.
            None => matches!(op, CompareOp::Ne),
        })
    }

    /// A hash consistent with `==`: the store keeps each canonical form once, so equal games
    /// are one id and hash as it; a number hashes as the equal `Fraction` (and `int`), so
    /// that Python's numbers find it in a dict. (A text compares equal to its game but hashes
    /// as text.) O(1).
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        let number = shared_store().as_number(self.id);
        match number {
            Some(x) => fraction(py, x)?.hash(),
            None => Ok(self.id.index() as isize),
        }
    }

    /// The outcome class, its letter: `"L"` (Left wins whoever starts), `"R"` (Right wins),
    /// `"N"` (the first player wins) or `"P"` (the second player wins).
    #[getter]
    fn outcome_class(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.id;
        Ok(with_store(py, |s| s.outcome(g))?.letter().to_string())
    }

    /// The outcome class under misère play (the last player to move loses) of this
    /// canonical form, its letter: the `canonical_form_misere_outcome_class` of
    /// `grundy cgt --json` (misère play depends on the form, not only on the value).
    /// O(followers) at most.
    #[getter]
    fn misere_outcome_class(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.id;
        Ok(with_store(py, |s| s.misere_outcome(g))?
            .letter()
            .to_string())
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

    /// Whether the game is all small: every follower has moves for both players or for
    /// neither (the games of the atomic weight calculus). O(followers).
    #[getter]
    fn is_all_small(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        with_store(py, |s| s.is_all_small(g))
    }

    /// The birthday: the day the canonical form is born.
    #[getter]
    fn birthday(&self) -> u64 {
        shared_store().birthday(self.id)
    }

    /// Left's stop, a Fraction: the number reached when both play well, Left first, and play
    /// stops at a number. O(1).
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = shared_store().left_stop(self.id);
        fraction(py, x)
    }

    /// Right's stop, a Fraction (Right moving first). O(1).
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = shared_store().right_stop(self.id);
        fraction(py, x)
    }

    /// The mean value, a Fraction: the mast of the thermograph, what the game is worth in a
    /// sum of many (the mean of a sum is the sum of the means). O(1) for a number plus ups
    /// and a nimber, one thermograph otherwise (remembered).
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.id;
        fraction(py, with_store(py, |s| s.mean(g))?)
    }

    /// The temperature, a Fraction: how much a move is worth, where the thermograph's walls
    /// meet the mast. -1/2^k for a number m/2^k (-1 for an integer), 0 for a number plus a
    /// non-zero infinitesimal. As `mean`.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.id;
        fraction(py, with_store(py, |s| s.temperature(g))?)
    }

    /// The thermograph: `{"left": wall, "right": wall}`, each wall `{"mast": Fraction,
    /// "critical_temperatures": [Fraction], "slopes": [int]}` from the top down, as
    /// `grundy cgt --json` writes it (there with numbers as text). The left wall is Left's
    /// stop of the game cooled by t, the right wall Right's. O(sum of the followers' walls),
    /// remembered.
    #[getter]
    fn thermograph<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (thermograph, _) = self.thermograph_of(py)?;
        let d = PyDict::new(py);
        d.set_item("left", wall(py, &thermograph.left)?)?;
        d.set_item("right", wall(py, &thermograph.right)?)?;
        Ok(d)
    }

    /// The thermograph drawn as an SVG document, as `grundy cgt --svg` draws it: value to the
    /// left, temperature up, the left wall blue, the right wall red, the mast black; the
    /// title names the game, its mean and temperature.
    fn thermograph_svg(&self, py: Python<'_>) -> PyResult<String> {
        let (thermograph, name) = self.thermograph_of(py)?;
        py.allow_threads(|| Ok(ThermographPicture::new(&name, &thermograph)?.svg()))
            .map_err(value_error)
    }

    /// The thermograph, for a notebook that shows SVG.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.thermograph_svg(py)
    }

    /// The canonical form above its thermograph, for a notebook (which prefers HTML).
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let svg = self.thermograph_svg(py)?;
        let form = escape(&self.__repr__());
        Ok(format!("<div><pre>{form}</pre>{svg}</div>"))
    }

    /// Left's options in canonical form, in the order the form prints them.
    #[getter]
    fn left_options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let g = self.id;
        Cgt::list(py, with_store(py, |s| s.sorted_options(g))?.0)
    }

    /// Right's options in canonical form, in the order the form prints them.
    #[getter]
    fn right_options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let g = self.id;
        Cgt::list(py, with_store(py, |s| s.sorted_options(g))?.1)
    }

    /// The incentives: Left's `G^L - G` and Right's `G - G^R`, the dominated ones left out,
    /// in the order `grundy cgt` prints them. O(options) sums.
    #[getter]
    fn incentives<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let g = self.id;
        Cgt::list(py, with_store(py, |s| s.incentives(g, true, true))?)
    }

    /// How many followers the canonical form has (itself, its options, theirs...), an int.
    /// O(followers that are not integers).
    #[getter]
    fn followers(&self, py: Python<'_>) -> PyResult<u128> {
        let g = self.id;
        with_store(py, |s| s.follower_count(g))
    }

    /// The uptimal expansion as text (`^<2>`, up-second, is `"0.01"`; `^[2]` = `^ + ^<2>` is
    /// `"0.11"`; `^*` is `"*.1"`), or None where the game is not an uptimal (a number and a
    /// nimber plus a sum of `^<n>`s).
    #[getter]
    fn uptimal(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let g = self.id;
        Ok(with_store(py, |s| s.uptimal_expansion(g))?.map(|e| e.to_string()))
    }

    /// The atomic weight, a `Cgt` (how many ups an infinitesimal is worth: 1 for `^`), or
    /// None where the game has none (a number other than 0, a game that is not infinitesimal,
    /// some that are not all small). O(followers) canonical forms.
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Option<Cgt>> {
        let g = self.id;
        with_store(py, |s| match s.atomic_weight(g) {
            Ok(w) => Ok(Some(Cgt::from_id(w))),
            Err(ValueError::NotAtomic) => Ok(None),
            Err(e) => Err(e),
        })
    }

    /// The reduced canonical form: the simplest game infinitesimally close to this one.
    /// O(followers) canonical forms.
    #[getter]
    fn reduced(&self, py: Python<'_>) -> PyResult<Cgt> {
        self.derived(py, |s, g| s.reduced(g))
    }

    /// The game cooled by `t`, a number greater than -1 (an int, a Fraction, or a game that
    /// is a number): every move taxed by `t`. Cooled by its temperature a game freezes into
    /// its mean plus an infinitesimal. O(followers) canonical forms.
    fn cool(&self, py: Python<'_>, t: Operand) -> PyResult<Cgt> {
        let t = t.number(py, "cool")?;
        self.derived(py, |s, g| s.cool(g, t))
    }

    /// The game heated by `t` (any game): numbers stay themselves, another game becomes
    /// `{G^L heated + t | G^R heated - t}`. O(followers) canonical forms.
    fn heat(&self, py: Python<'_>, t: Operand) -> PyResult<Cgt> {
        let t = t.id(py)?;
        self.derived(py, |s, g| s.heat(g, t))
    }

    /// The game overheated from `s` to `t`: an integer n becomes `n·s` (Norton's product),
    /// another game `{G^L overheated + t | G^R overheated - t}`. O(followers) canonical forms
    /// and the products of the integer followers.
    fn overheat(&self, py: Python<'_>, s: Operand, t: Operand) -> PyResult<Cgt> {
        let (s_id, t_id) = (s.id(py)?, t.id(py)?);
        self.derived(py, |store, g| store.overheat(g, s_id, t_id))
    }

    /// Norton's product by `u`, a positive game: `n` copies of `u` for an integer `n`,
    /// otherwise `{G^L·u + u + Δ | G^R·u - (u + Δ)}` over the incentives Δ of `u`.
    /// O(followers × incentives of u) sums.
    fn norton(&self, py: Python<'_>, u: Operand) -> PyResult<Cgt> {
        let u = u.id(py)?;
        self.derived(py, |s, g| s.norton_multiply(g, u))
    }

    /// Conway's ordinal sum `self : h` (`{G^L, G : h^L | G^R, G : h^R}`: a move in this game,
    /// the base, ends `h`), of the two canonical forms; the notation's `G : H`. O(followers
    /// of h) canonical forms.
    fn ordinal_sum(&self, py: Python<'_>, h: Operand) -> PyResult<Cgt> {
        let h = h.id(py)?;
        self.derived(py, |s, g| s.ordinal_sum(g, h))
    }

    /// Every property as `grundy cgt` reports the game (its canonical form as the
    /// expression): `.json` is the dict of `grundy cgt --json`, with its field names and its
    /// numbers as text; `.text` (the `repr`) the command line's text. One thermograph,
    /// reduced form, atomic weight and misère search: O(followers) canonical forms each.
    fn report(&self, py: Python<'_>) -> PyResult<Report> {
        let g = self.id;
        let report = with_store(py, |s| {
            let expression = s.display(g);
            describe::properties(s, &expression, g)
        })?;
        Ok(Report::from(report))
    }

    fn __repr__(&self) -> String {
        shared_store().display(self.id)
    }
}

/// The outcome of the compound `kind` of `games` (Winning Ways, ch. 9, on their canonical
/// forms, so that a text naming a ruleset's position, whose own game tree its form is not,
/// is refused; a component has ended when nobody can move in it): `"conjunctive"` (move in every
/// component; CGSuite's `ConjunctiveSum`), `"selective"` (move in any non-empty set of them;
/// `SelectiveSum`), `"continued-conjunctive"` (move in every component one can),
/// `"diminished-disjunctive"` (move in one; over once any component has ended),
/// `"shortened-selective"` (as selective; over once any component has ended) or
/// `"sequential"` (the games in the order given, each until it has ended; not the ordinal
/// sum). These compounds have no canonical form: the answer is `{"left_first": {"winner",
/// "moves"}, "right_first": {…}, "outcome_class": "L" | "R" | "N" | "P", "count":
/// "remoteness" | "suspense"}`, who wins with each player moving first and in how many
/// moves of best play, counted by suspense (the winner makes it last) for the continued
/// conjunctive compound and by remoteness (the winner ends it soonest) for the others. The
/// conjunctive compound by remoteness, the continued conjunctive one by suspense when its
/// components keep step, the sequential one by a walk of the followers, the others by a
/// search of the positions (exponential in the components), bounded by
/// `with grundy.timeout(seconds):`.
///
/// >>> compound("conjunctive", [1, "{1|0}"])["outcome_class"]
/// 'L'
#[pyfunction]
pub fn compound<'py>(
    py: Python<'py>,
    kind: &str,
    games: Vec<Operand>,
) -> PyResult<Bound<'py, PyDict>> {
    let kind = Compound::from_name(kind).ok_or_else(|| {
        let names: Vec<&str> = Compound::ALL.iter().map(|c| c.name()).collect();
        errors::input(format!(
            "unknown compound '{kind}': one of {}",
            names.join(", ")
        ))
    })?;
    let ids = games
        .iter()
        .map(|g| g.read(py, true))
        .collect::<PyResult<Vec<GameId>>>()?;
    let outcome = with_store(py, |s| s.compound_outcome(kind, &ids))?;
    let play = |p: CompoundPlay| -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let winner = match p.winner {
            Side::Left => "left",
            Side::Right => "right",
        };
        d.set_item("winner", winner)?;
        d.set_item("moves", p.moves)?;
        Ok(d)
    };
    let d = PyDict::new(py);
    d.set_item("left_first", play(outcome.left_first)?)?;
    d.set_item("right_first", play(outcome.right_first)?)?;
    d.set_item("outcome_class", outcome.class().letter().to_string())?;
    let count = match kind.count() {
        Count::Remoteness => "remoteness",
        Count::Suspense => "suspense",
    };
    d.set_item("count", count)?;
    Ok(d)
}

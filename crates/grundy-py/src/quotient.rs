//! Misère quotients of heap games (Plambeck and Siegel): `MisereQuotient("0.75", upto=30)`
//! for a take-and-break code, `MisereQuotient.from_options(f, upto=20)` for a heap game whose
//! moves a Python function gives. The library's `impartial::quotient` computes the quotient
//! and answers sums from it; this module converts. Elements are named by their least words
//! in the generators (`"a"`, `"b^2c"`, `"1"` for the identity), as the command line prints
//! them.

use grundy::budget::{Budget, Raise, Resource};
use grundy::impartial::octal::Rule;
use grundy::impartial::quotient::{HeapTable, Presentation, Quotient, QuotientError, DEFAULT_SUMS};
use grundy::pattern::period::OctalPeriod;
use grundy::progress::Progress;
use grundy_catalogue::games::misere_quotient::MAX_UPTO;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};

use crate::errors;
use crate::interrupt::{interruptible, look, with_timeout, STACK_BYTES};
use crate::progress::Bar;
use crate::whole::{at_most, whole};

/// How Python callers raise the budget of a quotient.
const RAISE: Raise = Raise {
    positions: "pass a larger sums=",
    memory: "pass a larger memory=",
    time: "pass a larger timeout=",
};

/// The heaps of a sum: an iterable of ints (a list, a tuple, a range, a NumPy array).
fn heaps(value: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    if value.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "a sum of heaps is an iterable of ints, such as [3, 5, 7], not a str",
        ));
    }
    let items = value.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "a sum of heaps is an iterable of ints, such as [3, 5, 7], not {}",
            value
                .get_type()
                .name()
                .map_or("?".into(), |n| n.to_string())
        ))
    })?;
    items.map(|h| whole(&h?, "a heap")).collect()
}

/// The budget of a quotient: `sums` sums searched or checked (the position budget),
/// `memory` bytes (the engine's default share of the machine when absent) and `timeout`
/// seconds from now (none when absent).
fn budget(
    sums: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
) -> PyResult<Budget> {
    let sums = match sums {
        Some(s) => at_most(s, "sums", 1, u64::from(u32::MAX) - 1)?,
        None => DEFAULT_SUMS,
    };
    let mut budget = Budget::default().named(RAISE).with_positions(sums);
    if let Some(m) = memory {
        budget = budget.with_memory(at_most(m, "memory", 1, u64::MAX)?);
    }
    with_timeout(budget, timeout)
}

/// A quotient's error as an exception: a bad option or a heap out of range is an
/// `InputError`, a budget a `LimitError`; the position budget counts sums, and the messages
/// name the keyword that raises a limit.
fn quotient_error(e: QuotientError) -> PyErr {
    match e {
        QuotientError::Budget(ref b) if b.resource == Resource::Positions => {
            errors::limit(e.in_sums("pass a larger sums="))
        }
        QuotientError::Budget(e) => errors::limit(e),
        QuotientError::Beyond { heap, upto } => errors::input(format!(
            "heap {heap} is beyond the quotient, computed for heaps up to {upto}: make a \
             MisereQuotient with a larger upto="
        )),
        e => errors::input(e),
    }
}

/// What one option of a heap, as `options(n)` gives it, leaves: an int is one heap, an
/// iterable of ints the heaps left (empty when the heap is taken away).
fn option_heaps(option: &Bound<'_, PyAny>, heap: u32) -> PyResult<Vec<u32>> {
    let part = |h: &Bound<'_, PyAny>| -> PyResult<u32> {
        let n = whole(h, "a heap a move leaves")?;
        u32::try_from(n).map_err(|_| {
            errors::input(format!(
                "a move from a heap of {heap} leaves a heap of {n}: every heap a move leaves \
                 must be non-empty and smaller than the heap moved in"
            ))
        })
    };
    if !option.is_instance_of::<PyBool>() && option.hasattr("__index__")? {
        return Ok(vec![part(option)?]);
    }
    if option.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "options({heap}) gives the heaps each move leaves, a tuple of ints (or one int), \
             not the str {}",
            option.repr()?
        )));
    }
    let items = option.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "options({heap}) gives the heaps each move leaves, a tuple of ints (or one int), \
             not {}",
            option
                .get_type()
                .name()
                .map_or("?".into(), |n| n.to_string())
        ))
    })?;
    items.map(|h| part(&h?)).collect()
}

/// The misère quotient of a heap game (Plambeck and Siegel, "Misère quotients for impartial
/// games", 2008): the monoid of the sums of heaps 0 to `upto` up to indistinguishability, with
/// its P-portion and the element of each heap, so that the misère outcome of a sum of any
/// number of heaps is a product of elements looked up in the P-portion.
///
/// `MisereQuotient(code, upto=30)` is the quotient of a take-and-break code (`"0.75"`,
/// `"0.77"` Kayles, `"0.07"` Dawson's Kayles; moves leave at most two heaps);
/// `MisereQuotient.from_options(options, upto)` that of a heap game defined in Python.
/// `sums=` bounds the sums of heaps the computation searches or checks (300,000 by default,
/// about a second; a quotient that grows at large heaps needs more), `memory=` its bytes
/// and `timeout=` its seconds: beyond them, `LimitError`. The computation releases the GIL;
/// Ctrl-C interrupts it, and `progress=True` shows a spinner on stderr while it runs.
///
/// Elements are their least words in the generators: `"1"` (the identity), `"a"`, `"b^2c"`.
/// `order`, `p_portion`, `elements` (by heap), `element(heap)`, `presentation`,
/// `generators`, `relations`, `growth` and `periodicity` describe the quotient; `product`,
/// `element_of_sum`, `outcome` and `winning_moves` answer sums of heaps up to `upto` (beyond
/// it, an `InputError`).
///
/// >>> q = MisereQuotient("0.75", upto=30)
/// >>> q.order, q.p_portion
/// (8, ['a', 'c^2'])
/// >>> q.outcome([3, 5, 7])
/// 'N'
#[pyclass(module = "grundy", frozen)]
pub struct MisereQuotient {
    /// The game's name: its code, or the Python function's.
    game: String,
    quotient: Quotient,
    presentation: Presentation,
}

impl MisereQuotient {
    /// The quotient `compute` gives within `budget`, without the GIL, on a thread that
    /// Ctrl-C stops; a spinner on stderr while it runs if `progress`.
    fn compute(
        py: Python<'_>,
        game: String,
        budget: Budget,
        progress: bool,
        compute: impl FnOnce(&Budget) -> Result<Quotient, QuotientError> + Send,
    ) -> PyResult<MisereQuotient> {
        let bar = Bar::new(progress);
        bar.phase("computing the quotient", None);
        let computed = interruptible(py, STACK_BYTES, budget.cancel(), || {
            let q = compute(&budget)?;
            let p = q.presentation();
            Ok((q, p))
        })?;
        let (quotient, presentation) = computed.map_err(quotient_error)?;
        Ok(MisereQuotient {
            game,
            quotient,
            presentation,
        })
    }

    /// The element's word.
    fn name(&self, x: u32) -> String {
        self.presentation.name(x)
    }

    /// The element a word in the generators names (`"a^2b"`, `"1"`): an `InputError` for a
    /// word that is not one.
    fn parse_word(&self, word: &str) -> PyResult<u32> {
        (self.presentation.parse(&self.quotient, word))
            .map_err(|why| errors::input(format!("{word:?} is not a word of this quotient: {why}")))
    }

    /// The element of a sum of heaps, an `InputError` for a heap beyond the quotient.
    fn sum_element(&self, heaps: &[u64]) -> PyResult<u32> {
        self.quotient.element_of_sum(heaps).map_err(quotient_error)
    }
}

#[pymethods]
impl MisereQuotient {
    /// The quotient of the take-and-break game `code` (an octal or hexadecimal code, or
    /// `"grundy"` for Grundy's game) over the sums of heaps 0 to `upto` (at most 2,000).
    /// An `InputError` for a malformed code or one whose moves leave three heaps.
    #[new]
    #[pyo3(signature = (
        code, upto = None, *, sums = None, memory = None, timeout = None, progress = false
    ))]
    fn new(
        py: Python<'_>,
        code: &str,
        upto: Option<&Bound<'_, PyAny>>,
        sums: Option<&Bound<'_, PyAny>>,
        memory: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
        progress: bool,
    ) -> PyResult<MisereQuotient> {
        let rule = Rule::parse(code).map_err(errors::input)?;
        let upto = match upto {
            Some(u) => at_most(u, "upto", 0, MAX_UPTO)? as u32,
            None => 30,
        };
        let budget = budget(sums, memory, timeout)?;
        MisereQuotient::compute(py, rule.to_string(), budget, progress, |b| {
            Quotient::of_code(&rule, upto, b)
        })
    }

    /// The quotient of the heap game whose moves `options` gives, over the sums of heaps 0 to
    /// `upto` (at most 2,000). `options(n)` is called once for each heap n and returns its
    /// moves, each the heaps it leaves: a tuple of ints (`()` when the heap is taken away,
    /// `(a, b)` when it is split in two), or one int for one heap. Every heap left must be
    /// non-empty and smaller than `n` (an `InputError` says which is not); an exception in
    /// `options` propagates. `sums`, `memory`, `timeout` and `progress` are the
    /// constructor's (the deadline counts the calls of `options` too).
    ///
    /// >>> nim = MisereQuotient.from_options(lambda n: [(k,) if k else () for k in range(n)], 3)
    /// >>> nim.order, len(nim.p_portion)
    /// (6, 2)
    #[staticmethod]
    #[pyo3(signature = (
        options, upto, *, sums = None, memory = None, timeout = None, progress = false
    ))]
    #[allow(clippy::too_many_arguments)]
    fn from_options(
        py: Python<'_>,
        options: &Bound<'_, PyAny>,
        upto: &Bound<'_, PyAny>,
        sums: Option<&Bound<'_, PyAny>>,
        memory: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
        progress: bool,
    ) -> PyResult<MisereQuotient> {
        let upto = at_most(upto, "upto", 0, MAX_UPTO)? as u32;
        let budget = budget(sums, memory, timeout)?;
        let mut table = Vec::with_capacity(upto as usize + 1);
        for heap in 0..=upto {
            look(py, &budget, "asking for the heaps' moves", u64::from(heap))?;
            let moves = options.call1((heap,))?;
            let list = moves
                .try_iter()
                .map_err(|_| {
                    PyTypeError::new_err(format!(
                        "options({heap}) returns the moves of a heap of {heap}, an iterable, \
                         not {}",
                        moves
                            .get_type()
                            .name()
                            .map_or("?".into(), |n| n.to_string())
                    ))
                })?
                .map(|o| option_heaps(&o?, heap))
                .collect::<PyResult<Vec<Vec<u32>>>>()?;
            table.push(list);
        }
        let table = HeapTable::new(table).map_err(quotient_error)?;
        let game = options
            .getattr("__qualname__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "a heap game".to_string());
        MisereQuotient::compute(py, game, budget, progress, |b| {
            Quotient::compute(&table, upto, b)
        })
    }

    /// The game: its code as the engine writes it (`"0.75"`, `"Grundy's game"`), or the name
    /// of the Python function that gives its moves.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The largest heap computed: sums of heaps 0 to `upto` are answered.
    #[getter]
    fn upto(&self) -> u32 {
        self.quotient.upto()
    }

    /// The number of elements.
    #[getter]
    fn order(&self) -> u32 {
        self.quotient.order()
    }

    /// The P-portion: the elements whose sums are misère P-positions (the player to move
    /// loses), as words.
    #[getter]
    fn p_portion(&self) -> Vec<String> {
        let q = &self.quotient;
        q.p_portion().into_iter().map(|x| self.name(x)).collect()
    }

    /// Every element, as words, in the quotient's own order (the identity `"1"` first).
    #[getter]
    fn all_elements(&self) -> Vec<String> {
        (0..self.quotient.order()).map(|x| self.name(x)).collect()
    }

    /// The element of each heap, heap 0 first (`"1"` for a heap without a move).
    #[getter]
    fn elements(&self) -> Vec<String> {
        let q = &self.quotient;
        q.elements().iter().map(|&x| self.name(x)).collect()
    }

    /// The element of a heap of `heap` (at most `upto`).
    fn element(&self, heap: &Bound<'_, PyAny>) -> PyResult<String> {
        let heap = whole(heap, "a heap")?;
        Ok(self.name(self.sum_element(&[heap])?))
    }

    /// The presentation by generators and relations, as the command line writes it:
    /// `"<a, b, c | a^2 = 1, ab = bc, ...>"`.
    #[getter]
    fn presentation(&self) -> String {
        self.presentation.to_string()
    }

    /// The generators, each `(name, heap)`: the elements of heaps not generated by the
    /// smaller heaps, named in heap order.
    #[getter]
    fn generators(&self) -> Vec<(String, u32)> {
        (self.presentation.generators.iter())
            .map(|g| (g.name.clone(), g.heap))
            .collect()
    }

    /// The relations of the presentation, each a pair of words `(left, right)`.
    #[getter]
    fn relations(&self) -> Vec<(String, String)> {
        let p = &self.presentation;
        (p.relations.iter())
            .map(|(l, r)| (p.word(l), p.word(r)))
            .collect()
    }

    /// The heaps after which the quotient grew, each `(heap, order then)`: a last growth
    /// near `upto` says the quotient may still be growing.
    #[getter]
    fn growth(&self) -> Vec<(u32, u32)> {
        self.quotient.growth().to_vec()
    }

    /// The periodicity of the heaps' elements: `{"status", "preperiod", "period", "upto",
    /// "needed", "text"}`. `status` is `"proven"` (a period that holds far enough for the
    /// periodicity theorem: then the quotient is that of the whole game), `"observed"` (a
    /// period over the heaps computed; `needed` is how far the theorem needs them, None where
    /// no theorem applies) or `"none"`; `text` says it in words, as the command line does.
    #[getter]
    fn periodicity<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let periodicity = self.quotient.periodicity();
        let d = PyDict::new(py);
        match periodicity {
            OctalPeriod::Proven { period } => {
                d.set_item("status", "proven")?;
                d.set_item("preperiod", period.preperiod)?;
                d.set_item("period", period.period)?;
            }
            OctalPeriod::Observed {
                period,
                upto,
                needed,
            } => {
                d.set_item("status", "observed")?;
                d.set_item("preperiod", period.preperiod)?;
                d.set_item("period", period.period)?;
                d.set_item("upto", upto)?;
                d.set_item("needed", (needed != usize::MAX).then_some(needed))?;
            }
            OctalPeriod::None { upto } => {
                d.set_item("status", "none")?;
                d.set_item("upto", upto)?;
            }
        }
        d.set_item("text", periodicity.describe("elements ", "elements"))?;
        Ok(d)
    }

    /// The product of two elements, each a word in the generators (`"a"`, `"b^2c"`, `"1"`;
    /// any word, not only the least), as the least word of the result.
    fn product(&self, x: &str, y: &str) -> PyResult<String> {
        let (x, y) = (self.parse_word(x)?, self.parse_word(y)?);
        Ok(self.name(self.quotient.product(x, y)))
    }

    /// Whether `element` (a word) is in the P-portion.
    fn is_p(&self, element: &str) -> PyResult<bool> {
        Ok(self.quotient.is_p(self.parse_word(element)?))
    }

    /// The element of the sum of `heaps` (an iterable of ints, each at most `upto`; empty
    /// for the identity). O(heaps).
    fn element_of_sum(&self, heaps: &Bound<'_, PyAny>) -> PyResult<String> {
        let heaps = self::heaps(heaps)?;
        Ok(self.name(self.sum_element(&heaps)?))
    }

    /// The misère outcome class of the sum of `heaps` (each at most `upto`): `"P"` when the
    /// player to move loses, `"N"` when the player to move wins. O(heaps).
    fn outcome(&self, heaps: &Bound<'_, PyAny>) -> PyResult<String> {
        let heaps = self::heaps(heaps)?;
        let outcome = self.quotient.outcome(&heaps).map_err(quotient_error)?;
        Ok(outcome.letter().to_string())
    }

    /// The winning moves of the sum of `heaps`, each `(heap, leaves)`: take a heap of that
    /// size and leave the heaps of the tuple `leaves` (largest first, `()` to take it away).
    /// One move for each distinct heap and element reached; none in a P-position.
    /// O(heaps + distinct heaps × order).
    fn winning_moves<'py>(
        &self,
        py: Python<'py>,
        heaps: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<(u32, Bound<'py, PyTuple>)>> {
        let heaps = self::heaps(heaps)?;
        let moves = self
            .quotient
            .winning_moves(&heaps)
            .map_err(quotient_error)?;
        moves
            .into_iter()
            .map(|m| Ok((m.heap, PyTuple::new(py, m.leaves)?)))
            .collect()
    }

    /// `MisereQuotient of 0.75 up to heap 30: order 8, P-portion {a, c^2}, <a, b, c | ...>`.
    fn __repr__(&self) -> String {
        format!(
            "MisereQuotient of {} up to heap {}: order {}, P-portion {{{}}}, {}",
            self.game,
            self.quotient.upto(),
            self.quotient.order(),
            self.p_portion().join(", "),
            self.presentation
        )
    }
}

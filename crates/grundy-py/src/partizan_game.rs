//! Partizan games defined in Python: `Partizan(left, right)` values positions whose options
//! Python functions give as canonical forms, through the library's own evaluator
//! (`partizan::rulesets::Evaluator`, which memoises each region once) with the Python
//! functions behind its `Ruleset` trait.
//!
//! The evaluation runs in the game's own store, so that a callback may itself use `grundy`'s
//! games without waiting on the store every `Cgt` shares; each value is then copied into that
//! shared store, where it can be added to and compared with any other game.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use grundy::budget::{Budget, Raise, Resource};
use grundy::partizan::rulesets::{BoardError, Evaluator, Ruleset};
use grundy::partizan::search::{PositionSearch, RulesetSearch, SearchError, SearchOptions};
use grundy::partizan::{GameId, GameStore, OutcomeClass, Side, ValueError};
use grundy::progress::NoProgress;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::cgt::{shared_store, Cgt};
use crate::errors;
use crate::interrupt::{look, with_timeout, CHECK_EVERY};
use crate::progress::Bar;
use crate::python_game::{failed, gil, keep, raise_pending, Key, DEFAULT_LIMIT};
use crate::search::{self, on_caller, on_own_stack, positions, search_budget, too_deep};

/// How Python callers raise the budget of a partizan game.
const RAISE: Raise = Raise {
    positions: "pass a larger limit= to Partizan",
    memory: "pass a larger memory= to Partizan",
    time: "pass a larger timeout=",
};

/// How Python callers raise the budget of `Partizan.search`.
const SEARCH_RAISE: Raise = Raise {
    positions: "pass a larger limit= to Partizan",
    memory: "pass a larger memory= to Partizan or a smaller table=",
    time: "pass a larger timeout=",
};

/// The most positions valued one inside another's options: each takes some of the stack of
/// the thread that called, and a game with a cycle would go on for ever.
const MAX_DEPTH: u64 = 2_000;

/// The rules of a partizan game whose options Python functions give.
struct PyPartizan {
    /// Left's options, or both players' as a pair when `right` is absent.
    left: Py<PyAny>,
    right: Option<Py<PyAny>>,
    /// Splits a position into independent parts.
    parts: Option<Py<PyAny>>,
    /// A position of the same value that stands for a position in the memo.
    key: Option<Py<PyAny>>,
    /// The type `grundy.Sum`: a position of this type is the sum of its terms.
    sum: Py<PyAny>,
    /// Positions whose options were asked for.
    calls: AtomicU64,
    /// What the current call works within, shared by the copies (a search kept from one
    /// call to the next holds copies, and works within each call's budget).
    call: Arc<Mutex<Call>>,
    /// Without `right`, Right's half of each pair the function returned for Left, with its
    /// position, until Right's options there are asked for: the evaluator asks for Left's
    /// options of a region, values them (asking for other regions' options in between, in
    /// nested order, hence a stack), then for Right's, so the function is called once. A
    /// search may ask for Left's options alone: the stack keeps the latest [`MAX_DEPTH`]
    /// (a position missed is asked for again).
    pending: Mutex<VecDeque<(Py<PyAny>, Py<PyAny>)>>,
}

/// What one call of a game (a `value`, a table, a search) works within: the positions whose
/// options may be asked for (counted over the game's calls), its deadline, and its bar.
struct Call {
    budget: Budget,
    /// The bar of a call that asked for progress, ticked at each position.
    bar: Option<Bar>,
}

impl Call {
    /// A call within `budget`, without a bar.
    fn new(budget: Budget) -> Arc<Mutex<Call>> {
        Arc::new(Mutex::new(Call { budget, bar: None }))
    }
}

// Every call of the rules is from `Partizan::value` or `Partizan::search`, which hold the
// GIL for the whole evaluation or search (the trait has no token): hence `gil()` below.

impl Clone for PyPartizan {
    /// The same functions, with a count of calls of its own and the same call (budget and
    /// bar).
    fn clone(&self) -> PyPartizan {
        let copy = |f: &Py<PyAny>| f.clone_ref(gil());
        PyPartizan {
            left: copy(&self.left),
            right: self.right.as_ref().map(copy),
            parts: self.parts.as_ref().map(copy),
            key: self.key.as_ref().map(copy),
            sum: copy(&self.sum),
            calls: AtomicU64::new(0),
            call: Arc::clone(&self.call),
            pending: Mutex::new(VecDeque::new()),
        }
    }
}

impl PyPartizan {
    /// What the current call works within, locked (never waited on: one call at a time
    /// holds the GIL and the game).
    fn call(&self) -> MutexGuard<'_, Call> {
        self.call.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The options of `side` at `p`: where `p` is a `grundy.Sum`, a move in one of its
    /// terms (the sum with that term replaced), so that a search can play on from its root
    /// and along its line, which are whole positions; else what the user's functions give.
    fn sum_options(&self, p: &Key, side: Side, out: &mut Vec<(usize, Key)>) -> PyResult<()> {
        let py = gil();
        let sum = self.sum.bind(py);
        let position = p.object().bind(py);
        if !position.is_instance(sum)? {
            return self.options(p, side, out);
        }
        let terms: Vec<Bound<'_, PyAny>> = position.try_iter()?.collect::<PyResult<_>>()?;
        let mut moves = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            moves.clear();
            self.sum_options(&Key::new(term)?, side, &mut moves)?;
            for (_, q) in &moves {
                let mut after = terms.clone();
                after[i] = q.object().bind(py).clone();
                out.push((out.len(), Key::new(&sum.call1(PyTuple::new(py, after)?)?)?));
            }
        }
        Ok(())
    }

    /// The options of `side` at `p`, as the user's functions give them.
    fn options(&self, p: &Key, side: Side, out: &mut Vec<(usize, Key)>) -> PyResult<()> {
        let py = gil();
        let position = p.object().bind(py);
        let options = match (&self.right, side) {
            (Some(right), Side::Right) => right.bind(py).call1((position,))?,
            (Some(_), Side::Left) => self.left.bind(py).call1((position,))?,
            (None, side) => {
                let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
                let kept = match pending.back() {
                    Some((at, _)) if side == Side::Right && at.is(position) => pending.pop_back(),
                    _ => None,
                };
                drop(pending);
                match kept {
                    Some((_, right)) => right.into_bound(py),
                    None => {
                        let (left, right) = self.pair(position)?;
                        if side == Side::Right {
                            right
                        } else {
                            let kept = (position.clone().unbind(), right.unbind());
                            let mut pending =
                                self.pending.lock().unwrap_or_else(|e| e.into_inner());
                            if pending.len() > MAX_DEPTH as usize {
                                pending.pop_front();
                            }
                            pending.push_back(kept);
                            left
                        }
                    }
                }
            }
        };
        for (i, q) in options.try_iter()?.enumerate() {
            out.push((i, Key::new(&q?)?));
        }
        Ok(())
    }

    /// The pair `(left_options, right_options)` the one function gives at `position`.
    fn pair<'py>(
        &self,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let both = self.left.bind(position.py()).call1((position,))?;
        both.extract().map_err(|_| {
            errors::input(
                "without right=, the function returns a pair: (Left's options, Right's options)",
            )
        })
    }

    /// Counts a position whose options are asked for (both sides count once, at Left's):
    /// beyond the call's positions, an error; every [`CHECK_EVERY`], a look for Ctrl-C and
    /// at the call's deadline.
    fn count(&self) -> PyResult<()> {
        let calls = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
        let call = self.call();
        if let Some(bar) = &call.bar {
            bar.tick();
        }
        let most = call.budget.positions();
        if calls > most {
            return Err(errors::limit(call.budget.exhausted(
                Resource::Positions,
                None,
                "valuing",
                most,
            )));
        }
        if calls % CHECK_EVERY == 0 {
            // Not under the lock: a signal handler runs Python code.
            let budget = call.budget.clone();
            drop(call);
            look(gil(), &budget, "valuing", calls)?;
        }
        Ok(())
    }

    /// The terms of `p`, a `grundy.Sum`'s (each split in turn), or `p` alone.
    fn terms<'py>(&self, p: Bound<'py, PyAny>, out: &mut Vec<Bound<'py, PyAny>>) -> PyResult<()> {
        if !p.is_instance(self.sum.bind(p.py()))? {
            out.push(p);
            return Ok(());
        }
        p.try_iter()?.try_for_each(|q| self.terms(q?, out))
    }

    /// The independent parts of `p`, each as the position that stands for it in the memo: a
    /// `grundy.Sum` is the sum of its terms, and the user's `parts` splits any other
    /// position (a `Sum` it gives is split into its terms too). So each term is valued once,
    /// its options asked for once, however many sums it is a term of.
    fn parts(&self, p: &Key, out: &mut Vec<Key>) -> PyResult<()> {
        let py = gil();
        let stand_in = |q: Bound<'_, PyAny>| match &self.key {
            Some(key) => Key::new(&key.bind(py).call1((q,))?),
            None => Key::new(&q),
        };
        let mut terms = Vec::new();
        self.terms(p.object().bind(py).clone(), &mut terms)?;
        for term in terms {
            match &self.parts {
                Some(parts) => {
                    let mut split = Vec::new();
                    for q in parts.bind(py).call1((term,))?.try_iter()? {
                        self.terms(q?, &mut split)?;
                    }
                    for q in split {
                        out.push(stand_in(q)?);
                    }
                }
                None => out.push(stand_in(term)?),
            }
        }
        Ok(())
    }
}

impl Ruleset for PyPartizan {
    type Position = Key;
    /// A move is the index of its option in the list the function returned.
    type Move = usize;

    fn name(&self) -> &'static str {
        "a partizan game defined in Python"
    }

    fn parse(&self, _: &str) -> Result<Key, BoardError> {
        Err(BoardError::at(
            1,
            1,
            "a Python game's positions are Python objects",
        ))
    }

    fn show(&self, p: &Key) -> String {
        (p.object().bind(gil()).repr()).map_or_else(|_| "?".to_string(), |r| r.to_string())
    }

    fn moves(&self, p: &Key, side: Side, out: &mut Vec<(usize, Key)>) {
        if failed() {
            return;
        }
        let asked = match side {
            Side::Left => self.count().and_then(|()| self.sum_options(p, side, out)),
            Side::Right => self.sum_options(p, side, out),
        };
        if let Err(e) = asked {
            keep(e);
            out.clear();
        }
    }

    fn regions(&self, p: &Key, out: &mut Vec<Key>) {
        if failed() {
            return;
        }
        if let Err(e) = self.parts(p, out) {
            keep(e);
            out.clear();
        }
    }
}

/// A partizan game whose options Python functions give: `left(p)` and `right(p)` return the
/// positions Left and Right move to from `p` (hashable positions: ints, strings, tuples,
/// frozensets...), or `left(p)` alone returns both as a pair `(left_options, right_options)`.
/// `value(p)` is the canonical form of `p`, a `Cgt`; each position's options are asked for
/// once, and its canonical form kept, across calls.
///
/// A `grundy.Sum` is the sum of its terms: each term is valued apart, once, and the terms'
/// values added. `parts(p)`, if given, returns the independent parts of any other position
/// (a board's regions), split and valued the same way, as the built-in rulesets do.
/// `key(p)`, if given, returns a position of the same value that stands for `p` in the memo
/// (its least image under the board's symmetries that swap nothing between the players), so
/// that symmetric positions are valued once. `limit` bounds the positions whose options are
/// asked for (ten million by default) and `memory` the bytes of the canonical forms: beyond
/// them, `LimitError`. An exception in a function propagates, and the game forgets what it
/// was valuing; Ctrl-C interrupts. `grundy.table(game, rows, columns)` tabulates its
/// canonical forms (or outcome classes).
///
/// >>> def cutcake(p):   # Left cuts a w x h cake along its height, Right along its width
/// ...     w, h = p
/// ...     return ([Sum((a, h), (w - a, h)) for a in range(1, w)],
/// ...             [Sum((w, b), (w, h - b)) for b in range(1, h)])
/// >>> game = Partizan(cutcake)
/// >>> game.value((3, 1)), game.value((1, 3)), game.value((2, 2))
/// (2, -2, 0)
#[pyclass(module = "grundy")]
pub struct Partizan {
    rules: PyPartizan,
    evaluator: Option<Evaluator<PyPartizan>>,
    /// The game's own store (in a mutex only so that the class may be shared between
    /// threads: Python gives each call the object alone, so it is never waited on).
    store: Mutex<GameStore>,
    /// Each game of the own store already copied into the shared one.
    copied: HashMap<GameId, GameId>,
    /// The game's budget: `limit=` positions, `memory=` bytes, no deadline.
    budget: Budget,
    /// The search of the last `search` that ended well, with the options it was made for
    /// (`small`, `table`, `depth`): the next search with them starts from its table and its
    /// regions' forms. (In a mutex only so that the class may be shared between threads.)
    searched: Mutex<Option<(SearchMade, RulesetSearch<PyPartizan>)>>,
}

/// The options a [`RulesetSearch`] of a `Partizan` is made for: `small`, `table`, `depth`.
type SearchMade = (usize, Option<u64>, usize);

/// An evaluator of `rules` with an empty memo (its own copy of the user's functions).
fn evaluator(rules: &PyPartizan) -> Evaluator<PyPartizan> {
    Evaluator::new(rules.clone()).with_max_depth(MAX_DEPTH)
}

impl Partizan {
    /// The canonical form of `position` in the game's own store. After an error the
    /// evaluator is dropped, to be made again by the next call: what it memoised while the
    /// error stopped the options may be wrong (the store's canonical forms stay right).
    fn own_value(&mut self, position: &Bound<'_, PyAny>) -> PyResult<GameId> {
        let key = Key::new(position)?;
        let rules = &self.rules;
        let evaluator = self.evaluator.get_or_insert_with(|| evaluator(rules));
        let store = self.store.get_mut().unwrap_or_else(|e| e.into_inner());
        let value = evaluator.value(store, &key);
        let kept = raise_pending();
        if kept.is_err() || value.is_err() {
            self.evaluator = None;
        }
        kept?;
        value.map_err(|e| match e {
            ValueError::TooDeep { .. } => errors::input(format!(
                "{e}: a position is more than {MAX_DEPTH} moves from the end of the game, or the \
                 game has a cycle (a partizan game with cycles has no canonical form)"
            )),
            e => errors::limit(e),
        })
    }

    /// The canonical form of `position` in the shared store, where every `Cgt` lives.
    pub(crate) fn shared_value(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<GameId> {
        let own = self.own_value(position)?;
        let store = self.store.get_mut().unwrap_or_else(|e| e.into_inner());
        let copied = &mut self.copied;
        py.allow_threads(|| copy(store, own, &mut shared_store(), copied))
            .map_err(errors::limit)
    }

    /// `run` within the game's budget with a deadline `timeout` seconds from now (the budget
    /// of the rules and of the store while it runs, the game's own after), with a bar on
    /// stderr counting the positions valued if `progress`; the bar is cleared however `run`
    /// ends. An `InputError` for a timeout that is not a number of seconds.
    pub(crate) fn within<T>(
        &mut self,
        progress: bool,
        timeout: Option<f64>,
        run: impl FnOnce(&mut Partizan) -> PyResult<T>,
    ) -> PyResult<T> {
        let budget = with_timeout(self.budget.clone(), timeout)?;
        let bar = progress.then(|| {
            let bar = Bar::new(true);
            bar.count("valuing: positions");
            bar
        });
        let rules = &self.rules;
        let evaluator = self.evaluator.get_or_insert_with(|| evaluator(rules));
        *evaluator.rules().call() = Call {
            budget: budget.clone(),
            bar,
        };
        let store = self.store.get_mut().unwrap_or_else(|e| e.into_inner());
        store.set_budget(budget);
        let result = run(self);
        let store = self.store.get_mut().unwrap_or_else(|e| e.into_inner());
        store.set_budget(self.budget.clone());
        // The game's own call again (every copy shares it, the evaluator's if there is one):
        // the call's bar goes now, even after an error dropped the evaluator.
        *self.rules.call() = Call {
            budget: self.budget.clone(),
            bar: None,
        };
        result
    }

    /// The name of the function that gives Left's options (`domineering`), which names the
    /// game in its tables.
    pub(crate) fn name(&self, py: Python<'_>) -> Option<String> {
        let name = self.rules.left.bind(py).getattr("__name__").ok()?;
        Some(name.to_string())
    }
}

#[pymethods]
impl Partizan {
    #[new]
    #[pyo3(signature = (left, right = None, *, parts = None, key = None, limit = None, memory = None))]
    fn new(
        py: Python<'_>,
        left: Py<PyAny>,
        right: Option<Py<PyAny>>,
        parts: Option<Py<PyAny>>,
        key: Option<Py<PyAny>>,
        limit: Option<usize>,
        memory: Option<usize>,
    ) -> PyResult<Partizan> {
        let limit = limit.unwrap_or(DEFAULT_LIMIT) as u64;
        let mut budget = Budget::default().named(RAISE).with_positions(limit);
        if let Some(memory) = memory {
            budget = budget.with_memory(memory as u64);
        }
        Ok(Partizan {
            rules: PyPartizan {
                left,
                right,
                parts,
                key,
                sum: py.import("grundy")?.getattr("Sum")?.unbind(),
                calls: AtomicU64::new(0),
                call: Call::new(budget.clone()),
                pending: Mutex::new(VecDeque::new()),
            },
            evaluator: None,
            store: Mutex::new(GameStore::with_budget(budget.clone())),
            copied: HashMap::new(),
            budget,
            searched: Mutex::new(None),
        })
    }

    /// The canonical form of `position`, a `Cgt`. `timeout` bounds the seconds (none by
    /// default: beyond them, `LimitError`); `progress=True` counts the positions whose
    /// options are asked for on stderr as they are.
    #[pyo3(signature = (position, *, progress = false, timeout = None))]
    fn value(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        progress: bool,
        timeout: Option<f64>,
    ) -> PyResult<Cgt> {
        self.within(progress, timeout, |game| {
            Ok(Cgt::from_id(game.shared_value(py, position)?))
        })
    }

    /// The canonical forms of `positions`, a list of `Cgt` (`progress=` and `timeout=`, for
    /// them all, as in `value`).
    #[pyo3(signature = (positions, *, progress = false, timeout = None))]
    fn values(
        &mut self,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        progress: bool,
        timeout: Option<f64>,
    ) -> PyResult<Vec<Cgt>> {
        self.within(progress, timeout, |game| {
            let ids = positions.try_iter()?.map(|p| game.shared_value(py, &p?));
            ids.map(|id| id.map(Cgt::from_id)).collect()
        })
    }

    /// Who wins `position` with each player moving first (`first="left"` or `"right"`
    /// for one), by search: for positions too large to value whole by `value`.
    ///
    /// Returns a dict: `"outcome_class"` (`"L"`, `"R"`, `"N"` or `"P"`, `None` with one
    /// player first), `"left_first"` and `"right_first"` (`None` unless searched: `"wins"`,
    /// `"best"` the position a winning move leads to, or the first option where every move
    /// loses, and `"line"` the positions of a line of play, up to 12 moves) and `"nodes"`.
    ///
    /// The search is alpha-beta over win and loss with a table of `table` bytes (64 MiB by
    /// default). Sums and the parts `parts` splits off are moved in apart; parts with at most
    /// `small` moves (both players', 10 by default; 0 never) are valued by canonical form
    /// and added, and the search moves only in the larger parts and in that sum; the moves
    /// tried first leave the mover the most moves and the opponent the fewest. It follows
    /// lines of at most `depth` moves (20,000 by default), on a thread of its own whose stack
    /// holds them, which calls the functions. The game's `limit` bounds the positions
    /// searched and `memory` the bytes (the table's and the stack's), `timeout` the seconds:
    /// beyond them, or deeper than `depth`, `LimitError`. Ctrl-C interrupts;
    /// `progress=True` counts the positions whose options are asked for on stderr. The
    /// table and the regions' forms are kept for the next search with the same `small`,
    /// `table` and `depth` (dropped after an error).
    ///
    /// >>> def strip(p):   # Domineering on a 1 x n strip: only Right can move
    /// ...     return [], [Sum(a, p - 2 - a) for a in range(p - 1)]
    /// >>> found = Partizan(strip).search(7)
    /// >>> found["outcome_class"], found["right_first"]["wins"]
    /// ('R', True)
    #[pyo3(signature = (
        position, first = "both", *, small = 10, table = None, timeout = None, depth = None,
        progress = false
    ))]
    #[allow(clippy::too_many_arguments)]
    fn search<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        first: &str,
        small: usize,
        table: Option<u64>,
        timeout: Option<f64>,
        depth: Option<usize>,
        progress: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let sides: &[Side] = match first {
            "left" => &[Side::Left],
            "right" => &[Side::Right],
            "both" => &[Side::Left, Side::Right],
            other => {
                return Err(errors::input(format!(
                    "first={other:?}: expected \"left\", \"right\" or \"both\""
                )))
            }
        };
        let (limit, memory) = (self.budget.positions() as usize, self.budget.memory());
        let budget = search_budget(SEARCH_RAISE, Some(limit), Some(memory), timeout)?;
        let depth = search::depth(depth)?;
        // The copies the search holds share this call: a kept search works within it.
        let rules = self.rules.clone();
        *rules.call() = Call {
            budget: budget.clone(),
            bar: progress.then(|| {
                let bar = Bar::new(true);
                bar.count("searching: positions");
                bar
            }),
        };
        let made: SearchMade = (small, table, depth);
        let kept = (self.searched.get_mut())
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .filter(|(m, _)| *m == made)
            .map(|(_, search)| search);
        let start = Key::new(position)?;
        let found = on_own_stack(py, depth, &budget, || {
            let mut search = match kept {
                Some(mut search) => {
                    search.set_budget(&budget);
                    search
                }
                None => {
                    let options = SearchOptions {
                        search: on_caller(table, depth),
                        // Positions are always split into parts: the functions may not take
                        // a sum whole.
                        small: Some(small),
                    };
                    RulesetSearch::new(rules, options, &budget).map_err(errors::limit)?
                }
            };
            let mut found = [None, None];
            let mut nodes = 0;
            for &side in sides {
                let searched = search.search(&start, side, &budget, &NoProgress);
                // An error drops the search (returned only when every side ended well):
                // what it learnt while a function failed or a budget ran out may be wrong.
                raise_pending()?;
                let searched = searched.map_err(|e| match e {
                    SearchError::Budget(e) | SearchError::Value(ValueError::Budget(e)) => {
                        errors::limit(e)
                    }
                    SearchError::TooDeep(_) | SearchError::Value(ValueError::TooDeep { .. }) => {
                        too_deep(depth)
                    }
                    e => errors::input(e),
                })?;
                nodes += searched.nodes;
                found[usize::from(side == Side::Right)] = Some(searched);
            }
            Ok((found, nodes, search))
        });
        // The game's own call again: no deadline, no bar.
        *self.rules.call() = Call {
            budget: self.budget.clone(),
            bar: None,
        };
        let (found, nodes, search) = found?;
        *self.searched.get_mut().unwrap_or_else(|e| e.into_inner()) = Some((made, search));
        let dict = PyDict::new(py);
        let class = match &found {
            [Some(l), Some(r)] => Some(OutcomeClass::from_left_wins(l.wins, !r.wins).letter()),
            _ => None,
        };
        dict.set_item("outcome_class", class)?;
        for (key, s) in ["left_first", "right_first"].into_iter().zip(&found) {
            let play = match s {
                None => None,
                Some(s) => {
                    let play = PyDict::new(py);
                    play.set_item("wins", s.wins)?;
                    let best = s.best.as_ref().map(|(_, q)| q.object().clone_ref(py));
                    play.set_item("best", best)?;
                    let line: Vec<Key> = s.line.iter().map(|(_, q)| q.clone()).collect();
                    play.set_item("line", positions(py, &line)?)?;
                    Some(play)
                }
            };
            dict.set_item(key, play)?;
        }
        dict.set_item("nodes", nodes)?;
        Ok(dict)
    }

    /// How many positions have had their options asked for (both sides count once).
    #[getter]
    fn positions(&self) -> u64 {
        let rules = self.evaluator.as_ref().map(|e| e.rules());
        rules.map_or(0, |r| r.calls.load(Ordering::Relaxed))
    }

    fn __repr__(&self) -> String {
        let games = self.store.lock().map_or(0, |s| s.len());
        let plural = if games == 1 { "" } else { "s" };
        format!(
            "Partizan(..., {games} canonical form{plural}, limit={})",
            self.budget.positions()
        )
    }
}

/// The game `g` of `from` in `to`, each subgame copied once (`copied` maps `from`'s ids to
/// `to`'s). A number is copied as a number; any other game from its canonical options, which
/// `to` keeps canonical. O(the games reachable from `g` not copied before).
fn copy(
    from: &mut GameStore,
    g: GameId,
    to: &mut GameStore,
    copied: &mut HashMap<GameId, GameId>,
) -> Result<GameId, ValueError> {
    if let Some(&h) = copied.get(&g) {
        return Ok(h);
    }
    let h = match from.as_number(g) {
        Some(x) => to.number(x),
        None => {
            let mut sides = [Vec::new(), Vec::new()];
            for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                for option in from.options(g, side)? {
                    sides[k].push(copy(from, option, to, copied)?);
                }
            }
            to.game(&sides[0], &sides[1])?
        }
    };
    copied.insert(g, h);
    Ok(h)
}

//! Position graphs and their solutions: `Graph`, `Solution`, `Values`, `Payoffs`.

use std::sync::Arc;

use grundy::graph::{text, Labels};
use grundy::progress::Progress;
use grundy::solve::{
    grundy_values, solve_payoffs, GrundyValues, PayoffSolution, Preferences, Ranking, SolveOptions,
};
use grundy::{GameGraph, Outcome};
use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString};

use crate::errors;
use crate::positions::Positions;
use crate::progress::Bar;

/// A graph and, for a game explored from Python, the Python object of each position.
pub struct GraphData {
    pub graph: GameGraph,
    pub explored: Option<Positions>,
}

impl GraphData {
    /// The index of a position given as the user names it: the Python object of an explored
    /// game, else a label (`"a"`, or `3` for the id 3, as the command line reads it).
    fn index(&self, key: &Bound<'_, PyAny>) -> PyResult<u32> {
        let found = match &self.explored {
            Some(explored) => explored.find(key)?,
            None => {
                let label = match key.downcast::<PyString>() {
                    Ok(s) => s.to_string(),
                    Err(_) => key.str()?.to_string(),
                };
                self.graph.find_position(&label)
            }
        };
        match found {
            Some(p) => Ok(p),
            None => Err(errors::unknown_position(key)),
        }
    }

    /// A position as the user names it: its Python object, its integer id, or its name.
    fn name(&self, py: Python<'_>, p: u32) -> PyObject {
        match (&self.explored, self.graph.labels()) {
            (Some(explored), _) => explored.object(py, p),
            (None, Labels::Integers(ids)) => ids[p as usize]
                .into_pyobject(py)
                .unwrap()
                .into_any()
                .unbind(),
            (None, Labels::Names(names)) => {
                PyString::new(py, &names[p as usize]).into_any().unbind()
            }
        }
    }

    fn check(&self, p: i64) -> PyResult<u32> {
        u32::try_from(p)
            .ok()
            .filter(|&p| (p as usize) < self.graph.position_count())
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(format!(
                    "index {p} is not below the number of positions, {}",
                    self.graph.position_count()
                ))
            })
    }
}

/// NumPy, when it can be imported (`None` when it is not installed, or hidden by
/// `sys.modules["numpy"] = None`); any other error of its import propagates. Asked at each
/// call, a dictionary look-up once NumPy is imported, so that no result depends on what
/// was installed when `grundy` was imported.
pub fn numpy(py: Python<'_>) -> PyResult<Option<Bound<'_, PyModule>>> {
    match py.import("numpy") {
        Ok(numpy) => Ok(Some(numpy)),
        Err(e) if e.is_instance_of::<PyImportError>(py) => Ok(None),
        Err(e) => Err(e),
    }
}

/// `values` as a NumPy `int64` array when NumPy can be imported, else as `array.array('q')`:
/// machine integers, no Python object per value.
pub fn int_array<'py>(
    py: Python<'py>,
    values: impl Iterator<Item = i64>,
) -> PyResult<Bound<'py, PyAny>> {
    match numpy(py)? {
        Some(numpy) => int64_array(&numpy, values),
        None => {
            let bytes: Vec<u8> = values.flat_map(i64::to_ne_bytes).collect();
            let array = py.import("array")?.getattr("array")?.call1(("q",))?;
            array.call_method1("frombytes", (PyBytes::new(py, &bytes),))?;
            Ok(array)
        }
    }
}

/// `values` as a NumPy `int64` array, writable, that owns its memory: the `bytearray` it
/// was made from, one copy of the values.
pub fn int64_array<'py>(
    numpy: &Bound<'py, PyModule>,
    values: impl Iterator<Item = i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.flat_map(i64::to_ne_bytes).collect();
    let buffer = PyByteArray::new(numpy.py(), &bytes);
    numpy.call_method1("frombuffer", (buffer, numpy.getattr("int64")?))
}

fn optional(v: Option<u32>) -> i64 {
    v.map_or(-1, i64::from)
}

/// A position graph: positions are nodes, moves are edges, cycles allowed.
///
/// Made by `Graph.parse(text)` (the text format of the command line), `Graph.read(path)`,
/// `Graph.from_edges(pairs)`, or `grundy.explore(options, start)` for a game defined in
/// Python. Positions are named by their labels (or Python objects, for an explored game);
/// bulk results are indexed by position index `0 .. len(graph)`.
///
/// >>> g = Graph.parse("a b\nb c\n")
/// >>> g.solve().outcome("a")
/// 'loss'
#[pyclass(module = "grundy", frozen)]
pub struct Graph {
    pub data: Arc<GraphData>,
}

impl Graph {
    pub fn new(graph: GameGraph, explored: Option<Positions>) -> Graph {
        Graph {
            data: Arc::new(GraphData { graph, explored }),
        }
    }
}

/// Reads `prefer`/`prefer_second` as the command line's `--prefer`/`--prefer2`.
fn preferences(first: Option<&str>, second: Option<&str>) -> PyResult<Option<Preferences>> {
    let parse = |text: Option<&str>, name: &str| -> PyResult<Option<Ranking>> {
        text.map(Ranking::parse)
            .transpose()
            .map_err(|e| errors::input(format!("in {name}: {e}")))
    };
    let first = parse(first, "prefer")?;
    let second = parse(second, "prefer_second")?;
    Ok(match (first, second) {
        (None, None) => None,
        (None, Some(second)) => Some(Preferences::from_second(second)),
        (Some(first), second) => Some(Preferences::new(first, second).map_err(errors::input)?),
    })
}

#[pymethods]
impl Graph {
    /// A graph from the text format: one `FROM TO...` line per position (see docs/graphs.md).
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<Graph> {
        let graph = py
            .allow_threads(|| text::parse_str(text))
            .map_err(errors::input)?;
        Ok(Graph::new(graph, None))
    }

    /// A graph from a file in the text format; `progress=True` shows the bytes read so far
    /// on stderr.
    #[staticmethod]
    #[pyo3(signature = (path, *, progress = false))]
    fn read(py: Python<'_>, path: std::path::PathBuf, progress: bool) -> PyResult<Graph> {
        let bar = Bar::new(progress);
        let graph = py.allow_threads(|| text::read_path(&path, &bar));
        bar.finish();
        let graph = graph.map_err(errors::input)?;
        Ok(Graph::new(graph, None))
    }

    /// A graph from moves `(from, to)` between integer positions `0 .. n`: an iterable of
    /// pairs, or an integer NumPy array of shape `(k, 2)`. `n` defaults to the largest
    /// position + 1.
    ///
    /// >>> Graph.from_edges([(0, 1), (1, 2)]).solve().outcome(0)
    /// 'loss'
    #[staticmethod]
    #[pyo3(signature = (edges, n = None))]
    fn from_edges(py: Python<'_>, edges: &Bound<'_, PyAny>, n: Option<u32>) -> PyResult<Graph> {
        let moves = read_edges(edges)?;
        let largest = moves.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap_or(0);
        let count = match n {
            Some(n) if n < largest => {
                return Err(errors::input(format!(
                    "position {} is not below n = {n}",
                    largest - 1
                )))
            }
            Some(n) => n,
            None => largest,
        };
        let graph = py.allow_threads(|| GameGraph::from_moves(count, &moves));
        Ok(Graph::new(graph, None))
    }

    fn __len__(&self) -> usize {
        self.data.graph.position_count()
    }

    fn __repr__(&self) -> String {
        format!(
            "Graph({} positions, {} moves)",
            self.data.graph.position_count(),
            self.data.graph.move_count()
        )
    }

    /// The number of moves.
    #[getter]
    fn move_count(&self) -> usize {
        self.data.graph.move_count()
    }

    /// The index of a position (its label, or its Python object for an explored game).
    fn index(&self, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        self.data.index(position)
    }

    /// The position with index `i`: its label, or its Python object.
    fn position(&self, py: Python<'_>, i: i64) -> PyResult<PyObject> {
        Ok(self.data.name(py, self.data.check(i)?))
    }

    /// Every position, in index order.
    fn positions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let n = self.data.graph.position_count() as u32;
        PyList::new(py, (0..n).map(|p| self.data.name(py, p)))
    }

    /// The options of a position (where one move leads).
    fn options<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let p = self.data.index(position)?;
        PyList::new(
            py,
            self.data
                .graph
                .options(p)
                .iter()
                .map(|&q| self.data.name(py, q)),
        )
    }

    /// The graph in the text format.
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        let mut out = Vec::new();
        py.allow_threads(|| text::write(&self.data.graph, &mut out))
            .map_err(errors::input)?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// Who wins from every position, how fast, with which move.
    ///
    /// `misere`: a player who cannot move wins. `prefer`: player 1's ranking of the results,
    /// best first (`"draw,win,loss"`); `prefer_second`: player 2's (as `--prefer2`). With
    /// preferences, a graph without `player=` attributes is solved with each player to move
    /// at each position (labels `a@1`, `a@2`), as the command line does.
    ///
    /// >>> Graph.parse("a b\nb c\n").solve(misere=True).outcome("a")
    /// 'win'
    #[pyo3(signature = (*, misere = false, prefer = None, prefer_second = None))]
    fn solve(
        &self,
        py: Python<'_>,
        misere: bool,
        prefer: Option<&str>,
        prefer_second: Option<&str>,
    ) -> PyResult<Solution> {
        let preferences = preferences(prefer, prefer_second)?;
        let data = self.with_players_if(preferences.is_some());
        let options = SolveOptions {
            misere,
            preferences,
        };
        let solution = py
            .allow_threads(|| grundy::solve::solve(&data.graph, &options))
            .map_err(errors::input)?;
        Ok(Solution {
            data,
            solution,
            misere,
        })
    }

    /// The Sprague–Grundy value of every position (loopy values on a graph with cycles).
    ///
    /// >>> Graph.from_edges([(2, 1), (2, 0), (1, 0)]).values()[2]
    /// 2
    fn values(&self, py: Python<'_>) -> PyResult<Values> {
        let values = py
            .allow_threads(|| grundy_values(&self.data.graph))
            .map_err(errors::input)?;
        Ok(Values {
            data: self.data.clone(),
            values,
        })
    }

    /// Minimax of the `payoff=N` attributes where the game ends: player 1 maximises, player 2
    /// minimises. `infinite`: what endless play is worth, on a graph with cycles.
    #[pyo3(signature = (*, infinite = None))]
    fn payoffs(&self, py: Python<'_>, infinite: Option<i64>) -> PyResult<Payoffs> {
        let data = self.with_players_if(true);
        let solution = py
            .allow_threads(|| solve_payoffs(&data.graph, infinite))
            .map_err(errors::input)?;
        Ok(Payoffs { data, solution })
    }
}

impl Graph {
    /// The graph that tells the players apart, when asked: a text graph without `player=`
    /// attributes gets each position with each player to move, as the command line does.
    fn with_players_if(&self, players: bool) -> Arc<GraphData> {
        if players && !self.data.graph.has_players() && self.data.explored.is_none() {
            Arc::new(GraphData {
                graph: self.data.graph.clone().with_player_to_move(),
                explored: None,
            })
        } else {
            self.data.clone()
        }
    }
}

/// Moves from an iterable of pairs or from a NumPy array (read through its bytes, so that
/// NumPy is not needed to build or import the package).
fn read_edges(edges: &Bound<'_, PyAny>) -> PyResult<Vec<(u32, u32)>> {
    let bad = |what: String| errors::input(format!("edges: {what}"));
    let to_id = |v: i64| u32::try_from(v).ok().filter(|&v| v < u32::MAX - 1);
    if edges.hasattr("tobytes")? && edges.hasattr("ndim")? {
        let shape: Vec<usize> = edges.getattr("shape")?.extract()?;
        if shape.len() != 2 || shape[1] != 2 {
            return Err(bad(format!(
                "an array of shape (k, 2) is needed, not {shape:?}"
            )));
        }
        let bytes = edges
            .call_method1("astype", ("int64",))?
            .call_method0("tobytes")?;
        let bytes = bytes.downcast::<PyBytes>()?.as_bytes();
        let values: Vec<i64> = bytes
            .chunks_exact(8)
            .map(|c| i64::from_ne_bytes(c.try_into().expect("8 bytes")))
            .collect();
        return values
            .chunks_exact(2)
            .map(|m| match (to_id(m[0]), to_id(m[1])) {
                (Some(a), Some(b)) => Ok((a, b)),
                _ => Err(bad(format!(
                    "({}, {}) is not a pair of positions from 0",
                    m[0], m[1]
                ))),
            })
            .collect();
    }
    let mut moves = Vec::new();
    for pair in edges.try_iter()? {
        let pair = pair?;
        let (a, b) = pair
            .extract::<Vec<i64>>()
            .ok()
            .filter(|v| v.len() == 2)
            .map(|v| (v[0], v[1]))
            .ok_or_else(|| {
                bad(format!(
                    "{} is not a pair of integers",
                    pair.repr().map_or("?".into(), |r| r.to_string())
                ))
            })?;
        match (to_id(a), to_id(b)) {
            (Some(a), Some(b)) => moves.push((a, b)),
            _ => return Err(bad(format!("({a}, {b}) is not a pair of positions from 0"))),
        }
    }
    Ok(moves)
}

/// The outcome, remoteness and best move of every position of a graph.
///
/// `outcome(p)`, `remoteness(p)`, `best(p)` answer for one position; `outcomes()`,
/// `remotenesses()`, `best_moves()` return integer arrays by position index, NumPy `int64`
/// arrays when NumPy is installed, else `array.array('q')` (outcomes: 1 win, -1 loss, 0 draw;
/// -1 for no remoteness or no move).
#[pyclass(module = "grundy", frozen)]
pub struct Solution {
    data: Arc<GraphData>,
    solution: grundy::solve::Solution,
    misere: bool,
}

fn outcome_code(o: Outcome) -> i64 {
    match o {
        Outcome::Win => 1,
        Outcome::Loss => -1,
        Outcome::Draw => 0,
    }
}

#[pymethods]
impl Solution {
    /// `"win"`, `"loss"` or `"draw"`, for the player to move.
    fn outcome(&self, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(self.solution.outcome(self.data.index(position)?).as_str())
    }

    /// Moves to the end with best play (fastest win, slowest loss); `None` for a draw.
    fn remoteness(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        Ok(self.solution.remoteness(self.data.index(position)?))
    }

    /// A best move (fastest win, slowest loss, keeping a draw); `None` where the game ends.
    fn best(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Option<PyObject>> {
        let p = self.data.index(position)?;
        Ok(self.solution.best_move(p).map(|q| self.data.name(py, q)))
    }

    /// The principal line of play from a position: the positions best moves lead through.
    fn line<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let line = grundy::solve::principal_line(&self.solution, self.data.index(position)?);
        PyList::new(py, line.positions.iter().map(|&q| self.data.name(py, q)))
    }

    /// The number of wins, losses and draws.
    fn counts(&self) -> (usize, usize, usize) {
        self.solution.counts()
    }

    /// Every outcome, by position index: 1 win, -1 loss, 0 draw.
    fn outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.solution.len() as u32;
        int_array(py, (0..n).map(|p| outcome_code(self.solution.outcome(p))))
    }

    /// Every remoteness, by position index (-1 for a draw).
    fn remotenesses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.solution.len() as u32;
        int_array(py, (0..n).map(|p| optional(self.solution.remoteness(p))))
    }

    /// Every best move as a position index, by position index (-1 where the game ends).
    fn best_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.solution.len() as u32;
        int_array(py, (0..n).map(|p| optional(self.solution.best_move(p))))
    }

    /// The graph solved (with each player to move, when preferences asked for it).
    #[getter]
    fn graph(&self) -> Graph {
        Graph {
            data: self.data.clone(),
        }
    }

    fn __len__(&self) -> usize {
        self.solution.len()
    }

    fn __getitem__(&self, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        self.outcome(position)
    }

    fn __repr__(&self) -> String {
        let (win, loss, draw) = self.solution.counts();
        format!(
            "Solution({} positions ({} play): {win} win, {loss} loss, {draw} draw)",
            self.solution.len(),
            if self.misere { "misère" } else { "normal" }
        )
    }
}

/// The Sprague–Grundy value of every position. `values[p]` is an int, or for a loopy
/// position a string `inf(K)` (K the finite values among its options); `array()` gives every
/// value by position index as an integer array (NumPy's `int64`, else `array.array('q')`), -1
/// for infinite.
#[pyclass(module = "grundy", frozen)]
pub struct Values {
    data: Arc<GraphData>,
    values: GrundyValues,
}

#[pymethods]
impl Values {
    fn __getitem__(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let p = self.data.index(position)?;
        Ok(match self.values.finite(p) {
            Some(v) => v.into_pyobject(py)?.into_any().unbind(),
            None => PyString::new(py, &self.values.value(&self.data.graph, p).to_string())
                .into_any()
                .unbind(),
        })
    }

    fn __len__(&self) -> usize {
        self.values.len()
    }

    /// Whether the graph has cycles (the loopy algorithm ran).
    #[getter]
    fn loopy(&self) -> bool {
        self.values.is_loopy()
    }

    /// Every value by position index; -1 for infinite.
    fn array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.values.len() as u32;
        int_array(py, (0..n).map(|p| optional(self.values.finite(p))))
    }

    fn __repr__(&self) -> String {
        format!(
            "Values({} positions, largest finite value {})",
            self.values.len(),
            self.values
                .max_finite()
                .map_or("-".to_string(), |v| v.to_string())
        )
    }
}

/// The minimax payoff of every position: `value(p)`, `remoteness(p)`, `best(p)`, and
/// `array()` of every value by position index.
#[pyclass(module = "grundy", frozen)]
pub struct Payoffs {
    data: Arc<GraphData>,
    solution: PayoffSolution,
}

#[pymethods]
impl Payoffs {
    /// The payoff with best play (player 1 maximises).
    fn value(&self, position: &Bound<'_, PyAny>) -> PyResult<i64> {
        Ok(self.solution.value(self.data.index(position)?))
    }

    /// Moves to the end with best play; `None` for endless play.
    fn remoteness(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        Ok(self.solution.remoteness(self.data.index(position)?))
    }

    /// A best move; `None` where the game ends.
    fn best(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Option<PyObject>> {
        let p = self.data.index(position)?;
        Ok(self.solution.best_move(p).map(|q| self.data.name(py, q)))
    }

    /// Every payoff by position index.
    fn array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.solution.len() as u32;
        int_array(py, (0..n).map(|p| self.solution.value(p)))
    }

    /// The graph solved (each position with each player to move, if it had no players).
    #[getter]
    fn graph(&self) -> Graph {
        Graph {
            data: self.data.clone(),
        }
    }

    fn __len__(&self) -> usize {
        self.solution.len()
    }

    fn __repr__(&self) -> String {
        format!("Payoffs({} positions)", self.solution.len())
    }
}

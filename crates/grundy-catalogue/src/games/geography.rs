//! Undirected vertex geography: a token stands on a vertex of an undirected graph; a move takes
//! it along an edge to a vertex it has never visited (the start counts as visited); the player
//! who cannot move loses. On a grid of free ('.') and blocked ('#') cells the token moves to one
//! of the four neighbouring free cells («雅礼集训 2017 Day2» 棋盘游戏).
//!
//! **Theorem** (notes 000, 「雅礼集训 2017 Day2」棋盘游戏 and the general graph after it: "先手必胜
//! 当且仅当任意一个最大匹配包含起点 s"). The player to move wins from the start s iff every
//! maximum matching of the graph covers s; the notes prove it for every graph, not only
//! bipartite ones. If every maximum matching covers s, the player to move takes any maximum
//! matching M and always moves along M; were the opponent ever to reach a vertex M leaves
//! uncovered, the path played would turn M into a maximum matching missing s. If some maximum
//! matching M misses s, the opponent answers along M the same way (a first move to a vertex
//! M misses would enlarge M).
//!
//! **Algorithm.** A maximum matching M, then the vertices some maximum matching misses: those
//! joined to a vertex M leaves uncovered by an alternating path of even length (the notes:
//! after Dinic, "能否从自己这一侧的源/汇点到达它。在残量网络上 dfs 即可"). All start vertices
//! are decided at once:
//!
//! - bipartite graphs (grids are): Hopcroft–Karp, then one breadth-first search: O(E·√V);
//! - other graphs: Edmonds' blossom algorithm, then one search of the alternating forest with
//!   blossoms contracted (the even vertices are the set D of the Gallai–Edmonds
//!   decomposition): O(V³). See [`grundy::graph::matching`].
//!
//! **Winning moves.** From a win at s, the move to s's mate t in M wins: M without the edge st
//! is a maximum matching of the graph without s, and it misses t. The winning moves are
//! exactly the neighbours t of s that some maximum matching of the graph without s misses
//! (the position after the move is geography on that graph from t);
//! [`GeographySolution::winning_moves`] finds them all with one more search, O(V + E) on a
//! bipartite graph and O(V² + E) otherwise.
//!
//! **Values.** Only the outcome follows from the theorem; the answers give no Sprague–Grundy
//! value.
//!
//! Grid cells are numbered from 1, like the lines and columns of the file: (1, 1) is the top
//! left cell.

use std::fmt;

use serde::Serialize;

use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use grundy::graph::matching::{edmonds, hopcroft_karp, missed_vertices, Matching};
use grundy::graph::Labels;
pub use grundy::graph::UndirectedGraph;
use grundy::input::InputError;
use grundy::outcome::Outcome;
use grundy::report::{Cell, Column, Field, Layout, Listing, Report};
use grundy::rules::Impartial;

/// The most winning moves an answer lists; `winning_move_count` gives the number beyond.
pub const LISTED_MOVES: usize = 1000;

/// The rules, for the generic solvers: a position is the token's vertex and the set of visited
/// vertices; the options move the token to an unvisited neighbour. There are up to V·2^(V−1)
/// positions, so this is meant for small graphs.
#[derive(Debug, Clone, Copy)]
pub struct Geography<'a> {
    graph: &'a UndirectedGraph,
}

impl<'a> Geography<'a> {
    /// Geography on `graph`.
    pub fn new(graph: &'a UndirectedGraph) -> Geography<'a> {
        Geography { graph }
    }

    /// The start position: the token on `v`, only `v` visited.
    pub fn start(&self, v: u32) -> GeographyPosition {
        let mut visited = vec![0u64; self.graph.vertex_count().div_ceil(64)];
        visited[v as usize / 64] |= 1 << (v % 64);
        GeographyPosition { token: v, visited }
    }
}

/// A position of geography: where the token is and which vertices were visited (a bit set,
/// bit `v % 64` of word `v / 64`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GeographyPosition {
    /// The vertex the token stands on.
    pub token: u32,
    /// The visited vertices, the token's included.
    pub visited: Vec<u64>,
}

impl GeographyPosition {
    /// Whether `v` was visited.
    pub fn is_visited(&self, v: u32) -> bool {
        self.visited[v as usize / 64] >> (v % 64) & 1 == 1
    }
}

impl Impartial for Geography<'_> {
    type Position = GeographyPosition;

    fn options(&self, p: &GeographyPosition, out: &mut grundy::rules::Moves<GeographyPosition>) {
        for &w in self.graph.neighbours(p.token) {
            if !p.is_visited(w) {
                let mut next = p.clone();
                next.token = w;
                next.visited[w as usize / 64] |= 1 << (w % 64);
                out.push(next);
            }
        }
    }
}

/// How the maximum matching was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchingMethod {
    /// Hopcroft–Karp, for bipartite graphs: O(E·√V).
    HopcroftKarp,
    /// Edmonds' blossom algorithm, for any graph: O(V³).
    Blossom,
}

impl fmt::Display for MatchingMethod {
    /// `Hopcroft-Karp` or `Edmonds' blossom algorithm`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatchingMethod::HopcroftKarp => "Hopcroft-Karp",
            MatchingMethod::Blossom => "Edmonds' blossom algorithm",
        })
    }
}

/// Every start vertex decided: a maximum matching and the vertices some maximum matching
/// misses (the losses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeographySolution {
    matching: Matching,
    missed: Vec<bool>,
    method: MatchingMethod,
}

/// Decides every start vertex: Hopcroft–Karp when the graph is bipartite, O(E·√V), and the
/// blossom algorithm otherwise, O(V³).
///
/// ```
/// use grundy_catalogue::games::geography::{solve, UndirectedGraph};
/// use grundy::Outcome;
/// // A path a - b - c: from the middle the token goes to an end and the opponent is stuck;
/// // from an end, the opponent answers by moving on to the other end.
/// let path = UndirectedGraph::from_edges(3, [(0, 1), (1, 2)]);
/// let solution = solve(&path);
/// assert_eq!(solution.outcome(1), Outcome::Win);
/// assert_eq!(solution.outcome(0), Outcome::Loss);
/// ```
pub fn solve(graph: &UndirectedGraph) -> GeographySolution {
    match graph.two_colouring() {
        Some(side) => solve_bipartite(graph, &side),
        None => solve_with_blossoms(graph),
    }
}

/// Decides every start vertex with the given method, or `None` for Hopcroft–Karp on a graph
/// that is not bipartite. (The blossom algorithm works on every graph; forcing it on a
/// bipartite one is for comparisons.)
pub fn solve_with(graph: &UndirectedGraph, method: MatchingMethod) -> Option<GeographySolution> {
    match method {
        MatchingMethod::HopcroftKarp => graph
            .two_colouring()
            .map(|side| solve_bipartite(graph, &side)),
        MatchingMethod::Blossom => Some(solve_with_blossoms(graph)),
    }
}

fn solve_bipartite(graph: &UndirectedGraph, side: &[bool]) -> GeographySolution {
    let matching = hopcroft_karp(graph, side);
    let missed = missed_vertices(graph, &matching, None, true);
    GeographySolution {
        matching,
        missed,
        method: MatchingMethod::HopcroftKarp,
    }
}

fn solve_with_blossoms(graph: &UndirectedGraph) -> GeographySolution {
    let matching = edmonds(graph);
    let missed = missed_vertices(graph, &matching, None, false);
    GeographySolution {
        matching,
        missed,
        method: MatchingMethod::Blossom,
    }
}

impl GeographySolution {
    /// The outcome for the player to move with the token on `start` (only `start` visited):
    /// a win iff every maximum matching covers `start`. O(1).
    pub fn outcome(&self, start: u32) -> Outcome {
        if self.missed[start as usize] {
            Outcome::Loss
        } else {
            Outcome::Win
        }
    }

    /// A winning first move from `start` (its mate in the maximum matching), or `None` from a
    /// loss. O(1).
    pub fn winning_move(&self, start: u32) -> Option<u32> {
        if self.missed[start as usize] {
            None
        } else {
            self.matching.mate(start)
        }
    }

    /// The maximum matching found.
    pub fn matching(&self) -> &Matching {
        &self.matching
    }

    /// The algorithm that found it.
    pub fn method(&self) -> MatchingMethod {
        self.method
    }

    /// The numbers of start vertices that win and that lose.
    pub fn counts(&self) -> (usize, usize) {
        let losses = self.missed.iter().filter(|&&m| m).count();
        (self.missed.len() - losses, losses)
    }

    /// Every winning first move from `start`, in increasing order: the neighbours that some
    /// maximum matching of the graph without `start` misses. Empty from a loss. One search:
    /// O(V + E) on a bipartite graph, O(V² + E) otherwise.
    ///
    /// # Panics
    ///
    /// If `graph` is not the graph this solution is for.
    pub fn winning_moves(&self, graph: &UndirectedGraph, start: u32) -> Vec<u32> {
        assert_eq!(graph.vertex_count(), self.missed.len(), "the solved graph");
        if self.missed[start as usize] {
            return Vec::new();
        }
        let rest = self.matching.without_vertex(start);
        let bipartite = self.method == MatchingMethod::HopcroftKarp;
        let missed = missed_vertices(graph, &rest, Some(start), bipartite);
        graph
            .neighbours(start)
            .iter()
            .copied()
            .filter(|&t| missed[t as usize])
            .collect()
    }

    /// The catalogue answer for the token on `start`: the outcome, no value, and every winning
    /// move (up to [`LISTED_MOVES`], with the count beyond). Cost of
    /// [`winning_moves`](Self::winning_moves).
    pub fn answer(&self, graph: &UndirectedGraph, start: u32) -> Answer<GeographyMove> {
        let moves = self.winning_moves(graph, start);
        let count = moves.len();
        let listed = moves
            .into_iter()
            .take(LISTED_MOVES)
            .map(|to| GeographyMove {
                to: graph.label(to),
            })
            .collect();
        let mut answer = Answer::from_moves(None, listed);
        if count > LISTED_MOVES {
            answer.winning_move_count = Some(count as u128);
        }
        answer
    }
}

/// A move of geography: the vertex the token goes to, by its label (serialized as
/// `{"to": "b"}`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct GeographyMove {
    /// The label of the vertex the token moves to.
    pub to: String,
}

impl fmt::Display for GeographyMove {
    /// `to b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "to {}", self.to)
    }
}

/// The catalogue answer for the token on `start` of `graph`: the outcome for the player to
/// move, no value, and every winning move. O(E·√V) on a bipartite graph, O(V³) otherwise.
///
/// ```
/// use grundy_catalogue::games::geography::{answer, UndirectedGraph};
/// use grundy::Outcome;
/// // A triangle with a tail: 0 - 1 - 2 - 0, and 2 - 3.
/// let graph = UndirectedGraph::from_edges(4, [(0, 1), (1, 2), (2, 0), (2, 3)]);
/// let ans = answer(&graph, 2);
/// assert_eq!(ans.outcome, Outcome::Win);
/// // The only maximum matching is {01, 23}: every vertex wins. From 2, going to 0 or 1 lets
/// // the opponent finish the triangle; going to 3 leaves them stuck.
/// assert_eq!(ans.winning_moves.iter().map(|m| m.to.as_str()).collect::<Vec<_>>(), ["3"]);
/// assert_eq!(answer(&graph, 3).outcome, Outcome::Win);
/// ```
pub fn answer(graph: &UndirectedGraph, start: u32) -> Answer<GeographyMove> {
    solve(graph).answer(graph, start)
}

/// Why a grid could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct GridError {
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based column (character) of the line.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

/// A rectangular board of free and blocked cells; the token moves between free cells that
/// share a side. Cells are numbered from 1: (row, column), (1, 1) at the top left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    columns: usize,
    /// The vertex of each cell in row-major order (`u32::MAX` for blocked cells).
    vertex: Vec<u32>,
    /// The cell of each vertex, 0-based, in row-major order.
    cells: Vec<(u32, u32)>,
}

impl Grid {
    /// Reads a grid: one line per row, `.` for a free cell and `#` for a blocked one, every
    /// line as long as the first; blank lines at the end are ignored, `\r\n` line ends
    /// accepted. O(size).
    ///
    /// ```
    /// use grundy_catalogue::games::geography::Grid;
    /// let grid = Grid::parse("..#\n...\n").unwrap();
    /// assert_eq!((grid.rows(), grid.columns(), grid.free_count()), (2, 3, 5));
    /// assert_eq!(Grid::parse("..\n.x\n").unwrap_err().to_string(),
    ///            "2:2: unexpected character 'x': expected '.' (a free cell) or '#' (a blocked cell)");
    /// ```
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        let mut lines: Vec<&str> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        let Some(first) = lines.first() else {
            return Err(GridError {
                line: 1,
                column: 1,
                message: "empty grid: expected rows of '.' (a free cell) and '#' (a blocked cell)"
                    .into(),
            });
        };
        let columns = first.chars().count();
        // Not `lines.len() * columns`: a long first line and many short ones would reserve
        // quadratically in the text's length. A cell is at least one byte of the text.
        let mut free = Vec::with_capacity(text.len());
        for (i, line) in lines.iter().enumerate() {
            let mut width = 0;
            for (j, c) in line.chars().enumerate() {
                width = j + 1;
                match c {
                    '.' => free.push(true),
                    '#' => free.push(false),
                    other => {
                        return Err(GridError {
                            line: i + 1,
                            column: j + 1,
                            message: format!(
                                "unexpected character {other:?}: expected '.' (a free cell) or \
                                 '#' (a blocked cell)"
                            ),
                        })
                    }
                }
            }
            if width != columns {
                return Err(GridError {
                    line: i + 1,
                    column: width.min(columns) + 1,
                    message: format!(
                        "row {} has {width} cells, the first row has {columns}: a grid is a \
                         rectangle",
                        i + 1
                    ),
                });
            }
        }
        Ok(Grid::from_cells(lines.len(), columns, &free))
    }

    /// The grid with `rows` rows and `columns` columns whose free cells are `free` (row-major).
    ///
    /// # Panics
    ///
    /// If `free` does not have `rows · columns` entries, or there are 2^32 − 1 free cells or
    /// more.
    pub fn from_cells(rows: usize, columns: usize, free: &[bool]) -> Grid {
        assert_eq!(free.len(), rows * columns, "one entry per cell");
        let mut vertex = vec![u32::MAX; free.len()];
        let mut cells = Vec::new();
        for (i, &f) in free.iter().enumerate() {
            if f {
                vertex[i] = u32::try_from(cells.len())
                    .ok()
                    .filter(|&v| v != u32::MAX)
                    .expect("fewer than 2^32 - 1 free cells");
                cells.push(((i / columns) as u32, (i % columns) as u32));
            }
        }
        Grid {
            rows,
            columns,
            vertex,
            cells,
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The number of free cells.
    pub fn free_count(&self) -> usize {
        self.cells.len()
    }

    /// The vertex of the free cell (row, column), 1-based; `None` outside the grid or on a
    /// blocked cell.
    pub fn vertex(&self, row: usize, column: usize) -> Option<u32> {
        if row == 0 || column == 0 || row > self.rows || column > self.columns {
            return None;
        }
        let v = self.vertex[(row - 1) * self.columns + column - 1];
        (v != u32::MAX).then_some(v)
    }

    /// The cell (row, column), 1-based, of a vertex.
    pub fn cell(&self, v: u32) -> (usize, usize) {
        let (r, c) = self.cells[v as usize];
        (r as usize + 1, c as usize + 1)
    }

    /// The graph of the free cells (vertices in row-major order, labelled `row,column`), edges
    /// between free cells that share a side. It is bipartite (colour by row + column). O(size).
    pub fn graph(&self) -> UndirectedGraph {
        let mut edges = Vec::new();
        for (v, &(r, c)) in self.cells.iter().enumerate() {
            let (r, c) = (r as usize, c as usize);
            if c + 1 < self.columns {
                let w = self.vertex[r * self.columns + c + 1];
                if w != u32::MAX {
                    edges.push((v as u32, w));
                }
            }
            if r + 1 < self.rows {
                let w = self.vertex[(r + 1) * self.columns + c];
                if w != u32::MAX {
                    edges.push((v as u32, w));
                }
            }
        }
        let labels = (0..self.cells.len() as u32)
            .map(|v| {
                let (r, c) = self.cell(v);
                format!("{r},{c}").into_boxed_str()
            })
            .collect();
        UndirectedGraph::from_edges(self.cells.len() as u32, edges)
            .with_labels(Labels::Names(labels))
    }

    /// The move from free cell `from` to the neighbouring free cell `to` (vertices of
    /// [`graph`](Self::graph)).
    ///
    /// # Panics
    ///
    /// If the cells do not share a side.
    pub fn grid_move(&self, from: u32, to: u32) -> GridMove {
        let (r, c) = self.cell(from);
        let (row, column) = self.cell(to);
        let direction = match (row as isize - r as isize, column as isize - c as isize) {
            (-1, 0) => Direction::Up,
            (1, 0) => Direction::Down,
            (0, -1) => Direction::Left,
            (0, 1) => Direction::Right,
            _ => panic!("cells ({r}, {c}) and ({row}, {column}) do not share a side"),
        };
        GridMove {
            to: (row, column),
            direction,
        }
    }

    /// The catalogue answer for the token on the free cell (row, column), 1-based: the outcome,
    /// no value, and every winning move; `None` if the cell is outside the grid or blocked.
    /// O(size^1.5).
    ///
    /// ```
    /// use grundy_catalogue::games::geography::{Direction, Grid};
    /// use grundy::Outcome;
    /// // A 1 x 3 corridor: from the middle both ends win; from an end the token is trapped.
    /// let grid = Grid::parse("...\n").unwrap();
    /// let middle = grid.answer(1, 2).unwrap();
    /// assert_eq!(middle.outcome, Outcome::Win);
    /// assert_eq!(middle.winning_moves[0].direction, Direction::Left);
    /// assert_eq!(middle.winning_moves[1].to_string(), "right to (1, 3)");
    /// assert_eq!(grid.answer(1, 1).unwrap().outcome, Outcome::Loss);
    /// assert!(grid.answer(2, 1).is_none());
    /// ```
    pub fn answer(&self, row: usize, column: usize) -> Option<Answer<GridMove>> {
        let start = self.vertex(row, column)?;
        let graph = self.graph();
        let solution = solve(&graph);
        let moves = solution.winning_moves(&graph, start);
        Some(Answer::from_moves(
            None,
            moves.iter().map(|&to| self.grid_move(start, to)).collect(),
        ))
    }
}

/// The four directions of a move on a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// To the row above.
    Up,
    /// To the row below.
    Down,
    /// To the column on the left.
    Left,
    /// To the column on the right.
    Right,
}

impl Direction {
    /// `^`, `v`, `<` or `>`.
    pub fn arrow(self) -> char {
        match self {
            Direction::Up => '^',
            Direction::Down => 'v',
            Direction::Left => '<',
            Direction::Right => '>',
        }
    }
}

impl fmt::Display for Direction {
    /// `up`, `down`, `left` or `right`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        })
    }
}

/// A move on a grid: the cell the token goes to, 1-based, and its direction (serialized as
/// `{"to": [2, 3], "direction": "down"}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct GridMove {
    /// The cell (row, column) the token moves to.
    pub to: (usize, usize),
    /// The direction of the move.
    pub direction: Direction,
}

impl fmt::Display for GridMove {
    /// `down to (2, 3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to ({}, {})", self.direction, self.to.0, self.to.1)
    }
}

/// `grundy geography FILE` and `grundy geography --grid FILE`: undirected vertex geography,
/// decided for every start at once by maximum matching.
///
/// Without `--start`, every start is listed: its outcome and a winning first move (along the
/// maximum matching). For a graph, a table `vertex outcome move`; for a grid, a map of `W`
/// (win), `L` (loss) and `#` (blocked), and a map of arrows (`^ v < >`) for the moves. JSON:
/// `{"vertices": .., "edges": .., "matching_size": .., "method": .., "wins": .., "losses": ..,
/// "positions": [{"vertex": "a", "outcome": "win", "move": "b"}, ...]}`, and for a grid
/// `{"rows": .., "columns": .., "free_cells": .., ..., "outcomes": ["WL#", ...], "cells":
/// [{"cell": [1, 1], "outcome": "win", "move": {"to": [1, 2], "direction": "right"}}, ...]}`.
/// With `--start`, the common answer for that start (every winning move), with
/// `matching_size`, `method` and `matched_move` after it.
pub struct GeographyFamily;

impl Family for GeographyFamily {
    fn name(&self) -> &'static str {
        "geography"
    }

    fn group(&self) -> Group {
        Group::Graphs
    }

    fn about(&self) -> &'static str {
        "Undirected vertex geography on a graph or a grid: every start by maximum matching"
    }

    fn example(&self) -> Example {
        &[("grid", "board.txt"), ("start", "1,1")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            super::edges_param!("The graph")
                .optional()
                .or(&["grid"])
                .excludes(&["grid"]),
            Param::option(
                "grid",
                "FILE",
                "Read a grid instead: rows of `.` (a free cell) and `#` (a blocked cell); the \
                 token moves to a free cell that shares a side (`-`: standard input)",
            ),
            Param::option(
                "start",
                "START",
                "Answer for one start, with every winning move: a vertex, or `ROW,COLUMN` on a \
                 grid (counted from 1, at the top left)",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    // The declarations allow one of a graph and a grid.
    match inputs.value("grid") {
        Some(path) => run_grid(inputs, path),
        None => run_graph(inputs, inputs.value("file").unwrap_or("-")),
    }
}

/// The fields of the maximum matching, for an answer at one start: its size and method, and
/// the move along it (`text` in text, `json` in JSON), if the start is covered.
fn matching_fields(
    size: usize,
    method: MatchingMethod,
    matched: Option<(String, impl Serialize)>,
) -> Vec<Field> {
    let mut fields = vec![
        Field::json_only("matching_size", size),
        Field::json_only("method", method),
        Field::text_only("maximum matching", format!("{size} edges ({method})")),
    ];
    let json = matched.map(|(text, json)| {
        fields.push(Field::text_only("move along the matching", text));
        json
    });
    fields.push(Field::json_only("matched_move", json));
    fields
}

fn run_graph(inputs: &Inputs, path: &str) -> Result<Report, RunError> {
    let (graph, origin) = inputs.plain_graph(path)?;
    let graph = UndirectedGraph::from_game_graph(&graph);
    let solution = solve(&graph);
    let size = solution.matching().size();
    let method = solution.method();
    if let Some(start) = inputs.value("start") {
        let v = graph.index_of(start).ok_or_else(|| {
            InputError::invalid(
                format!("{} {start}", inputs.shown("start")),
                format!("no such vertex in {origin}"),
            )
        })?;
        let matched = solution
            .winning_move(v)
            .map(|t| (format!("to {}", graph.label(t)), graph.label(t)));
        let fields = matching_fields(size, method, matched);
        return Ok(Report::answer(&solution.answer(&graph, v)).fields(fields));
    }
    let n = graph.vertex_count() as u32;
    let (wins, losses) = solution.counts();
    let labels: Vec<String> = (0..n).map(|v| graph.label(v)).collect();
    let rows: Vec<(Outcome, Option<u32>)> = (0..n)
        .map(|v| (solution.outcome(v), solution.winning_move(v)))
        .collect();
    let listing = Listing::new(
        "positions",
        vec![
            Column::left("vertex", "vertex"),
            Column::left("outcome", "outcome"),
            Column::left("move", "move"),
        ],
        labels.len(),
        move |i| {
            let (outcome, to) = rows[i];
            vec![
                Cell::Text(labels[i].clone()),
                Cell::Text(outcome.to_string()),
                to.map_or(Cell::Missing, |t| Cell::Text(labels[t as usize].clone())),
            ]
        },
    );
    Ok(Report::new()
        .fields([
            Field::headline(format!(
                "{n} vertices, {} edges, maximum matching {size} ({method}): {wins} win, \
                 {losses} loss",
                graph.edge_count()
            )),
            Field::json_only("vertices", n),
            Field::json_only("edges", graph.edge_count()),
            Field::json_only("matching_size", size),
            Field::json_only("method", method),
            Field::json_only("wins", wins),
            Field::json_only("losses", losses),
        ])
        .listing(listing))
}

/// Reads `ROW,COLUMN`, each from 1; `place` names the parameter in errors.
fn parse_cell(place: &str, text: &str) -> Result<(usize, usize), InputError> {
    let bad = || InputError::Malformed {
        place: place.to_string(),
        text: text.to_string(),
        noun: "a cell".to_string(),
        expected: "ROW,COLUMN, whole numbers from 1 (the top left cell is 1,1)".to_string(),
    };
    let (r, c) = text.split_once(',').ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r, c))
}

/// One free cell in the JSON listing of a grid.
#[derive(Serialize)]
struct CellEntry {
    cell: (usize, usize),
    outcome: Outcome,
    #[serde(rename = "move")]
    to: Option<GridMove>,
}

fn run_grid(inputs: &Inputs, path: &str) -> Result<Report, RunError> {
    let source = inputs.read(path)?;
    let grid = Grid::parse(&source.text).map_err(|e| format!("{}:{e}", source.origin))?;
    let graph = grid.graph();
    let solution = solve(&graph);
    let size = solution.matching().size();
    let method = solution.method();
    if let Some(start) = inputs.value("start") {
        let place = format!("{} {start}", inputs.shown("start"));
        let (row, column) = parse_cell(&inputs.shown("start"), start)?;
        if row > grid.rows() || column > grid.columns() {
            return Err(InputError::invalid(
                place,
                format!(
                    "the cell is outside the {} x {} grid",
                    grid.rows(),
                    grid.columns()
                ),
            )
            .into());
        }
        let v = grid
            .vertex(row, column)
            .ok_or_else(|| InputError::invalid(place, "the cell is blocked"))?;
        let matched = solution.winning_move(v).map(|t| {
            let m = grid.grid_move(v, t);
            (m.to_string(), m)
        });
        let answer = Answer::from_moves(
            None,
            solution
                .winning_moves(&graph, v)
                .into_iter()
                .map(|t| grid.grid_move(v, t))
                .collect(),
        );
        return Ok(Report::answer(&answer).fields(matching_fields(size, method, matched)));
    }
    let (wins, losses) = solution.counts();
    let mut outcomes = Vec::with_capacity(grid.rows());
    let mut arrows = Vec::with_capacity(grid.rows());
    for row in 1..=grid.rows() {
        let (mut o, mut a) = (String::new(), String::new());
        for column in 1..=grid.columns() {
            match grid.vertex(row, column) {
                None => {
                    o.push('#');
                    a.push('#');
                }
                Some(v) => match solution.winning_move(v) {
                    Some(t) => {
                        o.push('W');
                        a.push(grid.grid_move(v, t).direction.arrow());
                    }
                    None => {
                        o.push('L');
                        a.push('.');
                    }
                },
            }
        }
        outcomes.push(o);
        arrows.push(a);
    }
    let cells: Vec<CellEntry> = (0..graph.vertex_count() as u32)
        .map(|v| CellEntry {
            cell: grid.cell(v),
            outcome: solution.outcome(v),
            to: solution.winning_move(v).map(|t| grid.grid_move(v, t)),
        })
        .collect();
    Ok(Report::new().fields([
        Field::headline(format!(
            "{} x {} grid, {} free cells, maximum matching {size} ({method}): {wins} win, \
             {losses} loss",
            grid.rows(),
            grid.columns(),
            grid.free_count()
        )),
        Field::json_only("rows", grid.rows()),
        Field::json_only("columns", grid.columns()),
        Field::json_only("free_cells", grid.free_count()),
        Field::json_only("matching_size", size),
        Field::json_only("method", method),
        Field::json_only("wins", wins),
        Field::json_only("losses", losses),
        Field::shown(
            "outcomes",
            &outcomes,
            "outcome of each start (W: win, L: loss, #: blocked)",
            outcomes.join("\n"),
        )
        .laid_out(Layout::Block),
        Field::text_only(
            "a winning first move (^ v < >; . from a loss)",
            arrows.join("\n"),
        )
        .laid_out(Layout::Block),
        Field::json_only("cells", cells),
    ]))
}

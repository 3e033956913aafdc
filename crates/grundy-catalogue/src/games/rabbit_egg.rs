//! \[NOI2011\] 兔兔与蛋蛋游戏 (the rabbit-and-egg game): an n × m board holds black pieces
//! (`X`), white pieces (`O`) and one empty cell (`.`). The rabbit (兔兔) moves first: a move
//! slides a piece of the mover's colour that shares a side with the empty cell into it — the
//! rabbit moves white pieces, the egg (蛋蛋) black ones. The player who cannot move loses.
//! Given a game record, a move is a *mistake* when its player could force a win before it and
//! the opponent can after it; the contest asks for the rabbit's mistakes.
//!
//! **Reduction to geography** (notes 000, \[NOI2011\] 兔兔与蛋蛋游戏: "空格不会回到原先的位置。
//! ... 所以还是之前的问题"). Colour the cells by the parity of their distance to the empty
//! cell's start e. The rabbit moves the empty cell onto an odd cell holding a white piece, the
//! egg onto an even cell holding a black one. A cell the empty cell has left holds the piece
//! that came from a neighbour — white on even cells, black on odd ones — so the empty cell
//! never returns to it (the notes: it would have to come back on the turn of the player who did
//! not move first into it, with the other colour in it). So the game is geography
//! ([`geography`]) on the graph of e, the white odd cells and the black
//! even cells, with edges between cells that share a side; the player to move wins iff every
//! maximum matching of the cells not yet visited covers the empty cell.
//!
//! **Algorithm** (the contest's): a maximum matching of the bipartite cell graph by
//! Hopcroft–Karp, then along the record: the empty cell q wins iff it is matched and its mate
//! finds no augmenting path with q removed (one search; when it does, the new matching misses
//! q and stays maximum). When the empty cell moves on, q is removed with its matching edge:
//! the matching stays maximum either way (if every maximum matching covers q, removing q lowers
//! the matching number by one), so no search is needed there. O(V + E) per move:
//! O(E·√V + k·(V + E)) in all for k moves on V ≤ nm cells. The winning moves at the end of the record come from
//! [`geography`]: O(E·√V).
//!
//! The notes swap the colours ("先手黑色后手白色"); the contest, whose input format this module
//! reads, has the first player (the rabbit) move the white pieces.

use std::fmt;

use serde::Serialize;

use super::{Example, Family, Group, Inputs, Param, RunError};
use crate::games::geography;
use crate::games::Answer;
use grundy::graph::matching::hopcroft_karp;
use grundy::graph::UndirectedGraph;
use grundy::outcome::{Outcome, Player};
use grundy::report::{Field, Layout, Report};
use grundy::rules::Game;

/// What a cell of the board holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cell {
    /// The empty cell, `.`.
    Empty,
    /// A white piece, `O`: the rabbit's.
    White,
    /// A black piece, `X`: the egg's.
    Black,
}

/// The two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// 兔兔, who moves first, with the white pieces.
    Rabbit,
    /// 蛋蛋, who moves second, with the black pieces.
    Egg,
}

impl Side {
    /// The colour this player moves.
    pub fn colour(self) -> Cell {
        match self {
            Side::Rabbit => Cell::White,
            Side::Egg => Cell::Black,
        }
    }

    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Rabbit => Side::Egg,
            Side::Egg => Side::Rabbit,
        }
    }
}

impl fmt::Display for Side {
    /// `rabbit` or `egg`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Rabbit => "rabbit",
            Side::Egg => "egg",
        })
    }
}

/// Why a board, a move or a record is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct RecordError {
    /// 1-based line of the text (0 for a board or move given in code).
    pub line: usize,
    /// 1-based column of the line (0 for a board or move given in code).
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl RecordError {
    fn new(message: String) -> RecordError {
        RecordError {
            line: 0,
            column: 0,
            message,
        }
    }
}

/// A board: its cells in row-major order and where the empty cell is. Cells are numbered from
/// 1, as in the contest: (row, column), (1, 1) at the top left.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    columns: usize,
    cells: Vec<Cell>,
    empty: usize,
}

/// The four neighbours of cell index `i` on a `rows` × `columns` board.
fn neighbours(rows: usize, columns: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / columns, i % columns);
    [
        (r > 0).then(|| i - columns),
        (r + 1 < rows).then(|| i + columns),
        (c > 0).then(|| i - 1),
        (c + 1 < columns).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

impl Board {
    /// A board from its rows of `X` (black), `O` (white) and `.` (the empty cell, exactly one).
    ///
    /// ```
    /// use grundy_catalogue::games::rabbit_egg::{Board, Cell};
    /// let board = Board::from_rows(&["XO.", "OXO"]).unwrap();
    /// assert_eq!((board.rows(), board.columns(), board.empty()), (2, 3, (1, 3)));
    /// assert_eq!(board.cell(2, 1), Some(Cell::White));
    /// assert!(Board::from_rows(&["XO", "OX"]).is_err());
    /// ```
    pub fn from_rows(rows: &[&str]) -> Result<Board, RecordError> {
        let columns = rows.first().map_or(0, |r| r.chars().count());
        if columns == 0 {
            return Err(RecordError::new("the board has no cell".into()));
        }
        let mut cells = Vec::with_capacity(rows.len() * columns);
        for (i, row) in rows.iter().enumerate() {
            if row.chars().count() != columns {
                return Err(RecordError::new(format!(
                    "row {} has {} cells, the first row has {columns}",
                    i + 1,
                    row.chars().count()
                )));
            }
            for (j, c) in row.chars().enumerate() {
                cells.push(match c {
                    '.' => Cell::Empty,
                    'O' => Cell::White,
                    'X' => Cell::Black,
                    other => {
                        return Err(RecordError::new(format!(
                            "row {}, column {}: unexpected {other:?}: expected 'X' (a black \
                             piece), 'O' (a white piece) or '.' (the empty cell)",
                            i + 1,
                            j + 1
                        )))
                    }
                });
            }
        }
        let mut empties = (0..cells.len()).filter(|&i| cells[i] == Cell::Empty);
        let empty = empties.next().ok_or_else(|| {
            RecordError::new("the board has no empty cell '.': it needs exactly one".into())
        })?;
        if let Some(second) = empties.next() {
            return Err(RecordError::new(format!(
                "the board has a second empty cell at ({}, {}): it needs exactly one",
                second / columns + 1,
                second % columns + 1
            )));
        }
        Ok(Board {
            rows: rows.len(),
            columns,
            cells,
            empty,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// What the cell (row, column) holds, 1-based; `None` outside the board.
    pub fn cell(&self, row: usize, column: usize) -> Option<Cell> {
        self.index(row, column).map(|i| self.cells[i])
    }

    /// The empty cell (row, column), 1-based.
    pub fn empty(&self) -> (usize, usize) {
        self.position(self.empty)
    }

    fn index(&self, row: usize, column: usize) -> Option<usize> {
        (row >= 1 && column >= 1 && row <= self.rows && column <= self.columns)
            .then(|| (row - 1) * self.columns + column - 1)
    }

    fn position(&self, i: usize) -> (usize, usize) {
        (i / self.columns + 1, i % self.columns + 1)
    }

    /// The cells whose piece `side` may move into the empty cell, in the order up, down, left,
    /// right.
    pub fn legal_moves(&self, side: Side) -> Vec<(usize, usize)> {
        neighbours(self.rows, self.columns, self.empty)
            .filter(|&i| self.cells[i] == side.colour())
            .map(|i| self.position(i))
            .collect()
    }

    /// Plays `side`'s move M(row, column): the piece there slides into the empty cell.
    pub fn play(&mut self, side: Side, row: usize, column: usize) -> Result<(), RecordError> {
        let (er, ec) = self.empty();
        let i = self.index(row, column).ok_or_else(|| {
            RecordError::new(format!(
                "M({row}, {column}) is outside the {} x {} board",
                self.rows, self.columns
            ))
        })?;
        if row.abs_diff(er) + column.abs_diff(ec) != 1 {
            return Err(RecordError::new(format!(
                "M({row}, {column}): the cell does not share a side with the empty cell ({er}, {ec})"
            )));
        }
        if self.cells[i] != side.colour() {
            let (own, mark) = match side {
                Side::Rabbit => ("white", 'O'),
                Side::Egg => ("black", 'X'),
            };
            return Err(RecordError::new(format!(
                "M({row}, {column}): the {side} moves {own} pieces ('{mark}'), and the cell holds {}",
                match self.cells[i] {
                    Cell::White => "a white piece",
                    Cell::Black => "a black piece",
                    Cell::Empty => "nothing",
                }
            )));
        }
        self.cells[self.empty] = self.cells[i];
        self.cells[i] = Cell::Empty;
        self.empty = i;
        Ok(())
    }

    /// The geography graph of the position with `side` to move: the empty cell, the cells of
    /// `side`'s colour at odd distance from it and of the other colour at even distance (the
    /// only cells the empty cell can still reach), with edges between cells that share a
    /// side. Returns the graph (vertices labelled `row,column`), the cell index of each vertex
    /// and the empty cell's vertex. O(nm).
    fn geography(&self, side: Side) -> (UndirectedGraph, Vec<usize>, u32) {
        let (er, ec) = (self.empty / self.columns, self.empty % self.columns);
        let mut vertex = vec![u32::MAX; self.cells.len()];
        let mut cells = Vec::new();
        for (i, &cell) in self.cells.iter().enumerate() {
            let odd = (i / self.columns + i % self.columns + er + ec) % 2 == 1;
            let wanted = if odd {
                side.colour()
            } else {
                side.other().colour()
            };
            if i == self.empty || cell == wanted {
                vertex[i] = cells.len() as u32;
                cells.push(i);
            }
        }
        let mut edges = Vec::new();
        for (v, &i) in cells.iter().enumerate() {
            for j in neighbours(self.rows, self.columns, i) {
                if vertex[j] != u32::MAX && j > i {
                    edges.push((v as u32, vertex[j]));
                }
            }
        }
        let labels = cells
            .iter()
            .map(|&i| {
                let (r, c) = self.position(i);
                format!("{r},{c}").into_boxed_str()
            })
            .collect();
        let graph = UndirectedGraph::from_edges(cells.len() as u32, edges)
            .with_labels(grundy::graph::Labels::Names(labels));
        let start = vertex[self.empty];
        (graph, cells, start)
    }

    /// The catalogue answer with `side` to move: the outcome, no value, and every winning move,
    /// by geography on the cells the empty cell can still reach. O(nm·√(nm)).
    ///
    /// ```
    /// use grundy_catalogue::games::rabbit_egg::{Board, RabbitEggMove, Side};
    /// use grundy::Outcome;
    /// // The contest's first example: the rabbit moves the white piece on either side.
    /// let board = Board::from_rows(&["XO.OXO"]).unwrap();
    /// let answer = board.answer(Side::Rabbit);
    /// assert_eq!(answer.outcome, Outcome::Win);
    /// assert_eq!(answer.winning_moves, [RabbitEggMove { cell: (1, 4) }]);
    /// ```
    pub fn answer(&self, side: Side) -> Answer<RabbitEggMove> {
        let (graph, cells, start) = self.geography(side);
        let solution = geography::solve(&graph);
        let moves = solution
            .winning_moves(&graph, start)
            .into_iter()
            .map(|v| RabbitEggMove {
                cell: self.position(cells[v as usize]),
            })
            .collect();
        Answer::from_moves(None, moves)
    }
}

/// A move, M(row, column) in the contest's words: the piece at that cell (1-based) slides
/// into the empty cell (serialized as `{"cell": [1, 2]}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct RabbitEggMove {
    /// The cell (row, column) of the piece moved.
    pub cell: (usize, usize),
}

impl fmt::Display for RabbitEggMove {
    /// `M(1, 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "M({}, {})", self.cell.0, self.cell.1)
    }
}

/// The rules, for the generic solvers: a position is the board and the player to move (the
/// rabbit is player 1). Meant for small boards.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RabbitEgg;

/// A position of the game: the board and who is to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RabbitEggPosition {
    /// The board.
    pub board: Board,
    /// The player to move.
    pub to_move: Side,
}

impl Game for RabbitEgg {
    type Position = RabbitEggPosition;

    fn moves(&self, p: &RabbitEggPosition, out: &mut grundy::rules::Moves<RabbitEggPosition>) {
        for (row, column) in p.board.legal_moves(p.to_move) {
            let mut board = p.board.clone();
            board
                .play(p.to_move, row, column)
                .expect("a legal move plays");
            out.push(RabbitEggPosition {
                board,
                to_move: p.to_move.other(),
            });
        }
    }

    fn player(&self, p: &RabbitEggPosition) -> Option<Player> {
        Some(match p.to_move {
            Side::Rabbit => Player::One,
            Side::Egg => Player::Two,
        })
    }
}

/// A game record: the starting board and the moves played, the rabbit's first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    board: Board,
    moves: Vec<(usize, usize)>,
}

impl Record {
    /// A record from a board and moves M(row, column), 1-based, checked to be legal in turn.
    pub fn new(board: Board, moves: Vec<(usize, usize)>) -> Result<Record, RecordError> {
        let mut current = board.clone();
        let mut side = Side::Rabbit;
        for (k, &(row, column)) in moves.iter().enumerate() {
            current
                .play(side, row, column)
                .map_err(|e| RecordError::new(format!("move {} ({side}): {}", k + 1, e.message)))?;
            side = side.other();
        }
        Ok(Record { board, moves })
    }

    /// Reads a record in the contest's input format: `n m`; n rows of `X`, `O` and `.`; `k`;
    /// then 2k moves `x y` (the rabbit's first), each on its own line. Whitespace is free; the
    /// moves (`k` and what follows) may be left out to ask about the board alone. Errors give
    /// the line and column. O(size).
    ///
    /// ```
    /// use grundy_catalogue::games::rabbit_egg::Record;
    /// let record = Record::parse("1 6\nXO.OXO\n1\n1 2\n1 1\n").unwrap();
    /// assert_eq!(record.moves(), [(1, 2), (1, 1)]);
    /// assert_eq!(record.analyse().mistakes(grundy_catalogue::games::rabbit_egg::Side::Rabbit), [1]);
    /// ```
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut tokens = Tokens::new(text);
        let n = tokens.number("the number of rows n")?;
        let m = tokens.number("the number of columns m")?;
        if n.0 == 0 || m.0 == 0 {
            return Err(n.error(format!(
                "a board of {} x {} has no cell: n and m are at least 1",
                n.0, m.0
            )));
        }
        let mut rows = Vec::new();
        let mut first_row = (0, 0);
        for i in 0..n.0 {
            let row = tokens.word(&format!("row {} of the board", i + 1))?;
            if let Some((j, c)) = row
                .0
                .chars()
                .enumerate()
                .find(|&(_, c)| !matches!(c, 'X' | 'O' | '.'))
            {
                return Err(RecordError {
                    line: row.1 .0,
                    column: row.1 .1 + j,
                    message: format!(
                        "unexpected {c:?} in row {}: expected 'X' (a black piece), 'O' (a \
                         white piece) or '.' (the empty cell)",
                        i + 1
                    ),
                });
            }
            if row.0.chars().count() != m.0 {
                return Err(row.error(format!(
                    "row {} has {} cells, expected m = {}",
                    i + 1,
                    row.0.chars().count(),
                    m.0
                )));
            }
            if i == 0 {
                first_row = row.1;
            }
            rows.push(row.0);
        }
        let board = Board::from_rows(&rows).map_err(|e| RecordError {
            line: first_row.0,
            column: first_row.1,
            message: e.message,
        })?;
        let mut moves = Vec::new();
        if tokens.at_end() {
            return Ok(Record { board, moves });
        }
        let k = tokens.number("the number of rounds k")?;
        let mut current = board.clone();
        let mut side = Side::Rabbit;
        for i in 0..k
            .0
            .checked_mul(2)
            .ok_or_else(|| k.error("k is too large".into()))?
        {
            let what = format!("move {} ({side}: the row x and column y of a piece)", i + 1);
            let x = tokens.number(&what)?;
            let y = tokens.number(&what)?;
            current
                .play(side, x.0, y.0)
                .map_err(|e| x.error(format!("move {} ({side}): {}", i + 1, e.message)))?;
            moves.push((x.0, y.0));
            side = side.other();
        }
        tokens.finish()?;
        Ok(Record { board, moves })
    }

    /// The starting board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves, M(row, column), the rabbit's first.
    pub fn moves(&self) -> &[(usize, usize)] {
        &self.moves
    }

    /// Who wins before and after every move, and the mistakes: O(nm·√(nm) + k·nm) for k
    /// moves (one augmenting-path search per move, see the module documentation).
    pub fn analyse(&self) -> Analysis {
        let (graph, cells, start) = self.board.geography(Side::Rabbit);
        let mut vertex = vec![u32::MAX; self.board.cells.len()];
        for (v, &i) in cells.iter().enumerate() {
            vertex[i] = v as u32;
        }
        let columns = self.board.columns;
        let side: Vec<bool> = cells
            .iter()
            .map(|&i| (i / columns + i % columns) % 2 == 0)
            .collect();
        let mut dynamic = DynamicMatching::new(&graph, &side);
        let mut wins = Vec::with_capacity(self.moves.len() + 1);
        wins.push(dynamic.covers_always(start));
        let mut empty = start;
        for &(row, column) in &self.moves {
            let i = self.board.index(row, column).expect("checked moves");
            let next = vertex[i];
            debug_assert_ne!(next, u32::MAX, "a legal move stays in the graph");
            dynamic.remove(empty);
            empty = next;
            wins.push(dynamic.covers_always(empty));
        }
        let mut reports = Vec::with_capacity(self.moves.len());
        let mut side = Side::Rabbit;
        for (k, &cell) in self.moves.iter().enumerate() {
            let outcome = |win: bool| if win { Outcome::Win } else { Outcome::Loss };
            reports.push(MoveReport {
                number: k + 1,
                side,
                round: k / 2 + 1,
                cell,
                before: outcome(wins[k]),
                after: outcome(wins[k + 1]),
                mistake: wins[k] && wins[k + 1],
            });
            side = side.other();
        }
        let mut last = self.board.clone();
        let mut to_move = Side::Rabbit;
        for &(row, column) in &self.moves {
            last.play(to_move, row, column).expect("checked moves");
            to_move = to_move.other();
        }
        let answer = last.answer(to_move);
        debug_assert_eq!(answer.outcome == Outcome::Win, wins[self.moves.len()]);
        Analysis {
            moves: reports,
            to_move,
            answer,
        }
    }
}

/// A number or a word of the input, with its 1-based line and column.
struct Token<T>(T, (usize, usize));

impl<T> Token<T> {
    fn error(&self, message: String) -> RecordError {
        RecordError {
            line: self.1 .0,
            column: self.1 .1,
            message,
        }
    }
}

/// The whitespace-separated words of a text, with their places.
struct Tokens<'a> {
    words: Vec<(&'a str, (usize, usize))>,
    next: usize,
    /// Just after the last character: where a missing word is reported.
    end: (usize, usize),
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Tokens<'a> {
        let mut words = Vec::new();
        let mut end = (1, 1);
        for (l, line) in text.lines().enumerate() {
            end = (l + 1, line.chars().count() + 1);
            let mut rest = line;
            let mut offset = 0;
            while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
                let len = rest[start..]
                    .find(char::is_whitespace)
                    .unwrap_or(rest.len() - start);
                let column = line[..offset + start].chars().count() + 1;
                words.push((&rest[start..start + len], (l + 1, column)));
                offset += start + len;
                rest = &rest[start + len..];
            }
        }
        Tokens {
            words,
            next: 0,
            end,
        }
    }

    fn at_end(&self) -> bool {
        self.next == self.words.len()
    }

    fn word(&mut self, what: &str) -> Result<Token<&'a str>, RecordError> {
        match self.words.get(self.next) {
            Some(&(w, place)) => {
                self.next += 1;
                Ok(Token(w, place))
            }
            None => Err(RecordError {
                line: self.end.0,
                column: self.end.1,
                message: format!("expected {what}, found the end of the input"),
            }),
        }
    }

    fn number(&mut self, what: &str) -> Result<Token<usize>, RecordError> {
        let w = self.word(what)?;
        match w.0.parse::<usize>() {
            Ok(x) => Ok(Token(x, w.1)),
            Err(_) => Err(w.error(format!("expected {what} (a whole number), found '{}'", w.0))),
        }
    }

    fn finish(&self) -> Result<(), RecordError> {
        match self.words.get(self.next) {
            Some(&(w, (line, column))) => Err(RecordError {
                line,
                column,
                message: format!("unexpected '{w}' after the last move"),
            }),
            None => Ok(()),
        }
    }
}

/// A maximum matching of the bipartite cell graph kept up to date as cells are removed.
struct DynamicMatching<'g> {
    graph: &'g UndirectedGraph,
    mate: Vec<u32>,
    removed: Vec<bool>,
    /// Search stamps: `seen[v] == stamp` marks the vertices reached by the current search.
    seen: Vec<u32>,
    stamp: u32,
    next_edge: Vec<usize>,
    stack: Vec<u32>,
}

impl<'g> DynamicMatching<'g> {
    /// The cell graph with a maximum matching; `side` is the colour of each vertex.
    fn new(graph: &'g UndirectedGraph, side: &[bool]) -> DynamicMatching<'g> {
        let n = graph.vertex_count();
        let matching = hopcroft_karp(graph, side);
        DynamicMatching {
            graph,
            mate: (0..n as u32)
                .map(|v| matching.mate(v).unwrap_or(u32::MAX))
                .collect(),
            removed: vec![false; n],
            seen: vec![0; n],
            stamp: 0,
            next_edge: vec![0; n],
            stack: Vec::new(),
        }
    }

    /// Looks for an augmenting path from the uncovered vertex `root` among the vertices not
    /// removed, and flips it if found. O(V + E).
    fn augment(&mut self, root: u32) -> bool {
        self.stamp += 1;
        self.stack.clear();
        self.stack.push(root);
        self.next_edge[root as usize] = 0;
        while let Some(&u) = self.stack.last() {
            let list = self.graph.neighbours(u);
            let Some(&w) = list.get(self.next_edge[u as usize]) else {
                self.stack.pop();
                continue;
            };
            if self.removed[w as usize] || self.seen[w as usize] == self.stamp {
                self.next_edge[u as usize] += 1;
                continue;
            }
            self.seen[w as usize] = self.stamp;
            let m = self.mate[w as usize];
            if m == u32::MAX {
                for &x in &self.stack {
                    let y = self.graph.neighbours(x)[self.next_edge[x as usize]];
                    self.mate[x as usize] = y;
                    self.mate[y as usize] = x;
                }
                return true;
            }
            self.next_edge[m as usize] = 0;
            self.stack.push(m);
        }
        false
    }

    /// Removes `v` for good, after [`covers_always`](Self::covers_always) examined it: then
    /// either the matching already misses `v`, or every maximum matching covers `v`, so that
    /// ν drops by one without `v` and the matching without `v`'s edge stays maximum (the
    /// contest's solutions search for an augmenting path here; it never finds one). O(1).
    fn remove(&mut self, v: u32) {
        self.removed[v as usize] = true;
        let m = self.mate[v as usize];
        if m != u32::MAX {
            self.mate[v as usize] = u32::MAX;
            self.mate[m as usize] = u32::MAX;
            debug_assert!(!self.augment(m), "the matching stays maximum");
        }
    }

    /// Whether every maximum matching covers `v`; when not, the matching is changed into a
    /// maximum one that misses `v`.
    fn covers_always(&mut self, v: u32) -> bool {
        let m = self.mate[v as usize];
        if m == u32::MAX {
            return false;
        }
        self.removed[v as usize] = true;
        self.mate[v as usize] = u32::MAX;
        self.mate[m as usize] = u32::MAX;
        let moved = self.augment(m);
        self.removed[v as usize] = false;
        if !moved {
            self.mate[v as usize] = m;
            self.mate[m as usize] = v;
        }
        !moved
    }
}

/// What happened at one move of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The move's number in the record, from 1.
    pub number: usize,
    /// Who played it.
    pub side: Side,
    /// The round: the rabbit's i-th move and the egg's i-th move are in round i (the contest
    /// numbers the rabbit's mistakes this way).
    pub round: usize,
    /// The cell of the piece moved, (row, column).
    pub cell: (usize, usize),
    /// The outcome for the mover before the move.
    pub before: Outcome,
    /// The outcome for the opponent after the move.
    pub after: Outcome,
    /// A win thrown away: a win before, and a win for the opponent after.
    pub mistake: bool,
}

impl fmt::Display for MoveReport {
    /// `rabbit M(1, 2): rabbit wins before, egg wins after: a mistake`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = |o: Outcome| if o == Outcome::Win { "wins" } else { "loses" };
        write!(
            f,
            "{} M({}, {}): {} {} before, {} {} after",
            self.side,
            self.cell.0,
            self.cell.1,
            self.side,
            verb(self.before),
            self.side.other(),
            verb(self.after)
        )?;
        if self.mistake {
            f.write_str(": a mistake")?;
        }
        Ok(())
    }
}

/// A record analysed: every move's report, and the position reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// One report per move of the record.
    pub moves: Vec<MoveReport>,
    /// Who is to move after the record.
    pub to_move: Side,
    /// The answer for the position after the record: outcome and every winning move.
    pub answer: Answer<RabbitEggMove>,
}

impl Analysis {
    /// The rounds in which `side` made a mistake, increasing (for the rabbit, the contest's
    /// answer).
    pub fn mistakes(&self, side: Side) -> Vec<usize> {
        self.moves
            .iter()
            .filter(|m| m.side == side && m.mistake)
            .map(|m| m.round)
            .collect()
    }
}

/// `1 (round 1)`, `2 (rounds 1, 2)` or `0`.
fn rounds_text(rounds: &[usize]) -> String {
    match rounds {
        [] => "0".into(),
        [one] => format!("1 (round {one})"),
        many => format!(
            "{} (rounds {})",
            many.len(),
            many.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// `grundy rabbit-egg FILE`: a game record of \[NOI2011\] 兔兔与蛋蛋游戏 in the contest's input
/// format (`n m`, the board, `k`, then 2k moves `x y`; the moves may be left out).
///
/// The common answer is for the position reached at the end of the record (outcome and every
/// winning move, as `M(x, y)`: the piece at row x, column y slides into the empty cell). Text
/// adds who is to move, one line per move (who wins before and after it, and whether it threw
/// a win away) and the mistakes of each player by round; JSON adds `"to_move"`, `"moves":
/// [{"number": 1, "side": "rabbit", "round": 1, "cell": [1, 2], "before": "win", "after":
/// "win", "mistake": true}, ...]`, `"mistakes"` (the rabbit's rounds: the contest's answer)
/// and `"egg_mistakes"`. `--noi` gives only the contest's output: the number of the rabbit's
/// mistakes, then their rounds, one per line (JSON: `{"mistakes": [...]}`).
pub struct RabbitEggFamily;

impl Family for RabbitEggFamily {
    fn name(&self) -> &'static str {
        "rabbit-egg"
    }

    fn group(&self) -> Group {
        Group::Graphs
    }

    fn about(&self) -> &'static str {
        "NOI2011 rabbit-and-egg game (兔兔与蛋蛋): who wins along a record, and the mistakes"
    }

    fn example(&self) -> Example {
        &[("file", "record.in"), ("noi", "")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "file",
                "FILE",
                "The game record in the contest's input format (`-`: standard input): `n m`, n \
                 rows of `X` (black), `O` (white) and one `.`, then `k` and 2k moves `x y`, the \
                 rabbit's first",
            ),
            Param::flag(
                "noi",
                "Print only the contest's answer: the number of the rabbit's mistakes, then their \
                 rounds",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let source = inputs.read(inputs.value("file").unwrap_or("-"))?;
    let record = Record::parse(&source.text).map_err(|e| format!("{}:{e}", source.origin))?;
    let analysis = record.analyse();
    let rabbit = analysis.mistakes(Side::Rabbit);
    let egg = analysis.mistakes(Side::Egg);
    if inputs.given("noi") {
        let mut lines = vec![rabbit.len().to_string()];
        lines.extend(rabbit.iter().map(usize::to_string));
        return Ok(Report::new().field(
            Field::shown("mistakes", &rabbit, "", lines.join("\n")).laid_out(Layout::Bare),
        ));
    }
    let pieces = match analysis.to_move {
        Side::Rabbit => "white pieces, O",
        Side::Egg => "black pieces, X",
    };
    let mut report = Report::answer(&analysis.answer).fields([
        Field::shown(
            "to_move",
            analysis.to_move,
            "to move",
            format!(
                "{} ({pieces}), after {} moves",
                analysis.to_move,
                analysis.moves.len()
            ),
        ),
        Field::json_only("moves", &analysis.moves),
    ]);
    for m in &analysis.moves {
        report = report.field(Field::text_only(&format!("move {}", m.number), m));
    }
    Ok(report.fields([
        Field::shown(
            "mistakes",
            &rabbit,
            "rabbit's mistakes",
            rounds_text(&rabbit),
        ),
        Field::shown("egg_mistakes", &egg, "egg's mistakes", rounds_text(&egg)),
    ]))
}

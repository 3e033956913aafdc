//! Mex Mat (AtCoder ARC107 E): an n×n matrix of 0s, 1s and 2s has its first row and first
//! column given, and every other cell is the mex of the cell above it and the cell to its
//! left: a(i, j) = mex(a(i − 1, j), a(i, j − 1)). How many 0s, 1s and 2s does it hold?
//!
//! **As a game.** The recurrence is the Sprague–Grundy recurrence of a token that moves one
//! step up or one step left, where the cells of the first row and column are end cells of
//! prescribed values (a cell of value v has moves to positions of values 0, ..., v − 1).
//! [`MexMatGame`] is that game, so the generic solver's values must be the matrix.
//!
//! **Diagonals** (notes 000, 观察法, "\[ARC107E\] Mex Mat": "每条对角线上几乎相同——除了开头
//! 几个", and "a(4,4) = a(5,5)"). Every cell off the first four rows and columns equals its
//! upper-left neighbour: a(i, j) = a(i − 1, j − 1) for i, j ≥ 4 (numbering from 0; from 5
//! numbering from 1, as the notes do). The tests check it on every matrix up to 7×7 and on
//! random larger ones; 4 is the least number of rows and columns for which it holds. So the
//! first four rows and columns, computed directly, give every cell, and the counts come from
//! them with weights: the cell (3, c) of row 3 repeats down its diagonal n − 1 − c times,
//! and the cell (r, 3) of column 3 for r ≥ 4 repeats n − 1 − r times.
//!
//! **Complexity.** [`MexMat::new`] and [`MexMat::counts`] take O(n) time and 8·n bytes;
//! [`MexMat::get`] is O(1).

use serde::Serialize;

use super::{Example, Family, Group, Inputs, Param, RunError};
use grundy::budget::Budget;
use grundy::input::{InputError, Words};
use grundy::pattern::table::{
    check_limit, of_kind, Kind, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use grundy::report::{Field, Report};
use grundy::rules::Impartial;

/// How many leading rows and columns are computed directly; the rest repeats along diagonals.
const BAND: usize = 4;

/// Why the first row and column do not describe a matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MexMatError {
    /// The matrix would be empty.
    #[error("the matrix needs at least one cell (n ≥ 1)")]
    Empty,
    /// The first row and the first column have different lengths.
    #[error("the first row has {row} cells and the first column {column}: both must have n")]
    Lengths {
        /// Cells in the first row.
        row: usize,
        /// Cells in the first column.
        column: usize,
    },
    /// The first row and the first column disagree on their common corner.
    #[error("the first row starts with {row} and the first column with {column}: both are the corner a(0, 0)")]
    Corner {
        /// The first row's first cell.
        row: u8,
        /// The first column's first cell.
        column: u8,
    },
    /// A cell is not 0, 1 or 2.
    #[error("cell ({i}, {j}) is {value}: cells are 0, 1 or 2")]
    Value {
        /// Its row, from 0.
        i: usize,
        /// Its column, from 0.
        j: usize,
        /// What it is.
        value: u8,
    },
}

/// mex{x, y} for cells in 0..=2: the least of 0, 1, 2 that is neither.
pub fn mex2(x: u8, y: u8) -> u8 {
    (0..2).find(|&v| v != x && v != y).unwrap_or(2)
}

/// How many cells hold 0, 1 and 2 (serialized as `{"zeros": .., "ones": .., "twos": ..}`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub struct MexCounts {
    /// Cells equal to 0.
    pub zeros: u64,
    /// Cells equal to 1.
    pub ones: u64,
    /// Cells equal to 2.
    pub twos: u64,
}

impl MexCounts {
    fn add(&mut self, value: u8, times: u64) {
        match value {
            0 => self.zeros += times,
            1 => self.ones += times,
            _ => self.twos += times,
        }
    }
}

/// An n×n mex matrix, kept as its first four rows and columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MexMat {
    n: usize,
    /// rows[r][j] = a(r, j) for r < min(n, 4).
    rows: Vec<Vec<u8>>,
    /// columns[c][i] = a(i, c) for c < min(n, 4).
    columns: Vec<Vec<u8>>,
}

impl MexMat {
    /// The matrix with first row `row` (a(0, j), j = 0..n) and first column `column`
    /// (a(i, 0), i = 0..n), both of n values in 0..=2 and equal at the corner. O(n).
    pub fn new(row: &[u8], column: &[u8]) -> Result<MexMat, MexMatError> {
        let n = row.len();
        if n == 0 && column.is_empty() {
            return Err(MexMatError::Empty);
        }
        if column.len() != n {
            return Err(MexMatError::Lengths {
                row: n,
                column: column.len(),
            });
        }
        if row[0] != column[0] {
            return Err(MexMatError::Corner {
                row: row[0],
                column: column[0],
            });
        }
        let bad = |cells: &[u8], at: &dyn Fn(usize) -> (usize, usize)| {
            cells.iter().position(|&v| v > 2).map(|p| {
                let (i, j) = at(p);
                MexMatError::Value {
                    i,
                    j,
                    value: cells[p],
                }
            })
        };
        if let Some(e) = bad(row, &|j| (0, j)).or_else(|| bad(column, &|i| (i, 0))) {
            return Err(e);
        }
        let band = n.min(BAND);
        let mut rows = vec![row.to_vec()];
        let mut columns = vec![column.to_vec()];
        for r in 1..band {
            // Row r from row r - 1; its first cell is the given column's.
            let mut next = Vec::with_capacity(n);
            next.push(column[r]);
            for j in 1..n {
                next.push(mex2(rows[r - 1][j], next[j - 1]));
            }
            rows.push(next);
        }
        for c in 1..band {
            let mut next = Vec::with_capacity(n);
            next.push(row[c]);
            for i in 1..n {
                // a(i, c) with a(i, c - 1) from the previous column, a(i - 1, c) just made.
                let v = if i < band {
                    rows[i][c]
                } else {
                    mex2(next[i - 1], columns[c - 1][i])
                };
                next.push(v);
            }
            columns.push(next);
        }
        Ok(MexMat { n, rows, columns })
    }

    /// The size n.
    pub fn n(&self) -> usize {
        self.n
    }

    /// a(i, j), numbering from 0, or `None` outside the matrix. O(1).
    ///
    /// ```
    /// use grundy_catalogue::games::mex_mat::MexMat;
    /// let m = MexMat::new(&[1, 2, 0, 2], &[1, 0, 0, 0]).unwrap();
    /// let second_row: Vec<u8> = (0..4).map(|j| m.get(1, j).unwrap()).collect();
    /// assert_eq!(second_row, [0, 1, 2, 0]);
    /// assert_eq!(m.get(4, 0), None);
    /// ```
    pub fn get(&self, i: usize, j: usize) -> Option<u8> {
        if i >= self.n || j >= self.n {
            return None;
        }
        let shift = i.min(j).saturating_sub(BAND - 1);
        let (i, j) = (i - shift, j - shift);
        Some(if i < BAND {
            self.rows[i][j]
        } else {
            self.columns[j][i]
        })
    }

    /// How many cells hold 0, 1 and 2. O(n).
    ///
    /// ```
    /// use grundy_catalogue::games::mex_mat::{MexCounts, MexMat};
    /// // The first sample of ARC107 E.
    /// let m = MexMat::new(&[1, 2, 0, 2], &[1, 0, 0, 0]).unwrap();
    /// assert_eq!(m.counts(), MexCounts { zeros: 7, ones: 4, twos: 5 });
    /// ```
    pub fn counts(&self) -> MexCounts {
        let n = self.n;
        let band = n.min(BAND);
        let mut counts = MexCounts::default();
        for row in &self.rows {
            for &v in row {
                counts.add(v, 1);
            }
        }
        for column in &self.columns {
            for &v in &column[band..] {
                counts.add(v, 1);
            }
        }
        if n > BAND {
            let last = BAND - 1;
            for (c, &v) in self.rows[last].iter().enumerate().skip(last) {
                counts.add(v, (n - 1 - c) as u64);
            }
            for (r, &v) in self.columns[last].iter().enumerate().skip(BAND) {
                counts.add(v, (n - 1 - r) as u64);
            }
        }
        counts
    }
}

/// A position of [`MexMatGame`]: a cell of the matrix, or a Nim heap that stands for a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MexMatPosition {
    /// The token on cell (i, j), numbering from 0.
    Cell(usize, usize),
    /// A Nim heap of this size (its value), the options of a given first-row or first-column
    /// cell.
    Heap(u8),
}

/// The game whose Sprague–Grundy values are the mex matrix: from a cell off the first row
/// and column the token moves one step up or one step left; a first-row or first-column cell
/// of value v has moves to heaps of 0, ..., v − 1 counters (Nim heaps, of those values).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MexMatGame {
    row: Vec<u8>,
    column: Vec<u8>,
}

impl MexMatGame {
    /// The game for a first row and a first column (checked as by [`MexMat::new`]).
    pub fn new(row: &[u8], column: &[u8]) -> Result<MexMatGame, MexMatError> {
        MexMat::new(row, column)?;
        Ok(MexMatGame {
            row: row.to_vec(),
            column: column.to_vec(),
        })
    }
}

impl Impartial for MexMatGame {
    type Position = MexMatPosition;

    fn options(&self, p: &MexMatPosition, out: &mut grundy::rules::Moves<MexMatPosition>) {
        match *p {
            MexMatPosition::Heap(h) => out.extend((0..h).map(MexMatPosition::Heap)),
            MexMatPosition::Cell(0, j) => out.extend((0..self.row[j]).map(MexMatPosition::Heap)),
            MexMatPosition::Cell(i, 0) => out.extend((0..self.column[i]).map(MexMatPosition::Heap)),
            MexMatPosition::Cell(i, j) => {
                out.push(MexMatPosition::Cell(i - 1, j));
                out.push(MexMatPosition::Cell(i, j - 1));
            }
        }
    }
}

impl Tabulate for MexMat {
    fn name(&self) -> String {
        format!("Mex Mat ({0} x {0})", self.n())
    }

    fn parameters(&self) -> usize {
        2
    }

    /// Within the matrix: 0..n - 1, at most 0..19.
    fn default_span(&self) -> Span {
        Span {
            first: 0,
            last: (self.n() as u64 - 1).min(19),
        }
    }

    /// The cells a(i, j) from the diagonals, O(1) each, within the matrix.
    fn grid(&self, a: Span, b: Span, kind: Kind, _: &Budget) -> Result<Table, TableError> {
        let name = self.name();
        check_limit(
            &name,
            "row or column",
            a.last.max(b.last),
            self.n() as u64 - 1,
            "the matrix has as many rows and columns as its first row has cells",
        )?;
        let table = Table::grid(name, a, b, |i, j| {
            u64::from(self.get(i as usize, j as usize).unwrap_or_default())
        })?;
        Ok(of_kind(table, kind))
    }
}

/// Reads cells written as digits, with optional commas or spaces between them.
fn parse_cells(place: &str, text: &str) -> Result<Vec<u8>, InputError> {
    text.chars()
        .filter(|c| *c != ',' && !c.is_whitespace())
        .enumerate()
        .map(|(i, c)| match c {
            '0'..='2' => Ok(c as u8 - b'0'),
            _ => Err(InputError::invalid(
                place,
                format!("cell {} is '{c}': cells are the digits 0, 1 and 2", i + 1),
            )),
        })
        .collect()
}

/// Reads a table's name `mexmat:ROW:COLUMN` (or `mex-mat:ROW:COLUMN`, the family's name).
fn parse_table(spec: &str) -> Option<TableGame> {
    let (word, rest) = spec.split_once(':')?;
    if !MexMatFamily.answers_to(word) {
        return None;
    }
    let bad = |message: String| TableError::BadGame {
        spec: spec.to_string(),
        message,
    };
    let matrix = match rest.split_once(':') {
        None => Err(bad(
            "expected mexmat:ROW:COLUMN, the first row and column as digits 0-2".to_string(),
        )),
        Some((row, column)) => parse_cells("ROW", row)
            .and_then(|r| Ok((r, parse_cells("COLUMN", column)?)))
            .map_err(|e| bad(e.to_string()))
            .and_then(|(r, c)| MexMat::new(&r, &c).map_err(|e| bad(e.to_string()))),
    };
    Some(matrix.map(|m| Box::new(m) as Box<dyn Tabulate>))
}

/// `grundy mex-mat ROW COLUMN`: the n×n matrix with the given first row and first column,
/// every other cell the mex of the cell above and the cell to the left (ARC107 E, notes 000):
/// how many 0s, 1s and 2s it holds, in O(n). ROW and COLUMN are strings of n digits 0, 1, 2
/// (commas and spaces between them are allowed), the column from top to bottom, both starting
/// with the corner. `--file PATH` (`-` for standard input) reads the contest's format: n, then
/// the n values of the first row, then the n − 1 values of the first column below the corner.
/// Text prints `0: 7`, `1: 4`, `2: 5` on three lines; JSON `{"n": 4, "zeros": 7, "ones": 4,
/// "twos": 5}`. Tables: `mexmat:ROW:COLUMN`, the matrix by (row, column).
pub struct MexMatFamily;

impl Family for MexMatFamily {
    fn name(&self) -> &'static str {
        "mex-mat"
    }

    fn group(&self) -> Group {
        Group::Problems
    }

    fn about(&self) -> &'static str {
        "Mex Mat (ARC107 E): counts of 0, 1, 2 in the matrix of mexes of a first row and \
         column"
    }

    fn example(&self) -> Example {
        &[("row", "1202"), ("column", "1000")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            super::or_file(Param::arg(
                "row",
                "ROW",
                "The first row: n digits 0, 1, 2 (e.g. 1202)",
            )),
            super::or_file(Param::arg(
                "column",
                "COLUMN",
                "The first column, top to bottom: n digits, the first one the same corner as ROW's",
            )),
            super::file_param(
                "Read the matrix from a file (`-`: standard input) in the format of ARC107 E: n, \
                 then the first row's n values, then the n - 1 values of the first column below \
                 the corner",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["mexmat"]
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "mexmat:ROW:COLUMN (or mex-mat:ROW:COLUMN)",
            about: "(a, b): the Mex Mat with this first row and column, as digits 0-2",
            parse: parse_table,
        })
    }
}

/// Reads the contest's format.
fn read_contest(inputs: &Inputs, path: &str) -> Result<(Vec<u8>, Vec<u8>), InputError> {
    let source = inputs.read(path)?;
    let mut words = Words::new(&source.origin, &source.text);
    let n = words.whole("a size n", 1)?;
    let mut cell = |what: &str| {
        words.whole(what, 0).and_then(|v| {
            u8::try_from(v).ok().filter(|&c| c <= 2).ok_or_else(|| {
                InputError::invalid(&source.origin, format!("{v} is not a cell (0, 1 or 2)"))
            })
        })
    };
    let mut row = Vec::new();
    for _ in 0..n {
        row.push(cell("a value of the first row")?);
    }
    let mut column = vec![row[0]];
    for _ in 1..n {
        column.push(cell("a value of the first column")?);
    }
    words.finish()?;
    Ok((row, column))
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    // The declarations allow a file, or a row and a column.
    let (row, column) = match inputs.value("file") {
        Some(path) => read_contest(inputs, path)?,
        None => {
            let cells = |name| parse_cells(&inputs.shown(name), inputs.value(name).unwrap_or(""));
            (cells("row")?, cells("column")?)
        }
    };
    let matrix = MexMat::new(&row, &column)?;
    let counts = matrix.counts();
    Ok(Report::new().fields([
        Field::json_only("n", matrix.n()),
        Field::shown("zeros", counts.zeros, "0", counts.zeros),
        Field::shown("ones", counts.ones, "1", counts.ones),
        Field::shown("twos", counts.twos, "2", counts.twos),
    ]))
}

//! Tables of Sprague–Grundy values (or outcomes) of games with one or two integer parameters:
//! the notes' first method for a new game, 打表 + 观察 (notes 000 观察法: tabulate small cases,
//! look, find the pattern, then prove it; notes 001: "通过打表或者思考可以发现规律").
//!
//! A [`Table`] holds the value of every parameter in a range (a heap size n), or of every pair
//! in a rectangle (two piles a, b), or only the outcome: P (value 0, a loss for the player to
//! move) or N. It is built
//! - from any impartial game given by its rules ([`Table::from_rules_line`],
//!   [`Table::from_rules_grid`]: the positions are explored and valued by the generic solver),
//! - from a formula ([`Table::line`], [`Table::grid`]),
//! - or for the games of the catalogue that offer tables ([`Tabulate`], found by name in
//!   `grundy_catalogue::games::registry`): take-and-break codes, subtraction games, Wythoff's
//!   game, two-pile Nim, coin rows, Fibonacci Nim, Mex Mat.
//!
//! It prints as an aligned text grid ([`Table::write_text`]; a one-parameter table wraps into
//! rows, which shows a period as constant columns when the row width is a multiple of it),
//! as CSV ([`Table::write_csv`]) and as JSON (its `Serialize`). Pictures are drawn by
//! [`picture`](super::picture).

use std::fmt;
use std::io::{self, Write};

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use rustc_hash::FxHashMap;

use crate::budget::{Budget, Exhausted};
use crate::input::{self, InputError};
use crate::outcome::OutcomeClass;
use crate::progress::{NoProgress, Progress};
use crate::rules::{explore, ExploreError, Impartial};
use crate::solve::{grundy_values, SolveError};

/// The most cells a table may have (512 MiB of values).
pub const MAX_CELLS: u128 = 1 << 26;

/// An inclusive range of parameters, `first..=last`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// The first parameter.
    pub first: u64,
    /// The last parameter (included).
    pub last: u64,
}

impl Span {
    /// The range `first..=last`, if `first ≤ last`.
    pub fn new(first: u64, last: u64) -> Option<Span> {
        (first <= last).then_some(Span { first, last })
    }

    /// How many parameters the range holds (up to 2^64).
    pub fn count(&self) -> u128 {
        u128::from(self.last - self.first) + 1
    }

    /// The parameters, in increasing order.
    pub fn iter(&self) -> std::ops::RangeInclusive<u64> {
        self.first..=self.last
    }

    /// Reads `A..B` or `A..=B` (both ends included), or a single `N` for `0..N`, with A ≤ B
    /// ([`input::range`]); `place` names it in messages.
    pub fn parse(place: &str, text: &str) -> Result<Span, InputError> {
        let (first, last) = input::range(place, text)?;
        Ok(Span { first, last })
    }
}

impl fmt::Display for Span {
    /// `0..99` (both ends included).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.first, self.last)
    }
}

/// What a table's cells hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Sprague–Grundy values.
    Values,
    /// Outcomes: P (a loss for the player to move, value 0) or N (a win), stored as 0 and
    /// 1; in tables of partizan games also L (Left wins whoever starts, 2) and R (3).
    Outcomes,
    /// Canonical forms of partizan games: each cell the index of its form in
    /// [`Table::forms`].
    Forms,
    /// Elements of a misère quotient: each cell the index of its element in [`Table::forms`]
    /// (the element's word, and P when it is in the P-portion).
    Elements,
}

/// The longest canonical form printed in a cell of a text table; longer ones are notes.
pub const LONG_FORM: usize = 16;

/// The letters of outcome cells, by their stored code: P, N, L, R.
const OUTCOME_LETTERS: [&str; 4] = ["P", "N", "L", "R"];

/// The code of an outcome class in a table of outcomes: P 0 and N 1, as impartial tables
/// store them, then L 2 and R 3.
pub fn outcome_code(class: OutcomeClass) -> u64 {
    match class {
        OutcomeClass::Second => 0,
        OutcomeClass::First => 1,
        OutcomeClass::Left => 2,
        OutcomeClass::Right => 3,
    }
}

/// A canonical form in a table of a partizan game: as the reference notation prints it, and
/// its outcome class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// The canonical form: `{1|0}`, `*2`, `1/2`.
    pub text: String,
    /// Who wins it.
    pub class: OutcomeClass,
}

/// Why a table could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The game's name is not one of the games that have tables.
    #[error("unknown game '{spec}'{hint}: expected {known}")]
    UnknownGame {
        /// The name as given.
        spec: String,
        /// The names nearest to it, as ` (did you mean 'kayles'?)`, or nothing.
        hint: String,
        /// The names known, in words.
        known: String,
    },
    /// A game's name is malformed, as its own message says in full.
    #[error("{0}")]
    Malformed(String),
    /// A game's parameters are malformed.
    #[error("bad game '{spec}': {message}")]
    BadGame {
        /// The game as given.
        spec: String,
        /// What is wrong.
        message: String,
    },
    /// A one-parameter game was asked for a two-parameter table, or the other way round.
    #[error("{game} has {has} parameter{}, not {asked}", if *has == 1 { "" } else { "s" })]
    Dimension {
        /// The game's name.
        game: String,
        /// Its number of parameters.
        has: usize,
        /// The number asked for.
        asked: usize,
    },
    /// The table would have too many cells.
    #[error("the table would have {cells} cells, more than the limit of {limit}")]
    TooManyCells {
        /// The cells asked for.
        cells: u128,
        /// [`MAX_CELLS`].
        limit: u128,
    },
    /// A parameter is beyond what the game's computation allows.
    #[error("{game}: {parameter} {value} is above the limit of {limit} ({reason})")]
    ParameterTooLarge {
        /// The game's name.
        game: String,
        /// Which parameter: "heap", "pile".
        parameter: &'static str,
        /// The largest parameter asked for.
        value: u64,
        /// The limit.
        limit: u64,
        /// Why there is a limit.
        reason: &'static str,
    },
    /// The game's own computation ran out of its budget (positions, memory, time), as the
    /// message says with how to raise it.
    #[error("{game}: {message}")]
    Budget {
        /// The game's name.
        game: String,
        /// Which budget, and how to raise it.
        message: String,
    },
    /// The game's computation needs more of a budget than a table gives it, and a family of
    /// the catalogue computes it with more: the catalogue names the family's run, so that
    /// each front end writes it in its own words (the engine and the catalogue name no
    /// option).
    #[error(transparent)]
    NeedsMore(Box<NeedsMore>),
    /// A budget ran out after part of the table was computed: the rows finished (a table of
    /// its own, whose first rows are the table asked for), and the budget's error.
    #[error("{}: {error}", partial.game)]
    Stopped {
        /// The rows finished.
        partial: Box<Table>,
        /// The budget that ran out, and how to raise it.
        error: Exhausted,
    },
    /// The game's own computation failed.
    #[error("{game}: {message}")]
    Game {
        /// The game's name.
        game: String,
        /// What failed.
        message: String,
    },
    /// Exploring the rules failed.
    #[error(transparent)]
    Explore(#[from] ExploreError),
    /// The rules are not an impartial game the solver can value.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A position has no finite value (it lies on a cycle the players need not leave).
    #[error("position {position} has no finite Sprague–Grundy value (its value is {value})")]
    Loopy {
        /// The parameters of the position.
        position: String,
        /// Its loopy value, as `inf(K)`.
        value: String,
    },
}

/// A table's game whose computation needs more of a budget than a table gives it
/// ([`TableError::NeedsMore`]), and the run of a family of the catalogue that computes it
/// with more.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{game}: {needed}: the family {family} computes it with more {raise} ({})",
    given(parameters)
)]
pub struct NeedsMore {
    /// The game's name.
    pub game: String,
    /// What the computation needed, in words.
    pub needed: String,
    /// The family that computes it with more: `misere-quotient`.
    pub family: String,
    /// The family's parameters for this game, each with its value, in the order the family
    /// declares them: `("code", "0.35")`, `("upto", "20")`.
    pub parameters: Vec<(String, String)>,
    /// The parameter of the family to raise: `sums`.
    pub raise: String,
}

/// Parameters with their values, in words: `code 0.35, upto 20`.
fn given(parameters: &[(String, String)]) -> String {
    let words: Vec<String> = (parameters.iter())
        .map(|(name, value)| format!("{name} {value}"))
        .collect();
    words.join(", ")
}

/// A table of values or outcomes by one parameter n or by two, (a, b).
///
/// ```
/// use grundy::pattern::table::{Kind, Span, Table};
/// // Two-pile Nim: the value of (a, b) is a XOR b.
/// let table = Table::grid("two-pile Nim", Span::new(0, 3).unwrap(), Span::new(0, 3).unwrap(), |a, b| a ^ b)
///     .unwrap();
/// assert_eq!(table.get(2, 3), Some(1));
/// let mut text = Vec::new();
/// table.outcomes().write_text(&mut text, 10).unwrap();
/// assert_eq!(
///     String::from_utf8(text).unwrap(),
///     "a\\b 0 1 2 3\n  0 P N N N\n  1 N P N N\n  2 N N P N\n  3 N N N P\n"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    game: String,
    kind: Kind,
    rows: Span,
    columns: Option<Span>,
    values: Vec<u64>,
    /// The distinct forms of a [`Kind::Forms`] table, in order of first appearance (empty
    /// for other kinds).
    forms: Vec<Form>,
}

/// Checks the size of a table of `rows` × `columns` cells (at most [`MAX_CELLS`]) and returns
/// it: callers that compute the cells' positions first check it before.
pub fn cell_count(rows: Span, columns: Option<Span>) -> Result<usize, TableError> {
    let cells = rows.count() * columns.map_or(1, |c| c.count());
    if cells > MAX_CELLS {
        return Err(TableError::TooManyCells {
            cells,
            limit: MAX_CELLS,
        });
    }
    Ok(cells as usize)
}

/// Parameters of a position, for messages: `7` or `(3, 5)`.
trait Parameters {
    fn describe(&self) -> String;
}

impl Parameters for u64 {
    fn describe(&self) -> String {
        self.to_string()
    }
}

impl Parameters for (u64, u64) {
    fn describe(&self) -> String {
        format!("({}, {})", self.0, self.1)
    }
}

/// The values of `positions` in the impartial game `game`, by exploring every position
/// reachable from them and valuing the graph with the generic solver.
fn values_by_rules<G>(
    game: &G,
    positions: Vec<G::Position>,
    budget: &Budget,
) -> Result<Vec<u64>, TableError>
where
    G: Impartial,
    G::Position: Parameters,
{
    let explored = explore(game, positions.iter().cloned(), budget, &NoProgress)?;
    let values = grundy_values(&explored.graph)?;
    positions
        .iter()
        .map(|p| {
            let id = explored.id(p).expect("every start is explored");
            values
                .finite(id)
                .map(u64::from)
                .ok_or_else(|| TableError::Loopy {
                    position: p.describe(),
                    value: values.value(&explored.graph, id).to_string(),
                })
        })
        .collect()
}

/// The `cells` forms of a table of forms, stopping at the first error: each cell's index into
/// the distinct forms, and those forms in order of first appearance. O(cells) hash look-ups
/// of the forms' texts.
fn distinct_forms(
    cells: usize,
    forms: impl Iterator<Item = Result<Form, TableError>>,
) -> Result<(Vec<u64>, Vec<Form>), TableError> {
    let mut values = Vec::with_capacity(cells);
    let mut distinct: Vec<Form> = Vec::new();
    let mut index: FxHashMap<String, u64> = FxHashMap::default();
    for f in forms {
        let f = f?;
        let i = match index.get(&f.text) {
            Some(&i) => i,
            None => {
                let i = distinct.len() as u64;
                index.insert(f.text.clone(), i);
                distinct.push(f);
                i
            }
        };
        values.push(i);
    }
    Ok((values, distinct))
}

impl Table {
    /// The table of `value(n)` for every n of `n`, `game` naming the game.
    pub fn line(
        game: impl Into<String>,
        n: Span,
        value: impl FnMut(u64) -> u64,
    ) -> Result<Table, TableError> {
        cell_count(n, None)?;
        Ok(Table {
            game: game.into(),
            kind: Kind::Values,
            rows: n,
            columns: None,
            values: n.iter().map(value).collect(),
            forms: Vec::new(),
        })
    }

    /// The table of `value(a, b)` for every a of `a` and b of `b` (rows by a).
    pub fn grid(
        game: impl Into<String>,
        a: Span,
        b: Span,
        mut value: impl FnMut(u64, u64) -> u64,
    ) -> Result<Table, TableError> {
        let cells = cell_count(a, Some(b))?;
        let mut values = Vec::with_capacity(cells);
        for x in a.iter() {
            values.extend(b.iter().map(|y| value(x, y)));
        }
        Ok(Table {
            game: game.into(),
            kind: Kind::Values,
            rows: a,
            columns: Some(b),
            values,
            forms: Vec::new(),
        })
    }

    /// The Sprague–Grundy values of the positions n of `n` of an impartial game given by its
    /// rules, a position being one integer: every position reachable from them is explored
    /// (within `limits`) and valued by [`grundy_values`]. An error if a position has no finite
    /// value (a loopy game).
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::pattern::table::{Span, Table};
    /// use grundy::rules::{Impartial, Moves};
    ///
    /// /// Take 1, 3 or 4 counters from a pile.
    /// struct Take134;
    ///
    /// impl Impartial for Take134 {
    ///     type Position = u64;
    ///     fn options(&self, n: &u64, out: &mut Moves<u64>) {
    ///         out.extend([1, 3, 4].iter().filter(|&&k| k <= *n).map(|k| n - k));
    ///     }
    /// }
    ///
    /// let table = Table::from_rules_line("take 1, 3 or 4", &Take134, Span::new(0, 9).unwrap(),
    ///     &Budget::default()).unwrap();
    /// assert_eq!(table.values(), [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
    /// ```
    pub fn from_rules_line<G: Impartial<Position = u64>>(
        game_name: impl Into<String>,
        game: &G,
        n: Span,
        budget: &Budget,
    ) -> Result<Table, TableError> {
        cell_count(n, None)?;
        let values = values_by_rules(game, n.iter().collect(), budget)?;
        Ok(Table {
            game: game_name.into(),
            kind: Kind::Values,
            rows: n,
            columns: None,
            values,
            forms: Vec::new(),
        })
    }

    /// The Sprague–Grundy values of the positions (a, b), a in `a` and b in `b`, of an
    /// impartial game given by its rules, as [`Table::from_rules_line`] does for one
    /// parameter.
    pub fn from_rules_grid<G: Impartial<Position = (u64, u64)>>(
        game_name: impl Into<String>,
        game: &G,
        a: Span,
        b: Span,
        budget: &Budget,
    ) -> Result<Table, TableError> {
        cell_count(a, Some(b))?;
        let positions = a
            .iter()
            .flat_map(|x| b.iter().map(move |y| (x, y)))
            .collect();
        let values = values_by_rules(game, positions, budget)?;
        Ok(Table {
            game: game_name.into(),
            kind: Kind::Values,
            rows: a,
            columns: Some(b),
            values,
            forms: Vec::new(),
        })
    }

    /// The table of the canonical forms `form(n)` of a partizan game for every n of `n`, as
    /// [`Table::form_grid`] makes a two-parameter one.
    ///
    /// ```
    /// use grundy::partizan::OutcomeClass;
    /// use grundy::pattern::table::{Form, Span, Table, TableError};
    /// let table = Table::form_line("integers", Span::new(0, 2).unwrap(), |n| {
    ///     let class = if n == 0 { OutcomeClass::Second } else { OutcomeClass::Left };
    ///     Ok::<_, TableError>(Form { text: n.to_string(), class })
    /// })
    /// .unwrap();
    /// assert_eq!(table.cell_text(table.value(2).unwrap()), "2");
    /// assert_eq!(table.outcomes().values(), [0, 2, 2]);
    /// ```
    pub fn form_line(
        game: impl Into<String>,
        n: Span,
        form: impl FnMut(u64) -> Result<Form, TableError>,
    ) -> Result<Table, TableError> {
        let cells = cell_count(n, None)?;
        let (values, forms) = distinct_forms(cells, n.iter().map(form))?;
        Ok(Table {
            game: game.into(),
            kind: Kind::Forms,
            rows: n,
            columns: None,
            values,
            forms,
        })
    }

    /// The table of the misère quotient elements of a heap game for every heap n of `n`:
    /// `elements` are the quotient's elements (each its word, and its outcome: P for the
    /// P-portion, N otherwise), `element(n)` the index of heap n's. Errors when an index is
    /// not one of `elements`. O(cells).
    ///
    /// ```
    /// use grundy::partizan::OutcomeClass;
    /// use grundy::pattern::table::{Form, Kind, Span, Table};
    /// let element = |text: &str, class| Form { text: text.to_string(), class };
    /// let elements = vec![element("1", OutcomeClass::First), element("a", OutcomeClass::Second)];
    /// let table = Table::element_line("0.3", Span::new(0, 3).unwrap(), elements, |n| n % 2).unwrap();
    /// assert_eq!(table.kind(), Kind::Elements);
    /// assert_eq!(table.cell_text(table.value(3).unwrap()), "a");
    /// assert_eq!(table.outcomes().values(), [1, 0, 1, 0]);
    /// ```
    pub fn element_line(
        game: impl Into<String>,
        n: Span,
        elements: Vec<Form>,
        mut element: impl FnMut(u64) -> u64,
    ) -> Result<Table, TableError> {
        let game = game.into();
        let cells = cell_count(n, None)?;
        let mut values = Vec::with_capacity(cells);
        for heap in n.iter() {
            let e = element(heap);
            if e >= elements.len() as u64 {
                return Err(TableError::Game {
                    game,
                    message: format!(
                        "heap {heap} has element {e}, not one of the {} elements",
                        elements.len()
                    ),
                });
            }
            values.push(e);
        }
        Ok(Table {
            game,
            kind: Kind::Elements,
            rows: n,
            columns: None,
            values,
            forms: elements,
        })
    }

    /// The table of the canonical forms `form(a, b)` of a partizan game for every a of `a`
    /// and b of `b` (rows by a), stopping at the first error. Equal forms are stored once:
    /// O(cells) hash look-ups of the forms' texts.
    ///
    /// ```
    /// use grundy::partizan::OutcomeClass;
    /// use grundy::pattern::table::{Form, Span, Table, TableError};
    /// let span = Span::new(0, 1).unwrap();
    /// let table = Table::form_grid("switches", span, span, |a, b| {
    ///     let class = if a == b { OutcomeClass::Second } else { OutcomeClass::First };
    ///     let text = if a == b { "0".to_string() } else { format!("+-{}", a.max(b)) };
    ///     Ok::<_, TableError>(Form { text, class })
    /// })
    /// .unwrap();
    /// assert_eq!(table.cell_text(table.get(0, 1).unwrap()), "+-1");
    /// assert_eq!(table.outcomes().values(), [0, 1, 1, 0]);
    /// ```
    pub fn form_grid(
        game: impl Into<String>,
        a: Span,
        b: Span,
        mut form: impl FnMut(u64, u64) -> Result<Form, TableError>,
    ) -> Result<Table, TableError> {
        let cells = cell_count(a, Some(b))?;
        let positions = a.iter().flat_map(|x| b.iter().map(move |y| (x, y)));
        let (values, forms) = distinct_forms(cells, positions.map(|(x, y)| form(x, y)))?;
        Ok(Table {
            game: game.into(),
            kind: Kind::Forms,
            rows: a,
            columns: Some(b),
            values,
            forms,
        })
    }

    /// The same table with outcomes instead of values: P where the value is 0, N elsewhere;
    /// a table of forms gets each form's outcome class (P, N, L or R).
    pub fn outcomes(&self) -> Table {
        let values = match self.kind {
            Kind::Values => self.values.iter().map(|&v| u64::from(v != 0)).collect(),
            Kind::Outcomes => self.values.clone(),
            Kind::Forms | Kind::Elements => self
                .values
                .iter()
                .map(|&v| outcome_code(self.forms[v as usize].class))
                .collect(),
        };
        Table {
            game: self.game.clone(),
            kind: Kind::Outcomes,
            rows: self.rows,
            columns: self.columns,
            values,
            forms: Vec::new(),
        }
    }

    /// The distinct canonical forms of a [`Kind::Forms`] table, or the elements of a
    /// [`Kind::Elements`] table, which its cells index (empty for other kinds).
    pub fn forms(&self) -> &[Form] {
        &self.forms
    }

    /// The game's name.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// What the cells hold.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The first parameter's range: n, or a (the rows).
    pub fn rows(&self) -> Span {
        self.rows
    }

    /// The second parameter's range, b (the columns), for a two-parameter table.
    pub fn columns(&self) -> Option<Span> {
        self.columns
    }

    /// The cells, row by row (for outcomes: 0 for P, 1 for N, 2 for L, 3 for R; for forms,
    /// indices into [`Table::forms`]).
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// The cell of parameter n in a one-parameter table.
    pub fn value(&self, n: u64) -> Option<u64> {
        match self.columns {
            None if n >= self.rows.first && n <= self.rows.last => {
                Some(self.values[(n - self.rows.first) as usize])
            }
            _ => None,
        }
    }

    /// The cell of (a, b) in a two-parameter table.
    pub fn get(&self, a: u64, b: u64) -> Option<u64> {
        let columns = self.columns?;
        if a < self.rows.first || a > self.rows.last || b < columns.first || b > columns.last {
            return None;
        }
        let width = columns.count() as usize;
        Some(self.values[(a - self.rows.first) as usize * width + (b - columns.first) as usize])
    }

    /// How many cells hold each value (for outcomes: 0 for P, 1 for N), by increasing value.
    pub fn counts(&self) -> Vec<(u64, u64)> {
        let mut sorted = self.values.clone();
        sorted.sort_unstable();
        let mut counts: Vec<(u64, u64)> = Vec::new();
        for v in sorted {
            match counts.last_mut() {
                Some((last, count)) if *last == v => *count += 1,
                _ => counts.push((v, 1)),
            }
        }
        counts
    }

    /// The cells laid out in rows: a two-parameter table as it is (rows a, columns b), a
    /// one-parameter table wrapped into rows of `wrap` cells (at least 1).
    pub fn layout(&self, wrap: usize) -> Layout<'_> {
        let (rows, columns) = match self.columns {
            Some(c) => (self.rows.count() as usize, c.count() as usize),
            None => {
                let wrap = wrap.max(1);
                let len = self.values.len();
                (len.div_ceil(wrap), wrap.min(len))
            }
        };
        Layout {
            table: self,
            rows,
            columns,
        }
    }

    /// The text of a cell: the value, the outcome's letter (`P`, `N`, `L`, `R`), the
    /// canonical form, or the element's word.
    pub fn cell_text(&self, cell: u64) -> String {
        match self.kind {
            Kind::Values => cell.to_string(),
            Kind::Outcomes => OUTCOME_LETTERS[cell as usize].to_string(),
            Kind::Forms | Kind::Elements => self.forms[cell as usize].text.clone(),
        }
    }

    /// A cell as a CSV field: its text, quoted when it holds a comma or a quote (forms such
    /// as `{1,*|-1}` do).
    fn csv_cell(&self, cell: u64) -> String {
        let text = self.cell_text(cell);
        if text.contains([',', '"']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text
        }
    }

    /// Writes the table as an aligned text grid: a header line of column labels (b, or the
    /// offsets +0, +1, ... of a wrapped one-parameter table), then one line per row, its label
    /// (a, or the row's first n) first; every column right-aligned to a common width. A
    /// one-parameter table is wrapped into rows of `wrap` cells.
    ///
    /// A canonical form longer than [`LONG_FORM`] characters is printed as a note `[k]` in
    /// its cells and in full below the table, so that one hot game does not widen every
    /// column.
    pub fn write_text(&self, out: &mut dyn Write, wrap: usize) -> io::Result<()> {
        let layout = self.layout(wrap);
        let mut out = io::BufWriter::new(out);
        let corner = layout.corner_label();
        let column_labels: Vec<String> = (0..layout.columns())
            .map(|c| layout.column_label_text(c))
            .collect();
        // The note number of each long form, by form index.
        let mut notes = Vec::new();
        let mut long_forms = Vec::new();
        for form in &self.forms {
            let long = form.text.chars().count() > LONG_FORM;
            if long {
                long_forms.push(&form.text);
            }
            notes.push(long.then_some(long_forms.len()));
        }
        let cell_text = |cell: u64| match notes.get(cell as usize) {
            Some(&Some(k)) => format!("[{k}]"),
            _ => self.cell_text(cell),
        };
        let cell_width = self
            .values
            .iter()
            .map(|&v| cell_text(v).len())
            .chain(column_labels.iter().map(String::len))
            .max()
            .unwrap_or(1);
        let label_width = (0..layout.rows())
            .map(|r| layout.row_label(r).to_string().len())
            .chain([corner.len()])
            .max()
            .unwrap_or(1);
        write!(out, "{corner:>label_width$}")?;
        for label in &column_labels {
            write!(out, " {label:>cell_width$}")?;
        }
        writeln!(out)?;
        for r in 0..layout.rows() {
            write!(out, "{:>label_width$}", layout.row_label(r))?;
            for c in 0..layout.columns() {
                if let Some(cell) = layout.cell(r, c) {
                    write!(out, " {:>cell_width$}", cell_text(cell))?;
                }
            }
            writeln!(out)?;
        }
        for (k, text) in long_forms.iter().enumerate() {
            writeln!(out, "[{}] {text}", k + 1)?;
        }
        out.flush()
    }

    /// Writes the table as CSV: a one-parameter table as lines `n,value` (or `n,outcome`)
    /// after that header; a two-parameter table as a matrix, the header `a\b,B0,B1,...` then
    /// one line `A,v0,v1,...` per a. Outcomes are `P`, `N` (and `L`, `R`); forms are quoted
    /// where they hold a comma.
    pub fn write_csv(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut out = io::BufWriter::new(out);
        match self.columns {
            None => {
                let header = match self.kind {
                    Kind::Values => "value",
                    Kind::Outcomes => "outcome",
                    Kind::Forms => "form",
                    Kind::Elements => "element",
                };
                writeln!(out, "n,{header}")?;
                for (n, &v) in self.rows.iter().zip(&self.values) {
                    writeln!(out, "{n},{}", self.csv_cell(v))?;
                }
            }
            Some(columns) => {
                write!(out, "a\\b")?;
                for b in columns.iter() {
                    write!(out, ",{b}")?;
                }
                writeln!(out)?;
                let width = columns.count() as usize;
                for (a, row) in self.rows.iter().zip(self.values.chunks(width)) {
                    write!(out, "{a}")?;
                    for &v in row {
                        write!(out, ",{}", self.csv_cell(v))?;
                    }
                    writeln!(out)?;
                }
            }
        }
        out.flush()
    }
}

impl Table {
    /// Writes the table as TSV for programs: one line a cell and no header, as every TSV of
    /// the command line: `n<TAB>value` for one parameter, `a<TAB>b<TAB>value` for two (a
    /// matrix's columns would need a header to be read). Cells are written as in text; no
    /// cell holds a tab. O(cells).
    pub fn write_tsv(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut out = io::BufWriter::new(out);
        match self.columns {
            None => {
                for (n, &v) in self.rows.iter().zip(&self.values) {
                    writeln!(out, "{n}\t{}", self.cell_text(v))?;
                }
            }
            Some(columns) => {
                let width = columns.count() as usize;
                for (a, row) in self.rows.iter().zip(self.values.chunks(width)) {
                    for (b, &v) in columns.iter().zip(row) {
                        writeln!(out, "{a}\t{b}\t{}", self.cell_text(v))?;
                    }
                }
            }
        }
        out.flush()
    }
}

/// The cells of a row, as JSON numbers, or strings: outcome letters, canonical forms.
struct JsonRow<'a> {
    table: &'a Table,
    cells: &'a [u64],
}

impl Serialize for JsonRow<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.cells.len()))?;
        for &v in self.cells {
            match self.table.kind {
                Kind::Values => seq.serialize_element(&v)?,
                Kind::Outcomes | Kind::Forms | Kind::Elements => {
                    seq.serialize_element(&self.table.cell_text(v))?
                }
            }
        }
        seq.end()
    }
}

/// The rows of a two-parameter table, as JSON arrays.
struct JsonRows<'a>(&'a Table, usize);

impl Serialize for JsonRows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.values.chunks(self.1).map(|cells| JsonRow {
            table: self.0,
            cells,
        }))
    }
}

impl Serialize for Table {
    /// `{"game": ..., "kind": "values"|"outcomes", "n": {"first": F, "last": L}, "values":
    /// [...]}` for one parameter; with two, `"a"` and `"b"` ranges and the rows by a as arrays.
    /// Outcome tables have `"outcomes"` of `"P"` and `"N"` (`"L"`, `"R"`) instead of
    /// `"values"`; tables of forms have `"forms"`, the canonical forms as strings; tables of
    /// misère quotient elements `"elements"`, their words.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("game", &self.game)?;
        map.serialize_entry("kind", &self.kind)?;
        let key = match self.kind {
            Kind::Values => "values",
            Kind::Outcomes => "outcomes",
            Kind::Forms => "forms",
            Kind::Elements => "elements",
        };
        match self.columns {
            None => {
                map.serialize_entry("n", &self.rows)?;
                map.serialize_entry(
                    key,
                    &JsonRow {
                        table: self,
                        cells: &self.values,
                    },
                )?;
            }
            Some(columns) => {
                map.serialize_entry("a", &self.rows)?;
                map.serialize_entry("b", &columns)?;
                map.serialize_entry(key, &JsonRows(self, columns.count() as usize))?;
            }
        }
        map.end()
    }
}

/// A table's cells laid out in rows and columns, for printing and pictures (see
/// [`Table::layout`]).
#[derive(Debug, Clone, Copy)]
pub struct Layout<'a> {
    table: &'a Table,
    rows: usize,
    columns: usize,
}

impl Layout<'_> {
    /// The table laid out.
    pub fn table(&self) -> &Table {
        self.table
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Whether the table has two parameters (else it is a wrapped line).
    pub fn is_grid(&self) -> bool {
        self.table.columns.is_some()
    }

    /// The cell at row `r`, column `c`; `None` past the end of a wrapped line (or outside).
    pub fn cell(&self, r: usize, c: usize) -> Option<u64> {
        if r >= self.rows || c >= self.columns {
            return None;
        }
        self.table.values.get(r * self.columns + c).copied()
    }

    /// The label of row `r`: a, or the first n of the row.
    pub fn row_label(&self, r: usize) -> u64 {
        match self.table.columns {
            Some(_) => self.table.rows.first + r as u64,
            None => self.table.rows.first + (r * self.columns) as u64,
        }
    }

    /// The label of column `c`: b, or the offset from the row's first n.
    pub fn column_label(&self, c: usize) -> u64 {
        match self.table.columns {
            Some(columns) => columns.first + c as u64,
            None => c as u64,
        }
    }

    /// The label of column `c` as printed: `7`, or `+7` for an offset.
    pub fn column_label_text(&self, c: usize) -> String {
        match self.table.columns {
            Some(_) => self.column_label(c).to_string(),
            None => format!("+{c}"),
        }
    }

    /// The name of the row parameter: `a` or `n`.
    pub fn row_name(&self) -> &'static str {
        if self.is_grid() {
            "a"
        } else {
            "n"
        }
    }

    /// The name of the column parameter: `b`, or `+k` for the offsets of a wrapped line.
    pub fn column_name(&self) -> &'static str {
        if self.is_grid() {
            "b"
        } else {
            "+k"
        }
    }

    /// The label of the corner of a text grid: `a\b` or `n`.
    pub fn corner_label(&self) -> &'static str {
        if self.is_grid() {
            "a\\b"
        } else {
            "n"
        }
    }
}

/// A game `grundy table` can tabulate: its values (or outcomes) by one parameter n, or by
/// two, (a, b). The families of the catalogue implement it and offer it through a
/// [`TableSource`]; a table knows nothing of any game.
pub trait Tabulate: fmt::Debug {
    /// The game's name, as tables print it: `0.77 (Kayles)`, `Wythoff's game`.
    fn name(&self) -> String;

    /// The number of parameters: 1 (n) or 2 (a, b).
    fn parameters(&self) -> usize;

    /// The range of each parameter of a two-parameter table when none is given: 0..19, or
    /// less where the game is bounded (an n × n matrix) or costly (boards of a ruleset).
    fn default_span(&self) -> Span {
        Span { first: 0, last: 19 }
    }

    /// The table of a one-parameter game for every n of `n`: values, or outcomes for
    /// [`Kind::Outcomes`]. Games whose values take memory or time beyond the table's own
    /// cells (take-and-break values from heap 0 up) work within `budget` and fail with its
    /// error ([`TableError::Game`]) when it runs out.
    fn line(
        &self,
        n: Span,
        kind: Kind,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Table, TableError> {
        let _ = (n, kind, budget, progress);
        Err(self.dimension_error(1))
    }

    /// The table of a two-parameter game for every (a, b) of `a` × `b`, within `budget` as
    /// [`Tabulate::line`] (the canonical forms of a ruleset's boards).
    fn grid(&self, a: Span, b: Span, kind: Kind, budget: &Budget) -> Result<Table, TableError> {
        let _ = (a, b, kind, budget);
        Err(self.dimension_error(2))
    }

    /// The error for a table of `asked` parameters of a game that has the other number.
    fn dimension_error(&self, asked: usize) -> TableError {
        TableError::Dimension {
            game: self.name(),
            has: self.parameters(),
            asked,
        }
    }
}

/// How a family names its tables in `grundy table GAME`, and how it reads such a name.
#[derive(Debug, Clone, Copy)]
pub struct TableSource {
    /// The forms of the name, for help and errors: `subtraction:1,3,4`, `wythoff`.
    pub syntax: &'static str,
    /// What the table's parameters and cells are, for help: `n: the pile, taking a square
    /// number`, `(a, b): two-pile Nim`.
    pub about: &'static str,
    /// Reads a name (already trimmed): `None` when it names another family's game.
    pub parse: fn(&str) -> Option<TableGame>,
}

/// A game of a table, or why its name could not be read.
pub type TableGame = Result<Box<dyn Tabulate>, TableError>;

/// Checks the largest parameter asked of a table against a game's limit.
pub fn check_limit(
    game: &str,
    parameter: &'static str,
    value: u64,
    limit: u64,
    reason: &'static str,
) -> Result<(), TableError> {
    if value > limit {
        return Err(TableError::ParameterTooLarge {
            game: game.to_string(),
            parameter,
            value,
            limit,
            reason,
        });
    }
    Ok(())
}

/// The table of outcomes or values, as `kind` asks, of a table of values.
pub fn of_kind(table: Table, kind: Kind) -> Table {
    match kind {
        Kind::Values | Kind::Forms | Kind::Elements => table,
        Kind::Outcomes => table.outcomes(),
    }
}

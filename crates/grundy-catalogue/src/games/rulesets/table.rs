//! A ruleset's table of positions named by two numbers (`grundy table domineering`), and the
//! positions the rulesets tabulate.

use std::fmt;

use grundy::budget::Budget;
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::{GameId, GameStore, ValueError};
use grundy::pattern::table::{of_kind, Form, Kind, Span, Table, TableError, TableGame, Tabulate};

/// A ruleset's table as declared ([`super::RulesetGame::table`]): what its cells are, and
/// how large it may be.
#[derive(Debug)]
pub struct TableSpec {
    /// What the table's parameters and cells are, for help: `(a, b): the empty a × b board`.
    pub about: &'static str,
    /// The table's name: `Domineering (rows x columns)`.
    pub title: &'static str,
    /// The position (a, b) as text, in the ruleset's notation; `None` for a board with no
    /// cell (the game 0).
    pub position: fn(u64, u64) -> Option<String>,
    /// The size of the position (a, b), in `unit`s, and the largest tabulated: the time to
    /// value a position grows exponentially with its size.
    pub size: fn(u64, u64) -> u64,
    /// The largest size tabulated.
    pub limit: u64,
    /// What the size counts: `cells`.
    pub unit: &'static str,
    /// The range of each parameter when none is given: within the limit.
    pub default_span: Span,
    /// Whether the cells are nim values (an impartial ruleset) rather than canonical forms.
    pub nimbers: bool,
    /// Reads a table's name: the declaration's own, `|spec| NAME.table_game(spec)` (a
    /// function cannot hold the declaration it belongs to).
    pub parse: fn(&str) -> Option<TableGame>,
    /// The start of the game played from a cell, if the cells are played
    /// ([`crate::play::PlayTable`]): the position (a, b), Left to move.
    pub played: Option<CellStart>,
}

/// The start of the game played from a table's cell (its parameters): a position and who
/// moves.
pub type CellStart = fn(&[u64]) -> Option<String>;

/// A table of a ruleset's positions named by two parameters (a, b) — the empty a × b boards
/// of Domineering and Cram, the strips T^a.F^b of Toads and Frogs — valued with one memo for
/// the whole table: canonical forms, or nim values for an impartial ruleset.
#[derive(Debug)]
pub(super) struct RulesetTable<R: 'static> {
    pub rules: R,
    pub spec: &'static TableSpec,
}

impl<R: Ruleset + Clone + fmt::Debug> Tabulate for RulesetTable<R> {
    fn name(&self) -> String {
        self.spec.title.to_string()
    }

    fn parameters(&self) -> usize {
        2
    }

    fn default_span(&self) -> Span {
        self.spec.default_span
    }

    /// Each cell the value of position (a, b): O(distinct regions reachable from the largest).
    fn grid(&self, a: Span, b: Span, kind: Kind, budget: &Budget) -> Result<Table, TableError> {
        let spec = self.spec;
        let name = spec.title;
        let size = (spec.size)(a.last, b.last);
        if size > spec.limit {
            return Err(TableError::Malformed(format!(
                "{name}: the largest position, ({}, {}), has {size} {unit}; at most {limit} \
                 are tabulated (larger ones take too long)",
                a.last,
                b.last,
                unit = spec.unit,
                limit = spec.limit
            )));
        }
        let failed = |message: String| TableError::Game {
            game: name.to_string(),
            message,
        };
        let mut store = GameStore::with_budget(budget.clone());
        let mut evaluator = Evaluator::new(self.rules.clone());
        let mut ids = Vec::new();
        let mut stopped = None;
        'rows: for x in a.iter() {
            let row = ids.len();
            for y in b.iter() {
                let Some(text) = (spec.position)(x, y) else {
                    ids.push(GameId::ZERO);
                    continue;
                };
                let p = self
                    .rules
                    .parse(&text)
                    .map_err(|e| failed(format!("position '{text}': {e}")))?;
                match evaluator.value(&mut store, &p) {
                    Ok(v) => ids.push(v),
                    Err(ValueError::Budget(e)) => {
                        ids.truncate(row);
                        stopped = Some((x, e));
                        break 'rows;
                    }
                    Err(e) => return Err(failed(e.to_string())),
                }
            }
        }
        // The rows finished before a budget ran out are a table of their own.
        let (a, stopped) = match stopped {
            None => (a, None),
            Some((x, e)) if x == a.first => {
                return Err(TableError::Budget {
                    game: name.to_string(),
                    message: e.to_string(),
                })
            }
            Some((x, e)) => (
                Span {
                    first: a.first,
                    last: x - 1,
                },
                Some(e),
            ),
        };
        // The forms of the cells valued are written whatever the budget left: each text is
        // bounded by the store's print limit, and the cancel flag still stops it.
        if stopped.is_some() {
            store.set_budget(Budget::default().with_cancel(budget.cancel().clone()));
        }
        let mut cells = ids.into_iter();
        let mut next = || cells.next().unwrap_or(GameId::ZERO);
        let table = if spec.nimbers {
            Table::grid(name, a, b, |_, _| {
                store.nus(next()).map_or(0, |n| u64::from(n.nimber))
            })?
        } else {
            Table::form_grid(name, a, b, |_, _| {
                let v = next();
                let class = store.outcome(v).map_err(|e| failed(e.to_string()))?;
                Ok(Form {
                    text: store.display(v),
                    class,
                })
            })?
        };
        let table = of_kind(table, kind);
        Ok(match stopped {
            None => table,
            Some(error) => {
                return Err(TableError::Stopped {
                    partial: Box::new(table),
                    error,
                })
            }
        })
    }
}

/// The empty board of `rows` × `cols` cells, in grid notation (`None` when either is 0).
pub fn empty_board(rows: u64, cols: u64) -> Option<String> {
    (rows > 0 && cols > 0).then(|| vec![".".repeat(cols as usize); rows as usize].join("|"))
}

/// A ruleset's position `board`, Left to move: a table's cell as a start.
pub fn left_to_move(board: Option<String>) -> Option<String> {
    Some(format!("{} left", board?))
}

/// The start of a table's cell (rows, columns) in a placing game: the empty board, Left to
/// move.
pub fn empty_board_left_to_move(cell: &[u64]) -> Option<String> {
    left_to_move(empty_board(cell[0], cell[1]))
}

/// The cells of a rows × cols board.
pub fn board_cells(rows: u64, cols: u64) -> u64 {
    rows.saturating_mul(cols)
}

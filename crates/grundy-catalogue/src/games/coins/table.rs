//! `grundy table coins:RULE`: a row as a table, the value of one head by its place.

use super::args::parse_rule;
use super::error::CoinsError;
use super::row::Row;
use super::rule::Rule;
use crate::games::Family;
use grundy::budget::Budget;
use grundy::input;
use grundy::pattern::table::{
    cell_count, of_kind, Kind, Span, Table, TableError, TableGame, Tabulate,
};
use grundy::progress::Progress;

/// A coin row as a table: the value of one head at coin n (from 1; no head for n = 0).
impl Tabulate for Rule {
    fn name(&self) -> String {
        format!("coin-turning row: {self}")
    }

    fn parameters(&self) -> usize {
        1
    }

    fn line(
        &self,
        n: Span,
        kind: Kind,
        budget: &Budget,
        _: &dyn Progress,
    ) -> Result<Table, TableError> {
        let failed = |e: CoinsError| TableError::Game {
            game: Tabulate::name(self),
            message: e.to_string(),
        };
        // The number of cells is checked before anything is sized by the span; then each
        // cell is valued as the table is filled.
        cell_count(n, None)?;
        let row = Row::with_budget(*self, n.last.max(1), 1, budget).map_err(failed)?;
        let mut error = None;
        let table = Table::line(Tabulate::name(self), n, |x| match x {
            0 => 0,
            x => row.value(x).unwrap_or_else(|e| {
                error.get_or_insert(e);
                0
            }),
        })?;
        if let Some(e) = error {
            return Err(failed(e));
        }
        Ok(of_kind(table, kind))
    }
}

/// The row of the table's cell n, as play writes it: one head at coin n (from 1), or a single
/// tail for n = 0.
pub(super) fn one_head(n: u64) -> String {
    match n {
        0 => "0".to_string(),
        n => format!("{}1", "0".repeat(n as usize - 1)),
    }
}

/// Reads a table's name: `coins:two`, `coins:mock-turtles`, `coins:ruler`, `coins:ruler:K`, or
/// `coins:CODE` for a turning code or its name (`coins:3E`, `coins:turnips`); `turning:` and
/// `spawning:` are `coins:` too. Not the multiples game, whose values depend on the row's
/// length.
pub(super) fn parse_table(spec: &str) -> Option<TableGame> {
    let (word, rest) = spec.split_once(':')?;
    if !super::CoinsFamily.answers_to(word) {
        return None;
    }
    let rule = match rest.split_once(':') {
        Some((ruler, k)) if ruler.eq_ignore_ascii_case("ruler") => {
            input::whole("K", k, "the longest run", 1)
                .map(|k| Rule::Ruler { max_run: Some(k) })
                .map_err(|e| e.to_string())
        }
        _ => match parse_rule("coins:RULE", rest, "K", None) {
            Ok(Rule::Multiples) => Err(
                "the multiples game's values depend on the row's length: it has no table"
                    .to_string(),
            ),
            Ok(rule) => Ok(rule),
            Err(e) => Err(e.to_string()),
        },
    };
    Some(
        rule.map(|r| Box::new(r) as Box<dyn Tabulate>)
            .map_err(|message| TableError::BadGame {
                spec: spec.to_string(),
                message,
            }),
    )
}

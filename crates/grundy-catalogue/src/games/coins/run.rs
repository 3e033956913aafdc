//! `grundy coins`: checks the arguments, values the row or the board and answers with a
//! `Report` (the common answer, the rule, the size and each head's value).

use serde::Serialize;

use super::args::{heads_of_row, length_or, parse_coin, parse_rule};
use super::board::{Board, BOARD_SEARCH_BUDGET};
use super::error::CoinsError;
use super::row::Row;
use super::rule::Rule;
use crate::games::{Inputs, RunError};
use grundy::input;
use grundy::report::{Field, Report};

/// How many heads' values text output prints.
const LISTED_VALUES: usize = 20;

/// The values of the first heads, for text: `coin 3 = 1, coin 7 = 1`.
fn values_text<C>(values: &[(C, u64)], coin: impl Fn(&C) -> String) -> String {
    let mut text: Vec<String> = values
        .iter()
        .take(LISTED_VALUES)
        .map(|(c, v)| format!("coin {} = {v}", coin(c)))
        .collect();
    if values.len() > LISTED_VALUES {
        text.push("...".to_string());
    }
    text.join(", ")
}

/// A JSON object `{"coin": .., "value": ..}`.
#[derive(Serialize)]
struct HeadValue<C> {
    coin: C,
    value: u64,
}

pub(super) fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let rule = parse_rule(
        &inputs.shown("rule"),
        inputs.value("rule").unwrap_or_default(),
        &inputs.shown("max-run"),
        inputs.value("max-run"),
    )?;
    let texts: Vec<&str> = inputs
        .values("places")
        .iter()
        .chain(inputs.values("heads"))
        .flat_map(|t| t.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    // The declarations have checked the rest: a row excludes listed heads, a length and a
    // board; a board's bounds need its rule.
    match inputs.value("by") {
        None => run_row(inputs, rule, &texts),
        Some(by) => {
            let by = parse_rule(
                &inputs.shown("by"),
                by,
                &inputs.shown("by-max-run"),
                inputs.value("by-max-run"),
            )?;
            run_board(inputs, (rule, by), &texts)
        }
    }
}

/// A row of coins.
fn run_row(inputs: &Inputs, rule: Rule, texts: &[&str]) -> Result<Report, RunError> {
    let (heads, length) = match inputs.value("row") {
        Some(row) => heads_of_row(row)?,
        None => {
            let heads = texts
                .iter()
                .map(|t| input::whole("head", t, "a coin", 0))
                .collect::<Result<Vec<u64>, _>>()?;
            let length = length_or(inputs, "length", rule, &heads)?;
            (heads, length)
        }
    };
    let from = heads.iter().copied().min().unwrap_or(1);
    let row = Row::with_budget(rule, length, from, inputs.budget())?;
    let answer = row.answer(&heads)?;
    let mut sorted = heads;
    sorted.sort_unstable();
    let values: Vec<(u64, u64)> = sorted
        .iter()
        .map(|&x| Ok((x, row.value(x)?)))
        .collect::<Result<_, CoinsError>>()?;
    let mut report =
        Report::answer(&answer).fields([Field::shown("rule", rule.name(), "rule", rule)]);
    if let Rule::Ruler { max_run: Some(k) } = rule {
        report = report.field(Field::json_only("max_run", k));
    }
    report = report.fields([
        Field::new("length", length),
        Field::json_only(
            "heads",
            values
                .iter()
                .map(|&(coin, value)| HeadValue { coin, value })
                .collect::<Vec<_>>(),
        ),
    ]);
    if !values.is_empty() {
        report = report.field(Field::text_only(
            "values",
            values_text(&values, u64::to_string),
        ));
    }
    Ok(report)
}

/// A board: the product of two rows.
fn run_board(inputs: &Inputs, (rx, ry): (Rule, Rule), texts: &[&str]) -> Result<Report, RunError> {
    let heads = texts
        .iter()
        .map(|t| parse_coin(t))
        .collect::<Result<Vec<(u64, u64)>, _>>()?;
    let xs: Vec<u64> = heads.iter().map(|h| h.0).collect();
    let ys: Vec<u64> = heads.iter().map(|h| h.1).collect();
    let lx = length_or(inputs, "length", rx, &xs)?;
    let ly = length_or(inputs, "by-length", ry, &ys)?;
    let row = |rule, length, coords: &[u64]| {
        let from = coords.iter().copied().min().unwrap_or(1);
        Row::with_budget(rule, length, from, inputs.budget())
    };
    let board = Board::new(row(rx, lx, &xs)?, row(ry, ly, &ys)?);
    let result = board.answer(&heads, BOARD_SEARCH_BUDGET)?;
    let mut sorted = heads;
    sorted.sort_unstable();
    let values: Vec<((u64, u64), u64)> = sorted
        .iter()
        .map(|&h| Ok((h, board.value(h)?)))
        .collect::<Result<_, CoinsError>>()?;
    let max_run = |rule| match rule {
        Rule::Ruler { max_run: Some(k) } => Some(k),
        _ => None,
    };
    let mut report = Report::answer(&result.answer).fields([
        Field::shown(
            "rules",
            [rx.name(), ry.name()],
            "board",
            format!("{rx} × {ry}"),
        ),
        Field::json_only("max_runs", [max_run(rx), max_run(ry)]),
        Field::shown("size", [lx, ly], "size", format!("{lx} × {ly}")),
        Field::json_only(
            "heads",
            values
                .iter()
                .map(|&((x, y), value)| HeadValue {
                    coin: [x, y],
                    value,
                })
                .collect::<Vec<_>>(),
        ),
        Field::json_only("winning_moves_complete", result.complete),
    ]);
    if !values.is_empty() {
        let text = values_text(&values, |(x, y)| format!("({x}, {y})"));
        report = report.field(Field::text_only("values", text));
    }
    if !result.complete {
        report = report.field(Field::text_only(
            "note",
            "the search for winning moves stopped at its budget: there may be more",
        ));
    }
    Ok(report)
}

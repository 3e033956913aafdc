//! `grundy coins --rule RULE (--row BITS | HEADS...)`: coin-turning games on a row, or with
//! `--by RULE` on a board (the product of two rows, valued by nim products).
//!
//! Coins are numbered from 1 at the left end. A row is given as a string of 0s and 1s
//! (`--row 0110`: coins 2 and 3 show heads) or by the places of its heads (`3,7,12` or
//! `3 7 12`, also as `--heads 3,7,12`) with `--length N` (by default the last head ends the
//! row; the multiples game needs it, since its values depend on it). On a board each head is
//! `X:Y`, and `--length` and `--by-length` give its sides.
//!
//! Besides the common answer: `rule` (JSON: `"rule"`, and `"max_run"` when given; on a board
//! `"rules"`, `"max_runs"`), `length` (on a board `size`), each head's value
//! (`"heads": [{"coin": 3, "value": 1}, ...]`), and on a board whether the search for
//! winning moves saw every head through (`"winning_moves_complete"`). Moves print as
//! `turn 4, 12`, `turn 5..8`, `turn 3, 6, ..., 12 (k = 4)` or on a board
//! `turn {3, 7} × {5..8}`; in JSON `{"coins": [4, 12]}`, `{"run": {"from": 5, "to": 8}}`,
//! `{"multiples": {"x": 3, "k": 4}}`, on a board `{"x": <move>, "y": <move>}`.

use anyhow::{bail, Context, Result};
use clap::Args;
use grundy::games::coins::{heads_of_row, Board, Row, Rule, BOARD_SEARCH_BUDGET};
use serde_json::{json, Value};

/// How many heads' values text output prints.
const LISTED_VALUES: usize = 20;

/// Arguments of `grundy coins`.
#[derive(Debug, Args)]
pub struct CoinsArgs {
    /// The heads: places from 1 (`3 7 12` or `3,7,12`), or `X:Y` on a board.
    #[arg(value_name = "HEADS", allow_negative_numbers = true)]
    pub heads: Vec<String>,
    /// The rule: two (turn one or two coins), mock-turtles (one to three), ruler (a run),
    /// multiples (x, 2x, ..., kx); the head is the rightmost coin turned (the leftmost for
    /// multiples).
    #[arg(long, value_name = "RULE", allow_hyphen_values = true)]
    pub rule: String,
    /// With `--rule ruler`: runs of at most K coins.
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub max_run: Option<String>,
    /// The row as 0s (tails) and 1s (heads), coin 1 first.
    #[arg(long, value_name = "BITS", allow_hyphen_values = true)]
    pub row: Option<String>,
    /// The heads as a comma-separated list (the same as HEADS).
    #[arg(long = "heads", value_name = "LIST", allow_hyphen_values = true)]
    pub heads_list: Option<String>,
    /// The number of coins of the row (on a board, along x) [default: the last head].
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub length: Option<String>,
    /// A board: the rule of the second coordinate (y); heads are `X:Y`.
    #[arg(long, value_name = "RULE", allow_hyphen_values = true)]
    pub by: Option<String>,
    /// With `--by ruler`: runs of at most K coins along y.
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub by_max_run: Option<String>,
    /// The board's length along y [default: the largest y of a head].
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub by_length: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads a whole number from 0 to 2^64 - 1 for `what`.
fn parse_number(what: &str, text: &str) -> Result<u64> {
    text.trim().parse::<u64>().ok().with_context(|| {
        format!(
            "{what}: '{text}' is not a whole number (expected one from 0 to {})",
            u64::MAX
        )
    })
}

/// Reads a rule and its bound on the runs (`option` names the rule's option, `bound` the
/// bound's).
fn parse_rule(option: &str, name: &str, bound: &str, max_run: Option<&String>) -> Result<Rule> {
    let rule = match name {
        "two" => Rule::Two,
        "mock-turtles" => Rule::MockTurtles,
        "ruler" => Rule::Ruler {
            max_run: max_run.map(|k| parse_number(bound, k)).transpose()?,
        },
        "multiples" => Rule::Multiples,
        other => bail!(
            "{option}: unknown rule '{other}' (expected two, mock-turtles, ruler or multiples)"
        ),
    };
    if max_run.is_some() && name != "ruler" {
        bail!("{bound} bounds the runs of the ruler rule, and the rule is {name}");
    }
    Ok(rule)
}

/// The texts of the heads, from the arguments and `--heads`, split at commas.
fn head_texts(args: &CoinsArgs) -> Vec<&str> {
    args.heads
        .iter()
        .chain(&args.heads_list)
        .flat_map(|t| t.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect()
}

/// The length given by an option, or the largest head.
fn length_or(option: &str, given: Option<&String>, rule: Rule, heads: &[u64]) -> Result<u64> {
    match given {
        Some(text) => parse_number(option, text),
        None if rule == Rule::Multiples => {
            bail!("the multiples game's values depend on the number of coins: give {option}")
        }
        None => Ok(heads.iter().copied().max().unwrap_or(0)),
    }
}

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

/// Runs `grundy coins`.
pub fn run(args: &CoinsArgs) -> Result<()> {
    let rule = parse_rule("--rule", &args.rule, "--max-run", args.max_run.as_ref())?;
    let texts = head_texts(args);
    if args.row.is_some() && (!args.heads.is_empty() || args.heads_list.is_some()) {
        bail!("give the heads either as --row or by their places, not both");
    }
    if args.by.is_none() && (args.by_max_run.is_some() || args.by_length.is_some()) {
        bail!("--by-max-run and --by-length describe a board: give its second rule with --by");
    }
    match &args.by {
        None => run_row(args, rule, &texts),
        Some(by) => {
            if args.row.is_some() {
                bail!("--row gives a row; give a board's heads as X:Y");
            }
            let by = parse_rule("--by", by, "--by-max-run", args.by_max_run.as_ref())?;
            run_board(args, (rule, by), &texts)
        }
    }
}

/// A row of coins.
fn run_row(args: &CoinsArgs, rule: Rule, texts: &[&str]) -> Result<()> {
    let (heads, length) = match &args.row {
        Some(row) => {
            if args.length.is_some() {
                bail!("--row gives the row's length already: leave out --length");
            }
            heads_of_row(row)?
        }
        None => {
            if args.heads.is_empty() && args.heads_list.is_none() {
                bail!("give the row: --row BITS, or the places of its heads (3,7,12)");
            }
            let heads = texts
                .iter()
                .map(|t| parse_number("head", t))
                .collect::<Result<Vec<u64>>>()?;
            let length = length_or("--length", args.length.as_ref(), rule, &heads)?;
            (heads, length)
        }
    };
    let from = heads.iter().copied().min().unwrap_or(1);
    let row = Row::new(rule, length, from)?;
    let answer = row.answer(&heads)?;
    let mut sorted = heads;
    sorted.sort_unstable();
    let values: Vec<(u64, u64)> = sorted
        .iter()
        .map(|&x| Ok((x, row.value(x)?)))
        .collect::<Result<_>>()?;
    let extra = if args.json {
        let mut extra = vec![("rule", Value::from(rule.name()))];
        if let Rule::Ruler { max_run: Some(k) } = rule {
            extra.push(("max_run", Value::from(k)));
        }
        extra.push(("length", Value::from(length)));
        let heads: Vec<Value> = values
            .iter()
            .map(|(c, v)| json!({"coin": c, "value": v}))
            .collect();
        extra.push(("heads", Value::from(heads)));
        extra
    } else {
        let mut extra = vec![
            ("rule", Value::from(rule.to_string())),
            ("length", Value::from(length)),
        ];
        if !values.is_empty() {
            extra.push(("values", values_text(&values, u64::to_string).into()));
        }
        extra
    };
    super::emit(&answer, &extra, args.json)
}

/// Reads a board's head `X:Y`.
fn parse_coin(text: &str) -> Result<(u64, u64)> {
    match text.split_once(':') {
        Some((x, y)) => Ok((
            parse_number(&format!("head '{text}'"), x)?,
            parse_number(&format!("head '{text}'"), y)?,
        )),
        None => bail!("head '{text}': a board's heads are X:Y, like 2:3"),
    }
}

/// A board: the product of two rows.
fn run_board(args: &CoinsArgs, (rx, ry): (Rule, Rule), texts: &[&str]) -> Result<()> {
    if args.heads.is_empty() && args.heads_list.is_none() {
        bail!("give the board's heads as X:Y (2:3 5:1)");
    }
    let heads = texts
        .iter()
        .map(|t| parse_coin(t))
        .collect::<Result<Vec<(u64, u64)>>>()?;
    let xs: Vec<u64> = heads.iter().map(|h| h.0).collect();
    let ys: Vec<u64> = heads.iter().map(|h| h.1).collect();
    let lx = length_or("--length", args.length.as_ref(), rx, &xs)?;
    let ly = length_or("--by-length", args.by_length.as_ref(), ry, &ys)?;
    let row = |rule, length, coords: &[u64]| {
        Row::new(rule, length, coords.iter().copied().min().unwrap_or(1))
    };
    let board = Board::new(row(rx, lx, &xs)?, row(ry, ly, &ys)?);
    let result = board.answer(&heads, BOARD_SEARCH_BUDGET)?;
    let mut sorted = heads;
    sorted.sort_unstable();
    let values: Vec<((u64, u64), u64)> = sorted
        .iter()
        .map(|&h| Ok((h, board.value(h)?)))
        .collect::<Result<_>>()?;
    let max_run = |rule| match rule {
        Rule::Ruler { max_run: Some(k) } => Value::from(k),
        _ => Value::Null,
    };
    let extra = if args.json {
        let heads: Vec<Value> = values
            .iter()
            .map(|((x, y), v)| json!({"coin": [x, y], "value": v}))
            .collect();
        vec![
            ("rules", json!([rx.name(), ry.name()])),
            ("max_runs", json!([max_run(rx), max_run(ry)])),
            ("size", json!([lx, ly])),
            ("heads", Value::from(heads)),
            ("winning_moves_complete", Value::from(result.complete)),
        ]
    } else {
        let mut extra = vec![
            ("board", format!("{rx} × {ry}").into()),
            ("size", format!("{lx} × {ly}").into()),
        ];
        if !values.is_empty() {
            let text = values_text(&values, |(x, y)| format!("({x}, {y})"));
            extra.push(("values", text.into()));
        }
        if !result.complete {
            extra.push((
                "note",
                "the search for winning moves stopped at its budget: there may be more".into(),
            ));
        }
        extra
    };
    super::emit(&result.answer, &extra, args.json)
}

//! `grundy table GAME --n FIRST..LAST` (one parameter) or `--a .. --b ..` (two): a table of
//! Sprague–Grundy values or outcomes, as a text grid, CSV or JSON, and as a PNG or SVG
//! heatmap. The library's `pattern::table` computes, `pattern::picture` draws; this only
//! reads the arguments and writes the results.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use grundy::budget::Budget;
use grundy::input;
use grundy::pattern::observe::{observe, Pattern};
use grundy::pattern::picture::{Heatmap, PictureOptions};
use grundy::pattern::table::{Kind, Span, Table, TableError, Tabulate};
use grundy_catalogue::games::registry;
use serde::Serialize;

use crate::budget_cmd::BudgetArgs;
use crate::catalogue::example;
use crate::output::{budget_error, write_json_line, Bounded, Format};
use crate::progress::Bar;

/// The long help of the game's name: every family's table names and what they tabulate, from
/// the registry.
fn game_help() -> String {
    let mut help = String::from("The game: a name the catalogue's families give their tables:");
    for source in registry::table_sources() {
        help.push_str(&format!("\n  {}\n      {}", source.syntax, source.about));
    }
    help
}

/// Arguments of `grundy table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The game: a name the catalogue's families give their tables (`grundy table --help`
    /// lists them).
    #[arg(value_name = "GAME", long_help = game_help())]
    pub game: String,
    /// One-parameter games: the range of n, FIRST..LAST, both included [default: 0..99].
    #[arg(long, value_name = "FIRST..LAST", allow_hyphen_values = true)]
    pub n: Option<String>,
    /// Two-parameter games: the range of a, the rows [default: the range of b, or 0..19 (or
    /// less, for a smaller Mex Mat or a ruleset's boards)].
    #[arg(
        long,
        visible_alias = "rows",
        value_name = "FIRST..LAST",
        allow_hyphen_values = true
    )]
    pub a: Option<String>,
    /// Two-parameter games: the range of b, the columns [default: the range of a].
    #[arg(
        long,
        visible_alias = "cols",
        value_name = "FIRST..LAST",
        allow_hyphen_values = true
    )]
    pub b: Option<String>,
    /// Outcomes instead of values: P (value 0, the player to move loses) or N; for partizan
    /// rulesets also L and R (Left, or Right, wins whoever starts).
    #[arg(long)]
    pub outcome: bool,
    /// Draw the table as a PNG heatmap into FILE (P-positions black).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Draw the table as an SVG heatmap into FILE (P-positions black).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// One-parameter tables: cells per row [default: 10 in text; about square in pictures].
    #[arg(long, value_name = "W", allow_hyphen_values = true)]
    pub width: Option<String>,
    /// Pictures: pixels per cell [default: the plot about 800 pixels wide, at least 1].
    #[arg(long, value_name = "PIXELS", allow_hyphen_values = true)]
    pub scale: Option<String>,
    /// Also report the patterns the table shows: closed forms (n, lowbit, odious numbers,
    /// Zeckendorf), families of P-positions, periods and arithmetic periods, symmetry, nim
    /// sums, constant diagonals, Wythoff's pairs. In JSON, a "patterns" array.
    #[arg(long)]
    pub patterns: bool,
    /// The budget of the computation (take-and-break values, a ruleset's boards).
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// A table with the patterns seen in it, for JSON.
#[derive(Serialize)]
struct Observed<'a> {
    #[serde(flatten)]
    table: &'a Table,
    patterns: Vec<Pattern>,
}

/// Reads a range option.
fn parse_span(option: &str, text: &str) -> Result<Span> {
    Ok(Span::parse(&format!("--{option}"), text)?)
}

/// Reads a positive count option.
fn parse_positive(option: &str, text: &str, noun: &str) -> Result<u64> {
    Ok(input::whole_up_to(
        &format!("--{option}"),
        text,
        noun,
        1,
        u64::from(u32::MAX),
    )?)
}

/// Computes the table the arguments ask for.
fn table(args: &TableArgs, game: &dyn Tabulate, budget: &Budget) -> Result<Table> {
    let kind = if args.outcome {
        Kind::Outcomes
    } else {
        Kind::Values
    };
    let name = game.name();
    if game.parameters() == 1 {
        if args.a.is_some() || args.b.is_some() {
            bail!("{name} has one parameter: give its range with --n FIRST..LAST, not --a/--b");
        }
        let n = parse_span("n", args.n.as_deref().unwrap_or("0..99"))?;
        let bar = Bar::new();
        return Ok(game.line(n, kind, budget, &bar)?);
    }
    if args.n.is_some() {
        bail!("{name} has two parameters: give their ranges with --a and --b, not --n");
    }
    if args.width.is_some() {
        bail!("--width wraps one-parameter tables; {name} has two parameters");
    }
    let a = args
        .a
        .as_deref()
        .map(|t| parse_span("a (--rows)", t))
        .transpose()?;
    let b = args
        .b
        .as_deref()
        .map(|t| parse_span("b (--cols)", t))
        .transpose()?;
    let default = game.default_span();
    let (a, b) = match (a, b) {
        (Some(a), Some(b)) => (a, b),
        (Some(a), None) => (a, a),
        (None, Some(b)) => (b, b),
        (None, None) => (default, default),
    };
    Ok(game.grid(a, b, kind, budget)?)
}

/// Draws `table` into `path` as PNG or SVG; returns what was written, in words.
fn draw(table: &Table, options: &PictureOptions, path: &Path, svg: bool) -> Result<String> {
    let map = Heatmap::new(table, options)?;
    let bytes = if svg {
        map.svg().into_bytes()
    } else {
        map.png()
    };
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    let (rows, columns) = map.cells();
    let (width, height) = map.size();
    let scale = map.scale();
    Ok(format!(
        "wrote {}: {rows} x {columns} cells, {scale} pixel{} per cell, {width} x {height} pixels",
        path.display(),
        if scale == 1 { "" } else { "s" }
    ))
}

/// Runs `grundy table`: text (a grid), `--format csv` (`n,value` lines, or a matrix with the
/// header `a\b,B0,B1,...`), `--format tsv` (a line a cell, `n` or `a<TAB>b`, then the
/// cell), or `--format json` (`{"game", "kind", "n" (or "a" and "b"), "values" (or
/// "outcomes")}`).
pub fn run(args: &TableArgs, format: Format) -> Result<()> {
    let game = registry::table_game(&args.game)?;
    let wrap = args
        .width
        .as_deref()
        .map(|w| parse_positive("width", w, "a width").map(|w| w as usize))
        .transpose()?;
    let scale = args
        .scale
        .as_deref()
        .map(|s| parse_positive("scale", s, "a scale").map(|s| s as u32))
        .transpose()?;
    // A table that a budget stopped is shown as far as it got, then the budget's error.
    let budget = args.budget.budget()?;
    let (table, stopped) = match table(args, game.as_ref(), &budget) {
        Ok(table) => (table, None),
        Err(e) => match e.downcast::<TableError>()? {
            e @ TableError::Stopped { .. } => {
                let message = e.to_string();
                let TableError::Stopped { partial, .. } = e else {
                    unreachable!("matched above")
                };
                (*partial, Some(message))
            }
            e => return Err(in_words(e)),
        },
    };
    // Writing is part of the work: a table of millions of cells stops at the deadline too.
    let cells = table.values().len() as u64;
    let out = Bounded::new(io::stdout().lock(), &budget, cells);
    if let Err(e) = show(args, &table, out, wrap, scale, format) {
        return Err(match budget_error(&e) {
            Some(exhausted) => exhausted.into(),
            None => e,
        });
    }
    match stopped {
        Some(message) => Err(anyhow!(message)),
        None => Ok(()),
    }
}

/// A table's error as the command line says it: a table that needs a family's run with more
/// of a budget names the run (`grundy misere-quotient 0.35 --upto 20 --sums N`).
fn in_words(e: TableError) -> anyhow::Error {
    let TableError::NeedsMore(more) = &e else {
        return e.into();
    };
    let Some(params) = registry::family(&more.family).map(|f| f.params()) else {
        return e.into();
    };
    let given: Vec<(&str, &str)> = (more.parameters.iter())
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    let raise = &more.raise;
    let value = (params.iter().find(|p| p.name == raise)).map_or("N", |p| p.value_name);
    anyhow!(
        "{}: {}: compute it with more {raise}: grundy {} {} --{raise} {value}",
        more.game,
        more.needed,
        more.family,
        example(params, &given)
    )
}

/// Writes `table` as `args` and `format` ask: pictures, then the table or what was drawn,
/// and the patterns seen.
fn show(
    args: &TableArgs,
    table: &Table,
    mut out: impl Write,
    wrap: Option<usize>,
    scale: Option<u32>,
    format: Format,
) -> Result<()> {
    let options = PictureOptions {
        wrap: wrap.unwrap_or(0),
        scale,
    };
    let mut written = Vec::new();
    if let Some(path) = &args.png {
        written.push(draw(table, &options, path, false)?);
    }
    if let Some(path) = &args.svg {
        written.push(draw(table, &options, path, true)?);
    }
    let patterns = args.patterns.then(|| observe(table));
    if format == Format::Csv {
        table.write_csv(&mut out)?;
    } else if format == Format::Tsv {
        table.write_tsv(&mut out)?;
    } else if format == Format::Json {
        match patterns {
            Some(patterns) => write_json_line(&mut out, &Observed { table, patterns })?,
            None => write_json_line(&mut out, table)?,
        }
        return Ok(());
    } else if written.is_empty() {
        table.write_text(&mut out, wrap.unwrap_or(10))?;
    } else {
        // Only pictures were asked for: say what was written.
        for line in written {
            writeln!(out, "{line}")?;
        }
    }
    if let Some(patterns) = patterns {
        let (first, last) = (table.rows().first, table.rows().last);
        let over = match table.columns() {
            None => format!("n = {first}..{last}"),
            Some(c) => format!("a = {first}..{last}, b = {}..{}", c.first, c.last),
        };
        if patterns.is_empty() {
            writeln!(out, "no pattern recognised over {over}")?;
        } else {
            writeln!(out, "patterns seen over {over}:")?;
            for p in patterns {
                writeln!(out, "  {p}")?;
            }
        }
    }
    Ok(())
}

//! The one output layer: the global `--format text|json|tsv|csv` (with `--json` and `--csv`
//! as short aliases), and the writers of the library's reports in each format.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use clap::{Arg, ArgAction, ArgMatches, ValueEnum};
use grundy::budget::{Budget, Exhausted};
use grundy::report::Report;
use serde::Serialize;

/// A writer that stops at its budget's deadline or cancel flag: writing a long answer (a
/// table of millions of cells) is part of the work the budget bounds. The budget is checked
/// once every [`Bounded::CHECK_BYTES`] bytes; past it, a write fails with an I/O error that
/// carries the budget's error, which [`budget_error`] finds again.
pub struct Bounded<'a, W: Write> {
    inner: W,
    budget: &'a Budget,
    /// Bytes written since the last check.
    since: usize,
    /// What was done before the writing, for the budget's message.
    positions: u64,
}

impl<'a, W: Write> Bounded<'a, W> {
    /// Bytes written between two checks of the budget: a check reads the clock.
    pub const CHECK_BYTES: usize = 1 << 16;

    /// `inner` written within `budget`, after `positions` positions were computed.
    pub fn new(inner: W, budget: &'a Budget, positions: u64) -> Self {
        Bounded {
            inner,
            budget,
            since: 0,
            positions,
        }
    }
}

impl<W: Write> Write for Bounded<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.since += buf.len();
        if self.since >= Self::CHECK_BYTES {
            self.since = 0;
            self.budget
                .check_time("writing the answer", self.positions)
                .map_err(io::Error::other)?;
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The budget's error a [`Bounded`] writer stopped with, if `e` holds one: what to tell the
/// user rather than an I/O error.
pub fn budget_error(e: &anyhow::Error) -> Option<Exhausted> {
    e.chain().find_map(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .and_then(|io| io.get_ref())
            .and_then(|inner| inner.downcast_ref::<Exhausted>())
            .cloned()
    })
}

/// How an answer is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Readable text.
    Text,
    /// One line of JSON, for programs.
    Json,
    /// Tab-separated rows, no header: a listing's rows, or `key<TAB>value` rows.
    Tsv,
    /// Comma-separated rows under a header line.
    Csv,
}

impl Format {
    /// The global arguments that choose the format, added to every command.
    pub fn args() -> [Arg; 3] {
        [
            Arg::new("format")
                .long("format")
                .value_name("FORMAT")
                .value_parser(clap::builder::EnumValueParser::<Format>::new())
                .global(true)
                .help("Output format: text, json, tsv or csv [default: text]"),
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .global(true)
                .help("Print JSON (the same as --format json)"),
            Arg::new("csv")
                .long("csv")
                .action(ArgAction::SetTrue)
                .global(true)
                .hide(true)
                .help("Print CSV (the same as --format csv)"),
        ]
    }

    /// The format the arguments ask for; an error when they ask for two.
    pub fn from_matches(matches: &ArgMatches) -> Result<Format> {
        let chosen = matches.get_one::<Format>("format").copied();
        let json = matches.get_flag("json").then_some(Format::Json);
        let csv = matches.get_flag("csv").then_some(Format::Csv);
        let given: Vec<Format> = [chosen, json, csv].into_iter().flatten().collect();
        match given[..] {
            [] => Ok(Format::Text),
            [one] => Ok(one),
            [first, ..] if given.iter().all(|&f| f == first) => Ok(first),
            _ => {
                anyhow::bail!("two output formats asked for: choose one of --format, --json, --csv")
            }
        }
    }

    /// The separator of table rows: tab for TSV, comma for CSV.
    pub fn separator(self) -> &'static str {
        match self {
            Format::Csv => ",",
            _ => "\t",
        }
    }
}

/// Writes one line of JSON.
pub fn write_json_line(out: &mut impl Write, value: &impl Serialize) -> Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

/// The size of a graph in words: `1 position, 1 move`, `9 positions, 10 moves`.
pub fn graph_size(positions: u64, moves: u64) -> String {
    let plural = |n: u64| if n == 1 { "" } else { "s" };
    format!(
        "{positions} position{}, {moves} move{}",
        plural(positions),
        plural(moves)
    )
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Writes a report in the chosen format on standard output.
pub fn emit(report: &Report, format: Format) -> Result<()> {
    emit_each(std::slice::from_ref(report), format)
}

/// Writes reports one after the other in the chosen format on standard output: in text a
/// blank line between two, in JSON one line each, in TSV and CSV the rows of each under one
/// header. A partial report (a budget ran out before all of it was computed) is written as
/// far as it goes, and then its budget's error is returned, so that the command ends with
/// exit code 2 and the message that says how to raise the budget.
pub fn emit_each(reports: &[Report], format: Format) -> Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    for (i, report) in reports.iter().enumerate() {
        match format {
            Format::Text => {
                if i > 0 {
                    writeln!(out)?;
                }
                report.write_text(&mut out)?;
            }
            Format::Json => write_json_line(&mut out, &report.to_json())?,
            Format::Tsv | Format::Csv => {
                let (header, rows) = report.table_rows();
                let line = |cells: Vec<String>| -> String {
                    if format == Format::Csv {
                        cells
                            .iter()
                            .map(|c| csv_field(c))
                            .collect::<Vec<_>>()
                            .join(",")
                    } else {
                        cells.join("\t")
                    }
                };
                if format == Format::Csv && i == 0 {
                    writeln!(out, "{}", line(header))?;
                }
                for row in rows {
                    writeln!(out, "{}", line(row))?;
                }
            }
        }
    }
    out.flush()?;
    match reports.iter().find_map(Report::stopped) {
        Some(e) => Err(e.clone().into()),
        None => Ok(()),
    }
}

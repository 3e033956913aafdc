//! `grundy solve FILE --engine timely`: the graph solved by timely dataflow workers, in this
//! process or in several (`--processes N --process I --hostfile FILE`), each process writing
//! its part of the listing.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};

use anyhow::{bail, Context, Result};
use grundy_timely::{Cell, Input, Job, Part};

use super::grundy_values::{write_value_row, write_values_summary};
use super::outcome::{write_outcome_row, write_summary};
use super::{write_header, SolveArgs, Values};
use crate::output::Format;

/// Runs the solve on timely dataflow and writes this process's part.
pub fn run(args: &SolveArgs, values: Values) -> Result<()> {
    let values = match values {
        Values::Outcome => grundy_timely::Values::Outcome,
        Values::Grundy => grundy_timely::Values::Grundy,
        Values::Payoff => {
            bail!("--engine timely computes outcomes and Sprague–Grundy values, not payoffs")
        }
    };
    let refused = [
        (args.prefer.is_some() || args.prefer2.is_some(), "--prefer"),
        (args.tokens.is_some(), "--tokens"),
        (args.start.is_some(), "--start"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        bail!("{flag} does not go with --engine timely: solve in memory for it");
    }
    match args.format {
        Format::Json => bail!(
            "--engine timely writes parts of a listing: use --format tsv or csv (or --summary)"
        ),
        Format::Text if !args.summary => bail!(
            "--engine timely writes parts of a listing: use --format tsv or csv, or --summary \
             for the counts"
        ),
        _ => {}
    }
    let cluster = args.cluster.cluster()?;
    let job = Job {
        values,
        misere: args.misere,
    };
    let part = if args.file.as_os_str() == "-" {
        // A stream cannot be read by ranges: it is read whole, then cut as a file is.
        let mut text = Vec::new();
        io::stdin().lock().read_to_end(&mut text).context(
            "<stdin>: --engine timely reads standard input into memory (give the graph \
                 as a file to read it by ranges)",
        )?;
        grundy_timely::solve(text.into(), "<stdin>", &job, &cluster)?
    } else {
        let origin = args.file.display().to_string();
        // Opened here too, so that a missing file is named before any connection is made.
        File::open(&args.file).with_context(|| origin.clone())?;
        grundy_timely::solve(Input::File(args.file.clone()), &origin, &job, &cluster)?
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    write(&mut out, args, values, &part, cluster.process() == 0)?;
    out.flush()?;
    Ok(())
}

/// Writes this process's part: its rows (under the CSV header in process 0's), or with
/// `--summary` the counts of the whole graph, in process 0 only.
fn write<W: Write>(
    out: &mut W,
    args: &SolveArgs,
    values: grundy_timely::Values,
    part: &Part,
    first: bool,
) -> Result<()> {
    let summary = &part.summary;
    if args.summary {
        if !first {
            return Ok(());
        }
        match values {
            grundy_timely::Values::Grundy => {
                write_values_summary(out, summary.positions, summary.moves, summary.max_value)?;
                writeln!(out)?;
            }
            grundy_timely::Values::Outcome => {
                let play = if args.misere { "misère" } else { "normal" };
                let [w, l, d] = summary.counts;
                write_summary(out, summary.positions, summary.moves, play, (w, l, d))?;
            }
        }
        return Ok(());
    }
    if first {
        let columns: &[&str] = match values {
            grundy_timely::Values::Grundy => &["position", "value"],
            grundy_timely::Values::Outcome => &["position", "outcome", "remoteness", "best"],
        };
        write_header(out, args.format, columns)?;
    }
    for row in &part.rows {
        match &row.cell {
            Cell::Outcome {
                outcome,
                remoteness,
                best,
            } => write_outcome_row(
                out,
                args.format,
                row.node.as_label(),
                *outcome,
                *remoteness,
                best.as_ref().map(|b| b.as_label()),
            )?,
            Cell::Value(v) => write_value_row(out, args.format, row.node.as_label(), *v)?,
        }
    }
    Ok(())
}

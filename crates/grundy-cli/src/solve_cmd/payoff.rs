//! Output of payoff solving: value, remoteness and best move of every position.

use std::io::Write;

use anyhow::Result;
use grundy::graph::GameGraph;
use grundy::solve::{follow, LineEnd, PayoffSolution};
use serde::Serialize;

use super::grundy_values::label_width;
use super::{find_position, write_header, write_label, SolveArgs};
use crate::output::Format;

/// Writes the payoff solution: every position, or the start and its line.
pub fn write<W: Write>(
    out: &mut W,
    args: &SolveArgs,
    graph: &GameGraph,
    solved: &PayoffSolution,
) -> Result<()> {
    let positions: Vec<u32> = match &args.start {
        Some(start) => {
            let p = find_position(graph, start, "--start")?;
            let line = follow(p, |q| solved.best_move(q));
            if args.format == Format::Text {
                let labels: Vec<String> = line.positions.iter().map(|&q| graph.label(q)).collect();
                writeln!(out, "{}: payoff {}", graph.label(p), solved.value(p))?;
                writeln!(out, "principal line: {}", labels.join(" -> "))?;
                let how = match line.end {
                    LineEnd::Terminal => "the game ends",
                    LineEnd::Repeats => "play goes on forever",
                };
                writeln!(out, "  ({how})")?;
                return Ok(());
            }
            line.positions
        }
        None => (0..graph.position_count() as u32).collect(),
    };
    match args.format {
        Format::Text => {
            writeln!(
                out,
                "{}: payoffs (player 1 maximises, player 2 minimises{})",
                crate::output::graph_size(graph.position_count() as u64, graph.move_count() as u64),
                solved
                    .endless()
                    .map_or(String::new(), |e| format!("; endless play is worth {e}"))
            )?;
            if args.summary || positions.is_empty() {
                return Ok(());
            }
            let width = label_width(graph);
            writeln!(
                out,
                "{:width$}  {:>12}  remoteness  best",
                "position", "value"
            )?;
            for p in positions {
                writeln!(
                    out,
                    "{:width$}  {:>12}  {:>10}  {}",
                    graph.label(p),
                    solved.value(p),
                    solved.remoteness(p).map_or("-".into(), |r| r.to_string()),
                    solved.best_move(p).map_or("-".into(), |q| graph.label(q))
                )?;
            }
        }
        Format::Tsv | Format::Csv => {
            write_header(
                out,
                args.format,
                &["position", "value", "remoteness", "best"],
            )?;
            let s = args.format.separator();
            for p in positions {
                write_label(out, graph, p)?;
                write!(out, "{s}{}{s}", solved.value(p))?;
                match solved.remoteness(p) {
                    Some(r) => write!(out, "{r}{s}")?,
                    None => write!(out, "-{s}")?,
                }
                match solved.best_move(p) {
                    Some(q) => write_label(out, graph, q)?,
                    None => write!(out, "-")?,
                }
                writeln!(out)?;
            }
        }
        Format::Json => {
            let rows: Vec<PayoffJson> = positions
                .iter()
                .map(|&p| PayoffJson {
                    position: graph.label(p),
                    value: solved.value(p),
                    remoteness: solved.remoteness(p),
                    best: solved.best_move(p).map(|q| graph.label(q)),
                })
                .collect();
            serde_json::to_writer(&mut *out, &rows)?;
            writeln!(out)?;
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct PayoffJson {
    position: String,
    value: i64,
    remoteness: Option<u32>,
    best: Option<String>,
}

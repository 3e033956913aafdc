//! Output of Sprague–Grundy values, and of a sum of tokens decided by them.

use std::io::Write;

use anyhow::Result;
use grundy::graph::GameGraph;
use grundy::solve::{sum_of_tokens, GrundyValues, NimValue};
use grundy::Outcome;
use serde::Serialize;

use super::{find_position, write_label, Format, SolveArgs};

/// Writes the values of every position, or the answer for the tokens of `--tokens`.
pub fn write<W: Write>(
    out: &mut W,
    args: &SolveArgs,
    graph: &GameGraph,
    values: &GrundyValues,
) -> Result<()> {
    if let Some(tokens) = &args.tokens {
        let tokens: Vec<u32> = tokens
            .iter()
            .map(|t| find_position(graph, t, "--tokens"))
            .collect::<Result<_>>()?;
        return write_sum(out, args.format, graph, values, &tokens);
    }
    match args.format {
        Format::Text => {
            let infinite = (0..graph.position_count() as u32)
                .filter(|&p| values.finite(p).is_none())
                .count();
            write!(
                out,
                "{} positions, {} moves: Sprague-Grundy values",
                graph.position_count(),
                graph.move_count()
            )?;
            if let Some(top) = values.max_finite() {
                write!(out, " up to {top}")?;
            }
            if values.is_loopy() {
                write!(
                    out,
                    " (the graph has cycles; {infinite} positions of value inf)"
                )?;
            }
            writeln!(out)?;
            if args.summary || graph.position_count() == 0 {
                return Ok(());
            }
            let width = label_width(graph);
            writeln!(out, "{:width$}  value", "position")?;
            for p in 0..graph.position_count() as u32 {
                writeln!(out, "{:width$}  {}", graph.label(p), values.value(graph, p))?;
            }
        }
        Format::Tsv => {
            for p in 0..graph.position_count() as u32 {
                write_label(out, graph, p)?;
                match values.finite(p) {
                    Some(v) => writeln!(out, "\t{v}")?,
                    None => writeln!(out, "\t{}", values.value(graph, p))?,
                }
            }
        }
        Format::Json => {
            let rows: Vec<ValueJson> = (0..graph.position_count() as u32)
                .map(|p| ValueJson::new(graph, values, p))
                .collect();
            serde_json::to_writer(
                &mut *out,
                &AllValuesJson {
                    loopy: values.is_loopy(),
                    positions: rows,
                },
            )?;
            writeln!(out)?;
        }
    }
    Ok(())
}

/// The width of the label column of text tables.
pub fn label_width(graph: &GameGraph) -> usize {
    (0..graph.position_count() as u32)
        .map(|p| graph.labels().get(p).to_string().len())
        .max()
        .unwrap_or(0)
        .max(8)
}

fn write_sum<W: Write>(
    out: &mut W,
    format: Format,
    graph: &GameGraph,
    values: &GrundyValues,
    tokens: &[u32],
) -> Result<()> {
    let answer = sum_of_tokens(graph, values, tokens);
    let from_to = answer
        .winning_move
        .map(|(i, to)| (graph.label(tokens[i]), graph.label(to)));
    match format {
        Format::Text => {
            let parts: Vec<String> = tokens
                .iter()
                .map(|&p| format!("{} ({})", graph.label(p), values.value(graph, p)))
                .collect();
            writeln!(out, "tokens at {}", parts.join(", "))?;
            match answer.value {
                Some(v) => writeln!(out, "sum: value {v}, {}", answer.outcome)?,
                None => writeln!(out, "sum: {}", answer.outcome)?,
            }
            match (&from_to, answer.outcome) {
                (Some((from, to)), _) => {
                    writeln!(out, "winning move: the token at {from} to {to}")?
                }
                (None, Outcome::Loss) => {
                    writeln!(out, "every move leaves the opponent a winning sum")?
                }
                (None, _) => writeln!(
                    out,
                    "neither player can force a win: more than one token has value inf, or \
                     the finite part is not in the inf token's set"
                )?,
            }
        }
        Format::Tsv => {
            let (from, to) = from_to.unwrap_or(("-".into(), "-".into()));
            writeln!(out, "{}\t{from}\t{to}", answer.outcome)?;
        }
        Format::Json => {
            serde_json::to_writer(
                &mut *out,
                &SumJson {
                    tokens: tokens
                        .iter()
                        .map(|&p| ValueJson::new(graph, values, p))
                        .collect(),
                    outcome: answer.outcome,
                    value: answer.value,
                    winning_move: from_to.map(|(from, to)| MoveJson { from, to }),
                },
            )?;
            writeln!(out)?;
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct ValueJson {
    node: String,
    /// The finite value, or `"inf"`.
    value: serde_json::Value,
    /// For `inf`: the finite values among the options.
    #[serde(skip_serializing_if = "Option::is_none")]
    inf_set: Option<Vec<u32>>,
}

impl ValueJson {
    fn new(graph: &GameGraph, values: &GrundyValues, p: u32) -> ValueJson {
        let (value, inf_set) = match values.value(graph, p) {
            NimValue::Finite(v) => (v.into(), None),
            NimValue::Infinite(k) => ("inf".into(), Some(k)),
        };
        ValueJson {
            node: graph.label(p),
            value,
            inf_set,
        }
    }
}

#[derive(Serialize)]
struct AllValuesJson {
    loopy: bool,
    positions: Vec<ValueJson>,
}

#[derive(Serialize)]
struct MoveJson {
    from: String,
    to: String,
}

#[derive(Serialize)]
struct SumJson {
    tokens: Vec<ValueJson>,
    outcome: Outcome,
    value: Option<u32>,
    winning_move: Option<MoveJson>,
}

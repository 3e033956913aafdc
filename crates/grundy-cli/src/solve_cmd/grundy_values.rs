//! Output of Sprague–Grundy values, and of a sum of tokens decided by them.

use std::io::Write;

use anyhow::Result;
use grundy::graph::{GameGraph, Label};
use grundy::impartial::ending::{ending_sum, ending_values, EndingValues, LastMover};
use grundy::solve::{sum_of_tokens, GrundyValues, NimValue, SumAnswer};
use grundy::Outcome;
use serde::Serialize;

use super::{find_position, write_header, write_label, write_label_text, SolveArgs};
use crate::output::Format;

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
            write_values_summary(
                out,
                graph.position_count() as u64,
                graph.move_count() as u64,
                values.max_finite(),
            )?;
            if values.is_loopy() {
                let s = if infinite == 1 { "" } else { "s" };
                write!(
                    out,
                    " (the graph has cycles; {infinite} position{s} of value inf)"
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
        Format::Tsv | Format::Csv => {
            write_header(out, args.format, &["position", "value"])?;
            for p in 0..graph.position_count() as u32 {
                match values.finite(p) {
                    Some(v) => write_value_row(out, args.format, graph.labels().get(p), v)?,
                    None => {
                        write_label(out, graph, p)?;
                        // inf(K) holds commas: quoted in CSV.
                        match args.format {
                            Format::Csv => writeln!(out, ",\"{}\"", values.value(graph, p))?,
                            _ => writeln!(out, "\t{}", values.value(graph, p))?,
                        }
                    }
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

/// The first words of the text output of values: the sizes and the largest value (the caller
/// ends the line).
pub(crate) fn write_values_summary<W: Write>(
    out: &mut W,
    positions: u64,
    moves: u64,
    top: Option<u32>,
) -> std::io::Result<()> {
    write!(
        out,
        "{}: Sprague-Grundy values",
        crate::output::graph_size(positions, moves)
    )?;
    if let Some(top) = top {
        write!(out, " up to {top}")?;
    }
    Ok(())
}

/// One row `position value` of a finite value, whichever engine computed it.
pub(crate) fn write_value_row<W: Write>(
    out: &mut W,
    format: Format,
    node: Label<'_>,
    value: u32,
) -> std::io::Result<()> {
    write_label_text(out, node)?;
    writeln!(out, "{}{value}", format.separator())
}

/// Writes the answer for `--tokens` with `--ending`: a sum that ends with any component.
pub fn write_ending<W: Write>(
    out: &mut W,
    args: &SolveArgs,
    graph: &GameGraph,
    ending: super::Ending,
) -> Result<()> {
    let rule = match ending {
        super::Ending::LastMoverWins => LastMover::Wins,
        super::Ending::LastMoverLoses => LastMover::Loses,
    };
    let values = ending_values(graph, rule)?;
    let names = args.tokens.as_deref().unwrap_or_default();
    let tokens: Vec<u32> = names
        .iter()
        .map(|t| find_position(graph, t, "--tokens"))
        .collect::<Result<_>>()?;
    let Some(answer) = ending_sum(graph, &values, &tokens) else {
        anyhow::bail!("a token stands at a position without moves: the game is already over");
    };
    let described = tokens
        .iter()
        .map(|&p| {
            let text = if values.poisoned(p) {
                "poisoned".to_string()
            } else {
                values.value(p).to_string()
            };
            (text, ValueJson::ending(graph, &values, p))
        })
        .collect();
    write_answer(out, args.format, graph, &tokens, &answer, described, "")
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
    let described: Vec<(String, ValueJson)> = tokens
        .iter()
        .map(|&p| {
            (
                values.value(graph, p).to_string(),
                ValueJson::new(graph, values, p),
            )
        })
        .collect();
    let draw_reason = "neither player can force a win: more than one token has value inf, or \
                       the finite part is not in the inf token's set";
    write_answer(out, format, graph, tokens, &answer, described, draw_reason)
}

/// Writes the answer for a sum of tokens, each described by its value (text and JSON).
pub fn write_answer<W: Write>(
    out: &mut W,
    format: Format,
    graph: &GameGraph,
    tokens: &[u32],
    answer: &SumAnswer,
    described: Vec<(String, ValueJson)>,
    draw_reason: &str,
) -> Result<()> {
    let from_to = answer
        .winning_move
        .map(|(i, to)| (graph.label(tokens[i]), graph.label(to)));
    match format {
        Format::Text => {
            let parts: Vec<String> = tokens
                .iter()
                .zip(&described)
                .map(|(&p, (value, _))| format!("{} ({value})", graph.label(p)))
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
                (None, _) => writeln!(out, "{draw_reason}")?,
            }
        }
        Format::Tsv | Format::Csv => {
            write_header(out, format, &["outcome", "from", "to"])?;
            let (from, to) = from_to.unwrap_or(("-".into(), "-".into()));
            let s = format.separator();
            writeln!(out, "{}{s}{from}{s}{to}", answer.outcome)?;
        }
        Format::Json => {
            serde_json::to_writer(
                &mut *out,
                &SumJson {
                    tokens: described.into_iter().map(|(_, j)| j).collect(),
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

/// A token's value in JSON.
#[derive(Serialize)]
pub struct ValueJson {
    position: String,
    /// The finite value, or `"inf"`.
    value: serde_json::Value,
    /// For `inf`: the finite values among the options.
    #[serde(skip_serializing_if = "Option::is_none")]
    inf_set: Option<Vec<u32>>,
}

impl ValueJson {
    /// A token's value in a game that ends with any component: a number, or `"poisoned"`.
    pub fn ending(graph: &GameGraph, values: &EndingValues, p: u32) -> ValueJson {
        ValueJson {
            position: graph.label(p),
            value: if values.poisoned(p) {
                "poisoned".into()
            } else {
                values.value(p).into()
            },
            inf_set: None,
        }
    }

    fn new(graph: &GameGraph, values: &GrundyValues, p: u32) -> ValueJson {
        let (value, inf_set) = match values.value(graph, p) {
            NimValue::Finite(v) => (v.into(), None),
            NimValue::Infinite(k) => ("inf".into(), Some(k)),
        };
        ValueJson {
            position: graph.label(p),
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

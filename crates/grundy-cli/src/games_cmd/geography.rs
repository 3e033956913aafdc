//! `grundy geography FILE` and `grundy geography --grid FILE`: undirected vertex geography,
//! decided for every start at once by maximum matching.
//!
//! Without `--start`, every start is listed: its outcome and a winning first move (along the
//! maximum matching). For a graph, a table `vertex outcome move`; for a grid, a map of `W`
//! (win), `L` (loss) and `#` (blocked), and a map of arrows (`^ v < >`) for the moves. JSON:
//! `{"vertices": .., "edges": .., "matching_size": .., "method": .., "wins": .., "losses": ..,
//! "positions": [{"vertex": "a", "outcome": "win", "move": "b"}, ...]}`, and for a grid
//! `{"rows": .., "columns": .., "free_cells": .., ..., "outcomes": ["WL#", ...], "cells":
//! [{"cell": [1, 1], "outcome": "win", "move": {"to": [1, 2], "direction": "right"}}, ...]}`.
//!
//! With `--start`, the common answer for that start (every winning move), with
//! `matching_size`, `method` and `matched_move` after it.

use std::io::{self, Read, Write};

use anyhow::{anyhow, bail, Result};
use clap::Args;
use grundy::games::geography::{solve, Grid, UndirectedGraph};
use grundy::graph::text;
use grundy::graph::GameGraph;
use grundy::progress::NoProgress;
use grundy::Outcome;
use serde::Serialize;

/// Arguments of `grundy geography`.
#[derive(Debug, Args)]
pub struct GeographyArgs {
    /// The graph, in the position-graph format of `grundy solve`, each move `u v` read as an
    /// undirected edge (`-`: standard input).
    #[arg(
        value_name = "FILE",
        required_unless_present = "grid",
        conflicts_with = "grid"
    )]
    pub file: Option<String>,
    /// Read a grid instead: rows of `.` (a free cell) and `#` (a blocked cell); the token
    /// moves to a free cell that shares a side (`-`: standard input).
    #[arg(long, value_name = "FILE")]
    pub grid: Option<String>,
    /// Answer for one start, with every winning move: a vertex, or `ROW,COLUMN` on a grid
    /// (counted from 1, at the top left).
    #[arg(long, value_name = "START")]
    pub start: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads a whole file as text, or standard input for `-`; returns its name for messages too.
pub(super) fn read_text(path: &str) -> Result<(String, String)> {
    if path == "-" {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| anyhow!("<stdin>: {e}"))?;
        Ok(("<stdin>".into(), text))
    } else {
        let text = std::fs::read_to_string(path).map_err(|e| anyhow!("{path}: {e}"))?;
        Ok((path.into(), text))
    }
}

/// The name of an input in messages: the path, or `<stdin>` for `-`.
pub(super) fn origin(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// Reads a position graph (`-`: standard input) that must be a plain graph: edges only, no
/// attributes.
pub(super) fn read_plain_graph(path: &str) -> Result<GameGraph> {
    let graph = if path == "-" {
        text::read(io::stdin().lock(), "<stdin>", &NoProgress)
    } else {
        text::read_path(std::path::Path::new(path), &NoProgress)
    }
    // The error's text already names its cause: no chain of sources after it.
    .map_err(|e| anyhow!("{e}"))?;
    if graph.has_fixed_results() || graph.has_players() || graph.has_payoffs() {
        bail!(
            "{}: this game reads only the edges of the graph: remove the result=, player= \
             and payoff= attributes",
            origin(path)
        );
    }
    Ok(graph)
}

/// One start vertex in the JSON listing.
#[derive(Serialize)]
struct VertexEntry {
    vertex: String,
    outcome: Outcome,
    #[serde(rename = "move")]
    to: Option<String>,
}

/// One free cell in the JSON listing.
#[derive(Serialize)]
struct CellEntry {
    cell: (usize, usize),
    outcome: Outcome,
    #[serde(rename = "move")]
    to: Option<grundy::games::geography::GridMove>,
}

/// Runs `grundy geography`.
pub fn run(args: &GeographyArgs) -> Result<()> {
    match (&args.grid, &args.file) {
        (Some(path), _) => run_grid(path, args),
        (None, Some(path)) => run_graph(path, args),
        (None, None) => bail!("give a graph FILE or --grid FILE"),
    }
}

fn run_graph(path: &str, args: &GeographyArgs) -> Result<()> {
    let graph = UndirectedGraph::from_game_graph(&read_plain_graph(path)?);
    let solution = solve(&graph);
    let size = solution.matching().size();
    let method = solution.method();
    if let Some(start) = &args.start {
        let v = graph
            .index_of(start)
            .ok_or_else(|| anyhow!("--start {start}: no such vertex in {}", origin(path)))?;
        let matched = solution.winning_move(v).map(|t| graph.label(t));
        let extra = if args.json {
            vec![
                ("matching_size", size.into()),
                ("method", serde_json::to_value(method)?),
                ("matched_move", matched.into()),
            ]
        } else {
            let mut extra = vec![(
                "maximum matching",
                format!("{size} edges ({method})").into(),
            )];
            if let Some(t) = matched {
                extra.push(("move along the matching", format!("to {t}").into()));
            }
            extra
        };
        return super::emit(&solution.answer(&graph, v), &extra, args.json);
    }
    let n = graph.vertex_count() as u32;
    let (wins, losses) = solution.counts();
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.json {
        let positions: Vec<VertexEntry> = (0..n)
            .map(|v| VertexEntry {
                vertex: graph.label(v),
                outcome: solution.outcome(v),
                to: solution.winning_move(v).map(|t| graph.label(t)),
            })
            .collect();
        let object = serde_json::json!({
            "vertices": n,
            "edges": graph.edge_count(),
            "matching_size": size,
            "method": method,
            "wins": wins,
            "losses": losses,
            "positions": positions,
        });
        serde_json::to_writer(&mut out, &object)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{n} vertices, {} edges, maximum matching {size} ({method}): {wins} win, {losses} loss",
            graph.edge_count()
        )?;
        let labels: Vec<String> = (0..n).map(|v| graph.label(v)).collect();
        let width = labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        writeln!(out, "{:<width$}  outcome  move", "vertex")?;
        for (v, label) in labels.iter().enumerate() {
            let to = solution
                .winning_move(v as u32)
                .map_or("-", |t| labels[t as usize].as_str());
            writeln!(
                out,
                "{label:<width$}  {:<7}  {to}",
                solution.outcome(v as u32).as_str()
            )?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Reads `ROW,COLUMN`, each from 1.
fn parse_cell(text: &str) -> Result<(usize, usize)> {
    let bad = || {
        anyhow!(
            "--start {text}: expected a cell ROW,COLUMN (whole numbers from 1, the top left cell \
             is 1,1)"
        )
    };
    let (r, c) = text.split_once(',').ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r, c))
}

fn run_grid(path: &str, args: &GeographyArgs) -> Result<()> {
    let (origin, text) = read_text(path)?;
    let grid = Grid::parse(&text).map_err(|e| anyhow!("{origin}:{e}"))?;
    let graph = grid.graph();
    let solution = solve(&graph);
    let size = solution.matching().size();
    let method = solution.method();
    if let Some(start) = &args.start {
        let (row, column) = parse_cell(start)?;
        if row > grid.rows() || column > grid.columns() {
            bail!(
                "--start {start}: the cell is outside the {} x {} grid",
                grid.rows(),
                grid.columns()
            );
        }
        let v = grid
            .vertex(row, column)
            .ok_or_else(|| anyhow!("--start {start}: the cell is blocked"))?;
        let matched = solution.winning_move(v).map(|t| grid.grid_move(v, t));
        let extra = if args.json {
            vec![
                ("matching_size", size.into()),
                ("method", serde_json::to_value(method)?),
                ("matched_move", serde_json::to_value(matched)?),
            ]
        } else {
            let mut extra = vec![(
                "maximum matching",
                format!("{size} edges ({method})").into(),
            )];
            if let Some(m) = matched {
                extra.push(("move along the matching", m.to_string().into()));
            }
            extra
        };
        let answer = grundy::games::Answer::from_moves(
            None,
            solution
                .winning_moves(&graph, v)
                .into_iter()
                .map(|t| grid.grid_move(v, t))
                .collect(),
        );
        return super::emit(&answer, &extra, args.json);
    }
    let (wins, losses) = solution.counts();
    let mut outcomes = Vec::with_capacity(grid.rows());
    let mut arrows = Vec::with_capacity(grid.rows());
    for row in 1..=grid.rows() {
        let (mut o, mut a) = (String::new(), String::new());
        for column in 1..=grid.columns() {
            match grid.vertex(row, column) {
                None => {
                    o.push('#');
                    a.push('#');
                }
                Some(v) => match solution.winning_move(v) {
                    Some(t) => {
                        o.push('W');
                        a.push(grid.grid_move(v, t).direction.arrow());
                    }
                    None => {
                        o.push('L');
                        a.push('.');
                    }
                },
            }
        }
        outcomes.push(o);
        arrows.push(a);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.json {
        let cells: Vec<CellEntry> = (0..graph.vertex_count() as u32)
            .map(|v| CellEntry {
                cell: grid.cell(v),
                outcome: solution.outcome(v),
                to: solution.winning_move(v).map(|t| grid.grid_move(v, t)),
            })
            .collect();
        let object = serde_json::json!({
            "rows": grid.rows(),
            "columns": grid.columns(),
            "free_cells": grid.free_count(),
            "matching_size": size,
            "method": method,
            "wins": wins,
            "losses": losses,
            "outcomes": outcomes,
            "cells": cells,
        });
        serde_json::to_writer(&mut out, &object)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{} x {} grid, {} free cells, maximum matching {size} ({method}): {wins} win, \
             {losses} loss",
            grid.rows(),
            grid.columns(),
            grid.free_count()
        )?;
        writeln!(out, "outcome of each start (W: win, L: loss, #: blocked):")?;
        for line in &outcomes {
            writeln!(out, "{line}")?;
        }
        writeln!(out, "a winning first move (^ v < >; . from a loss):")?;
        for line in &arrows {
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(())
}

//! Output of the outcome solve: outcome, remoteness and best move of every position, and the
//! draw level of each drawn one (in the text and JSON outputs).

use std::io::{self, Write};

use anyhow::Result;
use grundy::graph::{GameGraph, Label};
use grundy::solve::{principal_line, DrawLevel, DrawLevels, Line, LineEnd, Solution};
use grundy::Outcome;
use serde::Serialize;

use super::{find_position, write_header, write_label_text, SolveArgs};
use crate::output::{write_json_line, Format};

/// Writes the solution in the chosen format: every position, or the start and its line; with
/// the draw levels where they are given.
pub fn write<W: Write>(
    out: &mut W,
    args: &SolveArgs,
    graph: &GameGraph,
    solution: &Solution,
    levels: Option<&DrawLevels>,
) -> Result<()> {
    let play = if args.misere { "misère" } else { "normal" };
    match &args.start {
        Some(start) => {
            let p = find_position(graph, start, "--start")?;
            let line = principal_line(solution, p);
            match args.format {
                Format::Text => write_start_text(out, graph, solution, levels, &line)?,
                Format::Tsv | Format::Csv => {
                    write_header(out, args.format, &COLUMNS)?;
                    for &q in &line.positions {
                        write_row(out, args.format, graph, solution, q)?;
                    }
                }
                Format::Json => {
                    write_json_line(out, &StartJson::new(graph, solution, levels, &line, play))?;
                }
            }
        }
        None => match args.format {
            Format::Text => write_text(out, graph, solution, levels, play, args.summary)?,
            Format::Tsv | Format::Csv => {
                write_header(out, args.format, &COLUMNS)?;
                for p in 0..graph.position_count() as u32 {
                    write_row(out, args.format, graph, solution, p)?;
                }
            }
            Format::Json => {
                serde_json::to_writer(&mut *out, &AllJson::new(graph, solution, levels, play))?;
                writeln!(out)?;
            }
        },
    }
    Ok(())
}

/// The columns of a row.
const COLUMNS: [&str; 4] = ["position", "outcome", "remoteness", "best"];

/// One row `position outcome remoteness best`, separated by tabs (TSV) or commas (CSV).
fn write_row<W: Write>(
    out: &mut W,
    format: Format,
    graph: &GameGraph,
    solution: &Solution,
    p: u32,
) -> io::Result<()> {
    let labels = graph.labels();
    write_outcome_row(
        out,
        format,
        labels.get(p),
        solution.outcome(p),
        solution.remoteness(p),
        solution.best_move(p).map(|q| labels.get(q)),
    )
}

/// One row from its parts: the same row whichever engine solved the position.
pub(crate) fn write_outcome_row<W: Write>(
    out: &mut W,
    format: Format,
    node: Label<'_>,
    outcome: Outcome,
    remoteness: Option<u32>,
    best: Option<Label<'_>>,
) -> io::Result<()> {
    let separator = format.separator().as_bytes();
    write_label_text(out, node)?;
    out.write_all(separator)?;
    out.write_all(outcome.as_str().as_bytes())?;
    out.write_all(separator)?;
    match remoteness {
        Some(r) => out.write_all(itoa::Buffer::new().format(r).as_bytes())?,
        None => out.write_all(b"-")?,
    }
    out.write_all(separator)?;
    match best {
        Some(q) => write_label_text(out, q)?,
        None => out.write_all(b"-")?,
    }
    out.write_all(b"\n")
}

/// The first line of the text output: the counts of each outcome.
pub(crate) fn write_summary<W: Write>(
    out: &mut W,
    positions: u64,
    moves: u64,
    play: &str,
    (w, l, d): (u64, u64, u64),
) -> io::Result<()> {
    writeln!(
        out,
        "{} ({play} play): {w} win, {l} loss, {d} draw",
        crate::output::graph_size(positions, moves)
    )
}

/// The table of every position; a column of draw levels where some position is a draw.
fn write_text<W: Write>(
    out: &mut W,
    graph: &GameGraph,
    solution: &Solution,
    levels: Option<&DrawLevels>,
    play: &str,
    summary_only: bool,
) -> io::Result<()> {
    let (w, l, d) = solution.counts();
    write_summary(
        out,
        graph.position_count() as u64,
        graph.move_count() as u64,
        play,
        (w as u64, l as u64, d as u64),
    )?;
    if summary_only || graph.position_count() == 0 {
        return Ok(());
    }
    let width = (0..graph.position_count() as u32)
        .map(|p| graph.labels().get(p).to_string().len())
        .max()
        .unwrap_or(0)
        .max(8);
    let levels = levels.filter(|_| d > 0);
    let level_head = if levels.is_some() { "  draw level" } else { "" };
    writeln!(
        out,
        "{:width$}  outcome  remoteness{level_head}  best",
        "position"
    )?;
    for p in 0..graph.position_count() as u32 {
        let remoteness = solution
            .remoteness(p)
            .map_or("-".to_string(), |r| r.to_string());
        let level = match levels {
            Some(levels) => format!(
                "  {:>10}",
                levels.level(p).map_or("-".to_string(), |l| l.to_string())
            ),
            None => String::new(),
        };
        let best = solution
            .best_move(p)
            .map_or("-".to_string(), |q| graph.label(q));
        writeln!(
            out,
            "{:width$}  {:7}  {:>10}{level}  {best}",
            graph.label(p),
            solution.outcome(p).as_str(),
            remoteness
        )?;
    }
    Ok(())
}

/// A position's result in words, with its draw level where it is a draw and one is known.
fn describe(outcome: Outcome, remoteness: Option<u32>, level: Option<DrawLevel>) -> String {
    let moves = |r: u32| {
        if r == 1 {
            "1 move".to_string()
        } else {
            format!("{r} moves")
        }
    };
    match (outcome, remoteness) {
        (Outcome::Win, Some(0)) => "win: the game ends here, won by the player to move".into(),
        (Outcome::Loss, Some(0)) => "loss: the game ends here, lost by the player to move".into(),
        (Outcome::Win, Some(r)) => format!("win: the player to move wins in {}", moves(r)),
        (Outcome::Loss, Some(r)) => {
            format!("loss: the player to move loses, after {}", moves(r))
        }
        _ => match level {
            Some(DrawLevel::Plies(k)) => format!(
                "draw: neither player can force a win (draw level {k}: played well, the \
                 opponent of the player to move first faces a losing move after {k} {})",
                if k == 1 { "ply" } else { "plies" }
            ),
            Some(DrawLevel::Pure) => "draw: neither player can force a win (a pure draw: \
                 the opponent of the player to move can always keep away from a losing move)"
                .into(),
            None => "draw: neither player can force a win".into(),
        },
    }
}

fn write_start_text<W: Write>(
    out: &mut W,
    graph: &GameGraph,
    solution: &Solution,
    levels: Option<&DrawLevels>,
    line: &Line,
) -> io::Result<()> {
    let p = line.positions[0];
    let level = levels.and_then(|l| l.level(p));
    writeln!(
        out,
        "{}: {}",
        graph.label(p),
        describe(solution.outcome(p), solution.remoteness(p), level)
    )?;
    let path: Vec<String> = line.positions.iter().map(|&q| graph.label(q)).collect();
    let last = *line.positions.last().expect("a line has its start");
    let end = match line.end {
        LineEnd::Terminal => format!(
            "the game ends at {}: {} for the player to move there",
            graph.label(last),
            solution.outcome(last)
        ),
        LineEnd::Repeats => format!("{} repeats: play goes on forever", graph.label(last)),
    };
    writeln!(out, "principal line: {}", path.join(" -> "))?;
    writeln!(out, "  ({end})")
}

#[derive(Serialize)]
struct RowJson {
    position: String,
    outcome: Outcome,
    remoteness: Option<u32>,
    /// For a draw: its draw level (a number of plies, or `"pure"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    draw_level: Option<DrawLevel>,
    best: Option<String>,
}

impl RowJson {
    fn new(graph: &GameGraph, solution: &Solution, levels: Option<&DrawLevels>, p: u32) -> RowJson {
        RowJson {
            position: graph.label(p),
            outcome: solution.outcome(p),
            remoteness: solution.remoteness(p),
            draw_level: levels.and_then(|l| l.level(p)),
            best: solution.best_move(p).map(|q| graph.label(q)),
        }
    }
}

#[derive(Serialize)]
struct Counts {
    win: usize,
    loss: usize,
    draw: usize,
}

#[derive(Serialize)]
struct AllJson {
    play: &'static str,
    positions: usize,
    moves: usize,
    counts: Counts,
    solution: Vec<RowJson>,
}

impl AllJson {
    fn new(
        graph: &GameGraph,
        solution: &Solution,
        levels: Option<&DrawLevels>,
        play: &'static str,
    ) -> AllJson {
        let (win, loss, draw) = solution.counts();
        AllJson {
            play,
            positions: graph.position_count(),
            moves: graph.move_count(),
            counts: Counts { win, loss, draw },
            solution: (0..graph.position_count() as u32)
                .map(|p| RowJson::new(graph, solution, levels, p))
                .collect(),
        }
    }
}

#[derive(Serialize)]
struct StartJson {
    play: &'static str,
    start: RowJson,
    line: Vec<String>,
    line_end: &'static str,
}

impl StartJson {
    fn new(
        graph: &GameGraph,
        solution: &Solution,
        levels: Option<&DrawLevels>,
        line: &Line,
        play: &'static str,
    ) -> StartJson {
        StartJson {
            play,
            start: RowJson::new(graph, solution, levels, line.positions[0]),
            line: line.positions.iter().map(|&q| graph.label(q)).collect(),
            line_end: match line.end {
                LineEnd::Terminal => "terminal",
                LineEnd::Repeats => "repeats",
            },
        }
    }
}

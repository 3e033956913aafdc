//! `grundy solve FILE`: outcome, remoteness and best move of every position of a graph.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use grundy::graph::{text, GameGraph, Labels};
use grundy::progress::Progress;
use grundy::solve::{
    principal_line, solve, Line, LineEnd, Preferences, Ranking, Solution, SolveOptions,
};
use grundy::Outcome;
use serde::Serialize;

use crate::progress::Bar;

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Readable text: a summary, then a table (or the start position and its line).
    Text,
    /// One line per position: `node outcome remoteness best`, tab-separated, `-` when empty.
    Tsv,
    /// A JSON document for programs.
    Json,
}

/// Arguments of `grundy solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The position graph: a file in grundy's text format, or `-` for standard input.
    pub file: PathBuf,
    /// Misère play: a player who cannot move wins (fixed results still take precedence).
    #[arg(long)]
    pub misere: bool,
    /// Player 1's ranking of the results from his side, best first, e.g. `draw,win,loss`.
    /// Player 2 ranks them in the opposite order. Tells the players apart: a graph without
    /// player attributes is solved with each position taken once with each player to move
    /// (labels `ID@1`, `ID@2`).
    #[arg(long, value_name = "RANKING")]
    pub prefer: Option<String>,
    /// Player 2's ranking from his side, best first; must be the opposite of --prefer (or
    /// stand alone, and then player 1's is its opposite).
    #[arg(long, value_name = "RANKING")]
    pub prefer2: Option<String>,
    /// Show only this position, with its principal line of play (ID@1 or ID@2 picks the
    /// player to move when the players are told apart; plain ID means player 1).
    #[arg(long, value_name = "ID")]
    pub start: Option<String>,
    /// Only the summary counts, not the table (text format).
    #[arg(long)]
    pub summary: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Runs `grundy solve`.
pub fn run(args: &SolveArgs) -> Result<()> {
    let preferences = preferences(args)?;
    let bar = Bar::new();
    let graph = read_graph(&args.file, &bar)?;
    // Telling the players apart on a graph that does not say who moves: each position with
    // each player to move.
    let graph = if preferences.is_some() && !graph.has_players() {
        graph.alternating()
    } else {
        graph
    };
    bar.step(&format!(
        "solving {} positions, {} moves",
        graph.position_count(),
        graph.move_count()
    ));
    let options = SolveOptions {
        misere: args.misere,
        preferences,
    };
    let solution = solve(&graph, &options)?;
    bar.finish();

    let stdout = io::stdout().lock();
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    let play = if args.misere { "misère" } else { "normal" };
    match &args.start {
        Some(start) => {
            let p = find_start(&graph, start)?;
            let line = principal_line(&solution, p);
            match args.format {
                Format::Text => write_start_text(&mut out, &graph, &solution, &line)?,
                Format::Tsv => {
                    for &q in &line.positions {
                        write_tsv_row(&mut out, &graph, &solution, q)?;
                    }
                }
                Format::Json => {
                    serde_json::to_writer_pretty(
                        &mut out,
                        &StartJson::new(&graph, &solution, &line, play),
                    )?;
                    writeln!(out)?;
                }
            }
        }
        None => match args.format {
            Format::Text => write_text(&mut out, &graph, &solution, play, args.summary)?,
            Format::Tsv => {
                for p in 0..graph.position_count() as u32 {
                    write_tsv_row(&mut out, &graph, &solution, p)?;
                }
            }
            Format::Json => {
                serde_json::to_writer(&mut out, &AllJson::new(&graph, &solution, play))?;
                writeln!(out)?;
            }
        },
    }
    out.flush()?;
    Ok(())
}

fn preferences(args: &SolveArgs) -> Result<Option<Preferences>> {
    let parse = |text: &Option<String>, flag: &str| -> Result<Option<Ranking>> {
        text.as_deref()
            .map(Ranking::parse)
            .transpose()
            .with_context(|| format!("in {flag}"))
    };
    let first = parse(&args.prefer, "--prefer")?;
    let second = parse(&args.prefer2, "--prefer2")?;
    Ok(match (first, second) {
        (None, None) => None,
        (None, Some(second)) => Some(Preferences::from_second(second)),
        (Some(first), second) => Some(Preferences::new(first, second)?),
    })
}

fn read_graph(path: &Path, bar: &Bar) -> Result<GameGraph> {
    let graph = if path.as_os_str() == "-" {
        bar.phase("reading", None);
        text::read(io::stdin().lock(), "<stdin>", bar)?
    } else {
        text::read_path(path, bar)?
    };
    Ok(graph)
}

fn find_start(graph: &GameGraph, start: &str) -> Result<u32> {
    if let Some(p) = graph.index_of(start) {
        return Ok(p);
    }
    // In a game made alternating by the solver, labels are `ID@1` and `ID@2`, and a plain id
    // means player 1 to move. An integer id is matched by value (`05` is `5`).
    let (id, player) = start.rsplit_once('@').unwrap_or((start, "1"));
    let id = match id.parse::<u32>() {
        Ok(v) if id.bytes().all(|b| b.is_ascii_digit()) => v.to_string(),
        _ => id.to_string(),
    };
    graph
        .index_of(&format!("{id}@{player}"))
        .with_context(|| format!("--start {start}: no such position in the graph"))
}

/// Writes a label fast: integers through itoa, names as they are.
fn write_label<W: Write>(out: &mut W, graph: &GameGraph, p: u32) -> io::Result<()> {
    match graph.labels() {
        Labels::Integers(ids) => {
            out.write_all(itoa::Buffer::new().format(ids[p as usize]).as_bytes())
        }
        Labels::Names(names) => out.write_all(names[p as usize].as_bytes()),
    }
}

fn write_tsv_row<W: Write>(
    out: &mut W,
    graph: &GameGraph,
    solution: &Solution,
    p: u32,
) -> io::Result<()> {
    write_label(out, graph, p)?;
    out.write_all(b"\t")?;
    out.write_all(solution.outcome(p).as_str().as_bytes())?;
    out.write_all(b"\t")?;
    match solution.remoteness(p) {
        Some(r) => out.write_all(itoa::Buffer::new().format(r).as_bytes())?,
        None => out.write_all(b"-")?,
    }
    out.write_all(b"\t")?;
    match solution.best_move(p) {
        Some(q) => write_label(out, graph, q)?,
        None => out.write_all(b"-")?,
    }
    out.write_all(b"\n")
}

fn write_text<W: Write>(
    out: &mut W,
    graph: &GameGraph,
    solution: &Solution,
    play: &str,
    summary_only: bool,
) -> io::Result<()> {
    let (w, l, d) = solution.counts();
    writeln!(
        out,
        "{} positions, {} moves ({play} play): {w} win, {l} loss, {d} draw",
        graph.position_count(),
        graph.move_count()
    )?;
    if summary_only || graph.position_count() == 0 {
        return Ok(());
    }
    let width = (0..graph.position_count() as u32)
        .map(|p| graph.labels().get(p).to_string().len())
        .max()
        .unwrap_or(0)
        .max(8);
    writeln!(out, "{:width$}  outcome  remoteness  best", "position")?;
    for p in 0..graph.position_count() as u32 {
        let remoteness = solution
            .remoteness(p)
            .map_or("-".to_string(), |r| r.to_string());
        let best = solution
            .best_move(p)
            .map_or("-".to_string(), |q| graph.label(q));
        writeln!(
            out,
            "{:width$}  {:7}  {:>10}  {best}",
            graph.label(p),
            solution.outcome(p).as_str(),
            remoteness
        )?;
    }
    Ok(())
}

fn describe(outcome: Outcome, remoteness: Option<u32>) -> String {
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
        _ => "draw: neither player can force a win".into(),
    }
}

fn write_start_text<W: Write>(
    out: &mut W,
    graph: &GameGraph,
    solution: &Solution,
    line: &Line,
) -> io::Result<()> {
    let p = line.positions[0];
    writeln!(
        out,
        "{}: {}",
        graph.label(p),
        describe(solution.outcome(p), solution.remoteness(p))
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
    node: String,
    outcome: Outcome,
    remoteness: Option<u32>,
    best: Option<String>,
}

impl RowJson {
    fn new(graph: &GameGraph, solution: &Solution, p: u32) -> RowJson {
        RowJson {
            node: graph.label(p),
            outcome: solution.outcome(p),
            remoteness: solution.remoteness(p),
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
    fn new(graph: &GameGraph, solution: &Solution, play: &'static str) -> AllJson {
        let (win, loss, draw) = solution.counts();
        AllJson {
            play,
            positions: graph.position_count(),
            moves: graph.move_count(),
            counts: Counts { win, loss, draw },
            solution: (0..graph.position_count() as u32)
                .map(|p| RowJson::new(graph, solution, p))
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
    fn new(graph: &GameGraph, solution: &Solution, line: &Line, play: &'static str) -> StartJson {
        StartJson {
            play,
            start: RowJson::new(graph, solution, line.positions[0]),
            line: line.positions.iter().map(|&q| graph.label(q)).collect(),
            line_end: match line.end {
                LineEnd::Terminal => "terminal",
                LineEnd::Repeats => "repeats",
            },
        }
    }
}

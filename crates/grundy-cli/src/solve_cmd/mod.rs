//! `grundy solve FILE`: solve every position of a position graph.
//!
//! What is computed is chosen with `--values`: outcomes (win / loss / draw, remoteness, best
//! move), Sprague–Grundy values (with `--tokens` for a sum of tokens), or payoffs.

#[cfg(feature = "timely")]
mod dataflow;
mod grundy_values;
mod outcome;
mod payoff;

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use grundy::graph::{text, GameGraph, Label};
use grundy::progress::Progress;
use grundy::solve::{draw_levels, solve, Preferences, Ranking, SolveError, SolveOptions};

use crate::engine_args::EngineArgs;
use crate::output::Format;
use crate::progress::Bar;

/// What to compute for each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Values {
    /// Win / loss / draw for the player to move, remoteness and a best move.
    Outcome,
    /// Sprague–Grundy values; on graphs with cycles loopy values `inf(K)`.
    Grundy,
    /// Minimax payoffs from `payoff=N` attributes: player 1 maximises, player 2 minimises.
    Payoff,
}

/// How a sum of tokens ends, for `--ending`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Ending {
    /// The player whose move ends a token's game wins.
    LastMoverWins,
    /// The player whose move ends a token's game loses.
    LastMoverLoses,
}

/// Arguments of `grundy solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The position graph: a file in grundy's text format, or `-` for standard input.
    pub file: PathBuf,
    /// What to compute [default: outcome; grundy with --tokens].
    #[arg(long, value_enum)]
    pub values: Option<Values>,
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
    /// Tokens on the graph, comma-separated ids (repeats allowed): the outcome of their sum
    /// (one token moved per turn) and a winning move, from Sprague–Grundy values.
    #[arg(long, value_name = "IDS", value_delimiter = ',')]
    pub tokens: Option<Vec<String>>,
    /// With --tokens: the sum ends as soon as any token reaches a position without moves, and
    /// the player who made that move wins (`last-mover-wins`) or loses (`last-mover-loses`).
    #[arg(long, value_enum, requires = "tokens")]
    pub ending: Option<Ending>,
    /// The payoff of endless play, for --values payoff on graphs with cycles.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub infinite_payoff: Option<i64>,
    /// Show only this position, with its principal line of play (ID@1 or ID@2 picks the
    /// player to move when the players are told apart; plain ID means player 1).
    #[arg(long, value_name = "ID")]
    pub start: Option<String>,
    /// Only the summary counts, not the table (text format).
    #[arg(long)]
    pub summary: bool,
    /// The engine and, with timely dataflow, its workers and processes.
    #[command(flatten)]
    pub cluster: EngineArgs,
    /// Threads for solving large graphs [default: all cores, or RAYON_NUM_THREADS]. The
    /// results are the same whatever the number; graphs of fewer than about 30,000 moves are
    /// solved on one thread anyway.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// The output format, from the global options (text; tsv and csv: one row a position,
    /// `position outcome remoteness best`, `position value` or `position value remoteness
    /// best`, csv under a header; json).
    #[arg(skip = Format::Text)]
    pub format: Format,
}

/// Runs `grundy solve`, in a pool of `--threads` threads if given.
pub fn run(args: &SolveArgs) -> Result<()> {
    match args.threads {
        None => solve_with(args),
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads.into())
            .build()
            .context("cannot start the threads asked for by --threads")?
            .install(|| solve_with(args)),
    }
}

/// Runs `grundy solve` in the current thread pool.
fn solve_with(args: &SolveArgs) -> Result<()> {
    let values = match (args.values, &args.tokens) {
        (Some(v), Some(_)) if v != Values::Grundy => {
            bail!("--tokens goes with --values grundy: sums of tokens are decided by nim values")
        }
        (_, Some(_)) => Values::Grundy,
        (v, None) => v.unwrap_or(Values::Outcome),
    };
    check_flags(args, values)?;
    if args.cluster.timely()? {
        #[cfg(feature = "timely")]
        return dataflow::run(args, values);
    }
    let preferences = preferences(args)?;
    let bar = Bar::new();
    let graph = read_graph(&args.file, &bar)?;
    // Preferences and payoffs tell the players apart.
    let graph = if preferences.is_some() || values == Values::Payoff {
        graph.with_player_to_move()
    } else {
        graph
    };
    bar.step(&format!(
        "solving {}",
        crate::output::graph_size(graph.position_count() as u64, graph.move_count() as u64)
    ));
    let stdout = io::stdout().lock();
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    match values {
        Values::Outcome => {
            let options = SolveOptions {
                misere: args.misere,
                preferences,
            };
            let usual = options.preferences.is_none();
            let solution = solve(&graph, &options)?;
            // Draw levels read the usual ranking (win > draw > loss), and only draws have one.
            let levels = match solution.counts().2 {
                d if d > 0 && usual && !args.summary => Some(draw_levels(
                    &graph,
                    &solution,
                    &grundy::budget::Budget::default(),
                )?),
                _ => None,
            };
            bar.finish();
            outcome::write(&mut out, args, &graph, &solution, levels.as_ref())?;
        }
        Values::Grundy => match args.ending {
            Some(ending) => {
                bar.finish();
                grundy_values::write_ending(&mut out, args, &graph, ending)?;
            }
            None => {
                let solved = grundy::solve::grundy_values(&graph)?;
                bar.finish();
                grundy_values::write(&mut out, args, &graph, &solved)?;
            }
        },
        Values::Payoff => {
            let solved = grundy::solve::solve_payoffs(&graph, args.infinite_payoff).map_err(
                |e| match e {
                    SolveError::Cycle { .. } => anyhow::anyhow!("{e} with --infinite-payoff N"),
                    e => e.into(),
                },
            )?;
            bar.finish();
            payoff::write(&mut out, args, &graph, &solved)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Refuses combinations of flags that mean nothing together, saying why.
fn check_flags(args: &SolveArgs, values: Values) -> Result<()> {
    let prefs = args.prefer.is_some() || args.prefer2.is_some();
    match values {
        _ if args.ending.is_some() && args.misere => {
            bail!("--ending says who wins when a token's game ends; --misere does not apply to it")
        }
        Values::Grundy if args.misere => bail!(
            "--values grundy is for normal play: misère sums are not decided by Sprague–Grundy \
             values (solve the misère game's graph with --misere instead)"
        ),
        Values::Grundy | Values::Payoff if prefs => {
            bail!("--prefer applies to outcomes (--values outcome), not to values")
        }
        Values::Payoff if args.misere => {
            bail!("--misere does not apply to payoffs: the payoff attributes say what each end is worth")
        }
        Values::Grundy if args.start.is_some() => {
            bail!("--start applies to outcomes and payoffs; for values use --tokens ID")
        }
        _ if args.infinite_payoff.is_some() && values != Values::Payoff => {
            bail!("--infinite-payoff goes with --values payoff")
        }
        _ => Ok(()),
    }
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

/// The position an option names (see [`GameGraph::find_position`]).
pub(crate) fn find_position(graph: &GameGraph, start: &str, flag: &str) -> Result<u32> {
    graph.find_position(start).with_context(|| {
        // `ID@1` and `ID@2` exist only where each position is solved with each player to move.
        let hint = match start.rsplit_once('@') {
            Some((id, "1" | "2")) if graph.find_position(id).is_some() => format!(
                " ({id}@1 and {id}@2 name {id} with a player to move only with --prefer or \
                 --values payoff; here write {id})"
            ),
            _ => String::new(),
        };
        format!("{flag} {start}: no such position in the graph{hint}")
    })
}

/// Writes the header line of a CSV table (nothing for other formats).
pub(crate) fn write_header<W: Write>(
    out: &mut W,
    format: Format,
    columns: &[&str],
) -> io::Result<()> {
    if format == Format::Csv {
        writeln!(out, "{}", columns.join(","))?;
    }
    Ok(())
}

/// Writes the label of position `p` (see [`write_label_text`]).
pub(crate) fn write_label<W: Write>(out: &mut W, graph: &GameGraph, p: u32) -> io::Result<()> {
    write_label_text(out, graph.labels().get(p))
}

/// Writes a label fast: integers through itoa, names as they are.
pub(crate) fn write_label_text<W: Write>(out: &mut W, label: Label<'_>) -> io::Result<()> {
    match label {
        Label::Integer(id) => out.write_all(itoa::Buffer::new().format(id).as_bytes()),
        Label::Name(name) => out.write_all(name.as_bytes()),
    }
}

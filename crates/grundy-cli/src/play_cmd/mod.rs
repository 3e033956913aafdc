//! `grundy play`: a game against the engine, or two people with hints, line by line on
//! standard input and output (so that it can be scripted through a pipe); colours only when
//! the game is written to a terminal. With `--format json` the game is written on standard
//! error and its transcript, in JSON, on standard output.

mod listing;
mod table;
mod transcript;

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use grundy::budget::Raise;
use grundy::graph::text::read_path;
use grundy::progress::NoProgress;
use grundy_catalogue::games::registry;
use grundy_catalogue::play::{Match, PlayError};

use crate::catalogue::shell_word;
use crate::output::Format;
use table::Table;

/// Who moves first against the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The engine moves first.
    Engine,
}

/// The arguments of `grundy play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game (listed below), unless --graph gives one.
    #[arg(required_unless_present = "graph", conflicts_with = "graph")]
    game: Option<String>,
    /// The start position: `3 4 5` (piles), `0110101` (coins), `20/5` (Fibonacci Nim),
    /// `...|...|... right` (a ruleset's board, then who moves); the game's start below when
    /// left out.
    #[arg(num_args = 0..)]
    position: Vec<String>,
    /// Play a position graph from a file (the format: docs/graphs.md).
    #[arg(long, value_name = "FILE")]
    graph: Option<String>,
    /// The graph's start position (its first position by default).
    #[arg(long, value_name = "NAME", requires = "graph")]
    start: Option<String>,
    /// Who moves first against the engine.
    #[arg(long, value_enum, default_value = "me")]
    first: First,
    /// Two people play each other, and the moves are listed with their outcomes at each turn.
    #[arg(long)]
    hints: bool,
    /// The most positions solved to play (the game is solved from its start position); a
    /// larger start of Nim, misère Nim, a subtraction game, Wythoff, Fibonacci or Staircase
    /// Nim is played by its formula instead.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    limit: usize,
    /// Play a board game from its strong solution in this folder (written by `grundy strong`
    /// for the same rules) rather than exploring it: for the games too large to explore
    /// (Quixo 4 × 4, Five Men's Morris, Dōbutsu Shōgi); each position is read when play
    /// reaches it.
    #[arg(long, value_name = "DIR", conflicts_with = "graph")]
    solved: Option<String>,
}

/// How play's budgets are raised: `--limit` sets the positions and, at 1 KiB a position,
/// the memory.
const RAISE: Raise = Raise {
    positions: "raise it with --limit N",
    memory: "start from a smaller position, or raise --limit N (1 KiB of memory a position)",
    time: "start from a smaller position",
};

/// The text after `grundy play --help`'s options: an example, then every game the registry
/// plays with the start it is played from when no position is given (quoted as a shell
/// needs), and how its parameters are written where it takes some; so that a game added to
/// the registry is listed here too.
pub fn after_help() -> String {
    let rows: Vec<(String, &str)> = registry::playables()
        .map(|game| {
            let start: Vec<String> = game.start().split_whitespace().map(shell_word).collect();
            let command = format!("{} {}", game.example(), start.join(" "));
            let syntax = if game.syntax() == game.example() {
                ""
            } else {
                game.syntax()
            };
            (command, syntax)
        })
        .collect();
    let width = (rows.iter())
        .filter(|(_, syntax)| !syntax.is_empty())
        .map(|(command, _)| command.len())
        .max()
        .unwrap_or(0);
    let mut text = String::from(
        "Example: grundy play nim 3 4 5 --first engine\n\n\
         Games, each with the start it is played from when no position is given, and how\n\
         its parameters are written where it takes some:\n",
    );
    for (command, syntax) in rows {
        let line = format!("  {command:<width$}  {syntax}");
        text += line.trim_end();
        text.push('\n');
    }
    text += "Or a position graph: --graph FILE --start NAME. See docs/playing.md.";
    text
}

/// Plays a game on standard input and output; with `--format json`, the game on standard
/// error and its transcript on standard output.
pub fn run(args: &PlayArgs, format: Format) -> Result<()> {
    let transcript = match format {
        Format::Text => false,
        Format::Json => true,
        Format::Tsv | Format::Csv => anyhow::bail!(
            "grundy play writes a game as text, or with --format json its transcript as JSON: \
             it has no table to write as tsv or csv"
        ),
    };
    let game = open(args)?;
    let engine = (!args.hints).then_some(match args.first {
        First::Me => 1,
        First::Engine => 0,
    });
    if !transcript {
        let stdout = io::stdout();
        return converse(stdout.lock(), stdout.is_terminal(), &game, engine).map(drop);
    }
    let stderr = io::stderr();
    let played = converse(stderr.lock(), stderr.is_terminal(), &game, engine)?;
    let mut out = io::stdout().lock();
    transcript::write(&mut out, &played, engine)?;
    out.flush()?;
    Ok(())
}

/// The game the arguments name, solved from its start (or set up to be played by its
/// formula).
fn open(args: &PlayArgs) -> Result<Match> {
    if let Some(path) = &args.graph {
        let graph = read_path(Path::new(path), &NoProgress).map_err(|e| anyhow!("{e}"))?;
        return Ok(Match::from_graph(path, graph, args.start.as_deref())?);
    }
    let Some(name) = &args.game else {
        anyhow::bail!("give a game, or --graph FILE");
    };
    let (playable, _) = registry::playable(name)?;
    let position = match args.position.is_empty() {
        false => args.position.join(" "),
        true => playable.start().to_string(),
    };
    let budget = registry::play_budget(args.limit).named(RAISE);
    let played = match &args.solved {
        Some(dir) => registry::play_solved(name, &position, Path::new(dir), &budget),
        None => registry::play_within(name, &position, &budget),
    };
    // A game too large to explore may be solved strongly once and played from its files.
    let family = name.split(':').next().unwrap_or(name);
    let strong = (args.solved.is_none())
        .then(|| registry::strong_families().find(|(f, _)| f.name() == family))
        .flatten()
        .map(|_| {
            format!(
                "; or solve it once with grundy strong {family} DIR (its options choose the \
                 variant) and play it with --solved DIR"
            )
        })
        .unwrap_or_default();
    played.map_err(|e| match e {
        PlayError::TooLarge { .. } | PlayError::StartTooLarge { .. } => {
            anyhow!("{e}, or raise --limit N{strong}")
        }
        other => other.into(),
    })
}

/// Plays `game` on standard input, writing it to `out` (in colour where `out` is a terminal
/// and `NO_COLOR` is not set), then the review; the lines read are echoed where standard
/// input is not a terminal, so that a game played through a pipe reads as a transcript.
fn converse<'a>(
    out: impl Write,
    terminal: bool,
    game: &'a Match,
    engine: Option<usize>,
) -> Result<table::Played<'a>> {
    let stdin = io::stdin();
    let mut table = Table {
        out,
        colour: terminal && std::env::var_os("NO_COLOR").is_none(),
        echo: !stdin.is_terminal(),
        engine,
    };
    let played = table.play(game, &mut stdin.lock())?;
    table.review(&played.session)?;
    Ok(played)
}

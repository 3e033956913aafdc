//! `grundy`: solve two-player games of perfect information from the command line.
//!
//! The binary is thin: it parses arguments, calls the `grundy` library and formats the answer.
//! The catalogue's commands are generated from the library's registry; the other commands
//! (solving graphs, nimbers, tables, shell support) are declared here. Errors go to stderr as
//! `grundy: error: ...` with exit code 2.

mod budget_cmd;
mod catalogue;
mod cgt_cmd;
mod engine_args;
mod help;
mod loopy_cmd;
mod merge_cmd;
mod nimber_cmd;
mod output;
mod play_cmd;
mod progress;
mod shell_cmd;
mod solve_cmd;
mod source;
mod strong_cmd;
mod table_cmd;
mod usage;

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::{ArgMatches, Command, FromArgMatches, Subcommand};
use grundy_catalogue::games::registry::{self, FAMILIES};

use output::Format;

/// The commands declared here; the catalogue's come from the registry.
#[derive(Debug, Subcommand)]
enum Tool {
    /// Solve every position of a game given as a position graph (the format: docs/graphs.md).
    Solve(solve_cmd::SolveArgs),
    /// Merge the parts a distributed solve (--engine timely) wrote, in process order, into
    /// one listing.
    Merge(merge_cmd::MergeArgs),
    /// Nimber arithmetic: nim sum, product, quotient, inverse, square root, power; nim
    /// products in bulk from standard input.
    Nimber(nimber_cmd::NimberArgs),
    /// Values of partizan games in CGSuite notation ({1|*}, ^, +-1, sums): canonical form,
    /// outcome, stops, mean, temperature, thermograph (SVG, PNG), comparisons, cooling.
    Cgt(cgt_cmd::CgtArgs),
    /// Loopy partizan games in CGSuite notation (on, over, {0|pass}, a{0|{1|a}}): stoppers,
    /// their simplest forms, stops, degrees, varieties and order; the onside and offside of
    /// other games; who wins each way, draws included.
    Loopy(loopy_cmd::LoopyArgs),
    /// Tables of values or outcomes by n or (a, b), as text, CSV, JSON, PNG or SVG heatmaps.
    Table(table_cmd::TableArgs),
    /// Play a game against the engine, or two people with hints, in the terminal.
    Play(play_cmd::PlayArgs),
    /// Serve a web page to play the games, and its JSON API (127.0.0.1:8080 by default).
    Serve(ServeArgs),
    /// Shell completions (bash, zsh, fish, elvish, powershell) on standard output.
    Completions(shell_cmd::CompletionsArgs),
    /// The manual page (roff) on standard output: `grundy man > grundy.1`.
    Man,
}

/// The whole command line: the tools, then one command a family, with the output format's
/// options on each.
pub fn command() -> Command {
    let mut root = Tool::augment_subcommands(Command::new("grundy"))
        .version(env!("CARGO_PKG_VERSION"))
        .about("Solve two-player games: who wins, how fast, and with which move.")
        .subcommand_required(true)
        .arg_required_else_help(true);
    root = root.subcommand(strong_cmd::command());
    for &family in FAMILIES {
        root = root.subcommand(catalogue::command(family));
    }
    let names: Vec<String> = root
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        root = root.mut_subcommand(name, |s| s.args(Format::args()));
    }
    root = root.mut_subcommand("play", |s| s.after_help(play_cmd::after_help()));
    help::grouped(root)
}

/// Runs the command the arguments name.
fn dispatch(matches: &ArgMatches) -> Result<()> {
    let Some((name, sub)) = matches.subcommand() else {
        anyhow::bail!("no command given (see grundy --help)");
    };
    let format = Format::from_matches(sub)?;
    if let Some(family) = registry::family(name) {
        return catalogue::run(family, sub, format);
    }
    if name == "strong" {
        return strong_cmd::run(sub, format);
    }
    match Tool::from_arg_matches(matches)? {
        Tool::Solve(mut args) => {
            args.format = format;
            solve_cmd::run(&args)
        }
        Tool::Merge(args) => merge_cmd::run(&args),
        Tool::Nimber(args) => nimber_cmd::run(&args, format),
        Tool::Table(args) => table_cmd::run(&args, format),
        Tool::Cgt(args) => cgt_cmd::run(&args, format),
        Tool::Loopy(args) => loopy_cmd::run(&args, format),
        Tool::Play(args) => play_cmd::run(&args, format),
        Tool::Serve(args) => serve(&args),
        Tool::Completions(args) => shell_cmd::completions(&args, command()),
        Tool::Man => shell_cmd::man(command()),
    }
}

/// The arguments of `grundy serve`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Example: grundy serve --listen 0.0.0.0:8080 --timeout 30 (the page and /api/, \
                  see docs/playing.md)"
)]
struct ServeArgs {
    /// The address to listen on, or its port alone (`8081` is 127.0.0.1:8081; port 0 picks a
    /// free port).
    #[arg(
        long,
        visible_alias = "port",
        value_name = "ADDR",
        default_value = "127.0.0.1:8080",
        value_parser = listen_address
    )]
    listen: std::net::SocketAddr,
    /// The most positions a request's game may have (explored from its start, or a pasted
    /// graph) [default: 200000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_positions: Option<u32>,
    /// The most memory a request's work may hold (`512M`, `2G`), and the games kept solved
    /// in all [default: a share of the machine's memory a worker, at most 512M].
    #[arg(long, value_name = "SIZE")]
    memory: Option<String>,
    /// The most seconds a request may take (decimals allowed: 0.5, 10); past it the request
    /// is answered 503 and its work stopped [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = request_seconds)]
    timeout: Option<std::time::Duration>,
    /// How many requests are worked on at once [default: two a core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    workers: Option<u16>,
    /// How many requests may be in the server at once, worked on or waiting; beyond, a
    /// request is answered 503 [default: 16 a worker].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_requests: Option<u32>,
    /// Play a board game from its strong solution in a folder: `quixo:4=DIR` (the game as
    /// `grundy play` names it); may be given for several games. Each folder is checked when
    /// the server starts.
    #[arg(long, value_name = "GAME=DIR")]
    solved: Vec<String>,
}

/// A request's time: seconds, decimals allowed, more than 0 and at most a day.
fn request_seconds(text: &str) -> Result<std::time::Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0 && *s <= 86_400.0)
        .map(std::time::Duration::from_secs_f64)
        .ok_or_else(|| {
            format!("'{text}' is not a time for a request (expected seconds more than 0 and at most 86400, like 0.5 or 10)")
        })
}

/// An address to listen on: `HOST:PORT`, or a port alone on 127.0.0.1 (`--port 8081`).
fn listen_address(text: &str) -> Result<std::net::SocketAddr, String> {
    if let Ok(port) = text.parse::<u16>() {
        return Ok(std::net::SocketAddr::from(([127, 0, 0, 1], port)));
    }
    text.parse().map_err(|_| {
        format!("'{text}' is not an address like 127.0.0.1:8080, or a port from 0 to 65535")
    })
}

#[cfg(feature = "serve")]
impl ServeArgs {
    /// The server's limits: the defaults, with the options given.
    fn limits(&self) -> Result<grundy_web::Limits> {
        let mut limits = grundy_web::Limits::default();
        if let Some(n) = self.max_positions {
            limits.positions = n as usize;
        }
        if let Some(size) = &self.memory {
            let bytes = grundy::input::bytes("--memory", size)?;
            anyhow::ensure!(bytes > 0, "--memory: give more than 0 bytes");
            (limits.memory, limits.cache_bytes) = (bytes, bytes);
        }
        if let Some(time) = self.timeout {
            limits.timeout = time;
        }
        if let Some(n) = self.workers {
            limits = limits.with_workers(n.into());
        }
        if let Some(n) = self.max_requests {
            limits.requests = n as usize;
        }
        Ok(limits)
    }

    /// The strong solutions to play from, each checked: its folder holds a solution of the
    /// game's rules.
    fn solutions(&self) -> Result<grundy_web::Solutions> {
        let mut solutions = grundy_web::Solutions::default();
        for given in &self.solved {
            // A game's argument may hold `=` too (`teeko:3,pieces=3=DIR`): the folder is
            // after the first `=` whose rest is a folder, else after the first.
            let splits = given
                .match_indices('=')
                .map(|(i, _)| (&given[..i], &given[i + 1..]));
            let (game, dir) = (splits.clone())
                .find(|(_, dir)| std::path::Path::new(dir).is_dir())
                .or_else(|| splits.clone().next())
                .ok_or_else(|| {
                    anyhow::anyhow!("--solved {given}: give the game and the folder as GAME=DIR")
                })?;
            solutions
                .add(game, std::path::Path::new(dir))
                .map_err(|e| anyhow::anyhow!("--solved {given}: {e}"))?;
        }
        Ok(solutions)
    }
}

/// Serves the web page until the process is stopped.
#[cfg(feature = "serve")]
fn serve(args: &ServeArgs) -> Result<()> {
    grundy_web::serve_with(args.listen, args.limits()?, args.solutions()?, |addr| {
        // The page serves on whether or not anyone reads this line (stdout may be closed).
        let _ = writeln!(
            io::stdout(),
            "Serving the game page on http://{addr}/ (Ctrl-C to stop)"
        );
    })?;
    Ok(())
}

/// `grundy serve` in a binary built without the web page.
#[cfg(not(feature = "serve"))]
fn serve(_: &ServeArgs) -> Result<()> {
    anyhow::bail!(
        "this grundy was built without the web page (cargo feature `serve`): build it with \
         cargo build --release -p grundy-cli --features serve"
    )
}

/// Writes `grundy: error: MESSAGE`, and the hint on a line of its own when there is one, on
/// stderr; a stderr that cannot be written (closed, or a pipe whose reader has gone) changes
/// nothing. Returns exit code 2.
fn fail(message: &str, hint: Option<&str>) -> ExitCode {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "grundy: error: {message}");
    if let Some(hint) = hint {
        let _ = writeln!(err, "  {hint}");
    }
    ExitCode::from(2)
}

/// Ends a run that clap stopped: help and version on stdout with exit code 0, a usage error
/// as one line (and a hint) with exit code 2.
fn clap_exit(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // A closed stdout is the reader's choice, not an error.
            let _ = error.print();
            ExitCode::SUCCESS
        }
        _ => {
            let (message, hint) = usage::one_line(error, &command(), std::env::args_os());
            fail(&message, Some(&hint))
        }
    }
}

fn main() -> ExitCode {
    let matches = match command().try_get_matches() {
        Ok(matches) => matches,
        Err(error) => return clap_exit(&error),
    };
    match dispatch(&matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if let Some(error) = e.downcast_ref::<clap::Error>() {
                return clap_exit(error);
            }
            // A closed pipe (e.g. `grundy solve ... | head`) is not an error worth a message.
            let broken_pipe = e.chain().any(|cause| {
                cause
                    .downcast_ref::<io::Error>()
                    .map(io::Error::kind)
                    .or_else(|| {
                        cause
                            .downcast_ref::<serde_json::Error>()
                            .and_then(serde_json::Error::io_error_kind)
                    })
                    == Some(io::ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            fail(&format!("{e:#}"), None)
        }
    }
}
